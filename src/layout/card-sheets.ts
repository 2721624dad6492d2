import { HOUSE_MARK, pageNumberText, PAPER_SPECS, READING_FOOTNOTE, READING_FOOTNOTE_SHORT, type CardNode, type CardPrint, type DeckNode, type DocumentMeta } from '../doc/model.js';
import { CardTextFitError, TextFitError } from './errors.js';
import { CARD_TYPE, layoutCardBack as backFace, layoutCardFront as frontFace, type BleedSides } from './card-faces.js';
import { backShift, bleedFor, cardSlots, foldGrid, foldSheetGrid, isAcross, sheetGrid, type CardGrid } from './card-grids.js';
import type { FontStore } from './fonts.js';
import { round, translate, type Item, type PlacedPage } from './primitives.js';
import { showsHouse, showsReading } from './reading-mark.js';
import { COLORS, MM, printChoice, PRINT_SAFE, TYPE, type Ink, type TextStyle } from './style.js';

/**
 * Sheet imposition: cards placed on the paper (card-grids.ts), fronts and backs lined up for
 * duplex printing, with crop marks, fold lines and the sheet's slug.
 */

/** Every deck as pages: a sheet of fronts, then the sheet of their backs; a small deck as fold-over pairs on one page. */
/** `note`: page 1's word on two-sided printing, where the deck's first sheet is page 1. */
export function layoutDeck(fonts: FontStore, deck: DeckNode, meta: DocumentMeta, firstPage: number, totalPages: number, note?: string): PlacedPage[] {
  const pages: PlacedPage[] = [];
  const choice = printChoice(meta, deck.print);
  if (deck.print.shop) return layoutShopCards(fonts, deck, meta, firstPage, totalPages);
  if (deck.print.fold && choice.backs) return layoutFoldSheets(fonts, deck, meta, firstPage, totalPages);
  const fold = choice.backs ? foldGrid(meta.paper, deck.print, deck.cards.length) : undefined;
  if (fold) {
    const items: Item[] = [];
    // the pairs down the first column, then the next
    deck.cards.forEach((card, i) => {
      const pair = Math.floor(i / fold.rows);
      const row = i % fold.rows;
      const front = { x: fold.xs[2 * pair]!, y: fold.ys[row]!, column: 2 * pair, row };
      const back = { x: fold.xs[2 * pair + 1]!, y: front.y, column: 2 * pair + 1, row };
      items.push(...translate(layoutCardFront(fonts, card, meta, deck.print, fold.width, fold.height, bleedFor(front, fold), choice.ink), front.x, front.y));
      items.push(...translate(layoutCardBack(fonts, card, meta, deck.print, fold.width, fold.height, bleedFor(back, fold), choice.ink), back.x, back.y));
    });
    // a fold line runs down as far as its column's pairs
    const folds = fold.folds.map((x, pair): FoldLine => {
      const last = Math.min(fold.rows, deck.cards.length - pair * fold.rows) - 1;
      return last === fold.rows - 1 ? { x } : { x, bottom: fold.ys[last]! + fold.height };
    });
    const sheet = sheetFrame(fold, { dx: 0, dy: 0 }, folds);
    items.push(...sheetMarks(fonts, sheet, deck.print, meta, `${deck.title}, fronts with their backs`, firstPage, totalPages, showsReading(items), undefined, showsHouse(items)));
    return [{ width: round(fold.pageWidth), height: round(fold.pageHeight), items }];
  }
  const grid = sheetGrid(meta.paper, deck.print);
  const perPage = grid.columns * grid.rows;
  const sheets = Math.ceil(deck.cards.length / perPage);
  for (let s = 0; s < sheets; s++) {
    const cards = deck.cards.slice(s * perPage, (s + 1) * perPage);
    for (const side of choice.backs ? (['front', 'back'] as const) : (['front'] as const)) {
      const items: Item[] = [];
      cardSlots(grid, cards.length, side, deck.print).forEach((slot, i) => {
        const card = cards[i]!;
        const sides = bleedFor(slot, grid);
        const drawn = side === 'front' ? layoutCardFront(fonts, card, meta, deck.print, grid.width, grid.height, sides, choice.ink) : layoutCardBack(fonts, card, meta, deck.print, grid.width, grid.height, sides, choice.ink);
        items.push(...translate(drawn, slot.x, slot.y));
      });
      const sheet = sheetFrame(grid, side === 'back' ? backShift(deck.print, isAcross(grid)) : { dx: 0, dy: 0 }, []);
      const page = firstPage + pages.length;
      items.push(...sheetMarks(fonts, sheet, deck.print, meta, `${deck.title}, ${side}s, sheet ${s + 1} of ${sheets}`, page, totalPages, showsReading(items), pages.length === 0 ? note : undefined, showsHouse(items)));
      pages.push({ width: round(grid.pageWidth), height: round(grid.pageHeight), items });
    }
  }
  return pages;
}

