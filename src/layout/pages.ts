import { READING_FOOTNOTE, type DocumentMeta, type DocumentNode, type SheetNode } from '../doc/model.js';
import { showsReading } from './reading-mark.js';
import { renderTemplate } from '../doc/templates.js';
import { deckPageCount, layoutDeck } from './cards.js';
import { withFallbackFonts } from './fallback.js';
import { drawingPageCount, layoutDrawings } from './drawings.js';
import { layoutTokenSheet, tokenPageCount } from './tokens.js';
import { blockHeight, layoutBlock, placeLine, type BlockLayout, type Slice } from './blocks.js';
import { round, translate, type Item, type PlacedDocument, type PlacedPage } from './primitives.js';
import { areaFill, COLORS, FORM_ROW_HEIGHT, MM, PAGE, PAPER_SIZES, printChoice, TYPE, type TextStyle } from './style.js';
import { wrapRuns } from './wrap.js';

interface Frame {
  width: number;
  height: number;
  left: number;
  top: number;
  bottom: number;
  columnWidth: number;
}

export function pageFrame(paper: DocumentMeta['paper']): Frame {
  const { width, height } = PAPER_SIZES[paper];
  const left = PAGE.marginX;
  const top = PAGE.marginTop + PAGE.headerHeight;
  const bottom = height - PAGE.footerHeight;
  const columnWidth = (width - 2 * PAGE.marginX - PAGE.gutter * (PAGE.columns - 1)) / PAGE.columns;
  return { width, height, left, top, bottom, columnWidth };
}

interface ContentPage {
  sheetTitle: string;
  items: Item[];
}

/** Which page a document's first page is in the whole print, and how many pages the whole has. */
export interface PageNumbering {
  first: number;
  total: number;
}

/** Where each titled part of a document begins: its sheets, drawings, token sheets and decks. */
export interface OutlineEntry {
  title: string;
  /** 0-based, in the document's own pages */
  page: number;
}

/**
 * A document measured and split into pages, not yet numbered: a booklet needs every part's
 * page count before any footer can say "page 12 of 26", and measuring twice would cost a
 * second layout of every table.
 */
export interface DocumentPlan {
  pageCount: number;
  outline: OutlineEntry[];
  pages(numbering: PageNumbering): PlacedPage[];
}

/** Places every sheet's blocks in columns; the pages are framed with header and footer when numbered. */
export function planDocument(doc: DocumentNode): DocumentPlan {
  const frame = pageFrame(doc.meta.paper);
  const split = doc.drawingsAfterSheet ?? doc.sheets.length;
  const outline: OutlineEntry[] = [];
  let count = 0;
  const mark = (title: string, pages: number) => {
    if (pages > 0 && outline[outline.length - 1]?.title !== title) outline.push({ title, page: count });
    count += pages;
  };
  const laidOut = (sheets: readonly SheetNode[]) =>
    sheets.flatMap((sheet) => {
      const pages = layoutSheet(sheet, frame);
      mark(sheet.title, pages.length);
      return pages;
    });
  const drawings = doc.drawings ?? [];
  const tokenSheets = doc.tokenSheets ?? [];
  const decks = doc.decks ?? [];
  const drawingsTitle = doc.drawingsTitle ?? 'Templates, rulers and tracks';
  const before = laidOut(doc.sheets.slice(0, split));
  mark(drawingsTitle, drawings.length > 0 ? drawingPageCount(drawings, doc.meta) : 0);
  const after = laidOut(doc.sheets.slice(split));
  for (const sheet of tokenSheets) mark(sheet.title, tokenPageCount(sheet, doc.meta));
  for (const deck of decks) mark(deck.title, deckPageCount(deck, doc.meta));
  const lowInk = printChoice(doc.meta).ink === 'low';

  return {
    pageCount: count,
    outline,
    pages({ first, total }) {
      const pages: PlacedPage[] = [];
      const next = () => first + pages.length;
      const framed = (page: ContentPage): PlacedPage => ({
        width: round(frame.width),
        height: round(frame.height),
        items: translate(
          [...pageHeader(page.sheetTitle, doc.meta, frame), ...(lowInk ? page.items.map(lowInkBlockItem) : page.items), ...pageFooter(doc.meta, frame, next(), total, page.items)],
          0,
          0,
        ),
      });
      for (const page of before) pages.push(framed(page));
      if (drawings.length > 0) pages.push(...layoutDrawings(drawings, doc.meta, drawingsTitle, next(), total));
      for (const page of after) pages.push(framed(page));
      for (const sheet of tokenSheets) pages.push(...layoutTokenSheet(sheet, doc.meta, next(), total));
      for (const deck of decks) pages.push(...layoutDeck(deck, doc.meta, next(), total));
      return pages;
    },
  };
}

