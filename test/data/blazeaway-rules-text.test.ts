/**
 * Blaze Away!'s tables checked against its rules text (blaze-away.txt, Part I,
 * sections 3 to 8); the expected values are typed from the text, not read from the data. The
 * text measures in millimetres: a cell holds mm / 10 as cm and mm / 25 as inches.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import type { Cell } from '../../src/data/schema.js';
import { buildQuickReference } from '../../src/doc/build-reference.js';
import { runsText } from '../../src/doc/model.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import { rowTotals } from '../../src/engine/tables.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { expectOnePagePerSheet, sheetsInInchesWithoutNotes } from '../helpers/sheets.js';
import { fonts } from '../helpers/fonts.js';

const workdir = workdirs(afterEach);
const blaze = (await loadRulesDb({ dataDirs: [] })).system('blazeaway');
const column = (id: string, key: string) => blaze.table(id).rows.map((r) => r[key]);
const byFirst = (id: string, first: string, key: string) =>
  Object.fromEntries(blaze.table(id).rows.map((r) => [String(r[first]), r[key]]));
/** A distance cell as the text's millimetres, checked to be mm / 10 cm and mm / 25 inches. */
const mm = (cell: Cell | undefined): number | string => {
  if (cell === undefined) return 'blank';
  if (typeof cell === 'string') return cell;
  const d = cell as { cm: number; in: number };
  expect(typeof d.cm, JSON.stringify(cell)).toBe('number');
  expect(d.in, `${d.cm} cm`).toBeCloseTo((d.cm * 10) / 25, 6);
  return Math.round(d.cm * 10);
};
const need = (cell: Cell | undefined) => (cell as { need: number; or: string }).need;
const mod = (cell: Cell | undefined) => (cell as { mod: number }).mod;

describe('every table', () => {
  it('names its source and the numbered heading it comes from', () => {
    expect(blaze.tables.size).toBeGreaterThanOrEqual(30);
    for (const table of blaze.tables.values()) {
      expect(table.source, table.id).toBe('blaze-away.txt');
      expect(table.section, table.id).toMatch(/^[2-9](\.\d+)*[ ;]/);
    }
  });
  it('keeps inches at 25 mm to the inch, in cells and in {{dist}} prose', () => {
    const prose: string[] = [];
    for (const table of blaze.tables.values()) {
      for (const row of table.rows) {
        for (const cell of Object.values(row)) {
          if (typeof cell === 'string') prose.push(cell);
          else if (cell && typeof cell === 'object' && 'cm' in cell) {
            const [cm, inches] = [[cell.cm].flat(), [cell.in].flat()];
            cm.forEach((c, i) => expect(inches[i], `${table.id} ${c} cm`).toBeCloseTo(c / 2.5, 6));
          }
        }
      }
      prose.push(table.summary ?? '', table.note ?? '');
    }
    for (const sheet of blaze.sheets) for (const block of sheet.blocks) if ('text' in block) prose.push(block.text);
    const dists = prose.flatMap((p) => [...p.matchAll(/\{\{dist ([\d.]+) ([\d.]+)\}\}/g)]);
    expect(dists.length).toBeGreaterThan(30);
    for (const [whole, cm, inches] of dists) expect(Number(inches), whole).toBeCloseTo(Number(cm) / 2.5, 6);
  });
});

describe('3.5.3 Replacing CHQ and BHQ; 4.1.1 Command Rating Chart', () => {
  it('Poor 1, Average 2, Confident 3, Excellent 4+ order cards per platoon', () => {
    expect(byFirst('command-rating', 'rating', 'cards')).toEqual({ Poor: '1', Average: '2', Confident: '3', Excellent: '4+' });
  });
  it('a lost HQ is replaced after 7, 5, 3 and 2 turns', () => {
    expect(byFirst('hq-replacement', 'rating', 'turns')).toEqual({
      Poor: '7 turns',
      Average: '5 turns',
      Confident: '3 turns',
      Excellent: '2 turns',
    });
  });
  it('the turn runs through the ten orders of 4.4.1 to 4.4.10 in order', () => {
    expect(column('turn-sequence', 'order')).toEqual([
      'Action',
      'Fall Back',
      'Charge',
      'Prone',
      'Aimed Fire',
      'Move',
      'Move & Fire',
      'Opportunity Fire',
      'Resolve Charge',
      'Check Morale',
    ]);
  });
  it('falling back is hit on 8-10 and a Poor prone unit gets up on 6+, on a D10', () => {
    const table = blaze.table('order-rolls');
    expect(table.dice).toBe('1D10');
    expect(table.rows.map((r) => r['roll'])).toEqual([{ need: 8, or: 'higher' }, { need: 6, or: 'higher' }]);
  });
});

describe('5.3 Visibility Table; 5.4 Visibility Modifiers', () => {
  it('800 mm in the open; in cover 100 infantry, 200 ATG, 250 field artillery, 300 vehicle', () => {
    const [open, cover] = blaze.table('visibility').rows;
    expect(['infantry', 'atg', 'artillery', 'vehicle'].map((k) => mm(open![k]))).toEqual([800, 800, 800, 800]);
    expect(['infantry', 'atg', 'artillery', 'vehicle'].map((k) => mm(cover![k]))).toEqual([100, 200, 250, 300]);
  });
  it('a prone unit is seen 400 mm less', () => {
    const doc = buildQuickReference(blaze, { units: 'cm', paper: 'a4', toolVersion: '0' });
    const block = doc.sheets.flatMap((s) => s.blocks).find((b) => b.kind === 'table' && b.id === 'visibility-modifiers');
    if (!block || block.kind !== 'table') throw new Error('no visibility modifiers');
    expect(runsText(block.rows[1]![1]!)).toBe('−40 cm');
  });
});

