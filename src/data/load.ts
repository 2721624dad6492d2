import path from 'node:path';
import { DataError, GenerateError, UsageError, type DataProblem } from '../errors.js';
import { files as installedFiles, listFilesBelow } from './files.js';
import { checkSystem } from './check.js';
import { FolderIds } from './ids.js';
import { MAX_ID_LENGTH } from './limits.js';
import { parseFile } from './parse.js';
import { closeMatches, orList } from './suggest.js';
import { checkDataFolder } from './walk.js';
import { readingsFile, sheetsFile, systemFile, tableFile, type Reading, type RuleTable, type Sheet, type SystemInfo } from './schema.js';
import { terrainFile, type TerrainFile, type TerrainTables } from './terrain-schema.js';
import { mergeTerrain } from './terrain-merge.js';
import { applyChangeEntries, type KeyedFields } from './changes.js';
import { ROOT_FILES, SHARED_FOLDERS } from './rule-set-folder.js';
import { HOUSE_FILE, houseFile, houseName, noteHouseChange, type HouseHow, type HouseMark } from './house.js';

/** A table as loaded: a house folder's carries the folder's name, printed as its mark. */
export type LoadedTable = RuleTable & HouseMark;

/** The keyed fields of a tables file and of a terrain file: their entries may be change entries in a house folder. */
const TABLE_FIELDS: KeyedFields = { tables: { kind: 'table' } };
const TERRAIN_FIELDS: KeyedFields = { types: { kind: 'terrain type' } };

export interface SystemRules {
  readonly info: SystemInfo;
  /** every folder the system's data came from, built-in first */
  readonly dirs: readonly string[];
  readonly tables: ReadonlyMap<string, LoadedTable>;
  readonly sheets: readonly Sheet[];
  /** the sheets.yaml the sheets came from (a house folder's when it gives one), for messages */
  readonly sheetsFile?: string;
  /** its terrain types and map densities (terrain.yaml), where it has them */
  readonly terrain?: TerrainTables;
  /** where each table was defined, for messages */
  readonly tableFiles: ReadonlyMap<string, string>;
  /** muster's readings for this rule set (readings.yaml), by id; a house folder's replace or add */
  readonly readings: ReadonlyMap<string, Reading>;
  /** the house folders among `dirs` (every one after the first), with the names their pages print */
  readonly houses: readonly { readonly dir: string; readonly name: string }[];
  table(id: string): LoadedTable;
  /** The reading of this id, to mark what it decides: an id not in the register is muster's defect, never printed unmarked. */
  reading(id: string): ReadingRef;
}

/** A reading of a rule set's register, as a builder marks a text with it: obtained only from `SystemRules.reading`. */
export interface ReadingRef {
  readonly system: string;
  readonly id: string;
  readonly title: string;
}

export interface RulesDb {
  /** rule sets in id order */
  readonly systems: readonly SystemRules[];
  system(id: string): SystemRules;
}

export interface LoadOptions {
  /** house-rule folders laid out like data/: DIR/<system>/tables/*.yaml; later ones win */
  dataDirs: readonly string[];
  /** the built-in data folder; tests may point it elsewhere */
  builtinDir?: string;
  /**
   * read only this rule set's folders: a command about one rule set need not parse and check
   * the others (each new rule set would otherwise slow every run)
   */
  only?: string;
}


interface SystemDraft {
  info?: SystemInfo;
  infoFile?: string;
  dirs: string[];
  tables: Map<string, LoadedTable>;
  tableFiles: Map<string, string>;
  /** the house folders among dirs, with their names */
  houses: { dir: string; name: string }[];
  /** the tables a house file changed (change:), by id, with that file: a coverage problem after the change says so */
  changedTables: Map<string, string>;
  sheets?: Sheet[];
  sheetsFile?: string;
  /** each folder's terrain.yaml, built-in first, and the house folder's name where it is one */
  terrain: { file: string; data: TerrainFile; house?: string }[];
  /** the readings of every folder's readings.yaml, a later folder's replacing an earlier's of the same id */
  readings: Map<string, Reading>;
  /** a tables file of this system failed to load: its ids are unknown, so references are not checked */
  incomplete?: boolean;
}

