/**
 * The command line's manners (issue 50, point 5) that both parsers share: values spelled as a
 * player spells them (`--paper A4`, `--units inches`) read as the table's choices, and a number
 * typed with a decimal comma refused with the point it needs, before either parser reads it.
 */
import { UsageError } from '../errors.js';
import type { CommandSpec } from './option-spec.js';
import { optionUses } from './repeated-options.js';

/** The spellings of --units a player may type, folded to lower case, and the choice each is. */
const UNIT_WORDS: Readonly<Record<string, string>> = {
  cm: 'cm',
  centimetre: 'cm',
  centimetres: 'cm',
  centimeter: 'cm',
  centimeters: 'cm',
  in: 'in',
  inch: 'in',
  inches: 'in',
};

/** Options whose value is one of a few words, and how a typed word becomes one of them. */
const NORMALISED: Readonly<Record<string, (value: string) => string>> = {
  paper: (value) => value.toLowerCase(),
  units: (value) => UNIT_WORDS[value.toLowerCase()] ?? value,
};

/**
 * `--paper A4` -> `--paper a4`, `--units inches` -> `--units in` (and the `=` forms): the
 * words a player types for paper and units, read as the choices before they are checked.
 * A word no spelling matches is left as typed, for the parser to refuse by name.
 */
export function normaliseValues(words: readonly string[]): string[] {
  const out = [...words];
  for (let i = 0; i < out.length; i++) {
    const word = out[i]!;
    if (word === '--') break;
    const inline = /^--(paper|units)=(.*)$/s.exec(word);
    if (inline) {
      out[i] = `--${inline[1]}=${NORMALISED[inline[1]!]!(inline[2]!)}`;
      continue;
    }
    const bare = /^--(paper|units)$/.exec(word);
    const next = out[i + 1];
    if (bare && next !== undefined && !next.startsWith('-')) {
      out[i + 1] = NORMALISED[bare[1]!]!(next);
      i++;
    }
  }
  return out;
}

const DECIMAL_COMMA = /^\s*-?\d+,\d+\s*$/;

/**
 * Every number option of the command, as typed: a decimal comma (`--bleed 2,5`) is refused with
 * the point it needs, and a word that is no number is refused naming the option, so a command
 * never meets NaN and never reads "2,5" as two numbers.
 */
export function refuseBadNumbers(command: CommandSpec, words: readonly string[]): void {
  for (const use of optionUses(command, words)) {
    if (use.option.type !== 'number') continue;
    const value = use.shown;
    // what yargs reads as a number (1e3, .5 too) is left to the command's own bounds
    if (value.trim() !== '' && Number.isFinite(Number(value))) continue;
    const name = `--${use.option.name}`;
    if (DECIMAL_COMMA.test(value)) throw new UsageError(`${name} ${value.trim()}: use a point: ${value.trim().replace(',', '.')}`);
    // --port has its own message, naming the ports there are
    if (command.name === 'serve' && use.option.name === 'port') continue;
    throw new UsageError(`${name} ${value === '' ? '(no value)' : value}: give a number, e.g. ${String(use.option.default ?? 2)}`);
  }
}
