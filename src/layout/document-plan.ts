import type { DeckNode, DocumentMeta, DocumentNode, DrawingNode } from '../doc/model.js';
import type { FontStore } from './fonts.js';
import { placeLine } from './blocks.js';
import { foldGrid } from './card-grids.js';
import { deckPageCount, layoutDeck } from './card-sheets.js';
import { drawingPageCount, layoutDrawings, stackedDrawings } from './drawings.js';
import { withFallbackFonts } from './fallback.js';
import { pageFooter, pageFrame, pageHeader, type Frame } from './page-frame.js';
import { round, translate, type Item, type PlacedDocument, type PlacedPage } from './primitives.js';
import { groupSheets, joinSheet, sheetHeading, type ContentPage, type SheetGroup } from './sheet-columns.js';
import { areaFill, COLORS, MM, PAGE, printChoice, TYPE } from './style.js';
import { wrapRuns } from './wrap.js';
import { layoutTokenSheet, tokenPageCount } from './tokens.js';

/** Which page a document's first page is in the whole print, and how many pages the whole has. */
export interface PageNumbering {
  first: number;
  total: number;
  /** page 1's word on two-sided printing (twoSidedNote), where this document holds page 1 */
  note?: string;
}

/** Where each titled part of a document begins: its sheets, drawings, token sheets and decks. */
export interface OutlineEntry {
  title: string;
  /** 0-based, in the document's own pages */
  page: number;
}

/** Pages printed two-sided, the backs behind their fronts: from and to, 1-based in the whole print. */
export interface TwoSidedRange {
  from: number;
  to: number;
  flip: 'long' | 'short';
}

/**
 * A document measured and split into pages, not yet numbered: a booklet needs every part's
 * page count before any footer can say "page 12 of 26", and measuring twice would cost a
 * second layout of every table. Its count depends on where it starts: a sheet of fronts must
 * fall on an odd page, so that a printer's two-sided pass puts each back behind its own front,
 * and a page for notes goes before it where it would not.
 */
export interface DocumentPlan {
  pageCount(first: number): number;
  outline(first: number): OutlineEntry[];
  twoSided(first: number): TwoSidedRange[];
  pages(numbering: PageNumbering): PlacedPage[];
}

/** One run of pages of a document: a sheet, the drawings, a token sheet or a deck. */
interface Segment {
  title: string;
  count: number;
  /** fronts and backs in turn, to print two-sided; the edge to flip on */
  flip?: 'long' | 'short';
  /** framed pages (a header and footer) take page 1's note under the header; a card sheet in its margin slug */
  framed: boolean;
  /** the titled parts it holds, each from its page (sheets sharing pages); the segment's title from its first page where left out */
  titles?: readonly { title: string; page: number }[];
  render(first: number, total: number, note: string | undefined): PlacedPage[];
}

/** The title of the page muster adds so that a sheet of fronts starts on an odd page. */
export const NOTES_PAGE_TITLE = 'Notes';

