import type { Argv, Options, PositionalOptions } from 'yargs';
import { COMMAND_TABLE, EPILOGUE, EXAMPLES, USAGE, type CommandSpec, type OptionSpec, type PositionalSpec } from './command-table.js';
import { TOOL_VERSION } from './version.js';

/** A command's words for yargs: `campaign <system> <action>`, `list <system> [what]`. */
function commandLine(name: string, positionals: readonly PositionalSpec[]): string {
  return [name, ...positionals.map((p) => (p.optional ? `[${p.name}]` : `<${p.name}>`))].join(' ');
}

function positional(spec: PositionalSpec): PositionalOptions {
  return {
    // an option with choices shows them in place of its type
    ...(spec.choices ? { choices: spec.choices } : { type: 'string' as const }),
    ...(spec.optional ? {} : { demandOption: true }),
    describe: spec.describe,
  };
}

function option(spec: OptionSpec): Options {
  return {
    ...(spec.alias ? { alias: spec.alias } : {}),
    ...(spec.choices ? { choices: spec.choices } : { type: spec.type }),
    ...(spec.array ? { array: true } : {}),
    ...(spec.default !== undefined ? { default: spec.default } : {}),
    ...(spec.demandOption ? { demandOption: true } : {}),
    ...(spec.hidden ? { hidden: true } : {}),
    ...(spec.describe !== undefined ? { describe: spec.describe } : {}),
  };
}

/** The options every command that writes something takes, shown first by --help. */
const COMMON = new Set(['seed', 'out', 'format', 'data', 'quiet', 'state', 'port', 'host']);
/** The options that say how a product is printed, shown last by --help. */
const PRINTING = new Set([
  'paper',
  'units',
  'backs',
  'ink',
  'duplex',
  'back-offset',
  'bleed',
  'marks',
  'layout',
  'cards',
  'shop',
  'round-size',
  'square-size',
  'allow-missing-glyphs',
  'public-url',
]);

/**
 * --help's groups of a command's options: common ones, what this command and the rule sets take
 * (each rule set's own named after it in its text), and printing. An empty group is left out.
 */
function optionGroups(command: CommandSpec): [string, string[]][] {
  const shown = command.options.filter((o) => !o.hidden).map((o) => o.name);
  const groups: [string, string[]][] = [
    ['Common options:', [...shown.filter((n) => COMMON.has(n)), 'help', 'version']],
    [`Options of muster ${command.name}, with the rule sets' own:`, shown.filter((n) => !COMMON.has(n) && !PRINTING.has(n))],
    ['Printing options:', shown.filter((n) => PRINTING.has(n))],
  ];
  return groups.filter(([, names]) => names.length > 0);
}

/** The width --help wraps to: the terminal's, at most 100 columns, at least 40; 100 when not a terminal. */
export function helpWidth(columns: number | undefined): number {
  return columns === undefined || !(columns > 0) ? 100 : Math.max(40, Math.min(100, columns));
}

/**
 * yargs set up from the command table: the parser for --help, for the messages of a command
 * line that is wrong, and for the forms the quick parser leaves to it. Loaded only then: its
 * modules are a sixth of a fresh run's start-up.
 */
export async function buildYargs(argv: readonly string[], columns?: number): Promise<Argv> {
  const { default: yargs } = await import('yargs');
  let parser = yargs([...argv]).scriptName('muster').usage(USAGE);
  for (const command of COMMAND_TABLE) {
    parser = parser.command(commandLine(command.name, command.positionals), command.describe, (y) => {
      let built = y;
      for (const p of command.positionals) built = built.positional(p.name, positional(p));
      for (const o of command.options) built = built.option(o.name, option(o));
      for (const [line, what] of command.examples ?? []) built = built.example(line, what);
      for (const [title, names] of optionGroups(command)) built = built.group(names, title);
      return built;
    });
  }
  for (const [line, what] of EXAMPLES) parser = parser.example(line, what);
  return parser
    .epilogue(EPILOGUE)
    .demandCommand(1, 'Name a command; `muster --help` lists them.')
    .strict()
    .recommendCommands()
    .exitProcess(false)
    .version(TOOL_VERSION)
    .alias('version', 'v')
    .help()
    .alias('help', 'h')
    .completion('completion', 'print a script for your shell (bash or zsh) that completes commands and options on Tab: muster completion >> ~/.bashrc')
    .wrap(helpWidth(columns));
}

/** What yargs made of a command line: its reading, the text it answered with (help, the version), and what was wrong. */
export interface YargsReading {
  parsed: Record<string, unknown> & { _: unknown[] };
  output: string;
  failure: Error | undefined;
}

/**
 * Reads a command line with yargs as a run does. yargs lays out the whole help text after
 * every command in case it is shown later; muster prints its own messages, so that work (a
 * tenth of a fresh run) is done only when help is asked for.
 */
export async function readWithYargs(args: readonly string[], columns?: number): Promise<YargsReading> {
  const parser = await buildYargs(args, columns);
  if (!args.some((a) => a === '--help' || a === '-h' || a === 'help')) {
    (parser as unknown as { getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void } } }).getInternalMethods().getUsageInstance().cacheHelpMessage = () => undefined;
  }
  let output = '';
  let failure: Error | undefined;
  const parsed = (await parser.parseAsync([...args], {}, (error: Error | undefined, _argv: unknown, text: string) => {
    if (error) failure = error;
    output = text;
  })) as YargsReading['parsed'];
  return { parsed, output, failure };
}
