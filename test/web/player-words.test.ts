import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import YAML from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { MANIFESTS, MODULE_IDS } from '../../src/systems/registry.js';
import { dataProblems, expectedWords, fieldWords, NO_LABELS, noteWords, optionsAsControls, refusalWords, whereWords, type PageLabels } from '../../src/web/player-words.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { repo } from '../helpers/page.js';
import { playerProblems } from '../helpers/player-words.js';

/**
 * Issue 28: the page says the command line's refusals of a force file in its own words, a
 * control's label for a key of the file and what to put there, never a schema path, a schema
 * library's wording or an option name. The command line keeps its own.
 */

const workdir = workdirs(afterEach);


/** Every number a string, every list entry given a key no force file takes, and one such at the top. */
function spoilt(value: unknown): unknown {
  if (typeof value === 'number') return `${value} or so`;
  if (Array.isArray(value)) return value.map((v) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...(spoilt(v) as object), colour: 'red' } : spoilt(v)));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, spoilt(v)]));
  return value;
}

/** The command line's refusals of broken force files, for each rule set that checks one, from the examples it reads clean. */
async function refusals(): Promise<{ system: string; file: string; stderr: string }[]> {
  const found: { system: string; file: string; stderr: string }[] = [];
  const examples = await fg(['examples/**/*.yaml', '!examples/house-rule-set/**', '!examples/house-rules/**'], { cwd: repo });
  for (const system of MODULE_IDS) {
    const broken: [string, string][] = [
      ['an empty file', '{}\n'],
      ['no units', 'units: []\n'],
    ];
    for (const example of examples.sort()) {
      const text = readFileSync(path.join(repo, example), 'utf8');
      const dir = workdir({ 'force.yaml': text });
      const clean = await muster(['check', system, '--force', 'force.yaml', '--format', 'json'], dir);
      if (!clean.stdout.trim().startsWith('{')) continue;
      broken.push([`${example} spoilt`, YAML.stringify({ ...(spoilt(YAML.parse(text)) as object), flavour: 'vanilla' })]);
    }
    for (const [file, text] of broken) {
      const result = await muster(['check', system, '--force', 'force.yaml', '--format', 'json'], workdir({ 'force.yaml': text }));
      if (result.stdout.trim().startsWith('{')) continue;
      found.push({ system, file, stderr: result.stderr });
    }
  }
  return found;
}

