import { z } from 'zod';
import { MAX_POINTS, intIn, kebabId, label, listOf, numberIn, prose } from '../../data/limits.js';

/**
 * Fire Team's own data: the army lists as the force check reads them (data/fireteam/lists/),
 * the battles muster rolls (data/fireteam/battles/), and the force file a player writes
 * (docs/fireteam-force-file.md).
 */

const id = kebabId('fallschirmjager');
/** a card of the cards/ decks, one team of a force */
const cardId = kebabId('fj-ft1');
const colour = z.string().regex(/^#[0-9a-f]{6}$/, 'a colour like "#7a3b2e"');
/** points as the lists give them: whole or half points (Finnish squads 1.5, support 0.5) */
const points = numberIn(0, 100).refine((p) => Number.isInteger(p * 2), 'whole or half points');

/** The three qualities of Troops capabilities. */
export const quality = z.enum(['raw', 'average', 'veteran']);

const part = z.object({ points, teams: listOf(cardId, 50).min(1) }).strict();
/** A part a platoon has from `min` to `max` of; no `max` where the text gives no limit. */
const countedPart = part
  .extend({ min: intIn(0, 20), max: intIn(0, 20).optional() })
  .strict()
  .refine((p) => p.max === undefined || p.min <= p.max, { message: 'min is more than max', path: ['max'] });

export const pick = z
  .object({
    id,
    name: label,
    /** null: the text gives no points, so the pick cannot be bought */
    points: points.nullable(),
    /** the teams it brings, a card id each (an id twice for two teams) */
    teams: listOf(cardId, 50).default([]),
    /** the pick brings one of these vehicles, which the force names */
    vehicles: listOf(cardId, 20).min(2).optional(),
    /** where the pick's men differ from the list's quality (scouts are veterans) */
    quality: quality.optional(),
    note: prose.optional(),
  })
  .strict()
  .refine((p) => p.teams.length > 0 || p.vehicles !== undefined, { message: 'a pick brings at least one team', path: ['teams'] });

export const armyList = z
  .object({
    id,
    name: label,
    quality,
    /** a drawn opponent comes from the other side */
    side: z.enum(['axis', 'allies']),
    colour,
    platoon: z
      .object({
        hq: part,
        squads: countedPart,
        weaponsSections: countedPart.optional(),
        /** a squad may swap this team's card for another: sections armed with SMGs */
        smg: z.object({ team: cardId, becomes: cardId }).strict().optional(),
      })
      .strict(),
    reinforcements: listOf(pick, 50).default([]),
    note: prose.optional(),
  })
  .strict();

export const listsFile = z.object({ list: armyList }).strict();

/** Where a side's patrol markers start, in inches: depth from its own edge, margin from the flanks. */
const zone = z
  .object({
    from: numberIn(0, 200),
    /** a number, or "half": up to the line between the halves */
    to: z.union([numberIn(0, 200), z.literal('half')]),
    margin: numberIn(0, 100),
    /** markers stand this far apart along the edge, or closer on a narrow table */
    spacing: numberIn(1, 100),
  })
  .strict()
  .refine((z) => z.to === 'half' || z.from < z.to, { message: 'from must be less than to', path: ['to'] });

const bounds = z
  .tuple([intIn(0, MAX_POINTS), intIn(0, MAX_POINTS)])
  .refine(([lo, hi]) => lo <= hi, 'the lower bound first');

export const battle = z
  .object({
    id,
    name: label,
    /** the section of the text the battle comes from */
    section: label,
    /** throw: the sides throw for it; scenario: the first side attacks */
    attacker: z.enum(['throw', 'scenario']),
    /** the edges the sides come from: the table's long edges or its short ones */
    edges: z.enum(['long', 'short']),
    /** core points a player */
    corePerPlayer: numberIn(0, 100),
    /** reinforcement points a side, from and to (rolled between them) */
    reinforcements: z.object({ attacker: bounds, defender: bounds }).strict(),
    /** jump-off points each side places */
    jops: z.object({ attacker: intIn(1, 10), defender: intIn(1, 10) }).strict(),
    patrol: z.object({ attacker: zone, defender: zone }).strict(),
    /** a line or two for the briefing, in our own words */
    brief: prose,
    note: prose.optional(),
  })
  .strict();

const patrolRules = z
  .object({
    section: label,
    markers: intIn(1, 20),
    perExtraPlatoon: intIn(0, 5),
    /** inches: a side's markers stay this close to each other */
    together: numberIn(1, 100),
    /** inches: markers this close to an enemy marker lock */
    lock: numberIn(1, 100),
    /** inches: JOPs go this close to a patrol marker */
    jopRange: numberIn(1, 100),
    note: prose.optional(),
  })
  .strict();

const deployRules = z.object({ section: label, jopRadius: numberIn(1, 100), perJopPerTurn: intIn(1, 10) }).strict();

export const battlesFile = z
  .object({ patrol: patrolRules.optional(), deploy: deployRules.optional(), battles: listOf(battle, 50).optional() })
  .strict();

/** A player's force file. */
export const platoonEntry = z
  .object({
    squads: intIn(0, 20),
    weaponsSections: intIn(0, 20).default(0),
    /** squads whose rifle team carries SMGs instead (where the list allows it) */
    smgSquads: intIn(0, 20).default(0),
    /** a name for the roster */
    label: label.optional(),
  })
  .strict();

export const forceFile = z
  .object({
    name: label,
    /** an army list id or name */
    list: label,
    points: z.object({ core: numberIn(0, MAX_POINTS), reinforcements: numberIn(0, MAX_POINTS) }).strict(),
    platoons: listOf(platoonEntry, 20).min(1, 'at least one platoon'),
    /**
     * `veteranCrew`: the pick's tank (any vehicle armed with a gun) has a veteran crew (Special
     * Units: Veteran tank crews), at no points, as the text gives none (muster's reading)
     */
    reinforcements: listOf(z.object({ pick: label, vehicle: label.optional(), veteranCrew: z.boolean().optional() }).strict(), 100).default([]),
  })
  .strict();

export type FtQuality = z.infer<typeof quality>;
export type FtList = z.infer<typeof armyList>;
export type FtPick = z.infer<typeof pick>;
export type FtBattle = z.infer<typeof battle>;
export type FtZone = z.infer<typeof zone>;
export type FtPatrolRules = z.infer<typeof patrolRules>;
export type FtDeployRules = z.infer<typeof deployRules>;
export type FtForce = z.infer<typeof forceFile>;
export type FtForceInput = z.input<typeof forceFile>;
