import { writeFileSync } from 'node:fs';
import { FACES, fontFingerprint, measurePair, type FontPairStore } from './fonts.js';
import type { FontFace } from './primitives.js';

/**
 * Measures every pair of the given characters in every face and writes the store that
 * textWidth and the PDF renderer read; run by `npm run build`. Only pairs that kern or join
 * are written: any other pair of known characters is zero.
 */
export function writeFontPairStore(text: string, location: string): number {
  const chars = [...new Set([...text].filter((c) => c.codePointAt(0)! >= 32))].sort();
  const codePoints = chars.map((c) => c.codePointAt(0)!);
  const fonts: FontPairStore['fonts'] = {};
  let written = 0;
  for (const face of FACES) {
    const pairs: Record<string, number | null> = {};
    for (const a of codePoints) {
      for (const b of codePoints) {
        const adjust = measurePair(face, a, b);
        if (adjust !== 0) {
          pairs[`${a},${b}`] = adjust;
          written += 1;
        }
      }
    }
    fonts[face] = { fingerprint: fontFingerprint(face), chars: chars.join(''), pairs };
  }
  writeFileSync(location, `${JSON.stringify({ format: 1, fonts } satisfies FontPairStore)}\n`);
  return written;
}
