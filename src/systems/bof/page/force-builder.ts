/**
 * The Burst of Fire force builder (issue 17): name, points limit, nation, doctrine and
 * detachment, then rows of units from the doctrine's pick-lists (`muster list bof`), with their
 * count, quality, label, weapons bought and squad leader. The bench checks it live (`muster
 * check bof`) and shows the problems beside the rows they name.
 */
import type { CheckReport } from '../../../web/kit/force-model.js';
import { el, labelled, option, pts, redrawRows, RuleSetBuilder, type Bench, type Listed, type Summary } from '../../../web/kit/force-ui.js';
import { bofForceFromText, bofForceToYaml, emptyBofForce, type BofEntry, type BofForce } from './force-model.js';
import { parseCoreLine, type CoreEntry } from '../core-line.js';
import { findByName } from '../../../data/find-name.js';

const SOLDIER_TYPES = new Set(['infantry', 'crew', 'squad-leader', 'ranking-officer']);
const QUALITIES = ['conscript', 'regular', 'elite'];

/** Burst of Fire: nation, doctrine and detachment, then rows of units from the doctrine's pick-lists. */
export class BofBuilder extends RuleSetBuilder {
  readonly system = 'bof' as const;
  private force: BofForce = emptyBofForce();
  private nations: Listed[] = [];
  private doctrines: Listed[] = [];
  private detachments: Listed[] = [];
  private units: Listed[] = [];
  private weapons: Listed[] = [];
  /** entries whose weapons are shown: the rows the player adds, and those opened */
  private weaponsShown = new WeakSet<object>();
  /** each pick-list's spellings (id, name, id without the nation), made once per list */
  private readonly spellings = new WeakMap<readonly Listed[], { id: string; name: string; aliases: string[]; entry: Listed }[]>();
  /** the rows being drawn: a newer drawing stops an older one */
  private drawing = 0;

  constructor(bench: Bench, box: HTMLElement) {
    super(bench, box);
    box.append(...this.fields());
    this.$('fb-name').addEventListener('input', () => this.edit(() => (this.force.name = this.$<HTMLInputElement>('fb-name').value)));
    this.$('fb-points').addEventListener('input', () =>
      this.edit(() => {
        const value = this.$<HTMLInputElement>('fb-points').value.trim();
        this.force.points = value === '' ? undefined : Number(value);
      }),
    );
    this.$('fb-nation').addEventListener('change', () => void this.chooseNation(this.$<HTMLSelectElement>('fb-nation').value));
    this.$('fb-doctrine').addEventListener('change', () => void this.chooseDoctrine(this.$<HTMLSelectElement>('fb-doctrine').value));
    this.$('fb-detachment').addEventListener('change', () => void this.chooseDetachment(this.$<HTMLSelectElement>('fb-detachment').value));
    this.$('fb-add').addEventListener('click', () => this.addUnit());
  }

  private $<T extends HTMLElement>(id: string): T {
    return this.box.querySelector<T>(`#${id}`)!;
  }

  /** The force's own fields, above its rows of units. */
  private fields(): HTMLElement[] {
    const units = el('ol', { className: 'units', id: 'fb-units' });
    units.setAttribute('aria-label', 'Units');
    return [
      el(
        'div',
        { className: 'row' },
        labelled('fb-name', 'Force name', el('input', { type: 'text', autocomplete: 'off', placeholder: 'Panzerzug Brandt' })),
        labelled('fb-points', 'Points limit', el('input', { type: 'number', inputMode: 'numeric', min: '1', step: '1' })),
      ),
      // no number in the field: a grey example there read as a limit already set beside "Points limit: missing"
      el('p', { className: 'hint', id: 'fb-points-about' }, 'The points the players agreed on; the text suggests 100 to 200 for a force built from scratch (§ Game setup).'),
      labelled('fb-nation', 'Nation', el('select')),
      el('div', { className: 'row' }, labelled('fb-doctrine', 'Doctrine', el('select')), labelled('fb-detachment', 'Detachment', el('select'))),
      el('p', { className: 'hint', id: 'fb-detachment-about' }),
      units,
      el('div', { className: 'actions' }, el('button', { type: 'button', id: 'fb-add', textContent: 'Add a unit' })),
    ];
  }

  /** The nations' pick-list, then the force written and checked. */
  protected async firstOpen(): Promise<void> {
    this.nations = await this.list(['nations']);
    await this.setForce(this.force, [], false);
  }

