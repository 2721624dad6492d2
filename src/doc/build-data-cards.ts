import type { DataCard, DataDeck } from '../data/cards.js';
import type { SystemInfo } from '../data/schema.js';
import { cardRule, markDataReading, markHouse, type CardBack, type CardNode, type CardPrint, type DeckNode, type DocumentNode, type Paper, type Provenance, type Units } from './model.js';
import { documentMeta, withHouseRules } from './document-meta.js';
import { renderProse } from './templates.js';

const marked = (text: string, reading: string | undefined) => (reading ? markDataReading(text, reading) : text);

/**
 * One card from data, in a colour and with a back: its texts filled in the units asked for.
 * A deck from data is made of these, and so are the cards of a force built from such cards.
 */
export function dataCardNode(card: DataCard, options: { system: string; id: string; colour: string; footerRight: string; back: CardBack; units: Units }): CardNode {
  const prose = (text: string, field: string) => renderProse(text, { units: options.units }, `cards ${card.id} ${field}`);
  const source: Provenance = { section: card.section };
  return {
    id: options.id,
    front: {
      // a house folder's card carries the house mark after its title
      title: markHouse(card.title, card.house),
      subtitle: marked(card.subtitle, card.reading),
      accent: options.colour,
      source,
      stats: card.stats.map((stat) => ({ icon: stat.icon, label: stat.label, value: stat.value })),
      lines: card.lines.map((line, l) => ({ label: line.label, text: marked(prose(line.text, `lines[${l}]`), line.reading) })),
      // a rule the card's section gives, or muster's reading by its register's entry
      rules: card.rules.map((rule, r) => (typeof rule === 'string' ? cardRule(prose(rule, `rules[${r}]`), source) : cardRule(prose(rule.text, `rules[${r}]`), { reading: `${options.system}/${rule.readingId}` }))),
      footer: { left: card.section, right: options.footerRight },
    },
    back: options.back,
    ...(card.house !== undefined ? { house: card.house } : {}),
  };
}

/**
 * One copy of a deck from data (one player's, in that copy's colour), every card with the
 * deck's one back. `counts` sets how many of each card by id, for a deck sized to a force;
 * left out, each card comes as often as the data says.
 */
export function buildDataDeck(
  deck: DataDeck,
  copy: DataDeck['deck']['copies'][number],
  options: { system: string; print: CardPrint; units: Units; counts?: ReadonlyMap<string, number>; title?: string },
): DeckNode {
  // a deck printed once needs no copy name; one per player says whose it is
  const several = deck.deck.copies.length > 1;
  const subtitle = several ? `${deck.deck.back.subtitle} · ${copy.name}` : deck.deck.back.subtitle;
  // a deck's note is the reading its make-up follows (how many of each card): its backs say so
  const back: CardBack = { title: deck.deck.back.title, subtitle: marked(subtitle, deck.deck.note), accent: copy.colour, icon: deck.deck.back.icon, ...(copy.pattern ? { pattern: copy.pattern } : {}) };
  const cards: CardNode[] = [];
  for (const card of deck.cards) {
    const count = options.counts ? (options.counts.get(card.id) ?? 0) : card.count;
    for (let i = 0; i < count; i++) {
      cards.push(dataCardNode(card, { system: options.system, id: `${card.id}-${copy.name.toLowerCase()}-${i + 1}`, colour: copy.colour, footerRight: copy.name, back, units: options.units }));
    }
  }
  return { title: options.title ?? (several ? `${deck.deck.title}, ${copy.name}` : deck.deck.title), cards, print: options.print };
}

/**
 * Decks of fixed cards from data: one deck per copy (a player's colour), every card of a copy
 * with the same back. Texts may use the template helpers, so distances follow --units.
 */
export function buildDataCardDocument(
  info: SystemInfo,
  decks: readonly DataDeck[],
  options: { print: CardPrint; units: Units; paper: Paper; toolVersion: string; copy?: string },
): DocumentNode {
  // --list prints one copy of each deck (a player's colour), still named as one of several
  const nodes: DeckNode[] = decks.flatMap((deck) => deck.deck.copies.filter((c) => options.copy === undefined || c.name === options.copy).map((copy) => buildDataDeck(deck, copy, { ...options, system: info.id })));
  return withHouseRules({
    meta: documentMeta(info, `${info.name} cards`, options),
    sheets: [],
    decks: nodes,
  });
}
