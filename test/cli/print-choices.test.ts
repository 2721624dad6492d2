import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PAPERS } from '../../src/cli/command-table.js';
import { workdirs } from '../helpers/fixtures.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { PRINTED, pureMuster } from '../helpers/pure-run.js';

const workdir = workdirs(afterEach);
const qpdf = (file: string) => execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });

async function pdf(cwd: string, name: string, args: string[]): Promise<Buffer> {
  const result = await muster([...args, '-o', name, '--quiet'], cwd);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return readFileSync(path.join(cwd, name));
}

/**
 * A print of no file of the test's own, as `pdf` makes it (-o, --quiet): made once a test
 * worker with the same prints of other files (`tokens bof`, `tables bof`...), as purePrint
 * makes them.
 */
async function print(args: string[]): Promise<Buffer> {
  const result = await pureMuster([...args, '-o', PRINTED, '--quiet']);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.written.get(PRINTED)!;
}

describe('--no-backs and --ink', () => {
  it('--no-backs leaves out the back pages of cards', async () => {
    const both = await print(['cards', 'bof', '--nation', 'Germany']);
    const fronts = await print(['cards', 'bof', '--nation', 'Germany', '--no-backs']);
    expect(pdfPageCount(fronts) * 2).toBe(pdfPageCount(both));
  });
  it('--no-backs leaves out the back pages of event cards and of two-sided tokens', async () => {
    expect(pdfPageCount(await print(['tokens', 'bof', '--events', '--no-backs']))).toBe(3);
    const tokens = pdfPageCount(await print(['tokens', 'bof']));
    const fronts = pdfPageCount(await print(['tokens', 'bof', '--no-backs']));
    expect(fronts).toBeLessThan(tokens);
    const ba = pdfPageCount(await print(['tokens', 'blazeaway']));
    expect(pdfPageCount(await print(['tokens', 'blazeaway', '--no-backs']))).toBeLessThan(ba);
  });
  it('--ink normal and --backs are the bytes of the default; --ink low draws otherwise', async () => {
    const plain = await print(['cards', 'openfire']);
    expect((await print(['cards', 'openfire', '--ink', 'normal', '--backs'])).equals(plain)).toBe(true);
    const low = await print(['cards', 'openfire', '--ink', 'low']);
    expect(low.equals(plain)).toBe(false);
    expect(pdfPageCount(low)).toBe(pdfPageCount(plain));
    const tables = await print(['tables', 'bof']);
    expect((await print(['tables', 'bof', '--ink', 'low'])).equals(tables)).toBe(false);
  });
  it('refuses a value --ink does not have, naming the option and its values', async () => {
    const cwd = workdir();
    for (const args of [['cards', 'bof', '--ink', 'bold'], ['tokens', 'bof', '--ink', 'none'], ['tables', 'fireteam', '--ink', 'high']]) {
      const { code, stderr } = await muster(args, cwd);
      expect(code).toBe(2);
      expect(stderr).toMatch(/ink/);
      expect(stderr).toMatch(/"normal", "low"/);
    }
  });
});

describe('muster calibrate', () => {
  it('prints one sheet, front and back: a valid PDF, the same bytes twice', async () => {
    const cwd = workdir();
    for (const paper of PAPERS) {
      for (const duplex of ['long', 'short']) {
        const a = await pdf(cwd, `${paper}-${duplex}.pdf`, ['calibrate', '--paper', paper, '--duplex', duplex]);
        expect(pdfPageCount(a)).toBe(2);
        expect(qpdf(path.join(cwd, `${paper}-${duplex}.pdf`))).toMatch(/No syntax or stream encoding errors/);
        expect((await pdf(cwd, 'again.pdf', ['calibrate', '--paper', paper, '--duplex', duplex])).equals(a)).toBe(true);
      }
    }
    const shifted = await pdf(cwd, 'shifted.pdf', ['calibrate', '--back-offset', '1,-0.5']);
    expect(shifted.equals(readFileSync(path.join(cwd, 'a4-long.pdf')))).toBe(false);
  });
  it('says on the terminal how the reading is typed, which the sheet leaves to the tool', async () => {
    const { code, stderr } = await muster(['calibrate', '-o', 'c.pdf'], workdir());
    expect(code).toBe(0);
    expect(stderr).toMatch(/give what you read as --back-offset X,Y when you print cards and tokens/);
  });
  it('refuses a paper or a flip it does not know, naming the option and the allowed values', async () => {
    const cwd = workdir();
    const paper = await muster(['calibrate', '--paper', 'a3'], cwd);
    expect(paper.code).toBe(2);
    expect(paper.stderr).toMatch(/paper/);
    expect(paper.stderr).toContain(PAPERS.map((p) => `"${p}"`).join(', '));
    const duplex = await muster(['calibrate', '--duplex', 'diagonal'], cwd);
    expect(duplex.code).toBe(2);
    expect(duplex.stderr).toMatch(/duplex/);
    expect(duplex.stderr).toMatch(/"long", "short"/);
    const offset = await muster(['calibrate', '--back-offset', 'left'], cwd);
    expect(offset.code).toBe(2);
    expect(offset.stderr).toMatch(/--back-offset "left"/);
  });
  it('is in the help', async () => {
    const { code, stdout } = await muster(['--help'], workdir());
    expect(code).toBe(0);
    expect(stdout).toMatch(/calibrate/);
    const own = await muster(['calibrate', '--help'], workdir());
    expect(own.stdout).toMatch(/--duplex/);
    expect(own.stdout).toMatch(/--paper/);
  });
});
