/**
 * Campaigns in the page (issue 17): the command line's `muster campaign <system> ...` run on a
 * copy of the state file held in the page's memory (/player/campaign.json). The page never
 * keeps the only copy: nothing is stored in the browser, and after every change the new state
 * is offered for download at once.
 */
import { optionArgv } from './form.js';
import { PLAYER_FOLDER, type PageFiles } from './page-files.js';
import type { PageRun } from './page-io.js';

/** The rule sets with a campaign. */
export const CAMPAIGN_SYSTEMS = ['bof', 'fireteam'] as const;
/** The state's name as the command line sees it (the page's folder is its working folder). */
export const STATE_FILE = 'campaign.json';
export const STATE_PATH = `${PLAYER_FOLDER}/${STATE_FILE}`;

export type Side = 'a' | 'b';

export interface NewCampaign {
  names?: [string, string];
  seed?: string;
  solo?: boolean;
  lists?: [string, string];
}

export interface BofRecord {
  winner: string;
  victory: string;
  /** the two Combat Scores, as typed */
  score: [string, string];
  salvage: { side: string; text: string }[];
  upgrades: { side: string; text: string; cost: string }[];
}

export interface FireteamRecord {
  battle: string;
  winner: string;
}

export interface FireteamNext {
  assault: [string, string];
  split: [string, string];
}

const base = (system: string, action: string) => ['campaign', system, action, '--state', STATE_FILE];

/** `campaign <system> new`: what is not given is left to the command line. */
export function newArgv(system: string, n: NewCampaign): string[] {
  const argv = base(system, 'new');
  const names = n.names?.map((s) => s.trim());
  if (names && (names[0] || names[1])) argv.push(...optionArgv('names', `${names[0] || 'Side A'},${names[1] || 'Side B'}`));
  if (n.lists && n.lists[0] && n.lists[1]) argv.push(...optionArgv('lists', `${n.lists[0]},${n.lists[1]}`));
  if (n.solo) argv.push('--solo');
  if (n.seed?.trim()) argv.push(...optionArgv('seed', n.seed.trim()));
  return argv;
}

/** `campaign <system> record` with the form's fields; an empty field is left out, for the command line to name. */
export function recordArgv(system: string, fields: BofRecord | FireteamRecord): string[] {
  const argv = base(system, 'record');
  if ('battle' in fields) {
    if (fields.battle) argv.push(...optionArgv('battle', fields.battle));
    if (fields.winner) argv.push(...optionArgv('winner', fields.winner));
    return argv;
  }
  if (fields.winner) argv.push(...optionArgv('winner', fields.winner));
  if (fields.victory) argv.push(...optionArgv('victory', fields.victory));
  const [a, b] = fields.score.map((s) => s.trim());
  if (a || b) argv.push(...optionArgv('combat-score', `${a}:${b}`));
  for (const s of fields.salvage) if (s.text.trim()) argv.push(...optionArgv('salvage', `${s.side}:${s.text.trim()}`));
  for (const u of fields.upgrades) if (u.text.trim() || u.cost.trim()) argv.push(...optionArgv('upgrade', `${u.side}:${u.text.trim()}:${u.cost.trim()}`));
  return argv;
}

/** `campaign <system> next`, with Fire Team's assaults and split when the turn's are not set yet. */
export function nextArgv(system: string, fields?: FireteamNext): string[] {
  const argv = base(system, 'next');
  if (!fields) return argv;
  const sides: Side[] = ['a', 'b'];
  sides.forEach((side, i) => fields.assault[i] && argv.push(...optionArgv('assault', `${side}:${fields.assault[i]}`)));
  sides.forEach((side, i) => fields.split[i] && argv.push(...optionArgv('split', `${side}:${fields.split[i]}`)));
  return argv;
}

