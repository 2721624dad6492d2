import { withPageWords } from '../../src/doc/document-meta.js';
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { PAPERS } from '../../src/cli/command-table.js';
import { buildQuickReference } from '../../src/doc/build-reference.js';
import type { DocumentNode, Paper, TableBlock } from '../../src/doc/model.js';
import { blockHeight, columnWidths, layoutBlock } from '../../src/layout/blocks.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import { pageFrame } from '../../src/layout/page-frame.js';
import type { Item, PlacedPage } from '../../src/layout/primitives.js';
import { MM, PAPER_SIZES } from '../../src/layout/style.js';
import { wrapRuns } from '../../src/layout/wrap.js';
import { DEMO_DATA } from '../helpers/fixtures.js';
import { geometricBox, type Box } from '../helpers/boxes.js';
import { fonts } from '../helpers/fonts.js';

const base = { face: 'regular', size: 10, color: '#000' } as const;

describe('word wrap', () => {
  it('keeps lines within the width and words whole', () => {
    const text = 'Units firing at a target in medium cover suffer a penalty on every attack roll';
    const lines = wrapRuns(fonts, [{ text }], base, 120);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(120.01);
    expect(lines.map((l) => l.segments.map((s) => s.text).join('')).join(' ')).toBe(text);
  });
  it('keeps styles of runs on one line as separate segments', () => {
    const [line] = wrapRuns(fonts, [{ text: '18 or lower' }, { text: ' 90%', style: 'odds' }], base, 500);
    expect(line!.segments.map((s) => [s.text, s.color !== base.color])).toEqual([
      ['18 or lower', false],
      [' 90%', true],
    ]);
  });
  it('breaks a word longer than the line rather than overflowing', () => {
    const lines = wrapRuns(fonts, [{ text: 'Panzerschreckbazookapanzerfaust' }], base, 40);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(40.01);
  });
  it('measures with the embedded font', () => {
    expect(fonts.textWidth('WWW', 'bold', 10)).toBeGreaterThan(fonts.textWidth('iii', 'bold', 10));
    expect(fonts.textWidth('abc', 'regular', 20)).toBeCloseTo(2 * fonts.textWidth('abc', 'regular', 10), 6);
  });
});

const tableOf = (rows: string[][], labels: string[]): TableBlock => ({
  kind: 'table',
  id: 't',
  title: 'T',
  section: 'S',
  width: 'column',
  columns: labels.map((label) => ({ label, align: 'left' })),
  rows: rows.map((r) => r.map((text) => [{ text }])),
});

describe('tables', () => {
  it('column widths fill the width exactly', () => {
    const t = tableOf([['2, 5, 8', 'Killed outright by the blast of the shell']], ['2D6', 'Effect']);
    for (const width of [120, 250, 400]) {
      const widths = columnWidths(fonts, t, width);
      expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(width, 6);
    }
  });
  it('a long table is split between rows with its heading repeated, never mid-row', async () => {
    const rows = Array.from({ length: 90 }, (_, i) => [`${i + 1}`, `row number ${i + 1}`]);
    const doc: DocumentNode = {
      meta: withPageWords({ title: 'T', systemId: 'x', systemName: 'X', rulesVersion: '1', toolVersion: '0', paper: 'a4', units: 'cm' }),
      sheets: [{ title: 'Long', blocks: [tableOf(rows, ['N', 'Text'])] }],
    };
    const placed = layoutDocument(fonts, doc);
    const headings = placed.pages.flatMap((p) => p.items).filter((i) => i.kind === 'text' && i.text === 'Text');
    expect(headings.length).toBeGreaterThan(1);
    const rowTexts = placed.pages.flatMap((p) => p.items).filter((i) => i.kind === 'text' && /^row number/.test(i.text));
    expect(rowTexts).toHaveLength(90);
    for (const page of placed.pages) expectInsideFrame(page, 'a4');
  });
  it('a block measures the same as the sum of its slices', () => {
    const layout = layoutBlock(fonts, tableOf([['1', 'one'], ['2', 'two']], ['N', 'Word']), 200);
    expect(blockHeight(layout)).toBeCloseTo(layout.head.height + layout.rows[0]!.height + layout.rows[1]!.height + layout.tail.height, 6);
  });
});

function bounds(item: Item): Box {
  // a layout text's y is its top
  return item.kind === 'text' ? { x1: item.x, y1: item.y, x2: item.x + fonts.textWidth(item.text, item.face, item.size), y2: item.y + item.size } : geometricBox(item);
}

/** Everything printed lies inside the paper with a margin a home printer can reach (5 mm). */
function expectInsideFrame(page: PlacedPage, paper: Paper) {
  const { width, height } = PAPER_SIZES[paper];
  expect(page.width).toBeCloseTo(width, 2);
  for (const item of page.items) {
    const b = bounds(item);
    expect(b.x1).toBeGreaterThanOrEqual(5 * MM);
    expect(b.y1).toBeGreaterThanOrEqual(5 * MM);
    expect(b.x2).toBeLessThanOrEqual(width - 5 * MM);
    expect(b.y2).toBeLessThanOrEqual(height - 5 * MM);
  }
}

