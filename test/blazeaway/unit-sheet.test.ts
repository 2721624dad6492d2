/**
 * The Unit Sheet (3.4) as a document: a box for every figure or vehicle, the armour combat
 * rows of the force's own guns, its deck in one colour with one back, one page on both papers.
 */
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { runsText, type Paper, type TableBlock } from '../../src/doc/model.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import { loadBlazeAway } from '../../src/systems/blazeaway/data.js';
import { checkForce } from '../../src/systems/blazeaway/force.js';
import { loadSampleForces } from '../../src/systems/blazeaway/samples.js';
import { tallyTable, unitSheetDocument, unitTallies } from '../../src/systems/blazeaway/unit-sheet.js';
import { forceFile } from '../../src/systems/blazeaway/schema.js';
import { PRINT_SETTINGS } from '../helpers/sheets.js';
import { fonts } from '../helpers/fonts.js';

const data = await loadBlazeAway((await loadRulesDb({ dataDirs: [], only: 'blazeaway' })).system('blazeaway'));
const samples = await loadSampleForces();
const print = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
const sheetOf = (i: number, paper: Paper = 'a4', units: 'cm' | 'in' = 'cm') => {
  const roster = checkForce(samples[i]!.force, data);
  return { roster, doc: unitSheetDocument(data, roster, { print, paper, units, toolVersion: '0' }) };
};
const table = (doc: ReturnType<typeof sheetOf>['doc'], id: string) => doc.sheets[0]!.blocks.find((b): b is TableBlock => b.kind === 'table' && b.id === id);
const boxesIn = (cells: TableBlock['rows'][number][number]) => cells.filter((r) => r.style === 'boxes').reduce((n, r) => n + r.text.replace(/ /g, '').length, 0);

describe('the unit sheet of each sample force', () => {
  it('fits one page on A4 and Letter, in cm and in inches, and its tallies another, before its deck', () => {
    samples.forEach((sample, i) => {
      for (const [paper, units] of PRINT_SETTINGS) {
        const { doc } = sheetOf(i, paper, units);
        const pages = layoutDocument(fonts, { ...doc, decks: [] }).pages;
        expect(doc.sheets.map((s) => s.title)).toEqual(['Unit sheet', 'Count as you play']);
        expect(pages, `${sample.file} ${paper} ${units}`).toHaveLength(2);
      }
    });
  });
  it('a box for every figure of an infantry unit, every vehicle, and every crew figure of a gun', () => {
    samples.forEach((_, i) => {
      const { doc, roster } = sheetOf(i);
      const infantry = roster.units.filter((u) => u.kind === 'infantry');
      table(doc, 'infantry')!.rows.forEach((row, r) => expect(boxesIn(row[2]!)).toBe(infantry[r]!.figures));
      const vehicles = roster.units.filter((u) => u.kind === 'armour' || u.kind === 'motorised' || u.kind === 'gun');
      table(doc, 'armour')!.rows.forEach((row, r) => expect(boxesIn(row[2]!)).toBe(vehicles[r]!.kind === 'gun' ? vehicles[r]!.figures : vehicles[r]!.models));
    });
  });
  it('the armour combat rows of the force’s own gun groups, as the table gives them', () => {
    samples.forEach((_, i) => {
      const { doc, roster } = sheetOf(i);
      const groups = [...new Set(roster.units.flatMap((u) => (u.gunGroup !== undefined ? [String(u.gunGroup)] : [])))].sort();
      const rows = table(doc, 'gun-rows')!.rows;
      expect(rows.map((row) => runsText(row[0]!)).sort()).toEqual(groups);
      for (const row of rows) {
        const source = data.system.table('armour-combat').rows.find((r) => String(r['group']) === runsText(row[0]!))!;
        const shortC = source['shortC'] as { need: number };
        expect(runsText(row[13]!)).toMatch(new RegExp(`^${shortC.need}\\+`));
      }
    });
  });
  it('7.2.8 Armour Combat Table: a fixed gun\'s arc is 45° in all, centred on the barrel, muster\'s reading, marked; never 45° either way', () => {
    const summary = table(sheetOf(0).doc, 'gun-rows')!.summary!;
    expect(summary).toContain('45° arc in all, centred on its barrel\u2020');
    expect(summary).not.toMatch(/either way/);
    // the armour sheet prints the table whole, its reading under it
    const combat = data.system.table('armour-combat');
    expect(combat.summary).not.toMatch(/either way/);
    expect(combat.note).toMatch(/45° in all, half of it each side of the barrel/);
  });
  it('its order deck: the cards the ratings give, in the force’s colour, all with one back', () => {
    samples.forEach((_, i) => {
      const { doc, roster } = sheetOf(i);
      const deck = doc.decks![0]!;
      expect(deck.cards).toHaveLength([...roster.deck.values()].reduce((n, c) => n + c, 0));
      expect(new Set(deck.cards.map((c) => JSON.stringify(c.back))).size).toBe(1);
      expect(new Set(deck.cards.map((c) => c.front.accent))).toEqual(new Set([roster.colour.colour]));
      expect(deck.cards.filter((c) => c.front.title === 'Dummy')).toHaveLength(roster.deck.get('dummy')!);
    });
  });
  it('3.4 Unit Sheets and 8.1: "Breaks at" is printed one way for every unit, the figures lost of its figures and the share, from the table or not', () => {
    samples.forEach((sample, i) => {
      const { doc, roster } = sheetOf(i);
      const infantry = roster.units.filter((u) => u.kind === 'infantry');
      table(doc, 'infantry')!.rows.forEach((row, r) => {
        const u = infantry[r]!;
        const text = runsText(row[3]!).replace(/\u00a0/g, ' ');
        // a share the 8.1 table does not give is rounded: muster's reading, marked
        const mark = u.breakingPoint && !u.breakingPoint.table ? '\u2020' : '';
        expect(text, `${sample.file} ${u.unit.name}`).toBe(u.breakingPoint ? `${u.breakingPoint.losses} of ${u.figures} ${u.breakingPoint.percent}%${mark}` : '—');
      });
    });
    // the samples have units read from the 8.1 table and units at the share: both print alike
    const all = samples.flatMap((_, i) => sheetOf(i).roster.units);
    expect(all.some((u) => u.breakingPoint?.table)).toBe(true);
    expect(all.some((u) => u.breakingPoint && !u.breakingPoint.table)).toBe(true);
  });
  it('the German company’s sheet, as a document tree (changes only on purpose)', () => {
    const german = samples.findIndex((s) => s.force.side === 'axis');
    expect(sheetOf(german).doc.sheets).toMatchSnapshot();
  });
});

