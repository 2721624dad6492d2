/**
 * pdfkit's objects' places, kept outside the collector's heap (src/render/object-offsets.ts):
 * they must read back to pdfkit exactly as its own array would, for the cross-reference table.
 */
import { describe, expect, it } from 'vitest';
import { objectOffsets } from '../../src/render/object-offsets.js';

describe("a PDF's object offsets", () => {
  it('reads back as the array pdfkit keeps: begun as null, set when written, in order, past any size', () => {
    const array: (number | null)[] = [null, null];
    const kept = objectOffsets(array);
    // pdfkit's own steps, on its array and on ours alike, for more objects than the first block holds
    for (let id = 3; id <= 5000; id++) {
      expect(kept.push(null)).toBe(array.push(null));
      if (id % 7 !== 0) {
        const place = id * 1023 + (id % 5);
        array[id - 1] = place;
        kept[id - 1] = place;
      }
    }
    // offsets past 4 GB stay exact, as a number in pdfkit's array would
    array[0] = 2 ** 40 + 3;
    kept[0] = 2 ** 40 + 3;
    expect(kept.length).toBe(array.length);
    expect([...kept]).toEqual(array);
    expect(kept[4999]).toBe(array[4999]);
    expect(kept[6]).toBeNull();
  });

  it('refuses a use pdfkit does not make of it, naming the file to change with pdfkit', () => {
    const kept = objectOffsets();
    kept.push(null);
    expect(() => (kept as unknown as { splice: unknown }).splice).toThrow(/no "splice".*object-offsets\.ts/);
    expect(() => kept[1]).toThrow(/no "1"/);
    expect(() => {
      kept[0] = -4;
    }).toThrow(/cannot hold -4 at 0/);
    expect(() => {
      (kept as unknown as Record<string, unknown>)['5'] = 10;
    }).toThrow(/no "5"/);
  });
});
