import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILTIN_DATA_DIR } from '../../src/cli/builtin-dir.js';
import { loadArsenal } from '../../src/systems/bof/arsenal.js';
import { buildRoster, forceFile, type Force } from '../../src/systems/bof/force.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import type { BudgetFit } from '../../src/systems/budget-fit.js';

/** `scenario bof --force`: a player's own force in versus and solo packets, with --names and --strict. */
const workdir = workdirs(afterEach);
const root = fileURLToPath(new URL('../../', import.meta.url));
const arsenal = await loadArsenal([path.join(BUILTIN_DATA_DIR, 'bof')]);

const WEBER = readFileSync(path.join(root, 'examples/forces/kampfgruppe-weber.yaml'), 'utf8');
// the first YAML example of docs/force-file.md, the one a new player copies
const DOCS_EXAMPLE = /^```ya?ml\n([\s\S]*?)^```/m.exec(readFileSync(path.join(root, 'docs/force-file.md'), 'utf8'))![1]!;
const US_FORCE = `name: Easy Company
nation: us
doctrine: us-infantry
detachment: us-rifle-platoon
points: 60
units:
  - unit: us-officer
`;
const BROKEN = `name: Too Few
nation: de
doctrine: de-infantry
detachment: de-grenadier-platoon
points: 5
units:
  - unit: de-rifleman
    count: 3
`;

interface ForceJson {
  side: string;
  points: number;
  budget: number;
  units: { unit: string; name: string; count: number; quality: string; weapons: string[]; points: number }[];
  name?: string;
  nation?: string;
  problems?: string[];
}

/** The roster the file prices to, as the packet's JSON lists a side's units. */
function rosterOf(yamlText: string) {
  const roster = buildRoster(forceFile.parse(parse(yamlText)), arsenal);
  return {
    points: roster.points,
    units: roster.lines.map((l) => ({ unit: l.unit.id, name: l.label, count: l.count, quality: l.quality, weapons: l.weapons, points: l.total })),
  };
}

async function json(args: string[], files: Record<string, string>) {
  const cwd = workdir(files);
  const out = await muster(['scenario', 'bof', '--format', 'json', ...args], cwd);
  expect(out.stderr).not.toMatch(/^muster:/m);
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout) as { forces: ForceJson[]; solo?: { enemyNation: string; playerNation: string }; names?: Record<string, string>; rolls: unknown[] };
}

