import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openSync, type Font, type Glyph, type GlyphPosition, type GlyphRun } from 'fontkit';
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

/**
 * Per face: each character's advance and the adjustment between two neighbours (kerning),
 * learnt from the font one pair at a time. Shaping every word with fontkit costs a fresh
 * process about 0.4 s for one sheet of tables; a sheet has thousands of words but under two
 * thousand distinct pairs.
 */
interface FaceMetrics {
  /** characters whose pairs the build measured, and the pairs that are not zero */
  built: { chars: Set<number>; pairs: Readonly<Record<string, number | null>> } | undefined;
  advances: Map<number, { id: number; advance: number }>;
  /** null where the two characters do not stay two glyphs (a ligature such as "fi") */
  pairs: Map<string, number | null>;
  /** runs that have a ligature, measured by shaping them whole */
  shaped: Map<string, number>;
}
const metrics = new Map<FontFace, FaceMetrics>();

function metricsFor(face: FontFace): FaceMetrics {
  let found = metrics.get(face);
  if (!found) {
    const stored = pairStore()?.fonts[face];
    const built = stored && stored.fingerprint === fontFingerprint(face) ? { chars: new Set([...stored.chars].map((c) => c.codePointAt(0)!)), pairs: stored.pairs } : undefined;
    found = { built, advances: new Map(), pairs: new Map(), shaped: new Map() };
    metrics.set(face, found);
  }
  return found;
}

function glyphOf(face: FontFace, m: FaceMetrics, codePoint: number): { id: number; advance: number } {
  let glyph = m.advances.get(codePoint);
  if (!glyph) {
    const g = font(face).glyphForCodePoint(codePoint);
    glyph = { id: g.id, advance: g.advanceWidth };
    m.advances.set(codePoint, glyph);
  }
  return glyph;
}

function pairOf(face: FontFace, m: FaceMetrics, a: number, b: number): number | null {
  const key = `${a},${b}`;
  let adjust = m.pairs.get(key);
  if (adjust === undefined && m.built?.chars.has(a) && m.built.chars.has(b)) {
    // a stored null is a ligature; a pair not stored is zero
    adjust = key in m.built.pairs ? m.built.pairs[key]! : 0;
    m.pairs.set(key, adjust);
  }
  if (adjust === undefined) {
    adjust = measurePair(face, a, b);
    m.pairs.set(key, adjust);
  }
  return adjust;
}

/** How two characters sit together: the kerning between them, or null for a ligature. */
export function measurePair(face: FontFace, a: number, b: number): number | null {
  const first = font(face).glyphForCodePoint(a);
  const second = font(face).glyphForCodePoint(b);
  const run = font(face).layout(String.fromCodePoint(a, b));
  const same = run.glyphs.length === 2 && run.glyphs[0]!.id === first.id && run.glyphs[1]!.id === second.id;
  return same ? run.advanceWidth - first.advanceWidth - second.advanceWidth : null;
}

/**
 * Pairs measured by the build (`npm run build` writes dist/font-pairs.json) for every
 * character the built-in data and templates use, so a run shapes almost nothing. A store made
 * from another version of a font file is ignored; a pair it does not hold is measured as
 * before.
 */
export interface FontPairStore {
  format: 1;
  fonts: Partial<Record<FontFace, { fingerprint: string; chars: string; pairs: Record<string, number | null> }>>;
}
export const FONT_PAIRS_FILE = new URL('../font-pairs.json', import.meta.url);
let storeLocation: URL | string = FONT_PAIRS_FILE;
let store: FontPairStore | null | undefined;

function pairStore(): FontPairStore | undefined {
  if (store === undefined) {
    try {
      const parsed = JSON.parse(readFileSync(storeLocation, 'utf8')) as FontPairStore;
      store = parsed.format === 1 && parsed.fonts ? parsed : null;
    } catch {
      store = null;
    }
  }
  return store ?? undefined;
}

/** For tests: read pairs from another store, and forget everything measured so far. */
export function usePairStore(location: URL | string): void {
  storeLocation = location;
  store = undefined;
  metrics.clear();
  widths.clear();
  printing.clear();
}

/**
 * The font file's identity and the fontkit version that shaped its pairs, so a store made
 * from another version of either is not used.
 */
export function fontFingerprint(face: FontFace): string {
  fontkitVersion ??= (JSON.parse(readFileSync(path.join(path.dirname(require.resolve('fontkit')), '..', 'package.json'), 'utf8')) as { version: string }).version;
  return `${createHash('sha1').update(readFileSync(FONT_FILES[face])).digest('base64')} fontkit ${fontkitVersion}`;
}
let fontkitVersion: string | undefined;

