import { createRng, type Rng } from '../../engine/dice.js';
import { RollLog } from '../../engine/roll-log.js';
import type { Provenance } from '../../vocab/provenance.js';
import type { TerrainLevel } from '../../engine/terrain.js';
import type { RollRecord } from '../../engine/tables.js';
import { UsageError } from '../../errors.js';
import type { BudgetFit } from '../budget-fit.js';
import type { TerrainMapJson, TerrainPieceJson } from '../scenario-terrain.js';
import { rollBattleTerrain, type SquareTerrain } from './battle-terrain.js';
import { allocatedReinforcements, battlesItFits, ROLE_WORDS, sideFit, type SidePoints } from './battle-budget.js';
import type { FireTeamData } from './data.js';
import { checkForce, findList, formatPoints, matchPick, type FtRoster } from './force.js';
import type { FtBattle, FtForce, FtList, FtZone } from './schema.js';
import { possessive } from '../../doc/possessive.js';

export type Edge = 'north' | 'east' | 'south' | 'west';
const OPPOSITE: Record<Edge, Edge> = { north: 'south', south: 'north', east: 'west', west: 'east' };
/** The engine measures in inches, as the text does; results are in cm. */
const CM_PER_IN = 2.54;
const SIDES = ['a', 'b'] as const;
export type Side = (typeof SIDES)[number];
export const SIDE_NAMES: Record<Side, string> = { a: 'Side A', b: 'Side B' };

export interface BattleOptions {
  /** a battle id; drawn when absent */
  battle?: string;
  /** the two sides' army lists, ids; drawn when absent */
  lists?: readonly [string, string];
  /** 2 or 4: one platoon a player */
  players: 2 | 4;
  /** cm */
  table: { width: number; height: number };
  /** each side's reinforcement points instead of the battle's */
  points?: number;
  /** set by a caller (a campaign) instead of thrown or rolled: the attacker, a side's reinforcement points */
  fixed?: { attacker?: Side; reinforcements?: Partial<Record<Side, number>> };
  /**
   * a campaign square: its terrain and jump-off points are set, so there is no patrol phase
   * (the campaign's Battles); the JOPs are placed from the square's counts
   */
  square?: CampaignGround;
  /** a side's own force (a --force file, or the one a campaign keeps) instead of one bought by the dice */
  given?: Partial<Record<Side, GivenForce>>;
  /**
   * terrain laid on the table, after every other roll; none when left out. A campaign square's
   * ground has a seed of its own, so every battle fought on the square has the same ground.
   */
  terrain?: { level: TerrainLevel; units: 'cm' | 'in'; seed?: string };
}

/**
 * A force a player brings: its platoons as the file gives them, and its reinforcements either
 * all as listed (`all`: a stand-alone battle, where the file is checked against the battle's
 * points) or taken from the file's list in its order while they fit the battle's reinforcement
 * points (`fill`: a campaign battle, each with points of its own), bought by the dice as for a
 * rolled side where the file lists none.
 */
export interface GivenForce {
  force: FtForce;
  picks: 'all' | 'fill';
}

/** The ground a campaign battle is fought on: its terrain line, and that line read as a map. */
export interface CampaignGround extends SquareTerrain {
  id: string;
  name: string;
  terrain: string;
  jops: { attacker: number; defender: number };
  /** an encounter over two squares side by side: each side's square, the side whose square this is, and the roll-off that chose it */
  ground?: { squares: Record<Side, string>; side: Side; rolls: readonly RollRecord[] };
}

export interface FtForceResult {
  side: Side;
  list: string;
  players: number;
  /** the whole force: points spent and allowed */
  points: number;
  budget: number;
  core: { points: number; budget: number };
  reinforcements: { points: number; budget: number };
  units: { unit: string; name: string; count: number; points: number; platoon?: number; vehicle?: string; reinforcement: boolean }[];
  problems: string[];
  /** a force the player brought: its name as its file gives it */
  name?: string;
}

