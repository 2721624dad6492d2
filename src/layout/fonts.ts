// before any font is parsed: one TextDecoder per encoding for fontkit's strings
import './font-strings.js';
import { RecentCache } from './recent-cache.js';
import { create, type Font, type Glyph, type GlyphPosition, type GlyphRun } from 'fontkit';
import { visualRuns, type Cell } from './bidi.js';
import { FontFileError } from './errors.js';
import { coverageOf } from './font-coverage.js';
import type { FallbackFont, FontFace } from './primitives.js';

/**
 * The embedded typeface: Roboto Condensed from an npm package (OFL), so every machine measures
 * and prints the same glyphs. A condensed face fits more of a table into a column.
 */
export const FACES: readonly FontFace[] = ['regular', 'bold', 'italic'];

/**
 * Where a font store finds its fonts: given by the command line and the page (muster's own
 * files, read through what they read with), so layout opens no file itself.
 */
export interface FontFiles {
  /**
   * each face's and fallback's font file by key: regular, bold, italic, hebrew, hebrew-bold, ...;
   * a fallback of a package not installed (cjk, korean) has none
   */
  readonly fonts: Readonly<Record<string, string | undefined>>;
  /** the build's store of kerning pairs (a missing one is fine: pairs are measured) */
  readonly pairStore: string;
  /** the fontkit version, part of a font's fingerprint in the pairs store */
  readonly fontkitVersion: string;
  /** a whole file's bytes; undefined when it cannot be read */
  read(file: string): Uint8Array | undefined;
  /** a short fingerprint of bytes, the key of the build's stores */
  fingerprint(bytes: Uint8Array): string;
}

/**
 * Fonts for the characters Roboto Condensed lacks, from npm packages (OFL): Noto Sans Hebrew,
 * Noto Sans Arabic, Noto Sans SC (Chinese with the Japanese kana and kanji, and symbols such
 * as ✓ ☆ →), Noto Sans Symbols and Symbols 2 (✠ ☠ ♠ and the dingbats), Noto Emoji (monochrome:
 * 🎖 💥, flags) and Noto Sans KR (Korean), so what a player types in a name or a seed prints.
 * Each is read only when a character needs it, so a Latin run never opens one, and a PDF
 * embeds only the glyphs it uses.
 */
type Family = 'hebrew' | 'arabic' | 'cjk' | 'symbols' | 'symbols2' | 'emoji' | 'korean';
/**
 * The order fallbacks are tried in for a character outside the scripts' blocks (✓, ★, ✠): the
 * fonts muster had first, so a symbol they draw prints as it did, then the symbol fonts, the
 * emoji, and Korean last (its 6 MB are opened for Hangul, or for a character no other font has).
 */
const FAMILIES: readonly Family[] = ['hebrew', 'arabic', 'cjk', 'symbols', 'symbols2', 'emoji', 'korean'];

/** The family whose script block holds a character, tried first for it. */
function familyOf(codePoint: number): Family | undefined {
  if ((codePoint >= 0x0590 && codePoint <= 0x05ff) || (codePoint >= 0xfb1d && codePoint <= 0xfb4f)) return 'hebrew';
  if (
    (codePoint >= 0x1100 && codePoint <= 0x11ff) ||
    (codePoint >= 0x3130 && codePoint <= 0x318f) ||
    (codePoint >= 0xa960 && codePoint <= 0xa97f) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7ff)
  )
    return 'korean';
  // pictographs, emoticons, transport, flags' regional letters: drawn as emoji first
  if (codePoint >= 0x1f000 && codePoint <= 0x1faff) return 'emoji';
  if ((codePoint >= 0x0600 && codePoint <= 0x08ff) || (codePoint >= 0xfb50 && codePoint <= 0xfdff) || (codePoint >= 0xfe70 && codePoint <= 0xfeff)) return 'arabic';
  if (
    (codePoint >= 0x2e80 && codePoint <= 0x9fff) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xffef) ||
    (codePoint >= 0x20000 && codePoint <= 0x3ffff)
  )
    return 'cjk';
  return undefined;
}

