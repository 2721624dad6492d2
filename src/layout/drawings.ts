import type { DocumentMeta, DrawingNode, Shape } from '../doc/model.js';
import { textWidth } from './fonts.js';
import { pageFrame, pageFooter, pageHeader } from './pages.js';
import { round, type Item, type PlacedPage } from './primitives.js';
import { areaFill, COLORS, inkOn, MM, printChoice, type Ink } from './style.js';

const GAP = 5 * MM;
const TITLE = 11;
/** Pieces of a drawing larger than the paper overlap by this much, to line up and tape. */
export const OVERLAP = 10 * MM;

/** A drawing's shapes as items, scaled from millimetres, its top-left corner at (x, y). */
export function drawShapes(shapes: readonly Shape[], x: number, y: number, ink: Ink = 'normal'): Item[] {
  return (ink === 'low' ? shapes.map(lowInkShape) : shapes).map((shape): Item => {
    switch (shape.kind) {
      case 'circle':
        return { kind: 'circle', cx: round(x + shape.cx * MM), cy: round(y + shape.cy * MM), r: round(shape.r * MM), fill: shape.fill, stroke: shape.stroke, lineWidth: shape.width, dash: shape.dash };
      case 'rect':
        return { kind: 'rect', x: round(x + shape.x * MM), y: round(y + shape.y * MM), w: round(shape.w * MM), h: round(shape.h * MM), fill: shape.fill, stroke: shape.stroke, lineWidth: shape.width };
      case 'line':
        return { kind: 'line', x1: round(x + shape.x1 * MM), y1: round(y + shape.y1 * MM), x2: round(x + shape.x2 * MM), y2: round(y + shape.y2 * MM), color: shape.color ?? COLORS.ink, lineWidth: shape.width ?? 0.5 };
      case 'icon':
        return { kind: 'icon', name: shape.name, x: round(x + shape.x * MM), y: round(y + shape.y * MM), size: round(shape.size * MM), color: shape.color ?? COLORS.ink };
      case 'text': {
        const face = shape.bold ? 'bold' : 'regular';
        const width = textWidth(shape.text, face, shape.size);
        const left = shape.align === 'center' ? shape.x * MM - width / 2 : shape.align === 'right' ? shape.x * MM - width : shape.x * MM;
        // y is the middle of the text line, so labels centre on marks
        return { kind: 'text', x: round(x + left), y: round(y + shape.y * MM - shape.size * 0.6), text: shape.text, face, size: shape.size, color: shape.color ?? COLORS.ink };
      }
    }
  });
}

/**
 * A shape in low ink: a filled area (a zone, a template) becomes a light tint of its colour
 * outlined in the colour itself; light type and icons set on it turn dark.
 */
function lowInkShape(shape: Shape): Shape {
  switch (shape.kind) {
    case 'circle':
    case 'rect': {
      if (shape.fill === undefined || shape.fill.toLowerCase() === '#ffffff') return shape;
      return { ...shape, fill: areaFill(shape.fill, 'low', 'zone'), ...(shape.stroke === undefined ? { stroke: shape.fill, width: 0.5 } : {}) };
    }
    case 'text':
    case 'icon':
      return shape.color === undefined ? shape : { ...shape, color: inkOn(shape.color, 'low') };
    default:
      return shape;
  }
}

interface Placed {
  items: Item[];
}

/**
 * Packs drawings onto pages in rows, in order; a drawing too big for a page is split into
 * overlapping pieces, each with alignment marks and its place in the whole.
 */
export function layoutDrawings(drawings: readonly DrawingNode[], meta: DocumentMeta, title: string, firstPage: number, totalPages: number): PlacedPage[] {
  const frame = pageFrame(meta.paper);
  const { ink } = printChoice(meta);
  const contentW = frame.width - 2 * frame.left;
  const contentH = frame.bottom - frame.top;
  const pages: Placed[] = [];
  let current: Item[] = [];
  let x = frame.left;
  let y = frame.top;
  let shelf = 0;
  const flush = () => {
    if (current.length > 0) pages.push({ items: current });
    current = [];
    x = frame.left;
    y = frame.top;
    shelf = 0;
  };

  for (const drawing of drawings) {
    const w = drawing.width * MM;
    const h = drawing.height * MM + TITLE;
    if (w > contentW || h > contentH) {
      flush();
      for (const piece of tile(drawing, frame.left, frame.top, contentW, contentH, frame.width, frame.height, ink)) pages.push(piece);
      continue;
    }
    if (x + w > frame.left + contentW + 0.01) {
      x = frame.left;
      y += shelf + GAP;
      shelf = 0;
    }
    if (y + h > frame.bottom + 0.01) flush();
    current.push(titleItem(drawing.title, x, y));
    current.push(...drawShapes(drawing.shapes, x, y + TITLE, ink));
    x += w + GAP;
    shelf = Math.max(shelf, h);
  }
  flush();
  return pages.map((page, i) => ({
    width: round(frame.width),
    height: round(frame.height),
    items: [...page.items, ...pageHeader(title, meta, frame), ...pageFooter(meta, frame, firstPage + i, totalPages)],
  }));
}

