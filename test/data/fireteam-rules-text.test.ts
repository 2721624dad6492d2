/**
 * Fire Team's tables checked against its rules text (fire-team.txt); the expected
 * values are typed from the text, not read from the data.
 */
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { buildQuickReference } from '../../src/doc/build-reference.js';
import { runsText } from '../../src/doc/model.js';
import { rowTotals } from '../../src/engine/tables.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { expectOnePagePerSheet, sheetsInInchesWithoutNotes } from '../helpers/sheets.js';
import { loadFireTeam } from '../../src/systems/fireteam/data.js';
import { afterEach } from 'vitest';

const workdir = workdirs(afterEach);
const fireteam = (await loadRulesDb({ dataDirs: [] })).system('fireteam');
const data = await loadFireTeam(fireteam);
const inches = (cell: unknown) => (cell as { in: number }).in;
const column = (id: string, key: string) => fireteam.table(id).rows.map((r) => r[key]);

describe('Troops capabilities', () => {
  it('Raw 1 pin, 6+, 3D6; Average 2, 5+, 4D6; Veteran 3, 4+, 5D6', () => {
    expect(column('troops', 'quality')).toEqual(['Raw', 'Average', 'Veteran']);
    expect(column('troops', 'pins')).toEqual([1, 2, 3]);
    expect(column('troops', 'expertise').map((c) => (c as { need: number }).need)).toEqual([6, 5, 4]);
    expect(column('troops', 'move')).toEqual(['3D6', '4D6', '5D6']);
  });
});

