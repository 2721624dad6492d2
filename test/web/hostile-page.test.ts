// The page against hostile links and files (issue 23, items 5-9): a shared link cannot plant a
// command in the command line shown, a zip bomb is refused before it is inflated, a bad upload
// leaves the house rules in use as they were, a force file too large or with prototype keys is
// refused at once, all in a real browser (Debian's chromium through puppeteer-core).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { button, runBrowserTests as runThem, shots, usePageServer } from '../helpers/page.js';

interface Last {
  name: string;
  base64: string;
  code: number;
  stderr: string;
  argv: string[];
}

/** The words a POSIX shell makes of a command line, as a player's terminal would. */
function shellWords(line: string): string[] {
  const done = spawnSync('sh', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' });
  expect(done.status).toBe(0);
  return done.stdout.split('\0').slice(0, -1);
}

/** Seeds a shared link may carry: every one must reach the command line as one value, and be shown so. */
const SEEDS = ['--out=notes.txt', '-o', "it's", '$(touch pwned)', '`touch pwned`', 'a;touch pwned', 'a\nb', '"x" & y | z > w', 'Größe-戦車', '~root', '*', "'; touch pwned; '"];

describe.skipIf(!runThem)('the page against hostile links and files, in chromium', () => {
  let base = '';
  let browser: Browser;
  usePageServer((served) => ({ base, browser } = served));

  async function open(hash = ''): Promise<{ page: Page; errors: Error[] }> {
    const page = await browser.newPage();
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
    const downloads = mkdtempSync(path.join(tmpdir(), 'muster-downloads-'));
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    const response = await page.goto(`${base}${hash}`);
    expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    return { page, errors };
  }

  async function produce(page: Page, text: string): Promise<Last> {
    await page.evaluate(() => {
      delete window.muster.last;
    });
    await button(page, text);
    await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 120_000 });
    return (await page.evaluate(() => window.muster.last))!;
  }

  it('shows the command a link runs quoted for a shell, each value one word that is never an option', async () => {
    const { page, errors } = await open();
    for (const seed of SEEDS) {
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

  it('works under muster serve’s Content-Security-Policy: styled, the PDF previewed, nothing refused', async () => {
    const { page, errors } = await open('#/bof/tables');
    // the look comes from the page's own style sheet
    expect(await page.$eval('header', (h) => getComputedStyle(h).backgroundColor)).toBe('rgb(61, 90, 42)');
    const made = await produce(page, 'Preview');
    expect(made.code, made.stderr).toBe(0);
    await page.waitForFunction(() => !(document.getElementById('preview') as HTMLIFrameElement).hidden && (document.getElementById('preview') as HTMLIFrameElement).src.startsWith('blob:'));
    await page.screenshot({ path: path.join(shots, 'csp-preview.png') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
