import type { DocumentMeta, DocumentNode, SheetNode } from '../doc/model.js';
import type { FontStore } from './fonts.js';
import { deckPageCount, layoutDeck } from './card-sheets.js';
import { drawingPageCount, layoutDrawings } from './drawings.js';
import { withFallbackFonts } from './fallback.js';
import { pageFooter, pageFrame, pageHeader, type Frame } from './page-frame.js';
import { round, translate, type Item, type PlacedDocument, type PlacedPage } from './primitives.js';
import { layoutSheet, type ContentPage } from './sheet-columns.js';
import { areaFill, COLORS, printChoice } from './style.js';
import { layoutTokenSheet, tokenPageCount } from './tokens.js';

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
export function planDocument(fonts: FontStore, doc: DocumentNode): DocumentPlan {
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
      const pages = layoutSheet(fonts, sheet, frame);
      mark(sheet.title, pages.length);
      return pages;
    });
  const drawings = doc.drawings ?? [];
  const tokenSheets = doc.tokenSheets ?? [];
  const decks = doc.decks ?? [];
  const drawingsTitle = doc.drawingsTitle ?? 'Templates, rulers and tracks';
  const before = laidOut(doc.sheets.slice(0, split));
  mark(drawingsTitle, drawings.length > 0 ? drawingPageCount(fonts, drawings, doc.meta) : 0);
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
      for (const page of before) pages.push(framedPage(fonts, doc.meta, frame, lowInk, page, next(), total));
      if (drawings.length > 0) pages.push(...layoutDrawings(fonts, drawings, doc.meta, drawingsTitle, next(), total));
      for (const page of after) pages.push(framedPage(fonts, doc.meta, frame, lowInk, page, next(), total));
      for (const sheet of tokenSheets) pages.push(...layoutTokenSheet(fonts, sheet, doc.meta, next(), total));
      for (const deck of decks) pages.push(...layoutDeck(fonts, deck, doc.meta, next(), total));
      return pages;
    },
  };
}

/**
 * A sheet's page with its header and footer. A function of the module, not a closure made for
 * each document: V8 keeps a closure's optimised code only while some instance of it lives, so
 * under a small heap each full collection threw this one's away and it was compiled again
 * every few packets (issue 30).
 */
function framedPage(fonts: FontStore, meta: DocumentMeta, frame: Frame, lowInk: boolean, page: ContentPage, number: number, total: number): PlacedPage {
  return {
    width: round(frame.width),
    height: round(frame.height),
    items: translate([...pageHeader(fonts, page.sheetTitle, meta, frame), ...(lowInk ? page.items.map(lowInkBlockItem) : page.items), ...pageFooter(fonts, meta, frame, number, total, page.items)], 0, 0),
  };
}

/** A document's pages, numbered on their own (or from `numbering`), with fonts for every script in it. */
export function layoutDocument(fonts: FontStore, doc: DocumentNode, numbering?: PageNumbering): PlacedDocument {
  const plan = planDocument(fonts, doc);
  const pages = plan.pages(numbering ?? { first: 1, total: plan.pageCount });
  // names in other scripts: each run in the font that has it, and what no font has
  const fonted = withFallbackFonts(fonts, pages);
  return { meta: doc.meta, pages: fonted.pages, missingGlyphs: fonted.missingGlyphs, wantingGlyphs: fonted.wantingGlyphs };
}

/** A block's title bar in low ink: a light tint outlined in the bar's colour, with dark type. */
function lowInkBlockItem(item: Item): Item {
  if (item.kind === 'rect' && item.fill === COLORS.titleBar) return { ...item, fill: areaFill(COLORS.titleBar, 'low', 'header'), stroke: COLORS.titleBar, lineWidth: 0.5 };
  if (item.kind === 'text' && item.color === COLORS.titleText) return { ...item, color: COLORS.ink };
  if (item.kind === 'text' && item.color === COLORS.titleSection) return { ...item, color: COLORS.muted };
  return item;
}
