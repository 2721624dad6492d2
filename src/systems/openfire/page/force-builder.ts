/**
 * The Open Fire force builder: name, points and nation, then rows of units from that nation's
 * sample list (`muster list openfire units --nation`), each with its count and a label for the
 * roster. The bench checks it live (`muster check openfire`) and shows the problems beside the
 * rows they name.
 */
import type { CheckReport } from '../../../web/kit/force-model.js';
import { isMapping, setOrDrop } from '../../../web/kit/force-model.js';
import { el, labelled, numberInput, option, problemList, pts, redrawRows, replaceKeepingFocus, rowItem, RuleSetBuilder, selectOf, textInput, type Listed, type Summary } from '../../../web/kit/force-ui.js';
import { emptyOfForce, ofForceFromText, ofForceToYaml, type OfEntry, type OfForce } from './force-model.js';

/** The points a side has when the file gives none, as the command line reads it. */
const DEFAULT_POINTS = 500;

export class OpenFireBuilder extends RuleSetBuilder {
  readonly system = 'openfire' as const;
  private force: OfForce = emptyOfForce();
  private nations: Listed[] = [];
  /** the chosen nation's units */
  private units: Listed[] = [];
  /** the rows being drawn: a newer drawing stops an older one */
  private drawing = 0;

  protected async firstOpen(): Promise<void> {
    this.nations = await this.bench.list('openfire', ['nations']);
    await this.show(this.force, [], false);
  }

  async reset(): Promise<void> {
    await this.show(emptyOfForce(), []);
  }

  async load(text: string, file: string): Promise<void> {
    const { force, notes } = ofForceFromText(text);
    await this.show(force, [`Loaded ${file}.`, ...notes]);
  }

  yaml(): string {
    return ofForceToYaml(this.force);
  }

  forceName(): string {
    return this.force.name;
  }

  summary(report: CheckReport | undefined): Summary {
    if (!report) return { total: '– points', good: false };
    return { total: `${report.points} of ${report.limit} points`, good: (report.points ?? 0) <= Number(report.limit) };
  }

  /** The nation a file names, by id or name ("Germany", "de"), as the command line finds it. */
  private nationOf(value: string): Listed | undefined {
    const lower = value.trim().toLowerCase();
    return this.nations.find((n) => n.id === value) ?? this.nations.find((n) => n.id.toLowerCase() === lower || n.name.toLowerCase() === lower);
  }

  /** A unit of the nation's list by id or name ("Grenadier squad"), as the command line finds it. */
  private unitOf(value: string): Listed | undefined {
    const lower = value.trim().toLowerCase();
    return this.units.find((u) => u.id === value) ?? this.units.find((u) => u.id.toLowerCase() === lower || u.name.toLowerCase() === lower);
  }

  private async loadUnits(): Promise<void> {
    const nation = this.nationOf(this.force.nation);
    this.units = nation ? await this.bench.list('openfire', ['units', '--nation', nation.id]) : [];
  }

  private async show(force: OfForce, notes: string[], changed = true): Promise<void> {
    this.force = force;
    await this.loadUnits();
    const missing: string[] = [];
    if (Array.isArray(force.units)) {
      for (const [i, entry] of force.units.entries()) {
        if (isMapping(entry) && entry.unit && !this.unitOf(entry.unit)) missing.push(`units[${i}] ${entry.unit}: not in the list of this nation, kept as in the file`);
      }
    }
    this.bench.setNotes([...notes, ...missing]);
    await this.render();
    if (changed) this.bench.changed();
  }

  private edit(change: () => void): void {
    change();
    this.bench.changed();
  }

  private async render(): Promise<void> {
    const f = this.force;
    const name = textInput(f.name, { placeholder: '2nd Platoon, Baker Company' }, (v) => this.edit(() => (f.name = v)));
    const points = numberInput(f.points, { min: '1', placeholder: String(DEFAULT_POINTS) }, (v) => this.edit(() => setOrDrop(f, 'points', v)));
    const known = this.nationOf(f.nation);
    const nation = selectOf(this.nations, known?.id ?? f.nation, 'choose a nation', (v) => void this.chooseNation(v));
    const units = el('ol', { className: 'units', id: 'of-units' });
    units.setAttribute('aria-label', 'Units');
    const add = el('button', { type: 'button', id: 'of-add', textContent: 'Add a unit' });
    add.addEventListener('click', () => this.addUnit());
    this.box.replaceChildren(
      el('div', { className: 'row' }, labelled('of-name', 'Force name', name), labelled('of-points', 'Points a side', points)),
      labelled('of-nation', 'Nation', nation),
      el('p', { className: 'hint', textContent: "Units come from muster's sample lists: the rules text gives no army lists or points." }),
      el('h2', { className: 'sub', textContent: 'Units' }),
      units,
      el('div', { className: 'actions' }, add),
    );
    await this.renderUnits();
  }

