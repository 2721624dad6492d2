import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

/**
 * Every force the documentation shows a player, in docs/*.md and in examples/, must be legal
 * under --strict: the docs once named a detachment that did not exist, and nothing noticed.
 */
const workdir = workdirs(afterEach);
const root = fileURLToPath(new URL('../../', import.meta.url));

/** Which rule set a force file is for, from the fields only that rule set's force files have. */
function systemOf(force: unknown): string | undefined {
  if (!force || typeof force !== 'object') return undefined;
  const f = force as Record<string, unknown>;
  if ('doctrine' in f && 'detachment' in f) return 'bof';
  if ('list' in f && 'platoons' in f) return 'fireteam';
  if (Array.isArray(f['units']) && (f['units'] as unknown[]).every((u) => u && typeof u === 'object' && 'kind' in u)) return 'blazeaway';
  // a nation and units from the lists, with no doctrine: Open Fire's sample lists
  if ('nation' in f && Array.isArray(f['units']) && (f['units'] as unknown[]).every((u) => u && typeof u === 'object' && 'unit' in u)) return 'openfire';
  return undefined;
}

interface Example {
  where: string;
  text: string;
}

/** Every fenced YAML block of the docs, named by file and line. */
function docExamples(): Example[] {
  const docs = readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).sort();
  return docs.flatMap((doc) => {
    const text = readFileSync(path.join(root, 'docs', doc), 'utf8');
    return [...text.matchAll(/^```ya?ml\n([\s\S]*?)^```/gm)].map((m) => ({ where: `docs/${doc}:${text.slice(0, m.index).split('\n').length}`, text: m[1]! }));
  });
}

/** Every file of examples/forces/ and, where there are, examples/blazeaway/ and examples/openfire/. */
function exampleFiles(): Example[] {
  return ['examples/forces', 'examples/blazeaway', 'examples/openfire']
    .filter((dir) => existsSync(path.join(root, dir)))
    .flatMap((dir) =>
      readdirSync(path.join(root, dir))
        .filter((f) => /\.(ya?ml|json)$/.test(f))
        .sort()
        .map((f) => ({ where: `${dir}/${f}`, text: readFileSync(path.join(root, dir, f), 'utf8') })),
    );
}

const forces = [...docExamples(), ...exampleFiles()]
  .map((example) => ({ ...example, system: systemOf(parse(example.text)) }))
  .filter((example) => example.system !== undefined || !example.where.startsWith('docs/'));

describe('the forces the docs and examples show are legal under --strict', () => {
  it('finds them: the Burst of Fire and Fire Team force-file docs each show one, and every example file is a force', () => {
    expect(forces.filter((f) => f.where.startsWith('docs/force-file.md')).map((f) => f.system)).toEqual(['bof']);
    expect(forces.filter((f) => f.where.startsWith('docs/fireteam-force-file.md')).map((f) => f.system)).toEqual(['fireteam']);
    expect(forces.filter((f) => f.where.startsWith('docs/openfire-force-file.md')).map((f) => f.system)).toEqual(['openfire']);
    expect(forces.filter((f) => f.where.startsWith('examples/openfire/')).length).toBeGreaterThanOrEqual(2);
    for (const example of forces) expect(example.system, `${example.where}: not a force file muster knows`).toBeDefined();
    expect(forces.filter((f) => f.where.startsWith('examples/')).length).toBeGreaterThanOrEqual(2);
  });
  for (const example of forces) {
    it(`${example.where} (${example.system ?? '?'})`, async () => {
      const file = path.basename(example.where).replace(/[^\w.-]/g, '-').replace(/(\.ya?ml|\.json)?$/, (ext) => ext || '.yaml');
      const cwd = workdir({ [file]: example.text });
      const { code, stderr } = await muster(['cards', example.system!, '--force', file, '--strict', '--format', 'json'], cwd);
      expect(stderr).toBe('');
      expect(code).toBe(0);
    });
  }
});
