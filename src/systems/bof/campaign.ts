import { z } from 'zod';
import type { SystemRules } from '../../data/load.js';
import { createRng } from '../../engine/dice.js';
import { rollOnTable, type RollRecord } from '../../engine/tables.js';
import { checkForceMoraleTable } from './morale.js';
import type { StateFormat } from '../../data/state-file.js';
import { MAX_SIDE_NAME_LENGTH, provenance, textOf } from '../../data/limits.js';
import { campaignForce, soloPlayer, type CampaignForce, type SoloPlayer } from './campaign-forces.js';

/**
 * The campaign ladder (Campaigns; reading campaign-ladder, docs/readings.md): the nine game modes in the chapter's
 * order, roles set by the second game, an attacker climbing one rung per win, a lost attack
 * resetting to Probing on the same map, at most 10 games.
 */
export const LADDER = [
  'probing',
  'victory-zones',
  'supply-road',
  'delay',
  'breakthrough',
  'avoid-the-pocket',
  'surrounded',
  'capture-the-commander',
  'combat-only',
] as const;

/** Each rung's name as a player reads it. */
export const RUNG_NAMES: Readonly<Record<(typeof LADDER)[number], string>> = {
  probing: 'Probing the enemy lines',
  'victory-zones': 'Victory Zones (roles set by its loser)',
  'supply-road': 'The Supply Road',
  delay: 'Delay the enemy advance',
  breakthrough: 'Breakthrough / hold the line',
  'avoid-the-pocket': 'Avoid the pocket',
  surrounded: 'Surrounded',
  'capture-the-commander': 'Capture the enemy commander',
  'combat-only': 'Combat only: win it to end the campaign',
};

/** A rung's short name: "Victory Zones", without what the ladder adds to it. */
export function rungName(rung: string): string {
  return (RUNG_NAMES[rung as (typeof LADDER)[number]] ?? rung).replace(/ \(.*\)$|: .*$/, '');
}

export const MAX_GAMES = 10;
/** Campaigns may be played by 1-6 players (Campaigns). */
export const MAX_PLAYERS = 6;
/** Rungs played before roles exist: the loser of the second (Victory Zones) defends. */
const ROLES_SET_AFTER_RUNG = 1;
export const VICTORY_POINTS = { decisive: 15, strategic: 7, turns: 7, loss: 3 } as const;

const side = z.enum(['a', 'b']);
export type Side = z.infer<typeof side>;
/**
 * Limits no campaign reaches but that keep a hand-edited or mistyped number from being stored
 * (a Combat Score of a billion would be written, then refused on every later run).
 */
export const MAX_COMBAT_SCORE = 999;
/** Players a side at most: a side's deployment zone has three sectors, left, middle and right (Special rules for multiplayer games). */
export const MAX_TEAM = 3;
const MAX_POINTS = 100_000;
const count = (max: number) => z.number().int().min(0).max(max);
const perSide = (max: number) => z.object({ a: count(max), b: count(max) }).strict();
/** Force morale: the rules' 2D6-style values; a house table may not make it a word or a fraction. */
const morale = z.object({ a: z.number().int().min(0).max(20), b: z.number().int().min(0).max(20) }).strict();
const label = (max: number, multiline = false) => textOf(max, multiline);

export const gameRecord = z
  .object({
    game: z.number().int().min(1).max(MAX_GAMES),
    rung: z.enum(LADDER),
    attacker: side.nullable(),
    winner: side,
    victory: z.enum(['decisive', 'strategic', 'turns']),
    combatScore: perSide(MAX_COMBAT_SCORE),
    pointsGained: perSide(MAX_POINTS),
    moraleAfter: morale,
    streakAfter: perSide(MAX_GAMES),
    /** a campaign of several players a side: each player's part of his side's points, in the order of `players` */
    shares: z.array(count(MAX_POINTS)).max(MAX_PLAYERS).optional(),
    event: label(400, true),
  })
  .strict();

/**
 * A line of a side's ledger: an upgrade paid for, salvage taken, or a note. Where the side's
 * force is kept, an upgrade or salvage was applied to it; else the line is all there is.
 */
