/**
 * Every Burst of Fire table checked against the rules text (burst-of-fire.txt and
 * burst-of-fire-movement.txt). The expected values below were typed from the text, section by
 * section; they are not read from the data files.
 */
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import type { Cell, Row, RuleTable } from '../../src/data/schema.js';
import { rowTotals } from '../../src/engine/tables.js';

const bof = (await loadRulesDb({ dataDirs: [] })).system('bof');
const table = (id: string): RuleTable => bof.table(id);

/** The text of every string cell of a row, lower case, for matching names. */
function words(row: Row): string {
  return Object.values(row)
    .filter((c): c is string => typeof c === 'string')
    .join(' ')
    .toLowerCase();
}

/** A lookup table: dice, and for each result named in the text the totals the text lists. */
function expectLookup(id: string, dice: string, expected: [number[], string][], unlisted: number[] = []) {
  const t = table(id);
  expect(t.use).toBe('lookup');
  expect(t.dice).toBe(dice);
  expect(t.rows).toHaveLength(expected.length);
  for (const [totals, name] of expected) {
    const row = t.rows.find((r) => JSON.stringify(rowTotals(r)) === JSON.stringify(totals));
    expect(row, `${id}: a row for ${totals.join(',')}`).toBeDefined();
    expect(words(row!), `${id}: ${totals.join(',')}`).toContain(name.toLowerCase());
  }
  expect(t.unlisted ?? []).toEqual(unlisted);
  if (unlisted.length > 0) expect(t.note).toBeDefined();
}

function needOf(cell: Cell | undefined): { need: number; or: string } | 'auto' | undefined {
  if (cell && typeof cell === 'object' && !Array.isArray(cell)) {
    if ('need' in cell) return { need: cell.need, or: cell.or };
    if ('auto' in cell) return 'auto';
  }
  return undefined;
}

function distanceOf(cell: Cell | undefined) {
  return cell && typeof cell === 'object' && !Array.isArray(cell) && 'cm' in cell ? cell : undefined;
}

/** A distance table: each row's distance band (cm and in, as the text) and the roll needed. */
function expectDistanceNeeds(
  id: string,
  dice: string,
  expected: [{ cm: number | [number, number]; in: number | [number, number]; qualifier?: string }, number | 'auto'][],
) {
  const t = table(id);
  expect(t.use).toBe('need');
  expect(t.dice).toBe(dice);
  expect(t.rows).toHaveLength(expected.length);
  expected.forEach(([distance, need], i) => {
    const row = t.rows[i]!;
    const d = Object.values(row).map(distanceOf).find(Boolean);
    expect(d, `${id} row ${i}`).toMatchObject(distance);
    const n = Object.values(row).map(needOf).find(Boolean);
    expect(n, `${id} row ${i}`).toEqual(need === 'auto' ? 'auto' : { need, or: 'lower' });
  });
}

/** Rows named by a word of their first cell, with the modifier the text gives. */
function expectModifiers(id: string, expected: [string, number][], column = 'mod') {
  const t = table(id);
  expect(t.rows).toHaveLength(expected.length);
  for (const [name, mod] of expected) {
    const row = t.rows.find((r) => words(r).includes(name.toLowerCase()));
    expect(row, `${id}: ${name}`).toBeDefined();
    expect(row![column], `${id}: ${name}`).toMatchObject({ mod });
  }
}

describe('Units and movement (How to move units)', () => {
  it('foot 10 cm / 4 in, support weapons 5 cm / 2 in, vehicles 1D6 to 8D6', () => {
    const t = table('units-and-movement');
    expect(t.rows).toHaveLength(6);
    expect(t.rows[0]!['move']).toEqual({ cm: 10, in: 4 });
    expect(t.rows[1]!['move']).toEqual({ cm: 10, in: 4 });
    expect(words(t.rows[1]!)).toContain('not allowed');
    expect(t.rows[2]!['move']).toEqual({ cm: 5, in: 2 });
    expect(words(t.rows[3]!)).toContain('1d6 to 8d6');
    expect(words(t.rows[4]!)).toContain('half');
    expect(words(t.rows[5]!)).toContain('unlimited');
  });
});

