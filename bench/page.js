// The page in chromium, timed as a player meets it: the first load (navigation to the form
// ready, with muster's files fetched and the first run's code compiled) and a deck printed in
// the page (Burst of Fire, the US cards), against the same deck from the command line in a
// fresh process; and the whole way to that deck with chromium's CPU slowed 4x, as on a
// mid-range phone. Prints one JSON line; nothing when chromium is not installed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, median, serve, visit } from './page-visit.js';

if (!existsSync(CHROMIUM)) {
  console.log(JSON.stringify({ skipped: `${CHROMIUM} is not installed` }));
  process.exit(0);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const { default: puppeteer } = await import('puppeteer-core');

const { base, stop } = await serve(root);
const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const visits = [];
/** the deck printed by a player who looks at the form for a moment first */
const PAUSE_MS = 1500;
const paused = [];
/** chromium's CPU slowed as on a mid-range phone (DevTools' CPU throttling), the deck asked for at once */
const SLOWDOWN = 4;
const slowed = [];
try {
  // the first is a warm-up of the browser itself
  for (let i = 0; i < runs + 1; i++) {
    const seen = await visit(browser, base);
    const later = await visit(browser, base, PAUSE_MS);
    const slow = await visit(browser, base, 0, SLOWDOWN);
    if (i > 0) {
      visits.push(seen);
      paused.push(later.deck);
      slowed.push(slow.first);
    }
  }
} finally {
  await browser.close();
  stop();
}
const of = (key) => median(visits.map((v) => v[key]));

// the same deck from the command line, a fresh process each time
const scratch = mkdtempSync(path.join(tmpdir(), 'muster-bench-page-'));
const cli = [];
for (let i = 0; i < runs + 1; i++) {
  const start = performance.now();
  execFileSync(process.execPath, [path.join(root, 'bin/muster.js'), 'cards', 'bof', '--nation', 'us', '-o', 'deck.pdf', '--quiet'], { cwd: scratch });
  if (i > 0) cli.push(performance.now() - start);
}
rmSync(scratch, { recursive: true, force: true });
console.log(JSON.stringify({ runs, form: of('form'), load: of('load'), deck: of('deck'), deckAfterPause: median(paused), pauseMs: PAUSE_MS, first: of('first'), slowdown: SLOWDOWN, firstSlowed: median(slowed), cli: median(cli) }));
