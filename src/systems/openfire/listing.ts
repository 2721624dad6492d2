import { findOrRefuse } from '../../data/find-name.js';
import type { ListEntry, ListKind, ListRequest } from '../../data/listing.js';
import { UsageError } from '../../errors.js';
import { loadLists, type Lists } from './lists.js';
import { OBJECTIVES } from './scenario.js';
import type { OfNation, OfUnit, OfWeapon } from './schema.js';

/**
 * `muster list openfire`: muster's sample army lists (nations, units with their points,
 * weapons) and the scenario, narrowed by --nation. Entries keep the lists' order, which is the
 * order the cards print in.
 */
export async function listOpenFire(request: ListRequest): Promise<ListKind[]> {
  if (request.doctrine !== undefined) throw new UsageError('--doctrine: Open Fire has no doctrines; narrow with --nation');
  const lists = await loadLists(request.system.dirs);
  const nation = request.nation !== undefined ? findNation(lists, request.nation, '--nation') : undefined;
  const units = [...lists.units.values()].filter((u) => !nation || u.nation === nation.id);
  // a nation's weapons are those its units carry
  const carried = new Set(units.flatMap((u) => u.weapons));
  return [
    {
      id: 'nations',
      title: 'Nations',
      hint: 'A force file\'s nation, muster cards openfire --nation and muster scenario openfire --nation A,B take an id or a name.',
      narrowedBy: ['nation'],
      entries: [...lists.nations.values()]
        .filter((n) => !nation || n.id === nation.id)
        .map((n) => ({ id: n.id, name: n.name, details: { units: [...lists.units.values()].filter((u) => u.nation === n.id).length } })),
    },
    {
      id: 'units',
      title: 'Units',
      hint: 'Points are as the sample lists give them (muster\'s own: the text has none). A force file names a unit by its id or its name (docs/openfire-force-file.md); muster scenario openfire buys forces from them.',
      narrowedBy: ['nation'],
      columns: ['nation', 'type', 'rank', 'men', 'stats', 'weapons'],
      entries: units.map(unitEntry),
    },
    {
      id: 'weapons',
      title: 'Weapons',
      hint: 'Range in inches, as the rules measure.',
      narrowedBy: ['nation'],
      entries: [...lists.weapons.values()].filter((w) => !nation || carried.has(w.id)).map(weaponEntry),
    },
    {
      id: 'scenarios',
      title: 'Scenarios',
      aliases: ['modes', 'battles'],
      hint: 'muster scenario openfire rolls it.',
      entries: [{ id: OBJECTIVES.id, name: OBJECTIVES.name, details: { section: 'Objectives', objectives: '1D6, placed in turn' } }],
    },
  ];
}

/** A nation by id or name, or a usage error with the close matches. */
export function findNation(lists: Lists, wanted: string, option = '--nation'): OfNation {
  return findOrRefuse(wanted, [...lists.nations.values()], { what: 'nation', listCommand: 'muster list openfire nations' }, option);
}

function unitEntry(unit: OfUnit): ListEntry {
  const stats = [`WPN ${unit.wpn}`, `ARM ${unit.arm}`, ...(unit.mor !== undefined ? [`MOR ${unit.mor}`] : []), `TRN ${unit.trn}`, ...(unit.hp !== undefined ? [`HP ${unit.hp}`] : [])];
  return {
    id: unit.id,
    name: unit.name,
    points: unit.points,
    details: { nation: unit.nation, type: unit.type, rank: unit.rank, ...(unit.men !== undefined ? { men: unit.men } : {}), stats: stats.join(' '), weapons: unit.weapons },
  };
}

function weaponEntry(weapon: OfWeapon): ListEntry {
  return {
    id: weapon.id,
    name: weapon.name,
    details: { range: `${weapon.rng} in`, rof: weapon.rof, pen: weapon.pen, acc: weapon.acc >= 0 ? `+${weapon.acc}` : `${weapon.acc}`, kind: weapon.kind, against: weapon.against, explodes: weapon.explodes ?? false },
  };
}
