import type { BookletNode, CardNode, DeckNode, DocumentNode, Run, SheetNode, TableBlock } from './model.js';
import { asPrinted } from './cards-since.js';

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
  // one deck per kind, and for each of its cards what it prints but for its foot, and the parts it stands for
  const decks: { deck: DeckNode; alike: string[]; parts: string[][] }[] = [];
  const parts = booklet.parts.map(({ label, short, doc }) => {
    for (const sheet of doc.sheets.filter((s) => s.role === 'rolls')) {
      rolls.blocks.push(...sheet.blocks.map((block) => ({ ...block, title: `${label}: ${block.title.replace(/^Rolls/, 'rolls')}` })));
    }
    for (const deck of doc.decks ?? []) {
      let kind = decks.find((d) => d.deck.title === deck.title);
      if (!kind) {
        kind = { deck: { ...deck, cards: [] }, alike: [], parts: [] };
        decks.push(kind);
      }
      for (const card of deck.cards) {
        const alike = alikeBut(card);
        const i = kind.alike.indexOf(alike);
        const parts = i < 0 ? [short] : [...kind.parts[i]!, short];
        const front = { ...card.front, footer: { ...card.front.footer, right: partsWords(parts) } };
        if (i < 0) {
          kind.deck.cards.push({ ...card, front });
          kind.alike.push(alike);
          kind.parts.push(parts);
        } else {
          kind.deck.cards[i] = { ...kind.deck.cards[i]!, front };
          kind.parts[i] = parts;
        }
      }
    }
    const kept: DocumentNode = { ...doc, sheets: doc.sheets.filter((s) => s.role !== 'rolls') };
    delete kept.decks;
    return { label, doc: bound(kept) };
  });
  const back: { label: string; doc: DocumentNode }[] = [];
  if (rolls.blocks.length > 0) back.push({ label: 'Every roll', doc: { meta: { ...meta, title: 'Every roll, part by part' }, sheets: [rolls] } });
  if (decks.length > 0) back.push({ label: 'Cards', doc: { meta: { ...meta, title: 'Cards to cut out' }, sheets: [], decks: decks.map((d) => d.deck) } });
  return [...parts, ...back];
}

/** A card as printed, but for the part its foot names. */
function alikeBut(card: CardNode): string {
  return asPrinted({ ...card, front: { ...card.front, footer: { ...card.front.footer, right: '' } } });
}

/** The parts a card stands for, at its foot: "Rung 2", or "Rung 2, 5" for a card two rungs drew alike. */
function partsWords(parts: readonly string[]): string {
  const numbered = parts.map((p) => /^(.*\S)\s+(\d+)$/.exec(p));
  const base = numbered[0]?.[1];
  if (parts.length > 1 && base !== undefined && numbered.every((m) => m?.[1] === base)) return `${base} ${numbered.map((m) => m![2]).join(', ')}`;
  return parts.join(', ');
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
