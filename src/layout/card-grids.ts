import type { CardPrint, Paper } from '../doc/model.js';
import type { BleedSides } from './card-faces.js';
import { PrintChoiceError } from './errors.js';
import { MM, PAPER_SIZES, PRINT_SAFE } from './style.js';

/**
 * Where the cards of a sheet go: a grid of cut lines on the paper, either each card apart with
 * its own bleed round it and a gutter of twice the bleed to the next (the default), or edge to
 * edge with one cut between two (--layout guillotine); fronts beside their backs to fold; the
 * backs mirrored to meet their fronts when the sheet is printed two-sided.
 */

export interface CardSlot {
  /** cut-line rectangle of the card, in points */
  x: number;
  y: number;
  column: number;
  row: number;
}

export interface CardGrid {
  columns: number;
  rows: number;
  width: number;
  height: number;
  /** the left cut line of each column and the top cut line of each row */
  xs: number[];
  ys: number[];
  /** top-left corner of the grid's cut lines */
  x0: number;
  y0: number;
  /** in points: round every card where they stand apart, round the grid's outside where they abut */
  bleed: number;
  /** each card its own bleed on every side, a gutter between two; false: edge to edge */
  apart: boolean;
  /** x of every line a card is folded on rather than cut (a front beside its back) */
  folds: number[];
  pageWidth: number;
  pageHeight: number;
}

/** Room kept outside the bleed, at the least, when choosing how many cards fit an edge-to-edge sheet. */
const MIN_MARGIN = 4 * MM;
/**
 * The least room between a cut line and the paper's edge where the cards stand apart: a home
 * printer leaves the outer 6 mm blank, and a player cuts by nothing there. The bleed beyond the
 * outer cut lines may run into it: it is cut off.
 */
const TRIM_EDGE = PRINT_SAFE.edge;
/**
 * The bleed a sheet takes, where the bleed was not asked for, when that holds more cards than
 * the asked: nine poker cards on A4 (eight at 3 mm), eight on Letter laid across (six at 3 mm).
 * 2 mm still shows a card's own colour on a cut 2 mm off its line.
 */
export const LEAST_BLEED = 2;
/**
 * Whether a sheet's margins hold its footer slug (the rule set, versions, what the sheet is, its
 * page, how to cut, the footnotes: up to some 330 mm of type, and the scale bar), beyond the
 * bleed: a line along the top and one along the bottom where the paper is wide (A4, Letter);
 * on a narrow paper (A5) two lines each, 12.5 mm from the paper's edge to the bleed.
 */
function slugRoom(pageWidth: number, pageHeight: number, gridHeight: number, bleed: number): boolean {
  if (2 * (pageWidth - 2 * TRIM_EDGE) >= 380 * MM) return true;
  return (pageHeight - gridHeight) / 2 - bleed >= 12.5 * MM;
}

/**
 * Cards edge to edge (--layout guillotine): one cut separates two cards; bleed runs round the
 * outside of the grid. As many columns and rows as fit the paper with room for marks.
 */
export function cardGrid(paper: Paper, print: CardPrint): CardGrid {
  const { width: pageWidth, height: pageHeight } = PAPER_SIZES[paper];
  const width = print.width * MM;
  const height = print.height * MM;
  const bleed = print.bleed * MM;
  const columns = Math.floor((pageWidth - 2 * (bleed + MIN_MARGIN)) / width);
  const rows = Math.floor((pageHeight - 2 * (bleed + MIN_MARGIN)) / height);
  if (columns < 1 || rows < 1) {
    throw new PrintChoiceError(`cards of ${print.width} x ${print.height} mm with ${print.bleed} mm bleed do not fit on ${paper} paper`);
  }
  const x0 = (pageWidth - columns * width) / 2;
  const y0 = (pageHeight - rows * height) / 2;
  return {
    columns,
    rows,
    width,
    height,
    xs: Array.from({ length: columns }, (_, c) => x0 + c * width),
    ys: Array.from({ length: rows }, (_, r) => y0 + r * height),
    x0,
    y0,
    bleed,
    apart: false,
    folds: [],
    pageWidth,
    pageHeight,
  };
}

