/**
 * `muster cards blazeaway --force` and `muster scenario blazeaway` through the command line:
 * options and refusals (exit 2, the file, field or option named, nothing written), JSON,
 * and a PDF of each product: its pages, the same bytes twice, qpdf --check.
 */
import { MANIFESTS } from '../../src/systems/registry.js';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { purePrint } from '../helpers/pure-run.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
const EXAMPLES = fileURLToPath(new URL('../../examples/blazeaway/', import.meta.url));
const GERMAN = path.join(EXAMPLES, 'german-grenadier-company.yaml');
const SOVIET = path.join(EXAMPLES, 'soviet-rifle-company.yaml');
const qpdf = (file: string) => execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });

const BAD_FORCE = `name: Bad company
side: axis
nation: Germany
rating: Excellent
partisans: true
units:
  - name: Zug
    kind: infantry
    stands:
      - { type: rifle, count: 3, figures: 6 }
`;

describe('muster cards blazeaway --force', () => {
  it('the unit sheet, then the deck in the player’s colour: a valid PDF, the same bytes twice', async () => {
    const cwd = workdir();
    const first = await muster(['cards', 'blazeaway', '--force', GERMAN, '--strict', '-o', 'a.pdf'], cwd);
    expect(first.code, first.stderr).toBe(0);
    await muster(['cards', 'blazeaway', '--force', GERMAN, '-o', 'b.pdf', '--quiet'], cwd);
    const a = readFileSync(path.join(cwd, 'a.pdf'));
    expect(a.equals(readFileSync(path.join(cwd, 'b.pdf')))).toBe(true);
    // one page of unit sheet, one of its tallies (3.4); the deck's 47 cards on 6 sheets of fronts and backs
    expect(pdfPageCount(a)).toBe(2 + 12);
    expect(qpdf(path.join(cwd, 'a.pdf'))).toMatch(/No syntax or stream encoding errors/);
  });
  it('--format json gives the force and its units as the scenario does', async () => {
    const { code, stdout } = await muster(['cards', 'blazeaway', '--force', SOVIET, '--format', 'json'], workdir());
    expect(code).toBe(0);
    const { system, force } = JSON.parse(stdout) as { system: string; force: { colour: string; ordersPerTurn: number; deck: Record<string, number>; units: { name: string; kind: string; stands: number; rating: string; breakingPoint?: { losses: number; percent: number } }[] } };
    expect(system).toBe('blazeaway');
    expect(force.colour).toBe('Red');
    const platoon = force.units.find((u) => u.name === '1st Platoon')!;
    // 4 stands of 4 figures and an LMG of 2: Average breaks at half its 18 figures
    expect(platoon).toMatchObject({ kind: 'infantry', stands: 5, rating: 'Average', breakingPoint: { losses: 9, percent: 50 } });
    expect(force.units.find((u) => u.name === 'Tank platoon')).toMatchObject({ kind: 'armour', stands: 3 });
    expect(Object.values(force.deck).reduce((n, c) => n + c, 0)).toBeGreaterThan(force.ordersPerTurn);
  });
  it('Markdown shows the sheet with a box for each figure, in the units asked for', async () => {
    const result = await muster(['cards', 'blazeaway', '--force', GERMAN, '--format', 'md', '--units', 'in'], workdir());
    expect(result.code).toBe(0);
    const stdout = result.stdout.replace(/\u00a0/g, ' ');
    expect(stdout).toMatch(/\| 1\. Zug \| Confident 3\/2\/1 D10 \| Rifle section □□□ □□□ □□□ LMG □□ \| 7 of 11 66% \| 4 \| Rifles 12 in; LMG 16 in \|/);
    expect(stdout).toMatch(/Your guns on the armour combat table/);
    // the only cm left are in a gun's own name (7.5 cm PaK 40)
    expect(stdout.replace(/7\.5 cm PaK/g, '')).not.toMatch(/\d cm\b/);
  });
  it('a force breaking the rules: printed with its problems and warned of, or refused under --strict', async () => {
    const cwd = workdir({ 'bad.yaml': BAD_FORCE });
    const lenient = await muster(['cards', 'blazeaway', '--force', 'bad.yaml', '--format', 'md'], cwd);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toMatch(/warning: .*bad\.yaml: force \(partisans\): partisans are never rated better than Confident \(3\.6\), not Excellent/);
    expect(lenient.stderr).toMatch(/warning: .*bad\.yaml: units\[0\] Zug \(basing\): stands\[0\]: 6 figures a stand/);
    expect(lenient.stdout).toMatch(/Check: 2 problems/);
    const strict = await muster(['cards', 'blazeaway', '--force', 'bad.yaml', '--strict', '-o', 'x.pdf'], cwd);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/bad\.yaml: the force breaks 2 rules of its rules:\n {2}force \(partisans\)/);
    expect(existsSync(path.join(cwd, 'x.pdf'))).toBe(false);
  });
  it('a malformed force file names the file and field; other rule sets’ options are refused by name', async () => {
    const cwd = workdir({ 'force.yaml': 'name: Bad\nside: neutral\nnation: X\nrating: Poor\nunits:\n  - { name: Boat, kind: navy }\n  - { name: Zug, kind: infantry, stands: [] }\n' });
    const bad = await muster(['cards', 'blazeaway', '--force', 'force.yaml', '-o', 'x.pdf'], cwd);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/force\.yaml at side: /);
    expect(bad.stderr).toMatch(/force\.yaml at units\[0\]\.kind: one of infantry, armour, motorised, gun, aircraft/);
    expect(bad.stderr).toMatch(/force\.yaml at units\[1\]\.stands: at least one stand/);
    expect(readdirSync(cwd)).toEqual(['force.yaml']);
    // 7.4.8: an AA unit's weapon is mg or cannon, its dice 1 or 2
    const aa = workdir({ 'aa.yaml': 'name: Flak\nside: axis\nnation: Germany\nrating: Average\nunits:\n  - { name: Flak 38, kind: gun, gun: 2 cm Flak 38, gunGroup: 4, aa: { weapon: rockets, dice: 3 } }\n' });
    const refusedAa = await muster(['cards', 'blazeaway', '--force', 'aa.yaml', '-o', 'x.pdf'], aa);
    expect(refusedAa.code).toBe(2);
    expect(refusedAa.stderr).toMatch(/aa\.yaml at units\[0\]\.aa\.weapon: mg or cannon: anti-aircraft machine guns reach 40 cm, cannon 80 cm \(7\.4\.8\)/);
    expect(refusedAa.stderr).toMatch(/aa\.yaml at units\[0\]\.aa\.dice: 1 or 2/);
    expect(readdirSync(aa)).toEqual(['aa.yaml']);
    for (const option of [['--nation', 'de'], ['--doctrine', 'x'], ['--explain-cost', 'x']]) {
      const refused = await muster(['cards', 'blazeaway', ...option], cwd);
      expect(refused.code, option.join(' ')).toBe(2);
      expect(refused.stderr).toMatch(new RegExp(`${option[0]}: Blaze Away! cards take no such option`));
    }
    const strict = await muster(['cards', 'blazeaway', '--strict'], cwd);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/--strict: it refuses a --force file that breaks its rules; give --force FILE, or leave --strict out/);
    const twice = await muster(['cards', 'blazeaway', '--force', GERMAN, '--force', SOVIET], cwd);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/--force is given twice \(.+ and .+\); give it once/);
  });
});