describe('Movement and terrain (Movement on different types of terrain)', () => {
  const t = table('terrain-movement');
  const row = (name: string) => t.rows.find((r) => String(r['terrain']).toLowerCase().startsWith(name))!;
  it('has the nine terrain types of the text', () => {
    expect(t.rows.map((r) => String(r['terrain']).toLowerCase().split(' ')[0])).toEqual([
      'plains', 'light', 'dense', 'hills', 'steep', 'crops', 'cobblestone', 'dirt', 'rivers',
    ]);
  });
  it('plains: wheeled abandon lowest die, tracked and horse add highest die', () => {
    expect(row('plains')).toMatchObject({
      foot: { move: 'normal' },
      wheeled: { move: 'drop', which: 'lowest', count: 1 },
      tracked: { move: 'add', which: 'highest', count: 1 },
      horse: { move: 'add', which: 'highest', count: 1 },
    });
  });
  it('light woods, dense woods, hills and steep hills', () => {
    expect(row('light')).toMatchObject({ wheeled: { move: 'drop', which: 'highest', count: 2 }, tracked: { move: 'drop', which: 'lowest', count: 1 }, horse: { move: 'normal' } });
    expect(row('dense')).toMatchObject({ foot: { move: 'no-double' }, wheeled: { move: 'impassable' }, tracked: { move: 'impassable' }, horse: { move: 'no-double' } });
    expect(row('hills')).toMatchObject({ foot: { move: 'no-double' }, wheeled: { move: 'drop', which: 'highest', count: 2 }, tracked: { move: 'drop', which: 'lowest', count: 2 }, horse: { move: 'drop', which: 'lowest', count: 1 } });
    expect(row('steep')).toMatchObject({ wheeled: { move: 'fixed', dice: '1D6' }, tracked: { move: 'fixed', dice: '1D6' }, horse: { move: 'fixed', dice: '1D6' } });
  });
  it('crops, roads and rivers', () => {
    expect(row('crops')).toMatchObject({ wheeled: { move: 'drop', which: 'lowest', count: 2 }, tracked: { move: 'drop', which: 'lowest', count: 1 }, horse: { move: 'drop', which: 'lowest', count: 1 } });
    expect(row('cobblestone')).toMatchObject({ wheeled: { move: 'add', which: 'highest', count: 2 }, tracked: { move: 'add', which: 'highest', count: 1 }, horse: { move: 'add', which: 'lowest', count: 1 } });
    expect(row('dirt')).toMatchObject({ wheeled: { move: 'normal' }, tracked: { move: 'add', which: 'lowest', count: 1 }, horse: { move: 'add', which: 'lowest', count: 1 } });
    expect(row('rivers')).toMatchObject({ foot: { move: 'limit', cm: 5, in: 2 }, wheeled: { move: 'impassable' }, tracked: { move: 'impassable' }, horse: { move: 'limit', cm: 5, in: 2 } });
  });
});

describe('Infantry crossing obstacles (How to cross obstacles with infanry)', () => {
  it('1D6: small 2-6, medium 3-6, high 4-6', () => {
    const t = table('infantry-obstacles');
    expect(t.dice).toBe('1D6');
    expect(t.rows.map((r) => needOf(r['need']))).toEqual([
      { need: 2, or: 'higher' },
      { need: 3, or: 'higher' },
      { need: 4, or: 'higher' },
    ]);
  });
});

describe('AFVs breaking through obstacles', () => {
  it('2D6: 4, 6, 8 and 10 or higher', () => {
    const t = table('afv-breakthrough');
    expect(t.dice).toBe('2D6');
    expect(t.rows.map((r) => needOf(r['need']))).toEqual([4, 6, 8, 10].map((need) => ({ need, or: 'higher' })));
  });
});

describe('Freeing stuck AFVs (reading freeing-stuck-vehicle: follow the prose)', () => {
  it('6 or lower on 2D6 frees the vehicle, which may move next turn', () => {
    const t = table('freeing-stuck-afvs');
    expect(t.dice).toBe('2D6');
    const freed = t.rows.find((r) => words(r).includes('freed'))!;
    expect(needOf(freed['need'])).toEqual({ need: 6, or: 'lower' });
    expect(words(freed)).toContain('may move next turn');
    expect(t.note).toMatch(/prose/);
  });
});

describe('Take cover (Protect your units & take cover!)', () => {
  it('soft -1/+1, medium -2/+2, hard -3/+3', () => {
    const t = table('take-cover');
    expect(t.rows.map((r) => [String(r['level']).toLowerCase(), r['attacker'], r['morale']])).toEqual([
      ['soft', { mod: -1 }, { mod: 1 }],
      ['medium', { mod: -2 }, { mod: 2 }],
      ['hard', { mod: -3 }, { mod: 3 }],
    ]);
  });
});

describe('Structures catching fire', () => {
  it('any double on 2D6 sets the structure on fire; units pull back 10 cm / 4 in', () => {
    const t = table('structures-catching-fire');
    expect(t.dice).toBe('2D6');
    expect(words(t.rows[0]!)).toContain('double');
    expect(JSON.stringify(t.rows[0])).toContain('{{dist 10 4}}');
  });
});

