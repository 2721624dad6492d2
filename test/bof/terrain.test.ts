import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRulesDb, type SystemRules } from '../../src/data/load.js';
import { distanceToOutline, distanceToSegment, type Point } from '../../src/engine/geometry.js';
import type { ScenarioResult } from '../../src/systems/bof/scenario.js';
import { STRUCTURE_TERRAIN } from '../../src/systems/bof/scenario.js';
import { terrainLayoutOf } from '../../src/systems/scenario-terrain.js';
import { muster } from '../helpers/cli.js';
import { rollThroughModule } from '../helpers/module-scenario.js';

/** Burst of Fire's maps with terrain: what its scenarios name is laid where they name it. */

const root = fileURLToPath(new URL('../../', import.meta.url));
let bof: SystemRules;
beforeAll(async () => {
  bof = (await loadRulesDb({ dataDirs: [], only: 'bof' })).system('bof');
});

const roll = async (asked: Parameters<typeof rollThroughModule>[1]) => (await rollThroughModule(bof, asked)).map((r) => r.result as unknown as ScenarioResult);
const near = (piece: { shape: string; points: readonly Point[]; band?: number }, at: Point) =>
  piece.shape === 'line' ? Math.min(...piece.points.slice(1).map((p, i) => distanceToSegment(at, piece.points[i]!, p))) : distanceToOutline(at, piece.points);

describe('Burst of Fire terrain', () => {
  it('Delay the enemy advance: each vital structure stands in a bridge, a crossroads or a building, in turn', async () => {
    for (const result of await roll({ scenario: 'delay', seed: 'delay', count: 12, terrain: 'normal' })) {
      const layout = terrainLayoutOf(result, result.table)!;
      result.objectives.forEach((o, i) => {
        const at: Point = [o.x, o.y];
        const anchor = STRUCTURE_TERRAIN[i % 3]!;
        const looks = layout.pieces.filter((p) => near(p, at) <= (p.shape === 'line' ? (p.band ?? 1) / 2 + 2.5 : Math.max(p.width, p.depth) + 4)).map((p) => p.look);
        const left = layout.unplaced.length > 0;
        if (anchor === 'building') expect(looks.includes('building') || left, `${result.seed} structure ${i + 1}`).toBe(true);
        if (anchor === 'crossroads') expect(looks.filter((l) => l === 'road').length >= 1 || left, `${result.seed} structure ${i + 1}`).toBe(true);
        if (anchor === 'bridge') {
          expect((looks.includes('road') && looks.includes('river')) || left, `${result.seed} structure ${i + 1}`).toBe(true);
          expect(layout.crossings.some((c) => Math.hypot(c.x - o.x, c.y - o.y) < 3) || left).toBe(true);
        }
      });
    }
  });

  it('The Supply Road: its road is laid along the road the mode names', async () => {
    for (const result of await roll({ scenario: 'supply-road', seed: 'road', count: 6, terrain: 'light' })) {
      const road = result.road!;
      const layout = terrainLayoutOf(result, result.table)!;
      const middle: Point = [road.x + road.w / 2, road.y + road.h / 2];
      expect(layout.pieces.some((p) => p.look === 'road' && near(p, middle) < 0.5), result.seed).toBe(true);
    }
  });

  it('a solo packet lays the map its map design roll gave (a mix of both as a village)', async () => {
    const expected: Record<string, string> = { city: 'city', rural: 'rural', mix: 'village' };
    for (const result of await roll({ mode: 'solo', seed: 'solo-map', count: 10, terrain: 'normal' })) {
      expect(result.terrainMap!.map).toBe(expected[result.solo!.map]);
    }
  });

  it('rolls the same scenario with terrain as without: the terrain rolls come after the rest', async () => {
    const [bare] = await roll({ seed: 'same', terrain: 'none' });
    const [laid] = await roll({ seed: 'same', terrain: 'dense' });
    expect(laid!.rolls.slice(0, bare!.rolls.length)).toEqual(bare!.rolls);
    expect(laid!.rolls.slice(bare!.rolls.length).every((r) => r.purpose.startsWith('terrain:'))).toBe(true);
    expect({ ...laid!, terrain: [], terrainMap: undefined, rolls: [] }).toEqual({ ...bare!, terrain: [], terrainMap: undefined, rolls: [] });
  });

  it('prints the pieces to put out and a map legend of the types drawn; --terrain none prints neither', async () => {
    const laid = await muster(['scenario', 'bof', '--seed', 'legend', '--format', 'md', '--quiet'], root);
    expect(laid.code).toBe(0);
    expect(laid.stdout).toMatch(/Terrain to put out: \w+, normal/);
    const none = await muster(['scenario', 'bof', '--seed', 'legend', '--format', 'md', '--quiet', '--terrain', 'none'], root);
    expect(none.stdout).not.toMatch(/Terrain to put out/);
  });

  it('in inches, the list measures as the text does (10 cm to 4 in)', async () => {
    const json = JSON.parse((await muster(['scenario', 'bof', '--seed', 'inches', '--format', 'json', '--quiet', '--units', 'in'], root)).stdout) as ScenarioResult;
    const md = (await muster(['scenario', 'bof', '--seed', 'inches', '--format', 'md', '--quiet', '--units', 'in'], root)).stdout;
    const first = json.terrain.find((p) => p.shape !== 'line')!;
    expect(md).toContain(`${Math.round((first.x / 2.5) * 2) / 2} in from W, ${Math.round((first.y / 2.5) * 2) / 2} in from S`);
  });
});
