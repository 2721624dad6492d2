import type { Outline } from './geometry.js';

/**
 * The table as a grid of small cells, each marked where a piece (and the room kept round it)
 * lies: a candidate place is tested against the grid a row at a time instead of against every
 * piece's outline. Marks are conservative (every cell an outline touches), so two pieces that
 * keep to free cells never overlap.
 */

/** The cells an outline touches, a column span for each row, in cells from the origin. */
export interface CellRows {
  /** the columns of all rows together */
  box: { c1: number; c2: number };
  /** the first row */
  row: number;
  /** per row from `row` on: first and last column touched */
  from: Int32Array;
  to: Int32Array;
}

/** The cells an outline touches, its rows and column spans (cells of `cell` cm from (0, 0)). */
export function cellRows(outline: Outline, cell: number): CellRows {
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [, y] of outline) {
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const first = Math.floor(minY / cell);
  const last = Math.max(first, Math.ceil(maxY / cell) - 1);
  const from = new Int32Array(last - first + 1);
  const to = new Int32Array(last - first + 1);
  for (let r = first; r <= last; r++) {
    // the outline's extent across the band of this row: its corners within the band and where its edges cross the band's lines
    const top = r * cell;
    const bottom = top + cell;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < outline.length; i++) {
      const [x1, y1] = outline[i]!;
      const [x2, y2] = outline[(i + 1) % outline.length]!;
      if (y1 >= top && y1 <= bottom) {
        if (x1 < lo) lo = x1;
        if (x1 > hi) hi = x1;
      }
      for (const line of [top, bottom]) {
        if ((y1 - line) * (y2 - line) < 0) {
          const x = x1 + ((line - y1) * (x2 - x1)) / (y2 - y1);
          if (x < lo) lo = x;
          if (x > hi) hi = x;
        }
      }
    }
    from[r - first] = lo === Infinity ? 0 : Math.floor(lo / cell);
    to[r - first] = lo === Infinity ? -1 : Math.ceil(hi / cell) - 1 < Math.floor(lo / cell) ? Math.floor(lo / cell) : Math.ceil(hi / cell) - 1;
  }
  let c1 = Infinity;
  let c2 = -Infinity;
  for (let i = 0; i < from.length; i++) {
    if (to[i]! < from[i]!) continue;
    c1 = Math.min(c1, from[i]!);
    c2 = Math.max(c2, to[i]!);
  }
  return { row: first, from, to, box: { c1: c1 === Infinity ? 0 : c1, c2: c2 === -Infinity ? -1 : c2 } };
}

export class Occupancy {
  readonly cols: number;
  readonly rows: number;
  /** per row, the count of marked cells before each column (cols + 1 entries) */
  private readonly before: Int32Array[];
  /** marked cells above and left of each corner of the grid, (rows + 1) x (cols + 1): a box is tested at once */
  private readonly area: Int32Array;
  private readonly marked: Uint8Array;

  constructor(
    width: number,
    height: number,
    readonly cell: number,
  ) {
    this.cols = Math.ceil(width / cell - 1e-9);
    this.rows = Math.ceil(height / cell - 1e-9);
    this.marked = new Uint8Array(this.cols * this.rows);
    this.before = Array.from({ length: this.rows }, () => new Int32Array(this.cols + 1));
    this.area = new Int32Array((this.rows + 1) * (this.cols + 1));
  }

  /** Marks the cells an outline touches and `spread` cells round them. */
  mark(outline: Outline, spread: number): void {
    const cells = cellRows(outline, this.cell);
    const touched = new Set<number>();
    for (let i = 0; i < cells.from.length; i++) {
      if (cells.to[i]! < cells.from[i]!) continue;
      for (let r = cells.row + i - spread; r <= cells.row + i + spread; r++) {
        if (r < 0 || r >= this.rows) continue;
        const c1 = Math.max(0, cells.from[i]! - spread);
        const c2 = Math.min(this.cols - 1, cells.to[i]! + spread);
        for (let c = c1; c <= c2; c++) this.marked[r * this.cols + c] = 1;
        touched.add(r);
      }
    }
    if (touched.size === 0) return;
    for (const r of touched) {
      const counts = this.before[r]!;
      for (let c = 0; c < this.cols; c++) counts[c + 1] = counts[c]! + this.marked[r * this.cols + c]!;
    }
    const stride = this.cols + 1;
    // the box sums change only from the first row marked down
    for (let r = Math.min(...touched); r < this.rows; r++) {
      const counts = this.before[r]!;
      for (let c = 0; c <= this.cols; c++) this.area[(r + 1) * stride + c] = this.area[r * stride + c]! + counts[c]!;
    }
  }

  /** Whether every cell of `cells`, moved by whole cells, is on the grid and unmarked. */
  free(cells: CellRows, dRow: number, dCol: number): boolean {
    const box = cells.box;
    // the whole box of the cells first: on an open table, one test answers
    if (box.c2 >= box.c1) {
      const r1 = cells.row + dRow;
      const r2 = r1 + cells.from.length;
      const c1 = box.c1 + dCol;
      const c2 = box.c2 + dCol + 1;
      if (r1 >= 0 && r2 <= this.rows && c1 >= 0 && c2 <= this.cols) {
        const stride = this.cols + 1;
        const inBox = this.area[r2 * stride + c2]! - this.area[r1 * stride + c2]! - this.area[r2 * stride + c1]! + this.area[r1 * stride + c1]!;
        if (inBox === 0) return true;
      }
    }
    for (let i = 0; i < cells.from.length; i++) {
      const c1 = cells.from[i]! + dCol;
      const c2 = cells.to[i]! + dCol;
      if (c2 < c1) continue;
      const r = cells.row + i + dRow;
      if (r < 0 || r >= this.rows || c1 < 0 || c2 >= this.cols) return false;
      const counts = this.before[r]!;
      if (counts[c2 + 1]! - counts[c1]! > 0) return false;
    }
    return true;
  }
}
