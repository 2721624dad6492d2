/**
 * The Unit Sheet (3.4) as a document: a box for every figure or vehicle, the armour combat
 * rows of the force's own guns, its deck in one colour with one back, one page on both papers.
 */
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { runsText, type TableBlock } from '../../src/doc/model.js';
import { layoutDocument } from '../../src/layout/pages.js';
import { loadBlazeAway } from '../../src/systems/blazeaway/data.js';
import { checkForce } from '../../src/systems/blazeaway/force.js';
import { loadSampleForces } from '../../src/systems/blazeaway/samples.js';
import { unitSheetDocument } from '../../src/systems/blazeaway/unit-sheet.js';
import { PRINT_SETTINGS } from '../helpers/sheets.js';

const data = await loadBlazeAway((await loadRulesDb({ dataDirs: [], only: 'blazeaway' })).system('blazeaway'));
const samples = await loadSampleForces();
const print = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
const sheetOf = (i: number, paper: 'a4' | 'letter' = 'a4', units: 'cm' | 'in' = 'cm') => {
  const roster = checkForce(samples[i]!.force, data);
  return { roster, doc: unitSheetDocument(data, roster, { print, paper, units, toolVersion: '0' }) };
};
const table = (doc: ReturnType<typeof sheetOf>['doc'], id: string) => doc.sheets[0]!.blocks.find((b): b is TableBlock => b.kind === 'table' && b.id === id);
const boxesIn = (cells: TableBlock['rows'][number][number]) => cells.filter((r) => r.style === 'boxes').reduce((n, r) => n + r.text.replace(/ /g, '').length, 0);

describe('the unit sheet of each sample force', () => {
  it('fits one page on A4 and Letter, in cm and in inches, before its deck', () => {
    samples.forEach((sample, i) => {
      for (const [paper, units] of PRINT_SETTINGS) {
        const { doc } = sheetOf(i, paper, units);
        const pages = layoutDocument({ ...doc, decks: [] }).pages;
        expect(pages, `${sample.file} ${paper} ${units}`).toHaveLength(1);
      }
    });
  });
  it('a box for every figure of an infantry unit, every vehicle, and every crew figure of a gun', () => {
    samples.forEach((_, i) => {
      const { doc, roster } = sheetOf(i);
      const infantry = roster.units.filter((u) => u.kind === 'infantry');
      table(doc, 'infantry')!.rows.forEach((row, r) => expect(boxesIn(row[2]!)).toBe(infantry[r]!.figures));
      const vehicles = roster.units.filter((u) => u.kind === 'armour' || u.kind === 'motorised' || u.kind === 'gun');
      table(doc, 'armour')!.rows.forEach((row, r) => expect(boxesIn(row[2]!)).toBe(vehicles[r]!.kind === 'gun' ? vehicles[r]!.figures : vehicles[r]!.models));
    });
  });
  it('the armour combat rows of the force’s own gun groups, as the table gives them', () => {
    samples.forEach((_, i) => {
      const { doc, roster } = sheetOf(i);
      const groups = [...new Set(roster.units.flatMap((u) => (u.gunGroup !== undefined ? [String(u.gunGroup)] : [])))].sort();
      const rows = table(doc, 'gun-rows')!.rows;
      expect(rows.map((row) => runsText(row[0]!)).sort()).toEqual(groups);
      for (const row of rows) {
        const source = data.system.table('armour-combat').rows.find((r) => String(r['group']) === runsText(row[0]!))!;
        const shortC = source['shortC'] as { need: number };
        expect(runsText(row[13]!)).toMatch(new RegExp(`^${shortC.need}\\+`));
      }
    });
  });
  it('its order deck: the cards the ratings give, in the force’s colour, all with one back', () => {
    samples.forEach((_, i) => {
      const { doc, roster } = sheetOf(i);
      const deck = doc.decks![0]!;
      expect(deck.cards).toHaveLength([...roster.deck.values()].reduce((n, c) => n + c, 0));
      expect(new Set(deck.cards.map((c) => JSON.stringify(c.back))).size).toBe(1);
      expect(new Set(deck.cards.map((c) => c.front.accent))).toEqual(new Set([roster.colour.colour]));
      expect(deck.cards.filter((c) => c.front.title === 'Dummy')).toHaveLength(roster.deck.get('dummy')!);
    });
  });
  it('3.4 Unit Sheets and 8.1: "Breaks at" is printed one way for every unit, the figures lost of its figures and the share, from the table or not', () => {
    samples.forEach((sample, i) => {
      const { doc, roster } = sheetOf(i);
      const infantry = roster.units.filter((u) => u.kind === 'infantry');
      table(doc, 'infantry')!.rows.forEach((row, r) => {
        const u = infantry[r]!;
        const text = runsText(row[3]!).replace(/\u00a0/g, ' ');
        // a share the 8.1 table does not give is rounded: muster's reading, marked
        const mark = u.breakingPoint && !u.breakingPoint.table ? '\u2020' : '';
        expect(text, `${sample.file} ${u.unit.name}`).toBe(u.breakingPoint ? `${u.breakingPoint.losses} of ${u.figures} ${u.breakingPoint.percent}%${mark}` : '—');
      });
    });
    // the samples have units read from the 8.1 table and units at the share: both print alike
    const all = samples.flatMap((_, i) => sheetOf(i).roster.units);
    expect(all.some((u) => u.breakingPoint?.table)).toBe(true);
    expect(all.some((u) => u.breakingPoint && !u.breakingPoint.table)).toBe(true);
  });
  it('the German company’s sheet, as a document tree (changes only on purpose)', () => {
    const german = samples.findIndex((s) => s.force.side === 'axis');
    expect(sheetOf(german).doc.sheets).toMatchSnapshot();
  });
});
