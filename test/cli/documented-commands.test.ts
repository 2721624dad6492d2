import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { muster, type CliResult } from '../helpers/cli.js';
import { pureMuster } from '../helpers/pure-run.js';
import { workdirs } from '../helpers/fixtures.js';
import { DOCUMENTED_FILES as files, commandKinds, documentedCommands, sampledCommands, sampledDocumentedCommands, words } from '../helpers/documented-commands.js';
import { COMMAND_TABLE, EXAMPLES } from '../../src/cli/command-table.js';
import { PAPERS } from '../../src/doc/model.js';

/**
 * Every command the README and docs/ show a player runs as typed (from the install folder,
 * where `npx muster` is muster), in the order written: a campaign's `new` comes before its
 * `record`. The files a command names as the player's own (my-force.yaml) are muster's examples.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const cleanups: (() => void)[] = [];
const workdir = workdirs((fn) => cleanups.push(fn));
afterAll(() => cleanups.forEach((fn) => fn()));

/** The player's own files the docs name, and the example each stands for. */
const PLAYER_FILES: Record<string, string> = {
  'my-force.yaml': 'examples/forces/kampfgruppe-weber.yaml',
  'my-company.yaml': 'examples/blazeaway/german-grenadier-company.yaml',
};

/**
 * A command as the player types it in `cwd`. One that reads none of the player's files (a
 * campaign's --state, a force of PLAYER_FILES) answers the same wherever it runs: it is made
 * once a worker (helpers/pure-run.ts), so a command the docs show several times (`tables bof`
 * three times in the README, `validate` in --help and other files) is run once.
 */
function typed(args: string[], cwd: string): Promise<CliResult> {
  // examples/ paths are the install folder's
  const given = args.map((a) => (a.startsWith('examples/') ? path.join(root, a) : a));
  const own = args.includes('--state') || args.some((a) => a in PLAYER_FILES);
  return own ? muster(given, cwd) : pureMuster(given);
}

/**
 * The commands run: every one under MUSTER_DEEP=1; by default a sample holding every kind of
 * command the docs show (each command and rule set, campaign step, option), each with the
 * campaign commands before it (helpers/documented-commands.ts).
 */
const tried = sampledDocumentedCommands();

describe('every command the README and docs show runs as typed', () => {
  for (const file of files) {
    const all = documentedCommands(file);
    const commands = tried.get(file) ?? [];
    if (commands.length === 0) continue;
    it(`${file}: ${commands.length === all.length ? '' : `${commands.length} of `}${all.length} commands`, async () => {
      const cwd = workdir();
      for (const [name, example] of Object.entries(PLAYER_FILES)) copyFileSync(path.join(root, example), path.join(cwd, name));
      const failed: string[] = [];
      // `serve` runs until stopped: the page's own tests start and stop it
      for (const { where, args } of commands.filter((c) => c.args[0] !== 'serve')) {
        const { code, stderr } = await typed(args, cwd);
        if (code !== 0) failed.push(`${where}: muster ${args.join(' ')} -> exit ${code}: ${stderr.trim().split('\n').pop()}`);
      }
      expect(failed).toEqual([]);
    }, 240_000);
  }
  it('the examples of --help', async () => {
    const all = [...EXAMPLES, ...COMMAND_TABLE.flatMap((c) => c.examples ?? [])].map(([line]) => words(line.replace(/^\$0 /, '')));
    expect(all.length).toBeGreaterThanOrEqual(7);
    // all under MUSTER_DEEP=1; by default a sample with every kind of command they show, each
    // with the campaign commands before it (a campaign's `next` reads what its `new` wrote)
    const examples = sampledCommands(all, (args) => args);
    const cwd = workdir();
    const failed: string[] = [];
    // `serve` runs until stopped: the page's own tests start and stop it
    for (const args of examples.filter((a) => a[0] !== 'serve')) {
      const { code, stderr } = await typed(args, cwd);
      if (code !== 0) failed.push(`muster ${args.join(' ')} -> exit ${code}: ${stderr.trim()}`);
    }
    expect(failed).toEqual([]);
  }, 240_000);
  it('the docs name every paper --paper takes, from the one list the command table takes', () => {
    const paper = COMMAND_TABLE.find((c) => c.name === 'tables')!.options.find((o) => o.name === 'paper')!;
    expect(paper.choices).toEqual(PAPERS);
    const design = readFileSync(path.join(root, 'docs/design.md'), 'utf8');
    expect(/^\| `--paper` \| (.*?) \(any case\)/m.exec(design)?.[1]).toBe(PAPERS.map((p) => `\`${p}\``).join(', '));
    expect(readFileSync(path.join(root, 'docs/products.md'), 'utf8')).toContain(`--paper ${PAPERS.join('|')}`);
  });
  it('finds the commands: the README one a product at least, the catalogue of products more than forty, the force-file doc its own', () => {
    expect(documentedCommands('README.md').map((c) => c.args[0])).toEqual(expect.arrayContaining(['tables', 'cards', 'tokens', 'scenario', 'campaign', 'serve']));
    expect(documentedCommands('docs/products.md').length).toBeGreaterThan(40);
    expect(documentedCommands('docs/force-file.md').map((c) => c.args.slice(0, 2).join(' '))).toContain('scenario bof');
  });
  it('tries every kind of command the docs show, and each file that shows one, by default too; every command under MUSTER_DEEP=1', () => {
    const every = files.flatMap((file) => documentedCommands(file));
    const drawnFiles = sampledDocumentedCommands(false);
    expect(files.filter((file) => documentedCommands(file).length > 0 && !drawnFiles.get(file)?.length)).toEqual([]);
    const sample = [...drawnFiles.values()].flat();
    const drawn = new Set(sample.flatMap((c) => commandKinds(c.args)));
    expect([...new Set(every.flatMap((c) => commandKinds(c.args)))].filter((kind) => !drawn.has(kind))).toEqual([]);
    expect(drawn).toContain('campaign undo');
    expect([...sampledDocumentedCommands(true).values()].flat()).toEqual(every);
  });
});
