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

export interface SystemRules {
  readonly info: SystemInfo;
  /** every folder the system's data came from, built-in first */
  readonly dirs: readonly string[];
  readonly tables: ReadonlyMap<string, RuleTable>;
  readonly sheets: readonly Sheet[];
  /** the sheets.yaml the sheets came from (a house folder's when it gives one), for messages */
  readonly sheetsFile?: string;
  /** its terrain types and map densities (terrain.yaml), where it has them */
  readonly terrain?: TerrainTables;
  /** where each table was defined, for messages */
  readonly tableFiles: ReadonlyMap<string, string>;
  /** muster's readings for this rule set (readings.yaml), by id; a house folder's replace or add */
  readonly readings: ReadonlyMap<string, Reading>;
  table(id: string): RuleTable;
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

/** The files a rule-set folder holds beside its subfolders. */
const ROOT_FILES: readonly string[] = ['system.yaml', 'sheets.yaml', 'terrain.yaml', 'readings.yaml'];

interface SystemDraft {
  info?: SystemInfo;
  infoFile?: string;
  dirs: string[];
  tables: Map<string, RuleTable>;
  tableFiles: Map<string, string>;
  sheets?: Sheet[];
  sheetsFile?: string;
  /** each folder's terrain.yaml, built-in first */
  terrain: { file: string; data: TerrainFile }[];
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
  for (const root of roots) {
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
    for (const stray of strays) {
      problems.push({
        file: path.join(root, stray),
        path: '',
        message: 'not a data file muster knows: a rule-set folder holds system.yaml, sheets.yaml, terrain.yaml, tables/*.yaml and its own subfolders',
      });
    }
    for (const relative of moduleFiles) {
      const systemId = relative.split('/')[0]!;
      const draft: SystemDraft = drafts.get(systemId) ?? { dirs: [], tables: new Map(), tableFiles: new Map(), terrain: [], readings: new Map() };
      drafts.set(systemId, draft);
      const systemDir = path.join(root, systemId);
      if (!draft.dirs.includes(systemDir)) draft.dirs.push(systemDir);
    }
    const anyData = files.length > 0 || moduleFiles.length > 0 || (scope !== '*' && all.some(({ parts }) => parts.length >= 2));
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
      const draft: SystemDraft = drafts.get(systemId) ?? { dirs: [], tables: new Map(), tableFiles: new Map(), terrain: [], readings: new Map() };
      drafts.set(systemId, draft);
      const systemDir = path.join(root, systemId);
      if (!draft.dirs.includes(systemDir)) draft.dirs.push(systemDir);
      const base = path.basename(relative);

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
          draft.sheets = parsed.sheets;
          draft.sheetsFile = file;
        }
      } else if (base === 'readings.yaml') {
        const parsed = await parseFile(file, readingsFile, problems);
        const seen = new Set<string>();
        parsed?.readings.forEach((entry, i) => {
          if (seen.has(entry.id)) problems.push({ file, path: `readings[${i}].id`, message: `"${entry.id}" is given twice in this file: one entry an id` });
          seen.add(entry.id);
          draft.readings.set(entry.id, entry);
        });
      } else if (base === 'terrain.yaml') {
        const parsed = await parseFile(file, terrainFile, problems);
        if (parsed) draft.terrain.push({ file, data: parsed });
      } else {
        const parsed = await parseFile(file, tableFile, problems);
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
          draft.tables.set(table.id, table);
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
    problems.push(...checkSystem(system, draft.sheetsFile ?? draft.infoFile ?? '', { references: !draft.incomplete }));
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
    sheets: deepFreeze(draft.sheets ?? []),
    ...(draft.sheetsFile !== undefined ? { sheetsFile: draft.sheetsFile } : {}),
    ...(terrain ? { terrain: deepFreeze(terrain) } : {}),
    table(tableId: string): RuleTable {
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
