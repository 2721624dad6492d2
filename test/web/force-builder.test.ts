// The force builder (issue 17): its pure parts in Node, and in a real browser (Debian's chromium
// through puppeteer-core) the README's Burst of Fire force built from the pick-lists, checked
// live in the command line's words, saved, and printed byte for byte as the command line prints it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { muster } from '../helpers/cli.js';
import { bofForceFromText, bofForceToYaml, playerWords, problemLine, problemsByRow, rowKey, type CheckReport } from '../../src/web/force-model.js';

const CHROMIUM = '/usr/bin/chromium';
const repo = fileURLToPath(new URL('../../', import.meta.url));
const shots = path.join(repo, 'out');
const runThem = existsSync(CHROMIUM) || Boolean(process.env['CI']);

/** docs/force-file.md's first YAML example: the README's Burst of Fire force. */
function docExample(): string {
  const doc = readFileSync(path.join(repo, 'docs/force-file.md'), 'utf8');
  return /```yaml\n([\s\S]*?)```/.exec(doc)![1]!;
}

/** `muster check bof --force FILE --format json` on a YAML text, in Node. */
async function cliCheck(yaml: string): Promise<{ code: number; report: CheckReport }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-force-'));
  writeFileSync(path.join(dir, 'force.yaml'), yaml);
  const result = await muster(['check', 'bof', '--force', 'force.yaml', '--format', 'json'], dir);
  return { code: result.code, report: JSON.parse(result.stdout) as CheckReport };
}

describe('the force builder’s force file', () => {
  it('writes the doc’s example back as the same force, which the command line reads clean', async () => {
    const { force, notes } = bofForceFromText(docExample());
    expect(notes).toEqual([]);
    const yaml = bofForceToYaml(force);
    expect(YAML.parse(yaml)).toEqual(YAML.parse(docExample()));
    expect(yaml).toContain('weapons: [ de-mp40, de-stielhandgranate ]');
    const { code, report } = await cliCheck(yaml);
    expect(code).toBe(0);
    expect(report.points).toBe(48);
    expect(report.problems).toEqual([]);
  });

  it('leaves defaults out and keeps what the builder cannot show, saying so', () => {
    const yaml = bofForceToYaml({ name: 'X', nation: 'de', doctrine: 'de-armor', detachment: 'de-panzer-platoon', points: 50, units: [{ unit: 'de-rifleman', count: 1, weapons: [], label: ' ', squadLeader: false }] });
    expect(YAML.parse(yaml)).toEqual({ name: 'X', nation: 'de', doctrine: 'de-armor', detachment: 'de-panzer-platoon', points: 50, units: [{ unit: 'de-rifleman' }] });

    const json = JSON.stringify({ name: 'X', nation: 'Germany', doctrine: 'Armor', detachment: 'de-panzer-platoon', points: 50, house: 1, units: [{ unit: 'de-rifleman', colour: 'grey' }, 'odd'] });
    const { force, notes } = bofForceFromText(`\uFEFF${json}`);
    expect(notes).toEqual([
      'house: kept as in the file, the builder does not show it',
      'units[0] colour: kept as in the file, the builder does not show it',
      'units[1]: kept as in the file, not a unit entry',
    ]);
    const back = YAML.parse(bofForceToYaml(force));
    expect(back).toEqual({ name: 'X', nation: 'Germany', doctrine: 'Armor', detachment: 'de-panzer-platoon', points: 50, house: 1, units: [{ unit: 'de-rifleman', colour: 'grey' }, 'odd'] });
    expect(() => bofForceFromText('- a list')).toThrow(/mapping/);
  });

  it('maps the check’s where to the builder’s rows', () => {
    expect(rowKey('units[3] de-panzer-iv-h')).toBe('units[3]');
    expect(rowKey('force')).toBe('force');
    expect(rowKey('units')).toBe('force');
    const problems = [
      { where: 'units[2] de-rifleman', rule: 'squad leader', message: 'the appointed squad leader must be a single infantryman (count 1)' },
      { where: 'force', rule: 'officer', message: 'a force fields exactly one ranking officer; this one has 2' },
      { where: 'units[2] de-rifleman', rule: 'weapons', message: 'w' },
    ];
    const rows = problemsByRow(problems);
    expect([...rows.keys()]).toEqual(['units[2]', 'force']);
    expect(rows.get('units[2]')!.map((p) => p.rule)).toEqual(['squad leader', 'weapons']);
    expect(problemLine(problems[1]!)).toBe('force (officer): a force fields exactly one ranking officer; this one has 2');
  });

  it('tells the player the page’s PDF is ready, not where the page wrote it', () => {
    expect(playerWords('Seed: club\nWrote /out/muster.pdf (8 pages)\n', '/out/muster.pdf')).toBe('Seed: club\nmuster.pdf ready (8 pages)\n');
    expect(playerWords('Wrote /elsewhere/x.pdf (1 page)\n', '/out/muster.pdf')).toBe('Wrote /elsewhere/x.pdf (1 page)\n');
  });
});