interface Scenario {
  system: string;
  seed: string;
  attacker: string;
  turns: number;
  table: { width: number; height: number };
  forces: { side: string; name: string; sample: boolean; problems: string[] }[];
  barrage: { templates: number; turn: number };
}
const json = async (args: string[], cwd = workdir()) => {
  const result = await muster(['scenario', 'blazeaway', '--format', 'json', ...args], cwd);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Scenario;
};

describe('muster scenario blazeaway', () => {
  it('JSON: a 180 x 120 cm table by default; both sides drawn from the samples', async () => {
    const r = await json(['--seed', 'club']);
    expect(r).toMatchObject({ system: 'blazeaway', seed: 'club', table: { width: 180, height: 120 } });
    expect(r.forces.map((f) => f.sample)).toEqual([true, true]);
  });
  it('--force gives side A, a second --force side B; the table in inches', async () => {
    const one = await json(['--seed', 's', '--force', SOVIET]);
    expect(one.forces.map((f) => [f.name, f.sample])).toEqual([['2nd Rifle Company, 1st Battalion', false], ['5. Kompanie, Grenadier-Regiment 1057', true]]);
    const two = await json(['--seed', 's', '--force', GERMAN, '--force', SOVIET, '--table', '72x48', '--units', 'in']);
    expect(two.forces.map((f) => [f.side, f.sample])).toEqual([['a', false], ['b', false]]);
    expect(two.table).toEqual({ width: 183, height: 122 });
  });
  it('a force file with problems is warned of, by side, and set up all the same', async () => {
    const cwd = workdir({ 'bad.yaml': BAD_FORCE });
    const result = await muster(['scenario', 'blazeaway', '--force', 'bad.yaml', '--format', 'json', '--seed', 's'], cwd);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning: Side A: .*bad\.yaml: force \(partisans\)/);
    expect((JSON.parse(result.stdout) as Scenario).forces[0]!.problems).toHaveLength(2);
  });
  it('--count gives JSON Lines, one scenario a line, seeds derived', async () => {
    const { code, stdout } = await muster(['scenario', 'blazeaway', '--seed', 'batch', '--count', '3', '--format', 'json', '--quiet'], workdir());
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n').map((l) => JSON.parse(l) as Scenario);
    expect(lines.map((l) => l.seed)).toEqual(['batch-1', 'batch-2', 'batch-3']);
    expect(lines.every((l) => l.system === 'blazeaway' && l.turns >= 6)).toBe(true);
  });
  it('bad options: exit 2, a message naming the option and what is allowed, no file', async () => {
    for (const [args, message] of [
      [['--force', 'a.yaml', '--force', 'b.yaml', '--force', 'c.yaml'], /--force given 3 times: give one force file for side A, and another for side B/],
      [['--force', 'missing.yaml'], /missing\.yaml/],
      [['--force', ''], /--force: give the path of a force file/],
      [['--points', '500'], /--points: Blaze Away! scenarios take no such option; the forces are the --force files, or muster's samples/],
      [['--mode', 'solo'], /--mode solo: Blaze Away! has no solo rules/],
      [['--players', '4'], /--players 4: a Blaze Away! game is for 2 players; leave --players out/],
      [['--scenario', 'crossroads'], /--scenario: Blaze Away! scenarios take no such option; Blaze Away! scenarios are rolled whole/],
      [['--battle', 'attack'], /--battle: Blaze Away! scenarios take no such option/],
    ] as const) {
      const cwd = workdir({ 'a.yaml': readFileSync(GERMAN, 'utf8'), 'b.yaml': readFileSync(SOVIET, 'utf8'), 'c.yaml': readFileSync(SOVIET, 'utf8') });
      const result = await muster(['scenario', 'blazeaway', '-o', 'x.pdf', ...args], cwd);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(existsSync(path.join(cwd, 'x.pdf'))).toBe(false);
    }
  });
  it('-o may not land on a --force file', async () => {
    const cwd = workdir({ 'a.yaml': readFileSync(GERMAN, 'utf8') });
    const result = await muster(['scenario', 'blazeaway', '--force', 'a.yaml', '-o', 'a.yaml'], cwd);
    expect(result.code).toBe(2);
    expect(readFileSync(path.join(cwd, 'a.yaml'), 'utf8')).toBe(readFileSync(GERMAN, 'utf8'));
  });
  it('--force is refused, by name, for rule sets whose scenarios take no force files', async () => {
    // Burst of Fire takes its own force files (scenario-force.test.ts)
    for (const id of MANIFESTS.filter((m) => m.scenario && !m.scenario.takes?.includes('force')).map((m) => m.id)) {
      const result = await muster(['scenario', id, '--force', GERMAN], workdir());
      expect(result.code, id).toBe(2);
      expect(result.stderr, id).toMatch(/--force: .* scenarios take no such option/);
    }
  });
});

