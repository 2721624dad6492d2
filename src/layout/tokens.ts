import type { DocumentMeta, TokenFace, TokenSheetNode } from '../doc/model.js';
import { fitSize } from './cards.js';
import { textWidth } from './fonts.js';
import { pageFrame, pageFooter, pageHeader } from './pages.js';
import { round, translate, type Item, type PlacedPage } from './primitives.js';
import { MM } from './style.js';

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
    dx = sheet.print.backOffset.x * MM;
    dy = sheet.print.backOffset.y * MM;
  }
  const half = (grid.cell - GAP) / 2;
  return { x: grid.x0 + column * grid.cell + half + dx, y: grid.y0 + row * grid.cell + half + dy };
}

export function layoutTokenSheet(sheet: TokenSheetNode, meta: DocumentMeta, firstPage: number, totalPages: number): PlacedPage[] {
  const frame = pageFrame(meta.paper);
  const grid = tokenGrid(sheet, meta);
  const perPage = grid.columns * grid.rows;
  const pages: PlacedPage[] = [];
  const sheets = Math.ceil(sheet.tokens.length / perPage);
  for (let s = 0; s < sheets; s++) {
    const tokens = sheet.tokens.slice(s * perPage, (s + 1) * perPage);
    // short-edge backs mirror across the full grid height, so fronts and backs share rows
    const rowsOnPage = grid.rows;
    for (const side of ['front', 'back'] as const) {
      const items: Item[] = [];
      tokens.forEach((token, i) => {
        const centre = tokenCentre(grid, i, side, sheet, rowsOnPage);
        const face = side === 'front' ? token.front : token.back;
        const size = (face.shape === 'round' ? sheet.print.round : sheet.print.square) * MM;
        items.push(...translate(drawToken(face, size, sheet.print.marks), centre.x, centre.y));
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
  const grid = tokenGrid(sheet, meta);
  return 2 * Math.ceil(sheet.tokens.length / (grid.columns * grid.rows));
}

/** One token centred on the origin: colour into the bleed, the cut line, icon and label. */
export function drawToken(face: TokenFace, size: number, marks: boolean): Item[] {
  const half = size / 2;
  const items: Item[] = [];
  if (face.shape === 'round') {
    items.push({ kind: 'circle', cx: 0, cy: 0, r: half + BLEED, fill: face.colour });
    if (marks) items.push({ kind: 'circle', cx: 0, cy: 0, r: half, stroke: '#000000', lineWidth: 0.25 });
    items.push({ kind: 'circle', cx: 0, cy: 0, r: half - 1.2 * MM, stroke: '#ffffff', lineWidth: 0.5 });
  } else {
    items.push({ kind: 'rect', x: -half - BLEED, y: -half - BLEED, w: size + 2 * BLEED, h: size + 2 * BLEED, fill: face.colour });
    if (marks) items.push({ kind: 'rect', x: -half, y: -half, w: size, h: size, stroke: '#000000', lineWidth: 0.25 });
    items.push({ kind: 'rect', x: -half + 1.2 * MM, y: -half + 1.2 * MM, w: size - 2.4 * MM, h: size - 2.4 * MM, stroke: '#ffffff', lineWidth: 0.5 });
  }
  const inner = face.shape === 'round' ? size * 0.74 : size * 0.84;
  const light = isLight(face.colour);
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
