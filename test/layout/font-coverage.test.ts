import { describe, expect, it } from 'vitest';
import { coverageOf, coverageText } from '../../src/layout/font-coverage.js';

describe('a font’s characters kept without the font', () => {
  it('reads back exactly the code points written, in ranges', () => {
    const points = [0x20, 0x21, 0x22, 0x41, 0x4e00, 0x4e01, 0x4e03, 0x1f600, 0x10ffff];
    const text = coverageText([...points].reverse().concat(points));
    // two runs and four single characters: six ranges
    expect(text.split(',')).toHaveLength(6);
    const has = coverageOf(text);
    for (let cp = 0; cp < 0x11000; cp++) expect(has(cp), cp.toString(16)).toBe(points.includes(cp));
    expect(has(0x1f600)).toBe(true);
    expect(has(0x10ffff)).toBe(true);
    expect(has(0x10fffe)).toBe(false);
  });

  it('an empty font has nothing; a text it did not write is refused', () => {
    expect(coverageOf(coverageText([]))(0x41)).toBe(false);
    expect(() => coverageOf('1:2,x')).toThrow(/gap:length/);
  });
});
