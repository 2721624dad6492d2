// muster's whole arsenal of cards against the plain pdfkit floor, in a fresh process of its
// own so that neither inherits the heap of other benchmarks. The two alternate, so a slow
// moment of the machine falls on both. Prints {"cards", "muster", "floor"} in ms (medians).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { NODE_OUTPUTS, openFileAtomic, writeFileAtomic } from '../dist/cli/io.js';
import { nodeFiles } from '../dist/cli/node-files.js';
import { run } from '../dist/cli/run.js';
import { floorCards } from './floor-cards.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'muster-cards-'));
const io = (stdout = { write: () => true }) => ({
  stdout,
  stderr: { write: () => true },
  cwd: scratch,
  writeFile: writeFileAtomic,
  openFile: openFileAtomic,
  env: {},
  freshSeed: () => 'bench',
  files: nodeFiles,
  outputs: NODE_OUTPUTS,
  progress: { start() {}, tick() {}, stop() {} },
});
async function muster(args, stdout) {
  const code = await run(args, io(stdout));
  if (code !== 0) throw new Error(`muster ${args.join(' ')} exited ${code}`);
}

const probe = [];
await muster(['cards', 'bof', '--format', 'json'], { write: (s) => probe.push(s) });
const cards = JSON.parse(probe.join('')).decks[0].cards.length;
const drawMuster = () => muster(['cards', 'bof', '-o', path.join(scratch, 'cards.pdf'), '--quiet']);
const drawFloor = () => floorCards(cards, path.join(scratch, 'floor.pdf'));
async function timed(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

for (let i = 0; i < 3; i++) {
  await drawMuster();
  await drawFloor();
}
const runs = Number(process.argv[2] ?? 15);
const times = { muster: [], floor: [] };
for (let i = 0; i < runs; i++) {
  times.muster.push(await timed(drawMuster));
  times.floor.push(await timed(drawFloor));
}
rmSync(scratch, { recursive: true, force: true });
console.log(JSON.stringify({ cards, runs, muster: median(times.muster), floor: median(times.floor) }));
