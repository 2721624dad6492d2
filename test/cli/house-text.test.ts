import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { bofForceFromText } from '../../src/systems/bof/page/force-model.js';
import { parseForceText } from '../../src/web/kit/force-model.js';

/**
 * What a player gives muster (house rules, force files, campaign states) is data, never code:
 * a house text's {{ }} marks reach no console and no prototype, and no key of any file is
 * __proto__, constructor or prototype. The CLI runs in this process, so anything Handlebars
 * writes past the run's io (console.info for {{log}}, console.error for its warnings) would
 * land on the process's own streams: those are watched too.
 */
const workdir = workdirs(afterEach);
const root = path.resolve(import.meta.dirname, '../..');
const MARK = 'LEAKMARK';

/** Everything written to the console or to the process's own streams during a test. */
let leaked: string[] = [];
beforeEach(() => {
  leaked = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void leaked.push(args.map(String).join(' ')));
  }
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      leaked.push(String(chunk));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write);
  }
});
afterEach(() => vi.restoreAllMocks());

function houseTable(summary: string): string {
  return YAML.stringify({
    tables: [
      {
        id: 'house-one',
        title: 'House one',
        section: 'House rules',
        source: 'house.txt',
        use: 'lookup',
        dice: 'D6',
        columns: [
          { key: 'roll', label: 'D6' },
          { key: 'effect', label: 'Effect' },
        ],
        rows: [{ roll: { from: 1, to: 6 }, effect: 'Nothing' }],
        summary,
      },
    ],
  });
}

function houseSheets(text: string): string {
  return YAML.stringify({ sheets: [{ id: 'house', title: 'House sheet', blocks: [{ text, title: 'House text', section: 'House' }, { table: 'house-one' }] }] });
}

/** Texts that would write, reach a prototype or run text muster never checked. */
const HOSTILE = [
  `{{log "${MARK}"}}`,
  `{{log "${MARK}" level="error"}}`,
  `{{lookup this "constructor"}}`,
  `{{lookup (lookup this "constructor") "name"}}`,
  `{{constructor.name}}`,
  `{{constructor.constructor}}`,
  `{{__proto__}}`,
  `{{this.__proto__.${MARK}}}`,
  `{{toString}}`,
  `{{@root.constructor.name}}`,
  `{{#with this}}${MARK}{{/with}}`,
  `{{#with (lookup this "constructor")}}{{name}}{{/with}}`,
  `{{#unless nothing}}${MARK}{{/unless}}`,
  `{{#constructor}}${MARK}{{/constructor}}`,
  `{{#each this}}{{#with this}}${MARK}{{/with}}{{/each}}`,
  `{{> ${MARK}}}`,
  `{{#> layout}}${MARK}{{/layout}}`,
  `{{#*inline "p"}}${MARK}{{/inline}}{{> p}}`,
  `{{#if units}}{{log "${MARK}"}}{{/if}}`,
  `{{dist 1 (lookup this "units")}}`,
];

