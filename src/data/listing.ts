import { loadCardDecks } from './cards.js';
import type { SystemRules } from './load.js';
import { MAP_TYPES, type TerrainTables } from './terrain-schema.js';
import type { ProductPart } from './product-parts.js';
import { loadTokenGroups, type Token } from './tokens.js';

/**
 * What `muster list` shows: the names a player may use, as plain data. A rule set's own module
 * lists what its procedures know (nations, doctrines, units, army lists...); the data folder
 * alone gives the tables, tokens and card decks every rule set may have. The command line
 * lays either out as text, Markdown or JSON without knowing which rule set it is.
 */

/** A fact about an entry: a word or number, or a list of ids. */
export type DetailValue = string | number | boolean | readonly string[];

export interface ListEntry {
  /** what a player types: in a force file, after an option */
  id: string;
  name: string;
  /** what it costs, where it has a price */
  points?: number;
  /** facts about it, in the order they are shown */
  details: Readonly<Record<string, DetailValue>>;
}

/** The options that narrow a listing. */
export type Narrowing = 'nation' | 'doctrine';

export interface ListKind {
  /** the word a player types after `muster list <system>`: "units" */
  id: string;
  /** a heading: "Units" */
  title: string;
  /** other words a player may type for it: "scenarios" for game modes */
  aliases?: readonly string[];
  /** a line on what to do with these: where the ids go, which command prints them */
  hint?: string;
  /**
   * details shown as columns on a terminal, in this order; the others are printed under each
   * entry (lists such as a detachment's options would stretch a row past any screen). All of
   * them when absent.
   */
  columns?: readonly string[];
  /** the options that narrow this kind; any other is refused for it */
  narrowedBy?: readonly Narrowing[];
  /** entries in the order they mean something in (the ladder's order), else sorted */
  entries: readonly ListEntry[];
}

export interface ListRequest {
  system: SystemRules;
  /** as typed: an id or a name */
  nation?: string;
  doctrine?: string;
}

/** The kinds a data folder gives by itself: tables, and tokens and card decks where it has them. */
export async function listFromData(system: SystemRules): Promise<ListKind[]> {
  const id = system.info.id;
  const [groups, decks] = await Promise.all([loadTokenGroups(system.dirs), loadCardDecks(system)]);
  const kinds: ListKind[] = [];

  const tokens = groups.flatMap((group) => group.tokens.map((token) => tokenEntry(token, group.title, tokenGroupPart(group.title).id)));
  if (tokens.length > 0) kinds.push(tokenKind(id, tokens, groups.map((g) => tokenGroupPart(g.title))));

  if (decks.length > 0) {
    kinds.push({
      id: 'decks',
      title: 'Card decks',
      hint: `Printed by muster cards ${id}, one deck for each copy; cards is how many each deck holds. muster cards ${id} --list COPY prints the decks of one copy alone (other words for a side, such as Soviet for Russians, are taken too).`,
      columns: ['cards', 'copies'],
      entries: decks.map((deck) => ({
        id: kebabName(deck.deck.title),
        name: deck.deck.title,
        details: {
          cards: deck.cards.reduce((n, c) => n + c.count, 0),
          copies: deck.deck.copies.map((c) => c.name),
        },
      })),
    });
    kinds.push({
      id: 'cards',
      title: 'Cards',
      hint: `The cards of the decks, printed by muster cards ${id}; count is the copies of a card in each deck.`,
      columns: ['deck', 'count', 'subtitle'],
      entries: decks.flatMap((deck) =>
        deck.cards.map((card) => ({ id: card.id, name: card.title, details: { deck: deck.deck.title, count: card.count, subtitle: card.subtitle } })),
      ),
    });
  }

  // tables in the order the sheets print them; any a sheet leaves out after them, by id
  const order = new Map<string, string>();
  for (const sheet of system.sheets) {
    for (const block of sheet.blocks) if ('table' in block && !order.has(block.table)) order.set(block.table, sheet.title);
  }
  const placed = [...order.keys()].filter((t) => system.tables.has(t));
  const unplaced = [...system.tables.keys()].filter((t) => !order.has(t)).sort();
  const tables = [...placed, ...unplaced].map((tableId): ListEntry => {
    const table = system.tables.get(tableId)!;
    return {
      id: table.id,
      name: table.title,
      details: { dice: table.dice ?? '-', sheet: order.get(table.id) ?? '-', section: table.section },
    };
  });
  if (tables.length > 0) kinds.push({ id: 'tables', title: 'Tables', hint: `Printed on the sheets of muster tables ${id}.`, entries: tables });
  if (system.terrain) kinds.push(terrainKind(id, system.terrain));
  return kinds;
}

