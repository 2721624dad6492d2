// The parts of fontkit muster uses for measuring text; the package ships no types.
declare module 'fontkit' {
  export interface Glyph {
    advanceWidth: number;
  }
  export interface GlyphRun {
    advanceWidth: number;
  }
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    lineGap: number;
    capHeight: number;
    layout(text: string): GlyphRun;
  }
  export function openSync(path: string): Font;
}
