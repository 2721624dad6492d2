import { FACES, type FontPairStore, type FontStore } from './fonts.js';

/**
 * Every pair of the given characters measured in every face of `fonts`: the store textWidth and the PDF
 * renderer read, which the build (scripts/build-stores.js) writes to disk. Only pairs that
 * kern or join are kept: any other pair of known characters is zero.
 */
export function fontPairStoreOf(text: string, fonts: FontStore): FontPairStore {
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
  return { format: 1, fonts: pairsByFace };
}
