// A real run of the built command (bin/muster.js) in a process of its own, for the tests of
// what only a real process shows: signals, closed and full streams, runs racing for a lock.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUILT_BIN = path.join(fileURLToPath(new URL('../../', import.meta.url)), 'bin/muster.js');

export interface BuiltRun {
  child: ChildProcess;
  /** what the run has written so far (its whole output once `ended` resolves) */
  readonly stdout: string;
  readonly stderr: string;
  /**
   * How the run ended, once its output streams are closed: at Node's 'exit' event what it wrote
   * last may not have come in yet, and a run that said why it failed looked as if it said nothing.
   */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface BuiltRunOptions {
  cwd: string;
  /** added to this process's environment */
  env?: NodeJS.ProcessEnv;
  /** a module Node loads first (node --require) */
  preload?: string;
  /** a file descriptor standard output goes to instead of a pipe */
  stdoutFd?: number;
}

export function startBuilt(args: readonly string[], { cwd, env = {}, preload, stdoutFd }: BuiltRunOptions): BuiltRun {
  const child = spawn(process.execPath, [...(preload ? ['--require', preload] : []), BUILT_BIN, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['pipe', stdoutFd ?? 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  return {
    child,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    ended,
  };
}

/** A whole run: how it ended and all it wrote. */
export async function runBuilt(args: readonly string[], options: BuiltRunOptions): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const run = startBuilt(args, options);
  const { code, signal } = await run.ended;
  return { code, signal, stdout: run.stdout, stderr: run.stderr };
}

/** Waits until `seen` is true, looking every 25 ms for at most 10 s (a run's output, a file it makes). */
export async function until(seen: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !seen(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
}
