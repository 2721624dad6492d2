import type { BookletNode, DeckNode, DocumentNode, Run, SheetNode, TableBlock } from './model.js';

/**
 * A booklet as it is printed: its parts in order, each without its roll log and cards, then
 * one appendix with every part's rolls (several parts a page, each titled with its part), then
 * the cards of all parts, one deck per kind, each card marked with the part it belongs to.
 * Nothing is left out: a booklet of nine packets prints the same tables and cards as the nine
 * packets would, in about half the pages.
 */
export function gatherBooklet(booklet: BookletNode): { label: string; doc: DocumentNode }[] {
  const meta = { ...booklet.meta, bookTitle: booklet.meta.title };
  const bound = (doc: DocumentNode): DocumentNode => ({ ...doc, meta: { ...doc.meta, print: booklet.meta.print ?? doc.meta.print, bookTitle: booklet.meta.title } });
  const rolls: SheetNode = { title: 'Every roll', role: 'rolls', blocks: [] };
  const decks: DeckNode[] = [];
  const parts = booklet.parts.map(({ label, short, doc }) => {
    for (const sheet of doc.sheets.filter((s) => s.role === 'rolls')) {
      rolls.blocks.push(...sheet.blocks.map((block) => ({ ...block, title: `${label}: ${block.title.replace(/^Rolls/, 'rolls')}` })));
    }
    for (const deck of doc.decks ?? []) {
      const cards = deck.cards.map((card) => ({ ...card, front: { ...card.front, footer: { ...card.front.footer, right: short } } }));
      const same = decks.find((d) => d.title === deck.title);
      if (same) same.cards.push(...cards);
      else decks.push({ ...deck, cards });
    }
    const kept: DocumentNode = { ...doc, sheets: doc.sheets.filter((s) => s.role !== 'rolls') };
    delete kept.decks;
    return { label, doc: bound(kept) };
  });
  const back: { label: string; doc: DocumentNode }[] = [];
  if (rolls.blocks.length > 0) back.push({ label: 'Every roll', doc: { meta: { ...meta, title: 'Every roll, part by part' }, sheets: [rolls] } });
  if (decks.length > 0) back.push({ label: 'Cards', doc: { meta: { ...meta, title: 'Cards to cut out' }, sheets: [], decks } });
  return [...parts, ...back];
}

/** Where each part and each of its sheets begins, as the contents page lists them. */
export interface ContentsEntry {
  part: string;
  sheet: string;
  page: number;
}

/** The cover: the booklet's title and what it holds, then the contents with page numbers. */
export function coverSheet(booklet: BookletNode, entries: readonly ContentsEntry[]): SheetNode {
  const rows: Run[][][] = entries.map((e, i) => {
    const first = i === 0 || entries[i - 1]!.part !== e.part;
    return [first ? [{ text: e.part, style: 'bold' }] : [{ text: '' }], [{ text: e.sheet === e.part ? '' : e.sheet }], [{ text: String(e.page) }]];
  });
  const contents: TableBlock = {
    kind: 'table',
    id: 'contents',
    title: 'Contents',
    section: '',
    width: 'full',
    columns: [
      { label: 'Part', align: 'left' },
      { label: 'Sheet', align: 'left' },
      { label: 'Page', align: 'right' },
    ],
    rows,
  };
  return {
    title: booklet.cover.title,
    blocks: [{ kind: 'text', title: booklet.meta.title, section: '', width: 'full', paragraphs: booklet.cover.paragraphs }, contents],
  };
}
