/**
 * The Blaze Away! force builder (issue 17): name, side, nation, rating, partisans, colour and
 * notes, then units of the five kinds the doc describes (infantry stands by type, armour,
 * motorised, guns, aircraft), with the types, carriers, ratings and roles of `muster list
 * blazeaway`. No points: the bar counts the units and the bench shows the check's problems.
 */
import type { CheckReport } from '../../../web/kit/force-model.js';
import { isMapping, setOrDrop } from '../../../web/kit/force-model.js';
import { BA_KINDS, baCount, baForceFromText, baForceToYaml, emptyBaForce, newBaUnit, type BaForce, type BaKind, type BaStand, type BaUnit } from './force-model.js';
import { el, labelled, numberInput, problemList, redrawRows, replaceKeepingFocus, rowItem, RuleSetBuilder, selectOf, textInput, type Listed, type Summary } from '../../../web/kit/force-ui.js';

const SIDES = [
  { id: 'axis', name: 'Axis' },
  { id: 'allies', name: 'Allies' },
];
const KIND_NAMES: Record<BaKind, string> = { infantry: 'Infantry', armour: 'Armour', motorised: 'Motorised', gun: 'Gun', aircraft: 'Aircraft' };
const ORDERS = [
  { id: 'individual', name: 'a card a model' },
  { id: 'squadron', name: 'a squadron, cards by the rating' },
  { id: 'passengers', name: 'on its passengers’ cards' },
];
const CLASSES = ['A', 'B', 'C', 'D', 'E'].map((c) => ({ id: c, name: c }));
const GUN_GROUPS = ['1', '2', '3', '4', '5'].map((g) => ({ id: g, name: g }));
const VEHICLE_WEAPONS = ['afv-mg', 'vehicle-flamethrower'];

export class BlazeawayBuilder extends RuleSetBuilder {
  readonly system = 'blazeaway' as const;
  private force: BaForce = emptyBaForce();
  private ratings: Listed[] = [];
  private stands: Listed[] = [];
  private weapons: Listed[] = [];
  private carriers: Listed[] = [];
  private roles: Listed[] = [];
  private colours: string[] = ['Red', 'Blue'];
  /** the rows being drawn: a newer drawing stops an older one */
  private drawing = 0;

  protected async firstOpen(): Promise<void> {
    const list = (what: string) => this.bench.list('blazeaway', [what]);
    [this.ratings, this.stands, this.weapons, this.carriers, this.roles] = await Promise.all([list('ratings'), list('stands'), list('weapons'), list('carriers'), list('aircraft')]);
    const copies = (await list('decks'))[0]?.details?.['copies'];
    if (Array.isArray(copies) && copies.length) this.colours = copies.map(String);
    await this.show(this.force, [], false);
  }

  async reset(): Promise<void> {
    await this.show(emptyBaForce(), []);
  }

  async load(text: string, file: string): Promise<void> {
    const { force, notes } = baForceFromText(text);
    await this.show(force, [`Loaded ${file}.`, ...notes]);
  }

  yaml(): string {
    return baForceToYaml(this.force);
  }

  forceName(): string {
    return this.force.name;
  }

  summary(_report: CheckReport | undefined): Summary {
    return { total: baCount(this.force), good: true };
  }

  private async show(force: BaForce, notes: string[], changed = true): Promise<void> {
    this.force = force;
    this.bench.setNotes(notes);
    await this.render();
    if (changed) this.bench.changed();
  }

  private edit(change: () => void): void {
    change();
    this.bench.changed();
  }

  /** Ratings by name, as the doc writes them ("Confident"). */
  private ratingChoices(): { id: string; name: string }[] {
    return this.ratings.map((r) => ({ id: r.name, name: r.name }));
  }

