/**
 * `muster campaign fireteam`: "Forward, victory is near!" played through the command line, as a
 * club would: the state file, each turn's packets, results, refusals that change nothing, and
 * the booklet.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { createRng } from '../../src/engine/dice.js';
import { rollBattle } from '../../src/systems/fireteam/battle.js';
import { loadCampaignBoard } from '../../src/systems/fireteam/campaign-module.js';
import { loadFireTeam } from '../../src/systems/fireteam/data.js';
import { workdirs } from '../helpers/fixtures.js';
import { encounterCampaign } from '../helpers/fireteam-encounter.js';
import { muster, pdfPageCount } from '../helpers/cli.js';

const workdir = workdirs(afterEach);
const campaign = (...args: string[]) => ['campaign', 'fireteam', ...args, '--state', 'c.json'];

interface Status {
  turn: number;
  finished: boolean;
  squares: { id: string; owner: string | null; neighbours: string[] }[];
  pending: { battle: number; kind: string; square: string; attacker: string | null }[];
  log: unknown[];
}

/** A campaign whose second turn has both sides assault the two vacant squares B4 and B3: one encounter, its packet in t2.pdf. */
async function encounterOverTwoSquares() {
  const cwd = workdir();
  return { cwd, met: await encounterCampaign(cwd) };
}

async function status(cwd: string): Promise<Status> {
  const result = await muster([...campaign('status'), '--format', 'json'], cwd);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Status;
}

