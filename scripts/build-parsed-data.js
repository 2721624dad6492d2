// Part of `npm run build`: parses the built-in YAML data once into dist/parsed-data.json, so
// a run reads JSON instead of parsing YAML (see src/data/parsed-cache.ts).
import fg from 'fast-glob';
import { BUILTIN_DATA_DIR } from '../dist/data/load.js';
import { writeParsedStore } from '../dist/data/write-parsed-store.js';

const files = await fg('**/*.{yaml,yml}', { cwd: BUILTIN_DATA_DIR, absolute: true, onlyFiles: true });
writeParsedStore(files);
