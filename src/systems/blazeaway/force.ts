import type { ForceProblem } from '../../data/force-file.js';
import type { AircraftRole, BlazeAwayData, CommandRating } from './data.js';
import type { BaAaWeapon, BaCarrier, BaForce, BaForceUnit, BaStandType, BaUnitKind, BaWeapon } from './schema.js';

/** Stands of one type in a unit, with the figures on each. */
export interface StandGroup {
  type: BaStandType;
  count: number;
  figures: number;
}

/** A loss count and the share of the unit it stands for. */
export interface LossPoint {
  losses: number;
  percent: number;
}

/** One unit of a force as checked: what it is, what it fields and what the rules give it. */
export interface CheckedUnit {
  /** the entry it comes from, as problems name it: "units[2] 1. Zug" */
  where: string;
  unit: BaForceUnit;
  kind: BaUnitKind;
  /** its command rating; undefined where the file names one the table lacks */
  rating: CommandRating | undefined;
  /** vehicles and guns: the crew rating (7.2.2) */
  crew?: string;
  /** infantry: its stands by type */
  groups: StandGroup[];
  /** vehicles, guns, aircraft: models; infantry: 0 */
  models: number;
  /** stands (infantry) or models (the rest) */
  stands: number;
  /** figures that come off as losses: infantry and gun crews; models for vehicles and aircraft */
  figures: number;
  /** 8.1 for infantry (and gun crews); `table` when read from the table rather than the share */
  breakingPoint?: LossPoint & { table: boolean };
  /** 8.2 for vehicles: the losses at which the unit withdraws, as a guide, by its crew rating */
  withdraw?: LossPoint;
  /** order cards a turn (4.1.1) */
  orders: number;
  armourClass?: string;
  armourModifier: number;
  gunGroup?: number;
  gunModifier: number;
  weapons: BaWeapon[];
  carrier?: BaCarrier;
  carries?: number;
  /** an unarmoured vehicle: it moves on the cards of the unit it belongs to (3.3) */
  softskin?: boolean;
  role?: AircraftRole;
  /** air defence (7.4.8): its weapon kind and the D20 it rolls at an aircraft */
  aa?: { weapon: BaAaWeapon; dice: number };
}

