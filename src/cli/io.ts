import { randomBytes } from 'node:crypto';
import { access, constants, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { checkInterrupted, GenerateError, InterruptedError, UsageError } from '../errors.js';
import { SILENT, terminalProgress, type Progress } from './progress.js';

/** Everything the CLI touches outside itself, passed in so tests run it without spawning. */
export interface CliIo {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  cwd: string;
  /** writes a whole file so that it either appears complete or not at all */
  writeFile(file: string, data: Uint8Array | string): Promise<void>;
  /** a file written piece by piece that appears, complete, only when committed */
  openFile(file: string): Promise<FileWriter>;
  env: Readonly<Record<string, string | undefined>>;
  /** a new seed when none is given: the one place randomness enters, and only to pick a seed */
  freshSeed(): string;
  /** progress of long jobs (--count, booklets); silent when stderr is not a terminal */
  progress: Progress;
  /** aborted by Ctrl-C: long jobs stop between steps and nothing is written */
  signal?: AbortSignal;
}

export function processIo(): CliIo {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  return {
    progress: process.stderr.isTTY ? terminalProgress(process.stderr) : SILENT,
    signal: controller.signal,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    writeFile: (file, data) => writeFileAtomic(file, data, controller.signal),
    openFile: (file) => openFileAtomic(file, controller.signal),
    env: process.env,
    freshSeed: () => randomBytes(4).toString('hex'),
  };
}

/** A file being written: it appears, complete, only on commit. */
export interface FileWriter {
  write(chunk: Uint8Array): Promise<void>;
  /** closes the file and moves it into place */
  commit(): Promise<void>;
  /** closes and removes what was written; the target is left as it was */
  discard(): Promise<void>;
}

function temporaryBeside(file: string): string {
  // unique per process beside the target, so two runs never share a temporary file
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
}

/**
 * Writes piece by piece to a temporary file beside the target, renamed into place on commit
 * and removed on any failure: a crash or a full disk leaves the old file (or none) behind,
 * never half a PDF.
 */
export async function openFileAtomic(file: string, signal?: AbortSignal): Promise<FileWriter> {
  const temp = temporaryBeside(file);
  const failed = (error: unknown) => new GenerateError(`could not write ${file}: ${(error as Error).message}`, { cause: error });
  let handle;
  try {
    handle = await open(temp, 'w');
  } catch (error) {
    throw failed(error);
  }
  let closed = false;
  const close = async () => {
    if (!closed) await handle.close();
    closed = true;
  };
  const discard = async () => {
    await close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
  };
  return {
    async write(chunk) {
      try {
        await handle.write(chunk);
      } catch (error) {
        await discard();
        throw failed(error);
      }
    },
    async commit() {
      try {
        await close();
        checkInterrupted(signal);
        await rename(temp, file);
      } catch (error) {
        await discard();
        if (error instanceof InterruptedError) throw error;
        throw failed(error);
      }
    },
    discard,
  };
}

/** A whole file at once, the same way. */
export async function writeFileAtomic(file: string, data: Uint8Array | string, signal?: AbortSignal): Promise<void> {
  const writer = await openFileAtomic(file, signal);
  await writer.write(typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
  await writer.commit();
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
