import type { SystemRules } from '../data/load.js';
import { engineMapType, engineTerrainTypes, MAP_TYPES, mapTypeName, type MapTypeId } from '../data/terrain-schema.js';
import type { Rng } from '../engine/dice.js';
import type { Point, Rect } from '../engine/geometry.js';
import type { RollLog } from '../engine/roll-log.js';
import { layTerrain, type Passable, type TerrainAnchor, type TerrainLayout, type TerrainLevel, type TerrainPiece } from '../engine/terrain.js';
import type { TerrainLook } from '../vocab/terrain-looks.js';
import type { Provenance } from '../vocab/provenance.js';
import { effectInUnits, type MapTerrain, type TerrainTypeWords } from '../doc/terrain-map.js';
import type { Units } from '../doc/model.js';

/**
 * A scenario's terrain, the same steps for every rule set: its map type (the scenario's, or
 * rolled), then the pieces laid by the shared procedure from the rule set's terrain.yaml. The
 * rolls go after the scenario's own in its roll log, so a seed rolls the same scenario with or
 * without terrain.
 */
export interface ScenarioTerrainAsk {
  /** cm */
  table: { width: number; height: number };
  zones: readonly Rect[];
  objectives: readonly { x: number; y: number; on?: TerrainAnchor }[];
  fixed?: readonly { look: TerrainLook; points: readonly Point[] }[];
  /** the scenario's own map type, where its rules give one; else it is rolled */
  map?: MapTypeId;
  level: TerrainLevel;
  units: 'cm' | 'in';
  /** cm to the inch in the roll log's words, where the rule set rounds it (Burst of Fire: 2.5) */
  inch?: number;
}

/**
 * The rule set's terrain laid for one scenario, as its JSON holds it: nothing for a rule set
 * without terrain.yaml or under --terrain none (no die is rolled then, so the map is as it was).
 */
export function rollScenarioTerrain(system: SystemRules, ask: ScenarioTerrainAsk, rng: Rng, log: RollLog): ScenarioTerrain {
  return terrainJson(layScenarioTerrain(system, ask, rng, log), ask.table);
}

function layScenarioTerrain(system: SystemRules, ask: ScenarioTerrainAsk, rng: Rng, log: RollLog): TerrainLayout | undefined {
  const tables = system.terrain;
  if (!tables || ask.level === 'none') return undefined;
  const source = terrainSource(system);
  const map = ask.map ?? log.draw(rng, MAP_TYPES, 'terrain: the map type', source, (id) => mapTypeName(tables, id));
  return layTerrain(
    {
      source,
      table: ask.table,
      types: engineTerrainTypes(tables),
      map: engineMapType(tables, map),
      level: ask.level,
      zones: ask.zones,
      objectives: ask.objectives,
      ...(ask.fixed ? { fixed: ask.fixed } : {}),
      units: ask.units,
      ...(ask.inch ? { inch: ask.inch } : {}),
    },
    rng,
    log,
  );
}

/**
 * Where the terrain's dice come from: no text gives a procedure, so every rule set with terrain
 * has it as a reading of its register (its map and list of pieces carry the same mark).
 */
export function terrainSource(system: SystemRules): Provenance {
  return { reading: `${system.info.id}/terrain-procedure` };
}

/** The words a map's legend and the list of pieces use for the rule set's terrain types. */
export function terrainTypeWords(system: SystemRules): TerrainTypeWords[] {
  return (system.terrain?.types ?? []).map((t) => ({ id: t.id, name: t.name, look: t.look, effect: t.effect, section: t.section, ...(t.reading ? { reading: t.reading } : {}) }));
}

/** How a scenario's terrain was laid, in its JSON beside the pieces. */
export interface TerrainMapJson {
  map: string;
  name: string;
  density: TerrainLevel;
  /** where a line crosses another (a crossroads, a bridge or a ford), cm from the south-west corner */
  crossings: { x: number; y: number; pieces: [string, string] }[];
  /** pieces rolled for that found no room */
  unplaced: { type: string; name: string; count: number }[];
}

/** The terrain fields of a scenario result (docs/design.md, Scenario JSON; docs/terrain.md). */
export interface ScenarioTerrain {
  terrain: TerrainPieceJson[];
  terrainMap?: TerrainMapJson;
}

