/**
 * Hostile sizes and bad input files (issue 12): every number and text has a limit in its
 * schema, a file has a size limit, a data folder's links stay inside it, text must be UTF-8,
 * and ids are used once per data folder. Past a limit: exit 2 naming the file, the field and
 * the limit, never a crash, a hang or a run out of memory. Huge inputs are not generated: a
 * value just past each limit shows the limit is there.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { loadCardDecks } from '../src/data/cards.js';
import { MAX_DICE, MAX_FILE_BYTES, MAX_FOLDER_ENTRIES, MAX_FORCE_MODELS, MAX_ID_LENGTH, MAX_LABEL_LENGTH, MAX_PIECES, MAX_TABLE_NUMBER, MAX_TEXT_LENGTH, MAX_TURNS } from '../src/data/limits.js';
import { loadRulesDb } from '../src/data/load.js';
import { firstInvalidUtf8, readTextFile } from '../src/data/read.js';
import { checkDataFolder } from '../src/data/walk.js';
import { diceSpec, ruleTable, sheetsFile } from '../src/data/schema.js';
import { loadTokenGroups, tokenSchema } from '../src/data/tokens.js';
import { parseDice } from '../src/engine/dice.js';
import { adjustedDistribution, sumDistribution } from '../src/engine/odds.js';
import { DiceError } from '../src/engine/errors.js';
import { DataError, type DataProblem } from '../src/errors.js';
import { loadAids } from '../src/systems/bof/aids.js';
import { weapon as bofWeapon } from '../src/systems/bof/arsenal-schema.js';
import { loadArsenal } from '../src/systems/bof/arsenal.js';
import { forceEntry, forceFile } from '../src/systems/bof/force.js';
import { loadModes } from '../src/systems/bof/scenario-data.js';
import { gameMode } from '../src/systems/bof/scenario-schema.js';
import { unit as ofUnit } from '../src/systems/openfire/schema.js';
import { muster } from './helpers/cli.js';
import { ARSENAL_FIXTURE, DEMO_DATA, workdirs } from './helpers/fixtures.js';

const workdir = workdirs(afterEach);
const builtin = (file: string) => YAML.parse(readFileSync(fileURLToPath(new URL(`../data/${file}`, import.meta.url)), 'utf8'));

/** The messages of a schema's refusal, each with its field path. */
function refusal(schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown): string[] {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

async function problemsOf(load: () => Promise<unknown>): Promise<DataProblem[]> {
  try {
    await load();
  } catch (error) {
    expect(error).toBeInstanceOf(DataError);
    return [...(error as DataError).problems];
  }
  throw new Error('expected the data to be refused');
}

const table = (rows: unknown[], dice = '2D6') => ({ id: 'house', title: 'House', section: 'House', source: 'house', use: 'lookup', dice, columns: [{ key: 'roll', label: 'Roll' }, { key: 'what', label: 'What' }], rows });
const token = (extra: Record<string, unknown> = {}) => ({ id: 'crater', label: 'Crater', icon: 'explosion', shape: 'round', colour: '#7a3b2e', section: 'House', count: 2, ...extra });

describe('every number and text in a schema has a limit', () => {
  it('a table row whose span runs to 200000000 is refused at the limit, not expanded', () => {
    expect(refusal(ruleTable, table([{ roll: { from: 2, to: 200_000_000 }, what: 'x' }]))).toContain(`rows.0.roll.to: at most ${MAX_TABLE_NUMBER}`);
  });
  it('a span that runs backwards is refused', () => {
    expect(refusal(ruleTable, table([{ roll: { from: 12, to: 2 }, what: 'x' }]))).toContain('rows.0.roll.to: a span runs from the lower total to the higher');
  });
  it('dice of 99999999D6 or 400D6 are refused by the schema, and by the engine', () => {
    expect(refusal(diceSpec, '99999999D6')).toEqual([': dice written like "2D6", "4D6", "1D3", "D10" or "1D20"']);
    expect(refusal(diceSpec, '400D6')).toEqual([`: from 1 to ${MAX_DICE} dice`]);
    expect(diceSpec.safeParse(`${MAX_DICE}D6`).success).toBe(true);
    expect(() => parseDice('400D6')).toThrow(DiceError);
    expect(() => parseDice('400D6')).toThrow(`at most ${MAX_DICE} dice`);
    expect(() => parseDice('99999999D6')).toThrow(`at most ${MAX_DICE} dice`);
    expect(() => parseDice('2D1000')).toThrow('at most 100 sides');
    expect(() => sumDistribution('400D6')).toThrow(DiceError);
  });
  it('a sheet of odds for 400D6 (which printed "NaN%") is refused', () => {
    const sheets = { sheets: [{ id: 'odds', title: 'Odds', blocks: [{ odds: '400D6', or: 'lower', title: 'Odds' }] }] };
    expect(refusal(sheetsFile, sheets)).toEqual([`sheets.0.blocks.0.odds: from 1 to ${MAX_DICE} dice`]);
  });
  it('odds of dropping dice are not walked one outcome at a time past 8D6 or so', () => {
    expect(() => adjustedDistribution('12D6', { op: 'drop', which: 'highest', count: 1 })).toThrow(/too many dice/);
  });
  it('a token count of 9e15 is refused at the limit', () => {
    expect(refusal(tokenSchema, token({ count: 9e15 }))).toEqual(['count: at most 100']);
  });
  it('a label just over the limit is refused (a 5 MB label took 2.7 GB to print)', () => {
    const long = 'x'.repeat(MAX_LABEL_LENGTH + 1);
    expect(refusal(forceEntry, { unit: 'de-rifleman', label: long })).toEqual([`label: at most ${MAX_LABEL_LENGTH} characters`]);
    expect(refusal(tokenSchema, token({ section: long }))).toEqual([`section: at most ${MAX_LABEL_LENGTH} characters`]);
    expect(refusal(ruleTable, { ...table([{ roll: [2], what: 'x' }]), title: long })).toEqual([`title: at most ${MAX_LABEL_LENGTH} characters`]);
  });
  it('a table cell of text just over the limit is refused', () => {
    expect(refusal(ruleTable, table([{ roll: [2], what: 'x'.repeat(MAX_TEXT_LENGTH + 1) }])).join('\n')).toMatch(`rows.0.what: at most ${MAX_TEXT_LENGTH} characters`);
  });
  it('a force entry with a count of 9e15 is refused', () => {
    expect(refusal(forceEntry, { unit: 'de-rifleman', count: 9e15 })).toEqual(['count: at most 100']);
  });
  it(`a force of more than ${MAX_FORCE_MODELS} models in all is refused`, () => {
    const force = { name: 'Horde', nation: 'de', doctrine: 'de-infantry', detachment: 'de-grenadier-platoon', points: 5000, units: Array.from({ length: 6 }, () => ({ unit: 'de-rifleman', count: 100 })) };
    expect(refusal(forceFile, force)).toEqual([`units: a force has at most ${MAX_FORCE_MODELS} models in all`]);
  });
  it('a force of 9e15 points is refused', () => {
    const force = { name: 'Rich', nation: 'de', doctrine: 'de-infantry', detachment: 'de-grenadier-platoon', points: 9e15, units: [{ unit: 'de-officer' }] };
    expect(refusal(forceFile, force)).toEqual(['points: at most 5000']);
  });
  it('a game mode of 1000000 turns is refused', () => {
    const mode = builtin('bof/scenarios/modes.yaml').modes[0];
    expect(gameMode.safeParse(mode).success).toBe(true);
    expect(refusal(gameMode, { ...mode, turns: 1_000_000 })).toEqual([`turns: at most ${MAX_TURNS}`]);
  });
  it('an Open Fire unit of 9e15 points is refused', () => {
    const unit = builtin('openfire/lists/lists.yaml').units[0];
    expect(ofUnit.safeParse(unit).success).toBe(true);
    expect(refusal(ofUnit, { ...unit, points: 9e15 })).toEqual(['points: at most 5000']);
  });
  it('a Burst of Fire weapon with an attack value of 9e15 is refused', () => {
    const weapon = { id: 'big', name: 'Big gun', kind: 'rifle', slot: 'primary', attack: 9e15, cost: 0 };
    expect(refusal(bofWeapon, weapon)).toEqual(['attack: at most 100']);
  });
  it('an id over the limit is refused', () => {
    expect(refusal(tokenSchema, token({ id: 'a'.repeat(MAX_ID_LENGTH + 1) }))).toEqual([`id: at most ${MAX_ID_LENGTH} characters`]);
  });
});

describe('totals a run would print', () => {
  it(`token sheets of more than ${MAX_PIECES} tokens are refused`, async () => {
    const tokens = Array.from({ length: 21 }, (_, i) => token({ id: `crater-${i}`, count: 100 }));
    const dir = workdir({ 'tokens/house.yaml': YAML.stringify({ tokens }) });
    const problems = await problemsOf(() => loadTokenGroups([dir]));
    expect(problems.map((p) => p.message)).toEqual([`the token sheets would hold 2100 tokens; at most ${MAX_PIECES} print in one run`]);
  });
  it('decks of more than 1000 cards are refused', async () => {
    const card = (i: number) => ({ id: `card-${i}`, title: 'Card', subtitle: 'House', section: 'House', lines: [], count: 30 });
    // two copies (a deck's most: one plain, one hatched) of 18 cards of 30
    const copies = [{ name: 'Player 1', colour: '#2f5d3a' }, { name: 'Player 2', colour: '#2f5d3a', pattern: 'hatched' }];
    const deck = { deck: { title: 'House', back: { title: 'HOUSE', subtitle: 'Orders', icon: 'star' }, copies }, cards: Array.from({ length: 18 }, (_, i) => card(i)) };
    const dir = workdir({ 'cards/house.yaml': YAML.stringify(deck) });
    const problems = await problemsOf(() => loadCardDecks({ dirs: [dir], readings: new Map() }));
    expect(problems.map((p) => p.message)).toEqual(['the decks would hold 1080 cards; at most 1000 print in one run']);
  });
  it('a free unit among a detachment’s options is refused: buying until the points run out would never end', async () => {
    const mini = readFileSync(path.join(ARSENAL_FIXTURE, 'arsenal/mini.yaml'), 'utf8').replace(
      '    weapons: [kar98k]\n    source: Grenadier with the standard rifle.\n',
      '    weapons: [kar98k]\n    source: Grenadier with the standard rifle.\n    costOverride: { cost: 0, reason: "A house rule makes riflemen free." }\n',
    );
    const dir = workdir({ 'arsenal/mini.yaml': mini });
    const problems = await problemsOf(() => loadArsenal([dir]));
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toContain(
      'doctrines[id=de-infantry].detachments[0].options[0]: "de-rifleman" costs 0 points; a unit a detachment buys costs at least 1 (only ranking officers come free)',
    );
  });
});

describe('reading a file', () => {
  it('non-UTF-8 bytes are refused with the file and the offset of the first bad byte', () => {
    const dir = workdir();
    const file = path.join(dir, 'force.yaml');
    writeFileSync(file, Buffer.concat([Buffer.from('name: Test\nlabel: caf'), Buffer.from([0xe9]), Buffer.from('\n')]));
    expect(() => readTextFile(file, 'force file')).toThrow(DataError);
    try {
      readTextFile(file, 'force file');
    } catch (error) {
      expect((error as DataError).problems).toEqual([
        { file, path: 'byte offset 21 (line 2)', message: 'not UTF-8 text: byte 0xE9 is not valid UTF-8; save the force file as UTF-8' },
      ]);
    }
  });
  it('the offset is that of the first byte the UTF-8 decoder refuses', () => {
    const bytes = (...b: number[]) => Uint8Array.from(b);
    const decodes = (b: Uint8Array) => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(b);
        return true;
      } catch {
        return false;
      }
    };
    const cases: [Uint8Array, number][] = [
      [bytes(0x61, 0xc3, 0xa9, 0x62), 4], // "aéb": all valid
      [bytes(0x61, 0xf0, 0x9f, 0x8e, 0xb2), 5], // a die emoji
      [bytes(0x61, 0xc0, 0xaf), 1], // an overlong "/"
      [bytes(0x61, 0xe2, 0x82), 1], // "€" cut short at the end
      [bytes(0xed, 0xa0, 0x80), 0], // a surrogate
      [bytes(0x41, 0xe2, 0x82, 0x41), 1], // "€" broken by an "A"
      [bytes(0xf5, 0x80, 0x80, 0x80), 0], // above U+10FFFF
      [bytes(0x80), 0], // a lone continuation byte
    ];
    for (const [b, offset] of cases) {
      expect(firstInvalidUtf8(b), [...b].join(' ')).toBe(offset);
      expect(decodes(b), [...b].join(' ')).toBe(offset === b.length);
    }
  });
  it('a UTF-8 byte order mark is accepted and dropped', () => {
    const dir = workdir();
    const file = path.join(dir, 'force.yaml');
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name: Café\n')]));
    expect(readTextFile(file, 'force file')).toBe('name: Café\n');
  });
  it('a file over the size limit is refused without reading it', () => {
    const dir = workdir();
    const file = path.join(dir, 'big.yaml');
    writeFileSync(file, '');
    truncateSync(file, 45 * 1024 * 1024);
    expect(() => readTextFile(file, 'force file')).toThrow('is 45 MiB, larger than the 1 MiB a force file may be');
    expect(MAX_FILE_BYTES).toBe(1024 * 1024);
  });
  it('a data file with bad bytes names the file and the offset', async () => {
    const dir = workdir();
    mkdirSync(path.join(dir, 'demo/tables'), { recursive: true });
    writeFileSync(path.join(dir, 'demo/tables/house.yaml'), Buffer.from([0x74, 0x61, 0x62, 0x6c, 0x65, 0x73, 0x3a, 0x20, 0xff, 0x0a]));
    const problems = await problemsOf(() => loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [dir] }));
    expect(problems).toEqual([
      { file: path.join(dir, 'demo/tables/house.yaml'), path: 'byte offset 8 (line 1)', message: 'not UTF-8 text: byte 0xFF is not valid UTF-8; save the data file as UTF-8' },
    ]);
  });
});