function fallbackFor(family: Family, face: FontFace): FallbackFont {
  // Symbols 2 has one weight
  return face === 'bold' && family !== 'symbols2' ? `${family}-bold` : family;
}

/** fontkit has the method; its type declarations leave it out. */
function hasGlyph(f: Font, codePoint: number): boolean {
  return (f as Font & { hasGlyphForCodePoint(codePoint: number): boolean }).hasGlyphForCodePoint(codePoint);
}

function isFace(key: FontFace | FallbackFont): key is FontFace {
  return key === 'regular' || key === 'bold' || key === 'italic';
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
  /** by pairKey; null where the two characters do not stay two glyphs (a ligature such as "fi") */
  pairs: Map<number, number | null>;
  /** runs that have a ligature, measured by shaping them whole */
  shaped: Map<string, number>;
  /** for characters the face lacks: the fallback that has them, or null where none has */
  fallback: Map<number, FallbackFont | null>;
}

/** Two code points as one number (both below 0x110000, so the product stays exact): a lookup makes no string. */
function pairKey(a: number, b: number): number {
  return a * 0x110000 + b;
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
  /**
   * The characters of each fallback that comes in a package of its own (the Chinese and Korean
   * fonts), as coverageText writes them: without the package, a run still picks the font a run
   * with it picks, and knows which characters need it.
   */
  apart?: Partial<Record<FallbackFont, string>>;
}

/** pdfkit's pieces of a line: each word with the spaces after it, shaped on its own. */
function pdfkitRuns(text: string): string[] {
  return text.match(/[^ \t]*[ \t]?/g)!.filter((run) => run.length > 0);
}

/** A stretch of a line drawn with one font, placed from the line's start (in ems of its size). */
export interface TextPiece {
  text: string;
  font: FontFace | FallbackFont;
  x: number;
  width: number;
  /** right to left: the font lays the piece out reversed (and, for Arabic, joined) */
  rtl: boolean;
}

/** A line the face cannot draw alone: its pieces in visual order, and what no font can draw. */
export interface MixedText {
  pieces: TextPiece[];
  width: number;
  /** characters with no glyph in any font, once each: drawn as the face's empty box */
  missing: string[];
  /** characters only a fallback not installed has, once each: drawn as the face's empty box too */
  wanting: string[];
  /** those fallbacks */
  wantingFonts: FallbackFont[];
}

/**
 * A font that reads the tables of `parsed` but keeps glyph objects of its own, as a fresh
 * parse of the same file would. fontkit keeps each glyph it has made, with the characters it
 * was first asked for (written to the PDF's ToUnicode map), and its layout engine holds the font
 * it was made for: those are what a PDF must not inherit from the PDFs before it. The tables
 * themselves (cmap, metrics, GSUB, GPOS, glyf offsets) are only read, so one parse serves every
 * PDF of a store: parsing them afresh was two fifths of the time a PDF took to write.
 */
export function glyphsOfItsOwn(parsed: Font): Font {
  const own = Object.create(parsed as object) as Font & { _glyphs: object };
  own._glyphs = {};
  // fontkit's cached getter makes the engine for the object it is read on, once
  let proto: object | null = Object.getPrototypeOf(parsed) as object | null;
  let engine: PropertyDescriptor | undefined;
  for (; proto && !engine?.get; proto = Object.getPrototypeOf(proto) as object | null) engine = Object.getOwnPropertyDescriptor(proto, '_layoutEngine');
  if (!engine?.get) throw new FontFileError('this fontkit makes no layout engine a font can have of its own: muster needs fontkit 2');
  const made = engine.get;
  Object.defineProperty(own, '_layoutEngine', { configurable: true, get: () => made.call(own) as unknown });
  return own;
}

/**
 * How many texts' widths a store keeps in each half of its cache: a long batch measures new texts
 * on every page (its seeds, rolls and places), which are let go once unused for a while.
 */
const WIDTHS_KEPT = 4096;