export interface FtBattleResult {
  system: string;
  seed: string;
  scenario: { id: string; name: string };
  battle: string;
  sides: Side[];
  attacker: Side;
  defender: Side;
  /** the edge each side comes from */
  deployment: Record<Side, Edge>;
  objectives: never[];
  players: number;
  /** cm */
  table: { width: number; height: number };
  /** the terrain laid on the table (none under --terrain none), cm from its south-west corner */
  terrain: TerrainPieceJson[];
  terrainMap?: TerrainMapJson;
  /** where each side's patrol markers may start, cm from the north-west corner */
  zones: { side: Side; x: number; y: number; w: number; h: number; label: string }[];
  /** each side's patrol markers' starting points, numbered in order, cm from the north-west corner */
  patrol: Record<Side, { x: number; y: number }[]>;
  /** jump-off points each side places after the patrol phase */
  jops: Record<Side, number>;
  /** a campaign battle: the square fought over, and each side's jump-off points set on the map, cm */
  campaign?: { square: string; name: string; jopPoints: Record<Side, { x: number; y: number }[]> };
  forces: FtForceResult[];
  rolls: RollRecord[];
  /** each force the players brought against this battle's points for its side, side A's first */
  fits?: BudgetFit[];
}

/** How a side's force came to the battle: bought by the dice, or the player's own (its reinforcements all as listed, taken from its list, or rolled where it lists none). */
export type ForceOrigin = 'rolled' | 'given' | 'file-picks' | 'rolled-picks';

/** A marker as the packet prints it: along the side's edge from its left corner, and in from the edge; inches. */
export interface MarkerPlace {
  along: number;
  depth: number;
}

export interface RolledBattle {
  result: FtBattleResult;
  rosters: Record<Side, FtRoster>;
  /** markers' places as seen from each side's edge, inches (JOPs in a campaign battle) */
  places: Record<Side, MarkerPlace[]>;
  battle: FtBattle;
  square?: CampaignGround;
  origins: Record<Side, ForceOrigin>;
  /** the sides whose army list the dice drew (muster's reading: the text gives one-off battles no way to choose) */
  drawnLists: Record<Side, boolean>;
  /**
   * each side the players brought: its points pool by pool and its fit (as in `result.fits`);
   * in a campaign battle, the names of the file's picks passed over as not fitting
   */
  budgets: Partial<Record<Side, { points: SidePoints; fit: BudgetFit; passed: string[] }>>;
}

const half = (x: number) => Math.floor(x * 2) / 2;
const halfUp = (x: number) => Math.ceil(x * 2) / 2;
const cm = (inches: number) => Math.round(inches * CM_PER_IN * 10) / 10;

/** The edges a battle's sides come from, on this table: the long ones or the short ones. */
function edgePair(battle: FtBattle, table: { width: number; height: number }): [Edge, Edge] {
  const wide = table.width >= table.height;
  return (battle.edges === 'long') === wide ? ['north', 'south'] : ['west', 'east'];
}

/** A zone's depth band on a table `depth` inches across, from the side's own edge, on half inches. */
function band(zone: FtZone, depth: number): { from: number; to: number } {
  return { from: halfUp(zone.from), to: half(zone.to === 'half' ? depth / 2 : Math.min(zone.to, depth)) };
}

/** Checks the table suits the battle: both bands fit and the patrols start further apart than the lock distance. */
export function checkTable(data: FireTeamData, battle: FtBattle, table: { width: number; height: number }): void {
  const fits = (tableCm: { width: number; height: number }) => {
    const [edge] = edgePair(battle, tableCm);
    const depth = (edge === 'north' || edge === 'south' ? tableCm.height : tableCm.width) / CM_PER_IN;
    const a = band(battle.patrol.attacker, depth);
    const d = band(battle.patrol.defender, depth);
    return a.from <= a.to && d.from <= d.to && depth - a.to - d.to > data.patrol.lock;
  };
  if (fits(table)) return;
  let need = Math.min(table.width, table.height);
  while (need < 1000 && !fits({ width: Math.max(table.width, need), height: Math.max(table.height, need) })) need += 1;
  throw new UsageError(
    `--table: ${battle.name} needs the table at least ${Math.round(need / CM_PER_IN)} in (${need} cm) across, so the patrols start more than ${data.patrol.lock} in apart`,
  );
}

/** Where a battle's dice come from: the text stages battles only in its campaign, so these are muster's readings. */
const ONE_OFF: Provenance = { reading: 'fireteam/battle-edges' };
const SET_UP: Provenance = { reading: 'fireteam/set-up' };
const ROLLED_FORCE: Provenance = { reading: 'fireteam/rolled-force' };

/**
 * A Fire Team battle (Battles and Scenarios; Patrol Phase; the campaign's Forces): the battle
 * kind, the sides' lists, edges and attacker, each side's core platoons and reinforcements
 * bought to the points by the force check (or the force a player brought, measured against the
 * battle's points for its side), and the patrol markers laid out in their zones.
 */
