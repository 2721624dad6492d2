import type { Argv, Options, PositionalOptions } from 'yargs';
import { COMMAND_TABLE, EPILOGUE, EXAMPLES, USAGE, type OptionSpec, type PositionalSpec } from './command-table.js';
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

/**
 * yargs set up from the command table: the parser for --help, for the messages of a command
 * line that is wrong, and for the forms the quick parser leaves to it. Loaded only then: its
 * modules are a sixth of a fresh run's start-up.
 */
export async function buildYargs(argv: readonly string[]): Promise<Argv> {
  const { default: yargs } = await import('yargs');
  let parser = yargs([...argv]).scriptName('muster').usage(USAGE);
  for (const command of COMMAND_TABLE) {
    parser = parser.command(commandLine(command.name, command.positionals), command.describe, (y) => {
      let built = y;
      for (const p of command.positionals) built = built.positional(p.name, positional(p));
      for (const o of command.options) built = built.option(o.name, option(o));
      for (const [line, what] of command.examples ?? []) built = built.example(line, what);
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
    .wrap(100);
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
export async function readWithYargs(args: readonly string[]): Promise<YargsReading> {
  const parser = await buildYargs(args);
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
