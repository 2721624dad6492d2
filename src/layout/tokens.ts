import type { DocumentMeta, TokenFace, TokenSheetNode } from '../doc/model.js';
import { fitSize } from './card-faces.js';
import { backShift } from './card-grids.js';
import type { FontStore } from './fonts.js';
import { pageFrame, pageFooter, pageHeader } from './page-frame.js';
import { round, translate, type Item, type PlacedPage } from './primitives.js';
import { areaFill, MM, PAGE, printChoice, TYPE, type Ink } from './style.js';

/** Room between two tokens: their bleeds meet and never overlap. */
const GAP = 3 * MM;
/** Colour round a token's cut line, so a slightly wide cut shows no white. */
const BLEED = 1.5 * MM;
/** Nothing within this of the paper's edge, bleed included. */
const SAFE = 6 * MM;
/** A keyline (a token's ring, a strip's frame) sits this far inside the cut; a token smaller than RING_FROM has none. */
export const KEYLINE_INSET = 3 * MM;
const RING_FROM = 40 * MM;
/** The smallest type on a token. */
export const TOKEN_MIN_TYPE = 6.5;

export interface TokenGrid {
  columns: number;
  rows: number;
  cell: number;
  x0: number;
  y0: number;
  /** distance from one row to the next; less than a cell where rows of round tokens nest */
  pitch: number;
  /** how far every second row sits to the right, and how many tokens it holds */
  shift: number;
  oddColumns: number;
  /** the token's size (the larger of round and square) */
  size: number;
  pageWidth: number;
  pageHeight: number;
}

/**
 * Where cut lines may go: the paper less 6 mm and the bleed at the sides, from under the
 * header rule's note band to the footer. A short-edge flip turns the page top to bottom, so its band is
 * the same distance from top and bottom.
 */
export function tokenBand(fonts: FontStore, meta: DocumentMeta, duplex: 'long' | 'short'): { left: number; right: number; top: number; bottom: number } {
  const frame = pageFrame(fonts, meta);
  const rule = PAGE.marginTop + TYPE.sheetTitle * TYPE.leading + 2;
  // the tokens' bleed starts under the band where page 1 says what to print two-sided (its
  // line under the rule ends 9.4 pt below it): tokens there printed under its words
  let top = rule + 1 + TYPE.footer * TYPE.leading + 1 * MM + BLEED;
  let bottom = frame.bottom;
  if (duplex === 'short') {
    const margin = Math.max(top, frame.height - bottom);
    top = margin;
    bottom = frame.height - margin;
  }
  return { left: SAFE + BLEED, right: frame.width - SAFE - BLEED, top, bottom };
}

/** A round or square token's half width on this sheet, in points. */
function halfOf(sheet: TokenSheetNode, shape: string): number {
  return ((shape === 'round' ? sheet.print.round : sheet.print.square) * MM) / 2;
}

/**
 * Whether two tokens whose centres are (dx, dy) apart stand clear: neither one's bleed reaches
 * into the other's cut.
 */
function clearOf(sheet: TokenSheetNode, a: string, b: string, dx: number, dy: number): boolean {
  const [ha, hb] = [halfOf(sheet, a), halfOf(sheet, b)];
  const toBox = (x: number, y: number, h: number) => Math.hypot(Math.max(Math.abs(x) - h, 0), Math.max(Math.abs(y) - h, 0));
  if (a === 'round' && b === 'round') return Math.hypot(dx, dy) >= ha + hb + BLEED - 0.01;
  if (a !== 'round' && b !== 'round') return Math.abs(dx) >= ha + hb + BLEED - 0.01 || Math.abs(dy) >= ha + hb + BLEED - 0.01;
  const [r, h] = a === 'round' ? [ha, hb] : [hb, ha];
  return toBox(dx, dy, h) >= r + BLEED - 0.01 && toBox(dx, dy, h + BLEED) >= r - 0.01;
}

