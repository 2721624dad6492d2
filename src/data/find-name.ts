import { UsageError } from '../errors.js';
import { describeCandidate, foldName, unknownNameMessage, type NameCandidate } from './suggest.js';

/**
 * Finding what a player names, the way a player names it: by id, or by its name or another
 * spelling where that names one thing only ("United States" is us, "thompson" the Thompson).
 * A name that names nothing, or several things, comes back as a message saying what to type.
 */
export type NameMatch<T> = { found: T; problem?: undefined } | { found?: undefined; problem: string };

export interface FindOptions<T extends NameCandidate> {
  /** what is named, in a word or two, for messages: "nation", "army list" */
  what: string;
  /** the command that lists them all, for messages: "muster list bof nations" */
  listCommand?: string;
  /**
   * more things searched when `entries` (the ones that fit: a nation's own weapons) hold none,
   * so a weapon of another nation is found and refused for that reason rather than as unknown
   */
  wider?: readonly T[];
}

export function findByName<T extends NameCandidate>(wanted: string, entries: readonly T[], options: FindOptions<T>): NameMatch<T> {
  const typed = wanted.trim();
  const exact = entries.find((e) => e.id === typed) ?? options.wider?.find((e) => e.id === typed);
  if (exact) return { found: exact };
  const folded = foldName(typed);
  for (const scope of [entries, options.wider ?? []]) {
    const matches = new Map<string, T>();
    for (const entry of scope) {
      const spellings = [entry.id, entry.name, ...(entry.aliases ?? [])].filter((s): s is string => s !== undefined);
      if (folded !== '' && spellings.some((s) => foldName(s) === folded)) matches.set(entry.id, entry);
    }
    if (matches.size === 1) return { found: [...matches.values()][0]! };
    if (matches.size > 1) {
      const named = [...matches.values()].map(describeCandidate).join(', ');
      return {
        problem: `"${typed}" names ${matches.size} ${plural(options.what)}: ${named}; give the id of the one you mean${options.listCommand ? ` (list them with ${options.listCommand})` : ''}`,
      };
    }
  }
  return { problem: unknownNameMessage(options.what, typed, entries.length > 0 ? entries : (options.wider ?? []), { listCommand: options.listCommand, wider: options.wider }) };
}

/** The thing named, or a usage error (exit 2) saying what to type instead. */
export function findOrRefuse<T extends NameCandidate>(wanted: string, entries: readonly T[], options: FindOptions<T>, option?: string): T {
  return foundOrRefuse(findByName(wanted, entries, options), option);
}

/** A match's find, or its problem as a usage error (exit 2), after the option it came from. */
export function foundOrRefuse<T>(match: NameMatch<T>, option?: string): T {
  if (match.problem !== undefined) throw new UsageError(option ? `${option}: ${match.problem}` : match.problem);
  return match.found;
}

function plural(what: string): string {
  return what.endsWith('s') ? what : `${what}s`;
}
