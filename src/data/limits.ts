import { z } from 'zod';
import { controlCharIn, controlCharMessage } from './control-chars.js';
import { MAX_ENTRIES, MAX_FORCE_MODELS, MAX_ID_LENGTH, MAX_LABEL_LENGTH, MAX_TEXT_LENGTH } from './limit-values.js';
import type { ReadingId } from '../vocab/provenance.js';

export * from './limit-values.js';

/** Dice rolled at once and sides of a die: the engine's own limits, which it rolls within. */
export { MAX_DICE, MAX_SIDES } from '../engine/dice.js';

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

/**
 * Where a printed or rolled rule comes from, as a file keeps it (a campaign's rolls): a section
 * of the text by its heading, or a reading of a register by "system/id".
 */
export const provenance = z.union([
  z.object({ section: textOf(MAX_LABEL_LENGTH) }).strict(),
  z.object({ reading: z.custom<ReadingId>((v) => typeof v === 'string' && v.length <= 2 * MAX_ID_LENGTH + 1 && /^[a-z0-9-]+\/[a-z0-9-]+$/.test(v), 'a reading of a register, as "system/id"') }).strict(),
]);
