/**
 * Fire Team's tables checked against its rules text (shared/rules/fire-team.txt); the expected
 * values are typed from the text, not read from the data.
 */
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { buildQuickReference } from '../../src/doc/build-reference.js';
import { runsText } from '../../src/doc/model.js';
import { rowTotals } from '../../src/engine/tables.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { expectOnePagePerSheet, expectTablesButNoScenarios, sheetsInInchesWithoutNotes } from '../helpers/sheets.js';
import { afterEach } from 'vitest';

const workdir = workdirs(afterEach);
const fireteam = (await loadRulesDb({ dataDirs: [] })).system('fireteam');
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

describe('Firing: the D10 table (reconstructed, design.md section 6)', () => {
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
    expect(table.note).toMatch(/^Reconstructed \(design\.md section 6\)/);
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
    expect(column('vehicle-movement', 'move').slice(0, 3)).toEqual(['3D6, in inches', '4D6, in inches', '5D6, in inches']);
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

describe('fire-team cards from the army lists', () => {
  type Card = { front: { title: string; subtitle: string; stats: { label: string; value: string }[]; lines: { label: string; text: string }[] }; back: unknown };
  const decksOf = async (args: string[] = []) =>
    (JSON.parse((await muster(['cards', 'fireteam', '--format', 'json', ...args], workdir())).stdout) as { decks: { title: string; cards: Card[] }[] }).decks;
  it('a deck per force, with a card for every team of the largest force its list allows', async () => {
    const decks = await decksOf();
    const count = (deck: string, title: string) => decks.find((d) => d.title.startsWith(deck))!.cards.filter((c) => c.front.title === title).length;
    expect(decks.map((d) => d.title).sort()).toEqual(['British fire teams', 'Fallschirmjäger fire teams', 'Finns fire teams', 'Russians fire teams', 'US fire teams']);
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
      const expected = /Fallschirmjäger|Finns/.test(deck.title) ? quality.Veteran : quality.Average;
      for (const card of deck.cards) expect(card.front.stats.map((s) => s.value), `${deck.title} ${card.front.title}`).toEqual(expected);
    }
  });
  it('weapon ranges follow the weapon table, in the units asked for', async () => {
    const card = (await decksOf(['--units', 'in'])).find((d) => d.title.startsWith('Fallschirmjäger'))!.cards.find((c) => c.front.title === 'Squad FT1')!;
    expect(card.front.lines.find((l) => l.label === 'Weapons')!.text).toBe('LMG 36 in; SMG 12 in; rifle 24 in. One single-shot RPG.');
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
    expect(count('Patrol')).toBe(12);
    expect(new Set(tokens.filter((t) => t.front.label === 'Patrol').map((t) => t.front.colour)).size).toBe(2);
    expect(count('JOP')).toBe(8);
    expect(tokens.find((t) => t.front.label === 'Immobilised')!.back.label).toBe('Brewed up');
    expect((await muster(['tokens', 'fireteam', '-o', 'tokens.pdf', '--quiet'], cwd)).code).toBe(0);
    const events = await muster(['tokens', 'fireteam', '--events'], cwd);
    expect(events.code).toBe(2);
    expect(events.stderr).toMatch(/--events: Fire Team tokens take no such option/);
  });
  it('from the command line; products it does not have yet are refused by name', async () => {
    await expectTablesButNoScenarios('fireteam', workdir());
  });
});
