import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { COMMAND_TABLE } from '../src/cli/command-table.js';
import { ruleSetOptionSpecs } from '../src/cli/rule-set-options.js';
import { FIELD_OPTIONS, FORM_COMMANDS, NOT_ON_THE_FORM } from '../src/web/page-options.js';
import { LISTS } from '../src/web/rule-set-choices.js';

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
/**
 * Beside them, the page's own: its kit (web/kit: the pieces a rule set's page parts build with,
 * naming no rule set) and the rule sets' page parts (systems/<id>/page/ and the page registry
 * that names them), between the kit and the rest of the page.
 */
type Layer = (typeof LAYERS)[number] | 'systems' | 'kit' | 'parts' | 'cli' | 'web';
const TOPS: readonly Layer[] = [...LAYERS, 'systems', 'cli', 'web'];

function mayImport(layer: Layer): readonly Layer[] {
  // layout and render read nothing of the data: a document and a font store come in as arguments
  if (layer === 'layout') return ['vocab', 'doc', 'layout'];
  if (layer === 'render') return ['vocab', 'doc', 'layout', 'render'];
  if (layer === 'systems') return ['vocab', 'engine', 'errors', 'data', 'doc', 'systems'];
  if (layer === 'kit') return ['vocab', 'data', 'doc', 'kit'];
  if (layer === 'parts') return ['vocab', 'engine', 'errors', 'data', 'doc', 'systems', 'kit', 'parts'];
  if (layer === 'cli') return [...LAYERS, 'systems', 'cli'];
  if (layer === 'web') return [...LAYERS, 'systems', 'kit', 'parts', 'cli', 'web'];
  return LAYERS.slice(0, LAYERS.indexOf(layer) + 1);
}

