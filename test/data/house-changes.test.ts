// Change entries (issue 54, point 2): a house file adds to or takes from a list without
// restating the block it is in, by the merge rules of docs/house-rules.md, and a change that
// could be read two ways is refused with exit 2, naming the file, the field and what is allowed.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { loadTokenGroups } from '../../src/data/tokens.js';
import { loadArsenal } from '../../src/systems/bof/arsenal.js';
import { loadFireTeam } from '../../src/systems/fireteam/data.js';
import { muster } from '../helpers/cli.js';
import { scratchDir } from '../helpers/fixtures.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function house(files: Record<string, string>): string {
  const made = scratchDir(files);
  cleanups.push(made.cleanup);
  return made.dir;
}

/** The built-in rule set's data with a house folder after it. */
async function withHouse(system: string, files: Record<string, string>) {
  const db = await loadRulesDb({ dataDirs: [house(files)], only: system });
  return db.system(system);
}

const builtin = async (system: string) => (await loadRulesDb({ dataDirs: [], only: system })).system(system);

/** `validate --data` on a house folder: its exit code and the problem lines it names. */
async function refused(files: Record<string, string>): Promise<{ code: number; dir: string; lines: string[] }> {
  const dir = house(files);
  const { code, stderr } = await muster(['validate', '--data', dir], dir);
  return { code, dir, lines: stderr.split('\n').filter((line) => line.includes(dir)).map((line) => line.trim().replace(dir + path.sep, '')) };
}

const GRENADIERS = `doctrines:
  - change: de-infantry
    detachments:
      - change: de-grenadier-platoon
`;

describe('a change entry', () => {
  it('takes out and adds a table row: the row replaced, placed by its totals, the rest of the table kept', async () => {
    const before = (await builtin('bof')).table('force-morale');
    const bof = await withHouse('bof', {
      'bof/tables/morale.yaml': 'tables:\n  - change: force-morale\n    rows-: [[1, 2]]\n    rows+:\n      - { roll: [1], morale: 7 }\n      - { roll: [2], morale: 8 }\n',
    });
    const table = bof.table('force-morale');
    expect(table.rows).toEqual([{ roll: [1], morale: 7 }, { roll: [2], morale: 8 }, ...before.rows.slice(1)]);
    expect({ ...table, rows: before.rows, house: undefined }).toEqual({ ...before, house: undefined });
    expect(bof.tableFiles.get('force-morale')).toMatch(/morale\.yaml$/);
  });

  it('names a row by the totals of its roll however written, and changes it in place', async () => {
    const bof = await withHouse('bof', { 'bof/tables/morale.yaml': 'tables:\n  - change: force-morale\n    rows: [{ change: { from: 6, to: 6 }, morale: 12 }]\n' });
    expect(bof.table('force-morale').rows.at(-1)).toEqual({ roll: [6], morale: 12 });
  });

  it('gives a field anew and keeps the others', async () => {
    const before = (await builtin('bof')).table('force-morale');
    const table = (await withHouse('bof', { 'bof/tables/morale.yaml': 'tables:\n  - change: force-morale\n    summary: Rolled once a side; our club rolls it in secret.\n' })).table('force-morale');
    expect(table.summary).toBe('Rolled once a side; our club rolls it in secret.');
    expect(table.rows).toEqual(before.rows);
    expect(table.title).toBe(before.title);
  });

  it("adds to and takes from a detachment's options inside a doctrine, the doctrine's other detachments as they were", async () => {
    const bof = await withHouse('bof', { 'bof/arsenal/club.yaml': `${GRENADIERS}        options+: [de-sniper-team]\n        options-: [de-pak-36, de-bmw-r75]\nunits:\n  - { id: de-sniper-team, name: Sniper team, nation: de, type: infantry, role: sniper, movement: foot, actions: 2, weapons: [de-kar98k-scope], source: The club's. }\n` });
    const before = await loadArsenal((await builtin('bof')).dirs);
    const after = await loadArsenal(bof.dirs);
    const options = (arsenal: typeof after) => arsenal.detachments.get('de-grenadier-platoon')!.detachment.options;
    expect(options(after)).toEqual([...options(before).filter((o) => o !== 'de-pak-36' && o !== 'de-bmw-r75'), 'de-sniper-team']);
    const others = (arsenal: typeof after) => arsenal.doctrines.get('de-infantry')!.detachments.filter((d) => d.id !== 'de-grenadier-platoon');
    expect(others(after)).toEqual(others(before));
    expect(after.units.get('de-sniper-team')!.house).toBe(path.basename(path.dirname(bof.dirs[1]!)));
    expect(after.units.get('de-rifleman')!.house).toBeUndefined();
  });

  it('takes an entry out and adds it again: the entry replaced', async () => {
    const bof = await withHouse('bof', { 'bof/arsenal/club.yaml': `${GRENADIERS}        options-: [de-sniper]\n        options+: [de-sniper]\n` });
    expect((await loadArsenal(bof.dirs)).detachments.get('de-grenadier-platoon')!.detachment.options).toContain('de-sniper');
  });

  it("changes a token's count, and the token is marked as the house folder's", async () => {
    const openfire = await withHouse('openfire', { 'house.yaml': 'name: Club rules\n', 'openfire/tokens/club.yaml': 'tokens:\n  - { change: pinned, count: 12 }\n' });
    const tokens = (await loadTokenGroups(openfire.dirs)).flatMap((g) => g.tokens);
    const before = (await loadTokenGroups((await builtin('openfire')).dirs)).flatMap((g) => g.tokens).find((t) => t.id === 'pinned')!;
    expect(tokens.find((t) => t.id === 'pinned')).toEqual({ ...before, count: 12, house: 'Club rules' });
    expect(tokens.find((t) => t.id === 'sprint')!.house).toBeUndefined();
  });

  it('changes a list given one a file (Fire Team)', async () => {
    const fireteam = await withHouse('fireteam', { 'fireteam/lists/british.yaml': 'list:\n  change: british\n  name: British Commonwealth (club)\n' });
    const lists = (await loadFireTeam(fireteam)).lists;
    expect(lists.get('british')!.name).toBe('British Commonwealth (club)');
    expect(lists.get('british')!.platoon).toEqual((await loadFireTeam(await builtin('fireteam'))).lists.get('british')!.platoon);
  });

  it('changes an entry a house folder before it gave', async () => {
    const first = house({ 'bof/tables/morale.yaml': 'tables:\n  - change: force-morale\n    rows: [{ change: 6, morale: 11 }]\n' });
    const second = house({ 'bof/tables/morale.yaml': 'tables:\n  - change: force-morale\n    summary: Two clubs agree.\n' });
    const table = (await loadRulesDb({ dataDirs: [first, second], only: 'bof' })).system('bof').table('force-morale');
    expect(table.rows.at(-1)).toEqual({ roll: [6], morale: 11 });
    expect(table.summary).toBe('Two clubs agree.');
  });
});

