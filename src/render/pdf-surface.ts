import PDFDocument from 'pdfkit';
import { FACES, type FontStore } from '../layout/fonts.js';
import { EVEN_ODD, ICON_BOX, ICONS, type IconName } from '../vocab/icons.js';
import type { FallbackFont, FontFace, PlacedDocument, PlacedPage } from '../layout/primitives.js';
import type { DocumentMeta } from '../doc/model.js';
import { renderPages } from './render.js';
import type { Surface, TrimBox } from './surface.js';
import { cmykOf } from './cmyk.js';
import { addOutputIntent, pdfxInfo } from './pdf-x.js';
import { wordsOf } from './words.js';
import { RecentCache } from '../layout/recent-cache.js';
import { objectOffsets, type ObjectOffsets } from './object-offsets.js';
import { binaryString } from '../vocab/binary-string.js';

/**
 * A fixed date for the PDF's info dictionary. pdfkit derives the file ID from the info, so
 * the date must be given to the constructor: set later, the ID would already differ.
 */
export const FIXED_PDF_DATE = new Date(Date.UTC(2024, 0, 1, 0, 0, 0));

interface Paint {
  fill?: string;
  stroke?: string;
  lineWidth?: number;
}

/** A number as PDF content wants it: no exponent, at most four decimals. */
function num(n: number): string {
  return String(Math.round(n * 10000) / 10000);
}

/**
 * An icon's outline as PDF path operators in its 24-unit box, made once per icon: pdfkit would
 * otherwise parse the SVG path (arcs included) on every card. pdfkit's own SVG reader does the
 * parsing, so the outline is exactly the one `path()` would draw.
 */
const ICON_OPS = new Map<IconName, string>();
function iconOps(name: IconName): string {
  let ops = ICON_OPS.get(name);
  if (ops === undefined) {
    const out: string[] = [];
    // the current point and the subpath's start, for quadratic curves (PDF has only cubics)
    let at = [0, 0];
    let start = [0, 0];
    const recorder = {
      moveTo: (x: number, y: number) => {
        out.push(`${num(x)} ${num(y)} m`);
        at = start = [x, y];
      },
      lineTo: (x: number, y: number) => {
        out.push(`${num(x)} ${num(y)} l`);
        at = [x, y];
      },
      bezierCurveTo: (a: number, b: number, c: number, d: number, x: number, y: number) => {
        out.push(`${num(a)} ${num(b)} ${num(c)} ${num(d)} ${num(x)} ${num(y)} c`);
        at = [x, y];
      },
      quadraticCurveTo: (qx: number, qy: number, x: number, y: number) => {
        const [x0, y0] = at as [number, number];
        recorder.bezierCurveTo(x0 + (2 / 3) * (qx - x0), y0 + (2 / 3) * (qy - y0), x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), x, y);
      },
      closePath: () => {
        out.push('h');
        at = start;
      },
    };
    // pdfkit's SVG reader calls only these five methods on the object it is given
    (PDFDocument.prototype as unknown as { path(this: unknown, d: string): void }).path.call(recorder, ICONS[name]);
    ops = `${out.join('\n')}\n${EVEN_ODD.has(name) ? 'f*' : 'f'}`;
    ICON_OPS.set(name, ops);
  }
  return ops;
}

/** Each "#rrggbb" colour's operators, worked out once: in RGB, and in CMYK for a print shop. */
const COLOR_OPS = new Map<string, { fill: string; stroke: string }>();
const CMYK_OPS = new Map<string, { fill: string; stroke: string }>();

/**
 * A colour set with its operators worked out once: a sheet of cards changes colour thousands of
 * times. The one operator that sets an RGB colour (rg, RG), each channel over 255 to four
 * decimals (the same 8-bit colour), where pdfkit writes a colour space and the colour with
 * every digit: colours were a sixth of a packet's page content. Any other colour form goes to
 * pdfkit itself.
 */
