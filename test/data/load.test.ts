import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { DataError, UsageError } from '../../src/errors.js';
import { DEMO_DATA, demoCopy, scratchDir } from '../helpers/fixtures.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function damaged(edit: (dir: string) => void): string {
  const copy = demoCopy();
  cleanups.push(copy.cleanup);
  edit(copy.dir);
  return copy.dir;
}

function editFile(file: string, change: (text: string) => string) {
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

async function problemsOf(builtinDir: string, dataDirs: string[] = []) {
  try {
    await loadRulesDb({ builtinDir, dataDirs });
  } catch (error) {
    expect(error).toBeInstanceOf(DataError);
    return (error as DataError).problems;
  }
  throw new Error('expected the data to be rejected');
}

describe('loading the built-in data', () => {
  it('loads Burst of Fire with its sheets and tables, frozen', async () => {
    const db = await loadRulesDb({ dataDirs: [] });
    const bof = db.system('bof');
    expect(bof.info.name).toBe('Burst of Fire');
    expect(bof.sheets.length).toBeGreaterThan(3);
    expect(bof.tables.size).toBeGreaterThan(50);
    expect(Object.isFrozen(bof.table('deployment-sector').rows)).toBe(true);
  });
  it('names the known rule sets when asked for an unknown one', async () => {
    const db = await loadRulesDb({ dataDirs: [] });
    expect(() => db.system('warhammer')).toThrow(UsageError);
    expect(() => db.system('warhammer')).toThrow(/known rule sets: .*bof/);
  });
});

describe('bad data is rejected with file, field path and what was expected', () => {
  it('malformed YAML gives the line', async () => {
    const dir = damaged((d) => editFile(path.join(d, 'demo/tables/all.yaml'), (t) => t.replace('title: Hits on soldiers', 'title: [Hits')));
    const [problem] = await problemsOf(dir);
    expect(problem!.file).toMatch(/all\.yaml$/);
    expect(problem!.message).toMatch(/not valid YAML/);
    expect(problem!.path).toMatch(/line \d+/);
  });
  it('a wrong type names the field path', async () => {
    const dir = damaged((d) => editFile(path.join(d, 'demo/tables/all.yaml'), (t) => t.replace('dice: 2D6', 'dice: 7')));
    const problems = await problemsOf(dir);
    expect(problems.map((p) => p.path)).toContain('tables[0].dice');
  });
  it('a gap in a lookup table names the missing totals', async () => {
    const dir = damaged((d) => editFile(path.join(d, 'demo/tables/all.yaml'), (t) => t.replace('roll: [4, 7, 10]', 'roll: [4, 7]')));
    const problems = await problemsOf(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path).toBe('tables[id=hits].rows');
    expect(problems[0]!.message).toMatch(/no row for total 10 of 2D6/);
  });
  it('an overlap in a lookup table names both rows', async () => {
    const dir = damaged((d) => editFile(path.join(d, 'demo/tables/all.yaml'), (t) => t.replace('roll: [4, 7, 10]', 'roll: [4, 7, 10, 11]')));
    const problems = await problemsOf(dir);
    expect(problems[0]!.path).toBe('tables[id=hits].rows[2].roll');
    expect(problems[0]!.message).toMatch(/total 11 is already on row 0/);
  });
  it('a duplicate id within one folder is an error', async () => {
    const dir = damaged((d) =>
      writeFileSync(path.join(d, 'demo/tables/more.yaml'), readFileSync(path.join(d, 'demo/tables/all.yaml'), 'utf8')),
    );
    const problems = await problemsOf(dir);
    expect(problems.some((p) => /duplicate table id "hits"/.test(p.message) && p.file.endsWith('more.yaml'))).toBe(true);
  });
  it('a sheet naming a missing table is an error', async () => {
    const dir = damaged((d) => editFile(path.join(d, 'demo/sheets.yaml'), (t) => t.replace('- table: sector', '- table: sectors')));
    const problems = await problemsOf(dir);
    expect(problems[0]).toMatchObject({ path: 'sheets[0].blocks[2].table', message: 'no table with id "sectors" in this rule set' });
  });
  it('a row key that is not a column is an error (catches typos)', async () => {
    const dir = damaged((d) => editFile(path.join(d, 'demo/tables/all.yaml'), (t) => t.replace('effect: Killed', 'efect: Killed')));
    const problems = await problemsOf(dir);
    expect(problems.some((p) => p.path === 'tables[id=hits].rows[0].efect')).toBe(true);
  });
  it('unlisted totals need a note', async () => {
    const dir = damaged((d) =>
      editFile(path.join(d, 'demo/tables/all.yaml'), (t) => t.replace('roll: [4, 7, 10]', 'roll: [4, 7]').replace('    summary: Crews', '    unlisted: [10]\n    summary: Crews')),
    );
    const problems = await problemsOf(dir);
    expect(problems[0]!.message).toMatch(/unlisted totals need a note/);
  });
  it('every problem is reported at once', async () => {
    const dir = damaged((d) => {
      editFile(path.join(d, 'demo/tables/all.yaml'), (t) => t.replace('roll: [4, 7, 10]', 'roll: [4, 7]'));
      editFile(path.join(d, 'demo/sheets.yaml'), (t) => t.replace('- table: sector', '- table: sectors'));
    });
    expect(await problemsOf(dir)).toHaveLength(2);
  });
});

describe('loading one rule set', () => {
  it('reads only its folders: a broken house table of another rule set does not stop it; the full load reports it', async () => {
    const house = scratchDir({
      'fireteam/tables/broken.yaml': 'tables:\n  - id: fire\n    title: Broken\n',
      'bof/tables/house.yaml': 'tables:\n  - { id: house-note, title: House note, section: House, source: house, use: reference, columns: [{ key: text, label: Text }], rows: [{ text: Our rule }] }\n',
    });
    cleanups.push(house.cleanup);
    const bof = await loadRulesDb({ dataDirs: [house.dir], only: 'bof' });
    expect(bof.systems.map((s) => s.info.id)).toEqual(['bof']);
    expect(bof.system('bof').table('house-note').title).toBe('House note');
    await expect(loadRulesDb({ dataDirs: [house.dir] })).rejects.toThrow(DataError);
  });
  it('an unknown or odd id is refused with the rule sets there are', async () => {
    for (const id of ['nope', 'b*f', '../bof']) {
      const db = await loadRulesDb({ dataDirs: [], only: id });
      expect(db.systems).toEqual([]);
      expect(() => db.system(id)).toThrow(/unknown rule set .*; known rule sets: blazeaway, bof, fireteam, openfire/);
    }
  });
});

describe('house-rule folders (--data)', () => {
  it('replace a built-in table by id and are validated the same way', async () => {
    const house = scratchDir({
      'demo/tables/house.yaml': `tables:
  - id: hits
    title: Hits on soldiers (house rule)
    section: Effect roll
    source: house rules
    use: lookup
    dice: 1D6
    columns: [{ key: roll, label: "1D6" }, { key: effect, label: Effect }]
    rows:
      - { roll: [1, 2], effect: Killed }
      - { roll: [3, 4, 5, 6], effect: Suppressed }
`,
    });
    cleanups.push(house.cleanup);
    const db = await loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [house.dir] });
    expect(db.system('demo').table('hits').title).toBe('Hits on soldiers (house rule)');
    expect(db.system('demo').tableFiles.get('hits')).toMatch(/house\.yaml$/);
  });
  it('a folder without rule-set data is refused with the layout expected', async () => {
    const empty = scratchDir({ 'readme.txt': 'nothing here' });
    cleanups.push(empty.cleanup);
    await expect(loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [empty.dir] })).rejects.toThrow(/no rule-set data found.*tables/);
  });
  it('a rule set’s own folder given where a folder of rule sets goes is refused, saying which folder to give', async () => {
    const own = scratchDir({ 'system.yaml': 'id: x\n', 'sheets.yaml': 'sheets: []\n', 'tables/a.yaml': 'tables: []\n' });
    cleanups.push(own.cleanup);
    await expect(loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [own.dir] })).rejects.toThrow(
      `--data ${own.dir}: no rule-set data found: it holds system.yaml itself, as one rule set's own folder does, and a data folder holds a folder for each rule set, named by its id (${path.join(own.dir, '<id>', 'system.yaml')}). Give the folder that holds this one, with this one named by the id of its rule set.`,
    );
    const tablesAlone = scratchDir({ 'tables/a.yaml': 'tables: []\n' });
    cleanups.push(tablesAlone.cleanup);
    await expect(loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [tablesAlone.dir] })).rejects.toThrow(/it holds tables\/a\.yaml itself/);
  });
  it('a folder that does not exist is refused', async () => {
    await expect(loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: ['/no/such/folder'] })).rejects.toThrow(UsageError);
  });
  it('tables for a rule set that does not exist are refused', async () => {
    const house = scratchDir({ 'nosuch/tables/a.yaml': 'tables: []\n' });
    cleanups.push(house.cleanup);
    const problems = await problemsOf(DEMO_DATA, [house.dir]);
    expect(problems.some((p) => /no system\.yaml/.test(p.message))).toBe(true);
  });
});
