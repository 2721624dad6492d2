/**
 * What the form shows for a rule set's product: a field of the command line's where the
 * product's command takes the option (page-options.ts), as far as the rule set and the form's
 * other choices leave it something to do, and the page's own panels by product. Every shared
 * option has a field of the same name; the rest are the page's groups (`data-show`).
 */
import type { Product } from './form.js';
import { FIELD_OPTIONS, offers } from './page-options.js';

/** What the form knows of the rule set and the choices made when it shapes itself. */
export interface ShapeFacts {
  product: Product;
  /** the form's options as they stand */
  options: Readonly<Record<string, string>>;
  /** the options the rule set's product takes beyond the common ones, as `muster systems` lists them (`--force`) */
  takes: readonly string[];
  /** the rule set's own options of the product, by name */
  own: readonly string[];
  /** how many entries a listed field has for the rule set (its nations, decks, scenarios, players) */
  entries: (option: string) => number;
  /** the modes the rule set's scenarios take */
  modes: number;
  /** a flag of the rule set's own prints a deck in place of the product's sheets */
  deck: boolean;
  /** the parts of its token sheets, and its token kinds */
  parts: number;
  tokens: number;
}

/** The shared options whose choice changes what else the form shows (as a rule set's own fields may). */
export const SHAPED_BY: readonly string[] = ['mode', 'layout', 'shop'];

/** Each shared option's field and each of the page's groups: shown or not. */
export function whatShows(f: ShapeFacts): Record<string, boolean> {
  const { product, options } = f;
  const takes = (name: string) => f.takes.includes(`--${name}`);
  const sheet = product === 'tokens' && !f.deck;
  // a print shop's file has the shop's own card, bleed and cut, a card a page, each with its back: no sheets to lay out
  const shop = offers(product, 'shop') && options['shop'] !== undefined && options['shop'] !== '';
  const rules: Record<string, () => boolean> = {
    // a rule set's own option of that name is its own field's
    nation: () => takes('nation') && !f.own.includes('nation') && f.entries('nation') > 0,
    list: () => f.entries('list') > 0,
    mode: () => f.modes > 1,
    scenario: () => f.entries('scenario') > 0,
    players: () => f.entries('players') > 1 && options['mode'] !== 'solo',
    'round-size': () => sheet,
    'square-size': () => sheet,
    bleed: () => !shop,
    marks: () => !shop,
    backs: () => !shop,
    // wherever a deck of cards is printed; folded, the printer's two-sided settings do not apply
    layout: () => (product !== 'tokens' || f.deck) && !shop,
    duplex: () => options['layout'] !== 'fold' && !shop,
    'back-offset': () => options['layout'] !== 'fold' && !shop,
    // how a force's models get their cards, wherever a force's cards are printed
    cards: () => product !== 'cards' || takes('force'),
    // the builder rolls nothing; a campaign's seed is its start form's
    seed: () => product !== 'force' && product !== 'campaign',
  };
  const shown: Record<string, boolean> = {};
  for (const { name, page } of FIELD_OPTIONS) {
    // the builder is what to print: none of a product's choices beside it
    shown[name] = offers(product, name) && !(product === 'force' && page.group === 'product') && (rules[name]?.() ?? true);
  }
  const printing = product !== 'calibrate' && product !== 'table';
  return {
    ...shown,
    // a force file where the rule set's product takes one: Open Fire's cards print its lists without
    forceA: takes('force') && (product === 'cards' || product === 'scenario' || sheet),
    forceB: takes('force') && product === 'scenario' && options['mode'] !== 'solo',
    parts: sheet && f.parts > 1,
    counts: sheet && f.tokens > 0,
    formats: printing,
    house: printing,
    dice: shown['seed']!,
    builder: product === 'force',
    campaign: product === 'campaign',
    table: product === 'table',
    printing: product !== 'table',
  };
}

/** The form as `shown` says: a field by its option (`data-field`), a group by its name (`data-show`). */
export function showOnly(root: ParentNode, shown: Readonly<Record<string, boolean>>): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-field], [data-show]')) {
    el.hidden = !(shown[el.dataset['field'] ?? el.dataset['show']!] ?? false);
  }
}
