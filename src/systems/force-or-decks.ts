import { loadCardDecks } from '../data/cards.js';
import { pickDecks } from '../data/product-parts.js';
import { buildDataCardDocument } from '../doc/build-data-cards.js';
import { UsageError } from '../errors.js';
import type { CardsRequest, CardsResult } from './module.js';

/**
 * The cards a rule set keeps as data: the decks its cards/ folders list, or with --list one of
 * them. A rule set with a data folder alone prints these; a module may too.
 */
export async function dataDecks(request: CardsRequest): Promise<CardsResult> {
  const { decks, copy } = pickDecks(await loadCardDecks(request.system), request.list, `muster list ${request.system.info.id} decks`);
  if (decks.length === 0) throw new UsageError(`rule set "${request.system.info.id}" lists cards among its products but has no cards/ folder`);
  const { print, units, paper, toolVersion } = request;
  return { kind: 'document', doc: buildDataCardDocument(request.system.info, decks, { print, units, paper, toolVersion, ...(copy !== undefined ? { copy } : {}) }), warnings: [] };
}

/** `cards` for a rule set whose cards are the decks its data lists, or with --force one force's own print. */
export async function forceOrDecks(request: CardsRequest, forceCards: (forceFile: string) => Promise<CardsResult>): Promise<CardsResult> {
  if (request.forceFile) {
    if (request.list !== undefined) throw new UsageError('--list: with --force the cards are those of the force; leave --list out, or --force to print one deck');
    return forceCards(request.forceFile);
  }
  return await dataDecks(request);
}
