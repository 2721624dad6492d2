import { z } from 'zod';
import { forceWithinModels, MAX_FORCE_COUNT, MAX_FORCE_MODELS, MAX_ID_LENGTH, MAX_POINTS, intIn, label, listOf, textOf } from '../../data/limits.js';
import type { Arsenal } from './arsenal.js';
import { findDetachment, findDoctrine, findNation, findUnit, findWeapon } from './arsenal-names.js';
import { quality, type Quality, type Unit, type Weapon } from './arsenal-schema.js';
import { combatScoreValue, crewUpgradeCost, isSoldier, unitCost } from './cost.js';
import type { ForceProblem } from '../../data/force-file.js';
import { possessive } from '../../doc/possessive.js';

/** An id a force file names: the arsenal says whether it exists. */
const ref = textOf(MAX_ID_LENGTH);

/**
 * A force (roster) file: what a player brings to the table. Documented in docs/force-file.md.
 * A force of more than MAX_FORCE_MODELS models is refused: one card is printed for each.
 */
export const forceEntry = z
  .object({
    unit: ref,
    count: intIn(1, MAX_FORCE_COUNT).default(1),
    /** soldiers' quality, or the crew's for vehicles and guns (crews come as conscripts) */
    quality: quality.optional(),
    /** weapons bought for each soldier of the entry, on top of the unit's own */
    weapons: listOf(ref, 10).default([]),
    /** this soldier is the appointed squad leader (count must be 1) */
    squadLeader: z.boolean().optional(),
    /** a name for the roster, e.g. "Gefreiter Haas" */
    label: label.optional(),
  })
  .strict();

export const forceFile = z
  .object({
    name: label,
    nation: ref,
    doctrine: ref,
    detachment: ref,
    points: intIn(1, MAX_POINTS),
    units: listOf(forceEntry, MAX_FORCE_MODELS).min(1),
  })
  .strict()
  .refine(...forceWithinModels('models'));

export type ForceEntry = z.infer<typeof forceEntry>;
export type Force = z.infer<typeof forceFile>;

export type { ForceProblem } from '../../data/force-file.js';

export interface RosterLine {
  index: number;
  unit: Unit;
  label: string;
  count: number;
  quality: Quality;
  weapons: string[];
  squadLeader: boolean;
  /** points for one, and for the entry */
  each: number;
  total: number;
  /** Combat Score a kill of one is worth */
  scoreValue: number;
  /** actions one contributes to the Action Point Counter */
  actions: number;
}

export interface Roster {
  force: Force;
  lines: RosterLine[];
  points: number;
  /** the Action Point Counter's start value: one per soldier, crewman, gun, vehicle and plane */
  actionsPerTurn: number;
  problems: ForceProblem[];
}

/**
 * Prices every entry and checks the force against its doctrine. Every problem is collected,
 * each naming the entry and the rule; the roster is still built so it can be printed.
 */
