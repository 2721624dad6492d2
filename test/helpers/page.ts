// What every test of the page in chromium needs: the built page served by `muster serve`,
// Debian's chromium driven headless through puppeteer-core, and the page's controls found by
// the words of their labels, as a player finds them.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';

export const CHROMIUM = '/usr/bin/chromium';
export const repo = fileURLToPath(new URL('../../', import.meta.url));
/** where screenshots go, to be looked at */
export const shots = path.join(repo, 'out');
/** on CI the browser tests must run (.ci/run installs chromium); elsewhere they need it installed */
export const runBrowserTests = existsSync(CHROMIUM) || Boolean(process.env['CI']);

export interface PageServer {
  base: string;
  browser: Browser;
  stop(): Promise<void>;
}

/** Serves the built page on a free port and opens chromium; `stop` ends both. */
export async function startPageServer(): Promise<PageServer> {
  if (!existsSync(path.join(repo, 'dist/web/index.html'))) throw new Error('dist/web is not built: run npm run build first');
  mkdirSync(shots, { recursive: true });
  const server: ChildProcess = spawn(process.execPath, ['bin/muster.js', 'serve', '--port', '0'], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  const base = await new Promise<string>((resolve, reject) => {
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
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  return {
    base,
    browser,
    async stop() {
      await browser.close();
      server.kill('SIGTERM');
    },
  };
}

/** The control a <label> names, by the label's text. */
export async function control(page: Page, label: string): Promise<string> {
  const id = await page.evaluate((text) => [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)?.htmlFor ?? '', label);
  if (!id) throw new Error(`no control labelled "${label}"`);
  return `#${id}`;
}

/** Clicks the enabled button with these words on it. */
export async function button(page: Page, text: string): Promise<void> {
  const handle = await page.waitForSelector(`::-p-xpath(//button[normalize-space(.)="${text}" and not(@disabled)])`, { timeout: 60_000 });
  await handle!.click();
}