export const ledgerEntry = z
  .object({
    game: count(MAX_GAMES),
    side,
    /** a campaign of several players a side: whose line it is, by its place in `players` (version 3) */
    player: z.number().int().min(0).max(MAX_PLAYERS - 1).optional(),
    kind: z.enum(['upgrade', 'salvage', 'note']),
    text: label(200),
    cost: count(MAX_POINTS),
  })
  .strict();

/**
 * A player of a campaign with several players a side (Campaigns: "1-6 players"; Special rules
 * for multiplayer games): his name and side, the points his share of his side's games earned
 * and what he spent of them, and his own force, kept as a two-player campaign keeps a side's.
 */
export const campaignPlayer = z
  .object({
    name: label(MAX_SIDE_NAME_LENGTH),
    side,
    points: count(MAX_POINTS * MAX_GAMES),
    spent: count(MAX_POINTS * MAX_GAMES),
    force: campaignForce.optional(),
    /** his force as the last game fielded it, before its upgrades and salvage (as `forcesPlayed`) */
    forcePlayed: campaignForce.optional(),
  })
  .strict();
export type CampaignPlayer = z.infer<typeof campaignPlayer>;

/**
 * Lines a campaign's ledger keeps, both sides together: ten games of upgrades, salvage and notes
 * at twenty a game. A record that would add past it is refused rather than the oldest lines
 * dropped: the upgrades among them are what a side's spent points were paid for, and the
 * booklet prints them.
 */
export const MAX_LEDGER_LINES = 200;

/**
 * The state file's version: 2 keeps the forces and the solo player's army (a version 1 file
 * reads as a campaign without them); 3 adds `players`, a campaign of more than one player a
 * side; 4 adds the forces as the last game fielded them (`forcesPlayed`, a player's
 * `forcePlayed`), whose cards the next packet prints again only where they changed. A state is
 * written as the least version that holds what it keeps, so a campaign without them is the very
 * file an older muster reads, and one with them is refused by an older muster as newer than it
 * rather than half-read. A file of version 2 or 3 that holds them (written before version 4)
 * reads as it always did.
 */
const STATE_VERSION = 4;
/** The version a campaign of several players a side is written as, where no game has fielded forces yet. */
const PLAYERS_VERSION = 3;
/** The version a campaign of one player a side is written as, where no game has fielded forces yet. */
const SIDES_VERSION = 2;

/** The least version that holds what a state keeps. */
export function stateVersion(state: Pick<CampaignState, 'players' | 'forcesPlayed'>): CampaignState['version'] {
  if (state.forcesPlayed || state.players?.some((p) => p.forcePlayed)) return STATE_VERSION;
  return state.players ? PLAYERS_VERSION : SIDES_VERSION;
}

