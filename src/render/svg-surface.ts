import type { Font, Glyph } from 'fontkit';
import { glyphsOfItsOwn, type FontStore } from '../layout/fonts.js';
import { EVEN_ODD, ICON_BOX, ICONS, type IconName } from '../vocab/icons.js';
import type { FallbackFont, FontFace, PlacedPage } from '../layout/primitives.js';
import { renderPages } from './render.js';
import type { Surface, TrimBox } from './surface.js';
import { wordsOf } from './words.js';

/**
 * Draws pages as SVG, for a print shop that takes images (--shop mpc): each page one SVG
 * document a rasteriser turns into a PNG. Text is drawn as the outlines of the very glyphs the
 * PDF embeds, shaped a word at a time as pdfkit shapes it, so an image and the PDF of the same
 * page set every letter in the same place, and the rasteriser needs no fonts of its own.
 */

interface Paint {
  fill?: string;
  stroke?: string;
  lineWidth?: number;
  dash?: number;
}

/** A number as SVG wants it: at most three decimals, no exponent. */
function num(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** A scale factor: to six figures, since a glyph's font units are thousands of times a point. */
function factor(n: number): string {
  return String(Number(n.toPrecision(6)));
}

/** Characters an attribute's or the text's value may not hold as themselves. */
function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}

class SvgSurface implements Surface {
  readonly pages: string[] = [];
  private body: string[] = [];
  private defs: string[] = [];
  private size: { width: number; height: number } | undefined;
  /** each glyph's id in the page's defs, by font and glyph; a font's number is its place in the map */
  private glyphIds = new Map<Font, { font: number; ids: Map<number, string> }>();
  private iconIds = new Map<IconName, string>();

  constructor(private readonly fonts: FontStore) {}

  beginPage(width: number, height: number, _trim?: TrimBox): void {
    this.endPage();
    this.size = { width, height };
  }

  /** The page drawn so far as one SVG document, white under everything as paper is. */
  endPage(): void {
    if (!this.size) return;
    const { width, height } = this.size;
    this.pages.push(
      [
        `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">`,
        this.defs.length > 0 ? `<defs>${this.defs.join('')}</defs>` : '',
        `<rect width="${num(width)}" height="${num(height)}" fill="#ffffff"/>`,
        // PDF's default mitre limit, where SVG's own is 4: sharp corners as the PDF draws them
        `<g stroke-miterlimit="10">${this.body.join('')}</g>`,
        '</svg>',
      ].join(''),
    );
    this.body = [];
    this.defs = [];
    this.glyphIds = new Map();
    this.iconIds = new Map();
    this.size = undefined;
  }

  /**
   * The store's font with glyphs of these images' own: fontkit keeps each glyph it makes with
   * the characters it was first made for, and the store's font is the one the next PDF of the
   * run embeds, whose ToUnicode map is written from them (a PDF made after images lost its
   * full stops' text).
   */
  private ownFont(font: Font): Font {
    let own = this.ownFonts.get(font);
    if (!own) this.ownFonts.set(font, (own = glyphsOfItsOwn(font)));
    return own;
  }
  private readonly ownFonts = new Map<Font, Font>();

  text(text: string, x: number, y: number, face: FontFace, size: number, color: string, rotate?: number, fallback?: FallbackFont): void {
    const font = this.ownFont(fallback ? this.fonts.fallbackFont(fallback) : this.fonts.font(face));
    const scale = size / font.unitsPerEm;
    const uses: string[] = [];
    // lines below the first as pdfkit sets them: a line's height with the font's gap
    const lineHeight = ((font.ascent - font.descent + font.lineGap) / font.unitsPerEm) * size;
    text.split('\n').forEach((line, n) => {
      const baseline = y + n * lineHeight + this.fonts.ascent(fallback ?? face, size);
      let advance = 0;
      for (const word of wordsOf(line)) {
        const run = font.layout(word);
        run.glyphs.forEach((glyph, i) => {
          const position = run.positions[i]!;
          const id = this.glyphId(font, glyph);
          const gx = x + (advance + position.xOffset) * scale;
          const gy = baseline - position.yOffset * scale;
          if (id) uses.push(`<use xlink:href="#${id}" transform="matrix(${factor(scale)} 0 0 ${factor(-scale)} ${num(gx)} ${num(gy)})"/>`);
          advance += position.xAdvance;
        });
      }
    });
    if (uses.length === 0) return;
    const turn = rotate ? ` transform="rotate(${num(rotate)} ${num(x)} ${num(y)})"` : '';
    this.body.push(`<g fill="${escapeXml(color)}"${turn}>${uses.join('')}</g>`);
  }