export function rollBattle(data: FireTeamData, options: BattleOptions, rng: Rng, seed: string): RolledBattle {
  const log = new RollLog('fireteam');
  // the campaign rolled for the ground before this battle: its dice open the packet's log
  if (options.square?.ground) log.rolls.push(...options.square.ground.rolls);
  const battle = options.battle
    ? data.battles.find((b) => b.id === options.battle)!
    : log.draw(rng, data.battles, 'battle', ONE_OFF, (b) => b.name);
  if (!options.square) checkTable(data, battle, options.table);

  const allLists = [...data.lists.values()];
  const given = options.given ?? {};
  const lists = {} as Record<Side, FtList>;
  // a force brought names its list (the caller made sure it is one of the data's)
  for (const side of SIDES) {
    const own = given[side];
    if (own) lists[side] = findList(data, own.force.list)!;
  }
  const drawnLists = { a: false, b: false };
  if (options.lists) {
    lists.a ??= data.lists.get(options.lists[0])!;
    lists.b ??= data.lists.get(options.lists[1])!;
  } else {
    const foesOf = (side: Side) => {
      const foes = lists[side] ? allLists.filter((l) => l.side !== lists[side]!.side) : allLists;
      return foes.length > 0 ? foes : allLists;
    };
    drawnLists.a = lists.a === undefined;
    drawnLists.b = lists.b === undefined;
    lists.a ??= log.draw(rng, foesOf('b'), lists.b ? 'army list: Side A, from the other side' : 'army list: Side A', ONE_OFF, (l) => l.name);
    lists.b ??= log.draw(rng, foesOf('a'), 'army list: Side B, from the other side', ONE_OFF, (l) => l.name);
  }

  const [near, far] = edgePair(battle, options.table);
  const edgeA = log.draw(rng, [near, far], 'edges', ONE_OFF, (e) => `Side A from the ${e} edge, Side B from the ${OPPOSITE[e]}`);
  const deployment: Record<Side, Edge> = { a: edgeA, b: OPPOSITE[edgeA] };

  let attacker: Side = options.fixed?.attacker ?? 'a';
  if (battle.attacker === 'throw' && !options.fixed?.attacker) {
    attacker = log.rollOff(rng, [SIDE_NAMES.a, SIDE_NAMES.b], 'attacker', SET_UP) === SIDE_NAMES.a ? 'a' : 'b';
  }
  const defender: Side = attacker === 'a' ? 'b' : 'a';
  const role = (side: Side) => (side === attacker ? 'attacker' : 'defender');

  const reinforcementBudget = {} as Record<Side, number>;
  for (const side of [attacker, defender]) {
    const [from, to] = battle.reinforcements[role(side)];
    const own = given[side];
    reinforcementBudget[side] =
      options.fixed?.reinforcements?.[side] ??
      options.points ??
      (own ? allocatedReinforcements(battle, role(side), own.force.points.reinforcements) : log.between(rng, from, to, `reinforcement points: ${SIDE_NAMES[side]} (${role(side)}, ${from} to ${to})`, SET_UP, (v) => `${v} points`));
  }

  const perSide = options.players / 2;
  const coreBudget = battle.corePerPlayer * perSide;
  const rosters = {} as Record<Side, FtRoster>;
  const origins = {} as Record<Side, ForceOrigin>;
  const passed: Partial<Record<Side, string[]>> = {};
  for (const side of SIDES) {
    const own = given[side];
    if (own?.picks === 'all') {
      rosters[side] = checkForce(own.force, data);
      origins[side] = 'given';
      continue;
    }
    if (own) {
      // the battle's points are the force's: its platoons against the core, its picks against this battle's reinforcements
      const fromFile = own.force.reinforcements.length > 0;
      const filled = fromFile ? fillPicks(own.force.reinforcements, lists[side], reinforcementBudget[side]) : undefined;
      const picks = filled ? filled.taken : buyPicks(data, lists[side], reinforcementBudget[side], SIDE_NAMES[side], rng, log);
      if (filled) passed[side] = filled.passed;
      rosters[side] = checkForce({ ...own.force, points: { core: coreBudget, reinforcements: reinforcementBudget[side] }, reinforcements: picks }, data);
      origins[side] = fromFile ? 'file-picks' : 'rolled-picks';
      continue;
    }
    const force = buyForce(data, lists[side], battle, perSide, reinforcementBudget[side], SIDE_NAMES[side], rng, log);
    const roster = checkForce(force, data);
    // the generator buys only what the check allows: a problem here is a bug, never a result
    if (roster.problems.length > 0) throw new Error(`${possessive(SIDE_NAMES[side])} bought force breaks its list: ${roster.problems.map((p) => p.message).join('; ')}`);
    rosters[side] = roster;
    origins[side] = 'rolled';
  }

  const tableIn = { width: options.table.width / CM_PER_IN, height: options.table.height / CM_PER_IN };
  const square = options.square;
  // 4 markers a side and one more for each of its platoons after the first: a force brought has its own count of platoons
  const markersOf = (side: Side) => data.patrol.markers + data.patrol.perExtraPlatoon * (Math.max(1, given[side]?.force.platoons.length ?? perSide) - 1);
  const zones: FtBattleResult['zones'] = [];
  const patrol = {} as Record<Side, { x: number; y: number }[]>;
  const places = {} as Record<Side, MarkerPlace[]>;
  for (const side of SIDES) {
    const zone = battle.patrol[role(side)];
    const edge = deployment[side];
    const ns = edge === 'north' || edge === 'south';
    const length = ns ? tableIn.width : tableIn.height;
    const depth = ns ? tableIn.height : tableIn.width;
    const { from, to } = band(zone, depth);
    const margin = length > 2 * zone.margin ? zone.margin : 0;
    const lo = halfUp(margin);
    const hi = half(length - margin);
    const toTable = (along: number, d: number) => fromEdge(edge, tableIn, along, d);
    if (square) {
      places[side] = squareJops(square, battle, role(side), edge, tableIn);
      patrol[side] = [];
      continue;
    }
    const c1 = toTable(lo, from);
    const c2 = toTable(hi, to);
    const x = Math.min(cm(c1.x), cm(c2.x));
    const y = Math.min(cm(c1.y), cm(c2.y));
    zones.push({
      side,
      x,
      y,
      w: Math.round((Math.max(cm(c1.x), cm(c2.x)) - x) * 10) / 10,
      h: Math.round((Math.max(cm(c1.y), cm(c2.y)) - y) * 10) / 10,
      label: `${SIDE_NAMES[side]}: patrol markers start here`,
    });
    places[side] = layMarkers(markersOf(side), { lo, hi, from, to }, zone.spacing, data.patrol.together, SIDE_NAMES[side], rng, log);
    patrol[side] = places[side].map((m) => {
      const p = toTable(m.along, m.depth);
      return { x: cm(p.x), y: cm(p.y) };
    });
  }

  const forces: FtForceResult[] = SIDES.map((side) => forceResult(side, rosters[side], perSide, coreBudget, reinforcementBudget[side], given[side] ? given[side]!.force.name : undefined));
  const budgets: RolledBattle['budgets'] = {};
  for (const side of SIDES) {
    const own = given[side];
    if (!own) continue;
    const roster = rosters[side];
    const points: SidePoints = { core: { points: roster.core, budget: coreBudget }, reinforcements: { points: roster.reinforcements, budget: reinforcementBudget[side] } };
    // a campaign battle is set by the campaign: there is no other battle to send the player to
    const elsewhere = square
      ? undefined
      : battlesItFits(data.battles, { battle: battle.id, players: options.players }, side, { core: roster.core, reinforcements: roster.reinforcements, platoons: own.force.platoons.length, declared: own.force.points.reinforcements }, options.points);
    budgets[side] = { points, passed: passed[side] ?? [], fit: sideFit(`${battle.name}, ${SIDE_NAMES[side]} ${ROLE_WORDS[role(side)]}`, side, points, elsewhere) };
  }
  const terrain = battleTerrain(data, options, battle, deployment, zones, patrol, rng, log);
  const result: FtBattleResult = {
    system: data.system.info.id,
    seed,
    scenario: { id: battle.id, name: battle.name },
    battle: battle.id,
    sides: [...SIDES],
    attacker,
    defender,
    deployment,
    objectives: [],
    players: options.players,
    table: { ...options.table },
    ...terrain,
    zones,
    patrol,
    jops: square ? { a: square.jops[role('a')], b: square.jops[role('b')] } : { a: battle.jops[role('a')], b: battle.jops[role('b')] },
    forces,
    rolls: log.rolls,
  };
  const fits = SIDES.flatMap((side) => (budgets[side] ? [budgets[side]!.fit] : []));
  if (fits.length > 0) result.fits = fits;
  if (square) {
    result.campaign = { square: square.id, name: square.name, jopPoints: { a: [], b: [] } };
    for (const side of SIDES) result.campaign.jopPoints[side] = places[side].map((m) => toTableCm(deployment[side], tableIn, m));
  }
  return { result, rosters, places, battle, ...(square ? { square } : {}), origins, drawnLists, budgets };
}

