import { z } from 'zod';
import type { HouseMark } from '../../data/house.js';
import { MAX_FORCE_COUNT, MAX_FORCE_MODELS, MAX_TURNS, intIn, kebabId, label, listOf, numberIn, prose } from '../../data/limits.js';
import { MAP_TYPES } from '../../data/terrain-schema.js';
import { TERRAIN_LOOKS } from '../../vocab/terrain-looks.js';
import { BA_FORCE_LISTS } from './force-limits.js';

/**
 * Blaze Away!'s own data beyond its tables: what a force file may name (data/blazeaway/forces/),
 * the bounds muster rolls a scenario within where the text leaves them to the designer
 * (data/blazeaway/scenarios/), and the force file a player writes
 * (docs/blazeaway-force-file.md). Numbers the text gives stay in the tables; these files point
 * at table rows by their `ref`.
 */

const id = kebabId('rifle');
/** a row of a rules table, by its `ref` mark */
const ref = kebabId('section');
const distance = z.object({ cm: numberIn(0, 1000), in: numberIn(0, 400) }).strict();

/**
 * A weapon: its numbers from a row of the small-arms ranges (7.1.1) or the mortars (7.3.9), or,
 * for one the text gives only in prose, its range and the section saying so.
 */
export const weapon = z
  .object({
    id,
    name: label,
    table: z.enum(['small-arms-ranges', 'mortars']).optional(),
    row: ref.optional(),
    /** the HE dice of a mortar: a row of the HE allocation table (7.3.4) */
    he: ref.optional(),
    range: distance.optional(),
    section: label.optional(),
    /** dice the section gives it, in words */
    dice: label.optional(),
  })
  .strict()
  .refine((w) => (w.table !== undefined && w.row !== undefined) !== (w.range !== undefined && w.section !== undefined), {
    message: 'give a weapon either a table and the row it is on, or its range and the section that gives it',
    path: ['table'],
  });

/** How a stand gets its orders: the unit's cards by rating, a card of its own, or none (a sniper). */
export const standOrders = z.enum(['platoon', 'own', 'none']);

export const standType = z
  .object({
    id,
    name: label,
    /** the basing table's row (3.2) its figures are checked against */
    basing: ref.optional(),
    /** a stand the basing table leaves out (a sniper): its figures and the section giving them */
    figures: intIn(1, 10).optional(),
    section: label.optional(),
    weapon: id,
    orders: standOrders,
  })
  .strict()
  .refine((s) => (s.basing !== undefined) !== (s.figures !== undefined && s.section !== undefined), {
    message: 'give a stand either its basing row, or its figures and the section that gives them',
    path: ['basing'],
  });

export const carrier = z.object({ id, name: label, transport: ref }).strict();

/** The kinds of anti-aircraft weapon 7.4.8 tells apart by their range. */
export const AA_WEAPONS = ['mg', 'cannon'] as const;

/** An anti-aircraft weapon kind (7.4.8): its range, which the text gives in its prose. */
export const aaWeapon = z.object({ id: z.enum(AA_WEAPONS), name: label, range: distance, section: label }).strict();

/** An aircraft type: a role of the aircraft orders table (7.4.1 to 7.4.6), by its row's ref. */
export const aircraftType = z.object({ role: ref }).strict();

export const unitKind = z.enum(['infantry', 'armour', 'motorised', 'gun', 'aircraft']);

/** How a force's order-card deck is cut from the deck of cards/ (4.1.1, 4.3). */
export const deckSizing = z
  .object({
    /** the title of the deck in cards/ a force's deck is cut from */
    deck: label,
    /** the orders a turn the deck's own counts are made for */
    perTurn: intIn(1, 100),
    /** the dummy card's id */
    dummy: id,
    /** cards only some units may take, sized on their orders alone */
    only: listOf(z.object({ card: id, kinds: listOf(unitKind, 5).min(1), section: label }).strict(), 20).default([]),
    note: prose.optional(),
  })
  .strict();

export const forcesDataFile = z
  .object({
    weapons: listOf(weapon, 100).optional(),
    stands: listOf(standType, 100).optional(),
    carriers: listOf(carrier, 50).optional(),
    aircraft: listOf(aircraftType, 20).optional(),
    antiAircraft: listOf(aaWeapon, 10).optional(),
    deck: deckSizing.optional(),
  })
  .strict();

/** A whole number a scenario rolls between; `least` may be left to the text's bounds table. */
const span = z
  .object({ least: intIn(0, 100), most: intIn(0, 100) })
  .strict()
  .refine((s) => s.least <= s.most, { message: 'least is more than most', path: ['most'] });
/** A chance on a die: `need` or more on `dice` ("1D6", 6: one game in six). */
const chance = z.object({ dice: z.enum(['1D6', '1D10']), need: intIn(1, 10) }).strict();

/** What an objective may stand in: where two lines cross, or a terrain look. */
const OBJECTIVE_ANCHORS = ['crossroads', 'bridge', ...TERRAIN_LOOKS] as const;

