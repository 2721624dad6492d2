// The page of this build and of another checkout's build, timed side by side as bench/page.js
// times one: both served at once, one chromium, a fresh context for every visit, the two builds
// taking turns at going first. This machine moves a single figure by 20% from one run to the
// next; the ratio within a pair, taken a moment apart, moves much less.
//
//   node bench/page-pair.js OTHER_CHECKOUT [PAIRS] [PAUSE_MS] [SLOWDOWN]
//
// PAUSE_MS: the deck's button pressed that long after the page is ready (as a player who looks
// at the form first), instead of at once. SLOWDOWN: chromium's CPU slowed that many times
// (DevTools' CPU throttling), as on a phone.
//
// OTHER_CHECKOUT is a built muster (git worktree add /tmp/base REV && cd /tmp/base && npm ci).
// Prints each build's medians and the median of this/other over the pairs, as one JSON line.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, median, serve, visit } from './page-visit.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const other = process.argv[2];
const pairs = Number(process.argv[3] ?? 15);
const pauseMs = Number(process.argv[4] ?? 0);
const slowdown = Number(process.argv[5] ?? 1);
if (!other || !existsSync(path.join(other, 'dist/web/index.html'))) {
  console.error('node bench/page-pair.js OTHER_CHECKOUT [PAIRS]: OTHER_CHECKOUT must be a built muster (dist/web/index.html)');
  process.exit(2);
}
if (!existsSync(CHROMIUM)) {
  console.log(JSON.stringify({ skipped: `${CHROMIUM} is not installed` }));
  process.exit(0);
}
const { default: puppeteer } = await import('puppeteer-core');

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
    for (const which of order) got[which] = await visit(browser, servers[which].base, pauseMs, slowdown);
    seen.this.push(got[0]);
    seen.other.push(got[1]);
  }
} finally {
  await browser.close();
  for (const server of servers) server.stop();
}
const medians = (visits) => Object.fromEntries(KEYS.map((key) => [key, Math.round(median(visits.map((v) => v[key])))]));
const ratios = Object.fromEntries(KEYS.map((key) => [key, Number(median(seen.this.map((v, i) => v[key] / seen.other[i][key])).toFixed(3))]));
console.log(JSON.stringify({ pairs, pauseMs, slowdown, this: medians(seen.this), other: medians(seen.other), ratio: ratios }));