function setColor(pdf: PDFKit.PDFDocument, color: string, stroke: boolean, cmyk = false): void {
  let ops = (cmyk ? CMYK_OPS : COLOR_OPS).get(color);
  if (!ops && /^#[0-9a-f]{6}$/i.test(color)) {
    if (cmyk) {
      // k and K set a DeviceCMYK colour: no RGB anywhere in a print shop's file
      const inks = cmykOf(color).map(num).join(' ');
      ops = { fill: `${inks} k`, stroke: `${inks} K` };
      CMYK_OPS.set(color, ops);
    } else {
      const hex = parseInt(color.slice(1), 16);
      const rgb = [hex >> 16, (hex >> 8) & 0xff, hex & 0xff].map((part) => num(part / 255)).join(' ');
      ops = { fill: `${rgb} rg`, stroke: `${rgb} RG` };
      COLOR_OPS.set(color, ops);
    }
  }
  if (!ops && cmyk) throw new Error(`colour "${color}" is not #rrggbb: a print shop's file takes CMYK colours only`);
  if (!ops) {
    if (stroke) pdf.strokeColor(color);
    else pdf.fillColor(color);
    return;
  }
  pdf.addContent(stroke ? ops.stroke : ops.fill);
  // what fillColor() keeps: pdfkit sets underlines in the fill colour
  if (!stroke) (pdf as unknown as { _fillColor: unknown })._fillColor = [color, undefined];
}

/** Where pdfkit's layout puts a glyph, in thousandths of the font size. */
interface GlyphPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/** The parts of pdfkit's embedded font that setting a line of text needs. */
interface EmbeddedFont {
  id: string;
  ascender: number;
  scale: number;
  widths: number[];
  unicode: number[][];
  subset: { includeGlyph(glyphId: number): number };
  layoutRun(text: string): { glyphs: { id: number; advanceWidth: number; codePoints: number[] }[]; positions: GlyphPosition[] };
  ref(): unknown;
}

/**
 * A word (with the space after it) as the glyphs a PDF shows: pdfkit shapes text a word at a
 * time in the same way, so a line reads as its words in order. Most words have no kerned glyph
 * and none moved: such a word is kept as its glyphs' bytes alone (see KernedWord), half the room
 * of the record, which a batch keeps thousands of.
 */
type ShapedWord = string | KernedWord;

/** A word with a glyph the font kerns, or one it moves off its place. */
interface KernedWord {
  /**
   * the glyphs' ids in the file's subset, two bytes each as a literal string holds them, in
   * pieces: each but the last ends with a glyph the font kerns. Kept this short because a
   * batch keeps thousands of words, and with fontkit's positions they took four times the room.
   */
  pieces: string[];
  /** how far the last glyph of each piece but the last is kerned, in text space */
  kerns: number[];
  /** a glyph is moved off its place: set apart from the baseline or the advance */
  moved: boolean;
}

/**
 * How many shaped words a font keeps in each half of its cache: a batch of packets sets new words
 * on every page (seeds, rolls, places), which are let go once unused for a while.
 */
const WORDS_KEPT = 1024;

/** A word shaped in a font, its glyphs taken into the font's subset the first time it is set. */
function shapeWord(font: EmbeddedFont, word: string): ShapedWord {
  const run = font.layoutRun(word);
  const pieces: string[] = [];
  const kerns: number[] = [];
  // a piece's characters gathered and made into one flat string: added to a string a glyph at
  // a time, a long word was kept as a chain of some twenty joined pieces
  const piece: number[] = [];
  let moved = false;
  for (let i = 0; i < run.glyphs.length; i++) {
    const glyph = run.glyphs[i]!;
    const position = run.positions[i]!;
    const gid = font.subset.includeGlyph(glyph.id);
    pushLiteralByte(piece, gid >> 8);
    pushLiteralByte(piece, gid & 0xff);
    // what the font's widths and ToUnicode map are written from, as pdfkit's encode() keeps them
    font.widths[gid] ??= glyph.advanceWidth * font.scale;
    font.unicode[gid] ??= glyph.codePoints;
    if (position.xOffset || position.yOffset) moved = true;
    const kern = position.xAdvance - position.advanceWidth;
    if (kern !== 0) {
      pieces.push(binaryString(piece));
      kerns.push(kern);
      piece.length = 0;
    }
  }
  if (kerns.length === 0 && !moved) return binaryString(piece);
  pieces.push(binaryString(piece));
  return { pieces, kerns, moved };
}

/**
 * A byte as a PDF literal string holds it: as itself, but for the string's own brackets and
 * backslash, and the two line ends a reader would otherwise read as one. Glyph ids so written
 * take half the room of hex digits: text was two fifths of a packet's page content.
 */
function pushLiteralByte(chars: number[], byte: number): void {
  if (byte === 0x28 || byte === 0x29 || byte === 0x5c) chars.push(0x5c, byte);
  else if (byte === 0x0a) chars.push(0x5c, 0x6e);
  else if (byte === 0x0d) chars.push(0x5c, 0x72);
  else chars.push(byte);
}

