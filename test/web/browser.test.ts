// The page in a real browser (Debian's chromium, headless, through puppeteer-core): the form
// filled by its labels, the PDF the page makes compared byte for byte with the command line's.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { muster } from '../helpers/cli.js';
import { button, CHROMIUM, control, produce, runBrowserTests as runThem, shots, usePageServer, answering, settled, allowDownloads, launchChromium, cliPdf as workerCliPdf, followLink } from '../helpers/page.js';
import { provesAgain } from '../helpers/page-kinds.js';


async function choose(page: Page, label: string, value: string): Promise<void> {
  await page.select(await control(page, label), value);
}


async function cliPdf(args: string[]): Promise<{ bytes: Buffer; stderr: string; code: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-cli-'));
  const result = await muster([...args, '-o', 'cli.pdf'], dir);
  const file = path.join(dir, 'cli.pdf');
  return { bytes: existsSync(file) ? readFileSync(file) : Buffer.alloc(0), stderr: result.stderr, code: result.code };
}

describe.skipIf(!runThem)('the page in chromium', () => {
  let base = '';
  let browser: Browser;
  usePageServer((served) => ({ base, browser } = served));
  /**
   * The full chromium with its PDF viewer, for the tests that look at it: a preview's screenshot
   * with the PDF drawn, and a PDF opened in a tab of its own. The others make their PDFs in the
   * lighter shell, which does not draw them (a second or so of CPU a PDF).
   */
  let withViewer: Promise<Browser> | undefined;
  const viewer = () => (withViewer ??= launchChromium({ pdfViewer: true }));
  afterAll(async () => {
    await (await withViewer)?.close();
  });

  /** The tab of the seed of symbols, which the next test takes on. */
  let symbolsTab: Page | undefined;

  async function open(hash = '', viewport = { width: 1280, height: 900 }, on: Browser = browser): Promise<Page> {
    const page = answering(await on.newPage());
    await page.setViewport(viewport);
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(base) && !request.url().startsWith('blob:') && !request.url().startsWith('data:')) outside.push(request.url());
    });
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.goto(`${base}${hash}`);
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await settled(page);
    expect(outside).toEqual([]);
    return page;
  }

  provesAgain('prints as the command line')('prints Burst of Fire tables on Letter in inches, byte for byte the command line’s PDF', async () => {
    const page = await open('', undefined, await viewer());
    const downloads = await allowDownloads(page);
    await choose(page, 'Rule set', 'bof');
    await choose(page, 'Product', 'tables');
    await choose(page, 'Paper', 'letter');
    await choose(page, 'Units', 'in');
    expect(await page.evaluate(() => location.hash)).toBe('#/bof/tables?paper=letter&units=in');
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster tables bof --paper letter --units in');

    const made = await produce(page, 'Download PDF');
    expect(made.code).toBe(0);
    // the command line's, made once a worker (test/web/offline.test.ts holds its page's against it too)
    const cli = await workerCliPdf(['tables', 'bof', '--paper', 'letter', '--units', 'in']);
    const bytes = Buffer.from(made.base64, 'base64');
    expect(bytes.length).toBe(cli.length);
    expect(Buffer.compare(bytes, cli)).toBe(0);
    // the status line names the file the player gets, not the page's own path
    expect(made.stderr).toMatch(/^Wrote \/out\/muster\.pdf \(\d+ pages?\)$/m);
    expect(await page.$eval('#messages', (e) => e.textContent)).toBe(made.stderr.trim().replace(/^Wrote \/out\/muster\.pdf/m, 'muster.pdf ready'));

    // the file the browser saved is those bytes
    for (let i = 0; i < 100 && !readdirSync(downloads).includes('bof-tables.pdf'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(Buffer.compare(readFileSync(path.join(downloads, 'bof-tables.pdf')), cli)).toBe(0);

    await page.waitForSelector('#preview:not([hidden])');
    await new Promise((r) => setTimeout(r, 2000)); // the PDF viewer paints
    await page.screenshot({ path: path.join(shots, 'web-desktop.png') });
    await page.close();
  });

  provesAgain('a link restores the form')('restores #/bof/scenario?mode=solo&seed=club from the link, and prints the command line’s packet', async () => {
    const page = await open('#/bof/scenario?mode=solo&seed=club', { width: 390, height: 844 });
    expect(await page.$eval(await control(page, 'Product'), (e) => (e as HTMLSelectElement).value)).toBe('scenario');
    expect(await page.$eval(await control(page, 'Players'), (e) => (e as HTMLSelectElement).value)).toBe('solo');
    expect(await page.$eval(await control(page, 'Seed'), (e) => (e as HTMLInputElement).value)).toBe('club');
    // solo: one force, yours; no side B
    expect(await page.$eval('#forceB', (e) => e.closest('[hidden]') !== null)).toBe(true);
    expect(await page.$eval('#forceA', (e) => e.closest('[hidden]') !== null)).toBe(false);

    const made = await produce(page, 'Preview');
    expect(made.code).toBe(0);
    const cli = await cliPdf(['scenario', 'bof', '--mode', 'solo', '--seed', 'club']);
    expect(made.stderr).toBe(cli.stderr.replace(/^Wrote .* \((\d+) pages\)$/m, 'Wrote /out/muster.pdf ($1 pages)'));
    expect(made.stderr).toMatch(/\(7 pages\)/);
    expect(Buffer.compare(Buffer.from(made.base64, 'base64'), cli.bytes)).toBe(0);

    // the whole form at phone width, one column
    await page.screenshot({ path: path.join(shots, 'web-phone.png'), fullPage: true });

    // a bad option: the command line's message, in the page
    await page.type(await control(page, 'Packets to roll'), '0');
    const bad = await produce(page, 'Download PDF');
    const cliBad = await cliPdf(['scenario', 'bof', '--mode', 'solo', '--seed', 'club', '--count', '0']);
    expect(cliBad.code).toBe(2);
    expect(bad.code).toBe(2);
    expect(bad.base64).toBe('');
    expect(bad.stderr).toBe(cliBad.stderr);
    expect(await page.$eval('#messages', (e) => e.textContent)).toBe(cliBad.stderr.trim());
    await page.screenshot({ path: path.join(shots, 'web-phone-error.png') });
    await page.close();
  });

  provesAgain('a phone')('on a phone whose browser shows no PDF inside a page, offers the PDF itself instead of a dark frame', async () => {
    const browser = await viewer();
    const page = answering(await browser.newPage());
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    // as Chrome on Android and Safari on iOS say: no PDF viewer in a page
    await page.evaluateOnNewDocument(() => Object.defineProperty(Navigator.prototype, 'pdfViewerEnabled', { get: () => false }));
    // the two-sided check (two pages): the quickest PDF the page makes
    await page.goto(`${base}#/bof/calibrate`);
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await settled(page);
    const made = await produce(page, 'Preview');
    expect(made.code).toBe(0);
    await page.waitForSelector('#preview-open:not([hidden])');
    expect(await page.$eval('#preview', (e) => (e as HTMLIFrameElement).hidden)).toBe(true);
    expect(await page.$eval('#preview-no-frame', (e) => (e as HTMLElement).hidden)).toBe(false);
    const link = await page.$eval('#preview-link', (e) => ({ href: (e as HTMLAnchorElement).href, height: e.getBoundingClientRect().height, text: e.textContent }));
    expect(link.href).toMatch(/^blob:/);
    expect(link.text).toBe('Open the PDF in a tab of its own');
    expect(link.height).toBeGreaterThanOrEqual(44);
    // the link opens the PDF in a tab of its own
    const opened = browser.waitForTarget((target) => target.url() === link.href, { timeout: 30_000 });
    await page.click('#preview-link');
    const tab = await (await opened).page();
    await tab?.close();
    await page.close();
  });

  provesAgain('prints as the command line')('prints a seed of symbols, emoji and Korean as the command line does; a character no font has points to the control that allows it', async () => {
    const seed = '★✠☠🎖💥한국어';
    const page = (symbolsTab = await open(`#/bof/scenario?seed=${encodeURIComponent(seed)}`));
    const made = await produce(page, 'Preview');
    expect(made.stderr).not.toMatch(/glyph/);
    expect(made.code).toBe(0);
    const cli = await cliPdf(['scenario', 'bof', '--seed', seed]);
    expect(cli.code).toBe(0);
    expect(Buffer.compare(Buffer.from(made.base64, 'base64'), cli.bytes)).toBe(0);

    const seedBox = await control(page, 'Seed');
    await page.$eval(seedBox, (e) => ((e as HTMLInputElement).value = ''));
    await page.type(seedBox, 'club\ue000');
    const refused = await produce(page, 'Preview');
    expect(refused.code).toBe(2);
    const label = 'Print characters no font has as empty boxes';
    expect(await page.$eval('#messages', (e) => e.textContent)).toContain(`tick "${label}" (under Paper and printer)`);

    await page.click(await control(page, label));
    expect(await page.$eval('#command', (e) => e.textContent)).toContain(' --allow-missing-glyphs ');
    const allowed = await produce(page, 'Preview');
    expect(allowed.code).toBe(0);
    const cliAllowed = await cliPdf(['scenario', 'bof', '--allow-missing-glyphs', '--seed', 'club\ue000']);
    expect(Buffer.compare(Buffer.from(allowed.base64, 'base64'), cliAllowed.bytes)).toBe(0);
  });

  provesAgain('prints as the command line')('makes JSON and Markdown through the same command line', async () => {
    // the tab of the seed of symbols, if that test left it, led to the link: no page loaded for this
    const page = symbolsTab ?? (await open());
    await followLink(page, '#/openfire/scenario?seed=club', 'muster scenario openfire --seed club');
    const json = await produce(page, 'Download JSON');
    expect(json.code).toBe(0);
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-cli-'));
    const cli = await muster(['scenario', 'openfire', '--seed', 'club', '--format', 'json'], dir);
    expect(Buffer.from(json.base64, 'base64').toString('utf8')).toBe(cli.stdout);
    const md = await produce(page, 'Download Markdown');
    expect(md.code).toBe(0);
    expect(md.name).toBe('openfire-scenario-club.md');
    await page.close();
  });
});

describe.skipIf(runThem)('the page in chromium (skipped)', () => {
  it.skip(`needs ${CHROMIUM} (apt-get install chromium), or CI set to make it required`, () => undefined);
});
