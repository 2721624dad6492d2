import type { DocumentMeta, DrawingNode, Shape } from '../doc/model.js';
import { placeLine } from './blocks.js';
import type { FontStore } from './fonts.js';
import { pageFrame, pageFooter, pageHeader } from './page-frame.js';
import { round, translate, type Item, type PlacedPage } from './primitives.js';
import { areaFill, COLORS, inkOn, MM, printChoice, type Ink, type TextStyle } from './style.js';
import { wrapRuns } from './wrap.js';
import { extended } from '../vocab/extended.js';

/** Room between two drawings on a page. */
const GAP = 4 * MM;
const TITLE_STYLE: TextStyle = { face: 'bold', size: 8, color: COLORS.ink };
/** Room under a drawing's title. */
const TITLE_PAD = 2;
/** Pieces of a drawing larger than the paper overlap by this much, to line up and tape. */
export const OVERLAP = 10 * MM;
/** Half the length of an alignment cross's arm. */
export const CROSS = 6;
/** Colour of a piece's overlap strip outline. */
const STRIP = '#c9cec2';

/** A drawing's shapes as items, scaled from millimetres, its top-left corner at (x, y). */
export function drawShapes(fonts: FontStore, shapes: readonly Shape[], x: number, y: number, ink: Ink = 'normal'): Item[] {
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
      case 'polygon':
        return {
          kind: 'polygon',
          points: shape.points.map(([px, py]) => [round(x + px * MM), round(y + py * MM)] as const),
          fill: shape.fill,
          stroke: shape.stroke,
          lineWidth: shape.width,
          ...(shape.dash ? { dash: round(shape.dash * MM) } : {}),
        };
      case 'polyline':
        return {
          kind: 'polyline',
          points: shape.points.map(([px, py]) => [round(x + px * MM), round(y + py * MM)] as const),
          color: shape.color ?? COLORS.ink,
          lineWidth: shape.width ?? 0.5,
          ...(shape.dash ? { dash: round(shape.dash * MM) } : {}),
        };
      case 'text': {
        const face = shape.bold ? 'bold' : 'regular';
        const width = fonts.textWidth(shape.text, face, shape.size);
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
    case 'polygon':
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

/** Where drawings go on a page: the width between the side margins, from under the header rule to the footer. */
export function drawingArea(fonts: FontStore, meta: DocumentMeta): { left: number; top: number; right: number; bottom: number } {
  const frame = pageFrame(fonts, meta);
  // under the band below the header rule where page 1 says what to print two-sided (a drawing
  // there, a track turned to run down the page, struck its words through); the footer rule is
  // 3 mm under frame.bottom
  return { left: frame.left, top: frame.top - 1.5 * MM, right: frame.width - frame.left, bottom: frame.bottom + 1 * MM };
}

/** A title wrapped to `width`, its lines from (0, 0) down; the height includes the room under it. */
function titleBlock(fonts: FontStore, text: string, width: number): { items: Item[]; width: number; height: number } {
  const lines = wrapRuns(fonts, [{ text }], TITLE_STYLE, width);
  const items: Item[] = [];
  let y = 0;
  for (const line of lines) {
    items.push(...placeLine(fonts, line, 0, y, TITLE_STYLE));
    y += line.height;
  }
  return { items, width: Math.max(0, ...lines.map((l) => l.width)), height: y + TITLE_PAD };
}

/** A thing to place: a drawing (maybe turned a quarter) or a piece of one, its items from its top-left corner. */
interface Box {
  index: number;
  w: number;
  h: number;
  /** a piece of a larger drawing: first on its page, everything round its window masked */
  piece?: { windowX: number; windowY: number; windowW: number; windowH: number; under: number };
  items: Item[];
}

/** A drawing with its title above, unturned. */
function uprightBox(fonts: FontStore, drawing: DrawingNode, index: number, areaW: number, ink: Ink): Box {
  const w = drawing.width * MM;
  const title = titleBlock(fonts, drawing.title, Math.max(w, Math.min(areaW, 70 * MM)));
  return { index, w: Math.max(w, title.width), h: title.height + drawing.height * MM, items: [...title.items, ...drawShapes(fonts, drawing.shapes, 0, title.height, ink)] };
}

/**
 * A drawing turned a quarter anticlockwise, its title along its left side reading upwards: a
 * ruler longer than the page is wide runs whole along the page's length.
 */
function turnedBox(fonts: FontStore, drawing: DrawingNode, index: number, ink: Ink): Box {
  const w = drawing.width * MM;
  const title = titleBlock(fonts, drawing.title, w);
  const upright = [...title.items, ...drawShapes(fonts, drawing.shapes, 0, title.height, ink)];
  return { index, w: title.height + drawing.height * MM, h: w, items: turn(upright, w) };
}

/** Items of a block `length` wide turned a quarter anticlockwise about its top-left corner, then moved to stay at the origin. */
export function turn(items: readonly Item[], length: number): Item[] {
  const at = (x: number, y: number) => ({ x: round(y), y: round(length - x) });
  return items.map((item): Item => {
    switch (item.kind) {
      case 'text': {
        const p = at(item.x, item.y);
        // a text upright until now gains its rotation: not added after a spread (vocab/extended.ts)
        return extended(item, { x: p.x, y: p.y, rotate: (item.rotate ?? 0) - 90 });
      }
      case 'line': {
        const a = at(item.x1, item.y1);
        const b = at(item.x2, item.y2);
        return { ...item, x1: a.x, y1: a.y, x2: b.x, y2: b.y };
      }
      case 'rect': {
        return { ...item, x: round(item.y), y: round(length - item.x - item.w), w: round(item.h), h: round(item.w) };
      }
      case 'circle': {
        const p = at(item.cx, item.cy);
        return { ...item, cx: p.x, cy: p.y };
      }
      case 'icon': {
        // icons stay upright, centred where they were
        const p = at(item.x + item.size / 2, item.y + item.size / 2);
        return { ...item, x: round(p.x - item.size / 2), y: round(p.y - item.size / 2) };
      }
      case 'polygon':
      case 'polyline':
        return { ...item, points: item.points.map(([x, y]) => [round(y), round(length - x)] as const) };
    }
  });
}

/** Text boxes of a drawing's shapes, in points from its top-left corner. */
function textBoxes(fonts: FontStore, drawing: DrawingNode): { x: number; y: number; w: number; h: number }[] {
  return drawShapes(fonts, drawing.shapes, 0, 0)
    .filter((i): i is Extract<Item, { kind: 'text' }> => i.kind === 'text')
    .map((t) => ({ x: t.x, y: t.y, w: fonts.textWidth(t.text, t.face, t.size), h: t.size * 1.2 }));
}

/**
 * Two places along a seam (a line where two pieces meet, at `fixed` across it) for alignment
 * crosses, clear of every text of the drawing; both pieces of the seam find the same two.
 */
function crossSpots(texts: ReturnType<typeof textBoxes>, vertical: boolean, fixed: number, from: number, to: number): number[] {
  const fractions = [1 / 3, 2 / 3, 1 / 4, 3 / 4, 1 / 5, 4 / 5, 1 / 6, 5 / 6, 2 / 5, 3 / 5, 1 / 2];
  const clear = (along: number) =>
    texts.every((t) => {
      const [x, y] = vertical ? [fixed, along] : [along, fixed];
      const pad = CROSS + 1.5;
      return x + pad < t.x || x - pad > t.x + t.w || y + pad < t.y || y - pad > t.y + t.h;
    });
  const spots = fractions.map((f) => from + f * (to - from)).filter(clear).slice(0, 2);
  return (spots.length === 2 ? spots : [from + (to - from) / 3, from + (2 * (to - from)) / 3]).sort((a, b) => a - b);
}

/**
 * The pieces of a drawing larger than the page: windows of equal size that overlap by
 * OVERLAP, as few as fit, each with its place in the whole and crosses to match.
 */
function pieces(fonts: FontStore, drawing: DrawingNode, index: number, areaW: number, areaH: number, ink: Ink): Box[] {
  const w = drawing.width * MM;
  const h = drawing.height * MM;
  const count = (length: number, room: number) => Math.max(1, Math.ceil((length - OVERLAP) / (room - OVERLAP)));
  const size = (length: number, n: number) => (n === 1 ? length : (length + (n - 1) * OVERLAP) / n);
  const longest = (columns: number, rows: number) => `${drawing.title}: piece ${columns * rows} of ${columns * rows} (row ${rows}, column ${columns}); overlap the strips, match the crosses`;
  // the title above each piece takes room from the window: settle the split and the title together
  let titleH = titleBlock(fonts, longest(9, 9), areaW).height + CROSS;
  let columns = count(w, areaW);
  let rows = count(h, areaH - titleH);
  for (let i = 0; i < 3; i++) {
    titleH = titleBlock(fonts, longest(columns, rows), size(w, columns)).height + CROSS;
    rows = count(h, areaH - titleH);
  }
  const windowW = size(w, columns);
  const windowH = size(h, rows);
  const texts = textBoxes(fonts, drawing);
  // a drawing of straight shapes (a ruler) is cut to each window and its pieces go anywhere; one with circles is masked, a piece to a page
  const masked = drawing.shapes.some((shape) => shape.kind === 'circle' || shape.kind === 'polygon' || shape.kind === 'polyline');
  const boxes: Box[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const wx = c * (windowW - OVERLAP);
      const wy = r * (windowH - OVERLAP);
      const n = r * columns + c + 1;
      const title = titleBlock(fonts, `${drawing.title}: piece ${n} of ${rows * columns} (row ${r + 1}, column ${c + 1}); overlap the strips, match the crosses`, windowW);
      const top = titleH;
      const drawn = drawShapes(fonts, drawing.shapes, -wx, top - wy, ink);
      const items: Item[] = masked ? drawn.filter((i) => i.kind !== 'text') : clip(fonts, drawn, 0, top, windowW, top + windowH);
      // a masked piece's texts go over the masks, each on the one piece that holds its middle, moved wholly inside
      const labels: Item[] = [];
      if (masked) {
        const ownRight = c < columns - 1 ? windowW - OVERLAP : windowW;
        const ownBottom = top + (r < rows - 1 ? windowH - OVERLAP : windowH);
        for (const t of drawn) {
          if (t.kind !== 'text') continue;
          const tw = fonts.textWidth(t.text, t.face, t.size);
          const th = t.size * 1.2;
          const mx = t.x + tw / 2;
          const my = t.y + th / 2;
          if (mx < 0 || mx >= ownRight || my < top || my >= ownBottom) continue;
          labels.push({ ...t, x: round(Math.min(Math.max(t.x, 2), windowW - tw - 2)), y: round(Math.min(Math.max(t.y, top + 2), top + windowH - th - 2)) });
        }
      }
      const marks: Item[] = [];
      const cross = (x: number, y: number) => {
        marks.push({ kind: 'line', x1: round(x - CROSS), y1: round(y), x2: round(x + CROSS), y2: round(y), color: '#000000', lineWidth: 0.5 });
        marks.push({ kind: 'line', x1: round(x), y1: round(y - CROSS), x2: round(x), y2: round(y + CROSS), color: '#000000', lineWidth: 0.5 });
      };
      // the strip at a piece's right or bottom edge lies under the next piece's left or top edge: the crosses meet
      if (c < columns - 1) {
        marks.push({ kind: 'rect', x: round(windowW - OVERLAP), y: round(top), w: round(OVERLAP), h: round(windowH), stroke: STRIP, lineWidth: 0.6 });
        for (const y of crossSpots(texts, true, wx + windowW - OVERLAP, wy, wy + windowH)) cross(windowW - OVERLAP, top + y - wy);
      }
      if (c > 0) for (const y of crossSpots(texts, true, wx, wy, wy + windowH)) cross(0, top + y - wy);
      if (r < rows - 1) {
        marks.push({ kind: 'rect', x: 0, y: round(top + windowH - OVERLAP), w: round(windowW), h: round(OVERLAP), stroke: STRIP, lineWidth: 0.6 });
        for (const x of crossSpots(texts, false, wy + windowH - OVERLAP, wx, wx + windowW)) cross(x - wx, top + windowH - OVERLAP);
      }
      if (r > 0) for (const x of crossSpots(texts, false, wy, wx, wx + windowW)) cross(x - wx, top);
      boxes.push({ index, w: windowW, h: top + windowH, ...(masked ? { piece: { windowX: 0, windowY: top, windowW, windowH, under: items.length } } : {}), items: [...items, ...labels, ...title.items, ...marks] });
    }
  }
  return boxes;
}

/** Items cut to a window: rects and lines to their part inside it; texts, icons and circles kept only when wholly inside. */
function clip(fonts: FontStore, items: readonly Item[], x0: number, y0: number, x1: number, y1: number): Item[] {
  const out: Item[] = [];
  const inside = (l: number, t: number, r: number, b: number) => l >= x0 - EPS && r <= x1 + EPS && t >= y0 - EPS && b <= y1 + EPS;
  for (const item of items) {
    switch (item.kind) {
      case 'rect': {
        const l = Math.max(x0, item.x);
        const t = Math.max(y0, item.y);
        const r = Math.min(x1, item.x + item.w);
        const b = Math.min(y1, item.y + item.h);
        if (r - l > EPS && b - t > EPS) out.push({ ...item, x: round(l), y: round(t), w: round(r - l), h: round(b - t) });
        break;
      }
      case 'line': {
        // Liang-Barsky
        const dx = item.x2 - item.x1;
        const dy = item.y2 - item.y1;
        let a = 0;
        let b = 1;
        const edges: [number, number][] = [[-dx, item.x1 - x0], [dx, x1 - item.x1], [-dy, item.y1 - y0], [dy, y1 - item.y1]];
        let visible = true;
        for (const [p, q] of edges) {
          if (Math.abs(p) < 1e-9) {
            if (q < -EPS) visible = false;
          } else if (p < 0) a = Math.max(a, q / p);
          else b = Math.min(b, q / p);
        }
        if (visible && b - a > 1e-6) out.push({ ...item, x1: round(item.x1 + a * dx), y1: round(item.y1 + a * dy), x2: round(item.x1 + b * dx), y2: round(item.y1 + b * dy) });
        break;
      }
      case 'text':
        if (inside(item.x, item.y, item.x + fonts.textWidth(item.text, item.face, item.size), item.y + item.size * 1.2)) out.push(item);
        break;
      case 'icon':
        if (inside(item.x, item.y, item.x + item.size, item.y + item.size)) out.push(item);
        break;
      case 'circle':
        if (inside(item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r)) out.push(item);
        break;
      case 'polygon':
      case 'polyline': {
        // a drawing with these is masked, never clipped; kept whole where it lies wholly inside
        const xs = item.points.map((p) => p[0]);
        const ys = item.points.map((p) => p[1]);
        if (inside(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys))) out.push(item);
        break;
      }
    }
  }
  return out;
}