describe('Spotting the enemy (How to spot the enemy)', () => {
  it('1D6 needed for infantry and for vehicles and support weapons', () => {
    const t = table('spotting');
    expect(t.dice).toBe('1D6');
    const expected: [string, number, number][] = [
      ['soft cover / medium', 3, 2],
      ['soft cover / far', 4, 3],
      ['medium cover / medium', 4, 3],
      ['medium cover / far', 5, 4],
      ['hard cover / medium', 5, 4],
      ['hard cover / far', 6, 5],
    ];
    expect(t.rows).toHaveLength(6);
    expected.forEach(([name, infantry, vehicles], i) => {
      expect(words(t.rows[i]!)).toContain(name);
      expect(needOf(t.rows[i]!['infantry'])).toEqual({ need: infantry, or: 'higher' });
      expect(needOf(t.rows[i]!['vehicles'])).toEqual({ need: vehicles, or: 'higher' });
    });
  });
});

describe('Range bands (Range matters!)', () => {
  it('far over 100 cm / 40 in +0, medium under 100 cm / 40 in +4, close under 50 cm / 20 in +8', () => {
    const t = table('range-bands');
    expect(t.rows.map((r) => [r['distance'], r['bonus']])).toEqual([
      [{ cm: 100, in: 40, qualifier: 'more-than' }, { mod: 0 }],
      [{ cm: 100, in: 40, qualifier: 'less-than' }, { mod: 4 }],
      [{ cm: 50, in: 20, qualifier: 'less-than' }, { mod: 8 }],
    ]);
  });
});

describe('Dice rolls during combat (How to resolve combat)', () => {
  it('spot 1D6, accuracy 4D6, drift 8D6, attack 4D6, effect 2D6, morale 2D6', () => {
    const t = table('combat-dice');
    expect(t.rows.map((r) => [String(r['roll']).toLowerCase(), r['dice']])).toEqual([
      ['spot', '1D6'],
      ['accuracy', '4D6'],
      ['drift', '8D6'],
      ['attack', '4D6'],
      ['effect', '2D6'],
      ['morale', '2D6'],
    ]);
  });
});

describe('Attack roll bonuses and penalties (Attack roll)', () => {
  it('every situation with its modifier', () => {
    expectModifiers('attack-modifiers', [
      ['elite', 1],
      ['squad leader', 1],
      ['officer nearby', 2],
      ['medium range', 4],
      ['close range', 8],
      ['conscript', -1],
      ['frightened', -1],
      ['cavalry', -1],
      ['soft cover', -1],
      ['attacker injured', -2],
      ['medium cover', -2],
      ['moving vehicle', -2],
      ['covering fire', -2],
      ['hard cover', -3],
      ['smoke', -5],
    ]);
    const cover = table('attack-modifiers').rows.find((r) => words(r).includes('covering fire'))!;
    expect(cover['mod']).toEqual({ mod: -2, per: 'each' });
  });
});

describe('Effect roll: hits on infantry, vehicle crews and support weapon crews', () => {
  it('2D6: 2,5,8,11 killed; 3,6,9,12 injured; 4,7,10 suppressed', () => {
    expectLookup('infantry-hit-effects', '2D6', [[[2, 5, 8, 11], 'killed'], [[3, 6, 9, 12], 'injured'], [[4, 7, 10], 'suppressed']]);
  });
});

describe('Small caliber hits on softskin transport vehicles', () => {
  it('2,6 stops and unloads; 3,7,10 breaks down; 4,8,11 driver panics; 5,9,12 passenger killed', () => {
    expectLookup('softskin-small-arms', '2D6', [[[2, 6], 'unloads'], [[3, 7, 10], 'breaks down'], [[4, 8, 11], 'driver panics'], [[5, 9, 12], 'passenger']]);
  });
});

describe('Small caliber hits on horses', () => {
  it('2,6,9 panics; 3,7,10,12 injured; 5,8,11 dies; 4 is not in the text', () => {
    expectLookup('horses-small-arms', '2D6', [[[2, 6, 9], 'panics'], [[3, 7, 10, 12], 'injured'], [[5, 8, 11], 'killed']], [4]);
  });
});

describe('Small caliber hits on abandoned softskin vehicles', () => {
  it('even totals minor damage, odd totals break down', () => {
    expectLookup('abandoned-softskin-small-arms', '2D6', [[[2, 4, 6, 8, 10, 12], 'minor damage'], [[3, 5, 7, 9, 11], 'breaks down']]);
  });
});

