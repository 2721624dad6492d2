// `validate --data` lists what a house folder gives (issue 54, point 1): file by file, the
// tables, units, cards, tokens, terrain and the rest it replaces, adds and changes, as text and
// as JSON; a folder that gives a rule set whole says so, and nothing of it is a house rule.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { loadRulesDb } from '../../src/data/load.js';
import { workdirs } from '../helpers/fixtures.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));
const workdir = workdirs((fn) => cleanups.push(fn));

/** The lines after the counts: what each --data folder gives. */
const houseLines = (stdout: string) => stdout.slice(stdout.indexOf('--data ')).trimEnd().split('\n');

const TERRAIN = `units: cm
types:
  - change: hedges
    effect: Our club reads hedges as soft cover and half move.
  - id: club-orchard
    name: Orchard
    section: House rule
    effect: Soft cover; unseen beyond 5 cm
    look: woods
    passable: open
    size: { width: [15, 25], depth: [15, 25] }
maps:
  rural:
    pieces: { club-orchard: [0, 2] }
    lines: {}
`;

/** A house folder touching every kind the report names. */
const EVERY_KIND: Record<string, string> = {
  'club/house.yaml': 'name: Every kind\n',
  'club/bof/tables/morale.yaml': `tables:
  - change: force-morale
    rows: [{ change: 6, morale: 11 }]
  - id: failed-morale-infantry
    title: Failed morale, infantry (club)
    section: Morale checks
    source: house
    use: reference
    columns: [{ key: text, label: Text }]
    rows: [{ text: Our own table }]
  - { id: club-note, title: Club note, section: House, source: house, use: reference, columns: [{ key: text, label: Text }], rows: [{ text: Our rule }] }
`,
  'club/bof/readings.yaml': 'readings:\n  - { id: club-reading, title: Ours, words: The club decides., between: [Morale checks] }\n',
  'club/bof/terrain.yaml': TERRAIN,
  'club/openfire/tokens/club.yaml': 'tokens:\n  - { id: pinned, label: Pinned down, icon: down, shape: round, colour: "#8a6d1f", section: Pinning, count: 8 }\n  - { change: sprint, count: 6 }\n',
  'club/fireteam/cards/club.yaml': `deck:
  title: Club orders
  back: { title: CLUB, subtitle: Orders, icon: star }
  copies: [{ name: Red, colour: "#9b2c2c" }]
cards:
  - { id: club-rally, title: Rally, subtitle: Club order, section: House rule, lines: [{ label: Effect, text: Remove one pin. }], count: 2 }
`,
};