/** Places every sheet's blocks in columns; the pages are framed with header and footer when numbered. */
export function planDocument(fonts: FontStore, doc: DocumentNode): DocumentPlan {
  const frame = pageFrame(fonts, doc.meta);
  const split = doc.drawingsAfterSheet ?? doc.sheets.length;
  const lowInk = printChoice(doc.meta).ink === 'low';
  const sheetSegments = (groups: readonly SheetGroup[]): Segment[] =>
    groups.map((group) => {
      const laid = group.pages;
      return {
        title: group.sheets[0]!.title,
        count: laid.length,
        framed: true,
        titles: group.sheets.map((sheet, i) => ({ title: sheet.title, page: group.starts[i]! })),
        render: (first, total, note) => laid.map((page, i) => framedPage(fonts, doc.meta, frame, lowInk, page, first + i, total, i === 0 ? note : undefined)),
      };
    });
  const drawingsTitle = doc.drawingsTitle ?? 'Templates, rulers and tracks';
  const before = groupSheets(fonts, doc.sheets.slice(0, split), frame);
  let after = doc.sheets.slice(split);
  // drawings that may share a page (a booklet's ladder chart under its contents) go under the
  // sheets before them, with their heading, where they fit whole; else on pages of their own
  let drawings = doc.drawings ?? [];
  if (doc.drawingsShare && drawings.length > 0 && before.length > 0) {
    const shared = drawingsUnder(fonts, before[before.length - 1]!, drawings, doc.drawingsTitle, doc.meta, frame);
    if (shared) {
      before[before.length - 1] = shared;
      drawings = [];
    }
  }
  // the drawings float: a sheet after them that fits whole in the room left under the last
  // sheet before them goes there (a packet's list of terrain under its briefing), the map after
  // it; the roll log, read after the game is set up, stays at the back
  while (drawings.length > 0 && before.length > 0 && after.length > 0 && after[0]!.role !== 'rolls') {
    const joined = joinSheet(fonts, before[before.length - 1]!, after[0]!, frame);
    if (!joined) break;
    before[before.length - 1] = joined;
    after = after.slice(1);
  }
  const segments: Segment[] = [...sheetSegments(before)];
  if (drawings.length > 0) {
    segments.push({
      title: drawingsTitle,
      count: drawingPageCount(fonts, drawings, doc.meta),
      framed: true,
      render: (first, total, note) => layoutDrawings(fonts, drawings, doc.meta, drawingsTitle, first, total, note),
    });
  }
  segments.push(...sheetSegments(groupSheets(fonts, after, frame)));
  for (const sheet of doc.tokenSheets ?? []) {
    const twoSided = printChoice(doc.meta, sheet.print).backs;
    segments.push({
      title: sheet.title,
      count: tokenPageCount(fonts, sheet, doc.meta),
      ...(twoSided ? { flip: sheet.print.duplex } : {}),
      framed: true,
      render: (first, total, note) => layoutTokenSheet(fonts, sheet, doc.meta, first, total, note),
    });
  }
  for (const deck of doc.decks ?? []) {
    const flip = deckFlip(deck, doc.meta);
    segments.push({
      title: deck.title,
      count: deckPageCount(deck, doc.meta),
      ...(flip ? { flip } : {}),
      framed: false,
      render: (first, total, note) => layoutDeck(fonts, deck, doc.meta, first, total, note),
    });
  }
  const notesPage = (first: number, total: number, note: string | undefined): PlacedPage[] => [framedPage(fonts, doc.meta, frame, lowInk, notesContent(fonts, frame), first, total, note)];
  const placed = (first: number) => placeSegments(segments, first, notesPage);

  return {
    pageCount: (first) => placed(first).reduce((n, s) => n + s.segment.count, 0),
    outline(first) {
      const outline: OutlineEntry[] = [];
      for (const { segment, at } of placed(first)) {
        if (segment.count === 0) continue;
        for (const part of segment.titles ?? [{ title: segment.title, page: 0 }]) {
          if (outline[outline.length - 1]?.title !== part.title) outline.push({ title: part.title, page: at - first + part.page });
        }
      }
      return outline;
    },
    twoSided(first) {
      const ranges: TwoSidedRange[] = [];
      for (const { segment, at } of placed(first)) {
        if (!segment.flip || segment.count === 0) continue;
        const last = ranges[ranges.length - 1];
        if (last && last.to + 1 === at && last.flip === segment.flip) last.to = at + segment.count - 1;
        else ranges.push({ from: at, to: at + segment.count - 1, flip: segment.flip });
      }
      return ranges;
    },
    pages({ first, total, note }) {
      const pages: PlacedPage[] = [];
      for (const { segment, at } of placed(first)) {
        // page 1 of the whole print says which pages go through the printer twice
        const onFirst = at === 1 && pages.length === 0 ? note : undefined;
        pages.push(...segment.render(at, total, onFirst));
      }
      return pages;
    },
  };
}

/** The group with the drawings under its last page's content, their heading above them; undefined where they do not fit there. */
function drawingsUnder(fonts: FontStore, group: SheetGroup, drawings: readonly DrawingNode[], title: string | undefined, meta: DocumentMeta, frame: Frame): SheetGroup | undefined {
  const width = frame.width - 2 * frame.left;
  const stack = stackedDrawings(fonts, drawings, meta, width);
  if (!stack) return undefined;
  const heading = title ? sheetHeading(fonts, title, width) : { height: 0, items: [] };
  const top = group.end + PAGE.blockGap;
  if (top + heading.height + stack.height > frame.bottom) return undefined;
  const last = group.pages[group.pages.length - 1]!;
  const items = [...last.items, ...translate(heading.items, frame.left, top), ...translate(stack.items, frame.left, top + heading.height)];
  return { ...group, pages: [...group.pages.slice(0, -1), { ...last, items }], end: top + heading.height + stack.height };
}

