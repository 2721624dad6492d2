// first: every PDF is compressed the same way on the command line as in the page
import './same-deflate.js';
import { closeMatches, orList } from '../data/suggest.js';
import { DiceError } from '../engine/errors.js';
import { causeChain, exitCodeOf, MusterError, UsageError } from '../errors.js';
import { PrintChoiceError } from '../layout/errors.js';
import type { CalibrateArgs } from './commands/calibrate.js';
import type { ExamplesArgs } from './commands/examples.js';
import type { CardsArgs } from './commands/cards.js';
import type { CampaignArgs } from './commands/campaign.js';
import type { ListArgs } from './commands/list.js';
import type { ScenarioArgs } from './commands/scenario.js';
import type { ServeArgs } from './commands/serve.js';
import type { CheckArgs } from './commands/check.js';
import type { TokensArgs } from './commands/tokens.js';
import type { CliIo } from './io.js';
import type { ConfigArgs } from './commands/config.js';
import { loadClubDefaults, NO_CLUB_DEFAULTS, withClubDefaults, type ClubDefaults } from './club-defaults.js';
import type { ProductArgs } from './options.js';
import { COMMAND_NAMES, COMMAND_TABLE } from './command-table.js';
import { optionUses, refuseRepeated } from './repeated-options.js';
import { fastParse } from './fast-parse.js';
import { readWithYargs } from './yargs-parse.js';
import { TOOL_VERSION } from './version.js';
import { normaliseValues, refuseBadNumbers } from './manners.js';
import { readStdinForce, stdinForces, withStdinFile } from './stdin-force.js';
import { useFiles } from '../data/files.js';
import { escapeControls } from '../data/control-chars.js';
import { filesWithFontPackage, FontPackageError, typedInOptions } from './font-package.js';

/**
 * `--back-offset -2,1` as a player types it: yargs would read "-2,1" as options of their own,
 * so a value that is a negative number is joined to its option ("--back-offset=-2,1").
 */
