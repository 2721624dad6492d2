import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { BUILTIN_DATA_DIR } from '../../src/data/builtin-dir.js';
import { parseYamlText, textKey } from '../../src/data/parsed-cache.js';
import { writeParsedStore } from '../../src/data/write-parsed-store.js';

const dir = mkdtempSync(path.join(tmpdir(), 'muster-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the parsed-data store made by the build', () => {
  it('gives every built-in file exactly the value the YAML parser gives', async () => {
    const files = await fg('**/*.{yaml,yml}', { cwd: BUILTIN_DATA_DIR, absolute: true });
    const store = path.join(dir, 'store.json');
    expect(writeParsedStore(files, store)).toBe(files.length);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(await parseYamlText(text, store), file).toEqual(YAML.parse(text));
    }
  });
  it('is looked up by the hash of the text, and an edited text is parsed afresh', async () => {
    const store = path.join(dir, 'planted.json');
    // a planted value proves the lookup is used; the real store only holds true parses
    writeFileSync(store, JSON.stringify({ format: 2, values: { [textKey('a: 1\n')]: JSON.stringify({ a: 'from the store' }) } }));
    expect(await parseYamlText('a: 1\n', store)).toEqual({ a: 'from the store' });
    expect(await parseYamlText('a: 2\n', store)).toEqual({ a: 2 });
  });
  it('hands out copies: changing one does not change the next', async () => {
    const store = path.join(dir, 'copies.json');
    writeFileSync(store, JSON.stringify({ format: 2, values: { [textKey('list: [1]\n')]: JSON.stringify({ list: [1] }) } }));
    const first = (await parseYamlText('list: [1]\n', store)) as { list: number[] };
    first.list.push(2);
    expect(await parseYamlText('list: [1]\n', store)).toEqual({ list: [1] });
  });
  it('a missing or damaged store is ignored, and YAML errors still name the line', async () => {
    const damaged = path.join(dir, 'damaged.json');
    writeFileSync(damaged, '{"format": 2, "val');
    expect(await parseYamlText('b: [1, 2]\n', damaged)).toEqual({ b: [1, 2] });
    expect(await parseYamlText('b: 3\n', path.join(dir, 'none.json'))).toEqual({ b: 3 });
    await expect(parseYamlText('a: 1\na: 2\n', path.join(dir, 'none.json'))).rejects.toThrow(/unique/i);
  });
});