  private list(args: string[]): Promise<Listed[]> {
    return this.bench.list('bof', args);
  }

  async reset(): Promise<void> {
    await this.setForce(emptyBofForce(), []);
  }

  async load(text: string, file: string): Promise<void> {
    const { force, notes } = bofForceFromText(text);
    await this.setForce(force, [`Loaded ${file}.`, ...notes]);
  }

  yaml(): string {
    return bofForceToYaml(this.force);
  }

  forceName(): string {
    return this.force.name;
  }

  summary(report: CheckReport | undefined): Summary {
    if (!report) return { total: '– points', good: false };
    return { total: `${report.points} of ${report.limit} points`, good: (report.points ?? 0) <= Number(report.limit) };
  }

  /** Fills the builder from a force (a new one, or a file loaded). */
  private async setForce(force: BofForce, notes: string[], changed = true): Promise<void> {
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
    this.renderSelects();
    this.bench.setNotes([...notes, ...missing]);
    await this.renderRows();
    if (changed) this.changed();
  }

  private async loadLists(): Promise<void> {
    const { nation, doctrine } = this.force;
    this.doctrines = nation ? await this.list(['doctrines', '--nation', nation]) : [];
    this.detachments = doctrine ? await this.list(['detachments', '--doctrine', doctrine, ...(nation ? ['--nation', nation] : [])]) : [];
    this.units = doctrine ? await this.list(['units', '--doctrine', doctrine, ...(nation ? ['--nation', nation] : [])]) : [];
    this.weapons = doctrine ? await this.list(['weapons', '--doctrine', doctrine, ...(nation ? ['--nation', nation] : [])]) : [];
  }

  private findUnit(name: string): Listed | undefined {
    return this.spelled(name, this.units);
  }

  /** A weapon of the pick-list as a file may spell it: its id, its name, or its id without the nation ("mp40"). */
  private findWeapon(typed: string): Listed | undefined {
    return this.spelled(typed, this.weapons);
  }

