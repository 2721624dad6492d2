// Benchmarks for muster: run with `npm run bench` (which builds first). Prints a table of
// figures; nothing here is asserted, so CI never fails on a slow machine.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadRulesDb } from '../dist/data/load.js';
import { buildQuickReference } from '../dist/doc/build-reference.js';
import { layoutDocument } from '../dist/layout/document-plan.js';
import { renderPdf } from '../dist/render/pdf-surface.js';
import { run } from '../dist/cli/run.js';
import { NODE_OUTPUTS, openFileAtomic, writeFileAtomic } from '../dist/cli/io.js';
import { nodeFiles } from '../dist/cli/node-files.js';
import { useFiles } from '../dist/data/files.js';
import { fontStoreOf } from '../dist/cli/font-store.js';

// the layers read through the file access run() installs; this script calls some directly
useFiles(nodeFiles);
const fonts = fontStoreOf(nodeFiles);

const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'muster-bench-'));

// the median run: a garbage collection landing in one run does not move the figure
async function time(label, runs, fn) {
  // warm-up: fonts loaded, templates compiled, the code compiled by the JIT
  for (let i = 0; i < 3; i++) await fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return { label, runs, ms: median(times) };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timeProcess(label, runs, args, cwd = scratch) {
  execFileSync(process.execPath, args, { cwd });
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    execFileSync(process.execPath, args, { cwd });
    times.push(performance.now() - start);
  }
  return { label, runs, ms: median(times) };
}

const rows = [];
const db = await loadRulesDb({ dataDirs: [] });
const bof = db.system('bof');
rows.push(await time('load and validate all data', 20, () => loadRulesDb({ dataDirs: [] })));
rows.push(await time('build bof quick-reference tree', 50, () => buildQuickReference(bof, { units: 'cm', paper: 'a4', toolVersion: 'bench' })));
const doc = buildQuickReference(bof, { units: 'cm', paper: 'a4', toolVersion: 'bench' });
rows.push(await time('lay out bof quick reference', 50, () => layoutDocument(fonts, doc)));
const placed = layoutDocument(fonts, doc);
rows.push(await time('render bof quick reference to PDF', 20, () => renderPdf(fonts, placed)));
rows.push(timeProcess('`muster tables bof` end to end (new process)', 9, [path.join(root, 'bin/muster.js'), 'tables', 'bof', '-o', 'bench.pdf', '--quiet']));
const emptyPage = `import PDFDocument from 'pdfkit'; import fs from 'node:fs'; const d = new PDFDocument(); d.pipe(fs.createWriteStream(${JSON.stringify(path.join(scratch, 'empty.pdf'))})); d.end();`;
rows.push(timeProcess('floor: node loads pdfkit, writes one empty page', 5, ['--input-type=module', '-e', emptyPage], root));

// cards: muster's whole arsenal against plain pdfkit drawing the same cards, in a fresh process
const ratio = JSON.parse(execFileSync(process.execPath, [path.join(root, 'bench/cards-ratio.js'), '15'], { cwd: scratch, encoding: 'utf8' }).trim());
const cards = { label: `muster cards bof, whole arsenal (${ratio.cards} cards, fronts and backs, written to disk)`, runs: ratio.runs, ms: ratio.muster };
const floor = { label: `floor: plain pdfkit, ${ratio.cards} similar cards and backs, written to disk`, runs: ratio.runs, ms: ratio.floor };
rows.push(cards, floor);
rows.push({ label: 'ratio: muster time per card / floor time per card', runs: '', ms: cards.ms / floor.ms, ratio: true });

// the same as a newcomer meets it: `muster cards bof` from the shell against a plain pdfkit
// script drawing as many cards, each a whole new process, alternating
{
  const musterRun = [path.join(root, 'bin/muster.js'), 'cards', 'bof', '-o', 'cards.pdf', '--quiet'];
  const floorRun = [path.join(root, 'bench/floor-process.js'), String(ratio.cards), path.join(scratch, 'floor.pdf')];
  // the same floor compressing with fflate, as muster does so that the page writes the same bytes
  const fflateRun = [...floorRun, '--fflate'];
  const times = { muster: [], floor: [], fflate: [] };
  for (const args of [musterRun, floorRun, fflateRun]) execFileSync(process.execPath, args, { cwd: scratch });
  for (let i = 0; i < 9; i++) {
    for (const [key, args] of [['muster', musterRun], ['floor', floorRun], ['fflate', fflateRun]]) {
      const start = performance.now();
      execFileSync(process.execPath, args, { cwd: scratch });
      times[key].push(performance.now() - start);
    }
  }
  rows.push({ label: '`muster cards bof` whole process (new process, from the shell)', runs: 9, ms: median(times.muster) });
  rows.push({ label: `floor: plain pdfkit script, ${ratio.cards} cards and backs (new process)`, runs: 9, ms: median(times.floor) });
  rows.push({ label: 'ratio: `muster cards bof` whole process / floor whole process', runs: '', ms: median(times.muster) / median(times.floor), ratio: true });
  rows.push({ label: 'floor compressing with fflate as muster does (new process)', runs: 9, ms: median(times.fflate) });
  rows.push({ label: 'ratio: `muster cards bof` whole process / that floor', runs: '', ms: median(times.muster) / median(times.fflate), ratio: true });
}