/** The segments in order from page `first`, a notes page before each sheet of fronts that would fall on an even page. */
function placeSegments(segments: readonly Segment[], first: number, notesPage: Segment['render']): { segment: Segment; at: number }[] {
  const placed: { segment: Segment; at: number }[] = [];
  let at = first;
  for (const segment of segments) {
    if (segment.flip && segment.count > 0 && at % 2 === 0) {
      placed.push({ segment: { title: NOTES_PAGE_TITLE, count: 1, framed: true, render: notesPage }, at });
      at += 1;
    }
    placed.push({ segment, at });
    at += segment.count;
  }
  return placed;
}

/** The edge a deck's two-sided pages flip on, or undefined where it prints no backs behind its fronts (no backs, fold-over pairs, a print shop's files). */
function deckFlip(deck: DeckNode, meta: DocumentMeta): 'long' | 'short' | undefined {
  const choice = printChoice(meta, deck.print);
  if (!choice.backs || deck.print.shop || deck.print.fold) return undefined;
  if (foldGrid(meta.paper, deck.print, deck.cards.length)) return undefined;
  return deck.print.duplex;
}

/**
 * What page 1 says of two-sided printing: the pages to print two-sided and the edge to flip
 * on; undefined where nothing has backs. On the short edge the backs are already printed
 * turned, so a player only picks the printer's setting the note names.
 */
export function twoSidedNote(ranges: readonly TwoSidedRange[], total: number): string | undefined {
  if (ranges.length === 0) return undefined;
  const all = ranges.length === 1 && ranges[0]!.from === 1 && ranges[0]!.to === total;
  if (all) return `Print every page two-sided, flipping on the ${ranges[0]!.flip} edge.`;
  const flips = [...new Set(ranges.map((r) => r.flip))];
  const parts = flips.map((flip) => {
    const these = ranges.filter((r) => r.flip === flip);
    const spans = these.map((r) => (r.from === r.to ? String(r.from) : `${r.from}-${r.to}`));
    const listed = spans.length === 1 ? spans[0]! : `${spans.slice(0, -1).join(', ')} and ${spans[spans.length - 1]!}`;
    const word = these.length === 1 && these[0]!.from === these[0]!.to ? 'page' : 'pages';
    return `${word} ${listed} two-sided, flipping on the ${flip} edge`;
  });
  return `Print ${parts.join('; ')}; print the rest one-sided.`;
}

/** The notes page's content: what it is for, and ruled lines to write on. */
function notesContent(fonts: FontStore, frame: Frame): ContentPage {
  const style = { face: 'italic' as const, size: TYPE.footer, color: COLORS.muted };
  const lines = wrapRuns(fonts, [{ text: 'Left for your notes, so that each sheet of fronts prints on an odd page and its backs land behind it.' }], style, frame.width - 2 * frame.left);
  const items: Item[] = lines.flatMap((line, i) => placeLine(fonts, line, frame.left, frame.top + i * line.height, style));
  const step = 8 * MM;
  for (let y = frame.top + (lines.length - 1) * style.size * TYPE.leading + 12 * MM; y <= frame.bottom - 4 * MM; y += step) {
    items.push({ kind: 'line', x1: frame.left, y1: round(y), x2: round(frame.width - frame.left), y2: round(y), color: COLORS.rule, lineWidth: 0.4 });
  }
  return { sheetTitle: NOTES_PAGE_TITLE, items };
}

/**
 * A sheet's page with its header and footer. A function of the module, not a closure made for
 * each document: V8 keeps a closure's optimised code only while some instance of it lives, so
 * under a small heap each full collection threw this one's away and it was compiled again
 * every few packets (issue 30).
 */
function framedPage(fonts: FontStore, meta: DocumentMeta, frame: Frame, lowInk: boolean, page: ContentPage, number: number, total: number, note: string | undefined): PlacedPage {
  return {
    width: round(frame.width),
    height: round(frame.height),
    items: translate([...pageHeader(fonts, page.sheetTitle, meta, frame, note), ...(lowInk ? page.items.map(lowInkBlockItem) : page.items), ...pageFooter(fonts, meta, frame, number, total, page.items)], 0, 0),
  };
}

/** A document's pages, numbered on their own (or from `numbering`), with fonts for every script in it. */
export function layoutDocument(fonts: FontStore, doc: DocumentNode, numbering?: PageNumbering): PlacedDocument {
  const plan = planDocument(fonts, doc);
  const first = numbering?.first ?? 1;
  const total = numbering?.total ?? plan.pageCount(1);
  const pages = plan.pages(numbering ?? { first, total, note: twoSidedNote(plan.twoSided(1), total) });
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
