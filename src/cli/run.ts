// first: every PDF is compressed the same way on the command line as in the page
import './same-deflate.js';
import yargs from 'yargs';
import { closeMatches, orList } from '../data/suggest.js';
import { causeChain, exitCodeOf, MusterError, UsageError } from '../errors.js';
import type { CalibrateArgs } from './commands/calibrate.js';
import type { CardsArgs } from './commands/cards.js';
import type { CampaignArgs } from './commands/campaign.js';
import type { ListArgs } from './commands/list.js';
import type { ScenarioArgs } from './commands/scenario.js';
import type { ServeArgs } from './commands/serve.js';
import type { CheckArgs } from './commands/check.js';
import type { TokensArgs } from './commands/tokens.js';
import type { CliIo } from './io.js';
import { PAPERS, productOptions, type ProductArgs } from './options.js';
import { cutOptions, inkOptions } from './print-options.js';
import { TOOL_VERSION } from './version.js';
import { useFiles } from '../data/files.js';

function buildParser(argv: readonly string[]) {
  return yargs([...argv])
    .scriptName('muster')
    .usage('$0 <command> [options]\n\nPrints play-aids and rolls scenarios for WW2 miniature wargames.')
    .command('systems', 'list rule sets and their products', (y) =>
      y
        .option('format', { choices: ['text', 'json'] as const, default: 'text' as const, describe: 'text, or json' })
        .option('data', { type: 'string', array: true, default: [] as string[], describe: 'extra data folder, repeatable' }),
    )
    .command('tables <system>', 'quick-reference sheets with the odds of every roll', (y) =>
      inkOptions(productOptions(y.positional('system', { type: 'string', demandOption: true, describe: 'rule set id (see `muster systems`)' }))),
    )
    .command('cards <system>', 'unit cards for the arsenal, a nation, a doctrine or a force, or the card decks a rule set lists; with backs', (y) =>
      cutOptions(
        productOptions(y.positional('system', { type: 'string', demandOption: true, describe: 'rule set id (see `muster systems`)' }))
          .option('nation', { type: 'string', describe: 'only this nation (id or name; `muster list <system> nations` lists them)' })
          .option('doctrine', { type: 'string', describe: 'only units of this doctrine (id, or name with --nation; `muster list bof doctrines`)' })
          .option('force', { type: 'string', describe: 'a force file (YAML or JSON): roster and one card per model' })
          .option('strict', { type: 'boolean', default: false, describe: 'refuse a force that breaks its doctrine instead of printing the problems' })
          .option('explain-cost', { type: 'string', describe: "print how a unit's cost is worked out, and nothing else" })
          .option('list', { type: 'string', describe: 'one deck where the cards come in several: Fire Team an army list (e.g. russians), Blaze Away! a player colour (red, blue); `muster list <system> decks` names them' }),
      ),
    )
    .command('tokens <system>', 'tokens and markers, Combat Score and action tracks, true-scale templates; or the event cards', (y) =>
      cutOptions(
        productOptions(y.positional('system', { type: 'string', demandOption: true, describe: 'rule set id (see `muster systems`)' }))
          .option('force', { type: 'string', describe: 'size the token sheet and the action counter to this force file' })
          .option('events', { type: 'boolean', default: false, describe: 'print the Random Event & Effect cards instead' })
          .option('only', { type: 'string', describe: 'print only these parts, comma-separated, e.g. markers,tracks (`muster list <system> tokens` names them)' })
          .option('without', { type: 'string', describe: 'leave these parts out, comma-separated, e.g. templates' })
          .option('count', { type: 'string', array: true, default: [] as string[], describe: 'ID=N: print N (0 to 100) of one token instead of the sheet\'s count, repeatable, e.g. --count suppressed=12' })
          .option('max-score', { type: 'number', describe: 'Combat Score track maximum (default 50; 15 for Probing the enemy lines)' })
          .option('round-size', { type: 'number', default: 25, describe: 'round token diameter in mm (15 to 40)' })
          .option('square-size', { type: 'number', default: 20, describe: 'square token side in mm (15 to 40)' }),
      ),
    )
    .command('scenario <system>', 'a rolled scenario packet: two-player or solo, every die rolled', (y) =>
      cutOptions(
        productOptions(y.positional('system', { type: 'string', demandOption: true, describe: 'rule set id (see `muster systems`)' }))
          .option('mode', { choices: ['versus', 'solo'] as const, default: 'versus' as const, describe: 'two or more players, or solo against a rolled enemy' })
          .option('scenario', { type: 'string', describe: 'a game mode id or name (e.g. victory-zones; `muster list <system> modes` lists them); rolled when left out' })
          .option('battle', { type: 'string', describe: 'Fire Team: the battle, encounter or attack (attack versus defence, side A attacking); rolled when left out' })
          .option('lists', { type: 'string', describe: 'Fire Team: the two sides\' army lists, side A first, e.g. russians,finns; drawn when left out' })
          .option('force', {
            type: 'string',
            describe:
              "a side's force file (YAML or JSON), repeatable: the first is side A's (solo: yours), a second side B's. Burst of Fire: a side left out is rolled as without one; Blaze Away!: muster's sample forces fill it",
          })
          .option('strict', { type: 'boolean', default: false, describe: 'refuse a --force file that breaks its rules instead of printing the problems on the roster' })
          .option('names', { type: 'string', describe: 'Burst of Fire: the players\' names printed on the packet, side A first, e.g. "Anna,Ben" (solo: your name alone)' })
          .option('players', { type: 'number', default: 2, describe: 'players in a versus game: 2, 4 or 6 (points cut to 75% or 50% each); Fire Team 2 or 4, a platoon each' })
          .option('table', { type: 'string', describe: 'table size, width x height in --units (default 120x120 cm; Fire Team 72x48 in; Blaze Away! 180x120 cm)' })
          .option('points', { type: 'number', describe: 'points per side where the rule set leaves them open (Burst of Fire Combat only: 150; Open Fire: 500; Fire Team: reinforcement points a side, 0 to 40)' })
          .option('count', { type: 'number', default: 1, describe: 'packets to roll, seeds derived from --seed: up to 5000 in one PDF, 100000 as JSON Lines' }),
      ),
    )
    .command('campaign <system> <action>', "a campaign (Burst of Fire's ladder, Fire Team's map): new, record, next, status, booklet", (y) =>
      cutOptions(
        productOptions(
          y
            .positional('system', { type: 'string', demandOption: true, describe: 'rule set id (see `muster systems`)' })
            .positional('action', { choices: ['new', 'record', 'next', 'status', 'booklet'] as const, demandOption: true, describe: 'what to do' }),
        )
          .option('state', { type: 'string', describe: 'the campaign state file (JSON)' })
          .option('names', { type: 'string', describe: 'the two sides, e.g. "Red,Blue" (new, booklet)' })
          .option('lists', { type: 'string', describe: "new: the two sides' army lists, where the rule set has them, e.g. russians,finns" })
          .option('solo', { type: 'boolean', default: false, describe: 'a solo campaign: rungs use solo packets' })
          .option('winner', { choices: ['a', 'b', 'draw'] as const, describe: 'record: who won (draw where the rule set has draws)' })
          .option('battle', { type: 'number', describe: "record: which of the turn's battles (Fire Team: 1 or 2)" })
          .option('assault', { type: 'string', array: true, default: [] as string[], describe: 'next: side:SQUARE each side assaults, e.g. --assault a:C5 --assault b:C2 (Fire Team)' })
          .option('split', { type: 'string', array: true, default: [] as string[], describe: "next: side:N, the points of a side's 8 that go to its attack, e.g. a:5 (Fire Team, default the middle)" })
          .option('victory', {
            choices: ['decisive', 'strategic', 'turns'] as const,
            describe: 'record (Burst of Fire): how the game was won: decisive (the mission done, or the enemy stopped), strategic (the enemy withdrew at the Combat Score limit), turns (ahead on Combat Score after the last turn)',
          })
          .option('combat-score', { type: 'string', describe: 'record: both Combat Scores as A:B' })
          .option('salvage', { type: 'string', array: true, default: [] as string[], describe: 'record: side:what the victor salvaged, repeatable' })
          .option('upgrade', { type: 'string', array: true, default: [] as string[], describe: 'record: side:upgrade:cost, repeatable' }),
      ),
    )
    .command(
      'list <system> [what]',
      'the names a player may use, printed to standard output: nations, doctrines, detachments, units and weapons with their points, army lists and picks, game modes and battles, tokens, card decks, tables',
      (y) =>
        y
          .positional('system', { type: 'string', demandOption: true, describe: 'rule set id (see `muster systems`)' })
          .positional('what', { type: 'string', describe: 'which kind to list, e.g. units; left out: the kinds there are, how many of each, and the command for each' })
          .option('nation', { type: 'string', describe: 'only what this nation fields or may carry (id or name); Fire Team: an army list' })
          .option('doctrine', { type: 'string', describe: 'Burst of Fire: only what this doctrine fields or buys (id, or its name with --nation)' })
          .option('format', { choices: ['text', 'md', 'json'] as const, default: 'text' as const, describe: 'text: aligned for a terminal; md: Markdown tables; json: entries with id, name, points where there is a price, and details' })
          .option('data', { type: 'string', array: true, default: [] as string[], describe: 'extra data folder (house rules), repeatable: its units and lists are listed too' })
          // listed only to refuse it with a reason: the listing goes to standard output
          .option('out', { alias: 'o', type: 'string', hidden: true })
          .example('$0 list bof', 'the kinds of names Burst of Fire has, how many of each')
          .example('$0 list bof units --nation "United States"', 'US units with their points')
          .example('$0 list bof detachments --doctrine de-armor', 'what a German armoured detachment fields and buys')
          .example('$0 list fireteam picks --nation russians --format json', 'the Russian reinforcement picks for a script'),
    )
    .command('check <system>', "a force file checked as every product checks it: its points against its limit and every rule it breaks, printed; exit 2 when it breaks one", (y) =>
      y
        .positional('system', { type: 'string', demandOption: true, describe: 'rule set id: bof, fireteam or blazeaway' })
        .option('force', { type: 'string', demandOption: true, describe: 'the force file (YAML or JSON)' })
        .option('format', { choices: ['text', 'json'] as const, default: 'text' as const, describe: 'text for reading; json: name, points, limit, entries and problems, for a script' })
        .option('data', { type: 'string', array: true, default: [] as string[], describe: 'extra data folder (house rules), repeatable' })
        .example('$0 check bof --force examples/forces/kampfgruppe-weber.yaml', 'its points and whether it keeps its doctrine'),
    )
    .command('calibrate', 'a sheet to print two-sided that shows how far the backs land from the fronts, and the --back-offset that corrects it', (y) =>
      y
        .option('paper', { choices: PAPERS, default: 'a4' as const, describe: 'paper size' })
        .option('duplex', { choices: ['long', 'short'] as const, default: 'long' as const, describe: "how your printer turns the sheet for the backs: long (over the long edge, most printers' default) or short" })
        .option('back-offset', { type: 'string', default: '0,0', describe: 'print the backs moved by X,Y mm (X right, Y down, as seen on the front), to check a setting' })
        .option('out', { alias: 'o', type: 'string', describe: 'output file (default: a file under out/)' })
        .option('quiet', { type: 'boolean', default: false, describe: 'print nothing but errors' })
        .example('$0 calibrate --duplex short', 'print it two-sided, hold it to the light and read the offset'),
    )
    .command('serve', 'the page: every product printed from a browser, served on this machine (127.0.0.1) until Ctrl-C', (y) =>
      y.option('port', { type: 'number', default: 8080, describe: 'the port to listen on; 0 picks a free one' }),
    )
    .command('validate', 'load and check all data and templates, report problems', (y) =>
      y.option('data', { type: 'string', array: true, default: [] as string[], describe: 'extra data folder (house rules), repeatable' }),
    )
    .example('$0 tables bof', 'Burst of Fire reference sheets, A4, cm, under out/')
    .example('$0 tables bof --units in --paper letter -o sheets.pdf', 'the same in inches on US Letter')
    .epilogue('In the folder where you ran npm install, type npx muster instead of muster (npm link puts muster itself on your PATH). A rolled packet prints its seed: give it with --seed to roll the same packet again.')
    .demandCommand(1, 'Name a command; `muster --help` lists them.')
    .strict()
    .recommendCommands()
    .exitProcess(false)
    .version(TOOL_VERSION)
    .help()
    .wrap(100);
}

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