/**
 * Where a side's JOPs stand on a campaign square, which sets them: spread along the side's edge,
 * the defender's of an attack a quarter of the way in (it holds the ground), the rest at the edge.
 */
function squareJops(square: CampaignGround, battle: FtBattle, role: 'attacker' | 'defender', edge: Edge, tableIn: { width: number; height: number }): MarkerPlace[] {
  const ns = edge === 'north' || edge === 'south';
  const length = ns ? tableIn.width : tableIn.height;
  const depth = ns ? tableIn.height : tableIn.width;
  const { margin: m } = battle.patrol[role];
  const margin = length > 2 * m ? m : 0;
  const lo = halfUp(margin);
  const hi = half(length - margin);
  const n = square.jops[role];
  const inset = battle.attacker === 'scenario' && role === 'defender' ? half(depth / 4) : 1;
  const step = n > 1 ? half((hi - lo) / (n - 1)) : 0;
  return Array.from({ length: n }, (_, i) => ({ along: n > 1 ? lo + i * step : half((lo + hi) / 2), depth: inset }));
}

/**
 * The battle's terrain, rolled after everything else so a seed rolls the same battle with or
 * without it. A stand-alone battle's comes from its own dice and keeps its patrol zones usable
 * and its markers clear. A campaign square's comes from the square's own seed and asks nothing
 * of the battle fought on it (the bands along the edges the sides come from, a JOP's reach deep,
 * and every place a JOP of any battle there may stand), so each battle there has the same ground;
 * its dice follow the battle's in the log.
 */