  private async render(): Promise<void> {
    const f = this.force;
    const name = textInput(f.name, { placeholder: '1st Company, 9th Infantry' }, (v) => this.edit(() => (f.name = v)));
    const side = selectOf(SIDES, f.side, 'choose a side', (v) => this.edit(() => (f.side = v)));
    const nation = textInput(f.nation, { placeholder: 'United States' }, (v) => this.edit(() => (f.nation = v)));
    const rating = selectOf(this.ratingChoices(), matchName(this.ratings, f.rating), 'choose a rating', (v) => this.edit(() => (f.rating = v)));
    const colour = selectOf(
      this.colours.map((c) => ({ id: c, name: c })),
      f.colour ?? '',
      `left out: ${this.colours[0] ?? 'Red'}`,
      (v) => this.edit(() => setOrDrop(f, 'colour', v)),
    );
    const partisans = el('input', { type: 'checkbox', checked: f.partisans === true });
    partisans.addEventListener('change', () => this.edit(() => setOrDrop(f, 'partisans', partisans.checked ? true : undefined)));
    const notes = textInput(f.notes, { placeholder: 'Normandy, June 1944.' }, (v) => this.edit(() => setOrDrop(f, 'notes', v)));
    const units = el('ol', { className: 'units', id: 'ba-units' });
    units.setAttribute('aria-label', 'Units');
    const add = el('button', { type: 'button', id: 'ba-add', textContent: 'Add a unit' });
    add.addEventListener('click', () => this.addUnit());
    this.box.replaceChildren(
      el('div', { className: 'row' }, labelled('ba-name', 'Force name', name), labelled('ba-nation', 'Nation', nation)),
      el('div', { className: 'row' }, labelled('ba-side', 'Side', side), labelled('ba-rating', 'Command rating', rating)),
      el('div', { className: 'row' }, labelled('ba-colour', 'Order deck colour', colour), labelled('ba-partisans', 'Partisans (rated no better than Confident)', partisans, 'check')),
      labelled('ba-notes', 'Notes', notes),
      el('h2', { className: 'sub', textContent: 'Units' }),
      units,
      el('div', { className: 'actions' }, add),
    );
    // a checkbox reads best before its label
    const box = this.box.querySelector('#ba-partisans')!;
    box.parentElement!.prepend(box);
    await this.renderUnits();
  }

  /** A unit added: its row alone is drawn. */
  private addUnit(): void {
    if (!Array.isArray(this.force.units)) return;
    const unit = newBaUnit('infantry', { name: `Unit ${this.force.units.length + 1}` });
    this.force.units.push(unit);
    this.box.querySelector('#ba-units')!.append(this.unitRow(unit, this.force.units.length - 1));
    this.bench.reshow();
    this.box.querySelector<HTMLElement>(`#ba-unit-name-${this.force.units.length - 1}`)?.focus();
    this.bench.changed();
  }

  /** The rows from `from` on, drawn a few at a time with the page free between them (appendInTurns). */
  private async renderUnits(from = 0): Promise<void> {
    const mine = ++this.drawing;
    if (await redrawRows(this.box.querySelector('#ba-units')!, this.force.units, from, (unit, index) => this.unitRow(unit, index), () => mine === this.drawing)) this.bench.reshow();
  }

  private redraw(index: number): void {
    replaceKeepingFocus(this.box.querySelector(`#ba-row-${index}`), this.unitRow(this.force.units[index]!, index));
    this.bench.reshow();
  }

  private unitRow(unit: BaUnit, index: number): HTMLLIElement {
    this.bench.rowDrawn();
    const li = rowItem(`ba-row-${index}`, `units[${index}]`);
    const id = (what: string) => `ba-${what}-${index}`;
    if (!isMapping(unit)) {
      li.append(el('p', { className: 'hint' }, `Unit ${index + 1} is kept as in the file: the builder cannot show it.`), problemList(id('problems')));
      return li;
    }
    const name = textInput(unit.name, {}, (v) => this.edit(() => (unit.name = v)));
    const kinds = BA_KINDS.map((k) => ({ id: k, name: KIND_NAMES[k] }));
    const kind = selectOf(kinds, String(unit.kind ?? ''), null, (v) => {
      this.force.units[index] = newBaUnit(v as BaKind, { name: unit.name, rating: unit.rating, notes: unit.notes });
      this.redraw(index);
      this.bench.changed();
    });
    const rating = selectOf(this.ratingChoices(), matchName(this.ratings, unit.rating ?? ''), 'the force’s', (v) => this.edit(() => setOrDrop(unit, 'rating', v)));
    li.append(
      el('div', { className: 'row-head' }, el('strong', { textContent: `Unit ${index + 1}` }), el('span', { className: 'row-points', id: id('points') })),
      el('div', { className: 'row3 wide' }, labelled(id('unit-name'), 'Name', name), labelled(id('kind'), 'Kind', kind), labelled(id('rating'), 'Rating', rating)),
    );
    if (unit.kind === 'infantry') li.append(this.standsOf(unit, index));
    else if (unit.kind === 'armour' || unit.kind === 'motorised') li.append(...this.vehicleFields(unit, index));
    else if (unit.kind === 'gun') li.append(this.gunFields(unit, index));
    else if (unit.kind === 'aircraft') li.append(this.aircraftFields(unit, index));
    const notes = textInput(unit.notes, {}, (v) => this.edit(() => setOrDrop(unit, 'notes', v)));
    const remove = el('button', { type: 'button', id: id('remove'), className: 'small', textContent: `Remove unit ${index + 1}` });
    remove.addEventListener('click', async () => {
      this.force.units.splice(index, 1);
      await this.renderUnits(index);
      (this.box.querySelector<HTMLElement>(`#ba-remove-${Math.min(index, this.force.units.length - 1)}`) ?? this.box.querySelector<HTMLElement>('#ba-add'))?.focus();
      this.bench.changed();
    });
    li.append(labelled(id('notes'), 'Notes', notes), problemList(id('problems')), el('div', { className: 'actions' }, remove));
    return li;
  }

