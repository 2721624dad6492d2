/**
 * The table mode's sheet of a game as it stands: the packet it came from (scenario and
 * objectives), the turn record, each side's score and its rows, a row a card (models alike on one
 * card: a box each), and the odds tables. Drawn afresh after each press; what the player left
 * open or half typed is handed in (`SheetStill`) and put back as it was.
 */
import { el } from './kit/force-ui.js';
import { markReading, READING_FOOTNOTE } from '../doc/model.js';
import type { TablePart } from './kit/page-parts.js';
import { markCounted, scoreOf, standing, type SideAtTable, type TableGame, type UnitAtTable } from './table-game.js';

/**
 * What a press leaves as it was: the odds tables (folded or open), each side's add-a-unit form
 * (with what is typed in it), and the rows whose markers are unfolded, kept for one game.
 */
export interface SheetStill {
  game: string;
  odds: HTMLElement[];
  adds: HTMLFormElement[];
  /** rows whose markers are open, by side and row */
  open: Set<string>;
}

export interface SheetWords {
  /** "Burst of Fire · core rules (...) · muster 0.1.0" */
  sheetLine: string;
  /** the rule set's name, where it scores no losses */
  systemName: string;
  /** marker token id -> its name in the rule set's token list */
  markers: ReadonlyMap<string, string>;
  error: string;
}

/** A button that does something to the game: what it does in its data-act and the rest of its data. */
export function act(props: Record<string, string>, text: string, label?: string): HTMLButtonElement {
  const b = el('button', { type: 'button', textContent: text });
  for (const [k, v] of Object.entries(props)) b.dataset[k] = v;
  if (label) b.setAttribute('aria-label', label);
  return b;
}

/** What a box shows when not ticked: its card's caption where it is short (a model's number), else the number it ends in ("Squad 2"), else nothing. */
function boxText(caption: string | undefined): string {
  if (caption === undefined) return '';
  if (caption.length <= 3) return caption;
  return /(\d+)\)?$/.exec(caption)?.[1] ?? '';
}

/** "model" -> "models", "stand or model" -> "stands or models". */
const many = (what: string) => what.split(' or ').map((w) => `${w}s`).join(' or ');

function unitRow(game: TableGame, part: TablePart, words: SheetWords, still: SheetStill, s: 0 | 1, i: number, u: UnitAtTable): HTMLLIElement {
  const losses = Array.from({ length: u.boxes }, (_, b) => {
    const caption = u.captions?.[b];
    const ticked = b < u.lost;
    const button = act({ act: 'loss', side: String(s), unit: String(i), box: String(b + 1) }, ticked ? '✕' : boxText(caption), `${u.name}: ${part.lossesOf} ${caption ?? b + 1} lost`);
    button.className = `tb-box${ticked ? ' ticked' : ''}`;
    button.setAttribute('aria-pressed', String(ticked));
    return button;
  });
  const carried: string[] = [];
  const marks = part.markers.map((m) => {
    const name = words.markers.get(m.token) ?? m.token;
    const value = u.marks[m.token] ?? 0;
    if (markCounted(u, m.counted)) {
      if (value > 0) carried.push(`${value} ${name}`);
      return el(
        'span',
        { className: `tb-counted${value > 0 ? ' on' : ''}` },
        el('span', { textContent: `${name} ` }),
        act({ act: 'mark', side: String(s), unit: String(i), token: m.token, counted: 'yes', delta: '-1' }, '−', `${u.name}: ${name} less`),
        el('strong', { textContent: String(value) }),
        act({ act: 'mark', side: String(s), unit: String(i), token: m.token, counted: 'yes', delta: '1' }, '+', `${u.name}: ${name} more`),
      );
    }
    const b = act({ act: 'mark', side: String(s), unit: String(i), token: m.token }, name, `${u.name}: ${name}`);
    b.className = `tb-mark${value ? ' on' : ''}`;
    b.setAttribute('aria-pressed', String(value > 0));
    return b;
  });
  const head = el(
    'div',
    { className: 'tb-head' },
    el('span', { className: 'tb-unit', textContent: u.name }),
    el('span', { className: 'tb-left', textContent: [u.boxes > 1 ? `${u.boxes - u.lost} of ${u.boxes} left` : '', u.worth !== undefined && part.track ? `worth ${u.worth}${u.boxes > 1 ? ' each' : ''}` : ''].filter(Boolean).join(' · ') }),
  );
  const markBox = el('span', { className: 'tb-marks' }, ...marks);
  let markers: HTMLElement = markBox;
  if (u.apart) {
    // a card of several models: its markers count the models carrying each, folded under what they carry
    const key = `${s}/${i}`;
    const fold = el('details', { className: 'tb-marks-fold', open: still.open.has(key) }, el('summary', { textContent: carried.length > 0 ? `Markers: ${carried.join(', ')}` : 'Markers: none' }), markBox);
    fold.dataset['row'] = key;
    fold.addEventListener('toggle', () => (fold.open ? still.open.add(key) : still.open.delete(key)));
    markers = fold;
  }
  return el('li', { className: u.lost >= u.boxes ? 'gone' : '' }, head, el('span', { className: 'tb-losses' }, ...losses), markers);
}

