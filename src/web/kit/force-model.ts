/**
 * What every rule set's force model shares (issue 17): a force file's text read as data and
 * refused as the command line refuses it, YAML written in the docs' style, and the `check`
 * command's `where` mapped to the builder's rows. No DOM here, so Node tests it as it is.
 */
import YAML from 'yaml';
import { holdsTooManyValues, TOO_MANY_VALUES } from '../../data/file-values.js';
import { MAX_ENTRIES, MAX_FILE_BYTES } from '../../data/limit-values.js';

/** Where the builder keeps the force it writes, as the command line names it from /player. */
export const FORCE_FILE = 'force.yaml';

/** The command line's problem: `where` names the entry ("units[3] de-panzer-iv-h") or "force". */
export interface Problem {
  where: string;
  rule: string;
  message: string;
}

/** What `check <system> --force FILE --format json` prints (null where the rules price nothing). */
export interface CheckReport {
  system: string;
  name: string;
  points: number | null;
  limit: number | string | null;
  entries: { where: string; name: string; points: number | null }[];
  problems: Problem[];
}

/** The keys in the doc's order, then any others as they came; undefined left out. */
export function ordered(object: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // defined, not assigned: a key "__proto__" assigned would set the object's prototype
  const put = (key: string, value: unknown) => Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  for (const key of keys) if (Object.hasOwn(object, key) && object[key] !== undefined) put(key, object[key]);
  for (const [key, value] of Object.entries(object)) if (!keys.includes(key) && value !== undefined) put(key, value);
  return out;
}

/** A force file read back: the force, and what it holds that the builder does not show (kept, and said). */
export interface LoadedForce<F> {
  force: F;
  /** "kept as in the file, not shown: units[2] foo" and the like */
  notes: string[];
}

/** The row a problem names: "units[3]" of "units[3] de-panzer-iv-h", or "force". */
export function rowKey(where: string): string {
  const head = where.trim().split(/\s+/)[0] ?? '';
  return /^[\w.]+\[\d+\]/.test(head) ? head : 'force';
}

/** The problems by the row they name, in the command line's order. */
export function problemsByRow(problems: readonly Problem[]): Map<string, Problem[]> {
  const rows = new Map<string, Problem[]>();
  for (const problem of problems) {
    const key = rowKey(problem.where);
    rows.set(key, [...(rows.get(key) ?? []), problem]);
  }
  return rows;
}

/** A problem in the command line's words, as `check` prints it: "force (points): the force costs …". */
export function problemLine(problem: Problem): string {
  return `${problem.where} (${problem.rule}): ${problem.message}`;
}

/** Names a JavaScript object keeps for itself: a file's key of one could reach every object's prototype. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Where a key or list stands in the file, in words: "the file", "entry 3 of units". */
function placeWords(path: readonly (string | number)[]): string {
  let words = '';
  for (const step of path) words = typeof step === 'number' ? `entry ${step + 1} of ${words}` : words ? `${step} in ${words}` : step;
  return words || 'the file';
}

/**
 * The longest each list of a rule set's force file may be, as its schema says, by where the
 * list stands: "units", "units[].stands" (the stands of any unit). A list not named takes
 * MAX_ENTRIES, as every list of every file does.
 */
export type ListLimits = Readonly<Record<string, number>>;

/** "units[].stands" for the path units, 3, stands. */
function listPlace(path: readonly (string | number)[]): string {
  return path.map((step) => (typeof step === 'number' ? '[]' : `.${step}`)).join('').replace(/^\./, '');
}

/**
 * What the command line refuses in any force file, checked over the whole file at once before
 * the builder shows any of it: a list longer than it takes (the rule set's `lists`, where it
 * names one), a key that names an object's insides. Each node is visited once for each place
 * it stands (an alias's list in every unit that names it), so a file whose aliases make it
 * larger than MAX_FILE_VALUES values is refused before that.
 */
export function forceFileRefusal(parsed: unknown, lists: ListLimits = {}): string | undefined {
  if (holdsTooManyValues(parsed)) return `${TOO_MANY_VALUES}.`;
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: parsed, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (Array.isArray(value)) {
      const own = lists[listPlace(path)];
      if (own !== undefined && value.length > own) return `${placeWords(path)} holds ${value.length} entries; muster takes at most ${own} there, as the command line does. Take some out, or split the force into smaller ones.`;
      if (value.length > MAX_ENTRIES) return `${placeWords(path)} holds ${value.length} entries; muster takes at most ${MAX_ENTRIES} in one list, as the command line does. Split the force into smaller ones.`;
      // pushed last first: the first entry that breaks a limit is the one named
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
    } else if (value && typeof value === 'object') {
      for (const key of Object.keys(value).reverse()) {
        if (FORBIDDEN_KEYS.has(key)) return `${placeWords(path)} holds a key named "${key}": muster takes no key named "__proto__", "constructor" or "prototype" in any file. Rename or remove it, and load the file again.`;
        stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return undefined;
}

/** A force file's size refused before it is read, as the command line refuses it; undefined when it fits. */
export function forceFileTooLarge(bytes: number): string | undefined {
  return bytes > MAX_FILE_BYTES ? `the file is ${(bytes / (1024 * 1024)).toFixed(1)} MB; muster takes force files of up to ${MAX_FILE_BYTES / (1024 * 1024)} MB, as the command line does.` : undefined;
}

/**
 * A force file's text as data: YAML or JSON, a byte-order mark ignored; a mapping or an error.
 * Refused whole, before the builder shows any of it, when the command line would refuse it
 * by its size, what its aliases make of it, a list's length (the rule set's `lists`) or a
 * forbidden key: the builder keeps the force it had.
 */
export function parseForceText(text: string, what: string, lists: ListLimits = {}): Record<string, unknown> {
  const tooLarge = forceFileTooLarge(new TextEncoder().encode(text).length);
  if (tooLarge) throw new Error(tooLarge);
  const parsed: unknown = YAML.parse(text.replace(/^\uFEFF/, ''));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`a force file is a mapping of ${what}`);
  const refusal = forceFileRefusal(parsed, lists);
  if (refusal) throw new Error(refusal);
  return parsed as Record<string, unknown>;
}

/** Whether a value is a mapping (an entry the builder can show). */
export function isMapping(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

/** "KEY: kept as in the file, the builder does not show it" for each key the builder does not know. */
export function unknownKeys(object: Record<string, unknown>, known: readonly string[], prefix = ''): string[] {
  return Object.keys(object)
    .filter((key) => !known.includes(key))
    .map((key) => `${prefix}${key}: kept as in the file, the builder does not show it`);
}

/** YAML in the docs' style: the named keys' lists and mappings on one line. */
export function docYaml(value: unknown, flowKeys: readonly string[], flowItemsOf: readonly string[] = []): string {
  const doc = new YAML.Document(value);
  YAML.visit(doc, {
    Pair(_, pair) {
      if (!YAML.isScalar(pair.key)) return;
      const key = String(pair.key.value);
      if (flowKeys.includes(key) && YAML.isSeq(pair.value)) pair.value.flow = true;
      if (flowItemsOf.includes(key) && YAML.isSeq(pair.value)) for (const item of pair.value.items) if (YAML.isMap(item)) item.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0 });
}

/** A value set from a control: the default (or nothing) leaves the key out, as the docs write it. */
export function setOrDrop(object: Record<string, unknown>, key: string, value: unknown, fallback?: unknown): void {
  if (value === undefined || value === '' || value === fallback || (typeof value === 'number' && !Number.isFinite(value))) delete object[key];
  else object[key] = value;
}
