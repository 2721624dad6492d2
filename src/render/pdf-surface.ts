import PDFDocument from 'pdfkit';
import { FONT_FILES } from '../layout/fonts.js';
import type { IconName } from '../doc/model.js';
import { EVEN_ODD, ICON_BOX, ICONS } from '../layout/icons.js';
import type { FontFace, PlacedDocument } from '../layout/primitives.js';
import { renderDocument } from './render.js';
import type { Surface } from './surface.js';

/**
 * A fixed date for the PDF's info dictionary. pdfkit derives the file ID from the info, so
 * the date must be given to the constructor: set later, the ID would already differ.
 */
export const FIXED_PDF_DATE = new Date(Date.UTC(2024, 0, 1, 0, 0, 0));

class PdfSurface implements Surface {
  constructor(private readonly pdf: PDFKit.PDFDocument) {}
  beginPage(width: number, height: number): void {
    this.pdf.addPage({ size: [width, height], margin: 0 });
  }
  text(text: string, x: number, y: number, face: FontFace, size: number, color: string, rotate?: number): void {
    if (rotate) this.pdf.save().rotate(rotate, { origin: [x, y] });
    this.pdf.font(face).fontSize(size).fillColor(color).text(text, x, y, { lineBreak: false });
    if (rotate) this.pdf.restore();
  }
  rect(x: number, y: number, w: number, h: number, paint: { fill?: string; stroke?: string; lineWidth?: number }): void {
    this.pdf.rect(x, y, w, h);
    if (paint.fill && paint.stroke) {
      this.pdf.lineWidth(paint.lineWidth ?? 1).fillAndStroke(paint.fill, paint.stroke);
    } else if (paint.fill) {
      this.pdf.fill(paint.fill);
    } else if (paint.stroke) {
      this.pdf.lineWidth(paint.lineWidth ?? 1).stroke(paint.stroke);
    }
  }
  line(x1: number, y1: number, x2: number, y2: number, color: string, lineWidth: number): void {
    this.pdf.moveTo(x1, y1).lineTo(x2, y2).lineWidth(lineWidth).stroke(color);
  }
  circle(cx: number, cy: number, r: number, paint: { fill?: string; stroke?: string; lineWidth?: number; dash?: number }): void {
    this.pdf.save();
    if (paint.dash) this.pdf.dash(paint.dash, { space: paint.dash });
    this.pdf.circle(cx, cy, r);
    if (paint.fill && paint.stroke) this.pdf.lineWidth(paint.lineWidth ?? 1).fillAndStroke(paint.fill, paint.stroke);
    else if (paint.fill) this.pdf.fill(paint.fill);
    else if (paint.stroke) this.pdf.lineWidth(paint.lineWidth ?? 1).stroke(paint.stroke);
    this.pdf.restore();
  }
  icon(name: IconName, x: number, y: number, size: number, color: string): void {
    this.pdf.save();
    this.pdf.translate(x, y).scale(size / ICON_BOX);
    this.pdf.path(ICONS[name]).fill(color, EVEN_ODD.has(name) ? 'even-odd' : 'non-zero');
    this.pdf.restore();
  }
}

/** Renders a placed document to PDF bytes: same document in, same bytes out. */
export async function renderPdf(doc: PlacedDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    info: {
      Title: doc.meta.title,
      Author: 'muster',
      Subject: `${doc.meta.systemName} (${doc.meta.rulesVersion})${doc.meta.seed ? `, seed ${doc.meta.seed}` : ''}`,
      Creator: `muster ${doc.meta.toolVersion}`,
      Producer: `muster ${doc.meta.toolVersion}`,
      CreationDate: FIXED_PDF_DATE,
      ModDate: FIXED_PDF_DATE,
    },
  });
  for (const [face, file] of Object.entries(FONT_FILES)) pdf.registerFont(face, file);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  renderDocument(doc, new PdfSurface(pdf));
  pdf.end();
  return done;
}
