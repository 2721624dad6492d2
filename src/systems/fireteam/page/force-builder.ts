/**
 * The Fire Team force builder (issue 17): name, army list, core and reinforcement points, the
 * platoons with their squads, weapons sections and SMG squads, and the reinforcement picks of
 * `muster list fireteam picks --nation LIST` with the vehicle a pick brings. The bench checks
 * it live (`muster check fireteam`) and shows the problems beside the rows they name.
 */
import type { CheckReport } from '../../../web/kit/force-model.js';
import { emptyFtForce, ftForceFromText, ftForceToYaml, ftSpent, type FtForce, type FtPickEntry, type FtPlatoon } from './force-model.js';
import { setOrDrop, isMapping } from '../../../web/kit/force-model.js';
import { el, labelled, numberInput, problemList, pts, replaceKeepingFocus, rowItem, RuleSetBuilder, selectOf, textInput, type Listed, type Summary } from '../../../web/kit/force-ui.js';

/** "2 to 3 at 2 points" → [2, 3]; "0 or more at 1 point" → [0, undefined]; "none" → [0, 0]. */
function range(text: unknown): [number, number | undefined] {
  const words = String(text ?? '');
  if (words === '' || words === 'none') return [0, 0];
  const between = /^(\d+) (?:to|or) (\d+)/.exec(words);
  if (between) return [Number(between[1]), Number(between[2])];
  const more = /^(\d+) or more/.exec(words);
  return more ? [Number(more[1]), undefined] : [0, undefined];
}

export class FireteamBuilder extends RuleSetBuilder {
  readonly system = 'fireteam' as const;
  private force: FtForce = emptyFtForce();
  private lists: Listed[] = [];
  private picks: Listed[] = [];

  protected async firstOpen(): Promise<void> {
    this.lists = await this.bench.list('fireteam', ['lists']);
    await this.show(this.force, [], false);
  }

  async reset(): Promise<void> {
    await this.show(emptyFtForce(), []);
  }

  async load(text: string, file: string): Promise<void> {
    const { force, notes } = ftForceFromText(text);
    await this.show(force, [`Loaded ${file}.`, ...notes]);
  }

  yaml(): string {
    return ftForceToYaml(this.force);
  }

  forceName(): string {
    return this.force.name;
  }

  summary(report: CheckReport | undefined): Summary {
    const points = isMapping(this.force.points) ? this.force.points : {};
    const core = typeof points.core === 'number' ? points.core : 0;
    const more = typeof points.reinforcements === 'number' ? points.reinforcements : 0;
    if (!report) return { total: '– points', good: false };
    const spent = ftSpent(report);
    return {
      total: `${report.points} of ${core + more} points: core ${spent.core} of ${core}, reinforcements ${spent.reinforcements} of ${more}`,
      good: spent.core <= core && spent.reinforcements <= more,
    };
  }

  private list(): Listed | undefined {
    const wanted = this.force.list.toLowerCase();
    return this.lists.find((l) => l.id === this.force.list) ?? this.lists.find((l) => l.id.toLowerCase() === wanted || l.name.toLowerCase() === wanted);
  }

  private async show(force: FtForce, notes: string[], changed = true): Promise<void> {
    this.force = force;
    await this.loadPicks();
    const missing: string[] = [];
    if (Array.isArray(force.reinforcements)) {
      for (const [i, r] of force.reinforcements.entries()) if (isMapping(r) && r.pick && !this.findPick(r.pick)) missing.push(`reinforcements[${i}] ${r.pick}: not a pick of this list, kept as in the file`);
    }
    this.render();
    this.bench.setNotes([...notes, ...missing]);
    if (changed) this.bench.changed();
  }

  private async loadPicks(): Promise<void> {
    const list = this.list();
    this.picks = list && Number(list.details?.['picks'] ?? 0) > 0 ? await this.bench.list('fireteam', ['picks', '--nation', list.id]) : [];
  }

