import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
