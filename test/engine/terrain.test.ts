import { beforeAll, describe, expect, it } from 'vitest';
import { loadRulesDb, type RulesDb } from '../../src/data/load.js';
import { engineMapType, engineTerrainTypes, MAP_TYPES } from '../../src/data/terrain-schema.js';
import { createRng } from '../../src/engine/dice.js';
import { areaOf, boundsOf, boundsTouch, distanceToOutline, distanceToSegment, outlinesMeet, segmentsCross, type Point, type Rect } from '../../src/engine/geometry.js';
import { RollLog } from '../../src/engine/roll-log.js';
import { blockedShare, layTerrain, pieceParts, TERRAIN_LEVELS, type TerrainAnchor, type TerrainLayout, type TerrainLevel, type TerrainType } from '../../src/engine/terrain.js';
import { manifestFor, MODULE_IDS } from '../../src/systems/registry.js';
import { terrainJson } from '../../src/systems/scenario-terrain.js';
import { TERRAIN_LOOK_STYLES } from '../../src/vocab/terrain-looks.js';
import { rollThroughModule } from '../helpers/module-scenario.js';
import { sampledSeeds } from '../helpers/sample.js';

/**
 * muster's terrain procedure against what it promises, over 2000 seeds for every rule set with
 * terrain: pieces on the table, none overlapping another (lines across the table may cross), zones
 * left passable, objectives in what their scenario names, more terrain for a denser table.
 */

const LEVELS = ['light', 'normal', 'dense'] as const;
/** the scenario tables rolled for each rule set, a seed laying terrain on one of them in turn */
const GROUNDS = 20;
/** the real tables of each rule set's scenarios: their zones and objectives, rolled once */
type Ground = { table: { width: number; height: number }; zones: Rect[]; objectives: { x: number; y: number }[] };
const ANCHORS: (TerrainAnchor | undefined)[] = ['building', 'crossroads', 'bridge', undefined, 'woods', 'road'];
/**
 * The seeds: all 2000 under MUSTER_DEEP=1, the first 200 otherwise (helpers/sample.ts), which
 * still take every level on every kind of map, every table rolled and every anchor an
 * objective may ask for (a seed's choices follow it round: see `lay`).
 */
const SEEDS = sampledSeeds(2000, (seed) => [`${LEVELS[seed % LEVELS.length]} ${MAP_TYPES[seed % MAP_TYPES.length]}`, `ground ${seed % GROUNDS}`, `anchor ${ANCHORS[seed % ANCHORS.length]}`]);

const db: RulesDb = await loadRulesDb({ dataDirs: [] });
/** The rule sets that lay terrain: those whose scenarios roll on a data folder with terrain types (terrain.yaml). */
const WITH_TERRAIN = MODULE_IDS.filter((id) => manifestFor(id)?.scenario && db.system(id).terrain);
const grounds = new Map<string, Ground[]>();
beforeAll(async () => {
  for (const id of WITH_TERRAIN) {
    const system = db.system(id);
    const rolled = await rollThroughModule(system, { seed: 'ground', count: GROUNDS, terrain: 'none' });
    grounds.set(
      id,
      rolled.map(({ result }) => {
        const r = result as unknown as { zones?: Rect[]; objectives: { x?: number; y?: number }[] };
        return { table: result.table, zones: (r.zones ?? []).map(({ x, y, w, h }) => ({ x, y, w, h })), objectives: r.objectives.flatMap((o) => (typeof o.x === 'number' && typeof o.y === 'number' ? [{ x: o.x, y: o.y }] : [])) };
      }),
    );
  }
}, 60_000);

function lay(types: readonly TerrainType[], id: string, ground: Ground, seed: number, level: TerrainLevel): { layout: TerrainLayout; anchors: (TerrainAnchor | undefined)[] } {
  const system = db.system(id);
  // anchors the rule set has terrain for (Open Fire has no standing buildings)
  const looks = new Set(types.map((t) => t.look));
  const laidFor = (a: TerrainAnchor | undefined) => a === undefined || (a === 'crossroads' ? looks.has('road') : a === 'bridge' ? looks.has('road') && (looks.has('river') || looks.has('stream')) : looks.has(a));
  const anchors = ground.objectives.map((_, i) => ANCHORS[(seed + i) % ANCHORS.length]).map((a) => (laidFor(a) ? a : undefined));
  const layout = layTerrain(
    {
      source: { reading: `${id}/terrain-procedure` },
      table: ground.table,
      types,
      map: engineMapType(system.terrain!, MAP_TYPES[seed % MAP_TYPES.length]!),
      level,
      zones: ground.zones,
      objectives: ground.objectives.map((o, i) => ({ ...o, ...(anchors[i] ? { on: anchors[i] } : {}) })),
      units: 'cm',
    },
    createRng(`terrain-${seed}`),
    new RollLog(id),
  );
  return { layout, anchors };
}

const crossing = (look: keyof typeof TERRAIN_LOOK_STYLES) => TERRAIN_LOOK_STYLES[look].form === 'crossing';

