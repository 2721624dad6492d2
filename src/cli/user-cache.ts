import { closeSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileCache, Files } from '../data/files.js';

/**
 * What the folder keeps: past either bound the entries written longest ago go (a designer
 * editing a big file leaves one per edit). A house arsenal of a hundred files is a hundred entries.
 */
const KEEP_ENTRIES = 1000;
const KEEP_BYTES = 256 * 1024 * 1024;
/**
 * muster's entries, and only they, have names of this form and start with MARK. The folder
 * may be one the player keeps other files in (MUSTER_CACHE=DIR), so an entry is read or
 * deleted only when it has both: a player's `muster-notes.json` is no entry, and neither is a
 * `yaml-1-….json` of an older muster (which cannot be told from a player's file: it stays).
 */
const NAME = /^muster-[a-z0-9-]+\.json$/;
const MARK = new TextEncoder().encode('muster cache entry 1\n');

/** Where the player's cache goes, or why there is none this run. */
export interface CacheChoice {
  folder: string | undefined;
  /** the one line to tell the player when MUSTER_CACHE names a folder muster refuses */
  warning?: string;
}

/**
 * The player's cache folder for muster: $XDG_CACHE_HOME/muster, else the system's usual
 * place (~/.cache/muster; ~/Library/Caches/muster on macOS; %LOCALAPPDATA%\muster\cache on
 * Windows). MUSTER_CACHE=off keeps no cache; MUSTER_CACHE=DIR puts it there, unless DIR is a
 * system folder, the home folder or the temporary folder itself: those hold files of the system
 * and of the player, and a mistaken MUSTER_CACHE=/ must not have muster write and prune there.
 */
export function chooseCacheFolder(env: Readonly<Record<string, string | undefined>>, platform: string = process.platform): CacheChoice {
  const chosen = env['MUSTER_CACHE'];
  if (chosen === 'off') return { folder: undefined };
  if (chosen) {
    const folder = path.resolve(chosen);
    return systemFolder(chosen, env, platform) ? refused(chosen, platform) : { folder };
  }
  if (env['XDG_CACHE_HOME'] && path.isAbsolute(env['XDG_CACHE_HOME'])) return { folder: path.join(env['XDG_CACHE_HOME'], 'muster') };
  if (platform === 'win32') return { folder: env['LOCALAPPDATA'] ? path.join(env['LOCALAPPDATA'], 'muster', 'cache') : undefined };
  const home = env['HOME'];
  if (!home) return { folder: undefined };
  return { folder: platform === 'darwin' ? path.join(home, 'Library', 'Caches', 'muster') : path.join(home, '.cache', 'muster') };
}

function refused(chosen: string, platform: string): CacheChoice {
  const usual = platform === 'win32' ? '%LOCALAPPDATA%\\muster\\cache' : '~/.cache/muster';
  return {
    folder: undefined,
    warning: `muster: MUSTER_CACHE=${chosen} is a system folder, the home folder or the temporary folder itself, where muster keeps no cache; this run keeps none. Set MUSTER_CACHE to a folder of muster's own (such as ${usual}), or MUSTER_CACHE=off\n`,
  };
}

export function userCacheFolder(env: Readonly<Record<string, string | undefined>>, platform: string = process.platform): string | undefined {
  return chooseCacheFolder(env, platform).folder;
}

/** Folders no cache goes in, exactly; and the trees below which none goes either. */
const POSIX_FOLDERS = [
  '/', '/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/lib32', '/lib64', '/media', '/mnt', '/opt', '/proc', '/root', '/run', '/sbin', '/snap',
  '/srv', '/sys', '/tmp', '/usr', '/var', '/var/cache', '/var/lib', '/var/log', '/var/tmp', '/Applications', '/Library', '/System', '/Users', '/Volumes',
  '/private', '/private/tmp', '/private/var', '/cores',
];
const POSIX_TREES = ['/bin', '/boot', '/dev', '/etc', '/lib', '/lib32', '/lib64', '/proc', '/sbin', '/sys', '/usr', '/System'];
const WINDOWS_VARIABLES = ['SystemRoot', 'windir', 'ProgramFiles', 'ProgramFiles(x86)', 'ProgramW6432', 'ProgramData', 'USERPROFILE', 'TEMP', 'TMP', 'PUBLIC', 'APPDATA', 'LOCALAPPDATA'];

