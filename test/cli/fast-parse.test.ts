import { createRequire } from 'node:module';
import type { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { camelCase, COMMAND_TABLE, EXAMPLES } from '../../src/cli/command-table.js';
import { fastParse } from '../../src/cli/fast-parse.js';
import { commandLineWords } from '../../src/cli/run.js';
import { readWithYargs } from '../../src/cli/yargs-parse.js';
import { mayRepeat, optionUses, refuseRepeated } from '../../src/cli/repeated-options.js';
import { RepeatedOptionError } from '../../src/errors.js';
import { twiceLines, repeatedLines } from '../helpers/repeated-options.js';
import { DOCUMENTED_FILES, documentedCommands, words } from '../helpers/documented-commands.js';

/**
 * The quick parser (util.parseArgs) and yargs read the same command table; a run takes the
 * quick one's result when it gives one. Over every command line a player is shown, both must
 * give the same command, positionals and options; and the quick one must take every ordinary
 * line, or the start-up it saves is not saved.
 */

/** What a command reads of a parse: the command, each positional, each option by its camelCase name. */
function reading(command: string, args: Record<string, unknown>) {
  const spec = COMMAND_TABLE.find((c) => c.name === command)!;
  const out: Record<string, unknown> = { command };
  for (const p of spec.positionals) if (args[p.name] !== undefined) out[p.name] = args[p.name];
  for (const o of spec.options) if (args[camelCase(o.name)] !== undefined) out[camelCase(o.name)] = args[camelCase(o.name)];
  return out;
}

/** What yargs reads, as a run reads a line the quick parser leaves to it. */
async function yargsReading(argv: readonly string[]) {
  const { parsed, output, failure } = await readWithYargs(argv);
  if (failure) return { error: failure.message };
  if (output) return { output };
  return reading(String(parsed._[0]), parsed);
}

const documented = DOCUMENTED_FILES.flatMap((file) => documentedCommands(file).map((c) => ({ where: c.where, argv: commandLineWords(c.args) })));
const helpExamples = [...EXAMPLES, ...COMMAND_TABLE.flatMap((c) => c.examples ?? [])].map(([line]) => ({ where: line, argv: commandLineWords(words(line.replace(/^\$0 /, ''))) }));

/** Lines that are not documented but are typed: every option form the quick parser takes. */
const TYPED = [
  'tables bof --no-backs --ink low',
  'tables bof --out=sheet.pdf --paper=letter --units=in',
  'cards bof -o deck.pdf --bleed 0 --marks none --duplex short --back-offset=-1.5,2',
  'cards bof --nation de --doctrine de-armor --strict --allow-missing-glyphs',
  'tokens bof --only markers,tracks --count suppressed=12 --count pinned=4 --round-size 30 --square-size 15 --max-score 15',
  'scenario bof --mode solo --seed 12 --count 3 --format json --names "Anna"',
  'scenario fireteam --battle encounter --lists russians,finns --players 4 --table 72x48 --points 10',
  'campaign bof record --state c.json --winner a --victory decisive --combat-score 12:7 --salvage a:mg --upgrade a:veteran:10',
  'campaign fireteam next --state c.json --assault a:C5 --assault b:C2 --split a:5 --split b:3',
  'list bof units --nation de --format md --data house --data more',
  'check bof --force f.yaml --format json',
  'calibrate --paper letter --duplex short --back-offset 1,-2 -o cal.pdf --quiet',
  'serve --port 0',
  'validate --data house',
  'systems --format json',
  'list bof',
].map((line) => ({ where: line, argv: commandLineWords(words(line)) }));

/** Lines the quick parser leaves to yargs, for its message or its reading of them. */
const LEFT = [
  '--help',
  'tables --help',
  'help',
  'tables bof --version',
  'tables',
  'tables bof extra',
  'tables bof --paper a3',
  'tables bof --nope',
  'tables bof --data a b',
  'tables bof --quiet=false',
  'tables bof -ofile.pdf',
  'scenario bof --count three',
  'scenario bof --count 0x10',
  'campaign bof finish',
  'check bof',
  'tables bof --backOffset 1,1',
  'nonsense',
  'tables bof -- --seed',
].map((line) => ({ where: line, argv: commandLineWords(words(line)) }));

describe('the quick parser and yargs read a command line alike', () => {
  it('finds the documented lines', () => {
    expect(documented.length).toBeGreaterThan(60);
    expect(helpExamples.length).toBeGreaterThanOrEqual(7);
  });

  it.each([...documented, ...helpExamples, ...TYPED])('$where', async ({ argv }) => {
    const quick = fastParse(argv);
    expect(quick, 'the quick parser takes every ordinary line').toBeDefined();
    if (quick?.kind !== 'command') throw new Error('a command was expected');
    expect(reading(quick.command, quick.args)).toEqual(await yargsReading(argv));
  });

  it.each(LEFT)('leaves "$where" to yargs', ({ argv }) => {
    expect(fastParse(argv)).toBeUndefined();
  });

  it('answers --version alone itself', () => {
    expect(fastParse(['--version'])).toEqual({ kind: 'version' });
  });

  it('gives a command what yargs gives it: kebab, camelCase and alias keys, defaults filled', async () => {
    const argv = commandLineWords(words('cards bof -o deck.pdf --back-offset=-1,2 --no-backs'));
    const quick = fastParse(argv);
    if (quick?.kind !== 'command') throw new Error('a command was expected');
    const full = (await readWithYargs(argv)).parsed;
    for (const key of ['o', 'out', 'back-offset', 'backOffset', 'backs', 'bleed', 'marks', 'allow-missing-glyphs', 'allowMissingGlyphs', 'data', 'format']) {
      expect(quick.args[key], key).toEqual(full[key]);
    }
  });
});

describe('an option that takes one value, given twice, is refused by name on both parsers', () => {
  const lines = twiceLines();
  it('covers every single-value option of every command', () => {
    const options = COMMAND_TABLE.flatMap((c) => c.options.filter((o) => !mayRepeat(o)));
    expect(lines.length).toBe(options.length);
    expect(lines.length).toBeGreaterThan(80);
  });

  it.each(lines)('the quick parser: $where', ({ argv, option }) => {
    expect(() => fastParse(argv)).toThrow(RepeatedOptionError);
    expect(() => fastParse(argv)).toThrow(new RegExp(`^--${option} is given twice \\(.+ and .+\\); give it once$`));
  });

  it.each(lines)('the words yargs reads: $where', ({ argv, command, option }) => {
    const spec = COMMAND_TABLE.find((c) => c.name === command)!;
    expect(() => refuseRepeated(optionUses(spec, argv))).toThrow(`--${option} is given twice`);
  });

  it('names both values, and says how many times', () => {
    expect(() => fastParse(['tables', 'bof', '--units', 'cm', '--units', 'in'])).toThrow('--units is given twice (cm and in); give it once');
    expect(() => fastParse(['tables', 'bof', '-o', 'a.pdf', '--out=b.pdf', '-o', 'c.pdf'])).toThrow('--out is given 3 times (a.pdf, b.pdf and c.pdf); give it once');
    expect(() => fastParse(['tables', 'bof', '--backs', '--no-backs'])).toThrow(/--backs is given twice/);
    const tables = COMMAND_TABLE.find((c) => c.name === 'tables')!;
    expect(() => refuseRepeated(optionUses(tables, ['tables', 'bof', '-oa.pdf', '--out', 'b.pdf']))).toThrow('--out is given twice (a.pdf and b.pdf)');
    expect(() => refuseRepeated(optionUses(tables, ['tables', 'bof', '--seed', '1', '--', '--seed', '2']))).not.toThrow();
  });

  it.each(repeatedLines())('a repeatable option stays a list on both: $where', async ({ argv, command, option }) => {
    const spec = COMMAND_TABLE.find((c) => c.name === command)!;
    expect(() => refuseRepeated(optionUses(spec, argv))).not.toThrow();
    const quick = fastParse(argv);
    const expected = await yargsReading(argv);
    expect((expected as Record<string, unknown>)[camelCase(option)]).toHaveLength(2);
    // a repeatable option without a list of its own is left to yargs when repeated
    if (quick) {
      if (quick.kind !== 'command') throw new Error('a command was expected');
      expect(reading(quick.command, quick.args)).toEqual(expected);
    }
  });
});

describe('the page reads every line as the command line does', () => {
  // the page's build gives the quick parser this package for node:util's parseArgs (scripts/build-web.js)
  const { parseArgs: pageParseArgs } = createRequire(import.meta.url)('@pkgjs/parseargs') as { parseArgs: typeof parseArgs };
  /** The quick parser's answer, or the message it refused the line with. */
  const outcome = (argv: readonly string[], parse?: typeof parseArgs) => {
    try {
      return { read: fastParse(argv, COMMAND_TABLE, parse) };
    } catch (error) {
      return { refused: (error as Error).message };
    }
  };
  const lines = [...documented, ...helpExamples, ...TYPED, ...LEFT, ...twiceLines(), ...repeatedLines()];

  it('has the lines of both parsers to read', () => {
    expect(lines.length).toBeGreaterThan(250);
  });

  it.each(lines)('$where', ({ argv }) => {
    expect(outcome(argv, pageParseArgs)).toEqual(outcome(argv));
  });
});