/** pdfkit's writer of one line of text, which its text() calls for each line it sets. */
interface TextFragmentWriter {
  _fragment(text: string, x: number, y: number, options: object): void;
}

/**
 * The options text() hands its line writer for `{ lineBreak: false }`; the measured width and
 * word count are read only for links, underlines and strike-through, so they are given, not
 * measured.
 */
const ONE_LINE = Object.freeze({ lineBreak: false, columns: 0, columnGap: 18, rotation: 0, textWidth: 0, wordCount: 0 });

/**
 * Draws on pdfkit. It remembers the colours and line width in force and only writes an
 * operator when one changes: a sheet of cards sets the same few colours thousands of times.
 */
class PdfSurface implements Surface {
  private fill: string | undefined;
  private stroke: string | undefined;
  private width: number | undefined;
  private font: FontFace | FallbackFont | undefined;
  private size: number | undefined;
  /** fallback fonts are registered with pdfkit when first drawn: a Latin PDF never opens one */
  private readonly fallbacks = new Set<FallbackFont>();

  /** the current page's operators, written to it as one piece when the page is done */
  private readonly pending: string[] = [];

  /**
   * Lines of text in a row share one text object (BT ... ET), which ends before anything else
   * is drawn; in it the font is set again only when it changes.
   */
  private inText = false;
  private textFont: EmbeddedFont | undefined;
  private textSize: number | undefined;
  /** where the text object's last line starts, as a reader works it out (the page's axes, y down) */
  private lineAt: [number, number] | undefined;
  /** colours set for text stay inside its text object, where PDF allows them */
  private settingTextColor = false;
  /** each font's words as shaped so far (a font object belongs to one file) */
  private readonly shaped = new Map<EmbeddedFont, RecentCache<string, ShapedWord>>();

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly fonts: FontStore,
    private readonly cmyk = false,
  ) {
    // pdfkit turns every operator into bytes of its own as it is added (thousands a sheet, each
    // a small array to copy and collect); they are kept as text and handed over a page at a
    // time. The page receives the same bytes: each operator and its line end, in order.
    const pending = this.pending;
    const surface = this;
    (pdf as unknown as { addContent(data: string): unknown }).addContent = function addContent(this: unknown, data: string) {
      if (surface.inText && !surface.settingTextColor) surface.endText();
      pending.push(data);
      return this;
    };
  }

  private endText(): void {
    this.pending.push('ET');
    this.inText = false;
  }

  /** Hands the page what was drawn on it; before a new page starts and before the file ends. */
  flushPage(): void {
    if (this.inText) this.endText();
    if (this.pending.length === 0) return;
    (this.pdf as unknown as { page: { write(data: string): void } }).page.write(this.pending.join('\n'));
    this.pending.length = 0;
  }

  beginPage(width: number, height: number, trim?: TrimBox): void {
    this.flushPage();
    this.pdf.addPage({ size: [width, height], margin: 0 });
    if (trim) {
      // a print shop's page: cut at the TrimBox, the whole page its bleed (PDF counts up from the foot)
      const data = (this.pdf as unknown as { page: { dictionary: { data: Record<string, number[]> } } }).page.dictionary.data;
      data['TrimBox'] = [trim.x, height - trim.y - trim.h, trim.x + trim.w, height - trim.y].map((n) => Math.round(n * 1000) / 1000);
      data['BleedBox'] = [0, 0, width, height];
    }
    // a new page starts from the default graphics state
    this.fill = this.stroke = this.width = undefined;
  }
  private fillWith(color: string): void {
    if (this.fill !== color) setColor(this.pdf, color, false, this.cmyk);
    this.fill = color;
  }
  private strokeWith(color: string, lineWidth: number): void {
    if (this.stroke !== color) setColor(this.pdf, color, true, this.cmyk);
    if (this.width !== lineWidth) this.pdf.lineWidth(lineWidth);
    this.stroke = color;
    this.width = lineWidth;
  }
  private paint(paint: Paint): void {
    if (paint.fill) this.fillWith(paint.fill);
    if (paint.stroke) this.strokeWith(paint.stroke, paint.lineWidth ?? 1);
    if (paint.fill && paint.stroke) this.pdf.fillAndStroke();
    else if (paint.fill) this.pdf.fill();
    else if (paint.stroke) this.pdf.stroke();
  }
  text(text: string, x: number, y: number, face: FontFace, size: number, color: string, rotate?: number, fallback?: FallbackFont): void {
    const font = fallback ?? face;
    if (fallback && !this.fallbacks.has(fallback)) {
      this.pdf.registerFont(fallback, this.fonts.embeddingFallbackFont(fallback) as unknown as PDFKit.Mixins.PDFFontSource);
      this.fallbacks.add(fallback);
    }
    if (this.font !== font) this.pdf.font(font);
    if (this.size !== size) this.pdf.fontSize(size);
    this.font = font;
    this.size = size;
    if (rotate) {
      // the colour before the saved state: set inside it, the restore would take it back while
      // this surface still counted it as set
      this.fillWith(color);
      this.pdf.save().rotate(rotate, { origin: [x, y] });
    }
    if (text.includes('\n')) {
      if (!rotate) this.fillWith(color);
      this.pdf.text(text, x, y, { lineBreak: false });
    } else this.textLine(text, x, y, size, rotate ? undefined : color);
    if (rotate) this.pdf.restore();
  }

  /**
   * One laid-out line of text, at (x, y) its top left. pdfkit's own writer of a line would
   * save the state, flip the page's axes, open a text object, set the font, shape the line and
   * close all again for every line: most of a page's drawing time, and a third of its content.
   * Here the lines in a row share a text object whose matrix flips the glyphs upright, and each
   * word is shaped once (while it is among the last WORDS_KEPT).
   */
  private textLine(text: string, x: number, y: number, size: number, color: string | undefined): void {
    const font = (this.pdf as unknown as { _font: EmbeddedFont })._font;
    let words = this.shaped.get(font);
    if (!words) this.shaped.set(font, (words = new RecentCache(WORDS_KEPT)));
    const line: ShapedWord[] = [];
    for (const word of wordsOf(text)) {
      let shaped = words.get(word);
      // shaped again once let go, a word gives the same glyphs
      if (!shaped) words.set(word, (shaped = shapeWord(font, word)));
      line.push(shaped);
    }
    if (color !== undefined) {
      if (!this.inText) this.beginText();
      this.settingTextColor = true;
      this.fillWith(color);
      this.settingTextColor = false;
    }
    // a glyph the font moves off its place (none of muster's fonts does for the text it sets)
    // goes to pdfkit's own writer of a line, which sets such a glyph at its own place
    if (line.some((shaped) => typeof shaped !== 'string' && shaped.moved)) {
      (this.pdf as unknown as TextFragmentWriter)._fragment(text, x, y, ONE_LINE);
      return;
    }
    if (!this.inText) this.beginText();
    const page = (this.pdf as unknown as { page: { fonts: Record<string, unknown> } }).page;
    page.fonts[font.id] ??= font.ref();
    if (this.textFont !== font || this.textSize !== size) {
      this.pending.push(`/${font.id} ${num(size)} Tf`);
      this.textFont = font;
      this.textSize = size;
    }
    // the first line of a text object is placed by its matrix, the next ones by a move from the
    // line before (Td: a third of the room), counted from where a reader has the line, so the
    // rounding of one move never adds to the next
    const baseline = y + (font.ascender / 1000) * size;
    if (this.lineAt === undefined) {
      this.pending.push(`1 0 0 -1 ${num(x)} ${num(baseline)} Tm`);
      this.lineAt = [Number(num(x)), Number(num(baseline))];
    } else {
      const dx = num(x - this.lineAt[0]);
      const dy = num(this.lineAt[1] - baseline);
      this.pending.push(`${dx} ${dy} Td`);
      this.lineAt = [this.lineAt[0] + Number(dx), this.lineAt[1] - Number(dy)];
    }
    // the TJ operands: runs of glyph ids, each run followed by how far its last glyph is kerned
    const shown: string[] = [];
    let run = '';
    for (const shaped of line) {
      if (typeof shaped === 'string') {
        run += shaped;
        continue;
      }
      for (let i = 0; i < shaped.kerns.length; i++) {
        shown.push(`(${run + shaped.pieces[i]!}) ${num(-shaped.kerns[i]!)}`);
        run = '';
      }
      run += shaped.pieces[shaped.kerns.length]!;
    }
    if (run) shown.push(`(${run})`);
    if (shown.length > 0) this.pending.push(`[${shown.join(' ')}] TJ`);
  }

  private beginText(): void {
    this.pending.push('BT');
    this.inText = true;
    this.textFont = undefined;
    this.lineAt = undefined;
  }

  rect(x: number, y: number, w: number, h: number, paint: Paint): void {
    this.pdf.rect(x, y, w, h);
    this.paint(paint);
  }
  line(x1: number, y1: number, x2: number, y2: number, color: string, lineWidth: number): void {
    this.pdf.moveTo(x1, y1).lineTo(x2, y2);
    this.paint({ stroke: color, lineWidth });
  }
  circle(cx: number, cy: number, r: number, paint: Paint & { dash?: number }): void {
    if (paint.dash) this.pdf.save().dash(paint.dash, { space: paint.dash });
    this.pdf.circle(cx, cy, r);
    this.paint(paint);
    if (paint.dash) {
      this.pdf.restore();
      // the restore brings back the colours in force before the save: what paint() set inside
      // is gone, so the next shape must set its colours again (a second dashed circle in the
      // same colour was drawn in the colour before the first)
      this.fill = this.stroke = this.width = undefined;
    }
  }
  polygon(points: readonly (readonly [number, number])[], paint: Paint & { dash?: number }): void {
    this.dashed(paint.dash, () => {
      this.pdf.polygon(...(points as [number, number][]));
      this.paint(paint);
    });
  }
  polyline(points: readonly (readonly [number, number])[], color: string, lineWidth: number, dash?: number): void {
    // round joins and ends, so a bent road or river keeps its width round the bend
    this.pdf.save().lineJoin('round').lineCap('round');
    this.pdf.moveTo(points[0]![0], points[0]![1]);
    for (const [x, y] of points.slice(1)) this.pdf.lineTo(x, y);
    if (dash) this.pdf.dash(dash, { space: dash });
    this.paint({ stroke: color, lineWidth });
    this.pdf.restore();
    this.fill = this.stroke = this.width = undefined;
  }
  /** Draws with a dash pattern set inside a saved state; the colours are set again after. */
  private dashed(dash: number | undefined, draw: () => void): void {
    if (!dash) return draw();
    this.pdf.save().dash(dash, { space: dash });
    draw();
    this.pdf.restore();
    this.fill = this.stroke = this.width = undefined;
  }
  icon(name: IconName, x: number, y: number, size: number, color: string): void {
    this.fillWith(color);
    const scale = num(size / ICON_BOX);
    this.pdf.addContent(`q\n${scale} 0 0 ${scale} ${num(x)} ${num(y)} cm\n${iconOps(name)}\nQ`);
  }
}

