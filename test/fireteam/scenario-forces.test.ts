/**
 * Issue 26: a Fire Team battle takes the players' own forces (`scenario fireteam --force A
 * [--force B]`), checked against the battle's core and reinforcement points (Forward, victory is
 * near!: Forces), warned of or refused under --strict when over; `check --scenario` gives the
 * fit to one battle; the page's force builder writes a force the scenario takes.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { argvFor, formFromHash } from '../../src/web/form.js';
import { emptyFtForce, ftForceToYaml } from '../../src/systems/fireteam/page/force-model.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { DECLARED } from '../helpers/declared.js';
import { workdirs } from '../helpers/fixtures.js';
import type { BudgetFit } from '../../src/systems/budget-fit.js';

const workdir = workdirs(afterEach);
const EXAMPLE = readFileSync(new URL('../../examples/forces/fireteam-fallschirmjager.yaml', import.meta.url), 'utf8');

/** Two Russian platoons, 6 core points, and 4 points of picks: a 4-player side. */
const ROTA = `name: Rota Petrov
list: russians
points: { core: 8, reinforcements: 4 }
platoons:
  - squads: 3
  - squads: 3
reinforcements:
  - pick: medium-tank
    vehicle: t-34-85
  - pick: artillery
`;

/** A British platoon: the text gives the list no reinforcements. */
const TOMMIES = `name: No. 2 Platoon
list: British and Commonwealth
points: { core: 4, reinforcements: 0 }
platoons:
  - squads: 3
`;

interface Force {
  side: string;
  list: string;
  name?: string;
  points: number;
  budget: number;
  core: { points: number; budget: number };
  reinforcements: { points: number; budget: number };
  units: { unit: string; name: string; count: number; points: number; vehicle?: string; reinforcement: boolean }[];
  problems: string[];
}
interface Battle {
  battle: string;
  attacker: string;
  patrol: Record<string, unknown[]>;
  forces: Force[];
  fits?: BudgetFit[];
  rolls: { purpose: string }[];
}

async function battle(files: Record<string, string>, args: string[]): Promise<{ result: Battle; stderr: string }> {
  const out = await muster(['scenario', 'fireteam', '--format', 'json', ...args], workdir(files));
  expect(out.code, out.stderr).toBe(0);
  return { result: JSON.parse(out.stdout) as Battle, stderr: out.stderr };
}

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