describe('a change that could be read two ways is refused', () => {
  it('adding what the list holds already', async () => {
    const { code, lines } = await refused({ 'bof/arsenal/club.yaml': `${GRENADIERS}        options+: [de-rifleman]\n` });
    expect(code).toBe(2);
    expect(lines).toEqual([
      `bof${path.sep}arsenal${path.sep}club.yaml at doctrines[0].detachments[0].options+[0]: adds "de-rifleman", which options holds already: to put another in its place, take it out too (options-:) or change it (options: [{change: ...}])`,
    ]);
  });

  it('taking out what the list does not hold, naming what it holds', async () => {
    const { code, lines } = await refused({ 'bof/arsenal/club.yaml': `${GRENADIERS}        options-: [de-tiger]\n` });
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/club\.yaml at doctrines\[0\]\.detachments\[0\]\.options-\[0\]: takes out "de-tiger", which options does not hold \(it holds "de-rifleman", "de-mg-gunner", /);
  });

  it('giving a list whole and adding to it in one entry', async () => {
    const { code, lines } = await refused({ 'bof/arsenal/club.yaml': `${GRENADIERS}        options: [de-rifleman]\n        options+: [de-sniper]\n` });
    expect(code).toBe(2);
    expect(lines).toEqual([
      `bof${path.sep}arsenal${path.sep}club.yaml at doctrines[0].detachments[0].options: gives options whole and options+ changes it in the same entry: give the whole list (options:), or only what to add and take out (options+:, options-:)`,
    ]);
  });

  it('a table whose rows, once changed, leave a total of its dice without a row', async () => {
    const { code, lines } = await refused({ 'bof/tables/morale.yaml': 'tables:\n  - change: force-morale\n    rows-: [6]\n' });
    expect(code).toBe(2);
    expect(lines).toEqual([
      `bof${path.sep}tables${path.sep}morale.yaml at tables[id=force-morale].rows: no row for total 6 of 1D6; add a row or list it in "unlisted" with a note (the rows once this file's change of table "force-morale" is made: it may add rows with rows+ and take them out with rows-, as long as every total the dice show lands on one row)`,
    ]);
  });

  it('a table whose added row covers a total another row has', async () => {
    const { code, lines } = await refused({ 'bof/tables/morale.yaml': 'tables:\n  - change: force-morale\n    rows+: [{ roll: [5, 6], morale: 11 }]\n' });
    expect(code).toBe(2);
    expect(lines.join('\n')).toMatch(/morale\.yaml at tables\[id=force-morale\]\.rows\[\d\]\.roll: total \d is already on row \d; each total may select one row only \(the rows once this file's change/);
  });

  it('changing an entry no earlier folder gives, with the nearest ids', async () => {
    const { code, lines } = await refused({ 'bof/arsenal/club.yaml': 'doctrines:\n  - change: de-infantri\n    blurb: Ours.\n' });
    expect(code).toBe(2);
    expect(lines).toEqual([
      `bof${path.sep}arsenal${path.sep}club.yaml at doctrines[0].change: no doctrine "de-infantri" to change: a change entry changes one an earlier data folder gave (the built-in data, or a --data folder before this one); did you mean de-infantry, pl-infantry, su-infantry or uk-infantry?`,
    ]);
  });

  it('a change entry that also gives an id, and a list operator in an entry given whole', async () => {
    const both = await refused({ 'bof/tables/morale.yaml': 'tables:\n  - { change: force-morale, id: force-morale, summary: x }\n' });
    expect(both.code).toBe(2);
    expect(both.lines).toEqual([`bof${path.sep}tables${path.sep}morale.yaml at tables[0].id: a change entry names what it changes with "change:" alone; an entry with "id:" is given whole`]);
    const whole = await refused({ 'bof/aids/club.yaml': 'tokens:\n  - { id: pinned, count+: [1] }\n' });
    expect(whole.code).toBe(2);
    expect(whole.lines[0]).toBe(`bof${path.sep}aids${path.sep}club.yaml at tokens[0].count+: adds to or takes from a list only in a change entry: write "change: pinned" in place of "id:" to change the token an earlier data folder gave`);
  });

  it('change entries mixed with whole entries, and + on a list without ids', async () => {
    const mixed = await refused({ 'bof/arsenal/club.yaml': 'doctrines:\n  - change: de-infantry\n    detachments:\n      - { change: de-grenadier-platoon, eventCards: 2 }\n      - { id: de-new-platoon }\n' });
    expect(mixed.code).toBe(2);
    expect(mixed.lines[0]).toMatch(/club\.yaml at doctrines\[0\]\.detachments: mixes whole entries with change entries: give detachments whole/);
    const core = await refused({ 'bof/arsenal/club.yaml': `${GRENADIERS}        core+: [{ unit: de-sniper, count: 1 }]\n` });
    expect(core.code).toBe(2);
    expect(core.lines).toEqual([`bof${path.sep}arsenal${path.sep}club.yaml at doctrines[0].detachments[0].core+: the entries of core have no ids to tell them apart: give the list whole (core: [...])`]);
  });

  it('+ or - on a field that is not a list', async () => {
    const { code, lines } = await refused({ 'openfire/tokens/club.yaml': 'tokens:\n  - { change: pinned, count+: [1] }\n' });
    expect(code).toBe(2);
    expect(lines).toEqual([`openfire${path.sep}tokens${path.sep}club.yaml at tokens[0].count+: count is not a list, so nothing is added to it or taken from it: give it whole (count:)`]);
  });

  it('a change entry in a rule set given whole by its own folder: there is nothing earlier to change', async () => {
    const { code, lines } = await refused({
      'mini/system.yaml': 'id: mini\nname: Mini\nrulesVersion: one\nscale: 28mm\nblurb: A test.\nprovenance: A test.\nproducts: [tables]\nunits: cm\n',
      'mini/tables/t.yaml': 'tables:\n  - change: force-morale\n    summary: x\n',
    });
    expect(code).toBe(2);
    expect(lines[0]).toMatch(/^mini.tables.t\.yaml at tables\[0\]\.change: no table "force-morale" to change/);
  });

  it('the merged data still passes the checks: an option of another nation', async () => {
    const { code, lines } = await refused({ 'bof/arsenal/club.yaml': `${GRENADIERS}        options+: [us-rifleman]\n` });
    expect(code).toBe(2);
    expect(lines).toEqual([`bof${path.sep}arsenal${path.sep}club.yaml at doctrines[id=de-infantry].detachments[0].options[10]: unit "us-rifleman" belongs to us, not de`]);
  });
});
