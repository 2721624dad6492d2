// A player's first visit to the page, timed: what bench/page.js and bench/page-pair.js measure.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export const CHROMIUM = '/usr/bin/chromium';

/** `muster serve` of a checkout on a free port: its address, and how to stop it. */
export function serve(checkout) {
  const server = spawn(process.execPath, [path.join(checkout, 'bin/muster.js'), 'serve', '--port', '0'], { cwd: checkout, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let said = '';
    server.stdout.on('data', (chunk) => {
      said += String(chunk);
      const found = /muster is at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(said);
      if (found) resolve({ base: found[1], stop: () => server.kill() });
    });
    server.once('exit', (code) => reject(new Error(`muster serve of ${checkout} stopped (${code})`)));
  });
}

/**
 * One first visit, in a fresh context (nothing cached): from opening the page to its form
 * showing the rule sets (`form`) and to the page ready (`load`), the US deck printed as soon as
 * its button can be pressed (`deck`), and the whole way to the deck in hand (`first`), in ms.
 * With `pauseMs` the button is pressed that long after the page is ready, as a player who looks
 * at the form first (`first` then leaves the pause out). With `slowdown` chromium runs the page's
 * CPU that many times slower (DevTools' CPU throttling), as a mid-range phone would.
 */
export async function visit(browser, base, pauseMs = 0, slowdown = 1) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (slowdown > 1) await page.emulateCPUThrottling(slowdown);
    const start = performance.now();
    await page.goto(`${base}#/bof/cards?nation=us`);
    await page.waitForFunction(() => document.querySelectorAll('#system option').length > 1, { timeout: 120_000, polling: 'mutation' });
    const form = performance.now() - start;
    await page.waitForFunction(() => window.muster?.ready === true, { timeout: 120_000 });
    const load = performance.now() - start;
    const button = await page.waitForSelector('::-p-xpath(//button[normalize-space(.)="Download PDF" and not(@disabled)])');
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const printStart = performance.now();
    await button.click();
    await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 120_000 });
    const deck = performance.now() - printStart;
    const last = await page.evaluate(() => ({ code: window.muster.last.code, stderr: window.muster.last.stderr }));
    if (last.code !== 0) throw new Error(`the page's deck failed: ${last.stderr}`);
    return { form, load, deck, first: load + deck };
  } finally {
    await context.close();
  }
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