/** A document's pages, numbered on their own (or from `numbering`), with fonts for every script in it. */
export function layoutDocument(doc: DocumentNode, numbering?: PageNumbering): PlacedDocument {
  const plan = planDocument(doc);
  const pages = plan.pages(numbering ?? { first: 1, total: plan.pageCount });
  // names in other scripts: each run in the font that has it, and what no font has
  const fonted = withFallbackFonts(pages);
  return { meta: doc.meta, pages: fonted.pages, missingGlyphs: fonted.missingGlyphs };
}

/** A block's title bar in low ink: a light tint outlined in the bar's colour, with dark type. */
function lowInkBlockItem(item: Item): Item {
  if (item.kind === 'rect' && item.fill === COLORS.titleBar) return { ...item, fill: areaFill(COLORS.titleBar, 'low', 'header'), stroke: COLORS.titleBar, lineWidth: 0.5 };
  if (item.kind === 'text' && item.color === COLORS.titleText) return { ...item, color: COLORS.ink };
  if (item.kind === 'text' && item.color === COLORS.titleSection) return { ...item, color: COLORS.muted };
  return item;
}

/**
 * Masonry in reading order: each block goes to the column whose content ends highest, a
 * full-width block below both. A block that does not fit moves on whole; only a block taller
 * than a fresh column is broken, between rows, with its heading repeated.
 */
export function layoutSheet(sheet: SheetNode, frame: Frame): ContentPage[] {
  const first = placeSheet(sheet, frame, FORM_ROW_HEIGHT);
  // a form that ends the sheet takes the rest of its page: taller rows to write in, up to
  // twice the least, rather than blank paper under it
  const last = sheet.blocks[sheet.blocks.length - 1];
  if (last?.kind !== 'table' || !last.form || last.rows.length === 0) return first.pages;
  const spare = frame.bottom - first.end;
  if (spare < 1 * MM) return first.pages;
  const taller = Math.min(2 * FORM_ROW_HEIGHT, FORM_ROW_HEIGHT + Math.floor(((spare - 0.5 * MM) / last.rows.length) * 10) / 10);
  const stretched = placeSheet(sheet, frame, taller);
  return stretched.pages.length === first.pages.length ? stretched.pages : first.pages;
}