export function buildRoster(typed: Force, arsenal: Arsenal): Roster {
  const problems: ForceProblem[] = [];
  const add = (where: string, rule: string, message: string) => problems.push({ where, rule, message });
  // names as the player wrote them ("United States", "thompson") become ids first; a name that
  // finds nothing is a problem here, with its close matches, and its entry or weapon is skipped
  const force = canonicalForce(typed, arsenal, add);

  const doctrine = arsenal.doctrines.get(force.doctrine);
  if (doctrine && doctrine.nation !== force.nation) add('force', 'doctrine', `doctrine "${doctrine.id}" belongs to ${doctrine.nation}, not ${force.nation}`);
  const found = arsenal.detachments.get(force.detachment);
  const detachment = found && found.doctrine.id === force.doctrine ? found.detachment : undefined;
  if (found && !detachment) {
    const allowed = doctrine
      ? `allowed: ${doctrine.detachments.map((d) => d.id).join(', ')}; list them with muster list bof detachments --doctrine ${doctrine.id}`
      : 'list them with muster list bof detachments';
    add('force', 'detachment', `"${force.detachment}" is not a detachment of doctrine "${force.doctrine}" (${allowed})`);
  }

  const lines: RosterLine[] = [];
  force.units.forEach((entry, index) => {
    const where = `units[${index}] ${typed.units[index]!.unit}`;
    const unit = arsenal.units.get(entry.unit);
    // an unknown unit is a problem already, with its close matches
    if (!unit) return;
    if (unit.nation !== force.nation) add(where, 'nation', `${unit.name} is a ${unit.nation} unit, not ${force.nation}`);
    // unstated quality: regular soldiers and conscript crews, or the nearest the detachment allows
    const preferred: Quality = isSoldier(unit) ? 'regular' : 'conscript';
    const q: Quality = entry.quality ?? (!detachment || detachment.qualities.includes(preferred) ? preferred : detachment.qualities[0]!);
    if (detachment) {
      const isOfficer = unit.id === detachment.officer.unit;
      const allowed = isOfficer || detachment.options.includes(unit.id) || detachment.core.some((c) => c.unit === unit.id);
      if (!allowed) add(where, 'allowed units', `${unit.name} is not available to ${detachment.name}`);
      if (entry.quality && !detachment.qualities.includes(entry.quality)) {
        add(where, 'quality', `${entry.quality} is not allowed in ${detachment.name} (allowed: ${detachment.qualities.join(', ')})`);
      }
    }
    for (const weaponId of entry.weapons) {
      const weapon = arsenal.weapons.get(weaponId);
      // an unknown weapon is a problem already, with its close matches
      if (!weapon) continue;
      if (!isSoldier(unit)) add(where, 'weapons', `${unit.name} cannot be given hand weapons; only soldiers carry them`);
      if (weapon.nations && !weapon.nations.includes(force.nation)) add(where, 'weapons', `${weapon.name} is not available to ${force.nation}`);
      if (detachment && !detachment.weapons.includes(weaponId) && !unit.weapons.includes(weaponId)) {
        add(where, 'weapons', `${weapon.name} is not on ${possessive(detachment.name)} weapon list`);
      }
    }
    const primaries = entry.weapons.filter((w) => arsenal.weapons.get(w)?.slot === 'primary');
    if (primaries.length > 1) add(where, 'weapons', `a soldier carries one primary weapon; this entry buys ${primaries.length}`);
    if (entry.squadLeader && (entry.count !== 1 || unit.type !== 'infantry')) {
      add(where, 'squad leader', 'the appointed squad leader must be a single infantryman (count 1)');
    }

    const carried = loadout(unit.weapons, entry.weapons, arsenal);
    const base = unitCost(unit, arsenal.weapons, q, carried).cost;
    const each = isSoldier(unit) ? base : base + crewUpgradeCost(unit, q);
    lines.push({
      index,
      unit,
      label: entry.label ?? unit.name,
      count: entry.count,
      quality: q,
      weapons: carried,
      squadLeader: entry.squadLeader ?? false,
      each,
      total: each * entry.count,
      scoreValue: entry.squadLeader ? 5 : combatScoreValue(unit, each),
      actions: actionsOf(unit, carried.map((id) => arsenal.weapons.get(id)).filter((w): w is Weapon => w !== undefined)),
    });
  });

  const officers = lines.filter((l) => l.unit.type === 'ranking-officer');
  const officerCount = officers.reduce((n, l) => n + l.count, 0);
  if (officerCount !== 1) add('force', 'officer', `a force fields exactly one ranking officer; this one has ${officerCount}`);
  else if (detachment && officers[0]!.unit.id !== detachment.officer.unit) {
    add(`units[${officers[0]!.index}] ${officers[0]!.unit.id}`, 'officer', `${detachment.name} is led by a ${unitName(arsenal, detachment.officer.unit)}`);
  }
  const leaders = lines.filter((l) => l.squadLeader || l.unit.type === 'squad-leader').reduce((n, l) => n + l.count, 0);
  if (leaders > 1) add('force', 'squad leader', `at most one squad leader may be appointed; this force has ${leaders}`);
  if (detachment) {
    for (const core of detachment.core) {
      const have = lines.filter((l) => l.unit.id === core.unit).reduce((n, l) => n + l.count, 0);
      if (have < core.count) add('force', 'core units', coreShortWords(arsenal, detachment.name, core, have));
    }
  }
  // spare crewmen are bought to man vehicles: no more than the force's vehicles have seats for
  const crewmen = lines.filter((l) => l.unit.type === 'crew').reduce((n, l) => n + l.count, 0);
  const seats = lines
    .filter((l) => l.unit.type === 'afv' || l.unit.type === 'transport')
    .reduce((n, l) => n + l.count * (l.unit.crew ?? 0), 0);
  if (crewmen > seats) add('force', 'crews', `${crewmen} vehicle crewmen but only ${seats} crew places in the force's vehicles`);
  const points = lines.reduce((sum, l) => sum + l.total, 0);
  if (points > force.points) add('force', 'points', `the force costs ${points} points, over its limit of ${force.points}`);

  const actionsPerTurn = lines.reduce((sum, l) => sum + l.count * contributesActions(l.unit), 0);
  return { force, lines, points, actionsPerTurn, problems };
}