describe('the Unit Sheet’s tallies, each from the section that gives its number', () => {
  const force = (units: unknown[]) => checkForce(forceFile.parse({ name: 'Test', side: 'allies', nation: 'Britain', rating: 'Average', colour: 'Red', units }), data);
  const talliesOf = (units: unknown[]) => {
    const roster = force(units);
    expect(roster.problems, JSON.stringify(roster.problems)).toEqual([]);
    return roster.units.map((u) => unitTallies(data, u).map((t) => [t.what, t.each, t.of, t.section]));
  };
  const rowsOf = (units: unknown[]) => {
    const roster = force(units);
    return tallyTable(data, roster.units)!.rows.map((row) => row.map((cell) => runsText(cell)));
  };
  it('4.4.3 Charge: three charge boxes for every infantry stand, none for vehicles or guns', () => {
    const [platoon, tanks, gun] = talliesOf([
      { name: 'Platoon', kind: 'infantry', stands: [{ type: 'rifle', count: 3 }, { type: 'lmg' }] },
      { name: 'Tanks', kind: 'armour', vehicle: 'Sherman', models: 3, armourClass: 'C', gunGroup: 2 },
      { name: 'Gun', kind: 'gun', gun: '6-pounder', gunGroup: 2 },
    ]);
    expect(platoon).toEqual([['Charges', 3, 4, '4.4.3 Charge']]);
    expect(tanks!.map((t) => t[0])).not.toContain('Charges');
    expect(gun!.map((t) => t[0])).not.toContain('Charges');
    // a box for each charge of each stand, in a group a stand
    expect(rowsOf([{ name: 'Platoon', kind: 'infantry', stands: [{ type: 'rifle', count: 3 }, { type: 'lmg' }] }])[0]![2]).toBe('□□□ □□□ □□□ □□□');
  });
  it('7.1.8 Snipers: a sniper cannot move, so it has no charge boxes; the stands beside it keep theirs', () => {
    const [sniper, scouts] = talliesOf([
      { name: 'Sniper', kind: 'infantry', stands: [{ type: 'sniper' }] },
      { name: 'Scouts', kind: 'infantry', stands: [{ type: 'rifle', count: 2 }, { type: 'sniper' }] },
    ]);
    expect(sniper!.map((t) => t[0])).not.toContain('Charges');
    expect(scouts).toContainEqual(['Charges', 3, 2, '4.4.3 Charge']);
  });
  it('7.1.6 Flamethrowers: 2 bursts a man-pack stand, 3 a flamethrower vehicle, only for units that carry one', () => {
    const [pioneers, crocodiles, shermans] = talliesOf([
      { name: 'Pioneers', kind: 'infantry', stands: [{ type: 'engineers' }, { type: 'flamethrower', count: 2 }] },
      { name: 'Crocodiles', kind: 'armour', vehicle: 'Churchill Crocodile', models: 2, armourClass: 'B', gunGroup: 2, weapons: ['vehicle-flamethrower'] },
      { name: 'Shermans', kind: 'armour', vehicle: 'Sherman', models: 2, armourClass: 'C', gunGroup: 2 },
    ]);
    expect(pioneers).toContainEqual(['Flamethrower bursts', 2, 2, '7.1.6 Flamethrowers']);
    expect(crocodiles).toContainEqual(['Flamethrower bursts', 3, 2, '7.1.6 Flamethrowers']);
    expect(shermans!.map((t) => t[0])).not.toContain('Flamethrower bursts');
  });
  it('7.3.14 Smoke: no more than 3 rounds for each medium or heavy mortar, gun and gun-armed vehicle; none for light mortars', () => {
    const [mortars, light, guns, tanks, truck] = talliesOf([
      { name: 'Mortars', kind: 'infantry', stands: [{ type: 'medium-mortar' }, { type: 'heavy-mortar' }] },
      { name: 'Light', kind: 'infantry', stands: [{ type: 'light-mortar' }] },
      { name: 'Guns', kind: 'gun', gun: '25-pounder', models: 2, gunGroup: 3 },
      { name: 'Tanks', kind: 'armour', vehicle: 'Sherman', models: 3, armourClass: 'C', gunGroup: 2 },
      { name: 'Truck', kind: 'motorised', vehicle: 'Bedford', armourClass: 'E' },
    ]);
    expect(mortars).toContainEqual(['Smoke rounds', 3, 2, '7.3.14 Smoke']);
    expect(light!.map((t) => t[0])).not.toContain('Smoke rounds');
    expect(guns).toContainEqual(['Smoke rounds', 3, 2, '7.3.14 Smoke']);
    // which vehicles carry smoke the text leaves open: every gun-armed one is muster's reading, marked
    expect(tanks).toContainEqual(['Smoke rounds\u2020', 3, 3, '7.3.14 Smoke']);
    expect(truck!.map((t) => t[0])).not.toContain('Smoke rounds');
  });
  it('6.4 Motorised Infantry, 3.3 Organisation: a carrier on its passengers\' cards and a softskin show 0 orders with the section that gives it', () => {
    const roster = force([
      { name: 'Platoon', kind: 'infantry', stands: [{ type: 'rifle', count: 3 }] },
      { name: 'Half-tracks', kind: 'motorised', vehicle: 'M3', models: 1, armourClass: 'D', carrier: 'half-track', carries: 3 },
      { name: 'Trucks', kind: 'motorised', vehicle: 'Bedford', armourClass: 'E' },
    ]);
    const doc = unitSheetDocument(data, roster, { print, paper: 'a4', units: 'cm', toolVersion: '0' });
    const rows = table(doc, 'armour')!.rows;
    expect(runsText(rows[0]![4]!)).toBe('0 (6.4)');
    expect(runsText(rows[0]![7]!)).toContain('on their order cards (6.4)');
    expect(runsText(rows[1]![4]!)).toBe('0 (3.3)');
  });
  it('7.4.5 Ground Attack - Fighter, 7.4.6 Ground Attack - Fighter-Bomber: two attack runs a fighter, bomber or tankbuster flight; none for recon or air cover', () => {
    const [fighters, bombers, busters, recon, cover] = talliesOf([
      { name: 'Jabos', kind: 'aircraft', aircraft: 'P-47', models: 2, type: 'Fighter attack' },
      { name: 'Stukas', kind: 'aircraft', aircraft: 'Ju 87', type: 'Bomber attack' },
      { name: 'Typhoons', kind: 'aircraft', aircraft: 'Typhoon', type: 'Tankbuster' },
      { name: 'Recon', kind: 'aircraft', aircraft: 'Spitfire PR', type: 'Reconnaissance' },
      { name: 'Cover', kind: 'aircraft', aircraft: 'Spitfire', type: 'Air Cover' },
    ]);
    expect(fighters).toEqual([['Attack runs', 2, 2, '7.4.5 Ground Attack - Fighter']]);
    expect(bombers).toEqual([['Attack runs', 2, 1, '7.4.6 Ground Attack - Fighter-Bomber']]);
    expect(busters).toEqual([['Attack runs', 2, 1, '7.4.6 Ground Attack - Fighter-Bomber']]);
    expect([recon, cover]).toEqual([[], []]);
  });
  it('7.4.8 Anti-Aircraft Fire: an AA unit\'s fire on the Unit Sheet, its reach and D20, with its section', () => {
    const roster = force([
      { name: 'MG', kind: 'infantry', stands: [{ type: 'hmg' }], aa: { weapon: 'mg' } },
      { name: 'Bofors', kind: 'gun', gun: '40 mm Bofors', gunGroup: 4, aa: { weapon: 'cannon', dice: 2 } },
    ]);
    const doc = unitSheetDocument(data, roster, { print, paper: 'a4', units: 'cm', toolVersion: '0' });
    expect(runsText(table(doc, 'infantry')!.rows[0]![5]!)).toContain('AA machine guns 40 cm, 1 D20 a turn on Opportunity Fire, where the scenario assigns it (7.4.8)');
    expect(runsText(table(doc, 'armour')!.rows[0]![7]!)).toBe('AA cannon 80 cm, 2 D20 at one target a turn on Opportunity Fire (7.4.8)');
  });
  it('7.3.10 Rocket Artillery: no more than 4 volleys a launcher, only for rocket units', () => {
    const [werfer, katyusha, gun] = talliesOf([
      { name: 'Werfer', kind: 'gun', gun: 'Nebelwerfer 41', models: 2, gunGroup: 3, rockets: true },
      { name: 'Katyusha', kind: 'motorised', vehicle: 'BM-13', armourClass: 'E', rockets: true },
      { name: 'Gun', kind: 'gun', gun: '6-pounder', gunGroup: 2 },
    ]);
    expect(werfer).toEqual([['Rocket volleys', 4, 2, '7.3.10 Rocket Artillery']]);
    expect(katyusha).toContainEqual(['Rocket volleys', 4, 1, '7.3.10 Rocket Artillery']);
    expect(gun!.map((t) => t[0])).not.toContain('Rocket volleys');
  });
  it('7.1.7 Small Arms v Softskins and 7.2.11 Disabled Armour: 3 hits knock out a softskin, 3 mortar hits disable an armoured vehicle', () => {
    const [trucks, halftracks] = talliesOf([
      { name: 'Trucks', kind: 'motorised', vehicle: 'Bedford', models: 2, armourClass: 'E' },
      { name: 'Half-tracks', kind: 'motorised', vehicle: 'M3', models: 2, armourClass: 'D' },
    ]);
    expect(trucks).toEqual([['Hits of 6 or more', 3, 2, '7.1.7 Small Arms v Softskins']]);
    expect(halftracks).toEqual([['Mortar hits', 3, 2, '7.2.11 Disabled Armour']]);
  });
  it('3.5.3 Replacing CHQ and BHQ: a countdown of 7, 5, 3 and 2 turns for a Poor, Average, Confident and Excellent HQ', () => {
    const text = { Poor: 7, Average: 5, Confident: 3, Excellent: 2 };
    for (const [rating, turns] of Object.entries(text)) {
      const [hq] = talliesOf([{ name: 'HQ', kind: 'infantry', rating, stands: [{ type: 'hq', figures: 3 }] }]);
      expect(hq, rating).toContainEqual([`Turns to a new HQ once it is lost (${rating})`, turns, 1, '3.5.3 Replacing CHQ and BHQ']);
    }
    const [platoon] = talliesOf([{ name: 'Platoon', kind: 'infantry', stands: [{ type: 'rifle', count: 3 }] }]);
    expect(platoon!.map((t) => t[0])).toEqual(['Charges']);
  });
  it('every box row names its section, and the sample sheets put the tallies on a page of their own', () => {
    samples.forEach((sample, i) => {
      const { doc } = sheetOf(i);
      const sheet = doc.sheets.find((s) => s.title === 'Count as you play')!;
      const rows = (sheet.blocks[0] as TableBlock).rows;
      expect(rows.length, sample.file).toBeGreaterThan(0);
      for (const row of rows) expect(runsText(row[3]!), sample.file).toMatch(/^\d+(\.\d+)+ \S/);
      for (const [paper, units] of PRINT_SETTINGS) {
        expect(layoutDocument(fonts, { ...doc, sheets: [sheet], decks: [] }).pages, `${sample.file} ${paper} ${units}`).toHaveLength(1);
      }
    });
  });
});
