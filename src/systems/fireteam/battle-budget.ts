import { fitOf, type BudgetFit } from '../budget-fit.js';
import { fireTeamManifest } from './manifest.js';
import type { FtBattle } from './schema.js';

/**
 * A side's budget in a Fire Team battle (the campaign's Forces): core points for its platoons
 * and reinforcement points for its picks, two pools the text gives apart, so the points one
 * leaves unspent never pay for the other.
 */
export type Role = 'attacker' | 'defender';

/** A side's role in the words of a game's name: "Side A attacking". */
export const ROLE_WORDS: Readonly<Record<Role, string>> = { attacker: 'attacking', defender: 'defending' };

export interface Pool {
  points: number;
  budget: number;
}

/** What a side's platoons and picks cost, against the battle's core and reinforcement points. */
export interface SidePoints {
  core: Pool;
  reinforcements: Pool;
}

/** The players a Fire Team game is for, as the manifest declares them. */
const PLAYER_COUNTS = fireTeamManifest.scenario!.players;

/**
 * The reinforcement points a side that brings its own force plays with. The campaign's Forces
 * let a side vary its allocation within bounds: muster's reading is the allocation the force
 * file gives (`points.reinforcements`), held within the battle's bounds for the side's role,
 * rather than a roll.
 */
export function allocatedReinforcements(battle: FtBattle, role: Role, declared: number): number {
  const [lo, hi] = battle.reinforcements[role];
  return Math.min(hi, Math.max(lo, declared));
}

/** The roles a side may take in a battle: the first side attacks where the battle says so; a throw may give either. */
export function rolesOf(battle: FtBattle, side: 'a' | 'b'): Role[] {
  if (battle.attacker === 'scenario') return [side === 'a' ? 'attacker' : 'defender'];
  return ['attacker', 'defender'];
}

/**
 * The side's points as one BudgetFit, the one a force's file is warned or refused by. Both pools
 * within their budgets, or both over, fold into their sums (the points over are then the sum of
 * what each pool is over). One pool over while the other has points to spare is that pool alone,
 * named in `game`: the spare points cannot pay for it, so the sums would hide the overspend.
 */
export function sideFit(game: string, side: string, points: SidePoints, elsewhere?: readonly string[]): BudgetFit {
  const coreOver = points.core.points > points.core.budget;
  const reinforcementsOver = points.reinforcements.points > points.reinforcements.budget;
  if (coreOver !== reinforcementsOver) {
    const [pool, word] = coreOver ? [points.core, 'core points'] : [points.reinforcements, 'reinforcement points'];
    return fitOf(`${game} (${word})`, side, pool.points, pool.budget, elsewhere);
  }
  return fitOf(game, side, points.core.points + points.reinforcements.points, points.core.budget + points.reinforcements.budget, elsewhere);
}

/** The cost of a force: its platoons, its picks, how many platoons it brings, and the reinforcement points its file allocates. */
export interface ForceCost {
  core: number;
  reinforcements: number;
  platoons: number;
  declared: number;
}

/** The side's points in a battle of `players` players, taking a role (the worst for it where a throw decides). */
export function pointsIn(battle: FtBattle, roles: readonly Role[], players: number, cost: ForceCost, points?: number): SidePoints {
  const budgets = roles.map((role) => points ?? allocatedReinforcements(battle, role, cost.declared));
  return {
    core: { points: cost.core, budget: battle.corePerPlayer * (players / 2) },
    reinforcements: { points: cost.reinforcements, budget: Math.min(...budgets) },
  };
}

const within = (p: SidePoints) => p.core.points <= p.core.budget && p.reinforcements.points <= p.reinforcements.budget;

/**
 * Where a force over its budget would fit, as the player types it: the other battles, and the
 * other player counts (a platoon a player), on the same side, whatever a throw for the attack gives.
 */
export function battlesItFits(battles: readonly FtBattle[], asked: { battle: string; players: number }, side: 'a' | 'b', cost: ForceCost, points?: number): string[] {
  const found: string[] = [];
  for (const players of PLAYER_COUNTS) {
    for (const battle of battles) {
      if (battle.id === asked.battle && players === asked.players) continue;
      if (!within(pointsIn(battle, rolesOf(battle, side), players, cost, points))) continue;
      found.push(`--battle ${battle.id}${players === asked.players ? '' : ` --players ${players}`}`);
    }
  }
  return found;
}

/** The fewest players whose platoons (one each) hold the force's, or the most a game has. */
export function playersFor(platoons: number): number {
  return PLAYER_COUNTS.find((p) => p / 2 >= platoons) ?? PLAYER_COUNTS[PLAYER_COUNTS.length - 1]!;
}