/**
 * Walks a run character by character with the kerning its pair adds before it; stops and
 * answers false at a pair that joins into a ligature, which only fontkit can lay out.
 */
function walkRun(face: FontFace, m: FaceMetrics, run: string, visit: (codePoint: number, kern: number) => void): boolean {
  let previous = -1;
  for (const char of run) {
    const codePoint = char.codePointAt(0)!;
    let kern = 0;
    if (previous >= 0) {
      const adjust = pairOf(face, m, previous, codePoint);
      if (adjust === null) return false;
      kern = adjust;
    }
    visit(codePoint, kern);
    previous = codePoint;
  }
  return true;
}

/** pdfkit's pieces of a line: each word with the spaces after it, shaped on its own. */
function pdfkitRuns(text: string): string[] {
  return text.match(/[^ \t]*[ \t]?/g)!.filter((run) => run.length > 0);
}

/** One run's width in font units. */
function runUnits(face: FontFace, m: FaceMetrics, run: string): number {
  let units = 0;
  const walked = walkRun(face, m, run, (codePoint, kern) => {
    units += kern + glyphOf(face, m, codePoint).advance;
  });
  return walked ? units : shapedUnits(face, m, run);
}

function shapedUnits(face: FontFace, m: FaceMetrics, run: string): number {
  let units = m.shaped.get(run);
  if (units === undefined) {
    units = font(face).layout(run).advanceWidth;
    m.shaped.set(run, units);
  }
  return units;
}

/**
 * Width in points of a single line of text as pdfkit sets it. pdfkit shapes a line a word at
 * a time, each word with the spaces that follow it, so there is no kerning across a space;
 * the same split is made here.
 */
export function textWidth(text: string, face: FontFace, size: number): number {
  if (text.length === 0) return 0;
  const key = `${face}\u0000${text}`;
  let units = widths.get(key);
  if (units === undefined) {
    const m = metricsFor(face);
    units = 0;
    for (const run of pdfkitRuns(text)) units += runUnits(face, m, run);
    units /= font(face).unitsPerEm;
    widths.set(key, units);
  }
  return units * size;
}

/**
 * The face as pdfkit embeds it: the same font, but a word is laid out from the advances and
 * pairs above instead of being shaped again (pdfkit shapes every distinct word of every
 * document). Words with a ligature, and any call with features, go to fontkit itself. The
 * result is the same glyphs at the same positions: the tests compare the PDF bytes.
 */
export function printingFont(face: FontFace): Font {
  let wrapped = printing.get(face);
  if (!wrapped) {
    const real = font(face);
    const m = metricsFor(face);
    const layout = (text: string, features?: unknown): GlyphRun => {
      if (features !== undefined) return real.layout(text, features);
      const glyphs: Glyph[] = [];
      const positions: GlyphPosition[] = [];
      let advanceWidth = 0;
      const walked = walkRun(face, m, text, (codePoint, kern) => {
        // kerning moves the next glyph: fontkit adds it to the first glyph's advance
        if (kern !== 0) positions[positions.length - 1]!.xAdvance += kern;
        const glyph = real.glyphForCodePoint(codePoint);
        glyphs.push(glyph);
        positions.push({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 });
        advanceWidth += kern + glyph.advanceWidth;
      });
      return walked ? { glyphs, positions, advanceWidth } : real.layout(text);
    };
    wrapped = Object.create(real, { layout: { value: layout } }) as Font;
    printing.set(face, wrapped);
  }
  return wrapped;
}
const printing = new Map<FontFace, Font>();

/** Width in points of a line shaped whole by fontkit, word by word as pdfkit does: the reference textWidth is tested against. */
export function shapedTextWidth(text: string, face: FontFace, size: number): number {
  const f = font(face);
  let units = 0;
  for (const run of pdfkitRuns(text)) units += f.layout(run).advanceWidth;
  return (units / f.unitsPerEm) * size;
}

/** Distance from the top of a line box to the baseline, as pdfkit places text. */
export function ascent(face: FontFace, size: number): number {
  let perEm = ascents.get(face);
  if (perEm === undefined) {
    const f = font(face);
    perEm = f.ascent / f.unitsPerEm;
    ascents.set(face, perEm);
  }
  return perEm * size;
}
const ascents = new Map<FontFace, number>();