/** A card's front, refused as TextFitError where its text does not fit it (fitting). */
function layoutCardFront(fonts: FontStore, card: CardNode, meta: DocumentMeta, print: CardPrint, w: number, h: number, bleed: BleedSides, ink: Ink): Item[] {
  return fitting((cw, ch) => frontFace(fonts, card.front, cw, ch, bleed, ink), w, h, card, meta, print);
}

/** A card's back, refused as its front is. */
function layoutCardBack(fonts: FontStore, card: CardNode, meta: DocumentMeta, print: CardPrint, w: number, h: number, bleed: BleedSides, ink: Ink): Item[] {
  return fitting((cw, ch) => backFace(fonts, card.back, cw, ch, bleed, ink), w, h, card, meta, print);
}

/**
 * A card face whose text the card cannot hold at the smallest readable size stops the run
 * (exit 1, nothing written): the message names the product, the card and the text, and what
 * a player can do. No size of card is the player's to choose, so the text is what gives way,
 * in the house folder that gave it; a print shop's card, which keeps its words farther in,
 * may hold it printed at home instead.
 */
function fitting(lay: (w: number, h: number) => Item[], w: number, h: number, card: CardNode, meta: DocumentMeta, print: CardPrint): Item[] {
  try {
    return lay(w, h);
  } catch (error) {
    if (!(error instanceof CardTextFitError)) throw error;
    const text = error.text.length > 80 ? `${error.text.slice(0, 77).trimEnd()}...` : error.text;
    const shorten = card.house !== undefined ? `shorten it in the house folder "${card.house}" (the file that gives this card)` : "the text is muster's own data: a fault in muster, to report";
    const home = print.shop && fitsAtHome(() => lay(print.width * MM, print.height * MM)) ? ", or print the deck at home (leave out --shop), where a card's text may come nearer its cut" : '';
    const name = card.front.title.split(HOUSE_MARK).join('');
    throw new TextFitError(`${meta.title}: the card "${name}" cannot hold "${text}" at ${CARD_TYPE.min} pt, the smallest type muster prints on a card; ${shorten}${home}`);
  }
}

function fitsAtHome(lay: () => Item[]): boolean {
  try {
    lay();
    return true;
  } catch (error) {
    if (error instanceof CardTextFitError) return false;
    throw error;
  }
}

export function deckPageCount(deck: DeckNode, meta: DocumentMeta): number {
  const choice = printChoice(meta, deck.print);
  if (deck.print.shop) return 2 * deck.cards.length;
  if (deck.print.fold && choice.backs) {
    const grid = foldSheetGrid(meta.paper, deck.print);
    return Math.ceil(deck.cards.length / ((grid.columns / 2) * grid.rows));
  }
  if (choice.backs && foldGrid(meta.paper, deck.print, deck.cards.length)) return 1;
  const grid = sheetGrid(meta.paper, deck.print);
  return (choice.backs ? 2 : 1) * Math.ceil(deck.cards.length / (grid.columns * grid.rows));
}

/** The deck on fold sheets: each page a set of fronts beside their backs, the fold line between. */
function layoutFoldSheets(fonts: FontStore, deck: DeckNode, meta: DocumentMeta, firstPage: number, totalPages: number): PlacedPage[] {
  const grid = foldSheetGrid(meta.paper, deck.print);
  const half = grid.columns / 2;
  const perPage = half * grid.rows;
  const ink = printChoice(meta, deck.print).ink;
  const sheets = Math.ceil(deck.cards.length / perPage);
  const pages: PlacedPage[] = [];
  for (let s = 0; s < sheets; s++) {
    const items: Item[] = [];
    deck.cards.slice(s * perPage, (s + 1) * perPage).forEach((card, i) => {
      const row = Math.floor(i / half);
      const front = { x: grid.xs[i % half]!, y: grid.ys[row]!, column: i % half, row };
      // the back mirrored about the fold: the first column's back is the last column
      const column = grid.columns - 1 - front.column;
      const back = { x: grid.xs[column]!, y: front.y, column, row };
      items.push(...translate(layoutCardFront(fonts, card, meta, deck.print, grid.width, grid.height, bleedFor(front, grid), ink), front.x, front.y));
      items.push(...translate(layoutCardBack(fonts, card, meta, deck.print, grid.width, grid.height, bleedFor(back, grid), ink), back.x, back.y));
    });
    const frame = { ...sheetFrame(grid, { dx: 0, dy: 0 }, grid.folds.map((x) => ({ x }))), foldWhole: true };
    items.push(...sheetMarks(fonts, frame, deck.print, meta, `${deck.title}, fronts with their backs to fold, sheet ${s + 1} of ${sheets}`, firstPage + s, totalPages, showsReading(items), undefined, showsHouse(items)));
    pages.push({ width: round(grid.pageWidth), height: round(grid.pageHeight), items });
  }
  return pages;
}

