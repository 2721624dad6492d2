/**
 * The command line's options as the page's form offers them, read from the command table
 * (src/cli/command-list.ts, without the rule sets' part: their own options are fields made from
 * their manifests, own-fields.ts). An option the form offers says so in its `page` field (its
 * words); every other option of a command the page runs is named here with why the form leaves
 * it out, and test/architecture.test.ts holds the two together.
 */
import { commandList } from '../cli/command-list.js';
import type { CommandSpec, OptionSpec, PageField } from '../cli/option-spec.js';

/** The commands the page's products run, with the shared options alone. */
const PAGE_COMMANDS: readonly CommandSpec[] = commandList((_, shared) => shared);

/** The commands the form's products run: the force builder prints `cards`; the table mode runs none of its own. */
export const FORM_COMMANDS = ['tables', 'cards', 'tokens', 'scenario', 'campaign', 'calibrate'] as const;

/** An option the form has a field for, as the command table gives it. */
export interface FieldOption {
  readonly name: string;
  readonly type: OptionSpec['type'];
  readonly describe: string;
  readonly choices?: readonly string[];
  readonly page: PageField;
}

/** A product's command: 'force' is the builder's roster and cards; 'table' prints nothing of the command line's. */
export function commandOf(product: string): CommandSpec | undefined {
  const name = product === 'force' ? 'cards' : product;
  return (FORM_COMMANDS as readonly string[]).includes(name) ? PAGE_COMMANDS.find((c) => c.name === name) : undefined;
}

const formSpecs = (): OptionSpec[] => FORM_COMMANDS.flatMap((name) => commandOf(name)!.options);

/** Each option the form has a field for, once, in the order the commands first give it. */
export const FIELD_OPTIONS: readonly FieldOption[] = formSpecs()
  .filter((o, i, all) => o.page !== undefined && all.findIndex((p) => p.name === o.name && p.page) === i)
  .map((o) => ({ name: o.name, type: o.type, describe: o.describe ?? '', ...(o.choices ? { choices: o.choices } : {}), page: o.page! }));

/** The product's command offers the form's field of this option (its own spec of it has one). */
export function offers(product: string, name: string): boolean {
  return commandOf(product)?.options.some((o) => o.name === name && o.page !== undefined) ?? false;
}

/**
 * The command line's defaults as the form holds them, a flag's as yes or no: a value equal to
 * one is left out of the link and the argv. --units has none here (the rule set's text units:
 * form.ts defaultOf), nor --bleed (left out, a sheet may take 2 mm to hold more cards; a bleed
 * typed is kept as typed); --terrain takes a campaign's, which a scenario rolls too when it is
 * left out.
 */
export const DEFAULTS: Readonly<Record<string, string>> = Object.fromEntries(
  FIELD_OPTIONS.flatMap(({ name }) => {
    const given = formSpecs().find((o) => o.name === name && o.page && o.default !== undefined && !Array.isArray(o.default))?.default;
    return given === undefined ? [] : [[name, typeof given === 'boolean' ? (given ? 'yes' : 'no') : String(given)]];
  }),
);

/** The options `muster calibrate` takes on the form: it prints one sheet, the same for every rule set. */
export const CALIBRATE_OPTIONS: readonly string[] = commandOf('calibrate')!
  .options.filter((o) => o.page)
  .map((o) => o.name);

/** Print settings and the seed, which stay as they are when another rule set is chosen. */
export const PRINT_OPTIONS: readonly string[] = FIELD_OPTIONS.filter((o) => o.page.group !== 'product').map((o) => o.name);

/**
 * The options of the commands the form runs that it has no field of their own for, each with
 * why: `--name` for every command, `command --name` for one. A rule set's own options are not
 * here: their fields come from their manifests (a campaign's, from its page part).
 */
export const NOT_ON_THE_FORM: Readonly<Record<string, string>> = {
  '--out': 'the page writes into its own folder in the browser and names the download after the product and its seed',
  '--quiet': 'the page shows every message of a run under the form; there is nothing to keep quiet',
  '--format': 'the buttons: Download PDF, Download JSON and Download Markdown',
  '--data': 'the house-rules panel: "Use my house rules" gives every product --data house',
  '--force': "the force file fields (side A, side B), the force builder's force and the campaign panel's forces",
  'cards --strict': "the page prints a force's problems on its roster rather than refuse it; the builder shows them as the force is built",
  'scenario --strict': "the page prints a force's problems on its roster rather than refuse it; the builder shows them as the force is built",
  'scenario --names': "the packet names the sides side A and side B; the table mode takes the sides' names",
  'scenario --table': "each rule set's own table, as the command line rolls without it",
  'scenario --points': "each rule set's own points, as the command line rolls without it",
  'cards --public-url': 'the page gives its own address, where the server or the build says what it is',
  'tokens --only': 'the parts to print, a box each (form.ts partsOptions)',
  'tokens --without': 'the parts to print, a box each (form.ts partsOptions)',
  'tokens --count': 'How many of each: a number a token, one --count ID=N each',
  'campaign --state': "the campaign panel keeps the state file in the browser and offers it to download",
  'campaign --to': 'the campaign panel: "Changes kept in the file" goes back to any of them',
  'campaign --names': "the campaign panel's start form: each side's name",
  'campaign --strict': 'the campaign panel\'s start form: "Refuse a force that breaks its rules"',
};
