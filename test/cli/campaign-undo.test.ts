/**
 * Issue 26, the undo point: `campaign <system> undo` takes back the last change of a campaign
 * (record, a `next` that sets a turn's battles, an undo), the same for every rule set with
 * campaigns, from the changes the state file keeps beside the state (data/state-file.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHANGES_KEY, MAX_CHANGES, changeText, splitChanges, withChanges, type StateChange } from '../../src/data/state-file.js';
import { DataError } from '../../src/errors.js';
import { MANIFESTS } from '../../src/systems/registry.js';
import { workdirs } from '../helpers/fixtures.js';
import { muster } from '../helpers/cli.js';
import { NODE_OUTPUTS } from '../../src/cli/io.js';
import { withStateLock } from '../../src/cli/lock.js';

const workdir = workdirs(afterEach);

type State = Record<string, any>;

/** A state file's campaign part, everything but the changes it keeps, as muster writes it. */
function campaignPart(text: string): string {
  const { [CHANGES_KEY]: _changes, ...rest } = JSON.parse(text) as State;
  return `${JSON.stringify(rest, null, 2)}\n`;
}

const read = (cwd: string, name = 'c.json') => readFileSync(path.join(cwd, name), 'utf8');
/**
 * A packet `next` wrote. The packets are compared as the documents they are printed from
 * (`--format json`): a PDF is made from its document alone, the same bytes every time
 * (test/cli/same-bytes.test.ts), and printing each took most of these tests' time.
 */
const packet = (cwd: string, name: string) => readFileSync(path.join(cwd, name));
const asJson = ['--format', 'json'];

