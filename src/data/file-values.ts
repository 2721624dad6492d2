import { MAX_FILE_VALUES } from './limit-values.js';

/**
 * Whether a parsed file holds more than `max` values once its aliases are written out. YAML
 * gives an alias the very object of its anchor, so a 600-character file of 100 aliases to
 * one list of 500 entries is 50,000 entries to whatever walks it (the page's builder drew a
 * row for each, for minutes). Counted up to `max` and no further: the cost is bounded whatever
 * the file.
 */
export function holdsTooManyValues(value: unknown, max = MAX_FILE_VALUES): boolean {
  const stack: unknown[] = [value];
  let count = 0;
  while (stack.length > 0) {
    const next = stack.pop();
    if (++count > max) return true;
    if (Array.isArray(next)) for (const item of next) stack.push(item);
    else if (next && typeof next === 'object') for (const item of Object.values(next)) stack.push(item);
  }
  return false;
}

/** The words for such a file, the command line's and the page's alike. */
export const TOO_MANY_VALUES = `its aliases (*name) repeat its parts to more than ${MAX_FILE_VALUES} values, more than muster takes in one file; write the repeated parts out, or repeat them less`;

/** A file refused for what its aliases make of it, not for its YAML. */
export class TooManyValuesError extends Error {
  constructor() {
    super(TOO_MANY_VALUES);
    this.name = 'TooManyValuesError';
  }
}
