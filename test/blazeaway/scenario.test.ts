/**
 * Blaze Away! scenarios as a designer sets them up within the text's bounds: snapshots for
 * fixed seeds, and over thousands of seeds every rolled value within its bound (2 game
 * length, 6.3 double moves, 6.7 night, 6.6 weather, 6.9 mines, 7.3.2 barrage, 7.4.2 aircraft)
 * and the rules between them kept.
 */
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { createRng, parseDice } from '../../src/engine/dice.js';
import { loadBlazeAway } from '../../src/systems/blazeaway/data.js';
import { loadSampleForces } from '../../src/systems/blazeaway/samples.js';
import { rollScenario, type Allocations, type BaScenarioResult, type SideForce } from '../../src/systems/blazeaway/scenario.js';
import { sampled } from '../helpers/sample.js';

const data = await loadBlazeAway((await loadRulesDb({ dataDirs: [], only: 'blazeaway' })).system('blazeaway'));
const samples = await loadSampleForces();
const TABLE = { width: 180, height: 120 };
const roll = (seed: string, table = TABLE, forces: SideForce[] = []) => rollScenario(data, { forces, samples, table }, createRng(seed), seed).result;

describe('a scenario for a fixed seed (changes only on purpose)', () => {
  it('seed ba-day', () => {
    expect(roll('ba-day')).toMatchSnapshot();
  });
  it('seed ba-2 on a table deeper than wide', () => {
    expect(roll('ba-2', { width: 120, height: 180 })).toMatchSnapshot();
  });
});

