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