describe('6.1 Movement Table', () => {
  it('move, move & fire and road move of every unit type, in mm', () => {
    const table = blaze.table('movement');
    const moves = Object.fromEntries(table.rows.map((r) => [r['unit'], [mm(r['move']), mm(r['moveFire']), mm(r['road'])]]));
    expect(moves).toEqual({
      'Infantry, LMG & HMG': [150, 75, 'N/A'],
      'Platoon & Company Command': [200, 100, 'N/A'],
      Cavalry: [250, 'N/A', 'N/A'],
      'Medium Tank, Halftrack, Assault Gun': [250, 130, 350],
      'Slow/Heavy Tank': [150, 100, 250],
      'Light Tank, Fast Tank, Jeeps': [300, 150, 400],
      // the text prints 350 mm, more than the whole move; read as 130 mm (see the note)
      'Armoured Car or Universal Carrier': [250, 130, 350],
      'Truck, Motorcycle': [250, 130, 400],
      'Light Artillery or ATG manhandled': [100, 'N/A', 'N/A'],
      'Medium Artillery manhandled': [50, 'N/A', 'N/A'],
      'Dinghy and Rafts': [150, 'N/A', 'may land {{dist 5 2}} up the shore'],
      'Landing Craft and Barges': [250, 'N/A', 'may land {{dist 10 4}} up the shore'],
    });
    expect(table.note).toMatch(/350 mm/);
  });
  it('150 mm is 15 cm and 6 in; 75 mm is 7.5 cm and 3 in', () => {
    expect(blaze.table('movement').rows[0]!['move']).toEqual({ cm: 15, in: 6 });
    expect(blaze.table('movement').rows[0]!['moveFire']).toEqual({ cm: 7.5, in: 3 });
  });
  it('charge bonus +1 D10 for infantry and HQ, +2 D10 for cavalry, none for vehicles', () => {
    expect(column('movement', 'charge').slice(0, 10)).toEqual(['+1 D10', '+1 D10', '+2 D10', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']);
  });
});

describe('6.2 Terrain Effect Table', () => {
  const cover = (key: string) => byFirst('terrain', 'terrain', key);
  const terrains = ['Road', 'Hedge', 'Rough scrub', 'Woods or Jungle', 'River or Creek', 'Hill Crest', 'Walls', 'Building', 'Bunker', 'Trench', 'Fox holes / Shell holes'];
  it('eleven terrains in the text’s order', () => {
    expect(column('terrain', 'terrain')).toEqual(terrains);
  });
  it('direct fire cover', () => {
    expect(terrains.map((t) => cover('direct')[t])).toEqual(['No', 'No', 'Soft', 'Soft', 'Soft', 'Soft', 'Hard', 'Hard', 'Hard', 'Hard', 'Soft']);
  });
  it('indirect fire cover', () => {
    expect(terrains.map((t) => cover('indirect')[t])).toEqual(['No', 'No', 'No', 'Soft', 'No', 'No', 'Hard', 'Hard', 'Hard', 'Soft', 'No']);
  });
  it('melee cover', () => {
    expect(terrains.map((t) => cover('melee')[t])).toEqual(['No', 'Soft', 'No', 'Yes', 'No', 'Soft', 'Hard', 'Hard', 'Hard', 'Soft', 'Soft']);
  });
  it('soft cover +1, hard cover +2 on the D10 needed', () => {
    const mods = byFirst('cover-modifiers', 'case', 'mod');
    expect(mod(mods['In soft cover'])).toBe(1);
    expect(mod(mods['In hard cover'])).toBe(2);
  });
});

describe('6.8 Wire Obstructions; 6.9 Mines', () => {
  const table = blaze.table('obstacle-rolls');
  const at = (total: number, key: string) => String(table.rows.find((r) => rowTotals(r)!.includes(total))![key]);
  it('half-track stuck on 1-2; infantry clear wire on 7-10', () => {
    for (let t = 1; t <= 10; t++) {
      expect(at(t, 'halftrackWire').startsWith('stuck'), `half-track ${t}`).toBe(t <= 2);
      expect(at(t, 'infantryWire'), `infantry ${t}`).toBe(t >= 7 ? 'clears a section' : 'entangled');
    }
  });
  it('vehicles die on 1-5; infantry die on 1-4, pass on 5-7, clear on 8-10', () => {
    for (let t = 1; t <= 10; t++) {
      expect(at(t, 'vehicleMines') === 'destroyed', `vehicle ${t}`).toBe(t <= 5);
      const infantry = at(t, 'infantryMines');
      expect(infantry, `infantry ${t}`).toMatch(t <= 4 ? /^destroyed$/ : t <= 7 ? /still live/ : /cleared/);
    }
  });
});

describe('7.1.1 Small Arms Ranges', () => {
  it('maximum range, short range and their bonus dice', () => {
    const rows = Object.fromEntries(
      blaze.table('small-arms-ranges').rows.map((r) => [r['unit'], [mm(r['range']), r['bonus'], mm(r['short']), r['shortBonus']]]),
    );
    expect(rows).toEqual({
      'Rifle Stand': [300, 'N/A', '–', '–'],
      'Infantry Anti-Tank Weapons': [100, 'N/A', '–', '–'],
      'LMG/Light Mortar Stand': [400, 'N/A', '–', '–'],
      'SMG Stand': [200, 'N/A', 150, '+2 D10'],
      'MMG/HMG (Infantry & tank)': [450, '+1 D10', 150, '+2 D10'],
      'AFV MG': [450, '+1 D10', 150, '+2 D10'],
    });
  });
});

describe('7.1.3 D10 Allocation Table', () => {
  it('dice per stand by rating, with 3, 2 and 1 figures left', () => {
    const table = blaze.table('d10-allocation');
    expect(table.rows.map((r) => [r['rating'], r['three'], r['two'], r['one']])).toEqual([
      ['Poor', 1, 1, 1],
      ['Average', 2, 1, 1],
      ['Confident', 3, 2, 1],
      ['Excellent', 3, 3, 2],
    ]);
  });
});

describe('7.1.5 To Hit Table', () => {
  const table = blaze.table('to-hit');
  const row = (target: string) => table.rows.find((r) => r['target'] === target)!;
  it('is rolled on a D10, each cell a number or higher', () => {
    expect(table.dice).toBe('1D10');
    for (const r of table.rows) for (const key of ['open', 'soft', 'hard']) expect((r[key] as { or: string }).or).toBe('higher');
  });
  it('a target not firing: open 7+, soft cover 8+, hard cover 9+', () => {
    expect(['open', 'soft', 'hard'].map((k) => need(row('Target not firing')[k]))).toEqual([7, 8, 9]);
  });
  it('a target that is firing: open 8+, soft 9+, hard only on 10', () => {
    expect(['open', 'soft', 'hard'].map((k) => need(row('Target firing')[k]))).toEqual([8, 9, 10]);
  });
  it('cavalry: open 6+, soft 7+, hard 8+', () => {
    expect(['open', 'soft', 'hard'].map((k) => need(row('Cavalry')[k]))).toEqual([6, 7, 8]);
  });
  it('10 always hits: no cell needs more than 10, and the summary says so', () => {
    for (const r of table.rows) for (const key of ['open', 'soft', 'hard']) expect(need(r[key])).toBeLessThanOrEqual(10);
    expect(table.summary).toMatch(/A 10 always hits/);
  });
});

describe('7.2 Tanks, Armour & ATG', () => {
  it('7.2.1 gun ranges: short 0-300, medium 300-600, long 600-800 mm; mortar minimums 100 and 150', () => {
    const ranges = blaze.table('gun-ranges').rows.map((r) => r['distance'] as { cm: number | number[] });
    expect(ranges.map((d) => [d.cm].flat().map((c) => c * 10))).toEqual([[0, 300], [300, 600], [600, 800], [100], [150]]);
  });
  it('7.2.2 crew ratings: Average -3 and Confident -2 when moving', () => {
    const firing = byFirst('crew-ratings', 'rating', 'firing');
    expect(firing['Average']).toBe('{{mod -3}} if moving');
    expect(firing['Confident']).toBe('{{mod -2}} if moving');
  });
  it('7.2.4 armour classes A to E, each column as the text lists it', () => {
    const classes = (key: string) => column('armour-classes', key).filter((c) => c !== undefined);
    expect(classes('a')).toEqual(['Tiger 1', 'Tiger 2 {{mod 1}}', 'JS 1', 'JS 2']);
    expect(classes('b')).toEqual(['Panther', 'KV1 {{mod -1}}', 'Firefly {{mod -1}}', 'Pz IV Late', 'JagdPanther', 'Churchill {{mod -1}}', 'Late T34', 'Late SU series']);
    expect(classes('c')).toEqual([
      'Sherman',
      'M14/41 {{mod -1}}',
      'PzIV Early/Mid',
      'PzIII Early/Mid',
      'PzIII Late {{mod 1}}',
      'Matilda {{mod 1}}',
      'T34 Early/Mid {{mod 1}}',
      'Most SPG',
      'Assault Guns',
      'Valentine',
    ]);
    expect(classes('d')).toEqual([
      'Light Tanks {{mod 1}}',
      'Tankettes',
      'A11 {{mod 1}}',
      'A13',
      'Crusader {{mod 2}}',
      'Armoured Cars',
      'M11/39',
      'M13/40 {{mod 1}}',
      'All APC {{mod -1}}',
    ]);
    expect(classes('e')).toEqual(['All Softskins', 'Motorcycles', 'Carriers {{mod 1}}']);
  });
  it('7.2.6 gun groups 1 to 5, each column as the text lists it', () => {
    const groups = (key: string) => column('gun-groups', key).filter((c) => c !== undefined);
    expect(groups('g1')).toEqual(['85mm {{mod -1}}', '88mm', '100mm', '105mm', '122mm {{mod 1}}', '>150mm {{mod 1}}']);
    expect(groups('g2')).toEqual(['76mm {{mod -1}}', 'Long 75mm', '17lbs', '25lbs {{mod 1}}']);
    expect(groups('g3')).toEqual(["'Short' 75mm", 'U.S. 75mm', 'Long 50mm', '6lbs {{mod -1}}', '57mm {{mod -1}}', '50mm {{mod -2}}']);
    expect(groups('g4')).toEqual(['20mm {{mod -2}}', '2lbs', '40mm', '37mm {{mod -1}}', '45mm']);
    expect(groups('g5')).toEqual(['AT rifles', 'Bazookas', 'PIAT {{mod 1}}', 'German hand held AT {{mod 1}}']);
  });
  it('7.2.7 gun modifiers as the text gives them', () => {
    const mods = byFirst('gun-modifiers', 'case', 'effect');
    expect(mod(mods['Any ATG in fixed defence'])).toBe(1);
    expect(mod(mods['Poor crew'])).toBe(-1);
    expect(mods['Hit on side armour']).toBe('{{mod -2}} (light tank {{mod -1}})');
    expect(mods['Hit on rear armour']).toBe('{{mod -3}} (light tank {{mod -1}})');
    expect(mod(mods['Firer disordered'])).toBe(-1);
    expect(mod(mods['Target hull down'])).toBe(-1);
    expect(mod(mods['Tank moved and fires this turn'])).toBe(-2);
    expect(mod(mods['Indirect or HE fire'])).toBe(-2);
  });
  it('7.2.8 armour combat: the D20 score to knock out, cell by cell', () => {
    const dash = '–';
    const keys = ['long', 'medium', 'short'].flatMap((range) => ['A', 'B', 'C', 'D', 'E'].map((c) => `${range}${c}`));
    const table = blaze.table('armour-combat');
    expect(table.dice).toBe('1D20');
    const score = (cell: unknown) => (cell && typeof cell === 'object' && 'need' in cell ? (cell as { need: number }).need : (cell ?? ''));
    const grid = table.rows.map((r) => [r['group'], ...keys.map((k) => score(r[k]))]);
    expect(grid).toEqual([
      ['1', 19, 17, 15, 13, 11, 16, 14, 12, 10, 8, 12, 10, 8, 6, 4],
      ['2', dash, 19, 17, 15, 13, 19, 16, 14, 12, 10, 15, 13, 11, 9, 6],
      ['3', dash, dash, 19, 17, 15, 19, 17, 16, 14, 12, 17, 15, 13, 11, 7],
      ['4', dash, dash, dash, 19, 17, dash, dash, 19, 17, 14, 19, 17, 14, 11, 7],
      ['5', '', '', '', '', '', '', '', '', '', '', 20, 15, 13, 9, 7],
    ]);
    // the score or more destroys: every number is a roll needed, with the D20's chance beside it
    for (const row of table.rows) for (const k of keys) if (typeof row[k] === 'object') expect((row[k] as { or: string }).or).toBe('higher');
    const doc = buildQuickReference(blaze, { units: 'cm', paper: 'a4', toolVersion: '0' });
    const block = doc.sheets.flatMap((sh) => sh.blocks).find((b) => b.kind === 'table' && b.id === 'armour-combat');
    if (!block || block.kind !== 'table') throw new Error('no armour combat table');
    expect(runsText(block.rows[0]![1]!).replace(/\u00a0/g, ' ')).toBe('19+ 10%');
    expect(runsText(block.rows[4]![11]!).replace(/\u00a0/g, ' ')).toBe('20+ 5%');
  });
  it('7.2.15 overrun: A and B automatic, C on 2+, D on 4+ (D10)', () => {
    const table = blaze.table('overrun');
    expect(table.dice).toBe('1D10');
    expect(table.rows.map((r) => r['roll'])).toEqual([{ auto: true }, { auto: true }, { need: 2, or: 'higher' }, { need: 4, or: 'higher' }]);
  });
  it('7.2.13 passengers: 5-6 OK, 3-4 one dead, 2 two dead, 1 the stand (D6)', () => {
    const table = blaze.table('passengers');
    expect(table.rows.map((r) => [rowTotals(r), r['result']])).toEqual([
      [[1], 'stand lost'],
      [[2], '2 figures lost'],
      [[3, 4], '1 figure lost'],
      [[5, 6], 'unhurt'],
    ]);
  });
});

describe('7.3 Artillery', () => {
  it('7.3.4 HE dice: 2/1, 3/1, 4/1 and 5/2 D10/D20', () => {
    expect(blaze.table('he-allocation').rows.map((r) => [r['d10'], r['d20']])).toEqual([[2, 1], [3, 1], [4, 1], [5, 2]]);
  });
  it('7.3.7 deviation: 40 mm a pip of the D6, up to 240', () => {
    const table = blaze.table('shot-deviation');
    expect(table.dice).toBe('1D6');
    expect(table.rows.map((r) => [rowTotals(r)![0], mm(r['distance'])])).toEqual([[1, 40], [2, 80], [3, 120], [4, 160], [5, 200], [6, 240]]);
  });
  it('7.3.8 HE v armour, cell by cell', () => {
    expect(blaze.table('he-v-armour').rows.map((r) => ['a', 'b', 'c', 'd', 'e'].map((k) => r[k]))).toEqual([
      ['Disorder / Immobilise', 'Immobilise', 'Immobilise', 'Can destroy', 'Can destroy'],
      ['Disorder', 'Disorder / Immobilise', 'Immobilise', 'Can destroy', 'Can destroy'],
      ['–', '–', 'Disorder', 'Immobilise', 'Can destroy'],
      ['–', '–', '–', 'Disorder', 'Can destroy'],
    ]);
  });
});

describe('7.4 Aircraft', () => {
  it('7.4.9 anti-aircraft: 20 destroyed, 19 severe, 18 light, 16-17 undamaged, 1-15 nothing', () => {
    const table = blaze.table('anti-aircraft');
    expect(table.rows.map((r) => rowTotals(r))).toEqual([[20], [19], [18], [16, 17], Array.from({ length: 15 }, (_, i) => i + 1)]);
    expect(column('anti-aircraft', 'result')).toEqual(['Destroyed', 'Driven off badly damaged', 'Driven off lightly damaged', 'Driven off undamaged', 'No effect']);
  });
  it('7.4.10 air combat matrix', () => {
    expect(blaze.table('air-combat').rows.map((r) => [r['order'], r['recon'], r['cover'], r['attack']])).toEqual([
      ['Recon', 'No Change', 'Recon Fails', 'No Change'],
      ['Air Cover', 'Recon Fails', 'Stalemate', 'Attack Dice'],
      ['Ground Attack', 'No Change', 'Attack Dice', 'No Change'],
    ]);
  });
});

describe('7.5 Charges & Melee', () => {
  it('7.5.1 melee modifiers, attacker and defender', () => {
    const table = blaze.table('melee-modifiers');
    expect(table.rows.map((r) => [r['case'], mod(r['attacker']), mod(r['defender'])])).toEqual([
      ['Panzerfaust/Schreck, PIAT, Bazooka v. Vehicle', 2, 0],
      ['Open topped AFV', 0, 0],
      ['Light, Medium armour', 0, 1],
      ['Heavy Tank', 0, 2],
      ['SMG section v. Infantry/Gun/Cavalry', 1, 0],
      ['Cavalry v. Infantry or Gun', 2, 0],
      ['Flamethrower unit', 2, 2],
      ['Defender Disordered', 0, -2],
      ['Defender has an Action Card', 0, -1],
      ['HQ attached', 1, 1],
    ]);
  });
  it('7.5.3 results: a tie rolls again, 1-4 pushed back 200 mm, 5+ destroyed', () => {
    const table = blaze.table('melee-results');
    expect(column('melee-results', 'difference')).toEqual(['0', '1–4', '5+']);
    expect(table.rows[1]!['loser']).toMatch(/^pushed back \{\{dist 20 8\}\}, loses 1 figure/);
    expect(table.rows[2]!['loser']).toMatch(/^destroyed/);
  });
});

describe('8 Breaking Point', () => {
  it('8.1 figures lost and percentage, for 3 to 6 stands', () => {
    const table = blaze.table('breaking-point');
    const keys = [3, 4, 5, 6].flatMap((n) => [`losses${n}`, `percent${n}`]);
    expect(table.rows.map((r) => [r['rating'], ...keys.map((k) => r[k])])).toEqual([
      ['Poor & Average', 5, '50%', 6, '50%', 8, '50%', 9, '50%'],
      ['Confident', 6, '66%', 7, '66%', 10, '66%', 12, '66%'],
      ['Excellent', 8, '85%', 10, '85%', 13, '85%', 15, '85%'],
    ]);
  });
  it('8.2 vehicles: 50%, 66% and 85% as a guide', () => {
    expect(column('bp-armour', 'losses')).toEqual(['50%', '66%', '85%']);
  });
});

describe('3.2 Basing Sizes; 3.3 Organisation', () => {
  const span = (cell: unknown) => {
    if (typeof cell === 'number') return [cell, cell];
    const s = cell as { from?: number; to?: number };
    return s && typeof s === 'object' && s.from !== undefined ? [s.from, s.to] : cell;
  };
  it('figures a stand: sections 3-4, specials and cavalry 2, HMG and mortar 2-3 crew, HQ 1 officer and 2-3 more, guns 3-4 crew', () => {
    const byRef = Object.fromEntries(blaze.table('basing').rows.map((r) => [r['ref'], span(r['figures'])]));
    expect(byRef).toEqual({ section: [3, 4], specials: [2, 2], cavalry: [2, 2], hmg: [2, 3], mortar: [2, 3], hq: [3, 4], vehicle: '1 model', gun: [3, 4], aircraft: '1 model' });
  });
  it('what a stand stands for, and its base: 50 x 50 mm, guns 50 x 100 mm, vehicles none, aircraft a flight stand', () => {
    const rows = blaze.table('basing').rows;
    expect(rows.map((r) => r['represents'])).toEqual(['8–12 men', '4–6 men', '4–6 troopers', '2–3 HMGs and crews', '2–3 mortars and crews', 'the HQ', '2–4 vehicles', '2–4 guns', '2–3 planes']);
    expect(rows.map((r) => r['base'])).toEqual([
      ...Array.from({ length: 6 }, () => '{{dist 5 2}} square'),
      'none needed',
      '{{dist 5 2}} x {{dist 10 4}}',
      'flight stand',
    ]);
  });
  it('a platoon is 3-4 sections and an LMG; a company 3-4 platoons, 1-2 HMG, 1-2 mortars and its HQ; a battalion 3 companies', () => {
    const made = byFirst('organisation', 'level', 'made');
    expect(made['Platoon']).toBe('3–4 rifle sections and 1 LMG stand');
    expect(made['Infantry company']).toBe('3–4 platoons, 1–2 HMG stands, 1–2 mortar stands and the company HQ');
    expect(made['Infantry battalion']).toMatch(/^3 companies and an HQ company/);
    expect(made['Guns']).toMatch(/platoons of 2–3 sections/);
    expect(made['Softskins']).toMatch(/no order card of their own/);
  });
});

describe('6.4 Motorised Infantry; 6.11 Paratroops; 6.12 LC & other small craft', () => {
  it('trucks and half-tracks carry 2-3 stands; jeeps, carriers and tanks 1; landing craft 3-5; dinghies 1-2; gliders 3-4', () => {
    const rows = blaze.table('transport').rows.map((r) => [r['ref'], r['stands']]);
    expect(rows).toEqual([
      ['truck', { from: 2, to: 3 }],
      ['single', 1],
      ['landing-craft', { from: 3, to: 5 }],
      ['dinghy', { from: 1, to: 2 }],
      ['glider', { from: 3, to: 4 }],
    ]);
    const instead = byFirst('transport', 'ref', 'instead');
    expect(instead['landing-craft']).toBe('2 artillery stands or 1–2 vehicles');
    expect(instead['glider']).toBe('2 guns and crews, 2 light vehicles or 1 medium vehicle');
  });
  it('6.12: boats drift 25 mm a turn in a small current, 50 mm in a strong one', () => {
    expect(byFirst('lookups', 'case', 'rule')['Current or tide (6.12)']).toMatch(/drift \{\{dist 2\.5 1\}\} a turn in a small current, \{\{dist 5 2\}\} in a strong one/);
  });
});

describe('6.3 Double Move; 7.3.2 Pre-game Barrage; the bounds a scenario keeps', () => {
  const bounds = Object.fromEntries(blaze.table('scenario-bounds').rows.map((r) => [r['ref'], [r['least'], r['most']]]));
  it('2: a game of 12 to 24 turns; 6.7: at night no more than 10', () => {
    expect(bounds['turns']).toEqual([12, 24]);
    expect(bounds['night-turns']).toEqual(['–', 10]);
  });
  it('6.3: 1 to 4 double moves a side, more only on open ground or with few heavy weapons', () => {
    expect(bounds['double-moves']).toEqual([1, 4]);
    const rules = byFirst('double-move', 'case', 'rule');
    expect(rules['Chits a side']).toMatch(/^1–4, handed out before the game\. 5 or more only on open, flat ground/);
    expect(rules['Limits']).toBe('No firing and no charging on a double move.');
    expect(rules['At night']).toBe('Only on roads or open ground (6.7).');
  });
  it('7.3.2: 6 to 10 area-fire templates, plotted once minefields and visible defences are down, before turn 1 or on a set turn', () => {
    expect(bounds['barrage']).toEqual([6, 10]);
    const rules = byFirst('pre-game-barrage', 'case', 'rule');
    expect(rules['How much']).toMatch(/^6–10 area-fire templates/);
    expect(rules['When it is plotted']).toMatch(/once minefields and the defences that can be seen are in place/);
    expect(rules['When it falls']).toMatch(/Before the first turn, or on a turn named when it is plotted/);
    expect(rules['Each template']).toMatch(/deviation included/);
  });
  it('7.4.2: an aircraft on the table 3 to 6 turns; 6.9: up to 2 dummies a mine square', () => {
    expect(bounds['aircraft-turns']).toEqual([3, 6]);
    expect(bounds['mine-dummies']).toEqual(['–', 2]);
  });
  it('7.3.14: at most 3 smoke rounds a weapon; 7.3.10: at most 4 rocket volleys; 7.3.11: up to 3 divisional templates a turn', () => {
    expect([bounds['smoke'], bounds['rocket-volleys'], bounds['divisional']]).toEqual([['–', 3], ['–', 4], ['–', 3]]);
  });
});

describe('4.4.3 Charge; 7.1.6 Flamethrowers; 7.1.7 Small Arms v Softskins; 7.2.11 Disabled Armour: what the Unit Sheet counts', () => {
  const tally = Object.fromEntries(blaze.table('tallies').rows.map((r) => [r['ref'], [r['count'], r['section']]]));
  it('4.4.3 Charge: each infantry stand charges three times a game', () => {
    expect(tally['charges']).toEqual([3, '4.4.3 Charge']);
  });
  it('7.1.6 Flamethrowers: 2 bursts a man-pack, 3 a vehicle-mounted flamethrower', () => {
    expect(tally['flame-man-pack']).toEqual([2, '7.1.6 Flamethrowers']);
    expect(tally['flame-vehicle']).toEqual([3, '7.1.6 Flamethrowers']);
  });
  it('7.1.7 Small Arms v Softskins: 3 D10 scores of 6 or more, added up over the game, knock out a softskin', () => {
    expect(tally['softskin-hits']).toEqual([3, '7.1.7 Small Arms v Softskins']);
  });
  it('7.2.11 Disabled Armour: 3 accumulated mortar hits disable a vehicle', () => {
    expect(tally['mortar-hits']).toEqual([3, '7.2.11 Disabled Armour']);
  });
});

describe('rules a player looks up: 5.5, 5.6, 6.5, 6.9, 6.10, 7.1.2, 7.2.11, 7.4.8, 9.2, 9.5', () => {
  const rule = (name: string) => byFirst('lookups', 'case', 'rule')[name] as string;
  it('6.5 hidden movement: a 50 mm card a stand and dummies; a battalion commander within 1000 mm', () => {
    expect(rule('Hidden movement (6.5)')).toMatch(/A face-down card \{\{dist 5 2\}\} square for each stand, gun and vehicle/);
    expect(rule('Hidden movement (6.5)')).toMatch(/within \{\{dist 100 40\}\} of one of his stands/);
  });
  it('5.5 recon teams: 2 vehicles within 200 mm of each other', () => {
    expect(rule('Recon team (5.5)')).toMatch(/^2 vehicles, .* within \{\{dist 20 8\}\} of each other/);
  });
  it('7.1.2: firing through one friendly stand not in melee', () => {
    expect(rule('Firing past friends (7.1.2)')).toBe('Infantry and vehicles may fire through one friendly stand that is not in a melee.');
  });
  it('6.9: mines anywhere in the defender’s half, up to 2 dummies a square, all laid before the barrage is plotted', () => {
    expect(rule('Laying mines (6.9)')).toMatch(/^Anywhere in the defender's half, each square with up to 2 dummies/);
    expect(rule('Laying mines (6.9)')).toMatch(/before the barrage is plotted/);
  });
  it('6.10: one infantry stand a storey', () => {
    expect(rule('Houses (6.10)')).toMatch(/^One infantry stand to each storey/);
  });
  it('7.2.11: a disabled vehicle is worth half points', () => {
    expect(rule('Disabled vehicle (7.2.11)')).toMatch(/worth half its points/);
  });
  it('7.4.8: AA guns defend themselves against ground troops within 300 mm', () => {
    expect(rule('AA guns in self-defence (7.4.8)')).toMatch(/within \{\{dist 30 12\}\}/);
  });
  it('9.2: prisoners, worth double the stand if the umpire sets points', () => {
    expect(rule('Prisoners (9.2; optional)')).toMatch(/worth double the stand/);
  });
  it('9.5: the umpire’s dice, 6-10 for the player who complains, 1-5 for the other (D10)', () => {
    const table = blaze.table('umpire-dice');
    expect(table.dice).toBe('1D10');
    expect(table.rows.map((r) => [rowTotals(r), r['decision']])).toEqual([
      [[1, 2, 3, 4, 5], 'the other player'],
      [[6, 7, 8, 9, 10], 'the player who raised it'],
    ]);
  });
  it('6.7: the night box on the sheets says a night’s fighting lasts at most 10 turns', () => {
    const night = blaze.sheets.flatMap((s) => s.blocks).find((b) => 'title' in b && b.title === 'Night');
    expect(night && 'text' in night ? night.text : '').toMatch(/lasts\s+at most 10 turns/);
  });
});

describe('7.1.6 Flamethrowers; 7.1.8 Snipers: the ranges the force file’s weapons take from the prose', async () => {
  const { loadBlazeAway } = await import('../../src/systems/blazeaway/data.js');
  const data = await loadBlazeAway(blaze);
  it('man-pack flamethrower 100 mm, vehicle 150 mm; sniper 450 mm with 2 or 3 D10', () => {
    const range = (id: string) => mm(data.weapons.get(id)!.range as Cell);
    expect([range('flamethrower'), range('vehicle-flamethrower'), range('sniper-rifle')]).toEqual([100, 150, 450]);
    expect(data.weapons.get('sniper-rifle')!.dice).toBe('2 D10 (Poor, Average), 3 D10 (Confident, Excellent)');
    expect(data.weapons.get('flamethrower')!.dice).toMatch(/2 bursts/);
    expect(data.weapons.get('vehicle-flamethrower')!.dice).toMatch(/3 bursts/);
  });
});

describe('the sheets', () => {
  it('fit one page each on A4 and on Letter, in both units', () => {
    expectOnePagePerSheet(blaze);
    expect(blaze.sheets.length).toBeGreaterThanOrEqual(4);
    expect(blaze.sheets.length).toBeLessThanOrEqual(8);
  });
  it('in inches, no centimetres remain outside the notes', () => {
    expect(sheetsInInchesWithoutNotes(blaze)).not.toMatch(/\d cm\b/);
  });
  it('print every table of the rule set', () => {
    const printed = new Set(blaze.sheets.flatMap((s) => s.blocks.flatMap((b) => ('table' in b ? [b.table] : []))));
    expect([...blaze.tables.keys()].filter((id) => !printed.has(id))).toEqual([]);
  });
  it('a D10 odds strip for the to-hit rolls', () => {
    const odds = blaze.sheets.flatMap((s) => s.blocks).filter((b) => 'odds' in b);
    expect(odds).toEqual([expect.objectContaining({ odds: '1D10', or: 'higher' })]);
  });
  it('from the command line', async () => {
    expect((await muster(['tables', 'blazeaway', '-o', 'ba.pdf', '--quiet'], workdir())).code).toBe(0);
  });
});

describe('tokens and true-size pieces from data alone', () => {
  it('chits, 120 mm area-fire templates (HE backed by smoke), 50 mm minefields and hidden cards that look alike', async () => {
    const cwd = workdir();
    const json = await muster(['tokens', 'blazeaway', '--format', 'json'], cwd);
    expect(json.code).toBe(0);
    type Face = { label: string; shape: string };
    const sheets = (JSON.parse(json.stdout) as { tokenSheets: { title: string; print: { round: number; square: number }; tokens: { front: Face; back: Face }[] }[] }).tokenSheets;
    expect(sheets.map((s) => s.title)).toEqual(['Tokens and markers', 'Area fire templates (120 mm)', 'Minefields and hidden cards (50 mm)', 'Wire strips (5 x 2 and 10 x 2 cm)']);
    // 7.3.1: the template is 120 mm across; 6.9 and 6.5: 5 cm squares
    expect(sheets[1]!.print.round).toBe(120);
    expect(sheets[2]!.print.square).toBe(50);
    expect(new Set(sheets[1]!.tokens.map((t) => `${t.front.label}/${t.back.label}`))).toEqual(new Set(['HE/Smoke']));
    const mines = sheets[2]!.tokens.filter((t) => t.front.label === 'Minefield');
    // up to two dummies for every mine, all alike from above
    expect(mines.filter((t) => t.back.label === 'Dummy')).toHaveLength(2 * mines.filter((t) => t.back.label === 'Live mines').length);
    // the sizes asked for change the chits, never the true-size pieces
    const small = JSON.parse((await muster(['tokens', 'blazeaway', '--format', 'json', '--round-size', '20'], cwd)).stdout) as { tokenSheets: { print: { round: number } }[] };
    expect(small.tokenSheets.map((s) => s.print.round)).toEqual([20, 120, 20, 20]);
  });
  it('the template prints 120 mm across, to scale', async () => {
    const { buildDataTokenDocument } = await import('../../src/doc/build-tokens.js');
    const { loadTokenGroups } = await import('../../src/data/tokens.js');
    const doc = buildDataTokenDocument(blaze.info, await loadTokenGroups(blaze.dirs), {
      print: { round: 25, square: 20, marks: true, duplex: 'long', backOffset: { x: 0, y: 0 } },
      units: 'cm',
      paper: 'a4',
      toolVersion: '0',
    });
    const pages = layoutDocument(fonts, doc).pages;
    const cutLines = pages.flatMap((p) => p.items).filter((i) => i.kind === 'circle' && i.stroke === '#000000');
    const mm = (pt: number) => (pt * 25.4) / 72;
    expect(new Set(cutLines.map((c) => (c.kind === 'circle' ? Math.round(mm(c.r * 2)) : 0)))).toEqual(new Set([25, 120]));
  });
});

describe('order cards from data alone', () => {
  it('a deck per player: the orders of 4.4 and the dummy of 4.3, all with one back', async () => {
    const cwd = workdir();
    const json = await muster(['cards', 'blazeaway', '--format', 'json'], cwd);
    expect(json.code).toBe(0);
    type Card = { front: { title: string; accent: string; footer: { left: string } }; back: unknown };
    const decks = (JSON.parse(json.stdout) as { decks: { title: string; cards: Card[] }[] }).decks;
    expect(decks.map((d) => d.title)).toEqual(['Order cards, Red', 'Order cards, Blue']);
    for (const deck of decks) {
      expect(new Set(deck.cards.map((c) => c.front.title))).toEqual(
        new Set(['Action', 'Fall Back', 'Charge', 'Prone', 'Aimed Fire', 'Move', 'Move & Fire', 'Opportunity Fire', 'Dummy']),
      );
      // face down, a dummy looks like any order
      expect(new Set(deck.cards.map((c) => JSON.stringify(c.back))).size).toBe(1);
      expect(deck.cards.filter((c) => c.front.title === 'Dummy').length).toBeGreaterThan(0);
      expect(deck.cards.find((c) => c.front.title === 'Prone')!.front.footer.left).toBe('4.4.4 Prone');
    }
    expect(decks[0]!.cards[0]!.front.accent).not.toBe(decks[1]!.cards[0]!.front.accent);
    expect((await muster(['cards', 'blazeaway', '-o', 'orders.pdf', '--quiet'], cwd)).code).toBe(0);
    const nation = await muster(['cards', 'blazeaway', '--nation', 'Germany'], cwd);
    expect(nation.code).toBe(2);
    expect(nation.stderr).toMatch(/--nation: Blaze Away! cards take no such option/);
  });
  it('distances on the cards follow --units', async () => {
    const inches = await muster(['cards', 'blazeaway', '--format', 'json', '--units', 'in'], workdir());
    expect(inches.stdout).toMatch(/No direct-fire hits beyond 6 in/);
    const cm = await muster(['cards', 'blazeaway', '--format', 'json'], workdir());
    expect(cm.stdout).toMatch(/No direct-fire hits beyond 15 cm/);
  });
});
