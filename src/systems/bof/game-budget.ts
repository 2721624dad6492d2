import { MAX_POINTS } from '../../data/limits.js';
import { fitOf, type BudgetFit } from '../budget-fit.js';
import type { Doctrine } from './arsenal-schema.js';
import type { GameMode } from './scenario-schema.js';

/**
 * The points a side may spend in a game of Burst of Fire: the game mode's points for its role
 * (Game modes), each player's share of them in a 4- or 6-player game (Special rules for
 * multiplayer games), and in solo the core force plus the rolled additional points (Setting up
 * your forces in solo play). The scenario rolls with these numbers, the check holds a force
 * against them, and `list bof modes` prints them.
 */

export type Role = 'attacker' | 'defender';

/** Each player's part of his side's points (Special rules for multiplayer games: 4 players 75 percent, 6 players 50 percent). */
export const PLAYER_SHARE: Readonly<Record<number, number>> = { 2: 1, 4: 0.75, 6: 0.5 };

/**
 * A player's share of a side's points. The text gives percentages and no rounding: muster
 * rounds down (its reading, marked where a share that was not whole prints), so no player
 * spends more than his part.
 */
export function shareOf(points: number, players: number): number {
  return Math.floor(points * (PLAYER_SHARE[players] ?? 1));
}

/**
 * What a side's players field together in a game of more than two: the text's 4- and
 * 6-player shares both give a side one and a half times the mode's points (2 x 75%, 3 x 50%).
 */
export const TEAM_TOTAL = 1.5;

/**
 * Each player's share where the sides have `ofSide` and `against` players: the text's share
 * where they are even (Special rules for multiplayer games), and where they are not (three or
 * five players, a campaign's sides of one to three), the side's one and a half times the mode's
 * points in equal shares, rounded down (muster's reading, bof/multiplayer-uneven-sides): a
 * player alone against two fields as much as the two together.
 */
export function teamShare(points: number, ofSide: number, against: number): number {
  if (ofSide === against) return shareOf(points, ofSide * 2);
  return Math.floor((points * TEAM_TOTAL) / ofSide);
}

/** Whether a share of `points` for `players` had to be rounded (the text's percentage is not whole). */
export function shareRounded(points: number, players: number): boolean {
  return points * (PLAYER_SHARE[players] ?? 1) !== shareOf(points, players);
}

/** A mode's points for a role (attacker first, as the chapter lists them), or for side A (0) or B (1) where nobody attacks; Combat only: the points chosen. */
export function modePoints(mode: GameMode, role: Role | 0 | 1, chosen: number): number {
  if (!mode.points) return chosen;
  return mode.points[role === 'attacker' || role === 0 ? 0 : 1];
}

/** The smaller of a mode's two budgets: what a side can count on where its role is rolled. */
export function leastPoints(mode: GameMode, chosen: number): number {
  return mode.points ? Math.min(...mode.points) : chosen;
}

/** A mode's budgets in words: "attacker 150, defender 50", "75 a side"; with 4 or 6 players, each player's share: "56 a player". */
export function budgetsInWords(mode: GameMode, players: number, chosen: number): string {
  const each = players > 2 ? ' a player' : '';
  if (!mode.points) return `${shareOf(chosen, players)} ${each ? 'a player' : 'a side'}, the points chosen`;
  const [a, b] = mode.points;
  if (a === b) return `${shareOf(a, players)} ${each ? 'a player' : 'a side'}`;
  return mode.roles === 'roll' ? `attacker ${shareOf(a, players)}, defender ${shareOf(b, players)}${each}` : `side A ${shareOf(a, players)}, side B ${shareOf(b, players)}${each}`;
}

/** "4 players (75% each)": the share a game of more than two is played at. */
function playersWords(players: number): string {
  return players > 2 ? `, ${players} players (${Math.round((PLAYER_SHARE[players] ?? 1) * 100)}% each)` : '';
}

/** A mode a force fits whichever role it is given, and for Combat only the points to choose where the ones chosen fall short. */
export interface ModeThatFits {
  mode: GameMode;
  /** Combat only: the points a side to choose so the force fits */
  choose?: number;
}

/**
 * The modes a force of `points` fits whatever side or role it is given (the smaller budget where
 * roles are rolled, a player's share with 4 or 6 players), in the chapter's order. Combat only
 * fits any force for the right points: the ones chosen, or the fewest that hold it.
 */
export function modesThatFit(modes: readonly GameMode[], points: number, players: number, chosen: number): ModeThatFits[] {
  const fits: ModeThatFits[] = [];
  for (const mode of modes) {
    if (mode.points) {
      if (shareOf(leastPoints(mode, chosen), players) >= points) fits.push({ mode });
      continue;
    }
    if (shareOf(chosen, players) >= points) {
      fits.push({ mode });
      continue;
    }
    let choose = Math.ceil(points / (PLAYER_SHARE[players] ?? 1));
    while (shareOf(choose, players) < points) choose += 1;
    if (choose <= MAX_POINTS) fits.push({ mode, choose });
  }
  return fits;
}

/** The modes a force fits as the player types them: `--scenario victory-zones`, `--scenario combat-only --points 199`. */
export function elsewhereFor(modes: readonly GameMode[], points: number, players: number, chosen: number): string[] {
  return modesThatFit(modes, points, players, chosen).map(({ mode, choose }) => `--scenario ${mode.id}${choose !== undefined ? ` --points ${choose}` : ''}`);
}

/**
 * A versus side's fit: the force against the budget the scenario gave its side. `role` is null
 * where nobody attacks; where the force is over, the modes it would fit are named.
 */
