import { z } from 'zod';
import { DataError, GenerateError, UsageError } from '../errors.js';
import { formatPath } from './field-path.js';
import { decodeUtf8 } from './read.js';
import { forbiddenKeyProblem } from './forbidden-keys.js';
import { jsonDepth } from './json-depth.js';
import { MAX_STATE_DEPTH, textOf } from './limits.js';

/**
 * A file muster writes and reads back between runs (a campaign's state), in any rule set:
 * versioned, stamped with the muster that wrote it, and checked against one schema both
 * when read and before it is written, so muster never writes what it cannot read back.
 */
export interface StateFormat<T> {
  /** the schema of the whole file, `version` included, `writtenBy` left out */
  schema: z.ZodType<T>;
  /** the newest version this muster reads and writes */
  version: number;
  /** what the file is, for messages: "campaign state" */
  what: string;
}

/** Text of a state file: the state, its version first and the muster that wrote it next. */
export function formatState<T extends { version: number }>(state: T, format: StateFormat<T>, toolVersion: string): string {
  const checked = format.schema.safeParse(state);
  if (!checked.success) {
    const where = checked.error.issues.map((i) => `${formatPath(i.path) || 'the file'}: ${i.message}`).join('; ');
    throw new GenerateError(`the new ${format.what} would not read back (${where}); nothing was written`);
  }
  const { version, ...rest } = checked.data;
  return `${JSON.stringify({ version, writtenBy: toolVersion, ...rest }, null, 2)}\n`;
}

/**
 * Reads a state file's bytes: UTF-8 (a byte-order mark is allowed), JSON, a version this
 * muster knows, then the schema. Each failure names the file and what to do.
 */
export function parseState<T>(
  bytes: Uint8Array,
  file: string,
  format: StateFormat<T>,
  context: {
    toolVersion: string;
    backup?: string;
    /** what a state names that the rule set's data must have (lists, squares, battles): each problem found */
    references?: (state: T) => readonly { path: string; message: string }[];
  },
): T {
  const backup = context.backup ? `; the state before the last change is in ${context.backup}` : '';
  const decoded = decodeUtf8(bytes, format.what);
  if (!('text' in decoded)) throw new DataError([{ file, path: decoded.path, message: `${decoded.message}${backup}` }]);
  const { text } = decoded;
  refuseDeepState(text, file, format.what, context.backup);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new DataError([{ file, path: '', message: `not valid JSON (${(error as Error).message})${backup}` }]);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new DataError([{ file, path: '', message: `is not a ${format.what} (a JSON object with a version)${backup}` }]);
  }
  const forbidden = forbiddenKeyProblem(raw, file, format.what);
  if (forbidden) throw new DataError([{ ...forbidden, message: `${forbidden.message}${backup}` }]);
  const { writtenBy, ...rest } = raw as Record<string, unknown>;
  const version = rest['version'];
  if (typeof version === 'number' && Number.isInteger(version) && version > format.version) {
    const by = typeof writtenBy === 'string' ? `muster ${writtenBy.slice(0, 40)}` : 'a newer muster';
    throw new UsageError(
      `--state ${file}: was written by ${by} (${format.what} version ${version}); this muster is ${context.toolVersion} and reads version ${format.version} at most. Update muster to go on with this campaign`,
    );
  }
  if (writtenBy !== undefined && (typeof writtenBy !== 'string' || writtenBy.length > 40)) {
    throw new DataError([{ file, path: 'writtenBy', message: `must be the muster version that wrote the file${backup}` }]);
  }
  const parsed = format.schema.safeParse(rest);
  if (!parsed.success) {
    throw new DataError(parsed.error.issues.map((i) => ({ file, path: formatPath(i.path), message: `${i.message}${backup}` })));
  }
  const broken = context.references?.(parsed.data) ?? [];
  if (broken.length > 0) throw new DataError(broken.map((p) => ({ file, path: p.path, message: `${p.message}${backup}` })));
  return parsed.data;
}

/**
 * Refuses a state text nested deeper than any state muster writes, before it is parsed or
 * walked: the command line and the page (which runs the same code in its worker) alike.
 */
export function refuseDeepState(text: string, file: string, what: string, backup?: string): void {
  const depth = jsonDepth(text);
  if (depth <= MAX_STATE_DEPTH) return;
  const instead = backup ? `the state muster last wrote, or the one before the last change, in ${backup}` : 'the state muster last wrote (on the page: the copy you last saved)';
  throw new DataError([
    {
      file,
      path: '',
      message: `is nested ${depth} levels deep, more than the ${MAX_STATE_DEPTH} a ${what} ever holds, so it is not one muster wrote; nothing was read or changed: open ${instead}`,
    },
  ]);
}

/**
 * The changes a state file keeps so that the last can be taken back (`campaign undo`): each in
 * a player's words, with the whole state before it. They sit beside the state under this key,
 * which no rule set's state may use: the command line takes them off before a module reads the
 * state and puts them back after it writes one, so no module's schema knows of them.
 */
export const CHANGES_KEY = 'changes';
/** Changes kept, the oldest dropped first: a campaign's last evenings, a few hundred kilobytes at most. */
export const MAX_CHANGES = 50;
/** A change's words: a line, however long the names in it. */
export const MAX_CHANGE_WORDS = 400;

