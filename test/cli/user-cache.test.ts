import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeFiles } from '../../src/cli/node-files.js';
import { folderCache, userCacheFolder, withUserCache } from '../../src/cli/user-cache.js';

const dir = mkdtempSync(path.join(tmpdir(), 'muster-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the player's cache folder", () => {
  it('is where each system keeps caches, or where MUSTER_CACHE says, or none', () => {
    expect(userCacheFolder({ HOME: '/home/anna' }, 'linux')).toBe('/home/anna/.cache/muster');
    expect(userCacheFolder({ HOME: '/home/anna', XDG_CACHE_HOME: '/var/cache/anna' }, 'linux')).toBe('/var/cache/anna/muster');
    // a relative XDG_CACHE_HOME is to be ignored, as the XDG spec says
    expect(userCacheFolder({ HOME: '/home/anna', XDG_CACHE_HOME: 'cache' }, 'linux')).toBe('/home/anna/.cache/muster');
    expect(userCacheFolder({ HOME: '/Users/anna' }, 'darwin')).toBe('/Users/anna/Library/Caches/muster');
    expect(userCacheFolder({ LOCALAPPDATA: 'C:\\Users\\anna\\AppData\\Local' }, 'win32')).toContain(path.join('muster', 'cache'));
    expect(userCacheFolder({ HOME: '/home/anna', MUSTER_CACHE: 'off' }, 'linux')).toBeUndefined();
    expect(userCacheFolder({ MUSTER_CACHE: '/tmp/mc' }, 'linux')).toBe('/tmp/mc');
    expect(userCacheFolder({}, 'linux')).toBeUndefined();
  });
  it('keeps what is written, whole, and nothing under a name it did not make', () => {
    const cache = folderCache(path.join(dir, 'a', 'muster'));
    expect(cache.read('muster-yaml-2-abc.json')).toBeUndefined();
    cache.write('muster-yaml-2-abc.json', new TextEncoder().encode('{"a":1}'));
    expect(new TextDecoder().decode(cache.read('muster-yaml-2-abc.json'))).toBe('{"a":1}');
    cache.write('../escape.json', new TextEncoder().encode('x'));
    expect(readdirSync(path.join(dir, 'a'))).toEqual(['muster']);
    expect(readdirSync(path.join(dir, 'a', 'muster'))).toEqual(['muster-yaml-2-abc.json']);
  });
  it('trims the entries written longest ago, past a count or a size', () => {
    const folder = path.join(dir, 'b');
    const cache = folderCache(folder, { entries: 4, bytes: 1000 });
    const names = ['muster-yaml-2-a.json', 'muster-yaml-2-b.json', 'muster-yaml-2-c.json', 'muster-yaml-2-d.json'];
    names.forEach((name, i) => {
      cache.write(name, new TextEncoder().encode('{}'));
      utimesSync(path.join(folder, name), 1000 + i, 1000 + i);
    });
    // past the count: the oldest, "a", goes
    cache.write('muster-yaml-2-e.json', new TextEncoder().encode('{}'));
    expect(readdirSync(folder).sort()).toEqual(['muster-yaml-2-b.json', 'muster-yaml-2-c.json', 'muster-yaml-2-d.json', 'muster-yaml-2-e.json']);
    // past the size: the oldest go until the rest fit (each entry is its bytes and muster's mark, 21 bytes)
    cache.write('muster-yaml-2-big.json', new Uint8Array(920));
    expect(readdirSync(folder).sort()).toEqual(['muster-yaml-2-big.json', 'muster-yaml-2-d.json', 'muster-yaml-2-e.json']);
  });
  it('fails silently where it cannot write (a file in the way of the folder)', () => {
    writeFileSync(path.join(dir, 'blocked'), 'not a folder');
    const cache = folderCache(path.join(dir, 'blocked', 'muster'));
    expect(() => cache.write('muster-yaml-2-z.json', new TextEncoder().encode('{}'))).not.toThrow();
    expect(cache.read('muster-yaml-2-z.json')).toBeUndefined();
  });
});

