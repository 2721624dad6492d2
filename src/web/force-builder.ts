/**
 * The force builder in the page (issue 17): Burst of Fire's nation, doctrine and detachment,
 * then rows of units from the pick-lists `muster list bof ... --format json` prints. After each
 * change the force is written as YAML to /player/force.yaml and `muster check bof --force
 * force.yaml --format json` runs on it: its points and its problems, in its words, shown at the
 * rows they name.
 */
import type { PageRun } from './page-io.js';
import {
  bofForceFromText,
  bofForceToYaml,
  emptyBofForce,
  FORCE_FILE,
  problemsByRow,
  refusalLines,
  rowKey,
  type BofEntry,
  type BofForce,
  type CheckReport,
  type Problem,
} from './force-model.js';

/** What the page lends the builder: the command line, the player's folder, printing, saving. */
export interface BuilderHost {
  run(argv: string[]): Promise<PageRun>;
  writeForce(text: string): void;
  save(bytes: Uint8Array, name: string, type: string): void;
  print(): void;
  toScenario(): void;
}

/** An entry of `muster list bof <what> --format json`. */
interface Listed {
  id: string;
  name: string;
  points?: number;
  details?: Record<string, unknown>;
}

/** What the test reads: the force written and what `check` said of it. */
export interface BuilderState {
  settled: boolean;
  yaml: string;
  code?: number;
  report?: CheckReport;
  stderr?: string;
}

declare global {
  interface Window {
    musterForce?: BuilderState;
  }
}

/** "1 pt", "4 pts" */
const pts = (n: number | undefined) => `${n ?? 0} pt${n === 1 ? '' : 's'}`;

const SOLDIER_TYPES = new Set(['infantry', 'crew', 'squad-leader', 'ranking-officer']);
const QUALITIES = ['conscript', 'regular', 'elite'];

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node: HTMLElementTagNameMap[K] = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function labelled(id: string, text: string, control: HTMLElement, extra = ''): HTMLDivElement {
  control.id = id;
  return el('div', { className: `field ${extra}`.trim() }, el('label', { htmlFor: id, textContent: text }), control);
}

function option(value: string, text: string, selected = false): HTMLOptionElement {
  return new Option(text, value, selected, selected);
}

