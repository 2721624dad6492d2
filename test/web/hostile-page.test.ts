// The page against hostile links and files (issue 23, items 5-9): a shared link cannot plant a
// command in the command line shown, a zip bomb is refused before it is inflated, a bad upload
// leaves the house rules in use as they were, a force file too large or with prototype keys is
// refused at once, all in a real browser (Debian's chromium through puppeteer-core).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { zipSync } from 'fflate';
import { button, produce, repo, runBrowserTests as runThem, shots, usePageServer, answering, settled, allowDownloads, launchChromium } from '../helpers/page.js';
import { claimSize } from '../helpers/zips.js';
import { aliasBombYaml } from '../helpers/alias-bomb.js';
import { forceLinkValue } from '../../src/data/force-link.js';
import { sampled } from '../helpers/sample.js';
import { proves, provesAgain } from '../helpers/page-kinds.js';


/** The words a POSIX shell makes of a command line, as a player's terminal would. */
function shellWords(line: string): string[] {
  const done = spawnSync('sh', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' });
  expect(done.status).toBe(0);
  return done.stdout.split('\0').slice(0, -1);
}

/** Seeds a shared link may carry: every one must reach the command line as one value, and be shown so. */
const SEEDS = ['--out=notes.txt', '-o', "it's", '$(touch pwned)', '`touch pwned`', 'a;touch pwned', 'a\nb', '"x" & y | z > w', 'Größe-戦車', '~root', '*', "'; touch pwned; '"];

/**
 * What a seed tries to make of the command line shown, for drawing a sample of SEEDS: an option,
 * a quote closed early, a command run inside it, another command after it, a line broken, a file
 * written, a word the shell expands, letters beyond ASCII. All the seeds under MUSTER_DEEP=1; by
 * default one of each of these (the other quote breaking out, backticks as well as $(), a glob
 * as well as a tilde wait for CI).
 */
function seedKinds(seed: string): string[] {
  const kinds: [string, RegExp][] = [
    ['an option', /^-/],
    ['a quote', /['"]/],
    ['a command run inside', /\$\(|`/],
    ['a command after', /[;&|]/],
    ['a line broken', /\n/],
    ['a file written', />/],
    ['a word expanded', /^[~*]/],
    ['beyond ASCII', /[^\x00-\x7f]/],
  ];
  return kinds.filter(([, test]) => test.test(seed)).map(([kind]) => kind);
}

/** A zip of these files, written to a fresh folder; its path. */
function zipFile(name: string, entries: Record<string, Uint8Array>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-zip-'));
  const file = path.join(dir, name);
  writeFileSync(file, zipSync(entries));
  return file;
}

/** Burst of Fire's combat tables with the range bands renamed: valid house rules. */
const clubTables = () => new TextEncoder().encode(readFileSync(path.join(repo, 'data/bof/tables/combat.yaml'), 'utf8').replace('title: Range bands', 'title: Range bands of the club'));

type Upload = { uploadFile(...p: string[]): Promise<void> };

describe.skipIf(!runThem)('the page against hostile links and files, in chromium', () => {
  let base = '';
  let browser: Browser;
  usePageServer((served) => ({ base, browser } = served));

  async function open(hash = '', on: Browser = browser): Promise<{ page: Page; errors: Error[] }> {
    const page = answering(await on.newPage());
    await page.setViewport({ width: 1280, height: 900 });
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error as Error));
    // what the Content-Security-Policy refused, as the browser reports it
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(new Error(message.text()));
    });
    await page.evaluateOnNewDocument(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        throw new Error(`refused by the page's policy: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const downloads = await allowDownloads(page);
    const response = await page.goto(`${base}${hash}`);
    expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await settled(page);
    return { page, errors };
  }

  provesAgain('hostile input')('shows the command a link runs quoted for a shell, each value one word that is never an option', async () => {
    const { page, errors } = await open();
    for (const seed of sampled(SEEDS, seedKinds)) {
      await page.evaluate((hash) => {
        location.hash = hash;
      }, `#/bof/scenario?seed=${encodeURIComponent(seed)}`);
      // the seed box holds one line: a newline in a link is dropped there, as a player's typing would
      const typed = seed.replace(/\n/g, '');
      await page.waitForFunction((want) => (document.getElementById('seed') as HTMLInputElement).value === want, {}, typed);
      const shown = (await page.$eval('#command', (e) => e.textContent))!;
      const made = await produce(page, 'Download JSON');
      expect(made.code, made.stderr).toBe(0);
      const ran = made.argv.slice(0, made.argv.indexOf('--format'));
      expect(shellWords(shown)).toEqual(['muster', ...ran]);
      // the page ran the seed as the seed: the packet says so
      const json = JSON.parse(Buffer.from(made.base64, 'base64').toString('utf8')) as { seed: string };
      expect(json.seed).toBe(typed);
      if (seed.startsWith('-')) expect(ran).toContain(`--seed=${seed}`);
      // the command line's own hint to roll it again is a command too
      const hint = /\(run again with ([\s\S]*) for the same packet\)/.exec(made.stderr)![1]!;
      const again = shellWords(hint);
      expect(again.length === 1 ? again[0] : again.join('=')).toBe(`--seed=${typed}`);
    }
    await page.screenshot({ path: path.join(shots, 'hostile-link.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  provesAgain('the page’s policy')('works under muster serve’s Content-Security-Policy: styled, the PDF previewed, nothing refused', async () => {
    // chromium's PDF viewer on: the preview drawn under the page’s content security policy, in
    // its screenshot; the file's other tests make no preview, and run in the lighter shell
    const viewer = await launchChromium({ pdfViewer: true });
    onTestFinished(() => viewer.close());
    const { page, errors } = await open('#/bof/tables', viewer);
    // the look comes from the page's own style sheet
    expect(await page.$eval('header', (h) => getComputedStyle(h).backgroundColor)).toBe('rgb(61, 90, 42)');
    const made = await produce(page, 'Preview');
    expect(made.code, made.stderr).toBe(0);
    await page.waitForFunction(() => !(document.getElementById('preview') as HTMLIFrameElement).hidden && (document.getElementById('preview') as HTMLIFrameElement).src.startsWith('blob:'));
    await page.screenshot({ path: path.join(shots, 'csp-preview.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  /** Adds a zip as house rules and waits for the page's report. */
  async function addZip(page: Page, file: string): Promise<{ report: string; probe: { code: number; inPlace?: string } }> {
    await page.evaluate(() => delete window.muster.house);
    await ((await page.$('#house-zip')) as unknown as Upload).uploadFile(file);
    await page.waitForFunction(() => window.muster.house !== undefined, { timeout: 60_000 });
    return { report: await page.$eval('#house-report', (e) => e.textContent ?? ''), probe: (await page.evaluate(() => window.muster.house))! };
  }

  /**
   * A page that two tests in turn go on with, opened by the first that asks: the later test
   * starts where the earlier one leaves it (no house rules in use; the force it loaded), the
   * same page load made once.
   */
  const sharedPages = new Map<string, Promise<{ page: Page; errors: Error[]; dir: string }>>();
  const sharedPage = (key: string, make: () => Promise<{ page: Page; errors: Error[]; dir: string }>) => {
    if (!sharedPages.has(key)) sharedPages.set(key, make());
    return sharedPages.get(key)!;
  };
  const tablesPage = () => sharedPage('tables', async () => ({ ...(await open('#/bof/tables')), dir: '' }));

  proves('hostile input')('refuses a zip bomb by what its directory says, and a zip that lies while unpacking it, the page still at work', async () => {
    const { page, errors } = await tablesPage();
    const bomb = claimSize(zipSync({ 'club/bof/tables/bomb.yaml': new Uint8Array(1000) }), 'club/bof/tables/bomb.yaml', 1024 ** 3);
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-bomb-'));
    writeFileSync(path.join(dir, 'bomb.zip'), bomb);
    const said = await addZip(page, path.join(dir, 'bomb.zip'));
    expect(said.report).toBe('bomb.zip: not taken\nclub/bof/tables/bomb.yaml in it would unpack to 1024 MB, more than the 1 MB muster takes for one file; zip your house-rules folder again (only its data files) and add that zip\nNo house rules are in use.');
    expect(said.probe.code).toBe(2);
    await page.screenshot({ path: path.join(shots, 'hostile-bomb.png') });

    const liar = claimSize(zipSync({ 'club/bof/tables/liar.yaml': new Uint8Array(16 * 1024 * 1024) }, { level: 1 }), 'club/bof/tables/liar.yaml', 60_000);
    writeFileSync(path.join(dir, 'liar.zip'), liar);
    expect((await addZip(page, path.join(dir, 'liar.zip'))).report).toMatch(/^liar\.zip: not taken\nclub\/bof\/tables\/liar\.yaml in it unpacks to more than the zip says it holds; /);
    expect(await page.$eval('#house-use', (e) => (e as HTMLInputElement).disabled)).toBe(true);

    // the page goes on: a product is made as before
    const made = await produce(page, 'Download JSON');
    expect(made.code, made.stderr).toBe(0);
    expect(errors).toEqual([]);
    // the next test goes on with this page
  });

  provesAgain('hostile input')('keeps the house rules in use when a later upload fails, and says which are in use', async () => {
    // the page the zips above were refused in: none in use there
    const { page, errors } = await tablesPage();
    expect(await page.$eval('#house-use', (e) => (e as HTMLInputElement).disabled)).toBe(true);
    const good = await addZip(page, zipFile('club.zip', { 'club/bof/tables/combat.yaml': clubTables() }));
    expect(good.report).toMatch(/^club\.zip: 1 file\nOK: /);
    expect(good.probe.inPlace).toBe('club.zip');
    expect(await page.$eval('#house-use-label', (e) => e.textContent)).toBe('Use my house rules (club.zip)');
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster tables bof --data house');

    // a file and a folder of one name: a zip can hold them, no folder can
    const bad = await addZip(page, zipFile('odd.zip', { bof: new TextEncoder().encode('x'), 'bof/tables/x.yaml': clubTables() }));
    expect(bad.report).toBe('odd.zip: not taken (2 files)\nbof is in it both as a file and as a folder, which muster cannot take; take out the file bof and try again\nStill in use when ticked: club.zip (1 file), checked before.');
    expect(bad.probe).toEqual(expect.objectContaining({ code: 2, inPlace: 'club.zip' }));
    expect(await page.$eval('#house-use', (e) => [(e as HTMLInputElement).checked, (e as HTMLInputElement).disabled])).toEqual([true, false]);
    expect(await page.$eval('#house-use-label', (e) => e.textContent)).toBe('Use my house rules (club.zip)');
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster tables bof --data house');

    // broken data: refused by the check, the club's tables still print
    const broken = clubTables();
    const text = new TextDecoder().decode(broken).replace('bonus: { mod: 8 }', 'bonus: { mod: 5000 }');
    const failed = await addZip(page, zipFile('broken.zip', { 'bof/tables/combat.yaml': new TextEncoder().encode(text) }));
    expect(failed.report).toMatch(/^broken\.zip: not taken \(1 file\)\nbof\/tables\/combat\.yaml, .*: at most 1000\nStill in use when ticked: club\.zip \(1 file\), checked before\.$/);
    const made = await produce(page, 'Download Markdown');
    expect(made.code, made.stderr).toBe(0);
    expect(Buffer.from(made.base64, 'base64').toString('utf8')).toContain('Range bands of the club');
    await page.screenshot({ path: path.join(shots, 'hostile-upload-kept.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  /** The builder, opened on Burst of Fire with docs/force-file.md's force loaded: the force a refused file must leave. */
  async function builderWithForce(): Promise<{ page: Page; errors: Error[]; dir: string }> {
    const { page, errors } = await open('#/bof/force');
    await page.waitForFunction(() => [...document.querySelectorAll('#fb-nation option')].some((o) => (o as HTMLOptionElement).value === 'de'), { timeout: 60_000 });
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-forces-'));
    await loadForce(page, path.join(repo, 'examples/forces/kampfgruppe-weber.yaml'));
    await page.waitForFunction(() => window.musterForce?.settled === true && window.musterForce.code !== undefined && window.musterForce.yaml.includes('Kampfgruppe Weber'), { timeout: 60_000 });
    return { page, errors, dir };
  }

  async function loadForce(page: Page, file: string): Promise<void> {
    await ((await page.$('#fb-load')) as unknown as Upload).uploadFile(file);
  }

  /** What a refused file must not change: the force, its rows, the work done on it. */
  const builderNow = (page: Page) =>
    page.evaluate(() => ({
      name: (document.getElementById('fb-name') as HTMLInputElement).value,
      rows: document.querySelectorAll('#fb-units > li').length,
      yaml: window.musterForce!.yaml,
      checks: window.musterForce!.checks,
      rowsDrawn: window.musterForce!.rowsDrawn,
    }));

  const bigForce = (entries: number) => ['name: Big', 'nation: de', 'doctrine: de-infantry', 'detachment: de-grenadier-platoon', 'points: 5000', 'units:', ...Array.from({ length: entries }, () => '  - unit: de-rifleman'), ''].join('\n');

  provesAgain('hostile input')('refuses a force file with a __proto__, constructor or prototype key, keeping the force it had', async () => {
    const { page, errors, dir } = await sharedPage('builder', builderWithForce);
    const before = await builderNow(page);
    const cases: [string, string, string][] = [
      ['top.yaml', 'name: Polluter\nnation: de\n__proto__:\n  polluted: yes\nunits:\n  - unit: de-rifleman\n', 'the file holds a key named "__proto__"'],
      ['unit.json', JSON.stringify({ name: 'Polluter', nation: 'de', units: [{ unit: 'de-officer' }, { unit: 'de-rifleman', constructor: { prototype: { polluted: true } } }] }), 'entry 2 of units holds a key named "constructor"'],
      ['deep.yaml', 'name: Polluter\nunits:\n  - unit: de-rifleman\n    weapons:\n      - prototype: 1\n', 'entry 1 of weapons in entry 1 of units holds a key named "prototype"'],
    ];
    for (const [name, text, where] of cases) {
      writeFileSync(path.join(dir, name), text);
      await loadForce(page, path.join(dir, name));
      await page.waitForFunction((n) => document.getElementById('fb-notes')!.textContent!.startsWith(`${n} was not loaded`), { timeout: 60_000 }, name);
      expect(await page.$$eval('#fb-notes li', (lis) => lis.map((li) => li.textContent))).toEqual([
        `${name} was not loaded: ${where}: muster takes no key named "__proto__", "constructor" or "prototype" in any file. Rename or remove it, and load the file again.`,
        'The builder keeps the force it had.',
      ]);
      expect(await builderNow(page)).toEqual(before);
    }
    expect(await page.evaluate(() => ({}) as Record<string, unknown>)).toEqual({});
    expect(await page.evaluate(() => 'polluted' in Object.prototype)).toBe(false);
    await page.screenshot({ path: path.join(shots, 'hostile-force-proto.png') });
    expect(errors).toEqual([]);
    // the next test goes on with this page
  });

  provesAgain('hostile input')('refuses a force of more entries than the command line takes at once, and draws and checks a large one once', async () => {
    // the builder the files above were refused in, the force it had still there
    const { page, errors, dir } = await sharedPage('builder', builderWithForce);
    const before = await builderNow(page);
    expect(before.name).toBe('Kampfgruppe Weber');

    writeFileSync(path.join(dir, 'big2000.yaml'), bigForce(2000));
    await loadForce(page, path.join(dir, 'big2000.yaml'));
    await page.waitForFunction(() => document.getElementById('fb-notes')!.textContent!.includes('not loaded'), { timeout: 60_000 });
    expect(await page.$$eval('#fb-notes li', (lis) => lis.map((li) => li.textContent))).toEqual([
      'big2000.yaml was not loaded: units holds 2000 entries; muster takes at most 500 in one list, as the command line does. Split the force into smaller ones.',
      'The builder keeps the force it had.',
    ]);
    expect(await page.$eval('#fb-notes-box', (e) => e.className)).toBe('refused');
    expect(await builderNow(page)).toEqual(before);
    await page.screenshot({ path: path.join(shots, 'hostile-force-2000.png') });

    writeFileSync(path.join(dir, 'big500.yaml'), bigForce(500));
    await loadForce(page, path.join(dir, 'big500.yaml'));
    await page.waitForFunction(() => document.querySelectorAll('#fb-units > li').length === 500 && window.musterForce!.yaml.includes('name: Big') && window.musterForce!.settled && window.musterForce!.checks > 0, { timeout: 120_000 });
    await page.waitForFunction((checks) => window.musterForce!.checks > checks && window.musterForce!.settled, { timeout: 120_000 }, before.checks);
    const after = await builderNow(page);
    // each row drawn once, the force checked once: the work grows with the force, no faster
    expect(after.rowsDrawn - before.rowsDrawn).toBe(500);
    expect(after.checks - before.checks).toBe(1);
    expect(after.yaml.match(/- unit: de-rifleman/g)).toHaveLength(500);
    const report = (await page.evaluate(() => window.musterForce!.report))!;
    expect(report.entries).toHaveLength(500);
    // a loaded row's list of units and weapons opens when the player reaches for it
    await page.focus('#fb-unit-499');
    expect(await page.$$eval('#fb-unit-499 option', (o) => o.length)).toBeGreaterThan(5);
    await page.click('#fb-row-499 details.weapons summary');
    await page.waitForSelector('#fb-row-499 details.weapons input[type=checkbox]');
    await page.screenshot({ path: path.join(shots, 'hostile-force-500.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  provesAgain('hostile input')('refuses at once a short link whose YAML aliases make 100 units of 500 stands, and a link longer than any force needs (issue 55)', async () => {
    const yaml = aliasBombYaml();
    const { page, errors } = await open(`#/blazeaway/force?force=${forceLinkValue(yaml)}`);
    // before: the builder drew 50,000 stand rows, for minutes (the wait below would end first)
    await page.waitForFunction(() => document.getElementById('fb-notes')!.textContent!.includes('not opened'), { timeout: 30_000 });
    expect(await page.$$eval('#fb-notes li', (lis) => lis.map((li) => li.textContent))).toEqual([
      'The force in the link was not opened: stands in entry 1 of units holds 500 entries; muster takes at most 20 there, as the command line does. Take some out, or split the force into smaller ones.',
      'The builder keeps the force it had.',
    ]);
    expect(await page.$eval('#fb-notes-box', (e) => e.className)).toBe('refused');
    expect(await page.evaluate(() => window.musterForce!.yaml)).not.toContain('Alias bomb');
    await page.screenshot({ path: path.join(shots, 'hostile-alias-link.png') });
    await page.close();

    // 1.4 MB after force=: refused by its length, nothing unpacked
    const long = await open(`#/blazeaway/force?force=${'A'.repeat(1_400_000)}`);
    await long.page.waitForFunction(() => document.getElementById('fb-notes')!.textContent!.includes('not opened'), { timeout: 30_000 });
    expect(await long.page.$$eval('#fb-notes li', (lis) => lis.map((li) => li.textContent))).toEqual([
      'This link is longer than a link to muster carries (64 kB of force; the largest real forces take some 8 kB): it was not opened. Ask for the force file instead, and load it.',
      'The builder keeps the force it had.',
    ]);
    expect([...errors, ...long.errors]).toEqual([]);
    await long.page.close();
  });
});
