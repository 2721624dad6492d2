// Part of `npm run build`: work done once so that every run is quick.
// - the built-in YAML data parsed into dist/parsed-data.json (see src/data/parsed-cache.ts)
// - kerning and ligature pairs of every character the data and templates use, in every face,
//   into dist/font-pairs.json (see src/layout/fonts.ts)
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { fileURLToPath } from 'node:url';
import { BUILTIN_DATA_DIR } from '../dist/data/builtin-dir.js';
import { useFiles } from '../dist/data/files.js';
import { NODE_PLACES, nodeFiles } from '../dist/cli/node-files.js';
import { writeParsedStore } from '../dist/data/write-parsed-store.js';
import { writeFontPairStore } from '../dist/layout/write-font-pairs.js';

useFiles(nodeFiles);

const root = fileURLToPath(new URL('..', import.meta.url));
const data = await fg('**/*.{yaml,yml}', { cwd: BUILTIN_DATA_DIR, absolute: true, onlyFiles: true });
writeParsedStore(data, NODE_PLACES.parsedStore);
const sources = await fg(['templates/**/*.hbs', 'src/**/*.ts'], { cwd: root, absolute: true, onlyFiles: true });
let text = '';
for (let c = 32; c < 127; c++) text += String.fromCharCode(c);
for (const file of [...data, ...sources].sort()) text += readFileSync(file, 'utf8');
writeFontPairStore(text, NODE_PLACES.fontPairs);
