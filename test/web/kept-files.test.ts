// The page's files kept for offline use and tied to the build that lists them (issue 55, points
// 7 and 8): MakePlayingCards images and a font never used before made with the server stopped,
// one copy kept of a file whatever query asked for it, a newer build's font never taken into a
// PDF, and the page's policy without 'unsafe-eval' while its worker keeps its own.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { answering, cliPdf, openOffline, openPage, produce, repo, runBrowserTests, settled, shots, usePageServer, type PageServer } from '../helpers/page.js';
import { staticHost } from '../helpers/static-host.js';
import { proves, provesAgain } from '../helpers/page-kinds.js';

/** Waits until the page says it is kept in the browser: from then on it makes everything with no network. */
async function kept(page: Page): Promise<void> {
  await page.waitForFunction(() => window.muster.offline === true, { timeout: 120_000 });
}

describe.skipIf(!runBrowserTests)('the page’s files, kept and tied to their build', () => {
  // one chromium for the file: the tests that need no storage of their own (what is cached counted
  // before and after, a host of its own, a policy read) share its profile, the offline one has a
  // context of its own; it cuts the server, so it comes last
  let shared: PageServer;
  usePageServer((served) => (shared = served));

  proves('the page’s policy')('keeps eval out of the page’s policy; the worker has its own, and prints', async () => {
    // first, before any page of this browser has the service worker serve it
    const served = shared;
    const page = answering(await served.browser.newPage());
    await page.evaluateOnNewDocument(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { refused: string[] }).refused = [...((window as unknown as { refused?: string[] }).refused ?? []), event.violatedDirective];
      });
    });
    const response = await page.goto(`${served.base}#/bof/tables`, { waitUntil: 'domcontentloaded' });
    const pagePolicy = response!.headers()['content-security-policy']!;
    expect(pagePolicy).toContain("script-src 'self'");
    expect(pagePolicy).not.toContain('unsafe-eval');
    expect(await page.$eval('meta[http-equiv="Content-Security-Policy"]', (m) => m.getAttribute('content'))).not.toContain('unsafe-eval');
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await settled(page);
    const refused = () => page.evaluate(() => (window as unknown as { refused?: string[] }).refused ?? []);
    // the page's own script never asks for eval
    expect(await refused()).toEqual([]);
    // the document refuses to turn text into code
    // (puppeteer's own evaluate is let past the policy: asked through the protocol, with eval held to it)
    const cdp = await page.createCDPSession();
    const evaluated = (await cdp.send('Runtime.evaluate', {
      expression: 'try { String(new Function("return 1")()) } catch (error) { error.name }',
      allowUnsafeEvalBlockedByCSP: false,
    })) as { result: { value: string } };
    expect(evaluated.result.value).toBe('EvalError');
    expect(new Set(await refused())).toEqual(new Set(['script-src']));

    // the worker's script comes with a policy of its own, which lets Handlebars make its templates
    const worker = await fetch(`${served.base}run-worker.js`);
    const workerPolicy = worker.headers.get('content-security-policy')!;
    expect(workerPolicy).toMatch(/(^|; )script-src 'self' 'unsafe-eval'(;|$)/);
    expect(workerPolicy).toContain("default-src 'self'");
    const made = await produce(page, 'Download PDF');
    expect(made.code, made.stderr).toBe(0);
    expect(Buffer.compare(Buffer.from(made.base64, 'base64'), await cliPdf(['tables', 'bof']))).toBe(0);
    await page.close();
  }, 180_000);

  provesAgain('tied to its build')('keeps one copy of a file whatever query string asked for it', async () => {
    const page = await openPage(shared);
    await kept(page);
    const entries = () =>
      page.evaluate(async () => {
        let n = 0;
        for (const name of await caches.keys()) if (name.startsWith('muster ')) n += (await (await caches.open(name)).keys()).length;
        return n;
      });
    const before = await entries();
    const pack = await page.evaluate(async () => ((await (await fetch('files/index.json')).json()) as { pack: { url: string } }).pack.url);
    for (let i = 1; i <= 10; i++) {
      await page.evaluate(
        async (at, packUrl) => {
          for (const url of [`files/index.json?x=${at}`, `${packUrl}?v=${at}`, `muster.css?${at}`]) if (!(await fetch(url)).ok) throw new Error(`${url}: not answered`);
        },
        i,
        pack,
      );
    }
    expect(await entries()).toBe(before);
    await page.close();
  }, 180_000);

  proves('tied to its build', 'a plain static host')('never prints with a font from another build: it asks for a reload', async () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'muster-next-build-'));
    cpSync(path.join(repo, 'dist/web'), copy, { recursive: true });
    // the host has the CJK package's fonts beside the page, as the README says to copy them
    cpSync(path.join(repo, 'packages/fonts-cjk/fonts'), path.join(copy, 'files/fonts'), { recursive: true });
    // a new build on the host, its Chinese font changed, while a page of the old one is open
    const fonts = path.join(copy, 'files/fonts');
    writeFileSync(path.join(fonts, 'NotoSansHans-Regular.otf'), readFileSync(path.join(fonts, 'NotoSansHans-Bold.otf')));
    const host = await staticHost(copy);
    const browser = shared.browser;
    try {
      const seed = '中文 club';
      const page = await openPage({ base: host.base, browser }, `#/bof/scenario?seed=${encodeURIComponent(seed)}`);
      const made = await produce(page, 'Download PDF');
      expect(made.code, 'a PDF was made').not.toBe(0);
      expect(made.base64.length).toBe(0);
      expect(made.stderr).toMatch(/reload the page/);
      const said = await page.$eval('#messages', (e) => e.textContent ?? '');
      expect(said).toMatch(/not the one this page was built with/);
      expect(said).not.toMatch(/files\/|\/muster\/|Error/);
      await page.screenshot({ path: path.join(shots, 'kept-files-other-build.png') });
      await page.close();
    } finally {
      await host.close();
      rmSync(copy, { recursive: true, force: true });
    }
  }, 180_000);

  provesAgain('kept offline')('makes MakePlayingCards images and prints a font it never used, the server stopped', async () => {
    // Korean: a font no print of this browser has needed before. The command line's files are
    // made first, the scenario before the images: in one process, a Korean packet printed after
    // images of cards comes out two bytes apart from one printed first (a font's state kept
    // between runs), which is the command line's to mend, not this test's to hide or trip on.
    const seed = '한국 club';
    const cliPacket = await cliPdf(['scenario', 'bof', '--seed', seed]);
    // the smallest deck (the British, 9 cards): the renderer's fetching is the point, not how many images it makes
    const cliImages = await cliPdf(['cards', 'fireteam', '--list', 'british', '--shop', 'mpc']);
    // storage of its own (a context of the file's browser, no chromium of its own): the font
    // and the renderer must be ones this profile never fetched
    const context = await shared.browser.createBrowserContext();
    const served = { base: shared.base, browser: context };
    try {
      const cards = '#/fireteam/cards?list=british&shop=mpc';
      const page = await openPage(served, cards);
      await kept(page);
      await page.close();
      await shared.cut();

      const offline = await openOffline(served, cards);
      const zip = await produce(offline, 'Download images (zip)');
      expect(zip.code, zip.stderr).toBe(0);
      expect(Buffer.compare(Buffer.from(zip.base64, 'base64'), cliImages)).toBe(0);

      const packet = await openOffline(served, `#/bof/scenario?seed=${encodeURIComponent(seed)}`);
      const made = await produce(packet, 'Download PDF');
      expect(made.code, made.stderr).toBe(0);
      expect(Buffer.compare(Buffer.from(made.base64, 'base64'), cliPacket)).toBe(0);
    } finally {
      await context.close();
    }
  }, 300_000);
});