describe("the player's own files in the cache folder", () => {
  it('are never pruned, whatever their names and sizes: only entries muster wrote go', () => {
    const folder = path.join(dir, 'players');
    mkdirSync(path.join(folder, 'armies'), { recursive: true });
    const own: Record<string, Uint8Array> = {
      'my-army.json': new TextEncoder().encode('{"name":"1st Platoon"}'),
      'yaml-1-0123abcd.json': new TextEncoder().encode('{"mine":true}'),
      'muster-notes.json': new TextEncoder().encode('{"games":3}'),
      'muster-yaml-2-0000.json': new TextEncoder().encode('a file of mine with the name of an entry'),
      'big-scan.json': new Uint8Array(300_000).fill(0x20),
      'armies/ussr.json': new TextEncoder().encode('{}'),
    };
    for (const [name, bytes] of Object.entries(own)) {
      writeFileSync(path.join(folder, name), bytes);
      // older than anything muster writes: pruning by age would take them first
      utimesSync(path.join(folder, name), 1000, 1000);
    }
    const cache = folderCache(folder, { entries: 4, bytes: 1000 });
    for (let i = 0; i < 30; i++) cache.write(`muster-yaml-2-${i.toString(16).padStart(4, '0')}.json`, new TextEncoder().encode(`{"entry":${i}}`.padEnd(100 + i * 7, ' ')));
    for (const [name, bytes] of Object.entries(own)) expect(readFileSync(path.join(folder, name)).equals(Buffer.from(bytes)), name).toBe(true);
    // and its own entries were kept within the bounds
    const entries = readdirSync(folder).filter((name) => !(name in own) && name !== 'armies');
    expect(entries.length).toBeLessThanOrEqual(4);
    expect(entries).toContain('muster-yaml-2-001d.json');
  });
  it("a player's file under an entry's name is not read as an entry", () => {
    const folder = path.join(dir, 'lookalike');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'muster-yaml-2-abcd.json'), '{"a":1}');
    expect(folderCache(folder).read('muster-yaml-2-abcd.json')).toBeUndefined();
  });
});

describe('MUSTER_CACHE at a system folder', () => {
  const warned = (env: Record<string, string>, platform = 'linux') => {
    let stderr = '';
    const files = withUserCache(nodeFiles, env, { write: (s: string) => (stderr += s) }, platform);
    return { files, stderr };
  };
  it.each([['/'], ['/etc'], ['/usr'], ['/usr/bin'], ['/bin'], ['/var'], ['/tmp'], ['/home/anna'], ['/home/anna/'], ['/etc/../']])('%s is refused: no cache, one line on stderr', (folder) => {
    const { files, stderr } = warned({ HOME: '/home/anna', MUSTER_CACHE: folder });
    expect(files.cache).toBeUndefined();
    expect(userCacheFolder({ HOME: '/home/anna', MUSTER_CACHE: folder }, 'linux')).toBeUndefined();
    expect(stderr).toMatch(/^muster: MUSTER_CACHE=.* is a system folder.*MUSTER_CACHE=off\n$/);
    expect(stderr.split('\n')).toHaveLength(2);
  });
  it.each([['C:\\'], ['c:/'], ['C:\\Windows'], ['C:\\Windows\\System32'], ['C:\\Program Files'], ['C:\\Users\\anna'], ['C:\\Users']])('on Windows, %s is refused', (folder) => {
    const { files, stderr } = warned({ USERPROFILE: 'C:\\Users\\anna', LOCALAPPDATA: 'C:\\Users\\anna\\AppData\\Local', MUSTER_CACHE: folder }, 'win32');
    expect(files.cache).toBeUndefined();
    expect(stderr).toContain('MUSTER_CACHE');
  });
  it('a link that leads to a system folder is refused as that folder', () => {
    symlinkSync('/etc', path.join(dir, 'to-etc'));
    const { files, stderr } = warned({ HOME: '/home/anna', MUSTER_CACHE: path.join(dir, 'to-etc') });
    expect(files.cache).toBeUndefined();
    expect(stderr).toContain('(/etc) is a system folder');
  });
  it('a folder of its own is taken, silently', () => {
    const { files, stderr } = warned({ HOME: '/home/anna', MUSTER_CACHE: path.join(dir, 'mine') });
    expect(files.cache).toBeDefined();
    expect(stderr).toBe('');
    expect(warned({ HOME: '/home/anna', MUSTER_CACHE: '/home/anna/muster-cache' }).stderr).toBe('');
    expect(warned({ HOME: '/home/anna' }).files.cache).toBeDefined();
  });
  it('the command keeps nothing in /, and says why', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    // a house table long enough to be worth caching
    const house = path.join(dir, 'house');
    mkdirSync(path.join(house, 'bof', 'tables'), { recursive: true });
    const table = readFileSync(path.join(root, 'data', 'bof', 'tables', 'automatic-fire.yaml'), 'utf8');
    writeFileSync(path.join(house, 'bof', 'tables', 'automatic-fire.yaml'), `${table}${'# a long house file, worth caching\n'.repeat(1000)}`);
    const before = new Set(readdirSync('/'));
    try {
      // tables, not validate: the house file is read and parsed the same, without validate's every sheet laid out
      const run = spawnSync(process.execPath, [path.join(root, 'bin/muster.js'), 'tables', 'bof', '--data', house, '--format', 'md'], { cwd: dir, encoding: 'utf8', env: { ...process.env, MUSTER_CACHE: '/' } });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/MUSTER_CACHE=\/ is a system folder/);
      expect(readdirSync('/').filter((name) => !before.has(name))).toEqual([]);
    } finally {
      // the loader before the fix wrote its entry there
      for (const name of readdirSync('/')) if (!before.has(name) && /^(yaml|muster)-.*\.json$/.test(name)) rmSync(path.join('/', name));
    }
  }, 30_000);
});
