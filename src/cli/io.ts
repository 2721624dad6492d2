import { randomBytes } from 'node:crypto';
import { access, constants, lstat, mkdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { GenerateError, InterruptedError, OutputClosedError, UsageError, type MusterError } from '../errors.js';
import { checkTarget, openFileAtomic, writeFileAtomic, type FileWriter } from './atomic-file.js';
import { progressFor, type Progress } from './progress.js';
import type { Files } from '../data/files.js';
import { nodeFiles } from './node-files.js';
import { withUserCache } from './user-cache.js';
import { withStateLock } from './lock.js';
import type { FontPackage } from './font-package.js';
import { nodeFontPackage } from './node-font-package.js';

export { openFileAtomic, writeFileAtomic, type FileWriter };

/** Everything the CLI touches outside itself, passed in so tests run it without spawning. */
export interface CliIo {
  /** text; and where it can take them (the command line's), bytes: `-o -` sends a PDF there */
  stdout: { write(chunk: string): unknown; writeBytes?(chunk: Uint8Array): unknown };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  cwd: string;
  /** writes a whole file so that it either appears complete or not at all */
  writeFile(file: string, data: Uint8Array | string, options?: { modeOf?: string }): Promise<void>;
  /** a file written piece by piece that appears, complete, only when committed */
  openFile(file: string): Promise<FileWriter>;
  env: Readonly<Record<string, string | undefined>>;
  /** a new seed when none is given: the one place randomness enters, and only to pick a seed */
  freshSeed(): string;
  /** progress of long jobs (--count, booklets); silent when stderr is not a terminal, under TERM=dumb and in CI */
  progress: Progress;
  /** aborted by Ctrl-C: long jobs stop between steps and nothing is written */
  signal?: AbortSignal;
  /** waits until everything written to stdout is out; throws if it could not be written */
  finish?(): Promise<void>;
  /** standard input read whole, stopping after `limit` + 1 bytes (`--force -`); absent where there is none (the page) */
  readStdin?(limit: number): Promise<Uint8Array>;
  /** the terminal's width in columns, that --help wraps to; left out when stdout is no terminal */
  terminalWidth?: number;
  /** what muster reads through (its data, templates, fonts; a player's files): Node's file system on the command line */
  files: Files;
  /**
   * Where the Chinese and Korean fonts are: their package (muster-wargames-fonts-cjk) as the
   * command line finds it, beside muster or in the folder it runs in, its fonts then read in
   * place of any `files` names. Absent in the page, whose files list the fonts its host has.
   */
  fontPackage?: FontPackage;
  /** the checks made before any work that an output can be written where it is asked for */
  outputs: OutputChecks;
  /**
   * whether a muster.yaml in the current folder or above and MUSTER_* variables set defaults
   * (club-defaults.ts): the command line's io says so; the page's does not
   */
  clubDefaults?: boolean;
}

/**
 * Where output goes on the command line is a disk: a folder that must exist and be writable,
 * links, files the run reads. The page writes to memory and checks nothing of the kind.
 */
export interface OutputChecks {
  /** the folder exists (or is made, with `createFolder`) and can be written, and the path is no folder */
  prepare(file: string, option: string, createFolder: boolean): Promise<void>;
  /** the output is none of the files or folders the run reads */
  refuseInputs(file: string, option: string, inputs: readonly RunInput[]): Promise<void>;
  /** out/ is a writable folder, or can be made: it is made only when there is a file to put in it */
  prepareFolder(folder: string): Promise<void>;
  /** whether anything is at the path, a link that leads nowhere included: a new campaign never replaces one */
  exists(file: string): Promise<boolean>;
  /**
   * Runs a read-modify-write of a campaign's state holding its lock (on a disk two runs may
   * race; the page has one run at a time and runs the work at once)
   */
  locked<T>(file: string, work: () => Promise<T>): Promise<T>;
}

/** The checks of output on Node's file system. */
export const NODE_OUTPUTS: OutputChecks = {
  prepare: (file, option, createFolder) => prepareOutput(file, option, createFolder),
  refuseInputs: (file, option, inputs) => refuseOverwritingInputs(file, option, inputs),
  async prepareFolder(folder) {
    const made = await stat(folder).catch(() => undefined);
    await prepareOutput(made ? path.join(folder, 'muster.pdf') : folder, 'output', false);
  },
  exists: async (file) => (await lstat(file).catch(() => undefined)) !== undefined,
  locked: (file, work) => withStateLock(file, work),
};

/** The signals that stop a run as Ctrl-C does, with the exit code shells expect for each. */
const STOP_SIGNALS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

export function processIo(): CliIo {
  const controller = new AbortController();
  for (const [name, code] of Object.entries(STOP_SIGNALS)) {
    process.once(name, () => controller.abort(new InterruptedError(code)));
  }
  // stdout's failures arrive as events, after the write: a reader gone (`| head`) ends the run
  // quietly; anything else (a full disk) is the run's failure
  let stdoutFailure: MusterError | undefined;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    stdoutFailure ??=
      error.code === 'EPIPE'
        ? new OutputClosedError()
        : new GenerateError(`could not write to standard output: ${error.code === 'ENOSPC' ? 'the disk is full' : error.message}`);
    controller.abort(stdoutFailure);
  });
  return {
    progress: progressFor(process.stderr, process.env),
    signal: controller.signal,
    stdout: {
      write: (chunk: string) => stdoutFailure === undefined && process.stdout.write(chunk),
      writeBytes: (chunk: Uint8Array) => stdoutFailure === undefined && process.stdout.write(chunk),
    },
    stderr: process.stderr,
    cwd: process.cwd(),
    ...(process.stdout.isTTY && process.stdout.columns ? { terminalWidth: process.stdout.columns } : {}),
    writeFile: (file, data, options) => writeFileAtomic(file, data, { ...options, signal: controller.signal }),
    openFile: (file) => openFileAtomic(file, { signal: controller.signal }),
    env: process.env,
    freshSeed: () => randomBytes(4).toString('hex'),
    readStdin: (limit) => readStream(process.stdin, limit),
    files: withUserCache(nodeFiles, process.env, process.stderr),
    fontPackage: nodeFontPackage(process.cwd(), process.env),
    outputs: NODE_OUTPUTS,
    clubDefaults: true,
    async finish() {
      if (stdoutFailure === undefined) await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
      if (stdoutFailure) throw stdoutFailure;
    },
  };
}

