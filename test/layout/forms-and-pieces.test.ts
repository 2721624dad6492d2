import { withPageWords } from '../../src/doc/document-meta.js';
/**
 * Shared layout for any rule set: tick boxes in a table (a form a player fills in), a column
 * kept free to write in, and rect pieces printed at their own true size (wire strips).
 */
import { describe, expect, it } from 'vitest';
import { PAPERS } from '../../src/cli/command-table.js';
import { tokenSchema } from '../../src/data/tokens.js';
import { buildTokenSheet } from '../../src/doc/build-tokens.js';
import type { DocumentNode, TableBlock } from '../../src/doc/model.js';
import { columnWidths, layoutBlock } from '../../src/layout/blocks.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import type { Item } from '../../src/layout/primitives.js';
import { MM, PAPER_SIZES } from '../../src/layout/style.js';
import { wrapRuns } from '../../src/layout/wrap.js';
import { fonts } from '../helpers/fonts.js';

const base = { face: 'regular', size: 8.5, color: '#000000' } as const;
const meta = withPageWords({ title: 't', systemId: 'x', systemName: 'X', rulesVersion: '1', toolVersion: '0', paper: 'a4', units: 'cm' } as const);

describe('tick boxes', () => {
  const form: TableBlock = {
    kind: 'table',
    id: 'form',
    title: 'Form',
    section: '1',
    width: 'full',
    columns: [
      { label: 'Unit', align: 'left' },
      { label: 'Figures', align: 'left' },
      { label: 'Notes', align: 'left', minWidth: 40 },
    ],
    rows: [[[{ text: 'Zug', style: 'bold' }], [{ text: 'Rifles ' }, { text: '□□□ □□□ □□', style: 'boxes' }], [{ text: '' }]]],
  };
  it('each box character is drawn as an empty square, never as a glyph', () => {
    const items = [...layoutBlock(fonts, form, 500).rows.flatMap((r) => r.items)];
    const boxes = items.filter((i): i is Extract<Item, { kind: 'rect' }> => i.kind === 'rect' && i.fill === undefined && i.stroke !== undefined);
    expect(boxes).toHaveLength(8);
    expect(items.some((i) => i.kind === 'text' && i.text.includes('□'))).toBe(false);
    // square, and the same size each
    for (const b of boxes) expect(b.w).toBeCloseTo(b.h, 3);
  });
  it('a stand’s boxes sit closer together than two stands do', () => {
    const boxes = layoutBlock(fonts, form, 500).rows.flatMap((r) => r.items).filter((i): i is Extract<Item, { kind: 'rect' }> => i.kind === 'rect' && i.stroke !== undefined);
    const gaps = boxes.slice(1).map((b, i) => b.x - (boxes[i]!.x + boxes[i]!.w));
    expect(gaps[2]).toBeGreaterThan(2 * gaps[0]!);
    expect(gaps[0]).toBeCloseTo(gaps[1]!, 3);
  });
  it('groups of boxes wrap between groups, never inside one', () => {
    const lines = wrapRuns(fonts, [{ text: '□□□ □□□ □□□ □□□', style: 'boxes' }], base, 60);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) for (const s of line.segments) expect(s.text.trim().split(' ').every((g) => g.length === 3)).toBe(true);
  });
  it('a column kept to write in keeps its width when empty', () => {
    const widths = columnWidths(fonts, form, 500);
    expect(widths[2]).toBeGreaterThanOrEqual(40 * MM - 0.01);
  });
});

describe('rect pieces at their own true size', () => {
  it('the schema asks a rect for its size, and a round or square token for none', () => {
    const token = { id: 'wire', label: 'Wire', icon: 'wire', colour: '#6b5a3a', section: 's', count: 1 };
    expect(tokenSchema.safeParse({ ...token, shape: 'rect', size: { width: 50, height: 20 } }).success).toBe(true);
    expect(tokenSchema.safeParse({ ...token, shape: 'rect' }).success).toBe(false);
    expect(tokenSchema.safeParse({ ...token, shape: 'round', size: { width: 50, height: 20 } }).success).toBe(false);
  });
  const sheet = (duplex: 'long' | 'short') => {
    const tokens = tokenSchema.array().parse([
      { id: 'long', label: 'Wire', icon: 'wire', shape: 'rect', size: { width: 100, height: 20 }, colour: '#6b5a3a', section: 's', count: 8 },
      { id: 'short', label: 'Wire', icon: 'wire', shape: 'rect', size: { width: 50, height: 20 }, colour: '#6b5a3a', section: 's', count: 10 },
    ]);
    return buildTokenSheet(tokens, new Map([['long', 8], ['short', 10]]), { round: 25, square: 20, marks: true, duplex, backOffset: { x: 0, y: 0 } }, 'Wire');
  };
  for (const paper of PAPERS) {
    it(`print 100 x 20 and 50 x 20 mm cut lines, all on one sheet of fronts and one of backs (${paper}; on A5, half as large, two)`, () => {
      const doc: DocumentNode = { meta: { ...meta, paper }, sheets: [], tokenSheets: [sheet('long')] };
      const pages = layoutDocument(fonts, doc).pages;
      expect(pages).toHaveLength(paper === 'a5' ? 4 : 2);
      // the fronts: every other page
      const cuts = pages.filter((_, i) => i % 2 === 0).flatMap((page) => page.items.filter((i): i is Extract<Item, { kind: 'rect' }> => i.kind === 'rect' && i.stroke === '#000000'));
      const sizes = cuts.map((c) => `${Math.round(c.w / MM)}x${Math.round(c.h / MM)}`);
      expect(sizes.filter((s) => s === '100x20')).toHaveLength(8);
      expect(sizes.filter((s) => s === '50x20')).toHaveLength(10);
      // nothing within 6 mm of the paper's edge
      const { width, height } = PAPER_SIZES[paper];
      for (const c of cuts) {
        expect(c.x).toBeGreaterThan(6 * MM);
        expect(c.y).toBeGreaterThan(6 * MM);
        expect(c.x + c.w).toBeLessThan(width - 6 * MM);
        expect(c.y + c.h).toBeLessThan(height - 6 * MM);
      }
      // no two pieces of a page overlap
      for (const page of pages) {
        const own = page.items.filter((i): i is Extract<Item, { kind: 'rect' }> => i.kind === 'rect' && i.stroke === '#000000');
        for (const [i, a] of own.entries()) {
          for (const b of own.slice(i + 1)) expect(a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y).toBe(true);
        }
      }
    });
  }
  it('backs land behind their fronts: mirrored across the page for a long-edge flip, top to bottom for a short one', () => {
    for (const duplex of ['long', 'short'] as const) {
      const pages = layoutDocument(fonts, { meta, sheets: [], tokenSheets: [sheet(duplex)] }).pages;
      const centres = (p: number) =>
        pages[p]!.items
          .filter((i): i is Extract<Item, { kind: 'rect' }> => i.kind === 'rect' && i.stroke === '#000000')
          .map((c) => ({ x: c.x + c.w / 2, y: c.y + c.h / 2, w: c.w }));
      const [fronts, backs] = [centres(0), centres(1)];
      const { width, height } = PAPER_SIZES.a4;
      fronts.forEach((f, i) => {
        const b = backs[i]!;
        expect(b.w).toBeCloseTo(f.w, 2);
        if (duplex === 'long') {
          expect(b.x).toBeCloseTo(width - f.x, 1);
          expect(b.y).toBeCloseTo(f.y, 1);
        } else {
          expect(b.x).toBeCloseTo(f.x, 1);
          expect(b.y).toBeCloseTo(height - f.y, 1);
        }
      });
    }
  });
});
