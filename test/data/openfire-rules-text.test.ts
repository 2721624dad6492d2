/**
 * Open Fire's tables checked against its rules text (open-fire.txt); the
 * expected values are typed from the text, not read from the data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { loadRulesDb } from '../../src/data/load.js';
import { buildQuickReference } from '../../src/doc/build-reference.js';
import { runsText } from '../../src/doc/model.js';

const openfire = (await loadRulesDb({ dataDirs: [] })).system('openfire');

/** The decks `cards openfire --format json` prints, with these options, read as cards of type C. */
async function openFireDecks<C>(options: string[]): Promise<{ title: string; cards: C[] }[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-of-'));
  try {
    const { code, stdout } = await muster(['cards', 'openfire', '--format', 'json', ...options], dir);
    expect(code).toBe(0);
    return (JSON.parse(stdout) as { decks: { title: string; cards: C[] }[] }).decks;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// "Shooting": rows WPN/PEN 1-10, columns TRN/ARM 1-10, as printed
const CHART = `
4+ 5+ 5+ 6+ 6+ n/a n/a n/a n/a n/a
3+ 4+ 4+ 5+ 5+ 6+ 6+ n/a n/a n/a
3+ 3+ 4+ 4+ 5+ 5+ 6+ 6+ n/a n/a
3+ 3+ 3+ 4+ 4+ 5+ 5+ 6+ 6+ n/a
2+ 3+ 3+ 3+ 4+ 4+ 5+ 5+ 6+ 6+
2+ 2+ 3+ 3+ 3+ 4+ 4+ 5+ 5+ 6+
2+ 2+ 2+ 3+ 3+ 3+ 4+ 4+ 5+ 5+
A 2+ 2+ 2+ 3+ 3+ 3+ 4+ 4+ 5+
A A 2+ 2+ 2+ 3+ 3+ 3+ 4+ 4+
A A A 2+ 2+ 2+ 3+ 3+ 3+ 4+`
  .trim()
  .split('\n')
  .map((line) => line.split(' '));

describe('Shooting: the to-hit / to-kill chart, cell by cell', () => {
  const table = openfire.table('to-hit');
  it('is rolled on a D6, ten rows by ten columns', () => {
    expect(table.dice).toBe('1D6');
    expect(table.rows).toHaveLength(10);
    expect(table.columns.map((c) => c.label)).toEqual(['WPN/PEN', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });
  it('every cell as the text prints it', () => {
    CHART.forEach((cells, r) => {
      expect(table.rows[r]!['wpn']).toBe(r + 1);
      cells.forEach((expected, c) => {
        const cell = table.rows[r]![`c${c + 1}`];
        if (expected === 'A') expect(cell, `${r + 1}/${c + 1}`).toEqual({ auto: true });
        else if (expected === 'n/a') expect(cell, `${r + 1}/${c + 1}`).toBe('n/a');
        else expect(cell, `${r + 1}/${c + 1}`).toEqual({ need: Number(expected[0]), or: 'higher' });
      });
    });
  });
  it('prints the exact chance of a D6 in every cell', () => {
    const doc = buildQuickReference(openfire, { units: 'in', paper: 'letter', toolVersion: '0' });
    const block = doc.sheets.flatMap((s) => s.blocks).find((b) => b.kind === 'table' && b.id === 'to-hit');
    if (!block || block.kind !== 'table') throw new Error('no chart');
    const text = (r: number, c: number) => runsText(block.rows[r]![c]!).replace(/\u00a0/g, ' ');
    expect(text(0, 1)).toBe('4+ 50%');
    expect(text(0, 4)).toBe('6+ 17%');
    expect(text(4, 1)).toBe('2+ 83%');
    expect(text(7, 1)).toBe('auto');
    expect(text(0, 10)).toBe('n/a');
  });
});

describe('Movement, ranks, vehicles, terror', () => {
  it('infantry 5", light vehicles 12", tanks 10", heavy tanks 8", guns 5" or 10"', () => {
    expect(openfire.table('movement').rows.map((r) => (r['move'] as { in: number }).in)).toEqual([5, 12, 10, 8, 5, 10]);
  });
  it('charge +2", sprint +2", overdrive +3"', () => {
    expect(openfire.table('move-bonuses').rows.map((r) => (r['extra'] as { in: number }).in)).toEqual([2, 2, 3]);
  });
  it('three ranks: Conscript, Trained, Veteran', () => {
    expect(openfire.table('ranks').rows.map((r) => r['rank'])).toEqual(['Conscript', 'Trained', 'Veteran']);
  });
  it('shooting at vehicles: side ARM -1, top or rear -2', () => {
    expect(openfire.table('vehicle-facing').rows.map((r) => r['arm'])).toEqual([{ mod: 0 }, { mod: -1 }, { mod: -2 }]);
  });
  it('cover: partial -1, full -2', () => {
    expect(openfire.table('cover').rows.map((r) => r['mod'])).toEqual([{ mod: -1 }, { mod: -2 }]);
  });
  it('five orders and seven manoeuvres by name', () => {
    expect(openfire.table('orders').rows.map((r) => r['order'])).toEqual(['Fall Back', 'Concentrate Fire', 'Hold the Line', 'Supporting Fire', 'Rally On Me']);
    expect(openfire.table('manoeuvres').rows.map((r) => r['manoeuvre'])).toEqual(['Hit the Dirt', 'Set Up Position', 'Sprint', 'Button Vehicle', 'Barrage', 'Overdrive', 'Hull Down']);
  });
  it('explosions hit everything within 1", artillery within 2"', () => {
    expect(openfire.table('explosions').rows.map((r) => (r['radius'] as { in: number }).in)).toEqual([1, 2]);
  });
});

describe('the sample army lists (muster’s own)', () => {
  it('give each of the four nations officers, infantry teams of 2 to 6, snipers, guns, light vehicles, tanks and heavy tanks', async () => {
    const decks = await openFireDecks<{ id: string; front: { subtitle: string; stats: { label: string; value: string }[] } }>([]);
    const units = decks[0]!.cards;
    for (const nation of ['Germany', 'Soviet Union', 'United States', 'United Kingdom']) {
      const kinds = new Set(units.filter((c) => c.front.subtitle.startsWith(nation)).map((c) => c.front.subtitle.split(' · ')[1]));
      expect([...kinds].sort(), nation).toEqual(['gun', 'heavy tank', 'infantry team', 'light vehicle', 'officer team', 'sniper', 'tank']);
    }
    const men = units.flatMap((c) => c.front.stats.filter((s) => s.label === 'men').map((s) => Number(s.value)));
    expect(men.every((n) => n >= 1 && n <= 6)).toBe(true);
    expect(decks[1]!.cards.map((c) => c.id)).toHaveLength(5 + 7);
  });
});

describe('the sample lists’ weapons: each vehicle’s and gun’s real weapon, and the row of muster’s table it uses', () => {
  type Card = { id: string; front: { title: string; subtitle: string; lines: { label: string; text: string }[]; rules: { text: string; source: { section?: string; reading?: string } }[] } };
  const cardsOf = () => openFireDecks<Card>(['--units', 'in']);
  // each sample vehicle's and gun's armament, from its history (the lists' `source`), and the
  // row of muster's weapon table that gives its numbers
  const HISTORY: Record<string, [string, string][]> = {
    'Sd.Kfz. 222': [['2 cm KwK 30', 'Autocannon (20 mm)'], ['MG 34', 'Vehicle machine gun']],
    'Panzer IV H': [['7.5 cm KwK 40 L/48', 'Long 75-76 mm tank gun'], ['MG 34s', 'Vehicle machine gun']],
    'Tiger I': [['8.8 cm KwK 36', '88 mm tank gun'], ['MG 34s', 'Vehicle machine gun']],
    'Pak 40': [['7.5 cm PaK 40', 'Anti-tank gun (57-76 mm)']],
    'BA-64': [['DT machine gun', 'Vehicle machine gun']],
    'T-34/76': [['76 mm F-34', 'Long 75-76 mm tank gun'], ['DT machine guns', 'Vehicle machine gun']],
    'IS-2': [['122 mm D-25T', '122 mm tank gun'], ['DT machine guns', 'Vehicle machine gun']],
    'ZiS-3': [['76 mm ZiS-3', 'Field gun (75-76 mm)']],
    'M8 Greyhound': [['37 mm M6', '2-pounder / 37 mm tank gun'], ['M1919 machine gun', 'Vehicle machine gun']],
    'M4 Sherman': [['75 mm M3', 'Short 75 mm tank gun'], ['M1919 machine guns', 'Vehicle machine gun']],
    'M26 Pershing': [['90 mm M3', '88 mm tank gun'], ['M1919 machine guns', 'Vehicle machine gun']],
    '57 mm M1': [['57 mm M1', 'Anti-tank gun (57-76 mm)']],
    'Daimler armoured car': [['2-pounder', '2-pounder / 37 mm tank gun'], ['Besa machine gun', 'Vehicle machine gun']],
    Cromwell: [['75 mm QF', 'Short 75 mm tank gun'], ['Besa machine guns', 'Vehicle machine gun']],
    'Churchill VII': [['75 mm QF', 'Short 75 mm tank gun'], ['Besa machine guns', 'Vehicle machine gun']],
    '6-pounder': [['QF 6-pounder', 'Anti-tank gun (57-76 mm)']],
  };
  it('Characteristics (the sample lists are muster’s own): every vehicle and gun card names its real weapons and the weapon row each uses; the Pershing’s 90 mm, the Greyhound’s 37 mm', async () => {
    const units = (await cardsOf())[0]!.cards.filter((c) => /· (gun|light vehicle|tank|heavy tank)$/.test(c.front.subtitle));
    expect(units.map((c) => c.front.title).sort()).toEqual(Object.keys(HISTORY).sort());
    for (const card of units) {
      expect(card.front.lines.map((l) => [l.label, l.text.split(' row: ')[0]]), card.front.title).toEqual(HISTORY[card.front.title]);
      for (const line of card.front.lines) expect(line.text, card.front.title).toMatch(/ row: RNG \d+ in · ROF \d+ · PEN \d+ · ACC [+−-]?\d/);
    }
    const pershing = units.find((c) => c.front.title === 'M26 Pershing')!;
    expect(pershing.front.lines[0]!.label).toBe('90 mm M3');
    expect(pershing.front.lines.map((l) => l.label).join(' ')).not.toMatch(/88 mm/);
    expect(units.find((c) => c.front.title === 'M8 Greyhound')!.front.lines[0]!.label).toBe('37 mm M6');
  });
  it('Characteristics: the US rifle squads’ M1 Garand is named as such, on the rifle row', async () => {
    const cards = (await cardsOf())[0]!.cards.filter((c) => c.id === 'us-rifle-squad' || c.id === 'us-conscript-squad');
    expect(cards).toHaveLength(2);
    for (const card of cards) expect(card.front.lines[0]!.label).toBe('M1 Garand');
  });
  it('Weapon types: every vehicle card says its mounted heavy weapons act as mobile weapons', async () => {
    const vehicles = (await cardsOf())[0]!.cards.filter((c) => /· (light vehicle|tank|heavy tank)$/.test(c.front.subtitle));
    expect(vehicles).toHaveLength(12);
    for (const card of vehicles) {
      expect(card.front.rules, card.front.title).toContainEqual({ text: 'Mounted on a vehicle, its heavy weapons act as mobile weapons: they may fire the turn after it moves.', source: { section: 'Weapon types' } });
      for (const line of card.front.lines) expect(line.text, card.front.title).toMatch(/heavy, mobile when mounted/);
    }
  });
  it('Manoeuvres: Overdrive and Hull Down, for vehicles, which have no MOR, name a test a vehicle can take, marked as muster’s reading', async () => {
    const rows = openfire.table('manoeuvres').rows;
    for (const name of ['Overdrive', 'Hull Down']) {
      const row = rows.find((r) => r['manoeuvre'] === name)!;
      expect(String(row['test']), name).toMatch(/^2D6 at or under 8/);
      expect(String(row['test']), name).not.toMatch(/MOR/);
    }
    for (const row of rows.filter((r) => r['who'] !== 'vehicles')) expect(String(row['test'])).toBe('2D6 at or under MOR');
    expect(openfire.table('manoeuvres').note).toMatch(/vehicle.*no MOR/i);
    const commands = (await cardsOf())[1]!.cards;
    for (const name of ['Overdrive', 'Hull Down']) {
      const rules = commands.find((c) => c.front.title === name)!.front.rules;
      // muster's reading by its provenance, the mark after the line
      expect(rules, name).toEqual([{ text: 'Initiative test to carry it out: 2D6 at or under 8.†', source: { reading: 'openfire/vehicle-initiative' } }]);
      expect(rules[0]!.text, name).not.toMatch(/against MOR/);
    }
    expect(commands.find((c) => c.front.title === 'Hit the Dirt')!.front.rules).toEqual([{ text: 'Initiative test to carry it out: 2D6 at or under MOR.', source: { section: 'Manoeuvres' } }]);
  });
});
