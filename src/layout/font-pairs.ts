import { FACES, type FontPairStore, type FontStore } from './fonts.js';
import { coverageText } from './font-coverage.js';
import type { FallbackFont } from './primitives.js';

/**
 * Every pair of the given characters measured in every face of `fonts`: the store textWidth and the PDF
 * renderer read, which the build (scripts/build-stores.js) writes to disk. Only pairs that
 * kern or join are kept: any other pair of known characters is zero. With them, the characters
 * of each fallback in `apart` (the fonts of the CJK package), so that a run without that package
 * knows which characters need it.
 */
export function fontPairStoreOf(text: string, fonts: FontStore, apart: readonly FallbackFont[] = []): FontPairStore {
  const chars = [...new Set([...text].filter((c) => c.codePointAt(0)! >= 32))].sort();
  const codePoints = chars.map((c) => c.codePointAt(0)!);
  const pairsByFace: FontPairStore['fonts'] = {};
  for (const face of FACES) {
    const pairs: Record<string, number | null> = {};
    for (const a of codePoints) {
      for (const b of codePoints) {
        const adjust = fonts.measurePair(face, a, b);
        if (adjust !== 0) pairs[`${a},${b}`] = adjust;
      }
    }
    pairsByFace[face] = { fingerprint: fonts.fontFingerprint(face), chars: chars.join(''), pairs };
  }
  const coverage: NonNullable<FontPairStore['apart']> = {};
  for (const key of apart) {
    if (!fonts.isInstalled(key)) throw new Error(`the font of ${key} is not installed: its characters cannot be listed`);
    // the characters of the font's cmap, the table its glyph look-ups read
    const font = fonts.fallbackFont(key) as ReturnType<FontStore['fallbackFont']> & { characterSet: number[]; hasGlyphForCodePoint(codePoint: number): boolean };
    coverage[key] = coverageText(font.characterSet.filter((codePoint) => font.hasGlyphForCodePoint(codePoint)));
  }
  return { format: 1, fonts: pairsByFace, ...(apart.length > 0 ? { apart: coverage } : {}) };
}
