/**
 * The page's table mode (issue 28): a game in play on a phone beside the table. Each side's
 * units come from a force (the one built, one kept in the browser, or a file), each with
 * boxes for its losses and the markers the rule set's part names; the turn record, a score
 * both sides keep where the rule set has one, and the tables of the rolls made most, odds
 * beside every number. Every tick is kept in the browser at once, per game; the sheet prints
 * as it stands. What the rule set shows comes from its part (TablePart) and its own lists.
 */
import type { KeptForce, Shelf } from './browser-shelf.js';
import { freeName, keptName, MovedOnError, type ShelfChange } from './browser-shelf.js';
import { mergeThreeWay } from './three-way-merge.js';
import { oneAtATime } from './one-at-a-time.js';
import { drawKeptList } from './kept-list.js';
import { el } from './kit/force-ui.js';
import { markReading, READING_FOOTNOTE } from '../doc/model.js';
import type { TablePart, TableUnit } from './kit/page-parts.js';
import type { PageRun } from './page-io.js';
import { pressLoss, newSide, newTableGame, setMark, setScore, setTurn, standing, unitsFromEntries, type SideAtTable, type TableGame } from './table-game.js';

export interface TableHost {
  run(argv: string[]): Promise<PageRun>;
  /** puts a file in the page's folder for one run, as the command line would find it there */
  withFile<T>(name: string, bytes: Uint8Array, work: () => Promise<T>): Promise<T>;
  /** the force built in the page's builder for this rule set: its file's bytes and name */
  builtForce(system: string): { bytes: Uint8Array; name: string } | undefined;
  keptForces(system: string): Promise<KeptForce[]>;
  shelf: Shelf<TableGame>;
  keptList: HTMLElement;
  systemName(id: string): string;
  /** "Burst of Fire · core rules (...) · muster 0.1.0" */
  sheetLine(system: string): string;
  /** the page turns to a rule set's table mode (a kept game opened) */
  openTable(system: string): Promise<void>;
  changed(): void;
}

/** For the browser test: the game as the page holds it, and how many times it was kept. */
export interface TableProbe {
  game: TableGame | undefined;
  saves: number;
  error: string;
}

/** One table of `muster tables <system> --format json`, as the page draws it. */
interface OddsTable {
  id: string;
  title: string;
  section?: string;
  columns: { label: string }[];
  rows: { text: string }[][][];
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const SIDE_KEYS = ['A', 'B'] as const;

/** A wide table of one row (the odds of a roll) reads down a phone, not across it. */
function oddsTable(table: OddsTable): HTMLElement {
  const text = (cell: { text: string }[]) => cell.map((run) => run.text).join('');
  const transpose = table.rows.length === 1 && table.columns.length > 6;
  const head = transpose ? [table.columns[0]!.label, text(table.rows[0]![0]!)] : table.columns.map((c) => c.label);
  const body = transpose ? table.columns.slice(1).map((c, i) => [c.label, text(table.rows[0]![i + 1]!)]) : table.rows.map((row) => row.map(text));
  return el(
    'details',
    { className: 'tb-odds' },
    el('summary', { textContent: table.title }),
    el(
      'table',
      {},
      el('thead', {}, el('tr', {}, ...head.map((h) => el('th', { textContent: h })))),
      el('tbody', {}, ...body.map((row) => el('tr', {}, ...row.map((cell) => el('td', { textContent: cell }))))),
    ),
  );
}

export class TablePanel {
  private system: string | undefined;
  private part: TablePart | undefined;
  private game: TableGame | undefined;
  /** the game as the browser last confirmed keeping it (its revision): what this tab's ticks are made on */
  private stored: TableGame | undefined;
  /** saves one at a time, each of the game as it then stands */
  private readonly inTurn = oneAtATime();
  private saves = 0;
  private error = '';
  /** each rule set's marker names (its token list) and odds tables, asked once */
  private readonly looked = new Map<string, { markers: Map<string, string>; odds: OddsTable[] }>();

