/**
 * Issue 23, items 10, 11 and 14: a campaign state edited by hand (or shared by someone else) is
 * checked against the campaign's data when it is read, so a broken reference is named instead
 * of crashing or printing "Red Army takes Z9"; nothing muster prints can carry a control
 * character to the terminal; names are checked before anything is rolled.
 */
import { MANIFESTS } from '../../src/systems/registry.js';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workdirs } from '../helpers/fixtures.js';
import { muster } from '../helpers/cli.js';

const workdir = workdirs(afterEach);
const ESCAPES = '\u001b]0;PWNED\u0007\u001b[2J';
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

type State = Record<string, any>;

async function fireTeamState(): Promise<{ cwd: string; state: State }> {
  const cwd = workdir();
  await muster(['campaign', 'fireteam', 'new', '--state', 'c.json', '--seed', 'edit'], cwd);
  // the turn's packets are not looked at: written as JSON, the quicker
  expect((await muster(['campaign', 'fireteam', 'next', '--state', 'c.json', '--assault', 'a:C5', '--assault', 'b:C2', '-o', 'turn.json', '--format', 'json'], cwd)).code).toBe(0);
  return { cwd, state: JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as State };
}

async function bofState(): Promise<{ cwd: string; state: State }> {
  const cwd = workdir();
  await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'edit'], cwd);
  for (let i = 0; i < 3; i++) await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '10:4'], cwd);
  return { cwd, state: JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as State };
}

const FIRE_TEAM_EDITS: [string, (s: State) => void, RegExp][] = [
  ['an army list the data lacks', (s) => (s.lists.a = 'martians'), /at lists\.a: "martians" is no army list of this rule set; the lists are .*russians/],
  ['a square off the map held', (s) => (s.owners.Z9 = 'a'), /at owners\.Z9: "Z9" is no square of the map/],
  ['a battle over a square off the map', (s) => (s.pending[0].square = 'Z9'), /at pending\[0\]\.square: "Z9" is no square of the map/],
  ['a side\'s square off the map', (s) => (s.pending[0].squares.a = 'Z9'), /at pending\[0\]\.squares\.a: "Z9" is no square/],
  ['an attack without its attacker', (s) => (s.pending[0].attacker = null), /at pending\[0\]\.attacker: an attack needs its attacker, a or b/],
  ['an encounter with an attacker', (s) => (s.pending[1].kind = 'encounter'), /at pending\[1\]\.attacker: an encounter has no attacker/],
  ['two battles numbered 1', (s) => (s.pending[1].battle = 1), /at pending\[1\]\.battle: is 1; the battles of a turn are numbered 1 and 2 in order/],
  ['an attack on a square its side did not assault', (s) => (s.pending[0].square = 'C4'), /at pending\[0\]\.square: is C4, but the battle is fought over C5/],
  ['a log entry off the map', (s) => s.log.push({ turn: 1, battle: 1, kind: 'attack', square: 'Z9', attacker: 'a', winner: 'a', event: 'x' }), /at log\[0\]\.square: "Z9" is no square/],
  ['a turn past the campaign\'s end', (s) => (s.turn = 51), /at turn: is 51, but this campaign ends after turn \d+/],
  ['a side named with terminal escapes', (s) => (s.names.a = ESCAPES), /at names\.a: holds the control character U\+001B/],
];

const BOF_EDITS: [string, (s: State) => void, RegExp][] = [
  ['games numbered out of order', (s) => (s.history[0].game = 3), /at history\[0\]\.game: is 3, but it is game 1 of the history/],
  ['more wins than games', (s) => (s.wins.b = 3), /at wins: add up to 6, more than the 3 games played/],
  ['an upgrade bought in a game not played', (s) => s.ledger.push({ game: 9, side: 'a', kind: 'upgrade', text: 'MG', cost: 1 }), /at ledger\[0\]\.game: is 9, after the 3 games played/],
  ['a side named with terminal escapes', (s) => (s.names.b = ESCAPES), /at names\.b: holds the control character U\+001B/],
];

const ACTIONS: Record<string, string[][]> = {
  fireteam: [['status'], ['next', '-o', 'n.pdf'], ['record', '--battle', '1', '--winner', 'a'], ['booklet', '-o', 'b.pdf']],
  bof: [['status'], ['next', '-o', 'n.pdf'], ['record', '--winner', 'b', '--victory', 'decisive', '--combat-score', '3:9'], ['booklet', '-o', 'b.pdf']],
};

