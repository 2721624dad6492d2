import type { CardNode, DeckNode } from './model.js';

/**
 * A campaign's later packet prints only the cards that differ from those the last packet
 * printed (issue 51): the players keep the cards they cut out, so a card printed alike before
 * is a sheet of paper and a pair of scissors wasted. Shared by every rule set's campaign.
 */

/** A card as the players hold it: what is printed on it, not the id the layout knows it by. */
export function asPrinted(card: CardNode): string {
  const { id: _id, ...printed } = card;
  return JSON.stringify(printed);
}

/**
 * The cards of `deck` that `before` did not print alike: a card whose words, numbers, label or
 * boxes moved is a new card (a split entry renumbers its neighbours' cards too, and they come
 * with it); a card printed alike in any of the decks before is not printed again.
 */
function cardsChangedSince(deck: DeckNode, before: readonly DeckNode[]): DeckNode {
  const printed = new Set(before.flatMap((d) => d.cards.map(asPrinted)));
  return { ...deck, cards: deck.cards.filter((card) => !printed.has(asPrinted(card))) };
}

/** A side's cards in a packet after the first: those to print, and how many it keeps from the last packet. */
export interface CardsSince {
  deck: DeckNode;
  /** cards in `deck` */
  printed: number;
  /** the side's other cards, printed alike in the last packet */
  kept: number;
}

/** Which of a side's cards a later packet prints: the whole deck against the decks the last packet printed. */
export function cardsSince(all: DeckNode, before: readonly DeckNode[]): CardsSince {
  const deck = cardsChangedSince(all, before);
  return { deck, printed: deck.cards.length, kept: all.cards.length - deck.cards.length };
}

/**
 * What the briefing says of a side's cards, in a player's words (no option of the command
 * line): how many this packet prints and that the rest are those printed `since` ("game 3",
 * "turn 2"). `what` says which cards come: "that changed", or "new or changed" where units
 * arrive from one packet to the next.
 */
export function cardsSinceWords({ printed, kept }: Pick<CardsSince, 'printed' | 'kept'>, since: string, what = 'that changed'): string {
  if (printed === 0) return `Its roster is in this packet; no card changed since ${since}: play with the cards printed then.`;
  const other = kept > 0 ? `; the other ${kept === 1 ? 'card is' : `${kept} are`} as printed then` : '';
  return `Its roster is in this packet, with the ${printed === 1 ? 'card' : `${printed} cards`} ${what} since ${since}${other}.`;
}

/** A side's cards in a few words, for a briefing that names the packet they stand beside: "2 new or changed, in this packet; 6 as printed then". */
export function cardsCountWords({ printed, kept }: Pick<CardsSince, 'printed' | 'kept'>): string {
  if (printed === 0) return 'none changed; play with the cards printed then';
  return `${printed} new or changed, in this packet${kept > 0 ? `; ${kept} as printed then` : ''}`;
}
