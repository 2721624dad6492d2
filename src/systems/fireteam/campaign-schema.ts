import { z } from 'zod';
import type { StateFormat } from '../../data/state-file.js';
import { kebabId, MAX_SIDE_NAME_LENGTH, textOf } from '../../data/limits.js';
import { MAP_TYPES } from '../../data/terrain-schema.js';
import { forceFile } from './schema.js';

const SQUARE_ID = /^[A-Z][1-9][0-9]?$/;
const squareId = z.string().regex(SQUARE_ID, 'a square is named by its column letter and row number, like C4');
const side = z.enum(['a', 'b']);
const text = (max: number) => z.string().trim().pipe(textOf(max));
const whole = (min: number, max: number) => z.number().int().min(min).max(max);
const bounds = z.tuple([whole(0, 20), whole(0, 20)]).refine(([lo, hi]) => lo <= hi, 'the lower bound first');

/** A campaign map as data: a club may draw its own (docs/design.md, The rule sets). */
export const campaignMap = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by hyphens').max(40),
    name: text(80),
    section: text(120),
    story: text(400),
    sides: z.object({ a: z.object({ name: text(40), list: text(40) }).strict(), b: z.object({ name: text(40), list: text(40) }).strict() }).strict(),
    columns: whole(2, 12),
    rows: whole(2, 12),
    deploy: z.object({ a: z.array(squareId).min(1).max(40), b: z.array(squareId).min(1).max(40) }).strict(),
    breakout: z.object({ a: z.array(squareId).min(1).max(40), b: z.array(squareId).min(1).max(40) }).strict(),
    river: z
      .object({
        name: text(40),
        cut: z.array(z.tuple([squareId, squareId])).max(100),
        /** where the river is crossed between two squares it would part: drawn as a bridge or a ford on the campaign map */
        crossings: z.array(z.object({ between: z.tuple([squareId, squareId]), kind: z.enum(['bridge', 'ford']) }).strict()).max(100).optional(),
      })
      .strict()
      .optional(),
    endAfterTurns: whole(1, 50),
    forces: z
      .object({ core: whole(0, 40), corePerPlayer: whole(0, 20), encounter: whole(0, 20), attackAndDefence: whole(0, 40), attack: bounds, defence: bounds })
      .strict(),
    note: text(1000).optional(),
    squares: z
      .array(
        z
          .object({
            id: squareId,
            name: text(60),
            terrain: text(200),
            /**
             * the terrain line read as a map (muster's reading): its map type's counts, rolled
             * when left out; the terrain types the line names, the only ones laid (every type of
             * the map type when left out); the roads across it, the first from one side's edge
             * to the other's, a second across that one (a crossroads)
             */
            map: z.enum(MAP_TYPES, { message: `one of the map types: ${MAP_TYPES.join(', ')}` }).optional(),
            types: z.array(kebabId('woods')).min(1).max(12).optional(),
            roads: whole(1, 2).optional(),
            jops: z.object({ attacker: whole(1, 6), defender: whole(1, 6) }).strict(),
          })
          .strict(),
      )
      .min(4)
      .max(144),
  })
  .strict();

export const campaignFile = z.object({ campaign: campaignMap }).strict();
export type CampaignMap = z.infer<typeof campaignMap>;
export type Side = z.infer<typeof side>;

/** One die of a roll log, as a battle packet's appendix prints it. */
const rollRecord = z
  .object({
    purpose: z.string().max(200),
    dice: z.string().max(20),
    faces: z.array(z.number().int().min(1).max(100)).max(20),
    total: z.number().int().min(0).max(2000),
    decided: z.string().max(200),
  })
  .strict();

const pendingBattle = z
  .object({
    battle: whole(1, 2),
    kind: z.enum(['encounter', 'attack']),
    /** the square fought over (an encounter over two squares side by side: the one `ground` chose) */
    square: squareId,
    /**
     * the square each side assaulted this turn (an encounter fought over two: both); null for a
     * side that holds instead (a turn of one assault: version 3)
     */
    squares: z.object({ a: squareId.nullable(), b: squareId.nullable() }).strict(),
    attacker: side.nullable(),
    /** reinforcement points a side brings to this battle */
    points: z.object({ a: whole(0, 20), b: whole(0, 20) }).strict(),
    result: z.enum(['a', 'b', 'draw']).nullable(),
    /**
     * an encounter over two squares: the side whose square is fought on and the roll-off that
     * chose it (muster's reading; the text does not say where such an encounter is fought)
     */
    ground: z.object({ side, rolls: z.array(rollRecord).min(2).max(40) }).strict().optional(),
  })
  .strict();

const battleEntry = z
  .object({
    turn: whole(1, 50),
    battle: whole(1, 2),
    kind: z.enum(['encounter', 'attack']),
    square: squareId,
    attacker: side.nullable(),
    winner: z.enum(['a', 'b', 'draw']),
    event: text(300),
  })
  .strict();

/** a turn both sides held: no battle was fought (version 3) */
const holdEntry = z.object({ turn: whole(1, 50), kind: z.literal('hold'), event: text(300) }).strict();

const logEntry = z.union([battleEntry, holdEntry]);

/**
 * A player of a side of several (the campaign's Forces: "4 per player assuming 2-a-side"): his
 * name, his side and his own force, a platoon (or more) and his list of reinforcements.
 */
const campaignPlayer = z.object({ name: text(MAX_SIDE_NAME_LENGTH), side, force: forceFile.optional() }).strict();
export type FireTeamPlayer = z.infer<typeof campaignPlayer>;

