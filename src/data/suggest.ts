/**
 * "Did you mean": the known names closest to one a player typed, for every "unknown X" message.
 * A player types "germnay" for germany or "de-rifelman" for de-rifleman; the message should name
 * the right one rather than make them read a list.
 */

/** Something a player may name: its id, and the name and other spellings that also reach it. */
export interface NameCandidate {
  id: string;
  name?: string;
  /** other spellings that name it: a weapon's id without its nation ("bazooka" for us-bazooka) */
  aliases?: readonly string[];
}

/** At most this many suggestions: more is a list, not a hint. */
const MAX_SUGGESTIONS = 4;
/** Typed text shorter than this is not looked for inside longer names ("de" is in half of them). */
const MIN_PART = 3;

/**
 * A name folded for comparison: case, accents, spaces and punctuation do not count, so
 * "United States", "united-states" and "UNITED STATES" are one name, and "Fallschirmjäger" is
 * "fallschirmjager". Letters and digits of every script are kept.
 */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Edits (insert, delete, change a character, swap two neighbours) that turn `a` into `b`:
 * the optimal string alignment distance, so a swapped pair ("germnay") costs one edit, as it
 * is one slip of the fingers.
 */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  if (s.length === 0) return t.length;
  if (t.length === 0) return s.length;
  // three rows of the table suffice: the current one, the one above and the one above that
  let before = new Array<number>(t.length + 1).fill(0);
  let above = Array.from({ length: t.length + 1 }, (_, j) => j);
  let row = new Array<number>(t.length + 1).fill(0);
  for (let i = 1; i <= s.length; i++) {
    row[0] = i;
    for (let j = 1; j <= t.length; j++) {
      const change = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + change);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      row[j] = best;
    }
    [before, above, row] = [above, row, before];
  }
  return above[t.length]!;
}

/** The spellings of a candidate that a typed name is compared with, folded. */
function spellings(candidate: NameCandidate): string[] {
  return [candidate.id, candidate.name, ...(candidate.aliases ?? [])].filter((s): s is string => s !== undefined).map(foldName);
}

/**
 * The ids of the candidates closest to `wanted`, best first: those a few edits away (about one
 * edit in three characters), then those whose name holds what was typed or is held in it
 * ("tiger" for de-tiger-i). Ties go by id, so the same slip always gets the same answer.
 */
export function closeMatches(wanted: string, candidates: readonly NameCandidate[], limit = MAX_SUGGESTIONS): string[] {
  const typed = foldName(wanted);
  if (typed === '') return [];
  const allowed = Math.max(1, Math.floor([...typed].length / 3));
  const scored: { id: string; score: number }[] = [];
  for (const candidate of candidates) {
    let score = Number.POSITIVE_INFINITY;
    for (const spelling of spellings(candidate)) {
      const distance = editDistance(typed, spelling);
      if (distance <= allowed) score = Math.min(score, distance);
      else if (typed.length >= MIN_PART && spelling.length >= MIN_PART && (spelling.includes(typed) || typed.includes(spelling))) {
        // a part of the name: after every near miss, nearer the shorter the difference
        score = Math.min(score, allowed + 1 + Math.abs(spelling.length - typed.length) / 100);
      }
    }
    if (Number.isFinite(score)) scored.push({ id: candidate.id, score });
  }
  scored.sort((x, y) => x.score - y.score || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return [...new Set(scored.map((s) => s.id))].slice(0, limit);
}

/** "de (Germany)": an id with its name where the name says more than the id. */
export function describeCandidate(candidate: NameCandidate): string {
  return candidate.name !== undefined && foldName(candidate.name) !== foldName(candidate.id) ? `${candidate.id} (${candidate.name})` : candidate.id;
}

/** "a, b or c" */
export function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** Lists this long or shorter are given whole in a message; longer ones are left to `muster list`. */
const SHOWN_WHOLE = 12;

/**
 * The message for a name that names nothing: what was typed, the close matches, the known ids
 * when there are few, and the command that lists them all:
 *   unknown nation "germnay": did you mean de (Germany)? Known: de, su, us, uk, pl; list them with muster list bof nations
 */
export function unknownNameMessage(
  what: string,
  wanted: string,
  candidates: readonly NameCandidate[],
  options: { listCommand?: string; wider?: readonly NameCandidate[] } = {},
): string {
  const byId = new Map([...(options.wider ?? []), ...candidates].map((c) => [c.id, c]));
  // the near misses among the names that fit first (a nation's own units), else among all
  let close = closeMatches(wanted, candidates);
  if (close.length === 0 && options.wider) close = closeMatches(wanted, options.wider);
  const head = `unknown ${what} "${wanted}"`;
  const rest: string[] = [];
  if (candidates.length > 0 && candidates.length <= SHOWN_WHOLE) rest.push(`known: ${candidates.map((c) => c.id).join(', ')}`);
  if (options.listCommand) rest.push(`list them with ${options.listCommand}`);
  if (close.length === 0) return [head, ...rest].join('; ');
  const tail = rest.join('; ');
  return `${head}: did you mean ${orList(close.map((id) => describeCandidate(byId.get(id)!)))}?${tail ? ` ${tail[0]!.toUpperCase()}${tail.slice(1)}` : ''}`;
}
