import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
/** static and dynamic imports alike: a lazy `import()` is an arrow of the layers too */
const allImportsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:from |import\()'([^']+)'/g)].map((m) => m[1]!);
/** a relative import as a path under src/ ("web/kit/force-ui.ts") */
const resolved = (file: string, spec: string) => path.relative(src, path.resolve(path.dirname(path.join(src, file)), spec)).replace(/\.js$/, '.ts');

/** The rule sets as their data folders name them: each id and its display name (data/<id>/system.yaml). */
const dataRoot = fileURLToPath(new URL('../data/', import.meta.url));
const RULE_SETS = fg.sync('*/system.yaml', { cwd: dataRoot }).map((file) => ({
  id: path.dirname(file),
  name: /^name: (.+)$/m.exec(readFileSync(path.join(dataRoot, file), 'utf8'))![1]!.trim(),
}));

/** The string literals of a TypeScript file, comments left out (they may speak of a rule set as an example). */
function stringLiterals(text: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  const token = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g;
  for (const m of text.matchAll(token)) {
    if (m[0].startsWith('/')) continue;
    found.push({ line: text.slice(0, m.index).split('\n').length, text: m[0] });
  }
  return found;
}

describe('layers', () => {
  it('the shared layers never import a rule set’s own module', async () => {
    const shared = await fg(['data/**/*.ts', 'engine/**/*.ts', 'doc/**/*.ts', 'layout/**/*.ts', 'render/**/*.ts'], { cwd: src });
    const offenders = shared.filter((file) => importsOf(path.join(src, file)).some((spec) => spec.includes('systems/')));
    expect(offenders).toEqual([]);
  });
  it('the command line reaches rule-set modules only through the registry: it imports no rule set’s own folder', async () => {
    const cli = await fg(['cli/**/*.ts'], { cwd: src });
    // systems/*.ts are the shared contract (module, manifest, registry, the batch loop); systems/<id>/ a rule set's own
    const offenders = cli.filter((file) => importsOf(path.join(src, file)).some((spec) => /systems\/[\w-]+\//.test(spec)));
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

  it('the page’s rule-set parts sit between its kit and the rest of the page, and reach the page through one registry', async () => {
    const web = await fg(['web/**/*.ts'], { cwd: src });
    const parts = await fg(['systems/*/page/**/*.ts'], { cwd: src });
    const kit = web.filter((f) => f.startsWith('web/kit/'));
    const offenders: string[] = [];
    // the kit names no rule set and imports nothing of the page above it
    for (const file of kit) for (const spec of allImportsOf(path.join(src, file))) if (spec.startsWith('.') && !/^(web\/kit|data|doc)\//.test(resolved(file, spec))) offenders.push(`${file} -> ${spec}`);
    // a rule set's parts take the kit and the layers below, never the rest of the page
    for (const file of parts) {
      for (const spec of allImportsOf(path.join(src, file))) {
        const target = resolved(file, spec);
        if (spec.startsWith('.') && target.startsWith('web/') && !target.startsWith('web/kit/')) offenders.push(`${file} -> ${spec}`);
      }
    }
    // the rest of the page reaches rule sets only through the page registry
    for (const file of web.filter((f) => !kit.includes(f))) {
      for (const spec of allImportsOf(path.join(src, file))) if (spec.startsWith('.') && resolved(file, spec).startsWith('systems/') && resolved(file, spec) !== 'systems/page-registry.ts') offenders.push(`${file} -> ${spec}`);
    }
    // and nothing else of the rule sets reaches the page
    const systems = (await fg(['systems/**/*.ts'], { cwd: src })).filter((f) => !parts.includes(f) && f !== 'systems/page-registry.ts');
    for (const file of systems) for (const spec of allImportsOf(path.join(src, file))) if (resolved(file, spec).startsWith('web/')) offenders.push(`${file} -> ${spec}`);
    expect(offenders).toEqual([]);
  });

  it('no import cycle among the page’s files and the rule sets’ page parts', async () => {
    const files = await fg(['web/**/*.ts', 'systems/*/page/**/*.ts', 'systems/page-registry.ts'], { cwd: src });
    const edges = new Map(files.map((file) => [file, allImportsOf(path.join(src, file)).filter((spec) => spec.startsWith('.')).map((spec) => resolved(file, spec)).filter((target) => files.includes(target))]));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of edges.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('the page and the command line name no rule set: they ask the registries', async () => {
    expect(RULE_SETS.length).toBeGreaterThan(1);
    const words = RULE_SETS.flatMap((r) => [r.id, r.name.replace(/[!?.]+$/, '')]);
    const naming = new RegExp(`\\b(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`);
    // Examples of a command name one rule set, as an example: `--help`'s examples and two
    // messages' "for example" (in the words tests pin). The page opens on one rule set.
    const allowed: Record<string, RegExp> = {
      'cli/command-table.ts': /./,
      'cli/commands/calibrate.ts': /for example muster cards \w+ --back-offset/,
      'cli/run.ts': /needs a rule set id, e\.g\. muster \$\{command\} \w+ /,
      'web/form.ts': /^'\w+'$/,
    };
    const allowedLines: Record<string, RegExp> = { 'cli/command-table.ts': /\['\$0 /, 'web/form.ts': /export const DEFAULT_FORM: Form =/ };
    const offenders: string[] = [];
    for (const file of await fg(['web/**/*.ts', 'cli/**/*.ts'], { cwd: src })) {
      const text = readFileSync(path.join(src, file), 'utf8');
      const lines = text.split('\n');
      for (const literal of stringLiterals(text)) {
        if (!naming.test(literal.text)) continue;
        const exempt = allowed[file]?.test(literal.text) && (!allowedLines[file] || allowedLines[file]!.test(lines[literal.line - 1]!));
        if (!exempt) offenders.push(`${file}:${literal.line} ${literal.text}`);
      }
    }
    for (const file of await fg(['web/**/*.html'], { cwd: src })) {
      readFileSync(path.join(src, file), 'utf8')
        .split('\n')
        .forEach((line, i) => naming.test(line) && offenders.push(`${file}:${i + 1} ${line.trim()}`));
    }
    expect(offenders).toEqual([]);
  });
});
