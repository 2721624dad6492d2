import type { BookletNode, DocumentNode } from '../../src/doc/model.js';
import type { FontStore } from '../../src/layout/fonts.js';
import { layoutBooklet } from '../../src/layout/booklet.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import { pageFrame, type Frame } from '../../src/layout/page-frame.js';
import { withPageWords } from '../../src/doc/document-meta.js';
import type { Item, PlacedDocument, PlacedPage } from '../../src/layout/primitives.js';
import { PAGE, TYPE } from '../../src/layout/style.js';

/** An item's box on the page, in points: what it covers, measured from the layout, not from pixels. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function itemBox(fonts: FontStore, item: Item): Box {
  switch (item.kind) {
    case 'text':
      return { x0: item.x, y0: item.y, x1: item.x + fonts.textWidth(item.text, item.face, item.size), y1: item.y + item.size * TYPE.leading };
    case 'rect':
      return { x0: item.x, y0: item.y, x1: item.x + item.w, y1: item.y + item.h };
    case 'line':
      return { x0: Math.min(item.x1, item.x2), y0: Math.min(item.y1, item.y2), x1: Math.max(item.x1, item.x2), y1: Math.max(item.y1, item.y2) };
    case 'icon':
      return { x0: item.x, y0: item.y, x1: item.x + item.size, y1: item.y + item.size };
    case 'circle':
      return { x0: item.cx - item.r, y0: item.cy - item.r, x1: item.cx + item.r, y1: item.cy + item.r };
    default: {
      const xs = item.points.map((p) => p[0]);
      const ys = item.points.map((p) => p[1]);
      return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
    }
  }
}

/**
 * How full a page of sheets is: down each of its two columns, how far the content reaches
 * between the header and the footer, the two averaged (a full-width block counts in both).
 * A page half-way down one column and empty in the other is a quarter full.
 */
export function pageFill(fonts: FontStore, page: PlacedPage, paper: 'a4' | 'letter'): number {
  const frame = plainFrame(fonts, paper);
  const height = frame.bottom - frame.top;
  const columns = [0, 1].map((c) => {
    const x0 = frame.left + c * (frame.columnWidth + PAGE.gutter);
    return { x0, x1: x0 + frame.columnWidth, bottom: frame.top };
  });
  for (const item of page.items) {
    const box = itemBox(fonts, item);
    // the header above the frame's top and the footer under its bottom are every page's
    if (box.y0 < frame.top - 0.5 || box.y0 > frame.bottom) continue;
    for (const column of columns) if (box.x1 > column.x0 + 0.5 && box.x0 < column.x1 - 0.5) column.bottom = Math.max(column.bottom, Math.min(box.y1, frame.bottom));
  }
  return columns.reduce((sum, c) => sum + (c.bottom - frame.top) / height, 0) / columns.length;
}

/** A document or a booklet, from the command line's --format json, laid out as its PDF is. */
export function laidOut(fonts: FontStore, json: string): PlacedDocument[] {
  const parsed = JSON.parse(json) as DocumentNode | DocumentNode[] | BookletNode;
  if (Array.isArray(parsed)) return parsed.map((doc) => layoutDocument(fonts, doc));
  if ('kind' in parsed && parsed.kind === 'booklet') return [layoutBooklet(fonts, parsed)];
  return [layoutDocument(fonts, parsed as DocumentNode)];
}

/**
 * The share of a card front's content box (inside the print-safe margin) that no item covers
 * down the card: its height less every band some text, rule box, icon or band of colour
 * reaches into. The white ground under it all is no content.
 */
export function cardBlank(fonts: FontStore, items: readonly Item[], box: { y: number; h: number }): number {
  const spans = items
    .filter((item) => !(item.kind === 'rect' && item.fill === '#ffffff' && item.stroke === undefined) && item.kind !== 'line')
    .map((item) => itemBox(fonts, item))
    .map((b) => [Math.max(b.y0, box.y), Math.min(b.y1, box.y + box.h)] as const)
    .filter(([a, b]) => b > a)
    .sort((p, q) => p[0] - q[0]);
  let covered = 0;
  let end = box.y;
  for (const [a, b] of spans) {
    if (b <= end) continue;
    covered += b - Math.max(a, end);
    end = b;
  }
  return 1 - covered / box.h;
}

/** The frame of a page whose footer takes its usual two lines (a page of A4 or Letter with muster's own words). */
export function plainFrame(fonts: FontStore, paper: 'a4' | 'letter'): Frame {
  return pageFrame(fonts, withPageWords({ title: '', systemId: 'x', systemName: 'X', rulesVersion: '1', toolVersion: '0', paper, units: 'cm' }));
}