async function ok(args: string[], cwd: string) {
  const result = await muster(args, cwd);
  expect(result.code, `muster ${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result;
}

describe('campaign undo takes back the last change, byte for byte, and undo again puts it back', () => {
  it('Burst of Fire: a record taken back gives the state and the next packet before it; undo again gives the recorded ones', async () => {
    const cwd = workdir();
    const bof = (action: string, ...rest: string[]) => ['campaign', 'bof', action, '--state', 'c.json', ...rest];
    await ok(bof('new', '--names', 'Red,Blue', '--seed', 'undo'), cwd);
    const fresh = read(cwd);
    await ok(bof('record', '--winner', 'a', '--victory', 'decisive', '--combat-score', '20:10'), cwd);
    // the first record of a file is taken back to the very bytes `new` wrote, but for the changes kept
    await ok(bof('undo'), cwd);
    expect(campaignPart(read(cwd))).toBe(fresh);
    await ok(bof('undo'), cwd);

    const before = read(cwd);
    await ok(bof('next', '-o', 'before.json', ...asJson), cwd);
    const recorded = await ok(bof('record', '--winner', 'b', '--victory', 'strategic', '--combat-score', '12:30', '--upgrade', 'b:MG team for the rifles:5'), cwd);
    expect(recorded.stderr).toMatch(/^Game 2 recorded/);
    const after = read(cwd);
    expect(campaignPart(after)).not.toBe(campaignPart(before));
    await ok(bof('next', '-o', 'after.json', ...asJson), cwd);

    const status = await ok(bof('status'), cwd);
    expect(status.stderr).toBe(`${status.stderr.split('\n')[0]}\nLast change: recorded game 2 (Blue won); to take it back: muster campaign bof undo --state c.json\n`);
    const json = JSON.parse((await ok(bof('status', '--format', 'json'), cwd)).stdout) as State;
    expect(json['lastChange']).toEqual({ change: 'recorded game 2 (Blue won)', undo: 'muster campaign bof undo --state c.json' });

    const undone = await ok(bof('undo'), cwd);
    expect(undone.stderr).toMatch(/^Took back recorded game 2 \(Blue won\)\. You are here: game 2 of at most 10/);
    expect(campaignPart(read(cwd))).toBe(campaignPart(before));
    // the state it replaced is kept byte for byte, as for every change
    expect(read(cwd, 'c.json.bak')).toBe(after);
    await ok(bof('next', '-o', 'undone.json', ...asJson), cwd);
    expect(packet(cwd, 'undone.json').equals(packet(cwd, 'before.json'))).toBe(true);
    expect((await ok(bof('status'), cwd)).stderr).toMatch(/\nLast change: took back recorded game 2 \(Blue won\); to put it back: muster campaign bof undo --state c.json\n$/);

    const redone = await ok(bof('undo', '--format', 'json'), cwd);
    expect(JSON.parse(redone.stdout)).toMatchObject({ game: 2, lastChange: { change: 'put back recorded game 2 (Blue won)' } });
    expect(campaignPart(read(cwd))).toBe(campaignPart(after));
    await ok(bof('next', '-o', 'redone.json', ...asJson), cwd);
    expect(packet(cwd, 'redone.json').equals(packet(cwd, 'after.json'))).toBe(true);
    const kept = (JSON.parse(read(cwd)) as State)[CHANGES_KEY] as StateChange[];
    expect(kept.map((c) => [c.undo ?? '', c.change])).toEqual([
      ['', 'recorded game 1 (Red won)'],
      ['took back', 'recorded game 1 (Red won)'],
      ['put back', 'recorded game 1 (Red won)'],
      ['', 'recorded game 2 (Blue won)'],
      ['took back', 'recorded game 2 (Blue won)'],
      ['put back', 'recorded game 2 (Blue won)'],
    ]);
    // a kept state keeps no changes of its own, nor the muster that wrote it
    for (const c of kept) expect(Object.keys(c.state)).not.toEqual(expect.arrayContaining([CHANGES_KEY, 'writtenBy']));
  }, 60_000);

  it('Fire Team: a record and a next that set the turn’s battles are taken back, the packets as before', async () => {
    const cwd = workdir();
    const ft = (action: string, ...rest: string[]) => ['campaign', 'fireteam', action, '--state', 'c.json', ...rest];
    await ok(ft('new', '--seed', 'undo', '--names', 'Red,Blue'), cwd);
    const fresh = read(cwd);
    const assault = ['--assault', 'a:C5', '--assault', 'b:C2', '--split', 'a:6'];
    await ok(ft('next', ...assault, '-o', 'set.json', ...asJson), cwd);
    const status = await ok(ft('status'), cwd);
    expect(status.stderr).toMatch(/\nLast change: set the battles of turn 1 \(Red attacks C\d; Blue attacks C\d\); to take it back: muster campaign fireteam undo --state c\.json\n$/);
    await ok(ft('undo'), cwd);
    expect(campaignPart(read(cwd))).toBe(fresh);
    // a plain next of the turn taken back has no battles to print; undo again sets them as they were
    expect((await muster(ft('next', '-o', 'none.pdf'), cwd)).code).toBe(2);
    await ok(ft('undo'), cwd);

    const before = read(cwd);
    await ok(ft('next', '-o', 'before.json', ...asJson), cwd);
    expect(packet(cwd, 'before.json').equals(packet(cwd, 'set.json'))).toBe(true);
    await ok(ft('record', '--battle', '1', '--winner', 'a'), cwd);
    const after = read(cwd);
    await ok(ft('next', '-o', 'after.json', ...asJson), cwd);
    expect((await ok(ft('status', '--format', 'json'), cwd)).stdout).toContain('"change": "recorded battle 1 of turn 1 (Red won)"');

    await ok(ft('undo'), cwd);
    expect(campaignPart(read(cwd))).toBe(campaignPart(before));
    expect(read(cwd, 'c.json.bak')).toBe(after);
    await ok(ft('next', '-o', 'undone.json', ...asJson), cwd);
    expect(packet(cwd, 'undone.json').equals(packet(cwd, 'before.json'))).toBe(true);

    await ok(ft('undo'), cwd);
    expect(campaignPart(read(cwd))).toBe(campaignPart(after));
    await ok(ft('next', '-o', 'redone.json', ...asJson), cwd);
    expect(packet(cwd, 'redone.json').equals(packet(cwd, 'after.json'))).toBe(true);
  }, 60_000);

  it('every rule set with campaigns offers undo', () => {
    const withCampaigns = MANIFESTS.filter((m) => m.campaign);
    expect(withCampaigns.length).toBeGreaterThanOrEqual(2);
    for (const manifest of withCampaigns) expect(manifest.campaign!.actions, manifest.id).toContain('undo');
  });
});

describe('what undo refuses', () => {
  it('nothing to undo: a new campaign, or a file from before changes were kept, exit 2 and nothing written', async () => {
    const cwd = workdir();
    await ok(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'none'], cwd);
    const fresh = read(cwd);
    const refused = await muster(['campaign', 'bof', 'undo', '--state', 'c.json'], cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/campaign undo: --state .*c\.json keeps no change to take back .*; nothing was changed/);
    expect(read(cwd)).toBe(fresh);
    expect(existsSync(path.join(cwd, 'c.json.bak'))).toBe(false);
    // a status of such a file reads as it always did
    const status = await ok(['campaign', 'bof', 'status', '--state', 'c.json'], cwd);
    expect(status.stderr).not.toContain('Last change');
    expect(JSON.parse((await ok(['campaign', 'bof', 'status', '--state', 'c.json', '--format', 'json'], cwd)).stdout)).toMatchObject({ lastChange: null });
  });

  it('takes nothing but the state: a record’s options, names, -o', async () => {
    const cwd = workdir();
    await ok(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'opts'], cwd);
    for (const extra of [['--winner', 'a'], ['--names', 'A,B'], ['-o', 'x.pdf']]) {
      const refused = await muster(['campaign', 'bof', 'undo', '--state', 'c.json', ...extra], cwd);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(extra[0] === '-o' ? /campaign undo writes no document/ : new RegExp(`${extra[0]}: not for campaign undo`));
    }
    expect((await muster(['campaign', 'bof', 'undo'], cwd)).stderr).toMatch(/campaign undo needs --state FILE/);
  });

  it('a hand-edited change is refused with its file and field, exit 2, nothing written', async () => {
    const cwd = workdir();
    await ok(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'edit'], cwd);
    await ok(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '10:4'], cwd);
    await ok(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '10:4'], cwd);
    const good = JSON.parse(read(cwd)) as State;
    const bak = read(cwd, 'c.json.bak');
    const edits: [string, (s: State) => void, string, RegExp][] = [
      // checked on every read, as the same in every rule set
      ['status', (s) => (s[CHANGES_KEY][0].change = ''), 'changes[0].change', /must not be empty/],
      ['status', (s) => (s[CHANGES_KEY][1].undo = 'maybe'), 'changes[1].undo', /"took back"\|"put back"/],
      ['status', (s) => (s[CHANGES_KEY][1].state = [1, 2]), 'changes[1].state', /record|object/],
      ['record', (s) => (s[CHANGES_KEY][1].state[CHANGES_KEY] = []), 'changes[1].state', /keeps no "changes" of its own/],
      ['status', (s) => (s[CHANGES_KEY][0].surprise = 1), 'changes[0]', /surprise/],
      ['status', (s) => (s[CHANGES_KEY] = {}), 'changes', /array/],
      ['status', (s) => (s[CHANGES_KEY][0].state.prototype = 1), 'changes[0].state.prototype', /is not allowed/],
      // the state an undo restores, by the rule set's own reading
      ['undo', (s) => (s[CHANGES_KEY][1].state.rungIndex = 42), 'changes[1].state.rungIndex', /8/],
      ['undo', (s) => (s[CHANGES_KEY][1].state.history[0].game = 3), 'changes[1].state.history[0].game', /is 3, but it is game 1 of the history/],
      ['undo', (s) => delete s[CHANGES_KEY][1].state.version, 'changes[1].state.version', /expected 1|Invalid/],
    ];
    for (const [action, edit, field, why] of edits) {
      const state = structuredClone(good);
      edit(state);
      writeFileSync(path.join(cwd, 'c.json'), JSON.stringify(state, null, 2));
      const edited = readFileSync(path.join(cwd, 'c.json'));
      const args = action === 'record' ? ['--winner', 'a', '--victory', 'decisive', '--combat-score', '1:1'] : [];
      const refused = await muster(['campaign', 'bof', action, '--state', 'c.json', ...args], cwd);
      expect(refused.code, `${field}: ${refused.stderr}`).toBe(2);
      expect(refused.stderr).toContain(`c.json at ${field}: `);
      expect(refused.stderr).toMatch(why);
      expect(readFileSync(path.join(cwd, 'c.json')).equals(edited)).toBe(true);
      expect(read(cwd, 'c.json.bak')).toBe(bak);
    }
  }, 60_000);

  it('takes the state’s lock, as every change does', async () => {
    const cwd = workdir();
    await ok(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'lock'], cwd);
    await ok(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '1:1'], cwd);
    const held = read(cwd);
    // a lock held by a live process (this one): a run that takes it waits, then stops
    writeFileSync(path.join(cwd, 'c.json.lock'), JSON.stringify({ pid: process.pid, host: 'elsewhere' }));
    expect((await ok(['campaign', 'bof', 'status', '--state', 'c.json'], cwd)).stderr).toContain('Last change');
    // told at once rather than after the usual wait, which only a lock let go meanwhile would end
    const undo = await muster(['campaign', 'bof', 'undo', '--state', 'c.json'], cwd, { outputs: { ...NODE_OUTPUTS, locked: (file, work) => withStateLock(file, work, { waitMs: 0 }) } });
    expect(undo.code).toBe(1);
    expect(undo.stderr).toMatch(/is changing this file; nothing was changed/);
    expect(read(cwd)).toBe(held);
  });
});

describe('the changes a state keeps', () => {
  it(`keeps the last ${MAX_CHANGES}: an undo after many still takes back the last`, async () => {
    const cwd = workdir();
    await ok(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'many'], cwd);
    await ok(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '1:1'], cwd);
    const recorded = campaignPart(read(cwd));
    for (let i = 0; i < MAX_CHANGES + 2; i++) await ok(['campaign', 'bof', 'undo', '--state', 'c.json'], cwd);
    const state = JSON.parse(read(cwd)) as State;
    expect(state[CHANGES_KEY]).toHaveLength(MAX_CHANGES);
    // 52 undos: an even number, so the record stands
    expect(campaignPart(read(cwd))).toBe(recorded);
    expect(state[CHANGES_KEY].at(-1)).toMatchObject({ undo: 'put back', change: 'recorded game 1 (Side A won)' });
  }, 120_000);

  it('drops the oldest where the file would grow past its size, and keeps a module’s text as it is', () => {
    const text = `${JSON.stringify({ version: 1, writtenBy: 'x', a: 1 }, null, 2)}\n`;
    const change = (n: number): StateChange => ({ change: `change ${n}`, state: { version: 1, a: n, pad: 'x'.repeat(200) } });
    expect(withChanges(text, [], 1 << 20)).toBe(text);
    const all = withChanges(text, [1, 2, 3].map(change), 1 << 20);
    expect(all.startsWith(text.slice(0, -3))).toBe(true);
    expect((JSON.parse(all) as State)[CHANGES_KEY]).toHaveLength(3);
    const two = (JSON.parse(withChanges(text, [1, 2, 3].map(change), all.length - 100)) as State)[CHANGES_KEY] as StateChange[];
    expect(two.map((c) => c.change)).toEqual(['change 2', 'change 3']);
    expect(() => withChanges(`${JSON.stringify({ [CHANGES_KEY]: 1 })}\n`, [change(1)], 1 << 20)).toThrow(/a field "changes" of its own/);
  });

  it('reads a file without changes as its own bytes, and one with them as the state alone', () => {
    const plain = new TextEncoder().encode('\uFEFF{"version": 1, "writtenBy": "x", "a": 1}');
    expect(splitChanges(plain, 'c.json', 'campaign state')).toEqual({ bytes: plain, state: { version: 1, a: 1 }, changes: [] });
    const broken = new TextEncoder().encode('{"version": 1,');
    expect(splitChanges(broken, 'c.json', 'campaign state').bytes).toBe(broken);
    const kept = new TextEncoder().encode(JSON.stringify({ version: 1, a: 2, [CHANGES_KEY]: [{ change: 'x', state: { version: 1, a: 1 } }] }));
    const split = splitChanges(kept, 'c.json', 'campaign state');
    expect(new TextDecoder().decode(split.bytes)).toBe(`${JSON.stringify({ version: 1, a: 2 }, null, 2)}\n`);
    expect(split.changes).toEqual([{ change: 'x', state: { version: 1, a: 1 } }]);
    const many = new TextEncoder().encode(JSON.stringify({ version: 1, [CHANGES_KEY]: Array.from({ length: MAX_CHANGES + 1 }, () => ({ change: 'x', state: {} })) }));
    expect(() => splitChanges(many, 'c.json', 'campaign state', 'c.json.bak')).toThrow(DataError);
    expect(() => splitChanges(many, 'c.json', 'campaign state', 'c.json.bak')).toThrow(/c\.json at changes: at most 50 changes are kept; the state before the last change is in c\.json\.bak/);
  });

  it('keeps a module’s words on one line, of a length that reads back', () => {
    expect(changeText('recorded game 3\n(Red won)\u001b[2J')).toBe('recorded game 3 (Red won) [2J');
    expect([...changeText('x'.repeat(1000))]).toHaveLength(400);
    expect(changeText('  ')).toBe('a change');
  });
});
