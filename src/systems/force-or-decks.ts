import { loadCardDecks } from '../data/cards.js';
import { pickDecks } from '../data/product-parts.js';
import { buildDataCardDocument } from '../doc/build-data-cards.js';
import { UsageError } from '../errors.js';
import type { CardsRequest, CardsResult } from './module.js';

/**
 * `cards` for a rule set whose cards are the decks its data lists, or with --force one force's
 * own print: the options such a rule set cannot use are refused by name, --list picks a deck.
 */
export async function forceOrDecks(
  request: CardsRequest,
  ruleSet: { id: string; name: string; withForce: string },
  forceCards: (forceFile: string) => Promise<CardsResult>,
): Promise<CardsResult> {
  const refused = [request.nation && '--nation', request.doctrine && '--doctrine', request.explainCost && '--explain-cost', !request.forceFile && request.strict && '--strict'].filter(
    (o): o is string => typeof o === 'string',
  );
  if (refused.length > 0) {
    throw new UsageError(`${refused.join(', ')}: ${ruleSet.name} cards take no ${refused.length > 1 ? 'such options' : 'such option'}; they print the decks its data lists, or ${ruleSet.withForce} with --force`);
  }
  if (request.forceFile) {
    if (request.list !== undefined) throw new UsageError('--list: with --force the cards are those of the force; leave --list out, or --force to print one deck');
    return forceCards(request.forceFile);
  }
  const { print, units, paper, toolVersion } = request;
  const { decks, copy } = pickDecks(await loadCardDecks(request.system.dirs), request.list, `muster list ${ruleSet.id} decks`);
  return { kind: 'document', doc: buildDataCardDocument(request.system.info, decks, { print, units, paper, toolVersion, ...(copy !== undefined ? { copy } : {}) }), warnings: [] };
}
