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
  it('no clock and no Math.random in the source', async () => {
    const files = await fg(['**/*.ts'], { cwd: src });
    const offenders = files.filter((file) => /Math\.random|new Date\(\)|Date\.now\(\)/.test(readFileSync(path.join(src, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