function sideBox(game: TableGame, part: TablePart, words: SheetWords, still: SheetStill, side: SideAtTable, s: 0 | 1): HTMLElement {
  const left = standing(side);
  const total = side.units.reduce((n, u) => n + u.boxes, 0);
  const track = game.scoreMax > 0 && part.track;
  const score = track
    ? el(
        'div',
        { className: 'tb-count tb-score' },
        el('span', { textContent: `${track.label} (to ${game.scoreMax})` }),
        act({ act: 'score', side: String(s), delta: '-1' }, '−', `${side.name}: ${track.label} down`),
        el('strong', { id: `tb-score-${s}`, textContent: String(scoreOf(game, s)) }),
        act({ act: 'score', side: String(s), delta: '1' }, '+', `${side.name}: ${track.label} up`),
      )
    : '';
  const add = (still.adds[s] ??= el(
    'form',
    { className: 'tb-add no-print' },
    el('label', { htmlFor: `tb-add-${s}-name`, textContent: 'Add a unit' }),
    el('input', { id: `tb-add-${s}-name`, name: 'unit', type: 'text', autocomplete: 'off', maxLength: 80, placeholder: 'its name' }),
    el('label', { htmlFor: `tb-add-${s}-boxes`, textContent: `${part.lossesOf}s` }),
    el('input', { id: `tb-add-${s}-boxes`, name: 'boxes', type: 'number', min: '1', max: '500', value: '1' }),
    el('button', { type: 'submit', textContent: 'Add' }),
  ));
  add.dataset['side'] = String(s);
  return el(
    'section',
    { className: 'tb-side' },
    el('h3', { textContent: side.name }),
    el('p', { className: 'hint', textContent: `${side.force}. ${left.boxes} of ${total} ${total === 1 ? part.lossesOf : many(part.lossesOf)} standing. Tick a box when its ${part.lossesOf} is lost; press a marker to set or clear it.` }),
    score,
    el('ul', { className: 'tb-units' }, ...side.units.map((u, i) => unitRow(game, part, words, still, s, i, u))),
    add,
  );
}

/** The game's turn record: a button a turn where it has an end, else a count. */
function turnRecord(game: TableGame): HTMLElement {
  if (game.turns === 0) return el('div', { className: 'tb-count' }, act({ act: 'turn', turn: String(game.turn - 1) }, '−', 'Turn back'), el('strong', { textContent: String(game.turn) }), act({ act: 'turn', turn: String(game.turn + 1) }, '+', 'Next turn'));
  return el(
    'div',
    { className: 'tb-turns' },
    ...Array.from({ length: game.turns }, (_, i) => {
      const b = act({ act: 'turn', turn: String(i + 1) }, String(i + 1), `Turn ${i + 1}`);
      b.className = i + 1 < game.turn ? 'done' : i + 1 === game.turn ? 'now' : '';
      b.setAttribute('aria-pressed', String(i + 1 === game.turn));
      return b;
    }),
  );
}

/** How the score is kept, or that the rule set keeps none. */
function scoreWords(game: TableGame, part: TablePart, words: SheetWords): HTMLElement {
  if (part.track && game.scoreMax > 0) {
    return el('p', { className: 'hint', textContent: `${part.track.label}: a loss ticked adds its worth (what its card prints) to the other side's, and a loss ticked back takes it off again (§ ${part.track.section}); − and + correct it.` });
  }
  return el('p', { className: 'hint', textContent: part.track ? `No ${part.track.label} is kept in this game.` : `${words.systemName} keeps no score of losses, so none is kept here: the packet or the rules say how the game is won.` });
}

export function drawSheet(box: HTMLElement, game: TableGame, part: TablePart, words: SheetWords, still: SheetStill): void {
  const packet = game.packet
    ? [
        el('p', { className: 'tb-packet', textContent: `From the packet: ${game.packet.title}` }),
        ...(game.packet.objectives.length > 0 ? [el('ul', { className: 'tb-objectives' }, ...game.packet.objectives.map((o) => el('li', { textContent: o })))] : []),
        el('p', { className: 'hint tb-packet-command', textContent: `Rolled again by ${game.packet.command}` }),
      ]
    : [];
  box.replaceChildren(
    el('h2', { textContent: game.name }),
    el('p', { className: 'tb-sheet-line', textContent: words.sheetLine }),
    ...packet,
    el('div', { className: 'tb-turn-row' }, el('span', { textContent: game.turns > 0 ? markReading(`Turn (of ${game.turns})`, `${game.system}/table-mode`) : 'Turn (no set end)' }), turnRecord(game)),
    scoreWords(game, part, words),
    ...game.sides.map((side, s) => sideBox(game, part, words, still, side, s as 0 | 1)),
    el('h3', { textContent: markReading('The rolls made most', `${game.system}/table-mode`) }),
    ...still.odds,
    el('p', { className: 'hint', textContent: `${READING_FOOTNOTE}: which markers and tables are shown here is muster's choice, as are the turns where no scenario sets them. Each table is the quick-reference sheet's, with its odds.` }),
    ...(words.error ? [el('p', { className: 'messages failed', textContent: words.error })] : []),
    el('div', { className: 'actions no-print' }, act({ act: 'print' }, 'Print this sheet as it stands'), act({ act: 'new' }, 'Set up another game')),
  );
}