describe('scenario bof --force, versus', () => {
  for (const [name, text] of [['kampfgruppe-weber.yaml', WEBER], ['the docs example', DOCS_EXAMPLE]] as const) {
    it(`side A's force is the file's roster: ${name}`, async () => {
      const result = await json(['--force', 'force.yaml', '--seed', 'club'], { 'force.yaml': text });
      const a = result.forces.find((f) => f.side === 'a')!;
      const expected = rosterOf(text);
      expect(a.units).toEqual(expected.units);
      expect(a.points).toBe(expected.points);
      expect(a.nation).toBe((parse(text) as Force).nation);
      expect(a.budget).toBeGreaterThan(0);
      // side B is rolled as without a force
      expect(result.forces.find((f) => f.side === 'b')!.units).toEqual([]);
    });
  }
  it('the force changes no die: the rolls are those of the same seed without it', async () => {
    const plain = await json(['--seed', 'club'], {});
    const given = await json(['--force', 'force.yaml', '--seed', 'club'], { 'force.yaml': WEBER });
    expect(given.rolls).toEqual(plain.rolls);
  });
  it('a second --force is side B', async () => {
    const result = await json(['--force', 'a.yaml', '--force', 'b.yaml', '--seed', 'club'], { 'a.yaml': WEBER, 'b.yaml': US_FORCE });
    expect(result.forces.map((f) => f.nation)).toEqual(['de', 'us']);
    expect(result.forces[1]!.units).toEqual(rosterOf(US_FORCE).units);
  });
  it('prints the roster and cards of the force, and the names, the same bytes for the same seed', async () => {
    const cwd = workdir({ 'force.yaml': WEBER });
    const plain = await muster(['scenario', 'bof', '--seed', 'club', '-o', 'plain.pdf'], cwd);
    const first = await muster(['scenario', 'bof', '--force', 'force.yaml', '--names', 'Anna,Ben', '--seed', 'club', '-o', 'one.pdf'], cwd);
    const second = await muster(['scenario', 'bof', '--force', 'force.yaml', '--names', 'Anna,Ben', '--seed', 'club', '-o', 'two.pdf'], cwd);
    expect([plain.code, first.code, second.code]).toEqual([0, 0, 0]);
    const one = readFileSync(path.join(cwd, 'one.pdf'));
    expect(one.equals(readFileSync(path.join(cwd, 'two.pdf')))).toBe(true);
    // the cards of its 22 models, the alike on one card: two sheets of fronts, two of backs; the
    // roster sheet on a page of its own (the briefing's list of terrain fills its page)
    expect(pdfPageCount(one) - pdfPageCount(readFileSync(path.join(cwd, 'plain.pdf')))).toBe(5);
    // --cards each: a card a model, 22 on three sheets of fronts and three of backs, and the roster's page
    expect((await muster(['scenario', 'bof', '--force', 'force.yaml', '--names', 'Anna,Ben', '--seed', 'club', '--cards', 'each', '-o', 'each.pdf'], cwd)).code).toBe(0);
    expect(pdfPageCount(readFileSync(path.join(cwd, 'each.pdf'))) - pdfPageCount(readFileSync(path.join(cwd, 'plain.pdf')))).toBe(7);
    const md = await muster(['scenario', 'bof', '--force', 'force.yaml', '--names', 'Anna,Ben', '--seed', 'club', '--format', 'md'], cwd);
    expect(md.stdout).toMatch(/Players: Anna \(Side A\), Ben \(Side B\)\./);
    expect(md.stdout).toMatch(/Kampfgruppe Weber/);
    const result = await json(['--names', 'Anna,Ben', '--seed', 'club'], {});
    expect(result.names).toEqual({ a: 'Anna', b: 'Ben' });
  });
});

