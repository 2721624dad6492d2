import type { SystemRules } from '../../data/load.js';
import type { Row } from '../../data/schema.js';
import type { Rng } from '../../engine/dice.js';
import type { RollRecord } from '../../engine/tables.js';
import { RollLog as Log } from '../../engine/roll-log.js';
import type { Aids } from './aids.js';
import type { Arsenal } from './arsenal.js';
import type { Detachment, Doctrine, Quality, Unit, Weapon } from './arsenal-schema.js';
import { crewUpgradeCost, unitCost } from './cost.js';
import { buildRoster, loadout, type Force, type ForceEntry, type Roster } from './force.js';
import type { GameMode } from './scenario-schema.js';
import { fitOf, type BudgetFit } from '../budget-fit.js';
import { rollScenarioTerrain, type ScenarioTerrain, type TerrainMapJson, type TerrainPieceJson } from '../scenario-terrain.js';
import type { TerrainAnchor, TerrainLevel } from '../../engine/terrain.js';
import type { MapTypeId } from '../../data/terrain-schema.js';
import { markReading, type Units } from '../../doc/model.js';
import { additionalDice, modePoints, rollsAsArmour, shareOf, soloBudget, soloFit, teamShare, versusFit } from './game-budget.js';
import { extended } from '../../vocab/extended.js';
import type { Provenance } from '../../vocab/provenance.js';

export type Edge = 'north' | 'east' | 'south' | 'west';
/** cm left between the attacker's strips and the defender's middle in the pocket modes */
export const POCKET_GAP = 10;
export const OPPOSITE: Record<Edge, Edge> = { north: 'south', south: 'north', east: 'west', west: 'east' };

export interface ScenarioOptions {
  mode: 'versus' | 'solo';
  /** a game mode id; rolled when absent */
  scenario?: string;
  /** 2, 4 or 6 for a game; a campaign of several players a side may have 3 or 5 (its `team`) */
  players: number;
  /** table size in cm */
  table: { width: number; height: number };
  /** points for Combat only */
  points: number;
  /**
   * set by a campaign instead of rolled: the attacker (or none), each side's morale and, solo,
   * the player's nation, doctrine and detachment, kept for the whole ladder
   */
  fixed?: { attacker: string | null; morale: Record<string, number>; points?: Record<string, number>; player?: FixedPlayer };
  /**
   * the players' own forces (--force), side A's first; in solo the first is the player's. A side
   * without one is rolled as before, and no die depends on them but the solo sides and nations.
   */
  rosters?: (Roster | undefined)[];
  /** the players' names (--names), keyed by side */
  names?: Record<string, string>;
  /**
   * several players a side, each with a force of his own or none (a campaign of more than two
   * players): each side's players in order. A player is priced his share of his side's points
   * (teamShare) and draws his own detachment's event cards; `rosters` is then left out.
   */
  team?: Readonly<Record<'a' | 'b', readonly TeamPlayer[]>>;
  /**
   * solo: how the enemy is set up (Setting up the enemy forces): `bags`, drawn from bags of
   * counters until the points are used (the default), or `buy`, its core units and rolled
   * additional points that the player spends for it as he sees fit
   */
  enemy?: 'bags' | 'buy';
  /** terrain laid on the map (--terrain) and the units its roll log is written in; none when absent */
  terrain?: {
    level: TerrainLevel;
    units: Units;
    /**
     * the map of a game played before, laid again with no die rolled: a campaign's game after a
     * defender's win is played on the previously played map (General Campaign Ladder)
     */
    again?: ScenarioTerrain;
  };
}

/** A player of a side of several: his name, and his own force where he brought one. */
export interface TeamPlayer {
  name: string;
  roster?: Roster;
}

/** One player's force in a side of several: what a side's force holds, his own. */
export interface PlayerForce {
  /** the player's name */
  player: string;
  points: number;
  budget: number;
  units: ForceResult['units'];
  eventCards: number;
  doctrine?: string;
  detachment?: string;
  problems?: string[];
  /** his force's name and nation, where he brought one */
  name?: string;
  nation?: string;
}

/** A solo player's army, set once for a whole campaign instead of rolled for each game. */
export interface FixedPlayer {
  nation: string;
  doctrine: string;
  detachment: string;
}

export interface Zone {
  side: string;
  /** cm from the table's north-west corner */
  x: number;
  y: number;
  w: number;
  h: number;
  label: string;
}

export interface Objective {
  id: string;
  kind: 'objective' | 'structure';
  x: number;
  y: number;
  /** capture radius in cm */
  radius: number;
}

export interface ForceResult {
  side: string;
  /** points spent (0 for a force the player builds) */
  points: number;
  budget: number;
  players: number;
  units: { unit: string; name: string; count: number; quality: Quality; weapons: string[]; points: number; sector?: string; note?: string; markers?: number[] }[];
  morale: number;
  /** Random Event & Effect cards each player of the side draws: his detachment's number */
  eventCards?: number;
  /** solo: what the side's core units cost, and the additional points rolled on top */
  core?: number;
  additional?: number;
  /** solo: `buy` where the player buys the enemy's units beyond its core as he sees fit */
  setup?: 'bags' | 'buy';
  doctrine?: string;
  detachment?: string;
  problems?: string[];
  /** a force the player brought (--force): its name and nation */
  name?: string;
  nation?: string;
  /** a side of several players, each with his own force or none: each player's, in order (`points` their sum, `budget` each one's) */
  team?: PlayerForce[];
}

export interface ScenarioResult {
  system: string;
  seed: string;
  mode: 'versus' | 'solo';
  scenario: { id: string; name: string; soloName?: string };
  sides: string[];
  attacker: string | null;
  defender: string | null;
  deployment: Record<string, string>;
  objectives: Objective[];
  forces: ForceResult[];
  scoreLimit: number;
  turns: number;
  players: number;
  table: { width: number; height: number };
  zones: Zone[];
  road?: { x: number; y: number; w: number; h: number };
  corridor?: Edge;
  /** one draw for each player: `player` counts the players of a side from 1 where it has several */
  events: { side: string; player?: number; cards: { id: string; title: string }[] }[];
  /** `campaign`: a game of a solo campaign, whose enemy plays its event cards from turn 1 (Random event & effect cards in campaigns) */
  solo?: { enemySide: string; playerSide: string; enemyNation: string; playerNation: string; doctrine: string; map: string; campaign?: boolean };
  /** the players' names (--names), keyed by side */
  names?: Record<string, string>;
  /**
   * two-player games: the side that places the first unit, and why: it rolled the deployment
   * sector (Deployment), or, where nobody rolls one (the pocket modes), it won Game setup's roll-off
   */
  placement?: { first: string; by: 'deployment' | 'roll-off' };
  /** the terrain laid on the table (docs/design.md, Scenario JSON), and how */
  terrain: TerrainPieceJson[];
  terrainMap?: TerrainMapJson;
  rolls: RollRecord[];
  /** each force the players brought (rosters), in the order given, against its side's budget in this game */
  fits?: BudgetFit[];
}

