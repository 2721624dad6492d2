// A rule set of data alone in the page (issue 54, point 4): the folder the command line takes with
// --data (examples/house-rule-set: one folder, skirmish/, named by its id) zipped into the page's
// house-rules field joins the page's list of rule sets and prints its tables, cards and tokens,
// byte for byte the command line's. What the page says of a folder it refuses names the zip and
// the entry inside it, never the page's own folder (/player/house).
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { muster } from '../helpers/cli.js';
import { asThePlayerHasIt, checkHouse, houseFiles, HOUSE_PATH, looseRuleSetFile, unzipHouse, withHouse, type HouseFile } from '../../src/web/house-rules.js';
import { NO_LABELS, refusalWords } from '../../src/web/player-words.js';
import { FIRST_RULE_SET, MODULE_IDS } from '../../src/systems/registry.js';
import { button, openPage, repo, runBrowserTests as runThem, shots, usePageServer, loadBuiltPage } from '../helpers/page.js';
import { playerProblems } from '../helpers/player-words.js';
import { filesOf } from '../helpers/zips.js';
import { proves, provesAgain } from '../helpers/page-kinds.js';

const EXAMPLE = path.join(repo, 'examples/house-rule-set');
const ID = readdirSync(EXAMPLE)[0]!;
const PRODUCTS = ['tables', 'cards', 'tokens'] as const;

/** The example's files, each under `top` in a zip. */
const zipped = (top: string, from = EXAMPLE) => zipSync(Object.fromEntries(Object.entries(filesOf(from)).map(([p, b]) => [`${top}${p}`, b])));

/**
 * The command line's print of a product of the example, run on a copy of its folder named
 * `house` (as the page names it): made once for the file, held against the page's in Node and
 * in chromium.
 */
const cliPrints = new Map<string, Promise<Buffer>>();
function cliHousePrint(product: string): Promise<Buffer> {
  let made = cliPrints.get(product);
  if (!made) {
    made = (async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'muster-fifth-'));
      cpSync(EXAMPLE, path.join(dir, 'house'), { recursive: true });
      const cli = await muster([product, ID, '--data', 'house', '-o', `${product}.pdf`], dir);
      expect(cli.code, cli.stderr).toBe(0);
      return readFileSync(path.join(dir, `${product}.pdf`));
    })();
    cliPrints.set(product, made);
  }
  return made;
}

/** The words the page's house-rules panel shows for a run of its check. */
const panelWords = (text: string, house: readonly HouseFile[], name: string) =>
  refusalWords(text.trim(), NO_LABELS, (t) => asThePlayerHasIt(t, house, name), (option) => (option === 'data' ? 'house-rules' : undefined));