/**
 * The campaign a rule set's edits start from, made by its commands once (the seed fixes it,
 * and a Fire Team turn prints two packets): each edit gets its own folder holding that state.
 */
function madeOnce(make: () => Promise<{ cwd: string; state: State }>): () => Promise<{ cwd: string; state: State }> {
  let text: Promise<string> | undefined;
  return async () => {
    text ??= make().then(({ state }) => JSON.stringify(state));
    const state = await text;
    return { cwd: workdir({ 'c.json': state }), state: JSON.parse(state) as State };
  };
}

for (const [system, edits, made] of [
  ['fireteam', FIRE_TEAM_EDITS, madeOnce(fireTeamState)],
  ['bof', BOF_EDITS, madeOnce(bofState)],
] as const) {
  describe(`a hand-edited ${system} campaign state`, () => {
    it.each(edits.map(([what, edit, message]) => ({ what, edit, message })))('$what: every action refuses it by file and field, exit 2, nothing written', async ({ edit, message }) => {
      const { cwd, state } = await made();
      edit(state);
      const text = `${JSON.stringify(state, null, 2)}\n`;
      writeFileSync(path.join(cwd, 'c.json'), text);
      for (const action of ACTIONS[system]!) {
        const result = await muster(['campaign', system, action[0]!, '--state', 'c.json', ...action.slice(1)], cwd);
        expect({ action: action[0], code: result.code }).toEqual({ action: action[0], code: 2 });
        expect(result.stderr).toMatch(new RegExp(`${path.join(cwd, 'c.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ${message.source}`));
        expect(result.stderr).not.toMatch(/undefined|Cannot read|TypeError/);
        expect(result.stderr).not.toMatch(RAW_CONTROL);
        expect(readFileSync(path.join(cwd, 'c.json'), 'utf8')).toBe(text);
        expect(existsSync(path.join(cwd, 'n.pdf')) || existsSync(path.join(cwd, 'b.pdf'))).toBe(false);
      }
    });
  });
}

describe('nothing printed carries a control character to the terminal', () => {
  it('a path with escapes in it is echoed with them shown as escapes, on stderr and stdout alike', async () => {
    const cwd = workdir();
    const result = await muster(['campaign', 'bof', 'status', '--state', `${ESCAPES}.json`], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J.json');
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    const listed = await muster(['list', 'bof', 'nations', '--data', ESCAPES], cwd);
    expect(listed.stderr + listed.stdout).not.toMatch(RAW_CONTROL);
  });
  it('--names with a control character is refused by name before anything is made', async () => {
    const cwd = workdir();
    for (const args of [
      ['campaign', 'bof', 'new', '--state', 'c.json', '--names', `Red${ESCAPES},Blue`],
      ['campaign', 'fireteam', 'new', '--state', 'c.json', '--names', `Red,Blue\u0007`],
      ['scenario', 'bof', '--seed', 's', '--names', `Anna\u001b[31m,Ben`, '-o', 'p.pdf'],
    ]) {
      const result = await muster(args, cwd);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^muster: --names: holds the control character U\+00(1B|07), which no name or text may contain/);
      expect(result.stderr).not.toMatch(RAW_CONTROL);
    }
    expect(existsSync(path.join(cwd, 'c.json')) || existsSync(path.join(cwd, 'p.pdf'))).toBe(false);
  });
  it('a force named with escapes is refused by file and field', async () => {
    const cwd = workdir({
      'f.yaml': readFileSync(new URL('../../examples/forces/kampfgruppe-weber.yaml', import.meta.url), 'utf8').replace(/^name: .*$/m, 'name: "Weber\\e]0;PWNED\\a"'),
    });
    const result = await muster(['check', 'bof', '--force', 'f.yaml'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/f\.yaml at name: holds the control character U\+001B/);
    expect(result.stderr).not.toMatch(RAW_CONTROL);
  });
});

describe('a campaign\'s names are checked before it is made', () => {
  it('a name over 60 characters: exit 2 naming the limit, no state file', async () => {
    const cwd = workdir();
    for (const system of MANIFESTS.filter((m) => m.campaign).map((m) => m.id)) {
      const result = await muster(['campaign', system, 'new', '--state', 'c.json', '--names', `${'A'.repeat(61)},Blue`], cwd);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^muster: --names: "A{61}" is 61 characters; each side's name may have at most 60\n/);
      expect(existsSync(path.join(cwd, 'c.json'))).toBe(false);
    }
    expect((await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--names', `${'A'.repeat(60)},Blue`], cwd)).code).toBe(0);
  });
});
