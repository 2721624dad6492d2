/**
 * Issue 55, point 6: a campaign state nested thousands of levels deep (45 kB at 20,000 levels)
 * took `status` seconds to walk, and `record` and `undo` then failed with "Maximum call stack
 * size exceeded". Such a file is refused from its text, before it is parsed or walked, by file
 * and depth, exit 2, nothing written; on the command line and in the page alike.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonDepth } from '../../src/data/json-depth.js';
import { MAX_STATE_DEPTH } from '../../src/data/limits.js';
import { CHANGES_KEY } from '../../src/data/state-file.js';
import { PageCampaign, STATE_PATH } from '../../src/web/campaign-page.js';
import { workdirs } from '../helpers/fixtures.js';
import { muster } from '../helpers/cli.js';
import { loadBuiltPage } from '../helpers/page.js';

const workdir = workdirs(afterEach);
const DEPTH = 40_000;
const FORCES = new URL('../../examples/forces/', import.meta.url);

type State = Record<string, any>;

/** A list nested `depth` levels deep, as text: where a marker string stands in a state's JSON. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

async function ok(args: string[], cwd: string) {
  const result = await muster(args, cwd);
  expect(result.code, `muster ${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result;
}

/** A Burst of Fire campaign after a game, so its file keeps a change. */
async function bofCampaign(): Promise<string> {
  const cwd = workdir();
  await ok(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'deep'], cwd);
  await ok(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '10:4'], cwd);
  return cwd;
}

const ACTIONS: string[][] = [['status'], ['record', '--winner', 'b', '--victory', 'decisive', '--combat-score', '3:9'], ['undo'], ['next', '-o', 'n.pdf'], ['booklet', '-o', 'b.pdf']];

