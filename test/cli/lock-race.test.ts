/**
 * Issue 23, items 1 and 2: a campaign's lock never lets two runs change the state at once, even
 * while runs race to break a lock a dead run left, and a lock left empty never blocks a
 * campaign for good. Runs are tried in many interleavings: in this process with a pause of a
 * seeded length before every step of the lock (some runs dying at a step), and as real muster
 * processes whose file operations are slowed by a preload.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { lockFile, type LockStep } from '../../src/cli/lock.js';
import { workdirs } from '../helpers/fixtures.js';
import { DEAD_PID, LOCK_STEPS as STEPS, lockTrial as trial } from '../helpers/lock-trials.js';
import { muster } from '../helpers/cli.js';
import { runBuilt } from '../helpers/built-command.js';
import { sampled, sampleSize, times } from '../helpers/sample.js';

const workdir = workdirs(afterEach);
const SLOW_FS = fileURLToPath(new URL('../helpers/slow-lock-fs.cjs', import.meta.url));

// The trials sample the interleavings (helpers/sample.ts): all of them under MUSTER_DEEP=1, a
// tenth otherwise. The trials where a run dies still have one dying at every step, and one as
// each of the first to sixth runs to come to a step.
const TRIALS = sampleSize(300);
const DEATHS = sampled(
  STEPS.flatMap((step) => Array.from({ length: 6 }, (_, nth) => ({ step, nth }))).map((dying, t) => ({ ...dying, t })),
  ({ step, nth }) => [`step=${step}`, `nth=${nth}`],
);
const BOF_RACES = sampleSize(5);
const FIRETEAM_RACES = sampleSize(6);

describe('breaking a dead run’s lock, in every interleaving', () => {
  it(`${TRIALS} trials of six runs: every game written is in the state, the lock and its claims are gone`, async () => {
    const dir = workdir();
    for (let t = 0; t < TRIALS; t++) {
      const { games, written, settled } = await trial(dir, `race-${t}`, 6);
      expect({ trial: t, games }).toEqual({ trial: t, games: written });
      expect(settled.filter((s) => s === 'done')).toHaveLength(written);
      expect(readdirSync(dir)).toEqual(['state.json']);
    }
  }, 120_000);
  it('a run dies at each step of taking, breaking or releasing: no game is lost, and the others go on', async () => {
    const dir = workdir();
    const diedAt = new Set<LockStep>();
    for (const { step, nth, t } of DEATHS) {
      const { games, written, died } = await trial(dir, `death-${t}`, 5, { step, nth });
      if (died) diedAt.add(step);
      expect({ step, nth, games }).toEqual({ step, nth, games: written });
      // what the dead run left (the lock, a claim on the lock it was breaking) is broken by the next run
      for (const name of readdirSync(dir)) if (name !== 'state.json') expect(name).toMatch(/^state\.json\.lock(\.break-[0-9a-f]{16}-\d+)?$/);
      const release = await lockFile(path.join(dir, 'state.json'), { waitMs: 3000 });
      await release();
      expect(existsSync(path.join(dir, 'state.json.lock'))).toBe(false);
      for (const name of readdirSync(dir)) if (name !== 'state.json') rmSync(path.join(dir, name));
    }
    // every step was a place some run died at
    expect([...diedAt].sort()).toEqual([...STEPS].sort());
  }, 120_000);
});

describe('a lock with nothing in it', () => {
  it('an empty lock a few seconds old is broken; the campaign goes on', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'empty'], cwd);
    writeFileSync(path.join(cwd, 'c.json.lock'), '');
    const old = Date.now() / 1000 - 10;
    utimesSync(path.join(cwd, 'c.json.lock'), old, old);
    const result = await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '10:4'], cwd);
    expect(result.stderr).toMatch(/Game 1 recorded/);
    expect(result.code).toBe(0);
    expect(existsSync(path.join(cwd, 'c.json.lock'))).toBe(false);
  });
  it('an empty lock made just now is waited for, then broken within the usual wait', async () => {
    const dir = workdir({ 'c.json': '{}', 'c.json.lock': '' });
    const release = await lockFile(path.join(dir, 'c.json'), { waitMs: 3000 });
    expect(JSON.parse(readFileSync(path.join(dir, 'c.json.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    await release();
    expect(readdirSync(dir)).toEqual(['c.json']);
  });
  it('a lock is never seen empty: its holder is in it from the moment it exists', async () => {
    const dir = workdir({ 'c.json': '{}' });
    const lock = path.join(dir, 'c.json.lock');
    let empty = 0;
    let looks = 0;
    let taking = true;
    const watcher = (async () => {
      while (taking) {
        const text = await readFile(lock, 'utf8').catch(() => undefined);
        if (text !== undefined) {
          looks++;
          if (text === '') empty++;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    for (let i = 0; i < 200; i++) await (await lockFile(path.join(dir, 'c.json')))();
    taking = false;
    await watcher;
    expect(looks).toBeGreaterThan(0);
    expect(empty).toBe(0);
  });
});

/** A real run, its file operations slowed by the seeded delays of slow-lock-fs.cjs. */
const spawnMuster = (args: string[], cwd: string, seed: number) => runBuilt([...args, '--quiet'], { cwd, preload: SLOW_FS, env: { MUSTER_TEST_DELAY_SEED: String(seed) } });

