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

/** The deepest nesting of lists and fields in muster's own data and example files (an arsenal's weapons' modes). */
const MAX_DATA_DEPTH_SEEN = 7;

/** Problems listed for one file; a file with more gets a count of the rest. */
const MAX_PROBLEMS_PER_FILE = 50;

/**
 * Reads a YAML (or JSON, which is YAML) file and validates it against a schema. Problems go
 * into `problems` with the file and the field path; the result is undefined if there were any.
 * `what` names the file in messages: "data file", "force file".
 */
export async function parseFile<T>(file: string, schema: z.ZodType<T>, problems: DataProblem[], what = 'data file', given?: string): Promise<T | undefined> {
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


/**
 * Every YAML file in `folder` of each data folder of a rule set, in order (built-in first,
 * house rules after, files by name), each parsed and checked against `schema`. Files that fail
 * add their problems and are left out. Each comes with the rule set's folder it was found in
 * (`dir`), where its ids must be unique.
 */
export async function parseFolderFiles<T>(
  dirs: readonly string[],
  folder: string,
  schema: z.ZodType<T>,
  problems: DataProblem[],
): Promise<{ file: string; dir: string; data: T }[]> {
  const parsed: { file: string; dir: string; data: T }[] = [];
  for (const dir of dirs) {
    for (const name of listFilesBelow(path.join(dir, folder), (relative) => !relative.includes('/') && /\.ya?ml$/.test(relative), path.join)) {
      const file = path.join(dir, folder, name);
      const data = await parseFile(file, schema, problems);
      if (data !== undefined) parsed.push({ file, dir, data });
    }
  }
  return parsed;
}
