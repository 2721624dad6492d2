// The page in chromium, timed as a player meets it: the first load (navigation to the form
// ready, with muster's files fetched and the first run's code compiled) and a deck printed in
// the page (Burst of Fire, the US cards), against the same deck from the command line in a
// fresh process. Prints one JSON line; nothing when chromium is not installed.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log(JSON.stringify({ skipped: `${CHROMIUM} is not installed` }));
  process.exit(0);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const { default: puppeteer } = await import('puppeteer-core');

const server = spawn(process.execPath, [path.join(root, 'bin/muster.js'), 'serve', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
const base = await new Promise((resolve, reject) => {
  let said = '';
  server.stdout.on('data', (chunk) => {
    said += String(chunk);
    const found = /muster is at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(said);
    if (found) resolve(found[1]);
  });
  server.once('exit', (code) => reject(new Error(`muster serve stopped (${code})`)));
});
const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const loads = [];
const decks = [];
/** from opening the page to its form showing the rule sets (filled from the worker's first run) */
const forms = [];
/** from opening the page to the deck's PDF in hand, the button pressed as soon as it can be */
const firsts = [];
try {
  for (let i = 0; i < runs + 1; i++) {
    // a fresh context each time: nothing cached, as a player's first visit
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const start = performance.now();
    await page.goto(`${base}#/bof/cards?nation=us`);
    await page.waitForFunction(() => document.querySelectorAll('#system option').length > 1, { timeout: 120_000, polling: 'mutation' });
    const form = performance.now() - start;
    await page.waitForFunction(() => window.muster?.ready === true, { timeout: 120_000 });
    const loaded = performance.now() - start;
    const button = await page.waitForSelector('::-p-xpath(//button[normalize-space(.)="Download PDF" and not(@disabled)])');
    const printStart = performance.now();
    await button.click();
    await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 120_000 });
    const printed = performance.now() - printStart;
    const last = await page.evaluate(() => ({ code: window.muster.last.code, stderr: window.muster.last.stderr }));
    if (last.code !== 0) throw new Error(`the page's deck failed: ${last.stderr}`);
    // the first is a warm-up of the browser itself
    if (i > 0) {
      forms.push(form);
      loads.push(loaded);
      decks.push(printed);
      firsts.push(loaded + printed);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
}

// the same deck from the command line, a fresh process each time
const scratch = mkdtempSync(path.join(tmpdir(), 'muster-bench-page-'));
const cli = [];
for (let i = 0; i < runs + 1; i++) {
  const start = performance.now();
  execFileSync(process.execPath, [path.join(root, 'bin/muster.js'), 'cards', 'bof', '--nation', 'us', '-o', 'deck.pdf', '--quiet'], { cwd: scratch });
  if (i > 0) cli.push(performance.now() - start);
}
rmSync(scratch, { recursive: true, force: true });
console.log(JSON.stringify({ runs, form: median(forms), load: median(loads), deck: median(decks), first: median(firsts), cli: median(cli) }));