// a house arsenal 100 times the built-in one, per page with start-up out
{
  const house = JSON.parse(execFileSync(process.execPath, [path.join(root, 'bench/house-ratio.js'), '3'], { cwd: scratch, encoding: 'utf8' }).trim().split('\n').pop());
  rows.push({ label: `house arsenal ×100 (${house.pages} pages), ms per page, the first run (nothing cached)`, runs: 1, ms: house.cold, fine: true });
  rows.push({ label: "house arsenal ×100, ms per page, later runs (the parsed YAML from the player's cache)", runs: house.runs, ms: house.house, fine: true });
  rows.push({ label: 'house arsenal ×100, ms per page, later runs with MUSTER_CACHE=off (YAML parsed every run)', runs: house.runs, ms: house.uncached, fine: true });
  rows.push({ label: 'built-in arsenal, ms per page (same process)', runs: house.runs * 3, ms: house.builtin, fine: true });
  rows.push({ label: 'floor: plain pdfkit, ms per page (same process)', runs: house.runs * 3, ms: house.floor, fine: true });
  rows.push({ label: 'ratio: house arsenal per page / floor per page', runs: '', ms: house.house / house.floor, ratio: true });
}

// in-process runs of the command line; files really are written, as a user's run writes them
const quietIo = (cwd) => ({ stdout: { write: () => true }, stderr: { write: () => true }, cwd, writeFile: writeFileAtomic, openFile: openFileAtomic, env: {}, freshSeed: () => 'bench', files: nodeFiles, outputs: NODE_OUTPUTS, progress: { start() {}, tick() {}, stop() {} } });
const mustSucceed = async (args, io) => {
  const code = await run(args, io);
  if (code !== 0) throw new Error(`muster ${args.join(' ')} exited ${code}`);
};
rows.push(await time('scenario results, --count 1000 --format json', 1, () => mustSucceed(['scenario', 'bof', '--mode', 'solo', '--seed', 'b', '--count', '1000', '--format', 'json', '--quiet'], quietIo(scratch))));
rows.push(await time('scenario packets, --count 50, PDF', 1, () => mustSucceed(['scenario', 'bof', '--mode', 'solo', '--seed', 'b', '--count', '50', '-o', path.join(scratch, 'p.pdf'), '--quiet'], quietIo(scratch))));
// terrain (issue 27) is laid by default: the same packets on an empty table, for the cost of it
rows.push(await time('scenario results, --count 1000 --format json, --terrain none', 1, () => mustSucceed(['scenario', 'bof', '--mode', 'solo', '--seed', 'b', '--count', '1000', '--format', 'json', '--quiet', '--terrain', 'none'], quietIo(scratch))));
rows.push(await time('scenario packets, --count 50, PDF, --terrain none', 1, () => mustSucceed(['scenario', 'bof', '--mode', 'solo', '--seed', 'b', '--count', '50', '-o', path.join(scratch, 'p.pdf'), '--quiet', '--terrain', 'none'], quietIo(scratch))));
rows.push(timeProcess('`muster scenario bof --mode solo` end to end (new process)', 9, [path.join(root, 'bin/muster.js'), 'scenario', 'bof', '--mode', 'solo', '--seed', 'b', '-o', 'solo.pdf', '--quiet']));
rows.push(timeProcess('start-up: `muster --version` (new process)', 9, [path.join(root, 'bin/muster.js'), '--version']));
rows.push(timeProcess('campaign booklet end to end (new process)', 5, [path.join(root, 'bin/muster.js'), 'campaign', 'bof', 'booklet', '--seed', 'b', '-o', 'booklet.pdf', '--quiet']));
rows.push(timeProcess('start-up: `muster systems` (new process, no document)', 5, [path.join(root, 'bin/muster.js'), 'systems']));
// start-up alone: node loads the command (the bundle, through its code cache) and does nothing
rows.push(timeProcess('start-up alone: node loads the command through its code cache, no work', 5, ['-e', `require(${JSON.stringify(path.join(root, 'bin/load-bundle.js'))}).loadBundle({ argv: [], env: {} })`]));
const measured = (args, heap) => {
  const flags = heap ? [`--max-old-space-size=${heap}`] : [];
  try {
    const out = execFileSync(process.execPath, [...flags, path.join(root, 'bench/memory.cjs'), ...args, '--quiet'], { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out.trim().split('\n').pop());
  } catch (error) {
    // a batch that holds what it has written runs out of a capped heap: that is the finding
    if (heap && /heap out of memory/.test(String(error.stderr))) return { maxRssMb: NaN, ms: NaN };
    throw error;
  }
};
const peak = (args, heap) => measured(args, heap).maxRssMb;
/** The pages of a PDF muster wrote: its page tree's count, written near the end of the file. */
const pagesOf = (file) => {
  const text = readFileSync(file, 'latin1');
  return Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(text)?.[1] ?? NaN);
};
const peaks = { json: {}, pdf: {} };
for (const count of [10, 1000, 3000]) {
  peaks.json[count] = peak(['scenario', 'bof', '--mode', 'solo', '--seed', 'm', '--count', String(count), '--format', 'json']);
  rows.push({ label: `peak memory, scenario --count ${count} --format json (MB)`, runs: 1, ms: peaks.json[count], memory: true });
}
rows.push({ label: 'ratio: peak memory of 3000 solo results / of 1000 (JSON)', runs: '', ms: peaks.json[3000] / peaks.json[1000], ratio: true });
// PDF batches are written packet by packet; node lets its heap grow before collecting, so
// the flat line shows best with the heap capped: a batch that held its pages would fail there
for (const count of [10, 1000, 3000]) {
  peaks.pdf[count] = peak(['scenario', 'bof', '--mode', 'solo', '--seed', 'm', '--count', String(count), '-o', 'batch.pdf'], 96);
  rows.push({ label: `peak memory, scenario --count ${count} PDF, heap capped at 96 MB (MB)`, runs: 1, ms: peaks.pdf[count], memory: true });
}
rows.push({ label: 'ratio: peak memory of 3000 solo packets / of 1000 (PDF)', runs: '', ms: peaks.pdf[3000] / peaks.pdf[1000], ratio: true });
// what each written page leaves behind shows as time under a small heap: the collector works
// harder the more stays live. Linear is 3.33x (the goal of issue 30 is at most 3.3x)
const capped = {};
for (const count of [900, 3000]) {
  const batch = path.join(scratch, `capped-${count}.pdf`);
  capped[count] = measured(['scenario', 'bof', '--mode', 'solo', '--seed', 'm', '--count', String(count), '-o', batch], 64);
  rows.push({ label: `scenario --count ${count} PDF (${pagesOf(batch)} pages), heap capped at 64 MB`, runs: 1, ms: capped[count].ms });
}
rows.push({ label: 'ratio: time of 3000 packets / of 900 (PDF), heap capped at 64 MB', runs: '', ms: capped[3000].ms / capped[900].ms, ratio: true });

