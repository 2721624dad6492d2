import type { SheetNode } from '../doc/model.js';
import type { FontStore } from './fonts.js';
import { blockHeight, layoutBlock, type BlockLayout, type Slice } from './blocks.js';
import type { Frame } from './page-frame.js';
import { translate, type Item } from './primitives.js';
import { FORM_ROW_HEIGHT, MM, PAGE } from './style.js';

/** A page's worth of a sheet's blocks, placed, before the header and footer frame it. */
export interface ContentPage {
  sheetTitle: string;
  items: Item[];
}

/**
 * Masonry in reading order: each block goes to the column whose content ends highest, a
 * full-width block below both. A block that does not fit moves on whole; only a block taller
 * than a fresh column is broken, between rows, with its heading repeated.
 */
export function layoutSheet(fonts: FontStore, sheet: SheetNode, frame: Frame): ContentPage[] {
  const first = placeSheet(fonts, sheet, frame, FORM_ROW_HEIGHT);
  // a form that ends the sheet takes the rest of its page: taller rows to write in, up to
  // twice the least, rather than blank paper under it
  const last = sheet.blocks[sheet.blocks.length - 1];
  if (last?.kind !== 'table' || !last.form || last.rows.length === 0) return first.pages;
  const spare = frame.bottom - first.end;
  if (spare < 1 * MM) return first.pages;
  const taller = Math.min(2 * FORM_ROW_HEIGHT, FORM_ROW_HEIGHT + Math.floor(((spare - 0.5 * MM) / last.rows.length) * 10) / 10);
  const stretched = placeSheet(fonts, sheet, frame, taller);
  return stretched.pages.length === first.pages.length ? stretched.pages : first.pages;
}

/** The sheet's pages, and where the content ends on the last of them. */
function placeSheet(fonts: FontStore, sheet: SheetNode, frame: Frame, formRowHeight: number): { pages: ContentPage[]; end: number } {
  const pages: ContentPage[] = [];
  let items: Item[] = [];
  let cursors = new Array<number>(frame.columns).fill(frame.top);
  const columnX = (c: number) => frame.left + c * (frame.columnWidth + PAGE.gutter);
  const fullWidth = frame.width - 2 * PAGE.marginX;
  const capacity = frame.bottom - frame.top;

  const newPage = () => {
    pages.push({ sheetTitle: sheet.title, items });
    items = [];
    cursors = cursors.map(() => frame.top);
  };
  const place = (slice: Slice, x: number, y: number) => items.push(...translate(slice.items, x, y));

  for (const block of sheet.blocks) {
    const full = block.width === 'full';
    const layout = layoutBlock(fonts, block, full ? fullWidth : frame.columnWidth, formRowHeight);
    const height = blockHeight(layout);

    if (full) {
      let y = Math.max(...cursors);
      if (y + height > frame.bottom && y > frame.top) {
        newPage();
        y = frame.top;
      }
      const end = placeBlock(layout, frame.left, y, frame.bottom, place, () => {
        newPage();
        return frame.top;
      });
      cursors = cursors.map(() => end + PAGE.blockGap);
      continue;
    }

    const order = cursors.map((y, c) => ({ y, c })).sort((a, b) => a.y - b.y || a.c - b.c);
    let target = order.find(({ y }) => y + height <= frame.bottom);
    if (!target && height <= capacity) {
      newPage();
      target = { y: frame.top, c: 0 };
    }
    if (target) {
      placeBlock(layout, columnX(target.c), target.y, frame.bottom, place, () => frame.top);
      cursors[target.c] = target.y + height + PAGE.blockGap;
      continue;
    }
    // taller than a whole column: start in the emptiest column and flow on
    let column = order[0]!.c;
    const end = placeBlock(layout, columnX(column), cursors[column]!, frame.bottom, place, () => {
      cursors[column] = frame.bottom;
      const next = cursors.findIndex((y, c) => c > column && y < frame.bottom - 40);
      if (next === -1) {
        newPage();
        column = 0;
      } else {
        column = next;
      }
      return { x: columnX(column), y: cursors[column]! };
    });
    cursors[column] = end + PAGE.blockGap;
  }
  // where the last page's content ends: the lowest column, less the gap after its last block
  const end = Math.max(...cursors) - PAGE.blockGap;
  if (items.length > 0 || pages.length === 0) newPage();
  return { pages, end };
}

type Continue = () => number | { x: number; y: number };

/** Places a block from (x, y), breaking between rows when it reaches `bottom`. */
function placeBlock(
  layout: BlockLayout,
  x: number,
  y: number,
  bottom: number,
  place: (slice: Slice, x: number, y: number) => void,
  continueAt: Continue,
): number {
  let cx = x;
  let cy = y;
  place(layout.head, cx, cy);
  cy += layout.head.height;
  layout.rows.forEach((row, i) => {
    const last = i === layout.rows.length - 1;
    const need = row.height + (last ? layout.tail.height : 0);
    if (cy + need > bottom && i > 0) {
      const next = continueAt();
      if (typeof next === 'number') cy = next;
      else ({ x: cx, y: cy } = next);
      place(layout.head, cx, cy);
      cy += layout.head.height;
    }
    place(row, cx, cy);
    cy += row.height;
  });
  place(layout.tail, cx, cy);
  return cy + layout.tail.height;
}