function battleTerrain(
  data: FireTeamData,
  options: BattleOptions,
  battle: FtBattle,
  deployment: Record<Side, Edge>,
  zones: FtBattleResult['zones'],
  patrol: Record<Side, { x: number; y: number }[]>,
  rng: Rng,
  log: RollLog,
): Pick<FtBattleResult, 'terrain' | 'terrainMap'> {
  const asked = options.terrain;
  if (!asked || asked.level === 'none') return { terrain: [] };
  const { table, square } = options;
  const northSouth = deployment.a === 'north' || deployment.a === 'south';
  const common = { table, northSouth, level: asked.level, units: asked.units };
  if (!square) {
    return rollBattleTerrain(data.system, { ...common, zones: zones.map(({ x, y, w, h }) => ({ x, y, w, h })), keepClear: [...patrol.a, ...patrol.b] }, rng, log);
  }
  const tableIn = { width: table.width / CM_PER_IN, height: table.height / CM_PER_IN };
  const reach = cm(data.deploy.jopRadius);
  const edges = [...new Set(data.battles.flatMap((b) => edgePair(b, table)))];
  const strip: Record<Edge, { x: number; y: number; w: number; h: number }> = {
    north: { x: 0, y: 0, w: table.width, h: reach },
    south: { x: 0, y: table.height - reach, w: table.width, h: reach },
    west: { x: 0, y: 0, w: reach, h: table.height },
    east: { x: table.width - reach, y: 0, w: reach, h: table.height },
  };
  const jops = data.battles.flatMap((b) => edgePair(b, table).flatMap((edge) => (['attacker', 'defender'] as const).flatMap((role) => squareJops(square, b, role, edge, tableIn).map((m) => toTableCm(edge, tableIn, m)))));
  const own = new RollLog('fireteam');
  const laid = rollBattleTerrain(data.system, { ...common, zones: edges.map((e) => strip[e]), keepClear: jops, square }, createRng(asked.seed ?? `${square.id}`), own);
  log.rolls.push(...own.rolls);
  return laid;
}

/** A place measured from a side's edge, facing the enemy (along from its left corner, in from the edge), on the table in inches. */
function fromEdge(edge: Edge, tableIn: { width: number; height: number }, along: number, depth: number): { x: number; y: number } {
  switch (edge) {
    case 'north': // facing south: its left is the east
      return { x: tableIn.width - along, y: depth };
    case 'south':
      return { x: along, y: tableIn.height - depth };
    case 'west': // facing east: its left is the north
      return { x: depth, y: along };
    case 'east':
      return { x: tableIn.width - depth, y: tableIn.height - along };
  }
}

