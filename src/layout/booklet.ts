import { coverSheet, gatherBooklet, type ContentsEntry } from '../doc/booklet.js';
import type { BookletNode, DocumentNode } from '../doc/model.js';
import type { FontStore } from './fonts.js';
import { withFallbackFonts } from './fallback.js';
import { planDocument, twoSidedNote, type DocumentPlan } from './document-plan.js';
import type { PlacedDocument, PlacedPage } from './primitives.js';

/**
 * A booklet's pages: the cover with the contents, then every part, numbered through the whole
 * ("page 12 of 26"), then the rolls and the cards in the order that takes fewer pages. Each part is measured once; the cover is measured until the page numbers
 * it lists no longer move it onto another page.
 */
export function layoutBooklet(fonts: FontStore, booklet: BookletNode): PlacedDocument {
  const gathered = gatherBooklet(booklet);
  const planned = gathered.map((part) => ({ ...part, plan: planDocument(fonts, part.doc) }));
  // the first part's drawings after all its sheets (the ladder chart) go under the contents where
  // they fit there whole: a page less, and the chart is the first thing the booklet shows
  const front = gathered[0]?.doc;
  const liftable = front !== undefined && (front.drawings ?? []).length > 0 && (front.drawingsAfterSheet ?? front.sheets.length) >= front.sheets.length;
  const lifted = liftable ? [{ ...planned[0]!, plan: planDocument(fonts, { ...front, drawings: [] }) }, ...planned.slice(1)] : planned;
  const lift = liftable ? { drawings: front.drawings!, ...(front.drawingsTitle ? { drawingsTitle: front.drawingsTitle } : {}), drawingsShare: true } : undefined;
  const cover = planBooklet(fonts, booklet, lifted, lift);
  const kept = !lift || cover.coverPages <= planBooklet(fonts, booklet, lifted).coverPages ? cover : planBooklet(fonts, booklet, planned);
  const { parts, firsts, total, coverPlan } = kept;
  const note = twoSidedNote(parts.flatMap(({ plan }, i) => plan.twoSided(firsts[i]!)), total);
  const pages: PlacedPage[] = coverPlan.pages({ first: 1, total, ...(note ? { note } : {}) });
  for (const [i, { plan }] of parts.entries()) pages.push(...plan.pages({ first: firsts[i]!, total }));
  const fonted = withFallbackFonts(fonts, pages);
  return { meta: booklet.meta, pages: fonted.pages, missingGlyphs: fonted.missingGlyphs, wantingGlyphs: fonted.wantingGlyphs };
}

type PlannedPart = { label: string; doc: DocumentNode; plan: DocumentPlan };

/**
 * The cover and the parts in order, numbered: the back matter (every roll, the cards) in the
 * order that takes fewer pages, and the cover measured until the page numbers it lists no
 * longer move it onto another page. `drawings`: drawings the cover holds under its contents.
 */
function planBooklet(fonts: FontStore, booklet: BookletNode, planned: readonly PlannedPart[], drawings?: Pick<DocumentNode, 'drawings' | 'drawingsTitle' | 'drawingsShare'>) {
  const own = planned.slice(0, booklet.parts.length);
  const back = planned.slice(booklet.parts.length);
  // the back matter (every roll, the cards) in the order that takes fewer pages: a sheet of card
  // fronts falls on an odd page, with a page for notes before it where it would not, so the cards
  // straight after the packets may need none (the rolls first where both orders are as long)
  const length = (order: readonly PlannedPart[]) => order.reduce((first, { plan }) => first + plan.pageCount(first), 2);
  const orders = back.length === 2 ? [back, [back[1]!, back[0]!]] : [back];
  const parts = [...own, ...orders.reduce((best, order) => (length([...own, ...order]) < length([...own, ...best]) ? order : best))];
  // each part's count depends on where it starts (a sheet of fronts falls on an odd page)
  const starts = (coverPages: number): number[] => {
    const firsts: number[] = [];
    let first = coverPages + 1;
    for (const { plan } of parts) {
      firsts.push(first);
      first += plan.pageCount(first);
    }
    return firsts;
  };
  const entriesFrom = (coverPages: number): ContentsEntry[] => {
    const firsts = starts(coverPages);
    return parts.flatMap(({ label, plan }, i) => plan.outline(firsts[i]!).map((o) => ({ part: label, sheet: o.title, page: firsts[i]! + o.page })));
  };
  const coverDoc = (entries: ContentsEntry[]): DocumentNode => ({ meta: { ...booklet.meta, bookTitle: booklet.meta.title }, sheets: [coverSheet(booklet, entries)], ...drawings });
  let coverPlan: DocumentPlan = planDocument(fonts, coverDoc(entriesFrom(1)));
  // more contents than a page: the numbers shift by the cover's extra pages, and are listed again
  for (let tries = 0; tries < 3; tries++) {
    const again = planDocument(fonts, coverDoc(entriesFrom(coverPlan.pageCount(1))));
    if (again.pageCount(1) === coverPlan.pageCount(1)) {
      coverPlan = again;
      break;
    }
    coverPlan = again;
  }
  const coverPages = coverPlan.pageCount(1);
  const firsts = starts(coverPages);
  const total = coverPages + parts.reduce((n, p, i) => n + p.plan.pageCount(firsts[i]!), 0);
  return { parts, firsts, total, coverPages, coverPlan };
}