/**
 * How much farther in than a home sheet's cards a shop's card sets its words: DriveThruCards'
 * preflight wants every word and rule 4 mm inside the cut (a home card keeps PRINT_SAFE.frame,
 * 3 mm), and a back's thin frame, 3.5 mm in at home, either gone or 6 mm in (docs/print-shops.md).
 */
export const SHOP_SAFE = 4 * MM;
const SHOP_FRONT_INSET = SHOP_SAFE - PRINT_SAFE.frame;
export const SHOP_BACK_FRAME = 6 * MM;
const SHOP_BACK_INSET = SHOP_BACK_FRAME - (PRINT_SAFE.frame + 0.5 * MM);

/**
 * A print shop's file (--shop dtc): each card a page of its own, its bleed round it on every
 * side and the page's TrimBox where it is cut, its back before its front as the shop pairs them.
 * Nothing else is on the page: no marks, no slug, which the shop's cut would take off. Each page
 * is named for the image a shop that takes images gets: "front/07", "back/07", numbered through
 * the document (a shop's document holds its decks alone, two pages a card).
 */
function layoutShopCards(fonts: FontStore, deck: DeckNode, meta: DocumentMeta, firstPage: number, totalPages: number): PlacedPage[] {
  const w = deck.print.width * MM;
  const h = deck.print.height * MM;
  const b = deck.print.bleed * MM;
  const { ink } = printChoice(meta, deck.print);
  const digits = String(Math.ceil(totalPages / 2)).length;
  const page = (items: Item[], name: string): PlacedPage => ({ width: round(w + 2 * b), height: round(h + 2 * b), items: translate(items, b, b), trim: { x: round(b), y: round(b), w: round(w), h: round(h) }, name });
  // a face laid out on a card `inset` smaller on every side, its ground and header still running
  // out to the page's edge: everything it sets is `inset` farther from the cut
  const face = (inset: number, lay: (cw: number, ch: number, bleed: { left: number; right: number; top: number; bottom: number }) => Item[]) => {
    const out = b + inset;
    return translate(lay(w - 2 * inset, h - 2 * inset, { left: out, right: out, top: out, bottom: out }), inset, inset);
  };
  return deck.cards.flatMap((card, i) => {
    const number = String(Math.floor((firstPage - 1) / 2) + i + 1).padStart(digits, '0');
    const back = face(SHOP_BACK_INSET, (cw, ch, bleed) => layoutCardBack(fonts, card, meta, deck.print, cw, ch, bleed, ink));
    const front = face(SHOP_FRONT_INSET, (cw, ch, bleed) => layoutCardFront(fonts, card, meta, deck.print, cw, ch, bleed, ink));
    return [page(back, `back/${number}`), page(front, `front/${number}`)];
  });
}

/** A fold line: dashed, not cut; down the whole sheet, or from the top to `bottom` where its column of pairs ends early. */
interface FoldLine {
  x: number;
  bottom?: number;
}

/** The cards of one page as the marks and the margin text see them: the grid's trim after any back shift. */
interface SheetFrame {
  pageWidth: number;
  pageHeight: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
  bleed: number;
  /** x of every vertical cut line, y of every horizontal one */
  cutsX: number[];
  cutsY: number[];
  /** the gutters between two cards that stand apart: from..to across the sheet between two columns, down it between two rows */
  gapsX: [number, number][];
  gapsY: [number, number][];
  /** every fold line (fold-over pairs, a fold sheet) */
  folds: FoldLine[];
  /** the whole sheet folds on its line (--layout fold), not each pair once cut out */
  foldWhole?: boolean;
}

function sheetFrame(grid: CardGrid, shift: { dx: number; dy: number }, folds: FoldLine[]): SheetFrame {
  const left = grid.x0 + shift.dx;
  const top = grid.y0 + shift.dy;
  const onFold = (x: number) => folds.some((f) => Math.abs(f.x - x) < 0.01);
  const frame = { pageWidth: grid.pageWidth, pageHeight: grid.pageHeight, left, top, bleed: grid.bleed, folds };
  if (!grid.apart) {
    const cutsX = Array.from({ length: grid.columns + 1 }, (_, c) => left + c * grid.width).filter((x) => !onFold(x));
    const cutsY = Array.from({ length: grid.rows + 1 }, (_, r) => top + r * grid.height);
    return { ...frame, right: left + grid.columns * grid.width, bottom: top + grid.rows * grid.height, cutsX, cutsY, gapsX: [], gapsY: [] };
  }
  // each card's own two cut lines each way; where two meet (no bleed, or a fold) one line
  const edges = (starts: readonly number[], size: number, d: number) => {
    const lines: number[] = [];
    for (const at of starts.flatMap((s) => [s + d, s + size + d])) if (!lines.some((l) => Math.abs(l - at) < 0.01)) lines.push(at);
    return lines;
  };
  const gaps = (starts: readonly number[], size: number, d: number, skip: (at: number) => boolean) =>
    starts.slice(1).flatMap((next, i): [number, number][] => {
      const end = starts[i]! + size;
      return next - end > 0.01 && !skip(end) ? [[end + d, next + d]] : [];
    });
  return {
    ...frame,
    right: grid.xs[grid.columns - 1]! + grid.width + shift.dx,
    bottom: grid.ys[grid.rows - 1]! + grid.height + shift.dy,
    cutsX: edges(grid.xs, grid.width, shift.dx).filter((x) => !onFold(x)),
    cutsY: edges(grid.ys, grid.height, shift.dy),
    gapsX: gaps(grid.xs, grid.width, shift.dx, onFold),
    gapsY: gaps(grid.ys, grid.height, shift.dy, () => false),
  };
}

