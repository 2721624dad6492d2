/**
 * A print shop's file (issue 29): `cards --shop dtc` for DriveThruCards poker cards, read back
 * with poppler and qpdf as the shop's checks would read it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cmykOf, TOTAL_INK } from '../../src/render/cmyk.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
const root = fileURLToPath(new URL('../../', import.meta.url));
const PLATOON = path.join(root, 'test/fixtures/forces/us-rifle-platoon.yaml');

/** Each page's boxes as poppler reads them, in points: [x0, y0, x1, y1]. */
function boxes(pdf: string, pages: number): { media: number[]; trim: number[]; bleed: number[] }[] {
  const text = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', String(pages), pdf], { encoding: 'utf8' });
  const of = (name: string) => [...text.matchAll(new RegExp(`^Page\\s+\\d+ ${name}:\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)`, 'gm'))].map((m) => m.slice(1, 5).map(Number));
  const media = of('MediaBox');
  const trim = of('TrimBox');
  const bleed = of('BleedBox');
  return media.map((m, i) => ({ media: m, trim: trim[i]!, bleed: bleed[i]! }));
}

describe('cards --shop dtc: DriveThruCards poker cards', () => {
  it('a card a page, 2.75 x 3.75 in with 1/8 in of bleed, its TrimBox and BleedBox set, each back before its front; the same bytes twice', async () => {
    const cwd = workdir();
    const made = await muster(['cards', 'bof', '--force', PLATOON, '--shop', 'dtc', '-o', 'dtc.pdf'], cwd);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toContain("warning: --shop: the roster is not in a print shop's file; print it with the same command without --shop");
    expect((await muster(['cards', 'bof', '--force', PLATOON, '--shop', 'dtc', '-o', 'again.pdf', '--quiet'], cwd)).code).toBe(0);
    const file = path.join(cwd, 'dtc.pdf');
    expect(readFileSync(file).equals(readFileSync(path.join(cwd, 'again.pdf')))).toBe(true);
    // the platoon's 13 cards, each a back and a front
    const pages = pdfPageCount(readFileSync(file));
    expect(pages).toBe(26);
    for (const page of boxes(file, pages)) {
      expect(page.media).toEqual([0, 0, 198, 270]);
      expect(page.bleed).toEqual(page.media);
      expect(page.trim).toEqual([9, 9, 189, 261]);
    }
    const pageText = (n: number) => execFileSync('pdftotext', ['-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' });
    expect(pageText(1)).toContain('BURST OF FIRE');
    expect(pageText(1)).not.toContain('Lieutenant');
    expect(pageText(2)).toContain('Lieutenant');
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
    // every font embedded
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font.split(/\s+/).at(-5), font).toBe('yes');
  });

  it('every colour in DeviceCMYK, none in RGB, no spot over 240% of ink', async () => {
    const cwd = workdir();
    expect((await muster(['cards', 'openfire', '--shop', 'dtc', '-o', 'of.pdf', '--quiet'], cwd)).code).toBe(0);
    // the content streams uncompressed, as a preflight reads them
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', path.join(cwd, 'of.pdf'), path.join(cwd, 'plain.pdf')]);
    const text = readFileSync(path.join(cwd, 'plain.pdf'), 'latin1');
    expect(text).not.toMatch(/\s(rg|RG|sc|SC|scn|SCN|g|G)\n/);
    expect(text).not.toContain('DeviceRGB');
    const inks = [...text.matchAll(/^([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) [kK]$/gm)].map((m) => m.slice(1, 5).reduce((sum, v) => sum + Number(v), 0));
    expect(inks.length).toBeGreaterThan(100);
    expect(Math.max(...inks)).toBeLessThanOrEqual(TOTAL_INK + 1e-9);
  });

  it('the type and words on every card pass the page check; only the bleed runs to the paper’s edge, as it must', async () => {
    const cwd = workdir();
    expect((await muster(['cards', 'fireteam', '--list', 'russians', '--shop', 'dtc', '-o', 'ft.pdf', '--quiet'], cwd)).code).toBe(0);
    let out = '';
    try {
      out = execFileSync('python3', [path.join(root, '../shared/tools/pagecheck.py'), path.join(cwd, 'ft.pdf'), 'in'], { encoding: 'utf8' });
    } catch (error) {
      out = String((error as { stdout?: string }).stdout ?? '');
    }
    const problems = out.trim().split('\n').filter((line) => line !== 'ok' && !/problems?$/.test(line));
    expect(problems.filter((line) => !/ink within 4\.5 mm of the paper edge/.test(line))).toEqual([]);
  });

  it('refuses what a shop file cannot be, with exit 2 and no file', async () => {
    const cwd = workdir();
    for (const [args, said] of [
      [['--layout', 'fold'], /--layout fold: a print shop takes a card a page/],
      [['--no-backs'], /--no-backs: DriveThruCards prints each card's back/],
      [['--format', 'md'], /--shop: a print shop takes a PDF/],
      [['--force', PLATOON, '--public-url', 'https://club.example/muster/'], /--public-url: the link is printed on the roster/],
    ] as const) {
      const refused = await muster(['cards', 'bof', '--shop', 'dtc', ...args, '-o', 'x.pdf'], cwd);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr, args.join(' ')).toMatch(said);
      expect(existsSync(path.join(cwd, 'x.pdf'))).toBe(false);
    }
    const unknown = await muster(['cards', 'bof', '--shop', 'mpc', '-o', 'x.pdf'], cwd);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/shop[^]*"mpc"[^]*"dtc"/);
  });
});

describe('CMYK for the press', () => {
  it('white is no ink, black is black alone, a grey is black alone', () => {
    expect(cmykOf('#ffffff')).toEqual([0, 0, 0, 0]);
    expect(cmykOf('#000000')).toEqual([0, 0, 0, 1]);
    const grey = cmykOf('#808080');
    expect(grey.slice(0, 3)).toEqual([0, 0, 0]);
    expect(grey[3]).toBeCloseTo(1 - 128 / 255, 6);
  });
  it('a deep colour keeps its hue with its total ink held to 240%', () => {
    const [c, m, y, k] = cmykOf('#400000');
    expect(c + m + y + k).toBeCloseTo(TOTAL_INK, 9);
    expect(c).toBe(0);
    expect(m).toBeCloseTo(y, 9);
    // a light one is as it converts
    const [c2, m2, y2, k2] = cmykOf('#c8582f');
    expect(c2 + m2 + y2 + k2).toBeLessThan(TOTAL_INK);
  });
});
