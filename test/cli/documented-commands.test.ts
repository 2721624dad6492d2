import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

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

/** Shell words: quotes kept together, a trailing comment and an output redirect left off. */
function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    const word = m[1] ?? m[2] ?? m[3]!;
    if (m[3] !== undefined && (word.startsWith('#') || word === '>')) break;
    out.push(word);
  }
  return out;
}

/** Each `npx muster` line of a fenced block, continuation lines joined, by file and line. */
function documentedCommands(file: string): { where: string; args: string[] }[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const commands: { where: string; args: string[] }[] = [];
  for (const block of text.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)) {
    if (!['', 'sh', 'bash', 'console'].includes(block[1]!)) continue;
    const start = text.slice(0, block.index).split('\n').length;
    const lines = block[2]!.split('\n');
    for (let i = 0; i < lines.length; i++) {
      let line = lines[i]!;
      const at = i;
      while (line.trimEnd().endsWith('\\') && i + 1 < lines.length) line = `${line.trimEnd().slice(0, -1)} ${lines[++i]!.trim()}`;
      const found = /(?:^|&&\s*)npx muster (.*)$/.exec(line);
      if (found) commands.push({ where: `${file}:${start + at + 1}`, args: words(found[1]!) });
    }
  }
  return commands;
}

const files = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];

describe('every command the README and docs show runs as typed', () => {
  for (const file of files) {
    const commands = documentedCommands(file);
    if (commands.length === 0) continue;
    it(`${file}: ${commands.length} commands`, async () => {
      const cwd = workdir();
      for (const [name, example] of Object.entries(PLAYER_FILES)) copyFileSync(path.join(root, example), path.join(cwd, name));
      const failed: string[] = [];
      // `serve` runs until stopped: the page's own tests start and stop it
      for (const { where, args } of commands.filter((c) => c.args[0] !== 'serve')) {
        // examples/ paths are the install folder's
        const typed = args.map((a) => (a.startsWith('examples/') ? path.join(root, a) : a));
        const { code, stderr } = await muster(typed, cwd);
        if (code !== 0) failed.push(`${where}: muster ${args.join(' ')} -> exit ${code}: ${stderr.trim().split('\n').pop()}`);
      }
      expect(failed).toEqual([]);
    }, 240_000);
  }
  it('the examples of --help', async () => {
    const source = readFileSync(path.join(root, 'src/cli/run.ts'), 'utf8');
    const examples = [...source.matchAll(/\.example\('\$0 ([^']+)'/g)].map((m) => words(m[1]!));
    expect(examples.length).toBeGreaterThanOrEqual(7);
    const cwd = workdir();
    const failed: string[] = [];
    for (const args of examples) {
      const { code, stderr } = await muster(args.map((a) => (a.startsWith('examples/') ? path.join(root, a) : a)), cwd);
      if (code !== 0) failed.push(`muster ${args.join(' ')} -> exit ${code}: ${stderr.trim()}`);
    }
    expect(failed).toEqual([]);
  }, 60_000);
  it('finds the commands: the README shows more than forty, the force-file doc its own', () => {
    expect(documentedCommands('README.md').length).toBeGreaterThan(40);
    expect(documentedCommands('docs/force-file.md').map((c) => c.args.slice(0, 2).join(' '))).toContain('scenario bof');
  });
});
