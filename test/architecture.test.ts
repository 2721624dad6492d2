import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);

describe('layers', () => {
  it('the shared layers never import a rule set’s own module', async () => {
    const shared = await fg(['data/**/*.ts', 'engine/**/*.ts', 'doc/**/*.ts', 'layout/**/*.ts', 'render/**/*.ts'], { cwd: src });
    const offenders = shared.filter((file) => importsOf(path.join(src, file)).some((spec) => spec.includes('systems/')));
    expect(offenders).toEqual([]);
  });
  it('the command line reaches rule-set modules only through the registry', async () => {
    const cli = await fg(['cli/**/*.ts'], { cwd: src });
    const offenders = cli.filter((file) =>
      importsOf(path.join(src, file)).some((spec) => spec.includes('systems/') && !/systems\/(registry|module)\.js$/.test(spec)),
    );
    expect(offenders).toEqual([]);
  });
  it('the shared layers reach no file system, process or terminal: they read through the installed files', async () => {
    // Node-only: where the command line finds muster's data, and the build's store writers
    const nodeOnly = new Set(['data/builtin-dir.ts', 'data/write-parsed-store.ts', 'layout/write-font-pairs.ts']);
    const shared = (await fg(['data/**/*.ts', 'engine/**/*.ts', 'doc/**/*.ts', 'layout/**/*.ts', 'render/**/*.ts', 'systems/**/*.ts'], { cwd: src })).filter((f) => !nodeOnly.has(f));
    const offenders = shared.filter((file) => {
      const text = readFileSync(path.join(src, file), 'utf8');
      // node:path is string work only; the page's bundle gives it a browser version
      return importsOf(path.join(src, file)).some((spec) => spec.startsWith('node:') && spec !== 'node:path') || /\bprocess\.(env|argv|exit|cwd|on|stdout|stderr|platform)\b|import\.meta\.url|from 'fast-glob'|from 'fs'/.test(text);
    });
    expect(offenders).toEqual([]);
  });
  it('no clock and no Math.random in the source', async () => {
    const files = await fg(['**/*.ts'], { cwd: src });
    const offenders = files.filter((file) => /Math\.random|new Date\(\)|Date\.now\(\)/.test(readFileSync(path.join(src, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
