/**
 * Issue 12, "nothing lost": a player's files survive full disks, two runs at once, outputs
 * pointed at inputs, links, modes, devices and signals; every case here failed before.
 */
import { chmodSync, closeSync, existsSync, openSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openFileAtomic, writeFileAtomic, type WriteBytes } from '../../src/cli/atomic-file.js';
import { BusyError, lockFile } from '../../src/cli/lock.js';
import { workdirs } from '../helpers/fixtures.js';
import { runBuilt, startBuilt, until } from '../helpers/built-command.js';
import { muster } from '../helpers/cli.js';
import { sampleSize } from '../helpers/sample.js';
import { purePrint } from '../helpers/pure-run.js';
import { ALLOW_MISSING_GLYPHS_LABEL, playerWords } from '../../src/web/player-words.js';

const workdir = workdirs(afterEach);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A disk that takes at most `chunk` bytes a write and has `room` bytes free in all. */
function smallDisk(room: number, chunk = 4096): WriteBytes {
  let used = 0;
  return async (handle, data, offset, length) => {
    const n = Math.min(length, chunk, room - used);
    if (n <= 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const { bytesWritten } = await handle.write(data, offset, n);
    used += bytesWritten;
    return bytesWritten;
  };
}

const disk = (room: number, chunk?: number) => ({
  writeFile: (file: string, data: Uint8Array | string, options?: { modeOf?: string }) => writeFileAtomic(file, data, { ...options, write: smallDisk(room, chunk) }),
  openFile: (file: string) => openFileAtomic(file, { write: smallDisk(room, chunk) }),
});

/** A house force-morale table giving every roll the same morale. */
const moraleTable = (morale: number | string) => `tables:
  - id: force-morale
    title: Force morale
    section: How to determine force morale
    source: house
    use: lookup
    dice: 1D6
    columns: [{ key: roll, label: "1D6" }, { key: morale, label: Force morale }]
    rows:
      - { roll: [1, 2, 3, 4, 5, 6], morale: ${morale} }
`;

const record = (state: string, winner = 'a', score = '10:4') => ['campaign', 'bof', 'record', '--state', state, '--winner', winner, '--victory', 'decisive', '--combat-score', score];

describe('a nearly full disk', () => {
  it('short writes are continued until every byte is out', async () => {
    const cwd = workdir();
    // the sheets as a whole disk takes them, made once a worker (helpers/pure-run.ts)
    const whole = await purePrint(['tables', 'bof']);
    // a disk that takes 1000 bytes at a time, with room to spare
    const short = await muster(['tables', 'bof', '-o', 'short.pdf', '--quiet'], cwd, disk(1 << 30, 1000));
    expect(short.code).toBe(0);
    expect(readFileSync(path.join(cwd, 'short.pdf')).equals(whole)).toBe(true);
  });
  it('a PDF that does not fit: exit 1, the old file exactly as it was, no temporary file', async () => {
    const cwd = workdir({ 'sheets.pdf': 'the old sheets' });
    const result = await muster(['tables', 'bof', '-o', 'sheets.pdf'], cwd, disk(20_000));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^muster: could not write .*sheets\.pdf: the disk is full; nothing there was changed\n/);
    expect(result.stderr).not.toMatch(/Wrote/);
    expect(readFileSync(path.join(cwd, 'sheets.pdf'), 'utf8')).toBe('the old sheets');
    expect(readdirSync(cwd)).toEqual(['sheets.pdf']);
  });
  it('Markdown that does not fit: exit 1, nothing written', async () => {
    const cwd = workdir();
    const result = await muster(['tables', 'bof', '--format', 'md', '-o', 'bof.md'], cwd, disk(500));
    expect(result.code).toBe(1);
    expect(readdirSync(cwd)).toEqual([]);
  });
  it('a campaign state that does not fit: the state and its backup are left as they were', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'full'], cwd);
    await muster(record('c.json'), cwd);
    const state = readFileSync(path.join(cwd, 'c.json'));
    const backup = readFileSync(path.join(cwd, 'c.json.bak'));
    const result = await muster(record('c.json', 'b'), cwd, disk(100));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/the disk is full/);
    expect(readFileSync(path.join(cwd, 'c.json')).equals(state)).toBe(true);
    expect(readFileSync(path.join(cwd, 'c.json.bak')).equals(backup)).toBe(true);
    expect(readdirSync(cwd).sort()).toEqual(['c.json', 'c.json.bak']);
    // and the campaign goes on
    expect((await muster(record('c.json', 'b'), cwd)).code).toBe(0);
  });
  it('the backup is the state before, byte for byte (a hand-saved file with a BOM and CRLF line ends)', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'bak'], cwd);
    const edited = Buffer.from(`\ufeff${readFileSync(path.join(cwd, 'c.json'), 'utf8').replace(/\n/g, '\r\n')}`, 'utf8');
    writeFileSync(path.join(cwd, 'c.json'), edited);
    expect((await muster(record('c.json'), cwd)).code).toBe(0);
    expect(readFileSync(path.join(cwd, 'c.json.bak')).equals(edited)).toBe(true);
  });
});

