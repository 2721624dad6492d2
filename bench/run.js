// Benchmarks for muster: run with `npm run bench` (which builds first). Prints a table of
// figures; nothing here is asserted, so CI never fails on a slow machine.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadRulesDb } from '../dist/data/load.js';
import { buildQuickReference } from '../dist/doc/build-reference.js';
import { layoutDocument } from '../dist/layout/pages.js';
import { renderPdf } from '../dist/render/pdf-surface.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'muster-bench-'));

async function time(label, runs, fn) {
  await fn(); // warm-up: fonts loaded, templates compiled
  const start = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  const ms = (performance.now() - start) / runs;
  return { label, runs, ms };
}

function timeProcess(label, runs, args, cwd = scratch) {
  execFileSync(process.execPath, args, { cwd });
  const start = performance.now();
  for (let i = 0; i < runs; i++) execFileSync(process.execPath, args, { cwd });
  return { label, runs, ms: (performance.now() - start) / runs };
}

const rows = [];
const db = await loadRulesDb({ dataDirs: [] });
const bof = db.system('bof');
rows.push(await time('load and validate all data', 20, () => loadRulesDb({ dataDirs: [] })));
rows.push(await time('build bof quick-reference tree', 50, () => buildQuickReference(bof, { units: 'cm', paper: 'a4', toolVersion: 'bench' })));
const doc = buildQuickReference(bof, { units: 'cm', paper: 'a4', toolVersion: 'bench' });
rows.push(await time('lay out bof quick reference', 50, () => layoutDocument(doc)));
const placed = layoutDocument(doc);
rows.push(await time('render bof quick reference to PDF', 20, () => renderPdf(placed)));
rows.push(timeProcess('`muster tables bof` end to end (new process)', 5, [path.join(root, 'bin/muster.js'), 'tables', 'bof', '-o', 'bench.pdf', '--quiet']));
const emptyPage = `import PDFDocument from 'pdfkit'; import fs from 'node:fs'; const d = new PDFDocument(); d.pipe(fs.createWriteStream(${JSON.stringify(path.join(scratch, 'empty.pdf'))})); d.end();`;
rows.push(timeProcess('floor: node loads pdfkit, writes one empty page', 5, ['--input-type=module', '-e', emptyPage], root));

rmSync(scratch, { recursive: true, force: true });
console.log(`muster benchmarks — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`);
console.log('');
console.log('| what | runs | ms per run |');
console.log('| --- | ---: | ---: |');
for (const r of rows) console.log(`| ${r.label} | ${r.runs} | ${r.ms.toFixed(1)} |`);