describe('Hits with HE ammo on softskin vehicles', () => {
  it('2,6 driver panics; 3,7,10 breaks down; 4,8,11 explodes; 5,9,12 passenger killed', () => {
    expectLookup('softskin-he', '2D6', [[[2, 6], 'driver panics'], [[3, 7, 10], 'breaks down'], [[4, 8, 11], 'explodes'], [[5, 9, 12], 'passenger']]);
  });
});

describe('HE ammo vs. abandoned softskin vehicles', () => {
  it('2,6 minor; 3,7,9,11,12 breaks down; 4,8,10 explodes; 5 is not in the text', () => {
    expectLookup('abandoned-softskin-he', '2D6', [[[2, 6], 'minor damage'], [[3, 7, 9, 11, 12], 'breaks down'], [[4, 8, 10], 'explodes']], [5]);
  });
});

describe('High explosive hits on horses', () => {
  it('2,6 panics; 3,7,9,11 injured; 5,8,10,12 dead; 4 is not in the text', () => {
    expectLookup('horses-he', '2D6', [[[2, 6], 'panics'], [[3, 7, 9, 11], 'injured'], [[5, 8, 10, 12], 'killed']], [4]);
  });
});

describe('MGs and ARs trying to stop AFVs', () => {
  it('front armour 1-3: 6 or lower; 4-6: 4 or lower; over 6: 3 or lower (2D6)', () => {
    const t = table('mgs-stopping-afvs');
    expect(t.dice).toBe('2D6');
    expect(t.rows.map((r) => needOf(r['need']))).toEqual([6, 4, 3].map((need) => ({ need, or: 'lower' })));
    expect(t.rows.map((r) => String(r['armour']))).toEqual(['1 to 3', '4 to 6', 'more than 6']);
  });
});

describe('Effects of armor piercing rounds on AFVs', () => {
  it('2,7 explodes; 3,8,12 pierced; 4,9 immobilized; 5,10 crew killed; 6,11 gun damage', () => {
    expectLookup('ap-vs-afv', '2D6', [[[2, 7], 'explodes'], [[3, 8, 12], 'pierced'], [[4, 9], 'immobilized'], [[5, 10], 'crew member'], [[6, 11], 'gun damaged']]);
  });
  it('aimed at tracks -2: immobilized; at the turret -3: turret jam', () => {
    const t = table('ap-aimed-shots');
    expect(t.rows.map((r) => [r['penalty'], String(r['effect']).toLowerCase()])).toEqual([
      [{ mod: -2 }, 'immobilized'],
      [{ mod: -3 }, 'turret jammed'],
    ]);
  });
});

describe('HE hits on support weapons', () => {
  it('even totals minor damage, odd totals destroyed', () => {
    expectLookup('he-vs-support-weapons', '2D6', [[[2, 4, 6, 8, 10, 12], 'minor damage'], [[3, 5, 7, 9, 11], 'destroyed']]);
  });
});

describe('Effects of hits on planes (Anti air guns attacking planes)', () => {
  it('2,3 explodes; 4-6 heavy; 7-9 minor; 10-12 pilot injured', () => {
    expectLookup('plane-hit-effects', '2D6', [[[2, 3], 'explodes'], [[4, 5, 6], 'heavy damage'], [[7, 8, 9], 'minor damage'], [[10, 11, 12], 'pilot injured']]);
  });
});

describe('Grenades: accuracy (How to throw grenades; Throwing antipersonnel grenades in vehicles and bunkers)', () => {
  it('general: auto within 5 cm, then 18, 16, 14, 12 on 4D6 out to 25 cm / 10 in', () => {
    expectDistanceNeeds('grenade-accuracy', '4D6', [
      [{ cm: 5, in: 2, qualifier: 'up-to' }, 'auto'],
      [{ cm: [5, 10], in: [2, 4] }, 18],
      [{ cm: [10, 15], in: [4, 6] }, 16],
      [{ cm: [15, 20], in: [6, 8] }, 14],
      [{ cm: [20, 25], in: [8, 10] }, 12],
    ]);
  });
  it('into a moving open-topped vehicle: 14, 12, 10, 8, 6', () => {
    expectDistanceNeeds('grenade-open-top-moving', '4D6', [
      [{ cm: 5, in: 2, qualifier: 'up-to' }, 14],
      [{ cm: [5, 10], in: [2, 4] }, 12],
      [{ cm: [10, 15], in: [4, 6] }, 10],
      [{ cm: [15, 20], in: [6, 8] }, 8],
      [{ cm: [20, 25], in: [8, 10] }, 6],
    ]);
  });
  it('dropped into an AFV standing still: 12 within 5 cm, 10 within 10 cm', () => {
    expectDistanceNeeds('grenade-into-afv', '4D6', [
      [{ cm: 5, in: 2, qualifier: 'up-to' }, 12],
      [{ cm: [5, 10], in: [2, 4] }, 10],
    ]);
  });
  it('AT grenades and satchel charges: auto, 14, 12', () => {
    expectDistanceNeeds('at-grenade-accuracy', '4D6', [
      [{ cm: 5, in: 2, qualifier: 'up-to' }, 'auto'],
      [{ cm: [5, 10], in: [2, 4] }, 14],
      [{ cm: [10, 15], in: [4, 6] }, 12],
    ]);
  });
});