/** Marks and joiners stay in the font of the letter before them, where it has them. */
const CLINGS = /[\p{M}\p{Cf}]/u;
/** Invisible characters (joiners, variation selectors, direction marks, controls): never a gap. */
const INVISIBLE = /[\p{Cc}\p{Default_Ignorable_Code_Point}]/u;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The fonts layout measures with and the PDF renderer embeds, opened from the files it is
 * given and kept for as long as the store lives: the command line and the page make one and
 * pass it to layout and render (as react-pdf passes its fontStore).
 */
export class FontStore {
  /** Each font file's bytes, read once. */
  private readonly fontBytes = new Map<FontFace | FallbackFont, Uint8Array>();
  private readonly fallbacks = new Map<FallbackFont, Font>();
  private readonly fonts = new Map<FontFace, Font>();
  /** Faces whose measuring font a PDF has taken for embedding (printingFont). */
  private readonly embedded = new Set<FontFace>();
  /** each text's width in ems, for the texts of the last few hundred pages */
  private readonly widths = new RecentCache<string, number>(WIDTHS_KEPT);
  private readonly metrics = new Map<FontFace, FaceMetrics>();
  private store: FontPairStore | null | undefined;
  private readonly fingerprints = new Map<FontFace, string>();
  private readonly coverage = new Map<FontFace, Uint8Array>();
  private readonly mixed = new Map<string, MixedText>();
  private readonly ascents = new Map<FontFace | FallbackFont, number>();
  /** what each fallback not installed has, from the pairs store (null: the store does not say) */
  private readonly apartCoverage = new Map<FallbackFont, ((codePoint: number) => boolean) | null>();

  constructor(private readonly files: FontFiles) {}

  /** The file of a face or fallback. */
  private fontFile(key: FontFace | FallbackFont): string {
    const file = this.files.fonts[key];
    if (!file) throw new FontFileError(`no font file for "${key}"`);
    return file;
  }

  /** A font file parsed; one that cannot be read is muster's own installation fault. */
  private openFont(key: FontFace | FallbackFont): Font {
    let bytes = this.fontBytes.get(key);
    if (!bytes) {
      bytes = this.files.read(this.fontFile(key));
      if (!bytes) throw new FontFileError(`the font file ${this.fontFile(key)} cannot be read: reinstall muster (npm install)`);
      this.fontBytes.set(key, bytes);
    }
    return create(bytes as Buffer) as Font;
  }

  /**
   * A fallback font as a PDF embeds it: with glyphs of its own for each PDF (glyphsOfItsOwn).
   * fontkit keeps in a font object the glyphs made for one PDF, so a font object shared by two
   * PDFs of one run (or of one page in the browser) gave the second PDF other bytes than a
   * fresh run makes.
   */
  embeddingFallbackFont(key: FallbackFont): Font {
    return glyphsOfItsOwn(this.fallbackFont(key));
  }

  /** Whether a fallback's font is installed: the Chinese and Korean ones come in a package of their own. */
  isInstalled(key: FallbackFont): boolean {
    return Boolean(this.files.fonts[key]);
  }

  /**
   * Whether a fallback has a glyph: asked of the font where it is installed, else of the
   * characters the build listed for it. Where the build listed none, every character is taken
   * as the font's: a run then asks for the package rather than print another font's glyph than
   * a run with it would.
   */
  private fallbackHas(key: FallbackFont, codePoint: number): boolean {
    if (this.isInstalled(key)) return hasGlyph(this.fallbackFont(key), codePoint);
    let coverage = this.apartCoverage.get(key);
    if (coverage === undefined) {
      const text = this.pairStore()?.apart?.[key];
      coverage = text === undefined ? null : coverageOf(text);
      this.apartCoverage.set(key, coverage);
    }
    return coverage ? coverage(codePoint) : true;
  }

  /** A fallback font, opened on first use. The PDF renderer embeds this same object. */
  fallbackFont(key: FallbackFont): Font {
    return this.openedOnce(this.fallbacks, key);
  }

  private openedOnce<K extends FontFace | FallbackFont>(opened: Map<K, Font>, key: K): Font {
    let loaded = opened.get(key);
    if (!loaded) {
      loaded = this.openFont(key);
      opened.set(key, loaded);
    }
    return loaded;
  }