export class BofBuilder {
  private force: BofForce = emptyBofForce();
  private readonly cache = new Map<string, Promise<Listed[]>>();
  private nations: Listed[] = [];
  private doctrines: Listed[] = [];
  private detachments: Listed[] = [];
  private units: Listed[] = [];
  private weapons: Listed[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  private report: CheckReport | undefined;
  private notes: string[] = [];
  private opened = false;
  readonly state: BuilderState = { settled: true, yaml: '' };

  constructor(
    private readonly root: HTMLElement,
    private readonly host: BuilderHost,
  ) {
    window.musterForce = this.state;
    this.$('fb-name').addEventListener('input', () => this.edit(() => (this.force.name = this.$<HTMLInputElement>('fb-name').value)));
    this.$('fb-points').addEventListener('input', () =>
      this.edit(() => {
        const value = this.$<HTMLInputElement>('fb-points').value.trim();
        this.force.points = value === '' ? undefined : Number(value);
      }),
    );
    this.$('fb-nation').addEventListener('change', () => void this.chooseNation(this.$<HTMLSelectElement>('fb-nation').value));
    this.$('fb-doctrine').addEventListener('change', () => void this.chooseDoctrine(this.$<HTMLSelectElement>('fb-doctrine').value));
    this.$('fb-detachment').addEventListener('change', () =>
      this.edit(() => {
        this.force.detachment = this.$<HTMLSelectElement>('fb-detachment').value;
        this.showDetachment();
      }),
    );
    this.$('fb-add').addEventListener('click', () => this.addUnit());
    this.$('fb-print').addEventListener('click', () => void this.whenChecked().then(() => this.host.print()));
    this.$('fb-download').addEventListener('click', () => this.download());
    this.$('fb-scenario').addEventListener('click', () => void this.whenChecked().then(() => this.host.toScenario()));
    this.$('fb-load').addEventListener('change', () => void this.load(this.$<HTMLInputElement>('fb-load')));
    this.$('fb-new').addEventListener('click', () => void this.setForce(emptyBofForce(), []));
  }

  private $<T extends HTMLElement>(id: string): T {
    return this.root.querySelector<T>(`#${id}`)!;
  }

  /** Shows the builder: the nations' pick-list, the force written and checked. */
  async open(): Promise<void> {
    if (this.opened) return;
    this.opened = true;
    this.nations = await this.list(['nations']);
    await this.setForce(this.force, []);
  }

  private list(args: string[]): Promise<Listed[]> {
    const key = args.join('\u0000');
    let found = this.cache.get(key);
    if (!found) {
      found = this.host.run(['list', 'bof', ...args, '--format', 'json']).then((r) => (r.code === 0 ? (JSON.parse(r.stdout) as Listed[]) : []));
      this.cache.set(key, found);
    }
    return found;
  }

  /** Fills the builder from a force (a new one, or a file loaded). */
  private async setForce(force: BofForce, notes: string[]): Promise<void> {
    this.state.settled = false;
    this.force = force;
    this.$<HTMLInputElement>('fb-name').value = force.name;
    this.$<HTMLInputElement>('fb-points').value = typeof force.points === 'number' ? String(force.points) : '';
    await this.loadLists();
    const missing: string[] = [];
    if (Array.isArray(force.units)) {
      for (const [i, entry] of force.units.entries()) {
        if (entry && typeof entry === 'object' && entry.unit && !this.findUnit(entry.unit)) missing.push(`units[${i}] ${entry.unit}: not in the pick-list of this doctrine, kept as in the file`);
      }
    }
    this.notes = [...notes, ...missing];
    this.renderSelects();
    this.renderRows();
    this.renderNotes();
    this.changed();
  }

  private async loadLists(): Promise<void> {
    const { nation, doctrine } = this.force;
    this.doctrines = nation ? await this.list(['doctrines', '--nation', nation]) : [];
    this.detachments = doctrine ? await this.list(['detachments', '--doctrine', doctrine, ...(nation ? ['--nation', nation] : [])]) : [];
    this.units = doctrine ? await this.list(['units', '--doctrine', doctrine, ...(nation ? ['--nation', nation] : [])]) : [];
    this.weapons = doctrine ? await this.list(['weapons', '--doctrine', doctrine, ...(nation ? ['--nation', nation] : [])]) : [];
  }

  private findUnit(name: string): Listed | undefined {
    const lower = name.toLowerCase();
    return this.units.find((u) => u.id === name) ?? this.units.find((u) => u.id.toLowerCase() === lower || u.name.toLowerCase() === lower);
  }

  private fill(id: string, entries: Listed[], value: string, first: string): void {
    const select = this.$<HTMLSelectElement>(id);
    const known = entries.some((e) => e.id === value);
    select.replaceChildren(
      option('', first, value === ''),
      ...entries.map((e) => option(e.id, e.name, e.id === value)),
      ...(value && !known ? [option(value, `${value} (as in the file)`, true)] : []),
    );
    select.value = value;
  }

  private renderSelects(): void {
    this.fill('fb-nation', this.nations, this.force.nation, 'choose a nation');
    this.fill('fb-doctrine', this.doctrines, this.force.doctrine, this.force.nation ? 'choose a doctrine' : 'choose a nation first');
    this.fill('fb-detachment', this.detachments, this.force.detachment, this.force.doctrine ? 'choose a detachment' : 'choose a doctrine first');
    this.showDetachment();
  }

  /** What the detachment must field, under its pick-list. */
  private showDetachment(): void {
    const found = this.detachments.find((d) => d.id === this.force.detachment);
    const details = found?.details ?? {};
    const core = Array.isArray(details['core']) ? (details['core'] as string[]).join(', ') : '';
    const qualities = Array.isArray(details['qualities']) ? (details['qualities'] as string[]).join(', ') : '';
    this.$('fb-detachment-about').textContent = found ? `Fields at least: ${core}. Qualities: ${qualities}.` : '';
  }

  private async chooseNation(nation: string): Promise<void> {
    this.force.nation = nation;
    await this.loadListsFor('nation');
  }

  private async chooseDoctrine(doctrine: string): Promise<void> {
    this.force.doctrine = doctrine;
    await this.loadListsFor('doctrine');
  }

  /** A nation or doctrine chosen: the lists below narrow to it; a single detachment is chosen for the player. */
  private async loadListsFor(what: 'nation' | 'doctrine'): Promise<void> {
    this.state.settled = false;
    if (what === 'nation') {
      this.doctrines = this.force.nation ? await this.list(['doctrines', '--nation', this.force.nation]) : [];
      if (!this.doctrines.some((d) => d.id === this.force.doctrine)) this.force.doctrine = this.doctrines.length === 1 ? this.doctrines[0]!.id : '';
    }
    await this.loadLists();
    if (!this.detachments.some((d) => d.id === this.force.detachment)) this.force.detachment = this.detachments.length === 1 ? this.detachments[0]!.id : '';
    this.renderSelects();
    this.renderRows();
    this.changed();
  }

  private edit(change: () => void): void {
    change();
    this.changed();
  }

  private addUnit(): void {
    if (!Array.isArray(this.force.units)) return;
    this.force.units.push({ unit: '' });
    this.renderRows();
    this.$(`fb-unit-${this.force.units.length - 1}`)?.focus();
    this.changed();
  }

  private removeUnit(index: number): void {
    this.force.units.splice(index, 1);
    this.renderRows();
    const next = this.$<HTMLElement>(`fb-remove-${Math.min(index, this.force.units.length - 1)}`) ?? this.$('fb-add');
    next.focus();
    this.changed();
  }

  private renderRows(): void {
    const list = this.$('fb-units');
    if (!Array.isArray(this.force.units)) {
      list.replaceChildren(el('li', { className: 'unit-row' }, 'The units of the file are kept as they are: the builder cannot show them.'));
      return;
    }
    list.replaceChildren(...this.force.units.map((entry, index) => this.row(entry, index)));
    this.showReport();
  }

  /** Re-draws one row, keeping the focus on the control that had it. */
  private renderRow(index: number): void {
    const focused = document.activeElement?.id;
    const old = this.$(`fb-row-${index}`);
    old?.replaceWith(this.row(this.force.units[index]!, index));
    if (focused) document.getElementById(focused)?.focus();
    this.showReport();
  }

  private row(entry: BofEntry, index: number): HTMLLIElement {
    const li = el('li', { className: 'unit-row', id: `fb-row-${index}` });
    li.dataset['row'] = `units[${index}]`;
    if (!entry || typeof entry !== 'object') {
      li.append(el('p', { className: 'hint' }, `Entry ${index + 1} is kept as in the file: the builder cannot show it.`));
      return li;
    }
    const unit = entry.unit ? this.findUnit(entry.unit) : undefined;
    const type = String(unit?.details?.['type'] ?? '');
    const head = el('div', { className: 'row-head' }, el('strong', { textContent: `Unit ${index + 1}` }), el('span', { className: 'row-points', id: `fb-points-${index}` }));

    const unitSelect = el('select');
    const byType = new Map<string, Listed[]>();
    for (const u of this.units) {
      const t = String(u.details?.['type'] ?? 'other');
      byType.set(t, [...(byType.get(t) ?? []), u]);
    }
    unitSelect.append(option('', this.units.length ? 'choose a unit' : 'choose a doctrine first', !entry.unit));
    for (const [t, units] of byType) {
      const group = el('optgroup', { label: t.replace(/-/g, ' ') });
      group.append(...units.map((u) => option(u.id, `${u.name} (${String(u.details?.['role'] ?? u.id)}), ${pts(u.points)}`, u.id === unit?.id)));
      unitSelect.append(group);
    }
    if (entry.unit && !unit) unitSelect.append(option(entry.unit, `${entry.unit} (as in the file)`, true));
    unitSelect.addEventListener('change', () => {
      entry.unit = unitSelect.value;
      this.renderRow(index);
      this.changed();
    });

    const count = el('input', { type: 'number', min: '1', max: '100', step: '1', inputMode: 'numeric', value: String(entry.count ?? 1) });
    count.addEventListener('input', () => {
      const n = Number(count.value);
      entry.count = count.value.trim() === '' || !Number.isFinite(n) ? 1 : n;
      this.changed();
    });

    const allowed = this.detachmentQualities();
    const quality = el('select');
    const soldier = SOLDIER_TYPES.has(type);
    quality.append(option('', `default (${soldier ? 'regular' : 'conscript'})`, !entry.quality));
    for (const q of QUALITIES) if (allowed.includes(q) || entry.quality === q) quality.append(option(q, q, entry.quality === q));
    if (entry.quality && !QUALITIES.includes(entry.quality)) quality.append(option(entry.quality, `${entry.quality} (as in the file)`, true));
    quality.addEventListener('change', () => this.edit(() => (entry.quality = quality.value || undefined)));

    const labelInput = el('input', { type: 'text', value: typeof entry.label === 'string' ? entry.label : '', placeholder: unit?.name ?? '', autocomplete: 'off' });
    labelInput.addEventListener('input', () => this.edit(() => (entry.label = labelInput.value)));

    const fields = el('div', { className: 'row3' }, labelled(`fb-count-${index}`, 'Count', count));
    if (type !== 'ranking-officer' || entry.quality) fields.append(labelled(`fb-quality-${index}`, 'Quality', quality));
    fields.append(labelled(`fb-label-${index}`, 'Label', labelInput));
    li.append(head, labelled(`fb-unit-${index}`, 'Unit', unitSelect), fields);

    const weapons = Array.isArray(entry.weapons) ? entry.weapons : [];
    if ((soldier && type !== 'ranking-officer' && this.weapons.length > 0) || weapons.length > 0) {
      const set = el('fieldset', { className: 'weapons' }, el('legend', { textContent: 'Weapons bought' }));
      const shown = [...this.weapons.map((w) => ({ id: w.id, text: `${w.name}, ${pts(w.points)}` }))];
      for (const w of weapons) if (!this.weapons.some((x) => x.id === w)) shown.push({ id: w, text: `${w} (as in the file)` });
      for (const [k, w] of shown.entries()) {
        const box = el('input', { type: 'checkbox', id: `fb-weapon-${index}-${k}`, checked: weapons.includes(w.id) });
        box.value = w.id;
        box.addEventListener('change', () =>
          this.edit(() => {
            const now = Array.isArray(entry.weapons) ? entry.weapons : [];
            entry.weapons = box.checked ? [...now, w.id] : now.filter((x) => x !== w.id);
          }),
        );
        set.append(el('div', { className: 'field check' }, box, el('label', { htmlFor: box.id, textContent: w.text })));
      }
      li.append(set);
    }
    if (type === 'infantry' || entry.squadLeader) {
      const leader = el('input', { type: 'checkbox', checked: Boolean(entry.squadLeader) });
      leader.addEventListener('change', () => this.edit(() => (entry.squadLeader = leader.checked || undefined)));
      leader.id = `fb-leader-${index}`;
      li.append(el('div', { className: 'field check' }, leader, el('label', { htmlFor: leader.id, textContent: 'Appointed squad leader (free)' })));
    }
    const problems = el('ul', { className: 'problems', id: `fb-problems-${index}` });
    problems.setAttribute('aria-live', 'polite');
    const remove = el('button', { type: 'button', id: `fb-remove-${index}`, className: 'small', textContent: `Remove unit ${index + 1}` });
    remove.addEventListener('click', () => this.removeUnit(index));
    li.append(problems, el('div', { className: 'actions' }, remove));
    return li;
  }

  private detachmentQualities(): string[] {
    const found = this.detachments.find((d) => d.id === this.force.detachment);
    const q = found?.details?.['qualities'];
    return Array.isArray(q) ? (q as string[]) : QUALITIES;
  }

  private renderNotes(): void {
    const notes = this.$('fb-notes');
    notes.replaceChildren(...this.notes.map((n) => el('li', { textContent: n })));
    this.$('fb-notes-box').hidden = this.notes.length === 0;
  }

  /** The force changed: written now, checked once the player pauses (300 ms). */
  private changed(): void {
    this.state.yaml = bofForceToYaml(this.force);
    this.host.writeForce(this.state.yaml);
    this.state.settled = false;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.check();
    }, 300);
  }

  private async check(): Promise<void> {
    const generation = ++this.generation;
    const yaml = this.state.yaml;
    const result = await this.host.run(['check', 'bof', '--force', FORCE_FILE, '--format', 'json']);
    if (generation !== this.generation) return;
    this.report = result.stdout.trim().startsWith('{') ? (JSON.parse(result.stdout) as CheckReport) : undefined;
    Object.assign(this.state, { yaml, code: result.code, report: this.report, stderr: result.stderr });
    this.showReport(result.stderr);
    this.state.settled = this.timer === undefined;
    this.resolveChecked();
  }

  private waiting: (() => void)[] = [];
  private resolveChecked(): void {
    if (!this.state.settled) return;
    for (const done of this.waiting.splice(0)) done();
  }

  /** Runs a check now if one is due, so a print takes the force as it stands. */
  private whenChecked(): Promise<void> {
    if (this.state.settled) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private showReport(stderr = this.state.stderr ?? ''): void {
    const report = this.report;
    const total = this.$('fb-total');
    const verdict = this.$('fb-verdict');
    const top = this.$('fb-problems');
    const bar = this.$('fb-bar');
    for (const list of this.root.querySelectorAll('#fb-units .problems')) list.replaceChildren();
    for (const span of this.root.querySelectorAll('#fb-units .row-points')) span.textContent = '';
    if (!report) {
      total.textContent = '– points';
      const lines = this.state.code === undefined ? [] : refusalLines(stderr);
      verdict.textContent = lines.length ? 'the command line refuses this file:' : '';
      top.replaceChildren(...lines.map((line) => el('li', { textContent: line })));
      bar.className = lines.length ? 'force-bar bad' : 'force-bar';
      return;
    }
    const limit = Number(report.limit);
    total.textContent = `${report.points} of ${report.limit} points`;
    const rows = problemsByRow(report.problems);
    const count = report.problems.length;
    verdict.textContent = count === 0 ? 'no problems' : `${count} problem${count === 1 ? '' : 's'}`;
    bar.className = count === 0 && report.points <= limit ? 'force-bar good' : 'force-bar bad';
    const item = (p: Problem, where: boolean) => {
      const li = el('li', {}, el('span', { className: 'rule', textContent: `${where ? `${p.where} ` : ''}(${p.rule}): ` }), p.message);
      li.dataset['where'] = p.where;
      return li;
    };
    const elsewhere: Problem[] = [];
    for (const [key, problems] of rows) {
      const index = /^units\[(\d+)\]$/.exec(key)?.[1];
      const list = index !== undefined ? this.root.querySelector(`#fb-problems-${index}`) : null;
      if (list) list.replaceChildren(...problems.map((p) => item(p, false)));
      else elsewhere.push(...problems);
    }
    top.replaceChildren(...elsewhere.map((p) => item(p, true)));
    for (const entry of report.entries) {
      const index = /^units\[(\d+)\]$/.exec(rowKey(entry.where))?.[1];
      const span = index !== undefined ? this.root.querySelector(`#fb-points-${index}`) : null;
      if (span) span.textContent = `${entry.name}: ${pts(entry.points)}`;
    }
  }

  private download(): void {
    const slug = this.force.name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'force';
    this.host.save(new TextEncoder().encode(bofForceToYaml(this.force)), `${slug}.yaml`, 'application/yaml');
  }

  private async load(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    if (!file) return;
    const text = await file.text();
    input.value = '';
    try {
      const { force, notes } = bofForceFromText(text);
      await this.setForce(force, [`Loaded ${file.name}.`, ...notes]);
    } catch (error) {
      this.notes = [`${file.name}: ${(error as Error).message}`];
      this.renderNotes();
    }
  }
}