/** Chunks of the PDF smaller than this are joined before they are handed on. */
const JOINED_BYTES = 64 * 1024;

const ASCII_BYTES = new TextEncoder();
const ASCII_TEXT = new TextDecoder();

/** How many written pages' references the page tree keeps as one entry. */
const KIDS_A_RUN = 256;

/** A pdfkit object reference as the page tree writes it: "id gen R" (its class's toString). */
interface WrittenReference {
  id: number;
  gen: number;
  offset?: number;
}

/**
 * A PDF written as it is drawn: pages are added in batches (a packet at a time) and the bytes
 * pdfkit has finished with are taken away after each batch, so a long batch of packets never
 * sits in memory whole. Same pages in, same bytes out.
 */
export class PdfStream {
  private readonly pdf: PDFKit.PDFDocument;
  private readonly surface: PdfSurface;
  private chunks: Buffer[] = [];
  private readonly ended: Promise<void>;
  pages = 0;

  constructor(meta: DocumentMeta, fonts: FontStore) {
    this.pdf = new PDFDocument({
      autoFirstPage: false,
      compress: true,
      // no default Helvetica: it would be loaded, and written into the file, but never used
      font: null as unknown as string,
      info: {
        Title: meta.title,
        Author: 'muster',
        Subject: `${meta.systemName} (${meta.rulesVersion})${meta.seed ? `, seed ${meta.seed}` : ''}`,
        Creator: `muster ${meta.toolVersion}`,
        Producer: `muster ${meta.toolVersion}`,
        CreationDate: FIXED_PDF_DATE,
        ModDate: FIXED_PDF_DATE,
        // a print shop's press file claims PDF/X-1a:2003, as its preflight asks
        ...(meta.print?.colour === 'cmyk' ? pdfxInfo() : {}),
      },
    });
    if (meta.print?.colour === 'cmyk') addOutputIntent(this.pdf);
    const kept = this.pdf as unknown as { _offsets: ObjectOffsets };
    kept._offsets = objectOffsets(kept._offsets);
    // the fonts measured by the layout are the fonts embedded: one parse serves both
    for (const face of FACES) {
      this.pdf.registerFont(face, fonts.printingFont(face) as unknown as PDFKit.Mixins.PDFFontSource);
    }
    this.pdf.on('data', (chunk: Buffer) => this.collect(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.pdf.on('end', resolve);
      this.pdf.on('error', reject);
    });
    this.surface = new PdfSurface(this.pdf, fonts, meta.print?.colour === 'cmyk');
  }

