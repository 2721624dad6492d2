// The page's tests in chromium each say what kind of thing they prove (test/helpers/page-kinds.ts),
// and every kind is proved in every run: a contributor's `npm test` proves each once, CI
// (MUSTER_DEEP=1) proves them all. This file holds that no kind is left to CI alone and that no
// test in chromium goes unmarked, so the default run cannot shrink by a test added without a kind.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_KINDS } from './helpers/page-kinds.js';
import { repo } from './helpers/page.js';

const WEB = path.join(repo, 'test/web');
const FILES = readdirSync(WEB)
  .filter((name) => name.endsWith('.test.ts'))
  .sort()
  .map((name) => ({ name, source: readFileSync(path.join(WEB, name), 'utf8') }));

/** Each marked test's kind, and whether it runs in every run. */
function marks(source: string): { kind: string; every: boolean }[] {
  return [...source.matchAll(/\b(proves|provesAgain)\(((?:\s*'[^']+',?)+)\s*\)/g)].flatMap((m) => [...m[2]!.matchAll(/'([^']+)'/g)].map((k) => ({ kind: k[1]!, every: m[1] === 'proves' })));
}

/**
 * The blocks of a file that run in chromium: a top-level `describe.skipIf(!…)` up to the next line
 * at the file's top level (tests and describes are indented within it, as every file here is laid out).
 */
function chromiumBlocks(source: string): string[] {
  const lines = source.split('\n');
  const blocks: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^describe\.skipIf\(!(runBrowserTests|runThem)\)/.test(lines[i]!)) continue;
    let end = i + 1;
    while (end < lines.length && !/^\S/.test(lines[end]!)) end++;
    blocks.push(lines.slice(i, end + 1).join('\n'));
  }
  return blocks;
}

describe('the page’s tests, kind by kind', () => {
  it('prove every kind in every run, each kind named by at least one test', () => {
    const every = new Set(FILES.flatMap(({ source }) => marks(source).filter((m) => m.every).map((m) => m.kind)));
    const named = new Set(FILES.flatMap(({ source }) => marks(source).map((m) => m.kind)));
    const kinds = Object.keys(PAGE_KINDS);
    expect(kinds.filter((kind) => !every.has(kind)), 'kinds no test proves in every run').toEqual([]);
    expect(kinds.filter((kind) => !named.has(kind)), 'kinds no test names').toEqual([]);
    expect([...named].filter((kind) => !kinds.includes(kind)), 'kinds marked but not listed').toEqual([]);
  });

  it('mark every test that runs in chromium with its kind', () => {
    const unmarked = FILES.flatMap(({ name, source }) =>
      chromiumBlocks(source).flatMap((block) => [...block.matchAll(/^\s+(?:it|test)(?:\.each\([^)]*\))?\(\s*(['`"])(.{0,60})/gm)].map((m) => `${name}: ${m[2]}`)),
    );
    expect(unmarked, 'tests in chromium without proves(kind) or provesAgain(kind)').toEqual([]);
    // the blocks are found at all: the files' layout is what this check reads
    expect(FILES.filter(({ source }) => chromiumBlocks(source).length > 0).length).toBeGreaterThanOrEqual(15);
  });

  it('leave none of the page’s tests to MUSTER_DEEP=1 but through provesAgain, which names the kind proved in every run', () => {
    const bypass = FILES.filter(({ source }) => chromiumBlocks(source).some((block) => /\bit\.(runIf|skipIf)\(\s*!?DEEP\b/.test(block))).map(({ name }) => name);
    expect(bypass).toEqual([]);
  });
});
