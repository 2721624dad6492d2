import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { BUILTIN_DATA_DIR } from '../../src/cli/builtin-dir.js';
import { useFiles, type FileCache } from '../../src/data/files.js';
import { cacheName, CACHED_TEXT_LENGTH, parseYamlText, recordCheckedValues, storedCheckedValue, textKey } from '../../src/data/parsed-cache.js';
import { parsedStoreOf } from '../../src/data/parsed-store.js';
import { sha256Hex } from '../../src/data/hash.js';
import { nodeFiles } from '../../src/cli/node-files.js';
import { suiteFiles } from '../helpers/suite-files.js';
import { withUserCache } from '../../src/cli/user-cache.js';
import { muster } from '../helpers/cli.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'muster-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => useFiles(suiteFiles));

const dataFiles = async () =>
  (await fg('**/*.{yaml,yml}', { cwd: BUILTIN_DATA_DIR, absolute: true })).sort().map((file) => ({ path: file, relative: path.relative(BUILTIN_DATA_DIR, file).split(path.sep).join('/') }));
const planted = (name: string, store: object) => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify({ format: 3, values: {}, checked: {}, ...store }));
  return file;
};

describe('the parsed-data store made by the build: YAML values', () => {
  it('gives every built-in file exactly the value the YAML parser gives', async () => {
    const files = await dataFiles();
    const store = path.join(dir, 'store.json');
    const made = parsedStoreOf(files.map((file) => ({ relative: file.relative, text: readFileSync(file.path, 'utf8') })));
    expect([Object.keys(made.checked).length, Object.keys(made.values).length]).toEqual([0, files.length]);
    writeFileSync(store, JSON.stringify(made));
    for (const file of files) {
      const text = readFileSync(file.path, 'utf8');
      expect(await parseYamlText(text, store), file.relative).toEqual(YAML.parse(text));
    }
  });
  it('is looked up by the hash of the text, and an edited text is parsed afresh', async () => {
    // a planted value proves the lookup is used; the real store only holds true parses
    const store = planted('planted.json', { values: { [textKey('a: 1\n')]: JSON.stringify({ a: 'from the store' }) } });
    expect(await parseYamlText('a: 1\n', store)).toEqual({ a: 'from the store' });
    expect(await parseYamlText('a: 2\n', store)).toEqual({ a: 2 });
  });
  it('hands out copies: changing one does not change the next', async () => {
    const store = planted('copies.json', { values: { [textKey('list: [1]\n')]: JSON.stringify({ list: [1] }) } });
    const first = (await parseYamlText('list: [1]\n', store)) as { list: number[] };
    first.list.push(2);
    expect(await parseYamlText('list: [1]\n', store)).toEqual({ list: [1] });
  });
  it('a missing, damaged or older store is ignored, and YAML errors still name the line', async () => {
    const damaged = path.join(dir, 'damaged.json');
    writeFileSync(damaged, '{"format": 3, "val');
    expect(await parseYamlText('b: [1, 2]\n', damaged)).toEqual({ b: [1, 2] });
    const older = path.join(dir, 'older.json');
    writeFileSync(older, JSON.stringify({ format: 2, values: { [textKey('c: 1\n')]: JSON.stringify({ c: 'old' }) } }));
    expect(await parseYamlText('c: 1\n', older)).toEqual({ c: 1 });
    expect(await parseYamlText('b: 3\n', path.join(dir, 'none.json'))).toEqual({ b: 3 });
    await expect(parseYamlText('a: 1\na: 2\n', path.join(dir, 'none.json'))).rejects.toThrow(/unique/i);
  });
});