function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    if (/^--[a-z][a-z-]*$/.test(arg) && next !== undefined && /^-\d[\d.,:x-]*$/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** The words both parsers read: --debug taken out (run() reads it), negative values joined. */
export function commandLineWords(argv: readonly string[]): string[] {
  const words = normaliseValues(joinNegativeValues(argv.filter((a) => a !== '--debug')));
  // `muster` alone: the command list, as --help gives it
  return words.length === 0 ? ['--help'] : words;
}

/**
 * The whole command line: parses argv, runs one command, and returns the exit code. All
 * input and output goes through `io`; nothing here exits the process.
 */
export async function run(argv: readonly string[], given: CliIo): Promise<number> {
  let io = escapingControls(given);
  const debug = argv.includes('--debug') || io.env['MUSTER_DEBUG'] === '1';
  let args = commandLineWords(argv);
  const typed = args;
  // the Chinese and Korean fonts where the caller's look for their package finds them
  if (io.fontPackage) io = { ...io, files: filesWithFontPackage(io.files, io.fontPackage) };
  // every layer reads muster's and the player's files through what the caller gives
  useFiles(io.files);
  try {
    // a club's defaults (muster.yaml, MUSTER_*) where a command will run: added to its line as
    // options, which the command line given overrides; `muster config` shows them instead
    const club = clubDefaultsFor(args) ? await loadClubDefaults(io) : NO_CLUB_DEFAULTS;
    const spec = COMMAND_TABLE.find((c) => c.name === args[0]);
    if (spec && spec.name !== 'config') args = withClubDefaults(spec, args, club);
    // --force -: standard input, read whole first and then read as the file `-` names
    const fromStdin = stdinForces(args);
    if (fromStdin > 1) throw new UsageError('--force -: standard input can be read once; give the other forces by file name');
    if (fromStdin === 1) {
      io = { ...io, files: withStdinFile(io.files, io.cwd, await readStdinForce(io.readStdin)) };
      useFiles(io.files);
    }
    if (spec) refuseBadNumbers(spec, args.slice(1));
    // an ordinary command line is read without yargs (a sixth of a fresh run's start-up)
    const quick = fastParse(args);
    if (quick?.kind === 'version') {
      io.stdout.write(`${TOOL_VERSION}\n`);
      return 0;
    }
    if (quick) {
      const code = await runCommand(quick.command, quick.args, io, club);
      await io.finish?.();
      return code;
    }
    const { parsed, output, failure } = await readWithYargs(args, io.terminalWidth);
    if (failure) throw new UsageError(`${explain(failure.message, args)}\nRun muster --help for the commands and their options.`);
    if (output) {
      io.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      return 0;
    }
    const command = String(parsed._[0]);
    // yargs makes a list of an option given twice (or keeps a switch's last word): refused here
    // as the quick parser refuses it, before a command meets a list where it expects one value
    const named = COMMAND_TABLE.find((c) => c.name === command);
    if (named) refuseRepeated(optionUses(named, args));
    const code = await runCommand(command, parsed, io, club);
    await io.finish?.();
    return code;
  } catch (error) {
    // a text needing the font package, named by the option it was typed in (the club's
    // defaults set no text that prints)
    const said = error instanceof FontPackageError ? error.alsoTypedAt(typedInOptions(error.texts, typed)) : error;
    reportError(said, io, debug);
    return exitCodeFor(said);
  }
}

/**
 * What muster prints is text, and no control character from a file or an option (a name in a
 * shared state) reaches the terminal as one: each is printed as an escape. JSON escapes its own.
 */
function escapingControls(io: CliIo): CliIo {
  return {
    ...io,
    // bytes (`-o -`'s PDF) pass as they are: they are no text for a terminal
    stdout: { write: (chunk: string) => io.stdout.write(escapeControls(chunk)), ...(io.stdout.writeBytes ? { writeBytes: io.stdout.writeBytes } : {}) },
    stderr: { write: (chunk: string) => io.stderr.write(escapeControls(chunk)), isTTY: io.stderr.isTTY },
  };
}

/** Each command's code is loaded when it runs: a JSON scenario never loads the PDF writer. */
async function runCommand(command: string, parsed: unknown, io: CliIo, club: ClubDefaults): Promise<number> {
  switch (command) {
    case 'systems':
      return await (await import('./commands/systems.js')).runSystems(parsed as unknown as { format: 'text' | 'json'; data: string[] }, io);
    case 'tables':
      return await (await import('./commands/tables.js')).runTables(parsed as unknown as ProductArgs, io);
    case 'cards':
      return await (await import('./commands/cards.js')).runCards(parsed as unknown as CardsArgs, io);
    case 'tokens':
      return await (await import('./commands/tokens.js')).runTokens(parsed as unknown as TokensArgs, io);
    case 'scenario':
      return await (await import('./commands/scenario.js')).runScenario(parsed as unknown as ScenarioArgs, io);
    case 'campaign':
      return await (await import('./commands/campaign.js')).runCampaign(parsed as unknown as CampaignArgs, io);
    case 'list':
      return await (await import('./commands/list.js')).runList(parsed as unknown as ListArgs, io);
    case 'check':
      return await (await import('./commands/check.js')).runCheck(parsed as unknown as CheckArgs, io);
    case 'calibrate':
      return await (await import('./commands/calibrate.js')).runCalibrate(parsed as unknown as CalibrateArgs, io);
    case 'serve':
      return await (await import('./commands/serve.js')).runServe(parsed as unknown as ServeArgs, io);
    case 'examples':
      return await (await import('./commands/examples.js')).runExamples(parsed as unknown as ExamplesArgs, io);
    case 'validate':
      return await (await import('./commands/validate.js')).runValidate(parsed as unknown as { data: string[]; format: 'text' | 'json' }, io);
    case 'config':
      return await (await import('./commands/config.js')).runConfig(parsed as unknown as ConfigArgs, io, club);
    default:
      throw new UsageError(`unknown command "${command}"; run muster --help for the list`);
  }
}


/** A club's defaults are read for a command's run, not for --help or --version. */
function clubDefaultsFor(args: readonly string[]): boolean {
  return COMMAND_NAMES.includes(args[0] ?? '') && !args.some((a) => a === '--help' || a === '-h' || a === '--version');
}

/** yargs' messages, restated in the words of this tool where they are vague. */
function explain(message: string, args: readonly string[]): string {
  const command = args.find((a) => !a.startsWith('-'));
  if (/^Not enough non-option arguments/.test(message) && command) {
    return `muster ${command} needs a rule set id, e.g. muster ${command} bof (muster systems lists them)`;
  }
  const unknown = /^Unknown arguments?: (.*)$/.exec(message);
  if (unknown) {
    if (command && !COMMAND_NAMES.includes(command)) {
      const close = closeMatches(command, COMMAND_NAMES.map((id) => ({ id })));
      return `unknown command "${command}"${close.length > 0 ? ` (did you mean ${orList(close)}?)` : ''}; the commands are ${COMMAND_NAMES.join(', ')}`;
    }
    const names = unknown[1]!.split(', ').map((n) => (n.length === 1 ? `-${n}` : `--${n}`));
    return `unknown option ${names.join(', ')}${didYouMean(names, command)} (${message})`;
  }
  return message;
}

/** " (did you mean --paper?)": the command's options closest to the first unknown one. */
function didYouMean(names: readonly string[], command: string | undefined): string {
  const spec = COMMAND_TABLE.find((c) => c.name === command);
  const first = names[0];
  if (!spec || !first?.startsWith('--')) return '';
  const shown = spec.options.filter((o) => !o.hidden);
  const close = closeMatches(first.slice(2), shown.map((o) => ({ id: o.name })));
  return close.length > 0 ? ` (did you mean ${orList(close.map((n) => `--${n}`))}?)` : '';
}

/**
 * The exit code of a failed run: 2 for bad input, 1 for a failure while generating. muster's
 * own errors carry theirs; the lower layers' own errors are mapped here.
 */
export function exitCodeFor(error: unknown): number {
  if (error instanceof DiceError || error instanceof PrintChoiceError) return 2;
  return exitCodeOf(error);
}

/** The message and its chain of causes; the stack trace only when debugging. */
export function reportError(error: unknown, io: CliIo, debug: boolean): void {
  // a reader that stopped reading is no failure: nothing to say
  if (error instanceof MusterError && error.exitCode === 0) return;
  const [first = 'unknown error', ...causes] = causeChain(error);
  let printed = first;
  io.stderr.write(`muster: ${first}\n`);
  for (const cause of causes) {
    if (printed.includes(cause)) continue;
    io.stderr.write(`  caused by: ${cause}\n`);
    printed += cause;
  }
  if (debug && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
}