/** A player's own force as a side's force: every line of its roster, priced as the roster prices it. */
function givenForce(side: string, roster: Roster, budget: number, players: number, morale: number): ForceResult {
  return {
    side,
    points: roster.points,
    budget,
    players,
    units: roster.lines.map((line) => ({ unit: line.unit.id, name: line.label, count: line.count, quality: line.quality, weapons: line.weapons, points: line.total })),
    morale,
    doctrine: roster.force.doctrine,
    detachment: roster.force.detachment,
    problems: roster.problems.map((p) => `${p.where} (${p.rule}): ${p.message}`),
    name: roster.force.name,
    nation: roster.force.nation,
  };
}

export interface ScenarioContext {
  system: SystemRules;
  arsenal: Arsenal;
  aids: Aids;
  modes: readonly GameMode[];
}

/** The table muster sets up where the text leaves it open (the mode, objectives, structures): one reading. */
const TABLE_SET_UP: Provenance = { reading: 'bof/table-set-up' };
/** The solo procedure for the enemy's bags and crews (Setting up the enemy forces). */
const ENEMY_FORCES: Provenance = { section: 'Setting up the enemy forces' };

function ref(row: Row): string {
  const value = row['ref'];
  if (typeof value !== 'string') throw new Error('a row without a ref');
  return value;
}

/**
 * Rolls D6 for each side until one is higher; the higher attacks: as the mode's section says
 * (its reading where the section names roles but no roll), or the solo list (Play random sides &
 * scenarios).
 */
function rollAttacker(rng: Rng, log: Log, sides: [string, string], source: Provenance): string {
  return log.rollOff(rng, sides, 'attacker', source);
}

/** Where a two-player mode's attacker roll comes from. */
function attackerSource(system: SystemRules, mode: GameMode): Provenance {
  if (mode.rolesReadingId === undefined) return { section: mode.section };
  const reading = system.reading(mode.rolesReadingId);
  return { reading: `${reading.system}/${reading.id}` };
}

/** In a campaign the ladder, not a die, says who attacks (or that nobody does yet). */
function fixedAttacker(attacker: string | null, sides: [string, string]): string | null {
  return attacker && sides.includes(attacker) ? attacker : null;
}

function rollMorale(rng: Rng, log: Log, system: SystemRules, side: string): number {
  return Number(log.table(rng, system.table('force-morale'), `force morale: ${side}`)['morale']);
}