export const campaignState = z
  .object({
    // a version 1 file reads as version 2 (it had no forces); version 3 holds `players`, 4 the forces played
    version: z.union([z.literal(1), z.literal(SIDES_VERSION), z.literal(PLAYERS_VERSION), z.literal(STATE_VERSION)]).transform((v) => (v === 1 ? SIDES_VERSION : v)),
    system: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a rule-set id such as bof').max(40),
    seed: z.string().max(200),
    names: z.object({ a: label(MAX_SIDE_NAME_LENGTH), b: label(MAX_SIDE_NAME_LENGTH) }).strict(),
    solo: z.boolean(),
    /** games played */
    game: count(MAX_GAMES),
    /** index of the next game's rung in LADDER */
    rungIndex: z.number().int().min(0).max(LADDER.length - 1),
    attacker: side.nullable(),
    points: perSide(MAX_POINTS * MAX_GAMES),
    /** points spent on upgrades */
    spent: perSide(MAX_POINTS * MAX_GAMES),
    morale,
    streak: perSide(MAX_GAMES),
    wins: perSide(MAX_GAMES),
    finished: z.boolean(),
    winner: side.nullable(),
    history: z.array(gameRecord).max(MAX_GAMES),
    ledger: z.array(ledgerEntry).max(MAX_LEDGER_LINES, `at most ${MAX_LEDGER_LINES} lines`),
    /** each side's force, by value, where one was given when the campaign began (campaign-forces.ts) */
    forces: z.object({ a: campaignForce.optional(), b: campaignForce.optional() }).strict().optional(),
    /**
     * the kept forces as the last game played fielded them, before that game's upgrades and
     * salvage: the next packet reprints only the cards that changed since (absent before game 1,
     * and in a file kept before it was: every card is printed)
     */
    forcesPlayed: z.object({ a: campaignForce.optional(), b: campaignForce.optional() }).strict().optional(),
    /** solo: the player's army for the whole ladder */
    player: soloPlayer.optional(),
    /**
     * a campaign of more than one player a side (version 3): every player in the order --names
     * gave them, side A's first. Each keeps his own force and points here, and `forces`,
     * `forcesPlayed` stay absent; `points` and `spent` are his side's sums.
     */
    players: z.array(campaignPlayer).min(2).max(MAX_PLAYERS).optional(),
    rolls: z
      // a roll's source, kept since issue 49; a campaign begun before has its rolls without one
      .array(z.object({ purpose: label(200), dice: z.string().max(20), faces: z.array(z.number().int().min(1).max(100)).max(20), total: z.number().int().min(0).max(2000), decided: z.string().max(200), source: provenance.optional() }).strict())
      .max(100),
  })
  .strict()
  .superRefine((state, ctx) => {
    // a hand edit that leaves the file at odds with itself is refused, not played on
    if (state.history.length !== state.game) {
      ctx.addIssue({ code: 'custom', path: ['game'], message: `is ${state.game} but the history holds ${state.history.length} games; they must agree` });
    }
    for (const s of ['a', 'b'] as const) {
      if (state.spent[s] > state.points[s]) ctx.addIssue({ code: 'custom', path: ['spent', s], message: `is ${state.spent[s]}, more than the ${state.points[s]} points earned` });
      if (state.wins[s] > state.game) ctx.addIssue({ code: 'custom', path: ['wins', s], message: `is ${state.wins[s]}, more than the ${state.game} games played` });
    }
    if (state.winner !== null && !state.finished) ctx.addIssue({ code: 'custom', path: ['winner'], message: 'is set but the campaign is not finished' });
    if (state.wins.a + state.wins.b > state.game) ctx.addIssue({ code: 'custom', path: ['wins'], message: `add up to ${state.wins.a + state.wins.b}, more than the ${state.game} games played` });
    state.history.forEach((record, i) => {
      if (record.game !== i + 1) ctx.addIssue({ code: 'custom', path: ['history', i, 'game'], message: `is ${record.game}, but it is game ${i + 1} of the history` });
    });
    state.ledger.forEach((entry, i) => {
      if (entry.game > state.game) ctx.addIssue({ code: 'custom', path: ['ledger', i, 'game'], message: `is ${entry.game}, after the ${state.game} games played` });
      if (entry.kind !== 'upgrade' && entry.cost !== 0) ctx.addIssue({ code: 'custom', path: ['ledger', i, 'cost'], message: `is ${entry.cost}, but only an upgrade costs points; ${entry.kind === 'salvage' ? 'salvage is free' : 'a note costs nothing'}` });
    });
    for (const s of ['a', 'b'] as const) {
      state.forces?.[s]?.units.forEach((entry, i) => {
        if (entry.salvaged !== undefined && entry.salvaged > state.game) ctx.addIssue({ code: 'custom', path: ['forces', s, 'units', i, 'salvaged'], message: `is ${entry.salvaged}, after the ${state.game} games played` });
      });
    }
    if (state.players) playerProblems({ ...state, players: state.players }, ctx);
    else {
      if (state.version === PLAYERS_VERSION) ctx.addIssue({ code: 'custom', path: ['version'], message: `is ${PLAYERS_VERSION}, a campaign of several players a side, but the state has no players` });
      state.ledger.forEach((entry, i) => {
        if (entry.player !== undefined) ctx.addIssue({ code: 'custom', path: ['ledger', i, 'player'], message: 'names a player, but the campaign keeps its sides, not players' });
      });
    }
    if (state.solo) {
      if (state.players) ctx.addIssue({ code: 'custom', path: ['players'], message: 'a solo campaign has one player' });
      if (state.forces?.b) ctx.addIssue({ code: 'custom', path: ['forces', 'b'], message: 'a solo campaign keeps one force, the player\'s, as side a' });
      const own = state.forces?.a;
      if (own && state.player) {
        for (const key of ['nation', 'doctrine', 'detachment'] as const) {
          if (own[key] !== state.player[key]) ctx.addIssue({ code: 'custom', path: ['player', key], message: `is ${state.player[key]}, but the player's force is ${own[key]}; they must agree` });
        }
      }
    } else if (state.player) {
      ctx.addIssue({ code: 'custom', path: ['player'], message: 'is set, but the campaign is not solo' });
    }
  });

