import type { z } from 'zod';
import { DataError, GenerateError, UsageError } from '../errors.js';
import { formatPath } from './field-path.js';
import { decodeUtf8 } from './read.js';
import { forbiddenKeyProblem } from './forbidden-keys.js';

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