/** A terrain piece in a scenario's JSON (docs/terrain.md): cm from the table's south-west corner, y running north. */
export interface TerrainPieceJson {
  id: string;
  type: string;
  name: string;
  look: TerrainLook;
  passable: Passable;
  shape: 'rect' | 'polygon' | 'line';
  /** its middle (a line: its first point) */
  x: number;
  y: number;
  /** a rect or polygon's box before turning; a line's length */
  width: number;
  depth?: number;
  /** a line's band */
  band?: number;
  /** degrees anticlockwise, as seen from above with north up */
  rotation: number;
  /** its outline's corners, or a line's path */
  points: [number, number][];
  /** the objective (counted from 1) it was laid for */
  objective?: number;
}

/**
 * A point between the table's two ways of counting: from its north-west corner, y running south
 * (as the maps draw), and from its south-west corner, y running north (the JSON). These are
 * functions of the module, not closures made for each scenario: V8 keeps a closure's optimised
 * code only while some instance of it lives, so under a small heap each full collection threw
 * theirs away and they were compiled again every few packets (issue 30).
 */
function flipped([x, y]: readonly [number, number], height: number): [number, number] {
  return [x, round(height - y)];
}

function allFlipped(points: readonly (readonly [number, number])[], height: number): [number, number][] {
  const out: [number, number][] = [];
  for (const point of points) out.push(flipped(point, height));
  return out;
}

/** A scenario's terrain for its JSON: the pieces, and how they were laid (none for a rule set without terrain). */
export function terrainJson(layout: TerrainLayout | undefined, table: { height: number }): ScenarioTerrain {
  if (!layout) return { terrain: [] };
  const H = table.height;
  return {
    terrain: layout.pieces.map((p) => {
      const [x, y] = p.shape === 'line' ? flipped(p.points[0]!, H) : flipped([p.x, p.y], H);
      return {
        id: p.label,
        type: p.type,
        name: p.name,
        look: p.look,
        passable: p.passable,
        shape: p.shape,
        x,
        y,
        width: p.width,
        ...(p.shape === 'line' ? { band: p.band ?? p.depth } : { depth: p.depth }),
        rotation: p.rotation === 0 ? 0 : -p.rotation,
        points: allFlipped(p.points, H),
        ...(p.objective !== undefined ? { objective: p.objective + 1 } : {}),
      };
    }),
    terrainMap: {
      map: layout.map.id,
      name: layout.map.name,
      density: layout.level,
      crossings: layout.crossings.map((c) => ({ x: c.x, y: round(table.height - c.y), pieces: [c.labels[0], c.labels[1]] })),
      unplaced: layout.unplaced.map((u) => ({ type: u.type, name: u.name, count: u.count })),
    },
  };
}

/** The layout back from a result's JSON, cm from the north-west corner as maps draw. */
export function terrainLayoutOf(result: ScenarioTerrain, table: { height: number }): TerrainLayout | undefined {
  const laid = result.terrainMap;
  if (!laid) return undefined;
  return {
    map: { id: laid.map, name: laid.name },
    level: laid.density,
    pieces: result.terrain.map((p): TerrainPiece => {
      const points = allFlipped(p.points, table.height);
      const line = p.shape === 'line';
      const first = points[0]!;
      const last = points[points.length - 1]!;
      return {
        label: p.id,
        type: p.type,
        name: p.name,
        look: p.look,
        passable: p.passable,
        shape: p.shape,
        x: line ? round((first[0] + last[0]) / 2) : p.x,
        y: line ? round((first[1] + last[1]) / 2) : round(table.height - p.y),
        width: p.width,
        depth: line ? (p.band ?? 1) : (p.depth ?? 0),
        rotation: p.rotation === 0 ? 0 : -p.rotation,
        points,
        ...(line ? { band: p.band ?? 1 } : {}),
        ...(p.objective !== undefined ? { objective: p.objective - 1 } : {}),
      };
    }),
    crossings: laid.crossings.map((c) => ({ x: c.x, y: round(table.height - c.y), labels: c.pieces })),
    unplaced: laid.unplaced,
  };
}

/** What a map draws of a scenario's terrain, or nothing where none was laid. */
export function mapTerrain(system: SystemRules | { id: string; types: readonly TerrainTypeWords[] }, result: ScenarioTerrain, table: { height: number }, sheet: { units: Units; inch: number }): MapTerrain | undefined {
  const layout = terrainLayoutOf(result, table);
  if (!layout || layout.pieces.length === 0) return undefined;
  // the legend's effect lines give their distances in the sheet's units, as every rule distance on it
  const types = ('info' in system ? terrainTypeWords(system) : system.types).map((t) => ({ ...t, effect: effectInUnits(t.effect, sheet.units, sheet.inch) }));
  return { layout, types, system: 'info' in system ? system.info.id : system.id };
}

const round = (n: number) => Math.round(n * 100) / 100;