/** Deployment zones, objectives and the road, from the mode and the rolled edges. */
function layoutTable(
  mode: GameMode,
  table: { width: number; height: number },
  deployment: Record<string, string>,
  attacker: string | null,
  defender: string | null,
  rng: Rng,
  log: Log,
): { zones: Zone[]; objectives: Objective[]; road?: ScenarioResult['road'] } {
  const { width: W, height: H } = table;
  const zones: Zone[] = [];
  const edgeZone = (side: string, edge: Edge, depth: number, label: string): Zone => {
    switch (edge) {
      case 'north':
        return { side, x: 0, y: 0, w: W, h: depth, label };
      case 'south':
        return { side, x: 0, y: H - depth, w: W, h: depth, label };
      case 'west':
        return { side, x: 0, y: 0, w: depth, h: H, label };
      case 'east':
        return { side, x: W - depth, y: 0, w: depth, h: H, label };
    }
  };
  if (mode.deployment === 'edges') {
    // infantry up to 50 cm in; on a short table the zones shrink to leave 20 cm between them
    for (const [side, edge] of Object.entries(deployment)) {
      const across = edge === 'north' || edge === 'south' ? H : W;
      const depth = Math.min(50, (across - 20) / 2);
      zones.push(edgeZone(side, edge as Edge, depth, `${side}: infantry within ${depth} cm; vehicles on the edge`));
    }
  } else {
    const centre = Math.min(40, W / 3, H / 3);
    zones.push({ side: defender!, x: (W - centre) / 2, y: (H - centre) / 2, w: centre, h: centre, label: `${defender}: starts in the middle` });
    const edges: Edge[] = ['north', 'east', 'south', 'west'];
    const open = deployment['corridor'] as Edge | undefined;
    // the text's 50 cm where it fits round the defender's middle; else as deep as leaves
    // POCKET_GAP between them (muster's reading, said on the map)
    const depth = Math.min(50, Math.floor((Math.min(W, H) - centre) / 2 - POCKET_GAP));
    for (const edge of edges) {
      if (edge === open) continue;
      zones.push(edgeZone(attacker!, edge, depth, `${attacker}: infantry within ${depth} cm of the ${edge} edge`));
    }
  }

  const objectives: Objective[] = [];
  const across = (deployment[Object.keys(deployment)[0]!] === 'east' || deployment[Object.keys(deployment)[0]!] === 'west') ? 'vertical' : 'horizontal';
  if (mode.objectives === 'middle' || mode.objectives === 'structures') {
    // how many and where: the text says "one or more" in the middle, and gives no number of
    // structures; the 1D3 and the even spacing across the middle are muster's, marked
    const count = mode.objectives === 'middle'
      ? log.dice(rng, '1D3', 'objectives in the middle', TABLE_SET_UP, (t) => `${t} objective${t === 1 ? '' : 's'}`)
      : 1 + log.dice(rng, '1D3', 'vital structures', TABLE_SET_UP, (t) => `${t + 1} structures`);
    for (let i = 0; i < count; i++) {
      const along = ((i + 1) / (count + 1));
      const x = across === 'horizontal' ? W * along : W / 2;
      const y = across === 'horizontal' ? H / 2 : H * along;
      objectives.push({ id: `${mode.objectives === 'middle' ? 'objective' : 'structure'}-${i + 1}`, kind: mode.objectives === 'middle' ? 'objective' : 'structure', x: round1(x), y: round1(y), radius: 10 });
    }
  }
  let road: ScenarioResult['road'];
  if (mode.feature === 'supply-road') {
    // the road runs between the two edges through the middle; the space to clear is 15 cm each side
    road = across === 'horizontal' ? { x: W / 2 - 15, y: 0, w: 30, h: H } : { x: 0, y: H / 2 - 15, w: W, h: 30 };
  }
  return { zones, objectives, road };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function findMode(modes: readonly GameMode[], id: string): GameMode {
  const mode = modes.find((m) => m.id === id);
  if (!mode) throw new Error(`unknown game mode "${id}"`);
  return mode;
}

/**
 * Random Event & Effect cards a player of a detachment draws. A side whose detachment the packet
 * does not know (no force file) draws one, the number most detachments give: muster's reading,
 * said on the packet, where a detachment that draws more takes the rest from the deck.
 */
function eventCardsOf(arsenal: Arsenal, detachment: string | undefined): number {
  return (detachment ? arsenal.detachments.get(detachment)?.detachment.eventCards : undefined) ?? 1;
}

/** Draws event cards for a player without putting any back (a seeded shuffle of the deck). */
function drawEvents(rng: Rng, log: Log, aids: Aids, side: string, count: number, taken: Set<string>, player?: number) {
  const cards: { id: string; title: string }[] = [];
  const who = player === undefined ? side : `${side}, player ${player}`;
  for (let i = 0; i < count; i++) {
    const bag = aids.events.filter((e) => !taken.has(e.id));
    if (bag.length === 0) break;
    const card = log.draw(rng, bag, `event card: ${who}`, { reading: 'bof/event-cards' }, (e) => e.title);
    taken.add(card.id);
    cards.push({ id: card.id, title: card.title });
  }
  return { side, ...(player === undefined ? {} : { player }), cards };
}

/** A two-player scenario: every roll of Game setup, Deployment and the chosen mode. */
export function rollVersusScenario(ctx: ScenarioContext, options: ScenarioOptions, rng: Rng, seed: string): ScenarioResult {
  const log = new Log('bof');
  const mode = options.scenario
    ? findMode(ctx.modes, options.scenario)
    : // the text gives no roll for a mode (Game setup: choose one): the 1D9 is muster's
      log.draw(rng, ctx.modes, 'game mode', TABLE_SET_UP, (m) => m.name);
  const sides: [string, string] = ['a', 'b'];
  const attacker = options.fixed ? fixedAttacker(options.fixed.attacker, sides) : mode.roles === 'roll' ? rollAttacker(rng, log, sides, attackerSource(ctx.system, mode)) : null;
  const defender = attacker ? (attacker === 'a' ? 'b' : 'a') : null;

  const { deployment, corridor, zones, objectives, road } = rollDeployment(ctx.system, mode, options, sides, attacker, defender, 'deployment-sector', rng, log);

  const forces: ForceResult[] = sides.map((side, i) => {
    const base = modePoints(mode, attacker ? (side === attacker ? 'attacker' : 'defender') : (i as 0 | 1), options.points);
    const team = options.team?.[side as 'a' | 'b'];
    const budget = team ? teamShare(base, team.length, options.team![side === 'a' ? 'b' : 'a'].length) : shareOf(base, options.players);
    const morale = options.fixed?.morale[side] ?? rollMorale(rng, log, ctx.system, side);
    if (team) return teamForce(ctx.arsenal, side, team, budget, morale);
    const roster = options.rosters?.[i];
    const eventCards = eventCardsOf(ctx.arsenal, roster?.force.detachment);
    if (roster) return { ...givenForce(side, roster, budget, options.players / 2, morale), eventCards };
    return { side, points: 0, budget, players: options.players / 2, units: [], morale, eventCards };
  });
  // every player draws his detachment's number (Random Event & Effect Cards); a side's force
  // file stands for each of its players
  const taken = new Set<string>();
  const events = forces.flatMap((force) =>
    Array.from({ length: force.players }, (_, p) => drawEvents(rng, log, ctx.aids, force.side, force.team?.[p]?.eventCards ?? force.eventCards!, taken, force.players > 1 ? p + 1 : undefined)),
  );
  // Deployment gives the first unit to the side that rolled its sector; Game setup's roll-off
  // decides where no side rolls one. Rolled last, so every roll before it stays as it was.
  const placement =
    mode.deployment === 'edges' ? { first: sides[0], by: 'deployment' as const } : { first: log.rollOff(rng, sides, 'first unit placed', { reading: 'bof/deployment-first-unit' }), by: 'roll-off' as const };
  // each force the players brought against the budget its side was given, in the order given
  const game = { mode, players: options.players, chosen: options.points };
  const fits = forces.flatMap((force, i) => {
    const role = force.side === attacker ? 'attacker' : force.side === defender ? 'defender' : null;
    if (force.team) return teamFits(mode, force, role, options.team!);
    const roster = options.rosters?.[i];
    return roster ? [versusFit(ctx.modes, game, force.side, role, roster.points, force.budget)] : [];
  });
  const terrain = layTerrainFor(ctx, options, { zones, objectives, road }, undefined, rng, log);
  return {
    system: ctx.system.info.id,
    seed,
    mode: 'versus',
    scenario: { id: mode.id, name: mode.name },
    sides,
    attacker,
    defender,
    deployment,
    objectives,
    forces,
    scoreLimit: mode.scoreLimit,
    turns: mode.turns,
    players: options.players,
    table: options.table,
    zones,
    road,
    corridor,
    events,
    ...(options.names ? { names: options.names } : {}),
    placement,
    ...terrain,
    rolls: log.rolls,
    ...(fits.length > 0 ? { fits } : {}),
  };
}

/**
 * A side of several players: each player's own force priced against his share, or his share
 * alone where he brought none; his detachment's event cards (one where it is not known).
 */
function teamForce(arsenal: Arsenal, side: string, team: readonly TeamPlayer[], budget: number, morale: number): ForceResult {
  const each: PlayerForce[] = team.map((p) => {
    const eventCards = eventCardsOf(arsenal, p.roster?.force.detachment);
    if (!p.roster) return { player: p.name, points: 0, budget, units: [], eventCards };
    const own = givenForce(side, p.roster, budget, 1, morale);
    return { player: p.name, points: own.points, budget, units: own.units, eventCards, doctrine: own.doctrine!, detachment: own.detachment!, problems: own.problems!, name: own.name!, nation: own.nation! };
  });
  return { side, points: each.reduce((n, p) => n + p.points, 0), budget, players: team.length, units: each.flatMap((p) => p.units), morale, eventCards: each[0]?.eventCards ?? 1, team: each };
}

/** Each player's own force of a side of several against his share of the side's points. */
function teamFits(mode: GameMode, force: ForceResult, role: 'attacker' | 'defender' | null, team: Readonly<Record<'a' | 'b', readonly TeamPlayer[]>>): BudgetFit[] {
  const sizes = `${team.a.length} against ${team.b.length} players`;
  return (force.team ?? []).flatMap((p) => (p.name ? [{ ...fitOf(`${mode.name}, ${role ?? `side ${force.side.toUpperCase()}`}, ${p.player} (${sizes})`, force.side, p.points, p.budget), player: p.player }] : []));
}

/**
 * Where each side sets up (Deployment): the first side rolls its edge on `edgeTable` and the
 * other takes the opposite; in the pocket and surrounded modes the defender holds the middle
 * and, for the pocket, rolls the escape corridor.
 */
function rollDeployment(
  system: SystemRules,
  mode: GameMode,
  options: ScenarioOptions,
  sides: [string, string],
  attacker: string | null,
  defender: string | null,
  edgeTable: string,
  rng: Rng,
  log: Log,
) {
  const deployment: Record<string, string> = {};
  let corridor: Edge | undefined;
  if (mode.deployment === 'edges') {
    const edge = directionOf(log.table(rng, system.table(edgeTable), `deployment edge: ${sides[0]}`));
    deployment[sides[0]] = edge;
    deployment[sides[1]] = OPPOSITE[edge];
  } else {
    deployment[defender!] = 'middle';
    deployment[attacker!] = 'edges';
    if (mode.feature === 'escape-corridor') {
      corridor = directionOf(log.table(rng, system.table('escape-corridor'), `escape corridor: ${defender}`));
    }
  }
  const { zones, objectives, road } = layoutTable(mode, options.table, { ...deployment, ...(corridor ? { corridor } : {}) }, attacker, defender, rng, log);
  return { deployment, corridor, zones, objectives, road };
}

function directionOf(row: Row): Edge {
  return String(row['direction'] ?? row['sector'] ?? row['edge']).toLowerCase() as Edge;
}

// ---------------------------------------------------------------- solo

/** Mobile Reconnaissance rolls and draws as an armour doctrine: muster's reading (the solo text names only armour), marked where its name prints. */
export const readsAsArmour = (doctrine: Pick<Doctrine, 'kind'>) => doctrine.kind === 'mobile-reconnaissance';

/**
 * Support and airborne doctrines roll and draw as infantry: muster's reading (the solo text names
 * only infantry or cavalry and armour doctrines), marked where its name prints.
 */
export const readsAsInfantry = (doctrine: Pick<Doctrine, 'kind'>) => doctrine.kind === 'support' || doctrine.kind === 'paratroopers';

/**
 * A fully rolled solo game (Playing Burst of Fire solo): sides, nations, the enemy doctrine,
 * map, scenario, roles, edges, the enemy force bought by the text's procedure and placed by
 * sector, events and morale.
 */
export function rollSoloScenario(ctx: ScenarioContext, options: ScenarioOptions, rng: Rng, seed: string): ScenarioResult {
  const log = new Log('bof');
  const { system, arsenal } = ctx;
  // a player who brings a force has chosen a side and a nation: the enemy fights the other side
  // (a German force meets a rolled Allied nation, an Allied force the Germans), and those rolls
  // are not made
  const own = options.rosters?.[0];
  // a campaign keeps the player's army from game to game, as a force file does: those rolls are not made either
  const kept = own ? undefined : options.fixed?.player;
  const ownNation = own?.force.nation ?? kept?.nation;
  const ownSide = ownNation ? (ownNation === 'de' ? 'axis' : 'allies') : undefined;
  const enemySide = ownSide ? (ownSide === 'axis' ? 'allies' : 'axis') : ref(log.table(rng, system.table('solo-side'), 'enemy side'));
  const playerSide = enemySide === 'axis' ? 'allies' : 'axis';
  // the Allied split is muster's (its table's note): the nation rolled prints with the mark
  const nationFor = (side: string, who: string) =>
    side === 'axis' ? 'de' : ref(log.table(rng, system.table('solo-allied-nation'), `${who} nation`, (row) => String(row['nation'])));
  const enemyNation = nationFor(enemySide, 'enemy');
  const playerNation = ownNation ?? nationFor(playerSide, 'player');
  const rollDoctrine = (nationId: string, who: string) => {
    const nation = arsenal.nations.get(nationId)!;
    // a nation whose roll is muster's, not the text's example, rolls by its reading
    const source: Provenance = nation.doctrineRollReading ? { reading: 'bof/solo-nations-and-doctrines' } : { section: 'Play random sides & scenarios' };
    const face = log.dice(rng, '1D6', `${who} doctrine`, source, (t) => arsenal.doctrines.get(nation.doctrineRoll.find((r) => r.roll.includes(t))!.doctrine)!.name);
    const doctrine = arsenal.doctrines.get(nation.doctrineRoll.find((r) => r.roll.includes(face))!.doctrine)!;
    return { doctrine, detachment: doctrine.detachments[0]! };
  };
  const { doctrine, detachment } = rollDoctrine(enemyNation, 'enemy');
  // "Roll D6 for Doctrines" stands with the side and nation rolls, which are made for both
  // sides: the player's doctrine is rolled too, unless he brings a force of his own
  const yours = own ? arsenal.detachments.get(own.force.detachment) : kept ? keptArmy(arsenal, kept) : rollDoctrine(playerNation, 'player');
  const map = ref(log.table(rng, system.table('solo-map'), 'map design'));
  let mode: GameMode;
  let soloName: string | undefined;
  if (options.scenario) {
    mode = findMode(ctx.modes, options.scenario);
  } else {
    const row = log.table(rng, system.table('solo-scenario'), 'scenario');
    mode = findMode(ctx.modes, ref(row));
    soloName = String(row['scenario']);
  }
  const sides: [string, string] = ['player', 'enemy'];
  const attacker = options.fixed ? fixedAttacker(options.fixed.attacker, sides) : mode.roles === 'roll' ? rollAttacker(rng, log, sides, { section: 'Play random sides & scenarios' }) : null;
  const defender = attacker ? (attacker === 'player' ? 'enemy' : 'player') : null;

  const budgetOf = (side: string) => modePoints(mode, attacker ? (side === attacker ? 'attacker' : 'defender') : 0, options.points);
  // Setting up your forces in solo play: the core force, then the additional points rolled
  const yourCore = yours ? coreRoster(arsenal, yours.doctrine, yours.detachment, undefined) : undefined;
  const yourExtra = rollAdditional(rng, log, yours?.doctrine, 'your additional points');
  const playerBudget = soloBudget(yourCore?.points ?? 0, yourExtra, budgetOf('player'));

  const { deployment, corridor, zones, objectives, road } = rollDeployment(system, mode, options, sides, attacker, defender, 'solo-deployment', rng, log);

  // Setting up the enemy forces: drawn from the bags, or (the text's other way) its core units
  // and rolled additional points that the player spends for it as he sees fit
  const buy = options.enemy === 'buy';
  const enemyCore = buy ? coreRoster(arsenal, doctrine, detachment, detachment.qualities[0]!) : undefined;
  const enemyExtra = buy ? rollAdditional(rng, log, doctrine, 'enemy additional points') : undefined;
  const enemy = enemyCore ?? buyEnemyForce(ctx, doctrine, detachment, budgetOf('enemy'), rng, log);
  const placed = placeEnemy(enemy, rng, log, system);
  const enemyMorale = options.fixed?.morale['enemy'] ?? rollMorale(rng, log, system, 'enemy');
  const playerMorale = options.fixed?.morale['player'] ?? rollMorale(rng, log, system, 'player');
  const taken = new Set<string>();
  const yourCards = yours?.detachment.eventCards ?? 1;
  const events = [
    drawEvents(rng, log, ctx.aids, 'player', yourCards, taken),
    drawEvents(rng, log, ctx.aids, 'enemy', detachment.eventCards, taken),
  ];
  const yourPart = { core: yourCore?.points ?? 0, additional: yourExtra, eventCards: yourCards };
  const forces: ForceResult[] = [
    own
      ? { ...givenForce('player', own, playerBudget, 1, playerMorale), ...yourPart }
      : {
          side: 'player',
          points: yourCore?.points ?? 0,
          budget: playerBudget,
          players: 1,
          units: (yourCore?.lines ?? []).map((line) => ({ unit: line.unit.id, name: line.label, count: line.count, quality: line.quality, weapons: line.weapons, points: line.total })),
          morale: playerMorale,
          ...(yours ? { doctrine: yours.doctrine.id, detachment: yours.detachment.id } : {}),
          ...yourPart,
        },
    {
      side: 'enemy',
      points: enemy.points,
      budget: enemyCore ? soloBudget(enemyCore.points, enemyExtra!, budgetOf('enemy')) : budgetOf('enemy'),
      players: 1,
      units: placed,
      morale: enemyMorale,
      doctrine: doctrine.id,
      detachment: detachment.id,
      problems: enemy.problems.filter((p) => !(enemyCore && p.rule === 'points')).map((p) => `${p.where} (${p.rule}): ${p.message}`),
      eventCards: detachment.eventCards,
      ...(enemyCore ? { core: enemyCore.points, additional: enemyExtra } : {}),
      setup: buy ? 'buy' : 'bags',
    },
  ];
  return {
    system: system.info.id,
    seed,
    mode: 'solo',
    scenario: { id: mode.id, name: mode.name, ...(soloName && soloName !== mode.name ? { soloName } : {}) },
    sides,
    attacker,
    defender,
    deployment,
    objectives,
    forces,
    scoreLimit: mode.scoreLimit,
    turns: mode.turns,
    players: 1,
    table: options.table,
    zones,
    road,
    corridor,
    events,
    solo: { enemySide, playerSide, enemyNation, playerNation, doctrine: doctrine.id, map, ...(options.fixed ? { campaign: true } : {}) },
    ...(options.names ? { names: options.names } : {}),
    ...layTerrainFor(ctx, options, { zones, objectives, road }, SOLO_MAP_TYPES[map], rng, log),
    rolls: log.rolls,
    // the player's own force against his core and rolled points: the enemy is set up by its
    // own dice whatever he brings, so a force bigger than his budget is his to cut
    ...(own ? { fits: [soloFit(mode, attacker ? (attacker === 'player' ? 'attacker' : 'defender') : null, yourCore?.points ?? 0, yourExtra, own.points, playerBudget)] } : {}),
  };
}

/**
 * The map types of the solo map roll (Map design): city and rural as they are; "mix of both"
 * is laid as a village, a reading the terrain list marks with the rest of muster's terrain.
 */
const SOLO_MAP_TYPES: Readonly<Record<string, MapTypeId>> = { city: 'city', rural: 'rural', mix: 'village' };

/**
 * What a vital structure of Delay the enemy advance stands in: the text names a bridge, a
 * crossroads and a building; muster gives the structures one of each in turn (its reading).
 */
export const STRUCTURE_TERRAIN: readonly TerrainAnchor[] = ['bridge', 'crossroads', 'building'];

/**
 * The table's terrain, rolled after every other die of the scenario so a seed rolls the same
 * game with or without it: the supply road laid along its road, vital structures in what they are.
 */
function layTerrainFor(
  ctx: ScenarioContext,
  options: ScenarioOptions,
  laid: { zones: readonly Zone[]; objectives: readonly Objective[]; road: ScenarioResult['road'] },
  map: MapTypeId | undefined,
  rng: Rng,
  log: Log,
): ScenarioTerrain {
  // the pieces stand where they stood; what the last game laid for its own objectives is plain terrain now
  if (options.terrain?.again) return { ...options.terrain.again, terrain: options.terrain.again.terrain.map(({ objective: _laidFor, ...piece }) => piece) };
  const { width: W, height: H } = options.table;
  const road = laid.road;
  const fixed = road
    ? [{ look: 'road' as const, points: road.h > road.w ? ([[road.x + road.w / 2, 0], [road.x + road.w / 2, H]] as const) : ([[0, road.y + road.h / 2], [W, road.y + road.h / 2]] as const) }]
    : undefined;
  let structure = 0;
  return rollScenarioTerrain(
    ctx.system,
    {
      table: options.table,
      zones: laid.zones,
      objectives: laid.objectives.map((o) => ({ x: o.x, y: o.y, ...(o.kind === 'structure' ? { on: STRUCTURE_TERRAIN[structure++ % STRUCTURE_TERRAIN.length]! } : {}) })),
      ...(fixed ? { fixed } : {}),
      ...(map ? { map } : {}),
      level: options.terrain?.level ?? 'none',
      units: options.terrain?.units ?? 'cm',
      // the text gives 10 cm as 4 in: its tables and distances convert at 2.5
      inch: 2.5,
    },
    rng,
    log,
  );
}

/** The campaign's player army: its doctrine and detachment, as the arsenal has them. */
function keptArmy(arsenal: Arsenal, kept: FixedPlayer): { doctrine: Doctrine; detachment: Detachment } | undefined {
  const found = arsenal.detachments.get(kept.detachment);
  return found && found.doctrine.id === kept.doctrine ? found : undefined;
}

/** A detachment's core units as a roster; soldiers and crews at `quality`, else the roster's defaults. */
export function coreRoster(arsenal: Arsenal, doctrine: Doctrine, detachment: Detachment, quality: Quality | undefined): Roster {
  const units: ForceEntry[] = detachment.core.map((core) => ({ unit: core.unit, count: core.count, quality: core.quality ?? quality, weapons: [] }));
  return buildRoster({ name: `Core of ${detachment.name}`, nation: doctrine.nation, doctrine: doctrine.id, detachment: detachment.id, points: 1, units }, arsenal);
}

/** A solo side's additional points, rolled with the dice `additionalDice` gives its doctrine. */
function rollAdditional(rng: Rng, log: Log, doctrine: Doctrine | undefined, purpose: string): number {
  const { dice, parts } = additionalDice(doctrine);
  // the text names no dice for them: muster's reading, marked
  return log.dice(rng, dice, purpose, { reading: 'bof/solo-setup' }, (t) => `${t} additional points (the solo bags' dice together: ${parts})`);
}

/**
 * Buys the enemy force by the solo procedure: core units, then soldiers, weapon upgrades,
 * support weapons or vehicles and crew upgrades, each from a bag of counters drawn at random
 * until nothing left in it fits its points (or the scenario's budget).
 */
function buyEnemyForce(ctx: ScenarioContext, doctrine: Doctrine, detachment: Detachment, budget: number, rng: Rng, log: Log): Roster {
  const { arsenal } = ctx;
  // crews come as conscripts where the detachment has them, else at its lowest level
  const lowest: Quality = detachment.qualities[0]!;
  const buying = new EnemyPurchase(arsenal, doctrine, detachment, budget, lowest);
  const { entries } = buying;
  for (const core of detachment.core) entries.push({ unit: core.unit, count: core.count, quality: core.quality ?? lowest, weapons: [] });
  const armourLike = rollsAsArmour(doctrine);

  // soldiers: 3D6 for infantry-like doctrines, 2D6 for armour (solo: Setting up the enemy forces)
  const infantryBag = detachment.options
    .map((id) => arsenal.units.get(id)!)
    .filter((u) => u.type === 'infantry')
    .flatMap((u) => detachment.qualities.map((q): EnemyCounter => ({ kind: 'soldier', unit: u, quality: q })));
  buying.spend('soldiers', armourLike ? '2D6' : '3D6', infantryBag, rng, log);

  // weapon upgrades: 2D6; the best weapons go to the highest levels, spread one at a time,
  // and a bought primary weapon only ever replaces a rifle
  const weaponBag = detachment.weapons
    .map((id) => arsenal.weapons.get(id)!)
    .filter((w) => w.cost > 0)
    .map((w): EnemyCounter => ({ kind: 'weapon', weapon: w }));
  buying.spend('weapon upgrades', '2D6', weaponBag, rng, log);

  // support weapons (3D6, infantry-like) or vehicles (3D6, armour); crews come as conscripts
  const machineTypes = armourLike ? ['afv', 'transport'] : ['support-weapon', 'transport'];
  const machineBag = detachment.options
    .map((id) => arsenal.units.get(id)!)
    .filter((u) => machineTypes.includes(u.type))
    .map((u): EnemyCounter => ({ kind: 'machine', unit: u }));
  buying.spend(armourLike ? 'vehicles' : 'support weapons', '3D6', machineBag, rng, log);

  // crew upgrades: 1D6 counters at most, the most valuable crewed unit first
  const upgrades = log.dice(rng, '1D6', 'crew upgrades', ENEMY_FORCES, (t) => `up to ${t} crew upgrades`);
  const counters = detachment.qualities.filter((q) => q !== lowest);
  for (let n = 0; n < upgrades && counters.length > 0; n++) {
    const quality = log.draw(rng, counters, 'crew upgrade: draw', ENEMY_FORCES, (q) => q);
    const crewed = entries
      .map((e, i) => ({ e, i, u: arsenal.units.get(e.unit)! }))
      .filter(({ e, u }) => u.crew !== undefined && u.type !== 'infantry' && (e.quality ?? lowest) === lowest)
      .sort((a, b) => unitCost(b.u, arsenal.weapons).cost - unitCost(a.u, arsenal.weapons).cost || a.i - b.i);
    const target = crewed[0];
    if (!target) break;
    const extra = (crewUpgradeCost(target.u, quality) - crewUpgradeCost(target.u, lowest)) * target.e.count;
    if (buying.spent() + extra > budget) break;
    entries[target.i] = { ...target.e, quality };
  }
  return buildRoster(buying.force(), arsenal);
}

/** A counter in one of the solo bags, and what it buys. */
type EnemyCounter = { kind: 'soldier'; unit: Unit; quality: Quality } | { kind: 'weapon'; weapon: Weapon } | { kind: 'machine'; unit: Unit };

/** How a drawn counter ends: bought, set aside as it does not fit, or set aside as nobody can take it. */
type DrawOutcome = 'buy' | 'misfit' | 'aside';

const QUALITY_RANK: Record<Quality, number> = { elite: 0, regular: 1, conscript: 2 };

/**
 * The enemy force as its bags are drawn: the entries bought so far and what each counter
 * costs, whether anyone can take it and what it adds. Methods, not closures made for each
 * force: V8 keeps a closure's optimised code only while some instance of it lives, so under a
 * small heap each full collection threw theirs away and they were compiled again every few
 * packets (issue 30).
 */
class EnemyPurchase {
  readonly entries: ForceEntry[] = [];
  /** the last drawn counter's outcome, worked out as its draw is logged */
  private drawn: DrawOutcome = 'buy';

  constructor(
    private readonly arsenal: Arsenal,
    private readonly doctrine: Doctrine,
    private readonly detachment: Detachment,
    private readonly budget: number,
    private readonly lowest: Quality,
  ) {}

  force(): Force {
    const { doctrine, detachment } = this;
    return { name: `Enemy ${doctrine.name}`, nation: doctrine.nation, doctrine: doctrine.id, detachment: detachment.id, points: this.budget, units: this.entries };
  }

  spent(): number {
    return buildRoster(this.force(), this.arsenal).points;
  }

  /**
   * Draws from a bag with points rolled on `dice` until the points are used up (Setting up the
   * enemy forces; reading solo-bag-end, docs/readings.md): a drawn counter that does not fit the points left, or the
   * scenario's budget, is set aside and the drawing goes on, as is one nobody can take (muster's
   * reading); the bag ends when nothing left in it fits, without a draw.
   */
  spend(label: string, dice: string, counters: readonly EnemyCounter[], rng: Rng, log: Log): void {
    let pool = log.dice(rng, dice, `${label}: points`, ENEMY_FORCES, (t) => `${t} points for ${label}`);
    const bag = [...counters];
    for (;;) {
      const spent = this.spent();
      if (!bag.some((c) => this.fits(c, pool, spent))) break;
      // the drawing goes on past a counter that does not fit: muster's reading of "until points used"
      const pick = log.draw(rng, bag, `${label}: draw`, { reading: 'bof/solo-bag-end' }, this.describeDraw.bind(this, pool, spent));
      if (this.drawn !== 'buy') {
        bag.splice(bag.indexOf(pick), 1);
        continue;
      }
      const cost = this.cost(pick);
      const entry = this.add(pick);
      if (entry) this.entries.push(entry);
      pool -= cost;
    }
  }

  /** Whether a counter fits the bag's points left and the scenario's budget. */
  private fits(c: EnemyCounter, pool: number, spent: number): boolean {
    const cost = this.cost(c);
    return cost <= pool && spent + cost <= this.budget;
  }

  /** The log's words for a drawn counter; its outcome is kept for the draw to act on. */
  private describeDraw(pool: number, spent: number, b: EnemyCounter): string {
    const cost = this.cost(b);
    const outcome: DrawOutcome = !this.fits(b, pool, spent) ? 'misfit' : !this.usable(b) ? 'aside' : 'buy';
    this.drawn = outcome;
    const name = this.label(b);
    const pts = `${cost} ${cost === 1 ? 'point' : 'points'}`;
    return outcome === 'buy' ? `${name} (${pts})` : outcome === 'misfit' ? `${name} (${pts}): does not fit, set aside` : markReading(`${name}: nobody can carry it, set aside unpaid`, 'bof/solo-bags');
  }

  private label(c: EnemyCounter): string {
    return c.kind === 'soldier' ? `${c.unit.name} (${c.quality})` : c.kind === 'weapon' ? c.weapon.name : c.unit.name;
  }

  private cost(c: EnemyCounter): number {
    const { arsenal, lowest } = this;
    if (c.kind === 'soldier') return unitCost(c.unit, arsenal.weapons, c.quality).cost;
    if (c.kind === 'weapon') return c.weapon.cost;
    return unitCost(c.unit, arsenal.weapons, lowest).cost + crewUpgradeCost(c.unit, lowest);
  }

  /** Whether anyone can take it: only a weapon can find nobody. */
  private usable(c: EnemyCounter): boolean {
    return c.kind !== 'weapon' || this.entries.some((e) => this.takesWeapon(e, c.weapon));
  }

  /** A soldier takes a weapon he does not carry yet, and a primary one only in place of a rifle. */
  private takesWeapon(e: ForceEntry, w: Weapon): boolean {
    const { arsenal } = this;
    const unit = arsenal.units.get(e.unit)!;
    if (unit.type !== 'infantry') return false;
    const carried = loadout(unit.weapons, e.weapons, arsenal);
    return !carried.includes(w.id) && (w.slot === 'side' || carried.some((id) => arsenal.weapons.get(id)?.kind === 'rifle'));
  }

  /** What a bought counter adds: a new entry, or a weapon given to a soldier (the entries changed in place). */
  private add(c: EnemyCounter): ForceEntry | undefined {
    if (c.kind === 'soldier') return { unit: c.unit.id, count: 1, quality: c.quality, weapons: [] };
    if (c.kind === 'machine') return { unit: c.unit.id, count: 1, quality: this.lowest, weapons: [] };
    this.giveWeapon(c.weapon);
    return undefined;
  }

  /** The best weapons go to the highest levels, spread one at a time. */
  private giveWeapon(w: Weapon): void {
    const { entries } = this;
    const rank = (e: ForceEntry) => QUALITY_RANK[e.quality ?? 'regular'];
    let candidates = entries
      .map((e, i) => ({ e, i }))
      .filter(({ e }) => e.count === 1 && this.takesWeapon(e, w))
      .sort((a, b) => rank(a.e) - rank(b.e) || a.e.weapons.length - b.e.weapons.length || a.i - b.i);
    const best = candidates[0];
    const group = entries
      .map((e, i) => ({ e, i }))
      .filter(({ e }) => e.count > 1 && this.takesWeapon(e, w))
      .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)[0];
    // take a fresh man from a group when every single soldier already carries something
    if (group && (!best || best.e.weapons.length > 0) && (!best || rank(group.e) <= rank(best.e))) {
      entries[group.i] = { ...group.e, count: group.e.count - 1 };
      entries.push({ ...group.e, count: 1, weapons: [] });
      candidates = [{ e: entries[entries.length - 1]!, i: entries.length - 1 }];
    }
    const target = candidates[0];
    if (target) entries[target.i] = { ...target.e, weapons: [...target.e.weapons, w.id] };
  }
}