/** Players a side at most: the text's core is 4 points a player with two a side, of a side's 8. */
export const MAX_TEAM = 2;

/**
 * Version 2 adds the sides' own forces. A state without them is written as version 1, the very
 * bytes an older muster wrote and reads; one with them as version 2, which an older muster
 * refuses as newer than it rather than half-reading. Version 3 adds holds (the Turn Sequence's
 * "may" assault): a turn's battle that one side alone assaulted, a turn both sides held; a state
 * that has one is version 3 from then on. Version 4 adds `players`, more than one player a side,
 * each with his own platoon: a state with them is version 4 from its start. Version 5 adds
 * `fielded`, what the last turn's packets fielded, kept once a turn's battles are all recorded:
 * a state that has it is version 5 from then on, and one without it reads as before (its next
 * packet prints every card).
 */
export const STATE_VERSION = 5;

export const fireTeamCampaignState = z
  .object({
    version: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
    system: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a rule-set id such as fireteam').max(40),
    campaign: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(40),
    seed: z.string().max(200),
    names: z.object({ a: text(MAX_SIDE_NAME_LENGTH), b: text(MAX_SIDE_NAME_LENGTH) }).strict(),
    lists: z.object({ a: text(40), b: text(40) }).strict(),
    /** each side's own force, by value as its file gave it when the campaign began (its list by id); a side left out is bought by the dice */
    forces: z.object({ a: forceFile.optional(), b: forceFile.optional() }).strict().optional(),
    /**
     * more than one player a side (version 4): every player, side A's first, each with his own
     * force, his platoon and his reinforcements (or none, where his side is bought by the dice);
     * `forces` is then absent
     */
    players: z.array(campaignPlayer).min(3).max(2 * MAX_TEAM).optional(),
    /**
     * each side's force as the last turn's packets fielded it, one a battle (version 5): the next
     * turn's packets print only the cards new or changed since (reinforcements differ from battle
     * to battle); absent before the first turn is recorded, and every card is printed
     */
    fielded: z.object({ turn: whole(1, 50), a: z.array(forceFile).min(1).max(2), b: z.array(forceFile).min(1).max(2) }).strict().optional(),
    /** the turn being played, from 1 */
    turn: whole(1, 51),
    /** who holds each square; a square nobody holds is left out */
    owners: z.record(squareId, side),
    pending: z.array(pendingBattle).max(2),
    log: z.array(logEntry).max(100),
    finished: z.boolean(),
    winner: side.nullable(),
    /** why it ended */
    outcome: z.string().max(300).nullable(),
  })
  .strict()
  .superRefine((state, ctx) => {
    if (state.winner !== null && !state.finished) ctx.addIssue({ code: 'custom', path: ['winner'], message: 'is set but the campaign is not finished' });
    if (state.finished && state.pending.length > 0) ctx.addIssue({ code: 'custom', path: ['pending'], message: 'a finished campaign has no battles to fight' });
    if (state.forces !== undefined && state.version < 2) ctx.addIssue({ code: 'custom', path: ['version'], message: 'a state with forces is version 2' });
    if (state.fielded !== undefined && state.version < 5) ctx.addIssue({ code: 'custom', path: ['version'], message: 'a state with fielded is version 5' });
    if (state.fielded !== undefined && (state.fielded.turn > state.turn || (state.fielded.turn === state.turn && !state.finished))) {
      ctx.addIssue({ code: 'custom', path: ['fielded', 'turn'], message: `is ${state.fielded.turn}, but the turn being played is ${state.turn}: fielded is a turn played before it` });
    }
    if (hasHold(state) && state.version < 3) ctx.addIssue({ code: 'custom', path: ['version'], message: 'a state where a side held is version 3' });
    if (state.players) {
      if (state.version < 4) ctx.addIssue({ code: 'custom', path: ['version'], message: 'a state with players is version 4' });
      if (state.forces !== undefined) ctx.addIssue({ code: 'custom', path: ['forces'], message: 'is set, but each player keeps his own force (players[N].force)' });
      for (const s of ['a', 'b'] as const) {
        const of = state.players.filter((p) => p.side === s);
        if (of.length === 0 || of.length > MAX_TEAM) ctx.addIssue({ code: 'custom', path: ['players'], message: `side ${s} has ${of.length} players; a side has 1 or ${MAX_TEAM}` });
        if (of.some((p) => p.force) && !of.every((p) => p.force)) ctx.addIssue({ code: 'custom', path: ['players'], message: `the players of side ${s} bring a force each, or none (the dice buy the side)` });
      }
      state.players.forEach((p, i) => {
        if (i > 0 && p.side === 'a' && state.players![i - 1]!.side === 'b') ctx.addIssue({ code: 'custom', path: ['players', i, 'side'], message: "is a, after a player of side b: side A's players come first" });
      });
    }
  });

/** Whether a side held in the state: a battle one side alone assaulted, or a turn both held. */
export function hasHold(state: { pending: readonly { squares: { a: string | null; b: string | null } }[]; log: readonly { kind: string }[] }): boolean {
  return state.pending.some((p) => p.squares.a === null || p.squares.b === null) || state.log.some((l) => l.kind === 'hold');
}

export type FireTeamCampaignState = z.infer<typeof fireTeamCampaignState>;
export type CampaignLogEntry = z.infer<typeof logEntry>;
export type BattleLogEntry = z.infer<typeof battleEntry>;
export type PendingBattle = z.infer<typeof pendingBattle>;

export const FIRETEAM_CAMPAIGN_FORMAT: StateFormat<FireTeamCampaignState> = { schema: fireTeamCampaignState, version: STATE_VERSION, what: 'campaign state' };