/** The paper upright, then laid across. */
function ways(paper: Paper): { pageWidth: number; pageHeight: number }[] {
  const { width, height } = PAPER_SIZES[paper];
  return [
    { pageWidth: width, pageHeight: height },
    { pageWidth: height, pageHeight: width },
  ];
}

/** The bleeds a sheet may take, in mm, the most first: the asked, and 2 mm where it was not asked and is more. */
function bleedsToTry(print: CardPrint): number[] {
  return print.keepBleed || print.bleed <= LEAST_BLEED ? [print.bleed] : [print.bleed, LEAST_BLEED];
}

/** How many things `size` long fit in `length`, `gap` between each two, each end's cut TRIM_EDGE from the paper's edge. */
function fitCount(length: number, size: number, gap: number): number {
  return Math.max(0, Math.floor((length - 2 * TRIM_EDGE + gap + 0.001) / (size + gap)));
}

/** Cut lines of `count` things `size` long, `gap` apart, centred in `length`. */
function centred(length: number, count: number, size: number, gap: number): number[] {
  const start = (length - (count * size + (count - 1) * gap)) / 2;
  return Array.from({ length: count }, (_, i) => start + i * (size + gap));
}

/**
 * Cards apart (the default): each card its bleed on every side and a gutter of twice the bleed
 * between two, so a cut off its line by up to the bleed shows the card's own colour, never its
 * neighbour's. The paper upright or across, and the bleed asked or 2 mm, whichever holds the
 * most cards; at the same count the wider bleed, unless only the narrower leaves the sheet's
 * footer its margins (A5), then the paper upright.
 */
export function gutterGrid(paper: Paper, print: CardPrint): CardGrid {
  const width = print.width * MM;
  const height = print.height * MM;
  let best: { count: number; roomy: boolean; columns: number; rows: number; bleed: number; pageWidth: number; pageHeight: number } | undefined;
  for (const mm of bleedsToTry(print)) {
    const gap = 2 * mm * MM;
    for (const way of ways(paper)) {
      const columns = fitCount(way.pageWidth, width, gap);
      const rows = fitCount(way.pageHeight, height, gap);
      // the sheet's footer needs its margins: at the same count, a narrower bleed that leaves them room beats a wider one that does not
      const roomy = slugRoom(way.pageWidth, way.pageHeight, rows * height + (rows - 1) * gap, mm * MM);
      const count = columns * rows;
      if (count > (best?.count ?? 0) || (count === best?.count && roomy && !best.roomy)) best = { count, roomy, columns, rows, bleed: mm * MM, ...way };
    }
  }
  if (!best) throw new PrintChoiceError(`cards of ${print.width} x ${print.height} mm with ${print.bleed} mm bleed do not fit on ${paper} paper`);
  const gap = 2 * best.bleed;
  const xs = centred(best.pageWidth, best.columns, width, gap);
  const ys = centred(best.pageHeight, best.rows, height, gap);
  return { columns: best.columns, rows: best.rows, width, height, xs, ys, x0: xs[0]!, y0: ys[0]!, bleed: best.bleed, apart: true, folds: [], pageWidth: best.pageWidth, pageHeight: best.pageHeight };
}

/** The grid of a deck's sheets of fronts and of backs: cards apart, or edge to edge for a guillotine. */
export function sheetGrid(paper: Paper, print: CardPrint): CardGrid {
  return print.guillotine ? cardGrid(paper, print) : gutterGrid(paper, print);
}

/**
 * A small deck as fold-over pairs: each card's front with its back beside it, sharing the fold
 * line between them. Folded along that line (printed side out), the back lies behind its front
 * and reads upright when the card is turned over sideways, so the back is drawn as it is, not
 * turned. Edge to edge (guillotine), one pair under another; apart, each pair with its bleed
 * round it and a gutter to the next, the paper upright or across. Undefined when the deck has
 * more cards than pairs fit.
 */
