/**
 * Issue 26: "Forward, victory is near!" with the players' own forces. `campaign fireteam new
 * --force A [--force B]` keeps each force in the state by value; every battle packet fields it,
 * its platoons against the campaign's 8 core points (Forces: "Core units are always = 8
 * points") and its reinforcements taken from the file's list, in order, within that battle's
 * points (6 in an encounter; the side's split of 8 otherwise), or rolled where it lists none.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { createRng } from '../../src/engine/dice.js';
import { rollBattle } from '../../src/systems/fireteam/battle.js';
import { loadFireTeam } from '../../src/systems/fireteam/data.js';
import type { FtForce } from '../../src/systems/fireteam/schema.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
const data = await loadFireTeam((await loadRulesDb({ dataDirs: [], only: 'fireteam' })).system('fireteam'));
const EXAMPLE = readFileSync(new URL('../../examples/forces/fireteam-fallschirmjager.yaml', import.meta.url), 'utf8');
const campaign = (...args: string[]) => ['campaign', 'fireteam', ...args, '--state', 'c.json'];

/** Two Russian platoons and no picks: the campaign rolls its reinforcements. */
const GUARDS = `name: Guards Rifle Company
list: russians
points: { core: 8, reinforcements: 0 }
platoons:
  - squads: 4
  - squads: 4
`;

type State = Record<string, any>;
const stateOf = (cwd: string) => JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as State;

/** The example's picks, in its order: medium tank (StuG) 2, weapons section 1, support team 1 1, artillery 2. */
const fjForce = (): FtForce => ({
  name: 'Zug Hoffmann',
  list: 'fallschirmjager',
  points: { core: 4, reinforcements: 6 },
  platoons: [{ squads: 2, weaponsSections: 0, smgSquads: 0 }],
  reinforcements: [{ pick: 'medium-tank', vehicle: 'stug' }, { pick: 'weapons-section' }, { pick: 'support-team-1' }, { pick: 'artillery' }],
});

/** A campaign battle (4 players, the square's JOPs) with side A's force and its reinforcement points fixed. */
function campaignBattle(force: FtForce, points: number, seed = 'cb') {
  return rollBattle(
    data,
    {
      battle: 'attack',
      lists: [force.list, 'russians'],
      players: 4,
      table: { width: 183, height: 122 },
      given: { a: { force, picks: 'fill' } },
      fixed: { attacker: 'a', reinforcements: { a: points, b: 4 } },
      square: { id: 'C5', name: 'Village', terrain: 'Houses', jops: { attacker: 3, defender: 3 } },
    },
    createRng(seed),
    seed,
  );
}
const picksOf = (rolled: ReturnType<typeof campaignBattle>) => rolled.result.forces[0]!.units.filter((u) => u.reinforcement).map((u) => u.unit);