/** A stream's bytes, up to `limit` + 1 of them: a longer one is cut there and left unread. */
async function readStream(stream: NodeJS.ReadableStream, limit: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    chunks.push(buffer);
    bytes += buffer.length;
    if (bytes > limit) break;
  }
  return Buffer.concat(chunks).subarray(0, limit + 1);
}

/**
 * Checks before any work is done that the output can be written: the folder exists (or is the
 * default out/, which is created) and is writable, and the path is not a folder or a link
 * that leads nowhere.
 */
export async function prepareOutput(file: string, option: string, createFolder: boolean): Promise<void> {
  const dir = path.dirname(file);
  if (createFolder) {
    try {
      await mkdir(dir, { recursive: true });
    } catch (error) {
      const link = await lstat(dir).catch(() => undefined);
      if (link?.isSymbolicLink()) throw new UsageError(`${option} ${file}: the folder ${dir} is a link to a folder that does not exist; create that folder, remove the link, or give -o PATH`);
      throw new UsageError(`${option} ${file}: the folder ${dir} cannot be made (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give -o PATH`);
    }
  }
  try {
    if (!(await stat(dir)).isDirectory()) throw new Error('not a folder');
  } catch {
    const link = await lstat(dir).catch(() => undefined);
    if (link?.isSymbolicLink()) throw new UsageError(`${option} ${file}: the folder ${dir} is a link to a folder that does not exist; create that folder or choose another path`);
    throw new UsageError(`${option} ${file}: the folder ${dir} does not exist; create it first or choose another path`);
  }
  try {
    await access(dir, constants.W_OK);
  } catch {
    throw new UsageError(`${option} ${file}: the folder ${dir} cannot be written to`);
  }
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isDirectory()) throw new UsageError(`${option} ${file}: is a folder; give a file name such as ${path.join(file, 'sheets.pdf')}`);
  await checkTarget(file);
}

/** A file a run reads, which its output must never replace. */
export interface RunInput {
  /** a file, or a folder all of whose files are inputs */
  path: string;
  /** what it is, in the player's words: "the campaign state", "a data folder" */
  what: string;
}

/** Where a path really leads: through links, and for a file not there yet, through its folder's. */
async function realLocation(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch {
    const dir = await realpath(path.dirname(file)).catch(() => path.dirname(file));
    return path.join(dir, path.basename(file));
  }
}

/**
 * Refuses an output that would land on one of the run's inputs (the campaign state, a force
 * file, a data file): writing it would destroy what the run was made from.
 */
export async function refuseOverwritingInputs(file: string, option: string, inputs: readonly RunInput[]): Promise<void> {
  const out = await realLocation(file);
  for (const input of inputs) {
    const real = await realLocation(input.path);
    const folder = await stat(real).then((s) => s.isDirectory()).catch(() => false);
    if (out === real || (folder && out.startsWith(real + path.sep))) {
      throw new UsageError(`${option} ${file}: is ${input.what}${folder ? ` (${input.path})` : ''}, which this run reads; writing there would replace it. Choose another output file`);
    }
  }
}