/** What of the promises a layout breaks, in words; empty when it keeps them all. */
function broken(layout: TerrainLayout, ground: Ground, anchors: readonly (TerrainAnchor | undefined)[], types: readonly TerrainType[]): string[] {
  const { width: W, height: H } = ground.table;
  const found: string[] = [];
  for (const piece of layout.pieces) {
    const off = piece.points.some(([x, y]) => x < -1e-6 || y < -1e-6 || x > W + 1e-6 || y > H + 1e-6);
    if (off) found.push(`piece ${piece.label} (${piece.type}) leaves the table`);
  }
  const parts = layout.pieces.map((piece) => pieceParts(piece).map((outline) => ({ outline, bounds: boundsOf(outline) })));
  for (let i = 0; i < layout.pieces.length; i++) {
    for (let j = i + 1; j < layout.pieces.length; j++) {
      const a = layout.pieces[i]!;
      const b = layout.pieces[j]!;
      if (crossing(a.look) && crossing(b.look)) {
        // lines cross, at a crossroads, bridge or ford, but never run alongside: a road along the river's bank
        const along = alongside(a, b);
        if (along) found.push(`lines ${a.label} (${a.type}) and ${b.label} (${b.type}) run alongside, ${along.toFixed(1)} cm apart`);
        continue;
      }
      const meet = parts[i]!.some((p) => parts[j]!.some((q) => boundsTouch(p.bounds, q.bounds) && outlinesMeet(p.outline, q.outline)));
      if (meet) found.push(`pieces ${a.label} (${a.type}) and ${b.label} (${b.type}) overlap`);
    }
  }
  for (const zone of ground.zones) {
    const share = blockedShare(zone, layout.pieces);
    if (share > 0.5) found.push(`a zone is ${Math.round(share * 100)}% impassable`);
  }
  ground.objectives.forEach((o, index) => {
    const anchor = anchors[index];
    if (!anchor) return;
    // what it stands in: laid for it, or a line of that look already running through it
    const needs = anchor === 'crossroads' ? ['road'] : anchor === 'bridge' ? ['road', 'river|stream'] : [anchor];
    for (const need of needs) {
      const looks = need.split('|');
      const near = layout.pieces.filter((p) => looks.includes(p.look)).map((piece) => {
        const distance = piece.shape === 'line'
          ? Math.min(...piece.points.slice(1).map((p, k) => distanceToSegment([o.x, o.y], piece.points[k]!, p)))
          : distanceToOutline([o.x, o.y], piece.points);
        // on it, or beside it (a building moved off a road through the objective)
        const reach = piece.shape === 'line' ? (piece.band ?? 1) / 2 + 2.5 : Math.max(piece.width, piece.depth) + 4;
        return distance <= reach;
      });
      // a piece that found no room is said on the page: the one promise left is that it is said
      const missed = layout.unplaced.some((u) => looks.includes(types.find((t) => t.id === u.type)?.look ?? ''));
      if (!near.some(Boolean) && !missed) found.push(`objective ${index + 1}: no ${need} at it`);
    }
    for (const piece of layout.pieces.filter((p) => p.objective === index && p.shape !== 'line')) {
      const distance = distanceToOutline([o.x, o.y], piece.points);
      if (distance > Math.max(piece.width, piece.depth) + 4) found.push(`objective ${index + 1}: its ${piece.type} lies ${distance.toFixed(1)} cm away`);
    }
  });
  return found;
}

/**
 * How near two lines come where they run within 35 degrees of one another (a crossing at a
 * sharper angle than that is a road along the river, not over it); undefined where they never
 * come within 12 cm so.
 */
function alongside(a: TerrainLayout['pieces'][number], b: TerrainLayout['pieces'][number]): number | undefined {
  let nearest: number | undefined;
  for (let i = 0; i + 1 < a.points.length; i++) {
    for (let j = 0; j + 1 < b.points.length; j++) {
      const [p1, p2, q1, q2] = [a.points[i]!, a.points[i + 1]!, b.points[j]!, b.points[j + 1]!];
      const angle = Math.abs(Math.atan2(p2[1] - p1[1], p2[0] - p1[0]) - Math.atan2(q2[1] - q1[1], q2[0] - q1[0])) % Math.PI;
      if (Math.min(angle, Math.PI - angle) >= (35 * Math.PI) / 180) continue;
      const near = segmentsCross(p1, p2, q1, q2) ? 0 : Math.min(distanceToSegment(p1, q1, q2), distanceToSegment(p2, q1, q2), distanceToSegment(q1, p1, p2), distanceToSegment(q2, p1, p2));
      if (near < 12 && (nearest === undefined || near < nearest)) nearest = near;
    }
  }
  return nearest;
}

/** Cover of the table: the areas' outlines and the lines' bands. */
function covered(layout: TerrainLayout): number {
  return layout.pieces.reduce((sum, p) => sum + (p.shape === 'line' ? p.width * (p.band ?? 1) : areaOf(p.points)), 0);
}

