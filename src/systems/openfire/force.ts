import { z } from 'zod';
import { findByName, type NameMatch } from '../../data/find-name.js';
import type { ForceProblem } from '../../data/force-file.js';
import { forceWithinModels, MAX_FORCE_COUNT, MAX_FORCE_MODELS, MAX_ID_LENGTH, MAX_POINTS, intIn, label, listOf, textOf } from '../../data/limits.js';
import type { Lists } from './lists.js';
import type { OfNation, OfUnit } from './schema.js';

/**
 * An Open Fire force file (docs/openfire-force-file.md): a nation and units from muster's sample
 * lists, the text having none of its own. Names are ids or names, checked against the lists.
 */
const ref = textOf(MAX_ID_LENGTH);

/** The points a side has when a force file gives none: the scenario's own default. */
export const DEFAULT_FORCE_POINTS = 500;

export const forceEntry = z
  .object({
    /** a unit's id, or its name within the force's nation */
    unit: ref,
    count: intIn(1, MAX_FORCE_COUNT).default(1),
    /** a name for the roster, e.g. "2nd Section" */
    label: label.optional(),
  })
  .strict();

export const forceFile = z
  .object({
    name: label,
    nation: ref,
    /** the points a side has in the game the force is built for */
    points: intIn(1, MAX_POINTS).default(DEFAULT_FORCE_POINTS),
    units: listOf(forceEntry, MAX_FORCE_MODELS).min(1),
  })
  .strict()
  // a card is printed for every unit: a force's count is bounded as a whole
  .refine(...forceWithinModels('units'));

export type OfForce = z.infer<typeof forceFile>;
export type OfForceEntry = z.infer<typeof forceEntry>;

/** One entry of the force as priced: the unit found, its count and points. */
export interface OfRosterLine {
  /** the entry as problems name it: "units[2] Rifle squad" */
  where: string;
  index: number;
  unit: OfUnit;
  /** the entry's own label, else the unit's name */
  label: string;
  count: number;
  each: number;
  total: number;
}

export interface OfRoster {
  force: OfForce;
  /** undefined when the file's nation names none of the lists' */
  nation?: OfNation;
  /** entries whose unit was found, in the file's order */
  lines: OfRosterLine[];
  points: number;
  problems: ForceProblem[];
}

/** A nation of the lists by id or name, or what to type instead. */
export function matchNation(lists: Lists, wanted: string): NameMatch<OfNation> {
  return findByName(wanted, [...lists.nations.values()], { what: 'nation', listCommand: 'muster list openfire nations' });
}

/**
 * A unit by id or name: among the nation's own first, so "Light mortar team" is that nation's,
 * then among every nation's, so another nation's unit is found and refused for that reason.
 */
export function matchUnit(lists: Lists, wanted: string, nation: OfNation | undefined): NameMatch<OfUnit> {
  const all = [...lists.units.values()];
  const own = nation ? all.filter((u) => u.nation === nation.id) : all;
  return findByName(wanted, own, {
    what: nation ? `${nation.name} unit` : 'unit',
    listCommand: `muster list openfire units${nation ? ` --nation ${nation.id}` : ''}`,
    ...(nation ? { wider: all } : {}),
  });
}

/**
 * Checks a force against muster's sample lists and prices it. Every problem is collected,
 * naming the entry and the rule; the roster is built all the same, so it can be printed with
 * its problems. What is checked: the nation, each unit (one of the lists', of that nation) and
 * the points against the file's own limit. The text sets no other bounds on a force.
 */
export function checkOpenFireForce(force: OfForce, lists: Lists): OfRoster {
  const problems: ForceProblem[] = [];
  const add = (where: string, rule: string, message: string) => problems.push({ where, rule, message });
  const nationMatch = matchNation(lists, force.nation);
  if (nationMatch.problem !== undefined) add('force', 'nation', nationMatch.problem);
  const nation = nationMatch.found;

  const lines: OfRosterLine[] = [];
  force.units.forEach((entry, index) => {
    const where = `units[${index}] ${entry.unit}`;
    const match = matchUnit(lists, entry.unit, nation);
    if (match.problem !== undefined) return add(where, 'unit', match.problem);
    const unit = match.found;
    if (nation && unit.nation !== nation.id) {
      const theirs = lists.nations.get(unit.nation)?.name ?? unit.nation;
      add(where, 'nation', `${unit.name} (${unit.id}) is from the ${theirs} list; a ${nation.name} force fields units of its own list (muster list openfire units --nation ${nation.id})`);
    }
    lines.push({ where, index, unit, label: entry.label ?? unit.name, count: entry.count, each: unit.points, total: unit.points * entry.count });
  });

  const points = lines.reduce((sum, l) => sum + l.total, 0);
  if (points > force.points) add('force', 'points', `the force costs ${points} points, over its limit of ${force.points}: drop ${points - force.points} points`);
  return { force, ...(nation ? { nation } : {}), lines, points, problems };
}

/** "3 × Rifle squad", "Lieutenant Hale (Lieutenant)": an entry as the roster and `check` name it. */
export function lineName(line: OfRosterLine): string {
  const named = line.label === line.unit.name ? line.unit.name : `${line.label} (${line.unit.name})`;
  return line.count > 1 ? `${line.count} × ${named}` : named;
}