/** The terrain types a scenario's map may lay, with their effects, sizes and the maps that use them. */
function terrainKind(systemId: string, terrain: TerrainTables): ListKind {
  const unit = (u: 'cm' | 'in') => (u === 'cm' ? ' cm' : ' in');
  const span = (r: readonly [number, number], u: 'cm' | 'in') => (r[0] === r[1] ? `${r[0]}${unit(u)}` : `${r[0]}-${r[1]}${unit(u)}`);
  return {
    id: 'terrain',
    title: 'Terrain',
    aliases: ['terrain-types'],
    hint:
      `Laid on the map of every muster scenario ${systemId} packet by muster's own tables (no rules text gives a procedure; the types and effects are the text's), ` +
      `as many as --terrain none, light, normal or dense asks; maps lists the map types that lay it. A house-rules folder's terrain.yaml adds or replaces types.`,
    columns: ['look', 'passable', 'size', 'section'],
    entries: terrain.types.map((t) => ({
      id: t.id,
      name: t.name,
      details: {
        look: t.look,
        passable: t.passable,
        size: t.look === 'open' ? 'the table between the pieces' : t.size ? `${span(t.size.width, t.units).replace(/ (cm|in)$/, '')} x ${span(t.size.depth, t.units)}` : t.length ? `${span(t.length, t.units)} long, ${t.width}${unit(t.units)} wide` : `${t.width}${unit(t.units)} wide, across the table`,
        section: t.section,
        effect: t.reading ? `${t.effect} (muster's reading: ${t.reading})` : t.effect,
        maps: MAP_TYPES.filter((m) => t.id in terrain.maps[m].pieces || t.id in terrain.maps[m].lines),
      },
    })),
  };
}

/** A token as listed: what it reads, its shape, how many a sheet holds, its other side. */
export function tokenEntry(token: Token, sheet?: string, part = 'markers'): ListEntry {
  return {
    id: token.id,
    name: token.number === undefined ? token.label : `${token.label} ${token.number}`,
    details: {
      shape: token.shape,
      count: token.count,
      ...(token.size ? { size: `${token.size.width} x ${token.size.height} mm` } : {}),
      back: token.back ?? '-',
      sheet: sheet ?? 'tokens and markers',
      part,
      section: token.section,
    },
  };
}

/**
 * The tokens a rule set prints, with the names of the parts `muster tokens --only` and
 * `--without` take (a token's part is the one that prints it).
 */
export function tokenKind(systemId: string, entries: readonly ListEntry[], parts: readonly ProductPart[]): ListKind {
  const named = parts.map((p) => `${p.id} (${p.name})`).join(', ');
  return {
    id: 'tokens',
    title: 'Tokens and markers',
    hint:
      `Printed by muster tokens ${systemId}; count is how many the standard sheet holds (--count ID=N prints N), back the token on its other side. ` +
      `Parts for --only and --without: ${named}.`,
    columns: ['shape', 'count', 'back', 'sheet', 'part', 'section'],
    entries,
  };
}

/** "Fallschirmjäger reinforcements" -> "fallschirmjager-reinforcements" */
export function kebabName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}


/** The parts of a data folder's tokens: its common sheet is "markers", a true-size sheet is named by its title. */
export function tokenGroupPart(title: string | undefined): ProductPart {
  if (title === undefined) return { id: 'markers', name: 'tokens and markers', aliases: ['tokens'] };
  // "Area fire templates (120 mm)" is typed as area-fire-templates: the size is no part of its name
  return { id: kebabName(title.replace(/\([^)]*\)/g, '')), name: title };
}