  constructor(private readonly host: TableHost) {
    $('tb-start-button').addEventListener('click', () => void this.start());
    for (const side of SIDE_KEYS) $(`tb-force${side}`).addEventListener('change', () => this.shapeStart());
    $('tb-game').addEventListener('click', (event) => void this.pressed(event));
    $('tb-game').addEventListener('submit', (event) => {
      event.preventDefault();
      void this.addUnit(event.target as HTMLFormElement);
    });
    host.shelf.onChange((change) => void this.changedElsewhere(change));
    window.addEventListener('beforeunload', (event) => {
      // a game the browser did not keep is lost on leaving
      if (this.game && (this.error || !this.host.shelf.keeps)) event.preventDefault();
    });
    // the sheet prints every odds table, folded or not
    window.addEventListener('beforeprint', () => {
      for (const details of document.querySelectorAll<HTMLDetailsElement>('#tb-game details')) details.open = true;
    });
  }

  get probe(): TableProbe {
    return { game: this.game, saves: this.saves, error: this.error };
  }

  /** Shapes the panel for a rule set: its start form, and its game if one is open. */
  async open(system: string, part: TablePart): Promise<void> {
    if (this.system !== system) {
      this.system = system;
      this.part = part;
      this.game = undefined;
      $<HTMLInputElement>('tb-turns').value = part.turns === undefined ? '' : String(part.turns);
      $<HTMLInputElement>('tb-turns').placeholder = part.turns === undefined ? 'no set end' : String(part.turns);
      $('tb-score-box').hidden = !part.track;
      if (part.track) {
        $('tb-score-max-label').textContent = `${part.track.label} to win`;
        $<HTMLInputElement>('tb-score-max').value = String(part.track.max);
      }
    }
    await this.fillForceChoices();
    this.shapeStart();
    this.draw();
  }

  private async fillForceChoices(): Promise<void> {
    const system = this.system!;
    const kept = await this.host.keptForces(system).catch(() => []);
    const built = this.host.builtForce(system);
    for (const side of SIDE_KEYS) {
      const select = $<HTMLSelectElement>(`tb-force${side}`);
      const was = select.value;
      select.replaceChildren(
        new Option('none: add its units by name at the table', ''),
        ...(built ? [new Option(`the force you built (${built.name || 'unnamed'})`, 'built')] : []),
        ...kept.map((f) => new Option(`kept: ${f.name}`, `kept:${f.name}`)),
        new Option('a force file from this device', 'file'),
      );
      select.value = [...select.options].some((o) => o.value === was) ? was : '';
    }
  }

  private shapeStart(): void {
    for (const side of SIDE_KEYS) $(`tb-file${side}-box`).hidden = $<HTMLSelectElement>(`tb-force${side}`).value !== 'file';
  }

  private say(words: string, failed = false): void {
    const box = $('tb-messages');
    box.textContent = words;
    box.className = failed ? 'messages failed' : 'messages';
    box.hidden = words === '';
  }

  /** A side's force as the start form gives it: its file's text and name, or none. */
  private async forceOf(side: 'A' | 'B'): Promise<{ yaml: string; name: string } | undefined> {
    const system = this.system!;
    const from = $<HTMLSelectElement>(`tb-force${side}`).value;
    if (from === 'built') {
      const built = this.host.builtForce(system);
      return built ? { yaml: new TextDecoder().decode(built.bytes), name: built.name } : undefined;
    }
    if (from.startsWith('kept:')) {
      const kept = (await this.host.keptForces(system)).find((f) => f.name === from.slice('kept:'.length));
      return kept ? { yaml: kept.yaml, name: kept.name } : undefined;
    }
    if (from === 'file') {
      const file = $<HTMLInputElement>(`tb-file${side}`).files?.[0];
      if (!file) throw new Error(`choose ${side === 'A' ? "side A's" : "side B's"} force file, or another force for it`);
      return { yaml: await file.text(), name: file.name };
    }
    return undefined;
  }