/**
 * True when rows may nest at this offset between a token and its neighbour in the next row:
 * for every two shapes on the sheet, neither one's bleed reaches into the other's cut.
 */
function nestsAt(sheet: TokenSheetNode, offsets: readonly { dx: number; dy: number }[]): boolean {
  const shapes = new Set(sheet.tokens.flatMap((t) => [t.front.shape, t.back.shape]));
  if (shapes.has('rect')) return false;
  for (const a of shapes) for (const b of shapes) for (const { dx, dy } of offsets) if (!clearOf(sheet, a, b, dx, dy)) return false;
  return true;
}

/**
 * Tokens in rows centred across the page, so backs mirror about the page's middle. Round
 * tokens alone may nest, each second row shifted, where that fits more on a page.
 */
export function tokenGrid(fonts: FontStore, sheet: TokenSheetNode, meta: DocumentMeta): TokenGrid {
  const frame = pageFrame(fonts, meta);
  const band = tokenBand(fonts, meta, sheet.print.duplex);
  const size = Math.max(sheet.print.round, sheet.print.square) * MM;
  const cell = size + GAP;
  const bandW = band.right - band.left;
  const bandH = band.bottom - band.top;
  const columns = Math.max(1, Math.floor((bandW + GAP) / cell));
  const rowsFor = (pitch: number) => (bandH < size ? 1 : 1 + Math.floor((bandH - size) / pitch + 1e-9));
  const count = (rows: number, odd: number) => Math.ceil(rows / 2) * columns + Math.floor(rows / 2) * odd;
  const options = [{ pitch: cell, shift: 0, oddColumns: columns }];
  const slack = bandW - (columns * cell - GAP);
  const shift = Math.min(cell / 2, slack);
  const nested = [];
  if (shift > 0.05 * cell) nested.push({ pitch: Math.sqrt(cell * cell - shift * shift), shift, oddColumns: columns });
  if (columns > 1 && slack < cell / 2) nested.push({ pitch: (cell * Math.sqrt(3)) / 2, shift: cell / 2, oddColumns: columns - 1 });
  // the neighbours in the next row, either side, and the token two rows down
  for (const o of nested) if (nestsAt(sheet, [{ dx: o.shift, dy: o.pitch }, { dx: cell - o.shift, dy: o.pitch }, { dx: 0, dy: 2 * o.pitch }])) options.push(o);
  let best = { ...options[0]!, rows: rowsFor(cell) };
  for (const option of options.slice(1)) {
    const rows = rowsFor(option.pitch);
    if (count(rows, option.oddColumns) > count(best.rows, best.oddColumns)) best = { ...option, rows };
  }
  const used = Math.max(columns * cell - GAP, best.rows > 1 ? best.shift + best.oddColumns * cell - GAP : 0);
  return { columns, rows: best.rows, cell, x0: (frame.width - used) / 2, y0: band.top, pitch: best.pitch, shift: best.shift, oddColumns: best.oddColumns, size, pageWidth: frame.width, pageHeight: frame.height };
}

/** How many tokens a page of the grid holds. */
export function tokensPerPage(grid: TokenGrid): number {
  return Math.ceil(grid.rows / 2) * grid.columns + Math.floor(grid.rows / 2) * grid.oddColumns;
}

/** Centre of the i-th token on its page: a back lies behind its front once the paper turns over (long edge: across; short: top to bottom). */
export function tokenCentre(grid: TokenGrid, i: number, side: 'front' | 'back', sheet: TokenSheetNode, _rowsOnPage?: number): { x: number; y: number } {
  const pair = grid.columns + grid.oddColumns;
  let row = 2 * Math.floor(i / pair);
  let column = i % pair;
  if (column >= grid.columns) {
    row += 1;
    column -= grid.columns;
  }
  const half = grid.size / 2;
  let x = grid.x0 + (row % 2 === 1 ? grid.shift : 0) + column * grid.cell + half;
  let y = grid.y0 + row * grid.pitch + half;
  if (side === 'back') {
    if (sheet.print.duplex === 'long') x = grid.pageWidth - x;
    else y = grid.pageHeight - y;
    const { dx, dy } = backShift(sheet.print);
    x += dx;
    y += dy;
  }
  return { x, y };
}

