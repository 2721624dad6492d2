/**
 * Trials of the campaign lock in one process: runs with process numbers of their own, a seeded
 * pause before every step of the lock, and one of them dying at a chosen step if asked.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import seedrandom from 'seedrandom';
import { BusyError, withStateLock, type LockRun, type LockStep } from '../../src/cli/lock.js';

/** a process number no process has */
export const DEAD_PID = 2 ** 22 + 17;
export const LOCK_STEPS: LockStep[] = ['create', 'inspect', 'claim', 'recheck', 'break', 'release'];

/** Which run dies: the one that comes to `step` when the runs together have come to it `nth` times before. */
export interface Dying {
  step: LockStep;
  nth: number;
}

/**
 * Runs of one trial: each has a process number of its own and waits a seeded 0-2 ms (or a
 * turn of the event loop) before each step; the run that dies never goes on, and from then on
 * its process counts as gone.
 */
function trialRuns(seed: string, dying?: Dying) {
  const rng = seedrandom(seed);
  const alive = new Set<number>();
  let reached = 0;
  let deadRun: number | undefined;
  let died: () => void = () => undefined;
  const death = new Promise<'dead'>((resolve) => (died = () => resolve('dead')));
  const make = (index: number): LockRun => {
    const pid = DEAD_PID + 1000 + index;
    alive.add(pid);
    return {
      pid,
      host: hostname(),
      isAlive: (p) => alive.has(p),
      pause: (step) => {
        if (dying?.step === step && reached++ === dying.nth) {
          alive.delete(pid);
          deadRun = index;
          died();
          return new Promise<void>(() => undefined);
        }
        const wait = rng();
        return new Promise<void>((resolve) => (wait < 0.8 ? setImmediate(resolve) : setTimeout(resolve, Math.floor((wait - 0.8) * 10))));
      },
    };
  };
  return { make, rng, death: death.then(() => deadRun!) };
}

/**
 * One trial: a dead run's lock, then `count` runs each adding one game under the lock. Returns
 * the games in the state, the games written, how each run ended, and which run died.
 */
export async function lockTrial(dir: string, seed: string, count: number, dying?: Dying) {
  const state = path.join(dir, 'state.json');
  writeFileSync(state, JSON.stringify({ games: 0 }));
  writeFileSync(`${state}.lock`, JSON.stringify({ pid: DEAD_PID, host: hostname() }));
  const { make, rng, death } = trialRuns(seed, dying);
  let written = 0;
  const runs = Array.from({ length: count }, (_, i) => {
    const run = make(i);
    return withStateLock(
      state,
      async () => {
        const games = (JSON.parse(await readFile(state, 'utf8')) as { games: number }).games;
        await new Promise((resolve) => setTimeout(resolve, Math.floor(rng() * 3)));
        await writeFile(state, JSON.stringify({ games: games + 1 }));
        written++;
      },
      { run, retryMs: 1 },
    ).then(
      () => 'done',
      (error: unknown) => {
        if (!(error instanceof BusyError)) throw error;
        return 'busy';
      },
    );
  });
  // a run that dies never settles: the trial ends when the others have
  const settled = await Promise.all(runs.map((r, i) => Promise.race([r, death.then((dead) => (dead === i ? 'dead' : r))])));
  const games = (JSON.parse(readFileSync(state, 'utf8')) as { games: number }).games;
  return { games, written, settled, died: settled.includes('dead') };
}