describe('the parsed-data store made by the build: checked values', () => {
  it('holds every built-in data file, each with the value its schema gives it now', async () => {
    // every file read and checked afresh (no store), as `muster validate` reads them
    const noStore = { ...nodeFiles, places: { ...nodeFiles.places, parsedStore: path.join(dir, 'no-store.json') } };
    const fresh = new Map<string, unknown>();
    recordCheckedValues((file, _text, value) => fresh.set(path.relative(BUILTIN_DATA_DIR, file).split(path.sep).join('/'), value));
    try {
      expect((await muster(['validate'], dir, { files: noStore })).code).toBe(0);
    } finally {
      recordCheckedValues(undefined);
    }
    const built = JSON.parse(readFileSync(path.join(root, 'dist/parsed-data.json'), 'utf8')) as { format: number; checked: Record<string, { key: string; value: string }> };
    expect(built.format).toBe(3);
    const files = await dataFiles();
    expect(Object.keys(built.checked).sort()).toEqual(files.map((f) => f.relative));
    for (const file of files) {
      const entry = built.checked[file.relative]!;
      expect(entry.key, `${file.relative}: the store is older than the file (npm run build)`).toBe(textKey(readFileSync(file.path, 'utf8')));
      expect(JSON.parse(entry.value), file.relative).toStrictEqual(fresh.get(file.relative));
    }
  }, 60_000);
  it("gives a file's stored value only while its text is the one checked, and only for muster's own data", () => {
    const file = path.join(BUILTIN_DATA_DIR, 'bof', 'system.yaml');
    const text = readFileSync(file, 'utf8');
    const store = planted('checked.json', { checked: { 'bof/system.yaml': { key: textKey(text), value: JSON.stringify({ planted: true }) } } });
    expect(storedCheckedValue(file, text, store)).toEqual({ planted: true });
    expect(storedCheckedValue(file, `${text}\n# edited\n`, store)).toBeUndefined();
    // the same text in a house-rules folder is checked as any other file
    expect(storedCheckedValue(path.join(dir, 'house', 'bof', 'system.yaml'), text, store)).toBeUndefined();
  });
  it('refuses to store a value JSON would change', () => {
    expect(() => parsedStoreOf([], [{ file: 'x/tables/t.yaml', key: 'k', value: { max: Infinity } }])).toThrow(/x\/tables\/t\.yaml.*max is Infinity/);
    expect(() => parsedStoreOf([], [{ file: 'x/tables/t.yaml', key: 'k', value: { list: [1, undefined] } }])).toThrow(/list\[1\] is undefined/);
  });
});

describe("a long house-rules file's parsed value in the player's cache", () => {
  const memoryCache = () => {
    const kept = new Map<string, Uint8Array>();
    const cache: FileCache = { read: (name) => kept.get(name), write: (name, bytes) => kept.set(name, bytes) };
    useFiles({ ...nodeFiles, cache });
    return kept;
  };
  const long = (body: string) => `${body}\n${'# padding to the length worth caching\n'.repeat(Math.ceil(CACHED_TEXT_LENGTH / 38))}`;
  const none = path.join(dir, 'none.json');

  it('is kept after the first parse and used after', async () => {
    const kept = memoryCache();
    const text = long('units: [a, b]');
    expect(await parseYamlText(text, none)).toEqual({ units: ['a', 'b'] });
    expect(kept.has(cacheName(text))).toBe(true);
    // a planted entry, well formed, proves the second run reads the cache
    const json = JSON.stringify({ units: ['from the cache'] });
    kept.set(cacheName(text), new TextEncoder().encode(`yaml 2 source=${sha256Hex(text)} value=${sha256Hex(json)}\n${json}`));
    expect(await parseYamlText(text, none)).toEqual({ units: ['from the cache'] });
  });
  it('keeps no short text, no value JSON would change, and no text that fails to parse', async () => {
    const kept = memoryCache();
    expect(await parseYamlText('short: 1\n', none)).toEqual({ short: 1 });
    expect(await parseYamlText(long('limit: .inf'), none)).toEqual({ limit: Infinity });
    await expect(parseYamlText(long('a: 1\na: 2'), none)).rejects.toThrow(/unique/i);
    expect(kept.size).toBe(0);
  });
  it('a damaged entry is parsed afresh and written again', async () => {
    const kept = memoryCache();
    const text = long('b: 2');
    kept.set(cacheName(text), new TextEncoder().encode('{"b": '));
    expect(await parseYamlText(text, none)).toEqual({ b: 2 });
    expect(JSON.parse(new TextDecoder().decode(kept.get(cacheName(text))).replace(/^yaml 2 .*\n/, ''))).toEqual({ b: 2 });
  });
});