describe('--force names something that is not a force file', () => {
  it('--force /dev/zero is refused at once, without reading it', async () => {
    const { code, stderr } = await muster(['cards', 'bof', '--force', '/dev/zero'], workdir());
    expect(code).toBe(2);
    expect(stderr).toMatch('/dev/zero: is a device, not a force file; give the path of a force file (YAML or JSON)');
  });
  it('--force naming a folder', async () => {
    const cwd = workdir({ 'forces/readme.txt': 'x' });
    const { code, stderr } = await muster(['tokens', 'bof', '--force', 'forces'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(`${path.join(cwd, 'forces')}: is a folder, not a force file`);
  });
  it.skipIf(process.platform === 'win32')('--force naming a pipe does not wait for a writer', async () => {
    const cwd = workdir();
    execFileSync('mkfifo', [path.join(cwd, 'force.yaml')]);
    const { code, stderr } = await muster(['cards', 'bof', '--force', 'force.yaml'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch('force.yaml: is a pipe, not a force file');
  });
});

describe('links and folders in a data folder', () => {
  const house = () => workdir({ 'demo/tables/house.yaml': readFileSync(path.join(DEMO_DATA, 'demo/tables/all.yaml'), 'utf8') });
  it('a link back to a folder that holds it stops the walk with a message', async () => {
    const dir = house();
    symlinkSync('..', path.join(dir, 'demo/tables/loop'));
    const problems = await problemsOf(() => loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [dir] }));
    expect(problems).toEqual([
      { file: path.join(dir, 'demo/tables/loop'), path: '', message: `is a symbolic link to ${path.join(dir, 'demo')}, a folder that holds it: a loop; remove the link` },
    ]);
  });
  it('two links that point at each other', async () => {
    const dir = house();
    symlinkSync('b', path.join(dir, 'demo/a'));
    symlinkSync('a', path.join(dir, 'demo/b'));
    const problems = await problemsOf(() => loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [dir] }));
    expect(problems.map((p) => `${path.basename(p.file)}: ${p.message}`)).toEqual([
      'a: is a symbolic link in a loop of links; remove the loop',
      'b: is a symbolic link in a loop of links; remove the loop',
    ]);
  });
  it('a link out of the data folder is not followed', async () => {
    const dir = house();
    const elsewhere = workdir({ 'tables/other.yaml': 'tables: []\n' });
    symlinkSync(path.join(elsewhere, 'tables'), path.join(dir, 'demo/more'));
    const problems = await problemsOf(() => loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [dir] }));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file).toBe(path.join(dir, 'demo/more'));
    expect(problems[0]!.message).toMatch(/^is a symbolic link out of the data folder \(to .*\); muster follows links only within the folder/);
  });
  it('a link to a folder the data folder already holds would read it twice', async () => {
    const dir = house();
    symlinkSync('tables', path.join(dir, 'demo/tables-again'));
    const problems = await problemsOf(() => loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [dir] }));
    expect(problems.map((p) => `${path.basename(p.file)}: ${p.message}`)).toEqual([
      `tables-again: is a symbolic link to ${path.join(dir, 'demo/tables')}, which the data folder already holds; each folder is read once, so remove the link`,
    ]);
  });
  it('a link to a file inside the folder is read', async () => {
    const dir = workdir({ '.shared/house.yaml': readFileSync(path.join(DEMO_DATA, 'demo/tables/all.yaml'), 'utf8').replace('title: Hits on soldiers', 'title: Hits on soldiers (linked)') });
    mkdirSync(path.join(dir, 'demo/tables'), { recursive: true });
    symlinkSync('../../.shared/house.yaml', path.join(dir, 'demo/tables/house.yaml'));
    const db = await loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [dir] });
    expect([...db.system('demo').tables.values()].map((t) => t.title)).toContain('Hits on soldiers (linked)');
  });
  it.skipIf(process.getuid?.() === 0 || process.platform === 'win32')('a folder that cannot be read is named (mode 000)', async () => {
    const dir = house();
    chmodSync(path.join(dir, 'demo/tables'), 0);
    try {
      const problems = await problemsOf(() => loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [dir] }));
      expect(problems).toEqual([{ file: path.join(dir, 'demo/tables'), path: '', message: "cannot be read: permission denied (check the folder's permissions)" }]);
    } finally {
      chmodSync(path.join(dir, 'demo/tables'), 0o755);
    }
  });
  it('a folder of more files and folders than a data folder holds (--data / by mistake) is refused without a walk through it all', () => {
    const dir = workdir({ 'a/1.yaml': '', 'a/2.yaml': '', 'b/1/x.yaml': '', 'b/2/x.yaml': '' });
    expect(checkDataFolder(dir, 8)).toEqual([]);
    expect(checkDataFolder(dir, 7)).toEqual([{ file: dir, path: '', message: 'holds more than 7 files and folders; a data folder holds one small folder per rule set (is this the right folder?)' }]);
    expect(MAX_FOLDER_ENTRIES).toBe(10_000);
  });
  it('a rule-set id of 300 characters is refused in a line', async () => {
    const { code, stderr } = await muster(['tables', 'a'.repeat(300)], workdir());
    expect(code).toBe(2);
    const known = (await loadRulesDb({ dataDirs: [] })).systems.map((s) => s.info.id).join(', ');
    expect(stderr).toBe(`muster: unknown rule set "${'a'.repeat(20)}…" (300 characters; an id has at most ${MAX_ID_LENGTH}); known rule sets: ${known}\n`);
  });
});

