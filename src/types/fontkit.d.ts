// The parts of fontkit muster uses for measuring text and drawing glyphs; the package ships no types.
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    /** the outline in font units, y up; toSVG() gives it as SVG path data */
    path: { toSVG(): string };
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    advanceWidth: number;
  }
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    lineGap: number;
    capHeight: number;
    layout(text: string, features?: unknown): GlyphRun;
    glyphForCodePoint(codePoint: number): Glyph;
  }
  export function openSync(path: string): Font;
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
