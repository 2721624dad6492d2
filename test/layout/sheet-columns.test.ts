// A block taller than a column flows on from the emptiest column; where that column has no room
// left for the block's heading and first row, it starts on a new page, never over the footer
// (seen on A5: a booklet's roll log of a rung started 4 mm above the page's foot).
import { describe, expect, it } from 'vitest';
import { withPageWords } from '../../src/doc/document-meta.js';
import type { SheetNode, TableBlock } from '../../src/doc/model.js';
import { pageFrame } from '../../src/layout/page-frame.js';
import { groupSheets } from '../../src/layout/sheet-columns.js';
import { fonts } from '../helpers/fonts.js';
import { PAPERS } from '../../src/doc/model.js';

const listOf = (id: string, rows: number): TableBlock => ({
  kind: 'table',
  id,
  title: `List ${id}`,
  section: 'S',
  width: 'column',
  columns: [
    { label: '#', align: 'left' },
    { label: 'Roll', align: 'left' },
  ],
  rows: Array.from({ length: rows }, (_, i) => [[{ text: String(i + 1) }], [{ text: `a roll of row ${i + 1}` }]]),
});

/** The lowest point any item of a page reaches. */
const lowest = (items: readonly { kind: string; y?: number; y1?: number; y2?: number; height?: number }[]) =>
  Math.max(...items.map((item) => Math.max(item.y1 ?? -Infinity, item.y2 ?? -Infinity, (item.y ?? -Infinity) + (item.height ?? 0))));

describe('a block taller than a column', () => {
  for (const paper of PAPERS) {
    it(`${paper}: starts on a new page where the room left holds less than its heading and first row`, () => {
      const frame = pageFrame(fonts, withPageWords({ title: 'T', systemId: 'x', systemName: 'X', rulesVersion: '1', toolVersion: '0', paper, units: 'cm' }));
      const one = listOf('one', 200);
      const groups = groupSheets(fonts, [{ title: 'Rolls', blocks: [one] } satisfies SheetNode], frame);
      const ends: number[] = [];
      // a first list ending at every height the page has, each followed by a list taller than a column
      for (let rows = 1; rows <= 60; rows++) {
        const sheets: SheetNode[] = [{ title: 'Rolls', blocks: [listOf('first', rows), listOf('long', 200)] }];
        for (const group of groupSheets(fonts, sheets, frame)) {
          for (const page of group.pages) {
            const bottom = lowest(page.items as never);
            ends.push(bottom);
            expect(bottom, `${rows} rows before it`).toBeLessThanOrEqual(frame.bottom + 0.01);
          }
        }
      }
      expect(groups[0]!.pages.length).toBeGreaterThan(1);
      expect(ends.length).toBeGreaterThan(60);
    });
  }
});