/** What a state of several players a side must agree with: its version, its sides, its sums and its ledger. */
function playerProblems(
  state: {
    version: number;
    game: number;
    players: CampaignPlayer[];
    points: Record<Side, number>;
    spent: Record<Side, number>;
    forces?: unknown;
    forcesPlayed?: unknown;
    ledger: { side: Side; player?: number | undefined }[];
  },
  ctx: z.RefinementCtx,
): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const players = state.players;
  if (state.version < PLAYERS_VERSION) issue(['version'], `is ${state.version}, but a campaign of several players a side (players) is version ${PLAYERS_VERSION} or later`);
  if (state.forces !== undefined) issue(['forces'], 'is set, but each player keeps his own force (players[N].force)');
  if (state.forcesPlayed !== undefined) issue(['forcesPlayed'], 'is set, but each player keeps his own (players[N].forcePlayed)');
  for (const s of ['a', 'b'] as const) {
    const of = players.filter((p) => p.side === s);
    if (of.length === 0 || of.length > MAX_TEAM) issue(['players'], `side ${s} has ${of.length} players; a side has 1 to ${MAX_TEAM}`);
    const sum = (key: 'points' | 'spent') => of.reduce((n, p) => n + p[key], 0);
    if (sum('points') !== state.points[s]) issue(['points', s], `is ${state.points[s]}, but the players of side ${s} earned ${sum('points')} in all; they must agree`);
    if (sum('spent') !== state.spent[s]) issue(['spent', s], `is ${state.spent[s]}, but the players of side ${s} spent ${sum('spent')} in all; they must agree`);
  }
  if (players.length < 3) issue(['players'], `holds ${players.length} players: a campaign of one player a side keeps its sides (names, forces), not players`);
  // side A's players first, as --names gives them
  players.forEach((p, i) => {
    if (i > 0 && p.side === 'a' && players[i - 1]!.side === 'b') issue(['players', i, 'side'], "is a, after a player of side b: side A's players come first");
    if (p.spent > p.points) issue(['players', i, 'spent'], `is ${p.spent}, more than the ${p.points} points earned`);
    if (players.findIndex((q) => q.name.toLowerCase() === p.name.toLowerCase()) !== i) issue(['players', i, 'name'], `"${p.name}" is another player's name too; each player's name tells him apart`);
    p.force?.units.forEach((entry, j) => {
      if (entry.salvaged !== undefined && entry.salvaged > state.game) issue(['players', i, 'force', 'units', j, 'salvaged'], `is ${entry.salvaged}, after the ${state.game} games played`);
    });
  });
  state.ledger.forEach((entry, i) => {
    const player = entry.player === undefined ? undefined : players[entry.player];
    if (!player) issue(['ledger', i, 'player'], entry.player === undefined ? 'is missing: a campaign of several players a side says whose line it is' : `is ${entry.player}, but the campaign has ${players.length} players (0 to ${players.length - 1})`);
    else if (player.side !== entry.side) issue(['ledger', i, 'side'], `is ${entry.side}, but player ${entry.player} (${player.name}) is of side ${player.side}`);
  });
}