export interface BaRoster {
  force: BaForce;
  rating: CommandRating | undefined;
  units: CheckedUnit[];
  /** order cards the force places a turn */
  ordersPerTurn: number;
  /** the deck copy whose colour its cards take */
  colour: { name: string; colour: string };
  /** cards of its own deck, by card id */
  deck: ReadonlyMap<string, number>;
  problems: ForceProblem[];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Half up, as a player rounds a share of figures: 4.5 is 5. */
export function roundHalfUp(x: number): number {
  return Math.floor(x + 0.5 + 1e-9);
}

export function findRating(data: BlazeAwayData, name: string): CommandRating | undefined {
  return data.ratings.find((r) => same(r.name, name));
}

export function findStandType(data: BlazeAwayData, wanted: string): BaStandType | undefined {
  return data.stands.get(wanted.trim().toLowerCase()) ?? [...data.stands.values()].find((s) => same(s.name, wanted));
}

/** The figures a stand type may have: its basing row's, or its own (a sniper's 1). */
export function standFigures(data: BlazeAwayData, type: BaStandType): { from: number; to: number } {
  if (type.figures !== undefined) return { from: type.figures, to: type.figures };
  return data.basing.get(type.basing!)!.figures!;
}

/**
 * 8.1: an infantry unit breaks at the table's figures for its stands (3 to 6) and rating. The
 * table is built on about 3 figures a stand, so it serves a unit whose stands have at most 3
 * figures and 2.5 or more on average (3 sections and their 2-figure LMG); any other unit (4-figure
 * stands, 2-figure heavy weapons, fewer or more stands than the table has) breaks at the
 * rating's share of its figures, rounded half up, as the text offers for 4-figure stands.
 */
export function infantryBreakingPoint(data: BlazeAwayData, rating: CommandRating, stands: number, figures: number, mostFigures: number): LossPoint & { table: boolean } {
  const bp = data.breakingPoint.get(rating.name)!;
  const threeFigured = mostFigures <= 3 && figures >= 2.5 * stands;
  const fromTable = threeFigured ? bp.losses.get(stands) : undefined;
  if (fromTable !== undefined) return { losses: fromTable, percent: bp.percent, table: true };
  return { ...shareOfFigures(data, rating, figures), table: false };
}

/** 8: the rating's share of a unit's figures, rounded half up, at least one; a gun crew's breaking point. */
export function shareOfFigures(data: BlazeAwayData, rating: CommandRating, figures: number): LossPoint {
  const { percent } = data.breakingPoint.get(rating.name)!;
  return { losses: Math.min(figures, Math.max(1, roundHalfUp((percent * figures) / 100))), percent };
}

/** 8.2: the rating's share of the unit's vehicles, rounded half up, at least one. */
export function vehicleWithdrawal(data: BlazeAwayData, rating: CommandRating, models: number): LossPoint {
  const percent = data.vehicleShare.get(rating.name)!;
  return { losses: Math.min(models, Math.max(1, roundHalfUp((percent * models) / 100))), percent };
}

/**
 * Checks a force file against the rules data, rule by rule, and works out what each unit
 * fields: stands and figures, its breaking point, its orders a turn. Every problem is kept,
 * naming the unit and the rule; the roster is built all the same, so it prints with them.
 */
export function checkForce(force: BaForce, data: BlazeAwayData): BaRoster {
  const problems: ForceProblem[] = [];
  const add = (where: string, rule: string, message: string) => problems.push({ where, rule, message });
  const ratingNames = data.ratings.map((r) => r.name).join(', ');
  const confident = data.ratings.find((r) => same(r.name, 'Confident'));
  const rating = findRating(data, force.rating);
  if (!rating) add('force', 'rating', `no command rating "${force.rating}"; the ratings are ${ratingNames}`);
  if (force.partisans && rating && confident && rating.rank > confident.rank) {
    add('force', 'partisans', `partisans are never rated better than Confident (3.6), not ${rating.name}`);
  }
  const copies = data.deck.deck.copies;
  let colour = copies[0]!;
  if (force.colour !== undefined) {
    const found = copies.find((c) => same(c.name, force.colour!));
    if (found) colour = found;
    else add('force', 'colour', `no order deck in "${force.colour}"; the decks come in ${copies.map((c) => c.name).join(', ')}`);
  }

  const names = new Map<string, number>();
  const units = force.units.map((unit, i): CheckedUnit => {
    const where = `units[${i}] ${unit.name}`;
    const earlier = names.get(unit.name.trim().toLowerCase());
    if (earlier !== undefined) add(where, 'name', `a second unit named "${unit.name}" (the first is units[${earlier}]); the sheet tells them apart by name`);
    names.set(unit.name.trim().toLowerCase(), i);

    let unitRating = rating;
    if (unit.rating !== undefined) {
      unitRating = findRating(data, unit.rating);
      if (!unitRating) add(where, 'rating', `no command rating "${unit.rating}"; the ratings are ${ratingNames}`);
    }
    if (force.partisans && unit.rating !== undefined && unitRating && confident && unitRating.rank > confident.rank) {
      add(where, 'partisans', `partisans are never rated better than Confident (3.6), not ${unitRating.name}`);
    }
    const base: CheckedUnit = {
      where,
      unit,
      kind: unit.kind,
      rating: unitRating,
      groups: [],
      models: 0,
      stands: 0,
      figures: 0,
      orders: 0,
      armourModifier: 0,
      gunModifier: 0,
      weapons: [],
    };
    if (unit.kind !== 'aircraft' && unit.aa) base.aa = { weapon: data.antiAircraft.get(unit.aa.weapon)!, dice: unit.aa.dice };

    if (unit.kind === 'infantry') {
      unit.stands.forEach((entry, s) => {
        const type = findStandType(data, entry.type);
        if (!type) {
          add(where, 'stand type', `stands[${s}]: no stand type "${entry.type}"; the types are ${[...data.stands.keys()].join(', ')}`);
          return;
        }
        const allowed = standFigures(data, type);
        const figures = entry.figures ?? allowed.from;
        if (figures < allowed.from || figures > allowed.to) {
          const room = allowed.from === allowed.to ? `${allowed.from}` : `${allowed.from} to ${allowed.to}`;
          const source = type.basing ? `basing table, 3.2: ${data.basing.get(type.basing)!.name.toLowerCase()}` : type.section!;
          add(where, 'basing', `stands[${s}]: ${plural(figures, 'figure')} a stand; a ${type.name} stand has ${room} (${source})`);
        }
        base.groups.push({ type, count: entry.count, figures });
      });
      base.stands = base.groups.reduce((n, g) => n + g.count, 0);
      base.figures = base.groups.reduce((n, g) => n + g.count * g.figures, 0);
      base.weapons = [...new Set(base.groups.map((g) => g.type.weapon))].map((w) => data.weapons.get(w)!);
      const platoon = base.groups.filter((g) => g.type.orders === 'platoon').reduce((n, g) => n + g.count, 0);
      const own = base.groups.filter((g) => g.type.orders === 'own').reduce((n, g) => n + g.count, 0);
      if (unitRating) {
        // a stand acts on one order a turn: a platoon gets no more cards than it has stands
        base.orders = (platoon > 0 ? Math.min(unitRating.cards, platoon) : 0) + own;
        // a sniper is gone once found or once it has fired (7.1.8): a unit of snipers has no breaking point
        if (base.groups.some((g) => g.type.orders !== 'none')) {
          const most = Math.max(...base.groups.map((g) => g.figures));
          base.breakingPoint = infantryBreakingPoint(data, unitRating, base.stands, base.figures, most);
        }
      }
      return base;
    }

    if (unit.kind === 'aircraft') {
      const role = data.aircraft.find((a) => same(a.role, unit.type) || same(a.ref, unit.type));
      if (!role) add(where, 'aircraft type', `no aircraft type "${unit.type}"; the types are ${data.aircraft.map((a) => a.role).join(', ')}`);
      return { ...base, role, models: unit.models, stands: unit.models, figures: unit.models, orders: unit.models };
    }

    // vehicles and guns: crew rating, gun group, and armour class for vehicles
    let crew = unitRating?.name;
    if (unit.crew !== undefined) {
      crew = data.crewRatings.find((c) => same(c, unit.crew!));
      if (!crew) add(where, 'crew rating', `no crew rating "${unit.crew}"; the crew ratings are ${data.crewRatings.join(', ')}`);
    }
    // crews break by their crew rating (7.2.2 points to the command ratings; 8, 8.2): the settled reading
    const crewRating = crew !== undefined ? findRating(data, crew) : undefined;
    const groups = data.gunGroups.join(', ');
    if (unit.gunGroup !== undefined && !data.gunGroups.includes(unit.gunGroup)) add(where, 'gun group', `no gun group ${unit.gunGroup}; the groups are ${groups} (7.2.6)`);
    const gunGroup = unit.gunGroup !== undefined && data.gunGroups.includes(unit.gunGroup) ? unit.gunGroup : undefined;

    if (unit.kind === 'gun') {
      const allowed = data.basing.get('gun')?.figures;
      const figures = unit.figures ?? allowed?.from ?? 3;
      if (allowed && (figures < allowed.from || figures > allowed.to)) {
        add(where, 'basing', `${plural(figures, 'crew figure')} a gun; the basing table (3.2) gives a gun ${allowed.from} to ${allowed.to}`);
      }
      const result: CheckedUnit = { ...base, crew, models: unit.models, stands: unit.models, figures: unit.models * figures, orders: unit.models, gunModifier: unit.gunModifier };
      if (gunGroup !== undefined) result.gunGroup = gunGroup;
      // gun crews are no 3-figure sections: they break at their crew rating's share of their figures (8)
      if (crewRating) result.breakingPoint = { ...shareOfFigures(data, crewRating, result.figures), table: false };
      return result;
    }

    const letter = unit.armourClass.trim().toUpperCase();
    const armourClass = data.armourClasses.find((c) => c === letter);
    if (!armourClass) add(where, 'armour class', `no armour class "${unit.armourClass}"; the classes are ${data.armourClasses.join(', ')} (7.2.4)`);
    const weapons: BaWeapon[] = [];
    unit.weapons.forEach((w, k) => {
      const weapon = data.weapons.get(w.trim().toLowerCase()) ?? [...data.weapons.values()].find((x) => same(x.name, w));
      if (weapon) weapons.push(weapon);
      else add(where, 'weapon', `weapons[${k}]: no weapon "${w}"; the weapons are ${[...data.weapons.keys()].join(', ')}`);
    });
    let carrier: BaCarrier | undefined;
    if (unit.carrier !== undefined) {
      carrier = data.carriers.get(unit.carrier.trim().toLowerCase()) ?? [...data.carriers.values()].find((c) => same(c.name, unit.carrier!));
      if (!carrier) add(where, 'carrier', `no carrier "${unit.carrier}"; the carriers are ${[...data.carriers.keys()].join(', ')}`);
    }
    if (unit.carries !== undefined && unit.carries > 0 && unit.carrier === undefined) add(where, 'carrier', 'say what carries the stands: a carrier such as truck, half-track or jeep');
    if (carrier && unit.carries !== undefined && unit.carries > 0) {
      const load = data.transport.get(carrier.transport)!;
      if (unit.carries < load.stands.from || unit.carries > load.stands.to) {
        const room = load.stands.from === load.stands.to ? `${load.stands.from}` : `${load.stands.from} to ${load.stands.to}`;
        add(where, 'transport', `a ${carrier.name.toLowerCase()} carrying ${plural(unit.carries, 'stand')}; the transport table (6.4) gives ${room}`);
      }
    }
    const carrying = carrier !== undefined && (unit.carries ?? 0) > 0;
    const softskin = unit.softskin ?? (unit.kind === 'motorised' && armourClass === 'E' && unit.armourModifier <= 0);
    const orders = softskin ? 'none' : (unit.orders ?? (unit.kind === 'motorised' && carrying ? 'passengers' : 'individual'));
    if (softskin && (unit.orders === 'individual' || unit.orders === 'squadron')) {
      add(
        where,
        'orders',
        `orders: ${unit.orders}, but a softskin takes no order card of its own: it moves with the infantry or guns it belongs to (3.3); leave orders out, or give passengers when it carries stands`,
      );
    }
    if (unit.orders === 'passengers' && !carrying) add(where, 'orders', 'a vehicle moving on its passengers\' cards must carry stands (carrier and carries)');
    const result: CheckedUnit = {
      ...base,
      crew,
      models: unit.models,
      stands: unit.models,
      figures: unit.models,
      armourModifier: unit.armourModifier,
      gunModifier: unit.gunModifier,
      weapons,
      orders: orders === 'individual' ? unit.models : orders === 'squadron' ? (unitRating ? Math.min(unitRating.cards, unit.models) : 0) : 0,
    };
    if (armourClass) result.armourClass = armourClass;
    if (gunGroup !== undefined) result.gunGroup = gunGroup;
    if (carrier) result.carrier = carrier;
    if (unit.carries !== undefined) result.carries = unit.carries;
    if (softskin) result.softskin = true;
    if (crewRating) result.withdraw = vehicleWithdrawal(data, crewRating, unit.models);
    return result;
  });

  const ordersPerTurn = units.reduce((n, u) => n + u.orders, 0);
  return { force, rating, units, ordersPerTurn, colour, deck: deckCounts(data, units), problems };
}

/**
 * The force's own order deck (4.1.1, 4.3): each card of the full deck in proportion to the
 * orders the force places a turn, rounded up, at least one; a card only some units may take,
 * in proportion to their orders alone, none when the force has no such unit. Dummies are not
 * extra orders: they come in the same proportion, at least one.
 */
export function deckCounts(data: BlazeAwayData, units: readonly CheckedUnit[]): Map<string, number> {
  const { perTurn, dummy, only } = data.sizing;
  const total = units.reduce((n, u) => n + u.orders, 0);
  const counts = new Map<string, number>();
  for (const card of data.deck.cards) {
    const limit = only.find((o) => o.card === card.id);
    const orders = limit ? units.filter((u) => limit.kinds.includes(u.kind)).reduce((n, u) => n + u.orders, 0) : total;
    const share = Math.ceil((card.count * orders) / perTurn);
    counts.set(card.id, card.id === dummy ? Math.max(1, share) : orders > 0 && card.count > 0 ? Math.max(1, share) : 0);
  }
  return counts;
}

/** A unit as the JSON results give it, in `cards --force` and in a scenario's forces. */
export interface BaUnitResult {
  name: string;
  kind: BaUnitKind;
  /** the command rating; null where the file names one the rules lack */
  rating: string | null;
  /** infantry stands; the models of the rest */
  stands: number;
  /** figures that come off as losses (models for vehicles and aircraft) */
  figures: number;
  /** order cards a turn */
  orders: number;
  /** infantry and gun crews (8.1) */
  breakingPoint?: LossPoint;
  /** vehicles (8.2, a guide) */
  withdraw?: LossPoint;
  /** infantry: stands by type */
  composition?: { type: string; count: number; figures: number }[];
  /** the model: a vehicle, gun or aircraft's name */
  model?: string;
  crew?: string | null;
  armourClass?: string;
  gunGroup?: number;
  /** each model's load: carrier id and stands */
  carries?: { carrier: string; stands: number };
  /** an unarmoured vehicle, on the cards of the unit it serves (3.3) */
  softskin?: boolean;
  /** an aircraft's role (7.4) */
  type?: string;
  /** air defence (7.4.8): mg or cannon, and the D20 it rolls */
  aa?: { weapon: string; dice: number };
}

export function unitResult(u: CheckedUnit): BaUnitResult {
  const result: BaUnitResult = { name: u.unit.name, kind: u.kind, rating: u.rating?.name ?? null, stands: u.stands, figures: u.figures, orders: u.orders };
  if (u.breakingPoint) result.breakingPoint = { losses: u.breakingPoint.losses, percent: u.breakingPoint.percent };
  if (u.withdraw) result.withdraw = { ...u.withdraw };
  const unit = u.unit;
  if (unit.kind === 'infantry') result.composition = u.groups.map((g) => ({ type: g.type.id, count: g.count, figures: g.figures }));
  if (unit.kind === 'armour' || unit.kind === 'motorised') result.model = unit.vehicle;
  if (unit.kind === 'gun') result.model = unit.gun;
  if (unit.kind === 'aircraft') {
    result.model = unit.aircraft;
    result.type = u.role?.role ?? unit.type;
  }
  if (unit.kind !== 'infantry' && unit.kind !== 'aircraft') result.crew = u.crew ?? null;
  if (u.armourClass) result.armourClass = u.armourClass;
  if (u.gunGroup !== undefined) result.gunGroup = u.gunGroup;
  if (u.carrier && u.carries) result.carries = { carrier: u.carrier.id, stands: u.carries };
  if (u.softskin) result.softskin = true;
  if (u.aa) result.aa = { weapon: u.aa.weapon.id, dice: u.aa.dice };
  return result;
}

/** A force as the JSON results give it; Blaze Away! has no points, so those are null. */
export interface BaForceResult {
  name: string;
  /** axis or allies */
  camp: 'axis' | 'allies';
  nation: string;
  rating: string | null;
  partisans: boolean;
  colour: string;
  points: null;
  budget: null;
  ordersPerTurn: number;
  units: BaUnitResult[];
  /** the force's own order deck, cards by id */
  deck: Record<string, number>;
  problems: string[];
}

export function forceResult(roster: BaRoster): BaForceResult {
  return {
    name: roster.force.name,
    camp: roster.force.side,
    nation: roster.force.nation,
    rating: roster.rating?.name ?? null,
    partisans: roster.force.partisans,
    colour: roster.colour.name,
    points: null,
    budget: null,
    ordersPerTurn: roster.ordersPerTurn,
    units: roster.units.map(unitResult),
    deck: Object.fromEntries(roster.deck),
    problems: roster.problems.map((p) => `${p.where} (${p.rule}): ${p.message}`),
  };
}