  /** Draws the pages; bytes of the pages before the last become available to take(). */
  add(pages: readonly PlacedPage[]): void {
    renderPages(pages, this.surface);
    this.pages += pages.length;
    this.releaseWrittenPages();
  }

  /** How many of the page tree's entries are already references alone, or runs of them. */
  private released = 0;
  /** How many entries at the front of the page tree are runs of KIDS_A_RUN references. */
  private runs = 0;

  /**
   * pdfkit keeps each page's dictionary, with its resources and content objects, in the page
   * tree until the file ends, though all it writes of them there is "N 0 R": some kilobytes a
   * page, so 3000 packets held a hundred megabytes. Each page already written is swapped for a
   * reference that writes the same, and every KIDS_A_RUN such references for one entry that
   * writes them all, as the page tree's array joins its entries (a space between): a few bytes
   * a page are left of it, and the bytes of the file do not change.
   */
  private releaseWrittenPages(): void {
    const kids = (this.pdf as unknown as { _root: { data: { Pages: { data: { Kids: WrittenReference[] } } } } })._root.data.Pages.data.Kids;
    for (; this.released < kids.length; this.released++) {
      const page = kids[this.released]!;
      // the page being drawn is written when the next one starts, or at the end
      if (page.offset === undefined) break;
      const reference = Object.create(Object.getPrototypeOf(page) as object) as WrittenReference;
      reference.id = page.id;
      reference.gen = page.gen;
      reference.offset = page.offset;
      kids[this.released] = reference;
    }
    while (this.released - this.runs >= KIDS_A_RUN) {
      // its text ("12 0 R 15 0 R ...") kept as bytes, outside the heap the collector marks
      const written = ASCII_BYTES.encode(kids.slice(this.runs, this.runs + KIDS_A_RUN).join(' '));
      // a reference to pdfkit, which writes what its toString gives
      const run = Object.create(Object.getPrototypeOf(kids[this.runs]!) as object, { toString: { value: () => ASCII_TEXT.decode(written) } }) as WrittenReference;
      kids.splice(this.runs, KIDS_A_RUN, run);
      this.runs += 1;
      this.released -= KIDS_A_RUN - 1;
    }
  }