  /** A glyph's outline in the page's defs, made the first time the page draws it; none for a blank one. */
  private glyphId(font: Font, glyph: Glyph): string | undefined {
    let known = this.glyphIds.get(font);
    if (!known) this.glyphIds.set(font, (known = { font: this.glyphIds.size, ids: new Map() }));
    const { ids } = known;
    let id = ids.get(glyph.id);
    if (id === undefined) {
      const outline = glyph.path.toSVG();
      id = outline === '' ? '' : `g${known.font}-${glyph.id}`;
      if (id) this.defs.push(`<path id="${id}" d="${outline}"/>`);
      ids.set(glyph.id, id);
    }
    return id || undefined;
  }

  rect(x: number, y: number, w: number, h: number, paint: Paint): void {
    this.body.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"${paintOf(paint)}/>`);
  }
  line(x1: number, y1: number, x2: number, y2: number, color: string, lineWidth: number): void {
    this.body.push(`<line x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}"${paintOf({ stroke: color, lineWidth })}/>`);
  }
  circle(cx: number, cy: number, r: number, paint: Paint): void {
    this.body.push(`<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}"${paintOf(paint)}/>`);
  }
  polygon(points: readonly (readonly [number, number])[], paint: Paint): void {
    this.body.push(`<polygon points="${pointsOf(points)}"${paintOf(paint)}/>`);
  }
  polyline(points: readonly (readonly [number, number])[], color: string, lineWidth: number, dash?: number): void {
    // round joins and ends, as the PDF draws a road or river
    this.body.push(`<polyline points="${pointsOf(points)}"${paintOf({ stroke: color, lineWidth, dash })} stroke-linejoin="round" stroke-linecap="round"/>`);
  }
  icon(name: IconName, x: number, y: number, size: number, color: string): void {
    let id = this.iconIds.get(name);
    if (id === undefined) {
      id = `i-${name}`;
      this.defs.push(`<path id="${id}" d="${ICONS[name]}"${EVEN_ODD.has(name) ? ' fill-rule="evenodd"' : ''}/>`);
      this.iconIds.set(name, id);
    }
    const scale = factor(size / ICON_BOX);
    this.body.push(`<use xlink:href="#${id}" fill="${escapeXml(color)}" transform="matrix(${scale} 0 0 ${scale} ${num(x)} ${num(y)})"/>`);
  }
}

function pointsOf(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ');
}

/** Fill, stroke and dash as attributes: an unfilled shape is only outlined, as in the PDF. */
function paintOf(paint: Paint): string {
  const parts = [` fill="${paint.fill ? escapeXml(paint.fill) : 'none'}"`];
  if (paint.stroke) parts.push(` stroke="${escapeXml(paint.stroke)}" stroke-width="${num(paint.lineWidth ?? 1)}"`);
  if (paint.stroke && paint.dash) parts.push(` stroke-dasharray="${num(paint.dash)} ${num(paint.dash)}"`);
  return parts.join('');
}

/** Each page as an SVG document, its size in points. */
export function pagesAsSvg(fonts: FontStore, pages: readonly PlacedPage[]): string[] {
  const surface = new SvgSurface(fonts);
  renderPages(pages, surface);
  surface.endPage();
  return surface.pages;
}