describe('two runs on one campaign', () => {
  // ten racing processes under MUSTER_DEEP=1, three by default: a race still, each winner in it
  const RACING = sampleSize(10, 3);
  it(`${RACING} records at once: every game that says it was recorded is in the state`, async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'race'], cwd);
    const results = await Promise.all(Array.from({ length: RACING }, (_, i) => runBuilt(record('c.json', i % 2 ? 'a' : 'b', `${i}:1`), { cwd })));
    const recorded = results.filter((r) => r.code === 0);
    for (const failed of results.filter((r) => r.code !== 0)) expect(failed.stderr).toMatch(/is changing this file; nothing was changed/);
    expect(recorded.length).toBeGreaterThan(0);
    const state = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as { game: number; history: unknown[] };
    expect(state.game).toBe(recorded.length);
    expect(state.history).toHaveLength(recorded.length);
    expect(existsSync(path.join(cwd, 'c.json.lock'))).toBe(false);
  }, 60_000);
  it('two new campaigns at once on one file: one is made, the other refused', async () => {
    const cwd = workdir();
    const both = await Promise.all(['one', 'two'].map((seed) => runBuilt(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', seed, '--quiet'], { cwd })));
    expect(both.map((run) => run.code).sort()).toEqual([0, 2]);
  }, 30_000);
  it('a held lock: the run fails with a clear message and changes nothing', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'held'], cwd);
    const before = readFileSync(path.join(cwd, 'c.json'));
    const release = await lockFile(path.join(cwd, 'c.json'));
    await expect(lockFile(path.join(cwd, 'c.json'), { waitMs: 100, option: '--state' })).rejects.toThrow(BusyError);
    await expect(lockFile(path.join(cwd, 'c.json'), { waitMs: 100, option: '--state' })).rejects.toThrow(/is changing this file; nothing was changed\. Try again when it has finished/);
    await release();
    expect(readFileSync(path.join(cwd, 'c.json')).equals(before)).toBe(true);
    expect((await muster(record('c.json'), cwd)).code).toBe(0);
  });
  it('a lock left by a run that died is broken; one from another machine is reported', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'stale'], cwd);
    // a process number no process has
    writeFileSync(path.join(cwd, 'c.json.lock'), JSON.stringify({ pid: 2 ** 22 + 17, host: hostname() }));
    expect((await muster(record('c.json'), cwd)).code).toBe(0);
    writeFileSync(path.join(cwd, 'c.json.lock'), JSON.stringify({ pid: 4242, host: 'the-club-laptop' }));
    await expect(lockFile(path.join(cwd, 'c.json'), { waitMs: 50, option: '--state' })).rejects.toThrow(/process 4242 on the-club-laptop.*remove .*c\.json\.lock if no muster is running there/);
  });
});

