import { randomBytes } from 'node:crypto';
import { access, constants, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GenerateError, UsageError } from '../errors.js';

/** Everything the CLI touches outside itself, passed in so tests run it without spawning. */
export interface CliIo {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  cwd: string;
  /** writes a whole file so that it either appears complete or not at all */
  writeFile(file: string, data: Uint8Array | string): Promise<void>;
  env: Readonly<Record<string, string | undefined>>;
  /** a new seed when none is given: the one place randomness enters, and only to pick a seed */
  freshSeed(): string;
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    writeFile: writeFileAtomic,
    env: process.env,
    freshSeed: () => randomBytes(4).toString('hex'),
  };
}

/**
 * Writes to a temporary file beside the target, then renames it into place: a crash or a full
 * disk leaves the old file (or none) behind, never half a PDF.
 */
export async function writeFileAtomic(file: string, data: Uint8Array | string): Promise<void> {
  // unique per process beside the target, so two runs never share a temporary file
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw new GenerateError(`could not write ${file}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Checks before any work is done that the output can be written: the folder exists (or is the
 * default out/, which is created) and is writable, and the path is not a folder.
 */
export async function prepareOutput(file: string, option: string, createFolder: boolean): Promise<void> {
  const dir = path.dirname(file);
  if (createFolder) await mkdir(dir, { recursive: true });
  try {
    if (!(await stat(dir)).isDirectory()) throw new Error('not a folder');
  } catch {
    throw new UsageError(`${option} ${file}: the folder ${dir} does not exist; create it first or choose another path`);
  }
  try {
    await access(dir, constants.W_OK);
  } catch {
    throw new UsageError(`${option} ${file}: the folder ${dir} cannot be written to`);
  }
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isDirectory()) throw new UsageError(`${option} ${file}: is a folder; give a file name such as ${path.join(file, 'sheets.pdf')}`);
}
