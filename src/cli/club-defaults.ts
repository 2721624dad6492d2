/**
 * A club's defaults (issue 50): a `muster.yaml` found in the current folder or a folder above
 * it, and MUSTER_* environment variables, set the defaults of a few print options. Precedence,
 * lowest first: muster's own default, then muster.yaml, then the environment, then the command
 * line. Only the command line reads them: run() looks for them when its io says so
 * (`CliIo.clubDefaults`), which the page's io does not, so a page run is never changed by them.
 *
 * The lookup walks up from the current folder and stops at the first muster.yaml, or after
 * the first folder that holds `.git` (a checkout, a worktree), or at the file system's root.
 * A checkout is a project of its own: a muster.yaml left in a home folder above it must not
 * change what its commands (and its tests) print, as `.editorconfig`'s `root` stops a lookup.
 *
 * Each value is checked as the option itself checks it: its choices and type from the command
 * table, and --back-offset's and --bleed's own checks (parseOffset, checkBleed); --layout
 * as sheets or guillotine, not fold.
 */
import path from 'node:path';
import { z } from 'zod';
import { DataError, UsageError, type DataProblem } from '../errors.js';
import { parseFile } from '../data/parse.js';
import { closeMatches, orList } from '../data/suggest.js';
import type { Files } from '../data/files.js';
import { CLUB_KEYS, clubOption, type ClubKey, type CommandSpec } from './command-table.js';
import { optionUses } from './repeated-options.js';
import { checkBleed, parseOffset } from './print-options.js';

export { CLUB_KEYS, type ClubKey };

/** The file's name, looked for in the current folder and above. */
export const CLUB_FILE = 'muster.yaml';

export type ClubValueType = string | number | string[];

/** Where a value came from: muster's default, a muster.yaml (its path), a variable (its name), the command line. */
export type ClubSource = { kind: 'default' } | { kind: 'file'; file: string } | { kind: 'environment'; variable: string } | { kind: 'command line' };

export interface ClubValue {
  value: ClubValueType;
  source: ClubSource;
}

export interface ClubDefaults {
  /** the muster.yaml read, if one was found */
  file?: string;
  /** the folder the lookup stopped at without finding one (the checkout's, or the root) */
  searchedUpTo?: string;
  /** each key set by the file or the environment, the environment's over the file's */
  values: Partial<Record<ClubKey, ClubValue>>;
}

export const NO_CLUB_DEFAULTS: ClubDefaults = { values: {} };

