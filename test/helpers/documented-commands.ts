import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEEP, sampled } from './sample.js';

/** Every command line the README and docs/ show a player, read from the files as written. */
const root = fileURLToPath(new URL('../../', import.meta.url));

/** Shell words: quotes kept together, a trailing comment and an output redirect left off. */
export function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    const word = m[1] ?? m[2] ?? m[3]!;
    if (m[3] !== undefined && (word.startsWith('#') || word === '>')) break;
    out.push(word);
  }
  return out;
}

/** Each `npx muster` line of a fenced block, continuation lines joined, by file and line. */
export function documentedCommands(file: string): { where: string; args: string[] }[] {
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

/** The files whose commands are tested: the README, then docs/ by name. */
export const DOCUMENTED_FILES = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];

/** Options that take the run down a path of its own: the player's files, a house folder, a print shop's package. */
const PATH_OPTIONS = ['--force', '--data', '--list', '--shop'];

/**
 * What kind of command a documented one is: its command (a campaign's step, a listing's
 * subject), the format it writes (--format json, md and PDF are each a path of their own), and
 * each option that reads the player's files or a house folder or makes a shop's package. Not the
 * rule set (that would keep every line), nor every other option: those are values the same code
 * takes, and all of them run under MUSTER_DEEP=1.
 */
export function commandKinds(args: readonly string[]): string[] {
  const [command] = args;
  const kinds = [command!];
  if (command === 'campaign') kinds.push(`campaign ${args[2]}`);
  if (command === 'list' && args[2] && !args[2].startsWith('-')) kinds.push(`list ${args[2]}`);
  args.forEach((word, i) => {
    if (word === '--format') kinds.push(`--format ${args[i + 1]}`);
    else if (PATH_OPTIONS.includes(word)) kinds.push(`${command} ${word}`);
  });
  return kinds;
}

/** The file a command keeps its campaign in (--state), which the commands after it read. */
function stateOf(args: readonly string[]): string | undefined {
  const at = args.indexOf('--state');
  return at === -1 ? undefined : args[at + 1];
}

/**
 * The command lines a run tries out of `all`, with `sampled` (helpers/sample.ts): all of them
 * under MUSTER_DEEP=1; otherwise the first tenth and then the first of every kind of command
 * (`commandKinds`, and the caller's `kinds`) not yet drawn, each with the commands before it of the campaign it carries on
 * (the same --state in the same `group`), so each runs as the player who typed them in order would.
 */
export function sampledCommands<T>(all: readonly T[], argsOf: (item: T) => readonly string[], { deep = DEEP, group = (_: T): string => '', kinds = (_: T): string[] => [] } = {}): T[] {
  const kept = new Set(sampled(all, (item) => [...commandKinds(argsOf(item)), ...kinds(item)], { deep }));
  for (const one of [...kept]) {
    const state = stateOf(argsOf(one));
    if (state === undefined) continue;
    for (const before of all.slice(0, all.indexOf(one))) if (group(before) === group(one) && stateOf(argsOf(before)) === state) kept.add(before);
  }
  return all.filter((item) => kept.has(item));
}

/** The documented commands a run tries (`sampledCommands` over every file's, each file a kind of its own), by file. */
export function sampledDocumentedCommands(deep = DEEP): Map<string, { where: string; args: string[] }[]> {
  const all = DOCUMENTED_FILES.flatMap((file) => documentedCommands(file).map((command) => ({ file, command })));
  const byFile = new Map<string, { where: string; args: string[] }[]>();
  const drawn = sampledCommands(all, (one) => one.command.args, { deep, group: (one) => one.file, kinds: (one) => [`file ${one.file}`] });
  for (const { file, command } of drawn) byFile.set(file, [...(byFile.get(file) ?? []), command]);
  return byFile;
}
