import type { Rng } from '../../engine/dice.js';
import type { Provenance } from '../../vocab/provenance.js';
import { RollLog } from '../../engine/roll-log.js';
import type { RollRecord } from '../../engine/tables.js';
import type { TerrainLevel } from '../../engine/terrain.js';
import { rollScenarioTerrain, type TerrainMapJson, type TerrainPieceJson } from '../scenario-terrain.js';
import type { BlazeAwayData } from './data.js';
import { checkForce, forceResult, type BaForceResult, type BaRoster } from './force.js';
import type { BaChance, BaForce, BaObjective, BaSpan } from './schema.js';
import { possessive } from '../../doc/possessive.js';

export type Edge = 'north' | 'east' | 'south' | 'west';
const OPPOSITE: Record<Edge, Edge> = { north: 'south', south: 'north', east: 'west', west: 'east' };
const SIDES = ['a', 'b'] as const;
export type Side = (typeof SIDES)[number];
export const SIDE_NAMES: Record<Side, string> = { a: 'Side A', b: 'Side B' };

/** A force for a side: a player's file, or one of muster's sample forces. */
export interface SideForce {
  force: BaForce;
  /** the file it came from, for messages */
  file: string;
  sample: boolean;
}

export interface ScenarioOptions {
  /** side A's and side B's forces where the player gave them; the rest are drawn from the samples */
  forces: readonly SideForce[];
  samples: readonly SideForce[];
  /** cm */
  table: { width: number; height: number };
  /** what the text leaves to the scenario designer (--barrage, --suppressive, ...); muster's defaults without */
  allocations?: Allocations;
  /** how much terrain the map gets (--terrain): none when left out, so a roll without it stays as it was */
  terrain?: TerrainLevel;
  /** the run's units, for the terrain rolls' words */
  units?: 'cm' | 'in';
}

/** The designer's allocations the command line may set, each within the bounds the module checks. */
export interface Allocations {
  /** who fires a pre-game barrage (7.3.2 says "players"): muster's default is the attacker alone */
  barrage?: 'attacker' | 'defender' | 'both' | 'none';
  /** suppressive-fire templates a side, allocated at the start (7.3.13) */
  suppressive?: Record<Side, number>;
  /** divisional artillery templates a side may call a turn (7.3.11) */
  divisional?: Record<Side, number>;
  /** buildings the defender holds, by the bunker-dpv table's ref: how many of each */
  buildings?: { ref: string; count: number }[];
  /** the defender's guns stand in Fixed Defence (7.2.7) */
  fixedDefence?: boolean;
}

export interface BaAircraft {
  /** its name on the sheet: the force's unit (numbered where the unit has several), or "Air support 1" */
  name: string;
  /** the force's unit it belongs to; absent for air support the scenario adds */
  unit?: string;
  type: string;
  /** turns it may be on the table (7.4.2) */
  turns: number;
}

export interface BaChits {
  doubleMoves: number;
  /** hidden-movement cards: one a stand, gun and vehicle on the table, and the dummies */
  hiddenCards: number;
  /** area-fire templates of the barrage */
  templates: number;
  mineSquares: number;
  dummyMineSquares: number;
  wireLong: number;
  wireShort: number;
}

