/**
 * The page's table mode (issue 28): a game in play on a phone beside the table. A game is set
 * up from a packet rolled on the page or from its link (both forces, its turns and objectives,
 * nothing typed: table-packet.ts), or from each side's force (the one built, one kept in the
 * browser, or a file). Each side's rows are its cards, a box for each model, with the markers
 * the rule set's part names; the turn record, a score each side gains by the other's losses
 * where the rule set keeps one, and the tables of the rolls made most, odds beside every number.
 * Every tick is kept in the browser at once, per game; the sheet prints as it stands. What the
 * rule set shows comes from its part (TablePart) and its own lists.
 */
import type { KeptForce, Shelf } from './browser-shelf.js';
import { freeName, keptName, MovedOnError, type ShelfChange } from './browser-shelf.js';
import { mergeThreeWay } from './three-way-merge.js';
import { oneAtATime } from './one-at-a-time.js';
import { drawKeptList } from './kept-list.js';
import { el } from './kit/force-ui.js';
import type { TablePart } from './kit/page-parts.js';
import type { PageRun } from './page-io.js';
import { markCounted, newSide, newTableGame, pressLoss, scoreOf, setMark, setScore, setTurn, type SideAtTable, type TableGame } from './table-game.js';
import { drawSheet, type SheetStill } from './table-sheet.js';
import { sideAtTable, type SideForce } from './table-sides.js';
import { packetCommand, packetGame, type PacketAsked } from './table-packet.js';

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
  /** the packet a link holds (#/bof/scenario?...&seed=...) or a seed alone stands for (the rule set's two-player packet), or why it holds none */
  packetOfLink(link: string, system: string): PacketAsked | { refused: string };
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
    $('tb-from').addEventListener('change', () => this.shapeStart());
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
    // the sheet prints every odds table and every row's markers, folded or not; folded again after
    let folded: HTMLDetailsElement[] = [];
    window.addEventListener('beforeprint', () => {
      folded = [...document.querySelectorAll<HTMLDetailsElement>('#tb-game details')].filter((d) => !d.open);
      for (const details of folded) details.open = true;
    });
    window.addEventListener('afterprint', () => {
      for (const details of folded) details.open = false;
      folded = [];
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

  /** the last packet made on this page, which a game may be set up from */
  private lastPacket: PacketAsked | undefined;

  /** A packet was made on the page: the start form offers it (where its rule set's table reads packets). */
  packetMade(asked: PacketAsked | undefined): void {
    this.lastPacket = asked;
    // a packet just made is what the start form sets up from, until the player chooses otherwise
    this.offerLast = asked !== undefined;
    if (this.system) this.shapeStart();
  }

  private offerLast = false;

  /** "Play this game at the table": the table mode of the packet's rule set, its game set up from the packet. */
  async playPacket(asked: PacketAsked): Promise<void> {
    this.lastPacket = asked;
    await this.host.openTable(asked.system);
    this.game = undefined;
    this.draw();
    $<HTMLSelectElement>('tb-from').value = 'last';
    this.shapeStart();
    await this.start();
  }

  private shapeStart(): void {
    const select = $<HTMLSelectElement>('tb-from');
    const reads = this.part?.fromPacket !== undefined;
    const last = reads && this.lastPacket?.system === this.system ? this.lastPacket : undefined;
    const was = select.value;
    select.replaceChildren(
      new Option('the forces chosen here', ''),
      ...(last ? [new Option('the last packet made on this page', 'last')] : []),
      ...(reads ? [new Option("a packet's link or seed", 'link')] : []),
    );
    select.value = last && this.offerLast ? 'last' : [...select.options].some((o) => o.value === was) ? was : '';
    if (last) this.offerLast = false;
    $('tb-from-box').hidden = select.options.length < 2;
    const from = select.value;
    $('tb-link-box').hidden = from !== 'link';
    $('tb-packet-said').textContent = from === 'last' && last ? `The packet: ${packetCommand(last)}. Both forces, its turns and objectives come from it.` : from === 'link' ? "Paste a packet's link (the page's address when it made the packet, or \"a link to this packet\" under it): it carries the seed, the mode and the forces. A seed alone sets up the two-player packet of that seed." : '';
    $('tb-packet-said').hidden = from === '';
    for (const id of ['tb-forces-row', 'tb-turns-row']) $(id).hidden = from !== '';
    for (const side of SIDE_KEYS) $<HTMLInputElement>(`tb-name${side}`).placeholder = from === '' ? '' : 'as the packet names it';
    for (const side of SIDE_KEYS) $(`tb-file${side}-box`).hidden = from !== '' || $<HTMLSelectElement>(`tb-force${side}`).value !== 'file';
  }

  private say(words: string, failed = false): void {
    const box = $('tb-messages');
    box.textContent = words;
    box.className = failed ? 'messages failed' : 'messages';
    box.hidden = words === '';
  }

  /** A side's force as the start form gives it: its file's text and name, or none. */
  private async forceOf(side: 'A' | 'B'): Promise<SideForce> {
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

  /** The game the start form asks for: from a packet (the last made, or a link), or from the forces chosen. */
  private async setUp(names: [string, string]): Promise<{ sides: [SideAtTable, SideAtTable]; turns: number; scoreMax: number; packet?: TableGame['packet'] }> {
    const system = this.system!;
    const part = this.part!;
    const from = $<HTMLSelectElement>('tb-from').value;
    const defaultMax = part.track?.max ?? 0;
    if (from === 'last' || from === 'link') {
      const asked = from === 'last' ? this.lastPacket : this.host.packetOfLink($<HTMLInputElement>('tb-link').value, system);
      if (!asked) throw new Error('no packet was made on this page since it was opened');
      if ('refused' in asked) throw new Error(asked.refused);
      if (asked.system !== system) throw new Error(`that packet is of another rule set (${this.host.systemName(asked.system)}): choose that rule set's table`);
      const made = await packetGame(this.host, part, asked, names);
      return { sides: made.sides, turns: made.turns ?? part.turns ?? 0, scoreMax: part.track ? (made.scoreMax ?? defaultMax) : 0, packet: made.packet };
    }
    const sides: SideAtTable[] = [];
    for (const [i, side] of SIDE_KEYS.entries()) sides.push(await sideAtTable(this.host, system, part, names[i] || `Side ${side}`, await this.forceOf(side)));
    const turns = Number($<HTMLInputElement>('tb-turns').value || 0);
    const scoreMax = part.track ? Number($<HTMLInputElement>('tb-score-max').value || defaultMax) : 0;
    return { sides: [sides[0]!, sides[1]!], turns, scoreMax };
  }

  private async start(): Promise<void> {
    const system = this.system!;
    const button = $<HTMLButtonElement>('tb-start-button');
    button.disabled = true;
    this.say('Setting the game up…');
    try {
      const names = SIDE_KEYS.map((side) => $<HTMLInputElement>(`tb-name${side}`).value.replace(/\s+/g, ' ').trim()) as [string, string];
      const { sides, turns, scoreMax, packet } = await this.setUp(names);
      const asked = keptName($<HTMLInputElement>('tb-name').value || `${sides[0].name} vs ${sides[1].name}`, 'game');
      if ('refused' in asked) throw new Error(asked.refused);
      const taken = (await this.host.shelf.all().catch(() => [])).filter((g) => g.system === system).map((g) => g.name);
      this.game = newTableGame(freeName(asked.name, taken), system, { turns, scoreMax, ...(packet ? { packet } : {}) }, sides);
      this.stored = undefined;
      this.say('');
      await this.keep();
      await this.showKept();
      this.draw();
      $('tb-game').scrollIntoView();
    } catch (error) {
      this.say(`The game was not set up: ${(error as Error).message}.`, true);
    } finally {
      button.disabled = false;
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
        const row = game.sides[side].units[unit];
        if (!row) return;
        const token = d['token']!;
        const now = row.marks[token] ?? 0;
        const counted = markCounted(row, this.part?.markers.find((m) => m.token === token)?.counted);
        // a marker counted on a card of models alike: no more models carry it than the card has
        const most = this.part?.markers.find((m) => m.token === token)?.counted ? Infinity : row.boxes;
        return this.change(setMark(game, side, unit, token, counted ? Math.min(most, now + Number(d['delta'])) : 1 - now, counted));
      }
      case 'turn':
        return this.change(setTurn(game, Number(d['turn'])));
      case 'score':
        return this.change(setScore(game, side, scoreOf(game, side) + Number(d['delta'])));
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

  /** what a press leaves as it was (SheetStill), made once a game */
  private still: SheetStill | undefined;

  private drawGame(game: TableGame, looked: { markers: Map<string, string>; odds: OddsTable[] }): void {
    const which = `${game.system}\u0000${game.name}`;
    if (this.still?.game !== which) this.still = { game: which, odds: looked.odds.map(oddsTable), adds: [], open: new Set() };
    // the control pressed keeps the focus when the game is drawn again after it
    const pressed = document.activeElement instanceof HTMLButtonElement && document.activeElement.closest('#tb-game') ? actKey(document.activeElement) : undefined;
    drawSheet($('tb-game'), game, this.part!, { sheetLine: this.host.sheetLine(game.system), systemName: this.host.systemName(game.system), markers: looked.markers, error: this.error }, this.still);
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
