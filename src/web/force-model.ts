/**
 * The force builder's pure parts (issue 17): a force as data, written as the YAML the command
 * line reads and read back from a player's YAML or JSON, and the `check` command's `where`
 * mapped to the builder's rows. No DOM here, so Node tests it as it is.
 */
import YAML from 'yaml';
import { MAX_ENTRIES, MAX_FILE_BYTES } from '../data/limits.js';

/** The rule sets with a `check` command, so with a force builder. */
export const FORCE_SYSTEMS = ['bof', 'fireteam', 'blazeaway'] as const;
export type ForceSystem = (typeof FORCE_SYSTEMS)[number];

/** Where the builder keeps the force it writes, as the command line names it from /player. */
export const FORCE_FILE = 'force.yaml';

/** One entry of a Burst of Fire force (docs/force-file.md); keys the builder does not show ride along. */
export interface BofEntry {
  unit: string;
  count?: number;
  quality?: string;
  weapons?: string[];
  squadLeader?: boolean;
  label?: string;
  [other: string]: unknown;
}

export interface BofForce {
  name: string;
  nation: string;
  doctrine: string;
  detachment: string;
  points?: number;
  units: BofEntry[];
  [other: string]: unknown;
}

const FORCE_KEYS = ['name', 'nation', 'doctrine', 'detachment', 'points', 'units'];
const ENTRY_KEYS = ['unit', 'count', 'quality', 'weapons', 'squadLeader', 'label'];

export function emptyBofForce(): BofForce {
  return { name: '', nation: '', doctrine: '', detachment: '', units: [] };
}

/** The command line's problem: `where` names the entry ("units[3] de-panzer-iv-h") or "force". */
export interface Problem {
  where: string;
  rule: string;
  message: string;
}

/** What `check <system> --force FILE --format json` prints (Blaze Away! has no points: null). */
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

/** An entry as the file holds it: defaults left out (count 1, no weapons), the doc's key order. */
export function entryForFile(entry: BofEntry): unknown {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return entry;
  const out: Record<string, unknown> = { ...entry };
  if (out['count'] === 1 || out['count'] === undefined) delete out['count'];
  if (!out['quality']) delete out['quality'];
  if (Array.isArray(out['weapons']) && out['weapons'].length === 0) delete out['weapons'];
  if (!out['squadLeader']) delete out['squadLeader'];
  if (typeof out['label'] === 'string' && out['label'].trim() === '') delete out['label'];
  return ordered(out, ENTRY_KEYS);
}