export interface BaScenarioResult {
  system: string;
  seed: string;
  scenario: { id: string; name: string };
  sides: Side[];
  attacker: Side;
  defender: Side;
  /** the edge each side comes from */
  deployment: Record<Side, Edge>;
  /** places to take, cm from the north-west corner, with the radius that counts as holding one */
  objectives: { id: string; name: string; x: number; y: number; radius: number }[];
  /** cm */
  table: { width: number; height: number };
  zones: { side: Side; x: number; y: number; w: number; h: number; label: string }[];
  /** the terrain laid on the table, cm from its south-west corner (docs/design.md, Scenario JSON); empty under --terrain none */
  terrain: TerrainPieceJson[];
  /** how the terrain was laid: the map type, the density, where lines cross */
  terrainMap?: TerrainMapJson;
  turns: number;
  night: boolean;
  weather: 'fair' | 'bad';
  /** double-move chits a side (6.3) */
  doubleMoves: Record<Side, number>;
  /** where a double move may be made: anywhere, or at night on roads and open ground only (6.7) */
  doubleMovesWhere: 'anywhere' | 'roads and open ground';
  /** the first side's pre-game barrage (7.3.2): turn 0 falls before the first turn; none: 0 templates */
  barrage: { side: Side; templates: number; turn: number };
  /** every side's barrage: the attacker's unless --barrage says otherwise (muster's reading of 7.3.2's "players") */
  barrages: { side: Side; templates: number; turn: number }[];
  /** suppressive-fire templates a side, allotted at the start and fired in play by its artillery, without deviation (7.3.13); 0 unless allocated */
  suppressive: Record<Side, number>;
  /** divisional artillery templates a side may call a turn through an HQ (7.3.11); 0 unless allocated */
  divisional: Record<Side, number>;
  /** the defender's buildings and their defence points, each rolled within its kind's bounds (7.3.15) */
  buildings: { id: string; kind: string; name: string; dpv: number; least: number; most: number }[];
  /** the defender's guns in Fixed Defence (7.2.7), by unit name; none unless allocated */
  fixedDefence: { side: Side; guns: string[] };
  /** aircraft a side and the turns each may be on the table; none in bad weather (6.6) */
  aircraft: Record<Side, BaAircraft[]>;
  /** the defender's minefields (6.9) */
  mines: { side: Side; squares: number; dummies: number };
  /** the defender's wire, strips of 10 x 2 cm (long) and 5 x 2 cm (short) (6.8) */
  wire: { side: Side; long: number; short: number };
  /** hidden movement cards in use (6.5); always at night */
  hiddenMovement: boolean;
  hiddenDummies: Record<Side, number>;
  /** snipers each side places, hidden, before the game (7.1.8) */
  snipers: Record<Side, number>;
  /** what each side cuts out for this game */
  chits: Record<Side, BaChits>;
  forces: (BaForceResult & { side: Side; sample: boolean })[];
  rolls: RollRecord[];
}

