import { z } from 'zod';
import { controlCharIn, controlCharMessage } from './control-chars.js';

/**
 * The limits on every number and text a data file, a force file or an option can give. Each
 * is far beyond what a real game needs (the built-in data's largest value is noted beside
 * it) but keeps a run fast and small: past a limit muster refuses the file, naming the file,
 * the field and the limit, instead of running out of memory or time.
 */

/** A data file or force file, in bytes (the largest built-in file is 15 kB). */
export const MAX_FILE_BYTES = 1024 * 1024;
/** Files and folders in one data folder, so a wrong --data (such as /) is refused quickly. */
export const MAX_FOLDER_ENTRIES = 10_000;

/** An id: a rule set, a table, a unit, a token (built-in: 30 characters). */
export const MAX_ID_LENGTH = 60;
/** A name, title, label or section (built-in: 66 characters). */
export const MAX_LABEL_LENGTH = 200;
/** A side's name in a campaign (--names, kept in the state). */
export const MAX_SIDE_NAME_LENGTH = 60;
/** A sentence or paragraph: a note, summary, rule or effect (built-in: 528 characters). */
export const MAX_TEXT_LENGTH = 2000;

/** Dice rolled at once and sides of a die: the engine's own limits, which it rolls within. */
export { MAX_DICE, MAX_SIDES } from '../engine/dice.js';
/** Any number in a table: roll totals, needed rolls, modifiers, distances (built-in: 125). */
export const MAX_TABLE_NUMBER = 1000;
/** Rows of one table (built-in: 16). */
export const MAX_ROWS = 200;
/** Columns of one table (built-in: 16). */
export const MAX_COLUMNS = 24;
/** Entries of one kind in one file: tables, tokens, cards, units, weapons... (built-in: 48). */
export const MAX_ENTRIES = 500;

/** Copies of one token on the standard sheet (built-in: 18). */
export const MAX_TOKEN_COUNT = 100;
/** Tokens printed in one run, the standard sheets or a force's (built-in: 110). */
export const MAX_PIECES = 2000;
/** Cards printed from a rule set's decks in one run (built-in: 96). */
export const MAX_DECK_CARDS = 1000;

/** Points of a force or a game (built-in: 180; also the limit of --points). */
export const MAX_POINTS = 5000;
/** Turns of a game (built-in: 7). */
export const MAX_TURNS = 30;
/** A Combat Score limit or track (built-in: 60). */
export const MAX_SCORE = 200;
/** Actions a force takes a turn, the top of its Action Point Counter (a track of boxes). */
export const MAX_ACTIONS = 1000;
/** Models in one entry of a force file. */
export const MAX_FORCE_COUNT = 100;
/** Models in a whole force: a 5000-point force at some 10 points a soldier. */
export const MAX_FORCE_MODELS = 500;

/**
 * A force's entries counted together, within MAX_FORCE_MODELS (a card or a stand is printed
 * for each): the arguments of a force schema's `.refine`, with what the rule set counts
 * ("models", "units") in its message.
 */
export function forceWithinModels(what: string) {
  return [
    (force: { units: readonly { count: number }[] }) => force.units.reduce((n, e) => n + e.count, 0) <= MAX_FORCE_MODELS,
    { message: `a force has at most ${MAX_FORCE_MODELS} ${what} in all`, path: ['units'] as PropertyKey[] },
  ] as const;
}
/** A distance in cm on the table (built-in: 125 cm); in inches, the same over 2.5. */
export const MAX_DISTANCE_CM = 1000;
export const MAX_DISTANCE_IN = 400;

/** A whole number from `min` to `max`, the limit named in the message. */
export function intIn(min: number, max: number) {
  return z
    .number()
    .int('a whole number')
    .min(min, `at least ${min}`)
    .max(max, `at most ${max}`);
}

/** A number from `min` to `max`. */
export function numberIn(min: number, max: number) {
  return z.number().min(min, `at least ${min}`).max(max, `at most ${max}`);
}

/**
 * A text of 1 to `max` characters with no control character in it (a name one line, a
 * `multiline` text tabs and newlines allowed).
 */
export function textOf(max: number, multiline = false) {
  return z
    .string()
    .min(1, 'must not be empty')
    .max(max, `at most ${max} characters`)
    .superRefine((text, context) => {
      const code = controlCharIn(text, multiline);
      if (code) context.addIssue({ code: 'custom', message: controlCharMessage(code) });
    });
}

/** A name, title or label: one line of at most MAX_LABEL_LENGTH characters. */
export const label = textOf(MAX_LABEL_LENGTH);
/** A sentence or paragraph: at most MAX_TEXT_LENGTH characters. */
export const prose = textOf(MAX_TEXT_LENGTH, true);

/** A kebab-case id of at most MAX_ID_LENGTH characters. */
export function kebabId(example: string) {
  return z
    .string()
    .max(MAX_ID_LENGTH, `at most ${MAX_ID_LENGTH} characters`)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, `a kebab-case id such as "${example}"`);
}

/** A list of at most `max` entries. */
export function listOf<T extends z.ZodType>(item: T, max: number = MAX_ENTRIES) {
  return z.array(item).max(max, `at most ${max} entries`);
}