describe('Grenade drift distance and drift direction (Grenade drift; Artillery & mortar drift)', () => {
  it('1D6: 1,2 5 cm; 3,4 10 cm; 5,6 15 cm', () => {
    const t = table('grenade-drift-distance');
    expect(t.dice).toBe('1D6');
    expect(t.rows.map((r) => [rowTotals(r), r['distance']])).toEqual([
      [[1, 2], { cm: 5, in: 2 }],
      [[3, 4], { cm: 10, in: 4 }],
      [[5, 6], { cm: 15, in: 6 }],
    ]);
  });
  it('8D6: eight directions in steps of eight from 8 to 47, 48 rerolls', () => {
    expectLookup('drift-direction', '8D6', [
      [[8, 16, 24, 32, 40], 'north'],
      [[9, 17, 25, 33, 41], 'northeast'],
      [[10, 18, 26, 34, 42], 'east'],
      [[11, 19, 27, 35, 43], 'southeast'],
      [[12, 20, 28, 36, 44], 'south'],
      [[13, 21, 29, 37, 45], 'southwest'],
      [[14, 22, 30, 38, 46], 'west'],
      [[15, 23, 31, 39, 47], 'northwest'],
      [[48], 'reroll'],
    ]);
  });
});

describe('Artillery & Mortars', () => {
  it('accuracy: 16, 14, 12, 10 from 50 cm / 20 in outwards in 25 cm / 10 in steps', () => {
    expectDistanceNeeds('artillery-accuracy', '4D6', [
      [{ cm: [50, 75], in: [20, 30] }, 16],
      [{ cm: [75, 100], in: [30, 40] }, 14],
      [{ cm: [100, 125], in: [40, 50] }, 12],
      [{ cm: 125, in: 50, qualifier: 'more-than' }, 10],
    ]);
  });
  it('drift distance: 1D6 times 5 cm / 2 in', () => {
    const t = table('artillery-drift-distance');
    expect(t.rows.map((r) => [rowTotals(r), r['distance']])).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => [[n], { cm: 5 * n, in: 2 * n }]),
    );
  });
});

describe('Panzerfausts, Bazookas and Panzerschrecks', () => {
  it('maximum range: PF 30 20 cm, PF 60 40 cm, PF 100 75 cm, Bazooka 75 cm, Panzerschreck 110 cm', () => {
    const t = table('handheld-at-range');
    expect(t.rows.map((r) => r['range'])).toEqual([
      { cm: 20, in: 8 },
      { cm: 40, in: 16 },
      { cm: 75, in: 30 },
      { cm: 75, in: 30 },
      { cm: 110, in: 44 },
    ]);
    expect(t.rows.map((r) => words(r))).toEqual([
      expect.stringContaining('panzerfaust 30'),
      expect.stringContaining('panzerfaust 60'),
      expect.stringContaining('panzerfaust 100'),
      expect.stringContaining('bazooka'),
      expect.stringContaining('panzerschreck'),
    ]);
  });
  it('Panzerfaust accuracy: 20, 18, 16, 14, 12, 10', () => {
    expectDistanceNeeds('panzerfaust-accuracy', '4D6', [
      [{ cm: 15, in: 6, qualifier: 'less-than' }, 20],
      [{ cm: [15, 30], in: [6, 12] }, 18],
      [{ cm: [30, 45], in: [12, 18] }, 16],
      [{ cm: [45, 60], in: [18, 24] }, 14],
      [{ cm: [60, 75], in: [24, 30] }, 12],
      [{ cm: 75, in: 30, qualifier: 'more-than' }, 10],
    ]);
  });
  it('Panzerschreck and Bazooka accuracy: 20, 18, 16, 14, 12', () => {
    expectDistanceNeeds('schreck-bazooka-accuracy', '4D6', [
      [{ cm: 30, in: 12, qualifier: 'less-than' }, 20],
      [{ cm: [30, 45], in: [12, 18] }, 18],
      [{ cm: [45, 60], in: [18, 24] }, 16],
      [{ cm: [60, 75], in: [24, 30] }, 14],
      [{ cm: 75, in: 30, qualifier: 'more-than' }, 12],
    ]);
  });
  it('drift direction: right, left, low, high in steps of four, 48 rerolls', () => {
    const step = (from: number) => Array.from({ length: 11 }, (_, i) => from + 4 * i);
    expectLookup('handheld-at-drift-direction', '8D6', [
      [step(4), 'right'],
      [step(5), 'left'],
      [step(6), 'front of the target'],
      [step(7), 'no explosion'],
      [[48], 'reroll'],
    ]);
    expect(table('handheld-at-drift-direction').note).toMatch(/8D6 cannot roll/);
  });
  it('drift distance: 1,2 5 cm; 3,4 10 cm; 5,6 15 cm', () => {
    const t = table('handheld-at-drift-distance');
    expect(t.rows.map((r) => r['distance'])).toEqual([{ cm: 5, in: 2 }, { cm: 10, in: 4 }, { cm: 15, in: 6 }]);
  });
});