  /** A force's units, as the command line's check reads the file. */
  private async unitsOf(yaml: string, name: string): Promise<{ units: TableUnit[]; words: string }> {
    const system = this.system!;
    const run = await this.host.withFile('table-force.yaml', new TextEncoder().encode(yaml), () => this.host.run(['check', system, '--force', 'table-force.yaml', '--format', 'json']));
    if (!run.stdout.trim().startsWith('{')) throw new Error(`${name} could not be read: ${run.stderr.trim().replace(/^muster: /, '')}`);
    const report = JSON.parse(run.stdout) as { name: string; points: number | null; entries: { where: string; name: string }[] };
    const units = this.part!.units ? this.part!.units(yaml, report.entries) : unitsFromEntries(report.entries);
    return { units, words: `${report.name || name}${report.points === null ? '' : `, ${report.points} points`}` };
  }

  private async start(): Promise<void> {
    const system = this.system!;
    try {
      const sides: SideAtTable[] = [];
      for (const side of SIDE_KEYS) {
        const name = $<HTMLInputElement>(`tb-name${side}`).value.replace(/\s+/g, ' ').trim() || `Side ${side}`;
        const force = await this.forceOf(side);
        const { units, words } = force ? await this.unitsOf(force.yaml, force.name) : { units: [], words: 'no force: units added at the table' };
        sides.push(newSide(name, words, units));
      }
      const turns = Number($<HTMLInputElement>('tb-turns').value || 0);
      const scoreMax = this.part!.track ? Number($<HTMLInputElement>('tb-score-max').value || this.part!.track.max) : 0;
      const asked = keptName($<HTMLInputElement>('tb-name').value || `${sides[0]!.name} vs ${sides[1]!.name}`, 'game');
      if ('refused' in asked) throw new Error(asked.refused);
      const taken = (await this.host.shelf.all().catch(() => [])).filter((g) => g.system === system).map((g) => g.name);
      this.game = newTableGame(freeName(asked.name, taken), system, { turns, scoreMax }, [sides[0]!, sides[1]!]);
      this.stored = undefined;
      this.say('');
      await this.keep();
      await this.showKept();
      this.draw();
      $('tb-game').scrollIntoView();
    } catch (error) {
      this.say(`The game was not set up: ${(error as Error).message}.`, true);
    }
    this.host.changed();
  }

  /** Keeps the game as it stands; the count of saves tells a test the browser has it. */
  private keep(): Promise<void> {
    return this.inTurn(() => this.keepNow());
  }

  /**
   * One save of the game as it stands, made on the copy last kept. Where another tab kept the
   * game meanwhile, the two tabs' ticks are put together (a loss ticked there and a marker
   * set here both stay) and kept; nothing either tab pressed is lost.
   */
  private async keepNow(): Promise<void> {
    for (let tries = 0; this.game && tries < 5; tries++) {
      const game = this.game;
      try {
        const kept = await this.host.shelf.put({ ...game, revision: this.stored?.revision });
        this.stored = kept;
        // a press made while the browser was saving stays this tab's, kept by the next save
        if (this.game === game) this.game = kept;
        this.error = this.host.shelf.keeps ? '' : NOT_KEPT_WORDS;
        break;
      } catch (error) {
        if (error instanceof MovedOnError && !this.stored) {
          // a new game whose name another tab took meanwhile: the next free name, never over that tab's game
          const taken = (await this.host.shelf.all().catch(() => [])).filter((g) => g.system === game.system).map((g) => g.name);
          this.game = { ...this.game, name: freeName(game.name, [...taken, game.name]) };
          continue;
        }
        if (error instanceof MovedOnError) {
          this.takeStored(error.stored as TableGame);
          continue;
        }
        this.error = `This browser did not keep the game (${(error as Error).message}): print the sheet to keep it on paper.`;
        break;
      }
    }
    this.saves++;
    this.draw();
    this.host.changed();
  }

