/**
 * Issue 23, items 1 and 2 on a disk without hard links (FAT, some network shares), where a lock
 * is created and then written: the same trials as lock-race.test.ts, and a lock or claim left
 * empty is broken once it is a few seconds old.
 */
import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lockFile } from '../../src/cli/lock.js';
import { workdirs } from '../helpers/fixtures.js';
import { lockTrial } from '../helpers/lock-trials.js';
import { sampleSize } from '../helpers/sample.js';

const links = vi.hoisted(() => ({ tried: 0 }));
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof import('node:fs/promises')>();
  const link = async () => {
    links.tried++;
    throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
  };
  return { ...real, default: { ...real, link }, link };
});

const workdir = workdirs(afterEach);
/** a sample of the interleavings (helpers/sample.ts): all under MUSTER_DEEP=1, a tenth otherwise */
const TRIALS = sampleSize(60);

describe('a disk without hard links', () => {
  it(`${TRIALS} trials of six runs against a dead run’s lock: no game lost`, async () => {
    const dir = workdir();
    for (let t = 0; t < TRIALS; t++) {
      const { games, written } = await lockTrial(dir, `no-links-${t}`, 6);
      expect({ trial: t, games }).toEqual({ trial: t, games: written });
      expect(readdirSync(dir)).toEqual(['state.json']);
    }
    // every lock and claim was made the other way: more than one a run
    expect(links.tried).toBeGreaterThan(TRIALS * 6);
  }, 60_000);
  it('an empty lock, left by a run killed between making it and writing it, is broken once a few seconds old', async () => {
    const dir = workdir({ 'c.json': '{}' });
    writeFileSync(path.join(dir, 'c.json.lock'), '');
    const old = Date.now() / 1000 - 10;
    utimesSync(path.join(dir, 'c.json.lock'), old, old);
    const release = await lockFile(path.join(dir, 'c.json'), { waitMs: 3000 });
    await release();
    expect(readdirSync(dir)).toEqual(['c.json']);
  });
});