/**
 * Places the enemy by sector (Placing the enemy forces on the board): a D6 for each unit, and
 * each soldier, gun and vehicle is a unit. AFVs, transports with their passengers, support
 * weapons (AA and AT in ambush, one towed), infantry by level, and the ranking officer where most
 * of his men are. Men of one roster line who land in the same sector share a line; every model on
 * the table gets a marker number, 1, 2, 3 in the order placed, which its map marker and card carry.
 * The AA or AT gun that starts towed is the most valuable one an enemy vehicle can pull (its
 * `tows` at least the gun's `towClass`; Mobility, and Units and movement: the towing vehicle has
 * to match the gun): it is hitched to
 * the first such vehicle placed and stands in its sector, without a D6 of its own. With no such
 * vehicle every AA and AT gun starts in ambush (muster's reading: the text assumes a tow).
 */
function placeEnemy(roster: Roster, rng: Rng, log: Log, system: SystemRules): ForceResult['units'] {
  const sectorTable = system.table('solo-sector');
  const order = (type: string) => ['afv', 'transport', 'support-weapon', 'squad-leader', 'infantry', 'crew', 'plane', 'ranking-officer'].indexOf(type);
  const lines = [...roster.lines].sort(
    (a, b) => order(a.unit.type) - order(b.unit.type) || QUALITY_RANK[a.quality] - QUALITY_RANK[b.quality] || b.each - a.each || a.index - b.index,
  );
  const placed: ForceResult['units'] = [];
  const counts = new Map<string, number>();
  // the vehicles placed so far, one for each model, and the one gun that starts towed
  const vehicles: { line: Roster['lines'][number]; sector: string }[] = [];
  const tow = towFor(lines);
  let hitched: { vehicle: Roster['lines'][number]; sector: string } | undefined;
  for (const line of lines) {
    const base = { unit: line.unit.id, name: line.label, count: line.count, quality: line.quality, weapons: line.weapons, points: line.total };
    if (line.unit.type === 'plane') {
      placed.push(extended(base, { sector: 'off table', note: 'parked off the table until it attacks' }));
      continue;
    }
    if (line.unit.type === 'ranking-officer') {
      const best = (['left', 'middle', 'right'] as const).reduce((a, b) => ((counts.get(b) ?? 0) > (counts.get(a) ?? 0) ? b : a), 'middle');
      placed.push(extended(base, { sector: best, note: 'placed where most of his men are' }));
      continue;
    }
    const models: { sector: string; note?: string }[] = [];
    for (let n = 0; n < line.count; n++) {
      if (tow && line === tow.gun && !hitched) {
        // hitched to its vehicle: it stands where the vehicle was placed, no D6 of its own
        const vehicle = vehicles.find((v) => v.line === tow.vehicle)!;
        hitched = { vehicle: vehicle.line, sector: vehicle.sector };
        counts.set(vehicle.sector, (counts.get(vehicle.sector) ?? 0) + 1);
        models.push({ sector: vehicle.sector, note: TOWED_NOTE });
        continue;
      }
      const sector = ref(log.table(rng, sectorTable, `sector: ${line.label}`));
      counts.set(sector, (counts.get(sector) ?? 0) + 1);
      let note: string | undefined;
      if (line.unit.type === 'transport' && line.unit.passengers) {
        const riders = log.dice(rng, '2D6', `passengers: ${line.label}`, { section: 'Placing the enemy forces on the board' }, (t) => `${Math.min(t, line.unit.passengers!)} ride along`);
        note = `carries ${Math.min(riders, line.unit.passengers)} of the lowest-level infantry`;
      }
      if (line.unit.type === 'afv' || line.unit.type === 'transport') {
        // the first model of the towing vehicle's line pulls the gun: a line of its own
        if (tow && line === tow.vehicle && !vehicles.some((v) => v.line === line)) note = note ? `${note}; ${TOWING_NOTE}` : TOWING_NOTE;
        vehicles.push({ line, sector });
      }
      if (isAntiTankOrAir(line.unit)) note = !tow && line.unit.movement === 'towed' ? markReading('in ambush, no vehicle of its side to tow it', 'bof/towed-gun') : 'in ambush';
      models.push({ sector, ...(note ? { note } : {}) });
    }
    // one line for the men of the roster line who share a sector and a note, in the order rolled
    const groups: { sector: string; note?: string; count: number }[] = [];
    for (const m of models) {
      const same = groups.find((g) => g.sector === m.sector && g.note === m.note);
      if (same) same.count += 1;
      else groups.push(extended(m, { count: 1 }));
    }
    for (const g of groups) placed.push(extended(base, { count: g.count, points: line.each * g.count, sector: g.sector, ...(g.note ? { note: g.note } : {}) }));
  }
  let next = 1;
  // keys new to each unit are added by extended(), not after a spread (vocab/extended.ts)
  const numbered = placed.map((u) => (u.sector === 'off table' ? u : extended(u, { markers: Array.from({ length: u.count }, () => next++) })));
  // the gun and its tow name each other by marker
  const gun = numbered.find((u) => u.note === TOWED_NOTE);
  const puller = numbered.find((u) => u.note?.endsWith(TOWING_NOTE));
  if (gun && puller) {
    gun.note = markReading(`starts towed by ${puller.name} ${puller.markers![0]}, in its sector`, 'bof/towed-gun');
    puller.note = puller.note!.replace(TOWING_NOTE, `tows ${gun.name} ${gun.markers![0]}`);
  }
  return numbered;
}