describe('validate --data lists what a house folder gives', () => {
  it('the example folder, as text: file by file, what it adds and changes', async () => {
    const cwd = workdir();
    const { code, stdout, stderr } = await muster(['validate', '--data', path.join(root, 'examples/house-rules')], cwd);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/^OK: \d+ rule sets, \d+ tables, \d+ templates/);
    expect(houseLines(stdout)).toEqual([
      `--data ${path.join(root, 'examples/house-rules')}, printed as house rules "Tuesday club":`,
      '  bof/aids/club.yaml: adds token club-flag',
      '  bof/arsenal/club.yaml: adds unit de-club-sniper; changes doctrine de-infantry',
      '  bof/tables/morale.yaml: changes table force-morale',
    ]);
  });

  it('every kind, replaced, added and changed, with the folder named as the command line gave it', async () => {
    const cwd = workdir(EVERY_KIND);
    const { code, stdout, stderr } = await muster(['validate', '--data', 'club'], cwd);
    expect(code, stderr).toBe(0);
    expect(houseLines(stdout)).toEqual([
      '--data club, printed as house rules "Every kind":',
      '  bof/readings.yaml: adds reading club-reading',
      '  bof/tables/morale.yaml: replaces table failed-morale-infantry; adds table club-note; changes table force-morale',
      '  bof/terrain.yaml: replaces terrain map rural; adds terrain type club-orchard; changes terrain type hedges',
      '  fireteam/cards/club.yaml: adds card club-rally',
      '  openfire/tokens/club.yaml: replaces token pinned; changes token sprint',
    ]);
  });

  it('as JSON, the same for a script', async () => {
    const cwd = workdir(EVERY_KIND);
    const { code, stdout, stderr } = await muster(['validate', '--data', 'club', '--data', path.join(root, 'examples/house-rule-set'), '--format', 'json'], cwd);
    expect(code, stderr).toBe(0);
    const report = JSON.parse(stdout) as { ok: boolean; systems: string[]; tables: number; products: Record<string, string>; house: unknown[] };
    expect(report.ok).toBe(true);
    // muster's own rule sets, and the one the house rule set gives
    expect(report.systems).toEqual([...(await loadRulesDb({ dataDirs: [] })).systems.map((s) => s.info.id), 'skirmish'].sort());
    expect(report.products['skirmish']).toBe('3 cards, 3 tokens');
    expect(report.house).toEqual([
      {
        name: 'Every kind',
        folder: path.join(cwd, 'club'),
        ruleSets: [],
        files: [
          { file: 'bof/readings.yaml', system: 'bof', replaced: {}, added: { reading: ['club-reading'] }, changed: {} },
          { file: 'bof/tables/morale.yaml', system: 'bof', replaced: { table: ['failed-morale-infantry'] }, added: { table: ['club-note'] }, changed: { table: ['force-morale'] } },
          { file: 'bof/terrain.yaml', system: 'bof', replaced: { 'terrain map': ['rural'] }, added: { 'terrain type': ['club-orchard'] }, changed: { 'terrain type': ['hedges'] } },
          { file: 'fireteam/cards/club.yaml', system: 'fireteam', replaced: {}, added: { card: ['club-rally'] }, changed: {} },
          { file: 'openfire/tokens/club.yaml', system: 'openfire', replaced: { token: ['pinned'] }, added: {}, changed: { token: ['sprint'] } },
        ],
      },
      { name: 'house-rule-set', folder: path.join(root, 'examples/house-rule-set'), ruleSets: ['skirmish'], files: [] },
    ]);
  });

  it('a rule set given whole is said so; a folder that changes nothing says that', async () => {
    const cwd = workdir({ 'empty/bof/tables/.keep': '', 'empty/bof/arsenal/none.yaml': 'nations: []\n' });
    const whole = await muster(['validate', '--data', path.join(root, 'examples/house-rule-set')], cwd);
    expect(whole.code, whole.stderr).toBe(0);
    expect(houseLines(whole.stdout)).toEqual([`--data ${path.join(root, 'examples/house-rule-set')}, printed as house rules "house-rule-set":`, '  gives the rule set skirmish whole']);
    const nothing = await muster(['validate', '--data', 'empty'], cwd);
    expect(nothing.code, nothing.stderr).toBe(0);
    expect(houseLines(nothing.stdout)).toEqual(['--data empty, printed as house rules "empty":', '  changes nothing muster prints']);
  });

  it("a house.yaml that does not read is refused, naming the file and the field", async () => {
    const cwd = workdir({ 'club/house.yaml': 'name: Tuesday club\ncolour: red\n', 'club/bof/tables/a.yaml': 'tables:\n  - { change: force-morale, summary: Ours. }\n' });
    const { code, stderr } = await muster(['validate', '--data', 'club'], cwd);
    expect(code).toBe(2);
    expect(stderr).toContain(`${path.join(cwd, 'club/house.yaml')}: Unrecognized key: "colour"`);
  });

  it('a terrain type changed in other units than it was given in is refused', async () => {
    const cwd = workdir({ 'club/bof/terrain.yaml': TERRAIN.replace('units: cm', 'units: in').replace(/ {2}- id: club-orchard[\s\S]*$/, 'maps: {}\n') });
    const { code, stderr } = await muster(['validate', '--data', 'club'], cwd);
    expect(code).toBe(2);
    expect(stderr).toContain(`${path.join(cwd, 'club/bof/terrain.yaml')} at units: changes terrain type "hedges", whose sizes are given in cm: write this file in cm too (units: cm), or give the type whole`);
  });
});