  private findPick(name: string): Listed | undefined {
    const lower = name.toLowerCase();
    return this.picks.find((p) => p.id === name) ?? this.picks.find((p) => p.id.toLowerCase() === lower || p.name.toLowerCase() === lower);
  }

  private edit(change: () => void): void {
    change();
    this.bench.changed();
  }

  private render(): void {
    const force = this.force;
    const name = textInput(force.name, { placeholder: 'Zug Hoffmann' }, (v) => this.edit(() => (force.name = v)));
    const list = selectOf(this.lists, force.list, 'choose an army list', (v) => void this.chooseList(v));
    const points = () => (isMapping(force.points) ? force.points : (force.points = {}));
    const core = numberInput(isMapping(force.points) ? force.points.core : undefined, { min: '0', placeholder: '4' }, (v) => this.edit(() => setOrDrop(points(), 'core', v)));
    const more = numberInput(isMapping(force.points) ? force.points.reinforcements : undefined, { min: '0', placeholder: '6' }, (v) => this.edit(() => setOrDrop(points(), 'reinforcements', v)));
    const about = el('p', { className: 'hint', id: 'ft-list-about', textContent: this.about() });
    const platoons = el('ol', { className: 'units', id: 'ft-platoons' });
    platoons.setAttribute('aria-label', 'Platoons');
    const addPlatoon = el('button', { type: 'button', id: 'ft-add-platoon', textContent: 'Add a platoon' });
    addPlatoon.addEventListener('click', () => this.addPlatoon());
    const picks = el('ol', { className: 'units', id: 'ft-picks' });
    picks.setAttribute('aria-label', 'Reinforcements');
    const addPick = el('button', { type: 'button', id: 'ft-add-pick', textContent: 'Add a reinforcement' });
    addPick.addEventListener('click', () => this.addPick());
    const noPicks = el('p', { className: 'hint', id: 'ft-no-picks' });
    this.box.replaceChildren(
      el('div', { className: 'row' }, labelled('ft-name', 'Force name', name), labelled('ft-list', 'Army list', list)),
      el('div', { className: 'row' }, labelled('ft-core', 'Core points', core), labelled('ft-reinforcement-points', 'Reinforcement points', more)),
      about,
      el('h2', { className: 'sub', textContent: 'Platoons' }),
      platoons,
      el('div', { className: 'actions' }, addPlatoon),
      el('h2', { className: 'sub', textContent: 'Reinforcements' }),
      noPicks,
      picks,
      el('div', { className: 'actions' }, addPick),
    );
    this.renderPlatoons();
    this.renderPicks();
  }

  private about(): string {
    const list = this.list();
    if (!list) return this.force.list ? `No army list "${this.force.list}": the check says which there are.` : 'The lists: Fallschirmjäger, Russians, British, US, Finns.';
    const d = list.details ?? {};
    const sections = d['weaponsSections'] === 'none' ? 'no weapons sections' : `weapons sections ${String(d['weaponsSections'])}`;
    return `${list.name}: ${String(d['quality'])}, HQ ${String(d['hq'])}, squads ${String(d['squads'])}, ${sections}${d['smg'] ? ', SMG squads allowed' : ''}; ${Number(d['picks'] ?? 0)} reinforcement picks.`;
  }

  private async chooseList(value: string): Promise<void> {
    this.force.list = value;
    await this.loadPicks();
    const about = this.box.querySelector('#ft-list-about');
    if (about) about.textContent = this.about();
    this.renderPlatoons();
    this.renderPicks();
    this.bench.changed();
  }

  private addPlatoon(): void {
    if (!Array.isArray(this.force.platoons)) return;
    const [fewest] = range(this.list()?.details?.['squads']);
    this.force.platoons.push({ squads: Math.max(fewest, 2) });
    this.renderPlatoons();
    this.box.querySelector<HTMLElement>(`#ft-squads-${this.force.platoons.length - 1}`)?.focus();
    this.bench.changed();
  }