const TOWED_NOTE = 'starts towed';
const TOWING_NOTE = 'tows a gun';

/** An AA or AT support weapon, which the solo enemy sets up in ambush or towed (Placing the enemy forces on the board). */
function isAntiTankOrAir(unit: Unit): boolean {
  return unit.type === 'support-weapon' && /AT|AA/.test(unit.role);
}

const TOW_RANK = { light: 1, medium: 2, heavy: 3 } as const;

/**
 * The AA or AT gun that starts towed and the vehicle line that pulls it: the first gun (most
 * valuable first, as placed) that some vehicle can pull, and the first vehicle placed that can;
 * none where no vehicle of the enemy's can pull any of them.
 */
function towFor(lines: readonly Roster['lines'][number][]): { gun: Roster['lines'][number]; vehicle: Roster['lines'][number] } | undefined {
  const pullers = lines.filter((l) => (l.unit.type === 'afv' || l.unit.type === 'transport') && l.unit.tows);
  for (const gun of lines) {
    if (!isAntiTankOrAir(gun.unit) || gun.unit.movement !== 'towed' || !gun.unit.towClass) continue;
    const vehicle = pullers.find((v) => TOW_RANK[v.unit.tows!] >= TOW_RANK[gun.unit.towClass!]);
    if (vehicle) return { gun, vehicle };
  }
  return undefined;
}
