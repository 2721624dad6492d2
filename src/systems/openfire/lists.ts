import { FolderIds } from '../../data/ids.js';
import { deepFreeze } from '../../data/load.js';
import { parseFolderFiles } from '../../data/parse.js';
import { unknownNameMessage } from '../../data/suggest.js';
import { DataError, type DataProblem } from '../../errors.js';
import { listsFile, type OfNation, type OfUnit, type OfWeapon } from './schema.js';

/** Open Fire's own rules: its sample army lists and their cards. */
export interface Lists {
  nations: Map<string, OfNation>;
  weapons: Map<string, OfWeapon>;
  units: Map<string, OfUnit>;
  /** unit id -> the reading of the file that gave it (its stats and points are muster's), marked once on its card's foot */
  readings: Map<string, string>;
}

/**
 * The army lists of every folder of the rule set: a later folder replaces a nation, weapon or
 * unit by its id; within one folder each id is used once.
 */
export async function loadLists(dirs: readonly string[]): Promise<Lists> {
  const problems: DataProblem[] = [];
  const lists: Lists = { nations: new Map(), weapons: new Map(), units: new Map(), readings: new Map() };
  const files = new Map<string, string>();
  const ids = { nations: new FolderIds('nation'), weapons: new FolderIds('weapon'), units: new FolderIds('unit') };
  const keyed = { nations: { kind: 'nation' }, weapons: { kind: 'weapon' }, units: { kind: 'unit' } };
  for (const { file, dir, data, house } of await parseFolderFiles(dirs, 'lists', listsFile, problems, keyed)) {
    for (const kind of ['nations', 'weapons', 'units'] as const) {
      (data[kind] ?? []).forEach((entry, i) => {
        const duplicate = ids[kind].claim(dir, entry.id, file, `${kind}[${i}].id`);
        if (duplicate) return problems.push(duplicate);
        // a house folder's unit carries its name, printed as its mark on the unit's card
        (lists[kind] as Map<string, typeof entry>).set(entry.id, (kind === 'units' && house !== undefined ? { ...entry, house } : entry) as typeof entry);
        // a later folder's unit replaces the reading with its own file's, or with none
        if (kind === 'units') {
          if (data.reading) lists.readings.set(entry.id, data.reading);
          else lists.readings.delete(entry.id);
        }
        files.set(`${kind}/${entry.id}`, file);
      });
    }
  }
  for (const unit of lists.units.values()) {
    const file = files.get(`units/${unit.id}`) ?? 'lists';
    if (!lists.nations.has(unit.nation)) problems.push({ file, path: `units[id=${unit.id}].nation`, message: unknownNameMessage('nation', unit.nation, [...lists.nations.values()]) });
    for (const w of unit.weapons) if (!lists.weapons.has(w)) problems.push({ file, path: `units[id=${unit.id}].weapons`, message: unknownNameMessage('weapon', w, [...lists.weapons.values()]) });
    for (const w of Object.keys(unit.weaponNames ?? {})) {
      if (!unit.weapons.includes(w)) problems.push({ file, path: `units[id=${unit.id}].weaponNames.${w}`, message: `names a weapon the unit does not carry; its weapons are ${unit.weapons.join(', ')}` });
    }
    const vehicle = unit.type === 'light-vehicle' || unit.type === 'tank' || unit.type === 'heavy-tank';
    if (vehicle && unit.hp === undefined) problems.push({ file, path: `units[id=${unit.id}].hp`, message: 'a vehicle needs its HP' });
    if (!vehicle && unit.mor === undefined) problems.push({ file, path: `units[id=${unit.id}].mor`, message: 'an infantry unit or gun needs its MOR' });
  }
  if (lists.units.size === 0 && problems.length === 0) problems.push({ file: dirs.join(', '), path: 'lists', message: 'no army lists found' });
  if (problems.length > 0) throw new DataError(problems);
  return deepFreeze(lists);
}