describe('pages', () => {
  it('fit every paper without scaling, content above the footer', async () => {
    const db = await loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [] });
    for (const paper of PAPERS) {
      const placed = layoutDocument(fonts, buildQuickReference(db.system('demo'), { units: 'cm', paper, toolVersion: '0' }));
      for (const page of placed.pages) expectInsideFrame(page, paper);
    }
  });
  it('blocks in the columns never overlap', async () => {
    const db = await loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [] });
    const placed = layoutDocument(fonts, buildQuickReference(db.system('demo'), { units: 'cm', paper: 'a4', toolVersion: '0' }));
    const bars = placed.pages[0]!.items.filter((i): i is Extract<Item, { kind: 'rect' }> => i.kind === 'rect' && i.fill === '#46573a');
    // title bars are the tops of blocks: no two may intersect
    for (let a = 0; a < bars.length; a++) {
      for (let b = a + 1; b < bars.length; b++) {
        const A = bars[a]!;
        const B = bars[b]!;
        const apart = A.x + A.w <= B.x || B.x + B.w <= A.x || A.y + A.h <= B.y || B.y + B.h <= A.y;
        expect(apart).toBe(true);
      }
    }
  });
  it('carry a 5 cm scale bar, or a 2 in one', async () => {
    const db = await loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [] });
    for (const [units, length] of [['cm', 50 * MM], ['in', 144]] as const) {
      const placed = layoutDocument(fonts, buildQuickReference(db.system('demo'), { units, paper: 'a4', toolVersion: '0' }));
      const segments = placed.pages[0]!.items.filter((i): i is Extract<Item, { kind: 'rect' }> => i.kind === 'rect' && i.stroke !== undefined);
      const span = Math.max(...segments.map((s) => s.x + s.w)) - Math.min(...segments.map((s) => s.x));
      expect(span).toBeCloseTo(length, 1);
    }
  });
  it('frame leaves room for two columns on A4 and Letter, one as wide on A5', () => {
    for (const paper of PAPERS) {
      const frame = pageFrame(fonts, withPageWords({ title: 'T', systemId: 'x', systemName: 'X', rulesVersion: '1', toolVersion: '0', paper, units: 'cm' }));
      expect(frame.columnWidth).toBeGreaterThan(80 * MM);
      expect(frame.columns).toBe(paper === 'a5' ? 1 : 2);
    }
  });
});

describe('forms a player writes in', () => {
  const form = (rows: number): TableBlock => ({
    kind: 'table',
    id: 'turn-record',
    title: 'Turn record',
    section: 'Turns',
    width: 'full',
    form: true,
    columns: [
      { label: 'Turn', align: 'left' },
      { label: 'Notes', align: 'left' },
    ],
    rows: Array.from({ length: rows }, (_, i) => [[{ text: String(i + 1) }], [{ text: '' }]]),
  });
  const doc = (blocks: TableBlock[]): DocumentNode => ({
    meta: withPageWords({ title: 'Forms', systemId: 'demo', systemName: 'Demo', rulesVersion: 'v1', toolVersion: '0', paper: 'a4', units: 'cm' }),
    sheets: [{ title: 'Forms', blocks }],
  });
  /** The row rules of a laid-out table: thin lines the table's width, in page order. */
  const rowRules = (page: PlacedPage) => page.items.filter((i): i is Extract<Item, { kind: 'line' }> => i.kind === 'line' && i.lineWidth === 0.3).map((l) => l.y1);
  it('have rows at least 7 mm tall, where a table of text has about 5 mm', () => {
    expect(blockHeight(layoutBlock(fonts, form(1), 400)) - blockHeight(layoutBlock(fonts, { ...form(1), rows: [] }, 400))).toBeGreaterThanOrEqual(7 * MM - 0.01);
    const plain = { ...form(1), form: undefined };
    expect(blockHeight(layoutBlock(fonts, plain, 400)) - blockHeight(layoutBlock(fonts, { ...plain, rows: [] }, 400))).toBeLessThan(6 * MM);
  });
  it('take the rest of the page when they end a sheet, up to twice the least height, on the same pages', () => {
    const page = layoutDocument(fonts, doc([form(5)])).pages[0]!;
    const ys = rowRules(page);
    const gaps = ys.slice(1).map((y, i) => y - ys[i]!);
    // five rows on a whole page: each as tall as allowed
    expect(Math.min(...gaps.slice(1))).toBeCloseTo(14 * MM, 0);
    // forty rows do not fit on one page at 7 mm: they stay at 7 mm and run on
    const long = layoutDocument(fonts, doc([form(40)]));
    expect(long.pages).toHaveLength(2);
    const longGaps = rowRules(long.pages[0]!).slice(2).map((y, i, all) => (i === 0 ? 0 : y - all[i - 1]!)).slice(1);
    for (const gap of longGaps) expect(gap).toBeGreaterThanOrEqual(7 * MM - 0.01);
  });
});