/** The campaign state file, read and written by the shared state-file layer; a version 1 file is read as version 2. */
export const CAMPAIGN_STATE_FORMAT: StateFormat<CampaignState> = { schema: campaignState as z.ZodType<CampaignState>, version: STATE_VERSION, what: 'campaign state' };

export type CampaignState = z.output<typeof campaignState>;
export type GameRecord = z.infer<typeof gameRecord>;

export class CampaignRuleError extends Error {}

/** What a campaign starts with beyond its names: the sides' forces, and a solo player's army with the dice that rolled it. */
export interface CampaignStart {
  forces?: { a?: CampaignForce; b?: CampaignForce };
  player?: SoloPlayer;
  playerRolls?: readonly RollRecord[];
  /** more than one player a side: every player, side A's first, each with his own force where he brought one */
  players?: readonly { name: string; side: Side; force?: CampaignForce }[];
}

/** A player as the campaign's rules see him, whether the state keeps sides (one player each) or players. */
export interface PlayerView {
  /** his place among the players: 0 and 1 for sides A and B where the state keeps sides */
  index: number;
  name: string;
  side: Side;
  points: number;
  spent: number;
  force?: CampaignForce;
  /** his force as the last game fielded it */
  forcePlayed?: CampaignForce;
}

/**
 * Every player of the campaign: where it keeps sides (one player each, a state of version 2),
 * side A's and side B's, named as the sides; else its players in their order.
 */
export function playersOf(state: Pick<CampaignState, 'names' | 'points' | 'spent' | 'forces' | 'forcesPlayed' | 'players'>): PlayerView[] {
  if (state.players) {
    return state.players.map((p, index) => ({ index, name: p.name, side: p.side, points: p.points, spent: p.spent, ...(p.force ? { force: p.force } : {}), ...(p.forcePlayed ? { forcePlayed: p.forcePlayed } : {}) }));
  }
  return (['a', 'b'] as const).map((side, index) => ({
    index,
    name: state.names[side],
    side,
    points: state.points[side],
    spent: state.spent[side],
    ...(state.forces?.[side] ? { force: state.forces[side] } : {}),
    ...(state.forcesPlayed?.[side] ? { forcePlayed: state.forcesPlayed[side] } : {}),
  }));
}

/** The players of a side, in their order. */
export function playersOfSide(state: Parameters<typeof playersOf>[0], side: Side): PlayerView[] {
  return playersOf(state).filter((p) => p.side === side);
}

/** Whether the campaign has more than one player on a side (its state keeps players, version 3). */
export function manyPlayers(state: Pick<CampaignState, 'players'>): boolean {
  return state.players !== undefined;
}

/**
 * A side's points shared out among its players (muster's reading: the text scores a side, and
 * each player upgrades his own core units): evenly, the odd points to the players named first.
 */
export function shareOut(points: number, players: number): number[] {
  const each = Math.floor(points / players);
  return Array.from({ length: players }, (_, i) => each + (i < points - each * players ? 1 : 0));
}

/** A new campaign: both sides roll force morale once (How to determine force morale during the campaign). */
export function newCampaign(system: SystemRules, seed: string, names: { a: string; b: string }, solo: boolean, start: CampaignStart = {}): CampaignState {
  checkForceMoraleTable(system);
  const rng = createRng(`${seed}/campaign`);
  const rolls: RollRecord[] = [];
  const morale = { a: 0, b: 0 };
  for (const s of ['a', 'b'] as const) {
    const roll = rollOnTable(rng, system.table('force-morale'), (row) => String(row['morale']), `force morale: ${names[s]}`, { section: 'How to determine force morale during the campaign' });
    rolls.push(...roll.rolls);
    morale[s] = Number(roll.row!['morale']);
  }
  const forces = start.forces && (start.forces.a || start.forces.b) ? { forces: { ...(start.forces.a ? { a: start.forces.a } : {}), ...(start.forces.b ? { b: start.forces.b } : {}) } } : {};
  const players = start.players ? { players: start.players.map((p) => ({ name: p.name, side: p.side, points: 0, spent: 0, ...(p.force ? { force: p.force } : {}) })) } : {};
  return {
    version: stateVersion(players),
    system: system.info.id,
    seed,
    names,
    solo,
    game: 0,
    rungIndex: 0,
    attacker: null,
    points: { a: 0, b: 0 },
    spent: { a: 0, b: 0 },
    morale,
    streak: { a: 0, b: 0 },
    wins: { a: 0, b: 0 },
    finished: false,
    winner: null,
    history: [],
    ledger: [],
    rolls: [...rolls, ...(start.playerRolls ?? [])],
    ...forces,
    ...(start.player ? { player: start.player } : {}),
    ...players,
  };
}

