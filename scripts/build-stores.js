// Part of `npm run build`: work done once so that every run is quick.
// - the built-in data, each file checked by its schema, into dist/parsed-data.json (see
//   src/data/parsed-cache.ts): a run with built-in data then parses JSON and checks nothing;
//   with it, the templates and the data's texts precompiled by Handlebars
// - kerning and ligature pairs of every character the data and templates use, in every face,
//   into dist/font-pairs.json (see src/layout/fonts.ts), with the characters the fonts of the
//   CJK package have
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { fileURLToPath } from 'node:url';
import { BUILTIN_DATA_DIR } from '../dist/cli/builtin-dir.js';
import { useFiles } from '../dist/data/files.js';
import { NODE_PLACES, nodeFiles } from '../dist/cli/node-files.js';
import { recordCheckedValues, textKey } from '../dist/data/parsed-cache.js';
import { parsedStoreOf } from '../dist/data/parsed-store.js';
import { fontPairStoreOf } from '../dist/layout/font-pairs.js';
import { fontStoreOf } from '../dist/cli/font-store.js';
import { run } from '../dist/cli/run.js';
import { HANDLEBARS_VERSION, precompileTemplate, recordTemplateSources } from '../dist/doc/templates.js';
import { processIo } from '../dist/cli/io.js';
import { PACKAGE_FONTS } from '../dist/cli/font-package.js';

useFiles(nodeFiles);

/** A store as a run reads it: one line of JSON. */
function writeStore(location, store) {
  writeFileSync(location, `${JSON.stringify(store)}\n`);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const data = await fg('**/*.{yaml,yml}', { cwd: BUILTIN_DATA_DIR, absolute: true, onlyFiles: true });
const relative = (file) => path.relative(BUILTIN_DATA_DIR, file).split(path.sep).join('/');

// `muster validate` reads every data file through its schema: each value it accepts is kept
// (an old store is removed first, or its values would be taken instead of checked)
rmSync(NODE_PLACES.parsedStore, { force: true });
const checked = new Map();
recordCheckedValues((file, text, value) => {
  if (!file.startsWith(BUILTIN_DATA_DIR)) return;
  const entry = { file: relative(file), key: textKey(text), value };
  const earlier = checked.get(entry.file);
  // one file, one schema: a file read two ways could not be stored as one value
  if (earlier && JSON.stringify(earlier.value) !== JSON.stringify(value)) throw new Error(`build-stores: ${entry.file} was checked to two different values`);
  checked.set(entry.file, entry);
});
// and every template text it fills (the data's texts), with the files of templates/, is
// precompiled, so a run parses none
const templates = new Set();
recordTemplateSources((source) => templates.add(source));
const quiet = { write: () => true };
const code = await run(['validate'], { ...processIo(), stdout: quiet, stderr: process.stderr });
if (code !== 0) throw new Error(`build-stores: muster validate exited ${code}`);
recordCheckedValues(undefined);
recordTemplateSources(undefined);
for (const file of await fg('*.hbs', { cwd: NODE_PLACES.templates, absolute: true })) templates.add(readFileSync(file, 'utf8'));
const specs = new Map([...templates].map((source) => [textKey(source), precompileTemplate(source)]));
const stored = parsedStoreOf(
  data.map((file) => ({ relative: relative(file), text: readFileSync(file, 'utf8') })),
  [...checked.values()],
  { handlebars: HANDLEBARS_VERSION, specs },
);
writeStore(NODE_PLACES.parsedStore, stored);
const parsedOnly = Object.keys(stored.values).length;
if (parsedOnly > 0) console.error(`build-stores: ${parsedOnly} data files were not checked by muster validate; they are stored parsed only`);

const sources = await fg(['templates/**/*.hbs', 'src/**/*.ts'], { cwd: root, absolute: true, onlyFiles: true });
let text = '';
for (let c = 32; c < 127; c++) text += String.fromCharCode(c);
for (const file of [...data, ...sources].sort()) text += readFileSync(file, 'utf8');
// with the characters of the fonts of the CJK package (scripts/build-fonts-cjk.js has put them in
// packages/fonts-cjk, where nodeFiles finds them): a run without the package knows what needs it
writeStore(NODE_PLACES.fontPairs, fontPairStoreOf(text, fontStoreOf(nodeFiles), Object.keys(PACKAGE_FONTS)));
