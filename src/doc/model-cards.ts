import type { CardNode, DeckNode } from './model.js';
import { extended } from '../vocab/extended.js';

/**
 * One card for models that are the same (issue 29): a player who fields six identical riflemen
 * wants one card to read and six boxes to tick, not six cards to cut. The rule sets say what
 * makes two models the same; the grouping, the title and the boxes are the same for all.
 */

/** Two rows of boxes under a card's rules: more models of one kind take another card. */
export const MODELS_A_CARD = 10;

/**
 * What the boxes' captions may take on one card, in characters, a box counting as three: ten
 * numbered models fit, and models with names of their own ("Feldwebel Hans Müller") go a few to
 * a card, so their captions never crowd out the card's rules.
 */
const TALLY_ROOM = 60;

/** What tells the models apart: their labels as names ("Rifleman 3") or as the places they belong to ("Squad 2"). */
export type LabelsAre = 'names' | 'places';

/** Models that share a card, and the label of each (its box's caption comes from it). */
export interface ModelGroup<T> {
  models: T[];
  labels: string[];
}

/**
 * Models grouped by `sameAs`, each group where its first model stands, at most MODELS_A_CARD to
 * a card; with `each`, every model a group of its own (one card a model).
 */
export function groupSameModels<T>(models: readonly T[], sameAs: (model: T) => string, labelOf: (model: T) => string, each = false, labelsAre: LabelsAre = 'names'): ModelGroup<T>[] {
  const groups: ModelGroup<T>[] = [];
  const open = new Map<string, ModelGroup<T>>();
  for (const model of models) {
    const key = sameAs(model);
    let group = each ? undefined : open.get(key);
    if (!group || group.models.length >= MODELS_A_CARD || !fits([...group.labels, labelOf(model)], labelsAre)) {
      group = { models: [], labels: [] };
      groups.push(group);
      open.set(key, group);
    }
    group.models.push(model);
    group.labels.push(labelOf(model));
  }
  return groups;
}

/**
 * A card standing for several models: its title names them all ("Rifleman 1–6", "Rifle team ×3")
 * and it gets a box for each, captioned with what tells the models apart (their numbers, or
 * their labels). Labels that say where each model belongs (`places`: "Squad 1", "Squad 2") are
 * the captions whole, under the card's own title. A card for one model is returned as it is.
 */
export function cardForModels(card: CardNode, labels: readonly string[], labelsAre: LabelsAre = 'names'): CardNode {
  if (labels.length < 2) return card;
  const { title, captions } = namedBy(labels, card.front.title, labelsAre);
  // the tally is new to the front: added by extended(), not after a spread (vocab/extended.ts)
  return { ...card, front: extended(card.front, { title, tally: captions }) };
}

function namedBy(labels: readonly string[], cardTitle: string, labelsAre: LabelsAre): { title: string; captions: string[] } {
  const { title, captions } = labelsAre === 'places' ? { title: `${cardTitle} ×${labels.length}`, captions: [...labels] } : namesOf(labels, cardTitle);
  return { title, captions: apart(captions) };
}

/** Whether these models' boxes and captions fit on one card. */
function fits(labels: readonly string[], labelsAre: LabelsAre): boolean {
  return namedBy(labels, '', labelsAre).captions.reduce((n, c) => n + c.length + 3, 0) <= TALLY_ROOM;
}

/** Captions that say one thing twice ("Artillery", "Artillery") are numbered, so each box is one model's. */
function apart(captions: readonly string[]): string[] {
  const times = new Map<string, number>();
  for (const c of captions) times.set(c, (times.get(c) ?? 0) + 1);
  const seen = new Map<string, number>();
  return captions.map((c) => {
    if (times.get(c)! < 2) return c;
    const n = (seen.get(c) ?? 0) + 1;
    seen.set(c, n);
    return `${c} (${n})`;
  });
}

function namesOf(labels: readonly string[], cardTitle: string): { title: string; captions: string[] } {
  const numbered = labels.map((label) => /^(.*\S)\s+(\d+)$/.exec(label));
  const base = numbered[0]?.[1];
  if (base !== undefined && numbered.every((m) => m !== null && m[1] === base)) {
    const numbers = numbered.map((m) => Number(m![2]));
    const consecutive = numbers.every((n, i) => i === 0 || n === numbers[i - 1]! + 1);
    return { title: consecutive ? `${base} ${numbers[0]}–${numbers[numbers.length - 1]}` : `${base} ×${numbers.length}`, captions: numbers.map(String) };
  }
  if (labels.every((label) => label === labels[0])) return { title: `${labels[0]} ×${labels.length}`, captions: labels.map((_, i) => String(i + 1)) };
  return { title: `${cardTitle} ×${labels.length}`, captions: [...labels] };
}

/**
 * A side's deck in a game: each card names the side at its foot and on its back, and the second
 * side's backs are hatched, so the two decks part in black and white and when both sides field
 * the same nation.
 */
export function deckOfSide(deck: DeckNode, side: { name: string; look: 'plain' | 'hatched' }): DeckNode {
  return {
    ...deck,
    cards: deck.cards.map((card) => ({
      ...card,
      front: { ...card.front, footer: { ...card.front.footer, right: side.name } },
      back: { ...card.back, subtitle: card.back.subtitle.startsWith(side.name) ? card.back.subtitle : `${side.name} · ${card.back.subtitle}`, ...(side.look === 'hatched' ? { pattern: 'hatched' as const } : {}) },
    })),
  };
}
