/**
 * Read-only access to files: the built-in data, templates, fonts and stores, and a player's
 * force files and house rules. The shared layers read only through this, never through the
 * file system: the command line installs one backed by Node's file system (cli/node-files.ts),
 * the page one backed by the files it holds in memory. Failures are thrown as errors with a
 * Node-style `code` ("ENOENT", "EACCES", "ELOOP", "ENOTDIR", "ENAMETOOLONG"), whatever backs it.
 */
export type FileKind = 'file' | 'folder' | 'device' | 'pipe' | 'socket' | 'other';

export interface FileRead {
  kind: FileKind;
  size: number;
  /** a regular file's bytes when it holds at most the limit asked for */
  bytes?: Uint8Array;
}

/** Where muster's own files are, as paths the installed `Files` reads. */
export interface Places {
  /** the built-in data folder, data/ */
  data: string;
  /** the Handlebars templates, templates/ */
  templates: string;
  /** muster's own example files, examples/: a folder for each rule set that has some, named by its id */
  examples: string;
  /** the build's store of parsed data (a missing one is fine: the YAML is parsed) */
  parsedStore: string;
  /** the build's store of kerning pairs (likewise) */
  fontPairs: string;
  /**
   * each face's font file: regular, bold, italic, and the fallbacks (hebrew, hebrew-bold, ...);
   * none for a fallback whose package is not installed (the Chinese and Korean fonts come in a
   * package of their own, muster-wargames-fonts-cjk)
   */
  fonts: Readonly<Record<string, string | undefined>>;
  /** the fontkit version, part of a font's fingerprint in the pairs store */
  fontkitVersion: string;
  /** resvg compiled to WebAssembly, which draws a print shop's images (--shop mpc) */
  rasteriser: string;
}

export interface Files {
  places: Places;
  /** what a path is, links followed */
  stat(path: string): { kind: FileKind; size: number };
  /** a folder's entries, links not followed */
  list(dir: string): { name: string; kind: FileKind | 'link' }[];
  realpath(path: string): string;
  readlink(path: string): string;
  /**
   * A file's kind and size, and its bytes when it is a regular file of at most `limit` bytes:
   * read with a bounded read, so a file that grows or lies about its size cannot fill memory,
   * and without waiting on a pipe
   */
  read(path: string, limit: number): FileRead;
  /**
   * The player's cache folder, where a value worked out from a large file (a house arsenal's
   * parsed YAML) is kept between runs under a name made from the file's hash; absent where
   * there is none (the page, tests). Failures are silent: a cache only ever saves time.
   */
  cache?: FileCache;
}

export interface FileCache {
  /** what was kept under this name, or undefined */
  read(name: string): Uint8Array | undefined;
  write(name: string, bytes: Uint8Array): void;
}

/** An error of the kind `Files` throws: a message and a Node-style code. */
export class FileAccessError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'FileAccessError';
  }
}

let installed: Files | undefined;

/** Sets the files every read goes to: the command line's run() and the page do, once. */
export function useFiles(files: Files): void {
  installed = files;
}

/** The installed files; reading before any are installed is muster's own bug. */
export function files(): Files {
  if (!installed) throw new Error('no file access installed: run() (or the page) installs it before reading');
  return installed;
}

/** A whole file's bytes, for muster's own files (stores, fonts, templates); undefined if it is not there. */
export function readOwnFile(path: string, limit = 64 * 1024 * 1024): Uint8Array | undefined {
  return readWholeFile(files(), path, limit);
}

/** A whole file's bytes read through `from`; undefined if it is not there. */
export function readWholeFile(from: Files, path: string, limit = 64 * 1024 * 1024): Uint8Array | undefined {
  try {
    return from.read(path, limit).bytes;
  } catch {
    return undefined;
  }
}

/**
 * Every file below `root` whose path relative to it (with "/") passes `keep`, sorted; names
 * starting with a dot are skipped and links followed (checkDataFolder has made sure they stay
 * inside and make no loop).
 */
export function listFilesBelow(root: string, keep: (relative: string) => boolean, join: (a: string, b: string) => string): string[] {
  const found: string[] = [];
  const walk = (dir: string, prefix: string, depth: number) => {
    if (depth > 32) return;
    let entries;
    try {
      entries = files().list(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      let kind = entry.kind;
      if (kind === 'link') {
        try {
          kind = files().stat(full).kind;
        } catch {
          continue;
        }
      }
      if (kind === 'folder') walk(full, relative, depth + 1);
      else if (kind === 'file' && keep(relative)) found.push(relative);
    }
  };
  walk(root, '', 0);
  return found.sort();
}