  /** The game as another tab kept it, with this tab's presses not yet kept put on top. */
  private takeStored(theirs: TableGame): void {
    const mine = this.game!;
    const base = this.stored;
    this.game = base ? { ...mergeThreeWay(strip(base), strip(mine), strip(theirs)), revision: theirs.revision } : { ...mine, revision: theirs.revision };
    this.stored = theirs;
  }

  /** Another tab kept or removed a game: the list follows, and the game open here takes its ticks. */
  private async changedElsewhere(change: ShelfChange): Promise<void> {
    await this.showKept();
    const game = this.game;
    if (!game || game.system !== change.system || game.name !== change.name) return;
    await this.inTurn(async () => {
      const stored = await this.host.shelf.get(change.system, change.name).catch(() => undefined);
      if (!stored || !this.game || (stored.revision ?? 0) <= (this.stored?.revision ?? 0)) return;
      const unsaved = this.game !== this.stored;
      this.takeStored(stored);
      if (unsaved) await this.keepNow();
      else this.game = stored;
      this.draw();
      this.host.changed();
    });
  }

  private async change(next: TableGame): Promise<void> {
    if (next === this.game) return;
    this.game = next;
    this.draw();
    await this.keep();
    this.host.changed();
  }

  private async pressed(event: Event): Promise<void> {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-act]');
    const game = this.game;
    if (!button || !game) return;
    const d = button.dataset;
    const side = Number(d['side']) as 0 | 1;
    const unit = Number(d['unit']);
    switch (d['act']) {
      case 'loss':
        return this.change(pressLoss(game, side, unit, Number(d['box'])));
      case 'mark': {
        const now = game.sides[side].units[unit]?.marks[d['token']!] ?? 0;
        const counted = d['counted'] === 'yes';
        return this.change(setMark(game, side, unit, d['token']!, counted ? now + Number(d['delta']) : 1 - now, counted));
      }
      case 'turn':
        return this.change(setTurn(game, Number(d['turn'])));
      case 'score':
        return this.change(setScore(game, side, game.sides[side].score + Number(d['delta'])));
      case 'print':
        window.print();
        return;
      case 'new':
        this.game = undefined;
        this.draw();
        $('tb-start').scrollIntoView();
        this.host.changed();
        return;
    }
  }

  /** A unit added at the table by name (a side with no force, or one that came late). */
  private async addUnit(form: HTMLFormElement): Promise<void> {
    const game = this.game;
    if (!game) return;
    const side = Number(form.dataset['side']) as 0 | 1;
    const name = (form.elements.namedItem('unit') as HTMLInputElement).value.replace(/\s+/g, ' ').trim();
    const boxes = Number((form.elements.namedItem('boxes') as HTMLInputElement).value || 1);
    if (!name) return;
    const sides = [...game.sides] as [SideAtTable, SideAtTable];
    sides[side] = { ...sides[side], units: [...sides[side].units, ...newSide('', '', [{ name, boxes }]).units] };
    await this.change({ ...game, sides });
    // the form stays for the next unit: its name cleared, its count kept
    (form.elements.namedItem('unit') as HTMLInputElement).value = '';
    $<HTMLInputElement>(`tb-add-${side}-name`).focus();
  }

  /** The rule set's marker names and odds tables, from its own lists. */
  private async lookUp(system: string): Promise<{ markers: Map<string, string>; odds: OddsTable[] }> {
    let found = this.looked.get(system);
    if (!found) {
      const tokens = await this.host.run(['list', system, 'tokens', '--format', 'json']);
      const tables = await this.host.run(['tables', system, '--format', 'json']);
      const markers = new Map(tokens.code === 0 ? (JSON.parse(tokens.stdout) as { id: string; name: string }[]).map((t) => [t.id, t.name] as const) : []);
      const blocks = tables.code === 0 ? (JSON.parse(tables.stdout) as { sheets: { blocks: (OddsTable & { kind: string })[] }[] }).sheets.flatMap((s) => s.blocks) : [];
      const odds = this.part!.odds.flatMap((id) => blocks.filter((b) => b.kind === 'table' && b.id === id));
      found = { markers, odds };
      this.looked.set(system, found);
    }
    return found;
  }