describe("an entry of the player's cache is trusted for nothing", () => {
  const memoryCache = () => {
    const kept = new Map<string, Uint8Array>();
    useFiles({ ...nodeFiles, cache: { read: (name) => kept.get(name), write: (name, bytes) => kept.set(name, bytes) } });
    return kept;
  };
  const padding = `\n${'# padding to the length worth caching\n'.repeat(Math.ceil(CACHED_TEXT_LENGTH / 38))}`;
  const none = path.join(dir, 'none.json');
  const edit = (bytes: Uint8Array | undefined, from: string, to: string) => new TextEncoder().encode(new TextDecoder().decode(bytes).replace(from, to));

  it('an entry whose value was edited under its name is not used: the text is parsed afresh', async () => {
    const kept = memoryCache();
    const text = `units: [alpha, bravo]${padding}`;
    expect(await parseYamlText(text, none)).toEqual({ units: ['alpha', 'bravo'] });
    const edited = edit(kept.get(cacheName(text)), '"alpha"', '"zulu!"');
    expect(new TextDecoder().decode(edited)).toContain('zulu!');
    kept.set(cacheName(text), edited);
    expect(await parseYamlText(text, none)).toEqual({ units: ['alpha', 'bravo'] });
  });

  it("an entry made from another text whose short fingerprint is the same is not used", async () => {
    const kept = memoryCache();
    // two texts whose 64-bit fingerprints collide (found by a rho search over four characters, in seconds)
    const mine = `name: \u58b6\u5d88\u5476\u5378\u5000${padding}`;
    const forged = `name: \u5bf2\u5b86\u51fa\u4f8a\ub434${padding}`;
    expect(textKey(mine)).toBe(textKey(forged));
    expect(await parseYamlText(forged, none)).toEqual({ name: '\u5bf2\u5b86\u51fa\u4f8a\ub434' });
    // the entry of the one, under whatever name the other is looked up by
    kept.set(cacheName(mine), kept.get(cacheName(forged))!);
    expect(await parseYamlText(mine, none)).toEqual({ name: '\u58b6\u5d88\u5476\u5378\u5000' });
  });

  it("on the command line, an edited entry in the cache folder is not printed as the house file's content", async () => {
    const cacheFolder = mkdtempSync(path.join(dir, 'cache-'));
    const house = mkdtempSync(path.join(dir, 'house-'));
    mkdirSync(path.join(house, 'bof', 'tables'), { recursive: true });
    const table = readFileSync(path.join(BUILTIN_DATA_DIR, 'bof', 'tables', 'automatic-fire.yaml'), 'utf8');
    writeFileSync(path.join(house, 'bof', 'tables', 'automatic-fire.yaml'), `${table}${padding}`);
    const title = 'Machine guns and autocannons, targets per attack';
    expect(table).toContain(title);
    const files = withUserCache(nodeFiles, { MUSTER_CACHE: cacheFolder }, { write: () => true });
    const first = await muster(['tables', 'bof', '--data', house, '--format', 'md'], dir, { files });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(title);
    const entries = readdirSync(cacheFolder);
    expect(entries).toHaveLength(1);
    const entry = path.join(cacheFolder, entries[0]!);
    writeFileSync(entry, readFileSync(entry, 'utf8').replace(title, 'Edited in the cache, not in the house file'));
    const second = await muster(['tables', 'bof', '--data', house, '--format', 'md'], dir, { files });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).not.toContain('Edited in the cache');
    expect(second.stdout).toBe(first.stdout);
  }, 60_000);
});