/** A page's title: the sheet, the side and which sheet, shortened until it fits the header's room. */
function sheetTitle(fonts: FontStore, title: string, side: string, sheet: number, sheets: number, pageWidth: number): string {
  const room = pageWidth / 1.6;
  const forms = [
    `${title}, ${side}s${sheets > 1 ? `, sheet ${sheet} of ${sheets}` : ''}`,
    `${title}, ${side}s${sheets > 1 ? ` ${sheet} of ${sheets}` : ''}`,
    `${title.replace(/\s*\([^)]*\)/g, '')}, ${side}s${sheets > 1 ? ` ${sheet} of ${sheets}` : ''}`,
  ];
  return forms.find((f) => fonts.textWidth(f, 'bold', TYPE.sheetTitle) <= room) ?? forms[forms.length - 1]!;
}

/** `note`: page 1's word on two-sided printing, under the first page's header. */
export function layoutTokenSheet(fonts: FontStore, sheet: TokenSheetNode, meta: DocumentMeta, firstPage: number, totalPages: number, note?: string): PlacedPage[] {
  if (hasRects(sheet)) return layoutPackedSheet(fonts, sheet, meta, firstPage, totalPages, note);
  const frame = pageFrame(fonts, meta);
  const placed = tokenPages(fonts, sheet, meta);
  const pages: PlacedPage[] = [];
  const sheets = placed.length;
  const choice = printChoice(meta, sheet.print);
  let first = 0;
  for (let s = 0; s < sheets; s++) {
    const centres = placed[s]!;
    const tokens = sheet.tokens.slice(first, first + centres.length);
    first += centres.length;
    for (const side of choice.backs ? (['front', 'back'] as const) : (['front'] as const)) {
      const items: Item[] = [];
      tokens.forEach((token, i) => {
        const centre = side === 'front' ? centres[i]! : behind(centres[i]!, sheet, frame);
        const face = side === 'front' ? token.front : token.back;
        const size = (face.shape === 'round' ? sheet.print.round : sheet.print.square) * MM;
        items.push(...translate(drawToken(fonts, face, size, sheet.print.marks, choice.ink), centre.x, centre.y));
      });
      const page = firstPage + pages.length;
      pages.push({
        width: round(frame.width),
        height: round(frame.height),
        items: [...pageHeader(fonts, sheetTitle(fonts, sheet.title, side, s + 1, sheets, frame.width), meta, frame, pages.length === 0 ? note : undefined), ...items, ...pageFooter(fonts, meta, frame, page, totalPages, items)],
      });
    }
  }
  return pages;
}

/** Where a front's back lands once the paper turns over (long edge: across; short: top to bottom), moved by the printer's offset. */
function behind(front: { x: number; y: number }, sheet: TokenSheetNode, frame: { width: number; height: number }): { x: number; y: number } {
  let { x, y } = front;
  if (sheet.print.duplex === 'long') x = frame.width - x;
  else y = frame.height - y;
  const { dx, dy } = backShift(sheet.print);
  return { x: x + dx, y: y + dy };
}

export function tokenPageCount(fonts: FontStore, sheet: TokenSheetNode, meta: DocumentMeta): number {
  const sides = printChoice(meta, sheet.print).backs ? 2 : 1;
  if (hasRects(sheet)) return sides * packPieces(fonts, sheet, meta).length;
  return sides * tokenPages(fonts, sheet, meta).length;
}