function systemFolder(chosen: string, env: Readonly<Record<string, string | undefined>>, platform: string): boolean {
  if (platform === 'win32') {
    const win = path.win32;
    // Windows compares names without regard to case
    const norm = (p: string) => win.resolve(p).replace(/[\\/]+$/, '').toLowerCase();
    const folder = norm(chosen);
    // a drive's root ("c:") or a share's ("\\server\share")
    if (/^[a-z]:$/.test(folder) || win.parse(`${folder}\\`).root.toLowerCase() === `${folder}\\`) return true;
    const fixed = ['C:\\Windows', 'C:\\Program Files', 'C:\\Program Files (x86)', 'C:\\ProgramData', 'C:\\Users', 'C:\\Users\\Public'].map(norm);
    const named = WINDOWS_VARIABLES.map((name) => env[name]).filter((value): value is string => !!value && win.isAbsolute(value)).map(norm);
    if ([...fixed, ...named].includes(folder)) return true;
    const windows = [norm('C:\\Windows'), ...(env['SystemRoot'] ? [norm(env['SystemRoot'])] : [])];
    return windows.some((tree) => folder.startsWith(`${tree}\\`));
  }
  const posix = path.posix;
  const folder = posix.resolve(chosen);
  // macOS names ignore case by default: /USR is /usr there
  const same = platform === 'darwin' ? (a: string, b: string) => a.toLowerCase() === b.toLowerCase() : (a: string, b: string) => a === b;
  const named = [env['HOME'], env['TMPDIR'], env['TMP'], env['TEMP']].filter((value): value is string => !!value && posix.isAbsolute(value)).map((value) => posix.resolve(value));
  if ([...POSIX_FOLDERS, ...named].some((system) => same(folder, system))) return true;
  return POSIX_TREES.some((tree) => same(folder.slice(0, tree.length + 1), `${tree}/`));
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
        const bytes = readFileSync(path.join(folder, name));
        return marked(bytes) ? bytes.subarray(MARK.length) : undefined;
      } catch {
        return undefined;
      }
    },
    write(name, bytes) {
      if (!NAME.test(name)) return;
      const file = path.join(folder, name);
      // a file of the player's under an entry's name is left as it is, not replaced
      if (exists(file) && !markedFile(file)) return;
      const temporary = path.join(folder, `.${name}.${process.pid}.tmp`);
      try {
        mkdirSync(folder, { recursive: true, mode: 0o700 });
        writeFileSync(temporary, Buffer.concat([MARK, bytes]));
        renameSync(temporary, file);
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

function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function marked(bytes: Uint8Array): boolean {
  return bytes.length >= MARK.length && MARK.every((byte, i) => bytes[i] === byte);
}

/** Whether the file starts with muster's mark (only its first bytes are read). */
function markedFile(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = new Uint8Array(MARK.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && marked(head);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Trims muster's own entries to the bounds, the ones written longest ago first. Only regular
 * files with an entry's name and mark are counted or deleted, so a player's file in the folder
 * neither goes nor makes muster's entries go.
 */
function prune(folder: string, keep: { entries: number; bytes: number }): void {
  const entries = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && NAME.test(entry.name) && markedFile(path.join(folder, entry.name)))
    .map(({ name }) => {
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

/**
 * Node's files with the player's cache folder, where there is one; a refused MUSTER_CACHE is
 * told on `stderr`, once, and the run goes on without a cache.
 */
export function withUserCache(files: Files, env: Readonly<Record<string, string | undefined>>, stderr: { write(chunk: string): unknown }, platform: string = process.platform): Files {
  let { folder, warning } = chooseCacheFolder(env, platform);
  // MUSTER_CACHE=~/link, the link leading to /, is / too
  const chosen = env['MUSTER_CACHE'];
  const real = folder && chosen ? realFolder(folder) : undefined;
  if (chosen && real && real !== folder && systemFolder(real, env, platform)) ({ folder, warning } = refused(`${chosen} (${real})`, platform));
  if (warning) stderr.write(warning);
  return folder ? { ...files, cache: folderCache(folder) } : files;
}

function realFolder(folder: string): string | undefined {
  try {
    return realpathSync(folder);
  } catch {
    // not there yet: made as a folder of its own on the first write
    return undefined;
  }
}