type Side = 'top' | 'bottom' | 'left' | 'right';
const SIDES: readonly Side[] = ['top', 'bottom', 'left', 'right'];

/** How far the grid's trim lies from a paper edge. */
function trimDistance(frame: SheetFrame, side: Side): number {
  switch (side) {
    case 'top':
      return frame.top;
    case 'bottom':
      return frame.pageHeight - frame.bottom;
    case 'left':
      return frame.left;
    case 'right':
      return frame.pageWidth - frame.right;
  }
}

/** The print-safe edge with room for half a line's width: a line stops here, not on it. */
const SAFE = PRINT_SAFE.edge + 0.5;

/** Crop marks: the room between the bleed and a crop mark, a mark's length and its shortest. */
const MARK = { gap: 1 * MM, length: 2.5 * MM, shortest: 2 * MM, line: 0.3, halo: 1.5 };
/** How close to the trim a tick inside the bleed comes, its longest and its shortest. */
const TICK = { clear: 0.5 * MM, longest: 4 * MM, shortest: 1 * MM };

/**
 * The marks along one side, as distances from that paper edge: outside the bleed where there
 * is room between it and the print-safe edge; else a tick on the cut line running from the
 * print-safe edge towards the trim, through the bleed (home printers print nothing nearer the
 * edge); else none.
 */
interface SideMarks {
  kind: 'outside' | 'tick' | 'none';
  near: number;
  far: number;
}

function sideMarks(trim: number, bleed: number, ticks = false): SideMarks {
  const start = trim - bleed - MARK.gap;
  if (!ticks && start - SAFE >= MARK.shortest) return { kind: 'outside', near: start, far: Math.max(SAFE, start - MARK.length) };
  const near = trim - TICK.clear;
  // `ticks`: kept within the bleed where it is wide enough for one, the margin beyond left whole to the slug
  const far = Math.max(SAFE, near - TICK.longest, ticks ? Math.min(trim - bleed, near - TICK.shortest) : 0);
  if (near - far >= TICK.shortest) return { kind: 'tick', near, far };
  return { kind: 'none', near: trim, far: trim };
}

/** A line across a side at `at` (x for top and bottom, y for the sides), from `near` to `far` off the paper edge. */
function sideLine(frame: SheetFrame, side: Side, at: number, near: number, far: number): { x1: number; y1: number; x2: number; y2: number } {
  switch (side) {
    case 'top':
      return { x1: at, y1: near, x2: at, y2: far };
    case 'bottom':
      return { x1: at, y1: frame.pageHeight - near, x2: at, y2: frame.pageHeight - far };
    case 'left':
      return { x1: near, y1: at, x2: far, y2: at };
    case 'right':
      return { x1: frame.pageWidth - near, y1: at, x2: frame.pageWidth - far, y2: at };
  }
}

