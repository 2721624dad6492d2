/** `muster scenario fireteam` through the command line: options, refusals, JSON and the packet. */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);

interface Battle {
  system: string;
  seed: string;
  battle: string;
  scenario: { id: string; name: string };
  attacker: string;
  table: { width: number; height: number };
  patrol: Record<string, { x: number; y: number }[]>;
  jops: Record<string, number>;
  forces: { side: string; list: string; points: number; budget: number; reinforcements: { points: number; budget: number } }[];
}
const json = async (args: string[]) => {
  const result = await muster(['scenario', 'fireteam', '--format', 'json', ...args], workdir());
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Battle;
};

describe('muster scenario fireteam', () => {
  it('JSON: the contract fields, a 6 x 4 ft table by default, patrol markers and JOPs a side', async () => {
    const r = await json(['--seed', 'club']);
    expect(r).toMatchObject({ system: 'fireteam', seed: 'club', table: { width: 183, height: 122 } });
    expect(['encounter', 'attack']).toContain(r.battle);
    expect(r.scenario.id).toBe(r.battle);
    expect(Object.keys(r.patrol)).toEqual(['a', 'b']);
    expect(Object.keys(r.jops)).toEqual(['a', 'b']);
    for (const f of r.forces) expect(f.points).toBeLessThanOrEqual(f.budget);
  });
  it('--battle and --lists choose the battle and the sides’ lists (by id or name)', async () => {
    const r = await json(['--seed', 's', '--battle', 'encounter', '--lists', 'Russians,finns']);
    expect(r.battle).toBe('encounter');
    expect(r.forces.map((f) => f.list)).toEqual(['russians', 'finns']);
    expect(r.forces.map((f) => f.reinforcements.budget)).toEqual([6, 6]);
    const attack = await json(['--seed', 's', '--battle', 'attack', '--lists', 'fallschirmjager,us']);
    expect(attack.attacker).toBe('a');
    expect(attack.jops).toEqual({ a: 4, b: 3 });
  });
  it('--points sets the reinforcement points a side; --players 4 gives 5 markers a side; --table in inches, the text\'s units, unless --units cm', async () => {
    expect((await json(['--seed', 's', '--points', '3'])).forces.map((f) => f.reinforcements.budget)).toEqual([3, 3]);
    expect((await json(['--seed', 's', '--players', '4'])).patrol['a']).toHaveLength(5);
    expect((await json(['--seed', 's', '--table', '96x48', '--units', 'in'])).table).toEqual({ width: 244, height: 122 });
    expect((await json(['--seed', 's', '--table', '96x48'])).table).toEqual({ width: 244, height: 122 });
    expect((await json(['--seed', 's', '--table', '180x120', '--units', 'cm'])).table).toEqual({ width: 180, height: 120 });
  });
  it('--count gives JSON Lines, one battle a line, seeds derived', async () => {
    const { code, stdout } = await muster(['scenario', 'fireteam', '--seed', 'batch', '--count', '3', '--format', 'json', '--quiet'], workdir());
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n').map((l) => JSON.parse(l) as Battle);
    expect(lines.map((l) => l.seed)).toEqual(['batch-1', 'batch-2', 'batch-3']);
    expect(lines.every((l) => l.system === 'fireteam' && l.patrol['a']!.length === 4)).toBe(true);
  });
  it('bad options: exit 2, a message naming the option, no file', async () => {
    for (const [args, message] of [
      [['--battle', 'ambush'], /--battle: unknown battle "ambush"; known: encounter, attack; list them with muster list fireteam battles/],
      [['--lists', 'russians'], /--lists russians: give two army lists, side A's and side B's/],
      [['--lists', 'russians,martians'], /--lists: unknown army list "martians"; known: /],
      [['--lists', 'russians,'], /--lists russians,: give two army lists, side A's and side B's/],
      [['--players', '6'], /--players 6: a Fire Team game is for 2 or 4 players/],
      [['--players', '3'], /--players 3: a Fire Team game is for 2 or 4 players/],
      [['--mode', 'solo'], /--mode solo: Fire Team has no solo rules/],
      [['--scenario', 'attack'], /--battle encounter and --scenario attack name two battles; give one of them/],
      [['--scenario', 'ambush', '--battle', 'attack'], /--scenario: unknown battle "ambush"; known: encounter, attack; list them with muster list fireteam battles/],
      [['--battle', 'encounter', '--battle', 'attack'], /--battle is given twice \(encounter and attack\); give it once/],
      [['--points', '41'], /--points 41: a whole number from 0 to 40/],
      [['--points', '2.5'], /--points 2.5: a whole number from 0 to 40/],
      [['--table', '90x60', '--units', 'cm'], /--table: Encounter needs the table at least 24 in \(61 cm\) across, so the patrols start more than 12 in apart/],
      [['--table', '48x34', '--battle', 'attack'], /--table: Attack versus defence needs the table at least 36 in \(91 cm\) across/],
    ] as const) {
      const cwd = workdir();
      const result = await muster(['scenario', 'fireteam', ...((args as readonly string[]).includes('--battle') ? [] : ['--battle', 'encounter']), ...args], cwd);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(readdirSync(cwd)).toEqual([]);
    }
  });
  it('--battle and --lists are refused, by name, for rule sets whose scenarios do not use them', async () => {
    const bof = await muster(['scenario', 'bof', '--battle', 'encounter'], workdir());
    expect(bof.code).toBe(2);
    expect(bof.stderr).toMatch(/--battle: Burst of Fire scenarios take no such option/);
    const openfire = await muster(['scenario', 'openfire', '--lists', 'a,b', '--battle', 'x'], workdir());
    expect(openfire.code).toBe(2);
    expect(openfire.stderr).toMatch(/--battle, --lists: Open Fire scenarios take no such options/);
  });
  it('muster scenario --help describes --battle and --lists', async () => {
    const { code, stdout } = await muster(['scenario', '--help'], workdir());
    expect(code).toBe(0);
    expect(stdout).toMatch(/--battle +Fire Team: the battle, encounter or attack/);
    expect(stdout).toMatch(/--lists +Fire Team: the two sides' army lists, side A first/);
  });
});

describe('a club’s own battles, from a house-rules folder', () => {
  const RAID = `battles:
  - id: raid
    name: Night raid
    section: Battles and Scenarios
    attacker: scenario
    edges: short
    corePerPlayer: 4
    reinforcements: { attacker: [2, 2], defender: [0, 1] }
    jops: { attacker: 3, defender: 4 }
    patrol:
      attacker: { from: 0, to: 4, margin: 4, spacing: 8 }
      defender: { from: 10, to: half, margin: 4, spacing: 8 }
    brief: Raiders come in from a short edge.
`;
  it('a battle added with --data is drawn and chosen like the built-in ones', async () => {
    const house = workdir({ 'fireteam/battles/house.yaml': RAID });
    const r = await json(['--data', house, '--battle', 'raid', '--seed', 'r']);
    expect(r.battle).toBe('raid');
    expect(r.jops).toEqual({ a: 3, b: 4 });
    expect(r.forces.map((f) => f.reinforcements.budget)[0]).toBe(2);
    // the short edges of a 6 x 4 ft table
    expect(Object.values((r as unknown as { deployment: Record<string, string> }).deployment).sort()).toEqual(['east', 'west']);
  });
  it('a malformed battle names its file and field', async () => {
    const house = workdir({ 'fireteam/battles/house.yaml': RAID.replace('jops: { attacker: 3, defender: 4 }', 'jops: { attacker: 3 }') });
    const result = await muster(['scenario', 'fireteam', '--data', house], workdir());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/house\.yaml at battles\[0\]\.jops\.defender: /);
  });
});