/**
 * Reads every data folder, validates each file against its schema, checks the tables for
 * gaps, overlaps and dangling references, and returns one frozen database. Every problem
 * found is reported at once, each with its file and field path.
 */
export async function loadRulesDb(options: LoadOptions): Promise<RulesDb> {
  const roots = [options.builtinDir ?? installedFiles().places.data, ...options.dataDirs];
  const problems: DataProblem[] = [];
  const drafts = new Map<string, SystemDraft>();
  // a rule-set id is a folder name; anything else selects no folder (and is reported unknown)
  const scope = options.only === undefined ? '*' : isSystemId(options.only) ? options.only : '-';
  const known = new Set<string>();

  // before any walk: a link out of a folder or a loop of links would make the listing read
  // what is not data, or never end
  for (const [index, root] of roots.entries()) {
    await assertFolder(root, index === 0 ? 'the built-in data folder' : '--data');
    problems.push(...checkDataFolder(root));
  }
  if (problems.length > 0) throw new DataError(problems);

  const tableIds = new FolderIds('table');
  for (const [index, root] of roots.entries()) {
    // the tables and terrain types of the folders before this one: what a change entry here changes
    const earlierTables = new Map([...drafts.entries()].map(([id, draft]) => [id, new Map(draft.tables)]));
    const earlierTerrain = new Map([...drafts.entries()].map(([id, draft]) => [id, terrainTypesOf(draft.terrain)]));
    // a --data folder names itself on the pages it changes: its house.yaml's name, or its folder's
    const rootName = index === 0 ? '' : await houseName(root);
    // one listing of the folder's YAML files, sorted; each kind of file is picked from it
    const all = listFilesBelow(root, (relative) => /\.ya?ml$/.test(relative), path.join).map((relative) => ({ relative, parts: relative.split('/') }));
    const inScope = (parts: string[]) => scope === '*' || parts[0] === scope;
    const files = all
      .filter(({ parts }) => inScope(parts) && ((parts.length === 2 && ROOT_FILES.includes(parts[1]!)) || (parts.length === 3 && parts[1] === 'tables')))
      .map((f) => f.relative);
    // other folders of a rule set (its arsenal, say) belong to the rule set's own module
    const moduleFiles = all.filter(({ parts }) => inScope(parts) && parts.length >= 3 && parts[1] !== 'tables').map((f) => f.relative);
    const strays = all.filter(({ parts }) => inScope(parts) && parts.length === 2 && !ROOT_FILES.includes(parts[1]!)).map((f) => f.relative);
    for (const { parts } of all) if (parts.length === 2 && parts[1] === 'system.yaml') known.add(parts[0]!);
    if (index > 0 && all.some(({ relative }) => relative === HOUSE_FILE)) await parseFile(path.join(root, HOUSE_FILE), houseFile, problems);
    for (const stray of strays) {
      problems.push({
        file: path.join(root, stray),
        path: '',
        message: 'not a data file muster knows: a rule-set folder holds system.yaml, sheets.yaml, terrain.yaml, tables/*.yaml and its own subfolders',
      });
    }
    for (const relative of moduleFiles) {
      const systemId = relative.split('/')[0]!;
      const draft: SystemDraft = drafts.get(systemId) ?? newDraft();
      drafts.set(systemId, draft);
      noteDir(draft, path.join(root, systemId), rootName);
    }
    const anyData = files.length > 0 || moduleFiles.length > 0 || (scope !== '*' && all.some(({ parts }) => parts.length >= 2));
    // a rule set's own folder given where a folder of rule sets goes: its files stand one level too high
    // (system.yaml first: the file that makes a folder a rule set's)
    const own =
      ROOT_FILES.map((name) => all.find(({ relative }) => relative === name)).find((f) => f !== undefined) ??
      all.find(({ parts }) => parts.length === 2 && SHARED_FOLDERS.includes(parts[0]!));
    if (!anyData && own) {
      throw new UsageError(
        `--data ${root}: no rule-set data found: it holds ${own.relative} itself, as one rule set's own folder does, and a data folder holds ` +
          `a folder for each rule set, named by its id (${path.join(root, '<id>', own.relative)}). Give the folder that holds this one, with this one named by the id of its rule set.`,
      );
    }
    if (!anyData) {
      throw new UsageError(
        `--data ${root}: no rule-set data found. A data folder holds one folder per rule set, ` +
          `e.g. ${path.join(root, 'bof', 'tables', 'house.yaml')} or ${path.join(root, 'bof', 'system.yaml')}.`,
      );
    }
    files.sort();
    for (const relative of files) {
      const file = path.join(root, relative);
      const systemId = relative.split('/')[0]!;
      const draft: SystemDraft = drafts.get(systemId) ?? newDraft();
      drafts.set(systemId, draft);
      const systemDir = path.join(root, systemId);
      noteDir(draft, systemDir, rootName);
      const base = path.basename(relative);
      const house = draft.houses.find((h) => h.dir === systemDir)?.name;
      const note = (kind: string, id: string, how: HouseHow) => {
        if (house !== undefined) noteHouseChange({ house, root, system: systemId, file, kind, id, how });
      };

      if (base === 'system.yaml') {
        const info = await parseFile(file, systemFile, problems);
        if (!info) continue;
        if (info.id !== systemId) {
          problems.push({ file, path: 'id', message: `is "${info.id}" but the folder is "${systemId}"; they must match` });
        }
        draft.info = info;
        draft.infoFile = file;
      } else if (base === 'sheets.yaml') {
        const parsed = await parseFile(file, sheetsFile, problems);
        if (parsed) {
          for (const sheet of parsed.sheets) note('sheet', sheet.id, draft.sheets?.some((s) => s.id === sheet.id) ? 'replaced' : 'added');
          draft.sheets = parsed.sheets;
          draft.sheetsFile = file;
        }
      } else if (base === 'readings.yaml') {
        const parsed = await parseFile(file, readingsFile, problems);
        const seen = new Set<string>();
        parsed?.readings.forEach((entry, i) => {
          if (seen.has(entry.id)) problems.push({ file, path: `readings[${i}].id`, message: `"${entry.id}" is given twice in this file: one entry an id` });
          seen.add(entry.id);
          note('reading', entry.id, draft.readings.has(entry.id) ? 'replaced' : 'added');
          draft.readings.set(entry.id, entry);
        });
      } else if (base === 'terrain.yaml') {
        const types = earlierTerrain.get(systemId) ?? new Map();
        let changed: { id: string }[] = [];
        const prepare = (raw: unknown) => {
          const applied = applyChangeEntries(raw, file, TERRAIN_FIELDS, { get: (_, id) => types.get(id)?.type, ids: () => [...types.keys()] }, problems);
          changed = applied?.changed ?? [];
          // a type's sizes are read in its file's units: a change written in the other units would read them wrong
          const units = (raw as { units?: unknown } | null)?.units;
          const mixed = changed.filter((c) => types.get(c.id)!.units !== units);
          for (const c of mixed) problems.push({ file, path: 'units', message: `changes terrain type "${c.id}", whose sizes are given in ${types.get(c.id)!.units}: write this file in ${types.get(c.id)!.units} too (units: ${types.get(c.id)!.units}), or give the type whole` });
          return mixed.length > 0 ? undefined : applied;
        };
        const parsed = await parseFile(file, terrainFile, problems, 'data file', undefined, prepare);
        if (parsed) {
          draft.terrain.push({ file, data: parsed, ...(house !== undefined ? { house } : {}) });
          const before = parsed.replace ? new Map() : types;
          for (const type of parsed.types) note('terrain type', type.id, changed.some((c) => c.id === type.id) ? 'changed' : before.has(type.id) ? 'replaced' : 'added');
          for (const map of Object.keys(parsed.maps)) note('terrain map', map, draft.terrain.length > 1 && !parsed.replace ? 'replaced' : 'added');
        }
      } else {
        const tables = earlierTables.get(systemId) ?? new Map<string, LoadedTable>();
        let changed: { id: string }[] = [];
        const prepare = (raw: unknown) => {
          const applied = applyChangeEntries(raw, file, TABLE_FIELDS, { get: (_, id) => withoutHouse(tables.get(id)), ids: () => [...tables.keys()] }, problems);
          changed = applied?.changed ?? [];
          return applied;
        };
        const parsed = await parseFile(file, tableFile, problems, 'data file', undefined, prepare);
        if (!parsed) {
          draft.incomplete = true;
          continue;
        }
        parsed.tables.forEach((table, i) => {
          const duplicate = tableIds.claim(systemDir, table.id, file, `tables[${i}].id`);
          if (duplicate) {
            problems.push(duplicate);
            return;
          }
          const how = changed.some((c) => c.id === table.id) ? 'changed' : tables.has(table.id) ? 'replaced' : 'added';
          note('table', table.id, how);
          if (how === 'changed') draft.changedTables.set(table.id, file);
          else draft.changedTables.delete(table.id);
          draft.tables.set(table.id, house === undefined ? table : { ...table, house });
          draft.tableFiles.set(table.id, file);
        });
      }
    }
  }

  const systems: SystemRules[] = [];
  for (const [id, draft] of [...drafts.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (!draft.info) {
      problems.push({
        file: path.join(draft.dirs[0] ?? id, 'system.yaml'),
        path: '',
        message: `missing: rule set "${id}" has data but no system.yaml (a house-rule folder may only extend a rule set that exists)`,
      });
      continue;
    }
    const terrain = mergeTerrain(draft.terrain, problems);
    const system = freezeSystem(draft as SystemDraft & { info: SystemInfo }, terrain);
    problems.push(...afterChanges(checkSystem(system, draft.sheetsFile ?? draft.infoFile ?? '', { references: !draft.incomplete }), draft.changedTables));
    systems.push(system);
  }

  if (problems.length > 0) throw new DataError(problems);
  return makeDb(systems, [...known].sort());
}

function makeDb(systems: SystemRules[], known: readonly string[]): RulesDb {
  const byId = new Map(systems.map((s) => [s.info.id, s]));
  return Object.freeze({
    systems: Object.freeze(systems),
    system(id: string): SystemRules {
      const found = byId.get(id);
      if (!found) {
        const shown = id.length > MAX_ID_LENGTH ? `${id.slice(0, 20)}…" (${id.length} characters; an id has at most ${MAX_ID_LENGTH})` : `${id}"`;
        const close = closeMatches(id, known.map((k) => ({ id: k })));
        const hint = close.length > 0 ? ` (did you mean ${orList(close)}?)` : '';
        throw new UsageError(`unknown rule set "${shown}${hint}; known rule sets: ${known.join(', ')}`);
      }
      return found;
    },
  });
}

function freezeSystem(draft: SystemDraft & { info: SystemInfo }, terrain: TerrainTables | undefined): SystemRules {
  const tables = new Map([...draft.tables.entries()].map(([id, t]) => [id, deepFreeze(t)]));
  const id = draft.info.id;
  const readings = new Map([...draft.readings.entries()].map(([key, r]) => [key, deepFreeze(r)]));
  const refs = new Map<string, ReadingRef>();
  return Object.freeze({
    info: deepFreeze(draft.info),
    dirs: Object.freeze([...draft.dirs]),
    tables,
    tableFiles: new Map(draft.tableFiles),
    readings,
    houses: deepFreeze(draft.houses.map((h) => ({ ...h }))),
    sheets: deepFreeze(draft.sheets ?? []),
    ...(draft.sheetsFile !== undefined ? { sheetsFile: draft.sheetsFile } : {}),
    ...(terrain ? { terrain: deepFreeze(terrain) } : {}),
    table(tableId: string): LoadedTable {
      const table = tables.get(tableId);
      if (!table) throw new UsageError(`rule set "${id}" has no table "${tableId}"`);
      return table;
    },
    reading(readingId: string): ReadingRef {
      let ref = refs.get(readingId);
      if (!ref) {
        const entry = readings.get(readingId);
        if (!entry) throw new GenerateError(`rule set "${id}" has no reading "${readingId}" in its readings.yaml: muster marks only readings its register holds`);
        ref = Object.freeze({ system: id, id: readingId, title: entry.title });
        refs.set(readingId, ref);
      }
      return ref;
    },
  });
}

function newDraft(): SystemDraft {
  return { dirs: [], tables: new Map(), tableFiles: new Map(), houses: [], changedTables: new Map(), terrain: [], readings: new Map() };
}

/** A folder of the rule set: every one after its first is a house folder, named as its root is. */
function noteDir(draft: SystemDraft, dir: string, rootName: string): void {
  if (draft.dirs.includes(dir)) return;
  if (draft.dirs.length > 0) draft.houses.push({ dir, name: rootName });
  draft.dirs.push(dir);
}

/** A table as its file gave it, without the loader's mark: what a change entry starts from. */
function withoutHouse(table: LoadedTable | undefined): RuleTable | undefined {
  if (!table) return undefined;
  const { house: _house, ...rest } = table;
  return rest;
}

/** The terrain types the terrain files give, with their files' units, a later file's replacing an earlier's (or, with replace, all of them). */
function terrainTypesOf(files: readonly { data: TerrainFile }[]): Map<string, { type: TerrainFile['types'][number]; units: TerrainFile['units'] }> {
  const types = new Map<string, { type: TerrainFile['types'][number]; units: TerrainFile['units'] }>();
  for (const { data } of files) {
    if (data.replace) types.clear();
    for (const type of data.types) types.set(type.id, { type, units: data.units });
  }
  return types;
}

/**
 * A table a house file changed (change:) that no longer reads whole: its problem says that the
 * rows are the ones left once the file's rows+ and rows- are made.
 */
function afterChanges(problems: DataProblem[], changed: ReadonlyMap<string, string>): DataProblem[] {
  return problems.map((problem) => {
    const id = /^tables\[id=([^\]]+)\]\.(rows|unlisted)/.exec(problem.path)?.[1];
    if (id === undefined || changed.get(id) !== problem.file) return problem;
    return { ...problem, message: `${problem.message} (the rows once this file's change of table "${id}" is made: it may add rows with rows+ and take them out with rows-, as long as every total the dice show lands on one row)` };
  });
}

/** A rule-set id as a folder name: kebab-case, at most MAX_ID_LENGTH characters. */
export function isSystemId(id: string): boolean {
  return id.length <= MAX_ID_LENGTH && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id);
}

async function assertFolder(dir: string, what: string): Promise<void> {
  let isDir = false;
  try {
    isDir = installedFiles().stat(dir).kind === 'folder';
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'EACCES' || code === 'EPERM') throw new UsageError(`${what} ${dir}: the folder cannot be reached: permission denied (check its permissions)`);
    if (code === 'ENAMETOOLONG') throw new UsageError(`${what} ${dir.slice(0, 80)}…: the folder name is too long`);
    isDir = false;
  }
  if (!isDir) throw new UsageError(`${what} ${dir}: no such folder`);
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as Record<string, unknown>)) deepFreeze(inner);
  }
  return value;
}