describe('a rule set of data alone, zipped for the page, run in Node', () => {
  it('keeps a rule set’s own folder at the top of a zip, and takes off a folder that holds rule-set folders', () => {
    expect(houseFiles(unzipHouse(zipped('')), []).map((f) => f.path)).toEqual(Object.keys(filesOf(EXAMPLE)));
    const underClub = houseFiles(unzipHouse(zipped('club/')), []);
    expect(underClub.map((f) => f.path)).toEqual(Object.keys(filesOf(EXAMPLE)));
    // each file keeps its name as the zip has it, for the words about it
    expect(underClub.map((f) => f.entry)).toEqual(Object.keys(filesOf(EXAMPLE)).map((p) => `club/${p}`));
    expect(looseRuleSetFile(underClub)).toBeUndefined();
  });

  it('refuses a rule set’s files zipped without their folder, naming the entry, never the page’s folder', async () => {
    const { files, run } = await loadBuiltPage();
    const loose = houseFiles(unzipHouse(zipped('', path.join(EXAMPLE, ID))), []);
    expect(looseRuleSetFile(loose)).toBe('system.yaml');
    const refused = await checkHouse(files, loose, run);
    expect(refused.code).toBe(2);
    const words = panelWords(refused.stderr, loose, 'rules.zip');
    expect(words.join('\n')).toBe(
      'system.yaml stands at its top, where muster looks for a folder for each rule set, named by the rule set’s id (<id>/system.yaml, <id>/tables/...): put the rule set’s files in a folder named by its id, and add that folder, or a zip of it',
    );
    expect(playerProblems(words)).toEqual([]);
  });

  it('names a broken file of the zip by its entry, and the zip for the folder', async () => {
    const { files, run } = await loadBuiltPage();
    const broken = Object.fromEntries(Object.entries(filesOf(EXAMPLE)).map(([p, b]) => [`club/${p}`, p.endsWith('tables/rally.yaml') ? new TextEncoder().encode(new TextDecoder().decode(b).replace(/dice: \w+/, 'dice: 2D7')) : b]));
    const house = houseFiles(unzipHouse(zipSync(broken)), []);
    const refused = await checkHouse(files, house, run);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${HOUSE_PATH}/${ID}/tables/rally.yaml`);
    const words = panelWords(refused.stderr, house, 'club.zip');
    expect(words[0]).toMatch(new RegExp(`^club/${ID}/tables/rally\\.yaml, table 1, dice: `));
    expect(words.join('\n')).not.toContain('/player');
    // a folder-wide message names the zip
    expect(asThePlayerHasIt(`muster: --data ${HOUSE_PATH}: no rule-set data found, e.g. ${HOUSE_PATH}/x/system.yaml`, house, 'club.zip')).toBe('muster: club.zip: no rule-set data found, e.g. x/system.yaml');
  });

  proves('a rule set of data alone')('takes the zip, lists the rule set, and prints its tables, cards and tokens as the command line does', async () => {
    const { files, run } = await loadBuiltPage();
    const checked = await checkHouse(files, houseFiles(unzipHouse(zipped('')), MODULE_IDS), run);
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.stdout).toContain(`gives the rule set ${ID} whole`);
    expect(panelWords(checked.stdout, [], 'rules.zip').join('\n')).toContain(`rules.zip, printed as house rules "house":`);
    type Listed = { systems: { id: string; products: string[] }[] };
    const before = JSON.parse((await run(['systems', '--format', 'json'])).stdout) as Listed;
    const listed = JSON.parse((await run(withHouse(['systems', '--format', 'json'], true))).stdout) as Listed;
    expect(listed.systems.map((s) => s.id)).toEqual([...before.systems.map((s) => s.id), ID].sort());
    expect(listed.systems.find((s) => s.id === ID)!.products).toEqual([...PRODUCTS]);
    for (const product of PRODUCTS) {
      const page = await run(withHouse([product, ID, '-o', '/out/muster.pdf'], true));
      expect(page.code, page.stderr).toBe(0);
      expect(Buffer.compare(Buffer.from(page.written.get('/out/muster.pdf')!), await cliHousePrint(product)), product).toBe(0);
    }
  });
});

// ---- in chromium ----------------------------------------------------------------------------

describe.skipIf(!runThem)('a rule set of data alone in chromium', () => {
  let served: { base: string; browser: Browser };
  usePageServer((s) => (served = s));

  const systemsListed = (page: Page) => page.$$eval('#system option', (options) => options.map((o) => (o as HTMLOptionElement).value));

  async function addZip(page: Page, zip: Uint8Array, name: string): Promise<string> {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'muster-zip-')), name);
    writeFileSync(file, zip);
    await page.evaluate(() => delete window.muster.house);
    await ((await page.$('#house-zip')) as unknown as { uploadFile(...p: string[]): Promise<void> }).uploadFile(file);
    await page.waitForFunction(() => window.muster.house !== undefined, { timeout: 60_000 });
    return page.$eval('#house-report', (e) => e.textContent ?? '');
  }

  provesAgain('a rule set of data alone')('joins the list when its zip is added, prints as the command line does, and leaves when the house rules are not used', async () => {
    const page = await openPage(served);
    expect(await page.$eval('#system', (e) => (e as HTMLSelectElement).value)).toBe(FIRST_RULE_SET);
    // the rule sets of the page's build
    const built = await systemsListed(page);
    expect(built).toEqual(expect.arrayContaining([...MODULE_IDS]));

    // the rule set's files without their folder: refused, in words naming the zip's entry
    const loose = await addZip(page, zipped('', path.join(EXAMPLE, ID)), `${ID}-files.zip`);
    expect(loose).toMatch(new RegExp(`^${ID}-files\\.zip: not taken \\(\\d+ files\\)\\nsystem\\.yaml stands at its top`));
    expect(loose).not.toContain('/player');
    expect(await systemsListed(page)).toEqual(built);

    const report = await addZip(page, zipped(''), 'house-rule-set.zip');
    expect(report).toMatch(/^house-rule-set\.zip: \d+ files\nOK: /);
    expect(report).not.toContain('/player');
    expect(await systemsListed(page)).toEqual([...built, ID].sort());

    await page.select('#system', ID);
    expect(await page.$$eval('#product option', (options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual([...PRODUCTS, 'calibrate']);
    for (const product of PRODUCTS) {
      await page.select('#product', product);
      expect(await page.$eval('#command', (e) => e.textContent)).toBe(`muster ${product} ${ID} --data house`);
      await page.evaluate(() => delete window.muster.last);
      await button(page, 'Preview');
      await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 120_000 });
      const made = (await page.evaluate(() => window.muster.last))!;
      expect(made.code, made.stderr).toBe(0);
      // the command line, on the same folder under the same name
      expect(Buffer.compare(Buffer.from(made.base64, 'base64'), await cliHousePrint(product)), product).toBe(0);
    }
    await page.select('#product', 'tables');
    await page.screenshot({ path: path.join(shots, 'web-house-rule-set-desktop.png'), fullPage: true });
    await page.setViewport({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(shots, 'web-house-rule-set-phone.png'), fullPage: true });
    await page.setViewport({ width: 1280, height: 900 });

    // house rules no longer used: the rule set leaves the list, the form goes back to where it opens
    await page.evaluate(() => delete window.muster.house);
    await page.click('#house-use');
    await page.waitForFunction((id) => ![...document.querySelectorAll('#system option')].some((o) => (o as HTMLOptionElement).value === id), { timeout: 60_000 }, ID);
    expect(await systemsListed(page)).toEqual(built);
    expect(await page.$eval('#system', (e) => (e as HTMLSelectElement).value)).toBe(FIRST_RULE_SET);
    expect(await page.$eval('#command', (e) => e.textContent)).toBe(`muster tables ${FIRST_RULE_SET}`);
    await page.close();
  });
});