export interface RolledScenario {
  result: BaScenarioResult;
  rosters: Record<Side, BaRoster>;
  objective: BaObjective;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The bounds of a setting from the scenario-bounds table (data load checks each is there). */
function bound(data: BlazeAwayData, ref: string): { least: number; most: number } {
  const b = data.bounds.get(ref)!;
  return { least: b.least ?? 0, most: b.most };
}

/** A chance on a die, logged: `need` or more happens. */
function chance(log: RollLog, rng: Rng, c: BaChance, purpose: string, source: Provenance, yes: string, no: string): boolean {
  return log.dice(rng, c.dice, `${purpose} (${c.need} or more on ${c.dice})`, source, (t) => (t >= c.need ? yes : no)) >= c.need;
}

function between(log: RollLog, rng: Rng, span: BaSpan | { least: number; most: number }, purpose: string, source: Provenance, decided: (v: number) => string): number {
  return log.between(rng, span.least, span.most, `${purpose} (${span.least} to ${span.most})`, source, decided);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Where a rolled scenario's values come from: the text gives a designer bounds, not a roll, so
 * every one is muster's reading, the flights it adds a reading of their own.
 */
const SCENARIO: Provenance = { reading: 'blazeaway/forces-and-scenarios' };
const AIR_SUPPORT: Provenance = { reading: 'blazeaway/air-support' };

/** A draw from a bag, with no die cast when the bag holds one. */
function pick<T>(log: RollLog, rng: Rng, bag: readonly T[], purpose: string, source: Provenance, name: (item: T) => string): T {
  return bag.length === 1 ? bag[0]! : log.draw(rng, bag, purpose, source, name);
}

/**
 * A Blaze Away! scenario as a designer sets one up within the text's bounds (9.4): the two
 * forces, edges and attacker, the objective, game length, night and weather, double moves,
 * the attacker's barrage, aircraft and their turns, the defender's mines and wire, hidden
 * movement and snipers. The text's bounds come from its scenario-bounds table; muster's own
 * choices within them from scenarios/setup.yaml. Every die is logged.
 */
export function rollScenario(data: BlazeAwayData, options: ScenarioOptions, rng: Rng, seed: string): RolledScenario {
  const log = new RollLog('blazeaway');
  const setup = data.setup;

  // forces: a player's, or drawn from the samples, side B from the other camp where it can be
  const chosen: SideForce[] = [...options.forces];
  if (!chosen[0]) chosen[0] = pick(log, rng, options.samples, `force: ${SIDE_NAMES.a}, from muster's sample forces`, SCENARIO, (f) => f.force.name);
  if (!chosen[1]) {
    const others = options.samples.filter((f) => f.force.name !== chosen[0]!.force.name);
    const foes = others.filter((f) => f.force.side !== chosen[0]!.force.side);
    const pool = foes.length > 0 ? foes : others.length > 0 ? others : options.samples;
    chosen[1] = pick(log, rng, pool, `force: ${SIDE_NAMES.b}, from muster's sample forces${foes.length > 0 ? ' of the other side' : ''}`, SCENARIO, (f) => f.force.name);
  }
  const rosters = { a: checkForce(chosen[0]!.force, data), b: checkForce(chosen[1]!.force, data) } as Record<Side, BaRoster>;
  // the sides' decks must differ in colour: side B takes another where the files name the same
  if (rosters.b.colour.name === rosters.a.colour.name) {
    const other = data.deck.deck.copies.find((c) => c.name !== rosters.a.colour.name);
    if (other) rosters.b = { ...rosters.b, colour: other };
  }

  const wide = options.table.width >= options.table.height;
  const [near, far]: [Edge, Edge] = wide ? ['north', 'south'] : ['west', 'east'];
  const edgeA = log.draw(rng, [near, far], 'edges', SCENARIO, (e) => `${SIDE_NAMES.a} from the ${e} edge, ${SIDE_NAMES.b} from the ${OPPOSITE[e]}`);
  const deployment: Record<Side, Edge> = { a: edgeA, b: OPPOSITE[edgeA] };
  const attacker: Side = log.rollOff(rng, [SIDE_NAMES.a, SIDE_NAMES.b], 'attacker', SCENARIO) === SIDE_NAMES.a ? 'a' : 'b';
  const defender: Side = attacker === 'a' ? 'b' : 'a';

  const objective = pick(log, rng, data.objectives, 'objective', SCENARIO, (o) => o.name);
  const { width: W, height: H } = options.table;
  const length = wide ? W : H;
  const depth = wide ? H : W;
  // a place measured along the defender's edge (from the attacker's left, as it looks on) and in from that edge
  const toTable = (along: number, inFromDefender: number) => {
    switch (deployment[defender]) {
      case 'south': // the attacker faces south: its left is the east
        return { x: W - along, y: H - inFromDefender };
      case 'north':
        return { x: along, y: inFromDefender };
      case 'east': // facing east, the attacker's left is the north
        return { x: W - inFromDefender, y: along };
      case 'west':
        return { x: inFromDefender, y: H - along };
    }
  };
  const alongs: number[] = [];
  if (objective.points === 1) {
    const third = log.dice(rng, '1D6', 'objective: where across the table, as the attacker looks on', SCENARIO, (t) => (t <= 2 ? 'the left third' : t <= 4 ? 'the middle' : 'the right third'));
    alongs.push(length * (third <= 2 ? 1 / 6 : third <= 4 ? 1 / 2 : 5 / 6));
  } else {
    for (let i = 0; i < objective.points; i++) alongs.push((length * (i + 0.5)) / objective.points);
  }
  const objectives = alongs.map((along, i) => {
    const p = toTable(along, depth * objective.depth);
    return { id: objective.points > 1 ? `${objective.id}-${i + 1}` : objective.id, name: objective.points > 1 ? `${objective.name}: point ${i + 1}` : objective.name, x: round1(p.x), y: round1(p.y), radius: objective.radius };
  });

  const night = chance(log, rng, setup.night, 'night', SCENARIO, 'a night game', 'a day game');
  const turns = night
    ? between(log, rng, { least: setup.nightTurnsLeast, most: bound(data, 'night-turns').most }, 'turns at night', SCENARIO, (v) => `${v} turns`)
    : between(log, rng, bound(data, 'turns'), 'turns', SCENARIO, (v) => `${v} turns`);
  const bad = chance(log, rng, setup.badWeather, 'weather', SCENARIO, 'bad weather: half moves and sight, no aircraft', 'fair weather');

  const doubleMoves = {} as Record<Side, number>;
  for (const side of SIDES) doubleMoves[side] = between(log, rng, bound(data, 'double-moves'), `double moves: ${SIDE_NAMES[side]}`, SCENARIO, (v) => plural(v, 'chit'));

  const allocations = options.allocations ?? {};
  const barrageBy = allocations.barrage ?? 'attacker';
  // the first barrage is rolled where it always was, so a packet without --barrage rolls as before
  const firstSide: Side | undefined = barrageBy === 'none' ? undefined : barrageBy === 'defender' ? defender : attacker;
  const rollBarrage = (side: Side, tag: string) => {
    const templates = between(log, rng, bound(data, 'barrage'), `barrage: ${possessive(SIDE_NAMES[side])} templates`, SCENARIO, (v) => plural(v, 'template'));
    let turn = 0;
    if (chance(log, rng, setup.barrageSetTurn, `barrage${tag}: on a set turn`, SCENARIO, 'on a set turn', 'before the first turn')) {
      const most = Math.min(setup.barrageTurn.most, turns);
      turn = between(log, rng, { least: Math.min(setup.barrageTurn.least, most), most }, `barrage${tag}: the turn it falls`, SCENARIO, (v) => `turn ${v}`);
    }
    return { side, templates, turn };
  };
  const barrages: BaScenarioResult['barrages'] = firstSide ? [rollBarrage(firstSide, '')] : [];
  const templates = barrages[0]?.templates ?? 0;
  const barrageTurn = barrages[0]?.turn ?? 0;

  const aircraft = { a: [], b: [] } as Record<Side, BaAircraft[]>;
  if (!bad) {
    const stay = bound(data, 'aircraft-turns');
    for (const side of SIDES) {
      for (const u of rosters[side].units) {
        if (u.kind !== 'aircraft' || !u.role) continue;
        for (let m = 0; m < u.models; m++) {
          const name = u.models > 1 ? `${u.unit.name} ${m + 1}` : u.unit.name;
          aircraft[side].push({ name, unit: u.unit.name, type: u.role.role, turns: between(log, rng, stay, `aircraft: ${possessive(SIDE_NAMES[side])} ${name}, turns on the table`, SCENARIO, (v) => `${v} turns`) });
        }
      }
      const support = between(log, rng, setup.airSupport, `air support: ${SIDE_NAMES[side]}, aircraft besides its own`, AIR_SUPPORT, (v) => plural(v, 'aircraft', 'aircraft'));
      for (let k = 0; k < support; k++) {
        const role = pick(log, rng, data.aircraft, `air support: ${SIDE_NAMES[side]}, aircraft ${k + 1}'s type`, AIR_SUPPORT, (r) => r.role);
        const name = `Air support ${k + 1}`;
        aircraft[side].push({ name, type: role.role, turns: between(log, rng, stay, `aircraft: ${possessive(SIDE_NAMES[side])} ${name}, turns on the table`, AIR_SUPPORT, (v) => `${v} turns`) });
      }
    }
  }

  const squares = between(log, rng, setup.mineSquares, `mines: ${possessive(SIDE_NAMES[defender])} mine squares`, SCENARIO, (v) => plural(v, 'square'));
  const dummies = squares > 0 ? between(log, rng, { least: 0, most: squares * bound(data, 'mine-dummies').most }, `mines: ${possessive(SIDE_NAMES[defender])} dummy squares`, SCENARIO, (v) => plural(v, 'dummy', 'dummies')) : 0;
  const wireLong = between(log, rng, setup.wire.long, `wire: ${possessive(SIDE_NAMES[defender])} long strips`, SCENARIO, (v) => plural(v, 'strip'));
  const wireShort = between(log, rng, setup.wire.short, `wire: ${possessive(SIDE_NAMES[defender])} short strips`, SCENARIO, (v) => plural(v, 'strip'));

  // hidden movement is always used at night (6.7); by day as the dice say
  const hidden = night || chance(log, rng, setup.hidden, 'hidden movement by day', SCENARIO, 'hidden movement cards in use', 'no hidden movement');
  const hiddenDummies = { a: 0, b: 0 } as Record<Side, number>;
  if (hidden) for (const side of SIDES) hiddenDummies[side] = between(log, rng, setup.hiddenDummies, `hidden movement: ${possessive(SIDE_NAMES[side])} dummy cards`, SCENARIO, (v) => plural(v, 'dummy', 'dummies'));

  // snipers in a force file are its stands that take no orders (7.1.8)
  const ownSnipers = (side: Side) => rosters[side].units.flatMap((u) => u.groups).filter((g) => g.type.orders === 'none').reduce((n, g) => n + g.count, 0);
  const snipers = {} as Record<Side, number>;
  for (const side of SIDES) {
    const role = side === attacker ? 'attacker' : 'defender';
    snipers[side] = ownSnipers(side) + between(log, rng, setup.snipers[role], `snipers: ${SIDE_NAMES[side]} (${role}), besides its force's own`, SCENARIO, (v) => plural(v, 'sniper'));
  }

  // zones: the attacker within a band along its edge, the defender anywhere in its half
  const band = Math.min(setup.attackerDepth, depth / 4);
  const zoneOf = (edge: Edge, d: number) => {
    switch (edge) {
      case 'north':
        return { x: 0, y: 0, w: W, h: d };
      case 'south':
        return { x: 0, y: H - d, w: W, h: d };
      case 'west':
        return { x: 0, y: 0, w: d, h: H };
      case 'east':
        return { x: W - d, y: 0, w: d, h: H };
    }
  };
  const zones = [
    { side: attacker, ...zoneOf(deployment[attacker], band), label: `${SIDE_NAMES[attacker]} (attacker) deploys here` },
    { side: defender, ...zoneOf(deployment[defender], depth / 2), label: `${SIDE_NAMES[defender]} (defender) deploys, and lays mines and wire, here` },
  ].sort((p, q) => (p.side < q.side ? -1 : 1));

  // a hidden-movement card for each stand, gun and vehicle that starts on the table; snipers
  // are marked on a map instead
  const onTable = (side: Side) => rosters[side].units.filter((u) => u.kind !== 'aircraft').reduce((n, u) => n + u.stands, 0) - ownSnipers(side);
  const chits = {} as Record<Side, BaChits>;
  for (const side of SIDES) {
    chits[side] = {
      doubleMoves: doubleMoves[side],
      hiddenCards: hidden ? onTable(side) + hiddenDummies[side] : 0,
      templates: 0,
      mineSquares: side === defender ? squares : 0,
      dummyMineSquares: side === defender ? dummies : 0,
      wireLong: side === defender ? wireLong : 0,
      wireShort: side === defender ? wireShort : 0,
    };
  }

  // the designer's other allocations, rolled after everything else so the rolls before stay as they were
  if (barrageBy === 'both') barrages.push(rollBarrage(defender, `: ${SIDE_NAMES[defender]}`));
  // the templates each side cuts out: its barrage's and its suppressive fire's
  for (const side of SIDES) chits[side].templates = barrages.filter((b) => b.side === side).reduce((n, b) => n + b.templates, 0) + (allocations.suppressive?.[side] ?? 0);
  const dpv = data.system.table('bunker-dpv');
  const buildings: BaScenarioResult['buildings'] = [];
  for (const { ref, count } of allocations.buildings ?? []) {
    const row = dpv.rows.find((r) => r['ref'] === ref)!;
    const [least, most] = String(row['dpv']).split(/[–-]/).map(Number) as [number, number];
    const kind = String(row['structure']);
    for (let k = 0; k < count; k++) {
      const name = `${kind} ${k + 1}`;
      buildings.push({ id: `${ref}-${k + 1}`, kind: ref, name, least, most, dpv: between(log, rng, { least, most }, `defence points: ${name}`, { reading: 'blazeaway/building-defence-points' }, (v) => `${v} DPV`) });
    }
  }
  const guns = allocations.fixedDefence ? rosters[defender].units.filter((u) => u.kind === 'gun').map((u) => u.unit.name) : [];

  // the terrain last of all, so a seed rolls the same game with or without it: the objective's
  // own ground laid at its points (objectives.yaml's `on`), the map type its name gives or rolled
  const terrain = rollScenarioTerrain(
    data.system,
    {
      table: options.table,
      zones: zones.map((z) => ({ x: z.x, y: z.y, w: z.w, h: z.h })),
      objectives: objectives.map((o) => ({ x: o.x, y: o.y, ...(objective.on ? { on: objective.on } : {}) })),
      ...(objective.map ? { map: objective.map } : {}),
      level: options.terrain ?? 'none',
      units: options.units ?? 'cm',
    },
    rng,
    log,
  );

  const result: BaScenarioResult = {
    system: data.system.info.id,
    seed,
    scenario: { id: objective.id, name: objective.name },
    sides: [...SIDES],
    attacker,
    defender,
    deployment,
    objectives,
    table: { ...options.table },
    zones,
    ...terrain,
    turns,
    night,
    weather: bad ? 'bad' : 'fair',
    doubleMoves,
    doubleMovesWhere: night ? 'roads and open ground' : 'anywhere',
    barrage: { side: firstSide ?? attacker, templates, turn: barrageTurn },
    barrages,
    suppressive: allocations.suppressive ?? { a: 0, b: 0 },
    divisional: allocations.divisional ?? { a: 0, b: 0 },
    buildings,
    fixedDefence: { side: defender, guns },
    aircraft,
    mines: { side: defender, squares, dummies },
    wire: { side: defender, long: wireLong, short: wireShort },
    hiddenMovement: hidden,
    hiddenDummies,
    snipers,
    chits,
    forces: SIDES.map((side, i) => ({ side, sample: chosen[i]!.sample, ...forceResult(rosters[side]) })),
    rolls: log.rolls,
  };
  return { result, rosters, objective };
}