describe('a battle’s reinforcement picks from the force file (engine)', () => {
  it('taken in the file’s order while they fit the battle’s points; one that does not fit is passed over for a later one', () => {
    expect(picksOf(campaignBattle(fjForce(), 6))).toEqual(['medium-tank', 'weapons-section', 'support-team-1', 'artillery']);
    const four = campaignBattle(fjForce(), 4);
    expect(picksOf(four)).toEqual(['medium-tank', 'weapons-section', 'support-team-1']);
    expect(four.budgets.a!.passed).toEqual(['Artillery']);
    // 3 points: the StuG (2), then the weapons section (1); the rest no longer fit
    expect(picksOf(campaignBattle(fjForce(), 3))).toEqual(['medium-tank', 'weapons-section']);
    // artillery first in the file: with 2 points it is taken, nothing after it fits
    const reordered = { ...fjForce(), reinforcements: [{ pick: 'artillery' }, ...fjForce().reinforcements.slice(0, 3)] };
    expect(picksOf(campaignBattle(reordered, 2))).toEqual(['artillery']);
    // no dice for a side whose picks are its file's
    expect(four.result.rolls.filter((r) => r.purpose.includes('Side A'))).toEqual([]);
  });
  it('rolled, as for a bought side, where the file lists none; the platoons are the file’s either way', () => {
    const bare = { ...fjForce(), reinforcements: [] };
    const rolled = campaignBattle(bare, 6, 'bare');
    expect(rolled.origins.a).toBe('rolled-picks');
    expect(rolled.result.rolls.some((r) => r.purpose.startsWith('reinforcements: Side A'))).toBe(true);
    const force = rolled.result.forces[0]!;
    expect(force.reinforcements.points).toBeGreaterThan(0);
    expect(force.reinforcements.points).toBeLessThanOrEqual(6);
    expect(force.units.filter((u) => !u.reinforcement).map((u) => [u.unit, u.count])).toEqual([
      ['hq', 1],
      ['squad', 2],
    ]);
  });
  it('the platoons are checked against the campaign’s core: the packet’s fit says what is left', () => {
    const rolled = campaignBattle(fjForce(), 4);
    expect(rolled.budgets.a!.points).toEqual({ core: { points: 4, budget: 8 }, reinforcements: { points: 4, budget: 4 } });
    expect(rolled.result.fits).toEqual([{ game: 'Attack versus defence, Side A attacking', side: 'a', points: 8, budget: 12, left: 4 }]);
  });
});

