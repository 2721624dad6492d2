// Writes docs/readings.md from the rule sets' registers (data/<id>/readings.yaml), through the
// same loader a run uses: `npm run readings` after editing a register.
import { writeFileSync } from 'node:fs';
import { useFiles } from '../dist/data/files.js';
import { nodeFiles } from '../dist/cli/node-files.js';
import { loadRulesDb } from '../dist/data/load.js';
import { dataReadings, readingsMarkdown } from '../dist/data/readings-doc.js';

useFiles(nodeFiles);
const db = await loadRulesDb({ dataDirs: [] });
const registers = db.systems.map((s) => ({ name: s.info.name, readings: [...s.readings.values()], withData: dataReadings(s) }));
writeFileSync(new URL('../docs/readings.md', import.meta.url), readingsMarkdown(registers));
process.stderr.write(`readings: docs/readings.md from ${registers.map((r) => `${r.readings.length} of ${r.name}`).join(', ')}\n`);