describe('the packet (PDF)', () => {
  it('briefing, map, forces, rolls and cards: a valid PDF, the same bytes for the same seed', async () => {
    const cwd = workdir();
    const first = await muster(['scenario', 'fireteam', '--seed', 'smoke', '--battle', 'attack', '--lists', 'russians,finns', '-o', 'a.pdf'], cwd);
    expect(first.code, first.stderr).toBe(0);
    await muster(['scenario', 'fireteam', '--seed', 'smoke', '--battle', 'attack', '--lists', 'russians,finns', '-o', 'b.pdf', '--quiet'], cwd);
    const a = readFileSync(path.join(cwd, 'a.pdf'));
    expect(a.equals(readFileSync(path.join(cwd, 'b.pdf')))).toBe(true);
    // briefing, map, the terrain to put out, forces, rolls (two pages with the terrain's dice), then
    // each side's cards: the Russians' 20 teams on 2 sheets (the same team of each squad on one
    // card) and the Finns' 9 on 1, each sheet a page of fronts and one of backs; with --cards
    // each, the Russians' on 3
    expect(pdfPageCount(a)).toBe(12);
    await muster(['scenario', 'fireteam', '--seed', 'smoke', '--battle', 'attack', '--lists', 'russians,finns', '--cards', 'each', '-o', 'each.pdf', '--quiet'], cwd);
    expect(pdfPageCount(readFileSync(path.join(cwd, 'each.pdf')))).toBe(14);
    expect(execFileSync('qpdf', ['--check', path.join(cwd, 'a.pdf')], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
  });
  it('Markdown: the sections a player reads, in the units asked for', async () => {
    const { code, stdout } = await muster(['scenario', 'fireteam', '--seed', 'md', '--battle', 'encounter', '--format', 'md', '--units', 'in'], workdir());
    expect(code).toBe(0);
    for (const heading of ['Briefing', 'Setup', 'Patrol phase', 'Patrol markers: starting points', 'Jump-off points', 'Deployment', 'Turn record', 'Rolls for seed md']) {
      expect(stdout, heading).toContain(heading);
    }
    expect(stdout).toMatch(/within 12 in of one another/);
    expect(stdout).toMatch(/within 6 in of it/);
    expect(stdout).not.toMatch(/\d cm\b/);
  });
  it('Battles and Scenarios: a one-off battle\'s set-up, the army lists the dice drew and the edges are muster\'s, marked as readings; lists the players chose are not', async () => {
    const drawn = (await muster(['scenario', 'fireteam', '--seed', '1', '--battle', 'encounter', '--format', 'md', '--units', 'in'], workdir())).stdout;
    const setup = drawn.slice(drawn.indexOf('Setup'), drawn.indexOf('Patrol phase'));
    expect(setup).toMatch(/Side A \| [^|]+ \(drawn†\), from the (north|south) edge†/);
    expect(setup).toMatch(/Side B \| [^|]+ \(drawn†\), from the (north|south) edge†/);
    expect(drawn).toMatch(/\*\*Encounter\.\*\* Both sides push into ground neither holds[^\n]*edges of the table\.†/);
    const chosen = (await muster(['scenario', 'fireteam', '--seed', '1', '--battle', 'encounter', '--lists', 'russians,finns', '--format', 'md'], workdir())).stdout;
    expect(chosen).toMatch(/Side A \| Russians, from the (north|south) edge†/);
    expect(chosen).not.toMatch(/\(drawn†\)/);
  });
  it('Actions, Deploy: the packet has every unit come on at a JOP or a road entrance, vehicles only by road', async () => {
    for (const battle of ['encounter', 'attack']) {
      const { stdout } = await muster(['scenario', 'fireteam', '--seed', 'deploy', '--battle', battle, '--format', 'md', '--units', 'in'], workdir());
      const deployment = stdout.slice(stdout.indexOf('Deployment'), stdout.indexOf('Turn record'));
      expect(deployment, battle).toMatch(/Every unit starts off the table and comes on at a jump-off point \(JOP\) of its side or at a road entrance\./);
      expect(deployment, battle).toMatch(/Vehicles come on only by a road entrance/);
    }
  });
});