describe('Firing: the D10 table (reconstructed, reading fire-table)', () => {
  const table = fireteam.table('fire');
  const hits = (cell: unknown) => (cell === 'no effect' ? 0 : Number(String(cell).split(' ')[0]));
  it('a D10 read on columns 1 to 12, one cover line each for soft, hard and open', () => {
    expect(table.dice).toBe('1D10');
    expect(table.rows.flatMap((r) => rowTotals(r) ?? [])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(table.columns.map((c) => c.label)).toEqual(['D10', 'Open', 'Soft cover', 'Hard cover']);
  });
  it('each line runs from no effect to the text’s last result: soft 5 hits, hard 4, open 5', () => {
    for (const [key, most] of [['soft', 5], ['hard', 4], ['open', 5]] as const) {
      const line = table.rows.map((r) => hits(r[key]));
      expect(line[0], key).toBe(0);
      expect(Math.max(...line), key).toBe(most);
      // every result the text lists appears
      expect(new Set(line).size, key).toBe(most + 1);
    }
  });
  it('never fewer hits for a higher total, and open ≥ soft ≥ hard at every total', () => {
    table.rows.forEach((row, i) => {
      const [open, soft, hard] = [hits(row['open']), hits(row['soft']), hits(row['hard'])];
      expect(open).toBeGreaterThanOrEqual(soft);
      expect(soft).toBeGreaterThanOrEqual(hard);
      if (i > 0) for (const key of ['open', 'soft', 'hard']) expect(hits(row[key])).toBeGreaterThanOrEqual(hits(table.rows[i - 1]![key]));
    });
  });
  it('says it is reconstructed', () => {
    expect(table.note).toMatch(/^Reconstructed by muster: /);
  });
  it('modifiers: small FT -1, large FT +1, enfilading +1, pinned -2', () => {
    expect(column('fire-modifiers', 'mod')).toEqual([{ mod: -1 }, { mod: 1 }, { mod: 1 }, { mod: -2 }]);
  });
});

describe('Weapons', () => {
  it('ranges in inches as the text gives them', () => {
    const ranges = Object.fromEntries(fireteam.table('weapons').rows.map((r) => [r['weapon'], typeof r['range'] === 'string' ? r['range'] : inches(r['range'])]));
    expect(ranges).toEqual({
      Rifle: 24,
      'Assault rifle / BAR': 24,
      SMG: 12,
      'Sniper rifle': 48,
      LMG: 36,
      HMG: 36,
      'Rifle grenade': 36,
      Flamethrower: 6,
      'AT rifle': 36,
      Bazooka: 24,
      'Light gun': 'N/A',
      'Medium gun': 'N/A',
      'Heavy gun': 'N/A',
      'Light mortar': 48,
      'Medium mortar': 'N/A',
    });
  });
  it('blast radii 3", 4", 5" for light, medium and heavy guns; 3" and 4" for mortars', () => {
    const doc = buildQuickReference(fireteam, { units: 'in', paper: 'letter', toolVersion: '0' });
    const block = doc.sheets.flatMap((s) => s.blocks).find((b) => b.kind === 'table' && b.id === 'weapons');
    if (!block || block.kind !== 'table') throw new Error('no weapons table');
    const notes = Object.fromEntries(block.rows.map((r) => [runsText(r[0]!), runsText(r[3]!)]));
    expect(notes['Light gun']).toBe('blast radius 3 in');
    expect(notes['Medium gun']).toBe('blast radius 4 in');
    expect(notes['Heavy gun']).toBe('blast radius 5 in');
    expect(notes['Light mortar']).toBe('blast radius 3 in');
    expect(notes['Medium mortar']).toMatch(/^blast radius 4 in; at least 12 in away/);
  });
});

describe('Vehicles and artillery', () => {
  it('AT fire: 6+ on a D10 (50%), then the modifiers the text lists', () => {
    const table = fireteam.table('at-fire');
    expect(table.dice).toBe('1D10');
    expect(table.rows[0]!['value']).toEqual({ need: 6, or: 'higher' });
    expect(table.rows.slice(1).map((r) => (r['value'] as { mod: number }).mod)).toEqual([-1, -1, -1, -1, -1, -2, 1, 2]);
  });
  it('damage dice by weapon (rows) and target (columns), * for a 50% pin', () => {
    expect(fireteam.table('damage-dice').rows.map((r) => [r['light'], r['medium'], r['heavy'], r['bunker']].map(String))).toEqual([
      ['1', '0*', '0', '0'],
      ['2', '1', '0*', '0'],
      ['3', '2', '1', '0*'],
      ['3', '3', '2', '1*'],
    ]);
  });
  it('damage results 1 to 10, brew-up on 9 and 10', () => {
    const table = fireteam.table('damage-results');
    expect(table.rows.flatMap((r) => rowTotals(r) ?? [])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(table.rows.at(-1)!['result']).toMatch(/^Brewed up/);
    expect(table.rows.find((r) => rowTotals(r)?.includes(8))!['result']).toBe('Immobilised');
  });
  it('smoke goes on 4, 5 or 6 on a D6', () => {
    expect(fireteam.table('smoke-clears').rows[0]!['roll']).toEqual({ need: 4, or: 'higher' });
  });
  it('vehicles move 3D6 slow, 4D6 medium, 5D6 fast', () => {
    // an inch a point, as the text moves (2.5 cm on centimetre sheets)
    expect(column('vehicle-movement', 'move').slice(0, 3)).toEqual(['3D6, {{dist 2.5 1}} a point', '4D6, {{dist 2.5 1}} a point', '5D6, {{dist 2.5 1}} a point']);
  });
});

describe('Army lists and reinforcements', () => {
  it('squads: how many and their points, force by force', () => {
    const squad = (id: string) => fireteam.table(id).rows.find((r) => r['part'] === 'Squad')!;
    expect(['list-fallschirmjager', 'list-russians', 'list-british', 'list-us', 'list-finns'].map((id) => [squad(id)['count'], squad(id)['points']])).toEqual([
      ['2–3', 2],
      ['2–4', 1],
      ['2–3', 1],
      ['2–3', 1],
      ['2–3', 1.5],
    ]);
    expect(fireteam.table('list-russians').rows.find((r) => r['part'] === 'Weapons section')!['count']).toBe('0–1');
    expect(fireteam.table('list-british').rows.find((r) => r['part'] === 'HQ')!['points']).toBe(1);
  });
  it('reinforcement points in the text’s order', () => {
    expect(column('reinforcements-fallschirmjager', 'points')).toEqual([2, 4, 1, 1, 'not given', 2, 1, 2]);
    expect(column('reinforcements-russians', 'points')).toEqual([2, 3, 2, 1, 1, 2, 1]);
    expect(column('reinforcements-finns', 'points')).toEqual([2, 0.5, 1, 2]);
  });
});

describe('Army and Vehicle Lists; Reinforcements: the lists as the force check reads them', () => {
  const teams = (list: string, pick: string) => data.lists.get(list)!.reinforcements.find((p) => p.id === pick)!.teams;
  it('quality: Fallschirmjäger and Finns veterans; Russians, British and US average', () => {
    expect(['fallschirmjager', 'russians', 'british', 'us', 'finns'].map((id) => data.lists.get(id)!.quality)).toEqual(['veteran', 'average', 'average', 'average', 'veteran']);
  });
  it('squads: how many and their points; the British HQ 1 point, the others none', () => {
    expect(['fallschirmjager', 'russians', 'british', 'us', 'finns'].map((id) => {
      const { hq, squads } = data.lists.get(id)!.platoon;
      return [squads.min, squads.max, squads.points, hq.points];
    })).toEqual([
      [2, 3, 2, 0],
      [2, 4, 1, 0],
      [2, 3, 1, 1],
      [2, 3, 1, 0],
      [2, 3, 1.5, 0],
    ]);
    // and the printed tables say the same
    const squad = (id: string) => fireteam.table(id).rows.find((r) => r['part'] === 'Squad')!;
    for (const id of ['fallschirmjager', 'russians', 'british', 'us', 'finns']) {
      const { squads } = data.lists.get(id)!.platoon;
      expect([squad(`list-${id}`)['count'], squad(`list-${id}`)['points']], id).toEqual([`${squads.min}–${squads.max}`, squads.points]);
    }
  });
  it('weapons sections: Russians 0 to 1 at 1 point; US at 1 point with no limit given; none for the others', () => {
    expect(data.lists.get('russians')!.platoon.weaponsSections).toMatchObject({ min: 0, max: 1, points: 1, teams: ['ru-hmg', 'ru-atr', 'ru-mortar'] });
    expect(data.lists.get('us')!.platoon.weaponsSections).toMatchObject({ min: 0, points: 1, teams: ['us-lmg', 'us-rpg2', 'us-mortar'] });
    expect(data.lists.get('us')!.platoon.weaponsSections!.max).toBeUndefined();
    for (const id of ['fallschirmjager', 'british', 'finns']) expect(data.lists.get(id)!.platoon.weaponsSections, id).toBeUndefined();
  });
  it('reinforcement points in the text’s order; support team 2 has none; none at all for the British and the US', () => {
    const points = (id: string) => data.lists.get(id)!.reinforcements.map((p) => p.points);
    expect(points('fallschirmjager')).toEqual([2, 4, 1, 1, null, 2, 1, 2]);
    expect(points('russians')).toEqual([2, 3, 2, 1, 1, 2, 1]);
    expect(points('finns')).toEqual([2, 0.5, 1, 2]);
    expect(points('british')).toEqual([]);
    expect(points('us')).toEqual([]);
    // the printed reinforcement tables agree
    expect(column('reinforcements-fallschirmjager', 'points').map((p) => (p === 'not given' ? null : p))).toEqual(points('fallschirmjager'));
  });
  it('what picks bring: 2 snipers, 2 medics and an AOP; an AOP and 2 medium mortars; a CO and 2 Pak 40s; a CO, 2 50 mm long and 2 AT rifles', () => {
    expect(teams('fallschirmjager', 'support-team-1')).toEqual(['fj-sniper', 'fj-sniper', 'fj-medic', 'fj-medic', 'fj-aop']);
    expect(teams('fallschirmjager', 'artillery')).toEqual(['fj-aop', 'fj-medium-mortar', 'fj-medium-mortar']);
    expect(teams('fallschirmjager', 'at-battery')).toEqual(['fj-at-co', 'fj-pak40', 'fj-pak40']);
    expect(teams('fallschirmjager', 'transport-section')).toEqual(['hanomag', 'truck']);
    expect(teams('russians', 'at-battery')).toEqual(['ru-battery-co', 'ru-50mm', 'ru-50mm', 'ru-battery-atr', 'ru-battery-atr']);
    expect(teams('russians', 'hmg-team')).toEqual(['ru-hmg-co', 'ru-hmg-team', 'ru-hmg-team']);
    expect(teams('russians', 'support-team').filter((t) => t === 'ru-medic')).toHaveLength(3);
    expect(teams('finns', 'armour')).toEqual(['bt-7', 'ba-10']);
    expect(teams('finns', 'support-team')).toEqual(['fi-sniper', 'fi-medic', 'fi-medic', 'fi-aop']);
    // the scouts are 9 men and veterans (Special Units: Scouts)
    expect(data.lists.get('russians')!.reinforcements.find((p) => p.id === 'scout-team')!.quality).toBe('veteran');
    expect(data.cards.get('ru-scouts')!.card.lines[0]!.text).toMatch(/^9 men/);
  });
});

describe('Patrol Phase; Actions (Deploy); the campaign’s Forces: the battles’ numbers', () => {
  it('4 patrol markers a side, 1 more for each platoon after the first; 12 in to stay together, to lock, and for a JOP', () => {
    expect(data.patrol).toMatchObject({ markers: 4, perExtraPlatoon: 1, together: 12, lock: 12, jopRange: 12 });
  });
  it('units deploy within 6 in of a JOP, at most 2 a JOP a turn', () => {
    expect(data.deploy).toMatchObject({ jopRadius: 6, perJopPerTurn: 2 });
  });
  it('core 4 points a player; encounter 6 a side; attack 4 to 6, defence 2 to 4; 3 or 4 JOPs', () => {
    const battle = (id: string) => data.battles.find((b) => b.id === id)!;
    expect(data.battles.map((b) => b.corePerPlayer)).toEqual([4, 4]);
    expect(battle('encounter').reinforcements).toEqual({ attacker: [6, 6], defender: [6, 6] });
    expect(battle('attack').reinforcements).toEqual({ attacker: [4, 6], defender: [2, 4] });
    for (const b of data.battles) for (const n of Object.values(b.jops)) expect([3, 4]).toContain(n);
    expect(battle('encounter').attacker).toBe('throw');
  });
});

describe('fire-team cards from the army lists', () => {
  type Card = { front: { title: string; subtitle: string; stats: { label: string; value: string }[]; lines: { label: string; text: string }[]; rules: { text: string; source: { section?: string; reading?: string } }[] }; back: unknown };
  const decksOf = async (args: string[] = []) =>
    (JSON.parse((await muster(['cards', 'fireteam', '--format', 'json', ...args], workdir())).stdout) as { decks: { title: string; cards: Card[] }[] }).decks;
  it('a deck per force, with a card for every team of the largest force its list allows; its reinforcements; the vehicles', async () => {
    const decks = await decksOf();
    const count = (deck: string, title: string) => decks.find((d) => d.title === `${deck} fire teams`)!.cards.filter((c) => c.front.title === title).length;
    expect(decks.map((d) => d.title).sort()).toEqual([
      'British fire teams',
      'Fallschirmjäger fire teams',
      'Fallschirmjäger reinforcements',
      'Finns fire teams',
      'Finns reinforcements',
      'Fire Team vehicles',
      'Russians fire teams',
      'Russians reinforcements',
      'US fire teams',
    ]);
    // squads: Fallschirmjäger 2-3, Russians 2-4, British 2-3, US 2-3, Finns 2-3
    expect(['Fallschirmjäger', 'Russians', 'British', 'US', 'Finns'].map((force) => count(force, 'Squad FT1'))).toEqual([3, 4, 3, 3, 3]);
    expect(count('Russians', 'Weapons: HMG')).toBe(1);
    // one back per deck: a card's team cannot be read face down
    for (const deck of decks) expect(new Set(deck.cards.map((c) => JSON.stringify(c.back))).size).toBe(1);
  });
  it('every card carries its force’s quality as the troops table gives it: veterans 3 pins, 4+, 5D6; average 2, 5+, 4D6', async () => {
    const quality = { Veteran: ['3', '4+', '5D6'], Average: ['2', '5+', '4D6'] };
    // and the data's troops table says the same
    const troops = Object.fromEntries(fireteam.table('troops').rows.map((r) => [r['quality'], [String(r['pins']), `${(r['expertise'] as { need: number }).need}+`, r['move']]]));
    expect(troops['Veteran']).toEqual(quality.Veteran);
    expect(troops['Average']).toEqual(quality.Average);
    for (const deck of await decksOf()) {
      if (deck.title === 'Fire Team vehicles') continue;
      for (const card of deck.cards) {
        // scouts are veterans whatever their list (Special Units)
        const expected = /Fallschirmjäger|Finns/.test(deck.title) || card.front.title === 'Scout team' ? quality.Veteran : quality.Average;
        expect(card.front.stats.map((s) => s.value), `${deck.title} ${card.front.title}`).toEqual(expected);
      }
    }
  });
  it('vehicle cards: armour class and movement dice from the vehicle list (slow 3D6, medium 4D6, fast 5D6)', async () => {
    const vehicles = (await decksOf()).find((d) => d.title === 'Fire Team vehicles')!.cards;
    const stats = Object.fromEntries(vehicles.map((c) => [c.front.title, c.front.stats.map((s) => s.value).join(' ')]));
    expect(stats).toMatchObject({
      StuG: 'Medium 4D6',
      Hetzer: 'Medium 4D6',
      'Panzer IV': 'Medium 4D6',
      Tiger: 'Heavy 3D6',
      Hanomag: 'Light 4D6',
      'T-34/85': 'Medium 4D6',
      'SU-76': 'Light 4D6',
      'KV-1': 'Heavy 3D6',
      'BT-7': 'Light 4D6',
      'BA-10': 'Light 5D6',
    });
  });
  it('Army and Vehicle Lists, BT-7 "Counts light for AT": a Light tank already, so it is its medium gun that counts as light against armour, on the card as in the vehicle list, marked as muster\'s reading in both', async () => {
    const card = (await decksOf()).find((d) => d.title === 'Fire Team vehicles')!.cards.find((c) => c.front.title === 'BT-7')!;
    const text = [...card.front.lines.map((l) => l.text), ...card.front.rules.map((r) => r.text)].join(' ');
    expect(text).toMatch(/gun counts as light against armour/);
    expect(text).not.toMatch(/shot at/);
    const row = fireteam.table('vehicle-list').rows.find((r) => r['name'] === 'BT-7')!;
    // muster's reading (bt7-counts-light), so the vehicle list's row carries the mark as the card does
    expect(row).toMatchObject({ type: 'Light', weapons: 'Medium gun', notes: 'its gun counts as light against armour†' });
    expect(fireteam.table('vehicle-list').note).toMatch(/BT-7's "counts light for AT" is read as its gun/);
    expect(card.front.rules.find((r) => /gun counts as light against armour/.test(r.text))).toEqual({ text: 'Its medium gun counts as light against armour.†', source: { reading: 'fireteam/bt7-counts-light' } });
  });
  it('Special Units, Officers: every HQ card, the Russians\' with its commissar too, says its officers remove a pin on an expertise roll', async () => {
    const hqs = (await decksOf()).flatMap((d) => d.cards.filter((c) => c.front.title === 'HQ').map((c) => [d.title, c.front.rules.map((r) => r.text)] as const));
    expect(hqs.map(([deck]) => deck).sort()).toEqual(['British fire teams', 'Fallschirmjäger fire teams', 'Finns fire teams', 'Russians fire teams', 'US fire teams']);
    for (const [deck, rules] of hqs) expect(rules, deck).toContain('Officers remove a pin on an expertise roll.');
  });
  it('Anti-Tank Fire: the StuG and the Hetzer, assault guns, fire 45° each side and count as moving if they turned to aim last turn', async () => {
    const vehicles = (await decksOf()).find((d) => d.title === 'Fire Team vehicles')!.cards;
    for (const title of ['StuG', 'Hetzer']) {
      const rules = vehicles.find((c) => c.front.title === title)!.front.rules.map((r) => r.text);
      expect(rules, title).toContain('Fixed gun: fires in a 90° arc to its front.');
      expect(rules, title).toContain('Counts as moving if it turned to aim last turn.');
    }
  });
  it('weapon ranges follow the weapon table, in the units asked for', async () => {
    const card = (await decksOf(['--units', 'in'])).find((d) => d.title === 'Fallschirmjäger fire teams')!.cards.find((c) => c.front.title === 'Squad FT1')!;
    expect(card.front.lines.find((l) => l.label === 'Weapons')!.text).toBe('LMG 36 in; SMG 12 in; rifle 24 in. One single-shot RPG.');
  });
});

describe('Forward, victory is near!: the campaign sheet', () => {
  const rule = (id: string, key: string) => Object.fromEntries(fireteam.table(id).rows.map((r) => [String(r[key]), String(r['rule'] ?? r['points'])]));
  it('Forces: core 8 (4 a player, two a side); encounter 6; attack and defence 8, attacking 4 to 6, defending 2 to 4', () => {
    const forces = rule('campaign-forces', 'game');
    expect(forces['Core infantry platoons']).toMatch(/^8 \(4 a player, two players a side\)$/);
    expect(forces['Encounter']).toMatch(/^6 /);
    expect(forces['Attack and defence']).toMatch(/^8 /);
    expect(forces['— where the side attacks']).toBe('4 to 6');
    expect(forces['— where the side defends']).toBe('2 to 4');
    expect(fireteam.table('campaign-forces').section).toBe('Forward, victory is near!');
  });
  it('Turn sequence and Battles: one assault a side; an encounter or two attack-versus-defence games; no patrol phase; the attacker must win; losses not carried', () => {
    const turn = rule('campaign-turn', 'step');
    expect(turn['Encounter']).toMatch(/same empty square, or into empty squares side by side: one encounter/);
    expect(turn['Attack and defence']).toMatch(/two games/);
    // "Each turn you may launch a single assault": a side may hold (reading campaign-assaults)
    expect(turn['Assault']).toMatch(/^Each side may move into one square, as the attacker, or hold\.$/);
    expect(turn['Attack and defence']).toMatch(/One assault alone: one game, the side that holds defends\. Both hold: no battle\./);
    expect(rule('campaign-forces', 'game')['A side that holds, where the other attacks']).toBe('4 of reinforcements†');
    expect(turn['Battles']).toMatch(/no patrol phase/);
    expect(turn['Outcome']).toMatch(/must win to take or keep the square; an encounter neither side wins takes nothing/);
    expect(turn['Losses']).toMatch(/Not carried/);
  });
  it('Actions: the deploy row keeps the text\'s 2 units by each JOP a turn', () => {
    const deploy = fireteam.table('actions').rows.find((r) => r['action'] === 'Deploy')!;
    expect(String(deploy['rule'])).toMatch(/no more than 2 units by each JOP a turn/);
  });
  it('Actions, Deploy: every unit comes on at a JOP or a road entrance, not only vehicles by road; vehicles only by a road at a table edge in their half', () => {
    const rule = String(fireteam.table('actions').rows.find((r) => r['action'] === 'Deploy')!['rule']);
    expect(rule).toMatch(/^Every unit starts off the table and comes on at a jump-off point or a road entrance\./);
    expect(rule).toMatch(/Vehicles come on only by a road entrance at a table edge in your half\./);
  });
  it('Troops capabilities: the expertise die is printed as muster\'s reading, not as the text\'s', () => {
    expect(fireteam.table('troops').columns.find((c) => c.key === 'expertise')!.label).toBe('Expertise (D6†)');
  });
});

describe('the sheets', () => {
  it('fit one page each on A4 and on Letter, in both units', () => {
    expectOnePagePerSheet(fireteam);
  });
  it('in inches, no centimetres remain outside the notes', () => {
    expect(sheetsInInchesWithoutNotes(fireteam)).not.toMatch(/\d cm\b/);
  });
  it('tokens from data alone: patrol markers and jump-off points for both sides, pins, damage', async () => {
    const cwd = workdir();
    const json = await muster(['tokens', 'fireteam', '--format', 'json'], cwd);
    expect(json.code).toBe(0);
    const tokens = (JSON.parse(json.stdout) as { tokenSheets: { tokens: { front: { label: string; colour: string }; back: { label: string } }[] }[] }).tokenSheets[0]!.tokens;
    const count = (label: string) => tokens.filter((t) => t.front.label === label).length;
    // 4 patrol markers a side plus one per extra platoon; 3 or 4 JOPs a side
    // each side's own, in its colour and with its letter (apart in grey)
    expect(count('Patrol A') + count('Patrol B')).toBe(12);
    expect(new Set(tokens.filter((t) => t.front.label.startsWith('Patrol')).map((t) => t.front.colour)).size).toBe(2);
    expect(count('JOP A') + count('JOP B')).toBe(8);
    expect(tokens.find((t) => t.front.label === 'Immobilised')!.back.label).toBe('Brewed up');
    expect((await muster(['tokens', 'fireteam', '-o', 'tokens.pdf', '--quiet'], cwd)).code).toBe(0);
    const events = await muster(['tokens', 'fireteam', '--events'], cwd);
    expect(events.code).toBe(2);
    expect(events.stderr).toMatch(/--events: Fire Team tokens take no such option/);
  });
  it('from the command line: the sheets, rolled battles and the campaign', async () => {
    const cwd = workdir();
    expect((await muster(['tables', 'fireteam', '-o', 'fireteam.pdf', '--quiet'], cwd)).code).toBe(0);
    const systems = JSON.parse((await muster(['systems', '--format', 'json'], cwd)).stdout) as { systems: { id: string; products: string[] }[] };
    expect(systems.systems.find((s) => s.id === 'fireteam')!.products).toEqual(['tables', 'cards', 'tokens', 'scenario', 'campaign']);
    const battle = await muster(['scenario', 'fireteam', '--seed', 'x', '--format', 'json'], cwd);
    expect(battle.code).toBe(0);
    expect(JSON.parse(battle.stdout)).toMatchObject({ system: 'fireteam', seed: 'x' });
  });
});
