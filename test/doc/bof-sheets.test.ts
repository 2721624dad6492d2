import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { buildQuickReference } from '../../src/doc/build-reference.js';
import type { Paper, TableBlock } from '../../src/doc/model.js';
import { expectOnePagePerSheet, sheetsInInchesWithoutNotes } from '../helpers/sheets.js';

const db = await loadRulesDb({ dataDirs: [] });
const bof = db.system('bof');
const build = (paper: Paper, units: 'cm' | 'in') =>
  buildQuickReference(bof, { paper, units, toolVersion: '0.0.0-test' });
const tables = (paper: Paper = 'a4', units: 'cm' | 'in' = 'cm') =>
  build(paper, units)
    .sheets.flatMap((s) => s.blocks)
    .filter((b): b is TableBlock => b.kind === 'table');

describe('Burst of Fire quick-reference sheets', () => {
  it('print every table of the rules database exactly once', () => {
    const printed = tables().map((t) => t.id).filter((id) => !id.startsWith('odds-'));
    expect([...printed].sort()).toEqual([...bof.tables.keys()].sort());
    expect(new Set(printed).size).toBe(printed.length);
  });
  it('give the odds of every roll: an odds column on lookup tables, a chance beside every needed roll', () => {
    for (const block of tables()) {
      const table = bof.tables.get(block.id);
      if (!table) continue;
      const cells = block.rows.flat();
      if (table.use === 'lookup') expect(cells.some((c) => c.some((r) => r.style === 'odds'))).toBe(true);
      if (table.use === 'need') {
        const needs = table.rows.flatMap((row) => Object.values(row).filter((c) => typeof c === 'object' && c !== null && 'need' in c));
        const odds = cells.filter((c) => c.some((r) => r.style === 'odds'));
        expect(odds.length, block.id).toBe(needs.length);
      }
    }
  });
  it('carry ladders of the 4D6 attack and 2D6 morale odds', () => {
    const ids = tables().map((t) => t.id);
    expect(ids).toContain('odds-4d6-lower');
    expect(ids).toContain('odds-2d6-lower');
  });
  it('fit one page per sheet on A4 and on Letter', () => {
    expectOnePagePerSheet(bof);
  });
  it('document tree snapshot (changes only on purpose)', () => {
    expect(build('a4', 'cm')).toMatchSnapshot();
  });
  it('in inches, no centimetres remain outside the notes that quote the text', () => {
    const text = sheetsInInchesWithoutNotes(bof);
    expect(text).not.toMatch(/\d cm\b/);
    expect(text).toMatch(/\d in\b/);
  });
});
