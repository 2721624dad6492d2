import type { Shape } from './model.js';

/**
 * Lines at 45° across a rectangle, `gap` apart, each cut to the rectangle: the hatching that
 * tells side B from side A without colour, on a map's zone and on a card's back.
 */
export function hatchLines(x: number, y: number, w: number, h: number, colour: string, gap = 2.4): Shape[] {
  const lines: Shape[] = [];
  // a line x - y = c, for c from the rectangle's lower left to its upper right corner
  for (let c = x - (y + h) + gap / 2; c < x + w - y; c += gap) {
    const x1 = Math.max(x, c + y);
    const x2 = Math.min(x + w, c + y + h);
    if (x2 - x1 < 0.2) continue;
    const r = (v: number) => Math.round(v * 100) / 100;
    lines.push({ kind: 'line', x1: r(x1), y1: r(x1 - c), x2: r(x2), y2: r(x2 - c), color: colour, width: 0.25 });
  }
  return lines;
}
