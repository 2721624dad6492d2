import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PAPERS } from '../../src/cli/command-table.js';
import { workdirs } from '../helpers/fixtures.js';
import { muster, pdfPageCount } from '../helpers/cli.js';

const workdir = workdirs(afterEach);
const qpdf = (file: string) => execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });

async function pdf(cwd: string, name: string, args: string[]): Promise<Buffer> {
  const result = await muster([...args, '-o', name, '--quiet'], cwd);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return readFileSync(path.join(cwd, name));
}

describe('--no-backs and --ink', () => {
  it('--no-backs leaves out the back pages of cards', async () => {
    const cwd = workdir();
    const both = await pdf(cwd, 'a.pdf', ['cards', 'bof', '--nation', 'Germany']);
    const fronts = await pdf(cwd, 'b.pdf', ['cards', 'bof', '--nation', 'Germany', '--no-backs']);
    expect(pdfPageCount(fronts) * 2).toBe(pdfPageCount(both));
  });
  it('--no-backs leaves out the back pages of event cards and of two-sided tokens', async () => {
    const cwd = workdir();
    expect(pdfPageCount(await pdf(cwd, 'e.pdf', ['tokens', 'bof', '--events', '--no-backs']))).toBe(3);
    const tokens = pdfPageCount(await pdf(cwd, 't.pdf', ['tokens', 'bof']));
    const fronts = pdfPageCount(await pdf(cwd, 'f.pdf', ['tokens', 'bof', '--no-backs']));
    expect(fronts).toBeLessThan(tokens);
    const ba = pdfPageCount(await pdf(cwd, 'ba.pdf', ['tokens', 'blazeaway']));
    expect(pdfPageCount(await pdf(cwd, 'ban.pdf', ['tokens', 'blazeaway', '--no-backs']))).toBeLessThan(ba);
  });
  it('--ink normal and --backs are the bytes of the default; --ink low draws otherwise', async () => {
    const cwd = workdir();
    const plain = await pdf(cwd, 'a.pdf', ['cards', 'openfire']);
    expect((await pdf(cwd, 'b.pdf', ['cards', 'openfire', '--ink', 'normal', '--backs'])).equals(plain)).toBe(true);
    const low = await pdf(cwd, 'c.pdf', ['cards', 'openfire', '--ink', 'low']);
    expect(low.equals(plain)).toBe(false);
    expect(pdfPageCount(low)).toBe(pdfPageCount(plain));
    const tables = await pdf(cwd, 'd.pdf', ['tables', 'bof']);
    expect((await pdf(cwd, 'e.pdf', ['tables', 'bof', '--ink', 'low'])).equals(tables)).toBe(false);
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
