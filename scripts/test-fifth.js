// `npm run test:fifth [-- vitest's arguments]`: the suite, or the test files named, with a fifth
// rule set of data alone among muster's own (issue 54: the contract lives in the tests, and they
// must hold for a rule set they were not written for). The rule set is written to a temporary
// folder and named to the suite by MUSTER_EXTRA_RULE_SET (test/helpers/suite-files.ts), which
// puts it in muster's data for every test; the folder is removed when the run ends.
//
// It is small and unlike the four on purpose: tables and cards only (no tokens, no terrain, no
// readings of muster's, so no dagger), in inches, two tables (one rolled, one read), one deck.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const FIFTH_ID = 'patrol';

/** The fifth rule set's files, by their path in its folder. */
export const FIFTH_FILES = {
  'system.yaml': `id: ${FIFTH_ID}
name: Patrol Fixture
rulesVersion: suite fixture 1
scale: a fixture, one model a soldier
blurb: A made-up rule set of data alone, for running the suite with a fifth rule set.
provenance: Invented for muster's tests; it follows no text.
products: [tables, cards]
units: in
`,
  'sheets.yaml': `sheets:
  - id: patrol
    title: Patrol sheet
    blocks:
      - table: spotting
      - table: ranges
        width: full
      - text: Roll to spot once a turn for each patrol within {{dist 30 12}} of the enemy.
        title: Spotting
        section: Spotting
`,
  'tables/spotting.yaml': `tables:
  - id: spotting
    title: Spotting
    section: Spotting
    source: fixture
    use: lookup
    dice: 2D6
    columns:
      - { key: roll, label: 2D6 }
      - { key: result, label: Result }
    rows:
      - { roll: { from: 2, to: 6 }, result: Nothing seen }
      - { roll: { from: 7, to: 9 }, result: Movement seen }
      - { roll: { from: 10, to: 12 }, result: "Spotted: {{mod 1}} to hit" }
`,
  'tables/ranges.yaml': `tables:
  - id: ranges
    title: Ranges
    section: Shooting
    source: fixture
    use: reference
    columns:
      - { key: weapon, label: Weapon }
      - { key: range, label: Range }
    rows:
      - { weapon: Rifle, range: { cm: 60, in: 24 } }
      - { weapon: SMG, range: { cm: 30, in: 12 } }
`,
  'cards/orders.yaml': `deck:
  title: Patrol orders
  back: { title: PATROL, subtitle: Order, icon: star }
  copies: [{ name: Grey, colour: "#4a4f57" }]
cards:
  - { id: creep, title: Creep, subtitle: Order, section: Movement, lines: [{ label: Move, text: "Up to {{dist 10 4}}, unseen." }], rules: [No shooting.], count: 2 }
  - { id: halt, title: Halt, subtitle: Order, section: Spotting, lines: [{ label: Spot, text: Roll on the Spotting table. }], rules: [Once a turn.], count: 1 }
`,
};

/** Writes the fifth rule set into `folder`/patrol/, the data folder MUSTER_EXTRA_RULE_SET names. */
export function writeFifth(folder) {
  for (const [file, text] of Object.entries(FIFTH_FILES)) {
    const at = path.join(folder, FIFTH_ID, file);
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, text);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = mkdtempSync(path.join(tmpdir(), 'muster-fifth-'));
  writeFifth(folder);
  process.stderr.write(`test:fifth: a fifth rule set, ${FIFTH_ID}, in ${folder} (MUSTER_EXTRA_RULE_SET)\n`);
  const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const run = spawnSync(process.execPath, [vitest, 'run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env: { ...process.env, MUSTER_EXTRA_RULE_SET: folder } });
  rmSync(folder, { recursive: true, force: true });
  process.exit(run.status ?? 1);
}