describe.skipIf(!runThem)('the force builder in chromium', () => {
  let server: ChildProcess;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(path.join(repo, 'dist/web/index.html'))) throw new Error('dist/web is not built: run npm run build first');
    mkdirSync(shots, { recursive: true });
    server = spawn(process.execPath, ['bin/muster.js', 'serve', '--port', '0'], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    base = await new Promise<string>((resolve, reject) => {
      let said = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        said += String(chunk);
        const found = /^muster is at (http:\/\/127\.0\.0\.1:\d+\/) — Ctrl-C stops it$/m.exec(said);
        if (found) resolve(found[1]!);
      });
      server.stderr!.on('data', (chunk: Buffer) => reject(new Error(`muster serve: ${String(chunk)}`)));
      server.once('exit', (code) => reject(new Error(`muster serve stopped (${code})`)));
    });
    const { default: puppeteer } = await import('puppeteer-core');
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  });

  afterAll(async () => {
    await browser?.close();
    server?.kill('SIGTERM');
  });

  /** Waits until the builder has written the force and `check` has spoken on it. */
  async function settled(page: Page): Promise<{ yaml: string; code: number; report?: CheckReport }> {
    await page.waitForFunction(() => window.musterForce?.settled === true && window.musterForce.code !== undefined, { timeout: 60_000 });
    return (await page.evaluate(() => window.musterForce)) as { yaml: string; code: number; report?: CheckReport };
  }

  async function optionsOf(page: Page, selector: string): Promise<string[]> {
    return page.$$eval(`${selector} option`, (options) => options.map((o) => (o as HTMLOptionElement).value));
  }

  async function waitForOption(page: Page, selector: string, value: string): Promise<void> {
    await page.waitForFunction((s, v) => [...document.querySelectorAll(`${s} option`)].some((o) => (o as HTMLOptionElement).value === v), { timeout: 60_000 }, selector, value);
  }

  async function retype(page: Page, selector: string, text: string): Promise<void> {
    await page.click(selector, { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type(selector, text);
  }

  /** A unit row filled from the pick-lists, as a player would. */
  async function addUnit(page: Page, index: number, unit: string, fill: { count?: number; quality?: string; label?: string; weapons?: string[]; squadLeader?: boolean } = {}): Promise<void> {
    await page.click('#fb-add');
    await waitForOption(page, `#fb-unit-${index}`, unit);
    await page.select(`#fb-unit-${index}`, unit);
    if (fill.count !== undefined) await retype(page, `#fb-count-${index}`, String(fill.count));
    if (fill.quality) await page.select(`#fb-quality-${index}`, fill.quality);
    if (fill.label) await page.type(`#fb-label-${index}`, fill.label);
    for (const weapon of fill.weapons ?? []) await page.click(`#fb-row-${index} input[type=checkbox][value="${weapon}"]`);
    if (fill.squadLeader) await page.click(`#fb-leader-${index}`);
  }

  it('builds the README’s force from the pick-lists, shows a problem at its row in the command line’s words, saves and prints it as the command line does', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const outside: string[] = [];
    page.on('request', (request) => {
      // the browser's own PDF viewer loads chrome:// resources; a request out is http(s) elsewhere
      if (/^(https?|wss?):/.test(request.url()) && !request.url().startsWith(base)) outside.push(request.url());
    });
    const downloads = mkdtempSync(path.join(tmpdir(), 'muster-downloads-'));
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await page.goto(`${base}#/bof/force`);
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    expect(await page.$eval('#product', (e) => (e as HTMLSelectElement).value)).toBe('force');
    await waitForOption(page, '#fb-nation', 'de');
    // every control has its label
    const unlabelled = await page.$$eval('#builder input, #builder select', (els) => els.filter((e) => !(e as HTMLInputElement).labels?.length).map((e) => e.id));
    expect(unlabelled).toEqual([]);

    await page.type('#fb-name', 'Panzerzug Brandt');
    await page.type('#fb-points', '75');
    await page.select('#fb-nation', 'de');
    await waitForOption(page, '#fb-doctrine', 'de-armor');
    expect(await optionsOf(page, '#fb-doctrine')).not.toContain('su-armor');
    await page.select('#fb-doctrine', 'de-armor');
    await page.waitForFunction(() => (document.querySelector('#fb-detachment') as HTMLSelectElement).value === 'de-panzer-platoon', { timeout: 60_000 });

    await addUnit(page, 0, 'de-officer', { label: 'Leutnant Brandt' });
    await addUnit(page, 1, 'de-rifleman', { count: 4, quality: 'regular' });
    await addUnit(page, 2, 'de-rifleman', { label: 'Unteroffizier Haas', weapons: ['de-mp40', 'de-stielhandgranate'], squadLeader: true });
    await addUnit(page, 3, 'de-panzer-iv-h', { quality: 'regular' });
    await addUnit(page, 4, 'de-sdkfz-251');
    // the pick-list is the doctrine's: no Soviet tank in a German platoon
    expect(await optionsOf(page, '#fb-unit-4')).not.toContain('su-t34-85');

    const built = await settled(page);
    expect(YAML.parse(built.yaml)).toEqual(YAML.parse(docExample()));
    expect(built.code).toBe(0);
    expect(await page.$eval('#fb-total', (e) => e.textContent)).toBe('48 of 75 points');
    expect(await page.$eval('#fb-verdict', (e) => e.textContent)).toBe('no problems');
    expect(await page.$eval('#fb-points-3', (e) => e.textContent)).toBe('Panzer IV Ausf. H: 24 pts');
    expect(outside).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, 'web-force-desktop.png'), fullPage: true });

    // two squad leaders in one entry: the command line's problem, at that row
    await retype(page, '#fb-count-2', '2');
    const broken = await settled(page);
    const cli = await cliCheck(broken.yaml);
    expect(cli.code).toBe(2);
    expect(broken.code).toBe(2);
    expect(broken.report!.problems).toEqual(cli.report.problems);
    const atRow = cli.report.problems.filter((p) => p.where.startsWith('units[2] '));
    expect(atRow.length).toBeGreaterThan(0);
    const shownAtRow = await page.$$eval('#fb-problems-2 li', (lis) => lis.map((li) => li.textContent));
    expect(shownAtRow).toEqual(atRow.map((p) => `(${p.rule}): ${p.message}`));
    const atTop = await page.$$eval('#fb-problems li', (lis) => lis.map((li) => li.textContent));
    expect(atTop).toEqual(cli.report.problems.filter((p) => p.where === 'force').map((p) => `force (${p.rule}): ${p.message}`));
    expect(await page.$eval('#fb-verdict', (e) => e.textContent)).toBe(`${cli.report.problems.length} problems`);
    await page.screenshot({ path: path.join(shots, 'web-force-problem.png') });

    // undone: the problem goes
    await retype(page, '#fb-count-2', '1');
    const mended = await settled(page);
    expect(mended.code).toBe(0);
    expect(await page.$$eval('#fb-problems-2 li', (lis) => lis.length)).toBe(0);
    expect(await page.$eval('#fb-verdict', (e) => e.textContent)).toBe('no problems');

    // the force file downloaded is one the command line reads clean
    await page.click('#fb-download');
    const saved = path.join(downloads, 'panzerzug-brandt.yaml');
    for (let i = 0; i < 100 && !readdirSync(downloads).includes('panzerzug-brandt.yaml'); i++) await new Promise((r) => setTimeout(r, 100));
    const file = readFileSync(saved, 'utf8');
    const clean = await cliCheck(file);
    expect(clean.code).toBe(0);
    expect(clean.report.problems).toEqual([]);
    expect(clean.report.points).toBe(48);

    // roster and cards: the command line's PDF, byte for byte
    await page.evaluate(() => {
      delete window.muster.last;
    });
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster cards bof --force force.yaml');
    await page.click('#fb-print');
    await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 120_000 });
    const made = (await page.evaluate(() => window.muster.last))!;
    expect(made.code).toBe(0);
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-cli-'));
    writeFileSync(path.join(dir, 'force.yaml'), file);
    const printed = await muster(['cards', 'bof', '--force', 'force.yaml', '-o', 'cli.pdf'], dir);
    expect(printed.code).toBe(0);
    expect(Buffer.compare(Buffer.from(made.base64, 'base64'), readFileSync(path.join(dir, 'cli.pdf')))).toBe(0);
    const pages = /\((\d+ pages?)\)/.exec(printed.stderr)![1];
    expect(await page.$eval('#messages', (e) => e.textContent)).toContain(`muster.pdf ready (${pages})`);
    expect(await page.$eval('#messages', (e) => e.textContent)).not.toContain('/out/');
    await page.waitForSelector('#preview:not([hidden])');
    await new Promise((r) => setTimeout(r, 2000)); // the PDF viewer paints
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, 'web-force-printed.png') });

    // at phone width, one column, the total in view
    await page.setViewport({ width: 390, height: 844 });
    await page.evaluate(() => document.querySelector('#fb-row-2')!.scrollIntoView());
    await page.screenshot({ path: path.join(shots, 'web-force-phone.png') });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, 'web-force-phone-full.png'), fullPage: true });
    await page.setViewport({ width: 1280, height: 900 });

    // into a scenario as side A; solo has no side B
    await page.click('#fb-scenario');
    await page.waitForFunction(() => (document.querySelector('#product') as HTMLSelectElement).value === 'scenario');
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster scenario bof --force force.yaml');
    expect(await page.$eval('#forceA-built', (e) => (e as HTMLElement).hidden)).toBe(false);
    expect(await page.$eval('#forceB', (e) => e.closest<HTMLElement>('[hidden]') !== null)).toBe(false);
    await page.select('#mode', 'solo');
    await page.waitForFunction(() => document.querySelector('#forceB')!.closest('[hidden]') !== null);
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster scenario bof --mode solo --force force.yaml');
    expect(outside).toEqual([]);
    await page.close();
  });

  it('loads a force file into the builder, keeping and naming what it cannot show', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${base}#/bof/force`);
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await waitForOption(page, '#fb-nation', 'de');
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-load-'));
    const text = docExample().replace('  - unit: de-sdkfz-251', '  - unit: de-rifelman\n  - unit: de-sdkfz-251');
    writeFileSync(path.join(dir, 'mine.yaml'), text);
    const input = await page.$('#fb-load');
    await (input as unknown as { uploadFile(f: string): Promise<void> }).uploadFile(path.join(dir, 'mine.yaml'));
    const loaded = await settled(page);
    expect(await page.$eval('#fb-name', (e) => (e as HTMLInputElement).value)).toBe('Panzerzug Brandt');
    expect(await page.$eval('#fb-unit-3', (e) => (e as HTMLSelectElement).value)).toBe('de-panzer-iv-h');
    expect(await page.$eval('#fb-unit-4', (e) => (e as HTMLSelectElement).value)).toBe('de-rifelman');
    expect(await page.$eval('#fb-notes', (e) => e.textContent)).toContain('units[4] de-rifelman: not in the pick-list of this doctrine, kept as in the file');
    const cli = await cliCheck(loaded.yaml);
    expect(loaded.report!.problems).toEqual(cli.report.problems);
    const atRow = cli.report.problems.filter((p) => p.where.startsWith('units[4] '));
    expect(atRow.length).toBeGreaterThan(0);
    expect(await page.$$eval('#fb-problems-4 li', (lis) => lis.map((li) => li.textContent))).toEqual(atRow.map((p) => `(${p.rule}): ${p.message}`));
    await page.close();
  });
});

describe.skipIf(runThem)('the force builder in chromium (skipped)', () => {
  it.skip(`needs ${CHROMIUM} (apt-get install chromium), or CI set to make it required`, () => undefined);
});