function toTableCm(edge: Edge, tableIn: { width: number; height: number }, m: MarkerPlace): { x: number; y: number } {
  const p = fromEdge(edge, tableIn, m.along, m.depth);
  return { x: cm(p.x), y: cm(p.y) };
}

/**
 * Lays out a side's markers in a chain along its edge: a D6 for where the chain starts in the
 * room along the edge, then a D6 for each marker's depth in its band, each within reach of the
 * one before so the markers stay together.
 */
function layMarkers(
  n: number,
  room: { lo: number; hi: number; from: number; to: number },
  spacing: number,
  together: number,
  who: string,
  rng: Rng,
  log: RollLog,
): MarkerPlace[] {
  const step = n > 1 ? Math.min(spacing, half((room.hi - room.lo) / (n - 1))) : 0;
  const free = room.hi - room.lo - (n - 1) * step;
  let start = room.lo;
  if (free > 0) {
    const t = log.dice(rng, '1D6', `patrol markers: ${who}, along the edge`, SET_UP, (t) =>
      t === 1 ? 'the chain starts at its left end of the room' : t === 6 ? 'the chain ends at its right end of the room' : `the chain starts ${t - 1}/5 of the way along the room`,
    );
    start = room.lo + half((free * (t - 1)) / 5);
  }
  const reach = half(Math.sqrt(together * together - step * step));
  const places: MarkerPlace[] = [];
  for (let i = 0; i < n; i++) {
    const prev = places[i - 1]?.depth;
    const lo = prev === undefined ? room.from : Math.max(room.from, prev - reach);
    const hi = prev === undefined ? room.to : Math.min(room.to, prev + reach);
    let depth = lo;
    if (hi > lo) {
      const t = log.dice(rng, '1D6', `patrol markers: ${who}, marker ${i + 1} depth`, SET_UP, (t) =>
        t === 1 ? `marker ${i + 1} as near its own edge as it may be` : t === 6 ? `marker ${i + 1} as far out as it may be` : `marker ${i + 1} ${t - 1}/5 of the way out`,
      );
      depth = Math.min(hi, lo + Math.round(((hi - lo) * (t - 1)) / 5 * 2) / 2);
    }
    places.push({ along: start + i * step, depth });
  }
  return places;
}

/**
 * Buys a side's force the way a player might, with the dice: for each player a platoon of the
 * list's HQ and fewest squads, then squads and weapons sections drawn while one fits the core
 * points; then reinforcement picks drawn while one fits, a pick not yet taken before one taken
 * again (a vehicle drawn where the pick offers several). Only what fits is drawn, so the force
 * is never over its points.
 */
function buyForce(data: FireTeamData, list: FtList, battle: FtBattle, players: number, reinforcements: number, who: string, rng: Rng, log: RollLog): FtForce {
  const { hq, squads, weaponsSections } = list.platoon;
  const platoons: FtForce['platoons'] = [];
  for (let p = 0; p < players; p++) {
    const platoon = { squads: squads.min, weaponsSections: weaponsSections?.min ?? 0, smgSquads: 0 };
    let cost = hq.points + platoon.squads * squads.points + platoon.weaponsSections * (weaponsSections?.points ?? 0);
    if (cost > battle.corePerPlayer) {
      throw new UsageError(`the ${list.name} list's smallest platoon costs ${formatPoints(cost)} points, more than the ${formatPoints(battle.corePerPlayer)} core points a player of ${battle.name}`);
    }
    for (;;) {
      const options: { kind: 'squad' | 'weapons section'; points: number }[] = [];
      if ((squads.max === undefined || platoon.squads < squads.max) && cost + squads.points <= battle.corePerPlayer) options.push({ kind: 'squad', points: squads.points });
      if (weaponsSections && (weaponsSections.max === undefined || platoon.weaponsSections < weaponsSections.max) && cost + weaponsSections.points <= battle.corePerPlayer) {
        options.push({ kind: 'weapons section', points: weaponsSections.points });
      }
      if (options.length === 0 || options.every((o) => o.points <= 0)) break;
      const chosen =
        options.length === 1
          ? options[0]!
          : log.draw(rng, options, `core: ${who}${players > 1 ? `, platoon ${p + 1}` : ''}`, ROLLED_FORCE, (o) => `a ${o.kind} (${formatPoints(o.points)} ${o.points === 1 ? 'point' : 'points'})`);
      if (chosen.kind === 'squad') platoon.squads += 1;
      else platoon.weaponsSections += 1;
      cost += chosen.points;
    }
    platoons.push(platoon);
  }

  return {
    name: `${who}: ${list.name}`,
    list: list.id,
    points: { core: battle.corePerPlayer * players, reinforcements },
    platoons,
    reinforcements: buyPicks(data, list, reinforcements, who, rng, log),
  };
}