  private standsOf(unit: BaUnit, index: number): HTMLFieldSetElement {
    const set = el('fieldset', { className: 'stands' }, el('legend', { textContent: 'Stands' }));
    const stands = Array.isArray(unit.stands) ? unit.stands : [];
    const types = this.stands.map((s) => ({ id: s.id, name: `${s.name} (${String(s.details?.['figures'] ?? '')} figures)` }));
    for (const [k, stand] of stands.entries()) {
      const id = (what: string) => `ba-stand-${what}-${index}-${k}`;
      if (!isMapping(stand)) {
        set.append(el('p', { className: 'hint' }, `Stand ${k + 1} is kept as in the file.`));
        continue;
      }
      const s = stand as BaStand;
      const found = this.stands.find((t) => t.id === s.type || t.name.toLowerCase() === String(s.type).toLowerCase());
      const type = selectOf(types, found?.id ?? String(s.type ?? ''), null, (v) => this.edit(() => (s.type = v)));
      const count = numberInput(s.count ?? 1, { min: '1' }, (v) => this.edit(() => setOrDrop(s, 'count', v, 1)));
      const fewest = /^\d+/.exec(String(found?.details?.['figures'] ?? ''))?.[0];
      const figures = numberInput(s.figures, { min: '1', max: '10', placeholder: fewest ?? '' }, (v) => this.edit(() => setOrDrop(s, 'figures', v)));
      const remove = el('button', { type: 'button', id: id('remove'), className: 'small', textContent: 'Remove' });
      remove.setAttribute('aria-label', `Remove stand ${k + 1} of unit ${index + 1}`);
      remove.addEventListener('click', () => {
        stands.splice(k, 1);
        this.redraw(index);
        this.bench.changed();
      });
      set.append(el('div', { className: 'stand-row' }, labelled(id('type'), 'Type', type), labelled(id('count'), 'Stands', count), labelled(id('figures'), 'Figures', figures), remove));
    }
    const add = el('button', { type: 'button', id: `ba-add-stand-${index}`, className: 'small', textContent: 'Add stands' });
    add.addEventListener('click', () => {
      if (!Array.isArray(unit.stands)) unit.stands = [];
      unit.stands.push({ type: 'rifle' });
      this.redraw(index);
      this.box.querySelector<HTMLElement>(`#ba-stand-type-${index}-${unit.stands.length - 1}`)?.focus();
      this.bench.changed();
    });
    set.append(el('div', { className: 'actions' }, add));
    return set;
  }

  private crew(unit: BaUnit, index: number): HTMLDivElement {
    const crew = selectOf(this.ratingChoices(), matchName(this.ratings, String(unit['crew'] ?? '')), 'the unit’s rating', (v) => this.edit(() => setOrDrop(unit, 'crew', v)));
    return labelled(`ba-crew-${index}`, 'Crew', crew);
  }

  private number(unit: BaUnit, key: string, index: number, text: string, attrs: Record<string, unknown>, fallback?: number): HTMLDivElement {
    const input = numberInput(unit[key] ?? fallback, attrs, (v) => this.edit(() => setOrDrop(unit, key, v, fallback)));
    return labelled(`ba-${key}-${index}`, text, input);
  }

  private text(unit: BaUnit, key: string, index: number, text: string): HTMLDivElement {
    return labelled(`ba-${key}-${index}`, text, textInput(unit[key], {}, (v) => this.edit(() => (unit[key] = v))));
  }