/** Crop marks on every cut line and dashed fold marks; with the marks of each side, for the lanes and the note. */
/** `ticks`: every side's marks short ticks through the bleed, leaving the margins beyond it to the slug. */
function cropMarks(frame: SheetFrame, on: boolean, free = false, ticks = false): { items: Item[]; marks: Record<Side, SideMarks>; between: Between } {
  const none: SideMarks = { kind: 'none', near: 0, far: 0 };
  const marks = Object.fromEntries(SIDES.map((side) => [side, on && !(free && (side === 'top' || side === 'bottom')) ? sideMarks(trimDistance(frame, side), frame.bleed, ticks) : none])) as Record<Side, SideMarks>;
  const items: Item[] = [];
  const halos: Item[] = [];
  const mark = (l: { x1: number; y1: number; x2: number; y2: number }, halo: boolean) => {
    // a tick runs over the bleed's colour: a white edge keeps it seen on any ground
    if (halo) halos.push({ kind: 'line', ...roundLine(l), color: '#ffffff', lineWidth: MARK.halo });
    items.push({ kind: 'line', ...roundLine(l), color: MARK_COLOR, lineWidth: MARK.line });
  };
  for (const side of SIDES) {
    const m = marks[side];
    if (m.kind === 'none') continue;
    for (const at of side === 'top' || side === 'bottom' ? frame.cutsX : frame.cutsY) mark(sideLine(frame, side, at, m.near, m.far), m.kind === 'tick');
  }
  // where a margin has no room for a mark beyond the bleed, the cut lines it would mark get
  // short ticks in the gutters between the cards, on each line as it crosses a gutter
  const between: Between = {
    across: on && tickable(frame.gapsX) && (marks.left.kind !== 'outside' || marks.right.kind !== 'outside'),
    down: on && tickable(frame.gapsY) && (marks.top.kind !== 'outside' || marks.bottom.kind !== 'outside'),
  };
  if (between.across) for (const y of frame.cutsY) for (const [a, b] of frame.gapsX) mark({ x1: a + TICK.clear, y1: y, x2: b - TICK.clear, y2: y }, true);
  if (between.down) for (const x of frame.cutsX) for (const [a, b] of frame.gapsY) mark({ x1: x, y1: a + TICK.clear, x2: x, y2: b - TICK.clear }, true);
  // fold lines: dashed from one side's marks to the other's, through the cards; a column of
  // pairs that ends early, to the end of its last pair's bleed
  for (const fold of frame.folds) {
    const from = marks.top.kind === 'none' ? frame.top - frame.bleed : marks.top.far;
    const to = fold.bottom !== undefined ? fold.bottom + frame.bleed : marks.bottom.kind === 'none' ? frame.bottom + frame.bleed : frame.pageHeight - marks.bottom.far;
    items.push(...dashed(fold.x, Math.max(from, SAFE), Math.min(to, frame.pageHeight - SAFE)));
  }
  return { items: [...halos, ...items], marks, between };
}

/** Whether every gutter of a sheet, one way, is wide enough for a tick on a cut line crossing it. */
function tickable(gaps: readonly [number, number][]): boolean {
  return gaps.length > 0 && gaps.every(([a, b]) => b - a - 2 * TICK.clear >= TICK.shortest);
}

/** Which cut lines have ticks in the gutters: those across the sheet, those down it. */
interface Between {
  across: boolean;
  down: boolean;
}

export const MARK_COLOR = '#000000';
const FOLD = { dash: 2 * MM, gap: 1.2 * MM, color: COLORS.ink, line: 0.5 };

/** A vertical dashed line as short strokes, the first and last whole. */
function dashed(x: number, y1: number, y2: number): Item[] {
  const items: Item[] = [];
  const halos: Item[] = [];
  const length = y2 - y1;
  const count = Math.max(1, Math.round((length + FOLD.gap) / (FOLD.dash + FOLD.gap)));
  const step = (length + FOLD.gap) / count;
  for (let i = 0; i < count; i++) {
    const a = y1 + i * step;
    const dash = { x1: round(x), y1: round(a), x2: round(x), y2: round(a + step - FOLD.gap) };
    // over a card's colour a white edge keeps the dash seen
    halos.push({ kind: 'line', ...dash, color: '#ffffff', lineWidth: MARK.halo });
    items.push({ kind: 'line', ...dash, color: FOLD.color, lineWidth: FOLD.line });
  }
  return [...halos, ...items];
}

function roundLine(l: { x1: number; y1: number; x2: number; y2: number }) {
  return { x1: round(l.x1), y1: round(l.y1), x2: round(l.x2), y2: round(l.y2) };
}

/** The sheet's own type: the footer slug and the scale bar's label. */
const SLUG: TextStyle = { face: 'regular', size: PRINT_SAFE.minType, color: COLORS.muted };
const LINE = SLUG.size * TYPE.leading;
/** Room kept between a lane and a mark, the bleed, another lane's text. */
const CLEAR = { mark: 1.5 * MM, bleed: 0.5 * MM };
/** The shortest piece of margin worth a lane: not the width of a gutter between two cards' marks. */
const MIN_LANE = 10 * MM;

/**
 * A straight run of margin where the slug and the scale bar go: along a side, between `from`
 * and `to` (x for top and bottom, y for the sides), one line deep from `cross` (the top of a
 * line at the top or bottom; its left at a side, where type runs upwards). Never in a card's
 * bleed: the slug stands on the paper outside every card.
 */
interface Lane {
  side: Side;
  from: number;
  to: number;
  cross: number;
  /** how much of it is taken, from its reading start */
  used: number;
}

/** A line lying `d`..`d` + LINE off a side's paper edge, as a lane's cross position. */
function lineCross(frame: SheetFrame, side: Side, d: number): number {
  switch (side) {
    case 'top':
    case 'left':
      return d;
    case 'bottom':
      return frame.pageHeight - d - LINE;
    case 'right':
      return frame.pageWidth - d - LINE;
  }
}