export function foldGrid(paper: Paper, print: CardPrint, count: number): CardGrid | undefined {
  if (count < 1) return undefined;
  const width = print.width * MM;
  const height = print.height * MM;
  if (print.guillotine) {
    const { width: pageWidth, height: pageHeight } = PAPER_SIZES[paper];
    const bleed = print.bleed * MM;
    if (2 * width + 2 * (bleed + MIN_MARGIN) > pageWidth) return undefined;
    const rows = Math.floor((pageHeight - 2 * (bleed + MIN_MARGIN)) / height);
    if (count > rows) return undefined;
    const x0 = (pageWidth - 2 * width) / 2;
    const y0 = (pageHeight - count * height) / 2;
    return { columns: 2, rows: count, width, height, xs: [x0, x0 + width], ys: Array.from({ length: count }, (_, r) => y0 + r * height), x0, y0, bleed, apart: false, folds: [x0 + width], pageWidth, pageHeight };
  }
  // the first way that holds the deck and leaves the sheet's footer its margins, else the first that holds it
  let first: CardGrid | undefined;
  for (const mm of bleedsToTry(print)) {
    const gap = 2 * mm * MM;
    for (const way of ways(paper)) {
      const pairs = fitCount(way.pageWidth, 2 * width, gap);
      const fit = fitCount(way.pageHeight, height, gap);
      if (pairs * fit < count) continue;
      // as few pairs across as hold the deck, each column full before the next
      const across = Math.ceil(count / fit);
      const rows = Math.ceil(count / across);
      const cells = centred(way.pageWidth, across, 2 * width, gap);
      const xs = cells.flatMap((x) => [x, x + width]);
      const ys = centred(way.pageHeight, rows, height, gap);
      const grid: CardGrid = { columns: 2 * across, rows, width, height, xs, ys, x0: xs[0]!, y0: ys[0]!, bleed: mm * MM, apart: true, folds: cells.map((x) => x + width), ...way };
      if (slugRoom(way.pageWidth, way.pageHeight, rows * height + (rows - 1) * gap, mm * MM)) return grid;
      first ??= grid;
    }
  }
  return first;
}

/**
 * The fold layout (--layout fold): the fronts on one half of the sheet and their backs on the
 * other, each back where its front lands when the sheet is folded down the middle, printed side
 * out. No two-sided printing, so no printer to line up: fold, then cut each card through both
 * layers. Each card apart from the next by a gutter of twice its bleed, as on sheets; the
 * cards of the middle columns meet at the fold. The sheet lies across (landscape) where that
 * holds more cards: four poker cards on A4 or Letter. Backs are drawn upright: a fold about a
 * vertical line turns nothing upside down.
 */
export function foldSheetGrid(paper: Paper, print: CardPrint): CardGrid {
  const width = print.width * MM;
  const height = print.height * MM;
  let best: { half: number; rows: number; roomy: boolean; bleed: number; pageWidth: number; pageHeight: number } | undefined;
  for (const mm of bleedsToTry(print)) {
    const gap = 2 * mm * MM;
    for (const way of [...ways(paper)].reverse()) {
      // a half's cards reach the fold; only the outer edge keeps its room from the paper's edge
      const half = Math.max(0, Math.floor((way.pageWidth / 2 - TRIM_EDGE + gap + 0.001) / (width + gap)));
      const rows = fitCount(way.pageHeight, height, gap);
      const roomy = slugRoom(way.pageWidth, way.pageHeight, rows * height + (rows - 1) * gap, mm * MM);
      if (half * rows > (best ? best.half * best.rows : 0) || (best && half * rows === best.half * best.rows && roomy && !best.roomy)) best = { half, rows, roomy, bleed: mm * MM, ...way };
    }
  }
  if (!best) {
    throw new PrintChoiceError(`--layout fold: cards of ${print.width} x ${print.height} mm with ${print.bleed} mm bleed do not fit twice across ${paper} paper; leave --layout out`);
  }
  const gap = 2 * best.bleed;
  const fold = best.pageWidth / 2;
  const fronts = Array.from({ length: best.half }, (_, c) => fold - width - (best.half - 1 - c) * (width + gap));
  const backs = Array.from({ length: best.half }, (_, c) => fold + c * (width + gap));
  const xs = [...fronts, ...backs];
  const ys = centred(best.pageHeight, best.rows, height, gap);
  return { columns: 2 * best.half, rows: best.rows, width, height, xs, ys, x0: xs[0]!, y0: ys[0]!, bleed: best.bleed, apart: true, folds: [fold], pageWidth: best.pageWidth, pageHeight: best.pageHeight };
}

