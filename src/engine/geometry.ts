/**
 * Plane geometry for laying out a table: convex outlines (a list of corners in order), their
 * boxes, areas, overlaps and clipping. Lengths are whatever the caller measures in.
 */

export type Point = readonly [number, number];
/** A convex outline, its corners in order (either way round). */
export type Outline = readonly Point[];

export interface Bounds {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function boundsOf(outline: Outline): Bounds {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const [x, y] of outline) {
    if (x < x1) x1 = x;
    if (x > x2) x2 = x;
    if (y < y1) y1 = y;
    if (y > y2) y2 = y;
  }
  return { x1, y1, x2, y2 };
}

export function boundsTouch(a: Bounds, b: Bounds, gap = 0): boolean {
  return a.x1 < b.x2 + gap && b.x1 < a.x2 + gap && a.y1 < b.y2 + gap && b.y1 < a.y2 + gap;
}

/** Area of a simple outline (shoelace), always positive. */
export function areaOf(outline: Outline): number {
  let sum = 0;
  for (let i = 0; i < outline.length; i++) {
    const [x1, y1] = outline[i]!;
    const [x2, y2] = outline[(i + 1) % outline.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return Math.abs(sum) / 2;
}

/**
 * Whether two convex outlines come closer than `gap` (0: whether they overlap). Separating axes:
 * the outlines are apart when their shadows on one edge's normal lie more than `gap` apart. With
 * a gap this errs on the side of "too close" near corners, which is the safe side for placing.
 */
export function outlinesMeet(a: Outline, b: Outline, gap = 0): boolean {
  return !separated(a, b, gap) && !separated(b, a, gap);
}

function separated(a: Outline, b: Outline, gap: number): boolean {
  for (let i = 0; i < a.length; i++) {
    const [x1, y1] = a[i]!;
    const [x2, y2] = a[(i + 1) % a.length]!;
    let nx = y1 - y2;
    let ny = x2 - x1;
    const length = Math.hypot(nx, ny);
    if (length < 1e-9) continue;
    nx /= length;
    ny /= length;
    const [aMin, aMax] = shadow(a, nx, ny);
    const [bMin, bMax] = shadow(b, nx, ny);
    // a hair of slack: outlines that only touch do not overlap
    if (bMin >= aMax + gap - 1e-7 || aMin >= bMax + gap - 1e-7) return true;
  }
  return false;
}

/** An outline's shadow on the line through (0, 0) along (nx, ny): its least and most. */
function shadow(outline: Outline, nx: number, ny: number): [number, number] {
  let least = Infinity;
  let most = -Infinity;
  for (const [x, y] of outline) {
    const d = x * nx + y * ny;
    if (d < least) least = d;
    if (d > most) most = d;
  }
  return [least, most];
}

/** The part of a convex outline inside a rectangle (Sutherland-Hodgman), maybe empty. */
export function clipToRect(outline: Outline, rect: Rect): Point[] {
  let points: Point[] = [...outline];
  const edges: [(p: Point) => number, number, 0 | 1][] = [
    [(p) => p[0] - rect.x, rect.x, 0],
    [(p) => rect.x + rect.w - p[0], rect.x + rect.w, 0],
    [(p) => p[1] - rect.y, rect.y, 1],
    [(p) => rect.y + rect.h - p[1], rect.y + rect.h, 1],
  ];
  for (const [inside, at, axis] of edges) {
    const next: Point[] = [];
    for (let i = 0; i < points.length; i++) {
      const p = points[i]!;
      const q = points[(i + 1) % points.length]!;
      const pin = inside(p) >= 0;
      const qin = inside(q) >= 0;
      if (pin) next.push(p);
      if (pin !== qin) {
        const t = (at - p[axis]) / (q[axis] - p[axis]);
        next.push(axis === 0 ? [at, p[1] + t * (q[1] - p[1])] : [p[0] + t * (q[0] - p[0]), at]);
      }
    }
    points = next;
    if (points.length === 0) break;
  }
  return points;
}

/** Whether a point lies inside a convex outline (or on its edge). */
export function insideOutline(point: Point, outline: Outline): boolean {
  let sign = 0;
  for (let i = 0; i < outline.length; i++) {
    const [x1, y1] = outline[i]!;
    const [x2, y2] = outline[(i + 1) % outline.length]!;
    const cross = (x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1);
    if (Math.abs(cross) < 1e-9) continue;
    const s = Math.sign(cross);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** Distance from a point to a convex outline: 0 inside it. */
export function distanceToOutline(point: Point, outline: Outline): number {
  if (insideOutline(point, outline)) return 0;
  let best = Infinity;
  for (let i = 0; i < outline.length; i++) best = Math.min(best, distanceToSegment(point, outline[i]!, outline[(i + 1) % outline.length]!));
  return best;
}

export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** A rectangle w x h centred on (cx, cy), turned `degrees` clockwise as drawn (y runs down). */
export function turnedRect(cx: number, cy: number, w: number, h: number, degrees: number): Point[] {
  return turnedOutline([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]], cx, cy, degrees);
}

/** Points about (0, 0), turned `degrees` clockwise as drawn and moved to (cx, cy). */
export function turnedOutline(points: readonly Point[], cx: number, cy: number, degrees: number): Point[] {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return points.map(([x, y]): Point => [cx + x * cos - y * sin, cy + x * sin + y * cos]);
}

/** The band `width` wide along a segment, as a convex outline. */
export function segmentBand(a: Point, b: Point, width: number): Point[] {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (length < 1e-9) return turnedRect(a[0], a[1], width, width, 0);
  const nx = ((a[1] - b[1]) / length) * (width / 2);
  const ny = ((b[0] - a[0]) / length) * (width / 2);
  return [
    [a[0] + nx, a[1] + ny],
    [b[0] + nx, b[1] + ny],
    [b[0] - nx, b[1] - ny],
    [a[0] - nx, a[1] - ny],
  ];
}

/** Where two segments cross, if they do. */
export function segmentsCross(a1: Point, a2: Point, b1: Point, b2: Point): Point | undefined {
  const d = (a2[0] - a1[0]) * (b2[1] - b1[1]) - (a2[1] - a1[1]) * (b2[0] - b1[0]);
  if (Math.abs(d) < 1e-12) return undefined;
  const t = ((b1[0] - a1[0]) * (b2[1] - b1[1]) - (b1[1] - a1[1]) * (b2[0] - b1[0])) / d;
  const u = ((b1[0] - a1[0]) * (a2[1] - a1[1]) - (b1[1] - a1[1]) * (a2[0] - a1[0])) / d;
  if (t < 0 || t > 1 || u < 0 || u > 1) return undefined;
  return [a1[0] + t * (a2[0] - a1[0]), a1[1] + t * (a2[1] - a1[1])];
}