/**
 * The whole command line: parses argv, runs one command, and returns the exit code. All
 * input and output goes through `io`; nothing here exits the process.
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const debug = argv.includes('--debug') || io.env['MUSTER_DEBUG'] === '1';
  const args = joinNegativeValues(argv.filter((a) => a !== '--debug'));
  // every layer reads muster's and the player's files through what the caller gives
  useFiles(io.files);
  try {
    let output = '';
    let failure: Error | undefined;
    const parser = buildParser(args);
    if (!args.some((a) => a === '--help' || a === '-h' || a === 'help')) {
      // yargs lays out the whole help text after every command in case it is shown later;
      // muster prints its own messages, so that work (a tenth of a fresh run) is skipped
      (parser as unknown as { getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void } } })
        .getInternalMethods()
        .getUsageInstance().cacheHelpMessage = () => undefined;
    }
    const parsed = await parser.parseAsync(args, {}, (error, _argv, text) => {
      if (error) failure = error;
      output = text;
    });
    if (failure) throw new UsageError(`${explain(failure.message, args)}\nRun muster --help for the commands and their options.`);
    if (output) {
      io.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      return 0;
    }
    const command = String(parsed._[0]);
    const code = await runCommand(command, parsed, io);
    await io.finish?.();
    return code;
  } catch (error) {
    reportError(error, io, debug);
    return exitCodeOf(error);
  }
}

/** Each command's code is loaded when it runs: a JSON scenario never loads the PDF writer. */
async function runCommand(command: string, parsed: unknown, io: CliIo): Promise<number> {
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
    case 'validate':
      return await (await import('./commands/validate.js')).runValidate(parsed as unknown as { data: string[] }, io);
    default:
      throw new UsageError(`unknown command "${command}"; run muster --help for the list`);
  }
}

const COMMANDS = ['systems', 'tables', 'cards', 'tokens', 'scenario', 'campaign', 'list', 'check', 'calibrate', 'validate', 'serve'];

/** yargs' messages, restated in the words of this tool where they are vague. */
function explain(message: string, args: readonly string[]): string {
  const command = args.find((a) => !a.startsWith('-'));
  if (/^Not enough non-option arguments/.test(message) && command) {
    return `muster ${command} needs a rule set id, e.g. muster ${command} bof (muster systems lists them)`;
  }
  const unknown = /^Unknown arguments?: (.*)$/.exec(message);
  if (unknown) {
    if (command && !COMMANDS.includes(command)) {
      const close = closeMatches(command, COMMANDS.map((id) => ({ id })));
      return `unknown command "${command}"${close.length > 0 ? ` (did you mean ${orList(close)}?)` : ''}; the commands are ${COMMANDS.join(', ')}`;
    }
    const names = unknown[1]!.split(', ').map((n) => (n.length === 1 ? `-${n}` : `--${n}`));
    return `unknown option ${names.join(', ')} (${message})`;
  }
  return message;
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