describe('scenario bof --force, solo', () => {
  it("the file is the player's force; the enemy is of another nation; the same seed, the same packet", async () => {
    const one = await json(['--mode', 'solo', '--force', 'force.yaml', '--seed', 'solo-1'], { 'force.yaml': WEBER });
    const two = await json(['--mode', 'solo', '--force', 'force.yaml', '--seed', 'solo-1'], { 'force.yaml': WEBER });
    expect(one).toEqual(two);
    const player = one.forces.find((f) => f.side === 'player')!;
    expect(player.units).toEqual(rosterOf(WEBER).units);
    expect(one.solo!.playerNation).toBe('de');
    expect(one.solo!.enemyNation).not.toBe('de');
    const allied = await json(['--mode', 'solo', '--force', 'force.yaml', '--seed', 'solo-1'], { 'force.yaml': US_FORCE });
    expect(allied.solo!.playerNation).toBe('us');
    expect(allied.solo!.enemyNation).toBe('de');
  });
  it('for many seeds the enemy is never of the player\'s nation', async () => {
    const cwd = workdir({ 'force.yaml': WEBER });
    const out = await muster(['scenario', 'bof', '--mode', 'solo', '--force', 'force.yaml', '--seed', 'many', '--count', '40', '--format', 'json'], cwd);
    expect(out.code).toBe(0);
    const lines = out.stdout.trim().split('\n').map((l) => JSON.parse(l) as { solo: { enemyNation: string } });
    expect(lines).toHaveLength(40);
    expect(lines.every((l) => l.solo.enemyNation !== 'de')).toBe(true);
  });
  it('says where the enemy strength comes from and shows the player budget', async () => {
    const cwd = workdir({ 'force.yaml': WEBER });
    const md = await muster(['scenario', 'bof', '--mode', 'solo', '--force', 'force.yaml', '--names', 'Anna', '--seed', 'solo-1', '--format', 'md'], cwd);
    expect(md.code).toBe(0);
    expect(md.stdout).toMatch(/The enemy bought \d+ points from its bags of counters by the solo dice/);
    // Setting up your forces in solo play: the core force and the additional points rolled
    expect(md.stdout).toMatch(/Your budget is your core force's \d+ points plus the \d+ additional points you rolled/);
    // 81 points are more than a grenadier core of 20 and 8D6 can ever give
    expect(md.stdout).toMatch(/Your force: Kampfgruppe Weber, 81 of \d+ points: \d+ over the game's budget/);
    expect(md.stdout).toMatch(/Players: Anna \(You\)\./);
  });
});

describe('scenario refusals', () => {
  const cases: [string, string[], RegExp][] = [
    ['two forces in solo', ['--mode', 'solo', '--force', 'f.yaml', '--force', 'f.yaml'], /--force given 2 times: in solo give your own force once/],
    ['three forces', ['--force', 'f.yaml', '--force', 'f.yaml', '--force', 'f.yaml'], /--force given 3 times/],
    ['one name in versus', ['--names', 'Anna'], /--names "Anna": give the two players' names/],
    ['two names in solo', ['--mode', 'solo', '--names', 'Anna,Ben'], /--names "Anna,Ben": a solo game has one player/],
    ['a force breaking its doctrine under --strict', ['--force', 'broken.yaml', '--strict'], /broken\.yaml: the force breaks \d+ rules? of its doctrine/],
  ];
  for (const [what, args, message] of cases) {
    it(`refuses ${what} (exit 2)`, async () => {
      const cwd = workdir({ 'f.yaml': WEBER, 'broken.yaml': BROKEN });
      const out = await muster(['scenario', 'bof', '--seed', 's', '--format', 'json', ...args], cwd);
      expect(out.code).toBe(2);
      expect(out.stderr).toMatch(message);
      expect(out.stdout).toBe('');
    });
  }
  it('a force with problems without --strict: printed on stderr and carried in the JSON', async () => {
    const cwd = workdir({ 'broken.yaml': BROKEN });
    const out = await muster(['scenario', 'bof', '--seed', 's', '--format', 'json', '--force', 'broken.yaml'], cwd);
    expect(out.code).toBe(0);
    expect(out.stderr).toMatch(/warning: side A: .*broken\.yaml: /);
    expect((JSON.parse(out.stdout) as { forces: ForceJson[] }).forces[0]!.problems!.length).toBeGreaterThan(0);
  });
  it('refuses --names for rule sets that do not use them, naming the option', async () => {
    const cwd = workdir();
    const names = await muster(['scenario', 'fireteam', '--names', 'Anna,Ben', '--format', 'json'], cwd);
    expect(names.code).toBe(2);
    expect(names.stderr).toMatch(/--names: Fire Team scenarios take no such option/);
  });
});

// ---------------------------------------------------------------- issue 26: the game's budget

/** The club organiser's 149-point US platoon of issue 26, its own limit 150. */
const PLATOON = `name: Baker Platoon
nation: us
doctrine: us-infantry
detachment: us-rifle-platoon
points: 150
units:
  - unit: us-officer
  - unit: us-squad-leader
  - { unit: us-rifleman, count: 27 }
  - { unit: us-rifleman, count: 5, weapons: [hand-grenade] }
  - { unit: us-bar-gunner, count: 5 }
  - { unit: us-bazooka-gunner, count: 2 }
  - unit: us-sniper
  - { unit: us-m1919-team, count: 2 }
  - { unit: us-m2-hmg, count: 2 }
  - unit: us-mortar-81mm
  - unit: us-gmc-truck
  - unit: us-jeep
`;
/** A seed whose rolled Surrounded makes side A the defender (the JSON says so below). */
const A_DEFENDS = 'c';


const pdfText = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });

describe("scenario bof --force: the game's budget (issue 26)", () => {
  it('the Surrounded example: 149 points put in the 50-point role warn on stderr with both figures and what to do; the packet says so and never "no problems" (exit 0)', async () => {
    const cwd = workdir({ 'f.yaml': PLATOON });
    const json = await muster(['scenario', 'bof', '--scenario', 'surrounded', '--force', 'f.yaml', '--seed', A_DEFENDS, '--format', 'json'], cwd);
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout) as { defender: string; fits: BudgetFit[] };
    expect(result.defender).toBe('a');
    expect(result.fits).toEqual([{ game: 'Surrounded, defender', side: 'a', points: 149, budget: 50, left: -99, elsewhere: ['--scenario victory-zones', '--scenario combat-only'] }]);
    expect(json.stderr).toContain("warning: f.yaml: the force costs 149 points, over the 50-point budget of Surrounded, defender: drop 99 points, or play a game it fits (--scenario victory-zones, --scenario combat-only)\n");

    const pdf = await muster(['scenario', 'bof', '--scenario', 'surrounded', '--force', 'f.yaml', '--seed', A_DEFENDS, '-o', 'packet.pdf'], cwd);
    expect(pdf.code).toBe(0);
    expect(pdf.stderr).toMatch(/warning: f\.yaml: the force costs 149 points, over the 50-point budget/);
    const text = pdfText(path.join(cwd, 'packet.pdf')).replace(/\s+/g, ' ');
    expect(text).not.toMatch(/no problems/i);
    const first = execFileSync('pdftotext', ['-f', '1', '-l', '1', path.join(cwd, 'packet.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(first).toContain("Side A brings Baker Platoon: 149 of 50 points: 99 over the game's budget. Over budget. Leave out 99 points of units before the game");
    expect(text).toContain("Baker Platoon — 149 of 50 points: 99 over the game's budget");
    expect(text).toContain('Check: 1 problem');
    expect(text).toContain("Points — the game's budget. 149 of 50 points: 99 over the game's budget (Surrounded, defender).");
  });
  it('--strict refuses it: exit 2, the message on stderr, no file written', async () => {
    const cwd = workdir({ 'f.yaml': PLATOON });
    const out = await muster(['scenario', 'bof', '--scenario', 'surrounded', '--force', 'f.yaml', '--seed', A_DEFENDS, '--strict', '-o', 'packet.pdf'], cwd);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/f\.yaml: the force costs 149 points, over the 50-point budget of Surrounded, defender: drop 99 points.*--strict refuses a force over its game's budget/);
    expect(existsSync(path.join(cwd, 'packet.pdf'))).toBe(false);
    const json = await muster(['scenario', 'bof', '--scenario', 'surrounded', '--force', 'f.yaml', '--seed', A_DEFENDS, '--strict', '--format', 'json'], cwd);
    expect([json.code, json.stdout]).toEqual([2, '']);
  });
  it('under budget: no warning, and the packet says the points left', async () => {
    const cwd = workdir({ 'f.yaml': PLATOON });
    const out = await muster(['scenario', 'bof', '--scenario', 'victory-zones', '--force', 'f.yaml', '--seed', 'club', '--strict', '--format', 'md'], cwd);
    expect(out.code).toBe(0);
    expect(out.stderr).not.toMatch(/warning/);
    expect(out.stdout).toContain('Side A brings Baker Platoon: 149 of 150 points: 1 left to spend.');
    expect(out.stdout).toContain('Baker Platoon — 149 of 150 points: 1 left to spend');
  });
  it('4 and 6 players: each player\'s share of the role\'s points (75 and 50 percent, rounded down)', async () => {
    const cwd = workdir({ 'f.yaml': WEBER });
    for (const [players, budget] of [['4', 37], ['6', 25]] as const) {
      const out = await muster(['scenario', 'bof', '--scenario', 'surrounded', '--players', players, '--force', 'f.yaml', '--seed', A_DEFENDS, '--format', 'json'], cwd);
      expect(out.code).toBe(0);
      const fit = (JSON.parse(out.stdout) as { fits: BudgetFit[] }).fits[0]!;
      expect(fit).toMatchObject({ side: 'a', points: 81, budget, left: budget - 81 });
      expect(out.stderr).toContain(`over the ${budget}-point budget of Surrounded, defender, ${players} players`);
    }
  });
  it('solo: the player\'s force against his core and rolled points; over it, a warning, and --strict refuses', async () => {
    const cwd = workdir({ 'f.yaml': PLATOON });
    const out = await muster(['scenario', 'bof', '--mode', 'solo', '--force', 'f.yaml', '--seed', 'solo-1', '--format', 'json'], cwd);
    expect(out.code).toBe(0);
    const result = JSON.parse(out.stdout) as { forces: (ForceJson & { core: number; additional: number })[]; fits: BudgetFit[] };
    const player = result.forces.find((f) => f.side === 'player')!;
    expect(result.fits).toEqual([{ game: expect.stringContaining(`your core ${player.core} + ${player.additional} rolled`), side: 'player', points: 149, budget: player.budget, left: player.budget - 149 }]);
    expect(out.stderr).toContain(`the force costs 149 points, over the ${player.budget}-point budget of`);
    const strict = await muster(['scenario', 'bof', '--mode', 'solo', '--force', 'f.yaml', '--seed', 'solo-1', '--strict', '-o', 'solo.pdf'], cwd);
    expect(strict.code).toBe(2);
    expect(existsSync(path.join(cwd, 'solo.pdf'))).toBe(false);
  });
});

describe("check bof: a force's fit to the games (issue 26)", () => {
  it('without --scenario: every mode and role, and solo; the text says where it is over; exit 0', async () => {
    const cwd = workdir({ 'f.yaml': PLATOON });
    const json = await muster(['check', 'bof', '--force', 'f.yaml', '--format', 'json'], cwd);
    expect(json.code).toBe(0);
    const fits = (JSON.parse(json.stdout) as { fits: BudgetFit[] }).fits;
    expect(fits).toHaveLength(16);
    expect(fits.find((f) => f.game === 'Surrounded, defender')).toMatchObject({ budget: 50, left: -99 });
    expect(fits.find((f) => f.game === 'Surrounded, attacker')).toMatchObject({ budget: 150, left: 1 });
    const text = await muster(['check', 'bof', '--force', 'f.yaml'], cwd);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("Against each game's budget for its side:\n  Probing the enemy lines, either side: 149 of 75 points: 74 over the game's budget\n");
    expect(text.stdout).toContain("  Surrounded, defender: 149 of 50 points: 99 over the game's budget\n");
    expect(text.stdout).toContain('it is over the budget of 8 of the games above');
    expect(text.stdout).not.toMatch(/No problems/);
  });
  it('with --scenario: the game asked for at its smaller role, in text and JSON; exit 2 over it, 0 within it', async () => {
    const cwd = workdir({ 'f.yaml': PLATOON });
    const text = await muster(['check', 'bof', '--force', 'f.yaml', '--scenario', 'surrounded'], cwd);
    expect(text.code).toBe(2);
    expect(text.stdout).toContain("In the game asked for:\n  Surrounded, the smaller role (attacker 150, defender 50): 149 of 50 points: 99 over the game's budget\n");
    const json = await muster(['check', 'bof', '--force', 'f.yaml', '--scenario', 'Surrounded', '--players', '4', '--format', 'json'], cwd);
    expect(json.code).toBe(2);
    expect((JSON.parse(json.stdout) as { fits: BudgetFit[] }).fits).toEqual([
      { game: 'Surrounded, 4 players (75% each), the smaller role (attacker 112, defender 37 a player)', side: 'a', points: 149, budget: 37, left: -112, elsewhere: ['--scenario combat-only --points 199'] },
    ]);
    const solo = await muster(['check', 'bof', '--force', 'f.yaml', '--scenario', 'probing', '--mode', 'solo', '--format', 'json'], cwd);
    expect(solo.code).toBe(2);
    expect((JSON.parse(solo.stdout) as { fits: BudgetFit[] }).fits[0]).toMatchObject({ side: 'player', budget: 68, left: -81 });
    const fits = await muster(['check', 'bof', '--force', 'f.yaml', '--scenario', 'victory-zones'], cwd);
    expect(fits.code).toBe(0);
    expect(fits.stdout).toContain("  Victory Zones, 150 a side: 149 of 150 points: 1 left to spend\nNo problems");
  });
  it('refuses Combat only in solo, as the scenario does', async () => {
    const out = await muster(['check', 'bof', '--force', 'f.yaml', '--scenario', 'combat-only', '--mode', 'solo'], workdir({ 'f.yaml': PLATOON }));
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/Combat only is not on the solo scenario table/);
  });
  it('docs/force-file.md: the check it shows prints what the page says it prints', async () => {
    const doc = readFileSync(path.join(root, 'docs/force-file.md'), 'utf8');
    const command = /^npx muster (check bof --force examples\/forces\/\S+ --scenario \S+)$/m.exec(doc)![1]!.split(' ');
    const shown = /ends with\n\n```text\n([\s\S]*?)```/.exec(doc)![1]!;
    const out = await muster(command.map((a) => (a.startsWith('examples/') ? path.join(root, a) : a)), workdir());
    expect(out.code).toBe(0);
    expect(out.stdout.endsWith(shown)).toBe(true);
  });
});

describe('list bof modes: each mode\'s budgets (issue 26)', () => {
  it('Game modes, Available points, and Special rules for multiplayer games: both roles, and each player\'s 75 and 50 percent rounded down, in JSON, text and Markdown', async () => {
    const cwd = workdir();
    const json = JSON.parse((await muster(['list', 'bof', 'modes', '--format', 'json'], cwd)).stdout) as { id: string; details: Record<string, string> }[];
    const budgets = Object.fromEntries(json.map((m) => [m.id, [m.details['budget'], m.details['fourPlayers'], m.details['sixPlayers']]]));
    // typed from the text: Available points of each mode, attacker (team A) first
    expect(budgets).toEqual({
      probing: ['75 a side', '56 a player', '37 a player'],
      'victory-zones': ['150 a side', '112 a player', '75 a player'],
      'supply-road': ['attacker 150, defender 120', 'attacker 112, defender 90 a player', 'attacker 75, defender 60 a player'],
      delay: ['attacker 150, defender 100', 'attacker 112, defender 75 a player', 'attacker 75, defender 50 a player'],
      breakthrough: ['attacker 150, defender 100', 'attacker 112, defender 75 a player', 'attacker 75, defender 50 a player'],
      'avoid-the-pocket': ['attacker 150, defender 50', 'attacker 112, defender 37 a player', 'attacker 75, defender 25 a player'],
      surrounded: ['attacker 150, defender 50', 'attacker 112, defender 37 a player', 'attacker 75, defender 25 a player'],
      'capture-the-commander': ['attacker 150, defender 50', 'attacker 112, defender 37 a player', 'attacker 75, defender 25 a player'],
      'combat-only': ['set with --points (150 a side)', '75% of the points chosen a player (112 of 150)', '50% of the points chosen a player (75 of 150)'],
    });
    const text = (await muster(['list', 'bof', 'modes'], cwd)).stdout;
    expect(text).toMatch(/^surrounded +Surrounded +attacker 150, defender 50 +attacker rolled/m);
    expect(text).toContain('    four players: attacker 112, defender 37 a player\n    six players: attacker 75, defender 25 a player\n');
    expect(text).toMatch(/rounded down: muster's reading/);
    const md = (await muster(['list', 'bof', 'modes', '--format', 'md'], cwd)).stdout;
    expect(md).toContain('| surrounded | Surrounded | attacker 150, defender 50 | attacker 112, defender 37 a player | attacker 75, defender 25 a player |');
  });
});

describe('Blaze Away! has no points: no budget in its scenario or check (issue 26)', () => {
  it('scenario and check JSON carry no fits; check --scenario is refused; the force prints as before', async () => {
    const company = path.join(root, 'examples/blazeaway/german-grenadier-company.yaml');
    const cwd = workdir();
    const scenario = await muster(['scenario', 'blazeaway', '--force', company, '--seed', 'club', '--strict', '--format', 'json'], cwd);
    expect(scenario.code).toBe(0);
    expect(JSON.parse(scenario.stdout)).not.toHaveProperty('fits');
    expect(scenario.stderr).not.toMatch(/budget/);
    const check = await muster(['check', 'blazeaway', '--force', company, '--format', 'json'], cwd);
    expect(check.code).toBe(0);
    expect(JSON.parse(check.stdout)).not.toHaveProperty('fits');
    const asked = await muster(['check', 'blazeaway', '--force', company, '--scenario', 'attack'], cwd);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toMatch(/Blaze Away! has no games to check a force against/);
    expect(readFileSync(path.join(root, 'docs/blazeaway-force-file.md'), 'utf8')).toMatch(/no game has a budget/);
  });
});
