import { z } from 'zod';
import type { HouseMark } from '../../data/house.js';
import { MAX_DISTANCE_CM, MAX_DISTANCE_IN, MAX_FORCE_COUNT, MAX_POINTS, intIn, kebabId, label, listOf, numberIn, prose } from '../../data/limits.js';

/**
 * Burst of Fire's arsenal as data: nations, doctrines and their detachments, units and
 * weapons. This is muster's own data (the doctrine lists are not in the rules text); the
 * historical facts behind each stat are recorded with it.
 */

const id = kebabId('panzer-iv-h');
const distance = z.object({ cm: numberIn(0, MAX_DISTANCE_CM).positive(), in: numberIn(0, MAX_DISTANCE_IN).positive() }).strict();
export const quality = z.enum(['conscript', 'regular', 'elite']);
export const unitType = z.enum([
  'ranking-officer',
  'squad-leader',
  'infantry',
  'crew',
  'support-weapon',
  'afv',
  'transport',
  'plane',
]);
/** A game value: an attack or armour value, a cost (built-in: at most 24). */
const nonNegative = intIn(0, 100);
/** How many of something a unit has or does: attacks, shots, crew, orders. */
const few = (min: number) => intIn(min, 50);

export const weapon = z
  .object({
    id,
    name: label,
    kind: z.enum([
      'pistol',
      'rifle',
      'smg',
      'automatic-rifle',
      'lmg',
      'sniper-rifle',
      'small-mortar',
      'at-rifle',
      'flamethrower',
      'knife',
      'bayonet',
      'hand-grenade',
      'smoke-grenade',
      'at-grenade',
      'satchel-charge',
      'rocket-launcher',
      'recoilless',
    ]),
    slot: z.enum(['primary', 'side']),
    /** small-arms attack value: the 4D6 roll needed at far range before modifiers */
    attack: nonNegative.optional(),
    he: nonNegative.optional(),
    ap: nonNegative.optional(),
    /** added to the melee value */
    melee: intIn(-100, 100).optional(),
    attacksPerTurn: few(1).default(1),
    range: distance.optional(),
    minRange: distance.optional(),
    /** shots per game; absent means unlimited */
    ammo: few(1).optional(),
    /** single use: grenades, satchel charges, Panzerfausts */
    singleUse: z.boolean().optional(),
    blast: distance.optional(),
    /** heavy gear: the carrier may not double move and has one action */
    heavy: z.boolean().optional(),
    /** points to add this weapon to a soldier; the default carbine costs 0 */
    cost: nonNegative,
    nations: listOf(id, 50).optional(),
    notes: z.array(prose).max(3).default([]),
  })
  .strict();

const armourPoints = z.object({ front: nonNegative, side: nonNegative, rear: nonNegative, top: nonNegative }).strict();
const mm = numberIn(0, 1000);
const armourMm = z.object({ front: mm, side: mm, rear: mm, top: mm }).strict();

export const unit = z
  .object({
    id,
    name: label,
    nation: id,
    type: unitType,
    /** what it is, in a few words: "medium tank", "half-track", "AT gun", "dive bomber" */
    role: label,
    movement: z.enum(['foot', 'wheeled', 'half-tracked', 'tracked', 'horse', 'towed', 'static', 'air']),
    /** D6 rolled per move, for vehicles and horses */
    mobility: z.number().int().min(1).max(8).optional(),
    /** one point for about 15 mm, front/side/rear/top */
    armour: armourPoints.optional(),
    /** the historical thickness the points come from */
    armourMm: armourMm.optional(),
    attack: nonNegative.optional(),
    he: nonNegative.optional(),
    ap: nonNegative.optional(),
    attacksPerTurn: few(1).optional(),
    /** bombing attacks per game, for planes */
    bombs: few(1).optional(),
    blast: distance.optional(),
    crew: few(1).optional(),
    passengers: few(0).optional(),
    actions: z.number().int().min(1).max(3),
    /** the weapons a soldier or officer carries by default */
    weapons: listOf(id, 20).default([]),
    turret: z.boolean().optional(),
    openTop: z.boolean().optional(),
    doubleBurst: z.boolean().optional(),
    overheats: z.boolean().optional(),
    gunShield: z.boolean().optional(),
    /** what a vehicle can tow, or what a towed gun needs */
    tows: z.enum(['light', 'medium', 'heavy']).optional(),
    towClass: z.enum(['light', 'medium', 'heavy']).optional(),
    /** up to three short rules reminders in our own words */
    notes: z.array(prose).max(3).default([]),
    /** the historical basis of the stats */
    source: prose,
    /** a cost set by hand instead of the formula, and why */
    costOverride: z.object({ cost: intIn(0, MAX_POINTS), reason: prose.min(10) }).strict().optional(),
  })
  .strict();

export const officerRules = z
  .object({
    unit: id,
    /** actions he may order per activation */
    orders: few(1),
    radius: distance,
    /** how often he may be activated in a turn */
    activations: few(1),
  })
  .strict();

export const detachment = z
  .object({
    id,
    name: label,
    officer: officerRules,
    /** Random Event & Effect cards drawn before the game */
    eventCards: few(1),
    qualities: z.array(quality).min(1).max(3),
    /** units every force of this detachment fields */
    core: listOf(z.object({ unit: id, count: intIn(1, MAX_FORCE_COUNT), quality: quality.optional() }).strict(), 50),
    /** units it may buy */
    options: listOf(id).min(1),
    /** weapons its soldiers may buy */
    weapons: listOf(id).default([]),
    special: prose.optional(),
  })
  .strict();

export const doctrine = z
  .object({
    id,
    nation: id,
    name: label,
    kind: z.enum(['infantry', 'mobile-reconnaissance', 'armor', 'support', 'paratroopers', 'cavalry']),
    blurb: prose,
    detachments: listOf(detachment, 50).min(1),
  })
  .strict();

export const nation = z
  .object({
    id,
    name: label,
    side: z.enum(['axis', 'allies']),
    /** card colour, e.g. field grey for Germany */
    colour: z.string().regex(/^#[0-9a-f]{6}$/, 'a colour like "#4f5b62"').optional(),
    /** the solo rules' D6 roll for a doctrine */
    doctrineRoll: z.array(z.object({ roll: z.array(z.number().int().min(1).max(6)).min(1).max(6), doctrine: id }).strict()).min(1).max(6),
    /** where the doctrine roll is muster's, not one of the text's examples: why; its result prints with the mark */
    doctrineRollReading: prose.optional(),
  })
  .strict();

export const arsenalFile = z
  .object({
    /**
     * muster's reading the file's units stand on, such as "the text gives no stats or points":
     * each card of a unit from such a file carries the reading mark once, at its foot (cost and score)
     */
    reading: prose.optional(),
    nations: listOf(nation).optional(),
    weapons: listOf(weapon).optional(),
    units: listOf(unit).optional(),
    doctrines: listOf(doctrine).optional(),
  })
  .strict();

export type Quality = z.infer<typeof quality>;
export type UnitType = z.infer<typeof unitType>;
export type Weapon = z.infer<typeof weapon>;
/** A unit as loaded: a house folder's carries the folder's name, printed as its mark. */
export type Unit = z.infer<typeof unit> & HouseMark;
export type Detachment = z.infer<typeof detachment>;
export type Doctrine = z.infer<typeof doctrine>;
export type Nation = z.infer<typeof nation>;
export type ArsenalFile = z.infer<typeof arsenalFile>;