describe('-o onto an input', () => {
  it('the campaign state, its backup and its lock', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'k.json', '--seed', 'k'], cwd);
    await muster(record('k.json'), cwd);
    const state = readFileSync(path.join(cwd, 'k.json'));
    for (const target of ['k.json', './k.json', 'k.json.bak']) {
      const result = await muster(['campaign', 'bof', 'next', '--state', 'k.json', '-o', target], cwd);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/is the campaign state('s backup)?, which this run reads; writing there would replace it/);
    }
    // through a link, too
    symlinkSync('k.json', path.join(cwd, 'link.json'));
    expect((await muster(['campaign', 'bof', 'next', '--state', 'k.json', '-o', 'link.json'], cwd)).code).toBe(2);
    expect(readFileSync(path.join(cwd, 'k.json')).equals(state)).toBe(true);
  });
  it('a force file and a data file', async () => {
    const force = readFileSync(path.join(ROOT, 'examples/forces/kampfgruppe-weber.yaml'), 'utf8');
    const house = moraleTable(9);
    const cwd = workdir({ 'f.yaml': force, 'house/bof/tables/house.yaml': house });
    const cards = await muster(['cards', 'bof', '--force', 'f.yaml', '-o', 'f.yaml'], cwd);
    expect(cards.code).toBe(2);
    expect(cards.stderr).toMatch(/-o\/--out .*f\.yaml: is the --force file/);
    expect(readFileSync(path.join(cwd, 'f.yaml'), 'utf8')).toBe(force);
    const data = await muster(['tables', 'bof', '--data', 'house', '-o', 'house/bof/tables/house.yaml'], cwd);
    expect(data.code).toBe(2);
    expect(data.stderr).toMatch(/is a file of a --data folder/);
    expect(readFileSync(path.join(cwd, 'house/bof/tables/house.yaml'), 'utf8')).toBe(house);
  });
});

describe('a state muster could not read back is never written', () => {
  it('an enormous Combat Score is refused before anything is written', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'big'], cwd);
    const before = readFileSync(path.join(cwd, 'c.json'));
    const result = await muster(record('c.json', 'a', '99999999999:1'), cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--combat-score/);
    const huge = await muster(record('c.json', 'a', '5000:1'), cwd);
    expect(huge.code).toBe(2);
    expect(huge.stderr).toMatch(/a Combat Score goes from 0 to 999/);
    expect(readFileSync(path.join(cwd, 'c.json')).equals(before)).toBe(true);
    expect(existsSync(path.join(cwd, 'c.json.bak'))).toBe(false);
  });
  it('a house morale row of "ten" is refused naming the table, and no state is made', async () => {
    const cwd = workdir({
      'house/bof/tables/morale.yaml': moraleTable('ten'),
    });
    const result = await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--data', 'house'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/morale\.yaml at tables\[id=force-morale\]\.rows\[0\]\.morale: is "ten"; force morale is a whole number/);
    expect(existsSync(path.join(cwd, 'c.json'))).toBe(false);
  });
  it('hand-edited nonsense is refused by the schema, with the field', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'nonsense'], cwd);
    const state = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as Record<string, unknown>;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ points: { a: -5, b: 0 } }, /c\.json at points\.a: /],
      [{ game: 3 }, /c\.json at game: is 3 but the history holds 0 games/],
      [{ system: '../bof' }, /c\.json at system: must be a rule-set id/],
      [{ names: { a: 'x'.repeat(5000), b: 'B' } }, /c\.json at names\.a: /],
    ];
    for (const [change, message] of cases) {
      writeFileSync(path.join(cwd, 'c.json'), JSON.stringify({ ...state, ...change }));
      const result = await muster(['campaign', 'bof', 'status', '--state', 'c.json'], cwd);
      expect(result.code, JSON.stringify(change)).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });
  it('a newer state version names the muster that wrote it; a BOM is accepted', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'ver'], cwd);
    const text = readFileSync(path.join(cwd, 'c.json'), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ version: 2, writtenBy: expect.any(String) });
    writeFileSync(path.join(cwd, 'c.json'), `\ufeff${text}`);
    expect((await muster(['campaign', 'bof', 'status', '--state', 'c.json'], cwd)).code).toBe(0);
    writeFileSync(path.join(cwd, 'c.json'), JSON.stringify({ ...JSON.parse(text), version: 5, writtenBy: '2.4.0' }));
    const newer = await muster(['campaign', 'bof', 'status', '--state', 'c.json'], cwd);
    expect(newer.code).toBe(2);
    expect(newer.stderr).toMatch(/was written by muster 2\.4\.0 \(campaign state version 5\); this muster is .* and reads version 4 at most\. Update muster/);
  });
});