export interface StateChange {
  /** what the change did, in a player's words: "recorded game 3 (Red won)" */
  change: string;
  /** where the change was an undo: it took that change back, or (an undo of an undo) put it back */
  undo?: 'took back' | 'put back';
  /** the whole state before the change, without its own changes or the muster that wrote it */
  state: Record<string, unknown>;
}

const stateChange = z
  .object({
    change: textOf(MAX_CHANGE_WORDS),
    undo: z.enum(['took back', 'put back']).optional(),
    state: z
      .record(z.string(), z.unknown())
      .refine((state) => !(CHANGES_KEY in state), `a state kept among the changes keeps no "${CHANGES_KEY}" of its own`),
  })
  .strict();
const stateChanges = z.array(stateChange).max(MAX_CHANGES, `at most ${MAX_CHANGES} changes are kept`);

/** A state file's bytes parted from the changes it keeps. */
export interface KeptState {
  /** the state alone, as a module reads it: the file's own bytes where it keeps no changes */
  bytes: Uint8Array;
  /** the state alone as parsed (its writtenBy left out); absent where the file is no JSON object, for the module's reading to say why */
  state?: Record<string, unknown>;
  /** the changes, oldest first */
  changes: StateChange[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Takes the changes off a state file's bytes, checking them as far as they are the same in every
 * rule set (a state kept among them is checked by its rule set when it is taken back). A file
 * that is not UTF-8 JSON is passed on as it is: the module's reading names what is wrong.
 */
export function splitChanges(bytes: Uint8Array, file: string, what: string, backup?: string): KeptState {
  const decoded = decodeUtf8(bytes, what);
  if (!('text' in decoded)) return { bytes, changes: [] };
  refuseDeepState(decoded.text, file, what, backup);
  let raw: unknown;
  try {
    raw = JSON.parse(decoded.text);
  } catch {
    return { bytes, changes: [] };
  }
  if (!isObject(raw)) return { bytes, changes: [] };
  const after = backup ? `; the state before the last change is in ${backup}` : '';
  const forbidden = forbiddenKeyProblem(raw, file, what);
  if (forbidden) throw new DataError([{ ...forbidden, message: `${forbidden.message}${after}` }]);
  const { [CHANGES_KEY]: listed, ...rest } = raw;
  const { writtenBy: _writer, ...state } = rest;
  if (!(CHANGES_KEY in raw)) return { bytes, state, changes: [] };
  const checked = stateChanges.safeParse(listed);
  if (!checked.success) {
    throw new DataError(checked.error.issues.map((i) => ({ file, path: formatPath([CHANGES_KEY, ...i.path]), message: `${i.message}${after}` })));
  }
  return { bytes: new TextEncoder().encode(`${JSON.stringify(rest, null, 2)}\n`), state, changes: checked.data as StateChange[] };
}

/**
 * A module's new state text with the changes put back after it: the newest MAX_CHANGES, fewer
 * where the file would grow past `maxBytes` (the oldest go first). The state's own text is
 * unchanged: formatState writes `JSON.stringify(x, null, 2)`, which reads back and writes again
 * byte for byte.
 */
export function withChanges(stateText: string, changes: readonly StateChange[], maxBytes: number): string {
  const state = JSON.parse(stateText) as Record<string, unknown>;
  if (CHANGES_KEY in state) throw new GenerateError(`the new state has a field "${CHANGES_KEY}" of its own, where muster keeps its changes; nothing was written`);
  let kept = changes.slice(-MAX_CHANGES);
  for (;;) {
    if (kept.length === 0) return stateText;
    const text = `${JSON.stringify({ ...state, [CHANGES_KEY]: kept }, null, 2)}\n`;
    if (new TextEncoder().encode(text).length <= maxBytes) return text;
    kept = kept.slice(1);
  }
}

/** A kept state as its file's text, written as formatState writes one: version first, then the muster writing it. */
export function keptStateText(state: Record<string, unknown>, toolVersion: string): string {
  const { version, writtenBy: _writer, ...rest } = state;
  return `${JSON.stringify({ version, writtenBy: toolVersion, ...rest }, null, 2)}\n`;
}

/**
 * A module's words for a change as the file keeps them: one line (a control character or line
 * break becomes a space), cut to MAX_CHANGE_WORDS characters, so they always read back.
 */
export function changeText(words: string): string {
  // eslint-disable-next-line no-control-regex
  const line = words.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim() || 'a change';
  const chars = [...line];
  return chars.length <= MAX_CHANGE_WORDS ? line : `${chars.slice(0, MAX_CHANGE_WORDS - 1).join('')}…`;
}

/** A change as a player reads it: "recorded game 3 (Red won)", "took back recorded game 3 (Red won)". */
export function changeWords(change: StateChange): string {
  return change.undo ? `${change.undo} ${change.change}` : change.change;
}

/** What an undo of `last` keeps: the state it leaves, and that it took `last` back (or, where `last` took one back, put it back). */
export function undoChange(last: StateChange, before: Record<string, unknown>): StateChange {
  return { change: last.change, undo: last.undo === 'took back' ? 'put back' : 'took back', state: before };
}

/** A field of a kept state (`rungIndex`) as a field of its file (`changes[3].state.rungIndex`). */
export function keptStatePath(index: number, inner: string): string {
  const at = formatPath([CHANGES_KEY, index, 'state']);
  return inner === '' ? at : inner.startsWith('[') ? `${at}${inner}` : `${at}.${inner}`;
}
