import type { DocumentMeta, TokenFace, TokenSheetNode } from '../doc/model.js';
import { backShift, fitSize } from './cards.js';
import { textWidth } from './fonts.js';
import { pageFrame, pageFooter, pageHeader } from './pages.js';
import { round, translate, type Item, type PlacedPage } from './primitives.js';
import { areaFill, MM, printChoice, type Ink } from './style.js';

const GAP = 4 * MM;
/** Colour round a token's cut line, so a slightly wide cut shows no white. */
const BLEED = 1.5 * MM;

export interface TokenGrid {
  columns: number;
  rows: number;
  cell: number;
  x0: number;
  y0: number;
}

/** Tokens sit in a grid centred across the page, so backs mirror about the page's middle. */
export function tokenGrid(sheet: TokenSheetNode, meta: DocumentMeta): TokenGrid {
  const frame = pageFrame(meta.paper);
  const size = Math.max(sheet.print.round, sheet.print.square) * MM;
  const cell = size + GAP;
  const contentW = frame.width - 2 * frame.left;
  const contentH = frame.bottom - frame.top;
  const columns = Math.max(1, Math.floor((contentW + GAP) / cell));
  const rows = Math.max(1, Math.floor((contentH + GAP) / cell));
  return { columns, rows, cell, x0: (frame.width - (columns * cell - GAP)) / 2, y0: frame.top };
}

/** Centre of the i-th token: backs are mirrored across the columns (long edge) or rows (short). */
export function tokenCentre(grid: TokenGrid, i: number, side: 'front' | 'back', sheet: TokenSheetNode, rowsOnPage: number): { x: number; y: number } {
  let column = i % grid.columns;
  let row = Math.floor(i / grid.columns);
  let dx = 0;
  let dy = 0;
  if (side === 'back') {
    if (sheet.print.duplex === 'long') column = grid.columns - 1 - column;
    else row = rowsOnPage - 1 - row;
    ({ dx, dy } = backShift(sheet.print));
  }
  const half = (grid.cell - GAP) / 2;
  return { x: grid.x0 + column * grid.cell + half + dx, y: grid.y0 + row * grid.cell + half + dy };
}

export function layoutTokenSheet(sheet: TokenSheetNode, meta: DocumentMeta, firstPage: number, totalPages: number): PlacedPage[] {
  if (hasRects(sheet)) return layoutPackedSheet(sheet, meta, firstPage, totalPages);
  const frame = pageFrame(meta.paper);
  const grid = tokenGrid(sheet, meta);
  const perPage = grid.columns * grid.rows;
  const pages: PlacedPage[] = [];
  const sheets = Math.ceil(sheet.tokens.length / perPage);
  const choice = printChoice(meta, sheet.print);
  for (let s = 0; s < sheets; s++) {
    const tokens = sheet.tokens.slice(s * perPage, (s + 1) * perPage);
    // short-edge backs mirror across the full grid height, so fronts and backs share rows
    const rowsOnPage = grid.rows;
    for (const side of choice.backs ? (['front', 'back'] as const) : (['front'] as const)) {
      const items: Item[] = [];
      tokens.forEach((token, i) => {
        const centre = tokenCentre(grid, i, side, sheet, rowsOnPage);
        const face = side === 'front' ? token.front : token.back;
        const size = (face.shape === 'round' ? sheet.print.round : sheet.print.square) * MM;
        items.push(...translate(drawToken(face, size, sheet.print.marks, choice.ink), centre.x, centre.y));
      });
      const page = firstPage + pages.length;
      pages.push({
        width: round(frame.width),
        height: round(frame.height),
        items: [...pageHeader(`${sheet.title}, ${side}s${sheets > 1 ? `, sheet ${s + 1} of ${sheets}` : ''}`, meta, frame), ...items, ...pageFooter(meta, frame, page, totalPages)],
      });
    }
  }
  return pages;
}

export function tokenPageCount(sheet: TokenSheetNode, meta: DocumentMeta): number {
  const sides = printChoice(meta, sheet.print).backs ? 2 : 1;
  if (hasRects(sheet)) return sides * packPieces(sheet, meta).length;
  const grid = tokenGrid(sheet, meta);
  return sides * Math.ceil(sheet.tokens.length / (grid.columns * grid.rows));
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
function packPieces(sheet: TokenSheetNode, meta: DocumentMeta): PackedPiece[][] {
  const frame = pageFrame(meta.paper);
  const width = frame.width - 2 * frame.left;
  // the band keeps clear of the header above and, mirrored, of it below too
  const height = frame.height - 2 * Math.max(frame.top, frame.height - frame.bottom);
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
function layoutPackedSheet(sheet: TokenSheetNode, meta: DocumentMeta, firstPage: number, totalPages: number): PlacedPage[] {
  const frame = pageFrame(meta.paper);
  const packed = packPieces(sheet, meta);
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
        const drawn = face.shape === 'rect' ? drawStrip(face, sheet.print.marks, choice.ink) : drawToken(face, pieceBox(face, sheet).w, sheet.print.marks, choice.ink);
        items.push(...translate(drawn, x, y));
      }
      pages.push({
        width: round(frame.width),
        height: round(frame.height),
        items: [
          ...pageHeader(`${sheet.title}, ${side}s${packed.length > 1 ? `, sheet ${s + 1} of ${packed.length}` : ''}`, meta, frame),
          ...items,
          ...pageFooter(meta, frame, firstPage + pages.length, totalPages),
        ],
      });
    }
  });
  return pages;
}