/** The sheet's pages, and where the content ends on the last of them. */
function placeSheet(sheet: SheetNode, frame: Frame, formRowHeight: number): { pages: ContentPage[]; end: number } {
  const pages: ContentPage[] = [];
  let items: Item[] = [];
  let cursors = new Array<number>(PAGE.columns).fill(frame.top);
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
    const layout = layoutBlock(block, full ? fullWidth : frame.columnWidth, formRowHeight);
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

export function pageHeader(sheetTitle: string, meta: DocumentMeta, frame: Frame): Item[] {
  const titleStyle: TextStyle = { face: 'bold', size: TYPE.sheetTitle, color: COLORS.ink };
  const docStyle: TextStyle = { face: 'regular', size: 9, color: COLORS.muted };
  const y = PAGE.marginTop;
  const docTitle = wrapRuns([{ text: meta.title }], docStyle, frame.width)[0]!;
  const items: Item[] = [];
  items.push(...placeLine(wrapRuns([{ text: sheetTitle }], titleStyle, frame.width / 1.6)[0]!, frame.left, y, titleStyle));
  items.push(...placeLine(docTitle, frame.width - PAGE.marginX - docTitle.width, y + 5, docStyle));
  const ruleY = round(y + TYPE.sheetTitle * TYPE.leading + 2);
  items.push({ kind: 'line', x1: frame.left, y1: ruleY, x2: frame.width - PAGE.marginX, y2: ruleY, color: COLORS.titleBar, lineWidth: 1.2 });
  return items;
}

/**
 * Footer: rule set, version, seed and page on every sheet, and a scale bar of 5 cm or 2 in so
 * a player can check that the printer did not shrink the page.
 */
export function pageFooter(meta: DocumentMeta, frame: Frame, page: number, pages: number, content: readonly Item[]): Item[] {
  const style: TextStyle = { face: 'regular', size: TYPE.footer, color: COLORS.muted };
  const lineY = round(frame.bottom + 3 * MM);
  const items: Item[] = [
    { kind: 'line', x1: frame.left, y1: lineY, x2: frame.width - PAGE.marginX, y2: lineY, color: COLORS.rule, lineWidth: 0.5 },
  ];
  const footer = renderTemplate('page-footer', {
    systemName: meta.systemName,
    rulesVersion: meta.rulesVersion,
    toolVersion: meta.toolVersion,
    seed: meta.seed ?? '',
  });
  const pageText = renderTemplate('page-number', { title: meta.bookTitle ?? meta.title, page, pages });
  const textY = lineY + 2;
  const footerLine = wrapRuns([{ text: footer }], style, frame.width)[0]!;
  items.push(...placeLine(footerLine, frame.left, textY, style));
  const pageLine = wrapRuns([{ text: pageText }], style, frame.width)[0]!;
  items.push(...placeLine(pageLine, frame.width - PAGE.marginX - pageLine.width, textY, style));
  const barY = textY + TYPE.footer * TYPE.leading + 3;
  items.push(...scaleBar(meta.units, frame.left, barY));
  // the reading mark's footnote, on the scale bar's line where nothing else stands, its line
  // box ending level with the bar's foot as the bar's label does (clear of the print-safe edge)
  if (showsReading(content)) {
    const note = wrapRuns([{ text: READING_FOOTNOTE }], style, frame.width)[0]!;
    items.push(...placeLine(note, frame.width - PAGE.marginX - note.width, barY - 0.8 + 3.5 - note.height, style));
  }
  return items;
}


/**
 * 5 cm in 1 cm blocks, or 2 in in quarter-inch blocks, alternately filled; the label beside
 * it, clear of the bar, both kept more than 6 mm from the paper's bottom edge.
 */
export function scaleBar(units: DocumentMeta['units'], x: number, y: number): Item[] {
  const step = units === 'cm' ? 10 * MM : 72 / 4;
  const steps = units === 'cm' ? 5 : 8;
  const height = 3.5;
  const top = y - 0.8;
  const items: Item[] = [];
  for (let i = 0; i < steps; i++) {
    items.push({
      kind: 'rect',
      x: round(x + i * step),
      y: round(top),
      w: round(step),
      h: height,
      fill: i % 2 === 0 ? COLORS.ink : '#ffffff',
      stroke: COLORS.ink,
      lineWidth: 0.4,
    });
  }
  const style: TextStyle = { face: 'regular', size: 6.5, color: COLORS.muted };
  const label = renderTemplate('scale-bar', { length: units === 'cm' ? '5 cm' : '2 in' });
  // the label's line box ends level with the bar's foot, 2 mm right of its end
  const labelX = x + steps * step + 2 * MM;
  items.push({ kind: 'text', x: round(labelX), y: round(top + height - style.size * TYPE.leading), text: label, face: style.face, size: style.size, color: style.color });
  return items;
}