describe('links, modes and special files', () => {
  it('a linked state is written through the link; the mode of a private state is kept, on its backup too', async () => {
    const cwd = workdir();
    mkdirSync(path.join(cwd, 'campaigns'));
    await muster(['campaign', 'bof', 'new', '--state', 'campaigns/real.json', '--seed', 'link'], cwd);
    chmodSync(path.join(cwd, 'campaigns/real.json'), 0o600);
    symlinkSync('campaigns/real.json', path.join(cwd, 'c.json'));
    expect((await muster(record('c.json'), cwd)).code).toBe(0);
    expect(lstatSync(path.join(cwd, 'c.json')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(path.join(cwd, 'campaigns/real.json'), 'utf8'))).toMatchObject({ game: 1 });
    expect(statSync(path.join(cwd, 'campaigns/real.json')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(cwd, 'c.json.bak')).mode & 0o777).toBe(0o600);
  });
  it('-o /dev/null takes the bytes and stays a device', async () => {
    const result = await muster(['tables', 'openfire', '-o', '/dev/null', '--quiet'], workdir());
    expect(result.code).toBe(0);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });
  it('--state that is a folder, a device, a name ending in a slash, or too big', async () => {
    const cwd = workdir({ 'big.json': `{"pad": "${'x'.repeat(1 << 20)}"}` });
    mkdirSync(path.join(cwd, 'camp'));
    const cases: [string, RegExp][] = [
      ['camp', /--state .*camp: is a folder; give the campaign's JSON file/],
      ['/dev/zero', /--state \/dev\/zero: is not a regular file/],
      ['camp/', /--state camp\/: names a folder/],
      ['big.json', /a campaign state is at most 1048576 bytes/],
    ];
    for (const [state, message] of cases) {
      const result = await muster(['campaign', 'bof', 'status', '--state', state], cwd);
      expect(result.code, state).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });
  it('-o newdir/, a broken out link, and -o for a command that writes no file', async () => {
    const cwd = workdir();
    const folder = await muster(['tables', 'bof', '-o', 'newdir/'], cwd);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/-o\/--out newdir\/: names a folder; give a file name inside it/);
    symlinkSync('gone', path.join(cwd, 'out'));
    const broken = await muster(['tables', 'bof'], cwd);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/out is a link to a folder that does not exist/);
    await muster(['campaign', 'bof', 'new', '--state', 'c.json'], cwd);
    for (const args of [['campaign', 'bof', 'status', '--state', 'c.json'], record('c.json')]) {
      const refused = await muster([...args, '-o', 'x.json'], cwd);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/-o\/--out: campaign \w+ writes no document/);
    }
    expect((await muster(['cards', 'bof', '--explain-cost', 'de-rifleman', '-o', 'x.txt'], cwd)).stderr).toMatch(/writes no file; leave -o out/);
    expect(existsSync(path.join(cwd, 'x.json'))).toBe(false);
  });
  it('temporary files left by a run killed outright are removed by the next run that writes there', async () => {
    const cwd = workdir({ '.sheets.pdf.4194321.tmp': 'half a PDF', '.other.pdf.4194321.tmp': 'not ours' });
    expect((await muster(['tables', 'openfire', '-o', 'sheets.pdf', '--quiet'], cwd)).code).toBe(0);
    expect(readdirSync(cwd).sort()).toEqual(['.other.pdf.4194321.tmp', 'sheets.pdf']);
  });
});

/** Linux's clock ticks a second in /proc (USER_HZ, the same on every architecture). */
const TICKS = 100;