/**
 * The lines a band `d0`..`d1` off a side's paper edge holds, in reading order: one centred in
 * it, or with `deep` as many as it is deep, stacked from the middle. Reading order runs down
 * the page, and to the right on the sides, where type runs upwards.
 */
function bandLines(frame: SheetFrame, side: Side, d0: number, d1: number, deep: boolean): number[] {
  const count = deep ? Math.max(1, Math.floor((d1 - d0 + 0.01) / LINE)) : 1;
  const start = (d0 + d1) / 2 - (count * LINE) / 2;
  const lines = Array.from({ length: count }, (_, i) => lineCross(frame, side, start + i * LINE));
  return lines.sort((a, b) => a - b);
}

/**
 * The lanes of a sheet, best first. A band between the print-safe edge and the marks (or the
 * bleed) deep enough for a line runs the grid's length; a band the marks cross is cut into
 * pieces between them. `deep`, for a slug the first lanes cannot hold: every line a band is
 * deep enough for, and the pieces between the marks beside a long lane too.
 */
function sheetLanes(frame: SheetFrame, marks: Record<Side, SideMarks>, deep: boolean): Lane[] {
  const long: Lane[] = [];
  const pieces: Lane[] = [];
  for (const side of ['bottom', 'top', 'left', 'right'] as const) {
    const across = side === 'top' || side === 'bottom';
    const trim = trimDistance(frame, side);
    const m = marks[side];
    const bandEnd = frame.bleed > 0 ? trim - frame.bleed - CLEAR.bleed : trim - MARK.gap;
    // across the whole sheet at the top and bottom; down a side only beside the cards, clear of those
    const span = across ? [SAFE, frame.pageWidth - SAFE] : [frame.top, frame.bottom];
    const stops = [...(across ? [...frame.cutsX, ...frame.folds.map((f) => f.x)] : frame.cutsY)].sort((a, b) => a - b);
    const between = (d0: number, d1: number): Lane[] => {
      const lanes: Lane[] = [];
      for (const cross of bandLines(frame, side, d0, d1, deep)) {
        const row: Lane[] = [];
        for (let i = 0; i + 1 < stops.length; i++) {
          const from = stops[i]! + CLEAR.mark;
          const to = stops[i + 1]! - CLEAR.mark;
          if (to - from >= MIN_LANE) row.push({ side, from, to, cross, used: 0 });
        }
        // a vertical side reads upwards: its pieces from the bottom
        lanes.push(...(across ? row : row.reverse()));
      }
      return lanes;
    };
    // a lane keeps clear of a mark's far end, a tick's as an outside mark's: a tick's white edge
    // reaches past its end; and never reaches the bleed, where a tick runs
    const beyond = m.kind === 'outside' || m.kind === 'tick' ? Math.min(m.far - MARK.gap / 2, bandEnd) : bandEnd;
    if (beyond - SAFE >= LINE) {
      for (const cross of bandLines(frame, side, SAFE, deep ? beyond : Math.min(beyond, SAFE + LINE + MARK.gap), deep)) long.push({ side, from: span[0]!, to: span[1]!, cross, used: 0 });
      // the marks' own band, between them, where it is deep enough
      const marksFrom = m.far + MARK.gap / 2;
      if (deep && m.kind === 'outside' && bandEnd - marksFrom >= LINE) pieces.push(...between(marksFrom, bandEnd));
    } else if (bandEnd - SAFE >= LINE) {
      pieces.push(...between(SAFE, bandEnd));
    }
  }
  return [...long, ...pieces];
}

/**
 * The footer slug and the scale bar, in the margins clear of the marks and of each other:
 * rule set, version, seed, what the page is, its number and how to cut, as one line broken
 * into lanes where the marks cut a margin into pieces.
 */
function sheetMarks(fonts: FontStore, frame: SheetFrame, print: CardPrint, meta: DocumentMeta, what: string, page: number, pages: number, reading: boolean, printNote?: string, house = false): Item[] {
  const marksOn = print.marks;
  const words = { what, page, pages, reading, printNote, house };
  // a slug the margins' marks leave too little room for: the cuts down are ticked in the gutters
  // between the rows instead, and the top and bottom margins run whole; then every line the
  // margins are deep enough for; then the marks short ticks through the bleed (a narrow paper's
  // cards edge to edge, whose margins have no gutters to take the ticks)
  // (two gutters at least, so that each cut down keeps two marks)
  const freeable = marksOn && tickable(frame.gapsY) && frame.gapsY.length >= 2;
  for (const [free, deep, tickAll] of [
    [false, false, false],
    [true, false, false],
    [false, true, false],
    [true, true, false],
    [false, true, true],
  ] as const) {
    if (free && !freeable) continue;
    if (tickAll && !marksOn) continue;
    const marked = marksAndSlug(fonts, frame, marksOn, meta, words, free, deep, tickAll);
    if (!marked.overflow) return marked.items;
  }
  // what gives the margins room: cards apart rather than edge to edge, a narrower bleed, larger paper
  const advice = print.guillotine ? 'leave out --layout guillotine (cards apart leave the footer its room)' : print.keepBleed && print.bleed > 2 ? `give --bleed 2 or less (not ${print.bleed})` : 'print on larger paper';
  throw new TextFitError(`${meta.title}: the sheet's footer ("${what}", page ${page} of ${pages}) does not fit the margins round the cards on ${PAPER_SPECS[meta.paper].name} paper; ${advice}`);
}