describe('muster list blazeaway', () => {
  it('the names a force file may use, the objectives and the sample forces', async () => {
    const kinds = JSON.parse((await muster(['list', 'blazeaway', 'stands', '--format', 'json'], workdir())).stdout) as unknown;
    const text = JSON.stringify(kinds);
    expect(text).toMatch(/"id":"rifle","name":"Rifle section"/);
    expect(text).toMatch(/"figures":"3-4"/);
    const samples = await muster(['list', 'blazeaway', 'samples'], workdir());
    expect(samples.code).toBe(0);
    expect(samples.stdout).toMatch(/german-grenadier-company +5\. Kompanie/);
    for (const what of ['ratings', 'crew', 'weapons', 'carriers', 'aircraft', 'classes', 'objectives']) {
      expect((await muster(['list', 'blazeaway', what], workdir())).code, what).toBe(0);
    }
    const narrowed = await muster(['list', 'blazeaway', 'stands', '--nation', 'de'], workdir());
    expect(narrowed.code).toBe(2);
    expect(narrowed.stderr).toMatch(/--nation: nothing Blaze Away! lists is narrowed by nation; leave --nation out/);
  });
});

describe('the sheets and the pieces (PDF)', () => {
  it('tables blazeaway: eight one-page sheets, the same bytes twice, a valid PDF', async () => {
    const cwd = workdir();
    expect((await muster(['tables', 'blazeaway', '-o', 'a.pdf', '--quiet'], cwd)).code).toBe(0);
    const a = readFileSync(path.join(cwd, 'a.pdf'));
    // the second made as the worker's other files make it (purePrint), from a run of its own
    expect(a.equals(await purePrint(['tables', 'blazeaway']))).toBe(true);
    expect(pdfPageCount(a)).toBe(8);
    expect(qpdf(path.join(cwd, 'a.pdf'))).toMatch(/No syntax or stream encoding errors/);
  });
  it('tokens blazeaway: chits, templates, squares and a sheet of wire strips, fronts and backs', async () => {
    const cwd = workdir();
    expect((await muster(['tokens', 'blazeaway', '-o', 'a.pdf', '--quiet', '--paper', 'letter', '--units', 'in'], cwd)).code).toBe(0);
    const a = readFileSync(path.join(cwd, 'a.pdf'));
    expect(a.equals(await purePrint(['tokens', 'blazeaway', '--paper', 'letter', '--units', 'in']))).toBe(true);
    expect(qpdf(path.join(cwd, 'a.pdf'))).toMatch(/No syntax or stream encoding errors/);
    const json = JSON.parse((await muster(['tokens', 'blazeaway', '--format', 'json'], cwd)).stdout) as { tokenSheets: { title: string; tokens: { front: { shape: string; size?: { width: number; height: number } } }[] }[] };
    const wire = json.tokenSheets.find((s) => s.title.startsWith('Wire strips'))!;
    // 6.8: strips of 5 x 2 cm and 10 x 2 cm
    expect(new Set(wire.tokens.map((t) => `${t.front.shape} ${t.front.size!.width}x${t.front.size!.height}`))).toEqual(new Set(['rect 100x20', 'rect 50x20']));
    // four sheets, each as pages of fronts and backs; the wire strips take one of each (the
    // layout tests check that on both papers)
    expect(json.tokenSheets).toHaveLength(4);
    // two area-fire discs and twelve mine squares a page, on Letter as on A4
    expect(pdfPageCount(a)).toBe(18);
  });
});

