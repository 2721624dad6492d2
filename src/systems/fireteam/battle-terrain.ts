import type { SystemRules } from '../../data/load.js';
import { MAP_TYPES, mapTypeName, type MapTypeId, type TerrainTables } from '../../data/terrain-schema.js';
import type { Rng } from '../../engine/dice.js';
import type { Point, Rect } from '../../engine/geometry.js';
import type { RollLog } from '../../engine/roll-log.js';
import { lengthWords, pieceDiePurpose, type TerrainLevel } from '../../engine/terrain.js';
import { TERRAIN_LOOK_STYLES } from '../../vocab/terrain-looks.js';
import type { Provenance } from '../../vocab/provenance.js';
import { rollScenarioTerrain, terrainSource, type ScenarioTerrain } from '../scenario-terrain.js';

/**
 * A Fire Team battle's terrain (muster's own: the text leaves terrain to each battle). Its Deploy
 * action brings vehicles on only by "a road entrance at a table edge in your half", so every
 * table gets a road from one side's edge to the other's before the rest is laid: each side then
 * has its entrance. A campaign square's terrain line chooses the map type and the only types
 * laid, so its ground is the same whichever battle is fought on it.
 */

/** A campaign square's terrain line as a map: muster's reading of its words (campaign-schema.ts). */
export interface SquareTerrain {
  map?: MapTypeId;
  types?: readonly string[];
  roads?: number;
}

export interface BattleTerrainAsk {
  /** cm */
  table: { width: number; height: number };
  /** the sides come from the north and south edges (else the west and east) */
  northSouth: boolean;
  /** where the sides come on, cm from the north-west corner: kept mostly clear of pieces that stop movement */
  zones: readonly Rect[];
  /** points no piece that stops movement may cover (patrol markers, jump-off points), cm from the north-west corner */
  keepClear: readonly { x: number; y: number }[];
  level: TerrainLevel;
  units: 'cm' | 'in';
  /** a campaign square's ground; a stand-alone battle rolls its map type and lays all of its types */
  square?: SquareTerrain;
}

/**
 * Lays a battle's terrain after every other roll of it: the map type (the square's, or rolled),
 * the road or roads the battle lays itself, then the map's pieces by the shared procedure.
 * Nothing, and no die, without terrain tables or under --terrain none.
 */
export function rollBattleTerrain(system: SystemRules, ask: BattleTerrainAsk, rng: Rng, log: RollLog): ScenarioTerrain {
  const tables = system.terrain;
  if (!tables || ask.level === 'none') return { terrain: [] };
  const source = terrainSource(system);
  const map = ask.square?.map ?? log.draw(rng, MAP_TYPES, 'terrain: the map type', source, (id) => mapTypeName(tables, id));
  const road = tables.types.find((t) => t.look === 'road');
  const roads = road ? (ask.square?.roads ?? 1) : 0;
  const words = lengthWords(ask.units);
  const fixed = Array.from({ length: roads }, (_, i) => ({ look: 'road' as const, points: roadAcross(ask.table, ask.northSouth === (i === 0), i + 1, roads, rng, log, words, source) }));
  const laid: SystemRules = { ...system, terrain: { ...tables, maps: { ...tables.maps, [map]: densityOf(tables, map, ask.square, road?.id, roads) } } };
  return rollScenarioTerrain(laid, { table: ask.table, zones: ask.zones, objectives: ask.keepClear, fixed, map, level: ask.level, units: ask.units }, rng, log);
}

/**
 * The counts a battle lays on its map type: the roads it laid itself count among the map's; a
 * square lays only the types its line names, at least one of each.
 */