/** True for a sheet laid across the paper. */
export function isAcross(grid: { pageWidth: number; pageHeight: number }): boolean {
  return grid.pageWidth > grid.pageHeight;
}

/**
 * The back offset as a shift on the back page, in points. The offset is given as seen on the
 * front (X right, Y down, looking at the front with the sheet held to the light), as `muster
 * calibrate` measures it on an upright sheet; the page turns over, so a long-edge flip reverses
 * X on the back page and a short-edge flip reverses Y. A sheet laid across (`across`) is printed
 * turned a quarter anticlockwise onto the upright paper, as printers lay a landscape page: the
 * printer's error, upright X and Y, is then -Y and X on it, and its long edge runs across it, so
 * a long-edge flip reverses its Y.
 */
export function backShift(print: { duplex: 'long' | 'short'; backOffset: { x: number; y: number } }, across = false): { dx: number; dy: number } {
  const x = (across ? (print.backOffset.y === 0 ? 0 : -print.backOffset.y) : print.backOffset.x) * MM;
  const y = (across ? print.backOffset.x : print.backOffset.y) * MM;
  const reverseX = (print.duplex === 'long') !== across;
  // no -0: a shift of nothing is drawn as it was
  return reverseX ? { dx: x === 0 ? 0 : -x, dy: y } : { dx: x, dy: y === 0 ? 0 : -y };
}

/**
 * Where each card of a page goes. Backs are mirrored so they meet their fronts when printed
 * two-sided: across the columns for a flip on the long edge of an upright sheet, across the rows
 * for the short edge (and the other way round on a sheet laid across); then shifted by the back
 * offset to correct a printer. The grid is centred, so a mirrored column is where the turned
 * sheet puts its front's, gutters and all.
 */
export function cardSlots(grid: CardGrid, count: number, side: 'front' | 'back', print: CardPrint): CardSlot[] {
  const across = isAcross(grid);
  const slots: CardSlot[] = [];
  for (let i = 0; i < count; i++) {
    let column = i % grid.columns;
    let row = Math.floor(i / grid.columns);
    let dx = 0;
    let dy = 0;
    if (side === 'back') {
      if ((print.duplex === 'long') !== across) column = grid.columns - 1 - column;
      else row = grid.rows - 1 - row;
      ({ dx, dy } = backShift(print, across));
    }
    slots.push({ x: grid.xs[column]! + dx, y: grid.ys[row]! + dy, column, row });
  }
  return slots;
}

/** The sides of a card its colour runs past the cut on: all but a fold where cards stand apart; the grid's outside where they abut. */
export function bleedFor(slot: { column: number; row: number }, grid: CardGrid): BleedSides {
  const b = grid.bleed;
  if (grid.apart) {
    const x = grid.xs[slot.column]!;
    const onFold = (at: number) => grid.folds.some((f) => Math.abs(f - at) < 0.01);
    return { left: onFold(x) ? 0 : b, right: onFold(x + grid.width) ? 0 : b, top: b, bottom: b };
  }
  return {
    left: slot.column === 0 ? b : 0,
    right: slot.column === grid.columns - 1 ? b : 0,
    top: slot.row === 0 ? b : 0,
    bottom: slot.row === grid.rows - 1 ? b : 0,
  };
}