describe('HE blast radius and collateral damage', () => {
  it('5 cm, 10 cm, 20 cm, 25 cm (2, 4, 8, 10 in) by calibre', () => {
    const t = table('blast-radius');
    expect(t.rows.map((r) => r['radius'])).toEqual([{ cm: 5, in: 2 }, { cm: 10, in: 4 }, { cm: 20, in: 8 }, { cm: 25, in: 10 }]);
    expect(words(t.rows[0]!)).toContain('20 mm');
    expect(words(t.rows[1]!)).toContain('37 to 47 mm');
    expect(words(t.rows[2]!)).toContain('75 to 88 mm');
    expect(words(t.rows[3]!)).toContain('bombs');
  });
});

describe('Machine guns and autocannons in combat', () => {
  it('units per attack by range band: far 1/1, medium 1D3/1D3, close 1D6/1D3', () => {
    const t = table('mg-targets-by-range');
    expect(t.rows.map((r) => [r['mg'], r['autocannon']])).toEqual([[1, 1], ['1D3', '1D3'], ['1D6', '1D3']]);
  });
  it('machine guns: 1D6 units around the target, one per pip', () => {
    const t = table('mg-extra-targets');
    expect(t.rows.map((r) => [rowTotals(r), r['targets']])).toEqual([1, 2, 3, 4, 5, 6].map((n) => [[n], n]));
  });
  it('autocannons: 1,2 one unit; 3,4 two; 5,6 three', () => {
    const t = table('autocannon-extra-targets');
    expect(t.rows.map((r) => [rowTotals(r), r['targets']])).toEqual([[[1, 2], 1], [[3, 4], 2], [[5, 6], 3]]);
  });
});

describe('Machine guns overheating', () => {
  it('2-6 on 2D6 overheats, 7-12 does not', () => {
    expectLookup('mg-overheat', '2D6', [[[2, 3, 4, 5, 6], 'overheats'], [[7, 8, 9, 10, 11, 12], 'no effect']]);
  });
});

describe('Machine guns suppressing enemy units', () => {
  it('infantry 18, softskins 14, light AFVs and shielded guns 12, AFVs 10, planes 7 (4D6)', () => {
    const t = table('mg-suppression');
    expect(t.dice).toBe('4D6');
    expect(t.rows.map((r) => needOf(r['need']))).toEqual([18, 14, 12, 10, 7].map((need) => ({ need, or: 'lower' })));
  });
});

describe('Melee', () => {
  it('conscript 15, regular 16, elite 17, ranking officer 18 on 4D6; squad leader by quality +1', () => {
    const t = table('melee-values');
    const need = (name: string) => needOf(t.rows.find((r) => words(r).includes(name))!['need']);
    expect(need('conscript')).toEqual({ need: 15, or: 'lower' });
    expect(need('regular')).toEqual({ need: 16, or: 'lower' });
    expect(need('elite')).toEqual({ need: 17, or: 'lower' });
    expect(need('ranking officer')).toEqual({ need: 18, or: 'lower' });
    expect(JSON.stringify(t.rows.find((r) => words(r).includes('squad leader')))).toContain('{{mod 1}}');
  });
  it('effects: 2-6 kill, 7-11 injury; 12 is not in the text', () => {
    expectLookup('melee-hit-effects', '2D6', [[[2, 3, 4, 5, 6], 'killed'], [[7, 8, 9, 10, 11], 'injured']], [12]);
  });
});

