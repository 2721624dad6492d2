import type { DocumentNode } from '../doc/model.js';
import { MPC_DPI, MPC_POKER } from './print-options.js';

/**
 * The read-me in a MakePlayingCards zip (--shop mpc): what the images are, how to order them,
 * and each card by its number, with the rule set, version and seed the sheets would print.
 * The numbers are the ones layout names the images with: through the document, a card each.
 */
export function mpcReadMe(doc: DocumentNode): string {
  const cards = (doc.decks ?? []).flatMap((deck) => deck.cards.map((card) => ({ deck: deck.title, title: card.front.title, subtitle: card.front.subtitle })));
  const digits = String(cards.length).length;
  const number = (n: number) => String(n).padStart(digits, '0');
  const pixels = (mm: number) => Math.round((mm / 25.4) * MPC_DPI);
  const bleed = pixels(MPC_POKER.bleed);
  const { meta } = doc;
  const last = number(cards.length);
  return [
    `${(doc.decks ?? []).map((deck) => deck.title).join(', ')}: ${meta.systemName} (${meta.rulesVersion}), muster ${meta.toolVersion}${meta.seed ? `, seed ${meta.seed}` : ''}`,
    `${cards.length} ${cards.length === 1 ? 'card' : 'cards'} for MakePlayingCards, poker size (2.5 x 3.5 in).`,
    '',
    'The images',
    `- front/${number(1)}.png to front/${last}.png: the fronts; back/${number(1)}.png to back/${last}.png: the backs. A back and a front of the same number are one card.`,
    `- Each is ${pixels(MPC_POKER.width + 2 * MPC_POKER.bleed)} x ${pixels(MPC_POKER.height + 2 * MPC_POKER.bleed)} pixels at ${MPC_DPI} dpi: the card, ${pixels(MPC_POKER.width)} x ${pixels(MPC_POKER.height)} pixels, with ${bleed} pixels of bleed on every side, which the shop cuts away. Nothing that matters is in the bleed.`,
    '',
    'Ordering',
    `- Choose poker-size cards and a deck of at least ${cards.length}.`,
    '- Upload the fronts from front/ in number order, then choose different images for the backs and upload back/ in the same order, so that each back meets its front.',
    '- The images are RGB, as the shop takes them; leave its own resizing off.',
    '',
    'The cards',
    ...cards.map((card, i) => `${number(i + 1)}  ${card.title}${card.subtitle ? `, ${card.subtitle}` : ''} (${card.deck})`),
    '',
  ].join('\n');
}
