// A house arsenal 100 times the built-in one, printed: muster's time per page with start-up
// out (in a process of its own, after one run that fills the caches), with the player's cache
// and without it (MUSTER_CACHE=off: every YAML file parsed on every run), against the plain
// pdfkit floor per page and muster's own per page with the built-in arsenal.
// node bench/house-ratio.js RUNS; prints {"cards", "pages", "cold", "house", "uncached", "builtin", "floor"} (ms per page).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { NODE_OUTPUTS, openFileAtomic, writeFileAtomic } from '../dist/cli/io.js';
import { nodeFiles } from '../dist/cli/node-files.js';
import { run } from '../dist/cli/run.js';
import { floorCards } from './floor-cards.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'muster-house-'));
const house = path.join(scratch, 'house');
execFileSync(process.execPath, [path.join(root, 'bench/house-arsenal.js'), house, '100']);
// the player's cache folder of this run: empty at first, as on a player's first run
const cached = { MUSTER_CACHE: path.join(scratch, 'cache') };
const uncached = { MUSTER_CACHE: 'off' };
// the cache comes with the run's files where this muster has one (src/cli/user-cache.ts)
const userCache = await import('../dist/cli/user-cache.js').catch(() => undefined);
const io = (env, stdout = { write: () => true }) => ({
  stdout,
  stderr: { write: () => true },
  cwd: scratch,
  writeFile: writeFileAtomic,
  openFile: openFileAtomic,
  env,
  freshSeed: () => 'bench',
  files: userCache ? userCache.withUserCache(nodeFiles, env) : nodeFiles,
  outputs: NODE_OUTPUTS,
  progress: { start() {}, tick() {}, stop() {} },
});
async function muster(args, env = cached) {
  const code = await run(args, io(env));
  if (code !== 0) throw new Error(`muster ${args.join(' ')} exited ${code}`);
}
const pagesOf = (file) => (readFileSync(file, 'latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
async function timed(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const runs = Number(process.argv[2] ?? 3);
const housePdf = path.join(scratch, 'house.pdf');
const cardsPdf = path.join(scratch, 'cards.pdf');
const floorPdf = path.join(scratch, 'floor.pdf');
const cold = await timed(() => muster(['cards', 'bof', '--data', house, '-o', housePdf, '--quiet']));
const pages = pagesOf(housePdf);
await muster(['cards', 'bof', '-o', cardsPdf, '--quiet']);
const builtinPages = pagesOf(cardsPdf);
const probe = [];
await run(['cards', 'bof', '--format', 'json'], io(cached, { write: (s) => probe.push(s) }));
const builtinCards = JSON.parse(probe.join('')).decks[0].cards.length;
await floorCards(builtinCards, floorPdf);
const floorPages = pagesOf(floorPdf);
const times = { house: [], uncached: [], builtin: [], floor: [] };
for (let i = 0; i < runs; i++) {
  times.house.push(await timed(() => muster(['cards', 'bof', '--data', house, '-o', housePdf, '--quiet'])));
  times.uncached.push(await timed(() => muster(['cards', 'bof', '--data', house, '-o', housePdf, '--quiet'], uncached)));
  for (let j = 0; j < 3; j++) {
    times.builtin.push(await timed(() => muster(['cards', 'bof', '-o', cardsPdf, '--quiet'])));
    times.floor.push(await timed(() => floorCards(builtinCards, floorPdf)));
  }
}
rmSync(scratch, { recursive: true, force: true });
console.log(
  JSON.stringify({
    cards: builtinCards * 100,
    pages,
    runs,
    cold: cold / pages,
    house: median(times.house) / pages,
    uncached: median(times.uncached) / pages,
    builtin: median(times.builtin) / builtinPages,
    floor: median(times.floor) / floorPages,
  }),
);
