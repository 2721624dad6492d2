/**
 * Open Fire's tables checked against its rules text (shared/rules/open-fire.txt); the
 * expected values are typed from the text, not read from the data.
 */
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { buildQuickReference } from '../../src/doc/build-reference.js';
import { runsText } from '../../src/doc/model.js';

const openfire = (await loadRulesDb({ dataDirs: [] })).system('openfire');

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
    const { muster } = await import('../helpers/cli.js');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-of-'));
    try {
      const { code, stdout } = await muster(['cards', 'openfire', '--format', 'json'], dir);
      expect(code).toBe(0);
      const doc = JSON.parse(stdout) as { decks: { title: string; cards: { id: string; front: { subtitle: string; stats: { label: string; value: string }[] } }[] }[] };
      const units = doc.decks[0]!.cards;
      for (const nation of ['Germany', 'Soviet Union', 'United States', 'United Kingdom']) {
        const kinds = new Set(units.filter((c) => c.front.subtitle.startsWith(nation)).map((c) => c.front.subtitle.split(' · ')[1]));
        expect([...kinds].sort(), nation).toEqual(['gun', 'heavy tank', 'infantry team', 'light vehicle', 'officer team', 'sniper', 'tank']);
      }
      const men = units.flatMap((c) => c.front.stats.filter((s) => s.label === 'men').map((s) => Number(s.value)));
      expect(men.every((n) => n >= 1 && n <= 6)).toBe(true);
      expect(doc.decks[1]!.cards.map((c) => c.id)).toHaveLength(5 + 7);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
