import { parseArgs, type ParseArgsConfig } from 'node:util';
import { camelCase, COMMAND_TABLE, type CommandSpec, type OptionSpec } from './command-table.js';
import { refuseRepeated, type OptionUse } from './repeated-options.js';

/** What the quick parser made of a command line; undefined: it leaves the line to yargs. */
export type QuickParse = { kind: 'version' } | { kind: 'command'; command: string; args: Record<string, unknown> };

/** Words that ask for yargs' own work: help, the version after a command, the end of options. */
const LEFT_TO_YARGS = new Set(['--help', '-h', 'help', '--version', '-v', '--']);
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Parses an ordinary command line with Node's util.parseArgs, from the same command table as
 * yargs, giving what yargs would give (each option by its name, its camelCase name and its
 * alias, defaults filled). Anything it is not sure of, it leaves to yargs by returning
 * undefined: help, unknown options or commands, a wrong choice, a missing positional, a value
 * that is not a plain number, an option given twice where yargs would make a list of it, or a
 * word after a repeatable option (yargs takes it as another value). So a mistake always gets
 * yargs' message, and test/cli/fast-parse.test.ts checks both agree on every documented line.
 * One mistake it names itself, as the yargs path does: an option that takes one value given
 * twice (RepeatedOptionError), which yargs would pass on as a list no command expects.
 * The page has no node:util: its build gives this module the npm package Node's parseArgs is
 * kept in step with (@pkgjs/parseargs), and the test reads every line with both.
 */
export function fastParse(argv: readonly string[], table: readonly CommandSpec[] = COMMAND_TABLE, parse: typeof parseArgs = parseArgs): QuickParse | undefined {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) return { kind: 'version' };
  const [name, ...rest] = argv;
  const command = table.find((c) => c.name === name);
  if (!command || rest.some((word) => LEFT_TO_YARGS.has(word))) return undefined;

  const byName = new Map(command.options.map((o) => [o.name, o]));
  // --no-backs: Node 20's parseArgs has no negated booleans
  const negated = new Set<string>();
  const uses: OptionUse[] = [];
  const words: string[] = [];
  for (const word of rest) {
    const negation = /^--no-([a-z][a-z0-9-]*)$/.exec(word);
    const option = negation ? byName.get(negation[1]!) : undefined;
    if (option?.type === 'boolean') {
      negated.add(option.name);
      uses.push({ option, shown: word });
    } else words.push(word);
  }

  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const o of command.options) {
    // a repeatable option gathers its values as a list does; one value alone stays a value (yargs' reading)
    options[o.name] = { type: o.type === 'boolean' ? 'boolean' : 'string', ...(o.array || (o.repeatable && o.type !== 'boolean') ? { multiple: true } : {}), ...(o.alias ? { short: o.alias } : {}) };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parse({ args: words, options, allowPositionals: true, strict: true, tokens: true });
  } catch {
    return undefined;
  }

  const tokens = parsed.tokens ?? [];
  for (const [i, token] of tokens.entries()) {
    if (token.kind === 'positional') {
      if (token.value === '-' || token.value === '') return undefined;
      continue;
    }
    if (token.kind !== 'option') return undefined;
    const option = byName.get(token.name)!;
    // -ofile, -o=file: yargs' reading of these is its own
    if (!token.rawName.startsWith('--') && token.inlineValue) return undefined;
    if (option.array && tokens[i + 1]?.kind === 'positional') return undefined;
    uses.push({ option, shown: option.type === 'boolean' ? token.rawName : (token.value ?? '') });
  }
  refuseRepeated(uses);

  const positionals = parsed.positionals;
  const required = command.positionals.filter((p) => !p.optional).length;
  if (positionals.length < required || positionals.length > command.positionals.length) return undefined;
  const args: Record<string, unknown> = { _: [command.name], $0: 'muster' };
  for (const [i, spec] of command.positionals.entries()) {
    const value = positionals[i];
    if (value === undefined) continue;
    if (spec.choices && !spec.choices.includes(value)) return undefined;
    args[spec.name] = value;
  }
  for (const option of command.options) {
    const given = negated.has(option.name) ? false : (parsed.values as Record<string, string | boolean | string[] | undefined>)[option.name];
    const value = given === undefined ? copyDefault(option) : typed(option, given);
    if (value === LEFT) return undefined;
    if (value === undefined) {
      if (option.demandOption) return undefined;
      continue;
    }
    args[option.name] = value;
    args[camelCase(option.name)] = value;
    if (option.alias) args[option.alias] = value;
  }
  return { kind: 'command', command: command.name, args };
}

const LEFT = Symbol('left to yargs');

function copyDefault(option: OptionSpec): unknown {
  return Array.isArray(option.default) ? [...(option.default as string[])] : option.default;
}

/** The value as yargs types it, or LEFT when yargs should say what is wrong with it. */
function typed(option: OptionSpec, given: string | boolean | string[]): unknown {
  if (option.type === 'boolean') return given;
  const values = Array.isArray(given) ? given : [given as string];
  if (option.choices && values.some((v) => !option.choices!.includes(v))) return LEFT;
  if (option.type === 'number') {
    if (values.some((v) => !PLAIN_NUMBER.test(v))) return LEFT;
    const numbers = values.map(Number);
    return option.array ? numbers : option.repeatable && numbers.length > 1 ? numbers : numbers[0];
  }
  // a repeatable option without a list of its own is a list only when repeated: yargs' reading
  return option.array || (option.repeatable && values.length > 1) ? [...values] : values[0];
}
