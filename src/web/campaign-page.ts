/**
 * Campaigns in the page (issue 17): the command line's `muster campaign <system> ...` run on a
 * copy of the state file held in the page's memory (/player/campaign.json). Every state a run
 * writes is kept in the browser with the ones before it (kept-campaigns.ts), so nothing is lost
 * to a reload and any earlier state can be gone back to; the player downloads the file as a
 * backup when reminded. A browser that keeps nothing falls back to a download after each
 * change. Each rule set's own fields are its page part's.
 */
import { pagePartsFor } from '../systems/page-registry.js';
import { optionArgv } from './form.js';
import { SIDES, type CampaignPart, type CommandOptions, type Named, type PageParts, type Side } from './kit/page-parts.js';
import type { Listed } from './kit/force-ui.js';
import { FORCE_FILE, forceFileTooLarge } from './kit/force-model.js';
import { PLAYER_FOLDER, type PageFiles } from './page-files.js';
import type { PageRun } from './page-io.js';
import { optionLabels, optionsAsControls } from './player-words.js';
import { freeName, keptName, MovedOnError, ShelfError, type Shelf, type ShelfChange } from './browser-shelf.js';
import { backTo, backupWords, campaignName, currentState, downloadedNow, newKeptCampaign, notDownloaded, withVersion, type KeptCampaign } from './kept-campaigns.js';
import { drawKeptList } from './kept-list.js';
import { oneAtATime } from './one-at-a-time.js';
import { el as make } from './kit/force-ui.js';

/** The state's name as the command line sees it (the page's folder is its working folder). */
export const STATE_FILE = 'campaign.json';
export const STATE_PATH = `${PLAYER_FOLDER}/${STATE_FILE}`;

export interface NewCampaign {
  /** the sides' names; with `players`, the sides' own names where typed (`Allies=...`) */
  names?: [string, string];
  /** more than one player a side: every player, side A's first, each by his name */
  players?: readonly { name: string; side: Side }[];
  /** a solo campaign: `--names` takes the player's name alone */
  solo?: boolean;
  /** the forces' files as the command line names them in the page's folder, side A's first (solo: the player's alone) */
  forces?: readonly string[];
  /** refuse a force that breaks its rules (only with a force) */
  strict?: boolean;
  seed?: string;
  /** the rule set's own options (its part's newOptions) */
  options?: CommandOptions;
}

const base = (system: string, action: string) => ['campaign', system, action, '--state', STATE_FILE];

/** A part's options as the command line takes them. */
function optionWords(options: CommandOptions): string[] {
  return options.flatMap(([name, value]) => (value === undefined ? [`--${name}`] : optionArgv(name, value)));
}

/** `campaign <system> new`: what is not given is left to the command line. */
export function newArgv(system: string, n: NewCampaign): string[] {
  const argv = base(system, 'new');
  const names = n.names?.map((s) => s.trim());
  if (n.players && !n.solo) {
    // "Allies=Anna,Ben:Axis=Carl,Dora": each side's own name where one was typed, then its players
    const side = (s: Side, i: number) => `${names?.[i] ? `${names[i]}=` : ''}${n.players!.filter((p) => p.side === s).map((p) => p.name.trim()).join(',')}`;
    argv.push(...optionArgv('names', `${side('a', 0)}:${side('b', 1)}`));
  } else if (n.solo) {
    if (names?.[0]) argv.push(...optionArgv('names', names[0]));
  } else if (names && (names[0] || names[1])) argv.push(...optionArgv('names', `${names[0] || 'Side A'},${names[1] || 'Side B'}`));
  const forces = n.forces ?? [];
  for (const file of forces) argv.push(...optionArgv('force', file));
  if (n.strict && forces.length > 0) argv.push('--strict');
  argv.push(...optionWords(n.options ?? []));
  if (n.seed?.trim()) argv.push(...optionArgv('seed', n.seed.trim()));
  return argv;
}

/** `campaign <system> record` with a part's options for the game. */
export const recordArgv = (system: string, options: CommandOptions) => [...base(system, 'record'), ...optionWords(options)];

/** `campaign <system> next`, with a part's options for it (a turn's assaults, where the rule set sets them at the print). */
export const nextArgv = (system: string, options: CommandOptions = []) => [...base(system, 'next'), ...optionWords(options)];

export const bookletArgv = (system: string) => base(system, 'booklet');

/** `campaign <system> undo`: takes back the last change (an undo's too, which puts its change back). */
export const undoArgv = (system: string) => base(system, 'undo');

/** `campaign <system> undo --to N`: back to just after change N of the file's history (0: before the first). */
export const undoToArgv = (system: string, to: number) => [...base(system, 'undo'), '--to', String(to)];

/** `campaign <system> history`: the changes the state file keeps. */
export const historyArgv = (system: string) => base(system, 'history');

/** One change the file keeps, as `history --format json` lists it: its number from 1 and its words. */
export interface FileChange {
  number: number;
  change: string;
}

/** The last change a campaign keeps, as `status --format json` names it; undefined where it keeps none. */
export function lastChange(json: Record<string, unknown>): string | undefined {
  const last = json['lastChange'] as { change?: unknown } | null | undefined;
  return typeof last?.change === 'string' ? last.change : undefined;
}

/** What a run did to the campaign: its words, and whether it wrote a new state. */
export interface Change {
  run: PageRun;
  changed: boolean;
}

/**
 * The campaign the page works on: a copy in the page's files, replaced by every state a run
 * writes. `unsaved` says the copy changed since it was last downloaded (or opened).
 */
export class PageCampaign {
  system: string | undefined;
  /** the name the download gets: the opened file's, or <system>-campaign.json */
  fileName = 'campaign.json';
  unsaved = false;

  constructor(
    private readonly files: PageFiles,
    private readonly run: (argv: string[]) => Promise<PageRun>,
  ) {}

  /** The state's bytes as the page holds them. */
  bytes(): Uint8Array | undefined {
    if (!this.files.has(STATE_PATH)) return undefined;
    return this.files.read(STATE_PATH, 1 << 20).bytes;
  }

  /** Takes the state a run wrote, if it wrote one. */
  take(run: PageRun): boolean {
    const state = run.code === 0 ? run.written.get(STATE_PATH) : undefined;
    if (!state) return false;
    this.files.add(STATE_PATH, state);
    this.unsaved = true;
    return true;
  }

  /** Runs a command on the campaign; a state it writes replaces the page's copy. */
  async change(argv: string[]): Promise<Change> {
    const run = await this.run(argv);
    return { run, changed: this.take(run) };
  }