  private anyFont(key: FontFace | FallbackFont): Font {
    return isFace(key) ? this.font(key) : this.fallbackFont(key);
  }

  /**
   * The parsed font for a face, opened once per store. The PDF renderer embeds these same
   * objects, so measuring and printing share one parse and one set of glyph metrics.
   */
  font(face: FontFace): Font {
    return this.openedOnce(this.fonts, face);
  }

  private metricsFor(face: FontFace): FaceMetrics {
    let found = this.metrics.get(face);
    if (!found) {
      const stored = this.pairStore()?.fonts[face];
      const built = stored && stored.fingerprint === this.fontFingerprint(face) ? { chars: new Set([...stored.chars].map((c) => c.codePointAt(0)!)), pairs: stored.pairs } : undefined;
      found = { built, advances: new Map(), pairs: new Map(), shaped: new Map(), fallback: new Map() };
      this.metrics.set(face, found);
    }
    return found;
  }

  private glyphOf(face: FontFace, m: FaceMetrics, codePoint: number): { id: number; advance: number } {
    let glyph = m.advances.get(codePoint);
    if (!glyph) {
      const g = this.font(face).glyphForCodePoint(codePoint);
      glyph = { id: g.id, advance: g.advanceWidth };
      m.advances.set(codePoint, glyph);
    }
    return glyph;
  }

  private pairOf(face: FontFace, m: FaceMetrics, a: number, b: number): number | null {
    const key = pairKey(a, b);
    let adjust = m.pairs.get(key);
    if (adjust === undefined && m.built?.chars.has(a) && m.built.chars.has(b)) {
      // a stored null is a ligature; a pair not stored is zero
      const stored = `${a},${b}`;
      adjust = stored in m.built.pairs ? m.built.pairs[stored]! : 0;
      m.pairs.set(key, adjust);
    }
    if (adjust === undefined) {
      adjust = this.measurePair(face, a, b);
      m.pairs.set(key, adjust);
    }
    return adjust;
  }

  /** How two characters sit together: the kerning between them, or null for a ligature. */
  measurePair(face: FontFace, a: number, b: number): number | null {
    const first = this.font(face).glyphForCodePoint(a);
    const second = this.font(face).glyphForCodePoint(b);
    const run = this.font(face).layout(String.fromCodePoint(a, b));
    const same = run.glyphs.length === 2 && run.glyphs[0]!.id === first.id && run.glyphs[1]!.id === second.id;
    return same ? run.advanceWidth - first.advanceWidth - second.advanceWidth : null;
  }

  private pairStore(): FontPairStore | undefined {
    if (this.store === undefined) {
      try {
        const bytes = this.files.read(this.files.pairStore);
        if (!bytes) throw new Error('no store');
        const parsed = JSON.parse(new TextDecoder().decode(bytes)) as FontPairStore;
        this.store = parsed.format === 1 && parsed.fonts ? parsed : null;
      } catch {
        this.store = null;
      }
    }
    return this.store ?? undefined;
  }

  /**
   * The font file's identity and the fontkit version that shaped its pairs, so a store made
   * from another version of either is not used.
   */
  fontFingerprint(face: FontFace): string {
    let known = this.fingerprints.get(face);
    if (known === undefined) {
      known = `${this.files.fingerprint(this.files.read(this.fontFile(face)) ?? new Uint8Array())} fontkit ${this.files.fontkitVersion}`;
      this.fingerprints.set(face, known);
    }
    return known;
  }

  /**
   * Walks a run character by character with the kerning its pair adds before it; stops and
   * answers false at a pair that joins into a ligature, which only fontkit can lay out.
   */
  private walkRun(face: FontFace, m: FaceMetrics, run: string, visit: (codePoint: number, kern: number) => void): boolean {
    let previous = -1;
    for (const char of run) {
      const codePoint = char.codePointAt(0)!;
      let kern = 0;
      if (previous >= 0) {
        const adjust = this.pairOf(face, m, previous, codePoint);
        if (adjust === null) return false;
        kern = adjust;
      }
      visit(codePoint, kern);
      previous = codePoint;
    }
    return true;
  }

