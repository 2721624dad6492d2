/**
 * Issue 55, point 8: a hand-edited undo history. A kept state of another rule set, or of a
 * newer version than the state after it, was refused by `undo` with a message that blamed the
 * whole file ("is a campaign of rule set fireteam; run muster campaign fireteam undo with it",
 * "update muster"); each is now named by its field. And a Burst of Fire ledger at its 200 lines
 * made the next record with a note exit 1 with "the new campaign state would not read back":
 * it is refused by option, field and limit, exit 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHANGES_KEY } from '../../src/data/state-file.js';
import { MAX_LEDGER_LINES } from '../../src/systems/bof/campaign.js';
import { workdirs } from '../helpers/fixtures.js';
import { muster } from '../helpers/cli.js';

const workdir = workdirs(afterEach);

type State = Record<string, any>;

async function ok(args: string[], cwd: string) {
  const result = await muster(args, cwd);
  expect(result.code, `muster ${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result;
}

const RECORD = ['--winner', 'a', '--victory', 'decisive', '--combat-score', '10:4'];

async function bofCampaign(): Promise<{ cwd: string; state: State }> {
  const cwd = workdir();
  await ok(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'history'], cwd);
  for (let i = 0; i < 2; i++) await ok(['campaign', 'bof', 'record', '--state', 'c.json', ...RECORD], cwd);
  return { cwd, state: JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as State };
}

/** Writes the edited state and runs `args` on it: exit 2, the message, the file unchanged. */
async function refused(cwd: string, state: State, args: string[]): Promise<string> {
  const text = `${JSON.stringify(state, null, 2)}\n`;
  writeFileSync(path.join(cwd, 'c.json'), text);
  const result = await muster([...args.slice(0, 3), '--state', 'c.json', ...args.slice(3)], cwd);
  expect(result.code, result.stderr).toBe(2);
  expect(readFileSync(path.join(cwd, 'c.json'), 'utf8')).toBe(text);
  return result.stderr;
}

describe('a hand-edited undo history is refused by its field', () => {
  it('a kept state of another rule set: its system named, not the whole file', async () => {
    const { cwd, state } = await bofCampaign();
    state[CHANGES_KEY][1].state.system = 'fireteam';
    const said = await refused(cwd, state, ['campaign', 'bof', 'undo']);
    expect(said).toContain(`${path.join(cwd, 'c.json')} at changes[1].state.system: is "fireteam", but this is a campaign of rule set "bof": a state kept among the changes is of the campaign's own rule set`);
    expect(said).not.toMatch(/run muster campaign fireteam/);
  });

  it('a kept state newer than the state after it: its version named, not "update muster"', async () => {
    const { cwd, state } = await bofCampaign();
    state[CHANGES_KEY][1].state.version = 99;
    const said = await refused(cwd, state, ['campaign', 'bof', 'undo']);
    expect(said).toContain('c.json at changes[1].state.version: is 99, newer than the campaign\'s own state (version 2): a state kept among the changes was written before the state after it, so its version is 2 at most');
    expect(said).not.toMatch(/Update muster/);
  });

  it('a Fire Team kept state on a map the data lacks: the kept state named, with the reason', async () => {
    const cwd = workdir();
    await ok(['campaign', 'fireteam', 'new', '--state', 'c.json', '--seed', 'history'], cwd);
    await ok(['campaign', 'fireteam', 'next', '--state', 'c.json', '--assault', 'a:C5', '--assault', 'b:C2', '-o', 't.json', '--format', 'json'], cwd);
    const state = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as State;
    state[CHANGES_KEY][0].state.campaign = 'elsewhere';
    const said = await refused(cwd, state, ['campaign', 'fireteam', 'undo']);
    expect(said).toContain('c.json at changes[0].state: cannot be gone back to: is a campaign on the map "elsewhere", which the data does not have');
  });
});

describe(`a Burst of Fire ledger at its ${MAX_LEDGER_LINES} lines`, () => {
  it('a record that would add to it is refused by option, field and limit, exit 2, nothing written; one without goes on', async () => {
    const { cwd, state } = await bofCampaign();
    while (state.ledger.length < MAX_LEDGER_LINES) state.ledger.push({ game: 1, side: 'a', kind: 'note', text: `note ${state.ledger.length}`, cost: 0 });
    const full = await refused(cwd, state, ['campaign', 'bof', 'record', ...RECORD, '--note', 'a:one more', '--salvage', 'a:a jeep']);
    expect(full).toBe(
      `muster: --salvage, --note: the campaign's ledger (ledger in ${path.join(cwd, 'c.json')}) holds 200 lines, and keeps at most 200; this record would add 2. Record the game without them (upgrades and salvage first: notes change nothing); nothing was changed\n`,
    );
    expect(full).not.toMatch(/would not read back/);
    state.ledger.pop();
    const room = await refused(cwd, state, ['campaign', 'bof', 'record', ...RECORD, '--note', 'a:one', '--note', 'b:two']);
    expect(room).toMatch(/holds 199 lines, and keeps at most 200; this record would add 2\. Give at most 1 /);
    await ok(['campaign', 'bof', 'record', '--state', 'c.json', ...RECORD, '--note', 'a:the last'], cwd);
    expect((JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as State).ledger).toHaveLength(MAX_LEDGER_LINES);
  });
});