  /**
   * A new campaign; the page's copy before it (if any) stays until the new one is made. The
   * forces' files (`uploads`, by the name the argv gives them) are in the page's folder for
   * this run alone: the campaign keeps each force by value, and a file of the same name there
   * before (the scenario form's) is put back.
   */
  async start(system: string, n: NewCampaign, uploads: ReadonlyMap<string, Uint8Array> = new Map()): Promise<Change> {
    const previous = this.bytes();
    if (previous) this.files.remove(STATE_PATH);
    const there = new Map<string, Uint8Array | undefined>();
    for (const [name, bytes] of uploads) {
      const at = `${PLAYER_FOLDER}/${name}`;
      there.set(at, this.files.has(at) ? this.files.read(at, Number.MAX_SAFE_INTEGER).bytes : undefined);
      this.files.add(at, bytes);
    }
    let done: Change;
    try {
      done = await this.change(newArgv(system, n));
    } finally {
      for (const [at, bytes] of there) {
        if (bytes) this.files.add(at, bytes);
        else this.files.remove(at);
      }
    }
    if (done.changed) {
      this.system = system;
      this.fileName = `${system}-campaign.json`;
    } else if (previous) this.files.add(STATE_PATH, previous);
    return done;
  }

  /** Opens a state file; refused (the command line's words) unless `status` reads it. */
  async open(system: string, name: string, bytes: Uint8Array): Promise<Change> {
    const previous = this.bytes();
    this.files.add(STATE_PATH, bytes);
    const run = await this.run([...base(system, 'status'), '--format', 'json']);
    if (run.code !== 0) {
      if (previous) this.files.add(STATE_PATH, previous);
      else this.files.remove(STATE_PATH);
      return { run, changed: false };
    }
    this.system = system;
    this.fileName = name.replace(/[^\w.-]+/g, '_') || 'campaign.json';
    this.unsaved = false;
    return { run, changed: true };
  }

  /** The changes the file itself keeps (from the command line or another page), oldest first. */
  async history(): Promise<FileChange[]> {
    if (!this.system || !this.bytes()) return [];
    const run = await this.run([...historyArgv(this.system), '--format', 'json']);
    if (run.code !== 0) return [];
    return (JSON.parse(run.stdout) as { changes: FileChange[] }).changes;
  }

  /** The status in the command line's words and as its JSON. */
  async status(): Promise<{ text: string; json: Record<string, unknown> } | undefined> {
    if (!this.system || !this.bytes()) return undefined;
    const words = await this.run(base(this.system, 'status'));
    const json = await this.run([...base(this.system, 'status'), '--format', 'json']);
    if (json.code !== 0) return undefined;
    return { text: words.stderr.trim(), json: JSON.parse(json.stdout) as Record<string, unknown> };
  }
}

/**
 * The command line's status in the page's words: its hints of what to type ("(next --assault
 * a:SQUARE ...)") left out, as the panel's controls stand below it, and any other option named
 * by its control.
 */
export function statusWords(text: string, label: (option: string) => string | undefined): string {
  return optionsAsControls(text.replace(/ \((?:new|record|next|undo|booklet|status)\b[^)]*\)/g, ''), label);
}

/** The name a campaign of several players a side is kept under: its sides' own names, or their players'. */
export function teamCampaignName(n: NewCampaign): string {
  const side = (s: Side, i: number) => n.names?.[i]?.trim() || n.players!.filter((p) => p.side === s).map((p) => p.name).join(', ');
  return `${side('a', 0)} vs ${side('b', 1)}`;
}

/** The `system` a state file says it belongs to, if it says. */
export function stateSystem(bytes: Uint8Array): string | undefined {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(bytes).replace(/^\uFEFF/, '')) as { system?: unknown };
    return typeof parsed.system === 'string' ? parsed.system : undefined;
  } catch {
    return undefined;
  }
}

// ---- the panel in the page ----------------------------------------------------------------

/** The force the page's builder holds for a rule set: its file in the page's folder, its name and points as `check` gave them. */
export interface BuiltForce {
  file: string;
  name: string;
  points: number | null;
}

/** What the panel borrows from the page. */
export interface CampaignHost {
  /** runs the command line in the page (with the house rules when they are in use) */
  run(argv: string[]): Promise<PageRun>;
  /** the argv as the page runs it, for the command line shown */
  shown(argv: string[]): string;
  save(bytes: Uint8Array, name: string, type: string): void;
  /** the army lists of a rule set, [] where it has none */
  lists(system: string): Promise<Named[]>;
  /** `muster list <system> ...args --format json`, [] where it lists nothing */
  list(system: string, args: readonly string[]): Promise<Listed[]>;
  /** the shared options the rule set's campaign takes, as `muster systems` lists them (`--force`, `--strict`, ...) */
  takes(system: string): readonly string[];
  /** how many players a side the rule set's campaign takes (1 where it takes one a side) */
  perSide(system: string): number;
  /** the force built in the page's builder for this rule set, if one is built */
  builtForce(system: string): BuiltForce | undefined;
  /** reads a file of the page's folder (the built force) */
  read(name: string): Uint8Array | undefined;
  /** the page turns to another rule set's campaign (a file of that rule set was opened) */
  switchSystem(system: string): Promise<void>;
  /** the command line under the form follows the panel */
  changed(): void;
  /** where campaigns are kept in the browser, and the first screen's list of them */
  shelf: Shelf<KeptCampaign>;
  keptList: HTMLElement;
  systemName(id: string): string;
}

/** For the browser test: the campaign as the page holds it. */
export interface CampaignProbe {
  code: number;
  stderr: string;
  status: string;
  state: string;
  unsaved: boolean;
  /** the name it is kept under in the browser, '' where it is not kept */
  kept: string;
  /** the states kept, the first of them its start or the file opened */
  versions: number;
  /** how many buttons' work the panel has finished: a test waits for the count to grow */
  acts: number;
}

/** Where a side's force comes from on the start form. */
type ForceFrom = '' | 'file' | 'built';

/** A force file chosen for a side: the name the command line is given, and its bytes. */
interface Upload {
  name: string;
  bytes: Uint8Array;
}

/**
 * The name a chosen force file gets in the page's folder, as the command line sees it: its own
 * name made one safe path segment, never the builder's file, and side B's never side A's.
 */
export function uploadName(side: Side, fileName: string, taken: readonly string[]): string {
  const safe = fileName.replace(/[^\w.-]+/g, '_') || 'force.yaml';
  return taken.includes(safe) ? `${side}-${safe}` : safe;
}