describe('the page’s words for the command line’s refusals', () => {
  it('reads the command line’s problems: file, field and what it expected', () => {
    const stderr = 'muster: 2 problems in the data:\n  /player/force.yaml at units[0].count: at most 100\n  /player/force.yaml: Unrecognized key: "flavour"\n';
    expect(dataProblems(stderr)).toEqual({
      problems: [
        { file: '/player/force.yaml', field: 'units[0].count', message: 'at most 100' },
        { file: '/player/force.yaml', message: 'Unrecognized key: "flavour"' },
      ],
      other: [],
    });
    expect(dataProblems('muster: /player/force.yaml at name: Invalid input: expected string, received undefined\n').problems).toEqual([
      { file: '/player/force.yaml', field: 'name', message: 'Invalid input: expected string, received undefined' },
    ]);
  });

  it('names a field by the row and the label the page shows, and by the key in words where it shows none', () => {
    const labels: PageLabels = {
      row: (key) => (({ 'units[1]': 'Unit 2', 'platoons[0]': 'Platoon 1 (with its HQ)' }) as Record<string, string>)[key],
      field: (row, key) => (({ 'units[1] count': 'Count', ' name': 'Force name', ' core': 'Core points' }) as Record<string, string>)[`${row ?? ''} ${key}`],
    };
    expect(fieldWords('units[1].count', labels)).toBe('Unit 2, Count');
    expect(fieldWords('name', labels)).toBe('Force name');
    expect(fieldWords('points.core', labels)).toBe('Core points');
    expect(fieldWords('units[1].weapons[2]', labels)).toBe('Unit 2, weapon 3');
    expect(fieldWords('units[4].armourClass', labels)).toBe('unit 5, armour class');
    expect(fieldWords('platoons[0].stands[1].gun-group', labels)).toBe('Platoon 1 (with its HQ), stand 2, gun group');
    expect(fieldWords('reinforcements[3]', NO_LABELS)).toBe('reinforcement 4');
    expect(fieldWords('copies[0].name', NO_LABELS)).toBe('copy 1, name');
    expect(whereWords('units[1] de-rifleman', labels)).toBe('Unit 2 (de-rifleman)');
    expect(whereWords('force', labels)).toBe('The force');
    // a builder's notes on a loaded file
    expect(noteWords('units[4] de-rifelman: not in the pick-list of this doctrine, kept as in the file', NO_LABELS)).toBe('Unit 5 (de-rifelman): not in the pick-list of this doctrine, kept as in the file');
    expect(noteWords('units[1] colour: kept as in the file, the builder does not show it', labels)).toBe('Unit 2 (colour): kept as in the file, the builder does not show it');
    expect(noteWords('house: kept as in the file, the builder does not show it', labels)).toBe('house: kept as in the file, the builder does not show it');
    expect(noteWords('Loaded mine.yaml.', labels)).toBe('Loaded mine.yaml.');
  });

  it('says what each kind of refusal wants', () => {
    expect(expectedWords('Invalid input: expected string, received undefined')).toBe('missing: fill in some text');
    expect(expectedWords('Invalid input: expected number, received string')).toBe('must be a number, not some text');
    expect(expectedWords('Invalid option: expected one of "conscript"|"regular"|"elite"')).toBe('must be one of: conscript, regular, elite');
    expect(expectedWords('Too small: expected array to have >=1 items')).toBe('add at least one');
    expect(expectedWords('Too big: expected number to be <=100')).toBe('at most 100');
    expect(expectedWords('Unrecognized key: "flavour"')).toBe('has "flavour", which muster does not take here: remove it');
    // muster's own words pass as they are
    expect(expectedWords('at most 100')).toBe('at most 100');
  });

  it('every refusal of a broken force file, for every rule set that checks one, in player words', async () => {
    const found = await refusals();
    // every rule set with force files was tried, each with several kinds of problem
    expect(new Set(found.map((f) => f.system)).size).toBeGreaterThanOrEqual(3);
    expect(found.length).toBeGreaterThanOrEqual(12);
    const problems: string[] = [];
    for (const { system, file, stderr } of found) {
      // the command line keeps its own wording
      expect(stderr, `${system} ${file}`).toMatch(/^muster: /);
      const lines = refusalWords(stderr, NO_LABELS);
      expect(lines.length, `${system} ${file}: ${stderr}`).toBeGreaterThan(0);
      problems.push(...playerProblems(lines).map((p) => `${system}, ${file}: ${p}`));
    }
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('the page’s words for the command line’s options', () => {
  const labels = (option: string) => (({ winner: 'Winner', 'combat-score': 'Combat Score, side A and Combat Score, side B', assault: 'Side A assaults and Side B assaults' }) as Record<string, string>)[option];

  it('names an option by the control the page shows for it, its value’s form left out', () => {
    expect(optionsAsControls('muster: record needs --winner a|b, --victory decisive|strategic|turns and --combat-score A:B', labels)).toBe(
      'record needs “Winner”, “victory” and “Combat Score, side A and Combat Score, side B”',
    );
    expect(optionsAsControls("muster: --assault: give both sides' squares, like --assault a:A5 --assault b:A2 (missing: b)", labels)).toBe(
      "“Side A assaults and Side B assaults”: give both sides' squares, like “Side A assaults and Side B assaults” (missing: b)",
    );
    expect(optionsAsControls('muster: Invalid values:\n  Argument: winner, Given: "c"\nRun muster --help for the commands and their options.', labels)).toBe('Invalid values:\n  Argument: winner, Given: "c"');
  });

  it('every refusal of a campaign’s record and next turn, for every rule set with a campaign, names no option', async () => {
    const said: string[] = [];
    for (const manifest of MANIFESTS.filter((m) => m.campaign)) {
      const dir = workdir();
      expect((await muster(['campaign', manifest.id, 'new', '--state', 'c.json', '--seed', 'words'], dir)).code).toBe(0);
      const tries = [['record'], ['record', '--winner', 'a'], ...(manifest.campaign!.actions.includes('next') ? [['next', '-o', 'n.pdf'], ['next', '--assault', 'a:Z9', '-o', 'n.pdf']] : [])];
      for (const args of tries) {
        const result = await muster(['campaign', manifest.id, ...args, '--state', 'c.json'], dir);
        // what it took (a next turn that needs nothing more) says nothing to put right
        if (result.code !== 2) continue;
        expect(result.stderr).toMatch(/--[a-z]/);
        said.push(optionsAsControls(result.stderr.trim(), () => undefined));
      }
    }
    // Burst of Fire's two refused records and Fire Team's records and assaults at least
    expect(said.length).toBeGreaterThanOrEqual(5);
    expect(playerProblems(said)).toEqual([]);
  });
});

describe('the page’s words for a house-rules folder the command line refuses', () => {
  const table = (rows: string, extra = '') => `tables:\n  - id: house-morale\n    title: Morale (house)\n    section: House\n    source: house\n    use: reference\n${extra}    columns:\n      - { key: when, label: When }\n    rows:\n${rows}`;
  const BROKEN: [string, string][] = [
    ['a cell in no column', table('      - { when: "pinned", effect: 1 }\n')],
    ['a table with no rows', table('      []\n')],
    ['a key no table takes', table('      - { when: "pinned" }\n', '    colour: red\n')],
    ['a table twice', `${table('      - { when: "pinned" }\n')}${table('      - { when: "broken" }\n').replace('tables:\n', '')}`],
    ['not YAML', 'tables: [ { id: x\n'],
  ];

  it('names each file as it lies in the folder and each field in words, for every rule set', async () => {
    const said: string[] = [];
    for (const system of MODULE_IDS) {
      for (const [what, text] of BROKEN) {
        const dir = workdir({ [`${system}/tables/house.yaml`]: text });
        const result = await muster(['validate', '--data', dir], workdir());
        expect(result.code, `${system}, ${what}: ${result.stderr}`).toBe(2);
        const lines = refusalWords(result.stderr + result.stdout, NO_LABELS, dir);
        expect(lines.join('\n'), `${system}, ${what}`).toContain(`${system}/tables/house.yaml`);
        said.push(...lines);
      }
    }
    expect(playerProblems(said)).toEqual([]);
    expect(refusalWords('muster: Bad data:\n  /player/house/bof/tables/combat.yaml at tables[id=house-morale].rows[2].bonus.mod: at most 1000\n', NO_LABELS, '/player/house')).toEqual([
      'bof/tables/combat.yaml, table house-morale, row 3, bonus, mod: at most 1000',
    ]);
  });
});