describe('muster terrain procedure', () => {
  it('every rule set whose scenarios lay terrain has grounds to lay it on, and some rule set lays it', () => {
    expect(WITH_TERRAIN.length).toBeGreaterThan(0);
    expect([...grounds.keys()].sort()).toEqual([...WITH_TERRAIN].sort());
  });

  for (const id of WITH_TERRAIN) {
    describe(id, () => {
      it(`over ${SEEDS.length} seeds: on the table, no overlaps, zones passable, objectives in their terrain`, () => {
        const types = engineTerrainTypes(db.system(id).terrain!);
        const problems: string[] = [];
        const laid = new Set<string>();
        const ground = grounds.get(id)!;
        for (const seed of SEEDS) {
          const level = LEVELS[seed % LEVELS.length]!;
          const g = ground[seed % ground.length]!;
          const { layout, anchors } = lay(types, id, g, seed, level);
          expect(layout.pieces.length, `${id} seed ${seed}: ${level} placed nothing`).toBeGreaterThan(0);
          for (const p of broken(layout, g, anchors, types)) problems.push(`${id} seed ${seed} (${layout.map.id}, ${level}): ${p}`);
          for (const piece of layout.pieces) laid.add(piece.type);
        }
        expect(problems.slice(0, 10)).toEqual([]);
        // the sample laid every kind of terrain some map of the rule set lays
        const mapped = MAP_TYPES.flatMap((map) => {
          const { pieces, lines } = engineMapType(db.system(id).terrain!, map).density;
          return [...pieces, ...lines].map(([type]) => type);
        });
        expect([...laid].sort()).toEqual([...new Set(mapped)].sort());
      });

      it('keeps every zone at least half passable where every area stops movement', () => {
        // the rule sets' own types rarely stop infantry: a table where all of them do tests the zones
        const blocking = engineTerrainTypes(db.system(id).terrain!).map((t) => ({ ...t, passable: 'impassable' as const }));
        const ground = grounds.get(id)!;
        for (let seed = 0; seed < 40; seed++) {
          const g = ground[seed % ground.length]!;
          const { layout } = lay(blocking, id, g, seed, 'dense');
          for (const zone of g.zones) expect(blockedShare(zone, layout.pieces), `${id} seed ${seed}`).toBeLessThanOrEqual(0.25 + 1e-9);
          // nothing that stops movement covers an objective it was not laid for
          g.objectives.forEach((o, i) => {
            for (const piece of layout.pieces) {
              if (piece.objective === i || piece.shape === 'line') continue;
              expect(distanceToOutline([o.x, o.y], piece.points), `${id} seed ${seed} objective ${i + 1}`).toBeGreaterThan(0);
            }
          });
        }
      });

      it('lays more terrain the denser it is asked, and none under none', () => {
        const types = engineTerrainTypes(db.system(id).terrain!);
        const ground = grounds.get(id)!;
        const mean = (level: TerrainLevel) => {
          let sum = 0;
          for (let seed = 0; seed < 60; seed++) sum += covered(lay(types, id, ground[seed % ground.length]!, seed, level).layout);
          return sum / 60;
        };
        const [light, normal, dense] = [mean('light'), mean('normal'), mean('dense')];
        expect(normal).toBeGreaterThan(light);
        expect(dense).toBeGreaterThan(normal);
        expect(lay(types, id, ground[0]!, 0, 'none').layout.pieces).toEqual([]);
      });

      it('lays the table its snapshot holds for a fixed seed (JSON, from the south-west corner)', () => {
        const types = engineTerrainTypes(db.system(id).terrain!);
        const g = grounds.get(id)![0]!;
        expect(terrainJson(lay(types, id, g, 11, 'normal').layout, g.table)).toMatchSnapshot();
      });

      it('the same seed lays the same table', () => {
        const types = engineTerrainTypes(db.system(id).terrain!);
        const g = grounds.get(id)![3]!;
        expect(lay(types, id, g, 7, 'normal')).toEqual(lay(types, id, g, 7, 'normal'));
      });
    });
  }

  it('the levels are the ones the command line offers', () => {
    expect([...TERRAIN_LEVELS]).toEqual(['none', 'light', 'normal', 'dense']);
  });

  it('a road through a crossroads objective runs both ways, and a bridge is a road over a river', () => {
    const system = db.system('bof');
    const types = engineTerrainTypes(system.terrain!);
    for (let seed = 0; seed < 50; seed++) {
      const at: Point = [60, 60];
      const layout = layTerrain(
        { source: { reading: 'bof/terrain-procedure' }, table: { width: 120, height: 120 }, types, map: engineMapType(system.terrain!, 'open'), level: 'light', zones: [], objectives: [{ x: 60, y: 60, on: seed % 2 ? 'crossroads' : 'bridge' }], units: 'cm' },
        createRng(`anchor-${seed}`),
        new RollLog('bof'),
      );
      const through = layout.pieces.filter((p) => p.objective === 0);
      expect(through.map((p) => p.look).sort(), `seed ${seed}`).toEqual(seed % 2 ? ['road', 'road'] : ['river', 'road']);
      expect(layout.crossings.some((c) => Math.hypot(c.x - at[0], c.y - at[1]) < 1)).toBe(true);
    }
  });
});
