import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderCache, userCacheFolder } from '../../src/cli/user-cache.js';

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
    expect(cache.read('yaml-1-abc.json')).toBeUndefined();
    cache.write('yaml-1-abc.json', new TextEncoder().encode('{"a":1}'));
    expect(new TextDecoder().decode(cache.read('yaml-1-abc.json'))).toBe('{"a":1}');
    cache.write('../escape.json', new TextEncoder().encode('x'));
    expect(readdirSync(path.join(dir, 'a'))).toEqual(['muster']);
    expect(readdirSync(path.join(dir, 'a', 'muster'))).toEqual(['yaml-1-abc.json']);
  });
  it('trims the entries written longest ago, past a count or a size', () => {
    const folder = path.join(dir, 'b');
    const cache = folderCache(folder, { entries: 4, bytes: 1000 });
    const names = ['yaml-1-a.json', 'yaml-1-b.json', 'yaml-1-c.json', 'yaml-1-d.json'];
    names.forEach((name, i) => {
      cache.write(name, new TextEncoder().encode('{}'));
      utimesSync(path.join(folder, name), 1000 + i, 1000 + i);
    });
    // past the count: the oldest, "a", goes
    cache.write('yaml-1-e.json', new TextEncoder().encode('{}'));
    expect(readdirSync(folder).sort()).toEqual(['yaml-1-b.json', 'yaml-1-c.json', 'yaml-1-d.json', 'yaml-1-e.json']);
    // past the size: the oldest go until the rest fit
    cache.write('yaml-1-big.json', new Uint8Array(995));
    expect(readdirSync(folder).sort()).toEqual(['yaml-1-big.json', 'yaml-1-d.json', 'yaml-1-e.json']);
  });
  it('fails silently where it cannot write (a file in the way of the folder)', () => {
    writeFileSync(path.join(dir, 'blocked'), 'not a folder');
    const cache = folderCache(path.join(dir, 'blocked', 'muster'));
    expect(() => cache.write('yaml-1-z.json', new TextEncoder().encode('{}'))).not.toThrow();
    expect(cache.read('yaml-1-z.json')).toBeUndefined();
  });
});