  /** Chunks of fewer than JOINED_BYTES bytes, waiting to be joined into one. */
  private small: Buffer[] = [];
  private smallBytes = 0;

  /**
   * pdfkit hands over each object, and each line of the cross-reference table, as a chunk of
   * its own: 30,000 pages end with some 150,000 chunks of 20 bytes, which, kept apart until the
   * file was written, raised a long batch's peak memory at its very end. Small chunks are joined
   * as they come.
   */
  private collect(chunk: Buffer): void {
    if (chunk.length >= JOINED_BYTES) {
      this.joinSmall();
      this.chunks.push(chunk);
      return;
    }
    this.small.push(chunk);
    this.smallBytes += chunk.length;
    if (this.smallBytes >= JOINED_BYTES) this.joinSmall();
  }

  private joinSmall(): void {
    if (this.small.length === 0) return;
    this.chunks.push(this.small.length === 1 ? this.small[0]! : (Buffer.concat(this.small, this.smallBytes) as Buffer));
    this.small = [];
    this.smallBytes = 0;
  }

  /** The bytes written since the last call. */
  take(): Buffer[] {
    this.joinSmall();
    const taken = this.chunks;
    this.chunks = [];
    return taken;
  }

  /** Finishes the file: the last page, the fonts, the cross-reference table. */
  async end(): Promise<Buffer[]> {
    this.surface.flushPage();
    this.pdf.end();
    await this.ended;
    return this.take();
  }
}

/** Renders a placed document to PDF bytes in one go: same document in, same bytes out. */
export async function renderPdf(fonts: FontStore, doc: PlacedDocument): Promise<Buffer> {
  const stream = new PdfStream(doc.meta, fonts);
  stream.add(doc.pages);
  const head = stream.take();
  return Buffer.concat([...head, ...(await stream.end())]);
}
