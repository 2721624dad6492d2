/**
 * Fire Team force files checked against their army lists (Army and Vehicle Lists;
 * Reinforcements), one rule a test, and `muster cards fireteam --force` end to end.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { loadFireTeam } from '../../src/systems/fireteam/data.js';
import { checkForce } from '../../src/systems/fireteam/force.js';
import { forceFile, type FtForceInput } from '../../src/systems/fireteam/schema.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
const EXAMPLE = fileURLToPath(new URL('../../examples/forces/fireteam-fallschirmjager.yaml', import.meta.url));
const data = await loadFireTeam((await loadRulesDb({ dataDirs: [], only: 'fireteam' })).system('fireteam'));

const GOOD: FtForceInput = {
  name: 'Zug Test',
  list: 'fallschirmjager',
  points: { core: 4, reinforcements: 6 },
  platoons: [{ squads: 2 }],
  reinforcements: [{ pick: 'medium-tank', vehicle: 'stug' }, { pick: 'weapons-section' }, { pick: 'support-team-1' }, { pick: 'artillery' }],
};
const check = (over: Partial<FtForceInput> = {}) => checkForce(forceFile.parse({ ...GOOD, ...over }), data);
const rules = (over: Partial<FtForceInput> = {}) => check(over).problems.map((p) => p.rule);

describe('a good force', () => {
  it('has no problems, and is priced part by part: 2 squads at 2, picks 2 + 1 + 1 + 2', () => {
    const roster = check();
    expect(roster.problems).toEqual([]);
    expect([roster.core, roster.reinforcements, roster.points]).toEqual([4, 6, 10]);
    expect(roster.parts.map((p) => [p.name, p.points])).toEqual([
      ['HQ', 0],
      ['Squad 1', 2],
      ['Squad 2', 2],
      ['Medium tank or assault gun: StuG', 2],
      ['Weapons section', 1],
      ['Support team 1', 1],
      ['Artillery', 2],
    ]);
  });
  it('brings a team for each card of its parts: support team 1 is 2 snipers, 2 medics and an AOP', () => {
    const support = check().parts.find((p) => p.kind === 'support-team-1')!;
    expect(support.teams.map((t) => t.card.id)).toEqual(['fj-sniper', 'fj-sniper', 'fj-medic', 'fj-medic', 'fj-aop']);
    expect(check().parts.reduce((n, p) => n + p.teams.length, 0)).toBe(17);
  });
  it('the list’s quality for its men, none for a vehicle; Russian scouts are veterans (Special Units)', () => {
    const roster = check();
    expect(new Set(roster.parts.flatMap((p) => p.teams.map((t) => t.quality)))).toEqual(new Set(['veteran', null]));
    expect(roster.parts.find((p) => p.vehicle === 'stug')!.teams.map((t) => t.quality)).toEqual([null]);
    const russians = check({ list: 'russians', platoons: [{ squads: 4 }], reinforcements: [{ pick: 'scout-team' }, { pick: 'hmg-team' }] });
    expect(russians.problems).toEqual([]);
    expect(russians.parts.find((p) => p.kind === 'scout-team')!.teams[0]!.quality).toBe('veteran');
    expect(russians.parts.find((p) => p.kind === 'hmg-team')!.teams.map((t) => t.quality)).toEqual(['average', 'average', 'average']);
  });
  it('Special Units, Veteran tank crews: a pick\'s tanks may have veteran crews, one die more for the move and the best kept, a pin or panic avoided on a veteran\'s expertise roll, at no points (the text gives none: muster\'s reading)', () => {
    const finns = checkForce(forceFile.parse({ name: 'Joukkue', list: 'finns', points: { core: 4, reinforcements: 2 }, platoons: [{ squads: 2 }], reinforcements: [{ pick: 'armour', veteranCrew: true }] }), data);
    expect(finns.problems).toEqual([]);
    const armour = finns.parts.find((p) => p.kind === 'armour')!;
    expect([armour.name, armour.points, finns.reinforcements]).toEqual(['BT-7 and BA-10, veteran crew', 2, 2]);
    expect(armour.teams.map((t) => [t.card.title, t.veteranCrew, t.card.stats.find((s) => s.label === 'move')!.value])).toEqual([
      // the BT-7 is medium (4D6), the BA-10 fast (5D6): a die more, the best 4 or 5 kept
      ['BT-7', true, '5D6, best 4'],
      ['BA-10', true, '6D6, best 5'],
    ]);
    expect(armour.teams[0]!.card.subtitle).toBe('Light tank, veteran crew');
    expect(armour.teams[0]!.card.rules.at(-1)).toMatchObject({ text: expect.stringMatching(/Veteran crew: roll 1D6 more for the move and keep the best; avoids a pin or a panic on an expertise roll of 4\+/), readingId: 'veteran-tank-crews' });
    // a StuG is a tank crew too (an assault gun); a pick without a gunned vehicle has none
    const stug = check({ reinforcements: [{ pick: 'medium-tank', vehicle: 'stug', veteranCrew: true }] });
    expect(stug.problems).toEqual([]);
    expect(stug.parts.find((p) => p.vehicle === 'stug')!.teams[0]!.card.id).toBe('stug-veteran');
    const transport = check({ reinforcements: [{ pick: 'transport-section', veteranCrew: true }] });
    expect(transport.problems).toEqual([expect.objectContaining({ where: 'reinforcements[0] transport-section', rule: 'veteran crew', message: expect.stringMatching(/has no tank crew to make veterans: only a vehicle armed with a gun/) })]);
    // without the flag, the vehicle is as its card gives it
    expect(check().parts.find((p) => p.vehicle === 'stug')!.teams[0]!.veteranCrew).toBeUndefined();
  });
  it('half points add up: 2 Finnish squads are 3 points, a support team 0.5', () => {
    const finns = check({ list: 'Finns', platoons: [{ squads: 2 }], reinforcements: [{ pick: 'support-team' }, { pick: 'armour' }] });
    expect(finns.problems).toEqual([]);
    expect([finns.core, finns.reinforcements]).toEqual([3, 2.5]);
  });
  it('the British HQ costs 1 point: 3 squads and the HQ make 4', () => {
    const british = check({ list: 'british', platoons: [{ squads: 3 }], reinforcements: [] });
    expect(british.problems).toEqual([]);
    expect(british.core).toBe(4);
  });
});

describe('each rule of the check', () => {
  it('list: the army list must be one of the five', () => {
    const roster = check({ list: 'atlantis' });
    expect(roster.problems).toEqual([{ where: 'force', rule: 'list', message: 'unknown army list "atlantis"; known: british, fallschirmjager, finns, russians, us; list them with muster list fireteam lists' }]);
  });
  it('squads: 2 to 3 for the Fallschirmjäger, 2 to 4 for the Russians', () => {
    expect(rules({ platoons: [{ squads: 1 }] })).toEqual(['squads']);
    expect(check({ platoons: [{ squads: 4 }], points: { core: 10, reinforcements: 6 } }).problems[0]!.message).toBe('4 squads; a Fallschirmjäger platoon has 2 to 3');
    expect(rules({ list: 'russians', platoons: [{ squads: 4 }], reinforcements: [] })).toEqual([]);
    expect(rules({ list: 'russians', platoons: [{ squads: 5 }], reinforcements: [], points: { core: 5, reinforcements: 0 } })).toEqual(['squads']);
  });
  it('weapons sections: none in the Fallschirmjäger list, at most 1 for the Russians, no limit for the US', () => {
    expect(check({ platoons: [{ squads: 2, weaponsSections: 1 }], points: { core: 5, reinforcements: 6 } }).problems.map((p) => p.message)).toEqual(['the Fallschirmjäger list has no weapons sections']);
    expect(rules({ list: 'russians', platoons: [{ squads: 2, weaponsSections: 2 }], reinforcements: [] })).toEqual(['weapons sections']);
    expect(rules({ list: 'us', platoons: [{ squads: 2, weaponsSections: 2 }], reinforcements: [] })).toEqual([]);
  });
  it('SMG sections: only the Russians, and no more than the platoon’s squads', () => {
    expect(rules({ platoons: [{ squads: 2, smgSquads: 1 }] })).toEqual(['SMG sections']);
    expect(rules({ list: 'russians', platoons: [{ squads: 3, smgSquads: 4 }], reinforcements: [] })).toEqual(['SMG sections']);
    const armed = check({ list: 'russians', platoons: [{ squads: 3, smgSquads: 2 }], reinforcements: [] });
    expect(armed.problems).toEqual([]);
    expect(armed.parts.filter((p) => p.kind === 'squad').map((p) => p.teams[1]!.card.id)).toEqual(['ru-ft2-smg', 'ru-ft2-smg', 'ru-ft2']);
  });
  it('reinforcements: the British and the US have none, as the text gives none', () => {
    for (const [list, name] of [['british', 'British and Commonwealth'], ['us', 'US infantry']] as const) {
      const roster = check({ list, platoons: [{ squads: 2 }], reinforcements: [{ pick: 'weapons-section' }] });
      expect(roster.problems).toEqual([{ where: 'reinforcements[0] weapons-section', rule: 'reinforcements', message: `the text gives the ${name} list no reinforcements` }]);
    }
  });
  it('pick: a pick must be on the force’s own list (a Finnish pick is no Fallschirmjäger pick)', () => {
    const roster = check({ reinforcements: [{ pick: 'armour' }] });
    expect(roster.problems.map((p) => [p.where, p.rule])).toEqual([['reinforcements[0] armour', 'pick']]);
    expect(roster.problems[0]!.message).toMatch(/^unknown Fallschirmjäger pick "armour"; known: medium-tank, heavy-tank, .*; list them with muster list fireteam picks --nation fallschirmjager$/);
    // by name as well as by id
    expect(rules({ reinforcements: [{ pick: 'Weapons section' }] })).toEqual([]);
  });
  it('price: support team 2 has no points in the text, so it is refused with that reason', () => {
    const roster = check({ reinforcements: [{ pick: 'support-team-2' }] });
    expect(roster.problems).toEqual([{ where: 'reinforcements[0] support-team-2', rule: 'price', message: 'the text gives Support team 2 no points, so it cannot be bought' }]);
  });
  it('vehicle: a pick offering several names one of them; other picks name none', () => {
    expect(check({ reinforcements: [{ pick: 'medium-tank' }] }).problems.map((p) => p.message)).toEqual(['name the vehicle this pick brings: stug (StuG), hetzer (Hetzer), panzer-iv (Panzer IV)']);
    expect(rules({ reinforcements: [{ pick: 'medium-tank', vehicle: 'tiger' }] })).toEqual(['vehicle']);
    expect(rules({ reinforcements: [{ pick: 'medium-tank', vehicle: 'Panzer IV' }] })).toEqual([]);
    expect(rules({ reinforcements: [{ pick: 'artillery', vehicle: 'stug' }] })).toEqual(['vehicle']);
  });
  it('core points: the platoons within the core points', () => {
    const roster = check({ platoons: [{ squads: 3 }] });
    expect(roster.problems).toEqual([{ where: 'force', rule: 'core points', message: 'the platoons cost 6 points, over the 4 core points' }]);
  });
  it('reinforcement points: the picks within the reinforcement points', () => {
    const roster = check({ reinforcements: [{ pick: 'heavy-tank' }, { pick: 'artillery' }, { pick: 'support-team-1' }] });
    expect(roster.problems).toEqual([{ where: 'force', rule: 'reinforcement points', message: 'the reinforcements cost 7 points, over the 6 reinforcement points' }]);
  });
  it('every problem is reported at once, each naming its entry', () => {
    const roster = check({ platoons: [{ squads: 5, weaponsSections: 1 }], reinforcements: [{ pick: 'support-team-2' }, { pick: 'nothing' }] });
    expect(roster.problems.map((p) => `${p.where} ${p.rule}`)).toEqual([
      'platoons[0] squads',
      'platoons[0] weapons sections',
      'reinforcements[0] support-team-2 price',
      'reinforcements[1] nothing pick',
      'force core points',
    ]);
  });
});

describe('muster cards fireteam --force', () => {
  it('the example in examples/ is legal under --strict, and its roster says so', async () => {
    const { code, stdout, stderr } = await muster(['cards', 'fireteam', '--force', EXAMPLE, '--strict', '--format', 'md'], workdir());
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Check: no problems/);
    expect(stdout).toMatch(/Zug Hoffmann: 10 of 10 points/);
  });
  it('Special Units, Veteran tank crews: the Finnish example fields its BT-7 and BA-10 with veteran crews under --strict; roster and cards say so, marked as muster\'s reading', async () => {
    const finns = fileURLToPath(new URL('../../examples/forces/fireteam-finns.yaml', import.meta.url));
    const { code, stdout, stderr } = await muster(['cards', 'fireteam', '--force', finns, '--strict', '--format', 'md'], workdir());
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Check: no problems/);
    expect(stdout).toMatch(/Joukkue Laine: 6.5 of 8 points/);
    expect(stdout).toMatch(/BT-7 and BA-10, veteran crew/);
    expect(stdout).toMatch(/Veteran crew† \| — \| 4\+ \| 5D6, best 4/);
    expect(stdout).toMatch(/The text gives veteran tank crews no points, so muster adds none/);
  });
  it('prints the roster and the cards of its 17 teams, the same team of each squad on one card, on two sheets of fronts and backs; the same bytes twice', async () => {
    const cwd = workdir();
    const first = await muster(['cards', 'fireteam', '--force', EXAMPLE, '-o', 'a.pdf'], cwd);
    expect(first.code).toBe(0);
    // the roster, a page for notes (fronts on odd pages for two-sided printing), two sheets of fronts and backs
    expect(first.stderr).toMatch(/Wrote a\.pdf \(6 pages\)/);
    await muster(['cards', 'fireteam', '--force', EXAMPLE, '-o', 'b.pdf', '--quiet'], cwd);
    const a = readFileSync(path.join(cwd, 'a.pdf'));
    expect(pdfPageCount(a)).toBe(6);
    expect(a.equals(readFileSync(path.join(cwd, 'b.pdf')))).toBe(true);
    expect(execFileSync('qpdf', ['--check', path.join(cwd, 'a.pdf')], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
    const json = JSON.parse((await muster(['cards', 'fireteam', '--force', EXAMPLE, '--format', 'json', '--units', 'in'], cwd)).stdout) as {
      decks: { cards: { front: { title: string; stats: { value: string }[] } }[] }[];
    };
    expect(json.decks).toHaveLength(1);
    // the same team of each squad is one card with a box for each squad
    expect(json.decks[0]!.cards).toHaveLength(11);
    expect(json.decks[0]!.cards.filter((c) => c.front.title === 'Squad FT1 ×2')).toHaveLength(1);
    const each = JSON.parse((await muster(['cards', 'fireteam', '--force', EXAMPLE, '--format', 'json', '--cards', 'each'], cwd)).stdout) as typeof json;
    expect(each.decks[0]!.cards).toHaveLength(17);
    expect(each.decks[0]!.cards.filter((c) => c.front.title === 'Squad FT1')).toHaveLength(2);
    expect(json.decks[0]!.cards.find((c) => c.front.title === 'StuG')!.front.stats.map((s) => s.value)).toEqual(['Medium', '4D6']);
  });
  it('a force breaking its list: printed with its problems and warned of, or refused under --strict', async () => {
    const cwd = workdir({ 'force.yaml': 'name: Bad\nlist: fallschirmjager\npoints: { core: 4, reinforcements: 2 }\nplatoons:\n  - squads: 2\nreinforcements:\n  - pick: support-team-2\n' });
    const lenient = await muster(['cards', 'fireteam', '--force', 'force.yaml', '--format', 'md'], cwd);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toMatch(/warning: .*force\.yaml: reinforcements\[0\] support-team-2 \(price\): the text gives Support team 2 no points, so it cannot be bought/);
    expect(lenient.stdout).toMatch(/Check: 1 problem/);
    const strict = await muster(['cards', 'fireteam', '--force', 'force.yaml', '--strict', '-o', 'x.pdf'], cwd);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/the force breaks 1 rule of its army list:\n {2}reinforcements\[0\] support-team-2 \(price\)/);
    expect(existsSync(path.join(cwd, 'x.pdf'))).toBe(false);
  });
  it('a malformed force file names the field; options for other rule sets are refused by name', async () => {
    const cwd = workdir({ 'force.yaml': 'name: Bad\nlist: finns\npoints: { core: 4 }\nplatoons: []\n' });
    const bad = await muster(['cards', 'fireteam', '--force', 'force.yaml'], cwd);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/force\.yaml at points\.reinforcements: /);
    expect(bad.stderr).toMatch(/force\.yaml at platoons: at least one platoon/);
    expect(readdirSync(cwd)).toEqual(['force.yaml']);
    for (const option of [['--nation', 'de'], ['--explain-cost', 'x']]) {
      const refused = await muster(['cards', 'fireteam', ...option], cwd);
      expect(refused.code, option.join(' ')).toBe(2);
      expect(refused.stderr).toMatch(new RegExp(`${option[0]}: Fire Team cards take no such option`));
    }
  });
});