export const bookletArgv = (system: string) => base(system, 'booklet');

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

  /** A new campaign; the page's copy before it (if any) stays until the new one is made. */
  async start(system: string, n: NewCampaign): Promise<Change> {
    const previous = this.bytes();
    if (previous) this.files.remove(STATE_PATH);
    const done = await this.change(newArgv(system, n));
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

  /** The status in the command line's words and as its JSON. */
  async status(): Promise<{ text: string; json: Record<string, unknown> } | undefined> {
    if (!this.system || !this.bytes()) return undefined;
    const words = await this.run(base(this.system, 'status'));
    const json = await this.run([...base(this.system, 'status'), '--format', 'json']);
    if (json.code !== 0) return undefined;
    return { text: words.stderr.trim(), json: JSON.parse(json.stdout) as Record<string, unknown> };
  }
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

interface Named {
  id: string;
  name: string;
}

/** What the panel borrows from the page. */
export interface CampaignHost {
  /** runs the command line in the page (with the house rules when they are in use) */
  run(argv: string[]): Promise<PageRun>;
  /** the argv as the page runs it, for the command line shown */
  shown(argv: string[]): string;
  save(bytes: Uint8Array, name: string, type: string): void;
  /** the army lists of a rule set (Fire Team) */
  lists(system: string): Promise<Named[]>;
  /** the page turns to another rule set's campaign (a file of that rule set was opened) */
  switchSystem(system: string): Promise<void>;
  /** the command line under the form follows the panel */
  changed(): void;
}

/** For the browser test: the campaign as the page holds it. */
export interface CampaignProbe {
  code: number;
  stderr: string;
  status: string;
  state: string;
  unsaved: boolean;
}

const el = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const SIDES: Side[] = ['a', 'b'];

export class CampaignPanel {
  private readonly campaign: PageCampaign;
  private shownSystem: string | undefined;
  private names: Record<Side, string> = { a: 'Side A', b: 'Side B' };
  private pendingNext = false;
  probe: CampaignProbe | undefined;

  constructor(
    files: PageFiles,
    private readonly host: CampaignHost,
  ) {
    this.campaign = new PageCampaign(files, (argv) => host.run(argv));
    el('cp-start').addEventListener('click', () => void this.start());
    el('cp-open').addEventListener('change', () => void this.openFile());
    el('cp-record').addEventListener('click', () => void this.record());
    el('cp-download').addEventListener('click', () => this.download());
    el('cp-add-salvage').addEventListener('click', () => this.addRow('salvage'));
    el('cp-add-upgrade').addEventListener('click', () => this.addRow('upgrade'));
    el('campaign').addEventListener('input', () => this.showCommand());
    el('campaign').addEventListener('change', () => this.showCommand());
    window.addEventListener('beforeunload', (event) => {
      // the page keeps no copy: leaving with changes not downloaded loses them
      if (this.campaign.unsaved) event.preventDefault();
    });
  }

  /** Shapes the panel for a rule set (its start form, and the campaign if it is this one's). */
  async open(system: string): Promise<void> {
    if (this.shownSystem !== system) {
      this.shownSystem = system;
      const fireteam = system === 'fireteam';
      el('cp-lists-row').hidden = !fireteam;
      el('cp-solo-row').hidden = fireteam;
      if (fireteam) {
        const lists = await this.host.lists(system);
        for (const id of ['cp-listA', 'cp-listB']) {
          el<HTMLSelectElement>(id).replaceChildren(new Option('the default', ''), ...lists.map((l) => new Option(l.name, l.id)));
        }
      }
    }
    await this.refresh();
  }

  /** The argv the page's print buttons run: the next game's packet, or the booklet. */
  printArgv(system: string): string[] {
    if (el<HTMLSelectElement>('cp-print').value === 'booklet') return bookletArgv(system);
    if (system === 'fireteam' && this.pendingNext) {
      const value = (id: string) => el<HTMLSelectElement>(id).value;
      return nextArgv(system, { assault: [value('cp-assaultA'), value('cp-assaultB')], split: [value('cp-splitA'), value('cp-splitB')] });
    }
    return nextArgv(system);
  }

  /** A print run may change the state (Fire Team's `next` with the turn's assaults). */
  async printed(run: PageRun): Promise<void> {
    if (this.campaign.take(run)) await this.refresh();
  }

  hasCampaign(system: string): boolean {
    return this.campaign.system === system && this.campaign.bytes() !== undefined;
  }

  private say(run: PageRun | undefined, words?: string): void {
    const box = el('cp-messages');
    const text = (words ?? (run ? run.stderr : '')).trim();
    box.textContent = text;
    box.className = run && run.code !== 0 ? 'messages failed' : 'messages';
    box.hidden = text === '';
    if (text) box.scrollIntoView({ block: 'nearest' });
  }

  private async start(): Promise<void> {
    const system = this.shownSystem!;
    const value = (id: string) => el<HTMLInputElement>(id).value;
    const done = await this.campaign.start(system, {
      names: [value('cp-nameA'), value('cp-nameB')],
      seed: value('cp-seed'),
      solo: system === 'bof' && el<HTMLInputElement>('cp-solo').checked,
      lists: system === 'fireteam' ? [value('cp-listA'), value('cp-listB')] : undefined,
    });
    this.say(done.run);
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
    if (said && said !== system && (CAMPAIGN_SYSTEMS as readonly string[]).includes(said)) {
      await this.host.switchSystem(said);
      system = said;
    }
    const done = await this.campaign.open(system, file.name, bytes);
    this.say(done.run, done.changed ? `Opened ${file.name}.` : undefined);
    await this.refresh(done.run);
  }

  private readRecord(): BofRecord | FireteamRecord {
    const value = (id: string) => el<HTMLInputElement | HTMLSelectElement>(id).value;
    if (this.shownSystem === 'fireteam') return { battle: value('cp-battle'), winner: value('cp-ft-winner') };
    const rows = (list: string) => [...el(list).querySelectorAll<HTMLElement>('li')];
    return {
      winner: value('cp-winner'),
      victory: value('cp-victory'),
      score: [value('cp-scoreA'), value('cp-scoreB')],
      salvage: rows('cp-salvage').map((li) => ({ side: li.querySelector('select')!.value, text: li.querySelector<HTMLInputElement>('input')!.value })),
      upgrades: rows('cp-upgrades').map((li) => {
        const [text, cost] = li.querySelectorAll<HTMLInputElement>('input');
        return { side: li.querySelector('select')!.value, text: text!.value, cost: cost!.value };
      }),
    };
  }

  private async record(): Promise<void> {
    const done = await this.campaign.change(recordArgv(this.shownSystem!, this.readRecord()));
    this.say(done.run);
    if (done.changed) this.clearRecord();
    await this.refresh(done.run);
  }

  private clearRecord(): void {
    for (const id of ['cp-winner', 'cp-victory', 'cp-scoreA', 'cp-scoreB', 'cp-ft-winner']) el<HTMLInputElement>(id).value = '';
    el('cp-salvage').replaceChildren();
    el('cp-upgrades').replaceChildren();
  }

  private addRow(kind: 'salvage' | 'upgrade'): void {
    const list = el(kind === 'salvage' ? 'cp-salvage' : 'cp-upgrades');
    const n = list.children.length + 1;
    const li = document.createElement('li');
    li.className = 'cp-item';
    const field = (label: string, control: HTMLElement, id: string) => {
      control.id = id;
      const div = document.createElement('div');
      div.className = 'field';
      const l = document.createElement('label');
      l.htmlFor = id;
      l.textContent = label;
      div.append(l, control);
      return div;
    };
    const side = document.createElement('select');
    side.append(...SIDES.map((s) => new Option(this.names[s], s)));
    const text = Object.assign(document.createElement('input'), { type: 'text', autocomplete: 'off' });
    const parts = [field(kind === 'salvage' ? `Salvage ${n}: side` : `Upgrade ${n}: side`, side, `cp-${kind}-side-${n}`), field(kind === 'salvage' ? `Salvage ${n}: what` : `Upgrade ${n}: what`, text, `cp-${kind}-text-${n}`)];
    if (kind === 'upgrade') {
      const cost = Object.assign(document.createElement('input'), { type: 'number', min: '0', step: '1', inputMode: 'numeric' });
      parts.push(field(`Upgrade ${n}: cost`, cost, `cp-upgrade-cost-${n}`));
    }
    const remove = Object.assign(document.createElement('button'), { type: 'button', className: 'small', textContent: 'Remove' });
    remove.setAttribute('aria-label', `Remove ${kind} ${n}`);
    remove.addEventListener('click', () => {
      li.remove();
      this.showCommand();
    });
    const row = document.createElement('div');
    row.className = 'cp-row';
    row.append(...parts);
    li.append(row, remove);
    list.append(li);
    text.focus();
    this.showCommand();
  }

  private download(): void {
    const bytes = this.campaign.bytes();
    if (!bytes) return;
    this.host.save(bytes, this.campaign.fileName, 'application/json');
    this.campaign.unsaved = false;
    this.showKeep();
  }

  private showKeep(): void {
    const has = this.hasCampaign(this.shownSystem ?? '');
    el('cp-keep').hidden = !has;
    el('cp-keep').classList.toggle('unsaved', this.campaign.unsaved);
    el('cp-keep-title').textContent = this.campaign.unsaved
      ? `Changed: download ${this.campaign.fileName} now to keep this change.`
      : `${this.campaign.fileName}: the file you hold is up to date.`;
  }

  private showCommand(): void {
    const system = this.shownSystem;
    if (system && this.hasCampaign(system)) el('cp-command').textContent = this.host.shown(recordArgv(system, this.readRecord()));
    this.host.changed();
  }

  /** Shows the campaign as the command line's `status` reads it. */
  async refresh(run?: PageRun): Promise<void> {
    const system = this.shownSystem!;
    const has = this.hasCampaign(system);
    const status = has ? await this.campaign.status() : undefined;
    el('cp-status').hidden = !status;
    el('cp-play').hidden = !status;
    el<HTMLDetailsElement>('cp-start-box').open = !status;
    const json = status?.json ?? {};
    const finished = json['finished'] === true;
    if (status) {
      el('cp-status-text').textContent = status.text;
      const names = json['names'] as Record<Side, string> | undefined;
      this.names = names ?? { a: 'Side A', b: 'Side B' };
      el('cp-status-detail').replaceChildren(system === 'fireteam' ? this.fireteamDetail(json) : this.bofDetail(json));
      for (const id of ['cp-winner', 'cp-ft-winner']) {
        const select = el<HTMLSelectElement>(id);
        const kept = select.value;
        select.replaceChildren(new Option('choose', ''), ...SIDES.map((s) => new Option(this.names[s], s)), ...(id === 'cp-ft-winner' ? [new Option('a draw', 'draw')] : []));
        select.value = kept;
      }
      for (const select of el('campaign').querySelectorAll<HTMLSelectElement>('.cp-item select')) {
        for (const option of select.options) option.textContent = this.names[option.value as Side] ?? option.textContent;
      }
    }
    el('cp-record-bof').hidden = system !== 'bof';
    const pending = (json['pending'] as { battle: number; kind: string; square: string; attacker: Side | null; points: Record<Side, number>; result: unknown }[] | undefined) ?? [];
    const open = pending.filter((p) => p.result === null || p.result === undefined);
    this.pendingNext = system === 'fireteam' && pending.length === 0 && !finished;
    el('cp-record-ft').hidden = system !== 'fireteam' || open.length === 0;
    el('cp-record-box').hidden = finished || (system === 'fireteam' && open.length === 0);
    if (system === 'fireteam') {
      el<HTMLSelectElement>('cp-battle').replaceChildren(
        ...open.map((p) => new Option(`Battle ${p.battle}: ${p.kind === 'encounter' ? `encounter at ${p.square}` : `${this.names[p.attacker!]} attacks ${p.square}`} (${p.points.a}:${p.points.b} points)`, String(p.battle))),
      );
      const targets = (json['targets'] as Record<Side, string[]> | undefined) ?? { a: [], b: [] };
      SIDES.forEach((side, i) => {
        const select = el<HTMLSelectElement>(`cp-assault${'AB'[i]}`);
        select.replaceChildren(new Option('choose a square', ''), ...targets[side].map((sq) => new Option(sq, sq)));
        el(`cp-assault${'AB'[i]}-label`).textContent = `${this.names[side]} assaults`;
        el(`cp-split${'AB'[i]}-label`).textContent = `${this.names[side]}'s points to its attack`;
      });
    }
    el('cp-next-ft').hidden = !this.pendingNext;
    el<HTMLOptionElement>('cp-print-next').textContent = system === 'fireteam' ? (this.pendingNext ? "Next turn's packets (sets the turn's assaults)" : "This turn's packets") : "Next game's packet";
    const bytes = this.campaign.bytes();
    this.probe = {
      code: run?.code ?? 0,
      stderr: run?.stderr ?? '',
      status: status?.text ?? '',
      state: has && bytes ? new TextDecoder().decode(bytes) : '',
      unsaved: this.campaign.unsaved,
    };
    this.showKeep();
    this.showCommand();
  }

  private bofDetail(json: Record<string, unknown>): HTMLElement {
    const j = json as {
      points: Record<Side, number>;
      available: Record<Side, number>;
      morale: Record<Side, number>;
      streak: Record<Side, number>;
      wins: Record<Side, number>;
      history: { game: number; rung: string; winner: Side; victory: string; combatScore: Record<Side, number>; event?: string }[];
    };
    const table = document.createElement('table');
    table.className = 'cp-table';
    const head = table.createTHead().insertRow();
    for (const h of ['Side', 'Points (to spend)', 'Morale', 'Wins', 'Losses in a row']) head.append(Object.assign(document.createElement('th'), { textContent: h, scope: 'col' }));
    const body = table.createTBody();
    for (const side of SIDES) {
      const row = body.insertRow();
      row.append(Object.assign(document.createElement('th'), { textContent: this.names[side], scope: 'row' }));
      for (const cell of [`${j.points[side]} (${j.available[side]})`, j.morale[side], j.wins[side], j.streak[side]]) row.insertCell().textContent = String(cell);
    }
    const box = document.createElement('div');
    box.append(table);
    if (j.history.length > 0) {
      const list = document.createElement('ol');
      list.className = 'cp-log';
      list.setAttribute('aria-label', 'Games played');
      for (const g of j.history) {
        const li = document.createElement('li');
        li.textContent = `Game ${g.game}, ${g.rung}: ${this.names[g.winner]} won (${g.victory}, ${g.combatScore.a}:${g.combatScore.b})${g.event ? `; ${g.event}` : ''}`;
        list.append(li);
      }
      box.append(list);
    }
    return box;
  }

  private fireteamDetail(json: Record<string, unknown>): HTMLElement {
    const j = json as {
      squares: { id: string; owner: Side | null }[];
      pending: { battle: number; square: string; result: { winner?: string } | null }[];
      log: { turn: number; battle: number; event: string }[];
    };
    const box = document.createElement('div');
    const held = SIDES.map((s) => `${this.names[s]} ${j.squares.filter((q) => q.owner === s).length}`).join(', ');
    box.append(Object.assign(document.createElement('p'), { className: 'hint', textContent: `Squares held: ${held}.` }));
    if (j.log.length > 0) {
      const list = document.createElement('ol');
      list.className = 'cp-log';
      list.setAttribute('aria-label', 'Battles fought');
      for (const g of j.log) list.append(Object.assign(document.createElement('li'), { textContent: `Turn ${g.turn}, battle ${g.battle}: ${g.event}` }));
      box.append(list);
    }
    return box;
  }
}
