/**
 * What a contributor is told to read is in the repository (issue 54, point 6): the design
 * document is docs/design.md, and every file that cites it names that file (or, inside docs/,
 * links to it as a sibling). Nothing muster ships or documents cites a file beside the
 * checkout, where a contributor who cloned the repository has nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const self = path.relative(root, fileURLToPath(import.meta.url)).split(path.sep).join('/');

/** What muster ships and documents: a citation here is one a player or a contributor reads. */
const SHIPPED = ['README.md', 'BENCHMARKS.md', 'package.json', 'docs/**/*.md', 'src/**/*', 'templates/**/*', 'scripts/**/*', 'data/**/*', 'examples/**/*', 'bin/**/*', 'bench/**/*'];
/** Text files only: pictures and fonts cite nothing. */
const TEXT = /\.(md|ts|js|cjs|mjs|json|ya?ml|hbs|html|css|sh|snap|txt)$/;

const filesOf = (patterns: readonly string[]) =>
  fg
    .sync([...patterns], { cwd: root, dot: false, onlyFiles: true })
    .filter((file) => TEXT.test(file) && file !== self)
    .sort();

/** Each line of `file` matching `pattern`, as file:line and the line. */
function linesMatching(file: string, pattern: RegExp, allowed: (line: string, at: number) => boolean): string[] {
  const found: string[] = [];
  readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      for (const m of line.matchAll(new RegExp(pattern.source, 'g'))) {
        if (!allowed(line, m.index)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      }
    });
  return found;
}

/** A citation of the design document names docs/design.md; inside docs/, a link or link text may name its sibling. */
function citesDesignRightly(file: string, line: string, at: number): boolean {
  const before = line.slice(0, at);
  if (before.endsWith('docs/')) return true;
  return file.startsWith('docs/') && /(\]\(|\]\(\.\/|\[)$/.test(before);
}

describe('no citation of a file outside the repository', () => {
  it('the design document is in the repository', () => {
    expect(existsSync(path.join(root, 'docs/design.md'))).toBe(true);
  });

  it('every citation of the design document names docs/design.md: README, docs, sources, tests, data, templates, scripts', () => {
    const files = filesOf([...SHIPPED, 'test/**/*', 'vitest.config.ts']);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) => linesMatching(file, /design\.md/, (line, at) => citesDesignRightly(file, line, at)));
    expect(offenders).toEqual([]);
  });

  it('nothing muster ships or documents cites a folder beside the checkout (../shared, shared/rules, shared/tools)', () => {
    const outside = /(?:\.\.\/)+shared\b|\/work\/shared\b|(?<![\w./-])shared\/(?:rules|tools)\b/;
    const offenders = filesOf(SHIPPED).flatMap((file) => linesMatching(file, outside, () => false));
    expect(offenders).toEqual([]);
  });

  it('finds a citation where one is written (the check reads what it is meant to)', () => {
    expect(citesDesignRightly('src/x.ts', ' * (design.md section 4)', 4)).toBe(false);
    expect(citesDesignRightly('src/x.ts', ' * (docs/design.md, Readings)', 9)).toBe(true);
    expect(citesDesignRightly('docs/x.md', 'see [design.md](design.md#readings)', 5)).toBe(true);
    expect(citesDesignRightly('docs/x.md', 'see [design.md](design.md#readings)', 16)).toBe(true);
    expect(citesDesignRightly('README.md', 'see design.md', 4)).toBe(false);
  });
});