  /** One run's width in font units. */
  private runUnits(face: FontFace, m: FaceMetrics, run: string): number {
    let units = 0;
    const walked = this.walkRun(face, m, run, (codePoint, kern) => {
      units += kern + this.glyphOf(face, m, codePoint).advance;
    });
    return walked ? units : this.shapedUnits(face, m, run);
  }

  private shapedUnits(face: FontFace, m: FaceMetrics, run: string): number {
    let units = m.shaped.get(run);
    if (units === undefined) {
      units = this.font(face).layout(run).advanceWidth;
      m.shaped.set(run, units);
    }
    return units;
  }

  /**
   * Width in points of a single line of text as pdfkit sets it. pdfkit shapes a line a word at
   * a time, each word with the spaces that follow it, so there is no kerning across a space;
   * the same split is made here. Characters the face lacks are measured in the fallback font
   * that draws them (see mixedText).
   */
  textWidth(text: string, face: FontFace, size: number): number {
    if (text.length === 0) return 0;
    const key = `${face}\u0000${text}`;
    let em = this.widths.get(key);
    if (em === undefined) {
      em = this.covered(text, face) ? this.faceEm(text, face) : this.mixedText(text, face)!.width;
      this.widths.set(key, em);
    }
    return em * size;
  }

  /** Width in ems of text the face draws alone, word by word as pdfkit does. */
  private faceEm(text: string, face: FontFace): number {
    const m = this.metricsFor(face);
    let units = 0;
    for (const run of pdfkitRuns(text)) units += this.runUnits(face, m, run);
    return units / this.font(face).unitsPerEm;
  }

