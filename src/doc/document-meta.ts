/**
 * A document's meta, with the words its pages end with filled from templates/ (the footer, the
 * page number, the scale bar): the builders make it, so layout only places words it is given.
 */
import type { DocumentMeta, PageWords, Paper, Units } from './model.js';
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
export function pageWordsOf(meta: { systemName: string; rulesVersion: string; toolVersion: string; seed?: string; units: Units }): PageWords {
  return {
    footer: renderTemplate('page-footer', { systemName: meta.systemName, rulesVersion: meta.rulesVersion, toolVersion: meta.toolVersion, seed: meta.seed ?? '' }),
    pageNumber: renderTemplate('page-number', { title: '{title}', page: '{page}', pages: '{pages}' }),
    scaleBar: scaleBarWords(meta.units),
  };
}

/** The scale bar's label in these units: its length, and what a wrong length means. */
function scaleBarWords(units: Units): string {
  return renderTemplate('scale-bar', { length: units === 'cm' ? '5 cm' : '2 in' });
}

/** A meta made by hand (a test's, a one-sheet check's) with the words of its pages. */
export function withPageWords<M extends Omit<DocumentMeta, 'words'>>(meta: M): M & { words: PageWords } {
  return { ...meta, words: pageWordsOf(meta) };
}