interface Region {
  left: number;
  right: number;
  top: number;
  bottom: number;
  shelves: { y: number; h: number; x: number }[];
  next: number;
}

interface Page {
  regions: Region[];
  items: Item[];
  /** the first drawing on the page, or the drawing its piece is of: pages keep the drawings' order */
  first: number;
}

function region(left: number, top: number, right: number, bottom: number): Region {
  return { left, right, top, bottom, shelves: [], next: top };
}

const EPS = 0.01;

/** Where a box of w x h goes on a page: on a shelf with room, or on a new shelf; undefined when it does not fit. */
function fit(page: Page, w: number, h: number): { x: number; y: number } | undefined {
  for (const r of page.regions) {
    if (r.left + w > r.right + EPS) continue;
    for (const [i, shelf] of r.shelves.entries()) {
      const last = i === r.shelves.length - 1;
      if (shelf.x + w > r.right + EPS) continue;
      if (h > shelf.h + EPS && !(last && shelf.y + h <= r.bottom + EPS)) continue;
      const at = { x: shelf.x, y: shelf.y };
      shelf.x += w + GAP;
      shelf.h = Math.max(shelf.h, h);
      r.next = Math.max(r.next, shelf.y + shelf.h + GAP);
      return at;
    }
    if (r.next + h <= r.bottom + EPS) {
      const shelf = { y: r.next, h, x: r.left + w + GAP };
      r.shelves.push(shelf);
      r.next = shelf.y + h + GAP;
      return { x: r.left, y: shelf.y };
    }
  }
  return undefined;
}