describe('the result carries what the JSON contract promises', () => {
  it('the scenario JSON fields of docs/design.md and the Blaze Away! ones; units with kind, stands, rating and breaking points', () => {
    const r = roll('fields');
    expect(Object.keys(r)).toEqual(
      expect.arrayContaining(['system', 'seed', 'scenario', 'attacker', 'defender', 'deployment', 'objectives', 'forces', 'rolls', 'turns', 'night', 'weather', 'doubleMoves', 'barrage', 'aircraft', 'mines', 'wire', 'hiddenDummies']),
    );
    expect(Object.keys(r.barrage)).toEqual(expect.arrayContaining(['templates', 'turn']));
    expect(Object.keys(r.mines)).toEqual(expect.arrayContaining(['squares', 'dummies']));
    expect(Object.keys(r.doubleMoves)).toEqual(['a', 'b']);
    expect(Object.keys(r.aircraft)).toEqual(['a', 'b']);
    for (const f of r.forces) {
      expect(Object.keys(f)).toEqual(expect.arrayContaining(['side', 'points', 'budget', 'units']));
      for (const u of f.units) {
        expect(Object.keys(u)).toEqual(expect.arrayContaining(['kind', 'stands', 'rating']));
        if (u.kind === 'infantry' && u.composition!.some((c) => c.type !== 'sniper')) expect(u.breakingPoint).toBeDefined();
      }
    }
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
});

const inside = (p: { x: number; y: number }, z: { x: number; y: number; w: number; h: number }) => p.x >= z.x - 0.05 && p.x <= z.x + z.w + 0.05 && p.y >= z.y - 0.05 && p.y <= z.y + z.h + 0.05;

function checkScenario(r: BaScenarioResult): void {
  const seed = r.seed;
  // 6.7: a night game lasts at most 10 turns (6 at least, muster's own); 2: a day game 12 to 24
  if (r.night) {
    expect(r.turns, seed).toBeGreaterThanOrEqual(6);
    expect(r.turns, seed).toBeLessThanOrEqual(10);
    // no double moves at night except on roads and open ground; hidden movement always used
    expect(r.doubleMovesWhere, seed).toBe('roads and open ground');
    expect(r.hiddenMovement, seed).toBe(true);
  } else {
    expect(r.turns, seed).toBeGreaterThanOrEqual(12);
    expect(r.turns, seed).toBeLessThanOrEqual(24);
    expect(r.doubleMovesWhere, seed).toBe('anywhere');
  }
  // 6.3: 1 to 4 double moves a side
  for (const side of r.sides) {
    expect(r.doubleMoves[side], seed).toBeGreaterThanOrEqual(1);
    expect(r.doubleMoves[side], seed).toBeLessThanOrEqual(4);
  }
  // 7.3.2: the attacker's barrage, 6 to 10 templates, before the first turn or on a set turn of the game
  expect(r.barrage.side).toBe(r.attacker);
  expect(r.barrage.templates, seed).toBeGreaterThanOrEqual(6);
  expect(r.barrage.templates, seed).toBeLessThanOrEqual(10);
  expect(r.barrage.turn === 0 || (r.barrage.turn >= 2 && r.barrage.turn <= Math.min(6, r.turns)), `${seed} turn ${r.barrage.turn}`).toBe(true);
  // 6.6: bad weather grounds all aircraft; 7.4.2: each flies 3 to 6 turns
  if (r.weather === 'bad') expect(r.aircraft, seed).toEqual({ a: [], b: [] });
  for (const side of r.sides) {
    for (const a of r.aircraft[side]) {
      expect(a.turns, seed).toBeGreaterThanOrEqual(3);
      expect(a.turns, seed).toBeLessThanOrEqual(6);
      expect(data.aircraft.map((t) => t.role)).toContain(a.type);
    }
  }
  // 6.9: the defender's mines, up to two dummies a square
  expect(r.mines.side).toBe(r.defender);
  expect(r.mines.squares, seed).toBeLessThanOrEqual(4);
  expect(r.mines.dummies, seed).toBeLessThanOrEqual(2 * r.mines.squares);
  expect(r.mines.dummies).toBeGreaterThanOrEqual(0);
  expect(r.wire.side).toBe(r.defender);
  expect(r.wire.long >= 0 && r.wire.long <= 4 && r.wire.short >= 0 && r.wire.short <= 6, seed).toBe(true);
  // hidden dummies only with hidden movement
  for (const side of r.sides) {
    if (r.hiddenMovement) expect(r.hiddenDummies[side] >= 1 && r.hiddenDummies[side] <= 4, seed).toBe(true);
    else expect(r.hiddenDummies[side], seed).toBe(0);
  }
  // the sides: opposite edges, one attacker, forces from both camps and decks of two colours
  expect(r.attacker).not.toBe(r.defender);
  expect(new Set(Object.values(r.deployment)).size).toBe(2);
  expect(new Set(r.forces.map((f) => f.camp)), seed).toEqual(new Set(['axis', 'allies']));
  expect(r.forces[0]!.colour).not.toBe(r.forces[1]!.colour);
  for (const f of r.forces) expect(f.problems, seed).toEqual([]);
  // the chits follow the setup
  expect(r.chits[r.attacker].templates).toBe(r.barrage.templates);
  expect(r.chits[r.defender].mineSquares + r.chits[r.defender].dummyMineSquares).toBe(r.mines.squares + r.mines.dummies);
  for (const side of r.sides) expect(r.chits[side].doubleMoves).toBe(r.doubleMoves[side]);
  // zones on the table and apart; the objective in the defender's half
  const [za, zb] = r.zones;
  const table = { x: 0, y: 0, w: r.table.width, h: r.table.height };
  for (const z of r.zones) expect(inside({ x: z.x, y: z.y }, table) && inside({ x: z.x + z.w, y: z.y + z.h }, table), seed).toBe(true);
  const overlapX = Math.min(za!.x + za!.w, zb!.x + zb!.w) - Math.max(za!.x, zb!.x);
  const overlapY = Math.min(za!.y + za!.h, zb!.y + zb!.h) - Math.max(za!.y, zb!.y);
  expect(overlapX <= 0.01 || overlapY <= 0.01, `${seed} zones overlap`).toBe(true);
  const defenderZone = r.zones.find((z) => z.side === r.defender)!;
  for (const o of r.objectives) expect(inside(o, defenderZone), `${seed} objective in the defender's half`).toBe(true);
  // every die shows a face it has
  for (const roll of r.rolls) {
    const { sides } = parseDice(roll.dice);
    for (const face of roll.faces) expect(face >= 1 && face <= sides, `${seed} ${roll.purpose}`).toBe(true);
  }
}

/**
 * The scenarios whose every value is checked: all 3000 under MUSTER_DEEP=1, a tenth otherwise
 * (helpers/sample.ts), with one at least on every table, at night and by day, in each weather,
 * with and without a set turn for the barrage, and of every objective. The shares below are
 * counted over all 3000, whose rolling is the cheap part.
 */
const checkedOf = (rolled: readonly BaScenarioResult[]) =>
  sampled(rolled, (r, i) => [`table ${i % 5}`, r.night ? 'night' : 'day', `weather ${r.weather}`, r.barrage.turn > 0 ? 'set turn' : 'no set turn', `objective ${r.scenario.id}`]);

describe('over 3000 seeds', () => {
  it('every rolled value within its bound, and the rules between them kept', () => {
    const tables = [TABLE, { width: 120, height: 180 }, { width: 120, height: 120 }, { width: 60, height: 60 }, { width: 400, height: 100 }];
    let nights = 0;
    let bad = 0;
    let setTurn = 0;
    const objectives = new Map<string, number>();
    const rolled = Array.from({ length: 3000 }, (_, i) => roll(`prop-${i}`, tables[i % tables.length]!));
    for (const r of checkedOf(rolled)) checkScenario(r);
    for (const r of rolled) {
      if (r.night) nights++;
      if (r.weather === 'bad') bad++;
      if (r.barrage.turn > 0) setTurn++;
      objectives.set(r.scenario.id, (objectives.get(r.scenario.id) ?? 0) + 1);
    }
    // one game in six at night and one in six in bad weather; a set turn for the barrage one in three
    expect(Math.abs(nights / 3000 - 1 / 6)).toBeLessThan(0.03);
    expect(Math.abs(bad / 3000 - 1 / 6)).toBeLessThan(0.03);
    expect(Math.abs(setTurn / 3000 - 1 / 3)).toBeLessThan(0.04);
    expect([...objectives.keys()].sort()).toEqual(data.objectives.map((o) => o.id).sort());
  });
  it('the same seed gives the same scenario; another seed another', () => {
    for (let i = 0; i < 50; i++) expect(roll(`same-${i}`)).toEqual(roll(`same-${i}`));
    expect(roll('one')).not.toEqual(roll('two'));
  });
  it('forces given stay as given, side A first; side B drawn from the other camp', () => {
    const german = samples.find((s) => s.force.side === 'axis')!;
    for (let i = 0; i < 200; i++) {
      const r = roll(`given-${i}`, TABLE, [{ ...german, sample: false }]);
      expect(r.forces[0]!.name).toBe(german.force.name);
      expect(r.forces[0]!.sample).toBe(false);
      expect(r.forces[1]!.camp).toBe('allies');
      expect(r.forces[1]!.sample).toBe(true);
    }
    // two forces naming the same deck colour: side B takes the other
    const both = roll('colours', TABLE, [{ ...german, sample: false }, { ...german, sample: false }]);
    expect(both.forces.map((f) => f.colour).sort()).toEqual(['Blue', 'Red']);
  });
  it('a force’s aircraft each fly; air support is added within its bound', () => {
    for (let i = 0; i < 500; i++) {
      const r = roll(`air-${i}`);
      if (r.weather === 'bad') continue;
      for (const side of r.sides) {
        const force = r.forces.find((f) => f.side === side)!;
        const own = force.units.filter((u) => u.kind === 'aircraft').reduce((n, u) => n + u.stands, 0);
        const support = r.aircraft[side].filter((a) => a.unit === undefined).length;
        expect(r.aircraft[side].length - support).toBe(own);
        expect(support).toBeLessThanOrEqual(2);
      }
    }
  });
});

describe('what the text leaves to the scenario designer, as options with their bounds', () => {
  const rollWith = (seed: string, allocations: Allocations) => rollScenario(data, { forces: [], samples, table: TABLE, allocations }, createRng(seed), seed).result;
  it('none given: no suppressive fire, divisional artillery, buildings or Fixed Defence, the attacker\'s barrage alone, and the rolls as before', () => {
    for (let i = 0; i < 50; i++) {
      const plain = roll(`alloc-${i}`);
      const given = rollWith(`alloc-${i}`, { barrage: 'both', suppressive: { a: 1, b: 1 }, buildings: [{ ref: 'wood', count: 1 }] });
      expect(plain.barrages).toEqual([plain.barrage]);
      expect(plain.barrage.side).toBe(plain.attacker);
      expect([plain.suppressive, plain.divisional, plain.buildings, plain.fixedDefence.guns]).toEqual([{ a: 0, b: 0 }, { a: 0, b: 0 }, [], []]);
      // the designer's choices roll after every die of the default scenario
      expect(given.rolls.slice(0, plain.rolls.length)).toEqual(plain.rolls);
    }
  });
  it('7.3.2 Pre-game Barrage: "players" are allotted 6 to 10 templates: the attacker, the defender, both or neither', () => {
    for (let i = 0; i < 100; i++) {
      const both = rollWith(`barrage-${i}`, { barrage: 'both' });
      expect(both.barrages.map((b) => b.side)).toEqual([both.attacker, both.defender]);
      for (const b of both.barrages) {
        expect(b.templates).toBeGreaterThanOrEqual(6);
        expect(b.templates).toBeLessThanOrEqual(10);
        expect(b.turn).toBeLessThanOrEqual(both.turns);
        expect(both.chits[b.side].templates).toBe(b.templates);
      }
      const defender = rollWith(`barrage-${i}`, { barrage: 'defender' });
      expect(defender.barrages.map((b) => b.side)).toEqual([defender.defender]);
      expect(defender.chits[defender.attacker].templates).toBe(0);
      const none = rollWith(`barrage-${i}`, { barrage: 'none' });
      expect(none.barrages).toEqual([]);
      expect(none.barrage.templates).toBe(0);
    }
  });
  it('7.3.13 Suppressive Area Fire and 7.3.11 Divisional Artillery: templates a side as given, suppressive ones cut out with the barrage\'s', () => {
    const r = rollWith('supp', { suppressive: { a: 2, b: 0 }, divisional: { a: 3, b: 1 } });
    expect(r.suppressive).toEqual({ a: 2, b: 0 });
    expect(r.divisional).toEqual({ a: 3, b: 1 });
    expect(r.chits.a.templates).toBe((r.barrage.side === 'a' ? r.barrage.templates : 0) + 2);
    // the text's "up to 3 AAFT per turn"
    expect(data.bounds.get('divisional')!.most).toBe(3);
  });
  it('7.3.15 Bunker Busting: each building\'s defence points within its kind\'s bounds: wood 1-6, brick 7-15, concrete 15-29, heavy 30-40', () => {
    const text = { wood: [1, 6], brick: [7, 15], bunker: [15, 29], 'heavy-bunker': [30, 40] } as const;
    const seen = new Map<string, Set<number>>();
    for (let i = 0; i < 200; i++) {
      const r = rollWith(`dpv-${i}`, { buildings: Object.keys(text).map((ref) => ({ ref, count: 2 })) });
      expect(r.buildings).toHaveLength(8);
      for (const b of r.buildings) {
        const [least, most] = text[b.kind as keyof typeof text];
        expect([b.least, b.most]).toEqual([least, most]);
        expect(b.dpv).toBeGreaterThanOrEqual(least);
        expect(b.dpv).toBeLessThanOrEqual(most);
        seen.set(b.kind, (seen.get(b.kind) ?? new Set()).add(b.dpv));
      }
    }
    // every value of every span comes up
    for (const [kind, [least, most]] of Object.entries(text)) expect(seen.get(kind)!.size, kind).toBe(most - least + 1);
  });
  it('7.2.7 Gun Modifiers Table: Fixed Defence puts the defender\'s guns, and only its guns, in prepared positions', () => {
    for (let i = 0; i < 30; i++) {
      const r = rollWith(`fixed-${i}`, { fixedDefence: true });
      const guns = r.forces.find((f) => f.side === r.defender)!.units.filter((u) => u.kind === 'gun').map((u) => u.name);
      expect(r.fixedDefence).toEqual({ side: r.defender, guns });
    }
  });
});
