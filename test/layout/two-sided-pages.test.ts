/**
 * Issue 53, point 1: two-sided printing that works. A printer's two-sided pass pairs page 1
 * with page 2, 3 with 4 and so on, so every sheet of fronts must fall on an odd page with its
 * backs on the page after; and page 1 says which pages to print two-sided and on which edge.
 * Read from the PDFs every product of every rule set writes, with its example forces, as a
 * player prints them.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { twoSidedNote } from '../../src/layout/document-plan.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { exampleCardCommands } from '../helpers/example-forces.js';
import { printKinds, sampled } from '../helpers/sample.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const db = await loadRulesDb({ dataDirs: [] });
const workdir = workdirs(afterEach);

const exampleCommands = exampleCardCommands;

const PRINTED = ['cards', 'tokens', 'scenario'] as const;
const products: string[][] = db.systems.flatMap((system) =>
  PRINTED.filter((p) => system.info.products.includes(p)).map((p) => (p === 'scenario' ? [p, system.info.id, '--seed', '7'] : [p, system.info.id])),
);
const cases: string[][] = [
  ...products.flatMap((args) => [
    [...args, '--paper', 'a4', '--units', 'cm'],
    [...args, '--paper', 'letter', '--units', 'in'],
  ]),
  ...exampleCommands(),
  ...products.filter(([p]) => p === 'cards').map((args) => [...args, '--duplex', 'short']),
];

/** Each page's text, as pdftotext splits them by form feeds. */
function pageTexts(pdf: string): string[] {
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  return text.split('\f').slice(0, -1);
}

function side(text: string): 'front' | 'back' | undefined {
  // a fold-over sheet ("fronts with their backs") is printed one-sided
  if (/, fronts(?! with)/.test(text)) return 'front';
  if (/, backs\b/.test(text)) return 'back';
  return undefined;
}

describe('two-sided printing', () => {
  it('finds every printed product of every rule set, and the example forces', () => {
    expect(products.length).toBeGreaterThanOrEqual(db.systems.length * 2);
    expect(exampleCommands().length).toBeGreaterThan(0);
  });

  // every case under MUSTER_DEEP=1; by default a sample with every paper, product, rule set and option (a force, a duplex)
  it.each(sampled(cases, printKinds).map((args) => [args.join(' '), args] as const))('%s: fronts on odd pages, backs behind them, page 1 says so', async (_, args) => {
    const dir = workdir();
    const out = path.join(dir, 'out.pdf');
    const result = await muster([...args, '-o', out], ROOT);
    expect(result.code, result.stderr).toBe(0);
    const pages = pageTexts(out);
    const sides = pages.map(side);
    const ranges: { from: number; to: number }[] = [];
    sides.forEach((s, i) => {
      const page = i + 1;
      if (s === 'front') {
        expect(page % 2, `page ${page} is a sheet of fronts`).toBe(1);
        expect(sides[i + 1], `page ${page + 1} holds the backs of page ${page}`).toBe('back');
        const last = ranges[ranges.length - 1];
        if (last && last.to === page - 1) last.to = page + 1;
        else ranges.push({ from: page, to: page + 1 });
      }
      if (s === 'back') expect(sides[i - 1], `page ${page}: backs follow their fronts`).toBe('front');
    });
    const flip = args.includes('short') ? 'short' : 'long';
    const note = twoSidedNote(ranges.map((r) => ({ ...r, flip })), pages.length);
    const firstPage = pages[0]!.replace(/\s+/g, ' ');
    if (note) expect(firstPage).toContain(note);
    else expect(firstPage).not.toContain('two-sided');
  });
});

describe('the note on page 1', () => {
  it('names the ranges and the edge, or every page where all are two-sided', () => {
    expect(twoSidedNote([], 4)).toBeUndefined();
    expect(twoSidedNote([{ from: 1, to: 6, flip: 'long' }], 6)).toBe('Print every page two-sided, flipping on the long edge.');
    expect(twoSidedNote([{ from: 5, to: 5, flip: 'long' }, { from: 7, to: 8, flip: 'short' }], 8)).toBe('Print page 5 two-sided, flipping on the long edge; pages 7-8 two-sided, flipping on the short edge; print the rest one-sided.');
    expect(twoSidedNote([{ from: 3, to: 6, flip: 'long' }], 6)).toBe('Print pages 3-6 two-sided, flipping on the long edge; print the rest one-sided.');
    expect(twoSidedNote([{ from: 3, to: 4, flip: 'short' }, { from: 7, to: 10, flip: 'short' }], 10)).toBe('Print pages 3-4 and 7-10 two-sided, flipping on the short edge; print the rest one-sided.');
  });
});