/**
 * A player's own picks for a battle: the file's list in its order, each taken while it fits the
 * points left and passed over when it does not (a later, cheaper one may still fit). A pick that
 * names nothing or has no price is left to the force check to name.
 */
function fillPicks(entries: FtForce['reinforcements'], list: FtList, points: number): { taken: FtForce['reinforcements']; passed: string[] } {
  let left = points;
  const taken: FtForce['reinforcements'] = [];
  const passed: string[] = [];
  for (const entry of entries) {
    const pick = matchPick(list, entry.pick).found;
    if (!pick || pick.points === null) continue;
    if (pick.points > left) {
      passed.push(pick.name);
      continue;
    }
    taken.push(entry);
    left -= pick.points;
  }
  return { taken, passed };
}

/** Reinforcement picks drawn while one fits the points, a pick not yet taken before one taken again (a vehicle drawn where the pick offers several). */
function buyPicks(data: FireTeamData, list: FtList, reinforcements: number, who: string, rng: Rng, log: RollLog): FtForce['reinforcements'] {
  const picks: FtForce['reinforcements'] = [];
  let left = reinforcements;
  // a pick of no points could be drawn for ever: the generator leaves those to the players
  const priced = list.reinforcements.filter((p) => p.points !== null && p.points > 0);
  for (let guard = 0; guard < 100; guard++) {
    const affordable = priced.filter((p) => p.points! <= left);
    if (affordable.length === 0) break;
    // a pick is taken again only once every pick that fits has been taken
    const fresh = affordable.filter((p) => !picks.some((taken) => taken.pick === p.id));
    const fitting = fresh.length > 0 ? fresh : affordable;
    const pick =
      fitting.length === 1
        ? fitting[0]!
        : log.draw(rng, fitting, `reinforcements: ${who} (${formatPoints(left)} left)`, ROLLED_FORCE, (p) => `${p.name} (${formatPoints(p.points!)} ${p.points === 1 ? 'point' : 'points'})`);
    const vehicle = pick.vehicles
      ? log.draw(rng, pick.vehicles, `vehicle: ${who}, ${pick.name}`, ROLLED_FORCE, (v) => data.cards.get(v)!.card.title)
      : undefined;
    picks.push({ pick: pick.id, ...(vehicle ? { vehicle } : {}) });
    left -= pick.points!;
  }
  return picks;
}

/** A force in the result: points and budgets, and what was bought, part by part. */
function forceResult(side: Side, roster: FtRoster, players: number, coreBudget: number, reinforcementBudget: number, name?: string): FtForceResult {
  const units: FtForceResult['units'] = [];
  for (const part of roster.parts) {
    const name = part.kind === 'hq' ? 'HQ' : part.kind === 'squad' ? 'Squad' : part.kind === 'weapons-section' ? 'Weapons section' : part.name;
    const same = units.find((u) => u.unit === part.kind && u.platoon === part.platoon && u.vehicle === part.vehicle && u.reinforcement === part.reinforcement);
    if (same) {
      same.count += 1;
      same.points += part.points;
      continue;
    }
    units.push({
      unit: part.kind,
      name,
      count: 1,
      points: part.points,
      ...(part.platoon !== undefined ? { platoon: part.platoon } : {}),
      ...(part.vehicle ? { vehicle: part.vehicle } : {}),
      reinforcement: part.reinforcement,
    });
  }
  return {
    side,
    list: roster.list!.id,
    players,
    points: roster.points,
    budget: coreBudget + reinforcementBudget,
    core: { points: roster.core, budget: coreBudget },
    reinforcements: { points: roster.reinforcements, budget: reinforcementBudget },
    units,
    problems: roster.problems.map((p) => `${p.where} (${p.rule}): ${p.message}`),
    ...(name !== undefined ? { name } : {}),
  };
}