export const objective = z
  .object({
    id,
    name: label,
    /** what the attacker must do, in our own words; may use {{dist}} */
    brief: prose,
    /** places to take: 1 rolled across the table, or several spread evenly across it */
    points: intIn(1, 5),
    /** how far the objective stands from the defender's edge, as a share of the table's depth */
    depth: numberIn(0.05, 0.5),
    /** cm round each point that counts as holding it */
    radius: numberIn(5, 50),
    /** the terrain each point stands in, as its name says (a crossroads, a bridge, a hill...): laid there when terrain is */
    on: z.enum(OBJECTIVE_ANCHORS, { message: `one of: ${OBJECTIVE_ANCHORS.join(', ')}` }).optional(),
    /** the map type the objective names (a village), where it names one; else the map type is rolled */
    map: z.enum(MAP_TYPES, { message: `one of the map types: ${MAP_TYPES.join(', ')}` }).optional(),
  })
  .strict();

export const scenarioSetup = z
  .object({
    section: label,
    /** cm from its own edge the attacker deploys within, at most a quarter of the table */
    attackerDepth: numberIn(5, 100),
    night: chance,
    /** the shortest night game; the longest comes from the bounds table */
    nightTurnsLeast: intIn(1, MAX_TURNS),
    badWeather: chance,
    /** the barrage falls on a set turn rather than before the first */
    barrageSetTurn: chance,
    barrageTurn: span,
    /** aircraft a side besides any in its force */
    airSupport: span,
    mineSquares: span,
    wire: z.object({ short: span, long: span }).strict(),
    /** hidden movement by day (it is always used at night) */
    hidden: chance,
    hiddenDummies: span,
    snipers: z.object({ attacker: span, defender: span }).strict(),
    note: prose.optional(),
  })
  .strict();

export const scenariosFile = z
  .object({ setup: scenarioSetup.optional(), objectives: listOf(objective, 50).optional() })
  .strict();

/** A player's force file. */
const rating = label;
const standEntry = z
  .object({
    /** a stand type id or name (docs/blazeaway-force-file.md lists them) */
    type: label,
    count: intIn(1, MAX_FORCE_COUNT).default(1),
    /** figures on each stand; the basing table's fewest when left out */
    figures: intIn(1, 10).optional(),
  })
  .strict();

/**
 * A unit armed for air defence (7.4.8): machine guns or cannon, and the D20 it rolls at an
 * aircraft, 2 for a multi-barrelled weapon or one over 37 mm firing explosive shells.
 */
const antiAircraft = z
  .object({
    weapon: z.enum(AA_WEAPONS, { message: 'mg or cannon: anti-aircraft machine guns reach 40 cm, cannon 80 cm (7.4.8)' }),
    dice: z
      .number({ message: '1 or 2: the D20 it rolls, 2 for a multi-barrelled weapon or one over 37 mm firing explosive shells (7.4.8)' })
      .int('1 or 2: the D20 it rolls, 2 for a multi-barrelled weapon or one over 37 mm firing explosive shells (7.4.8)')
      .min(1, '1 or 2: the D20 it rolls, 2 for a multi-barrelled weapon or one over 37 mm firing explosive shells (7.4.8)')
      .max(2, '1 or 2: the D20 it rolls, 2 for a multi-barrelled weapon or one over 37 mm firing explosive shells (7.4.8)')
      .default(1),
  })
  .strict();

const common = {
  name: label,
  /** the unit's command rating; the force's when left out */
  rating: rating.optional(),
  notes: prose.optional(),
};

export const infantryUnit = z
  .object({
    ...common,
    kind: z.literal('infantry'),
    stands: listOf(standEntry, BA_FORCE_LISTS['units[].stands']).min(1, 'at least one stand'),
    /** stands the scenario assigns to air defence, and their fire (7.4.8) */
    aa: antiAircraft.optional(),
  })
  .strict();

const vehicleFields = {
  ...common,
  /** the model's name: Panzer IV (late), Universal Carrier */
  vehicle: label,
  models: intIn(1, MAX_FORCE_COUNT).default(1),
  /** A to E (7.2.4) */
  armourClass: label,
  /** the class's +1 or −1 for this vehicle, as the armour class table gives it */
  armourModifier: intIn(-3, 3).default(0),
  /** 1 to 5 (7.2.6); none for a vehicle without a gun */
  gunGroup: intIn(1, 99).optional(),
  gunModifier: intIn(-3, 3).default(0),
  /** crew rating (7.2.2); the unit's command rating when left out */
  crew: rating.optional(),
  /** individual: a card for each model; squadron: cards by the command rating; passengers: the carried stands' cards */
  orders: z.enum(['individual', 'squadron', 'passengers']).optional(),
  /**
   * an unarmoured vehicle, which takes no order card (3.3); left out, a motorised unit of armour
   * class E with no plus is one (muster's reading: 7.2.4 puts all softskins in E, carriers at E +1)
   */
  softskin: z.boolean({ error: 'true or false: true for an unarmoured vehicle, which moves on the cards of the unit it serves (3.3)' }).optional(),
  /** other weapons, by weapon id: afv-mg, vehicle-flamethrower */
  weapons: listOf(label, BA_FORCE_LISTS['units[].weapons']).default([]),
  /** what each model carries: a carrier id and the stands it holds */
  carrier: label.optional(),
  carries: intIn(0, 20).optional(),
  /** a rocket launcher (Nebelwerfer, Katyusha): its volleys are counted on the Unit Sheet (7.3.10) */
  rockets: z.boolean({ error: 'true or false: true for a rocket launcher, whose volleys are counted (7.3.10)' }).optional(),
  /** an anti-aircraft vehicle (Wirbelwind, M16): its fire at aircraft (7.4.8) */
  aa: antiAircraft.optional(),
};

