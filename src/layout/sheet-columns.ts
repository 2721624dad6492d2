import type { SheetNode } from '../doc/model.js';
import type { FontStore } from './fonts.js';
import { blockHeight, DENSITY, layoutBlock, placeLine, type BlockLayout, type Density, type Slice } from './blocks.js';
import type { Frame } from './page-frame.js';
import { round, translate, type Item } from './primitives.js';
import { COLORS, FORM_ROW_HEIGHT, MM, PAGE, TITLE_BAR_HEIGHT, type TextStyle } from './style.js';
import { wrapRuns } from './wrap.js';

/** A page's worth of a sheet's blocks, placed, before the header and footer frame it. */
export interface ContentPage {
  sheetTitle: string;
  items: Item[];
}

/**
 * Sheets set on shared pages: each starts a page of its own unless it fits whole in the room
 * left under the one before (and belongs to the same part of the document), where it goes
 * under a heading of its own. `starts`: the page of `pages` each sheet begins on.
 */
export interface SheetGroup {
  sheets: readonly SheetNode[];
  pages: ContentPage[];
  starts: number[];
  density: Density;
  /** where the last page's content ends */
  end: number;
}

/**
 * The sheets in groups of sheets that share pages, in order. A group is set a point smaller
 * (DENSITY.tight) where that saves a page: a sheet that would spill a few rows onto a page of
 * their own, or one that then fits whole under the sheet before it.
 */
export function groupSheets(fonts: FontStore, sheets: readonly SheetNode[], frame: Frame): SheetGroup[] {
  const groups: SheetGroup[] = [];
  for (const sheet of sheets) {
    const last = groups[groups.length - 1];
    const joined = last ? joinSheet(fonts, last, sheet, frame) : undefined;
    if (joined) {
      groups[groups.length - 1] = joined;
      continue;
    }
    const normal = layoutGroup(fonts, [sheet], frame, DENSITY.normal);
    const tight = normal.pages.length > 1 ? layoutGroup(fonts, [sheet], frame, DENSITY.tight) : normal;
    groups.push(tight.pages.length < normal.pages.length ? tight : normal);
  }
  return groups;
}

/**
 * The group with `sheet` set under its last sheet, on its last page, a point smaller where only
 * that makes the room; undefined where the sheet does not fit whole in the room left there even
 * so, or belongs to another part of the document (a side's papers never share a page with the
 * other side's).
 */
export function joinSheet(fonts: FontStore, group: SheetGroup, sheet: SheetNode, frame: Frame): SheetGroup | undefined {
  if (group.sheets[group.sheets.length - 1]!.part !== sheet.part) return undefined;
  for (const density of group.density === DENSITY.normal ? [DENSITY.normal, DENSITY.tight] : [group.density]) {
    const joined = layoutGroup(fonts, [...group.sheets, sheet], frame, density);
    if (joined.pages.length <= group.pages.length) return joined;
  }
  return undefined;
}

function layoutGroup(fonts: FontStore, sheets: readonly SheetNode[], frame: Frame, density: Density): SheetGroup {
  // a list that does not fit the room left moves on whole, unless starting it there and running
  // on over the page saves a page (a packet's terrain under its briefing, its roll log after)
  const whole = placeSheets(fonts, sheets, frame, FORM_ROW_HEIGHT, density, false);
  const lists = sheets.some((sheet) => sheet.blocks.some((b) => b.kind === 'table' && b.width === 'full' && !b.form));
  const running = lists ? placeSheets(fonts, sheets, frame, FORM_ROW_HEIGHT, density, true) : whole;
  const runOn = running.pages.length < whole.pages.length;
  const first = runOn ? running : whole;
  // a form that ends the group takes the rest of its page: taller rows to write in, up to
  // twice the least, rather than blank paper under it
  const blocks = sheets[sheets.length - 1]!.blocks;
  const last = blocks[blocks.length - 1];
  if (last?.kind !== 'table' || !last.form || last.rows.length === 0) return { sheets, pages: first.pages, starts: first.starts, density, end: first.end };
  const spare = frame.bottom - first.end;
  if (spare < 1 * MM) return { sheets, pages: first.pages, starts: first.starts, density, end: first.end };
  const taller = Math.min(2 * FORM_ROW_HEIGHT, FORM_ROW_HEIGHT + Math.floor(((spare - 0.5 * MM) / last.rows.length) * 10) / 10);
  const stretched = placeSheets(fonts, sheets, frame, taller, density, runOn, sheets.length - 1);
  const kept = stretched.pages.length === first.pages.length ? stretched : first;
  return { sheets, pages: kept.pages, starts: kept.starts, density, end: kept.end };
}

/** The heading of a sheet that begins under another on a page: its title over a rule, as the page's own title is set, smaller. */
const HEADING = { size: 12, ruleGap: 2, after: 2.5 * MM };