describe('the scenario packet (PDF)', () => {
  it('briefing, map, both unit sheets, rolls and both decks: a valid PDF, the same bytes for the same seed', async () => {
    const cwd = workdir();
    const args = ['scenario', 'blazeaway', '--seed', 'smoke', '--force', GERMAN, '--force', SOVIET];
    const first = await muster([...args, '-o', 'a.pdf'], cwd);
    expect(first.code, first.stderr).toBe(0);
    await muster([...args, '-o', 'b.pdf', '--quiet'], cwd);
    const a = readFileSync(path.join(cwd, 'a.pdf'));
    expect(a.equals(readFileSync(path.join(cwd, 'b.pdf')))).toBe(true);
    // briefing, map, the terrain to put out, two unit sheets and their two pages of tallies, rolls
    // (a page in two columns, the terrain's with them); the German deck of 47 cards (6 sheets) and
    // the Soviet one of 45 (5 sheets), each sheet a page of fronts and one of backs, the first
    // sheet of fronts on an odd page (page 9) for two-sided printing, with no page for notes
    expect(pdfPageCount(a)).toBe(8 + 12 + 10);
    expect(qpdf(path.join(cwd, 'a.pdf'))).toMatch(/No syntax or stream encoding errors/);
  });
  it('Markdown: the sections a player reads, in inches when asked', async () => {
    const { code, stdout } = await muster(['scenario', 'blazeaway', '--seed', 'md', '--format', 'md', '--units', 'in'], workdir());
    expect(code).toBe(0);
    for (const heading of ['Briefing', 'Setup', 'Before the first turn', 'Conditions', 'What to cut out', 'Turn record', 'Infantry', 'Rolls for seed md']) {
      expect(stdout, heading).toContain(heading);
    }
    expect(stdout).toMatch(/Wire strips, long \(4 x 0\.8 in\)/);
    expect(stdout).toMatch(/\| Rifles 12 in; LMG 16 in \|/);
    // no distance of the rules in cm: the only cm left are in the guns' own names (7.5 cm PaK 40)
    expect(stdout.replace(/\d+(\.\d+)? cm (PaK|KwK)/g, '')).not.toMatch(/\d cm\b/);
  });
});