// the page in chromium: its first load, and a deck printed there against the command line
const pageBench = JSON.parse(execFileSync(process.execPath, [path.join(root, 'bench/page.js'), '5'], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop());
if (pageBench.skipped) console.error(`page benchmark skipped: ${pageBench.skipped}`);
else {
  rows.push({ label: 'the page: its form showing the rule sets, a fresh context', runs: pageBench.runs, ms: pageBench.form });
  rows.push({ label: 'the page: first load in chromium, a fresh context (form ready, files fetched)', runs: pageBench.runs, ms: pageBench.load });
  rows.push({ label: 'the page: from opening it to the deck below in hand, a fresh context', runs: pageBench.runs, ms: pageBench.first });
  rows.push({ label: `the page: the same, chromium's CPU slowed ${pageBench.slowdown}x (a mid-range phone; goal under 2.5 s)`, runs: pageBench.runs, ms: pageBench.firstSlowed });
  rows.push({ label: 'the page: muster cards bof --nation us printed in chromium, asked for at once', runs: pageBench.runs, ms: pageBench.deck });
  rows.push({ label: `the page: the same deck asked for ${pageBench.pauseMs / 1000} s after the page is ready`, runs: pageBench.runs, ms: pageBench.deckAfterPause });
  rows.push({ label: 'the same deck from the command line (new process)', runs: pageBench.runs, ms: pageBench.cli });
}

rmSync(scratch, { recursive: true, force: true });
console.log(`muster benchmarks — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`);
console.log('');
console.log('| what | runs | ms per run (or as named) |');
console.log('| --- | ---: | ---: |');
for (const r of rows) console.log(`| ${r.label} | ${r.runs} | ${r.ratio ? `${r.ms.toFixed(2)}x` : r.memory ? (Number.isNaN(r.ms) ? 'out of memory' : `${r.ms} MB`) : r.fine ? r.ms.toFixed(2) : r.ms.toFixed(1)} |`);
