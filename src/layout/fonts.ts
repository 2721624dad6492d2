import { createRequire } from 'node:module';
import { openSync, type Font } from 'fontkit';
import type { FontFace } from './primitives.js';

const require = createRequire(import.meta.url);

/**
 * The embedded typeface: Roboto Condensed from an npm package (OFL), so every machine measures
 * and prints the same glyphs. A condensed face fits more of a table into a column.
 */
export const FONT_FILES: Readonly<Record<FontFace, string>> = {
  regular: require.resolve('@expo-google-fonts/roboto-condensed/400Regular/RobotoCondensed_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf'),
  italic: require.resolve('@expo-google-fonts/roboto-condensed/400Regular_Italic/RobotoCondensed_400Regular_Italic.ttf'),
};

const fonts = new Map<FontFace, Font>();
const widths = new Map<string, number>();

/**
 * The parsed font for a face, opened once per process. The PDF renderer embeds these same
 * objects, so measuring and printing share one parse and one set of glyph metrics.
 */
export function font(face: FontFace): Font {
  let loaded = fonts.get(face);
  if (!loaded) {
    loaded = openSync(FONT_FILES[face]);
    fonts.set(face, loaded);
  }
  return loaded;
}

/** Width in points of a single line of text, kerning included, as pdfkit will set it. */
export function textWidth(text: string, face: FontFace, size: number): number {
  if (text.length === 0) return 0;
  const key = `${face}\u0000${text}`;
  let units = widths.get(key);
  if (units === undefined) {
    const f = font(face);
    units = f.layout(text).advanceWidth / f.unitsPerEm;
    widths.set(key, units);
  }
  return units * size;
}

/** Distance from the top of a line box to the baseline, as pdfkit places text. */
export function ascent(face: FontFace, size: number): number {
  const f = font(face);
  return (f.ascent / f.unitsPerEm) * size;
}