export interface GameResult {
  winner: Side;
  victory: 'decisive' | 'strategic' | 'turns';
  combatScore: { a: number; b: number };
}

const other = (s: Side): Side => (s === 'a' ? 'b' : 'a');

/** Applies one game's result (How to score points and advance in a campaign). */
export function recordGame(state: CampaignState, result: GameResult): CampaignState {
  if (state.finished) throw new CampaignRuleError(`the campaign is over (${state.winner ? `${state.names[state.winner]} won` : 'a draw'}); start a new one`);
  if (result.combatScore.a < 0 || result.combatScore.b < 0) throw new CampaignRuleError('Combat Scores cannot be negative');
  const loser = other(result.winner);
  const rung = LADDER[state.rungIndex]!;
  const gained = { a: 0, b: 0 };
  gained[result.winner] = VICTORY_POINTS[result.victory] + result.combatScore[result.winner];
  gained[loser] = VICTORY_POINTS.loss + result.combatScore[loser];

  const streak = { ...state.streak, [result.winner]: 0, [loser]: state.streak[loser] + 1 };
  const morale = { ...state.morale };
  // three losses in a row cost a point of morale, five cost two (a second point at the fifth)
  if (streak[loser] === 3 || streak[loser] === 5) morale[loser] = Math.max(2, morale[loser] - 1);

  let attacker = state.attacker;
  let rungIndex = state.rungIndex;
  let event: string;
  if (attacker === null) {
    if (state.rungIndex >= ROLES_SET_AFTER_RUNG) {
      attacker = result.winner;
      rungIndex = Math.min(state.rungIndex + 1, LADDER.length - 1);
      event = `${state.names[loser]} lost ${rung} and now defends; ${state.names[attacker]} attacks`;
    } else {
      rungIndex = state.rungIndex + 1;
      event = 'roles are set after the next game';
    }
  } else if (result.winner === attacker) {
    rungIndex = state.rungIndex + 1;
    event = `${state.names[attacker]} advances`;
  } else {
    attacker = null;
    rungIndex = 0;
    event = `the defender held: roles neutralised, back to Probing on the same map`;
  }

  const game = state.game + 1;
  const wins = { ...state.wins, [result.winner]: state.wins[result.winner] + 1 };
  let finished = false;
  let winner: Side | null = null;
  if (state.attacker !== null && result.winner === state.attacker && state.rungIndex === LADDER.length - 1) {
    finished = true;
    winner = result.winner;
    event = `${state.names[result.winner]} reached the top of the ladder`;
    rungIndex = state.rungIndex;
  } else if (game >= MAX_GAMES) {
    finished = true;
    winner = wins.a === wins.b ? null : wins.a > wins.b ? 'a' : 'b';
    event = `ten games played: ${winner ? `${state.names[winner]} won more games` : 'the games are even, a draw'}`;
  }
  // several players a side: each side's points shared out among its players, who keep their forces as played
  const shares = state.players ? sharesOf(state.players, gained) : undefined;
  const players = state.players?.map((p, i) => ({ ...p, points: p.points + shares![i]!, ...(p.force ? { forcePlayed: p.force } : {}) }));
  const record: GameRecord = {
    game,
    rung,
    attacker: state.attacker,
    winner: result.winner,
    victory: result.victory,
    combatScore: result.combatScore,
    pointsGained: gained,
    moraleAfter: morale,
    streakAfter: streak,
    ...(shares ? { shares } : {}),
    event,
  };
  const played = { ...(players ? { players } : {}), ...(state.forces ? { forcesPlayed: state.forces } : {}) };
  return {
    ...state,
    ...played,
    // the forces played are version 4's: an older muster refuses the file rather than half-reading it
    version: stateVersion({ ...state, ...played }),
    game,
    rungIndex: Math.min(rungIndex, LADDER.length - 1),
    attacker,
    points: { a: state.points.a + gained.a, b: state.points.b + gained.b },
    morale,
    streak,
    wins,
    finished,
    winner,
    history: [...state.history, record],
  };
}

