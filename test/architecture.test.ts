import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src/', import.meta.url));

/**
 * Every module a file names: static imports, `import type`, side-effect imports, re-exports
 * and dynamic `import()`, each as written.
 */
const importsOf = (file: string) => [...readFileSync(path.join(src, file), 'utf8').matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!);

/** A relative import as the file it names below src/ (the .ts behind a .js), or undefined for a package. */
function resolved(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  return path.posix.join(path.posix.dirname(file), spec).replace(/\.js$/, '.ts');
}

/**
 * The layers, lowest first. vocab (the icon vocabulary) sits below everything that names an
 * icon; errors.ts (muster's own failures with their exit codes) sits above the engine, which
 * throws errors of its own. A rule set's module (systems/) stands on engine, data and doc; the
 * command line and the page on top, the page above the command line whose run() it calls.
 */
const LAYERS = ['vocab', 'engine', 'errors', 'data', 'doc', 'layout', 'render'] as const;
type Layer = (typeof LAYERS)[number] | 'systems' | 'cli' | 'web';
const TOPS: readonly Layer[] = [...LAYERS, 'systems', 'cli', 'web'];

function mayImport(layer: Layer): readonly Layer[] {
  // layout and render read nothing of the data: a document and a font store come in as arguments
  if (layer === 'layout') return ['vocab', 'doc', 'layout'];
  if (layer === 'render') return ['vocab', 'doc', 'layout', 'render'];
  if (layer === 'systems') return ['vocab', 'engine', 'errors', 'data', 'doc', 'systems'];
  if (layer === 'cli') return [...LAYERS, 'systems', 'cli'];
  if (layer === 'web') return [...LAYERS, 'systems', 'cli', 'web'];
  return LAYERS.slice(0, LAYERS.indexOf(layer) + 1);
}

function layerOf(file: string): Layer {
  if (file === 'errors.ts') return 'errors';
  const top = file.split('/')[0] as Layer;
  if (TOPS.includes(top)) return top;
  throw new Error(`${file}: in no layer; add its folder to the layer order in test/architecture.test.ts`);
}

const SHARED = ['vocab', 'engine', 'data', 'doc', 'layout', 'render', 'systems'];

describe('layers', () => {
  it('every import points down the layer order (dynamic and type-only imports too)', async () => {
    const files = await fg(['**/*.ts'], { cwd: src, ignore: ['types/**'] });
    const offenders = files.flatMap((file) => {
      const allowed = mayImport(layerOf(file));
      return importsOf(file)
        .map((spec) => resolved(file, spec))
        .filter((target): target is string => target !== undefined && !target.startsWith('types/') && !target.endsWith('.d.ts'))
        .filter((target) => !allowed.includes(layerOf(target)))
        .map((target) => `${file} -> ${target}`);
    });
    expect(offenders).toEqual([]);
  });
  it('the command line reaches rule-set modules only through the registry', async () => {
    const cli = await fg(['cli/**/*.ts'], { cwd: src });
    const offenders = cli.filter((file) =>
      importsOf(file).some((spec) => {
        const target = resolved(file, spec);
        return target?.startsWith('systems/') && target !== 'systems/registry.ts' && target !== 'systems/module.ts';
      }),
    );
    expect(offenders).toEqual([]);
  });
  it('no file imports itself through others: no cycles', async () => {
    const files = await fg(['**/*.ts'], { cwd: src, ignore: ['types/**'] });
    const edges = new Map(files.map((file) => [file, importsOf(file).map((spec) => resolved(file, spec)).filter((t): t is string => t !== undefined && files.includes(t))]));
    // Tarjan's strongly connected components: a component of more than one file is a cycle
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    const visit = (file: string) => {
      index.set(file, index.size);
      low.set(file, index.get(file)!);
      stack.push(file);
      onStack.add(file);
      for (const next of edges.get(file)!) {
        if (!index.has(next)) {
          visit(next);
          low.set(file, Math.min(low.get(file)!, low.get(next)!));
        } else if (onStack.has(next)) {
          low.set(file, Math.min(low.get(file)!, index.get(next)!));
        }
      }
      if (low.get(file) !== index.get(file)) return;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || edges.get(file)!.includes(file)) cycles.push(component.sort());
    };
    for (const file of files) if (!index.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
  it('the shared layers reach no file system, process or terminal: they read through what they are given', async () => {
    const shared = await fg(
      SHARED.map((layer) => `${layer}/**/*.ts`),
      { cwd: src },
    );
    const offenders = shared.filter((file) => {
      const text = readFileSync(path.join(src, file), 'utf8');
      // node:path is string work only; the page's bundle gives it a browser version
      return importsOf(file).some((spec) => spec.startsWith('node:') && spec !== 'node:path') || /\bprocess\.(env|argv|exit|cwd|on|stdout|stderr|platform)\b|import\.meta\.url|from 'fast-glob'|from 'fs'/.test(text);
    });
    expect(offenders).toEqual([]);
  });
  it('no clock and no Math.random in the source', async () => {
    const files = await fg(['**/*.ts'], { cwd: src });
    const offenders = files.filter((file) => /Math\.random|new Date\(\)|Date\.now\(\)/.test(readFileSync(path.join(src, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
