import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileCache, Files } from '../data/files.js';

/**
 * What the folder keeps: past either bound the entries written longest ago go (a designer
 * editing a big file leaves one per edit). A house arsenal of a hundred files is a hundred entries.
 */
const KEEP_ENTRIES = 1000;
const KEEP_BYTES = 256 * 1024 * 1024;
const NAME = /^[a-z0-9-]+\.json$/;

/**
 * The player's cache folder for muster: $XDG_CACHE_HOME/muster, else the system's usual
 * place (~/.cache/muster; ~/Library/Caches/muster on macOS; %LOCALAPPDATA%\muster\cache on
 * Windows). MUSTER_CACHE=off keeps no cache; MUSTER_CACHE=DIR puts it there.
 */
export function userCacheFolder(env: Readonly<Record<string, string | undefined>>, platform: string = process.platform): string | undefined {
  const chosen = env['MUSTER_CACHE'];
  if (chosen === 'off') return undefined;
  if (chosen) return path.resolve(chosen);
  if (env['XDG_CACHE_HOME'] && path.isAbsolute(env['XDG_CACHE_HOME'])) return path.join(env['XDG_CACHE_HOME'], 'muster');
  if (platform === 'win32') return env['LOCALAPPDATA'] ? path.join(env['LOCALAPPDATA'], 'muster', 'cache') : undefined;
  const home = env['HOME'];
  if (!home) return undefined;
  return platform === 'darwin' ? path.join(home, 'Library', 'Caches', 'muster') : path.join(home, '.cache', 'muster');
}

/**
 * A cache in a folder on this disk. Each entry is written whole (a temporary file renamed), so
 * a run stopped half-way leaves nothing half-written to be read; every failure (a read-only
 * home, a full disk) is silent, since a cache only ever saves time.
 */
export function folderCache(folder: string, keep: { entries: number; bytes: number } = { entries: KEEP_ENTRIES, bytes: KEEP_BYTES }): FileCache {
  return {
    read(name) {
      if (!NAME.test(name)) return undefined;
      try {
        return readFileSync(path.join(folder, name));
      } catch {
        return undefined;
      }
    },
    write(name, bytes) {
      if (!NAME.test(name)) return;
      const temporary = path.join(folder, `.${name}.${process.pid}.tmp`);
      try {
        mkdirSync(folder, { recursive: true, mode: 0o700 });
        writeFileSync(temporary, bytes);
        renameSync(temporary, path.join(folder, name));
        prune(folder, keep);
      } catch {
        try {
          unlinkSync(temporary);
        } catch {
          // nothing was left
        }
      }
    },
  };
}

function prune(folder: string, keep: { entries: number; bytes: number }): void {
  const entries = readdirSync(folder)
    .filter((name) => NAME.test(name))
    .map((name) => {
      const stats = statSync(path.join(folder, name));
      return { name, time: stats.mtimeMs, size: stats.size };
    });
  let bytes = entries.reduce((sum, entry) => sum + entry.size, 0);
  let count = entries.length;
  if (count <= keep.entries && bytes <= keep.bytes) return;
  entries.sort((a, b) => a.time - b.time || (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    if (count <= keep.entries && bytes <= keep.bytes) break;
    unlinkSync(path.join(folder, entry.name));
    count--;
    bytes -= entry.size;
  }
}

/** Node's files with the player's cache folder, where there is one. */
export function withUserCache(files: Files, env: Readonly<Record<string, string | undefined>>): Files {
  const folder = userCacheFolder(env);
  return folder ? { ...files, cache: folderCache(folder) } : files;
}