describe('an id is used once in each data folder', () => {
  it('tokens', async () => {
    const dir = workdir({ 'tokens/a.yaml': YAML.stringify({ tokens: [token()] }), 'tokens/b.yaml': YAML.stringify({ tokens: [token()] }) });
    const problems = await problemsOf(() => loadTokenGroups([dir]));
    expect(problems).toEqual([
      {
        file: path.join(dir, 'tokens/b.yaml'),
        path: 'tokens[0].id',
        message: `duplicate token id "crater", already used in ${path.join(dir, 'tokens/a.yaml')} at tokens[0].id; within one data folder each id is used once (a --data folder may replace a built-in one)`,
      },
    ]);
  });
  it('a later folder may still replace a token by its id', async () => {
    const first = workdir({ 'tokens/a.yaml': YAML.stringify({ tokens: [token()] }) });
    const second = workdir({ 'tokens/a.yaml': YAML.stringify({ tokens: [token({ count: 7 })] }) });
    const [group] = await loadTokenGroups([first, second]);
    expect(group!.tokens.map((t) => t.count)).toEqual([7]);
  });
  it('cards of the decks', async () => {
    const deck = (title: string) => ({ deck: { title, back: { title: 'HOUSE', subtitle: 'Orders', icon: 'star' }, copies: [{ name: 'Green', colour: '#2f5d3a' }] }, cards: [{ id: 'dig-in', title: 'Dig in', subtitle: 'Order', section: 'House', lines: [], count: 1 }] });
    const dir = workdir({ 'cards/a.yaml': YAML.stringify(deck('A')), 'cards/b.yaml': YAML.stringify(deck('B')) });
    const problems = await problemsOf(() => loadCardDecks({ dirs: [dir], readings: new Map() }));
    expect(problems.map((p) => `${path.basename(p.file)} at ${p.path}: ${p.message.split(';')[0]}`)).toEqual([`b.yaml at cards[0].id: duplicate card id "dig-in", already used in ${path.join(dir, 'cards/a.yaml')} at cards[0].id`]);
  });
  it('Open Fire army lists: nations and units', async () => {
    const lists = builtin('openfire/lists/lists.yaml');
    const dir = workdir({ 'openfire/lists/house.yaml': YAML.stringify({ nations: [lists.nations[0], lists.nations[0]], units: [lists.units[1], lists.units[1]] }) });
    const { code, stderr } = await muster(['cards', 'openfire', '--data', dir], workdir());
    expect(code).toBe(2);
    expect(stderr).toMatch(`house.yaml at nations[1].id: duplicate nation id "${lists.nations[0].id}", already used in ${path.join(dir, 'openfire/lists/house.yaml')} at nations[0].id`);
    expect(stderr).toMatch(`house.yaml at units[1].id: duplicate unit id "${lists.units[1].id}"`);
  });
  it('Burst of Fire game modes', async () => {
    const mode = builtin('bof/scenarios/modes.yaml').modes[0];
    const dir = workdir({ 'scenarios/a.yaml': YAML.stringify({ modes: [mode] }), 'scenarios/b.yaml': YAML.stringify({ modes: [mode] }) });
    const problems = await problemsOf(() => loadModes([dir]));
    expect(problems.map((p) => `${path.basename(p.file)} at ${p.path}: ${p.message.split(',')[0]}`)).toEqual(['b.yaml at modes[0].id: duplicate game mode id "probing"']);
  });
  it('Burst of Fire event cards in two files of one folder', async () => {
    const events = builtin('bof/aids/events.yaml').events.slice(0, 1);
    const dir = workdir({ 'aids/a.yaml': YAML.stringify({ events }), 'aids/b.yaml': YAML.stringify({ events }) });
    const problems = await problemsOf(() => loadAids([dir]));
    expect(problems.map((p) => `${path.basename(p.file)} at ${p.path}: ${p.message.split(',')[0]}`)).toContain('b.yaml at events[0].id: duplicate event card id "heavy-rain"');
  });
});