export const armourUnit = z.object({ ...vehicleFields, kind: z.literal('armour') }).strict();
export const motorisedUnit = z.object({ ...vehicleFields, kind: z.literal('motorised') }).strict();

export const gunUnit = z
  .object({
    ...common,
    kind: z.literal('gun'),
    /** the gun's name: 7.5 cm PaK 40, 6-pounder */
    gun: label,
    models: intIn(1, MAX_FORCE_COUNT).default(1),
    /** crew figures with each gun (3.2) */
    figures: intIn(1, 10).optional(),
    gunGroup: intIn(1, 99),
    gunModifier: intIn(-3, 3).default(0),
    crew: rating.optional(),
    /** a rocket launcher (Nebelwerfer, Katyusha): its volleys are counted on the Unit Sheet (7.3.10) */
    rockets: z.boolean({ error: 'true or false: true for a rocket launcher, whose volleys are counted (7.3.10)' }).optional(),
    /** an anti-aircraft gun (Flak 38, Bofors): its fire at aircraft (7.4.8) */
    aa: antiAircraft.optional(),
  })
  .strict();

export const aircraftUnit = z
  .object({
    ...common,
    kind: z.literal('aircraft'),
    /** the model's name: Typhoon, Il-2 */
    aircraft: label,
    models: intIn(1, 20).default(1),
    /** a role of the aircraft orders table: Reconnaissance, Air Cover, Fighter attack, Bomber attack, Tankbuster */
    type: label,
  })
  .strict();

export const forceUnit = z.discriminatedUnion('kind', [infantryUnit, armourUnit, motorisedUnit, gunUnit, aircraftUnit], {
  error: (issue) => (issue.code === 'invalid_union' ? 'one of infantry, armour, motorised, gun, aircraft' : undefined),
});

export const forceFile = z
  .object({
    name: label,
    /** axis or allies: a drawn opponent comes from the other side */
    side: z.enum(['axis', 'allies']),
    nation: label,
    /** the force's command rating (4.1), for every unit that gives none */
    rating,
    /** partisans, resistance or irregulars: never better than Confident (3.6) */
    partisans: z.boolean().default(false),
    /** the colour of the order deck: a copy of the deck in cards/ (Red, Blue) */
    colour: label.optional(),
    notes: prose.optional(),
    units: listOf(forceUnit, BA_FORCE_LISTS.units).min(1, 'at least one unit'),
  })
  .strict()
  // a sheet with a box for every figure: a bound far past a brigade keeps it printable
  .refine((f) => f.units.reduce((n, u) => n + (u.kind === 'infantry' ? u.stands.reduce((m, s) => m + s.count, 0) : u.models), 0) <= MAX_FORCE_MODELS, {
    message: `at most ${MAX_FORCE_MODELS} stands and models in a force`,
    path: ['units'],
  });

export type BaWeapon = z.infer<typeof weapon>;
/** A stand type as loaded: a house folder's carries the folder's name, printed as its mark. */
export type BaStandType = z.infer<typeof standType> & HouseMark;
export type BaCarrier = z.infer<typeof carrier>;
export type BaAaWeapon = z.infer<typeof aaWeapon>;
export type BaDeckSizing = z.infer<typeof deckSizing>;
export type BaUnitKind = z.infer<typeof unitKind>;
export type BaObjective = z.infer<typeof objective>;
export type BaScenarioSetup = z.infer<typeof scenarioSetup>;
export type BaSpan = z.infer<typeof span>;
export type BaChance = z.infer<typeof chance>;
export type BaForce = z.infer<typeof forceFile>;
export type BaForceInput = z.input<typeof forceFile>;
export type BaForceUnit = z.infer<typeof forceUnit>;
export type BaInfantryUnit = z.infer<typeof infantryUnit>;
export type BaVehicleUnit = z.infer<typeof armourUnit> | z.infer<typeof motorisedUnit>;
export type BaGunUnit = z.infer<typeof gunUnit>;
export type BaAircraftUnit = z.infer<typeof aircraftUnit>;
