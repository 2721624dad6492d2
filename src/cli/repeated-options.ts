import { RepeatedOptionError } from '../errors.js';
import { camelCase, type CommandSpec, type OptionSpec } from './command-table.js';

/** One time an option stands on a command line: the option, and the value or word that gave it. */
export interface OptionUse {
  readonly option: OptionSpec;
  /** the value given (`cm`), or for a switch the word (`--no-backs`) */
  readonly shown: string;
}

/** Options a player may give more than once: the table says so with `array` or `repeatable`. */
export function mayRepeat(option: OptionSpec): boolean {
  return option.array === true || option.repeatable === true;
}

/**
 * Refuses the first option that takes one value and is used more than once. Both parsers call
 * this with what they read, so `--units cm --units in` gets the same message on either.
 */
export function refuseRepeated(uses: readonly OptionUse[]): void {
  const byName = new Map<string, string[]>();
  for (const use of uses) {
    if (mayRepeat(use.option)) continue;
    const shown = byName.get(use.option.name) ?? [];
    shown.push(use.shown === '' ? '""' : use.shown);
    byName.set(use.option.name, shown);
  }
  for (const [name, shown] of byName) if (shown.length > 1) throw new RepeatedOptionError(`--${name}`, shown);
}

/**
 * The options a command line uses, read from its words as yargs reads them: every `--name`,
 * `--name=value`, `--no-name` (a switch), `-x`, `-x=value` and `-xvalue` of the command's
 * options, up to a `--`. A value is the word after its option unless it is given with `=`.
 * For the yargs path, whose result keeps no trace of a switch given twice.
 */
export function optionUses(command: CommandSpec, words: readonly string[]): OptionUse[] {
  const uses: OptionUse[] = [];
  const byName = new Map<string, OptionSpec>();
  for (const o of command.options) {
    byName.set(o.name, o);
    byName.set(camelCase(o.name), o);
  }
  const byAlias = new Map(command.options.filter((o) => o.alias).map((o) => [o.alias!, o]));
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') break;
    const long = /^--([^=]+)(?:=(.*))?$/s.exec(word);
    const short = long ? undefined : /^-([a-zA-Z])(?:=?(.+))?$/s.exec(word);
    const key = long?.[1] ?? short?.[1];
    if (key === undefined) continue;
    const inline = long ? long[2] : short![2];
    let option = long ? byName.get(key) : byAlias.get(key);
    const negation = long && !option ? /^no-(.+)$/.exec(key) : null;
    if (negation) {
      option = byName.get(negation[1]!);
      if (option?.type === 'boolean') uses.push({ option, shown: word });
      continue;
    }
    if (!option) continue;
    if (option.type === 'boolean') {
      uses.push({ option, shown: word });
      continue;
    }
    const next = words[i + 1];
    const value = inline ?? (next !== undefined && !next.startsWith('-') ? next : '');
    uses.push({ option, shown: value });
  }
  return uses;
}