export function drawingPageCount(drawings: readonly DrawingNode[], meta: DocumentMeta): number {
  return layoutDrawings(drawings, meta, '', 1, 1).length;
}

function titleItem(text: string, x: number, y: number): Item {
  return { kind: 'text', x: round(x), y: round(y), text, face: 'bold', size: 8, color: COLORS.ink };
}

/** The pieces of a drawing larger than the page: windows that overlap, masked to the frame. */
function tile(drawing: DrawingNode, left: number, top: number, contentW: number, contentH: number, pageW: number, pageH: number, ink: Ink): Placed[] {
  const windowW = contentW;
  const windowH = contentH - TITLE;
  const w = drawing.width * MM;
  const h = drawing.height * MM;
  const columns = Math.max(1, Math.ceil((w - OVERLAP) / (windowW - OVERLAP)));
  const rows = Math.max(1, Math.ceil((h - OVERLAP) / (windowH - OVERLAP)));
  const pieces: Placed[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const wx = c * (windowW - OVERLAP);
      const wy = r * (windowH - OVERLAP);
      const ox = left - wx;
      const oy = top + TITLE - wy;
      const items: Item[] = drawShapes(drawing.shapes, ox, oy, ink);
      // white masks keep each piece inside its window
      const winTop = top + TITLE;
      items.push(
        { kind: 'rect', x: 0, y: 0, w: round(pageW), h: round(winTop), fill: '#ffffff' },
        { kind: 'rect', x: 0, y: round(winTop + windowH), w: round(pageW), h: round(pageH - winTop - windowH), fill: '#ffffff' },
        { kind: 'rect', x: 0, y: 0, w: round(left), h: round(pageH), fill: '#ffffff' },
        { kind: 'rect', x: round(left + windowW), y: 0, w: round(pageW - left - windowW), h: round(pageH), fill: '#ffffff' },
      );
      const piece = r * columns + c + 1;
      items.push(titleItem(`${drawing.title}: piece ${piece} of ${rows * columns} (row ${r + 1}, column ${c + 1}); overlap the shaded strips and match the crosses`, left, top));
      items.push(...overlapMarks(c, r, columns, rows, left, winTop, windowW, windowH));
      pieces.push({ items });
    }
  }
  return pieces;
}

/** Shaded overlap strips and crosses at their corners, on every edge shared with a neighbour. */
function overlapMarks(c: number, r: number, columns: number, rows: number, left: number, top: number, w: number, h: number): Item[] {
  const items: Item[] = [];
  const shade = '#e6e9e1';
  const cross = (x: number, y: number) => {
    items.push({ kind: 'line', x1: round(x - 6), y1: round(y), x2: round(x + 6), y2: round(y), color: '#000000', lineWidth: 0.5 });
    items.push({ kind: 'line', x1: round(x), y1: round(y - 6), x2: round(x), y2: round(y + 6), color: '#000000', lineWidth: 0.5 });
  };
  if (c < columns - 1) {
    items.push({ kind: 'rect', x: round(left + w - OVERLAP), y: round(top), w: round(OVERLAP), h: round(h), stroke: shade, lineWidth: 0.6 });
    cross(left + w - OVERLAP, top + h / 3);
    cross(left + w - OVERLAP, top + (2 * h) / 3);
  }
  // the left edge of the next piece is the start of this one's strip: the crosses meet
  if (c > 0) {
    cross(left, top + h / 3);
    cross(left, top + (2 * h) / 3);
  }
  if (r < rows - 1) {
    items.push({ kind: 'rect', x: round(left), y: round(top + h - OVERLAP), w: round(w), h: round(OVERLAP), stroke: shade, lineWidth: 0.6 });
    cross(left + w / 3, top + h - OVERLAP);
    cross(left + (2 * w) / 3, top + h - OVERLAP);
  }
  if (r > 0) {
    cross(left + w / 3, top);
    cross(left + (2 * w) / 3, top);
  }
  return items;
}