  private draw(): void {
    const game = this.game;
    $('tb-start').hidden = game !== undefined;
    const box = $('tb-game');
    box.hidden = !game;
    if (!game) return box.replaceChildren();
    void this.lookUp(game.system).then((looked) => {
      if (this.game === game) this.drawGame(game, looked);
    });
  }

  /**
   * What a tick leaves as it was: the odds tables (folded or open as the player left them) and
   * each side's add-a-unit form (with what is typed in it), made once a game.
   */
  private still: { game: string; odds: HTMLElement[]; adds: HTMLFormElement[] } | undefined;

  private drawGame(game: TableGame, looked: { markers: Map<string, string>; odds: OddsTable[] }): void {
    const part = this.part!;
    const which = `${game.system}\u0000${game.name}`;
    if (this.still?.game !== which) this.still = { game: which, odds: looked.odds.map(oddsTable), adds: [] };
    const still = this.still;
    // the control pressed keeps the focus when the game is drawn again after it
    const pressed = document.activeElement instanceof HTMLButtonElement && document.activeElement.closest('#tb-game') ? actKey(document.activeElement) : undefined;
    const act = (props: Record<string, string>, text: string, label?: string) => {
      const b = el('button', { type: 'button', textContent: text });
      for (const [k, v] of Object.entries(props)) b.dataset[k] = v;
      if (label) b.setAttribute('aria-label', label);
      return b;
    };
    const turns =
      game.turns > 0
        ? el('div', { className: 'tb-turns' }, ...Array.from({ length: game.turns }, (_, i) => {
            const b = act({ act: 'turn', turn: String(i + 1) }, String(i + 1), `Turn ${i + 1}`);
            b.className = i + 1 < game.turn ? 'done' : i + 1 === game.turn ? 'now' : '';
            b.setAttribute('aria-pressed', String(i + 1 === game.turn));
            return b;
          }))
        : el('div', { className: 'tb-count' }, act({ act: 'turn', turn: String(game.turn - 1) }, '−', 'Turn back'), el('strong', { textContent: String(game.turn) }), act({ act: 'turn', turn: String(game.turn + 1) }, '+', 'Next turn'));
    const sideBox = (side: SideAtTable, s: 0 | 1) => {
      const left = standing(side);
      const score = game.scoreMax > 0 && part.track
        ? el('div', { className: 'tb-count' }, el('span', { textContent: `${part.track.label} (to ${game.scoreMax})` }), act({ act: 'score', side: String(s), delta: '-1' }, '−', `${side.name}: ${part.track.label} down`), el('strong', { id: `tb-score-${s}`, textContent: String(side.score) }), act({ act: 'score', side: String(s), delta: '1' }, '+', `${side.name}: ${part.track.label} up`))
        : '';
      const units = side.units.map((u, i) => {
        const losses = Array.from({ length: u.boxes }, (_, b) => {
          const button = act({ act: 'loss', side: String(s), unit: String(i), box: String(b + 1) }, b < u.lost ? '✕' : '', `${u.name}: ${part.lossesOf} ${b + 1} lost`);
          button.className = `tb-box${b < u.lost ? ' ticked' : ''}`;
          button.setAttribute('aria-pressed', String(b < u.lost));
          return button;
        });
        const marks = part.markers.map((m) => {
          const name = looked.markers.get(m.token) ?? m.token;
          const value = u.marks[m.token] ?? 0;
          if (m.counted) {
            return el('span', { className: 'tb-counted' }, el('span', { textContent: `${name} ` }), act({ act: 'mark', side: String(s), unit: String(i), token: m.token, counted: 'yes', delta: '-1' }, '−', `${u.name}: ${name} less`), el('strong', { textContent: String(value) }), act({ act: 'mark', side: String(s), unit: String(i), token: m.token, counted: 'yes', delta: '1' }, '+', `${u.name}: ${name} more`));
          }
          const b = act({ act: 'mark', side: String(s), unit: String(i), token: m.token }, name, `${u.name}: ${name}`);
          b.className = `tb-mark${value ? ' on' : ''}`;
          b.setAttribute('aria-pressed', String(value > 0));
          return b;
        });
        const li = el('li', { className: u.lost >= u.boxes ? 'gone' : '' }, el('span', { className: 'tb-unit', textContent: u.name }), el('span', { className: 'tb-losses' }, ...losses), el('span', { className: 'tb-marks' }, ...marks));
        return li;
      });
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
        el('p', { className: 'hint', textContent: `${side.force}. ${left.units} of ${side.units.length} units standing. Tick a box when its ${part.lossesOf} is lost; press a marker to set or clear it.` }),
        score,
        el('ul', { className: 'tb-units' }, ...units),
        add,
      );
    };
    $('tb-game').replaceChildren(
      el('h2', { textContent: game.name }),
      el('p', { className: 'tb-sheet-line', textContent: this.host.sheetLine(game.system) }),
      el('div', { className: 'tb-turn-row' }, el('span', { textContent: game.turns > 0 ? markReading(`Turn (of ${game.turns})`, `${game.system}/table-mode`) : 'Turn (no set end)' }), turns),
      ...game.sides.map((side, s) => sideBox(side, s as 0 | 1)),
      el('h3', { textContent: markReading('The rolls made most', `${game.system}/table-mode`) }),
      ...still.odds,
      el('p', { className: 'hint', textContent: `${READING_FOOTNOTE}: which markers and tables are shown here is muster's choice, as are the turns where no scenario sets them. Each table is the quick-reference sheet's, with its odds.` }),
      ...(this.error ? [el('p', { className: 'messages failed', textContent: this.error })] : []),
      el('div', { className: 'actions no-print' }, act({ act: 'print' }, 'Print this sheet as it stands'), act({ act: 'new' }, 'Set up another game')),
    );
    if (pressed) [...$('tb-game').querySelectorAll<HTMLButtonElement>('button[data-act]')].find((b) => actKey(b) === pressed)?.focus({ preventScroll: true });
  }

  // ---- kept games ----

  async showKept(): Promise<void> {
    drawKeptList(this.host.keptList, await this.host.shelf.all().catch(() => []), {
      prefix: 'kept-game',
      systemName: (id) => this.host.systemName(id),
      detail: (g) => (g.turns > 0 ? `turn ${g.turn} of ${g.turns}` : `turn ${g.turn}`),
      open: (g) => void this.openKept(g),
      remove: (g) => void this.removeKept(g),
    });
  }

  private async openKept(game: TableGame): Promise<void> {
    await this.host.openTable(game.system);
    this.game = game;
    this.stored = game;
    this.error = '';
    this.draw();
    $('tb-game').scrollIntoView();
    this.host.changed();
  }

  private async removeKept(game: TableGame): Promise<void> {
    try {
      await this.host.shelf.remove(game.system, game.name);
    } catch (error) {
      this.say(`“${game.name}” was not removed: ${(error as Error).message}.`, true);
      return;
    }
    if (this.game?.system === game.system && this.game.name === game.name) {
      this.game = undefined;
      this.stored = undefined;
      this.draw();
    }
    await this.showKept();
    this.host.changed();
  }
}

const NOT_KEPT_WORDS = 'This browser keeps nothing for this page: the game is gone when this tab closes or reloads. Print the sheet to keep it on paper.';

/** A game without the store's count of its saves: what two tabs' ticks are merged on. */
function strip(game: TableGame): TableGame {
  const { revision: _revision, ...rest } = game;
  return rest;
}

/** A control of the game by what it does (its data-act and the rest): the same after a redraw. */
function actKey(button: HTMLButtonElement): string | undefined {
  if (button.dataset['act'] === undefined) return undefined;
  return JSON.stringify(Object.entries(button.dataset).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
