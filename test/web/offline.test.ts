// The page as an installed app: after its first visit it opens and prints with `muster serve`
// stopped, the PDF byte for byte the command line's, a large font fetched once kept with it.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { cliPdf, openPage, produce, repo, runBrowserTests, shots, usePageServer, type PageServer, settled, openOffline as openOfflineTab } from '../helpers/page.js';
import { staticHost } from '../helpers/static-host.js';
import { proves, provesAgain } from '../helpers/page-kinds.js';

describe.skipIf(!runBrowserTests)('the page offline, from any static host', () => {
  let served: PageServer;
  usePageServer((s) => (served = s));

  const openOffline = (hash: string) => openOfflineTab(served, hash);

  async function kept(page: Page): Promise<void> {
    await page.waitForFunction(() => window.muster.offline === true, { timeout: 60_000 });
  }

  proves('kept offline')('is installable, and after its first visit prints with no server, as the command line does, Chinese included', async () => {
    const seed = '中文 club';
    const page = await openPage(served, `#/bof/scenario?seed=${encodeURIComponent(seed)}`);
    await kept(page);
    expect(await page.$eval('#offline', (e) => (e as HTMLElement).hidden)).toBe(false);
    const cdp = await page.createCDPSession();
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data!)).toMatchObject({ start_url: './', display: 'standalone' });

    // online, the Chinese font is fetched when the seed needs it, and kept
    const online = await produce(page, 'Preview');
    expect(online.code, online.stderr).toBe(0);
    const cliChinese = await cliPdf(['scenario', 'bof', '--seed', seed]);
    expect(Buffer.compare(Buffer.from(online.base64, 'base64'), cliChinese)).toBe(0);

    // the tab closed (with its PDF viewer), the server stopped: the network is gone
    await page.close();
    await served.cut();
    // reopened: the page, its files and that font come from the browser
    const again = await produce(await openOffline(`#/bof/scenario?seed=${encodeURIComponent(seed)}`), 'Preview');
    expect(again.code, again.stderr).toBe(0);
    expect(Buffer.compare(Buffer.from(again.base64, 'base64'), cliChinese)).toBe(0);

    // a new tab at another of the page's addresses, still offline: tables on Letter in inches
    const other = await openOffline('#/bof/tables?paper=letter&units=in');
    const tables = await produce(other, 'Download PDF');
    expect(tables.code, tables.stderr).toBe(0);
    expect(Buffer.compare(Buffer.from(tables.base64, 'base64'), await cliPdf(['tables', 'bof', '--paper', 'letter', '--units', 'in']))).toBe(0);
    await other.screenshot({ path: path.join(shots, 'offline-tables.png') });
    await other.close();
  }, 180_000);

  provesAgain('a plain static host')('opens under /muster/ of a plain static host from the address without its trailing slash, and prints what the command line prints; Chinese once the font package’s fonts are copied beside it', async () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'muster-static-'));
    cpSync(path.join(repo, 'dist/web'), copy, { recursive: true });
    const host = await staticHost(copy, '/muster/');
    try {
      // dist/web alone has no Chinese or Korean fonts: a Chinese seed is refused in the page's
      // words, nothing made; with the font package's fonts copied beside it, as the README
      // says, the page prints it as the command line does (a print from a static host with
      // no CJK in it is test 3's tables)
      const seed = '中文 club';
      const without = await openPage({ base: host.base.replace(/\/$/, ''), browser: served.browser }, `#/bof/scenario?seed=${encodeURIComponent(seed)}`);
      expect(without.url()).toBe(`${host.base}#/bof/scenario?seed=${encodeURIComponent(seed)}`);
      // the installed page's icons come from the same folder
      const icons = await without.evaluate(async () => {
        const manifest = (await (await fetch('manifest.webmanifest')).json()) as { icons: { src: string }[] };
        return Promise.all(manifest.icons.map(async (icon) => `${icon.src} ${(await fetch(icon.src)).status}`));
      });
      expect(icons.every((line) => line.endsWith(' 200')), icons.join(', ')).toBe(true);
      const refused = await produce(without, 'Download PDF');
      expect(refused.code).toBe(2);
      expect(refused.base64).toBe('');
      const said = await without.$eval('#messages', (e) => e.textContent ?? '');
      expect(said).toMatch(/^(?:muster: )?“Seed” \(printed in "[^"]*中文 club[^"]*"\) needs the Chinese and Japanese font for "中" \(U\+4E2D\), "文" \(U\+6587\)$/m);
      expect(said).toMatch(/This site does not have the Chinese, Japanese and Korean fonts: .* copies that package's fonts folder into the site's files\/fonts\/\. Then reload this page\./);
      await without.screenshot({ path: path.join(shots, 'static-host-without-cjk.png') });
      await without.close();
      cpSync(path.join(repo, 'packages/fonts-cjk/fonts'), path.join(copy, 'files/fonts'), { recursive: true });
      const withFonts = await openPage({ base: host.base.replace(/\/$/, ''), browser: served.browser }, `#/bof/scenario?seed=${encodeURIComponent(seed)}`);
      const printed = await produce(withFonts, 'Download PDF');
      expect(printed.code, printed.stderr).toBe(0);
      expect(Buffer.compare(Buffer.from(printed.base64, 'base64'), await cliPdf(['scenario', 'bof', '--seed', seed]))).toBe(0);
      await withFonts.close();
    } finally {
      await host.close();
      rmSync(copy, { recursive: true, force: true });
    }
  }, 180_000);

  provesAgain('a plain static host')('works from a folder of a plain static host, and offers a newer build without mixing it with the open one', async () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'muster-static-'));
    cpSync(path.join(repo, 'dist/web'), copy, { recursive: true });
    const host = await staticHost(copy, '/clubs/muster/');
    try {
      const page = await openPage({ base: host.base, browser: served.browser }, '#/fireteam/tables');
      await page.waitForFunction(() => window.muster.offline === true, { timeout: 60_000 });
      const made = await produce(page, 'Download PDF');
      expect(made.code, made.stderr).toBe(0);
      expect(Buffer.compare(Buffer.from(made.base64, 'base64'), await cliPdf(['tables', 'fireteam']))).toBe(0);
      expect(await page.$eval('#new-build', (e) => (e as HTMLElement).hidden)).toBe(true);

      // a new build on the host: its worker waits, and the page says so
      const worker = path.join(copy, 'sw.js');
      const before = readFileSync(worker, 'utf8');
      const stamp = /`\$\{\w+\}([0-9a-f]{16})`/.exec(before)?.[1];
      expect(stamp, 'the build stamp in sw.js').toBeTruthy();
      writeFileSync(worker, before.replace(stamp!, 'feedfacefeedface'));
      await page.reload({ waitUntil: 'domcontentloaded', timeout: 60_000 });
      await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
      await settled(page);
      await page.waitForSelector('#new-build:not([hidden])', { timeout: 60_000 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(shots, 'new-build.png'), clip: { x: 0, y: 0, width: 1280, height: 200 } });
      const names = async () => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('muster ')).map((n) => n.split(' ').pop()));
      expect((await names()).sort()).toEqual([stamp, 'feedfacefeedface'].sort());

      // taken: the page reloads under the new worker, which drops the old build's cache
      const reloaded = page.waitForNavigation({ waitUntil: 'domcontentloaded', timeout: 60_000 });
      await page.click('#use-new-build');
      await reloaded;
      await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
      await settled(page);
      await page.waitForFunction(async () => (await caches.keys()).filter((n) => n.startsWith('muster ')).length === 1, { timeout: 60_000 });
      expect(await names()).toEqual(['feedfacefeedface']);
      expect(await page.$eval('#new-build', (e) => (e as HTMLElement).hidden)).toBe(true);
      await page.close();
    } finally {
      await host.close();
      rmSync(copy, { recursive: true, force: true });
    }
    // each build is kept only once its page has been idle a while (offline.ts): on a machine
    // busy with the rest of the suite that can take half a minute, twice over
  }, 180_000);
});
