import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { DIST_RATIO, helperSlips, textHelperProblems } from '../../src/data/text-helpers.js';
import { muster } from '../helpers/cli.js';

/**
 * The text helpers' values, checked where the data is loaded (issue 54): a `{{dist}}` pair is the
 * same distance in centimetres then inches, and each helper gets the values it takes.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A house folder adding one Burst of Fire table whose summary is `summary`. */
function house(summary: string): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-helpers-'));
  mkdirSync(path.join(dir, 'bof', 'tables'), { recursive: true });
  const file = path.join(dir, 'bof', 'tables', 'house.yaml');
  const table = {
    tables: [
      {
        id: 'house-move',
        title: 'House move',
        section: 'Movement',
        source: 'house rules',
        use: 'reference',
        columns: [{ key: 'what', label: 'What' }],
        rows: [{ what: 'Walk' }],
        summary,
      },
    ],
  };
  writeFileSync(file, YAML.stringify(table));
  return { dir, file };
}

describe('{{dist}} and the other text helpers in a house folder', () => {
  it('refuses {{dist 6 15}} (inches first) with exit 2, naming the file, the field and the value', async () => {
    const { dir, file } = house('Move up to {{dist 6 15}}.');
    const result = await muster(['validate', '--data', dir], root);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file} at tables[0].summary: {{dist 6 15}}: 6 cm is not 15 in (the ratio is 0.4; {{dist}} takes centimetres then inches, at 2.45-2.6 cm to the inch)`);
  });

  it('refuses {{dist 24 10}} (a distance meant as 24 in, which prints "10 in")', async () => {
    const { dir } = house('Charge {{dist 24 10}}.');
    const result = await muster(['validate', '--data', dir], root);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/tables\[0\]\.summary: \{\{dist 24 10\}\}: 24 cm is not 10 in \(the ratio is 2\.4;/);
  });

  it('accepts a pair the built-in data would write (2.5 cm to the inch) and the true inch', async () => {
    const { dir } = house('Move {{dist 15 6}}, or {{dist 7.5 3}} in rough ground, or {{dist 25.4 10}} on a road.');
    const result = await muster(['validate', '--data', dir], root);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('refuses a helper given the wrong number or kind of values', async () => {
    for (const [summary, message] of [
      ['Move {{dist 15}}.', /\{\{dist 15\}\}: \{\{dist\}\} takes 2 values \(the distance in centimetres, then in inches, both numbers\), as in \{\{dist 10 4\}\}/],
      ['Move {{dist 15 6 2}}.', /\{\{dist 15 6 2\}\}: \{\{dist\}\} takes 2 values/],
      ['Move {{dist "15" 6}}.', /\{\{dist "15" 6\}\}: "15" is not a number/],
      ['Shoot at {{mod}}.', /\{\{mod\}\} takes a modifier, a number/],
    ] as const) {
      const { dir } = house(summary);
      const result = await muster(['validate', '--data', dir], root);
      expect(result.code, summary).toBe(2);
      expect(result.stderr, summary).toMatch(message);
    }
  });
});

describe('the built-in data', () => {
  it("has every {{dist}} pair within the band and every helper given its values", () => {
    const ratios = new Set<number>();
    for (const relative of fg.sync('**/*.{yaml,yml}', { cwd: path.join(root, 'data') })) {
      const file = path.join(root, 'data', relative);
      const text = readFileSync(file, 'utf8');
      expect(textHelperProblems(YAML.parse(text), relative), relative).toEqual([]);
      for (const [, cm, inches] of text.matchAll(/\{\{dist ([\d.]+) ([\d.]+)\}\}/g)) ratios.add(Number(cm) / Number(inches));
    }
    expect(ratios.size).toBeGreaterThan(0);
    for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(DIST_RATIO.min);
    for (const ratio of ratios) expect(ratio).toBeLessThanOrEqual(DIST_RATIO.max);
  });

  it('leaves escaped braces, fields and unparsable texts alone', () => {
    expect(helperSlips('write \\{{dist 6 15}} as text')).toEqual([]);
    expect(helperSlips('{{name}} moves {{dist 10 4}}, {{mod -2}}, {{chance "2D6" 6 "lower"}}')).toEqual([]);
    expect(helperSlips('{{#if x}}')).toEqual([]);
    // names every object inherits are no helpers here: the template check refuses them
    expect(helperSlips('{{toString}} {{__proto__}} {{constructor 1}}')).toEqual([]);
  });
});
