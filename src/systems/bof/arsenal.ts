import path from 'node:path';
import { FolderIds } from '../../data/ids.js';
import { deepFreeze } from '../../data/load.js';
import { parseFolderFiles } from '../../data/parse.js';
import { unknownNameMessage } from '../../data/suggest.js';
import { DataError, type DataProblem } from '../../errors.js';
import { arsenalFile, type Detachment, type Doctrine, type Nation, type Unit, type Weapon } from './arsenal-schema.js';

export interface Arsenal {
  readonly nations: ReadonlyMap<string, Nation>;
  readonly weapons: ReadonlyMap<string, Weapon>;
  readonly units: ReadonlyMap<string, Unit>;
  readonly doctrines: ReadonlyMap<string, Doctrine>;
  /** detachment id -> its doctrine and itself */
  readonly detachments: ReadonlyMap<string, { doctrine: Doctrine; detachment: Detachment }>;
  /** where each id was defined, for messages */
  readonly files: ReadonlyMap<string, string>;
  /** unit id -> the reading of the file that gave it (its stats and points are muster's), marked once on its card's foot */
  readonly readings: ReadonlyMap<string, string>;
}

type Kind = 'nations' | 'weapons' | 'units' | 'doctrines';

/**
 * Loads data/bof/arsenal/*.yaml from every folder of the rule set (house-rule folders last,
 * replacing entries by id), validates each file, then checks every reference between them.
 */
export async function loadArsenal(dirs: readonly string[]): Promise<Arsenal> {
  const problems: DataProblem[] = [];
  const maps = {
    nations: new Map<string, Nation>(),
    weapons: new Map<string, Weapon>(),
    units: new Map<string, Unit>(),
    doctrines: new Map<string, Doctrine>(),
  };
  const files = new Map<string, string>();
  const readings = new Map<string, string>();
  // ids are unique within one data folder, whatever their kind; a later folder (house rules)
  // may replace them
  const ids = new FolderIds();
  const keyed = { nations: { kind: 'nation' }, weapons: { kind: 'weapon' }, units: { kind: 'unit' }, doctrines: { kind: 'doctrine' } };
  for (const { file, dir, data: parsed, house } of await parseFolderFiles(dirs, 'arsenal', arsenalFile, problems, keyed)) {
    for (const kind of ['nations', 'weapons', 'units', 'doctrines'] as Kind[]) {
      (parsed[kind] ?? []).forEach((entry, i) => {
        const duplicate = ids.claim(dir, entry.id, file, `${kind}[${i}].id`);
        if (duplicate) {
          problems.push(duplicate);
          return;
        }
        files.set(entry.id, file);
        // a later folder's unit replaces the reading with its own file's, or with none
        if (kind === 'units') {
          if (parsed.reading) readings.set(entry.id, parsed.reading);
          else readings.delete(entry.id);
        }
        // a house folder's unit carries its name, printed as its mark on the unit's card
        (maps[kind] as Map<string, typeof entry>).set(entry.id, (kind === 'units' && house !== undefined ? { ...entry, house } : entry) as typeof entry);
      });
    }
  }
  if (maps.units.size === 0 && problems.length === 0) {
    throw new DataError([{ file: dirs.map((d) => path.join(d, 'arsenal')).join(', '), path: '', message: 'no arsenal data found' }]);
  }
  problems.push(...checkReferences(maps, files));
  if (problems.length > 0) throw new DataError(problems);

  const detachments = new Map<string, { doctrine: Doctrine; detachment: Detachment }>();
  for (const doctrine of maps.doctrines.values()) {
    for (const detachment of doctrine.detachments) detachments.set(detachment.id, { doctrine, detachment });
  }
  return deepFreeze({ ...maps, detachments, files, readings });
}