/** The marks and the slug of a sheet; `free`: no marks in the top and bottom margins, the cuts down ticked in the gutters. */
function marksAndSlug(
  fonts: FontStore,
  frame: SheetFrame,
  marksOn: boolean,
  meta: DocumentMeta,
  { what, page, pages, reading, printNote, house }: { what: string; page: number; pages: number; reading: boolean; printNote?: string | undefined; house: boolean },
  free: boolean,
  deep: boolean,
  tickAll: boolean,
): { items: Item[]; overflow: boolean } {
  const { items, marks, between } = cropMarks(frame, marksOn, free, tickAll);
  const lanes = sheetLanes(frame, marks, deep);
  const notes: string[] = printNote ? [printNote] : [];
  if (frame.folds.length > 0) notes.push(frame.foldWhole ? 'fold the sheet along the dashed line, printed side out, then cut each card through both layers' : 'cut out each pair, fold along the dashed line');
  const where = (sides: Side[]) => (sides.length === 4 ? 'on every side' : sides.every((s) => s === 'top' || s === 'bottom') && sides.length === 2 ? 'at the top and bottom' : sides.every((s) => s === 'left' || s === 'right') && sides.length === 2 ? 'at the sides' : `at the ${sides.join(' and ')}`);
  const ticks = SIDES.filter((s) => marks[s].kind === 'tick');
  if (ticks.length > 0) notes.push(`cut marks ${where(ticks)} are short ticks ${frame.bleed > 0 ? 'in the printed edge round the cards' : 'next to the cards'}`);
  if (between.across || between.down) notes.push(`ticks between the cards mark the cuts${between.across && between.down ? '' : between.across ? ' across' : ' down'}`);
  // a side's lines marked in the gutters are not left without marks
  const covered = (s: Side) => (s === 'left' || s === 'right' ? between.across : between.down);
  const none = marksOn ? SIDES.filter((s) => marks[s].kind === 'none' && !covered(s)) : [];
  if (none.length > 0) notes.push(`no room for cut marks ${where(none)}: cut on from the other marks`);
  if (reading) notes.push(READING_FOOTNOTE);
  if (meta.words.houseNote !== undefined && house) notes.push(meta.words.houseNote);
  const footer = meta.words.footer;
  const numbered = pageNumberText(meta.words, what, page, pages);
  const pieces = [...footer.split(' · '), ...numbered.split(' · '), ...notes];

  const placed: Item[] = [];
  const text = (lane: Lane, value: string, face: TextStyle['face']): void => {
    const width = fonts.textWidth(value, face, SLUG.size);
    placed.push(...laneText(lane, value, face, width));
    lane.used += width;
  };
  // the scale bar first, where it stands alone: the top, else the middle of the right side
  const unitsCm = meta.units === 'cm';
  const step = unitsCm ? 10 * MM : 72 / 4;
  const steps = unitsCm ? 5 : 8;
  const label = unitsCm ? '5 cm' : '2 in';
  const barLength = steps * step + 1.5 * MM + fonts.textWidth(label, 'bold', SLUG.size);
  const fits = (lane: Lane) => lane.to - lane.from - lane.used >= barLength;
  const rightLanes = lanes.filter((l) => l.side === 'right' && fits(l));
  const barLane = lanes.find((l) => l.side === 'top' && fits(l) && l.to - l.from >= frame.right - frame.left) ?? rightLanes[Math.floor(rightLanes.length / 2)] ?? [...lanes].reverse().find(fits);
  if (barLane) {
    placed.push(...laneBar(barLane, step, steps));
    barLane.used += steps * step + 1.5 * MM;
    text(barLane, label, 'bold');
    barLane.used += 3 * MM;
  }
  // then the slug, piece by piece, in reading order through the lanes; the bar's lane last
  const order = [...lanes.filter((l) => l !== barLane), ...(barLane ? [barLane] : [])];
  const separator = fonts.textWidth(' · ', 'regular', SLUG.size);
  const pack = (all: readonly string[]) => packSlug(fonts, order, separator, all);
  let packed = pack(pieces);
  // the reading's footnote in its short form where the long one would take the slug into one
  // more lane (down a side, among the cut ticks) or past the last
  if (pieces.includes(READING_FOOTNOTE)) {
    const short = pack(pieces.map((piece) => (piece === READING_FOOTNOTE ? READING_FOOTNOTE_SHORT : piece)));
    if (packed.overflow || short.slug.size < packed.slug.size) packed = short;
  }
  const slug = packed.slug;
  for (const [lane, parts] of slug) text(lane, parts.join(' · '), 'regular');
  return { items: [...items, ...placed], overflow: packed.overflow };
}