/** `back-offset` -> `MUSTER_BACK_OFFSET`. */
export function envName(key: ClubKey): string {
  return `MUSTER_${key.toUpperCase().replace(/-/g, '_')}`;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The checks an option makes beyond its choices and type, reused as they are. */
const OWN_CHECKS: Partial<Record<ClubKey, (value: ClubValueType) => void>> = {
  'back-offset': (value) => void parseOffset(String(value)),
  bleed: (value) => void checkBleed(Number(value)),
  // fold is one run's choice: token sheets without a deck and a print shop's file refuse it
  layout: (value) => {
    if (value === 'fold') throw new Error('"fold" is not allowed as a default; allowed: sheets or guillotine (give --layout fold on the command line)');
  },
};

/**
 * A value checked as its option checks it, typed as a parsed command line has it; throws a
 * message saying what is allowed.
 */
export function checkClubValue(key: ClubKey, raw: unknown): ClubValueType {
  const spec = clubOption(key);
  let value: ClubValueType;
  if (spec.array) {
    const list = typeof raw === 'string' ? [raw] : raw;
    if (!Array.isArray(list) || list.length === 0 || list.some((v) => typeof v !== 'string' || v.trim() === '')) {
      throw new Error('give a folder, or a list of folders');
    }
    value = list as string[];
  } else if (spec.type === 'number') {
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && PLAIN_NUMBER.test(raw.trim()) ? Number(raw) : Number.NaN;
    if (!Number.isFinite(n)) throw new Error(`${JSON.stringify(raw)} is not a number; give a number such as ${String(spec.default ?? 1)}`);
    value = n;
  } else {
    if (typeof raw !== 'string' && typeof raw !== 'number') throw new Error(`give a value${spec.choices ? `: ${orList([...spec.choices])}` : ''}`);
    value = String(raw);
  }
  if (spec.choices && !spec.choices.includes(String(value))) {
    throw new Error(`"${String(value)}" is not allowed; allowed: ${orList([...spec.choices])}`);
  }
  try {
    OWN_CHECKS[key]?.(value);
  } catch (error) {
    if (error instanceof UsageError) throw new Error(error.message);
    throw error;
  }
  return value;
}

function kindAt(files: Files, file: string): string | undefined {
  try {
    return files.stat(file).kind;
  } catch {
    return undefined;
  }
}

/** The muster.yaml that applies in `cwd`, or the folder the search stopped at. */
export function findClubFile(files: Files, cwd: string): { file: string } | { searchedUpTo: string } {
  let dir = path.resolve(cwd);
  for (;;) {
    const candidate = path.join(dir, CLUB_FILE);
    // anything by that name is the club's file: a folder or device is refused by the read
    if (kindAt(files, candidate) !== undefined) return { file: candidate };
    // a checkout's own folder ends the search (see the head of this file); .git may be a file (a worktree)
    if (kindAt(files, path.join(dir, '.git')) !== undefined) return { searchedUpTo: dir };
    const up = path.dirname(dir);
    if (up === dir) return { searchedUpTo: dir };
    dir = up;
  }
}

const FILE_SCHEMA = z.record(z.string(), z.unknown()).nullable();

/** The file's values, checked; refused (exit 2) naming the file, the field and what is allowed. */
export async function readClubFile(file: string): Promise<Partial<Record<ClubKey, ClubValue>>> {
  const problems: DataProblem[] = [];
  // the bounded read and parse of every player's file: size limit, UTF-8, forbidden keys
  const parsed = await parseFile(file, FILE_SCHEMA, problems, `${CLUB_FILE} file`);
  if (problems.length > 0) throw new DataError(problems);
  const values: Partial<Record<ClubKey, ClubValue>> = {};
  const source: ClubSource = { kind: 'file', file };
  for (const [key, raw] of Object.entries(parsed ?? {})) {
    if (!(CLUB_KEYS as readonly string[]).includes(key)) {
      const close = closeMatches(key, CLUB_KEYS.map((id) => ({ id })));
      problems.push({ file, path: key, message: `unknown field${close.length > 0 ? `: did you mean ${orList(close)}?` : ''}; the fields are ${CLUB_KEYS.join(', ')}` });
      continue;
    }
    try {
      let value = checkClubValue(key as ClubKey, raw);
      // the file's folders are the file's: relative to its folder, wherever muster runs
      if (Array.isArray(value)) value = value.map((d) => path.resolve(path.dirname(file), d));
      values[key as ClubKey] = { value, source };
    } catch (error) {
      problems.push({ file, path: key, message: (error as Error).message });
    }
  }
  if (problems.length > 0) throw new DataError(problems);
  return values;
}

/** The MUSTER_* variables' values, checked; a bad one is refused naming the variable. */
export function readClubEnv(env: Readonly<Record<string, string | undefined>>): Partial<Record<ClubKey, ClubValue>> {
  const values: Partial<Record<ClubKey, ClubValue>> = {};
  for (const key of CLUB_KEYS) {
    const variable = envName(key);
    const text = env[variable];
    if (text === undefined || text.trim() === '') continue;
    // folders are separated as in PATH (":", ";" on Windows); relative ones are the current folder's
    const raw = clubOption(key).array ? text.split(path.delimiter).filter((d) => d.trim() !== '') : text.trim();
    try {
      values[key] = { value: checkClubValue(key, raw), source: { kind: 'environment', variable } };
    } catch (error) {
      throw new UsageError(`${variable}="${text}": ${(error as Error).message}`);
    }
  }
  return values;
}

/** The file's and the environment's defaults where `cwd` is; none unless the io reads them. */
export async function loadClubDefaults(io: { clubDefaults?: boolean; cwd: string; env: Readonly<Record<string, string | undefined>>; files: Files }): Promise<ClubDefaults> {
  if (!io.clubDefaults) return NO_CLUB_DEFAULTS;
  const found = findClubFile(io.files, io.cwd);
  const fromFile = 'file' in found ? await readClubFile(found.file) : {};
  const fromEnv = readClubEnv(io.env);
  return { ...found, values: { ...fromFile, ...fromEnv } };
}

/**
 * The command line with the defaults a command takes and was not given added as options
 * (`--paper=letter`): both parsers then read and check them as typed. Added before a `--`.
 * A --data on the command line replaces the defaults' folders, as any option given does.
 */
export function withClubDefaults(command: CommandSpec, args: readonly string[], club: ClubDefaults): string[] {
  const given = new Set(optionUses(command, args).map((use) => use.option.name));
  const added: string[] = [];
  for (const key of CLUB_KEYS) {
    const set = club.values[key];
    if (!set || given.has(key) || !command.options.some((o) => o.name === key)) continue;
    for (const value of Array.isArray(set.value) ? set.value : [set.value]) added.push(`--${key}=${String(value)}`);
  }
  if (added.length === 0) return [...args];
  const end = args.indexOf('--');
  return end < 0 ? [...args, ...added] : [...args.slice(0, end), ...added, ...args.slice(end)];
}