  private vehicleFields(unit: BaUnit, index: number): HTMLElement[] {
    const armourClass = selectOf(CLASSES, String(unit['armourClass'] ?? ''), 'choose', (v) => this.edit(() => (unit['armourClass'] = v)));
    const gunGroup = selectOf(GUN_GROUPS, unit['gunGroup'] === undefined ? '' : String(unit['gunGroup']), unit.kind === 'motorised' ? 'no gun' : 'choose', (v) =>
      this.edit(() => setOrDrop(unit, 'gunGroup', v === '' ? undefined : Number(v))),
    );
    const orders = selectOf(ORDERS, String(unit['orders'] ?? ''), 'as the rules read', (v) => this.edit(() => setOrDrop(unit, 'orders', v)));
    const carrier = selectOf(this.carriers.map((c) => ({ id: c.id, name: `${c.name} (${String(c.details?.['stands'] ?? '')} stands)` })), String(unit['carrier'] ?? ''), 'carries none', (v) =>
      this.edit(() => setOrDrop(unit, 'carrier', v)),
    );
    const weapons = el('fieldset', { className: 'weapons' }, el('legend', { textContent: 'Other weapons' }));
    const held = Array.isArray(unit['weapons']) ? (unit['weapons'] as string[]) : [];
    const offered = [...VEHICLE_WEAPONS, ...held.filter((w) => !VEHICLE_WEAPONS.includes(w))];
    for (const [k, w] of offered.entries()) {
      const known = this.weapons.find((x) => x.id === w);
      const box = el('input', { type: 'checkbox', id: `ba-weapon-${index}-${k}`, checked: held.includes(w) });
      box.value = w;
      box.addEventListener('change', () =>
        this.edit(() => {
          const now = Array.isArray(unit['weapons']) ? (unit['weapons'] as string[]) : [];
          setOrDrop(unit, 'weapons', box.checked ? [...now, w] : now.filter((x) => x !== w));
          if (Array.isArray(unit['weapons']) && unit['weapons'].length === 0) delete unit['weapons'];
        }),
      );
      weapons.append(el('div', { className: 'field check' }, box, el('label', { htmlFor: box.id, textContent: known ? known.name : `${w} (as in the file)` })));
    }
    return [
      el('div', { className: 'row3 wide' }, this.text(unit, 'vehicle', index, 'Vehicle'), this.number(unit, 'models', index, 'Models', { min: '1' }, 1), this.crew(unit, index)),
      el(
        'div',
        { className: 'row4' },
        labelled(`ba-armourClass-${index}`, 'Armour class', armourClass),
        this.number(unit, 'armourModifier', index, 'Class ±', { min: '-3', max: '3' }, 0),
        labelled(`ba-gunGroup-${index}`, 'Gun group', gunGroup),
        this.number(unit, 'gunModifier', index, 'Gun ±', { min: '-3', max: '3' }, 0),
      ),
      el('div', { className: 'row3 wide' }, labelled(`ba-carrier-${index}`, 'Carrier', carrier), this.number(unit, 'carries', index, 'Stands each carries', { min: '0' }), labelled(`ba-orders-${index}`, 'Orders', orders)),
      weapons,
    ];
  }

  private gunFields(unit: BaUnit, index: number): HTMLElement {
    const gunGroup = selectOf(GUN_GROUPS, unit['gunGroup'] === undefined ? '' : String(unit['gunGroup']), 'choose', (v) => this.edit(() => setOrDrop(unit, 'gunGroup', v === '' ? undefined : Number(v))));
    return el(
      'div',
      {},
      el('div', { className: 'row3 wide' }, this.text(unit, 'gun', index, 'Gun'), this.number(unit, 'models', index, 'Guns', { min: '1' }, 1), this.number(unit, 'figures', index, 'Crew a gun', { min: '1', max: '10' })),
      el('div', { className: 'row3 wide' }, labelled(`ba-gunGroup-${index}`, 'Gun group', gunGroup), this.number(unit, 'gunModifier', index, 'Gun ±', { min: '-3', max: '3' }, 0), this.crew(unit, index)),
    );
  }

  private aircraftFields(unit: BaUnit, index: number): HTMLElement {
    const roles = this.roles.map((r) => ({ id: r.name, name: `${r.name} (${String(r.details?.['card'] ?? '')})` }));
    const type = selectOf(roles, matchName(this.roles, String(unit['type'] ?? '')), 'choose a role', (v) => this.edit(() => (unit['type'] = v)));
    return el('div', { className: 'row3 wide' }, this.text(unit, 'aircraft', index, 'Aircraft'), this.number(unit, 'models', index, 'Flights', { min: '1', max: '20' }, 1), labelled(`ba-type-${index}`, 'Role', type));
  }
}

/** The listed name a file's value stands for ("confident" → "Confident"), or the value as it is. */
function matchName(entries: readonly Listed[], value: string): string {
  const lower = value.toLowerCase();
  const found = entries.find((e) => e.name === value) ?? entries.find((e) => e.id.toLowerCase() === lower || e.name.toLowerCase() === lower);
  return found && found.name.toLowerCase() === lower ? found.name : value;
}