describe('Vehicles running over support weapons and infantry', () => {
  it('running over: 8 or lower evades, 9 or higher killed', () => {
    expectLookup('running-over', '2D6', [[[2, 3, 4, 5, 6, 7, 8], 'jumps clear'], [[9, 10, 11, 12], 'killed']]);
  });
  it('ramming: 7 or lower still operable, 8 or higher destroyed', () => {
    expectLookup('ramming', '2D6', [[[2, 3, 4, 5, 6, 7], 'still works'], [[8, 9, 10, 11, 12], 'destroyed']]);
  });
});

describe('How to determine force morale', () => {
  it('1D6: 1,2 -> 8; 3,4,5 -> 9; 6 -> 10', () => {
    const t = table('force-morale');
    expect(t.dice).toBe('1D6');
    expect(t.rows.map((r) => [rowTotals(r), r['morale']])).toEqual([[[1, 2], 8], [[3, 4, 5], 9], [[6], 10]]);
  });
});

describe('Morale checks: bonuses and penalties', () => {
  it('every situation with its modifier', () => {
    expectModifiers('morale-modifiers', [
      ['elite', 1],
      ['squad leader', 1],
      ['soft cover', 1],
      ['officer nearby', 2],
      ['medium cover', 2],
      ['hard cover', 3],
      ['conscript', -1],
      ['melee', -1],
      ['injured', -2],
      ['behind', -2],
      ['shocked', -2],
    ]);
  });
});

describe('Effects of failed morale checks (four tables)', () => {
  it('infantry: shocked, tactical retreat, surrender', () => {
    expectLookup('failed-morale-infantry', '2D6', [[[2, 5, 8, 11], 'shocked'], [[3, 6, 9, 12], 'tactical retreat'], [[4, 7, 10], 'surrender']]);
  });
  it('vehicle crews: shock, back up, crew bails', () => {
    expectLookup('failed-morale-vehicle-crew', '2D6', [[[2, 5, 8, 11], 'shock'], [[3, 6, 9, 12], 'back up'], [[4, 7, 10], 'bails']]);
  });
  it('support weapon crews: shock, reposition, crew bails', () => {
    expectLookup('failed-morale-support-crew', '2D6', [[[2, 5, 8, 11], 'shock'], [[3, 6, 9, 12], 'reposition'], [[4, 7, 10], 'bail']]);
  });
  it('pilots and crew: shock, defensive spiral, bail', () => {
    expectLookup('failed-morale-pilots', '2D6', [[[2, 5, 8, 11], 'shock'], [[3, 6, 9, 12], 'defensive spiral'], [[4, 7, 10], 'bail']]);
  });
});

describe('Deployment', () => {
  it('4D6: 4,8,12,16,20 north; 5,9,13,17,21 east; 6,10,14,18,22 south; 7,11,15,19,23 west; 24 reroll', () => {
    expectLookup('deployment-sector', '4D6', [
      [[4, 8, 12, 16, 20], 'north'],
      [[5, 9, 13, 17, 21], 'east'],
      [[6, 10, 14, 18, 22], 'south'],
      [[7, 11, 15, 19, 23], 'west'],
      [[24], 'reroll'],
    ]);
    expect(table('deployment-sector').rows[4]!['reroll']).toBeDefined();
  });
  it('escape corridor: 4D6 on the deployment table, as reading escape-corridor-dice settles, with the note', () => {
    expectLookup('escape-corridor', '4D6', [
      [[4, 8, 12, 16, 20], 'north'],
      [[5, 9, 13, 17, 21], 'east'],
      [[6, 10, 14, 18, 22], 'south'],
      [[7, 11, 15, 19, 23], 'west'],
      [[24], 'reroll'],
    ]);
    expect(table('escape-corridor').note).toMatch(/3D6.*4D6/);
  });
});

describe('Unit quality (Infantry and support crews)', () => {
  it('conscript -1/-1, regular 0/0, elite +1/+1', () => {
    const t = table('unit-quality');
    expect(t.rows.map((r) => [String(r['level']).toLowerCase(), r['attacks'], r['morale']])).toEqual([
      ['conscript', { mod: -1 }, { mod: -1 }],
      ['regular', { mod: 0 }, { mod: 0 }],
      ['elite', { mod: 1 }, { mod: 1 }],
    ]);
  });
  it('squad leader rally radius 20 cm / 8 in, with the note (reading squad-leader-rally-radius)', () => {
    const t = table('unit-quality');
    expect(t.summary).toContain('{{dist 20 8}}');
    expect(t.note).toMatch(/10 cm \/ 4 in.*20 cm \/ 8 in/);
  });
});

