import path from 'node:path';
import type { z } from 'zod';
import type { DataProblem } from '../errors.js';
import { noteCheckedValue, parseYamlText, storedCheckedValue } from './parsed-cache.js';
import { tryReadTextFile } from './read.js';
import { listFilesBelow } from './files.js';
import { formatPath } from './field-path.js';
import { forbiddenKeyProblem } from './forbidden-keys.js';
import { TooManyValuesError } from './file-values.js';
import { textHelperProblems } from './text-helpers.js';
import { applyChangeEntries, type KeyedFields } from './changes.js';
import { houseOfDir, noteHouseChange } from './house.js';

/** The deepest nesting of lists and fields in muster's own data and example files (an arsenal's weapons' modes). */
const MAX_DATA_DEPTH_SEEN = 7;

/** Problems listed for one file; a file with more gets a count of the rest. */
const MAX_PROBLEMS_PER_FILE = 50;

/**
 * Reads a YAML (or JSON, which is YAML) file and validates it against a schema. Problems go
 * into `problems` with the file and the field path; the result is undefined if there were any.
 * `what` names the file in messages: "data file", "force file".
 */
export async function parseFile<T>(
  file: string,
  schema: z.ZodType<T>,
  problems: DataProblem[],
  what = 'data file',
  given?: string,
  /** makes the parsed value whole before it is checked (a house file's change entries); undefined when it cannot, its problems added */
  prepare?: (raw: unknown) => { raw: unknown } | undefined,
): Promise<T | undefined> {
  // a run reads about a hundred small files: read at once, each costs microseconds, while
  // awaiting each from the thread pool left the loader idle for most of its time
  const read = given === undefined ? tryReadTextFile(file, what) : { text: given };
  if ('problem' in read) {
    problems.push(read.problem);
    return undefined;
  }
  const text = read.text;
  // muster's own data as the build checked it: nothing to parse or check again
  const stored = storedCheckedValue(file, text);
  if (stored !== undefined) return stored as T;
  let raw: unknown;
  try {
    raw = await parseYamlText(text);
  } catch (error) {
    if (error instanceof TooManyValuesError) {
      problems.push({ file, path: '', message: error.message });
      return undefined;
    }
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    const pos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    // the yaml package stops a file nested too deeply for its parser (some 800 levels) with
    // "Maximum call stack size exceeded": said in the player's words, as a limit
    const tooDeep = (error as { code?: string }).code === 'RESOURCE_EXHAUSTION' && /call stack/i.test(message);
    const why = tooDeep ? `nested too deeply to read: a ${what} nests a few levels of lists and fields (muster's own at most ${MAX_DATA_DEPTH_SEEN}); is this the right file?` : `not valid YAML: ${message}`;
    problems.push({ file, path: pos ? `line ${pos.line}, column ${pos.col}` : '', message: why });
    return undefined;
  }
  // every house file, force file and edited data file passes here before any schema copies it
  const forbidden = forbiddenKeyProblem(raw, file, what);
  if (forbidden) {
    problems.push(forbidden);
    return undefined;
  }
  if (prepare) {
    const prepared = prepare(raw);
    if (!prepared) return undefined;
    raw = prepared.raw;
  }
  // a data file's texts are filled by the helpers: each helper's values read before any run
  const slips = what === 'data file' ? textHelperProblems(raw, file) : [];
  const result = schema.safeParse(raw);
  if (result.success && slips.length === 0) {
    noteCheckedValue(file, text, result.data);
    return result.data;
  }
  const issues = [...slips, ...(result.success ? [] : result.error.issues.map((issue) => ({ file, path: formatPath(issue.path), message: issue.message })))];
  problems.push(...issues.slice(0, MAX_PROBLEMS_PER_FILE));
  if (issues.length > MAX_PROBLEMS_PER_FILE) {
    problems.push({ file, path: '', message: `and ${issues.length - MAX_PROBLEMS_PER_FILE} more problems in this file` });
  }
  return undefined;
}


/** A file of a rule set's folder, parsed and checked. */
export interface FolderFile<T> {
  file: string;
  /** the rule set's folder it was found in, where its ids must be unique */
  dir: string;
  data: T;
  /** the house folder's name, when the file is a house rule (a folder after the rule set's first) */
  house?: string;
}

/**
 * Every YAML file in `folder` of each data folder of a rule set, in order (built-in first,
 * house rules after, files by name), each parsed and checked against `schema`. Files that fail
 * add their problems and are left out. Each comes with the rule set's folder it was found in
 * (`dir`), where its ids must be unique, and the house folder's name where it is a house rule.
 *
 * `keyed` names the file's fields that hold entries keyed by id: in a house file, an entry of
 * one of them may be a change entry (changes.ts), made whole from the earlier folders' entry of
 * its id before the file is checked; and what each house file adds, replaces or changes is
 * told to `validate` (house.ts).
 */
export async function parseFolderFiles<T>(
  dirs: readonly string[],
  folder: string,
  schema: z.ZodType<T>,
  problems: DataProblem[],
  keyed: KeyedFields = {},
): Promise<FolderFile<T>[]> {
  const parsed: FolderFile<T>[] = [];
  // the entries of the folders before the one being read, by field and id, as they left them
  const earlier = new Map<string, Map<string, unknown>>(Object.keys(keyed).map((field) => [field, new Map()]));
  for (const dir of dirs) {
    const house = await houseOfDir(dirs, dir);
    const own: FolderFile<T>[] = [];
    for (const name of listFilesBelow(path.join(dir, folder), (relative) => !relative.includes('/') && /\.ya?ml$/.test(relative), path.join)) {
      const file = path.join(dir, folder, name);
      let changed: { field: string; id: string }[] = [];
      // the rule set's own folder has nothing earlier to change: a change entry there is refused as naming nothing
      const prepare = (raw: unknown) => {
        const applied = applyChangeEntries(raw, file, keyed, { get: (field, id) => earlier.get(field)?.get(id), ids: (field) => [...(earlier.get(field)?.keys() ?? [])] }, problems);
        changed = applied?.changed ?? [];
        return applied;
      };
      const data = await parseFile(file, schema, problems, 'data file', undefined, prepare);
      if (data === undefined) continue;
      own.push({ file, dir, data, ...(house ? { house: house.name } : {}) });
      if (!house) continue;
      for (const { field, entry } of keyedEntries(data, keyed)) {
        const how = changed.some((c) => c.field === field && c.id === entry.id) ? 'changed' : earlier.get(field)!.has(entry.id) ? 'replaced' : 'added';
        noteHouseChange({ house: house.name, root: house.root, system: house.system, file, kind: keyed[field]!.kind, id: entry.id, how });
      }
    }
    for (const { data } of own) for (const { field, entry } of keyedEntries(data, keyed)) earlier.get(field)!.set(entry.id, entry);
    parsed.push(...own);
  }
  return parsed;
}

/** The entries of a checked file's keyed fields, each with its field. */
function keyedEntries(data: unknown, keyed: KeyedFields): { field: string; entry: { id: string } }[] {
  const found: { field: string; entry: { id: string } }[] = [];
  if (typeof data !== 'object' || data === null) return found;
  for (const [field, spec] of Object.entries(keyed)) {
    const value = (data as Record<string, unknown>)[field];
    const entries = spec.one ? (value === undefined ? [] : [value]) : Array.isArray(value) ? value : [];
    for (const entry of entries) if (typeof entry === 'object' && entry !== null && typeof (entry as { id?: unknown }).id === 'string') found.push({ field, entry: entry as { id: string } });
  }
  return found;
}
