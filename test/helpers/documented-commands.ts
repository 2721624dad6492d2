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

/**
 * What kind of command a documented one is: its command and rule set, a campaign's step, and
 * each option it gives (--format with its value: json, md and PDF are each a path of their own).
 */
export function commandKinds(args: readonly string[]): string[] {
  const [command, system] = args;
  const kinds = [`${command} ${system ?? ''}`.trim()];
  if (command === 'campaign') kinds.push(`campaign ${args[2]}`);
  args.forEach((word, i) => {
    if (word.startsWith('--')) kinds.push(word === '--format' ? `--format ${args[i + 1]}` : word);
  });
  return kinds;
}

/** The file a command keeps its campaign in (--state), which the commands after it read. */
function stateOf(args: readonly string[]): string | undefined {
  const at = args.indexOf('--state');
  return at === -1 ? undefined : args[at + 1];
}

/**
 * The documented commands a run tries, by file, with `sampled` (helpers/sample.ts): all of them
 * under MUSTER_DEEP=1; otherwise the README's first and then the first of every kind of command
 * (`commandKinds`) the docs show, with the commands before it of the campaign it carries on
 * (the same --state in the same file), so each runs as the player who typed them in order would.
 */
export function sampledDocumentedCommands(deep = DEEP): Map<string, { where: string; args: string[] }[]> {
  const all = DOCUMENTED_FILES.flatMap((file) => documentedCommands(file).map((command, at) => ({ file, at, command })));
  const kept = new Set(sampled(all, ({ command }) => commandKinds(command.args), { deep }));
  for (const one of [...kept]) {
    const state = stateOf(one.command.args);
    if (state) for (const before of all) if (before.file === one.file && before.at < one.at && stateOf(before.command.args) === state) kept.add(before);
  }
  const byFile = new Map<string, { where: string; args: string[] }[]>();
  for (const one of all) if (kept.has(one)) byFile.set(one.file, [...(byFile.get(one.file) ?? []), one.command]);
  return byFile;
}