/**
 * The centres of a sheet's round and square tokens on each page of fronts, in the sheet's
 * order: the grid (every token in a cell of the larger size), or, where that takes more pages,
 * rows of the tokens at their own sizes nested as close as their bleeds let them (packRows): a
 * set a few tokens over a page then takes one page, not a page and its back for the few.
 * Where the set still takes more pages, and the last would be under a quarter full, the pages
 * share the tokens evenly.
 */
export function tokenPages(fonts: FontStore, sheet: TokenSheetNode, meta: DocumentMeta): { x: number; y: number }[][] {
  const grid = tokenGrid(fonts, sheet, meta);
  const full = tokensPerPage(grid);
  const sheets = Math.ceil(sheet.tokens.length / full);
  const rows = sheets < 2 || sheet.print.round === sheet.print.square ? [] : packRows(fonts, sheet, meta);
  if (rows.length > 0 && rows.length < sheets) return rows;
  // a last page that would hold under a quarter of a page: the pages share the tokens evenly
  const last = sheet.tokens.length - (sheets - 1) * full;
  const perPage = sheets > 1 && last < full / 4 ? Math.ceil(sheet.tokens.length / sheets) : full;
  return Array.from({ length: sheets }, (_, s) => sheet.tokens.slice(s * perPage, (s + 1) * perPage).map((_, i) => tokenCentre(grid, i, 'front', sheet)));
}

/**
 * Round and square tokens at their own sizes, in the sheet's order, in rows across the band,
 * every second row shifted as the grid's rows nest (flush, half a token, or as far as the
 * rows' slack lets a full row shift), each row as close under the rows above as every pair's
 * bleed allows; whichever shift takes fewest pages. Each page's rows are centred across the
 * page, so a back mirrored about its middle lands in the same band.
 */
function packRows(fonts: FontStore, sheet: TokenSheetNode, meta: DocumentMeta): { x: number; y: number }[][] {
  const band = tokenBand(fonts, meta, sheet.print.duplex);
  const cell = Math.max(sheet.print.round, sheet.print.square) * MM + GAP;
  const width = band.right - band.left;
  const columns = Math.max(1, Math.floor((width + GAP) / cell));
  const slack = width - (columns * cell - GAP);
  const shifts = [...new Set([0, cell / 2, Math.min(cell / 2, slack)].map((v) => round(v)))].filter((v) => v >= 0);
  let best: { x: number; y: number }[][] | undefined;
  for (const shift of shifts) {
    const pages = rowsAt(fonts, sheet, meta, shift);
    if (pages.length > 0 && (!best || pages.length < best.length)) best = pages;
  }
  return best ?? [];
}

/** The tokens in rows, every second row of a page `shift` to the right; none where a token does not fit the band. */
function rowsAt(fonts: FontStore, sheet: TokenSheetNode, meta: DocumentMeta, shift: number): { x: number; y: number }[][] {
  const frame = pageFrame(fonts, meta);
  const band = tokenBand(fonts, meta, sheet.print.duplex);
  const width = band.right - band.left;
  const shapeOf = (i: number) => sheet.tokens[i]!.front.shape;
  type Placed = { shape: string; x: number; y: number };
  const pages: Placed[][] = [];
  let page: Placed[] = [];
  let rows = 0;
  let next = 0;
  // the least depth at which a row's centres stand clear of every token above it on the page
  const drop = (row: readonly { shape: string; x: number }[], from: number): number => {
    let y = from;
    for (const a of page) {
      for (const b of row) {
        if (clearOf(sheet, a.shape, b.shape, b.x - a.x, y - a.y)) continue;
        // the first clear depth under `a`, to a hundredth of a point
        let [lo, hi] = [y, a.y + halfOf(sheet, a.shape) + halfOf(sheet, b.shape) + BLEED + GAP];
        while (hi - lo > 0.01) {
          const mid = (lo + hi) / 2;
          if (clearOf(sheet, a.shape, b.shape, b.x - a.x, mid - a.y)) hi = mid;
          else lo = mid;
        }
        y = hi;
      }
    }
    return y;
  };
  while (next < sheet.tokens.length) {
    const row: { shape: string; x: number }[] = [];
    let x = rows % 2 === 1 ? shift : 0;
    for (let i = next; i < sheet.tokens.length; i++) {
      const w = 2 * halfOf(sheet, shapeOf(i));
      if (x + w > width + 0.01) break;
      row.push({ shape: shapeOf(i), x: band.left + x + w / 2 });
      x += w + GAP;
    }
    const half = Math.max(0, ...row.map((t) => halfOf(sheet, t.shape)));
    const y = page.length === 0 ? band.top + half : drop(row, page[page.length - 1]!.y);
    if (row.length > 0 && y + half <= band.bottom + 0.01) {
      page.push(...row.map((t) => ({ ...t, y })));
      next += row.length;
      rows += 1;
      continue;
    }
    // a token too large for an empty page's band: no rows at all
    if (page.length === 0) return [];
    pages.push(page);
    page = [];
    rows = 0;
  }
  if (page.length > 0) pages.push(page);
  return pages.map((placed) => {
    const left = Math.min(...placed.map((p) => p.x - halfOf(sheet, p.shape)));
    const right = Math.max(...placed.map((p) => p.x + halfOf(sheet, p.shape)));
    const dx = (frame.width - (right - left)) / 2 - left;
    return placed.map((p) => ({ x: p.x + dx, y: p.y }));
  });
}

