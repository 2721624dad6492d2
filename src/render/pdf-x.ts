/**
 * What makes a print shop's CMYK file a PDF/X-1a:2003 file (ISO 15930-4) beyond what muster's
 * shop files already are (CMYK only, fonts embedded, no transparency, TrimBox and BleedBox on
 * every page, PDF 1.3): the version key and Trapped in the info dictionary, and an output intent
 * naming the print condition the colours were made for. The standard lets that intent name a
 * condition in the ICC's registry of characterisations instead of embedding its profile; no
 * press profile ships in a package muster may use, so it names one.
 */

/**
 * The registered characterisation named: SWOP on grade 5 paper, the U.S. web-offset condition
 * behind "U.S. Web Coated (SWOP) v2", the profile U.S. print-on-demand shops commonly ask CMYK
 * files in (docs/print-shops.md says to check it before a large order).
 */
export const PRINT_CONDITION = {
  identifier: 'CGATS TR 001',
  condition: 'SWOP (Publication) printing in the U.S., grade 5 paper',
  registry: 'http://www.color.org',
} as const;

export const PDFX_VERSION = 'PDF/X-1a:2003';

/** A PDF name where pdfkit would write a string: pdfkit writes an object it does not know as its text. */
class PdfName {
  constructor(private readonly name: string) {}
  get [Symbol.toStringTag](): string {
    return 'PdfName';
  }
  toString(): string {
    return `/${this.name}`;
  }
}

/** The info dictionary's entries PDF/X-1a:2003 asks for besides Title and the two dates. */
export function pdfxInfo(): Record<string, unknown> {
  // the file's colours are not trapped: the shop traps them, or prints them as they are
  return { GTS_PDFXVersion: PDFX_VERSION, Trapped: new PdfName('False') };
}

interface PdfWithCatalog {
  ref(data: Record<string, unknown>): { end(): void };
  _root: { data: Record<string, unknown> };
}

/** The catalogue's output intent, naming the registered print condition (no profile embedded). */
export function addOutputIntent(pdf: PDFKit.PDFDocument): void {
  const doc = pdf as unknown as PdfWithCatalog;
  const intent = doc.ref({
    Type: 'OutputIntent',
    S: 'GTS_PDFX',
    OutputConditionIdentifier: new String(PRINT_CONDITION.identifier),
    OutputCondition: new String(PRINT_CONDITION.condition),
    RegistryName: new String(PRINT_CONDITION.registry),
    Info: new String(PRINT_CONDITION.condition),
  });
  intent.end();
  doc._root.data['OutputIntents'] = [intent];
}