/** The force as the YAML the command line reads (docs/force-file.md). */
export function bofForceToYaml(force: BofForce): string {
  const top: Record<string, unknown> = { ...force, units: force.units.map(entryForFile) };
  for (const key of ['name', 'nation', 'doctrine', 'detachment']) if (top[key] === '') delete top[key];
  const doc = new YAML.Document(ordered(top, FORCE_KEYS));
  // weapons on one line, as the doc writes them
  YAML.visit(doc, {
    Pair(_, pair) {
      if (YAML.isScalar(pair.key) && pair.key.value === 'weapons' && YAML.isSeq(pair.value)) pair.value.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0 });
}

/** A force file read back: the force, and what it holds that the builder does not show (kept, and said). */
export interface LoadedForce<F = BofForce> {
  force: F;
  /** "kept as in the file, not shown: units[2] foo" and the like */
  notes: string[];
}

/** Reads a Burst of Fire force file (YAML or JSON, as the command line does). Throws on text that is no force. */
export function bofForceFromText(text: string): LoadedForce {
  const raw = parseForceText(text, 'name, nation, doctrine, detachment, points and units');
  const notes: string[] = [];
  const force: BofForce = { ...emptyBofForce(), ...raw, units: [] } as BofForce;
  for (const key of ['name', 'nation', 'doctrine', 'detachment']) {
    const value = raw[key];
    if (value === undefined) continue;
    if (typeof value === 'string' || typeof value === 'number') force[key] = String(value);
    else notes.push(`${key}: kept as in the file, the builder cannot show it`);
  }
  if (raw['points'] !== undefined && typeof raw['points'] !== 'number') {
    notes.push('points: kept as in the file, not a number');
  }
  for (const key of Object.keys(raw)) if (!FORCE_KEYS.includes(key)) notes.push(`${key}: kept as in the file, the builder does not show it`);
  const units = raw['units'];
  if (units !== undefined && !Array.isArray(units)) {
    force.units = units as BofEntry[];
    notes.push('units: kept as in the file, not a list');
    return { force, notes };
  }
  for (const [index, item] of (units ?? []).entries()) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      force.units.push(item as BofEntry);
      notes.push(`units[${index}]: kept as in the file, not a unit entry`);
      continue;
    }
    const entry = { ...(item as Record<string, unknown>) } as BofEntry;
    if (typeof entry.unit !== 'string') entry.unit = entry.unit === undefined ? '' : String(entry.unit);
    if (entry.weapons !== undefined && !Array.isArray(entry.weapons)) notes.push(`units[${index}] weapons: kept as in the file, not a list`);
    for (const key of Object.keys(entry)) if (!ENTRY_KEYS.includes(key)) notes.push(`units[${index}] ${key}: kept as in the file, the builder does not show it`);
    force.units.push(entry);
  }
  return { force, notes };
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

/** What `check` said when it printed no report (a file it refuses outright): its stderr, line by line. */
export function refusalLines(stderr: string): string[] {
  return stderr
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
}

/** The status line for a player: "Wrote /out/muster.pdf (8 pages)" is the page's own path, so "muster.pdf ready (8 pages)". */
export function playerWords(stderr: string, out: string): string {
  const escaped = out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const name = out.slice(out.lastIndexOf('/') + 1);
  return stderr
    .replace(new RegExp(`^Wrote ${escaped}\\b`, 'gm'), `${name} ready`)
    .replace(/\bgive --allow-missing-glyphs to print\b/g, `tick "${ALLOW_MISSING_GLYPHS_LABEL}" (under Paper and printer) to print`);
}

/** The page's control for --allow-missing-glyphs, as its label reads (src/web/index.html). */
export const ALLOW_MISSING_GLYPHS_LABEL = 'Print characters no font has as empty boxes';

/** Names a JavaScript object keeps for itself: a file's key of one could reach every object's prototype. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Where a key or list stands in the file, in words: "the file", "entry 3 of units". */
function placeWords(path: readonly (string | number)[]): string {
  let words = '';
  for (const step of path) words = typeof step === 'number' ? `entry ${step + 1} of ${words}` : words ? `${step} in ${words}` : step;
  return words || 'the file';
}

/**
 * What the command line refuses in any force file, checked over the whole file at once before
 * the builder shows any of it: a list longer than it takes, a key that names an object's insides.
 * Each node is visited once, so a large file costs its size.
 */
export function forceFileRefusal(parsed: unknown): string | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: parsed, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (Array.isArray(value)) {
      if (value.length > MAX_ENTRIES) return `${placeWords(path)} holds ${value.length} entries; muster takes at most ${MAX_ENTRIES} in one list, as the command line does. Split the force into smaller ones.`;
      value.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
    } else if (value && typeof value === 'object') {
      for (const key of Object.keys(value)) {
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
 * by its size, a list's length or a forbidden key: the builder keeps the force it had.
 */
export function parseForceText(text: string, what: string): Record<string, unknown> {
  const tooLarge = forceFileTooLarge(new TextEncoder().encode(text).length);
  if (tooLarge) throw new Error(tooLarge);
  const parsed: unknown = YAML.parse(text.replace(/^\uFEFF/, ''));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`a force file is a mapping of ${what}`);
  const refusal = forceFileRefusal(parsed);
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
