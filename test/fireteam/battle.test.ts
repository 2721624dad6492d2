/**
 * Fire Team battles (Battles and Scenarios; Patrol Phase; the campaign's Forces): a snapshot of
 * each kind for a fixed seed, and properties over many seeds.
 */
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { createRng } from '../../src/engine/dice.js';
import { rollBattle, type BattleOptions, type FtBattleResult } from '../../src/systems/fireteam/battle.js';
import { loadFireTeam } from '../../src/systems/fireteam/data.js';
import { sampled } from '../helpers/sample.js';

const data = await loadFireTeam((await loadRulesDb({ dataDirs: [], only: 'fireteam' })).system('fireteam'));
const SIX_BY_FOUR = { width: 183, height: 122 };
const IN = 2.54;
const roll = (seed: string, over: Partial<BattleOptions> = {}) => rollBattle(data, { players: 2, table: SIX_BY_FOUR, ...over }, createRng(seed), seed);

describe('a battle for a fixed seed (changes only on purpose)', () => {
  it('encounter', () => {
    expect(roll('ft-encounter', { battle: 'encounter' }).result).toMatchSnapshot();
  });
  it('attack versus defence', () => {
    expect(roll('ft-attack', { battle: 'attack' }).result).toMatchSnapshot();
  });
});

