/**
 * Issue 51, point 2: any step taken back. `campaign <system> history` lists every change the
 * state file keeps, numbered; `undo --to N` goes back to just after the Nth, itself a change,
 * so a plain undo takes it back. The same for every rule set with campaigns.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MANIFESTS } from '../../src/systems/registry.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
/** The campaign alone, the changes it keeps left out. */
const campaignOf = (text: string) => {
  const { changes: _changes, ...state } = JSON.parse(text) as Record<string, unknown>;
  return state;
};

describe('campaign history and undo --to', () => {
  it('lists the changes kept, goes back three steps, and takes the going back back', async () => {
    const cwd = workdir();
    const file = path.join(cwd, 'k.json');
    const state = () => readFileSync(file, 'utf8');
    expect((await muster(['campaign', 'bof', 'new', '--state', 'k.json', '--names', 'Red,Blue', '--seed', 'h'], cwd)).code).toBe(0);
    const empty = await muster(['campaign', 'bof', 'history', '--state', 'k.json'], cwd);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain('keeps no changes yet');
    const after: Record<string, unknown>[] = [campaignOf(state())];
    for (const [winner, score] of [['a', '10:5'], ['b', '4:20'], ['a', '15:3'], ['b', '2:9']] as const) {
      const recorded = await muster(['campaign', 'bof', 'record', '--state', 'k.json', '--winner', winner, '--victory', 'decisive', '--combat-score', score], cwd);
      expect(recorded.code, recorded.stderr).toBe(0);
      after.push(campaignOf(state()));
    }

    const history = await muster(['campaign', 'bof', 'history', '--state', 'k.json'], cwd);
    expect(history.code).toBe(0);
    expect(history.stdout.split('\n').slice(1, 6)).toEqual([
      '  0  before recorded game 1 (Red won)',
      '  1  recorded game 1 (Red won)',
      '  2  recorded game 2 (Blue won)',
      '  3  recorded game 3 (Red won)',
      '  4  recorded game 4 (Blue won)',
    ]);
    expect(history.stdout).toContain('muster campaign bof undo --state k.json --to N');
    const json = JSON.parse((await muster(['campaign', 'bof', 'history', '--state', 'k.json', '--format', 'json'], cwd)).stdout) as { changes: { number: number; change: string }[]; current: number };
    expect(json.current).toBe(4);
    expect(json.changes.map((c) => c.number)).toEqual([1, 2, 3, 4]);

    // a mistake three games back: back to just after game 1
    const back = await muster(['campaign', 'bof', 'undo', '--state', 'k.json', '--to', '1'], cwd);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stderr).toMatch(/^Went back to just after change 1: recorded game 1 \(Red won\)\. You are here: game 2 of at most 10/);
    expect(campaignOf(state())).toEqual({ ...after[1], writtenBy: expect.anything() });
    const listed = (await muster(['campaign', 'bof', 'history', '--state', 'k.json'], cwd)).stdout;
    expect(listed).toContain('  5  went back to just after change 1: recorded game 1 (Red won)');

    // going back is a change of its own: undo takes it back, every game there again
    const undone = await muster(['campaign', 'bof', 'undo', '--state', 'k.json'], cwd);
    expect(undone.code).toBe(0);
    expect(campaignOf(state())).toEqual({ ...after[4], writtenBy: expect.anything() });
    // to 0: the campaign as it started
    expect((await muster(['campaign', 'bof', 'undo', '--state', 'k.json', '--to', '0'], cwd)).code).toBe(0);
    expect(campaignOf(state())).toEqual({ ...after[0], writtenBy: expect.anything() });
  });

  it('refuses a number history does not list, and --to anywhere but undo, changing nothing', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'k.json', '--names', 'Red,Blue', '--seed', 'h'], cwd);
    await muster(['campaign', 'bof', 'record', '--state', 'k.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '3:1'], cwd);
    const before = readFileSync(path.join(cwd, 'k.json'));
    for (const [to, says] of [
      ['1', '--to 1: a change campaign history lists, a whole number from 0 to 0 (1 is where the campaign stands now: nothing to go back over); nothing was changed'],
      ['7', '--to 7: a change campaign history lists, a whole number from 0 to 0; nothing was changed'],
      ['1.5', '--to 1.5: a change campaign history lists'],
      ['-1', '--to -1: a change campaign history lists'],
    ] as const) {
      const refused = await muster(['campaign', 'bof', 'undo', '--state', 'k.json', '--to', to], cwd);
      expect(refused.code, to).toBe(2);
      expect(refused.stderr, to).toContain(says);
    }
    const status = await muster(['campaign', 'bof', 'status', '--state', 'k.json', '--to', '0'], cwd);
    expect(status.code).toBe(2);
    expect(status.stderr).toContain('--to: for campaign undo alone');
    expect(readFileSync(path.join(cwd, 'k.json')).equals(before)).toBe(true);
  });

  it.each(MANIFESTS.filter((m) => m.campaign).map((m) => m.id))('%s: history reads any campaign the rule set keeps', async (id) => {
    const cwd = workdir();
    const started = await muster(['campaign', id, 'new', '--state', 'c.json', '--seed', 'h'], cwd);
    expect(started.code, started.stderr).toBe(0);
    const history = await muster(['campaign', id, 'history', '--state', 'c.json', '--format', 'json'], cwd);
    expect(history.code, history.stderr).toBe(0);
    expect(JSON.parse(history.stdout)).toEqual({ changes: [], current: 0, keeps: 50 });
  });
});