/** A sheet with rect pieces (wire strips) is packed in rows; round and square alone keep the grid. */
function hasRects(sheet: TokenSheetNode): boolean {
  return sheet.tokens.some((t) => t.front.shape === 'rect');
}

/** A piece's width and height in points, as it prints on this sheet. */
function pieceBox(face: TokenFace, sheet: TokenSheetNode): { w: number; h: number } {
  if (face.shape === 'rect') return { w: face.size!.width * MM, h: face.size!.height * MM };
  const side = (face.shape === 'round' ? sheet.print.round : sheet.print.square) * MM;
  return { w: side, h: side };
}

/** A piece's centre on its page, with its box. */
interface PackedPiece {
  index: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Pieces of mixed sizes in rows, in the sheet's order, each into the first row with room for
 * it (so a short strip fills the end of a row of long ones). The rows sit in a band centred on
 * the page, so a back mirrored about the page's middle, as the paper turns over, lands on the
 * same band. Returns the pieces of each page.
 */
function packPieces(fonts: FontStore, sheet: TokenSheetNode, meta: DocumentMeta): PackedPiece[][] {
  const frame = pageFrame(fonts, meta);
  // the band keeps clear of the header above and, mirrored, of it below too
  const band = tokenBand(fonts, meta, 'short');
  const width = band.right - band.left;
  const height = band.bottom - band.top;
  const pages: PackedPiece[][] = [];
  let rows: { y: number; h: number; used: number; pieces: PackedPiece[] }[] = [];
  let bottom = 0;
  const finish = () => {
    if (rows.length === 0) return;
    const used = Math.max(...rows.map((r) => r.used));
    const x0 = (frame.width - used) / 2;
    const y0 = (frame.height - bottom) / 2;
    pages.push(rows.flatMap((r) => r.pieces.map((p) => ({ ...p, x: x0 + p.x, y: y0 + r.y + r.h / 2 }))));
    rows = [];
    bottom = 0;
  };
  sheet.tokens.forEach((token, index) => {
    const { w, h } = pieceBox(token.front, sheet);
    let row = rows.find((r) => h <= r.h + 0.01 && r.used + GAP + w <= width + 0.01);
    if (!row) {
      if (rows.length > 0 && bottom + GAP + h > height + 0.01) finish();
      row = { y: rows.length === 0 ? 0 : bottom + GAP, h, used: -GAP, pieces: [] };
      rows.push(row);
      bottom = row.y + h;
    }
    row.pieces.push({ index, x: row.used + GAP + w / 2, y: 0, w, h });
    row.used += GAP + w;
  });
  finish();
  return pages;
}

/** Pages of packed pieces: each page of fronts, then its backs mirrored for the duplex flip. */
function layoutPackedSheet(fonts: FontStore, sheet: TokenSheetNode, meta: DocumentMeta, firstPage: number, totalPages: number, note: string | undefined): PlacedPage[] {
  const frame = pageFrame(fonts, meta);
  const packed = packPieces(fonts, sheet, meta);
  const pages: PlacedPage[] = [];
  const choice = printChoice(meta, sheet.print);
  packed.forEach((pieces, s) => {
    for (const side of choice.backs ? (['front', 'back'] as const) : (['front'] as const)) {
      const items: Item[] = [];
      for (const piece of pieces) {
        const token = sheet.tokens[piece.index]!;
        const face = side === 'front' ? token.front : token.back;
        let { x, y } = piece;
        if (side === 'back') {
          if (sheet.print.duplex === 'long') x = frame.width - x;
          else y = frame.height - y;
          const { dx, dy } = backShift(sheet.print);
          x += dx;
          y += dy;
        }
        const drawn = face.shape === 'rect' ? drawStrip(fonts, face, sheet.print.marks, choice.ink) : drawToken(fonts, face, pieceBox(face, sheet).w, sheet.print.marks, choice.ink);
        items.push(...translate(drawn, x, y));
      }
      pages.push({
        width: round(frame.width),
        height: round(frame.height),
        items: [
          ...pageHeader(fonts, sheetTitle(fonts, sheet.title, side, s + 1, packed.length, frame.width), meta, frame, pages.length === 0 ? note : undefined),
          ...items,
          ...pageFooter(fonts, meta, frame, firstPage + pages.length, totalPages, items),
        ],
      });
    }
  });
  return pages;
}

/** A rect piece centred on the origin, at its true size: colour into the bleed, cut line, icon and label side by side. */
export function drawStrip(fonts: FontStore, face: TokenFace, marks: boolean, inkUse: Ink = 'normal'): Item[] {
  const w = face.size!.width * MM;
  const h = face.size!.height * MM;
  const fill = areaFill(face.colour, inkUse, 'token');
  const items: Item[] = [{ kind: 'rect', x: -w / 2 - BLEED, y: -h / 2 - BLEED, w: w + 2 * BLEED, h: h + 2 * BLEED, fill }];
  if (marks) items.push({ kind: 'rect', x: -w / 2, y: -h / 2, w, h, stroke: '#000000', lineWidth: 0.25 });
  const inset = KEYLINE_INSET;
  items.push({ kind: 'rect', x: -w / 2 + inset, y: -h / 2 + inset, w: w - 2 * inset, h: h - 2 * inset, stroke: inkUse === 'low' ? face.colour : '#ffffff', lineWidth: 0.5 });
  const ink = isLight(fill) ? '#1b1d1a' : '#ffffff';
  const icon = Math.min(h - 2 * inset - 2 * MM, w * 0.3);
  const left = -w / 2 + inset + 1.5 * MM;
  items.push({ kind: 'icon', name: face.icon, x: left, y: -icon / 2, size: icon, color: ink });
  const room = w - 2 * inset - 3 * MM - icon - 1.5 * MM;
  const text = face.number !== undefined ? `${face.label} ${face.number}` : face.label;
  const size = Math.max(TOKEN_MIN_TYPE, fitSize(fonts, text, 'bold', room, h * 0.42));
  items.push({ kind: 'text', x: left + icon + 1.5 * MM, y: -size * 0.6, text, face: 'bold', size, color: ink });
  return items.map((item) => translate([item], 0, 0)[0]!);
}

/** One token centred on the origin: colour into the bleed, the cut line, icon and label. */
export function drawToken(fonts: FontStore, face: TokenFace, size: number, marks: boolean, inkUse: Ink = 'normal'): Item[] {
  const half = size / 2;
  const items: Item[] = [];
  // low ink: a light tint of the colour, the inner ring in the colour itself
  const fill = areaFill(face.colour, inkUse, 'token');
  const ring = inkUse === 'low' ? face.colour : '#ffffff';
  // a ring 3 mm inside the cut on a large piece; a small token has room for none
  const keyline = size >= RING_FROM;
  if (face.shape === 'round') {
    items.push({ kind: 'circle', cx: 0, cy: 0, r: half + BLEED, fill });
    if (marks) items.push({ kind: 'circle', cx: 0, cy: 0, r: half, stroke: '#000000', lineWidth: 0.25 });
    if (keyline) items.push({ kind: 'circle', cx: 0, cy: 0, r: half - KEYLINE_INSET, stroke: ring, lineWidth: 0.5 });
  } else {
    items.push({ kind: 'rect', x: -half - BLEED, y: -half - BLEED, w: size + 2 * BLEED, h: size + 2 * BLEED, fill });
    if (marks) items.push({ kind: 'rect', x: -half, y: -half, w: size, h: size, stroke: '#000000', lineWidth: 0.25 });
    if (keyline) items.push({ kind: 'rect', x: -half + KEYLINE_INSET, y: -half + KEYLINE_INSET, w: size - 2 * KEYLINE_INSET, h: size - 2 * KEYLINE_INSET, stroke: ring, lineWidth: 0.5 });
  }
  const inner = face.shape === 'round' ? size * 0.74 : size * 0.84;
  const light = isLight(fill);
  const ink = light ? '#1b1d1a' : '#ffffff';
  if (face.number !== undefined) {
    const text = String(face.number);
    const numberSize = size * 0.42;
    items.push({ kind: 'text', x: -fonts.textWidth(text, 'bold', numberSize) / 2, y: -size * 0.3, text, face: 'bold', size: numberSize, color: ink });
    items.push({ kind: 'icon', name: face.icon, x: -size * 0.3 - size * 0.05, y: -size * 0.22, size: size * 0.2, color: ink });
  } else {
    const icon = size * 0.42;
    items.push({ kind: 'icon', name: face.icon, x: -icon / 2, y: -size * 0.34, size: icon, color: ink });
  }
  const lines = labelLines(fonts, face.label, inner * 0.86, size * 0.2);
  const top = lines.texts.length > 1 ? size * 0.08 : size * 0.12;
  lines.texts.forEach((text, i) => {
    items.push({ kind: 'text', x: -fonts.textWidth(text, 'bold', lines.size) / 2, y: top + i * lines.size * 1.1, text, face: 'bold', size: lines.size, color: ink });
  });
  return items.map((item) => translate([item], 0, 0)[0]!);
}

/**
 * A token's label: one line as large as fits up to `max`; where that would be smaller than
 * the smallest type, two lines broken at the most even space; never under TOKEN_MIN_TYPE.
 */
export function labelLines(fonts: FontStore, label: string, width: number, max: number): { texts: string[]; size: number } {
  const one = fitSize(fonts, label, 'bold', width, max);
  if (one >= TOKEN_MIN_TYPE || !label.includes(' ')) return { texts: [label], size: Math.max(TOKEN_MIN_TYPE, Math.min(one, max)) };
  const words = label.split(' ');
  let best: { texts: string[]; size: number } | undefined;
  for (let i = 1; i < words.length; i++) {
    const texts = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const size = Math.min(...texts.map((t) => fitSize(fonts, t, 'bold', width, max * 0.8)));
    if (!best || size > best.size) best = { texts, size };
  }
  return { texts: best!.texts, size: Math.max(TOKEN_MIN_TYPE, best!.size) };
}

function isLight(hex: string): boolean {
  const r = parseInt(hex.slice(1, 3), 16);
  const g = parseInt(hex.slice(3, 5), 16);
  const b = parseInt(hex.slice(5, 7), 16);
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}