describe('scenario fireteam --force: the given forces replace the rolled buys', () => {
  it("one force: side A's units and points are the file's, checked against the battle; side B is rolled as before", async () => {
    const { result, stderr } = await battle({ 'fj.yaml': EXAMPLE }, ['--seed', 'one', '--battle', 'attack', '--force', 'fj.yaml']);
    const [a, b] = result.forces;
    expect(a).toMatchObject({ side: 'a', list: 'fallschirmjager', name: 'Zug Hoffmann', points: 10, budget: 10, core: { points: 4, budget: 4 }, reinforcements: { points: 6, budget: 6 }, problems: [] });
    expect(a!.units.map((u) => [u.unit, u.count, u.points])).toEqual([
      ['hq', 1, 0],
      ['squad', 2, 4],
      ['medium-tank', 1, 2],
      ['weapons-section', 1, 1],
      ['support-team-1', 1, 1],
      ['artillery', 1, 2],
    ]);
    expect(a!.units.find((u) => u.unit === 'medium-tank')!.vehicle).toBe('stug');
    // side B: drawn from the other camp and bought by the dice, as without a file
    expect(b!.name).toBeUndefined();
    expect(['russians', 'british', 'us']).toContain(b!.list);
    expect(result.rolls.some((r) => r.purpose === 'army list: Side B, from the other side')).toBe(true);
    expect(result.rolls.some((r) => r.purpose.startsWith('army list: Side A'))).toBe(false);
    // side A's reinforcement points are its file's allocation, not a roll
    expect(result.rolls.some((r) => r.purpose.startsWith('reinforcement points: Side A'))).toBe(false);
    expect(result.rolls.some((r) => r.purpose.startsWith('reinforcement points: Side B'))).toBe(true);
    expect(result.fits).toEqual([{ game: 'Attack versus defence, Side A attacking', side: 'a', points: 10, budget: 10, left: 0 }]);
    expect(stderr).not.toMatch(/warning/);
  });
  it('two forces: each side its own, in order; the fits follow the files; a side of two platoons has 5 patrol markers', async () => {
    const { result } = await battle({ 'fj.yaml': EXAMPLE, 'rota.yaml': ROTA }, ['--seed', 'two', '--battle', 'encounter', '--players', '4', '--force', 'fj.yaml', '--force', 'rota.yaml']);
    expect(result.forces.map((f) => [f.side, f.list, f.name, f.points])).toEqual([
      ['a', 'fallschirmjager', 'Zug Hoffmann', 10],
      ['b', 'russians', 'Rota Petrov', 10],
    ]);
    expect(result.forces[1]!.units.map((u) => [u.unit, u.count])).toEqual([
      ['hq', 1],
      ['squad', 3],
      ['hq', 1],
      ['squad', 3],
      ['medium-tank', 1],
      ['artillery', 1],
    ]);
    // an encounter gives each side 6 reinforcement points: Rota Petrov allocates 4, held up to the battle's 6
    expect(result.forces.map((f) => f.reinforcements.budget)).toEqual([6, 6]);
    expect(result.fits!.map((f) => [f.side, f.points, f.budget, f.left])).toEqual([
      ['a', 10, 14, 4],
      ['b', 10, 14, 4],
    ]);
    // Patrol Phase: 4 markers, and one more for each platoon after the first: Zug Hoffmann has one platoon in a 4-player game
    expect([result.patrol['a']!.length, result.patrol['b']!.length]).toEqual([4, 5]);
    expect(result.rolls.some((r) => r.purpose.startsWith('army list') || r.purpose.startsWith('reinforcements') || r.purpose.startsWith('core'))).toBe(false);
  });
  it('the PDF prints each force’s roster and cards by its name, its fit on page 1 and its check; the same seed gives the same bytes', async () => {
    const cwd = workdir({ 'fj.yaml': EXAMPLE, 'rota.yaml': ROTA });
    const args = ['scenario', 'fireteam', '--seed', 'pdf', '--battle', 'encounter', '--players', '4', '--force', 'fj.yaml', '--force', 'rota.yaml'];
    expect((await muster([...args, '-o', 'a.pdf'], cwd)).code).toBe(0);
    expect((await muster([...args, '-o', 'b.pdf', '--quiet'], cwd)).code).toBe(0);
    const bytes = readFileSync(path.join(cwd, 'a.pdf'));
    expect(bytes.equals(readFileSync(path.join(cwd, 'b.pdf')))).toBe(true);
    expect(execFileSync('qpdf', ['--check', path.join(cwd, 'a.pdf')], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
    const text = pdfText(path.join(cwd, 'a.pdf'));
    expect(text).toContain('Side A: Zug Hoffmann (Fallschirmjäger), 10 of 14 points');
    expect(text).toContain('Side B: Rota Petrov (Russians), 10 of 14 points');
    expect(text.match(/Check: no problems/g)).toHaveLength(2);
    // the same packet's words in reading order
    const md = (await muster([...args, '--format', 'md', '--quiet'], cwd)).stdout;
    expect(md).toContain("| Side A's force | Zug Hoffmann: core 4 of 8 and reinforcements 6 of 6: in all 10 of 14 points: 4 left to spend |");
    expect(md).toContain("| Side B's force | Rota Petrov: core 6 of 8 and reinforcements 4 of 6: in all 10 of 14 points: 4 left to spend |");
    expect(md).toMatch(/Side A has 4 patrol markers and Side B 5/);
    // briefing, map, the terrain to put out, a roster page each, rolls (a page in two columns with
    // the terrain's dice), so that the first sheet of fronts falls on page 7 with no page for notes;
    // then 17 Fallschirmjäger teams on two sheets and 18 Russian ones on two, fronts and backs
    expect(pdfPageCount(bytes)).toBe(6 + 2 * 2 + 2 * 2);
  });
  it('a force with no picks of a list that has none is fielded as it is', async () => {
    const { result } = await battle({ 'tommies.yaml': TOMMIES }, ['--seed', 'uk', '--battle', 'attack', '--force', 'tommies.yaml']);
    expect(result.forces[0]).toMatchObject({ list: 'british', points: 4, core: { points: 4, budget: 4 }, reinforcements: { points: 0, budget: 4 } });
    expect(result.fits![0]).toMatchObject({ points: 4, budget: 8, left: 4 });
  });
});

describe('a force over the battle’s points', () => {
  it('is warned of, naming both figures and the battles it fits; the packet says it is over, never "no problems"', async () => {
    const cwd = workdir({ 'rota.yaml': ROTA });
    const out = await muster(['scenario', 'fireteam', '--seed', 'over', '--battle', 'attack', '--force', 'rota.yaml', '-o', 'p.pdf'], cwd);
    expect(out.code).toBe(0);
    expect(out.stderr).toMatch(
      /warning: .*rota\.yaml: the force costs 6 points, over the 4-point budget of Attack versus defence, Side A attacking \(core points\): drop 2 points, or play a game it fits \(--battle encounter --players 4, --battle attack --players 4\)/,
    );
    expect(pdfText(path.join(cwd, 'p.pdf'))).not.toContain('Check: no problems');
    const md = (await muster(['scenario', 'fireteam', '--seed', 'over', '--battle', 'attack', '--force', 'rota.yaml', '--format', 'md', '--quiet'], cwd)).stdout;
    expect(md).toContain("| Side A's force | Rota Petrov: core 6 of 4 points: 2 over the game's budget; reinforcements 4 of 4 points |");
    expect(md).toMatch(/### Check: 1 problem\n[^#]*\*\*battle — core points\.\*\* the platoons cost 6 points, over the battle's 4 core points for Side A: drop 2 points/);
  });
  it('a defender held to the battle’s 2 to 4 reinforcement points: its 6 points of picks are over', async () => {
    const { result, stderr } = await battle({ 'other.yaml': TOMMIES, 'fj.yaml': EXAMPLE }, ['--seed', 'def', '--battle', 'attack', '--force', 'other.yaml', '--force', 'fj.yaml']);
    expect(result.forces[1]!.reinforcements).toEqual({ points: 6, budget: 4 });
    expect(result.fits![1]).toEqual({ game: 'Attack versus defence, Side B defending (reinforcement points)', side: 'b', points: 6, budget: 4, left: -2, elsewhere: ['--battle encounter', '--battle encounter --players 4'] });
    expect(stderr).toMatch(/fj\.yaml: the force costs 6 points, over the 4-point budget of Attack versus defence, Side B defending \(reinforcement points\): drop 2 points/);
  });
  it('is refused under --strict: exit 2, nothing written', async () => {
    const cwd = workdir({ 'rota.yaml': ROTA });
    for (const format of ['pdf', 'json']) {
      const out = await muster(['scenario', 'fireteam', '--seed', 'over', '--battle', 'attack', '--force', 'rota.yaml', '--strict', '--format', format, '-o', `p.${format}`], cwd);
      expect(out.code).toBe(2);
      expect(out.stderr).toMatch(/rota\.yaml: the force costs 6 points, over the 4-point budget .*; --strict refuses a force over its game's budget/);
    }
    expect(readdirSync(cwd)).toEqual(['rota.yaml']);
    // within its budget, --strict lets it play
    expect((await muster(['scenario', 'fireteam', '--seed', 'over', '--battle', 'attack', '--players', '4', '--force', 'rota.yaml', '--strict', '-o', 'ok.pdf'], cwd)).code).toBe(0);
  });
});

describe("a force's own problems, and forces that cannot take the table", () => {
  const BROKEN = EXAMPLE.replace('  - squads: 2', '  - squads: 5');
  it('problems are warnings by side and file, carried in the JSON; --strict refuses them', async () => {
    const { result, stderr } = await battle({ 'broken.yaml': BROKEN }, ['--seed', 'b', '--force', 'broken.yaml']);
    expect(stderr).toMatch(/warning: side A: .*broken\.yaml: platoons\[0\] \(squads\): 5 squads; a Fallschirmjäger platoon has 2 to 3/);
    expect(result.forces[0]!.problems[0]).toMatch(/^platoons\[0\] \(squads\)/);
    const cwd = workdir({ 'broken.yaml': BROKEN });
    const refused = await muster(['scenario', 'fireteam', '--seed', 'b', '--force', 'broken.yaml', '--strict', '-o', 'p.pdf'], cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/broken\.yaml: the force breaks 2 rules of its army list/);
    expect(readdirSync(cwd)).toEqual(['broken.yaml']);
  });
  it('a list that names nothing, --lists against a force, and a third force are refused, exit 2', async () => {
    const cwd = workdir({ 'fj.yaml': EXAMPLE, 'martians.yaml': EXAMPLE.replace('list: fallschirmjager', 'list: martians') });
    for (const [args, message] of [
      [['--force', 'martians.yaml'], /martians\.yaml: unknown army list "martians"; known: .*: a battle needs the force's army list/],
      [['--force', 'fj.yaml', '--lists', 'russians,finns'], /--lists russians,finns: Side A's force \(.*fj\.yaml\) is a Fallschirmjäger force; give fallschirmjager as its list, or leave --lists out/],
      [['--force', 'fj.yaml', '--force', 'fj.yaml', '--force', 'fj.yaml'], /--force given 3 times/],
    ] as const) {
      const out = await muster(['scenario', 'fireteam', '--seed', 'r', ...args, '-o', 'p.pdf'], cwd);
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.stderr).toMatch(message);
    }
    expect(readdirSync(cwd).sort()).toEqual(['fj.yaml', 'martians.yaml']);
    // --lists that agrees with the force is fine
    expect((await muster(['scenario', 'fireteam', '--seed', 'r', '--force', 'fj.yaml', '--lists', 'Fallschirmjäger,russians', '--format', 'json'], cwd)).code).toBe(0);
  });
});

describe('check fireteam --force F [--scenario ID]', () => {
  interface Check {
    problems: unknown[];
    fits: BudgetFit[];
  }
  it('against the battle asked for (as side A): exit 2 when over, 0 when it fits', async () => {
    const cwd = workdir({ 'rota.yaml': ROTA, 'fj.yaml': EXAMPLE });
    const over = await muster(['check', 'fireteam', '--force', 'rota.yaml', '--scenario', 'attack'], cwd);
    expect(over.code).toBe(2);
    expect(over.stdout).toContain("Attack versus defence (2 players), Side A attacking (core points): 6 of 4 points: 2 over the game's budget");
    const four = await muster(['check', 'fireteam', '--force', 'rota.yaml', '--scenario', 'Attack versus defence', '--players', '4', '--format', 'json'], cwd);
    expect(four.code).toBe(0);
    expect((JSON.parse(four.stdout) as Check).fits).toEqual([{ game: 'Attack versus defence (4 players), Side A attacking', side: 'a', points: 10, budget: 12, left: 2 }]);
    const fits = await muster(['check', 'fireteam', '--force', 'fj.yaml', '--scenario', 'encounter'], cwd);
    expect(fits.code).toBe(0);
    expect(fits.stdout).toContain('Encounter (2 players), Side A: 10 of 10 points: the whole budget spent');
  });
  it('without --scenario: each battle in each role, for the players its platoons need; the exit code is the rules’', async () => {
    const cwd = workdir({ 'fj.yaml': EXAMPLE });
    const out = await muster(['check', 'fireteam', '--force', 'fj.yaml', '--format', 'json'], cwd);
    expect(out.code).toBe(0);
    expect((JSON.parse(out.stdout) as Check).fits.map((f) => [f.game, f.points, f.budget])).toEqual([
      ['Encounter (2 players)', 10, 10],
      ['Attack versus defence (2 players), attacking', 10, 10],
      ['Attack versus defence (2 players), defending (reinforcement points)', 6, 4],
    ]);
  });
  it('an unknown battle is refused with the names to use', async () => {
    const out = await muster(['check', 'fireteam', '--force', 'fj.yaml', '--scenario', 'ambush'], workdir({ 'fj.yaml': EXAMPLE }));
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/--scenario: unknown battle "ambush"; known: encounter, attack; list them with muster list fireteam battles/);
  });
});

describe("the page's force builder and scenario form", () => {
  it('a force the builder writes is taken by the scenario form’s command line as side A’s force', async () => {
    const built = { ...emptyFtForce(), name: 'Page platoon', list: 'finns', reinforcements: [{ pick: 'armour' }, { pick: 'support-team' }] };
    const form = formFromHash('#/fireteam/scenario?battle=encounter&seed=page', DECLARED);
    const argv = argvFor(form, DECLARED, ['force.yaml']);
    expect(argv).toEqual(['scenario', 'fireteam', '--battle', 'encounter', '--seed', 'page', '--force', 'force.yaml']);
    const out = await muster([...argv, '--format', 'json', '--strict'], workdir({ 'force.yaml': ftForceToYaml(built) }));
    expect(out.code, out.stderr).toBe(0);
    const force = (JSON.parse(out.stdout) as Battle).forces[0]!;
    expect(force).toMatchObject({ name: 'Page platoon', list: 'finns', core: { points: 3, budget: 4 }, reinforcements: { points: 2.5, budget: 6 } });
    expect(force.units.filter((u) => u.reinforcement).map((u) => u.unit)).toEqual(['armour', 'support-team']);
  });
});
