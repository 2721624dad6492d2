import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workdirs } from '../helpers/fixtures.js';
import { startBuilt, until } from '../helpers/built-command.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { sampleSize } from '../helpers/sample.js';
import { openFileAtomic } from '../../src/cli/io.js';


const workdir = workdirs(afterEach);

describe('muster scenario', () => {
  it('a solo packet: the seed on stderr, a valid PDF, the same bytes for the same seed', async () => {
    const cwd = workdir();
    const first = await muster(['scenario', 'bof', '--mode', 'solo', '--seed', 'club-night', '-o', 'a.pdf'], cwd);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/^Seed: club-night \(run again with --seed club-night/);
    await muster(['scenario', 'bof', '--mode', 'solo', '--seed', 'club-night', '-o', 'b.pdf', '--quiet'], cwd);
    const a = readFileSync(path.join(cwd, 'a.pdf'));
    expect(a.equals(readFileSync(path.join(cwd, 'b.pdf')))).toBe(true);
    expect(pdfPageCount(a)).toBeGreaterThanOrEqual(6);
    expect(execFileSync('qpdf', ['--check', path.join(cwd, 'a.pdf')], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
  });
  it('without --seed picks a fresh one and says which', async () => {
    const { code, stderr } = await muster(['scenario', 'bof', '--format', 'json'], workdir());
    expect(code).toBe(0);
    expect(stderr).toMatch(/Seed: fresh-seed/);
  });
  it('JSON on stdout carries the contract fields; --count gives JSON Lines with derived seeds', async () => {
    const one = await muster(['scenario', 'bof', '--seed', 's', '--scenario', 'victory-zones', '--format', 'json'], workdir());
    const result = JSON.parse(one.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({ system: 'bof', seed: 's', scenario: { id: 'victory-zones', name: 'Victory Zones' } });
    expect((result['objectives'] as unknown[]).length).toBeGreaterThanOrEqual(1);
    const many = await muster(['scenario', 'bof', '--seed', 'batch', '--count', '5', '--format', 'json', '--quiet'], workdir());
    const lines = many.stdout.trim().split('\n').map((l) => JSON.parse(l) as { seed: string });
    expect(lines.map((l) => l.seed)).toEqual(['batch-1', 'batch-2', 'batch-3', 'batch-4', 'batch-5']);
  });
  it('--count puts several packets in one PDF', async () => {
    const cwd = workdir();
    const { code, stderr } = await muster(['scenario', 'bof', '--seed', 'x', '--count', '3', '-o', 'three.pdf'], cwd);
    expect(code).toBe(0);
    expect(stderr).toMatch(/Wrote three\.pdf \(\d+ pages\)/);
  });
  it('bad options: a clear message, exit 2, no file', async () => {
    for (const [args, message] of [
      [['--scenario', 'beach-landing'], /--scenario: unknown game mode "beach-landing"; known: probing, victory-zones, .*; list them with muster list bof modes/],
      [['--players', '3'], /--players 3: a Burst of Fire game is for 2, 4 or 6 players/],
      [['--table', 'big'], /--table "big": give width x height in cm, like 120x120/],
      [['--table', '20x20'], /each side from 60 to 400 cm/],
      [['--count', '0'], /--count 0: a whole number from 1 to 5000 for a PDF \(JSON Lines go up to 100000\)/],
      [['--count', '5001'], /--count 5001: a whole number from 1 to 5000 for a PDF/],
      [['--count', '1001', '--format', 'md'], /--count 1001: a whole number from 1 to 1000 for Markdown/],
      [['--count', '100001', '--format', 'json'], /--count 100001: a whole number from 1 to 100000 for JSON/],
      [['--mode', 'coop'], /mode, Given: "coop", Choices: "versus", "solo"/],
      [['--mode', 'solo', '--scenario', 'combat-only'], /Combat only is not on the solo scenario table/],
    ] as const) {
      const cwd = workdir();
      const result = await muster(['scenario', 'bof', ...args], cwd);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(readdirSync(cwd)).toEqual([]);
    }
  });
  it('--enemy buy sets the solo enemy up the text\'s other way; bad --enemy values are refused, exit 2 (Setting up the enemy forces; issue 24, item 6)', async () => {
    const cwd = workdir();
    const buy = await muster(['scenario', 'bof', '--mode', 'solo', '--enemy', 'buy', '--seed', 'other-way', '--format', 'json'], cwd);
    expect(buy.code).toBe(0);
    const result = JSON.parse(buy.stdout) as { forces: { side: string; setup?: string; points: number; core?: number; additional?: number; budget: number }[] };
    const enemy = result.forces.find((f) => f.side === 'enemy')!;
    expect(enemy.setup).toBe('buy');
    expect(enemy.points).toBe(enemy.core);
    expect(enemy.budget).toBeGreaterThan(enemy.points);
    for (const [args, message] of [
      [['--mode', 'solo', '--enemy', 'shop'], /enemy, Given: "shop", Choices: "bags", "buy"/],
      [['--enemy', 'buy'], /--enemy: only a solo game takes it; add --mode solo, or leave --enemy out/],
      [['--mode', 'solo', '--enemy', 'buy', '--enemy', 'bags'], /--enemy is given twice \(buy and bags\); give it once/],
    ] as const) {
      const result = await muster(['scenario', 'bof', ...args], cwd);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    const other = await muster(['scenario', 'openfire', '--enemy', 'buy'], cwd);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/--enemy: Open Fire scenarios take no such option/);
    expect(readdirSync(cwd)).toEqual([]);
  });
  it('seeds of every shape work: unicode, spaces, very long', async () => {
    for (const seed of ['Kursk 1943', 'Überfall', '🎲', 'x'.repeat(200)]) {
      const { code, stdout } = await muster(['scenario', 'bof', '--seed', seed, '--format', 'json'], workdir());
      expect(code, seed).toBe(0);
      expect((JSON.parse(stdout) as { seed: string }).seed).toBe(seed);
    }
    const tooLong = await muster(['scenario', 'bof', '--seed', 'x'.repeat(201)], workdir());
    expect(tooLong.code).toBe(2);
  });
});

describe('long jobs', () => {
  it('show progress for --count (to a terminal) and not when quiet', async () => {
    const calls: string[] = [];
    const progress = { start: (n: number) => calls.push(`start ${n}`), tick: (d: number) => calls.push(`tick ${d}`), stop: () => calls.push('stop') };
    await muster(['scenario', 'bof', '--seed', 'p', '--count', '5', '--format', 'json'], workdir(), { progress });
    expect(calls).toEqual(['start 5', 'tick 1', 'tick 2', 'tick 3', 'tick 4', 'tick 5', 'stop']);
    calls.length = 0;
    await muster(['scenario', 'bof', '--seed', 'p', '--count', '5', '--format', 'json', '--quiet'], workdir(), { progress });
    expect(calls).toEqual([]);
  });
  it('long documents (a whole arsenal, a booklet) show a bar while their pages are drawn', async () => {
    const calls: string[] = [];
    const progress = { start: (n: number, label: string) => calls.push(`start ${n} ${label}`), tick: (d: number) => calls.push(`tick ${d}`), stop: () => calls.push('stop') };
    const cwd = workdir();
    expect((await muster(['cards', 'bof', '-o', 'arsenal.pdf'], cwd, { progress })).code).toBe(0);
    const pages = pdfPageCount(readFileSync(path.join(cwd, 'arsenal.pdf')));
    expect(calls).toEqual([`start ${pages} Drawing pages`, ...Array.from({ length: pages }, (_, i) => `tick ${i + 1}`), 'stop']);
    calls.length = 0;
    expect((await muster(['campaign', 'bof', 'booklet', '--seed', 'bar', '-o', 'booklet.pdf'], cwd, { progress })).code).toBe(0);
    expect(calls[0]).toBe('start 9 Rolling the rungs');
    expect(calls).toContain(`start ${pdfPageCount(readFileSync(path.join(cwd, 'booklet.pdf')))} Drawing pages`);
    // quiet, and short documents, draw no bar
    calls.length = 0;
    await muster(['cards', 'bof', '-o', 'quiet.pdf', '--quiet'], cwd, { progress });
    await muster(['tables', 'openfire', '-o', 'short.pdf'], cwd, { progress });
    expect(calls).toEqual([]);
  });
  it('big batches stream: each JSON line leaves before the next packet is rolled, a PDF a megabyte at a time', async () => {
    const events: string[] = [];
    const progress = { start() {}, tick: (done: number) => events.push(`tick ${done}`), stop() {} };
    // the order of lines and ticks is the same for any count: 30 show it as 200 did, and by
    // default the five from which a batch counts its packets as all 30 do under MUSTER_DEEP=1
    const lines = sampleSize(30, 5);
    const json = await muster(['scenario', 'bof', '--mode', 'solo', '--seed', 'stream', '--count', String(lines), '--format', 'json'], workdir(), {
      progress,
      stdout: { write: () => events.push('line') },
    });
    expect(json.code).toBe(0);
    // nothing is held back: every line is out before the next packet is counted
    expect(events).toEqual(Array.from({ length: lines }, (_, i) => ['line', `tick ${i + 1}`]).flat());

    events.length = 0;
    const cwd = workdir();
    const sizes: number[] = [];
    // 40 packets make about 1.5 MB: more than one piece of a megabyte
    const pdf = await muster(['scenario', 'bof', '--mode', 'solo', '--seed', 'stream', '--count', '40', '-o', 'batch.pdf'], cwd, {
      progress,
      openFile: async (file) => {
        const real = await openFileAtomic(file);
        return { ...real, write: async (chunk) => (events.push('bytes'), sizes.push(chunk.length), real.write(chunk)) };
      },
    });
    expect(pdf.code).toBe(0);
    // the PDF leaves in pieces of about a megabyte while packets are still being rolled
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThan(1.5 * 2 ** 20);
    expect(events.indexOf('bytes')).toBeLessThan(events.indexOf('tick 35'));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(readFileSync(path.join(cwd, 'batch.pdf')).length);
  });
  it('Ctrl-C stops cleanly: exit 130, no file left', async () => {
    const controller = new AbortController();
    controller.abort();
    const cwd = workdir();
    const { code, stderr } = await muster(['scenario', 'bof', '--seed', 'c', '--count', '3', '-o', 'packets.pdf'], cwd, { signal: controller.signal });
    expect(code).toBe(130);
    expect(stderr).toMatch(/interrupted; nothing was written/);
    expect(readdirSync(cwd)).toEqual([]);
  });
  it('Ctrl-C part-way through a batch leaves the old PDF and no temporary file', async () => {
    const controller = new AbortController();
    const cwd = workdir();
    writeFileSync(path.join(cwd, 'packets.pdf'), 'the old packets');
    // the first packets are already on disk in the temporary file when the signal comes
    const progress = { start() {}, tick: (done: number) => done === 3 && controller.abort(), stop() {} };
    const { code } = await muster(['scenario', 'bof', '--seed', 'c', '--count', '6', '-o', 'packets.pdf'], cwd, { signal: controller.signal, progress });
    expect(code).toBe(130);
    expect(readdirSync(cwd)).toEqual(['packets.pdf']);
    expect(readFileSync(path.join(cwd, 'packets.pdf'), 'utf8')).toBe('the old packets');
  });
  it('a real SIGINT to a running batch: exit 130, nothing left (the built command)', async () => {
    const cwd = workdir();
    const run = startBuilt(['scenario', 'bof', '--seed', 's', '--count', '1000', '-o', 'big.pdf', '--quiet'], { cwd });
    // wait until packets are being written, then press Ctrl-C
    await until(() => readdirSync(cwd).some((f) => f.endsWith('.tmp')));
    expect(readdirSync(cwd).some((f) => f.endsWith('.tmp'))).toBe(true);
    run.child.kill('SIGINT');
    expect((await run.ended).code).toBe(130);
    expect(readdirSync(cwd)).toEqual([]);
  }, 30_000);
  it('a real SIGINT to a long JSON Lines stream stops it: exit 130, whole lines only (the built command)', async () => {
    const run = startBuilt(['scenario', 'bof', '--seed', 's', '--count', '100000', '--format', 'json', '--quiet'], { cwd: workdir() });
    await until(() => run.stdout.split('\n').length >= 200);
    run.child.kill('SIGINT');
    expect((await run.ended).code).toBe(130);
    const lines = run.stdout.trimEnd().split('\n');
    // far short of the 100000 asked for, and every line printed is a whole packet
    expect(lines.length).toBeGreaterThan(100);
    expect(lines.length).toBeLessThan(50_000);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  }, 30_000);
  it('the running header tells the truth about the players: four-player, six-player, solo', async () => {
    const cwd = workdir();
    for (const [args, word] of [[['--players', '4'], 'four-player'], [['--players', '6'], 'six-player'], [['--mode', 'solo'], 'solo'], [[], 'two-player']] as const) {
      const md = await muster(['scenario', 'bof', '--seed', 'hdr', ...args, '--format', 'md'], cwd);
      expect(md.code).toBe(0);
      expect(md.stdout.split('\n')[0]).toMatch(new RegExp(`^# .* \\(${word}\\)$`));
    }
  });
});
