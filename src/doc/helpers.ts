import type { HelperOptions } from 'handlebars';
import { parseDice } from '../engine/dice.js';
import { chanceAtLeast, chanceAtMost, formatChance, sumDistribution } from '../engine/odds.js';
import type { Units } from './model.js';

/** A true minus sign: a hyphen looks thin beside digits on a printed sheet. */
export const MINUS = '\u2212';

export function formatModifier(value: number): string {
  if (value > 0) return `+${value}`;
  if (value < 0) return `${MINUS}${Math.abs(value)}`;
  return '0';
}

export function formatLength(value: number, units: Units): string {
  const text = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${text} ${units}`;
}

function unitsOf(options: HelperOptions): Units {
  const units = (options.data?.root as { units?: unknown } | undefined)?.units;
  if (units !== 'cm' && units !== 'in') throw new Error('a template using {{dist}} needs "units" (cm or in) in its context');
  return units;
}

/**
 * Every helper templates may use, in one place. Prose in data files uses them too, so
 * distances follow --units and chances stay exact.
 */
export const helpers = {
  /**
   * {{dist 10 4}}: a distance in the sheet's units, given in both as the rules do, centimetres
   * first; the loader refuses a pair that is not one distance (src/data/text-helpers.ts)
   */
  dist(cm: number, inches: number, options: HelperOptions): string {
    const units = unitsOf(options);
    return formatLength(units === 'cm' ? cm : inches, units);
  },
  /** {{mod -2}}: a signed modifier with a true minus */
  mod(value: number): string {
    return formatModifier(value);
  },
  /** {{join list ", "}}: a list as one line */
  join(list: unknown, separator: unknown): string {
    if (!Array.isArray(list)) throw new Error('{{join}} takes a list');
    return list.join(typeof separator === 'string' ? separator : ', ');
  },
  /** {{chanceOfDoubles "2D6"}}: the chance that at least two of the dice show the same face */
  chanceOfDoubles(dice: string): string {
    const { count, sides } = parseDice(dice);
    let allDifferent = 1;
    for (let i = 0; i < count; i++) allDifferent *= Math.max(sides - i, 0) / sides;
    return formatChance(1 - allDifferent);
  },
  /** {{chance "2D6" 6 "lower"}}: the chance to roll at or under (or over) a number */
  chance(dice: string, target: number, or: string): string {
    const dist = sumDistribution(dice);
    if (or !== 'lower' && or !== 'higher') throw new Error(`{{chance}} takes "lower" or "higher", not "${or}"`);
    return formatChance(or === 'lower' ? chanceAtMost(dist, target) : chanceAtLeast(dist, target));
  },
};

/** How each helper is written, for messages about a text that misuses one. */
export const HELPER_USAGE: Readonly<Record<keyof typeof helpers, { values: number; example: string; meaning: string }>> = {
  dist: { values: 2, example: '{{dist 10 4}}', meaning: 'the distance in cm, then in inches' },
  mod: { values: 1, example: '{{mod -2}}', meaning: 'a modifier, a whole number' },
  join: { values: 1, example: '{{join list ", "}}', meaning: 'a list, then what goes between its items' },
  chanceOfDoubles: { values: 1, example: '{{chanceOfDoubles "2D6"}}', meaning: 'the dice, like "2D6"' },
  chance: { values: 3, example: '{{chance "2D6" 6 "lower"}}', meaning: 'the dice, the number, then "lower" or "higher"' },
};
