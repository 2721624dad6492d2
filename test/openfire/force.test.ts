// Open Fire force files (issue 26): a nation and units from muster's sample lists, checked
// (check), printed as a roster and cards (cards --force) and named as the lists name them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { loadLists } from '../../src/systems/openfire/lists.js';
import { checkOpenFireForce, forceFile, type OfForce } from '../../src/systems/openfire/force.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
const root = fileURLToPath(new URL('../../', import.meta.url));
const US = path.join(root, 'examples/openfire/us-rifle-platoon.yaml');
const DE = path.join(root, 'examples/openfire/german-grenadier-platoon.yaml');
const lists = await loadLists((await loadRulesDb({ dataDirs: [] })).system('openfire').dirs);

/** A force file's text checked in Node, as `check` checks it. */
const checked = (text: string) => checkOpenFireForce(forceFile.parse(YAML.parse(text)) as OfForce, lists);

interface CheckJson {
  system: string;
  name: string;
  points: number;
  limit: string;
  entries: { where: string; name: string; points: number }[];
  problems: { where: string; rule: string; message: string }[];
  fits: { game: string; side: string; points: number; budget: number; left: number; elsewhere?: string[] }[];
}

describe('Open Fire force files: the examples', () => {
  it.each([
    [US, 490, 11, 9],
    [DE, 475, 11, 9],
  ])('%s keeps every rule under --strict: its roster and a card for every entry, a box for each of its units, the same bytes twice', async (file, points, units, cards) => {
    const cwd = workdir();
    const check = await muster(['check', 'openfire', '--force', file, '--format', 'json'], cwd);
    expect(check.code, check.stderr).toBe(0);
    const json = JSON.parse(check.stdout) as CheckJson;
    expect(json).toMatchObject({ system: 'openfire', points, limit: '500', problems: [] });
    expect(json.entries.reduce((n, e) => n + e.points, 0)).toBe(points);
    const made = await muster(['cards', 'openfire', '--force', file, '--strict', '-o', 'a.pdf'], cwd);
    expect(made.code, made.stderr).toBe(0);
    // the roster, a page for notes (the fronts on page 3 for two-sided printing), the card sheets
    expect(made.stderr).toBe('Wrote a.pdf (' + String(1 + 1 + 2 * Math.ceil(cards / 9)) + ' pages)\n');
    await muster(['cards', 'openfire', '--force', file, '--strict', '-o', 'b.pdf', '--quiet'], cwd);
    const pdf = readFileSync(path.join(cwd, 'a.pdf'));
    expect(Buffer.compare(pdf, readFileSync(path.join(cwd, 'b.pdf')))).toBe(0);
    // the roster, a page for notes, a sheet of 9 fronts and one of backs for each 9 cards
    const sheets = Math.ceil(cards / 9);
    expect(pdfPageCount(pdf)).toBe(1 + 1 + 2 * sheets);
    const md = (await muster(['cards', 'openfire', '--force', file, '--format', 'md'], cwd)).stdout;
    expect(md).toContain(`, ${points} of 500 points`);
    expect(md).toContain('Check: no problems');
    const deck = md.split(/^## Cards: /m)[1]!;
    expect((deck.match(/^### /gm) ?? []).length).toBe(cards);
    // every unit has its card or its box on one
    expect(deck.split(/^### /m).slice(1).reduce((n, card) => n + Math.max(1, (card.match(/\[ \] /g) ?? []).length), 0)).toBe(units);
  });

  it('names units by id or by name, whatever the case: the German example prices as its ids would', () => {
    const byName = checked(readFileSync(DE, 'utf8'));
    expect(byName.problems).toEqual([]);
    expect(byName.lines.map((l) => l.unit.id)).toEqual(['de-officer', 'de-rifle-squad', 'de-assault-team', 'de-mg-team', 'de-at-team', 'de-mortar-team', 'de-sniper', 'de-light-vehicle', 'de-tank']);
    const shouted = checked('name: X\nnation: GERMANY\nunits:\n  - unit: light MORTAR team\n  - unit: De-Sniper\n');
    expect(shouted.problems).toEqual([]);
    expect(shouted.lines.map((l) => l.unit.id)).toEqual(['de-mortar-team', 'de-sniper']);
    // a name several nations share is the force's own nation's
    expect(checked('name: X\nnation: uk\nunits:\n  - unit: Lieutenant\n').lines[0]!.unit.id).toBe('uk-officer');
    // points left out: the scenario's 500
    expect(shouted.force.points).toBe(500);
  });

  it('the doc shows the US example as its file holds it', () => {
    const doc = readFileSync(path.join(root, 'docs/openfire-force-file.md'), 'utf8');
    expect(YAML.parse(/```yaml\n([\s\S]*?)```/.exec(doc)![1]!)).toEqual(YAML.parse(readFileSync(US, 'utf8')));
  });
});

describe('Open Fire force files: each kind of problem, every one collected, the roster built all the same', () => {
  it('an unknown nation, with the close match; units are still found among every nation’s', () => {
    const roster = checked('name: X\nnation: Germnay\nunits:\n  - unit: de-officer\n');
    expect(roster.nation).toBeUndefined();
    expect(roster.problems).toEqual([{ where: 'force', rule: 'nation', message: expect.stringMatching(/^unknown nation "Germnay": did you mean de \(Germany\)\?.*muster list openfire nations/) }]);
    expect(roster.points).toBe(30);
  });

  it('an unknown unit, with the nation’s close matches and the command that lists them', () => {
    const roster = checked('name: X\nnation: us\nunits:\n  - unit: us-rifel-squad\n  - unit: us-officer\n');
    expect(roster.problems).toEqual([
      { where: 'units[0] us-rifel-squad', rule: 'unit', message: expect.stringMatching(/^unknown United States unit "us-rifel-squad": did you mean us-rifle-squad \(Rifle squad\)\?.*muster list openfire units --nation us/) },
    ]);
    expect(roster.lines.map((l) => l.where)).toEqual(['units[1] us-officer']);
  });

  it('a name that names several units, with no nation to tell them apart', () => {
    const roster = checked('name: X\nnation: nowhere\nunits:\n  - unit: Lieutenant\n');
    expect(roster.problems.map((p) => p.rule)).toEqual(['nation', 'unit']);
    expect(roster.problems[1]!.message).toMatch(/"Lieutenant" names 2 units: us-officer \(Lieutenant\), uk-officer \(Lieutenant\); give the id of the one you mean/);
  });

  it('another nation’s unit: found, priced, and said to be from another list', () => {
    const roster = checked('name: X\nnation: United States\nunits:\n  - unit: Tiger I\n');
    expect(roster.problems).toEqual([{ where: 'units[0] Tiger I', rule: 'nation', message: 'Tiger I (de-heavy-tank) is from the Germany list; a United States force fields units of its own list (muster list openfire units --nation us)' }]);
    expect(roster.points).toBe(180);
  });

  it('a force over its own points, with how many to drop', () => {
    const roster = checked('name: X\nnation: su\npoints: 200\nunits:\n  - unit: su-heavy-tank\n  - unit: su-rifle-squad\n')
    expect(roster.problems).toEqual([{ where: 'force', rule: 'points', message: 'the force costs 220 points, over its limit of 200: drop 20 points' }]);
  });

  it('check prints them as cards --force warns of them (exit 2), and --strict refuses the cards, writing nothing', async () => {
    const cwd = workdir({ 'bad.yaml': 'name: Mixed\nnation: us\npoints: 100\nunits:\n  - unit: us-officer\n  - unit: Panzer IV H\n  - unit: us-rifel-squad\n' });
    const text = await muster(['check', 'openfire', '--force', 'bad.yaml'], cwd);
    expect(text.code).toBe(2);
    expect(text.stdout).toMatch(/^Mixed: 140 of 100 points\n {2}Lieutenant +30\n {2}Panzer IV H +110\n/);
    expect(text.stdout).toContain('3 problems:\n  units[1] Panzer IV H (nation): ');
    expect(text.stdout).toContain('  units[2] us-rifel-squad (unit): unknown United States unit "us-rifel-squad": did you mean us-rifle-squad (Rifle squad)?');
    expect(text.stdout).toContain('  force (points): the force costs 140 points, over its limit of 100: drop 40 points');
    const json = JSON.parse((await muster(['check', 'openfire', '--force', 'bad.yaml', '--format', 'json'], cwd)).stdout) as CheckJson;
    const cards = await muster(['cards', 'openfire', '--force', 'bad.yaml', '-o', 'bad.pdf'], cwd);
    expect(cards.code).toBe(0);
    for (const p of json.problems) expect(cards.stderr).toContain(`warning: ${path.join(cwd, 'bad.yaml')}: ${p.where} (${p.rule}): ${p.message}`);
    const md = (await muster(['cards', 'openfire', '--force', 'bad.yaml', '--format', 'md'], cwd)).stdout;
    expect(md).toContain('Check: 3 problems');
    const strict = await muster(['cards', 'openfire', '--force', 'bad.yaml', '--strict', '-o', 'strict.pdf'], cwd);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/bad\.yaml: the force breaks 3 rules of its army list:\n {2}units\[1\] Panzer IV H \(nation\)/);
    expect(existsSync(path.join(cwd, 'strict.pdf'))).toBe(false);
  });

  it('a file that is no force is bad data: the file, the field and what is allowed (exit 2)', async () => {
    const cwd = workdir({
      'count.yaml': 'name: X\nnation: de\nunits:\n  - unit: de-officer\n    count: 0\n',
      'extra.yaml': 'name: X\nnation: de\ndoctrine: de-armor\nunits:\n  - unit: de-officer\n',
      'none.yaml': 'name: X\nnation: de\nunits: []\n',
    });
    for (const [file, field] of [
      ['count.yaml', /count\.yaml.*units\[0\]\.count/],
      ['extra.yaml', /extra\.yaml.*doctrine/],
      ['none.yaml', /none\.yaml.*units/],
    ] as const) {
      const out = await muster(['check', 'openfire', '--force', file], cwd);
      expect(out.code, file).toBe(2);
      expect(out.stderr).toMatch(field);
      expect(out.stdout).toBe('');
    }
  });
});

describe('muster check openfire: the fit to the game’s points', () => {
  it('without --scenario: the battle at its 500 points a side, exit 0 even when over', async () => {
    const cwd = workdir({ 'big.yaml': 'name: Big\nnation: de\npoints: 700\nunits:\n  - unit: de-heavy-tank\n    count: 3\n  - unit: de-officer\n' });
    const json = JSON.parse((await muster(['check', 'openfire', '--force', US, '--format', 'json'], cwd)).stdout) as CheckJson;
    expect(json.fits).toEqual([{ game: 'Take and hold the objectives', side: 'a', points: 490, budget: 500, left: 10 }]);
    const big = await muster(['check', 'openfire', '--force', 'big.yaml'], cwd);
    expect(big.code).toBe(0);
    expect(big.stdout).toContain("Against each game's budget for its side:\n  Take and hold the objectives: 570 of 500 points: 70 over the game's budget");
    expect(big.stdout).toContain('over the budget of 1 of the games above');
    // over the game's points, the same battle at the force's own points fits it
    const bigJson = JSON.parse((await muster(['check', 'openfire', '--force', 'big.yaml', '--format', 'json'], cwd)).stdout) as CheckJson;
    expect(bigJson.fits[0]!.elsewhere).toEqual(['--points 700']);
  });

  it('with --scenario: exit 2 over the game’s points, 0 within them; an unknown scenario is named', async () => {
    const cwd = workdir({ 'big.yaml': 'name: Big\nnation: de\npoints: 700\nunits:\n  - unit: de-heavy-tank\n    count: 3\n  - unit: de-officer\n' });
    const fits = await muster(['check', 'openfire', '--force', US, '--scenario', 'objectives'], cwd);
    expect(fits.code).toBe(0);
    expect(fits.stdout).toContain('In the game asked for:\n  Take and hold the objectives: 490 of 500 points: 10 left to spend');
    const over = await muster(['check', 'openfire', '--force', 'big.yaml', '--scenario', 'Take and hold the objectives'], cwd);
    expect(over.code).toBe(2);
    expect(over.stdout).toContain('it is over the budget of the game asked for');
    const unknown = await muster(['check', 'openfire', '--force', US, '--scenario', 'objectivs'], cwd);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--scenario: unknown Open Fire scenario "objectivs": did you mean objectives/);
    const solo = await muster(['check', 'openfire', '--force', US, '--scenario', 'objectives', '--mode', 'solo'], cwd);
    expect(solo.code).toBe(2);
    expect(solo.stderr).toMatch(/--mode solo: Open Fire has no solo rules/);
  });
});

describe('muster list openfire units: the names a force file may use', () => {
  it('a nation’s units with their points, by --nation id or name', async () => {
    const cwd = workdir();
    const json = JSON.parse((await muster(['list', 'openfire', 'units', '--nation', 'United Kingdom', '--format', 'json'], cwd)).stdout) as { id: string; name: string; points: number; details: { nation: string } }[];
    expect(json.length).toBe(12);
    expect(json.every((u) => u.details.nation === 'uk')).toBe(true);
    expect(json.find((u) => u.id === 'uk-officer')).toMatchObject({ name: 'Lieutenant', points: 30 });
    const text = (await muster(['list', 'openfire', 'units', '--nation', 'uk'], cwd)).stdout;
    expect(text.replace(/\s+/g, ' ')).toContain('A force file names a unit by its id or its name');
    const wrong = await muster(['list', 'openfire', 'units', '--nation', 'brtain'], cwd);
    expect(wrong.code).toBe(2);
  });
});

describe('muster cards openfire --force: refusals', () => {
  it('--nation with --force, and --strict without --force', async () => {
    const cwd = workdir();
    const both = await muster(['cards', 'openfire', '--force', US, '--nation', 'de', '-o', 'x.pdf'], cwd);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--nation: with --force the cards are those of the force/);
    const strict = await muster(['cards', 'openfire', '--strict', '-o', 'x.pdf'], cwd);
    expect(strict.code).toBe(2);
    expect(existsSync(path.join(cwd, 'x.pdf'))).toBe(false);
  });

  it('a labelled entry’s cards carry the label as their title, the unit’s name under it', async () => {
    const md = (await muster(['cards', 'openfire', '--force', US, '--format', 'md'], workdir())).stdout;
    expect(md).toMatch(/### Lt\. Hale\n/);
    expect(md).toMatch(/### Sherman "Cobra King"\n/);
    expect(md).toContain('Lieutenant · officer team');
  });
});
