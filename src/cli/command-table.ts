/**
 * Every command, positional and option muster takes, as data: one table drives both parsers,
 * the quick one an ordinary run uses (fast-parse.ts) and yargs, which is loaded for --help,
 * for errors and for the forms the quick one leaves to it (yargs-parser.ts). The commands are
 * command-list.ts's, each product with the rule sets' own options. Order matters: it is the
 * order of `--help`.
 */

import { ruleSetOptionSpecs, withNotes } from './rule-set-options.js';
import { commandList } from './command-list.js';
import type { CommandSpec, OptionSpec } from './option-spec.js';

export { camelCase, type CommandSpec, type OptionSpec, type OptionType, type PositionalSpec } from './option-spec.js';
export { DECK_LAYOUTS, FORMATS, INKS, PAPERS, UNITS } from './command-list.js';

const COMMANDS: readonly CommandSpec[] = commandList((product, shared) => [...shared.map((o) => withNotes(o, product)), ...ruleSetOptionSpecs(product)]);

/**
 * The options a club's muster.yaml and MUSTER_* variables may set (club-defaults.ts): the
 * print settings a club shares (--layout as sheets or guillotine: how the club cuts its cards).
 * Not --names (a game's players, whose count a solo game changes) nor --seed, --format or -o,
 * which are one run's.
 */
export const CLUB_KEYS = ['paper', 'units', 'ink', 'duplex', 'back-offset', 'bleed', 'marks', 'layout', 'data'] as const;
export type ClubKey = (typeof CLUB_KEYS)[number];

/** The option a club's key sets, as the commands take it (its choices, type and default). */
export function clubOption(key: ClubKey): OptionSpec {
  for (const command of COMMANDS) {
    const option = command.options.find((o) => o.name === key);
    if (option) return option;
  }
  throw new Error(`no command takes --${key}`);
}

/** `muster config`: each of a club's keys, with no default of its own, so that a value given is seen as given. */
const CONFIG: CommandSpec = {
  name: 'config',
  describe: "the defaults a run here uses (a club's muster.yaml in this folder or above, MUSTER_* variables, the command line) and where each came from",
  positionals: [],
  options: [
    { name: 'format', type: 'string', choices: ['text', 'json'], default: 'text', describe: 'text, or json: {file, options: {name: {value, source, from}}}' },
    ...CLUB_KEYS.map((key): OptionSpec => {
      const { default: _default, ...option } = clubOption(key);
      return option;
    }),
  ],
  examples: [
    ['$0 config', 'each default and where it came from: default, a muster.yaml, a MUSTER_* variable'],
    ['$0 config --format json', 'the same for a script'],
    ['$0 config --paper letter', 'what a command given --paper letter here would use'],
  ],
};

export const COMMAND_TABLE: readonly CommandSpec[] = [...COMMANDS, CONFIG];

/** What `muster --help` says around the commands. */
export const USAGE = '$0 <command> [options]\n\nPrints play-aids and rolls scenarios for WW2 miniature wargames.';
export const EXAMPLES: readonly (readonly [string, string])[] = [
  ['$0 tables bof', 'Burst of Fire reference sheets, A4, cm, under out/'],
  ['$0 tables bof --units in --paper letter -o sheets.pdf', 'the same in inches on US Letter'],
];
export const EPILOGUE =
  'In the folder where you ran npm install, type npx muster instead of muster (npm link puts muster itself on your PATH). A rolled packet prints its seed: give it with --seed to roll the same packet again.';

export const COMMAND_NAMES: readonly string[] = COMMAND_TABLE.map((c) => c.name);
