import { COMMAND_TABLE, type CommandSpec, type OptionSpec } from '../../src/cli/command-table.js';
import { mayRepeat } from '../../src/cli/repeated-options.js';

/** The positionals and demanded options a command line of `command` needs to be read at all. */
function base(command: CommandSpec, leaving?: OptionSpec): string[] {
  const words: string[] = [command.name];
  for (const p of command.positionals) if (!p.optional) words.push(p.choices?.[0] ?? 'bof');
  for (const o of command.options) if (o.demandOption && o !== leaving) words.push(`--${o.name}`, 'f.yaml');
  return words;
}

/** Two values an option would take, each valid alone. */
function twoValues(option: OptionSpec): [string[], string[]] {
  if (option.type === 'boolean') return [[`--${option.name}`], [`--${option.name}`]];
  const [a, b] = option.choices ? [option.choices[0]!, option.choices[option.choices.length - 1]!] : option.type === 'number' ? ['1', '2'] : ['x1', 'x2'];
  return [[`--${option.name}`, a], [`--${option.name}`, b]];
}

export interface Line {
  where: string;
  command: string;
  option: string;
  argv: string[];
}

/** Every option of every command that takes one value, given twice. */
export function twiceLines(): Line[] {
  return COMMAND_TABLE.flatMap((command) =>
    command.options
      .filter((o) => !mayRepeat(o))
      .map((option) => {
        const [a, b] = twoValues(option);
        const argv = [...base(command, option), ...a, ...b];
        return { where: argv.join(' '), command: command.name, option: option.name, argv };
      }),
  );
}

/** Every option meant to repeat, given twice. */
export function repeatedLines(): Line[] {
  return COMMAND_TABLE.flatMap((command) =>
    command.options.filter(mayRepeat).map((option) => {
      const [a, b] = twoValues(option);
      const argv = [...base(command), ...a, ...b];
      return { where: argv.join(' '), command: command.name, option: option.name, argv };
    }),
  );
}
