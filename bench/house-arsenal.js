// A house arsenal 100 times the built-in one (node bench/house-arsenal.js DIR COPIES): every
// built-in Burst of Fire unit copied COPIES times under new ids, written as one YAML file in
// DIR/bof/arsenal/ (one file a copy: a data file holds at most 1 MiB), so a run with --data
// DIR reads and prints them all.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
const [dir, copies = '100'] = process.argv.slice(2);
const arsenal = path.join(root, 'data/bof/arsenal');
const units = [];
for (const name of readdirSync(arsenal).sort()) {
  const parsed = YAML.parse(readFileSync(path.join(arsenal, name), 'utf8'));
  units.push(...(parsed.units ?? []));
}
mkdirSync(path.join(dir, 'bof', 'arsenal'), { recursive: true });
let bytes = 0;
for (let copy = 1; copy <= Number(copies); copy++) {
  const text = YAML.stringify({ units: units.map((unit) => ({ ...unit, id: `${unit.id}-h${copy}`, name: `${unit.name} ${copy}` })) });
  writeFileSync(path.join(dir, 'bof', 'arsenal', `house-${String(copy).padStart(3, '0')}.yaml`), text);
  bytes += text.length;
}
console.log(JSON.stringify({ units: units.length * Number(copies), bytes }));
