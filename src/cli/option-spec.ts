/** The shape of the command line's option table (command-table.ts). */

export type OptionType = 'string' | 'number' | 'boolean';

export interface OptionSpec {
  /** as typed after --, kebab-case */
  readonly name: string;
  readonly type: OptionType;
  readonly describe?: string;
  /** a one-letter form, typed after - */
  readonly alias?: string;
  /** may be given more than once; the values are a list */
  readonly array?: boolean;
  /**
   * may be given more than once, one value each time (a list only when repeated), where a word
   * after it must stay a positional; every other option given twice is refused by name
   */
  readonly repeatable?: boolean;
  readonly choices?: readonly string[];
  readonly default?: string | number | boolean | readonly string[];
  readonly demandOption?: boolean;
  /** accepted (to be refused with a reason) but not shown by --help */
  readonly hidden?: boolean;
  /** the page's field for it, where the page's form offers it (src/web/page-options.ts) */
  readonly page?: PageField;
}

/**
 * An option's field on the page's form: the words a player reads there. The rest comes from
 * the option itself (its type, choices, default and help), as a rule set's own fields come from
 * its manifest, so the form follows the command line by construction.
 */
export interface PageField {
  /** the field's name on the form */
  readonly label: string;
  /**
   * Where it stands: what to print, how it is printed, or the dice. Print settings and the seed
   * stay as they are when another rule set is chosen; what to print does not.
   */
  readonly group: 'product' | 'printing' | 'dice';
  /** the words of each of the option's choices, in the order the field lists them */
  readonly choices?: readonly (readonly [choice: string, words: string])[];
  /** a list of the rule set's own names (its nations, decks, scenarios, players), filled when one is chosen */
  readonly listed?: true;
  /** the words of the list's entry that leaves the option out */
  readonly none?: string;
  /** what an empty field shows */
  readonly placeholder?: string;
  /** the keyboard a phone shows for it */
  readonly keyboard?: 'numeric' | 'decimal';
  /** a number's bounds and step */
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
}

export interface PositionalSpec {
  readonly name: string;
  readonly describe: string;
  /** [what] rather than <what> */
  readonly optional?: boolean;
  readonly choices?: readonly string[];
}

export interface CommandSpec {
  readonly name: string;
  readonly describe: string;
  readonly positionals: readonly PositionalSpec[];
  readonly options: readonly OptionSpec[];
  /** `$0 ...` command lines with what each does, shown by --help */
  readonly examples?: readonly (readonly [string, string])[];
}

/** `back-offset` -> `backOffset`: the key a command reads an option by. */
export function camelCase(name: string): string {
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