describe('muster campaign fireteam', () => {
  it('new: each side holds its deployment zone; status gives the squares, their owners and neighbours', async () => {
    const cwd = workdir();
    const made = await muster([...campaign('new'), '--seed', 'f', '--lists', 'russians,finns', '--names', 'Red,Grey'], cwd);
    expect(made.code).toBe(0);
    expect(made.stderr).toMatch(/New campaign, Forward, victory is near!: Red \(Russians\) against Grey \(Finns\)/);
    const s = await status(cwd);
    expect(s).toMatchObject({ turn: 1, finished: false, pending: [], log: [] });
    expect(s.squares.filter((q) => q.owner === 'a').map((q) => q.id)).toEqual(['A6', 'B6', 'C6', 'D6', 'E6']);
    expect(s.squares.find((q) => q.id === 'B3')!.neighbours).toEqual(['B2', 'A3', 'C3', 'B4']);
  });
  it('a turn of two attacks: next sets the battles and prints both packets; record takes or fails; the turn moves on', async () => {
    const cwd = workdir();
    await muster([...campaign('new'), '--seed', 't'], cwd);
    const next = await muster([...campaign('next'), '--assault', 'a:c5', '--assault', 'b:C2', '--split', 'a:6', '-o', 'turn1.pdf'], cwd);
    expect(next.code).toBe(0);
    expect(next.stderr).toMatch(/Turn 1: Red Army attacks C5; Axis attacks C2\./);
    const pdf = readFileSync(path.join(cwd, 'turn1.pdf'));
    expect(pdfPageCount(pdf)).toBeGreaterThan(8);
    const text = execFileSync('pdftotext', ['-layout', path.join(cwd, 'turn1.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toMatch(/The ground: Village/);
    expect(text).toMatch(/No patrol phase/);
    expect(text).not.toMatch(/Patrol markers: starting points/);
    const pending = (await status(cwd)).pending;
    expect(pending.map((p) => [p.battle, p.kind, p.square, p.attacker])).toEqual([
      [1, 'attack', 'C5', 'a'],
      [2, 'attack', 'C2', 'b'],
    ]);
    // the same packets again, from the state, without changing it
    const before = readFileSync(path.join(cwd, 'c.json'));
    expect((await muster([...campaign('next'), '-o', 'again.pdf'], cwd)).code).toBe(0);
    expect(readFileSync(path.join(cwd, 'again.pdf')).equals(pdf)).toBe(true);
    expect(readFileSync(path.join(cwd, 'c.json')).equals(before)).toBe(true);
    const two = await muster([...campaign('record'), '--winner', 'a'], cwd);
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/turn 1 has 2 battles to record; say which with --battle 1 or --battle 2/);
    expect((await muster([...campaign('record'), '--battle', '1', '--winner', 'a'], cwd)).stderr).toMatch(/Red Army takes C5 \(Village\)/);
    expect((await muster([...campaign('record'), '--winner', 'a'], cwd)).stderr).toMatch(/Axis' assault on C2 \(Windmill hill\) fails/);
    const after = await status(cwd);
    expect(after.turn).toBe(2);
    expect(after.squares.find((q) => q.id === 'C5')!.owner).toBe('a');
    expect(after.squares.find((q) => q.id === 'C2')!.owner).toBeNull();
  });
  it('Forward, victory is near!, Turn Sequence: a side may hold: next takes one side\'s assault alone (one attack-versus-defence packet), and a:hold with b:hold (no battle, the turn recorded)', async () => {
    const cwd = workdir();
    await muster([...campaign('new'), '--seed', 'hold'], cwd);
    const one = await muster([...campaign('next'), '--assault', 'a:B5', '--split', 'a:6', '-o', 't1.pdf'], cwd);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toMatch(/Turn 1: Red Army attacks B5; Axis holds\./);
    const text = execFileSync('pdftotext', ['-layout', path.join(cwd, 't1.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toMatch(/Side A: core 8, reinforcements 6; Side B: core 8,/);
    expect(text).toMatch(/ reinforcements\s+4†/);
    expect((await status(cwd)).pending).toEqual([expect.objectContaining({ battle: 1, kind: 'attack', square: 'B5', attacker: 'a', squares: { a: 'B5', b: null }, points: { a: 6, b: 4 } })]);
    expect((await muster([...campaign('record'), '--winner', 'a'], cwd)).stderr).toMatch(/Red Army takes B5 \(Tank ditch\)/);
    // side B alone, written b:hold for side A's part being left out the other way
    // turn 2's packet is not looked at: written as JSON, the quicker
    expect((await muster([...campaign('next'), '--assault', 'a:hold', '--assault', 'b:C2', '-o', 't2.json', '--format', 'json'], cwd)).stderr).toMatch(/Turn 2: Axis attacks C2; Red Army holds\./);
    await muster([...campaign('record'), '--winner', 'a'], cwd);
    const held = await muster([...campaign('next'), '--assault', 'a:hold', '--assault', 'b:HOLD'], cwd);
    expect(held.code, held.stderr).toBe(0);
    expect(held.stderr).toMatch(/Turn 3: both sides hold; no battle is fought\. Turn 4:/);
    const s = await status(cwd);
    expect(s.turn).toBe(4);
    expect(s.log.at(-1)).toEqual({ turn: 3, kind: 'hold', event: 'both sides hold: no battle is fought' });
    // a hold makes a state version 3; the forces a recorded turn fielded (for the next turn's cards) make it 5
    expect(JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')).version).toBe(5);
    // the booklet's log names the held turn; undo takes it back
    expect((await muster([...campaign('booklet'), '-o', 'b.pdf'], cwd)).code).toBe(0);
    expect(execFileSync('pdftotext', ['-layout', path.join(cwd, 'b.pdf'), '-'], { encoding: 'utf8' })).toMatch(/both hold .*both sides hold: no battle is fought/);
    expect((await muster([...campaign('undo')], cwd)).code).toBe(0);
    expect((await status(cwd)).turn).toBe(3);
    // nothing pending and no assault named: the status says how to assault or hold
    const bare = await muster([...campaign('next')], cwd);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/each side assaults a square or holds \(next --assault a:SQUARE --assault b:SQUARE; a side left out, or given as b:hold, holds/);
  });
  it('an encounter: both into one vacant square; a draw takes nothing', async () => {
    const { cwd, met } = await encounterOverTwoSquares();
    expect(met.stderr).toMatch(/Turn 2: an encounter over B4 and B3, fought on B[34]\./);
    expect((await status(cwd)).pending).toEqual([expect.objectContaining({ battle: 1, kind: 'encounter', squares: { a: 'B4', b: 'B3' }, attacker: null })]);
    expect((await muster([...campaign('record'), '--winner', 'draw'], cwd)).stderr).toMatch(/the encounter over B4 and B3, fought on B[34] is drawn: neither side takes ground/);
    const s = await status(cwd);
    expect(s.squares.filter((q) => ['B3', 'B4'].includes(q.id)).map((q) => q.owner)).toEqual([null, null]);
  });
  it('Forward, victory is near!, Turn Sequence: an encounter over adjacent squares says so in the briefing, names the square fought on as muster\'s reading, and logs the roll-off', async () => {
    const { cwd, met } = await encounterOverTwoSquares();
    expect(met.code, met.stderr).toBe(0);
    const [p] = (await status(cwd)).pending as unknown as { square: string; ground: { side: 'a' | 'b' } }[];
    const fought = p!.square;
    expect(fought).toBe(p!.ground.side === 'a' ? 'B4' : 'B3');
    expect(met.stderr).toMatch(new RegExp(`Turn 2: an encounter over B4 and B3, fought on ${fought}\\.`));
    const text = execFileSync('pdftotext', [path.join(cwd, 't2.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).not.toMatch(/both sides went for the same ground/);
    expect(text).toMatch(/Side A went for B4 and Side B for B3, squares side by side/);
    expect(text).toMatch(new RegExp(`fought on ${fought}, [^,]+, the square of Side ${p!.ground.side.toUpperCase()}, which rolled higher`));
    expect(text).toMatch(/muster's reading: the text leaves this open/);
    expect(text).toMatch(/encounter ground/);
    // Battles: the text says an attacker must win to take a square, not which of two an encounter's winner takes: muster's reading, marked
    expect(text).toMatch(/The winner takes the square it went for† \(the text does not say which of the two\)/);
  });
  it('refusals change nothing: a square not next to one held, an unknown square, a bad split, a split for a side that holds, -o onto the state', async () => {
    const cwd = workdir();
    await muster([...campaign('new'), '--seed', 'r'], cwd);
    const before = readFileSync(path.join(cwd, 'c.json'));
    const cases: [string[], RegExp][] = [
      [['--assault', 'a:C3', '--assault', 'b:C2'], /Red Army assaults C3 \(North bank\), which is not next to a square it holds; choose from A5, B5, C5, D5, E5/],
      [['--assault', 'a:Z9', '--assault', 'b:C2'], /Red Army assaults Z9: there is no such square/],
      [['--assault', 'a:C5', '--assault', 'b:C2', '--split', 'b:7'], /Axis puts 7 of its 8 points into the attack; the attack takes 4 to 6/],
      [['--assault', 'a:C5', '--assault', 'b:nowhere'], /--assault b:nowhere: give a square, like b:A2 \(Axis may assault A2, B2, C2, D2, E2\), or b:hold for a side that launches no assault this turn/],
      [['--assault', 'a:C5', '--split', 'b:5'], /--split b:5: Axis holds this turn \(no --assault b:SQUARE\), so it has no attack to put points into; it defends with 4/],
      [['--assault', 'a:hold', '--assault', 'b:hold', '--split', 'a:4'], /--split a:4: Red Army holds this turn/],
      [['--assault', 'a:C5', '--assault', 'b:C2', '-o', 'c.json'], /is the campaign state, which this run reads/],
      [['--battle', '1'], /--battle: not for campaign next/],
    ];
    for (const [args, message] of cases) {
      const result = await muster([...campaign('next'), ...args], cwd);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(readFileSync(path.join(cwd, 'c.json')).equals(before)).toBe(true);
    }
    expect(existsSync(path.join(cwd, 'c.json.bak'))).toBe(false);
    const bof = await muster([...campaign('record'), '--winner', 'a', '--victory', 'decisive'], cwd);
    expect(bof.stderr).toMatch(/--victory: Fire Team campaigns take no such option; leave it out \(only Burst of Fire campaigns take it\)/);
    expect((await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'draw'], cwd)).stderr).toMatch(/is a campaign of rule set "fireteam"|--winner draw: Burst of Fire campaigns take a or b \(record: who won\)/);
  });
  it('the end: a breakout wins, and nothing more is played', async () => {
    const cwd = workdir();
    await muster([...campaign('new'), '--seed', 'end'], cwd);
    // the packets are not the point: written as JSON, the quicker
    for (const [a, b] of [['B5', 'E2'], ['B4', 'E3'], ['B3', 'A2'], ['B2', 'A3'], ['B1', 'C2']]) {
      expect((await muster([...campaign('next'), '--assault', `a:${a}`, '--assault', `b:${b}`, '-o', 'turn.json', '--format', 'json', '--quiet'], cwd)).code).toBe(0);
      await muster([...campaign('record'), '--battle', '1', '--winner', 'a'], cwd);
      await muster([...campaign('record'), '--battle', '2', '--winner', 'b'], cwd);
    }
    const s = (await muster([...campaign('status')], cwd)).stderr;
    expect(s).toMatch(/The campaign is over: Red Army broke out at B1 \(Railway station\) on turn 5\./);
    const over = await muster([...campaign('next'), '--assault', 'a:C1', '--assault', 'b:C3'], cwd);
    expect(over.code).toBe(2);
    expect(over.stderr).toMatch(/the campaign is over/);
  });
  it('the booklet: the map as it stands, the rules, the log and rows for more; a valid PDF', async () => {
    const cwd = workdir();
    await muster([...campaign('new'), '--seed', 'bk'], cwd);
    await muster([...campaign('next'), '--assault', 'a:C5', '--assault', 'b:C2', '-o', 't.json', '--format', 'json'], cwd);
    await muster([...campaign('record'), '--battle', '1', '--winner', 'a'], cwd);
    const booklet = await muster([...campaign('booklet'), '-o', 'booklet.pdf'], cwd);
    expect(booklet.code).toBe(0);
    execFileSync('qpdf', ['--check', path.join(cwd, 'booklet.pdf')]);
    const text = execFileSync('pdftotext', ['-layout', path.join(cwd, 'booklet.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toMatch(/Campaign log: every battle, turn by turn/);
    expect(text).toMatch(/Red Army takes C5 \(Village\)/);
    expect(text).toMatch(/Turn 1: battles to fight/);
    // Forward, victory is near!: the text gives no map; muster's map, its river and breakouts carry the reading mark
    expect(text).toMatch(/muster's map† after turn 1/);
    expect(text).toMatch(/The map† is muster's: the text gives none/);
    expect(text).toMatch(/no way across here†/);
    expect(text).toMatch(/Red Army's breakout†/);
    expect(text).toMatch(/its winner takes the square it went for†/);
    // without a state: the campaign at its start
    const blank = await muster(['campaign', 'fireteam', 'booklet', '--seed', 'bk', '-o', 'blank.pdf'], cwd);
    expect(blank.code).toBe(0);
  });
  it('a campaign battle has no patrol markers: the square sets the JOPs, placed on the map; its points are the turn\'s', async () => {
    const db = await loadRulesDb({ dataDirs: [], only: 'fireteam' });
    const system = db.system('fireteam');
    const [data, board] = await Promise.all([loadFireTeam(system), loadCampaignBoard(system)]);
    const square = board.squares.get('B4')!;
    const rolled = rollBattle(
      data,
      { battle: 'attack', lists: ['russians', 'fallschirmjager'], players: 4, table: { width: 183, height: 122 }, fixed: { attacker: 'b', reinforcements: { a: 3, b: 5 } }, square },
      createRng('sq'),
      'sq',
    );
    const r = rolled.result;
    expect(r.patrol).toEqual({ a: [], b: [] });
    expect(r.zones).toEqual([]);
    expect(r.attacker).toBe('b');
    expect(r.jops).toEqual({ a: square.jops.defender, b: square.jops.attacker });
    expect(r.campaign!.jopPoints.a).toHaveLength(square.jops.defender);
    for (const s of ['a', 'b'] as const) {
      const force = r.forces.find((f) => f.side === s)!;
      expect(force.core.budget).toBe(8);
      expect(force.reinforcements.budget).toBe(s === 'a' ? 3 : 5);
      expect(force.points).toBeLessThanOrEqual(force.budget);
      for (const p of r.campaign!.jopPoints[s]) {
        expect(p.x).toBeGreaterThanOrEqual(0);
        expect(p.x).toBeLessThanOrEqual(183);
        expect(p.y).toBeGreaterThanOrEqual(0);
        expect(p.y).toBeLessThanOrEqual(122);
      }
    }
    expect({ attacker: r.attacker, jops: r.jops, campaign: r.campaign, forces: r.forces.map((f) => ({ side: f.side, points: f.points, units: f.units })) }).toMatchSnapshot();
  });
  it('a hand-edited state is refused with the field; a state of another rule set too', async () => {
    const cwd = workdir();
    await muster([...campaign('new'), '--seed', 'h'], cwd);
    const state = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(cwd, 'c.json'), JSON.stringify({ ...state, owners: { C9: 'x' } }));
    const bad = await muster(campaign('status'), cwd);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/c\.json at owners/);
    await muster(['campaign', 'bof', 'new', '--state', 'b.json'], cwd);
    const other = await muster(['campaign', 'fireteam', 'status', '--state', 'b.json'], cwd);
    expect(other.code).toBe(2);
  });
  it('Forward, victory is near!, Turn Sequence: a hand-edited encounter fought on the square its roll did not give is refused with the field', async () => {
    const { cwd } = await encounterOverTwoSquares();
    const text = readFileSync(path.join(cwd, 'c.json'), 'utf8');
    const state = JSON.parse(text) as { pending: { square: string; squares: { a: string; b: string }; ground: { side: 'a' | 'b' } }[] };
    const p = state.pending[0]!;
    const wrong = p.squares[p.ground.side === 'a' ? 'b' : 'a'];
    writeFileSync(path.join(cwd, 'c.json'), text.replace(`"square": "${p.square}"`, `"square": "${wrong}"`));
    const bad = await muster(campaign('status'), cwd);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(new RegExp(`c\\.json at pending\\[0\\]\\.square: is ${wrong}, but the roll for the ground gave side ${p.ground.side}'s square, ${p.square}`));
  });
});