function densityOf(tables: TerrainTables, map: MapTypeId, square: SquareTerrain | undefined, road: string | undefined, roads: number): TerrainTables['maps'][MapTypeId] {
  const own = tables.maps[map];
  const less = (range: readonly [number, number]): [number, number] => [Math.max(0, range[0] - roads), Math.max(0, range[1] - roads)];
  if (!square?.types) return { ...own, lines: Object.fromEntries(Object.entries(own.lines).map(([id, range]) => [id, id === road ? less(range) : range])) };
  const atLeastOne = (range: readonly [number, number] | undefined): [number, number] => [Math.max(1, range?.[0] ?? 1), Math.max(1, range?.[1] ?? 1)];
  const named = new Set(square.types);
  const crossing = (id: string) => TERRAIN_LOOK_STYLES[tables.types.find((t) => t.id === id)!.look].form === 'crossing';
  // the map's own order first, then what it does not count, in the line's order
  const order = [...Object.keys(own.pieces), ...Object.keys(own.lines), ...square.types].filter((id, i, all) => named.has(id) && all.indexOf(id) === i);
  return {
    ...own,
    pieces: Object.fromEntries(order.filter((id) => !crossing(id)).map((id) => [id, atLeastOne(own.pieces[id])])),
    lines: Object.fromEntries(order.filter((id) => crossing(id) && id !== road).map((id) => [id, atLeastOne(own.lines[id])])),
  };
}

/**
 * A road the battle lays: the first from one side's edge to the other's (each side's road
 * entrance), a second across it (a crossroads). Where it enters and leaves and its bend are
 * rolled as the shared procedure rolls a road.
 */
function roadAcross(table: { width: number; height: number }, northSouth: boolean, n: number, of: number, rng: Rng, log: RollLog, words: (cm: number) => string, source: Provenance): Point[] {
  const { width: W, height: H } = table;
  const span = northSouth ? W : H;
  const edges = northSouth ? ['north', 'south'] : ['west', 'east'];
  // named as the roll log names every piece it laid: by the label the terrain list gives it (the
  // battle's roads are laid first, T1 and T2; the list says which runs edge to edge), and told
  // from the roads the map's own count lays after them ("road 1")
  const what = `the battle's road${of > 1 ? ` ${n} of ${of}` : ''}`;
  const a = log.dice(rng, '1D9', pieceDiePurpose(`T${n}`, what, 'enters'), source, (t) => `${words((t * span) / 10)} along the ${edges[0]} edge`);
  const b = log.dice(rng, '1D9', pieceDiePurpose(`T${n}`, what, 'leaves'), source, (t) => `${words((t * span) / 10)} along the ${edges[1]} edge`);
  const bend = log.dice(rng, '1D5', pieceDiePurpose(`T${n}`, what, 'bend'), source, (t) => (t === 3 ? 'straight' : `bends ${words((Math.abs(t - 3) * span) / 12)} ${t < 3 ? (northSouth ? 'west' : 'north') : northSouth ? 'east' : 'south'}`));
  const from = (a * span) / 10;
  const to = (b * span) / 10;
  const middle = Math.min(span * 0.95, Math.max(span * 0.05, (from + to) / 2 + ((bend - 3) * span) / 12));
  return northSouth ? [[from, 0], [middle, H / 2], [to, H]] : [[0, from], [W / 2, middle], [W, to]];
}

/** A campaign map's squares against the rule set's terrain: each type a square names is one of its types, and no road (the roads are counted apart). */
export function squareTerrainProblems(squares: readonly { types?: readonly string[] }[], tables: TerrainTables | undefined): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const known = tables?.types.map((t) => t.id) ?? [];
  squares.forEach((square, i) => {
    (square.types ?? []).forEach((id, j) => {
      const type = tables?.types.find((t) => t.id === id);
      const path = `campaign.squares[${i}].types[${j}]`;
      if (!type) problems.push({ path, message: `"${id}" is no terrain type of the rule set; the types are ${known.join(', ') || 'none (it has no terrain.yaml)'} (muster list fireteam terrain)` });
      else if (type.look === 'road') problems.push({ path, message: `"${id}" is a road: give the square's roads as roads: 1 or 2 (a crossroads), not among its types` });
    });
  });
  return problems;
}