/** The name a player's chosen force file gets: its own, or with his place before it where another file has it. */
export function playerUploadName(index: number, fileName: string, taken: readonly string[]): string {
  const safe = fileName.replace(/[^\w.-]+/g, '_') || 'force.yaml';
  return taken.includes(safe) ? `p${index + 1}-${safe}` : safe;
}

/** A player's name left empty: his side's letter and his place on it ("A1", "B2"). */
export const playerPlaceholder = (side: Side, place: number) => `${side.toUpperCase()}${place + 1}`;

const el = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export class CampaignPanel {
  private readonly campaign: PageCampaign;
  private shownSystem: string | undefined;
  /** the shown rule set's fields (its page part) */
  private part: CampaignPart | undefined;
  /** each rule set's fields, made when it is first shown, kept with what was typed in them */
  private readonly parts = new Map<string, CampaignPart>();
  private names: Record<Side, string> = { a: 'Side A', b: 'Side B' };
  /** the force files chosen on the start form, by side */
  private readonly uploads: Record<Side, Upload | undefined> = { a: undefined, b: undefined };
  /** several players a side: the force files chosen for them, by their place among the players */
  private readonly playerUploads: (Upload | undefined)[] = [];
  /** the sides' players on the start form as their rows were last drawn */
  private drawnTeam = '';
  /** the last run's words and the state, as `refresh` found them */
  private snapshot: Omit<CampaignProbe, 'unsaved' | 'kept' | 'versions' | 'acts'> | undefined;
  /** a button's work is under way (a run, then keeping its state): the probe waits for its end */
  private busy = false;
  private acts = 0;
  /** the campaign as the browser keeps it, with its history */
  private kept: KeptCampaign | undefined;
  /**
   * Why the browser did not keep the campaign as the panel holds it, if it did not: an error,
   * never its message alone, since a browser's may be empty.
   */
  private keepError: ShelfError | undefined;
  /** a change another tab's save got ahead of: this tab's state then, offered for download */
  private notKept: { state: string; change: string } | undefined;
  /** the buttons' work, one at a time: a change told by another tab waits for a run under way */
  private readonly inTurn = oneAtATime();
  /** the last change as `status` names it */
  private lastChangeWords: string | undefined;

  constructor(
    files: PageFiles,
    private readonly host: CampaignHost,
  ) {
    this.campaign = new PageCampaign(files, (argv) => host.run(argv));
    el('cp-start').addEventListener('click', () => void this.act(() => this.start()));
    el('cp-open').addEventListener('change', () => void this.act(() => this.openFile()));
    el('cp-record').addEventListener('click', () => void this.act(() => this.record()));
    el('cp-undo').addEventListener('click', () => void this.act(() => this.undo()));
    el('cp-download').addEventListener('click', () => void this.act(() => this.download()));
    el('cp-rename').addEventListener('click', () => void this.act(() => this.rename()));
    el('cp-keep-again').addEventListener('click', () => void this.act(() => this.keepAgain()));
    el('cp-download-not-kept').addEventListener('click', () => this.downloadNotKept());
    host.shelf.onChange((change) => void this.act(() => this.changedElsewhere(change)));
    el('cp-file-history-list').addEventListener('click', (event) => {
      const back = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-to]');
      if (back) void this.act(() => this.undoTo(Number(back.dataset['to'])));
    });
    el('cp-history-list').addEventListener('click', (event) => {
      const back = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-version]');
      if (back) void this.act(() => this.goBack(Number(back.dataset['version'])));
    });
    for (const side of SIDES) el(`cp-force${side.toUpperCase()}`).addEventListener('change', () => void this.chooseFile(side));
    el('cp-player-list').addEventListener('change', (event) => {
      const input = event.target as HTMLInputElement;
      if (input.type === 'file') void this.choosePlayerFile(Number(input.dataset['player']));
    });
    el('cp-start-box').addEventListener('change', () => this.shapeStart());
    el('campaign').addEventListener('input', () => this.showCommand());
    el('campaign').addEventListener('change', () => this.showCommand());
    window.addEventListener('beforeunload', (event) => {
      // where the browser did not keep it, leaving with changes not downloaded loses them
      if ((this.campaign.unsaved && !this.keptForGood()) || this.notKept) event.preventDefault();
    });
  }

  /** For the browser test: the campaign as the page holds it, once the button's work is done. */
  get probe(): CampaignProbe | undefined {
    if (this.busy || !this.snapshot) return undefined;
    const kept = this.keptForGood();
    return { ...this.snapshot, unsaved: this.campaign.unsaved, kept: kept?.name ?? '', versions: kept?.versions.length ?? 0, acts: this.acts };
  }

  /** A button's work: the run, the state kept, then the page told (the probe among it); one at a time. */
  private act(work: () => Promise<void>): Promise<void> {
    return this.inTurn(async () => {
      this.busy = true;
      try {
        await work();
      } finally {
        this.busy = false;
        this.acts++;
        this.host.changed();
      }
    });
  }

  /** Shapes the panel for a rule set (its start form, and the campaign if it is this one's). */
  async open(system: string): Promise<void> {
    if (this.shownSystem !== system) {
      const part = await this.partFor(system);
      if (!part) return;
      this.shownSystem = system;
      this.part = part;
      el('cp-start-fields').replaceChildren(...part.startFields);
      el('cp-record-fields').replaceChildren(...part.recordFields);
      el('cp-next-fields').replaceChildren(...part.nextFields);
      // a force file is one rule set's: another's start form begins without one
      for (const side of SIDES) {
        this.uploads[side] = undefined;
        el<HTMLInputElement>(`cp-force${side.toUpperCase()}`).value = '';
        el<HTMLSelectElement>(`cp-force${side.toUpperCase()}-from`).value = '';
        // players a side: one up to what the rule set's campaign takes
        const team = el<HTMLSelectElement>(`cp-team${side.toUpperCase()}`);
        team.replaceChildren(...['one', 'two', 'three', 'four'].slice(0, this.host.perSide(system)).map((words, i) => new Option(words, String(i + 1))));
      }
      this.playerUploads.length = 0;
      this.drawnTeam = '';
      el('cp-player-list').replaceChildren();
      await part.opened();
    }
    this.fillForceChoices();
    this.shapeStart();
    await this.refresh();
  }

  private async partFor(system: string): Promise<CampaignPart | undefined> {
    let part = this.parts.get(system);
    if (!part) {
      const make = (await pagePartsFor(system)).campaignPanel;
      part = make?.({ lists: () => this.host.lists(system), list: (args) => this.host.list(system, args), changed: () => this.showCommand() });
      if (part) this.parts.set(system, part);
    }
    return part;
  }

  /** The argv the page's print buttons run: the next game's packet, or the booklet. */
  printArgv(system: string): string[] {
    if (el<HTMLSelectElement>('cp-print').value === 'booklet') return bookletArgv(system);
    return nextArgv(system, this.part?.nextOptions());
  }

  /** A print run may change the state (a `next` that sets the turn's assaults). */
  async printed(run: PageRun): Promise<void> {
    if (this.campaign.take(run)) {
      await this.refresh();
      await this.keepChange();
    }
  }

  hasCampaign(system: string): boolean {
    return this.campaign.system === system && this.campaign.bytes() !== undefined;
  }

  private say(run: PageRun | undefined, words?: string, failed = run !== undefined && run.code !== 0): void {
    const box = el('cp-messages');
    const text = statusWords((words ?? (run ? run.stderr : '')).trim(), optionLabels(el('campaign')));
    box.textContent = text;
    box.className = failed ? 'messages failed' : 'messages';
    box.hidden = text === '';
    if (text) box.scrollIntoView({ block: 'nearest' });
  }

  // ---- the start form: names, forces, the rule set's own fields ----

  /** The rule set's campaign takes this shared option (as `muster systems` lists it). */
  private takes(option: string): boolean {
    return this.host.takes(this.shownSystem ?? '').includes(`--${option}`);
  }

  private solo(): boolean {
    return this.part?.solo?.() === true;
  }

  /** The sides whose force the start form asks for: both, or the player's alone in a solo campaign. */
  private forceSides(): readonly Side[] {
    if (!this.takes('force')) return [];
    return this.solo() ? ['a'] : SIDES;
  }

  /** Players on each side as the start form asks (one each where the rule set's campaign takes no more, or solo). */
  private team(): Record<Side, number> {
    if (this.solo() || this.host.perSide(this.shownSystem ?? '') < 2) return { a: 1, b: 1 };
    const count = (side: Side) => Number(el<HTMLSelectElement>(`cp-team${side.toUpperCase()}`).value) || 1;
    return { a: count('a'), b: count('b') };
  }

  /** More than one player a side: the start form asks for each player's name and force. */
  private many(): boolean {
    const team = this.team();
    return team.a + team.b > 2;
  }

  /** Each player of the start form, side A's first: his side, his place on it, his row's fields. */
  private playerRows(): { side: Side; place: number; index: number; row: HTMLElement }[] {
    return [...el('cp-player-list').querySelectorAll<HTMLElement>(':scope > li')].map((row, index) => ({ side: row.dataset['side'] as Side, place: Number(row.dataset['place']), index, row }));
  }

  /** Draws a row for each player, keeping what was typed and chosen in the rows of the players still there. */
  private drawPlayers(): void {
    const team = this.team();
    const key = `${team.a}:${team.b}`;
    if (key === this.drawnTeam) return;
    const before = new Map(this.playerRows().map(({ side, place, row }) => [`${side}${place}`, row]));
    const uploads = new Map(this.playerRows().map(({ side, place, index }) => [`${side}${place}`, this.playerUploads[index]]));
    const rows: HTMLElement[] = [];
    this.playerUploads.length = 0;
    for (const side of SIDES) {
      for (let place = 0; place < team[side]; place++) {
        const index = rows.length;
        const kept = before.get(`${side}${place}`);
        const row = kept ?? this.playerRow(side, place);
        for (const input of row.querySelectorAll<HTMLElement>('[data-player]')) input.dataset['player'] = String(index);
        rows.push(row);
        this.playerUploads.push(uploads.get(`${side}${place}`));
      }
    }
    el('cp-player-list').replaceChildren(...rows);
    this.drawnTeam = key;
    this.fillForceChoices();
  }

  /** One player's row: his name, where his force comes from, and its file. */
  private playerRow(side: Side, place: number): HTMLElement {
    const id = `cp-player-${side}${place + 1}`;
    const who = `Player ${place + 1} of side ${side.toUpperCase()}`;
    const field = (input: HTMLElement, label: string, inputId: string) => make('div', { className: 'field' }, make('label', { htmlFor: inputId, textContent: label }), input);
    const name = make('input', { id: `${id}-name`, type: 'text', autocomplete: 'off', placeholder: playerPlaceholder(side, place) });
    name.dataset['campaignOption'] = 'names';
    const from = make('select', { id: `${id}-from`, className: 'cp-player-from' });
    const file = make('input', { id: `${id}-file`, type: 'file', accept: '.yaml,.yml,.json' });
    file.dataset['campaignOption'] = 'force';
    file.dataset['player'] = '0';
    const fileBox = field(file, `${who}: force file (YAML or JSON)`, file.id);
    fileBox.classList.add('cp-player-file');
    const built = make('p', { className: 'hint cp-player-built', hidden: true });
    const fromBox = field(from, `${who}: force`, from.id);
    fromBox.append(built);
    const row = make('li', { className: 'cp-player' }, field(name, `${who}: name`, name.id), fromBox, fileBox);
    row.dataset['side'] = side;
    row.dataset['place'] = String(place);
    return row;
  }

  private from(side: Side): ForceFrom {
    return el<HTMLSelectElement>(`cp-force${side.toUpperCase()}-from`).value as ForceFrom;
  }

  /** "the force you built" where the builder holds one for this rule set; the choice kept where it still stands. */
  private fillForceChoices(): void {
    const built = this.host.builtForce(this.shownSystem ?? '');
    const selects = [...SIDES.map((side) => el<HTMLSelectElement>(`cp-force${side.toUpperCase()}-from`)), ...this.playerRows().map(({ row }) => row.querySelector<HTMLSelectElement>('select')!)];
    for (const select of selects) {
      const kept = select.value;
      const choices = [new Option('none: rolled by the dice', ''), new Option('a force file from this device', 'file')];
      if (built) choices.push(new Option('the force you built', 'built'));
      select.replaceChildren(...choices);
      select.value = [...select.options].some((o) => o.value === kept) ? kept : '';
    }
  }

  /**
   * Each player's force as the start form stands, in the players' order: the command line takes
   * them in that order, so the forces stop at the first player without one.
   */
  private chosenPlayerForces(): (Upload | undefined)[] {
    if (!this.takes('force')) return [];
    const built = this.host.builtForce(this.shownSystem ?? '');
    const bytes = built && this.host.read(built.file);
    const chosen: (Upload | undefined)[] = [];
    for (const { row, index } of this.playerRows()) {
      const from = row.querySelector<HTMLSelectElement>('select')!.value as ForceFrom;
      const upload = from === 'file' ? this.playerUploads[index] : from === 'built' && built && bytes ? { name: built.file, bytes } : undefined;
      if (!upload || chosen.length < index) break;
      chosen.push(upload);
    }
    return chosen;
  }

  /** Each side's force as the start form stands: the file's name for the command line, and its bytes. */
  private chosenForces(): Record<Side, Upload | undefined> {
    const sides = this.forceSides();
    const chosen: Record<Side, Upload | undefined> = { a: undefined, b: undefined };
    for (const side of sides) {
      const from = this.from(side);
      if (from === 'file') chosen[side] = this.uploads[side];
      if (from === 'built') {
        const built = this.host.builtForce(this.shownSystem ?? '');
        const bytes = built && this.host.read(built.file);
        if (built && bytes) chosen[side] = { name: built.file, bytes };
      }
    }
    // the command line takes side A's force first: side B's alone would be side A's
    if (!chosen.a) chosen.b = undefined;
    return chosen;
  }

  /** The start form shaped for the rule set, solo or not, and the forces chosen. */
  private shapeStart(): void {
    if (!this.part) return;
    const solo = this.solo();
    el('cp-team').hidden = solo || this.host.perSide(this.shownSystem ?? '') < 2;
    if (this.many()) return this.shapePlayers();
    el('cp-players').hidden = true;
    el('cp-nameA-label').textContent = solo ? 'Your name' : "Side A's name";
    el('cp-nameB-box').querySelector('label')!.textContent = "Side B's name";
    const sides = this.forceSides();
    el('cp-nameA-label').textContent = solo ? 'Your name' : "Side A's name";
    el('cp-nameB-box').hidden = solo;
    el('cp-names').classList.toggle('single', solo);
    el('cp-forces').hidden = sides.length === 0;
    el('cp-forceB-box').hidden = !sides.includes('b');
    el('cp-forceA-label').textContent = solo ? 'Your force' : "Side A's force";
    el('cp-forceA-file-label').textContent = solo ? 'Your force file (YAML or JSON)' : "Side A's force file (YAML or JSON)";
    const built = this.host.builtForce(this.shownSystem ?? '');
    for (const side of SIDES) {
      el(`cp-force${side.toUpperCase()}-file-box`).hidden = this.from(side) !== 'file';
      const hint = el(`cp-force${side.toUpperCase()}-built`);
      hint.hidden = this.from(side) !== 'built' || !built;
      hint.textContent = built ? `${built.name || 'Unnamed'}${built.points === null ? '' : `, ${built.points} points`} (from Build a force)` : '';
    }
    const chosen = this.chosenForces();
    const sideAChosen = this.from('a') !== '';
    el<HTMLSelectElement>('cp-forceB-from').disabled = !sideAChosen;
    el('cp-forceB-hint').hidden = sideAChosen;
    el('cp-strict-box').hidden = !this.takes('strict') || !chosen.a;
    const text = (u: Upload | undefined) => (u ? new TextDecoder().decode(u.bytes) : undefined);
    this.part.forcesGiven?.({ a: text(chosen.a), b: text(chosen.b) });
    this.showCommand();
  }

  /** The start form of several players a side: the sides' own names, and each player's name and force. */
  private shapePlayers(): void {
    this.drawPlayers();
    el('cp-players').hidden = false;
    el('cp-forces').hidden = true;
    el('cp-nameB-box').hidden = false;
    el('cp-names').classList.remove('single');
    el('cp-nameA-label').textContent = "Side A's name (if it has one)";
    el('cp-nameB-box').querySelector('label')!.textContent = "Side B's name (if it has one)";
    const takesForce = this.takes('force');
    const built = this.host.builtForce(this.shownSystem ?? '');
    const chosen = this.chosenPlayerForces();
    for (const { row, index } of this.playerRows()) {
      const from = row.querySelector<HTMLSelectElement>('select')!;
      from.closest('.field')!.toggleAttribute('hidden', !takesForce);
      // a player's force waits for those of the players before him
      from.disabled = index > chosen.length;
      (row.querySelector('.cp-player-file') as HTMLElement).hidden = !takesForce || from.value !== 'file';
      const hint = row.querySelector<HTMLElement>('.cp-player-built')!;
      hint.hidden = from.value !== 'built' || !built;
      hint.textContent = built ? `${built.name || 'Unnamed'}${built.points === null ? '' : `, ${built.points} points`} (from Build a force)` : '';
    }
    el('cp-players-hint').hidden = !takesForce;
    el('cp-strict-box').hidden = !this.takes('strict') || chosen.length === 0;
    const text = (u: Upload | undefined) => (u ? new TextDecoder().decode(u.bytes) : undefined);
    const first = (side: Side) => this.playerRows().find((r) => r.side === side && r.index < chosen.length);
    this.part!.forcesGiven?.({ a: text(chosen[first('a')?.index ?? -1]), b: text(chosen[first('b')?.index ?? -1]) });
    this.showCommand();
  }

  /** A force file chosen for a player: held by the panel until the campaign starts. */
  private async choosePlayerFile(index: number): Promise<void> {
    const row = this.playerRows()[index];
    const input = row?.row.querySelector<HTMLInputElement>('input[type=file]');
    if (!row || !input) return;
    this.playerUploads[index] = undefined;
    const taken = () => [FORCE_FILE, ...this.playerUploads.filter((u): u is Upload => u !== undefined).map((u) => u.name)];
    this.playerUploads[index] = await this.takeFile(input, (file) => playerUploadName(index, file, taken()));
    this.shapeStart();
  }

  /** A force file chosen for a side: held by the panel until the campaign starts. */
  private async chooseFile(side: Side): Promise<void> {
    this.uploads[side] = undefined;
    const other = () => this.uploads[side === 'a' ? 'b' : 'a']?.name;
    this.uploads[side] = await this.takeFile(el<HTMLInputElement>(`cp-force${side.toUpperCase()}`), (file) => uploadName(side, file, [FORCE_FILE, ...(other() ? [other()!] : [])]));
    this.shapeStart();
  }

  /** The file an input holds, under the name the panel gives it; one too large is refused in words and the input emptied. */
  private async takeFile(input: HTMLInputElement, nameOf: (fileName: string) => string): Promise<Upload | undefined> {
    const file = input.files?.[0];
    if (!file) return undefined;
    const tooLarge = forceFileTooLarge(file.size);
    if (tooLarge) {
      input.value = '';
      this.say(undefined, `${file.name} was not taken: ${tooLarge}`, true);
      return undefined;
    }
    return { name: nameOf(file.name), bytes: new Uint8Array(await file.arrayBuffer()) };
  }

  /** `new` as the start form stands, and the force files it names. */
  private startRequest(): { argv: string[]; n: NewCampaign; uploads: Map<string, Uint8Array> } {
    const value = (id: string) => el<HTMLInputElement>(id).value;
    const many = this.many();
    let forces: Upload[];
    if (many) {
      forces = this.chosenPlayerForces().filter((f): f is Upload => f !== undefined);
    } else {
      const chosen = this.chosenForces();
      forces = SIDES.flatMap((side) => (chosen[side] ? [chosen[side]] : []));
    }
    const n: NewCampaign = {
      names: [value('cp-nameA'), !many && this.solo() ? '' : value('cp-nameB')],
      ...(many
        ? { players: this.playerRows().map(({ side, place, row }) => ({ name: row.querySelector<HTMLInputElement>('input[type=text]')!.value.trim() || playerPlaceholder(side, place), side })) }
        : { solo: this.solo() }),
      forces: forces.map((f) => f.name),
      strict: el<HTMLInputElement>('cp-strict').checked && !el('cp-strict-box').hidden,
      seed: value('cp-seed'),
      options: this.part!.newOptions(),
    };
    // the builder's file is in the page's folder already, and stays there
    const uploads = new Map(forces.filter((f) => f.name !== FORCE_FILE).map((f) => [f.name, f.bytes]));
    return { argv: newArgv(this.shownSystem!, n), n, uploads };
  }

  private async start(): Promise<void> {
    const { n, uploads } = this.startRequest();
    const system = this.shownSystem!;
    const done = await this.campaign.start(system, n, uploads);
    this.say(done.run);
    if (done.changed) {
      this.kept = undefined;
      this.notKept = undefined;
      await this.refresh(done.run);
      const named = n.players ? teamCampaignName(n) : campaignName(SIDES.map((side) => this.names[side]), this.solo(), this.host.systemName(system));
      await this.keepNew(named, 'started', false);
    }
    await this.refresh(done.run);
  }

  private async openFile(): Promise<void> {
    const input = el<HTMLInputElement>('cp-open');
    const file = input.files?.[0];
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    input.value = '';
    const said = stateSystem(bytes);
    let system = this.shownSystem!;
    if (said && said !== system && (await this.partFor(said))) {
      await this.host.switchSystem(said);
      system = said;
    }
    const done = await this.campaign.open(system, file.name, bytes);
    this.say(done.run, done.changed ? `Opened ${file.name}.` : undefined);
    if (done.changed) {
      this.kept = undefined;
      this.notKept = undefined;
      await this.keepNew(file.name.replace(/\.json$/i, '') || 'campaign', `opened ${file.name}`, true);
    }
    await this.refresh(done.run);
  }

  private async record(): Promise<void> {
    const done = await this.campaign.change(recordArgv(this.shownSystem!, this.part!.recordOptions()));
    this.say(done.run);
    if (done.changed) this.part!.clearRecord();
    await this.refresh(done.run);
    if (done.changed) await this.keepChange();
  }

  /** The command line's undo on the page's copy: a change like a record, offered for download at once. */
  private async undo(): Promise<void> {
    const done = await this.campaign.change(undoArgv(this.shownSystem!));
    this.say(done.run);
    await this.refresh(done.run);
    if (done.changed) await this.keepChange();
  }

  /** The command line's undo --to N: back over every change the file keeps after the Nth, itself one change. */
  private async undoTo(to: number): Promise<void> {
    const done = await this.campaign.change(undoToArgv(this.shownSystem!, to));
    this.say(done.run);
    await this.refresh(done.run);
    if (done.changed) await this.keepChange();
  }

  private async download(): Promise<void> {
    const bytes = this.campaign.bytes();
    if (!bytes) return;
    // the words first: the panel says the download is up to date as the file goes
    this.campaign.unsaved = false;
    const next = this.kept && downloadedNow(this.kept);
    if (next) this.kept = next;
    this.showKeep();
    this.host.save(bytes, this.campaign.fileName, 'application/json');
    if (next) await this.put(next);
  }

  // ---- kept in the browser ----

  /** The campaign as the browser keeps it for good: not where a save failed, nor in a browser that keeps nothing. */
  private keptForGood(): KeptCampaign | undefined {
    return this.kept && !this.keepError && this.host.shelf.keeps ? this.kept : undefined;
  }

  /** Keeps the page's copy as a new campaign on the shelf, under a name no other of its rule set has. */
  private async keepNew(wanted: string, change: string, downloaded: boolean): Promise<void> {
    const system = this.shownSystem!;
    const bytes = this.campaign.bytes();
    if (!bytes) return;
    const taken = (await this.host.shelf.all().catch(() => [])).filter((c) => c.system === system).map((c) => c.name);
    // another tab may take the free name between the look and the save: the next free one then
    for (let tries = 0; tries < 5; tries++) {
      const fresh = newKeptCampaign(freeName(wanted, taken), system, this.campaign.fileName, { change, state: new TextDecoder().decode(bytes) }, downloaded);
      const moved = await this.put(fresh, false);
      if (!moved) break;
      taken.push(fresh.name);
    }
    await this.showKept();
  }

  /** The page's copy changed (a record, an undo, a print that set the turn): a new version of the kept campaign. */
  private async keepChange(): Promise<void> {
    const bytes = this.campaign.bytes();
    if (!this.kept || !bytes) return;
    await this.put(withVersion(this.kept, { change: this.lastChangeWords ?? 'changed', state: new TextDecoder().decode(bytes) }));
    this.showKeep();
    this.host.changed();
  }

  /**
   * Puts a campaign on the shelf; it is the panel's from now on, kept or not, and said kept only
   * once the browser has it on disk. Where another tab saved first, the panel takes that tab's
   * campaign (`adopt`) and offers this tab's change for download; true then.
   */
  private async put(next: KeptCampaign, adopt = true): Promise<boolean> {
    this.kept = next;
    try {
      this.kept = await this.host.shelf.put(next);
      this.keepError = undefined;
      return false;
    } catch (error) {
      if (error instanceof MovedOnError && adopt) {
        await this.takeStored(error.stored as KeptCampaign, currentState(next));
        return true;
      }
      this.keepError = error instanceof ShelfError ? error : new ShelfError('refused', `the browser refused to keep it (${String(error)})`);
      return error instanceof MovedOnError;
    }
  }

  /** After a failed save: the same campaign, tried again (space freed meanwhile). */
  private async keepAgain(): Promise<void> {
    if (!this.kept) return;
    await this.put(this.kept);
    this.showKeep();
    if (!this.keepError) this.say(undefined, `Kept in this browser as “${this.kept.name}”.`);
  }

  /**
   * The campaign as another tab kept it, shown here in place of this tab's copy; this tab's
   * last change, if another tab's save got ahead of it, offered for download.
   */
  private async takeStored(stored: KeptCampaign, mine?: { state: string; change: string }): Promise<void> {
    const done = await this.campaign.open(stored.system, stored.fileName, new TextEncoder().encode(currentState(stored).state));
    if (!done.changed) return;
    this.kept = stored;
    this.keepError = undefined;
    this.campaign.unsaved = notDownloaded(stored) > 0;
    const theirs = currentState(stored).change;
    if (mine && mine.state !== currentState(stored).state) {
      this.notKept = mine;
      this.say(undefined, `Another tab changed “${stored.name}” first (${theirs}), so this tab's change (${mine.change}) was not kept. The campaign is shown as the other tab left it: make your change again, or download this tab's version.`, true);
    } else {
      this.say(undefined, `“${stored.name}” was changed in another tab (${theirs}): shown here as it stands now.`);
    }
    await this.refresh();
  }

  /** Another tab kept or removed a campaign: the list follows, and the campaign open here if it is that one. */
  private async changedElsewhere(change: ShelfChange): Promise<void> {
    await this.showKept();
    const kept = this.kept;
    if (!kept || kept.system !== change.system || kept.name !== change.name) return;
    const stored = await this.host.shelf.get(change.system, change.name).catch(() => undefined);
    if (!stored) {
      this.kept = undefined;
      this.say(undefined, `“${kept.name}” was renamed or removed in another tab: the campaign stays open here, no longer kept in this browser. Download it to keep it.`, true);
      this.showKeep();
      return;
    }
    if ((stored.revision ?? 0) <= (kept.revision ?? 0)) return;
    // a change of this tab's not yet kept stays on screen: its save is refused and offered for download then
    if (this.keepError) return this.say(undefined, `“${kept.name}” was also changed in another tab (${currentState(stored).change}).`, true);
    await this.takeStored(stored);
  }

  /** This tab's change that another tab's save got ahead of, as a state file of its own. */
  private downloadNotKept(): void {
    const notKept = this.notKept;
    if (!notKept) return;
    this.host.save(new TextEncoder().encode(notKept.state), this.campaign.fileName.replace(/(\.json)?$/i, '-not-kept.json'), 'application/json');
    this.notKept = undefined;
    this.showKeep();
  }

  /** The campaign as it was at an earlier version: the page's copy, checked by `status` as an opened file is. */
  private async goBack(index: number): Promise<void> {
    if (!this.kept) return;
    const next = backTo(this.kept, index);
    if (next === this.kept) return;
    const done = await this.campaign.open(this.kept.system, this.kept.fileName, new TextEncoder().encode(currentState(next).state));
    this.say(done.run, done.changed ? `Back to: ${this.kept.versions[index]!.change}. Going back is itself a change, listed in the history.` : undefined);
    if (done.changed) {
      this.campaign.unsaved = notDownloaded(next) > 0;
      await this.put(next);
    }
    await this.refresh(done.run);
  }

  private async rename(): Promise<void> {
    const kept = this.kept;
    if (!kept) return;
    const asked = keptName(el<HTMLInputElement>('cp-keep-name').value, 'campaign');
    if ('refused' in asked) return this.say(undefined, asked.refused, true);
    if (asked.name === kept.name) return;
    const others = await this.host.shelf.all().catch(() => []);
    if (others.some((c) => c.system === kept.system && c.name === asked.name)) return this.say(undefined, `A ${this.host.systemName(kept.system)} campaign named “${asked.name}” is kept already: choose another name.`, true);
    let renamed: KeptCampaign;
    try {
      renamed = await this.host.shelf.put({ ...kept, name: asked.name, revision: undefined });
    } catch (error) {
      // the browser refused the new name: the campaign stays kept under the old one, as it was
      const why = error instanceof MovedOnError ? `another tab keeps a campaign of that name` : (error as Error).message;
      return this.say(undefined, `This browser did not take the new name (${why}): the campaign is still kept as “${kept.name}”.`, true);
    }
    this.kept = renamed;
    this.keepError = undefined;
    await this.host.shelf.remove(kept.system, kept.name).catch(() => undefined);
    this.say(undefined, `Kept as “${asked.name}”.`);
    await this.showKept();
    this.showKeep();
  }

  /** The campaigns kept in the browser, on the first screen: each with where it stands, which game and who attacks. */
  async showKept(): Promise<void> {
    const kept = await this.host.shelf.all().catch(() => []);
    const summaries = new Map<string, (state: Record<string, unknown>) => string | undefined>();
    for (const system of new Set(kept.map((c) => c.system))) {
      const summary = (await pagePartsFor(system).catch(() => ({}) as PageParts)).campaignSummary;
      if (summary) summaries.set(system, summary);
    }
    const standing = (c: KeptCampaign) => {
      try {
        return summaries.get(c.system)?.(JSON.parse(currentState(c).state) as Record<string, unknown>);
      } catch {
        return undefined;
      }
    };
    drawKeptList(this.host.keptList, kept, {
      prefix: 'kept-campaign',
      systemName: (id) => this.host.systemName(id),
      detail: (c) => {
        const n = notDownloaded(c);
        const where = standing(c);
        return `${where ? `${where} · ` : ''}${n === 0 ? 'downloaded' : `${n} ${n === 1 ? 'change' : 'changes'} not downloaded`}`;
      },
      open: (c) => void this.act(() => this.openKept(c)),
      remove: (c) => void this.act(() => this.removeKept(c)),
    });
  }

  private async openKept(kept: KeptCampaign): Promise<void> {
    await this.host.switchSystem(kept.system);
    const done = await this.campaign.open(kept.system, kept.fileName, new TextEncoder().encode(currentState(kept).state));
    this.say(done.run, done.changed ? `Opened “${kept.name}”, kept in this browser.` : undefined);
    if (done.changed) {
      this.kept = kept;
      this.keepError = undefined;
      this.notKept = undefined;
      this.campaign.unsaved = notDownloaded(kept) > 0;
    }
    await this.refresh(done.run);
    el('campaign').scrollIntoView();
  }

  private async removeKept(kept: KeptCampaign): Promise<void> {
    try {
      await this.host.shelf.remove(kept.system, kept.name);
    } catch (error) {
      return this.say(undefined, `“${kept.name}” was not removed: ${(error as Error).message}.`, true);
    }
    // the page's copy stays open, no longer kept: leaving it asks first
    if (this.kept?.system === kept.system && this.kept.name === kept.name) this.kept = undefined;
    await this.showKept();
    this.showKeep();
  }

  private showKeep(): void {
    const has = this.hasCampaign(this.shownSystem ?? '');
    el('cp-keep').hidden = !has;
    el('cp-not-kept-box').hidden = !this.notKept;
    el('cp-keep-again').hidden = !has || !this.kept || !this.keepError || this.keepError.trouble === 'closed';
    const kept = has ? this.keptForGood() : undefined;
    el('cp-kept-box').hidden = !kept;
    if (kept) {
      const { words, due } = backupWords(kept);
      el('cp-keep').classList.toggle('unsaved', due);
      el('cp-keep-title').textContent = `Kept in this browser as “${kept.name}”.`;
      el('cp-keep-words').textContent = `${words} Clearing the browser's data for this site removes what it keeps.`;
      const name = el<HTMLInputElement>('cp-keep-name');
      if (document.activeElement !== name) name.value = kept.name;
      el('cp-history-title').textContent = `History: ${kept.versions.length} ${kept.versions.length === 1 ? 'state' : 'states'} kept, newest first`;
      const last = kept.versions.length - 1;
      el('cp-history-list').replaceChildren(
        ...kept.versions
          .map((version, i) => {
            const item = make('li', {}, make('span', { textContent: version.change }));
            if (i === last) item.append(make('em', { textContent: ' (as it stands)' }));
            else {
              const back = make('button', { type: 'button', id: `cp-back-${i}`, textContent: 'Go back to this' });
              back.dataset['version'] = String(i);
              item.append(back);
            }
            return item;
          })
          .reverse(),
      );
    } else {
      el('cp-keep').classList.toggle('unsaved', this.campaign.unsaved || this.keepError !== undefined);
      el('cp-keep-title').textContent = this.keepError
        ? `Not kept in this browser: download ${this.campaign.fileName} now.`
        : this.campaign.unsaved
          ? `Changed: download ${this.campaign.fileName} now to keep this change.`
          : `${this.campaign.fileName}: the file you hold is up to date.`;
      el('cp-keep-words').textContent = this.keepError
        ? `This browser did not keep the last change: ${this.keepError.message}. The campaign on screen is as you left it; the file you download is the only copy of it until the browser keeps it again.`
        : this.host.shelf.keeps
          ? 'This browser does not keep this campaign: the file you download is the only copy, and the page forgets the campaign when closed or reloaded.'
          : 'This browser keeps nothing for this page: the file you download is the only copy, and the page forgets the campaign when closed or reloaded.';
    }
  }

  private showCommand(): void {
    const system = this.shownSystem;
    if (system && this.part) {
      el('cp-new-command').textContent = this.host.shown(this.startRequest().argv);
      if (this.hasCampaign(system)) el('cp-command').textContent = this.host.shown(recordArgv(system, this.part.recordOptions()));
    }
    this.host.changed();
  }

  /**
   * The changes the file keeps, wherever they were made (the command line, another page), each
   * but the last with a button that goes back to just after it, as `undo --to N` does.
   */
  private showFileHistory(system: string, changes: readonly FileChange[]): void {
    el('cp-file-history').hidden = changes.length === 0;
    el('cp-file-history-title').textContent = `Changes kept in the file: ${changes.length}`;
    el('cp-file-history-command').textContent = this.host.shown(historyArgv(system));
    const item = (to: number, words: string, now: boolean) => {
      const li = make('li', {}, make('span', { textContent: words }));
      if (now) li.append(make('em', { textContent: ' (as it stands)' }));
      else {
        const back = make('button', { type: 'button', id: `cp-to-${to}`, textContent: 'Go back to just after this' });
        back.dataset['to'] = String(to);
        li.append(back);
      }
      return li;
    };
    const first = changes[0];
    el('cp-file-history-list').replaceChildren(
      ...(first ? [item(0, `before ${first.change}`, false)] : []),
      ...changes.map((c, i) => item(c.number, c.change, i === changes.length - 1)),
    );
  }

  /** Shows the campaign as the command line's `status` reads it. */
  async refresh(run?: PageRun): Promise<void> {
    const system = this.shownSystem!;
    const part = this.part!;
    const has = this.hasCampaign(system);
    const status = has ? await this.campaign.status() : undefined;
    el('cp-status').hidden = !status;
    el('cp-play').hidden = !status;
    el<HTMLDetailsElement>('cp-start-box').open = !status;
    const json = status?.json ?? {};
    const finished = json['finished'] === true;
    const last = status ? lastChange(json) : undefined;
    if (status) {
      // the command line names the last change on a line of its own, which the undo button shows here
      el('cp-status-text').textContent = statusWords(last === undefined ? status.text : status.text.split('\n').slice(0, -1).join('\n'), optionLabels(el('campaign')));
      const names = json['names'] as Record<Side, string> | undefined;
      this.names = names ?? { a: 'Side A', b: 'Side B' };
      el('cp-status-detail').replaceChildren(part.status({ json, names: this.names, finished }));
    }
    this.lastChangeWords = last;
    el('cp-undo-box').hidden = last === undefined;
    el('cp-last-change').textContent = last === undefined ? '' : `Last change: ${last}.`;
    el('cp-undo-command').textContent = this.host.shown(undoArgv(system));
    this.showFileHistory(system, status ? await this.campaign.history() : []);
    const shape = part.shape({ json, names: this.names, finished });
    el('cp-record-box').hidden = finished || !shape.recordable;
    el<HTMLOptionElement>('cp-print-next').textContent = shape.printNext;
    const bytes = this.campaign.bytes();
    this.snapshot = {
      code: run?.code ?? 0,
      stderr: run?.stderr ?? '',
      status: status?.text ?? '',
      state: has && bytes ? new TextDecoder().decode(bytes) : '',
    };
    this.showKeep();
    this.showCommand();
  }
}
