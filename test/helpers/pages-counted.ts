// For tests that look only at what is laid out, never at a PDF's bytes: the PDF writer swapped
// (vi.mock of src/render/pdf-surface.js) for one that counts the pages it is handed and draws
// none of them (drawing them took about half of each print's time).

/** The module's exports, its PdfStream counting pages instead of drawing them. */
export function pagesCounted<T extends object>(real: T): T {
  class PdfStream {
    pages = 0;
    add(pages: readonly unknown[]): void {
      this.pages += pages.length;
    }
    take(): Buffer[] {
      return [];
    }
    async end(): Promise<Buffer[]> {
      return [];
    }
  }
  return { ...real, PdfStream };
}
