/**
 * `--force -`: the force file read from standard input (issue 50, point 5), as `cat force.yaml |
 * muster cards bof --force -`. It is read whole before the run, bounded by the size any force
 * file may have, and the run reads it through its files under the path `-` names in the
 * current folder, so every rule set's reading and every message is that of a file.
 */
import path from 'node:path';
import { UsageError } from '../errors.js';
import { MAX_FILE_BYTES } from '../data/limit-values.js';
import type { Files } from '../data/files.js';

export const STDIN = '-';

/** How many times a command line gives `--force -` (`--force=-` alike), up to a `--`. */
export function stdinForces(words: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') break;
    if (word === `--force=${STDIN}` || (word === '--force' && words[i + 1] === STDIN)) count++;
  }
  return count;
}

/** Standard input read whole, or a refusal naming --force - when it holds more than a force file may. */
export async function readStdinForce(read: ((limit: number) => Promise<Uint8Array>) | undefined): Promise<Uint8Array> {
  if (!read) throw new UsageError('--force -: there is no standard input to read here; give the force file by name');
  const bytes = await read(MAX_FILE_BYTES);
  if (bytes.length > MAX_FILE_BYTES) {
    throw new UsageError(`--force -: standard input holds more than ${MAX_FILE_BYTES / (1024 * 1024)} MB; muster takes force files of up to ${MAX_FILE_BYTES / (1024 * 1024)} MB`);
  }
  if (bytes.length === 0) throw new UsageError('--force -: standard input was empty; pipe a force file in, e.g. muster cards <system> --force - < my-force.yaml');
  return bytes;
}

/** The run's files with standard input's bytes at `<cwd>/-`, where `--force -` leads. */
export function withStdinFile(files: Files, cwd: string, bytes: Uint8Array): Files {
  const at = path.resolve(cwd, STDIN);
  return {
    ...files,
    stat: (p) => (p === at ? { kind: 'file', size: bytes.length } : files.stat(p)),
    realpath: (p) => (p === at ? at : files.realpath(p)),
    read: (p, limit) => (p === at ? { kind: 'file', size: bytes.length, ...(bytes.length <= limit ? { bytes } : {}) } : files.read(p, limit)),
  };
}