describe('a campaign state nested deeper than any state muster writes', () => {
  // each with the levels above the marker: the file's object, and a kept state's three more
  const places: [string, (s: State) => void, number][] = [
    ['a field of the state', (s) => (s.ledger = '@deep@'), 1],
    ['a field of a kept state', (s) => (s[CHANGES_KEY][0].state.ledger = '@deep@'), 4],
    ['a field muster does not know', (s) => (s.surprise = '@deep@'), 1],
  ];
  it.each(places.map(([where, edit, above]) => ({ where, edit, above })))(`$where, ${DEPTH} levels: every action refuses it by file and depth, exit 2, nothing written`, async ({ edit, above }) => {
    const cwd = await bofCampaign();
    const state = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as State;
    edit(state);
    const text = JSON.stringify(state, null, 2).replace('"@deep@"', nested(DEPTH));
    writeFileSync(path.join(cwd, 'c.json'), text);
    const bak = readFileSync(path.join(cwd, 'c.json.bak'), 'utf8');
    for (const action of ACTIONS) {
      const result = await muster(['campaign', 'bof', action[0]!, '--state', 'c.json', ...action.slice(1)], cwd);
      expect({ action: action[0], code: result.code }).toEqual({ action: action[0], code: 2 });
      expect(result.stderr).toContain(
        `${path.join(cwd, 'c.json')}: is nested ${DEPTH + above} levels deep, more than the ${MAX_STATE_DEPTH} a campaign state ever holds, so it is not one muster wrote; nothing was read or changed: open the state muster last wrote, or the one before the last change, in ${path.join(cwd, 'c.json.bak')}`,
      );
      expect(result.stderr).not.toMatch(/call stack/);
      expect(readFileSync(path.join(cwd, 'c.json'), 'utf8')).toBe(text);
      expect(readFileSync(path.join(cwd, 'c.json.bak'), 'utf8')).toBe(bak);
      expect(existsSync(path.join(cwd, 'n.pdf')) || existsSync(path.join(cwd, 'b.pdf'))).toBe(false);
    }
  });

  it('a Fire Team state too, with no backup beside it', async () => {
    const cwd = workdir();
    await ok(['campaign', 'fireteam', 'new', '--state', 'c.json', '--seed', 'deep'], cwd);
    const state = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as State;
    state.log = '@deep@';
    writeFileSync(path.join(cwd, 'c.json'), JSON.stringify(state).replace('"@deep@"', `${'[{"a":'.repeat(DEPTH / 2)}1${'}]'.repeat(DEPTH / 2)}`));
    const result = await muster(['campaign', 'fireteam', 'status', '--state', 'c.json'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`c.json: is nested ${DEPTH + 1} levels deep, more than the ${MAX_STATE_DEPTH} a campaign state ever holds`);
    expect(result.stderr).toContain('open the state muster last wrote (on the page: the copy you last saved)');
  });

  it(`the deepest a real state reaches is within the limit: ${MAX_STATE_DEPTH} levels`, async () => {
    // Fire Team's deepest: a kept state whose pending encounter over two squares keeps its roll for the ground
    const cwd = workdir();
    const campaign = (action: string, ...rest: string[]) => ['campaign', 'fireteam', action, '--state', 'c.json', ...rest];
    await ok(campaign('new', '--seed', 'e', '--force', new URL('fireteam-russians.yaml', FORCES).pathname, '--force', new URL('fireteam-fallschirmjager.yaml', FORCES).pathname), cwd);
    // the packets are not looked at: written as JSON, the quicker
    await ok(campaign('next', '--assault', 'a:B5', '--assault', 'b:B2', '-o', 't1.json', '--format', 'json'), cwd);
    await ok(campaign('record', '--battle', '1', '--winner', 'a'), cwd);
    await ok(campaign('record', '--battle', '2', '--winner', 'b'), cwd);
    await ok(campaign('next', '--assault', 'a:B4', '--assault', 'b:B3', '-o', 't2.json', '--format', 'json'), cwd);
    await ok(campaign('record', '--winner', 'a'), cwd);
    await ok(campaign('undo'), cwd);
    await ok(campaign('undo'), cwd);
    const fireteam = readFileSync(path.join(cwd, 'c.json'), 'utf8');
    expect(jsonDepth(fireteam)).toBe(10);
    // Burst of Fire's deepest: a kept force's salvaged weapons, in a kept state
    const bof = workdir();
    await ok(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', '3', '--force', new URL('kampfgruppe-weber.yaml', FORCES).pathname], bof);
    const record = ['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '20:5'];
    await ok([...record, '--salvage', 'a:de-kar98k>de-rifleman'], bof);
    await ok(record, bof);
    expect(jsonDepth(readFileSync(path.join(bof, 'c.json'), 'utf8'))).toBe(9);
    expect(MAX_STATE_DEPTH).toBeGreaterThanOrEqual(3 * 10);
    // a state one level below the limit is read as any other (and refused for what it holds)
    const state = JSON.parse(fireteam) as State;
    state.log = '@deep@';
    writeFileSync(path.join(cwd, 'c.json'), JSON.stringify(state).replace('"@deep@"', nested(MAX_STATE_DEPTH - 1)));
    const within = await muster(campaign('status'), cwd);
    expect(within.code).toBe(2);
    expect(within.stderr).toMatch(/c\.json at log\[0\]: /);
  }, 60_000);

  it('the page refuses it too, with the same words, and keeps no state', async () => {
    const cwd = await bofCampaign();
    const state = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as State;
    state[CHANGES_KEY][0].state.ledger = '@deep@';
    const { files, run } = await loadBuiltPage();
    const campaign = new PageCampaign(files, run);
    const opened = await campaign.open('bof', 'deep.json', new TextEncoder().encode(JSON.stringify(state).replace('"@deep@"', nested(DEPTH))));
    expect(opened.changed).toBe(false);
    expect(opened.run.code).toBe(2);
    expect(opened.run.stderr).toContain(`is nested ${DEPTH + 4} levels deep, more than the ${MAX_STATE_DEPTH} a campaign state ever holds`);
    expect(opened.run.stderr).toContain('on the page: the copy you last saved');
    expect(files.has(STATE_PATH)).toBe(false);
  });
});

describe('jsonDepth', () => {
  it('counts objects and lists, not the brackets in strings', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{}')).toBe(1);
    expect(jsonDepth('{"a": [1, {"b": []}]}')).toBe(4);
    expect(jsonDepth('{"a": "[[[{{{"}')).toBe(1);
    expect(jsonDepth('{"a": "\\"[[[", "b": ["\\\\"]}')).toBe(2);
    expect(jsonDepth(nested(DEPTH))).toBe(DEPTH);
  });
});

describe('a force file or house data file nested thousands of levels deep', () => {
  const files: [string, string][] = [
    ['f.yaml', `name: ${nested(DEPTH)}\n`],
    ['f.json', `{"name": ${nested(DEPTH)}}`],
    ['f.yaml', `name: Weber\nunits:\n  ${'- '.repeat(DEPTH)}x\n`],
  ];
  it.each(files.map(([name, text]) => ({ name, text })))('$name: refused by file and line as too deeply nested, exit 2', async ({ name, text }) => {
    const cwd = workdir({ [name]: text });
    const result = await muster(['check', 'bof', '--force', name], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`${name.replace('.', '\\.')} at line \\d+, column \\d+: nested too deeply to read: a force file nests a few levels of lists and fields \\(muster's own at most 7\\); is this the right file\\?`));
    expect(result.stderr).not.toMatch(/call stack/);
  });
  it('a house data file too', async () => {
    const cwd = workdir({ 'house/bof/tables/deep.yaml': `tables: ${nested(DEPTH)}\n` });
    const result = await muster(['validate', '--data', 'house'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/deep\.yaml at line \d+, column \d+: nested too deeply to read: a data file nests/);
  });
});