describe('Open Fire --points', () => {
  it('below the cheapest force is refused with the minimum, not answered with a force over budget', async () => {
    const { code, stderr, stdout } = await muster(['scenario', 'openfire', '--points', '20', '--seed', 's', '--format', 'json'], workdir());
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch('--points 20: too few for an Open Fire force; each side fields its officer team first, and the Zugführer (Germany) costs 30 points: give --points 30 or more');
  });
  it('at the minimum every force keeps to its budget', async () => {
    const { code, stdout } = await muster(['scenario', 'openfire', '--points', '30', '--seed', 's', '--format', 'json'], workdir());
    expect(code).toBe(0);
    for (const force of JSON.parse(stdout).forces) expect(force.points).toBeLessThanOrEqual(30);
  });
});

describe('muster validate catches them before any product runs', () => {
  it('a house table whose span runs to 200000000 (which crashed V8) names the file, the field and the limit', async () => {
    const rows = [{ roll: { from: 2, to: 200_000_000 }, what: 'everything' }];
    const dir = workdir({ 'bof/tables/house.yaml': YAML.stringify({ tables: [table(rows)] }) });
    const { code, stderr } = await muster(['validate', '--data', dir], workdir());
    expect(code).toBe(2);
    expect(stderr).toMatch(`house.yaml at tables[0].rows[0].roll.to: at most ${MAX_TABLE_NUMBER}`);
  });
});
