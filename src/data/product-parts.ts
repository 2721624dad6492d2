import { UsageError } from '../errors.js';
import { findOrRefuse } from './find-name.js';
import { orList } from './suggest.js';

/**
 * Choosing parts of a product (`tokens --only markers,tracks`, `--without templates`) and how
 * many of one piece to print (`--count suppressed=12`), the same way for every rule set: each
 * rule set names its parts, and a name that is not one is refused with the close matches.
 */
export interface ProductPart {
  /** what a player types after --only: "markers" */
  id: string;
  /** what it holds, for listings and messages: "tokens and markers" */
  name: string;
  aliases?: readonly string[];
}

/** What --only and --without ask for, as typed (comma-separated). */
export interface PartChoice {
  only?: string;
  without?: string;
}

/**
 * The ids of the parts to print: all of them, those --only names, less those --without names.
 * An unknown name, an empty list, or a choice that leaves nothing is refused (exit 2).
 */
export function chooseParts(parts: readonly ProductPart[], choice: PartChoice, listCommand: string): Set<string> {
  const named = (option: '--only' | '--without', text: string | undefined): Set<string> | undefined => {
    if (text === undefined) return undefined;
    if (Array.isArray(text)) throw new UsageError(`${option} given ${(text as string[]).length} times; give it once, the parts separated by a comma, such as ${option} ${parts.slice(0, 2).map((p) => p.id).join(',')}`);
    const names = String(text).split(',').map((n) => n.trim());
    if (names.some((n) => n === '')) throw new UsageError(`${option} "${text}": name the parts, separated by a comma; allowed ${orList(parts.map((p) => p.id))}`);
    return new Set(names.map((n) => findOrRefuse(n, parts, { what: 'part', listCommand }, `${option} "${n}"`).id));
  };
  const only = named('--only', choice.only);
  const without = named('--without', choice.without);
  const chosen = new Set(parts.map((p) => p.id).filter((id) => (!only || only.has(id)) && !without?.has(id)));
  if (chosen.size === 0) throw new UsageError(`--only and --without leave nothing to print; the parts are ${orList(parts.map((p) => p.id))}`);
  return chosen;
}

/** The most of one piece a --count override prints. */
export const MAX_COUNT_OVERRIDE = 100;

/**
 * `--count ID=N`, repeatable: how many of a piece to print instead of the sheet's count, N from
 * 0 to MAX_COUNT_OVERRIDE. The id is found like any name (a token's label also names it).
 */
export function parseCountOverrides(
  given: readonly string[],
  pieces: readonly { id: string; name: string; aliases?: readonly string[] }[],
  listCommand: string,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of given) {
    const match = /^\s*([^=]+?)\s*=\s*(\d+)\s*$/.exec(String(text));
    if (!match) throw new UsageError(`--count "${text}": give a token and how many, as ID=N, such as --count ${pieces[0]?.id ?? 'token'}=12`);
    const piece = findOrRefuse(match[1]!, pieces, { what: 'token', listCommand }, `--count "${text}"`);
    const n = Number(match[2]);
    if (!(Number.isInteger(n) && n >= 0 && n <= MAX_COUNT_OVERRIDE)) throw new UsageError(`--count "${text}": a whole number from 0 to ${MAX_COUNT_OVERRIDE}`);
    if (counts.has(piece.id)) throw new UsageError(`--count: ${piece.id} given twice; give each token once`);
    counts.set(piece.id, n);
  }
  return counts;
}

/**
 * The decks of `cards --list NAME`: a rule set whose cards come in several decks (one for each
 * army list, or each player's colour) prints the decks of that copy alone (the builder prints
 * only that copy of each). Copies are named as the data names them ("Russians", "Red"), in any case.
 */
export function pickDecks<D extends { deck: { copies: readonly { name: string; aliases?: readonly string[] }[] } }>(
  decks: readonly D[],
  list: string | undefined,
  listCommand: string,
): { decks: D[]; copy?: string } {
  if (list === undefined) return { decks: [...decks] };
  if (Array.isArray(list)) throw new UsageError(`--list given ${(list as string[]).length} times; give one deck's name`);
  const names = new Map<string, { id: string; name: string; aliases: string[] }>();
  for (const copy of decks.flatMap((d) => d.deck.copies)) {
    const id = copy.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
    const known = names.get(id);
    names.set(id, { id, name: copy.name, aliases: [...new Set([...(known?.aliases ?? []), ...(copy.aliases ?? [])])] });
  }
  const wanted = findOrRefuse(String(list), [...names.values()], { what: 'deck', listCommand }, '--list');
  return { decks: decks.filter((d) => d.deck.copies.some((c) => c.name === wanted.name)), copy: wanted.name };
}