  /** The entry of a pick-list a typed name finds as the command line's check finds it, where it finds one. */
  private spelled(typed: string, entries: readonly Listed[]): Listed | undefined {
    // most files give ids: found at once, before any spelling is folded
    const direct = entries.find((e) => e.id === typed);
    if (direct) return direct;
    let candidates = this.spellings.get(entries);
    if (!candidates) {
      const nations = new Set(this.nations.map((n) => n.id));
      candidates = entries.map((e) => {
        const dash = e.id.indexOf('-');
        return { id: e.id, name: e.name, aliases: dash > 0 && nations.has(e.id.slice(0, dash)) ? [e.id.slice(dash + 1)] : [], entry: e };
      });
      this.spellings.set(entries, candidates);
    }
    const match = findByName(typed, candidates, { what: 'entry' });
    return match.problem === undefined ? match.found.entry : undefined;
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

  /** The chosen detachment's core units, as its listing gives them. */
  private coreOf(): CoreEntry[] {
    const found = this.detachments.find((d) => d.id === this.force.detachment);
    const core = found?.details?.['core'];
    return Array.isArray(core) ? core.flatMap((line) => parseCoreLine(String(line)) ?? []) : [];
  }

  /** What the detachment must field, by the units' names, under its pick-list. */
  private showDetachment(): void {
    const found = this.detachments.find((d) => d.id === this.force.detachment);
    const core = this.coreOf()
      .map((c) => `${c.count} ${this.findUnit(c.unit)?.name ?? c.unit}${c.quality ? ` (${c.quality})` : ''}`)
      .join(', ');
    const listed = found?.details?.['qualities'];
    const qualities = Array.isArray(listed) ? listed.join(', ') : '';
    this.$('fb-detachment-about').textContent = found ? `Fields at least: ${core}. Qualities: ${qualities}.` : '';
  }

  /**
   * A force with no units yet, its detachment chosen: its core units are filled in, for the
   * player to name, arm and add to. A force that has units keeps them as they are.
   */
  private fillCore(): boolean {
    if (!Array.isArray(this.force.units) || this.force.units.length > 0) return false;
    const core = this.coreOf();
    this.force.units.push(...core.map((c): BofEntry => ({ unit: c.unit, ...(c.count !== 1 ? { count: c.count } : {}), ...(c.quality ? { quality: c.quality } : {}) })));
    return core.length > 0;
  }

  private async chooseDetachment(detachment: string): Promise<void> {
    this.force.detachment = detachment;
    this.showDetachment();
    if (this.fillCore()) await this.renderRows();
    this.changed();
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
    if (what === 'nation') {
      this.doctrines = this.force.nation ? await this.list(['doctrines', '--nation', this.force.nation]) : [];
      if (!this.doctrines.some((d) => d.id === this.force.doctrine)) this.force.doctrine = this.doctrines.length === 1 ? this.doctrines[0]!.id : '';
    }
    await this.loadLists();
    if (!this.detachments.some((d) => d.id === this.force.detachment)) this.force.detachment = this.detachments.length === 1 ? this.detachments[0]!.id : '';
    this.fillCore();
    this.renderSelects();
    await this.renderRows();
    this.changed();
  }

  private edit(change: () => void): void {
    change();
    this.changed();
  }

  /** A unit added: its row alone is drawn, the others stay as they are. */
  private addUnit(): void {
    if (!Array.isArray(this.force.units)) return;
    const entry: BofEntry = { unit: '' };
    this.force.units.push(entry);
    this.weaponsShown.add(entry);
    const index = this.force.units.length - 1;
    this.$('fb-units').append(this.row(entry, index));
    this.bench.reshow();
    this.$(`fb-unit-${index}`)?.focus();
    this.changed();
  }

  /** A unit removed: the rows after it are numbered anew, those before stay. */
  private async removeUnit(index: number): Promise<void> {
    this.force.units.splice(index, 1);
    await this.renderRows(index);
    const next = this.$<HTMLElement>(`fb-remove-${Math.min(index, this.force.units.length - 1)}`) ?? this.$('fb-add');
    next.focus();
    this.changed();
  }

  /**
   * Draws the rows from `from` on (all by default), a few at a time with the page free between
   * them: a force of hundreds of units is drawn while the player can still scroll and type.
   */
  private async renderRows(from = 0): Promise<void> {
    const mine = ++this.drawing;
    if (await redrawRows(this.$('fb-units'), this.force.units, from, (unit, index) => this.row(unit, index), () => mine === this.drawing)) this.bench.reshow();
  }

  /** Re-draws one row, keeping the focus on the control that had it. */
  private renderRow(index: number): void {
    const focused = document.activeElement?.id;
    const old = this.$(`fb-row-${index}`);
    old?.replaceWith(this.row(this.force.units[index]!, index));
    if (focused) document.getElementById(focused)?.focus();
    this.bench.reshow();
  }

  private row(entry: BofEntry, index: number): HTMLLIElement {
    this.bench.rowDrawn();
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
    const fillUnits = () => {
      const byType = new Map<string, Listed[]>();
      for (const u of this.units) {
        const t = String(u.details?.['type'] ?? 'other');
        const group = byType.get(t);
        if (group) group.push(u);
        else byType.set(t, [u]);
      }
      unitSelect.replaceChildren(option('', this.units.length ? 'choose a unit' : 'choose a doctrine first', !entry.unit));
      for (const [t, units] of byType) {
        const group = el('optgroup', { label: t.replace(/-/g, ' ') });
        group.append(...units.map((u) => option(u.id, `${u.name} (${String(u.details?.['role'] ?? u.id)}), ${pts(u.points)}`, u.id === unit?.id)));
        unitSelect.append(group);
      }
      if (entry.unit && !unit) unitSelect.append(option(entry.unit, `${entry.unit} (as in the file)`, true));
      unitSelect.value = unit?.id ?? entry.unit ?? '';
    };
    if (this.weaponsShown.has(entry) || !entry.unit) fillUnits();
    else {
      // a loaded row holds its own unit until the player reaches for the list: hundreds of full lists keep the page busy
      unitSelect.append(unit ? option(unit.id, `${unit.name} (${String(unit.details?.['role'] ?? unit.id)}), ${pts(unit.points)}`, true) : option(entry.unit, `${entry.unit} (as in the file)`, true));
      let filled = false;
      const reach = () => {
        if (filled) return;
        filled = true;
        fillUnits();
      };
      for (const event of ['pointerdown', 'mousedown', 'focus', 'keydown']) unitSelect.addEventListener(event, reach);
    }
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

    const remove = el('button', { type: 'button', id: `fb-remove-${index}`, className: 'small remove', textContent: '✕', title: `Remove unit ${index + 1}` });
    remove.setAttribute('aria-label', `Remove unit ${index + 1}`);
    remove.addEventListener('click', () => void this.removeUnit(index));
    // one line at desktop width: the unit, its count, quality and label, and its removal
    const line = el('div', { className: 'unit-line' }, labelled(`fb-unit-${index}`, 'Unit', unitSelect, 'unit-pick'), labelled(`fb-count-${index}`, 'Count', count));
    if (type !== 'ranking-officer' || entry.quality) line.append(labelled(`fb-quality-${index}`, 'Quality', quality));
    else line.append(el('div', { className: 'field' }));
    line.append(labelled(`fb-label-${index}`, 'Label', labelInput), remove);
    li.append(head, line);

    const weapons = Array.isArray(entry.weapons) ? entry.weapons : [];
    // a second line only for what a soldier may have: weapons bought (opened on demand) and the squad leader
    const extras = el('div', { className: 'unit-extras' });
    if ((soldier && type !== 'ranking-officer' && this.weapons.length > 0) || weapons.length > 0) extras.append(this.weaponsBox(entry, index, weapons));
    if (type === 'infantry' || entry.squadLeader) {
      const leader = el('input', { type: 'checkbox', checked: Boolean(entry.squadLeader) });
      leader.addEventListener('change', () => this.edit(() => (entry.squadLeader = leader.checked || undefined)));
      leader.id = `fb-leader-${index}`;
      extras.append(el('div', { className: 'field check' }, leader, el('label', { htmlFor: leader.id, textContent: 'Appointed squad leader (free)' })));
    }
    if (extras.children.length > 0) li.append(extras);
    const problems = el('ul', { className: 'problems', id: `fb-problems-${index}` });
    problems.setAttribute('aria-live', 'polite');
    li.append(problems);
    return li;
  }

  /**
   * The weapons a row may buy. A loaded row shows what it bought in a line that opens onto the
   * checkboxes: a few hundred rows of a dozen checkboxes each would keep the page busy for seconds.
   */
  private weaponsBox(entry: BofEntry, index: number, weapons: string[]): HTMLElement {
    // a weapon the file spells otherwise ("MP 40", "mp40") is the pick-list's own, ticked, never shown twice
    const idOf = (typed: string) => this.findWeapon(typed)?.id ?? typed;
    const nameOf = (typed: string) => this.findWeapon(typed)?.name ?? typed;
    const names = weapons.map(nameOf);
    const details = el('details', { className: 'weapons' }, el('summary', { textContent: `Weapons bought: ${names.length ? names.join(', ') : 'none'}` }));
    const fill = () => {
      if (details.querySelector('fieldset')) return;
      const set = el('fieldset', { className: 'weapons' }, el('legend', { textContent: 'Weapons bought' }));
      const shown = [...this.weapons.map((w) => ({ id: w.id, text: `${w.name}, ${pts(w.points)}` }))];
      for (const w of weapons) if (!this.findWeapon(w) && !shown.some((x) => x.id === w)) shown.push({ id: w, text: `${w} (as in the file)` });
      for (const [k, w] of shown.entries()) {
        const box = el('input', { type: 'checkbox', id: `fb-weapon-${index}-${k}`, checked: weapons.some((typed) => idOf(typed) === w.id) });
        box.value = w.id;
        box.addEventListener('change', () =>
          this.edit(() => {
            const now = Array.isArray(entry.weapons) ? entry.weapons : [];
            // the file's own spelling stays while ticked; unticked, every spelling of it goes
            entry.weapons = box.checked ? (now.some((typed) => idOf(typed) === w.id) ? now : [...now, w.id]) : now.filter((typed) => idOf(typed) !== w.id);
            const bought = entry.weapons.map(nameOf);
            details.querySelector('summary')!.textContent = `Weapons bought: ${bought.length ? bought.join(', ') : 'none'}`;
          }),
        );
        set.append(el('div', { className: 'field check' }, box, el('label', { htmlFor: box.id, textContent: w.text })));
      }
      details.append(set);
    };
    details.addEventListener('toggle', () => {
      if (!details.open) return;
      this.weaponsShown.add(entry);
      fill();
    });
    if (this.weaponsShown.has(entry)) {
      details.open = true;
      fill();
    }
    return details;
  }

  private detachmentQualities(): string[] {
    const found = this.detachments.find((d) => d.id === this.force.detachment);
    const q = found?.details?.['qualities'];
    return Array.isArray(q) ? (q as string[]) : QUALITIES;
  }

  private changed(): void {
    this.bench.changed();
  }
}