function checkReferences(
  maps: { nations: Map<string, Nation>; weapons: Map<string, Weapon>; units: Map<string, Unit>; doctrines: Map<string, Doctrine> },
  files: Map<string, string>,
): DataProblem[] {
  const problems: DataProblem[] = [];
  const at = (id: string, where: string, message: string) => problems.push({ file: files.get(id) ?? '', path: where, message });
  const weaponFor = (weaponId: string, nation: string, owner: string, where: string) => {
    const weapon = maps.weapons.get(weaponId);
    if (!weapon) return at(owner, where, unknownNameMessage('weapon', weaponId, [...maps.weapons.values()]));
    if (weapon.nations && !weapon.nations.includes(nation)) {
      at(owner, where, `weapon "${weaponId}" is not available to ${nation} (only ${weapon.nations.join(', ')})`);
    }
  };

  for (const unit of maps.units.values()) {
    const where = `units[id=${unit.id}]`;
    if (!maps.nations.has(unit.nation)) at(unit.id, `${where}.nation`, unknownNameMessage('nation', unit.nation, [...maps.nations.values()]));
    unit.weapons.forEach((w, i) => weaponFor(w, unit.nation, unit.id, `${where}.weapons[${i}]`));
    const armoured = unit.armour && Object.values(unit.armour).some((v) => v > 0);
    if (armoured && !unit.armourMm) at(unit.id, `${where}.armourMm`, 'armour needs the historical thickness it comes from');
    if ((unit.type === 'afv' || unit.type === 'transport') && !unit.mobility) at(unit.id, `${where}.mobility`, 'a vehicle needs its mobility in D6');
    if ((unit.type === 'afv' || unit.type === 'transport' || unit.type === 'support-weapon' || unit.type === 'plane') && !unit.crew) {
      at(unit.id, `${where}.crew`, `a ${unit.type} needs its crew size`);
    }
  }
  for (const nation of maps.nations.values()) {
    const faces = nation.doctrineRoll.flatMap((r) => r.roll);
    const missing = [1, 2, 3, 4, 5, 6].filter((f) => !faces.includes(f));
    if (missing.length > 0 || faces.length !== 6) {
      at(nation.id, `nations[id=${nation.id}].doctrineRoll`, `must cover each face of a D6 once (missing: ${missing.join(', ') || 'none'}, listed: ${faces.join(', ')})`);
    }
    nation.doctrineRoll.forEach((r, i) => {
      const doctrine = maps.doctrines.get(r.doctrine);
      if (!doctrine || doctrine.nation !== nation.id) {
        at(nation.id, `nations[id=${nation.id}].doctrineRoll[${i}].doctrine`, `"${r.doctrine}" is not a doctrine of ${nation.id}`);
      }
    });
  }
  for (const doctrine of maps.doctrines.values()) {
    const where = `doctrines[id=${doctrine.id}]`;
    if (!maps.nations.has(doctrine.nation)) at(doctrine.id, `${where}.nation`, unknownNameMessage('nation', doctrine.nation, [...maps.nations.values()]));
    doctrine.detachments.forEach((d, di) => {
      const dw = `${where}.detachments[${di}]`;
      const unitOf = (unitId: string, field: string) => {
        const unit = maps.units.get(unitId);
        if (!unit) at(doctrine.id, `${dw}.${field}`, unknownNameMessage('unit', unitId, [...maps.units.values()]));
        else if (unit.nation !== doctrine.nation) at(doctrine.id, `${dw}.${field}`, `unit "${unitId}" belongs to ${unit.nation}, not ${doctrine.nation}`);
        return unit;
      };
      const officer = unitOf(d.officer.unit, 'officer.unit');
      if (officer && officer.type !== 'ranking-officer') at(doctrine.id, `${dw}.officer.unit`, `"${officer.id}" is a ${officer.type}, not a ranking officer`);
      d.core.forEach((c, i) => unitOf(c.unit, `core[${i}].unit`));
      d.options.forEach((o, i) => {
        const unit = unitOf(o, `options[${i}]`);
        // the solo rules buy options until the points run out: a free one would never end
        if (unit?.costOverride?.cost === 0 && unit.type !== 'ranking-officer') {
          at(doctrine.id, `${dw}.options[${i}]`, `"${unit.id}" costs 0 points; a unit a detachment buys costs at least 1 (only ranking officers come free)`);
        }
      });
      d.weapons.forEach((w, i) => weaponFor(w, doctrine.nation, doctrine.id, `${dw}.weapons[${i}]`));
      d.core.forEach((c, i) => {
        if (c.quality && !d.qualities.includes(c.quality)) at(doctrine.id, `${dw}.core[${i}].quality`, `${c.quality} is not among the detachment's qualities (${d.qualities.join(', ')})`);
      });
    });
  }
  return problems;
}
