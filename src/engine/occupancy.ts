import type { Outline } from './geometry.js';

/**
 * The table as a grid of small cells, each marked where a piece (and the room kept round it)
 * lies: the places a piece fits are found from the grid's runs of free cells instead of against
 * every piece's outline. Marks are conservative (every cell an outline touches), so two pieces
 * that keep to free cells never overlap.
 */

/** The cells an outline touches, a column span for each row, in cells from the origin. */
export interface CellRows {
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
      // where the edge crosses the band's top line, then its bottom line
      if ((y1 - top) * (y2 - top) < 0) {
        const x = x1 + ((top - y1) * (x2 - x1)) / (y2 - y1);
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
      if ((y1 - bottom) * (y2 - bottom) < 0) {
        const x = x1 + ((bottom - y1) * (x2 - x1)) / (y2 - y1);
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
    }
    from[r - first] = lo === Infinity ? 0 : Math.floor(lo / cell);
    to[r - first] = lo === Infinity ? -1 : Math.ceil(hi / cell) - 1 < Math.floor(lo / cell) ? Math.floor(lo / cell) : Math.ceil(hi / cell) - 1;
  }
  return { row: first, from, to };
}

export class Occupancy {
  readonly cols: number;
  readonly rows: number;
  private readonly marked: Uint8Array;
  /** per row, its runs of free cells as first and last column of each, left to right (at most one in every other cell) */
  private readonly runs: Int32Array;
  private readonly runCount: Int32Array;
  /** the room a row's runs take in `runs` */
  private readonly runStride: number;
  /** scratch for fitsAlong: the places found so far (two lists, in turn) and the ones a row allows, as pairs */
  private readonly keptA: Int32Array;
  private readonly keptB: Int32Array;
  private readonly allowed: Int32Array;

  constructor(
    width: number,
    height: number,
    readonly cell: number,
  ) {
    this.cols = Math.ceil(width / cell - 1e-9);
    this.rows = Math.ceil(height / cell - 1e-9);
    this.marked = new Uint8Array(this.cols * this.rows);
    this.runStride = this.cols + 4;
    this.runs = new Int32Array(this.rows * this.runStride);
    this.runCount = new Int32Array(this.rows);
    // every row starts as one run across the table
    if (this.cols > 0) {
      for (let r = 0; r < this.rows; r++) this.runs[r * this.runStride + 1] = this.cols - 1;
      this.runCount.fill(1);
    }
    this.keptA = new Int32Array(this.cols + 4);
    this.keptB = new Int32Array(this.cols + 4);
    this.allowed = new Int32Array(this.cols + 4);
  }

  /** Marks the cells the outlines (one piece's parts) touch and `spread` cells round them. */
  mark(outlines: readonly Outline[], spread: number): void {
    // the rows marked, first to last: their runs are found again once for all the parts
    let first = this.rows;
    let last = -1;
    for (const outline of outlines) {
      const cells = cellRows(outline, this.cell);
      for (let i = 0; i < cells.from.length; i++) {
        if (cells.to[i]! < cells.from[i]!) continue;
        const c1 = Math.max(0, cells.from[i]! - spread);
        const c2 = Math.min(this.cols - 1, cells.to[i]! + spread);
        const r1 = Math.max(0, cells.row + i - spread);
        const r2 = Math.min(this.rows - 1, cells.row + i + spread);
        if (r1 > r2 || c1 > c2) continue;
        for (let r = r1; r <= r2; r++) this.marked.fill(1, r * this.cols + c1, r * this.cols + c2 + 1);
        if (r1 < first) first = r1;
        if (r2 > last) last = r2;
      }
    }
    for (let r = first; r <= last; r++) {
      const at = r * this.cols;
      const runsAt = r * this.runStride;
      let n = 0;
      let c = 0;
      while (c < this.cols) {
        if (this.marked[at + c]) {
          c++;
          continue;
        }
        const start = c;
        while (c + 1 < this.cols && !this.marked[at + c + 1]) c++;
        this.runs[runsAt + 2 * n] = start;
        this.runs[runsAt + 2 * n + 1] = c;
        n++;
        c++;
      }
      this.runCount[r] = n;
    }
  }

  /**
   * The places along one row of a lattice where every cell of `cells` is on the grid and
   * unmarked: the lattice's columns i from `iFrom` to `iTo`, the cells moved `stride` * i
   * columns and `dRow` rows. Written to `out` as the first and last i of each stretch, left to
   * right; returns how many stretches. Worked from each row's runs of free cells, so a row of
   * the lattice costs its shape's rows times the runs they meet, not a test at every place.
   */
  fitsAlong(cells: CellRows, dRow: number, stride: number, iFrom: number, iTo: number, out: number[]): number {
    if (iFrom > iTo) return 0;
    let kept = this.keptA;
    let merged = this.keptB;
    const allowed = this.allowed;
    kept[0] = iFrom;
    kept[1] = iTo;
    let keptCount = 1;
    for (let k = 0; k < cells.from.length; k++) {
      const from = cells.from[k]!;
      const to = cells.to[k]!;
      if (to < from) continue;
      const r = cells.row + k + dRow;
      if (r < 0 || r >= this.rows) return 0;
      // the columns this row allows: where the row's span lies within one run of free cells
      const runsAt = r * this.runStride;
      const runCount = this.runCount[r]!;
      let allowedCount = 0;
      for (let q = 0; q < runCount; q++) {
        const lo = Math.ceil((this.runs[runsAt + 2 * q]! - from) / stride);
        const hi = Math.floor((this.runs[runsAt + 2 * q + 1]! - to) / stride);
        if (lo > hi) continue;
        allowed[2 * allowedCount] = lo;
        allowed[2 * allowedCount + 1] = hi;
        allowedCount++;
      }
      // both lists run left to right without overlaps: meet them in one pass
      let n = 0;
      let a = 0;
      let b = 0;
      while (a < keptCount && b < allowedCount) {
        const lo = Math.max(kept[2 * a]!, allowed[2 * b]!);
        const hi = Math.min(kept[2 * a + 1]!, allowed[2 * b + 1]!);
        if (lo <= hi) {
          merged[2 * n] = lo;
          merged[2 * n + 1] = hi;
          n++;
        }
        if (kept[2 * a + 1]! < allowed[2 * b + 1]!) a++;
        else b++;
      }
      if (n === 0) return 0;
      [kept, merged] = [merged, kept];
      keptCount = n;
    }
    for (let q = 0; q < keptCount; q++) out.push(kept[2 * q]!, kept[2 * q + 1]!);
    return keptCount;
  }
}
