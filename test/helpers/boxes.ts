/** A box on the page: left, top, right, bottom. */
export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The shapes whose box is their geometry alone (a text's box depends on how its y is read). */
export type GeometricShape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number }
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'icon'; x: number; y: number; size: number }
  | { kind: 'polygon' | 'polyline'; points: readonly (readonly [number, number])[] };

/** The box a rectangle, circle, line or icon covers: the same for a drawing's shapes and the layout's items. */
export function geometricBox(shape: GeometricShape): Box {
  switch (shape.kind) {
    case 'rect':
      return { x1: shape.x, y1: shape.y, x2: shape.x + shape.w, y2: shape.y + shape.h };
    case 'circle':
      return { x1: shape.cx - shape.r, y1: shape.cy - shape.r, x2: shape.cx + shape.r, y2: shape.cy + shape.r };
    case 'line':
      return { x1: Math.min(shape.x1, shape.x2), y1: Math.min(shape.y1, shape.y2), x2: Math.max(shape.x1, shape.x2), y2: Math.max(shape.y1, shape.y2) };
    case 'icon':
      return { x1: shape.x, y1: shape.y, x2: shape.x + shape.size, y2: shape.y + shape.size };
    case 'polygon':
    case 'polyline': {
      const xs = shape.points.map((p) => p[0]);
      const ys = shape.points.map((p) => p[1]);
      return { x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys) };
    }
  }
}