function layerOf(file: string): Layer {
  if (file === 'errors.ts') return 'errors';
  if (file.startsWith('web/kit/')) return 'kit';
  if (/^systems\/[\w-]+\/page\//.test(file) || file === 'systems/page-registry.ts') return 'parts';
  const top = file.split('/')[0] as Layer;
  if (TOPS.includes(top)) return top;
  throw new Error(`${file}: in no layer; add its folder to the layer order in test/architecture.test.ts`);
}

const SHARED = ['vocab', 'engine', 'data', 'doc', 'layout', 'render', 'systems'];

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
    // systems/*.ts are the shared contract (module, manifest, registry, the batch loop); systems/<id>/ a rule set's own
    const offenders = cli.filter((file) => importsOf(file).some((spec) => /^systems\/[\w-]+\//.test(resolved(file, spec) ?? '')));
    expect(offenders).toEqual([]);
  });
  it('layout and render fill no templates: the document builders give them their words', async () => {
    const files = await fg(['layout/**/*.ts', 'render/**/*.ts'], { cwd: src });
    const offenders = files.flatMap((file) => importsOf(file).filter((spec) => resolved(file, spec) === 'doc/templates.ts').map(() => file));
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

  it('the rest of the page reaches the rule sets only through the page registry', async () => {
    const web = (await fg(['web/**/*.ts'], { cwd: src })).filter((f) => !f.startsWith('web/kit/'));
    const offenders = web.flatMap((file) =>
      importsOf(file)
        .map((spec) => resolved(file, spec))
        .filter((target): target is string => target !== undefined && target.startsWith('systems/') && layerOf(target) !== 'parts' && !/^systems\/[\w-]+\.ts$/.test(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the page and the command line name no rule set: they ask the registries', async () => {
    expect(RULE_SETS.length).toBeGreaterThan(1);
    const words = RULE_SETS.flatMap((r) => [r.id, r.name.replace(/[!?.]+$/, '')]);
    const naming = new RegExp(`\\b(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`);
    // Examples of a command name one rule set, as an example: `--help`'s examples and two
    // messages' "for example" (in the words tests pin). The page opens on the registry's first.
    const allowed: Record<string, RegExp> = {
      'cli/command-table.ts': /./,
      'cli/command-list.ts': /./,
      'cli/commands/calibrate.ts': /for example muster cards \w+ --back-offset/,
      'cli/run.ts': /needs a rule set id, e\.g\. muster \$\{command\} \w+ /,
    };
    const allowedLines: Record<string, RegExp> = { 'cli/command-table.ts': /\['\$0 /, 'cli/command-list.ts': /\['\$0 / };
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

/**
 * The page's form follows the command line by construction: its fields are made from the
 * command table (an option's `page` words, src/cli/command-list.ts) and from the rule sets'
 * manifests, and every other option of a command the page runs is left out by name, with why
 * (NOT_ON_THE_FORM, src/web/page-options.ts). A new option the page forgot fails here.
 */
describe('the page’s form and the command table', () => {
  const specsOf = (command: string) => COMMAND_TABLE.find((c) => c.name === command)!.options;

  it('has a field for every option of the commands the page runs, or says why it leaves it out', () => {
    const forgotten: string[] = [];
    for (const command of FORM_COMMANDS) {
      const own = new Set(command === 'tables' || command === 'calibrate' ? [] : ruleSetOptionSpecs(command).map((o) => o.name));
      for (const option of specsOf(command)) {
        const why = NOT_ON_THE_FORM[`${command} --${option.name}`] ?? NOT_ON_THE_FORM[`--${option.name}`];
        if (!option.page && !own.has(option.name) && !why) forgotten.push(`muster ${command} --${option.name}`);
      }
    }
    expect(forgotten, "give each its field's words (`page` in src/cli/command-list.ts) or say why the page leaves it out (NOT_ON_THE_FORM in src/web/page-options.ts)").toEqual([]);
  });

  it('leaves out only options the commands take and the form has no field for', () => {
    for (const [key, why] of Object.entries(NOT_ON_THE_FORM)) {
      const [, command, name] = /^(?:(\w+) )?--([\w-]+)$/.exec(key) ?? [];
      const specs = FORM_COMMANDS.filter((c) => command === undefined || c === command).flatMap((c) => specsOf(c).filter((o) => o.name === name));
      expect(specs.length, `${key}: no command the page runs takes it`).toBeGreaterThan(0);
      expect(specs.filter((o) => o.page).length, `${key}: it has a field`).toBe(0);
      expect(why.length, key).toBeGreaterThan(10);
    }
  });

  it('gives an option one field wherever it is taken, offering each of its choices in words', () => {
    expect(FIELD_OPTIONS.length).toBeGreaterThan(10);
    for (const field of FIELD_OPTIONS) {
      for (const command of FORM_COMMANDS) {
        for (const spec of specsOf(command).filter((o) => o.name === field.name && o.page)) expect(spec.page, `${command} --${field.name}`).toEqual(field.page);
      }
      if (field.page.listed) {
        expect(LISTS[field.name], `--${field.name}: where its list's names come from (LISTS in src/web/rule-set-choices.ts)`).toBeDefined();
        continue;
      }
      expect((field.page.choices ?? []).map(([choice]) => choice).sort(), `--${field.name}: its choices in words`).toEqual([...(field.choices ?? [])].sort());
    }
  });

  it('writes no field of an option into the page by hand: its HTML places the fields made from the table', () => {
    const html = readFileSync(path.join(src, 'web/index.html'), 'utf8');
    expect(html.match(/data-option="[^"]*"/g) ?? []).toEqual([]);
    const places = [...html.matchAll(/data-field="([^"]+)"/g)].map((m) => m[1]!);
    expect(places.filter((name) => !FIELD_OPTIONS.some((o) => o.name === name))).toEqual([]);
    expect(new Set(places).size).toBe(places.length);
    for (const group of new Set(FIELD_OPTIONS.map((o) => o.page.group))) expect(html, `a place for the ${group} fields it does not place`).toContain(`data-fields="${group}"`);
  });
});
