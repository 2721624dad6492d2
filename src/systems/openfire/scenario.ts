import type { Rng } from '../../engine/dice.js';
import type { Provenance } from '../../vocab/provenance.js';
import { RollLog } from '../../engine/roll-log.js';
import type { RollRecord } from '../../engine/tables.js';
import type { RuleTable } from '../../data/schema.js';
import type { ForceProblem } from '../../data/force-file.js';
import type { BudgetFit } from '../budget-fit.js';
import type { SystemRules } from '../../data/load.js';
import type { TerrainLevel } from '../../engine/terrain.js';
import { rollScenarioTerrain, type TerrainMapJson, type TerrainPieceJson } from '../scenario-terrain.js';
import type { OfNation, OfUnit } from './schema.js';

export type Edge = 'north' | 'east' | 'south' | 'west';
const OPPOSITE: Record<Edge, Edge> = { north: 'south', south: 'north', east: 'west', west: 'east' };

/** Open Fire's one scenario (the text's Objectives): the battle every packet rolls. */
export const OBJECTIVES = { id: 'objectives', name: 'Take and hold the objectives' } as const;

export interface OfLists {
  nations: ReadonlyMap<string, OfNation>;
  units: ReadonlyMap<string, OfUnit>;
}

/** A unit of a side's force as the result lists it: the lists' unit, how many, their points. */
export interface OfForceUnit {
  unit: string;
  name: string;
  /** a given force's own name for the entry, where its file gives one */
  label?: string;
  count: number;
  points: number;
}

/** A side's force: bought from the lists by dice, or given by a player's file (--force). */
export interface OfSideForce {
  side: string;
  /** a given force's name */
  name?: string;
  nation: string;
  points: number;
  budget: number;
  units: OfForceUnit[];
  /** a given force's problems, as `muster check` words them */
  problems?: ForceProblem[];
}

/** A force a player brings to one side: its nation and units, already checked against the lists. */
export interface GivenForce {
  name: string;
  nation: string;
  units: OfForceUnit[];
  problems: ForceProblem[];
}

export interface OfScenarioResult {
  system: string;
  seed: string;
  scenario: { id: string; name: string };
  sides: string[];
  attacker: null;
  defender: null;
  deployment: Record<string, Edge>;
  /**
   * the objectives in placing order (Objectives): who places each, the sides taking turns from
   * the one the roll-off chose, and the ground it goes on; the players choose the spot, so no
   * objective has a fixed point. `radius`: the capture range, cm.
   */
  objectives: { id: string; radius: number; placedBy: string; where: 'deployment zone' | 'middle' }[];
  forces: OfSideForce[];
  table: { width: number; height: number };
  zones: { side: string; x: number; y: number; w: number; h: number; label: string }[];
  win: string;
  /** the game length: muster's reading, the text sets none */
  turns: number;
  /** minefields (--minefields; none unless asked): a counter and the ground it reaches, in cm */
  minefields: { id: string; x: number; y: number; radius: number }[];
  /** the terrain laid on the table, cm from its south-west corner; empty under --terrain none */
  terrain: TerrainPieceJson[];
  /** how the terrain was laid: its map type, density and where lines cross */
  terrainMap?: TerrainMapJson;
  rolls: RollRecord[];
  /** each force a player brought (--force) against the game's points a side, in the order given */
  fits?: BudgetFit[];
}

/** muster's settings where the text gives no number (the scenario-settings table). */
export interface OfSettings {
  turns: number;
  minefields: { least: number; most: number; usual: number };
  /** inches from the counter */
  minefieldReach: number;
}

/**
 * The dearest officer team of any nation (each side's force starts with its nation's officer
 * team, and the nation is drawn), so the least --points with which no force can go over its
 * budget; undefined when no nation has an officer team.
 */
export function minimumForce(lists: OfLists): { points: number; name: string } | undefined {
  let least: { points: number; name: string } | undefined;
  for (const nation of lists.nations.values()) {
    const officer = [...lists.units.values()].find((u) => u.nation === nation.id && u.type === 'officer');
    if (officer && (!least || officer.points > least.points)) least = { points: officer.points, name: `${officer.name} (${nation.name})` };
  }
  return least;
}

/** muster's settings, read from the scenario-settings table by each row's `ref`. */
export function settingsOf(table: RuleTable): OfSettings {
  const row = (ref: string) => {
    const r = table.rows.find((x) => x['ref'] === ref);
    // a number, or a distance cell read in inches, the text's units
    const n = (key: string) => {
      const cell = r?.[key];
      if (typeof cell === 'number') return cell;
      return cell && typeof cell === 'object' && 'in' in cell && typeof cell.in === 'number' ? cell.in : Number.NaN;
    };
    return { least: n('least'), most: n('most'), usual: n('usual') };
  };
  return { turns: row('turns').usual, minefields: row('minefields'), minefieldReach: row('minefield-reach').usual };
}

