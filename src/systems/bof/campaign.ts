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
    event: label(400, true),
  })
  .strict();

/**
 * A line of a side's ledger: an upgrade paid for, salvage taken, or a note. Where the side's
 * force is kept, an upgrade or salvage was applied to it; else the line is all there is.
 */
export const ledgerEntry = z
  .object({ game: count(MAX_GAMES), side, kind: z.enum(['upgrade', 'salvage', 'note']), text: label(200), cost: count(MAX_POINTS) })
  .strict();

/**
 * Lines a campaign's ledger keeps, both sides together: ten games of upgrades, salvage and notes
 * at twenty a game. A record that would add past it is refused rather than the oldest lines
 * dropped: the upgrades among them are what a side's spent points were paid for, and the
 * booklet prints them.
 */
export const MAX_LEDGER_LINES = 200;

/** The state file's version: 2 keeps the forces and the solo player's army; a version 1 file reads as a campaign without them. */
const STATE_VERSION = 2;

export const campaignState = z
  .object({
    version: z.union([z.literal(1), z.literal(STATE_VERSION)]).transform(() => STATE_VERSION),
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
    if (state.solo) {
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
  return {
    version: STATE_VERSION,
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
    event,
  };
  return {
    ...state,
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
    ...(state.forces ? { forcesPlayed: state.forces } : {}),
  };
}

/**
 * Logs an upgrade, salvage or note (How to upgrade core units; Salvaged vehicles and weapons),
 * and where the side's force is kept, puts the force as the change left it in its place.
 */
export function addLedger(state: CampaignState, entry: { side: Side; kind: 'upgrade' | 'salvage' | 'note'; text: string; cost: number }, force?: CampaignForce): CampaignState {
  const available = state.points[entry.side] - state.spent[entry.side];
  if (entry.kind === 'upgrade' && entry.cost > available) {
    throw new CampaignRuleError(`${state.names[entry.side]} has ${available} points to spend; "${entry.text}" costs ${entry.cost}`);
  }
  const spent = entry.kind === 'upgrade' ? { ...state.spent, [entry.side]: state.spent[entry.side] + entry.cost } : state.spent;
  const forces = force ? { forces: { ...state.forces, [entry.side]: force } } : {};
  return { ...state, spent, ledger: [...state.ledger, { game: state.game, ...entry, cost: entry.kind === 'upgrade' ? entry.cost : 0 }], ...forces };
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
  };
}
