/**
 * Every link between the README and docs/ leads somewhere (issue 54, point 6): a relative link
 * or picture names a file of the repository, and a link to a heading (`docs/design.md#readings`)
 * names one the target has, as GitHub makes its anchors.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];

/** A file's lines outside fenced code blocks, with their numbers: a `#` in a YAML example is no heading. */
function prose(text: string): { line: string; number: number }[] {
  const out: { line: string; number: number }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    else if (!fenced) out.push({ line, number: i + 1 });
  });
  return out;
}

/** The anchor GitHub gives a heading: its words lower-cased, marks of code and links left out, spaces as hyphens. */
export function anchorOf(heading: string): string {
  const words = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]{1,2}([^`*_]+)[`*_]{1,2}/g, '$1')
    .trim()
    .toLowerCase();
  return words.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings; a heading used again gets -1, -2... as on GitHub. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { line } of prose(readFileSync(path.join(root, file), 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const anchor = anchorOf(heading[1]!);
    const times = seen.get(anchor) ?? 0;
    anchors.add(times === 0 ? anchor : `${anchor}-${times}`);
    seen.set(anchor, times + 1);
  }
  return anchors;
}

/** Every link and picture of a Markdown file: `[text](target)`, `<img src>` and `<a href>`, outside code. */
function linksOf(file: string): { where: string; target: string }[] {
  const links: { where: string; target: string }[] = [];
  for (const { line, number } of prose(readFileSync(path.join(root, file), 'utf8'))) {
    const code = line.replace(/`[^`]*`/g, '');
    for (const m of code.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)|\b(?:src|href)="([^"]+)"/g)) links.push({ where: `${file}:${number}`, target: (m[1] ?? m[2])! });
  }
  return links;
}

/** What is wrong with a link, or undefined where it leads somewhere. */
function brokenLink(from: string, target: string): string | undefined {
  if (/^[a-z]+:/i.test(target)) return undefined;
  const [file, anchor] = target.split('#') as [string, string | undefined];
  const resolved = file === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), decodeURIComponent(file)));
  if (resolved.startsWith('..')) return `${target}: outside the repository`;
  if (!existsSync(path.join(root, resolved))) return `${target}: no file ${resolved}`;
  if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) return `${target}: ${resolved} has no heading #${anchor}`;
  return undefined;
}

describe('links between the documents', () => {
  it('every relative link and picture of the README and docs/ names a file there is, and a heading it has', () => {
    const links = DOCS.flatMap(linksOf);
    expect(links.length).toBeGreaterThan(50);
    const broken = links.flatMap(({ where, target }) => {
      const problem = brokenLink(where.split(':')[0]!, target);
      return problem ? [`${where}: ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('reads anchors as GitHub makes them', () => {
    expect(anchorOf("A club's defaults")).toBe('a-clubs-defaults');
    expect(anchorOf('Quick-reference sheets: `muster tables <system>`')).toBe('quick-reference-sheets-muster-tables-system');
    expect(anchorOf('readings.yaml')).toBe('readingsyaml');
    expect(brokenLink('docs/design.md', 'readings.md#no-such-heading')).toMatch(/has no heading/);
    expect(brokenLink('README.md', 'docs/nowhere.md')).toMatch(/no file/);
  });
});
