import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { BUILTIN_DATA_DIR } from '../../src/data/builtin-dir.js';
import { createRng } from '../../src/engine/dice.js';
import { chanceOf, sumDistribution } from '../../src/engine/odds.js';
import { rowTotals } from '../../src/engine/tables.js';
import { loadAids } from '../../src/systems/bof/aids.js';
import { loadArsenal } from '../../src/systems/bof/arsenal.js';
import { buildPacket } from '../../src/systems/bof/packet.js';
import { loadModes } from '../../src/systems/bof/scenario-data.js';
import { rollSoloScenario, rollVersusScenario, type ScenarioOptions, type ScenarioResult } from '../../src/systems/bof/scenario.js';

const dirs = [path.join(BUILTIN_DATA_DIR, 'bof')];
const system = (await loadRulesDb({ dataDirs: [] })).system('bof');
const [arsenal, aids, modes] = await Promise.all([loadArsenal(dirs), loadAids(dirs), loadModes(dirs)]);
const ctx = { system, arsenal, aids, modes };
const base: ScenarioOptions = { mode: 'versus', players: 2, table: { width: 120, height: 120 }, points: 150 };
const versus = (seed: string, over: Partial<ScenarioOptions> = {}) => rollVersusScenario(ctx, { ...base, ...over }, createRng(seed), seed);
const solo = (seed: string, over: Partial<ScenarioOptions> = {}) => rollSoloScenario(ctx, { ...base, mode: 'solo', ...over }, createRng(seed), seed);

function zonesApart(result: ScenarioResult): boolean {
  const zones = result.zones;
  for (let i = 0; i < zones.length; i++) {
    for (let j = i + 1; j < zones.length; j++) {
      const a = zones[i]!;
      const b = zones[j]!;
      if (a.side === b.side) continue;
      const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
      if (!apart) return false;
    }
  }
  return true;
}

function inside(result: ScenarioResult): boolean {
  const { width, height } = result.table;
  return result.zones.every((z) => z.x >= 0 && z.y >= 0 && z.x + z.w <= width && z.y + z.h <= height) &&
    result.objectives.every((o) => o.x >= 0 && o.x <= width && o.y >= 0 && o.y <= height);
}

describe('two-player scenarios (Game modes, Deployment)', () => {
  it('snapshot for seed "muster-versus" (changes only on purpose)', () => {
    expect(versus('muster-versus')).toMatchSnapshot();
  });
  it('carry the fields design.md promises', () => {
    const r = versus('fields');
    expect(Object.keys(r)).toEqual(expect.arrayContaining(['system', 'seed', 'scenario', 'attacker', 'defender', 'deployment', 'objectives', 'forces', 'rolls']));
    for (const f of r.forces) expect(Object.keys(f)).toEqual(expect.arrayContaining(['side', 'points', 'budget', 'units', 'morale']));
  });
  it('points per side come from the mode: Supply Road 150 / 120, and 75% each with 4 players', () => {
    const road = versus('road', { scenario: 'supply-road' });
    const attacker = road.forces.find((f) => f.side === road.attacker)!;
    const defender = road.forces.find((f) => f.side === road.defender)!;
    expect([attacker.budget, defender.budget]).toEqual([150, 120]);
    const four = versus('road', { scenario: 'supply-road', players: 4 });
    expect(four.forces.find((f) => f.side === four.attacker)!.budget).toBe(112);
    const six = versus('zones', { scenario: 'victory-zones', players: 6 });
    expect(six.forces.map((f) => f.budget)).toEqual([75, 75]);
    expect(versus('probe', { scenario: 'probing' }).scoreLimit).toBe(15);
    expect(versus('combat', { scenario: 'combat-only', points: 200 }).forces.map((f) => f.budget)).toEqual([200, 200]);
  });
  it('deployment edges face each other; the pocket puts the defender in the middle', () => {
    for (let i = 0; i < 50; i++) {
      const r = versus(`edges-${i}`, { scenario: 'breakthrough' });
      const opposite = { north: 'south', south: 'north', east: 'west', west: 'east' } as Record<string, string>;
      expect(r.deployment['b']).toBe(opposite[r.deployment['a']!]);
    }
    const pocket = versus('pocket', { scenario: 'avoid-the-pocket' });
    expect(pocket.deployment[pocket.defender!]).toBe('middle');
    expect(['north', 'east', 'south', 'west']).toContain(pocket.corridor);
    expect(pocket.zones.filter((z) => z.side === pocket.attacker)).toHaveLength(3);
  });
  it('properties over 2000 seeds: zones inside the table and apart, every roll on a row, same seed same result', () => {
    for (let i = 0; i < 2000; i++) {
      const r = versus(`prop-${i}`);
      expect(inside(r), r.seed).toBe(true);
      expect(zonesApart(r), r.seed).toBe(true);
      expect(r.rolls.length).toBeGreaterThan(0);
    }
    expect(versus('again')).toEqual(versus('again'));
    const small = versus('small', { table: { width: 90, height: 60 }, scenario: 'breakthrough' });
    expect(inside(small) && zonesApart(small)).toBe(true);
  });
  it('the deployment sector follows the 4D6 odds over 4000 seeds (fixed seeds, so it never flakes)', () => {
    const table = system.table('deployment-sector');
    const dist = sumDistribution('4D6');
    const counts = new Map<string, number>();
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const r = versus(`freq-${i}`, { scenario: 'breakthrough' });
      counts.set(r.deployment['a']!, (counts.get(r.deployment['a']!) ?? 0) + 1);
    }
    for (const row of table.rows.filter((r) => !r['reroll'])) {
      const p = chanceOf(dist, rowTotals(row)!) / (1 - chanceOf(dist, [24]));
      const observed = (counts.get(String(row['sector']).toLowerCase()) ?? 0) / n;
      // five standard errors: a real bias shows, chance does not
      expect(Math.abs(observed - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / n));
    }
  });
});