describe('campaign fireteam new --force', () => {
  it('keeps the force by value in a version 2 state; the side takes its list and name, the other side the map’s other camp', async () => {
    const cwd = workdir({ 'fj.yaml': EXAMPLE.replace('list: fallschirmjager', 'list: Fallschirmjäger') });
    const made = await muster([...campaign('new'), '--seed', 'k', '--force', 'fj.yaml'], cwd);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toMatch(/New campaign, Forward, victory is near!: Zug Hoffmann \(Fallschirmjäger\) against Red Army \(Russians\)/);
    const state = stateOf(cwd);
    expect(state['version']).toBe(2);
    expect(state['lists']).toEqual({ a: 'fallschirmjager', b: 'russians' });
    expect(state['names']).toEqual({ a: 'Zug Hoffmann', b: 'Red Army' });
    expect(state['forces']).toEqual({ a: { ...fjForce(), list: 'fallschirmjager' } });
    const status = JSON.parse((await muster([...campaign('status'), '--format', 'json'], cwd)).stdout) as State;
    expect(status['forces']['a']['name']).toBe('Zug Hoffmann');
  });
  it('without forces the state stays version 1, as an older muster reads it', async () => {
    const cwd = workdir();
    expect((await muster([...campaign('new'), '--seed', 'k'], cwd)).code).toBe(0);
    const state = stateOf(cwd);
    expect(state['version']).toBe(1);
    expect(state['forces']).toBeUndefined();
  });
  it('two forces, --names over the forces’ names, and each battle packet fields both, picks from each file', async () => {
    const cwd = workdir({ 'fj.yaml': EXAMPLE, 'guards.yaml': GUARDS });
    expect((await muster([...campaign('new'), '--seed', 'two', '--force', 'guards.yaml', '--force', 'fj.yaml', '--names', 'Red,Grey'], cwd)).code).toBe(0);
    expect(stateOf(cwd)['lists']).toEqual({ a: 'russians', b: 'fallschirmjager' });
    const next = await muster([...campaign('next'), '--assault', 'a:C5', '--assault', 'b:C2', '--split', 'b:6', '-o', 't1.pdf'], cwd);
    expect(next.code, next.stderr).toBe(0);
    const text = execFileSync('pdftotext', [path.join(cwd, 't1.pdf'), '-'], { encoding: 'utf8' });
    // two battles, each with both rosters by their forces' names
    // (a roster carried on to the next page repeats its caption: counted once, by its points)
    const rosters = (caption: RegExp) => new Set(text.match(caption)).size;
    expect(rosters(/Side A: Guards Rifle Company \(Russians\), \d+ of \d+ points/g)).toBe(2);
    expect(rosters(/Side B: Zug Hoffmann \(Fallschirmjäger\), \d+ of \d+ points/g)).toBe(2);
    const md = (await muster([...campaign('next'), '--format', 'md'], cwd)).stdout;
    // Grey attacks C2 with 6 points (every pick) and defends C5 with 2 (the StuG alone)
    expect(md).toContain('Reinforcements from its force\'s own list, in order, while they fit this battle\'s 6 points.');
    expect(md).toContain('Reinforcements from its force\'s own list, in order, while they fit this battle\'s 2 points; left out: Weapons section, Support team 1, Artillery.');
    // Red names no split: 5 to its attack, 3 to its defence, both rolled
    expect(md).toContain('Its force lists no reinforcements, so its 5 points of them were rolled.');
    expect(md).toContain('Its force lists no reinforcements, so its 3 points of them were rolled.');
    expect(md).toContain("| Side A's force | Guards Rifle Company: core 8 of 8 and reinforcements ");
  });
  it('a moved or changed force file changes nothing: the state holds the force', async () => {
    const cwd = workdir({ 'fj.yaml': EXAMPLE });
    await muster([...campaign('new'), '--seed', 'moved', '--force', 'fj.yaml'], cwd);
    // the packets compared as the documents they are printed from (a PDF is made from its document alone)
    expect((await muster([...campaign('next'), '--assault', 'a:B5', '--assault', 'b:B2', '-o', 'first.json', '--format', 'json'], cwd)).code).toBe(0);
    const before = readFileSync(path.join(cwd, 'c.json'));
    renameSync(path.join(cwd, 'fj.yaml'), path.join(cwd, 'elsewhere.yaml'));
    writeFileSync(path.join(cwd, 'fj.yaml'), EXAMPLE.replace('squads: 2', 'squads: 3'));
    expect((await muster([...campaign('next'), '-o', 'again.json', '--format', 'json'], cwd)).code).toBe(0);
    expect(readFileSync(path.join(cwd, 'again.json')).equals(readFileSync(path.join(cwd, 'first.json')))).toBe(true);
    expect(readFileSync(path.join(cwd, 'c.json')).equals(before)).toBe(true);
  });
  it('a force’s problems and platoons over the campaign’s core are warned of, or refused under --strict with no state written', async () => {
    const big = EXAMPLE.replace('platoons:\n  - squads: 2', 'platoons:\n  - squads: 3\n  - squads: 3');
    const cwd = workdir({ 'big.yaml': big });
    const warned = await muster([...campaign('new'), '--seed', 'w', '--force', 'big.yaml'], cwd);
    expect(warned.code).toBe(0);
    expect(warned.stderr).toMatch(/warning: side A: .*big\.yaml: force \(core points\): the platoons cost 12 points, over the campaign's 8 core points a side/);
    // its own file's core of 4 is not the campaign's: no second warning about it
    expect(warned.stderr).not.toMatch(/over the 4 core points/);
    const md = (await muster([...campaign('next'), '--assault', 'a:C5', '--assault', 'b:C2', '--format', 'md'], cwd)).stdout;
    expect(md).toContain('### Check: 1 problem');
    expect(md).toMatch(/the platoons cost 12 points, over the 8 core points/);
    const strict = workdir({ 'big.yaml': big });
    const refused = await muster([...campaign('new'), '--seed', 'w', '--force', 'big.yaml', '--strict'], strict);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/big\.yaml: the force breaks 1 rule of its army list and the campaign:\n {2}force \(core points\)/);
    expect(existsSync(path.join(strict, 'c.json'))).toBe(false);
  });
  it('refuses --lists that disagree with a force, a list that names nothing, and --force after new (exit 2)', async () => {
    const cwd = workdir({ 'fj.yaml': EXAMPLE, 'x.yaml': EXAMPLE.replace('list: fallschirmjager', 'list: fallschirmjaeger') });
    const lists = await muster([...campaign('new'), '--force', 'fj.yaml', '--lists', 'russians,finns'], cwd);
    expect(lists.code).toBe(2);
    expect(lists.stderr).toMatch(/--lists russians,finns: side A's force \(.*fj\.yaml\) is a Fallschirmjäger force; give fallschirmjager as its list, or leave --lists out/);
    const unknown = await muster([...campaign('new'), '--force', 'x.yaml'], cwd);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/x\.yaml: unknown army list "fallschirmjaeger": did you mean fallschirmjager\?.*: a campaign needs the force's army list/);
    expect(existsSync(path.join(cwd, 'c.json'))).toBe(false);
    await muster([...campaign('new'), '--seed', 's'], cwd);
    const late = await muster([...campaign('next'), '--force', 'fj.yaml', '--assault', 'a:C5', '--assault', 'b:C2'], cwd);
    expect(late.code).toBe(2);
    expect(late.stderr).toMatch(/--force: a campaign takes its forces when it starts/);
  });
});

describe('a hand-edited force in the state is checked when read', () => {
  const edits: [string, (s: State) => void, RegExp][] = [
    ['a pick its list lacks', (s) => (s['forces'].a.reinforcements[1].pick = 'heavy-tnak'), /at forces\.a\.reinforcements\[1\]\.pick: unknown Fallschirmjäger pick "heavy-tnak": did you mean heavy-tank\?/],
    ['a vehicle its pick does not offer', (s) => (s['forces'].a.reinforcements[0].vehicle = 'tiger'), /at forces\.a\.reinforcements\[0\]\.vehicle: unknown Medium tank or assault gun vehicle "tiger"/],
    ['a list other than its side’s', (s) => (s['forces'].a.list = 'finns'), /at forces\.a\.list: is Finns, but side a's list \(lists\.a\) is "fallschirmjager"; the two must agree/],
    ['a list the data lacks', (s) => (s['forces'].a.list = 'martians'), /at forces\.a\.list: unknown army list "martians"/],
    ['a force in a version 1 state', (s) => (s['version'] = 1), /at version: a state with forces is version 2/],
    ['a platoon with a field the file has not', (s) => (s['forces'].a.platoons[0].tanks = 3), /at forces\.a\.platoons\[0\]: .*tanks/],
  ];
  it.each(edits.map(([what, edit, message]) => ({ what, edit, message })))('$what: every action refuses it by file and field, exit 2, nothing written', async ({ edit, message }) => {
    const cwd = workdir({ 'fj.yaml': EXAMPLE });
    await muster([...campaign('new'), '--seed', 'edit', '--force', 'fj.yaml'], cwd);
    const state = stateOf(cwd);
    edit(state);
    const text = `${JSON.stringify(state, null, 2)}\n`;
    writeFileSync(path.join(cwd, 'c.json'), text);
    for (const action of [['status'], ['next', '--assault', 'a:C5', '--assault', 'b:C2', '-o', 'n.pdf'], ['booklet', '-o', 'b.pdf']]) {
      const result = await muster([...campaign(action[0]!), ...action.slice(1)], cwd);
      expect({ action: action[0], code: result.code }).toEqual({ action: action[0], code: 2 });
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain(path.join(cwd, 'c.json'));
      expect(readFileSync(path.join(cwd, 'c.json'), 'utf8')).toBe(text);
      expect(existsSync(path.join(cwd, 'n.pdf')) || existsSync(path.join(cwd, 'b.pdf'))).toBe(false);
    }
  });
  it('a force that breaks its list’s rules (not its names) is read, and its roster says so', async () => {
    const cwd = workdir({ 'fj.yaml': EXAMPLE });
    await muster([...campaign('new'), '--seed', 'rules', '--force', 'fj.yaml'], cwd);
    const state = stateOf(cwd);
    state['forces'].a.platoons[0].squads = 5;
    writeFileSync(path.join(cwd, 'c.json'), `${JSON.stringify(state, null, 2)}\n`);
    const md = await muster([...campaign('next'), '--assault', 'a:C5', '--assault', 'b:C2', '--format', 'md'], cwd);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toMatch(/\*\*platoons\[0\] — squads\.\*\* 5 squads; a Fallschirmjäger platoon has 2 to 3/);
  });
});
