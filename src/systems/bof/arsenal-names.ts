import { findByName, type NameMatch } from '../../data/find-name.js';
import type { NameCandidate } from '../../data/suggest.js';
import type { Arsenal } from './arsenal.js';
import type { Detachment, Doctrine, Nation, Unit, Weapon } from './arsenal-schema.js';

/**
 * Arsenal entries found by what a player types, in a force file or after an option: an id, a
 * name ("United States", "Rifleman"), or an id without its nation ("mp40" in a German force)
 * where that names one thing of the nation. Each answer that finds nothing says what to type,
 * with the close matches and the `muster list bof ...` that lists them.
 */

const listCommand = (kind: string) => `muster list bof ${kind}`;

/** An entry's spellings: its id, its name, and its id without a nation's prefix. */
function candidate(entry: { id: string; name: string }, nations: ReadonlyMap<string, Nation>): NameCandidate {
  const dash = entry.id.indexOf('-');
  const short = dash > 0 && nations.has(entry.id.slice(0, dash)) ? [entry.id.slice(dash + 1)] : [];
  return { id: entry.id, name: entry.name, aliases: short };
}

function resolve<T>(map: ReadonlyMap<string, T>, match: NameMatch<NameCandidate>): NameMatch<T> {
  return match.problem !== undefined ? { problem: match.problem } : { found: map.get(match.found.id)! };
}

export function findNation(arsenal: Arsenal, wanted: string): NameMatch<Nation> {
  const direct = arsenal.nations.get(wanted);
  if (direct) return { found: direct };
  const all = [...arsenal.nations.values()].map((n) => ({ id: n.id, name: n.name }));
  return resolve(arsenal.nations, findByName(wanted, all, { what: 'nation', listCommand: listCommand('nations') }));
}

/** A doctrine, among the nation's first ("Armor" in a German force is de-armor). */
export function findDoctrine(arsenal: Arsenal, wanted: string, nation?: string): NameMatch<Doctrine> {
  const direct = arsenal.doctrines.get(wanted);
  if (direct) return { found: direct };
  const all = [...arsenal.doctrines.values()];
  const own = nation === undefined ? all : all.filter((d) => d.nation === nation);
  const named = (ds: Doctrine[]) => ds.map((d) => candidate(d, arsenal.nations));
  return resolve(arsenal.doctrines, findByName(wanted, named(own), { what: 'doctrine', listCommand: listCommand('doctrines'), wider: named(all) }));
}

/** A detachment, among the doctrine's first. */
export function findDetachment(arsenal: Arsenal, wanted: string, doctrine?: Doctrine): NameMatch<{ doctrine: Doctrine; detachment: Detachment }> {
  const direct = arsenal.detachments.get(wanted);
  if (direct) return { found: direct };
  const all = [...arsenal.detachments.values()].map((d) => d.detachment);
  const own = doctrine ? [...doctrine.detachments] : all;
  const named = (ds: Detachment[]) => ds.map((d) => candidate(d, arsenal.nations));
  const command = listCommand(doctrine ? `detachments --doctrine ${doctrine.id}` : 'detachments');
  return resolve(arsenal.detachments, findByName(wanted, named(own), { what: 'detachment', listCommand: command, wider: named(all) }));
}

/** A unit, among the nation's first ("Rifleman" in a German force is de-rifleman). */
export function findUnit(arsenal: Arsenal, wanted: string, nation?: string): NameMatch<Unit> {
  const direct = arsenal.units.get(wanted);
  if (direct) return { found: direct };
  const all = [...arsenal.units.values()];
  const own = nation === undefined ? all : all.filter((u) => u.nation === nation);
  const named = (us: Unit[]) => us.map((u) => candidate(u, arsenal.nations));
  const command = listCommand(nation ? `units --nation ${nation}` : 'units');
  return resolve(arsenal.units, findByName(wanted, named(own), { what: 'unit', listCommand: command, wider: named(all) }));
}

/** A weapon, among those the nation may carry first ("thompson", "mp40", "Bazooka"). */
export function findWeapon(arsenal: Arsenal, wanted: string, nation?: string): NameMatch<Weapon> {
  const direct = arsenal.weapons.get(wanted);
  if (direct) return { found: direct };
  const all = [...arsenal.weapons.values()];
  const own = nation === undefined ? all : all.filter((w) => !w.nations || w.nations.includes(nation));
  const named = (ws: Weapon[]) => ws.map((w) => candidate(w, arsenal.nations));
  const command = listCommand(nation ? `weapons --nation ${nation}` : 'weapons');
  return resolve(arsenal.weapons, findByName(wanted, named(own), { what: 'weapon', listCommand: command, wider: named(all) }));
}