const DEPLOY_IN = 12;
const CM_PER_IN = 2.5;

export interface OfScenarioOptions {
  table: { width: number; height: number };
  points: number;
  settings: OfSettings;
  minefields?: number;
  /** a side's nation chosen by the players (--nation), by id; drawn where left out */
  nations?: { a?: string; b?: string };
  /** a side's own force (--force): its nation and units, in place of the dice's */
  given?: { a?: GivenForce; b?: GivenForce };
  /** the terrain to lay (--terrain) from the rule set's terrain tables, in the run's units for the roll log; none when left out */
  terrain?: { system: SystemRules; level: TerrainLevel; units: 'cm' | 'in' };
}

/**
 * An Open Fire battle (Deployment; Objectives): each side an edge and a zone 12 in deep, a D6
 * of objectives the players place in turn from the side that wins a roll-off (first in the
 * deployment zones, then the middle), and forces bought to the points from the sample lists:
 * the officer, then seeded draws, a unit that does not fit set aside, until nothing left fits. A side the players gave a force or a nation takes it and rolls nothing for it.
 * A drawn nation never meets itself: a side that draws the other side's nation draws again
 * among the rest, so only the players can set a nation against itself.
 */
export function rollOpenFireScenario(lists: OfLists, options: OfScenarioOptions, rng: Rng, seed: string): OfScenarioResult {
  const log = new RollLog('openfire');
  const die = (dice: string, purpose: string, source: Provenance, decided: (t: number) => string) => log.dice(rng, dice, purpose, source, decided);
  const draw = <T>(bag: readonly T[], purpose: string, source: Provenance, name: (t: T) => string): T => log.draw(rng, bag, purpose, source, name);

  // the text gives each player an edge without saying which: a D6 picks the axis
  const axis = die('1D6', 'deployment edges', { reading: 'openfire/deployment-edges' }, (t) => (t <= 3 ? 'side A north, side B south' : 'side A west, side B east'));
  const edgeA: Edge = axis <= 3 ? 'north' : 'west';
  const deployment: Record<string, Edge> = { a: edgeA, b: OPPOSITE[edgeA] };
  const { width: W, height: H } = options.table;
  const depth = Math.min(DEPLOY_IN * CM_PER_IN, (Math.min(W, H) - 20) / 2);
  const zones = (['a', 'b'] as const).map((side) => {
    const edge = deployment[side]!;
    const label = `side ${side.toUpperCase()}: within 12 in of the edge`;
    if (edge === 'north') return { side, x: 0, y: 0, w: W, h: depth, label };
    if (edge === 'south') return { side, x: 0, y: H - depth, w: W, h: depth, label };
    if (edge === 'west') return { side, x: 0, y: 0, w: depth, h: H, label };
    return { side, x: W - depth, y: 0, w: depth, h: H, label };
  });

  const count = die('1D6', 'number of objectives', { section: 'Objectives' }, (t) => `${t} objective${t === 1 ? '' : 's'}`);
  // Objectives: the players place them one at a time, the first ones in the deployment zones,
  // then the rest in the middle. Who places first is a roll-off, and the first objective each
  // side places goes in a deployment zone (muster's reading: the text says neither), so a lone
  // objective goes to no side by default
  const first = log.rollOff(rng, ['Side A', 'Side B'], 'objectives: who places first', { reading: 'openfire/objective-placing' }) === 'Side A' ? 'a' : 'b';
  const second = first === 'a' ? 'b' : 'a';
  const inZone = Math.min(2, count);
  const objectives: OfScenarioResult['objectives'] = Array.from({ length: count }, (_, i) => ({
    id: `objective-${i + 1}`,
    radius: 3 * CM_PER_IN,
    placedBy: i % 2 === 0 ? first : second,
    where: i < inZone ? 'deployment zone' : 'middle',
  }));

  const nations = [...lists.nations.values()];
  const fixed: Record<'a' | 'b', string | undefined> = {
    a: options.given?.a?.nation ?? options.nations?.a,
    b: options.given?.b?.nation ?? options.nations?.b,
  };
  const chosen: Partial<Record<'a' | 'b', string>> = {};
  const nationOf = (side: 'a' | 'b'): OfNation => {
    const set = fixed[side];
    if (set !== undefined) return lists.nations.get(set)!;
    const other = chosen[side === 'a' ? 'b' : 'a'] ?? fixed[side === 'a' ? 'b' : 'a'];
    const rest = nations.filter((n) => n.id !== other);
    // the other side's nation drawn: drawn again among the rest (none left only in a one-nation house list)
    const again = (n: OfNation) => n.id === other && rest.length > 0;
    const first = draw(nations, `nation: side ${side.toUpperCase()}`, { reading: 'openfire/forces-and-nations' }, (n) => (again(n) ? `${n.name}: the other side's nation, so drawn again` : n.name));
    return again(first) ? draw(rest, `nation: side ${side.toUpperCase()}, again among the other nations`, { reading: 'openfire/forces-and-nations' }, (n) => n.name) : first;
  };
  const forces = (['a', 'b'] as const).map((side): OfSideForce => {
    const given = options.given?.[side];
    const nation = nationOf(side);
    chosen[side] = nation.id;
    if (given) {
      const points = given.units.reduce((n, u) => n + u.points, 0);
      return { side, name: given.name, nation: nation.id, points, budget: options.points, units: given.units, problems: given.problems };
    }
    const pool = [...lists.units.values()].filter((u) => u.nation === nation.id);
    const officer = pool.find((u) => u.type === 'officer');
    const bought: OfUnit[] = officer ? [officer] : [];
    let points = officer?.points ?? 0;
    // a drawn unit that does not fit the points left is set aside and drawing goes on, until
    // nothing left in the bag fits (muster's reading, as Burst of Fire's bags: the text has no points)
    let bag = pool.filter((u) => u.type !== 'officer');
    while (bag.some((u) => points + u.points <= options.points)) {
      let fits = true;
      const unit = draw(bag, `force: side ${side.toUpperCase()}`, { reading: 'openfire/rolled-force-buying' }, (u) => {
        fits = points + u.points <= options.points;
        return fits ? `${u.name} (${u.points} points)` : `${u.name} (${u.points} points): does not fit, set aside`;
      });
      if (!fits) {
        bag = bag.filter((u) => u !== unit);
        continue;
      }
      bought.push(unit);
      points += unit.points;
    }
    const counts = new Map<string, { unit: OfUnit; count: number }>();
    for (const unit of bought) counts.set(unit.id, { unit, count: (counts.get(unit.id)?.count ?? 0) + 1 });
    return {
      side,
      nation: nation.id,
      points,
      budget: options.points,
      units: [...counts.values()].map(({ unit, count }) => ({ unit: unit.id, name: unit.name, count, points: unit.points * count })),
    };
  });

  // minefields last, so a packet without them rolls as it always did: a D6 across the table and
  // a D6 into the ground between the zones pick a cell of a 6 x 6 grid, its middle the counter
  const minefields: OfScenarioResult['minefields'] = [];
  const vertical = edgeA === 'north';
  const gap = (vertical ? H : W) - 2 * depth;
  for (let i = 0; i < (options.minefields ?? 0); i++) {
    const along = die('1D6', `minefield ${i + 1}: across`, { reading: 'openfire/scenario-settings' }, (t) => `column ${t} of 6`);
    const into = die('1D6', `minefield ${i + 1}: between the zones`, { reading: 'openfire/scenario-settings' }, (t) => `row ${t} of 6 from side A`);
    const a = ((along - 0.5) / 6) * (vertical ? W : H);
    const b = depth + ((into - 0.5) / 6) * gap;
    minefields.push({ id: `minefield-${i + 1}`, x: Math.round(vertical ? a : b), y: Math.round(vertical ? b : a), radius: options.settings.minefieldReach * CM_PER_IN });
  }

  // terrain after every other roll, so a seed rolls the same battle with it or without. The text
  // ties no objective to any ground (they are tokens the players put down, Objectives) and gives
  // minefields no ground of their own (Minefields), and none of its terrain stops movement: no
  // objective asks for terrain at it, and terrain may lie under a token or a minefield's counter
  const laid = options.terrain
    ? rollScenarioTerrain(
        options.terrain.system,
        // the players choose where the objectives go: there is no point for the terrain to keep clear
        { table: options.table, zones, objectives: [], level: options.terrain.level, units: options.terrain.units },
        rng,
        log,
      )
    : { terrain: [] };

  return {
    system: 'openfire',
    seed,
    scenario: { ...OBJECTIVES },
    sides: ['a', 'b'],
    attacker: null,
    defender: null,
    deployment,
    objectives,
    forces,
    table: options.table,
    zones,
    win: 'Hold the majority of the objectives for 2 turns, or be the last side standing. Infantry within 3 in holds an objective; vehicles and pinned infantry cannot.',
    turns: options.settings.turns,
    minefields,
    ...laid,
    rolls: log.rolls,
  };
}
