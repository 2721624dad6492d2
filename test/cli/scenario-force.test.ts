import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILTIN_DATA_DIR } from '../../src/cli/builtin-dir.js';
import { loadArsenal } from '../../src/systems/bof/arsenal.js';
import { buildRoster, forceFile, type Force } from '../../src/systems/bof/force.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

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
    // a roster sheet and 22 cards (three sheets of fronts, three of backs) more than without the force
    expect(pdfPageCount(one) - pdfPageCount(readFileSync(path.join(cwd, 'plain.pdf')))).toBe(7);
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
    expect(md.stdout).toMatch(/Your force: Kampfgruppe Weber, \d+ points; your budget \d+ points/);
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
