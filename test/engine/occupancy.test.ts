import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/engine/dice.js';
import { turnedRect, type Outline } from '../../src/engine/geometry.js';
import { cellRows, Occupancy, type CellRows } from '../../src/engine/occupancy.js';

/**
 * The grid terrain is laid on answers where a piece fits a row of places at a time, from runs of
 * free cells. Held here against the plain answer: every cell of the piece tested at every place.
 */

const CELL = 2.5;

/** The grid's marks kept plainly, cell by cell, as the grid is told them. */
function plainGrid(cols: number, rows: number) {
  const marked = new Set<number>();
  return {
    mark(outlines: readonly Outline[], spread: number) {
      for (const outline of outlines) {
        const cells = cellRows(outline, CELL);
        cells.from.forEach((from, i) => {
          const to = cells.to[i]!;
          if (to < from) return;
          for (let r = cells.row + i - spread; r <= cells.row + i + spread; r++)
            for (let c = from - spread; c <= to + spread; c++) if (r >= 0 && r < rows && c >= 0 && c < cols) marked.add(r * cols + c);
        });
      }
    },
    /** whether every cell of `cells` moved by (dRow, dCol) is on the grid and unmarked */
    free(cells: CellRows, dRow: number, dCol: number): boolean {
      for (let i = 0; i < cells.from.length; i++) {
        if (cells.to[i]! < cells.from[i]!) continue;
        const r = cells.row + i + dRow;
        for (let c = cells.from[i]! + dCol; c <= cells.to[i]! + dCol; c++) if (r < 0 || r >= rows || c < 0 || c >= cols || marked.has(r * cols + c)) return false;
      }
      return true;
    },
  };
}

/** The stretches fitsAlong gives, as the list of places they hold. */
function placesAlong(grid: Occupancy, cells: CellRows, dRow: number, stride: number, iFrom: number, iTo: number): number[] {
  const out: number[] = [];
  const count = grid.fitsAlong(cells, dRow, stride, iFrom, iTo, out);
  expect(out).toHaveLength(2 * count);
  const places: number[] = [];
  for (let q = 0; q < count; q++) {
    expect(out[2 * q]!).toBeLessThanOrEqual(out[2 * q + 1]!);
    // left to right, none overlapping the one before (two may meet end to end)
    if (q > 0) expect(out[2 * q]!).toBeGreaterThan(out[2 * q - 1]!);
    for (let i = out[2 * q]!; i <= out[2 * q + 1]!; i++) places.push(i);
  }
  return places;
}

describe('the occupancy grid', () => {
  it('finds exactly the places the plain test finds, on tables filling up piece by piece', () => {
    const dice = createRng('occupancy');
    const rng = () => dice.next();
    for (let table = 0; table < 12; table++) {
      const [W, H] = ([[120, 120], [180, 120], [90, 60], [72.5, 41]] as const)[table % 4]!;
      const grid = new Occupancy(W, H, CELL);
      const plain = plainGrid(grid.cols, grid.rows);
      for (let piece = 0; piece < 14; piece++) {
        // a few pieces at any place and turn, some partly off the table
        const outline = turnedRect(rng() * W, rng() * H, 3 + rng() * 25, 3 + rng() * 15, Math.floor(rng() * 8) * 22.5);
        const spread = piece % 3 === 0 ? 0 : 1;
        grid.mark([outline], spread);
        plain.mark([outline], spread);
        for (const turn of [0, 45, 90]) {
          const cells = cellRows(turnedRect(0, 0, 5 + rng() * 20, 4 + rng() * 10, turn), CELL);
          for (const stride of [2, 4]) {
            for (let j = -2; j < grid.rows / stride + 2; j++) {
              const [iFrom, iTo] = [Math.floor(rng() * 3) - 2, Math.floor(grid.cols / stride) + 1 - Math.floor(rng() * 3)];
              const expected: number[] = [];
              for (let i = iFrom; i <= iTo; i++) if (plain.free(cells, stride * j, stride * i)) expected.push(i);
              expect(placesAlong(grid, cells, stride * j, stride, iFrom, iTo), `table ${table}, piece ${piece}, turn ${turn}, row ${j}`).toEqual(expected);
            }
          }
        }
      }
    }
  });

  it('marks every part of a piece at once, as if marked one by one', () => {
    const parts = [turnedRect(20, 20, 30, 4, 30), turnedRect(40, 32, 30, 4, -20)];
    const together = new Occupancy(100, 60, CELL);
    together.mark(parts, 1);
    const apart = new Occupancy(100, 60, CELL);
    for (const part of parts) apart.mark([part], 1);
    const cells = cellRows(turnedRect(0, 0, 6, 6, 0), CELL);
    for (let j = 0; j < together.rows; j++) expect(placesAlong(together, cells, j, 1, 0, together.cols)).toEqual(placesAlong(apart, cells, j, 1, 0, apart.cols));
  });

  it('an empty table has room everywhere the piece stays on it, and nowhere past an edge', () => {
    const grid = new Occupancy(50, 50, CELL);
    const cells = cellRows(turnedRect(0, 0, 10, 10, 0), CELL);
    // the piece’s cells run from -2 to 1 each way: moved by 2 to 18 columns it stays on the 20-cell grid
    expect(placesAlong(grid, cells, 5, 1, -5, 30)).toEqual(Array.from({ length: 17 }, (_, i) => i + 2));
    expect(placesAlong(grid, cells, 1, 1, 0, 20)).toEqual([]);
    expect(placesAlong(grid, cells, 5, 1, 9, 8)).toEqual([]);
  });
});
