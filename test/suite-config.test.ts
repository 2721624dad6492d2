import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { afterEach, describe, expect, it } from 'vitest';
import { madeSample, madeSampleAsync, sampled, sampledSeeds, sampleSize } from './helpers/sample.js';
import { pureMuster } from './helpers/pure-run.js';
import { muster } from './helpers/cli.js';
import { workdirs } from './helpers/fixtures.js';

const root = fileURLToPath(new URL('../', import.meta.url));

describe('the suite’s own set-up', () => {
  it('a file that replaces a module (vi.mock) is one vitest.config.ts runs in a registry of its own', async () => {
    const config = readFileSync(path.join(root, 'vitest.config.ts'), 'utf8');
    const isolated = [...(/const MOCKING = \[([^\]]*)\]/.exec(config)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]!);
    expect(isolated.length).toBeGreaterThan(0);
    const mocking = (await fg(['test/**/*.test.ts'], { cwd: root })).filter((file) => /\bvi\.(mock|doMock|unmock|resetModules)\(/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(mocking.sort()).toEqual([...isolated].sort());
  });
});

describe('samples (MUSTER_DEEP)', () => {
  const cases = Array.from({ length: 60 }, (_, i) => ({ i, mode: ['versus', 'solo'][Math.floor(i / 30)]!, paper: ['a4', 'letter', 'a3'][i % 3]! }));
  const kinds = (c: (typeof cases)[number]) => [`mode=${c.mode}`, `paper=${c.paper}`];

  it('under MUSTER_DEEP=1 a check tries its whole sample', () => {
    expect(sampled(cases, kinds, { deep: true })).toEqual(cases);
    expect(sampleSize(300, 1, true)).toBe(300);
  });

  it('otherwise the first tenth, and the first case of every kind the tenth lacks, in their order', () => {
    const picked = sampled(cases, kinds, { deep: false });
    expect(picked.map((c) => c.i)).toEqual([0, 1, 2, 3, 4, 5, 30]);
    expect(new Set(picked.flatMap(kinds))).toEqual(new Set(cases.flatMap(kinds)));
    expect(sampleSize(300, 1, false)).toBe(30);
    expect(sampleSize(5, 1, false)).toBe(1);
    expect(sampleSize(36, 8, false)).toBe(8);
    expect(sampledSeeds(200, (seed) => [`${seed % 7}`], { deep: false })).toEqual([...Array(20).keys()]);
  });
});

describe('samples whose kinds show once made', () => {
  const faces = (seed: number) => (seed * 7919) % 13;
  it('the first tenth, and on until every kind wanted has come; all of it under MUSTER_DEEP=1', () => {
    const wanted = Array.from({ length: 13 }, (_, f) => `face ${f}`);
    const made = madeSample(100, faces, (f) => [`face ${f}`], wanted, { deep: false });
    expect(made.length).toBeGreaterThanOrEqual(10);
    expect(new Set(made).size).toBe(13);
    // a prefix, no longer than it takes
    expect(made).toEqual(Array.from({ length: made.length }, (_, seed) => faces(seed)));
    expect(new Set(made.slice(0, -1)).size).toBe(12);
    expect(madeSample(100, faces, (f) => [`face ${f}`], wanted, { deep: true })).toHaveLength(100);
    expect(madeSample(100, faces, (f) => [`face ${f}`], ['face 99'], { deep: false })).toHaveLength(100);
  });
  it('made by awaiting, the same cases', async () => {
    const wanted = Array.from({ length: 13 }, (_, f) => `face ${f}`);
    for (const deep of [false, true]) {
      const awaited = await madeSampleAsync(100, async (seed) => faces(seed), (f) => [`face ${f}`], wanted, { deep });
      expect(awaited).toEqual(madeSample(100, faces, (f) => [`face ${f}`], wanted, { deep }));
    }
  });
});

describe('runs of the command line made once a worker', () => {
  const workdir = workdirs(afterEach);
  it('a pure print is made once, answers as muster() does, and gives back what it wrote', async () => {
    const args = ['tables', 'openfire', '--paper', 'letter', '-o', 'sheets.pdf', '--quiet'];
    const first = pureMuster(args);
    expect(pureMuster(args)).toBe(first);
    const once = await first;
    const cwd = workdir();
    const plain = await muster(args, cwd);
    expect([once.code, once.stdout, once.stderr]).toEqual([plain.code, plain.stdout, plain.stderr]);
    expect([...once.written.keys()]).toEqual(['sheets.pdf']);
    expect(once.written.get('sheets.pdf')!.equals(readFileSync(path.join(cwd, 'sheets.pdf')))).toBe(true);
  });
  it('a run that reads a file of the player\'s, or writes outside its folder, is refused', async () => {
    const force = path.join(workdir({ 'f.yaml': readFileSync(path.join(root, 'examples/forces/kampfgruppe-weber.yaml'), 'utf8') }), 'f.yaml');
    await expect(pureMuster(['cards', 'bof', '--force', force, '--format', 'json'])).rejects.toThrow(/f\.yaml, not muster's own files; make it with muster\(\) each time/);
    const house = workdir({ 'bof/tables/house.yaml': 'tables: []\n' });
    await expect(pureMuster(['validate', '--data', house])).rejects.toThrow(/not muster's own files/);
    // a file it names and does not find is one a player's folder might hold
    await expect(pureMuster(['cards', 'bof', '--force', 'my-force.yaml', '--format', 'json'])).rejects.toThrow(/my-force\.yaml \(missing\), not muster's own files/);
    const away = path.join(workdir(), 'away.pdf');
    await expect(pureMuster(['tables', 'openfire', '-o', away, '--quiet'])).rejects.toThrow(/away\.pdf, not muster's own files/);
  });
});
