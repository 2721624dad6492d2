// The page of this build and of another checkout's build, timed side by side as bench/page.js
// times one: both served at once, one chromium, a fresh context for every visit, the two builds
// taking turns at going first. This machine moves a single figure by 20% from one run to the
// next; the ratio within a pair, taken a moment apart, moves much less.
//
//   node bench/page-pair.js OTHER_CHECKOUT [PAIRS]
//
// OTHER_CHECKOUT is a built muster (git worktree add /tmp/base REV && cd /tmp/base && npm ci).
// Prints each build's medians and the median of this/other over the pairs, as one JSON line.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const CHROMIUM = '/usr/bin/chromium';
const root = fileURLToPath(new URL('..', import.meta.url));
const other = process.argv[2];
const pairs = Number(process.argv[3] ?? 15);
if (!other || !existsSync(path.join(other, 'dist/web/index.html'))) {
  console.error('node bench/page-pair.js OTHER_CHECKOUT [PAIRS]: OTHER_CHECKOUT must be a built muster (dist/web/index.html)');
  process.exit(2);
}
if (!existsSync(CHROMIUM)) {
  console.log(JSON.stringify({ skipped: `${CHROMIUM} is not installed` }));
  process.exit(0);
}
const { default: puppeteer } = await import('puppeteer-core');

/** `muster serve` of a checkout, on a free port */
function serve(checkout) {
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

/** One first visit: the form showing the rule sets, the page ready, the US deck printed at once. */
async function visit(browser, base) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const start = performance.now();
    await page.goto(`${base}#/bof/cards?nation=us`);
    await page.waitForFunction(() => document.querySelectorAll('#system option').length > 1, { timeout: 120_000, polling: 'mutation' });
    const form = performance.now() - start;
    await page.waitForFunction(() => window.muster?.ready === true, { timeout: 120_000 });
    const load = performance.now() - start;
    const button = await page.waitForSelector('::-p-xpath(//button[normalize-space(.)="Download PDF" and not(@disabled)])');
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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const servers = [await serve(root), await serve(other)];
const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const KEYS = ['form', 'load', 'deck', 'first'];
const seen = { this: [], other: [] };
try {
  // a visit of each, not counted: the browser's own first start
  for (const { base } of servers) await visit(browser, base);
  for (let i = 0; i < pairs; i++) {
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    const got = [];
    for (const which of order) got[which] = await visit(browser, servers[which].base);
    seen.this.push(got[0]);
    seen.other.push(got[1]);
  }
} finally {
  await browser.close();
  for (const server of servers) server.stop();
}
const medians = (visits) => Object.fromEntries(KEYS.map((key) => [key, Math.round(median(visits.map((v) => v[key])))]));
const ratios = Object.fromEntries(KEYS.map((key) => [key, Number(median(seen.this.map((v, i) => v[key] / seen.other[i][key])).toFixed(3))]));
console.log(JSON.stringify({ pairs, this: medians(seen.this), other: medians(seen.other), ratio: ratios }));
