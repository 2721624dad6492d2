import { coverSheet, gatherBooklet, type ContentsEntry } from '../doc/booklet.js';
import type { BookletNode } from '../doc/model.js';
import type { FontStore } from './fonts.js';
import { withFallbackFonts } from './fallback.js';
import { planDocument, type DocumentPlan } from './document-plan.js';
import type { PlacedDocument, PlacedPage } from './primitives.js';

/**
 * A booklet's pages: the cover with the contents, then every part, numbered through the whole
 * ("page 12 of 26"). Each part is measured once; the cover is measured until the page numbers
 * it lists no longer move it onto another page.
 */
export function layoutBooklet(fonts: FontStore, booklet: BookletNode): PlacedDocument {
  const parts = gatherBooklet(booklet).map((part) => ({ ...part, plan: planDocument(fonts, part.doc) }));
  const entriesFrom = (coverPages: number): ContentsEntry[] => {
    let first = coverPages + 1;
    return parts.flatMap(({ label, plan }) => {
      const entries = plan.outline.map((o) => ({ part: label, sheet: o.title, page: first + o.page }));
      first += plan.pageCount;
      return entries;
    });
  };
  const coverDoc = (entries: ContentsEntry[]) => ({ meta: { ...booklet.meta, bookTitle: booklet.meta.title }, sheets: [coverSheet(booklet, entries)] });
  let cover: DocumentPlan = planDocument(fonts, coverDoc(entriesFrom(1)));
  // more contents than a page: the numbers shift by the cover's extra pages, and are listed again
  for (let tries = 0; tries < 3; tries++) {
    const again = planDocument(fonts, coverDoc(entriesFrom(cover.pageCount)));
    if (again.pageCount === cover.pageCount) {
      cover = again;
      break;
    }
    cover = again;
  }
  const total = cover.pageCount + parts.reduce((n, p) => n + p.plan.pageCount, 0);
  const pages: PlacedPage[] = cover.pages({ first: 1, total });
  for (const { plan } of parts) pages.push(...plan.pages({ first: pages.length + 1, total }));
  const fonted = withFallbackFonts(fonts, pages);
  return { meta: booklet.meta, pages: fonted.pages, missingGlyphs: fonted.missingGlyphs, wantingGlyphs: fonted.wantingGlyphs };
}