/** The pieces a drawing is printed in: one where it fits the page upright or turned, else as many as it is split into. */
function pieceCount(fonts: FontStore, drawing: DrawingNode, index: number, areaW: number, areaH: number, ink: Ink): number {
  const upright = uprightBox(fonts, drawing, index, areaW, ink);
  if (upright.w <= areaW + EPS && upright.h <= areaH + EPS) return 1;
  const turned = turnedBox(fonts, drawing, index, ink);
  if (turned.w <= areaW + EPS && turned.h <= areaH + EPS) return 1;
  return pieces(fonts, drawing, index, areaW, areaH, ink).filter((box) => box.piece).length;
}

/**
 * Packs drawings onto pages. A drawing larger than the page is split into balanced pieces
 * that overlap, each starting a page of its own; every other drawing goes to the first page
 * with room, upright where it fits, or turned a quarter (a ruler along the page's length).
 * Pages keep the order of the first drawing on each.
 */
export function layoutDrawings(fonts: FontStore, drawings: readonly DrawingNode[], meta: DocumentMeta, title: string, firstPage: number, totalPages: number, note?: string): PlacedPage[] {
  const frame = pageFrame(fonts, meta);
  const area = drawingArea(fonts, meta);
  const areaW = area.right - area.left;
  const areaH = area.bottom - area.top;
  const { ink } = printChoice(meta);
  const pages: Page[] = [];
  const fresh = (): Page => ({ regions: [region(area.left, area.top, area.right, area.bottom)], items: [], first: Infinity });
  const put = (page: Page, box: Box, x: number, y: number) => {
    page.items.push(...translate(box.items, x, y));
    if (page.first === Infinity) page.first = box.index;
  };

  const rest: { upright: Box; turned?: Box }[] = [];
  drawings.forEach((whole, index) => {
    const drawing = whole.standIn && pieceCount(fonts, whole.standIn, index, areaW, areaH, ink) < pieceCount(fonts, whole, index, areaW, areaH, ink) ? whole.standIn : whole;
    const upright = uprightBox(fonts, drawing, index, areaW, ink);
    const turned = turnedBox(fonts, drawing, index, ink);
    const fitsUpright = upright.w <= areaW + EPS && upright.h <= areaH + EPS;
    // only a long, thin drawing (a ruler) is turned, or one that fits no other way
    const long = drawing.width >= 3 * drawing.height || !fitsUpright;
    const fitsTurned = long && turned.w <= areaW + EPS && turned.h <= areaH + EPS;
    if (fitsUpright || fitsTurned) {
      rest.push({ upright: fitsUpright ? upright : turned, ...(fitsUpright && fitsTurned ? { turned } : {}) });
      return;
    }
    // a masked piece opens a page; the room beside and under it takes smaller drawings
    for (const box of pieces(fonts, drawing, index, areaW, areaH, ink)) {
      if (!box.piece) {
        rest.push({ upright: box });
        continue;
      }
      const page = fresh();
      const p = box.piece!;
      const wl = area.left + p.windowX;
      const wt = area.top + p.windowY;
      // white masks keep the piece inside its window; its title and marks, and all placed later, go over them
      const shapes = p.under;
      page.items.push(...translate(box.items.slice(0, shapes), area.left, area.top));
      page.items.push(
        { kind: 'rect', x: 0, y: 0, w: round(frame.width), h: round(wt), fill: '#ffffff' },
        { kind: 'rect', x: 0, y: round(wt + p.windowH), w: round(frame.width), h: round(frame.height - wt - p.windowH), fill: '#ffffff' },
        { kind: 'rect', x: 0, y: 0, w: round(wl), h: round(frame.height), fill: '#ffffff' },
        { kind: 'rect', x: round(wl + p.windowW), y: 0, w: round(frame.width - wl - p.windowW), h: round(frame.height), fill: '#ffffff' },
      );
      put(page, { ...box, items: box.items.slice(shapes) }, area.left, area.top);
      page.regions = [
        region(area.left + box.w + GAP, area.top, area.right, area.bottom),
        region(area.left, area.top + box.h + GAP, area.left + box.w, area.bottom),
      ];
      pages.push(page);
    }
  });

  for (const { upright, turned } of rest) {
    let placed = false;
    for (const box of turned ? [upright, turned] : [upright]) {
      for (const page of pages) {
        const at = fit(page, box.w, box.h);
        if (at) {
          put(page, box, at.x, at.y);
          placed = true;
          break;
        }
      }
      if (placed) break;
    }
    if (!placed) {
      const page = fresh();
      const at = fit(page, upright.w, upright.h)!;
      put(page, upright, at.x, at.y);
      pages.push(page);
    }
  }
  const ordered = pages.map((page, i) => ({ page, i })).sort((a, b) => a.page.first - b.page.first || a.i - b.i);
  return ordered.map(({ page }, i) => ({
    width: round(frame.width),
    height: round(frame.height),
    items: [...page.items, ...pageHeader(fonts, title, meta, frame, i === 0 ? note : undefined), ...pageFooter(fonts, meta, frame, firstPage + i, totalPages, page.items)],
  }));
}

/**
 * Drawings one under another, upright, each with its title, `width` wide at most: for the room
 * under a page's sheets. Undefined where one is wider than that.
 */
export function stackedDrawings(fonts: FontStore, drawings: readonly DrawingNode[], meta: DocumentMeta, width: number): { items: Item[]; height: number } | undefined {
  const { ink } = printChoice(meta);
  const items: Item[] = [];
  let y = 0;
  for (const [index, drawing] of drawings.entries()) {
    const box = uprightBox(fonts, drawing, index, width, ink);
    if (box.w > width + EPS) return undefined;
    items.push(...translate(box.items, 0, y));
    y += box.h + GAP;
  }
  return { items, height: y - GAP };
}

export function drawingPageCount(fonts: FontStore, drawings: readonly DrawingNode[], meta: DocumentMeta): number {
  return layoutDrawings(fonts, drawings, meta, '', 1, 1).length;
}