const deadLock = (file: string) => writeFileSync(`${file}.lock`, JSON.stringify({ pid: DEAD_PID, host: hostname() }));

describe('real runs of muster against a dead run’s lock, their file operations slowed at random', () => {
  it(`Burst of Fire: six records at once, ${times(BOF_RACES)}; every record that said so is in the state`, async () => {
    for (let t = 0; t < BOF_RACES; t++) {
      const cwd = workdir();
      await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', `race-${t}`], cwd);
      deadLock(path.join(cwd, 'c.json'));
      const record = (i: number) => ['campaign', 'bof', 'record', '--state', 'c.json', '--winner', i % 2 ? 'a' : 'b', '--victory', 'decisive', '--combat-score', `${i}:1`];
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => spawnMuster(record(i), cwd, t * 10 + i)));
      for (const failed of results.filter((r) => r.code !== 0)) expect(failed.stderr, `exit ${failed.code}, signal ${failed.signal}`).toMatch(/is changing this file; nothing was changed/);
      const state = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as { game: number; history: unknown[] };
      const recorded = results.filter((r) => r.code === 0).length;
      expect({ trial: t, games: state.history.length }).toEqual({ trial: t, games: recorded });
      expect(state.game).toBe(recorded);
      expect(readdirSync(cwd).sort()).toEqual(['c.json', 'c.json.bak']);
    }
  }, 180_000);
  it(`Fire Team: both battles of a turn recorded at once, three times each, ${times(FIRETEAM_RACES)}; each battle recorded once, none lost`, async () => {
    const campaign = (...args: string[]) => ['campaign', 'fireteam', ...args, '--state', 'c.json'];
    // one turn with two battles waiting, made once: the trials differ by how their runs interleave
    const turn = workdir();
    await muster([...campaign('new'), '--seed', 'race'], turn);
    expect((await muster([...campaign('next'), '--assault', 'a:C5', '--assault', 'b:C2', '-o', 'turn.pdf'], turn)).code).toBe(0);
    for (let t = 0; t < FIRETEAM_RACES; t++) {
      const cwd = workdir();
      copyFileSync(path.join(turn, 'c.json'), path.join(cwd, 'c.json'));
      deadLock(path.join(cwd, 'c.json'));
      const results = await Promise.all(
        [1, 2, 1, 2, 1, 2].map((battle, i) => spawnMuster([...campaign('record'), '--battle', String(battle), '--winner', 'a'], cwd, t * 10 + i)),
      );
      const status = JSON.parse((await muster([...campaign('status'), '--format', 'json'], cwd)).stdout) as { pending: unknown[]; log: unknown[] };
      const recorded = results.filter((r) => r.code === 0).length;
      for (const failed of results.filter((r) => r.code !== 0)) expect(failed.stderr, `exit ${failed.code}, signal ${failed.signal}`).toMatch(/is changing this file; nothing was changed|is recorded already|no battles are waiting/);
      expect({ trial: t, recorded }).toEqual({ trial: t, recorded: 2 - status.pending.length });
      expect(readdirSync(cwd).sort()).toEqual(['c.json', 'c.json.bak']);
    }
  }, 180_000);
});