  private addPick(): void {
    if (!Array.isArray(this.force.reinforcements)) this.force.reinforcements = [];
    this.force.reinforcements.push({ pick: '' });
    this.renderPicks();
    this.box.querySelector<HTMLElement>(`#ft-pick-${this.force.reinforcements.length - 1}`)?.focus();
    this.bench.changed();
  }

  private renderPlatoons(): void {
    const ol = this.box.querySelector('#ft-platoons')!;
    if (!Array.isArray(this.force.platoons)) {
      ol.replaceChildren(el('li', { className: 'unit-row' }, 'The platoons of the file are kept as they are: the builder cannot show them.'));
    } else ol.replaceChildren(...this.force.platoons.map((p, i) => this.platoonRow(p, i)));
    this.bench.reshow();
  }

  private platoonRow(platoon: FtPlatoon, index: number): HTMLLIElement {
    const li = rowItem(`ft-platoon-row-${index}`, `platoons[${index}]`);
    if (!isMapping(platoon)) {
      li.append(el('p', { className: 'hint' }, `Platoon ${index + 1} is kept as in the file: the builder cannot show it.`), problemList(`ft-platoon-problems-${index}`));
      return li;
    }
    const d = this.list()?.details ?? {};
    const [fewest, most] = range(d['squads']);
    const squads = numberInput(platoon.squads, { min: String(fewest || 0), ...(most !== undefined ? { max: String(most) } : {}) }, (v) => this.edit(() => setOrDrop(platoon, 'squads', v)));
    const fields = el('div', { className: 'row3' }, labelled(`ft-squads-${index}`, 'Squads', squads));
    const [, sectionsMost] = range(d['weaponsSections']);
    if (sectionsMost !== 0 || platoon.weaponsSections) {
      const sections = numberInput(platoon.weaponsSections ?? 0, { min: '0', ...(sectionsMost !== undefined ? { max: String(sectionsMost) } : {}) }, (v) =>
        this.edit(() => setOrDrop(platoon, 'weaponsSections', v, 0)),
      );
      fields.append(labelled(`ft-sections-${index}`, 'Weapons sections', sections));
    }
    if (d['smg'] || platoon.smgSquads) {
      const smg = numberInput(platoon.smgSquads ?? 0, { min: '0', max: String(platoon.squads ?? 4) }, (v) => this.edit(() => setOrDrop(platoon, 'smgSquads', v, 0)));
      fields.append(labelled(`ft-smg-${index}`, 'Squads with SMGs', smg));
    }
    const label = textInput(platoon.label, { placeholder: `${index + 1}. Zug` }, (v) => this.edit(() => setOrDrop(platoon, 'label', v.trim() === '' ? undefined : v)));
    fields.append(labelled(`ft-label-${index}`, 'Label', label));
    const remove = el('button', { type: 'button', id: `ft-remove-platoon-${index}`, className: 'small', textContent: `Remove platoon ${index + 1}` });
    remove.addEventListener('click', () => {
      this.force.platoons.splice(index, 1);
      this.renderPlatoons();
      (this.box.querySelector<HTMLElement>(`#ft-remove-platoon-${Math.min(index, this.force.platoons.length - 1)}`) ?? this.box.querySelector<HTMLElement>('#ft-add-platoon'))?.focus();
      this.bench.changed();
    });
    li.append(
      el('div', { className: 'row-head' }, el('strong', { textContent: `Platoon ${index + 1} (with its HQ)` }), el('span', { className: 'row-points', id: `ft-platoon-points-${index}` })),
      fields,
      problemList(`ft-platoon-problems-${index}`),
      el('div', { className: 'actions' }, remove),
    );
    return li;
  }