  /**
   * Whether the face has a glyph for every character: the common case, so it is quick. Printable
   * ASCII needs no look-up; other characters of the Basic Multilingual Plane are looked up once
   * per face and kept in a table of one byte each (0 not yet known, 1 the face has it, 2 it lacks it).
   */
  private covered(text: string, face: FontFace): boolean {
    if (PRINTABLE_ASCII.test(text)) return true;
    let known = this.coverage.get(face);
    if (!known) {
      known = new Uint8Array(0x10000);
      this.coverage.set(face, known);
    }
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x20 && code < 0x7f) continue;
      let state = known[code]!;
      if (state === 0) {
        // a surrogate pair is a character beyond the table: looked up each time (rare)
        const codePoint = text.codePointAt(i)!;
        if (codePoint > 0xffff) i += 1;
        state = this.glyphOf(face, this.metricsFor(face), codePoint).id === 0 ? 2 : 1;
        if (code < 0xd800 || code > 0xdfff) known[code] = state;
      }
      if (state === 2) return false;
    }
    return true;
  }

  /**
   * How a line the face lacks characters for is drawn: each character in the face where it has
   * a glyph, else in the first fallback font that has one (its script's first); runs of Hebrew
   * and Arabic right to left (see bidi.ts). Undefined when the face has every character.
   * Invisible characters no font has are left out; any other character no font has stays with
   * the face, which draws its box, and is named in `missing`. A character whose fallback is
   * not installed (see fallbackHas) stays with the face too, named in `wanting`.
   */
  mixedText(text: string, face: FontFace): MixedText | undefined {
    if (this.covered(text, face)) return undefined;
    const key = `${face}\u0000${text}`;
    let found = this.mixed.get(key);
    if (found) return found;
    const m = this.metricsFor(face);
    const cells: Cell<FontFace | FallbackFont>[] = [];
    const missing = new Set<string>();
    const wanting = new Set<string>();
    const wantingFonts = new Set<FallbackFont>();
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      const previous = cells[cells.length - 1]?.font;
      if (previous !== undefined && !isFace(previous) && CLINGS.test(char) && hasGlyph(this.fallbackFont(previous), codePoint)) {
        cells.push({ char, font: previous });
        continue;
      }
      if (this.glyphOf(face, m, codePoint).id !== 0) {
        cells.push({ char, font: face });
        continue;
      }
      let fallback = m.fallback.get(codePoint);
      if (fallback === undefined) {
        const first = familyOf(codePoint);
        const families = first ? [first, ...FAMILIES.filter((f) => f !== first)] : FAMILIES;
        // nothing draws a control or a variation selector: no need to open every font to learn it
        const family = INVISIBLE.test(char) ? undefined : families.find((f) => this.fallbackHas(fallbackFor(f, face), codePoint));
        fallback = family ? fallbackFor(family, face) : null;
        m.fallback.set(codePoint, fallback);
      }
      if (fallback && !this.isInstalled(fallback)) {
        wanting.add(char);
        wantingFonts.add(fallback);
        cells.push({ char, font: face });
      } else if (fallback) cells.push({ char, font: fallback });
      else if (!INVISIBLE.test(char)) {
        missing.add(char);
        cells.push({ char, font: face });
      }
    }
    const pieces: TextPiece[] = [];
    let x = 0;
    for (const run of visualRuns(cells)) {
      const width = isFace(run.font) ? this.faceEm(run.text, run.font) : this.fallbackEm(run.text, run.font);
      pieces.push({ text: run.text, font: run.font, x, width, rtl: run.rtl });
      x += width;
    }
    found = { pieces, width: x, missing: [...missing], wanting: [...wanting], wantingFonts: [...wantingFonts] };
    this.mixed.set(key, found);
    return found;
  }

  /**
   * Width in ems of a run in a fallback font, shaped whole by fontkit: joined Arabic letters, and
   * reversed right-to-left runs, are as wide as pdfkit sets them (it asks the font the same).
   * A fallback run never holds a space, so pdfkit's word split leaves it whole.
   */
  private fallbackEm(text: string, key: FallbackFont): number {
    const f = this.fallbackFont(key);
    return f.layout(text).advanceWidth / f.unitsPerEm;
  }

  /**
   * The face as pdfkit embeds it: the same font, but a word is laid out from the advances and
   * pairs above instead of being shaped again (pdfkit shapes every distinct word of every
   * document). Words with a ligature, and any call with features, go to fontkit itself. The
   * result is the same glyphs at the same positions: the tests compare the PDF bytes.
   */
  printingFont(face: FontFace): Font {
    // fontkit keeps in a font object the glyphs made for a PDF (see glyphsOfItsOwn), so the
    // first PDF of a store takes the font measured with (its glyphs already decoded: a third of
    // the run's font work), each later one the same tables with glyphs of its own. The measured
    // advances and pairs are shared.
    const real = this.embedded.has(face) ? glyphsOfItsOwn(this.font(face)) : this.font(face);
    this.embedded.add(face);
    const m = this.metricsFor(face);
    const layout = (text: string, features?: unknown): GlyphRun => {
      if (features !== undefined) return real.layout(text, features);
      const glyphs: Glyph[] = [];
      const positions: GlyphPosition[] = [];
      let advanceWidth = 0;
      const walked = this.walkRun(face, m, text, (codePoint, kern) => {
        // kerning moves the next glyph: fontkit adds it to the first glyph's advance
        if (kern !== 0) positions[positions.length - 1]!.xAdvance += kern;
        const glyph = real.glyphForCodePoint(codePoint);
        glyphs.push(glyph);
        positions.push({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 });
        advanceWidth += kern + glyph.advanceWidth;
      });
      return walked ? { glyphs, positions, advanceWidth } : real.layout(text);
    };
    return Object.create(real, { layout: { value: layout } }) as Font;
  }

  /** Width in points of a line shaped whole by fontkit, word by word as pdfkit does: the reference textWidth is tested against. */
  shapedTextWidth(text: string, face: FontFace, size: number): number {
    const f = this.font(face);
    let units = 0;
    for (const run of pdfkitRuns(text)) units += f.layout(run).advanceWidth;
    return (units / f.unitsPerEm) * size;
  }

  /** Distance from the top of a line box to the baseline, as pdfkit places text. */
  ascent(face: FontFace | FallbackFont, size: number): number {
    let perEm = this.ascents.get(face);
    if (perEm === undefined) {
      const f = this.anyFont(face);
      perEm = f.ascent / f.unitsPerEm;
      this.ascents.set(face, perEm);
    }
    return perEm * size;
  }
}
