/**
 * A document's meta, with the words its pages end with filled from templates/ (the footer, the
 * page number, the scale bar): the builders make it, so layout only places words it is given.
 */
import { HOUSE_MARK, type BookletNode, type DocumentMeta, type DocumentNode, type PageWords, type Paper, type Units } from './model.js';
import { renderTemplate } from './templates.js';

/** A document's meta from its rule set's facts and the print options: what every footer says. */
export function documentMeta(
  info: { id: string; name: string; rulesVersion: string },
  title: string,
  options: { toolVersion: string; paper: Paper; units: Units; seed?: string },
): DocumentMeta {
  const meta = {
    title,
    systemId: info.id,
    systemName: info.name,
    rulesVersion: info.rulesVersion,
    toolVersion: options.toolVersion,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    paper: options.paper,
    units: options.units,
  };
  return { ...meta, words: pageWordsOf(meta) };
}

/** The words of a document's pages, from the footer templates. */
export function pageWordsOf(meta: { systemName: string; rulesVersion: string; toolVersion: string; seed?: string; units: Units; house?: readonly string[] }): PageWords {
  const house = meta.house?.length ? meta.house.join(', ') : '';
  return {
    footer: renderTemplate('page-footer', { systemName: meta.systemName, rulesVersion: meta.rulesVersion, toolVersion: meta.toolVersion, seed: meta.seed ?? '', house }),
    pageNumber: renderTemplate('page-number', { title: '{title}', page: '{page}', pages: '{pages}' }),
    scaleBar: scaleBarWords(meta.units),
    ...(house ? { houseNote: renderTemplate('house-note', { mark: HOUSE_MARK, names: house, many: meta.house!.length > 1 }) } : {}),
  };
}

/**
 * The document with the house folders it prints named in its footers and in the house mark's
 * footnote: those its tables, cards and tokens carry, those its meta names already, and
 * `declared` (a builder's, for what it used unseen: the tables a scenario's dice read). A
 * document with none is returned as it is. Applied twice, it gives the same document.
 */
export function withHouseRules(doc: DocumentNode, declared: readonly string[] = []): DocumentNode {
  const names = houseNamesOf(doc, declared);
  if (names.length === 0 || sameNames(doc.meta.house, names)) return doc;
  return { ...doc, meta: withHouseMeta(doc.meta, names) };
}

/** A booklet with every part's house folders named, and all of them in the booklet's own footers. */
export function bookletWithHouseRules(booklet: BookletNode, declared: readonly string[] = []): BookletNode {
  const parts = booklet.parts.map((part) => ({ ...part, doc: withHouseRules(part.doc, declared) }));
  const names = unique([...(booklet.meta.house ?? []), ...declared, ...parts.flatMap((part) => part.doc.meta.house ?? [])]);
  if (names.length === 0) return booklet;
  return { ...booklet, meta: withHouseMeta(booklet.meta, names), parts };
}

function withHouseMeta(meta: DocumentMeta, names: readonly string[]): DocumentMeta {
  const words = pageWordsOf({ ...meta, house: names });
  return { ...meta, house: names, words: { ...meta.words, footer: words.footer, houseNote: words.houseNote! } };
}

/** The house folders a document names and shows, in the order met: its meta's, the declared, then its tables', cards' and tokens'. */
export function houseNamesOf(doc: DocumentNode, declared: readonly string[] = []): string[] {
  const shown: string[] = [...(doc.meta.house ?? []), ...declared];
  for (const sheet of doc.sheets) for (const block of sheet.blocks) if (block.kind === 'table' && block.house !== undefined) shown.push(block.house);
  for (const deck of doc.decks ?? []) for (const card of deck.cards) if (card.house !== undefined) shown.push(card.house);
  for (const sheet of doc.tokenSheets ?? []) {
    for (const token of sheet.tokens) for (const face of [token.front, token.back]) if (face.house !== undefined) shown.push(face.house);
  }
  return unique(shown);
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)];
}

function sameNames(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return a !== undefined && a.length === b.length && a.every((name, i) => name === b[i]);
}

/** The scale bar's label in these units: its length, and what a wrong length means. */
function scaleBarWords(units: Units): string {
  return renderTemplate('scale-bar', { length: units === 'cm' ? '5 cm' : '2 in' });
}

/** A meta made by hand (a test's, a one-sheet check's) with the words of its pages. */
export function withPageWords<M extends Omit<DocumentMeta, 'words'>>(meta: M): M & { words: PageWords } {
  return { ...meta, words: pageWordsOf(meta) };
}