/** The CPU seconds process `pid` has used so far (user and system), or undefined once it is gone. */
function cpuSeconds(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // after the command's name in parentheses: utime and stime are the 14th and 15th fields
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/**
 * Waits for `run` to end, looking at the CPU it has used every 10 ms and telling `seen` until it
 * answers true; how it ended, and the most CPU seen (within 10 ms of all it used).
 */
async function untilEnded(run: ReturnType<typeof startBuilt>, seen: (cpu: number) => boolean) {
  let ended = false;
  void run.ended.then(() => (ended = true));
  let cpu = 0;
  let told = false;
  while (!ended) {
    cpu = Math.max(cpu, cpuSeconds(run.child.pid!) ?? 0);
    if (!told) told = seen(cpu);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { ...(await run.ended), cpu };
}

/** Runs the built command until `ready` says so (given what it printed so far), then sends `signal`. */
async function interrupt(args: string[], cwd: string, ready: (stdout: string) => boolean, signal: NodeJS.Signals) {
  const run = startBuilt(args, { cwd });
  await until(() => ready(run.stdout));
  run.child.kill(signal);
  const { code } = await run.ended;
  return { code, stdout: run.stdout, stderr: run.stderr };
}

describe('signals and streams (the built command)', () => {
  for (const [signal, code] of [['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    it(`${signal} cleans up like Ctrl-C: exit ${code}, no temporary file`, async () => {
      const cwd = workdir();
      const hasTemp = () => readdirSync(cwd).some((f) => f.endsWith('.tmp'));
      const run = await interrupt(['scenario', 'bof', '--seed', 's', '--count', '1000', '-o', 'big.pdf', '--quiet'], cwd, hasTemp, signal);
      expect(run.code).toBe(code);
      expect(readdirSync(cwd)).toEqual([]);
      expect(run.stderr).toBe('muster: interrupted; nothing was written\n');
    }, 30_000);
  }
  // the run's CPU is read from /proc: Linux's (CI's), not macOS's
  it.runIf(existsSync('/proc/self/stat'))('Ctrl-C stops validate within a second', async () => {
    // How much CPU a whole check takes its process (Linux's /proc; 2.5 s on a 2-core machine, a
    // second on a quick one): Ctrl-C comes once the next has used half that, well past start-up
    // and into the checking. Counted in the run's own CPU time, not the clock's, a machine busy
    // with other tests moves neither, and one whole run is enough to know it (timing it on the
    // clock took two: the first, filling the user's cache, ran quicker than the rest).
    const whole = await untilEnded(startBuilt(['validate'], { cwd: workdir() }), () => false);
    expect(whole.code).toBe(0);
    // a check that ended before its Ctrl-C came is tried again with the Ctrl-C sooner, not taken
    // as one that was stopped: each is interrupted or ends whole, never anything else
    // A Ctrl-C that comes before muster listens for it (a busy machine held the start back)
    // ends node at once, by the signal, with nothing written: not muster's stop under test, so
    // the same share is tried again, a few times at most.
    const shares = [0.5, 0.4, 0.3, 0.25];
    for (let at = 0, early = 0; at < shares.length; ) {
      const run = startBuilt(['validate'], { cwd: workdir() });
      let sent = 0;
      const { code, signal } = await untilEnded(run, (used) => {
        if (used < whole.cpu * shares[at]!) return false;
        sent = performance.now();
        run.child.kill('SIGINT');
        return true;
      });
      if (code === 0) {
        at++;
        continue;
      }
      if (code === null && signal === 'SIGINT' && early++ < 3) continue;
      expect(code).toBe(130);
      // the issue asks for a second; a little slack for a busy CI machine
      expect(performance.now() - sent).toBeLessThan(1500);
      expect(run.stderr).toBe('muster: interrupted; nothing was written\n');
      return;
    }
    expect.fail('every check ended before its Ctrl-C came');
  }, 60_000);
  it('Ctrl-C part-way through a JSON Lines stream says how many lines went out', async () => {
    const run = await interrupt(['scenario', 'bof', '--seed', 's', '--count', '100000', '--format', 'json', '--quiet'], workdir(), (out) => out.split('\n').length > 100, 'SIGINT');
    expect(run.code).toBe(130);
    const lines = run.stdout.trimEnd().split('\n').length;
    expect(run.stderr).toBe(`muster: interrupted; ${lines} whole lines (one packet each) had been written to standard output\n`);
  }, 30_000);
  it('a closed stdout (| head) ends the run quietly with exit 0', async () => {
    const run = startBuilt(['scenario', 'bof', '--seed', 'p', '--count', '20000', '--format', 'json'], { cwd: workdir() });
    // the reader takes one chunk and goes away, as head does
    await new Promise((resolve) => run.child.stdout!.once('data', resolve));
    run.child.stdout!.destroy();
    expect((await run.ended).code).toBe(0);
    expect(run.stderr).toMatch(/^Seed: p .*\n$/);
  }, 30_000);
  it('a full stdout (> /dev/full) exits 1 with one line', async () => {
    const full = openSync('/dev/full', 'w');
    const { code, stderr } = await runBuilt(['tables', 'bof', '--format', 'md'], { cwd: workdir(), stdoutFd: full });
    closeSync(full);
    expect(code).toBe(1);
    expect(stderr).toBe('muster: could not write to standard output: the disk is full\n');
  }, 30_000);
});

describe('template slips in house data, in the writer\'s words', () => {
  const orders = readFileSync(path.join(ROOT, 'data/blazeaway/cards/orders.yaml'), 'utf8');
  const house = (text: string) => ({ 'house/blazeaway/cards/orders.yaml': orders.replace('With one die fewer than usual.', JSON.stringify(text)) });
  const cases: [string, RegExp][] = [
    ['With {{dist 10}} more', /\{\{dist 10\}\}: \{\{dist\}\} takes 2 values \(the distance in centimetres, then in inches, both numbers\), as in \{\{dist 10 4\}\}/],
    ['With {{nosuch}}', /template failed: \{\{nosuch\}\} is nothing muster can fill in; a text may use the helpers dist, mod/],
    ['With {{#if}}', /its \{\{ \}\} marks are not written right \(line 1 of the text\)/],
  ];
  for (const [text, message] of cases) {
    it(`"${text}": validate and cards both say what is wrong, exit 2, no parser dump`, async () => {
      const cwd = workdir(house(text));
      for (const args of [['validate', '--data', 'house'], ['cards', 'blazeaway', '--data', 'house', '-o', 'c.pdf']]) {
        const result = await muster(args, cwd);
        expect(result.code, args[0]).toBe(2);
        expect(result.stderr).toMatch(message);
        expect(result.stderr).not.toMatch(/Expecting|caused by|\[object Object\]/);
      }
      expect(existsSync(path.join(cwd, 'c.pdf'))).toBe(false);
    });
  }
});

describe('characters the fonts lack are never a silent gap', () => {
  it('Chinese, Hebrew and Arabic names print; a character no font has refuses the PDF unless allowed', async () => {
    const cwd = workdir();
    const scripts = await muster(['campaign', 'bof', 'booklet', '--names', '赤軍,צבא כחול', '--seed', 'g', '-o', 'b.pdf', '--quiet'], cwd);
    expect(scripts.code).toBe(0);
    expect(scripts.stderr).toBe('');
    const emoji = await muster(['campaign', 'bof', 'booklet', '--names', '\u{F0000} Dice,Blue', '--seed', 'g', '-o', 'e.pdf'], cwd);
    expect(emoji.code).toBe(2);
    expect(emoji.stderr).toMatch(/no font has a glyph for "\u{F0000}" \(U\+F0000\) in ".*\u{F0000} Dice.*"/u);
    expect(emoji.stderr).toMatch(/No PDF was written\. Change the text, or give --allow-missing-glyphs/);
    // the page words it with its control, which adds the option
    const words = playerWords(emoji.stderr, '/out/muster.pdf');
    expect(words).toContain(`No PDF was written. Change the text, or tick "${ALLOW_MISSING_GLYPHS_LABEL}" (under Paper and printer) to print these characters as empty boxes`);
    expect(words).not.toContain('--allow-missing-glyphs');
    expect(existsSync(path.join(cwd, 'e.pdf'))).toBe(false);
    const allowed = await muster(['campaign', 'bof', 'booklet', '--names', '\u{F0000} Dice,Blue', '--seed', 'g', '-o', 'e.pdf', '--allow-missing-glyphs'], cwd);
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toMatch(/^warning: no font has a glyph for "\u{F0000}"/mu);
    expect(readdirSync(cwd).sort()).toEqual(['b.pdf', 'e.pdf']);
  });
});
