import type { CliIo, FileWriter, OutputChecks } from '../cli/io.js';
import { run } from '../cli/run.js';
import { InterruptedError } from '../errors.js';
import { PLAYER_FOLDER, type PageFiles } from './page-files.js';

/** What a run in the page gives back: the command line's exit code, its words, its files. */
export interface PageRun {
  code: number;
  stdout: string;
  stderr: string;
  /** every file written, by the path given with -o */
  written: Map<string, Uint8Array>;
}

/** Long work reported as a figure: "Drawing pages", 12, 40. */
export type OnProgress = (label: string, done: number, total: number) => void;

export interface PageRunOptions {
  progress?: OnProgress;
  signal?: AbortSignal;
  /**
   * fetches a listed file the run read before its bytes were there (a large font); undefined
   * when the host does not have it (a font of the CJK package, not installed there)
   */
  fetchFile?: (path: string) => Promise<Uint8Array | undefined>;
}

/** The page writes to memory and checks nothing of a disk; one run at a time needs no lock. */
function pageOutputs(files: PageFiles): OutputChecks {
  return {
    prepare: async () => undefined,
    refuseInputs: async () => undefined,
    prepareFolder: async () => undefined,
    async exists(file) {
      try {
        files.stat(file);
        return true;
      } catch {
        return false;
      }
    },
    locked: (_file, work) => work(),
  };
}

/** A seed as the command line picks one: 4 random bytes in hex. */
export function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function joined(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** A CliIo for the page: words collected as text, files collected as bytes in memory. */
export function pageIo(files: PageFiles, options: { progress?: OnProgress; signal?: AbortSignal; freshSeed?: () => string } = {}) {
  let stdout = '';
  let stderr = '';
  const written = new Map<string, Uint8Array>();
  let label = '';
  let total = 0;
  const io: CliIo = {
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk), isTTY: false },
    cwd: PLAYER_FOLDER,
    async writeFile(file, data) {
      written.set(file, typeof data === 'string' ? new TextEncoder().encode(data) : data.slice());
    },
    async openFile(file): Promise<FileWriter> {
      let chunks: Uint8Array[] | undefined = [];
      return {
        async write(chunk) {
          chunks?.push(chunk.slice());
        },
        async commit() {
          if (chunks) written.set(file, joined(chunks));
          chunks = undefined;
        },
        async discard() {
          chunks = undefined;
        },
      };
    },
    env: {},
    // a club's muster.yaml and MUSTER_* are the command line's: the page reads neither
    clubDefaults: false,
    freshSeed: options.freshSeed ?? randomSeed,
    progress: {
      start(count, what) {
        label = what;
        total = count;
        options.progress?.(label, 0, total);
      },
      tick(done) {
        options.progress?.(label, done, total);
      },
      stop() {
        options.progress?.(label, total, total);
      },
    },
    ...(options.signal ? { signal: options.signal } : {}),
    files,
    outputs: pageOutputs(files),
  };
  return { io, result: (code: number): PageRun => ({ code, stdout, stderr, written }) };
}

/**
 * Runs the command line's run() in the page. A run that read a listed file not fetched yet
 * (a font for a character Roboto lacks) is run again once it is fetched, with the same seed if
 * it picked one. A run stops at the first font it lacks, and a symbol may be looked for in
 * several fonts in turn, so it goes on while each run asks for a file not fetched before.
 */
export async function runInPage(argv: readonly string[], files: PageFiles, options: PageRunOptions = {}): Promise<PageRun> {
  let seed: string | undefined;
  const freshSeed = () => (seed ??= randomSeed());
  const fetched = new Set<string>();
  for (;;) {
    files.takeWanted();
    const { io, result } = pageIo(files, { ...options, freshSeed });
    const code = await run(argv, io);
    const wanted = files.takeWanted().filter((file) => !fetched.has(file));
    if (wanted.length === 0 || !options.fetchFile) return result(code);
    if (options.signal?.aborted) throw new InterruptedError(130);
    for (const file of wanted) {
      fetched.add(file);
      const bytes = await options.fetchFile(file);
      // run again without it: a text that needs it is refused, in words saying what to install
      if (bytes) files.add(file, bytes);
      else files.markAbsent(file);
    }
  }
}