describe('Actions per unit type (Actions & Action Point Counter)', () => {
  it('2 for officers, leaders, infantry, transports and small AFVs; 1 to 2 for support weapons; 3 for big AFVs', () => {
    const t = table('actions-per-unit');
    const actions = (name: string) => t.rows.find((r) => words(r).includes(name))!['actions'];
    expect(actions('ranking officer')).toBe(2);
    expect(actions('squad leader')).toBe(2);
    expect(actions('infantry and crew')).toBe(2);
    expect(actions('support weapons')).toBe('1 to 2');
    expect(actions('transports')).toBe(2);
    expect(actions('up to 5 crew')).toBe(2);
    expect(actions('more than 5 crew')).toBe(3);
    expect(String(actions('planes'))).toMatch(/1/);
  });
});

describe('Manning abandoned vehicles', () => {
  it('movement and attack penalties by vehicle and crew', () => {
    const t = table('manning-abandoned-vehicles');
    expect(t.rows.map((r) => [String(r['vehicle']).toLowerCase(), String(r['crew']).toLowerCase(), r['movement'], r['attacks']])).toEqual([
      ['afv', 'vehicle crew', { move: 'drop', which: 'highest', count: 1 }, { mod: -1 }],
      ['afv', 'infantry', 'drop highest and lowest die', { mod: -3 }],
      ['unarmed transport', 'vehicle crew', { move: 'normal' }, '—'],
      ['unarmed transport', 'infantry', { move: 'normal' }, '—'],
      ['armed transport', 'vehicle crew', { move: 'drop', which: 'lowest', count: 1 }, { mod: -1 }],
      ['armed transport', 'infantry', { move: 'drop', which: 'highest', count: 1 }, { mod: -1 }],
    ]);
  });
});

describe('Game modes (available points)', () => {
  it('points per side for the nine modes', () => {
    const t = table('game-modes');
    expect(t.rows.map((r) => r['points'])).toEqual([
      '75 / 75',
      '150 / 150',
      '150 / 120',
      '150 / 100',
      '150 / 100',
      '150 / 50',
      '150 / 50',
      '150 / 50',
      'equal, your choice',
    ]);
    expect(words(t.rows[0]!)).toContain('limit 15');
  });
});

describe('Playing Burst of Fire solo', () => {
  it('map design: 1,2 city; 3,4 rural; 5,6 mix', () => {
    expectLookup('solo-map', '1D6', [[[1, 2], 'city'], [[3, 4], 'rural'], [[5, 6], 'mix of both']]);
  });
  it('Axis 1-3, Allies 4-6', () => {
    expectLookup('solo-side', '1D6', [[[1, 2, 3], 'axis'], [[4, 5, 6], 'allies']]);
  });
  it('scenario by 8D6 in spans of five from 8, with the solo names, 48 rerolls (reading solo-scenario-names)', () => {
    const span = (from: number) => [from, from + 1, from + 2, from + 3, from + 4];
    expectLookup('solo-scenario', '8D6', [
      [span(8), 'probing the enemy lines'],
      [span(13), 'king of the hill'],
      [span(18), 'keep the supplies coming'],
      [span(23), 'delay the enemy advance'],
      [span(28), 'breakthrough / hold the line'],
      [span(33), 'escape the pocket'],
      [span(38), 'pocket battle'],
      [span(43), 'prisoner of war'],
      [[48], 'reroll'],
    ]);
    const refs = table('solo-scenario').rows.map((r) => r['ref']);
    expect(refs).toEqual(['probing', 'victory-zones', 'supply-road', 'delay', 'breakthrough', 'avoid-the-pocket', 'surrounded', 'capture-the-commander', undefined]);
  });
  it('deployment edge by its own 4D6 spans: 4-8 N, 9-13 E, 14-18 S, 19-23 W, 24 reroll', () => {
    const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    expectLookup('solo-deployment', '4D6', [[span(4, 8), 'north'], [span(9, 13), 'east'], [span(14, 18), 'south'], [span(19, 23), 'west'], [[24], 'reroll']]);
  });
  it('sectors: 1,2 left; 3,4 middle; 5,6 right; from the middle 1-3 left, 4-6 right', () => {
    expectLookup('solo-sector', '1D6', [[[1, 2], 'left'], [[3, 4], 'middle'], [[5, 6], 'right']]);
    expectLookup('solo-next-sector', '1D6', [[[1, 2, 3], 'left'], [[4, 5, 6], 'right']]);
  });
});
