// The command line's manners (issue 50, point 5): each one, in-process where it can be.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workdirs } from '../helpers/fixtures.js';
import { muster } from '../helpers/cli.js';
import { progressFor, SILENT } from '../../src/cli/progress.js';
import { COMMAND_TABLE } from '../../src/cli/command-table.js';

const workdir = workdirs(afterEach);

describe('-h and -v', () => {
  it('-v prints the version as --version does', async () => {
    const long = await muster(['--version'], workdir());
    const short = await muster(['-v'], workdir());
    expect(short).toEqual(long);
    expect(short.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
  it('-h prints the help as --help does, for muster and for a command', async () => {
    expect(await muster(['-h'], workdir())).toEqual(await muster(['--help'], workdir()));
    const short = await muster(['tables', '-h'], workdir());
    expect(short.code).toBe(0);
    expect(short).toEqual(await muster(['tables', '--help'], workdir()));
  });
});

describe('muster alone', () => {
  it('prints the command list, as --help does', async () => {
    const alone = await muster([], workdir());
    expect(alone.code).toBe(0);
    expect(alone.stdout).toMatch(/muster tables <system>/);
    expect(alone.stdout).toMatch(/muster completion/);
    expect(alone).toEqual(await muster(['--help'], workdir()));
  });
});

describe('an unknown option gets a did-you-mean', () => {
  it('--pape: did you mean --paper?', async () => {
    const cwd = workdir();
    const { code, stderr } = await muster(['tables', 'bof', '--pape', 'a4'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown option --pape \(did you mean --paper\?\)/);
    expect(readdirSync(cwd)).toEqual([]);
  });
  it('no suggestion for a word like none of them', async () => {
    const { code, stderr } = await muster(['tables', 'bof', '--colour', 'red'], workdir());
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown option --colour/);
    expect(stderr).not.toMatch(/did you mean/);
  });
});

describe('paper and units as a player spells them', () => {
  for (const words of [['--paper', 'A4'], ['--paper=Letter'], ['--units', 'inch'], ['--units', 'inches'], ['--units=IN'], ['--units', 'centimetres']] as const) {
    it(`${words.join(' ')} is read as the choice`, async () => {
      const cwd = workdir();
      const { code, stderr } = await muster(['tables', 'bof', ...words, '--format', 'json'], cwd);
      expect(stderr).toBe('');
      expect(code).toBe(0);
    });
  }
  it('--units inches gives the same PDF as --units in', async () => {
    const cwd = workdir();
    expect((await muster(['tables', 'bof', '--units', 'inches', '--paper', 'A4', '-o', 'a.pdf', '--quiet'], cwd)).code).toBe(0);
    expect((await muster(['tables', 'bof', '--units', 'in', '--paper', 'a4', '-o', 'b.pdf', '--quiet'], cwd)).code).toBe(0);
    expect(readFileSync(path.join(cwd, 'a.pdf')).equals(readFileSync(path.join(cwd, 'b.pdf')))).toBe(true);
  });
  it('a word no spelling matches is still refused naming the choices', async () => {
    const { code, stderr } = await muster(['tables', 'bof', '--units', 'furlongs'], workdir());
    expect(code).toBe(2);
    expect(stderr).toMatch(/units, Given: "furlongs", Choices: "cm", "in"/);
  });
});

describe('a decimal comma is refused with the point it needs', () => {
  for (const [words, message] of [
    [['cards', 'bof', '--bleed', '2,5'], '--bleed 2,5: use a point: 2.5'],
    [['cards', 'bof', '--bleed=2,5'], '--bleed 2,5: use a point: 2.5'],
    [['tokens', 'bof', '--round-size', '25,5'], '--round-size 25,5: use a point: 25.5'],
    [['scenario', 'bof', '--points', '-1,5'], '--points -1,5: use a point: -1.5'],
  ] as const) {
    it(words.join(' '), async () => {
      const cwd = workdir();
      const { code, stderr, stdout } = await muster([...words], cwd);
      expect(code).toBe(2);
      expect(stderr).toContain(message);
      expect(stderr).not.toMatch(/NaN/);
      expect(stdout).toBe('');
      expect(readdirSync(cwd)).toEqual([]);
    });
  }
  it('a word that is no number names the option, never NaN', async () => {
    const { code, stderr } = await muster(['cards', 'bof', '--bleed', 'abc'], workdir());
    expect(code).toBe(2);
    expect(stderr).toMatch(/--bleed abc: give a number/);
    expect(stderr).not.toMatch(/NaN/);
  });
  it('a number with a point still runs', async () => {
    const cwd = workdir();
    const { code } = await muster(['cards', 'bof', '--nation', 'us', '--bleed', '2.5', '--format', 'json'], cwd);
    expect(code).toBe(0);
    expect(existsSync(path.join(cwd, 'out'))).toBe(false);
  });
});

describe('progress: a count and the time left on a terminal; none under TERM=dumb, in CI or piped', () => {
  function fakeTerminal(): { stream: { isTTY: boolean; columns: number; write(s: string): boolean; cursorTo(): boolean; clearLine(): boolean; moveCursor(): boolean; on(): unknown; removeListener(): unknown }; written: () => string } {
    let text = '';
    const stream = {
      isTTY: true,
      columns: 100,
      write: (s: string) => ((text += s), true),
      cursorTo: () => true,
      clearLine: () => true,
      moveCursor: () => true,
      on: () => stream,
      removeListener: () => stream,
    };
    return { stream, written: () => text };
  }
  it('on a terminal the bar shows done/total and the time left', () => {
    const { stream, written } = fakeTerminal();
    const bar = progressFor(stream, { TERM: 'xterm-256color' });
    expect(bar).not.toBe(SILENT);
    bar.start(10, 'Rolling packets');
    bar.tick(3);
    bar.stop();
    // eslint-disable-next-line no-control-regex
    const shown = written().replace(/\u001b\[[0-9;?]*[A-Za-z]|\u001b[78]/g, '');
    expect(shown).toMatch(/Rolling packets \[.*\] 3\/10, \S+ left/);
  });
  for (const env of [{ TERM: 'dumb' }, { CI: 'true' }, { CI: '1', TERM: 'xterm' }]) {
    it(`silent with ${JSON.stringify(env)}`, () => {
      expect(progressFor(fakeTerminal().stream, env)).toBe(SILENT);
    });
  }
  it('silent when stderr is no terminal; CI=false is no CI', () => {
    expect(progressFor({ isTTY: false }, {})).toBe(SILENT);
    expect(progressFor(fakeTerminal().stream, { CI: 'false' })).not.toBe(SILENT);
  });
});

describe("every command's --help: 2 to 4 examples, options in groups, wrapped to the terminal", () => {
  for (const command of COMMAND_TABLE) {
    it(`muster ${command.name} --help`, async () => {
      expect(command.examples?.length ?? 0).toBeGreaterThanOrEqual(2);
      expect(command.examples!.length).toBeLessThanOrEqual(4);
      const { code, stdout } = await muster([command.name, '--help'], workdir());
      expect(code).toBe(0);
      expect(stdout).toMatch(/\nExamples:\n/);
      expect(stdout).toMatch(/\nCommon options:\n/);
      for (const [line] of command.examples!) expect(stdout.replace(/\s+/g, ' ')).toContain(line.replace('$0', 'muster').split(' ').slice(0, 3).join(' '));
      if (command.options.some((o) => o.name === 'paper' || o.name === 'bleed')) expect(stdout).toMatch(/\nPrinting options:\n/);
    });
  }
  it('a product command: common, its own and the rule sets\', then printing options, in that order', async () => {
    const { stdout } = await muster(['scenario', '--help'], workdir());
    const common = stdout.indexOf('Common options:');
    const own = stdout.indexOf("Options of muster scenario, with the rule sets' own:");
    const printing = stdout.indexOf('Printing options:');
    expect(common).toBeGreaterThan(0);
    expect(own).toBeGreaterThan(common);
    expect(printing).toBeGreaterThan(own);
    expect(stdout.slice(common, own)).toMatch(/--seed/);
    expect(stdout.slice(own, printing)).toMatch(/--barrage +Blaze Away!/);
    expect(stdout.slice(printing)).toMatch(/--bleed/);
  });
  it('every command that prints a deck lists its layouts, guillotine among them, and says what the bleed is when left out', async () => {
    for (const command of ['cards', 'tokens', 'scenario', 'campaign']) {
      const { stdout } = await muster([command, '--help'], workdir());
      const flat = stdout.replace(/\s+/g, ' ');
      expect(flat, command).toMatch(/--layout .*\[choices: "sheets", "guillotine", "fold"\] \[default: "sheets"\]/);
      expect(flat, command).toContain('guillotine: the same with the cards edge to edge');
      expect(flat, command).toContain('default: 3, or 2 where that fits more cards a sheet');
    }
  });
  it('wraps to the terminal: no line longer than its 60 columns; 100 when not a terminal', async () => {
    const narrow = await muster(['cards', '--help'], workdir(), { terminalWidth: 60 });
    expect(narrow.code).toBe(0);
    expect(Math.max(...narrow.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(60);
    const piped = await muster(['cards', '--help'], workdir());
    expect(Math.max(...piped.stdout.split('\n').map((l) => l.length))).toBeGreaterThan(60);
    expect(Math.max(...piped.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
  });
});

describe('shell completion: muster completion', () => {
  it('prints a script for the shell that asks muster for the words', async () => {
    const { code, stdout } = await muster(['completion'], workdir());
    expect(code).toBe(0);
    expect(stdout).toMatch(/muster --get-yargs-completions/);
    expect(stdout).toMatch(/complete .*muster/);
  });
  it("the script's question is answered with the commands, then a command's options", async () => {
    const commands = await muster(['--get-yargs-completions', 'muster', 'ta'], workdir());
    expect(commands.code).toBe(0);
    expect(commands.stdout.split('\n')).toEqual(expect.arrayContaining(['tables', 'cards', 'scenario', 'completion']));
    const options = await muster(['--get-yargs-completions', 'muster', 'cards', 'bof', '--bl'], workdir());
    expect(options.code).toBe(0);
    expect(options.stdout.split('\n')).toEqual(expect.arrayContaining(['--bleed', '--paper', '--force']));
  });
});

describe('Node (issue 50, point 7)', () => {
  it('engines.node is the oldest Node muster runs on, this one satisfies it, and the README says which CI checks', () => {
    const root = path.join(path.dirname(new URL(import.meta.url).pathname), '../..');
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe('>=20.19');
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    expect(major > 20 || (major === 20 && minor >= 19)).toBe(true);
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toMatch(/Requires Node\.js 20\.19 or later\. CI checks one version, Node 20/);
  });
});

describe('numbers yargs reads stay numbers', () => {
  it('--bleed .5 and --round-size 2.5e1 are no decimal comma: the command takes them', async () => {
    const cwd = workdir();
    expect((await muster(['cards', 'bof', '--nation', 'us', '--bleed', '.5', '--format', 'json'], cwd)).code).toBe(0);
    expect((await muster(['tokens', 'bof', '--round-size', '2.5e1', '--format', 'json'], cwd)).code).toBe(0);
  });
});