/** A rect piece centred on the origin, at its true size: colour into the bleed, cut line, icon and label side by side. */
export function drawStrip(face: TokenFace, marks: boolean, inkUse: Ink = 'normal'): Item[] {
  const w = face.size!.width * MM;
  const h = face.size!.height * MM;
  const fill = areaFill(face.colour, inkUse, 'token');
  const items: Item[] = [{ kind: 'rect', x: -w / 2 - BLEED, y: -h / 2 - BLEED, w: w + 2 * BLEED, h: h + 2 * BLEED, fill }];
  if (marks) items.push({ kind: 'rect', x: -w / 2, y: -h / 2, w, h, stroke: '#000000', lineWidth: 0.25 });
  const inset = 1.2 * MM;
  items.push({ kind: 'rect', x: -w / 2 + inset, y: -h / 2 + inset, w: w - 2 * inset, h: h - 2 * inset, stroke: inkUse === 'low' ? face.colour : '#ffffff', lineWidth: 0.5 });
  const ink = isLight(fill) ? '#1b1d1a' : '#ffffff';
  const icon = Math.min(h * 0.6, w * 0.3);
  const left = -w / 2 + inset + 1.5 * MM;
  items.push({ kind: 'icon', name: face.icon, x: left, y: -icon / 2, size: icon, color: ink });
  const room = w - 2 * inset - 3 * MM - icon - 1.5 * MM;
  const text = face.number !== undefined ? `${face.label} ${face.number}` : face.label;
  const size = fitSize(text, 'bold', room, h * 0.42, 4);
  items.push({ kind: 'text', x: left + icon + 1.5 * MM, y: -size * 0.6, text, face: 'bold', size, color: ink });
  return items.map((item) => translate([item], 0, 0)[0]!);
}

/** One token centred on the origin: colour into the bleed, the cut line, icon and label. */
export function drawToken(face: TokenFace, size: number, marks: boolean, inkUse: Ink = 'normal'): Item[] {
  const half = size / 2;
  const items: Item[] = [];
  // low ink: a light tint of the colour, the inner ring in the colour itself
  const fill = areaFill(face.colour, inkUse, 'token');
  const ring = inkUse === 'low' ? face.colour : '#ffffff';
  if (face.shape === 'round') {
    items.push({ kind: 'circle', cx: 0, cy: 0, r: half + BLEED, fill });
    if (marks) items.push({ kind: 'circle', cx: 0, cy: 0, r: half, stroke: '#000000', lineWidth: 0.25 });
    items.push({ kind: 'circle', cx: 0, cy: 0, r: half - 1.2 * MM, stroke: ring, lineWidth: 0.5 });
  } else {
    items.push({ kind: 'rect', x: -half - BLEED, y: -half - BLEED, w: size + 2 * BLEED, h: size + 2 * BLEED, fill });
    if (marks) items.push({ kind: 'rect', x: -half, y: -half, w: size, h: size, stroke: '#000000', lineWidth: 0.25 });
    items.push({ kind: 'rect', x: -half + 1.2 * MM, y: -half + 1.2 * MM, w: size - 2.4 * MM, h: size - 2.4 * MM, stroke: ring, lineWidth: 0.5 });
  }
  const inner = face.shape === 'round' ? size * 0.74 : size * 0.84;
  const light = isLight(fill);
  const ink = light ? '#1b1d1a' : '#ffffff';
  if (face.number !== undefined) {
    const text = String(face.number);
    const numberSize = size * 0.42;
    items.push({ kind: 'text', x: -textWidth(text, 'bold', numberSize) / 2, y: -size * 0.3, text, face: 'bold', size: numberSize, color: ink });
    items.push({ kind: 'icon', name: face.icon, x: -size * 0.3 - size * 0.05, y: -size * 0.22, size: size * 0.2, color: ink });
  } else {
    const icon = size * 0.42;
    items.push({ kind: 'icon', name: face.icon, x: -icon / 2, y: -size * 0.34, size: icon, color: ink });
  }
  const labelSize = fitSize(face.label, 'bold', inner * 0.86, size * 0.2, 4);
  items.push({ kind: 'text', x: -textWidth(face.label, 'bold', labelSize) / 2, y: size * 0.12, text: face.label, face: 'bold', size: labelSize, color: ink });
  return items.map((item) => translate([item], 0, 0)[0]!);
}

function isLight(hex: string): boolean {
  const r = parseInt(hex.slice(1, 3), 16);
  const g = parseInt(hex.slice(3, 5), 16);
  const b = parseInt(hex.slice(5, 7), 16);
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}
