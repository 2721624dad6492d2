// Open Fire battles with the players' forces and nations (issue 26): a force file replaces the
// dice's buy for its side and is held to the game's points; --nation A,B sets the sides' nations;
// a drawn nation never meets itself.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { sampleSize } from '../helpers/sample.js';

const workdir = workdirs(afterEach);
const root = fileURLToPath(new URL('../../', import.meta.url));
const US = path.join(root, 'examples/openfire/us-rifle-platoon.yaml');
const DE = path.join(root, 'examples/openfire/german-grenadier-platoon.yaml');

interface Roll {
  purpose: string;
  dice: string;
  decided: string;
}
interface Result {
  seed: string;
  forces: { side: string; name?: string; nation: string; points: number; budget: number; units: { unit: string; name: string; label?: string; count: number; points: number }[]; problems?: unknown[] }[];
  fits?: { game: string; side: string; points: number; budget: number; left: number; elsewhere?: string[] }[];
  rolls: Roll[];
}

const json = async (args: string[], cwd = workdir()): Promise<Result> => {
  const out = await muster(['scenario', 'openfire', '--format', 'json', ...args], cwd);
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as Result;
};

describe('scenario openfire --force: the given forces replace the rolled buys', () => {
  it('one force: side A is the file’s, unit for unit; side B is rolled, of another nation; its fit to the game’s points', async () => {
    const result = await json(['--force', US, '--seed', 'club']);
    const [a, b] = result.forces;
    expect(a).toMatchObject({ side: 'a', name: '2nd Platoon, Baker Company', nation: 'us', points: 490, budget: 500, problems: [] });
    expect(a!.units[0]).toEqual({ unit: 'us-officer', name: 'Lieutenant', label: 'Lt. Hale', count: 1, points: 30 });
    expect(a!.units[1]).toEqual({ unit: 'us-rifle-squad', name: 'Rifle squad', count: 3, points: 120 });
    expect(a!.units.reduce((n, u) => n + u.points, 0)).toBe(490);
    expect(b!.nation).not.toBe('us');
    expect(b!.name).toBeUndefined();
    expect(b!.points).toBeLessThanOrEqual(500);
    expect(result.fits).toEqual([{ game: 'Take and hold the objectives, side A', side: 'a', points: 490, budget: 500, left: 10 }]);
    // nothing is rolled for the side that brought its force
    expect(result.rolls.filter((r) => /side A/.test(r.purpose))).toEqual([]);
    expect(result.rolls.some((r) => r.purpose === 'nation: side B')).toBe(true);
  });

  it('two forces: both the files’, no nation or unit drawn, the fits in the order the files were given', async () => {
    const result = await json(['--force', DE, '--force', US, '--seed', 'club', '--points', '480']);
    expect(result.forces.map((f) => [f.side, f.name, f.nation, f.points, f.budget])).toEqual([
      ['a', 'Zug Krämer', 'de', 475, 480],
      ['b', '2nd Platoon, Baker Company', 'us', 490, 480],
    ]);
    // the battle's own dice (the map's terrain is rolled after them): the edges, the objectives and who places the first (a D6 each until one is higher)
    const own = result.rolls.filter((r) => !r.purpose.startsWith('terrain: ')).map((r) => r.purpose);
    expect(own.slice(0, 2)).toEqual(['deployment edges', 'number of objectives']);
    expect(own.slice(2).every((p) => /^objectives: who places first: Side [AB]$/.test(p))).toBe(true);
    expect(own.length % 2).toBe(0);
    expect(result.fits!.map((f) => [f.side, f.points, f.budget, f.left])).toEqual([
      ['a', 475, 480, 5],
      ['b', 490, 480, -10],
    ]);
  });

  it('the packet: each brought force’s roster, its fit in a player’s words, its check, and a card for every unit; the same bytes twice', async () => {
    const cwd = workdir();
    const args = ['scenario', 'openfire', '--force', DE, '--force', US, '--seed', 'club'];
    expect((await muster([...args, '-o', 'a.pdf'], cwd)).code).toBe(0);
    expect((await muster([...args, '-o', 'b.pdf', '--quiet'], cwd)).code).toBe(0);
    const pdf = readFileSync(path.join(cwd, 'a.pdf'));
    expect(Buffer.compare(pdf, readFileSync(path.join(cwd, 'b.pdf')))).toBe(0);
    // the sheet, the rolls, the map, then 9 cards a side (11 units, the alike on one card): a sheet of fronts and one of backs each
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(3 + 4);
    expect((await muster([...args, '--cards', 'each', '-o', 'each.pdf', '--quiet'], cwd)).code).toBe(0);
    expect(pdfPageCount(readFileSync(path.join(cwd, 'each.pdf'))) - pdfPageCount(pdf)).toBe(4);
    const md = (await muster([...args, '--format', 'md'], cwd)).stdout;
    const { deployment } = JSON.parse((await muster([...args, '--format', 'json'], cwd)).stdout) as { deployment: Record<string, string> };
    expect(md).toContain(`| Side A | Germany | ${deployment['a']} | 475 of 500 points: 25 left to spend |`);
    expect(md).toContain(`| Side B | United States | ${deployment['b']} | 490 of 500 points: 10 left to spend |`);
    expect(md).toContain('### Side A: Zug Krämer (Germany)');
    expect(md).toContain('### Side B: 2nd Platoon, Baker Company (United States)');
    expect(md).toContain('| Lt. Hale (Lieutenant) | 1 | 30 |');
    expect(md).toContain('### Side A, check: no problems');
    expect(md).toContain('490 of 500 points: 10 left to spend');
    const decks = md.split(/^## Cards: /m).slice(1);
    // 9 cards a side, the 11 units a card or a box each
    expect(decks.map((d) => (d.match(/^### /gm) ?? []).length)).toEqual([9, 9]);
    expect(decks.map((d) => d.split(/^### /m).slice(1).reduce((n, card) => n + Math.max(1, (card.match(/\[ \] /g) ?? []).length), 0))).toEqual([11, 11]);
  });

  it('a force with problems: warned of, printed in its check, carried in the JSON; refused under --strict', async () => {
    const cwd = workdir({ 'mixed.yaml': 'name: Mixed\nnation: us\nunits:\n  - unit: us-officer\n  - unit: Tiger I\n' });
    const out = await muster(['scenario', 'openfire', '--force', 'mixed.yaml', '--seed', 's', '--format', 'json'], cwd);
    expect(out.code).toBe(0);
    expect(out.stderr).toMatch(/warning: side A: .*mixed\.yaml: units\[1\] Tiger I \(nation\): /);
    expect((JSON.parse(out.stdout) as Result).forces[0]!.problems).toHaveLength(1);
    const md = (await muster(['scenario', 'openfire', '--force', 'mixed.yaml', '--seed', 's', '--format', 'md'], cwd)).stdout;
    expect(md).toContain('### Side A, check: 1 problem');
    const strict = await muster(['scenario', 'openfire', '--force', 'mixed.yaml', '--seed', 's', '--strict', '-o', 'x.pdf'], cwd);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/mixed\.yaml: the force breaks 1 rule of its army list/);
    expect(existsSync(path.join(cwd, 'x.pdf'))).toBe(false);
  });

  it('a force whose nation names none of the lists’ cannot take a side (exit 2)', async () => {
    const cwd = workdir({ 'lost.yaml': 'name: Lost\nnation: Atlantis\nunits:\n  - unit: us-officer\n' });
    const out = await muster(['scenario', 'openfire', '--force', 'lost.yaml', '-o', 'x.pdf'], cwd);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/lost\.yaml: side A's force takes its nation from its file, and unknown nation "Atlantis"/);
    expect(existsSync(path.join(cwd, 'x.pdf'))).toBe(false);
  });
});

describe('scenario openfire --force over the game’s points', () => {
  it('is warned of on stderr with both figures and a game it fits; the packet says so, never "no problems" beside it', async () => {
    const cwd = workdir();
    const out = await muster(['scenario', 'openfire', '--force', US, '--points', '400', '--seed', 'club', '-o', 'over.pdf'], cwd);
    expect(out.code).toBe(0);
    expect(out.stderr).toContain(`warning: ${US}: the force costs 490 points, over the 400-point budget of Take and hold the objectives, side A: drop 90 points, or play a game it fits (--points 500)`);
    expect(existsSync(path.join(cwd, 'over.pdf'))).toBe(true);
    const md = (await muster(['scenario', 'openfire', '--force', US, '--points', '400', '--seed', 'club', '--format', 'md'], cwd)).stdout;
    const first = md.split(/^## /m).find((s) => s.startsWith('Scenario:'))!;
    expect(first).toContain("490 of 400 points: 90 over the game's budget");
    expect(first).toContain('### Side A, check: 1 problem');
    expect(first).not.toMatch(/Side A, check: no problems/);
    const result = JSON.parse((await muster(['scenario', 'openfire', '--force', US, '--points', '400', '--seed', 'club', '--format', 'json'], cwd)).stdout) as Result;
    expect(result.fits).toEqual([{ game: 'Take and hold the objectives, side A', side: 'a', points: 490, budget: 400, left: -90, elsewhere: ['--points 500'] }]);
  });

  it('is refused under --strict: exit 2, nothing written', async () => {
    const cwd = workdir();
    const out = await muster(['scenario', 'openfire', '--force', US, '--points', '400', '--seed', 'club', '--strict', '-o', 'over.pdf'], cwd);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/the force costs 490 points, over the 400-point budget .*; --strict refuses a force over its game's budget/);
    expect(existsSync(path.join(cwd, 'over.pdf'))).toBe(false);
    const json = await muster(['scenario', 'openfire', '--force', DE, '--force', US, '--points', '480', '--strict', '--format', 'json'], cwd);
    expect(json.code).toBe(2);
    expect(json.stdout).toBe('');
    expect(json.stderr).toMatch(/us-rifle-platoon\.yaml: the force costs 490 points, over the 480-point budget of Take and hold the objectives, side B/);
  });
});

describe('scenario openfire --nation A,B', () => {
  it('sets both sides’ nations by id or name, draws neither; one name sets side A’s alone', async () => {
    const both = await json(['--nation', 'Germany,Soviet Union', '--seed', 'n']);
    expect(both.forces.map((f) => f.nation)).toEqual(['de', 'su']);
    expect(both.rolls.some((r) => r.purpose.startsWith('nation'))).toBe(false);
    const one = await json(['--nation', 'uk', '--seed', 'n']);
    expect(one.forces[0]!.nation).toBe('uk');
    expect(one.rolls.filter((r) => r.purpose.startsWith('nation')).map((r) => r.purpose)[0]).toBe('nation: side B');
    // asked for: a nation against itself
    expect((await json(['--nation', 'de,Germany', '--seed', 'n'])).forces.map((f) => f.nation)).toEqual(['de', 'de']);
  });

  it('a side with a force file may be named only with its file’s nation; names are checked with the close matches', async () => {
    const cwd = workdir();
    expect((await json(['--force', US, '--nation', 'United States,uk', '--seed', 'n'], cwd)).forces.map((f) => f.nation)).toEqual(['us', 'uk']);
    for (const [args, message] of [
      [['--force', US, '--nation', 'de'], /--nation "de": side A brings its force file \(us-rifle-platoon\.yaml\), a United States force, so its nation is United States, not Germany: give us for side A, or leave --nation out/],
      [['--nation', 'germny'], /--nation: unknown nation "germny": did you mean de \(Germany\)\?/],
      [['--nation', 'de,su,uk'], /--nation "de,su,uk": give side A's nation, or side A's and side B's with a comma between/],
      [['--nation', ',su'], /--nation ",su": give side A's nation/],
    ] as const) {
      const out = await muster(['scenario', 'openfire', ...args, '-o', 'x.pdf'], cwd);
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.stderr).toMatch(message);
      expect(existsSync(path.join(cwd, 'x.pdf'))).toBe(false);
    }
  });

  it('is Open Fire’s own: another rule set’s scenario refuses it, naming the one that takes it', async () => {
    const out = await muster(['scenario', 'fireteam', '--nation', 'de,su', '-o', 'x.pdf'], workdir());
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/--nation: Fire Team scenarios take no such option; leave it out \(only Open Fire scenarios take it\)/);
  });
});

// the packets rolled: all under MUSTER_DEEP=1, a tenth otherwise (helpers/sample.ts); a tenth
// still meets every pairing of two nations, which the test checks
const PACKETS = sampleSize(2000);
const FIXED = sampleSize(200);

describe('a rolled Open Fire battle never sets a nation against itself', () => {
  it(`${PACKETS} rolled packets (--count ${PACKETS}, JSON Lines): no side’s nation is the other’s; a second draw only where the first met the other side’s`, async () => {
    const out = await muster(['scenario', 'openfire', '--count', String(PACKETS), '--format', 'json', '--seed', 'mirror', '--quiet'], workdir());
    expect(out.code).toBe(0);
    const results = out.stdout.trim().split('\n').map((line) => JSON.parse(line) as Result);
    expect(results).toHaveLength(PACKETS);
    let again = 0;
    const seen = new Set<string>();
    for (const r of results) {
      const [a, b] = r.forces;
      expect(a!.nation, r.seed).not.toBe(b!.nation);
      seen.add(`${a!.nation}-${b!.nation}`);
      const draws = r.rolls.filter((x) => x.purpose.startsWith('nation'));
      if (draws.length === 3) {
        again++;
        expect(draws[1]!.decided, r.seed).toMatch(/: the other side's nation, so drawn again$/);
        expect(draws[2]).toMatchObject({ purpose: 'nation: side B, again among the other nations', dice: '1D3' });
      } else expect(draws.map((d) => d.purpose)).toEqual(['nation: side A', 'nation: side B']);
    }
    // a quarter of first draws meet side A's nation; every pairing of two nations comes up
    expect(again / PACKETS).toBeGreaterThan(0.2);
    expect(again / PACKETS).toBeLessThan(0.3);
    expect(seen.size).toBe(12);
  }, 60_000);

  it('nor against a nation given for side A, nor a force’s; the same seed rolls the same packet', async () => {
    for (let i = 0; i < FIXED; i++) {
      const r = await json(['--nation', 'su', '--seed', `fixed-${i}`]);
      expect(r.forces[1]!.nation).not.toBe('su');
    }
    const cwd = workdir();
    const once = await muster(['scenario', 'openfire', '--force', DE, '--seed', 'same', '--format', 'json'], cwd);
    const twice = await muster(['scenario', 'openfire', '--force', DE, '--seed', 'same', '--format', 'json'], cwd);
    expect(once.stdout).toBe(twice.stdout);
    expect((JSON.parse(once.stdout) as Result).forces[1]!.nation).not.toBe('de');
  }, 60_000);
});
