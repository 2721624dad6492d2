// The page's main views checked by axe-core in chromium (issue 52): the form of each rule set,
// its force builder, the campaign panel, the house-rules panel with a folder's report, a packet
// made and opened at the table, and the list of what is kept in this browser, each at a phone's
// 390 px and a desk's 1280 px (under MUSTER_DEEP=1; by default at one of them, in turn). axe
// runs every rule it runs by default (best practices among them): any violation, whatever its
// impact, fails.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { MODULE_IDS } from '../../src/systems/registry.js';
import { openPage, press, produce, repo, runBrowserTests, usePageServer, type PageServer } from '../helpers/page.js';
import { filesOf } from '../helpers/zips.js';
import { sampled } from '../helpers/sample.js';
import { EXAMPLE_FORCES } from '../helpers/example-forces.js';
import { proves, provesAgain } from '../helpers/page-kinds.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe's violations in the page as it stands, in words: the rule, its impact, what it asks, where. */
async function violations(page: Page): Promise<string[]> {
  // evaluated through the DevTools protocol, which the page's Content-Security-Policy does not cover
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((n) => ({ target: n.target })) }));
  })) as Violation[];
  return found.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** The views axe reads, as the tests below name them. */
const VIEWS = [
  ...MODULE_IDS.flatMap((id) => [`#/${id}`, `#/${id}/force`]),
  'the campaign panel',
  'the house-rules panel',
  'a packet made',
  'the table mode from a packet',
  'the kept list',
];
/**
 * The widths axe reads each view at: both under MUSTER_DEEP=1; by default one, the widths taking
 * turns from view to view, so that each view is read and each width over several views (kinds:
 * the view, the width).
 */
const READ = new Set(
  sampled(
    VIEWS.flatMap((view, i) => (i % 2 === 0 ? WIDTHS : [...WIDTHS].reverse()).map((size) => `${view} at ${size.width} px`)),
    (read) => [`view=${read.replace(/ at \d+ px$/, '')}`, `width=${/(\d+) px$/.exec(read)![1]}`],
  ),
);

/** The view as it stands checked at its widths (READ), the page not loaded again between them. */
async function atEveryWidth(page: Page, view: string): Promise<string[]> {
  const said: string[] = [];
  const sizes = WIDTHS.filter((size) => READ.has(`${view} at ${size.width} px`));
  expect(sizes.length, view).toBeGreaterThan(0);
  for (const size of sizes) {
    await page.setViewport(size);
    for (const v of await violations(page)) said.push(`${view} at ${size.width} px: ${v}`);
  }
  return said;
}

async function go(page: Page, base: string, hash: string): Promise<void> {
  await page.goto(`${base}${hash}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  await page.waitForFunction(() => window.muster?.ready && window.muster.pending === 0, { timeout: 60_000 });
}

describe.skipIf(!runBrowserTests)('the page read by axe at 390 and 1280 px', () => {
  let served: PageServer;
  usePageServer((s) => (served = s));
  // one page for the file: each view is the page's own hash, as a player's link opens it
  let page: Page;
  beforeAll(async () => {
    page = await openPage(served, '');
  });

  const formAndBuilder = async (id: string) => {
    await go(page, served.base, `#/${id}`);
    const said = await atEveryWidth(page, `#/${id}`);
    await go(page, served.base, `#/${id}/force`);
    const example = EXAMPLE_FORCES[id];
    if (example) {
      await ((await page.$('#fb-load')) as unknown as { uploadFile(f: string): Promise<void> }).uploadFile(path.join(repo, example));
      const name = /^name: (.+)$/m.exec(readFileSync(path.join(repo, example), 'utf8'))![1]!;
      await page.waitForFunction((n) => window.musterForce?.settled === true && window.musterForce.code !== undefined && window.musterForce.yaml.includes(n), { timeout: 60_000 }, name);
    }
    said.push(...(await atEveryWidth(page, `#/${id}/force`)));
    expect(said, said.join('\n')).toEqual([]);
  };
  const formTitle = 'finds no violation on the form of %s and its force builder with a force loaded';
  // every rule set's form and builder under MUSTER_DEEP=1 (a run without it reads the views of a
  // packet, its table and the kept list below)
  provesAgain('read by axe').each(MODULE_IDS)(formTitle, formAndBuilder);

  provesAgain('read by axe')('finds no violation on the campaign panel, nor on the house-rules panel with a folder\'s report', async () => {
    await go(page, served.base, '#/bof/campaign');
    const said = await atEveryWidth(page, 'the campaign panel');
    await go(page, served.base, '#/bof/tables');
    const zip = path.join(mkdtempSync(path.join(tmpdir(), 'muster-axe-')), 'house-rules.zip');
    writeFileSync(zip, zipSync(filesOf(path.join(repo, 'examples/house-rules'))));
    await ((await page.$('#house-zip')) as unknown as { uploadFile(...p: string[]): Promise<void> }).uploadFile(zip);
    await page.waitForFunction(() => window.muster.house !== undefined, { timeout: 60_000 });
    said.push(...(await atEveryWidth(page, 'the house-rules panel')));
    expect(said, said.join('\n')).toEqual([]);
  });

  proves('read by axe')('finds no violation on a packet made, its game at the table, and the list of what the browser keeps', async () => {
    await go(page, served.base, '#/bof/scenario?mode=solo&seed=axe');
    const made = await produce(page, 'Preview');
    expect(made.code, made.stderr).toBe(0);
    const said = await atEveryWidth(page, 'a packet made');
    // played at the table, which keeps the game in the browser
    const saves = (await page.evaluate(() => window.muster.table?.saves)) ?? 0;
    await press(page, '#to-table-button');
    await page.waitForFunction((n) => (window.muster.table?.saves ?? 0) > n, { timeout: 120_000 }, saves);
    await page.waitForSelector('#tb-game .tb-side');
    said.push(...(await atEveryWidth(page, 'the table mode from a packet')));
    await go(page, served.base, '#/bof');
    await page.waitForSelector('#kept:not([hidden]) #kept-game-list li');
    said.push(...(await atEveryWidth(page, 'the kept list')));
    expect(said, said.join('\n')).toEqual([]);
  }, 180_000);
});