/**
 * The pieces of a slug through the lanes in order: each lane's pieces, and whether any ran on
 * past the last lane's end. It and its helpers are functions of the module, not closures made
 * for each page: V8 keeps a closure's optimised code only while some instance of it lives, so
 * under a small heap each full collection threw theirs away and they were compiled again every
 * few packets (issue 30).
 */
function packSlug(fonts: FontStore, order: readonly Lane[], separator: number, all: readonly string[]): { slug: Map<Lane, string[]>; overflow: boolean } {
  const slug = new Map<Lane, string[]>();
  let overflow = false;
  let li = 0;
  for (const piece of all) {
    let rest = piece;
    while (rest && order.length > 0) {
      const lane = order[li]!;
      const last = li === order.length - 1;
      if (slugTextWidth(fonts, rest) <= laneRoom(fonts, slug, lane, separator)) {
        putInLane(slug, lane, rest);
        break;
      }
      // a piece longer than a whole lane is broken between words; a shorter one moves on
      const empty = !last ? order[li + 1]!.to - order[li + 1]!.from - order[li + 1]!.used - laneSlugWidth(fonts, slug, order[li + 1]!) : 0;
      if (slugTextWidth(fonts, rest) > empty) {
        let head = '';
        for (const word of rest.split(' ')) {
          const next = head ? `${head} ${word}` : word;
          if (slugTextWidth(fonts, next) > laneRoom(fonts, slug, lane, separator)) break;
          head = next;
        }
        if (head) {
          putInLane(slug, lane, head);
          rest = rest.slice(head.length + 1);
        }
      }
      if (!rest) break;
      if (last) {
        // nowhere left: the rest runs on in the last lane rather than be lost
        putInLane(slug, lane, rest);
        overflow = true;
        break;
      }
      li++;
    }
  }
  return { slug, overflow };
}

function slugTextWidth(fonts: FontStore, value: string): number {
  return fonts.textWidth(value, 'regular', SLUG.size);
}

/** The width of the slug's pieces a lane holds so far. */
function laneSlugWidth(fonts: FontStore, slug: ReadonlyMap<Lane, readonly string[]>, lane: Lane): number {
  return slug.has(lane) ? slugTextWidth(fonts, slug.get(lane)!.join(' · ')) : 0;
}

/** The room left in a lane, after what is drawn there and the slug's pieces, with a separator before the next. */
function laneRoom(fonts: FontStore, slug: ReadonlyMap<Lane, readonly string[]>, lane: Lane, separator: number): number {
  return lane.to - lane.from - lane.used - laneSlugWidth(fonts, slug, lane) - (slug.has(lane) ? separator : 0);
}

function putInLane(slug: Map<Lane, string[]>, lane: Lane, value: string): void {
  slug.set(lane, [...(slug.get(lane) ?? []), value]);
}

/** A text in a lane at its next free place: across at the top or bottom, upwards at a side. */
function laneText(lane: Lane, value: string, face: TextStyle['face'], width: number): Item[] {
  const across = lane.side === 'top' || lane.side === 'bottom';
  const items: Item[] = [];
  if (across) {
    const x = lane.from + lane.used;
    items.push({ kind: 'text', x: round(x), y: round(lane.cross), text: value, face, size: SLUG.size, color: SLUG.color });
  } else {
    const y = lane.to - lane.used;
    items.push({ kind: 'text', x: round(lane.cross), y: round(y), text: value, face, size: SLUG.size, color: SLUG.color, rotate: -90 });
  }
  return items;
}

/** The scale bar at a lane's next free place, along the lane, as tall as a line of the slug is deep at most. */
function laneBar(lane: Lane, step: number, steps: number): Item[] {
  const across = lane.side === 'top' || lane.side === 'bottom';
  const thick = 4;
  const middle = lane.cross + LINE / 2;
  const items: Item[] = [];
  for (let i = 0; i < steps; i++) {
    const fill = i % 2 === 0 ? COLORS.ink : '#ffffff';
    if (across) items.push({ kind: 'rect', x: round(lane.from + lane.used + i * step), y: round(middle - thick / 2), w: round(step), h: thick, fill, stroke: COLORS.ink, lineWidth: 0.4 });
    else items.push({ kind: 'rect', x: round(middle - thick / 2), y: round(lane.to - lane.used - (i + 1) * step), w: thick, h: round(step), fill, stroke: COLORS.ink, lineWidth: 0.4 });
  }
  return items;
}