describe('a house text reaches no console and no prototype', () => {
  describe.each([
    ['a sheet text', 'sheets.yaml', (t: string) => ({ 'h/bof/sheets.yaml': houseSheets(t), 'h/bof/tables/house.yaml': houseTable('Plain.') })],
    ['a table summary', 'tables/house.yaml', (t: string) => ({ 'h/bof/sheets.yaml': houseSheets('Plain.'), 'h/bof/tables/house.yaml': houseTable(t) })],
  ])('in %s', (_, file, files) => {
    it.each(HOSTILE)('%s is refused, naming the file', async (text) => {
      const dir = workdir(files(`Before ${text} after`));
      for (const format of ['json', 'pdf']) {
        const result = await muster(['tables', 'bof', '--data', 'h', '--format', format, '-o', `out.${format}`], dir);
        expect(result.code, result.stderr).toBe(2);
        expect(result.stderr).toContain(`muster: Bad data:\n  ${path.join(dir, 'h/bof', file)} `);
        // the loader's check of {{dist}}'s values speaks of the helper; the template check of the template
        expect(result.stderr).toMatch(/template|\{\{dist\}\} takes two numbers/);
        expect(result.stdout).toBe('');
        expect(result.stderr).not.toContain(MARK);
        expect(result.stderr).not.toMatch(/Handlebars|Access has been denied/);
      }
      expect(leaked).toEqual([]);
    });
  });

  it("muster's own texts still fill in, and --format json stays JSON", async () => {
    const dir = workdir({ 'h/bof/sheets.yaml': houseSheets('Move {{dist 10 4}}{{#if units}} in {{units}}{{/if}}.'), 'h/bof/tables/house.yaml': houseTable('Roll {{chance "2D6" 6 "lower"}} or less.') });
    const result = await muster(['tables', 'bof', '--data', 'h', '--format', 'json'], dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const text = JSON.stringify(JSON.parse(result.stdout));
    expect(text).toContain('Move 10 cm in cm.');
    expect(text).toMatch(/Roll \d+(\.\d+)?% or less\./);
    expect(leaked).toEqual([]);
  });
});

/** A key JavaScript gives a meaning, placed in a file's text as YAML or JSON. */
const KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const message = (key: string) => `the key "${key}" is not allowed: __proto__, constructor, prototype have a meaning of their own in JavaScript`;

describe('__proto__, constructor and prototype as keys are refused in every file a player gives', () => {
  const weber = YAML.parse(readFileSync(path.join(root, 'examples/forces/kampfgruppe-weber.yaml'), 'utf8')) as { units: Record<string, unknown>[] };

  describe.each(KEYS)('%s', (key) => {
    it.each([
      ['YAML, top level', 'f.yaml', () => `${key}: { polluted: true }\n${YAML.stringify(weber)}`, key],
      ['YAML, nested', 'f.yaml', () => YAML.stringify(weber).replace(/^units:\n {2}- /m, `units:\n  - ${key}: { polluted: true }\n    `), `units[0].${key}`],
      ['JSON, top level', 'f.json', () => JSON.stringify(weber).replace(/^\{/, `{"${key}": {"polluted": true},`), key],
      ['JSON, nested', 'f.json', () => JSON.stringify(weber).replace('"units":[{', `"units":[{"${key}": {"polluted": true},`), `units[0].${key}`],
    ])('in a force file, %s', async (_, name, text, at) => {
      const dir = workdir({ [name]: text() });
      for (const argv of [['check', 'bof', '--force', name], ['scenario', 'bof', '--force', name, '--format', 'json', '--seed', '1']]) {
        const result = await muster(argv, dir);
        expect(result.stderr).toContain(`${path.join(dir, name)} at ${at}: ${message(key)}`);
        expect(result.stderr).toMatch(/remove it or rename it/);
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
      }
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    });

    it.each([
      ['YAML, top level', () => `${key}: 1\n${houseTable('Plain.')}`, key],
      ['YAML, nested', () => houseTable('Plain.').replace('  - id: house-one', `  - ${key}: { polluted: true }\n    id: house-one`), `tables[0].${key}`],
      ['JSON, top level', () => JSON.stringify({ [key]: 1, ...(YAML.parse(houseTable('Plain.')) as object) }), key],
      ['JSON, nested', () => JSON.stringify(YAML.parse(houseTable('Plain.'))).replace('"rows":[{', `"rows":[{"${key}":{"polluted":true},`), `tables[0].rows[0].${key}`],
    ])('in a house data file, %s', async (_, text, at) => {
      const dir = workdir({ 'h/bof/tables/house.yaml': text() });
      const result = await muster(['tables', 'bof', '--data', 'h', '--format', 'json'], dir);
      expect(result.stderr).toContain(`${path.join(dir, 'h/bof/tables/house.yaml')} at ${at}: ${message(key)}`);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    });

    it.each([
      ['top level', (s: string) => s.replace(/^\{/, `{"${key}": {"polluted": true},`), key],
      ['nested', (s: string) => s.replace('"names": {', `"names": {"${key}": "Mallory",`), `names.${key}`],
    ])('in a campaign state file, %s', async (_, edit, at) => {
      const dir = workdir();
      const made = await muster(['campaign', 'bof', 'new', '--state', 's.json', '--names', 'Red,Blue', '--seed', '1'], dir);
      expect(made.code, made.stderr).toBe(0);
      const file = path.join(dir, 's.json');
      writeFileSync(file, edit(readFileSync(file, 'utf8')));
      const result = await muster(['campaign', 'bof', 'status', '--state', 's.json'], dir);
      expect(result.stderr).toContain(`${file} at ${at}: ${message(key)}`);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
    });
  });
});

describe("the page's force builder refuses them too, where it said \"kept as in the file\"", () => {
  it.each(KEYS)('%s', (key) => {
    // in the page's own words: where the key stands, and what to do
    expect(() => bofForceFromText(`name: A\n${key}: { polluted: true }\n`)).toThrow(`the file holds a key named "${key}"`);
    expect(() => parseForceText(`{"name": "A", "units": [{"${key}": 1}]}`, 'name and units')).toThrow(`entry 1 of units holds a key named "${key}"`);
  });
});