/** Each player's part of his side's points from one game, in the players' order. */
function sharesOf(players: readonly CampaignPlayer[], gained: Record<Side, number>): number[] {
  const parts = { a: shareOut(gained.a, players.filter((p) => p.side === 'a').length), b: shareOut(gained.b, players.filter((p) => p.side === 'b').length) };
  const taken = { a: 0, b: 0 };
  return players.map((p) => parts[p.side][taken[p.side]++]!);
}

/**
 * Logs an upgrade, salvage or note (How to upgrade core units; Salvaged vehicles and weapons),
 * and where the side's force is kept, puts the force as the change left it in its place.
 */
export function addLedger(state: CampaignState, entry: { side: Side; player?: number; kind: 'upgrade' | 'salvage' | 'note'; text: string; cost: number }, force?: CampaignForce): CampaignState {
  const who = state.players ? state.players[entry.player ?? -1] : undefined;
  if (state.players && (!who || who.side !== entry.side)) throw new Error(`a ledger line of a campaign of several players a side names a player of side ${entry.side}`);
  const available = who ? who.points - who.spent : state.points[entry.side] - state.spent[entry.side];
  if (entry.kind === 'upgrade' && entry.cost > available) {
    throw new CampaignRuleError(`${who ? who.name : state.names[entry.side]} has ${available} points to spend; "${entry.text}" costs ${entry.cost}`);
  }
  const cost = entry.kind === 'upgrade' ? entry.cost : 0;
  const spent = { ...state.spent, [entry.side]: state.spent[entry.side] + cost };
  const line = { game: state.game, side: entry.side, ...(who ? { player: entry.player } : {}), kind: entry.kind, text: entry.text, cost };
  if (state.players) {
    const players = state.players.map((p, i) => (i === entry.player ? { ...p, spent: p.spent + cost, ...(force ? { force } : {}) } : p));
    return { ...state, spent, players, ledger: [...state.ledger, line] };
  }
  const forces = force ? { forces: { ...state.forces, [entry.side]: force } } : {};
  return { ...state, spent, ledger: [...state.ledger, line], ...forces };
}

/**
 * Where the campaign stands, as the ladder chart and the status mark it ("you are here"): the
 * next game and its rung; null once the campaign is over.
 */
export function campaignHere(state: CampaignState) {
  if (state.finished) return null;
  const rung = LADDER[state.rungIndex]!;
  return { game: state.game + 1, rung, name: rungName(rung), rungNumber: state.rungIndex + 1, rungs: LADDER.length, attacker: state.attacker };
}

/** What `status --format json` prints. */
export function campaignStatus(state: CampaignState) {
  return {
    game: state.game,
    here: campaignHere(state),
    rung: state.finished ? null : LADDER[state.rungIndex],
    attacker: state.attacker,
    points: state.points,
    available: { a: state.points.a - state.spent.a, b: state.points.b - state.spent.b },
    morale: state.morale,
    streak: state.streak,
    wins: state.wins,
    finished: state.finished,
    winner: state.winner,
    names: state.names,
    history: state.history,
    ledger: state.ledger,
    // every player, with his points: one a side where the campaign keeps sides
    players: playersOf(state).map((p) => ({ name: p.name, side: p.side, points: p.points, available: p.points - p.spent })),
  };
}