export function versusFit(
  modes: readonly GameMode[],
  game: { mode: GameMode; players: number; chosen: number },
  side: string,
  role: Role | null,
  points: number,
  budget: number,
): BudgetFit {
  const who = role ?? `side ${side.toUpperCase()}`;
  const words = `${game.mode.name}, ${who}${playersWords(game.players)}`;
  return fitOf(words, side, points, budget, elsewhereFor(modes, points, game.players, game.chosen));
}

// ---------------------------------------------------------------- solo

const ARMOUR_LIKE = new Set<Doctrine['kind']>(['armor', 'mobile-reconnaissance']);

/** Armour doctrines roll and draw the solo bags as armour; Mobile Reconnaissance too (muster's reading: the solo text names only armour). */
export function rollsAsArmour(doctrine: Pick<Doctrine, 'kind'> | undefined): boolean {
  return doctrine !== undefined && ARMOUR_LIKE.has(doctrine.kind);
}

/**
 * The dice of a solo side's additional points (Setting up your forces in solo play; the
 * enemy's "roll for additional points"). The text names none: muster rolls the dice of the
 * enemy's bags together, soldiers 3D6 (2D6 for armour), weapons 2D6 and support weapons or
 * vehicles 3D6.
 */
export function additionalDice(doctrine: Pick<Doctrine, 'kind'> | undefined): { dice: string; most: number; parts: string } {
  return rollsAsArmour(doctrine)
    ? { dice: '7D6', most: 42, parts: 'soldiers 2D6, weapons 2D6, vehicles 3D6' }
    : { dice: '8D6', most: 48, parts: 'soldiers 3D6, weapons 2D6, support weapons 3D6' };
}

/**
 * A solo side's budget: its core plus the additional points, never more than the game mode's
 * points (muster's reading, as for the enemy's bags), and never less than the core it must field.
 */
export function soloBudget(core: number, additional: number, modePoints: number): number {
  return Math.min(core + additional, Math.max(modePoints, core));
}

/** The solo player's fit in a rolled game: his force against his core and rolled points. */
export function soloFit(mode: GameMode, role: Role | null, core: number, additional: number, points: number, budget: number): BudgetFit {
  const cut = core + additional > budget ? `, cut to the mode's ${budget}` : '';
  const words = `${mode.name} (solo)${role ? `, you as ${role}` : ''}, your core ${core} + ${additional} rolled${cut}`;
  return fitOf(words, 'player', points, budget);
}

// ---------------------------------------------------------------- a force against the games

/** What the check knows of a force: its points, and for solo its detachment's core and dice. */
export interface ForceForCheck {
  points: number;
  /** the points of the detachment's core units, as a solo side fields them */
  core: number;
  /** its doctrine, for the solo dice */
  doctrine: Pick<Doctrine, 'kind'> | undefined;
}

/** The game `muster check --scenario` asks for, with the points chosen for Combat only. */
export interface GameForCheck {
  mode: GameMode;
  solo: boolean;
  players: number;
}

/**
 * A force against the games (`muster check bof --force F`): without a game, every mode and role
 * of a two-player game and solo; with one, that game alone, at the smaller budget where the role
 * is rolled (the side cannot know its role before the roll), and in solo at the most the dice
 * can give. `chosen` is what Combat only plays for unless the players choose other points.
 */
export function forceFits(modes: readonly GameMode[], force: ForceForCheck, game: GameForCheck | undefined, chosen: number): BudgetFit[] {
  const { points } = force;
  const solo = additionalDice(force.doctrine);
  const soloWords = `your core ${force.core} + at most ${solo.most} rolled (${solo.dice})`;
  if (!game) {
    const fits: BudgetFit[] = [];
    for (const mode of modes) {
      if (!mode.points || mode.points[0] === mode.points[1]) {
        const budget = modePoints(mode, 0, chosen);
        fits.push(fitOf(`${mode.name}, either side${mode.points ? '' : ' (the points chosen)'}`, 'a', points, budget));
        continue;
      }
      const roles: [string, Role | 0 | 1][] = mode.roles === 'roll' ? [['attacker', 'attacker'], ['defender', 'defender']] : [['side A', 0], ['side B', 1]];
      for (const [who, role] of roles) fits.push(fitOf(`${mode.name}, ${who}`, typeof role === 'number' ? (role === 0 ? 'a' : 'b') : role, points, modePoints(mode, role, chosen)));
    }
    const most = Math.max(...modes.map((m) => (m.points ? Math.max(...m.points) : 0)));
    fits.push(fitOf(`solo, ${soloWords}`, 'player', points, soloBudget(force.core, solo.most, most)));
    return fits;
  }
  const { mode } = game;
  const rolled = mode.points !== undefined && mode.points[0] !== mode.points[1];
  const budgets = budgetsInWords(mode, game.solo ? 2 : game.players, chosen);
  const smaller = rolled ? `, the smaller ${mode.roles === 'roll' ? 'role' : 'side'} (${budgets})` : `, ${budgets}`;
  if (game.solo) {
    const budget = soloBudget(force.core, solo.most, leastPoints(mode, chosen));
    return [fitOf(`${mode.name} (solo)${smaller}, with ${soloWords}`, 'player', points, budget)];
  }
  const budget = shareOf(leastPoints(mode, chosen), game.players);
  const words = `${mode.name}${playersWords(game.players)}${smaller}`;
  return [fitOf(words, 'a', points, budget, elsewhereFor(modes, points, game.players, chosen))];
}