describe('solo scenarios (Playing Burst of Fire solo)', () => {
  it('snapshot for seed "muster-solo" (changes only on purpose)', () => {
    expect(solo('muster-solo')).toMatchSnapshot();
  });
  it('properties over 1500 seeds: the enemy force within budget and legal, bags end, zones apart', () => {
    for (let i = 0; i < 1500; i++) {
      const r = solo(`solo-${i}`);
      const enemy = r.forces.find((f) => f.side === 'enemy')!;
      expect(enemy.points, r.seed).toBeLessThanOrEqual(enemy.budget);
      expect(enemy.problems, r.seed).toEqual([]);
      expect(enemy.units.every((u) => ['left', 'middle', 'right', 'off table'].includes(u.sector!))).toBe(true);
      expect(inside(r) && zonesApart(r), r.seed).toBe(true);
      expect(['player', 'enemy']).toEqual(Object.keys(r.deployment).sort().reverse());
    }
  });
  it('uses the solo names and spans (design.md section 6), never Combat only', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) seen.add(solo(`names-${i}`).scenario.id);
    expect(seen.has('combat-only')).toBe(false);
    expect(seen.size).toBeGreaterThanOrEqual(6);
  });
  it('the enemy deploys opposite the player, and the player edge follows the solo 4D6 spans', () => {
    const dist = sumDistribution('4D6');
    const counts = new Map<string, number>();
    const n = 3000;
    for (let i = 0; i < n; i++) {
      const r = solo(`edge-${i}`, { scenario: 'breakthrough' });
      const opposite = { north: 'south', south: 'north', east: 'west', west: 'east' } as Record<string, string>;
      expect(r.deployment['enemy']).toBe(opposite[r.deployment['player']!]);
      counts.set(r.deployment['player']!, (counts.get(r.deployment['player']!) ?? 0) + 1);
    }
    const spans: Record<string, number[]> = { north: [4, 5, 6, 7, 8], east: [9, 10, 11, 12, 13], south: [14, 15, 16, 17, 18], west: [19, 20, 21, 22, 23] };
    for (const [edge, totals] of Object.entries(spans)) {
      const p = chanceOf(dist, totals) / (1 - chanceOf(dist, [24]));
      expect(Math.abs((counts.get(edge) ?? 0) / n - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / n));
    }
  });
  it('force morale follows the 1D6 table: 8 a third of the time, 9 half, 10 a sixth', () => {
    const counts = new Map<number, number>();
    const n = 3000;
    for (let i = 0; i < n; i++) for (const f of solo(`morale-${i}`).forces) counts.set(f.morale, (counts.get(f.morale) ?? 0) + 1);
    const total = 2 * n;
    for (const [morale, p] of [[8, 1 / 3], [9, 1 / 2], [10, 1 / 6]] as const) {
      expect(Math.abs((counts.get(morale) ?? 0) / total - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / total));
    }
  });
  it('the packet has a briefing, the enemy, every roll, a map and the cards', () => {
    const r = solo('packet');
    const doc = buildPacket(r, { arsenal, aids, modes, units: 'cm', paper: 'a4', toolVersion: '0', systemName: 'Burst of Fire', rulesVersion: 'test', print: { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long', backOffset: { x: 0, y: 0 } } });
    expect(doc.meta.seed).toBe('packet');
    expect(doc.sheets.map((s) => s.title)).toEqual([`Scenario: ${r.scenario.name}`, 'The enemy', 'Every roll']);
    const rolls = doc.sheets[2]!.blocks[0]!;
    expect(rolls.kind === 'table' && rolls.rows.length).toBe(r.rolls.length);
    expect(doc.drawings).toHaveLength(1);
    expect(doc.decks!.map((d) => d.title)).toEqual(['Enemy unit cards', 'Event cards drawn']);
  });
});