describe('the designer\'s allocations on the command line (7.2.7, 7.3.2, 7.3.11, 7.3.13, 7.3.15)', () => {
  it('taken into the JSON and the packet, each row naming its section; the default barrage marked as muster\'s reading', async () => {
    const cwd = workdir();
    const args = ['scenario', 'blazeaway', '--seed', 'alloc', '--barrage', 'both', '--suppressive', '2,0', '--divisional', '3', '--buildings', 'wood=2,bunker=1', '--fixed-defence'];
    const json = await muster([...args, '--format', 'json'], cwd);
    expect(json.code, json.stderr).toBe(0);
    const r = JSON.parse(json.stdout) as { barrages: { side: string }[]; suppressive: unknown; divisional: unknown; buildings: { kind: string; dpv: number }[]; fixedDefence: { side: string; guns: string[] }; defender: string };
    expect(r.barrages).toHaveLength(2);
    expect(r.suppressive).toEqual({ a: 2, b: 0 });
    expect(r.divisional).toEqual({ a: 3, b: 3 });
    expect(r.buildings.map((b) => b.kind)).toEqual(['wood', 'wood', 'bunker']);
    expect(r.fixedDefence.side).toBe(r.defender);
    const md = (await muster([...args, '--format', 'md'], cwd)).stdout;
    for (const section of ['Suppressive fire (7.3.13)', 'Divisional artillery (7.3.11)', 'Defence points (7.3.15)']) expect(md).toContain(section);
    expect(md).toMatch(/Suppressive fire \(7\.3\.13\) \| Side A 2 templates, Side B 0 templates, .*†/);
    // 7.3.15: the defender's buildings, a box for each defence point rolled
    const rows = md.split('### Buildings: defence points')[1]!.split('\n').filter((l) => /^\| (Wood|Concrete)/.test(l));
    expect(rows.map((l) => (l.match(/□/g) ?? []).length)).toEqual(r.buildings.map((b) => b.dpv));
    const plain = (await muster(['scenario', 'blazeaway', '--seed', 'alloc', '--format', 'md'], cwd)).stdout;
    expect(plain).toMatch(/Pre-game barrage \| Side [AB]: \d+ area-fire templates, falling [^|]*; the attacker's alone†/);
    expect(plain).not.toContain('Suppressive fire (7.3.13)');
  });
  it('out of bounds, refused with exit 2 and what is allowed; other rule sets refuse them by name', async () => {
    const cwd = workdir();
    for (const [args, message] of [
      [['--suppressive', '11'], /--suppressive 11: a whole number from 0 to 10 for both sides, or two such as 2,0/],
      [['--divisional', '4'], /--divisional 4: a whole number from 0 to 3/],
      [['--divisional', '1,2,3'], /--divisional 1,2,3: a whole number from 0 to 3/],
      [['--buildings', 'castle=1'], /--buildings castle=1: give KIND=N, .* wood \(1–6\), brick \(7–15\), bunker \(15–29\), heavy-bunker \(30–40\)/],
      [['--buildings', 'wood=1,wood=2'], /each kind once/],
      [['--barrage', 'nobody'], /barrage, Given: "nobody", Choices: "attacker", "defender", "both", "none"/],
    ] as const) {
      const result = await muster(['scenario', 'blazeaway', '-o', 'x.pdf', ...args], cwd);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(existsSync(path.join(cwd, 'x.pdf'))).toBe(false);
    }
    const other = await muster(['scenario', 'openfire', '--fixed-defence', '--divisional', '2', '-o', 'x.pdf'], cwd);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/--divisional, --fixed-defence: Open Fire scenarios take no such options; leave them out \(only Blaze Away! scenarios take them\)/);
    const help = await muster(['scenario', '--help'], cwd);
    for (const name of ['--barrage', '--suppressive', '--divisional', '--buildings', '--fixed-defence', '--minefields']) expect(help.stdout).toContain(name);
  });
});