export function sheetHeading(fonts: FontStore, title: string, width: number): Slice {
  const style: TextStyle = { face: 'bold', size: HEADING.size, color: COLORS.ink };
  // wrapped, never cut: a long title takes two lines
  const lines = wrapRuns(fonts, [{ text: title }], style, width);
  const items: Item[] = [];
  let y = 0;
  for (const line of lines) {
    items.push(...placeLine(fonts, line, 0, y, style));
    y += line.height;
  }
  const ruleY = round(y + HEADING.ruleGap);
  return { height: ruleY + HEADING.after, items: [...items, { kind: 'line', x1: 0, y1: ruleY, x2: round(width), y2: ruleY, color: COLORS.titleBar, lineWidth: 0.8 }] };
}

/**
 * Masonry in reading order: each block goes to the column whose content ends highest, a
 * full-width block below both. A block that does not fit moves on whole; only a block taller
 * than a fresh column is broken, between rows, with its heading repeated. A sheet after the
 * first begins under everything before it, with its heading. The forms of the sheets from
 * `stretchFrom` on have rows of `formRowHeight`, those before it the least.
 */
function placeSheets(fonts: FontStore, sheets: readonly SheetNode[], frame: Frame, formRowHeight: number, density: Density, runOn: boolean, stretchFrom = 0): { pages: ContentPage[]; end: number; starts: number[] } {
  const pages: ContentPage[] = [];
  const starts: number[] = [];
  let items: Item[] = [];
  let title = sheets[0]!.title;
  let cursors = new Array<number>(frame.columns).fill(frame.top);
  const columnX = (c: number) => frame.left + c * (frame.columnWidth + PAGE.gutter);
  const fullWidth = frame.width - 2 * PAGE.marginX;
  const capacity = frame.bottom - frame.top;

  const newPage = (next: string) => {
    pages.push({ sheetTitle: title, items });
    items = [];
    title = next;
    cursors = cursors.map(() => frame.top);
  };
  const place = (slice: Slice, x: number, y: number) => items.push(...translate(slice.items, x, y));

  for (const [s, sheet] of sheets.entries()) {
    if (s > 0) {
      // the sheet's heading under everything before it, with room for its first block's head, or a new page under the page's own title
      const heading = sheetHeading(fonts, sheet.title, fullWidth);
      const y = Math.max(...cursors);
      if (y + heading.height + 3 * TITLE_BAR_HEIGHT > frame.bottom) {
        newPage(sheet.title);
      } else {
        place(heading, frame.left, y);
        cursors = cursors.map(() => y + heading.height);
      }
    }
    starts.push(pages.length);
    for (const block of sheet.blocks) {
      const full = block.width === 'full';
      const layout = layoutBlock(fonts, block, full ? fullWidth : frame.columnWidth, s >= stretchFrom ? formRowHeight : FORM_ROW_HEIGHT, density);
      const height = blockHeight(layout);

      if (full) {
        let y = Math.max(...cursors);
        // with `runOn`, a list too long for the room left starts there, where that is a quarter
        // of the page, and runs on over the page with its heading again; a form a player writes
        // in stays whole
        const runsOn = runOn && block.kind === 'table' && !block.form && frame.bottom - y >= capacity / 4 && y + layout.head.height + (layout.rows[0]?.height ?? Infinity) <= frame.bottom;
        if (y + height > frame.bottom && y > frame.top && !runsOn) {
          newPage(sheet.title);
          y = frame.top;
        }
        const end = placeBlock(layout, frame.left, y, frame.bottom, place, () => {
          newPage(sheet.title);
          return frame.top;
        });
        cursors = cursors.map(() => end + PAGE.blockGap);
        continue;
      }

      const order = cursors.map((y, c) => ({ y, c })).sort((a, b) => a.y - b.y || a.c - b.c);
      let target = order.find(({ y }) => y + height <= frame.bottom);
      if (!target && height <= capacity) {
        newPage(sheet.title);
        target = { y: frame.top, c: 0 };
      }
      if (target) {
        placeBlock(layout, columnX(target.c), target.y, frame.bottom, place, () => frame.top);
        cursors[target.c] = target.y + height + PAGE.blockGap;
        continue;
      }
      // taller than a whole column: start in the emptiest column and flow on, where its heading
      // and first row fit there; else on a new page (the emptiest has the most room left)
      let column = order[0]!.c;
      if (cursors[column]! + layout.head.height + (layout.rows[0]?.height ?? 0) > frame.bottom) {
        newPage(sheet.title);
        column = 0;
      }
      const end = placeBlock(layout, columnX(column), cursors[column]!, frame.bottom, place, () => {
        cursors[column] = frame.bottom;
        const next = cursors.findIndex((y, c) => c > column && y < frame.bottom - 40);
        if (next === -1) {
          newPage(sheet.title);
          column = 0;
        } else {
          column = next;
        }
        return { x: columnX(column), y: cursors[column]! };
      });
      cursors[column] = end + PAGE.blockGap;
    }
  }
  // where the last page's content ends: the lowest column, less the gap after its last block
  const end = Math.max(...cursors) - PAGE.blockGap;
  if (items.length > 0 || pages.length === 0) newPage(title);
  return { pages, end, starts };
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