  private renderPicks(): void {
    const ol = this.box.querySelector('#ft-picks')!;
    const list = this.list();
    const none = this.box.querySelector('#ft-no-picks')!;
    none.textContent = list && this.picks.length === 0 ? `The ${list.name} list has no reinforcements in the text.` : list ? '' : 'Choose an army list for its reinforcements.';
    const picks = this.force.reinforcements;
    if (picks !== undefined && !Array.isArray(picks)) {
      ol.replaceChildren(el('li', { className: 'unit-row' }, 'The reinforcements of the file are kept as they are: the builder cannot show them.'));
    } else ol.replaceChildren(...(picks ?? []).map((p, i) => this.pickRow(p, i)));
    this.bench.reshow();
  }

  private pickRow(entry: FtPickEntry, index: number): HTMLLIElement {
    const li = rowItem(`ft-pick-row-${index}`, `reinforcements[${index}]`);
    if (!isMapping(entry)) {
      li.append(el('p', { className: 'hint' }, `Reinforcement ${index + 1} is kept as in the file: the builder cannot show it.`), problemList(`ft-pick-problems-${index}`));
      return li;
    }
    const found = entry.pick ? this.findPick(entry.pick) : undefined;
    const shown = this.picks.map((p) => ({ id: p.id, name: `${p.name}, ${p.points === undefined ? 'no points in the text' : pts(p.points)}` }));
    const pick = selectOf(shown, found?.id ?? entry.pick, this.picks.length ? 'choose a pick' : 'no picks in this list', (v) => {
      entry.pick = v;
      const now = this.findPick(v);
      const vehicles = this.vehiclesOf(now);
      if (vehicles.length > 1) entry.vehicle = vehicles.includes(String(entry.vehicle)) ? entry.vehicle : vehicles[0];
      else delete entry.vehicle;
      replaceKeepingFocus(this.box.querySelector(`#ft-pick-row-${index}`), this.pickRow(entry, index));
      this.bench.reshow();
      this.bench.changed();
    });
    li.append(
      el('div', { className: 'row-head' }, el('strong', { textContent: `Reinforcement ${index + 1}` }), el('span', { className: 'row-points', id: `ft-pick-points-${index}` })),
      labelled(`ft-pick-${index}`, 'Pick', pick),
    );
    const vehicles = this.vehiclesOf(found);
    if (vehicles.length > 1 || entry.vehicle) {
      const names = found?.details?.['vehicleNames'];
      const options = vehicles.map((v, i) => ({ id: v, name: Array.isArray(names) && typeof names[i] === 'string' ? names[i] : v }));
      const vehicle = selectOf(options, String(entry.vehicle ?? ''), 'choose the vehicle', (v) => this.edit(() => setOrDrop(entry, 'vehicle', v)));
      li.append(labelled(`ft-vehicle-${index}`, 'Vehicle', vehicle));
    }
    const teams = found?.details?.['teams'];
    if (Array.isArray(teams) && teams.length) li.append(el('p', { className: 'hint', textContent: `Brings: ${teams.join(', ')}.` }));
    const remove = el('button', { type: 'button', id: `ft-remove-pick-${index}`, className: 'small', textContent: `Remove reinforcement ${index + 1}` });
    remove.addEventListener('click', () => {
      this.force.reinforcements!.splice(index, 1);
      this.renderPicks();
      (this.box.querySelector<HTMLElement>(`#ft-remove-pick-${Math.min(index, this.force.reinforcements!.length - 1)}`) ?? this.box.querySelector<HTMLElement>('#ft-add-pick'))?.focus();
      this.bench.changed();
    });
    li.append(problemList(`ft-pick-problems-${index}`), el('div', { className: 'actions' }, remove));
    return li;
  }

  /** The vehicles a pick offers a choice of ("-" is none). */
  private vehiclesOf(pick: Listed | undefined): string[] {
    const vehicles = pick?.details?.['vehicles'];
    return Array.isArray(vehicles) ? (vehicles as string[]).filter((v) => v !== '-') : [];
  }
}