  /** A nation chosen: its list is fetched and the rows show its units (those of another kept as in the file). */
  private async chooseNation(nation: string): Promise<void> {
    this.force.nation = nation;
    await this.loadUnits();
    await this.renderUnits();
    this.bench.changed();
  }

  /** A unit added: its row alone is drawn. */
  private addUnit(): void {
    if (!Array.isArray(this.force.units)) return;
    const entry: OfEntry = { unit: '' };
    this.force.units.push(entry);
    const index = this.force.units.length - 1;
    this.box.querySelector('#of-units')!.append(this.unitRow(entry, index));
    this.bench.reshow();
    this.box.querySelector<HTMLElement>(`#of-unit-${index}`)?.focus();
    this.bench.changed();
  }

  /** The rows from `from` on, drawn a few at a time with the page free between them. */
  private async renderUnits(from = 0): Promise<void> {
    const mine = ++this.drawing;
    if (await redrawRows(this.box.querySelector('#of-units')!, this.force.units, from, (entry, index) => this.unitRow(entry, index), () => mine === this.drawing)) this.bench.reshow();
  }

  private unitRow(entry: OfEntry, index: number): HTMLLIElement {
    this.bench.rowDrawn();
    const li = rowItem(`of-row-${index}`, `units[${index}]`);
    const id = (what: string) => `of-${what}-${index}`;
    if (!isMapping(entry)) {
      li.append(el('p', { className: 'hint' }, `Entry ${index + 1} is kept as in the file: the builder cannot show it.`), problemList(id('problems')));
      return li;
    }
    const found = entry.unit ? this.unitOf(entry.unit) : undefined;
    const unit = el('select');
    unit.append(option('', this.units.length ? 'choose a unit' : 'choose a nation first', !entry.unit));
    // the list grouped by type: officers, infantry, guns, vehicles
    const byType = new Map<string, Listed[]>();
    for (const u of this.units) {
      const type = String(u.details?.['type'] ?? 'other');
      byType.set(type, [...(byType.get(type) ?? []), u]);
    }
    for (const [type, listed] of byType) {
      const group = el('optgroup', { label: type.replace(/-/g, ' ') });
      group.append(...listed.map((u) => option(u.id, `${u.name}, ${pts(u.points)}`, u.id === found?.id)));
      unit.append(group);
    }
    if (entry.unit && !found) unit.append(option(entry.unit, `${entry.unit} (as in the file)`, true));
    // a unit the file names by its name stays so written until another is chosen
    unit.value = found?.id ?? entry.unit ?? '';
    unit.addEventListener('change', () => {
      entry.unit = unit.value;
      replaceKeepingFocus(this.box.querySelector(`#of-row-${index}`), this.unitRow(entry, index));
      this.bench.reshow();
      this.bench.changed();
    });
    const count = numberInput(entry.count ?? 1, { min: '1', max: '100' }, (v) => this.edit(() => setOrDrop(entry, 'count', v, 1)));
    const label = textInput(entry.label, { placeholder: found?.name ?? '' }, (v) => this.edit(() => setOrDrop(entry, 'label', v.trim() === '' ? undefined : v)));
    const remove = el('button', { type: 'button', id: id('remove'), className: 'small', textContent: `Remove unit ${index + 1}` });
    remove.addEventListener('click', async () => {
      this.force.units.splice(index, 1);
      await this.renderUnits(index);
      (this.box.querySelector<HTMLElement>(`#of-remove-${Math.min(index, this.force.units.length - 1)}`) ?? this.box.querySelector<HTMLElement>('#of-add'))?.focus();
      this.bench.changed();
    });
    const about = found ? `${String(found.details?.['type'] ?? '').replace(/-/g, ' ')}, ${String(found.details?.['rank'] ?? '')}: ${String(found.details?.['stats'] ?? '')}` : '';
    li.append(
      el('div', { className: 'row-head' }, el('strong', { textContent: `Unit ${index + 1}` }), el('span', { className: 'row-points', id: id('points') })),
      labelled(id('unit'), 'Unit', unit),
      el('div', { className: 'row3' }, labelled(id('count'), 'Count', count), labelled(id('label'), 'Label', label)),
      el('p', { className: 'hint', id: id('about'), textContent: about }),
      problemList(id('problems')),
      el('div', { className: 'actions' }, remove),
    );
    return li;
  }
}