describe('the result carries what the JSON contract promises', () => {
  it('the scenario JSON fields of docs/design.md, and battle, table, patrol, jops; forces with points, budget and reinforcements', () => {
    const r = roll('fields').result;
    expect(Object.keys(r)).toEqual(expect.arrayContaining(['system', 'seed', 'scenario', 'attacker', 'defender', 'deployment', 'objectives', 'forces', 'rolls', 'battle', 'table', 'patrol', 'jops']));
    expect(r.scenario.id).toBe(r.battle);
    for (const f of r.forces) {
      expect(Object.keys(f)).toEqual(expect.arrayContaining(['side', 'points', 'budget', 'units', 'reinforcements']));
      expect(Object.keys(f.reinforcements)).toEqual(['points', 'budget']);
    }
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
});

function distance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function checkBattle(r: FtBattleResult, players: number): void {
  const perSide = players / 2;
  const { width: W, height: H } = r.table;
  const eps = 0.051;
  // 4 patrol markers a side plus one for each platoon after the first (Patrol Phase)
  for (const side of r.sides) expect(r.patrol[side], r.seed).toHaveLength(4 + (perSide - 1));
  // JOPs: 3 a side in an encounter; 4 for the attacker and 3 for the defender in an attack
  expect(r.jops, r.seed).toEqual(r.battle === 'encounter' ? { a: 3, b: 3 } : { [r.attacker]: 4, [r.defender]: 3 });
  expect(r.attacker).not.toBe(r.defender);
  if (r.battle === 'attack') expect(r.attacker).toBe('a');
  for (const f of r.forces) {
    // budgets: core 4 a player; reinforcements 6 each in an encounter, 4-6 attacking and 2-4 defending
    expect(f.core.budget, r.seed).toBe(4 * perSide);
    const [lo, hi] = r.battle === 'encounter' ? [6, 6] : f.side === r.attacker ? [4, 6] : [2, 4];
    expect(f.reinforcements.budget, r.seed).toBeGreaterThanOrEqual(lo);
    expect(f.reinforcements.budget, r.seed).toBeLessThanOrEqual(hi);
    // never over budget, and the force passes the check it was bought through
    expect(f.core.points, r.seed).toBeLessThanOrEqual(f.core.budget);
    expect(f.reinforcements.points, r.seed).toBeLessThanOrEqual(f.reinforcements.budget);
    expect(f.points).toBe(f.core.points + f.reinforcements.points);
    expect(f.budget).toBe(f.core.budget + f.reinforcements.budget);
    expect(f.problems, r.seed).toEqual([]);
    // the text gives the British and the US no reinforcements
    if (f.list === 'british' || f.list === 'us') expect(f.reinforcements.points).toBe(0);
    // a platoon a player, each with its HQ
    expect(f.units.filter((u) => u.unit === 'hq').length).toBe(perSide);
  }
  for (const side of r.sides) {
    const zone = r.zones.find((z) => z.side === side)!;
    expect(zone.x >= 0 && zone.y >= 0 && zone.x + zone.w <= W + eps && zone.y + zone.h <= H + eps, `${r.seed} zone`).toBe(true);
    const markers = r.patrol[side];
    for (const m of markers) {
      // on the table and inside the side's zone
      expect(m.x >= 0 && m.x <= W && m.y >= 0 && m.y <= H, `${r.seed} on the table`).toBe(true);
      expect(m.x >= zone.x - eps && m.x <= zone.x + zone.w + eps && m.y >= zone.y - eps && m.y <= zone.y + zone.h + eps, `${r.seed} ${side} in zone`).toBe(true);
      // each within 12 in of another of its side
      expect(markers.some((o) => o !== m && distance(o, m) <= 12 * IN + eps), `${r.seed} ${side} chain`).toBe(true);
    }
    // the defender's markers inside its half
    if (r.battle === 'attack' && side === r.defender) {
      const edge = r.deployment[side];
      for (const m of markers) {
        if (edge === 'south') expect(m.y).toBeGreaterThanOrEqual(H / 2 - eps);
        if (edge === 'north') expect(m.y).toBeLessThanOrEqual(H / 2 + eps);
        if (edge === 'east') expect(m.x).toBeGreaterThanOrEqual(W / 2 - eps);
        if (edge === 'west') expect(m.x).toBeLessThanOrEqual(W / 2 + eps);
      }
    }
  }
  // no marker starts locked: every enemy marker more than 12 in away
  for (const a of r.patrol.a) for (const b of r.patrol.b) expect(distance(a, b), r.seed).toBeGreaterThan(12 * IN);
  // the sides come from opposite edges
  expect(new Set([r.deployment.a, r.deployment.b]).size).toBe(2);
}

describe('over 2000 seeds', () => {
  it('marker and JOP counts, budgets kept, markers in their zones and on the table, checked forces', () => {
    const tables = [SIX_BY_FOUR, { width: 244, height: 152 }, { width: 152, height: 244 }, { width: 120, height: 120 }, { width: 400, height: 100 }];
    const kinds = new Map<string, number>();
    const rolled = Array.from({ length: 2000 }, (_, i) => {
      const players = i % 3 === 0 ? 4 : 2;
      return { players, table: i % tables.length, r: roll(`prop-${i}`, { players, table: tables[i % tables.length]! }).result };
    });
    for (const { r } of rolled) kinds.set(r.battle, (kinds.get(r.battle) ?? 0) + 1);
    // every battle checked whole under MUSTER_DEEP=1, a tenth otherwise (helpers/sample.ts), with
    // one at least for each player count, table, kind of battle and army list; the shares of the
    // kinds are counted over all 2000, whose rolling is the cheap part
    const checked = sampled(rolled, ({ players, table, r }) => [`${players} players`, `table ${table}`, r.battle, ...r.forces.map((f) => `list ${f.list}`)]);
    for (const { r, players } of checked) checkBattle(r, players);
    // the battle is drawn when not given: each kind about half the time
    for (const n of kinds.values()) expect(Math.abs(n / 2000 - 0.5)).toBeLessThan(0.05);
  });
  it('the same seed gives the same battle; another seed another', () => {
    for (let i = 0; i < 50; i++) expect(roll(`same-${i}`).result).toEqual(roll(`same-${i}`).result);
    expect(roll('one').result).not.toEqual(roll('two').result);
  });
  it('lists given stay as given; drawn lists face the other side (Axis against Allies)', () => {
    const axis = new Set(['fallschirmjager', 'finns']);
    for (let i = 0; i < 300; i++) {
      const r = roll(`lists-${i}`).result;
      expect(axis.has(r.forces[0]!.list), r.seed).not.toBe(axis.has(r.forces[1]!.list));
    }
    const given = roll('given', { lists: ['us', 'british'], battle: 'encounter' }).result;
    expect(given.forces.map((f) => f.list)).toEqual(['us', 'british']);
  });
  it('--points sets each side’s reinforcement points, and nothing is rolled for them', () => {
    const r = roll('points', { points: 3, battle: 'attack', lists: ['russians', 'fallschirmjager'] }).result;
    expect(r.forces.map((f) => f.reinforcements.budget)).toEqual([3, 3]);
    expect(r.rolls.some((x) => x.purpose.startsWith('reinforcement points'))).toBe(false);
    const rolled = roll('points', { battle: 'attack', lists: ['russians', 'fallschirmjager'] }).result;
    expect(rolled.rolls.filter((x) => x.purpose.startsWith('reinforcement points')).map((x) => x.dice)).toEqual(['1D3', '1D3']);
  });
  it('an encounter’s attacker is thrown for; an attack gives it to the first side', () => {
    const throws = roll('throw', { battle: 'encounter' }).result.rolls.filter((x) => x.purpose.startsWith('attacker'));
    expect(throws.length).toBeGreaterThanOrEqual(2);
    expect(roll('no-throw', { battle: 'attack' }).result.rolls.some((x) => x.purpose.startsWith('attacker'))).toBe(false);
  });
  it('a caller (the campaign) may set the attacker and each side’s reinforcement points', () => {
    const r = roll('fixed', { battle: 'encounter', fixed: { attacker: 'b', reinforcements: { a: 5, b: 2 } } }).result;
    expect(r.attacker).toBe('b');
    expect(r.forces.map((f) => f.reinforcements.budget)).toEqual([5, 2]);
    expect(r.rolls.some((x) => x.purpose.startsWith('attacker') || x.purpose.startsWith('reinforcement points'))).toBe(false);
  });
  it('four players: two platoons a side, 8 core points, 5 markers', () => {
    const r = roll('four', { players: 4, lists: ['russians', 'finns'] }).result;
    expect(r.forces.map((f) => [f.core.budget, f.units.filter((u) => u.unit === 'hq').length])).toEqual([
      [8, 2],
      [8, 2],
    ]);
    expect(r.patrol.a).toHaveLength(5);
  });
});