/**
 * The force with every name the player wrote turned into its id where it names one thing: the
 * nation by id or name, the doctrine and detachment among the nation's, units and weapons among
 * the nation's (a weapon by its id, its name, or its id without the nation: "mp40"). A name that
 * finds nothing stays as written and is reported with the close matches; the entry's `where`
 * keeps the name as written, so the player finds the line.
 */
function canonicalForce(force: Force, arsenal: Arsenal, add: (where: string, rule: string, message: string) => void): Force {
  const nation = findNation(arsenal, force.nation);
  if (nation.problem !== undefined) add('force', 'nation', nation.problem);
  const nationId = nation.found?.id;
  const doctrine = findDoctrine(arsenal, force.doctrine, nationId);
  if (doctrine.problem !== undefined) add('force', 'doctrine', doctrine.problem);
  const detachment = findDetachment(arsenal, force.detachment, doctrine.found);
  if (detachment.problem !== undefined) add('force', 'detachment', detachment.problem);
  const units = force.units.map((entry, index) => {
    const where = `units[${index}] ${entry.unit}`;
    const unit = findUnit(arsenal, entry.unit, nationId);
    if (unit.problem !== undefined) add(where, 'unit', unit.problem);
    const weapons = entry.weapons.map((typed) => {
      const weapon = findWeapon(arsenal, typed, nationId);
      if (weapon.problem !== undefined) add(where, 'weapons', weapon.problem);
      return weapon.found?.id ?? typed;
    });
    return { ...entry, unit: unit.found?.id ?? entry.unit, weapons };
  });
  return {
    ...force,
    nation: nationId ?? force.nation,
    doctrine: doctrine.found?.id ?? force.doctrine,
    detachment: detachment.found?.detachment.id ?? force.detachment,
    units,
  };
}

/**
 * What a soldier carries: the weapons bought, plus his own except a primary weapon that a
 * bought one replaces (a soldier has one primary weapon and any number of side weapons).
 */
export function loadout(own: readonly string[], bought: readonly string[], arsenal: Arsenal): string[] {
  const buysPrimary = bought.some((id) => arsenal.weapons.get(id)?.slot === 'primary');
  const kept = own.filter((id) => !(buysPrimary && arsenal.weapons.get(id)?.slot === 'primary'));
  return [...kept, ...bought.filter((id) => !kept.includes(id))];
}

/**
 * Actions a unit may take when activated: a soldier with heavy gear has one (Heavy weapons), so
 * the roster and the card, which both ask here, always agree.
 */
export function actionsOf(unit: Unit, weapons: readonly Weapon[]): number {
  return isSoldier(unit) && weapons.some((w) => w.heavy) ? 1 : unit.actions;
}

/**
 * One action on the counter per infantryman, crew member, support weapon, plane and vehicle
 * (the text's example: ten infantry and a car with one driver give 12).
 */
function contributesActions(unit: Unit): number {
  if (unit.type === 'afv' || unit.type === 'transport' || unit.type === 'support-weapon' || unit.type === 'plane') {
    return 1 + (unit.crew ?? 0);
  }
  return 1;
}

/** A unit as a player reads it on a page ("Unteroffizier (squad leader)"), its id where the arsenal has none. */
export function unitName(arsenal: Arsenal, id: string): string {
  const unit = arsenal.units.get(id);
  return unit ? `${unit.name} (${unit.type.replace(/-/g, ' ')})` : id;
}

/** A detachment short of a core unit, in a player's words: the unit by its name, never its id. */
export function coreShortWords(arsenal: Arsenal, detachment: string, core: { unit: string; count: number }, have: number): string {
  return `${detachment} must field ${core.count} × ${unitName(arsenal, core.unit)}; this force has ${have}`;
}
