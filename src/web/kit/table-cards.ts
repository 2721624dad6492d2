/**
 * A force's rows at the table read from its cards (`muster cards <system> --force FILE --format
 * json`): a card stands for one unit or for models alike ("Rifleman 1–8", a box each under its
 * rules), so the table lists what the player holds in hand, a row a card and a box a model.
 */
import type { TableUnit } from './page-parts.js';

/** What the table reads of a card of the command line's JSON (doc/model.ts, CardNode). */
export interface CardFront {
  title: string;
  /** the captions of its boxes where the card stands for several models */
  tally?: readonly string[];
  footer?: { left?: string; right?: string };
}

/** The cards of every deck of a document as the command line prints it in JSON; none where it has no decks. */
export function cardFronts(json: unknown): CardFront[] {
  const decks = (json as { decks?: { cards?: { front?: CardFront }[] }[] } | null)?.decks;
  if (!Array.isArray(decks)) return [];
  return decks.flatMap((deck) => (Array.isArray(deck.cards) ? deck.cards : [])).flatMap((card) => (card.front && typeof card.front.title === 'string' ? [card.front] : []));
}

/** Each card a row: one box for a card of one model, one for each of its tally's boxes for models alike; `worthOf` the score a loss of one gives. */
export function unitsOfDecks(json: unknown, worthOf?: (front: CardFront) => number | undefined): TableUnit[] {
  return cardFronts(json).map((front) => {
    const tally = Array.isArray(front.tally) && front.tally.length > 1 ? front.tally : undefined;
    const worth = worthOf?.(front);
    return {
      name: front.title,
      boxes: tally ? tally.length : 1,
      ...(tally ? { captions: [...tally], apart: true } : {}),
      ...(worth !== undefined ? { worth } : {}),
    };
  });
}
