import { closeSync, constants, fstatSync, openSync, readdirSync, readlinkSync, readSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import { BUILTIN_DATA_DIR } from './builtin-dir.js';
import type { FileKind, FileRead, Files, Places } from '../data/files.js';
import { INSTALL_ROOT } from './install-root.js';
import { PACKAGE_FILES } from './package-files.js';
import { fontsWithPackage } from './font-package.js';
import { nodeFontPackage } from './node-font-package.js';

/**
 * Where an installed muster finds its own files: beside dist/ (the fonts and the renderer:
 * PACKAGE_FILES), and the Chinese and Korean fonts in their package, where Node finds it from
 * muster's folder (a checkout's build output, beside a global install). A run of the command
 * line looks from the folder it runs in too (processIo's fontPackage).
 */
export const NODE_PLACES: Places = {
  data: BUILTIN_DATA_DIR,
  templates: path.join(INSTALL_ROOT, 'templates', path.sep),
  examples: path.join(INSTALL_ROOT, 'examples', path.sep),
  parsedStore: path.join(INSTALL_ROOT, 'dist', 'parsed-data.json'),
  fontPairs: path.join(INSTALL_ROOT, 'dist', 'font-pairs.json'),
  ...PACKAGE_FILES,
  fonts: fontsWithPackage(PACKAGE_FILES.fonts, nodeFontPackage(undefined, process.env)),
};

function kindOf(stats: Stats | Dirent): FileKind {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'folder';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'device';
  if (stats.isFIFO()) return 'pipe';
  if (stats.isSocket()) return 'socket';
  return 'other';
}

/** The file's bytes, or undefined when it holds more than `limit` (it grew while being read). */
function readBounded(fd: number, size: number, limit: number): Buffer | undefined {
  const chunks: Buffer[] = [];
  let total = 0;
  // one read for a file that is the size it says; more chunks only if it grew
  let chunk = Buffer.allocUnsafe(Math.min(size, limit) + 1);
  let used = 0;
  for (;;) {
    const read = readSync(fd, chunk, used, chunk.length - used, null);
    if (read === 0) break;
    used += read;
    total += read;
    if (total > limit) return undefined;
    if (used === chunk.length) {
      chunks.push(chunk);
      chunk = Buffer.allocUnsafe(Math.min(64 * 1024, limit + 1 - total));
      used = 0;
    }
  }
  chunks.push(chunk.subarray(0, used));
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
}

/** The file system as muster reads it from the command line. */
export const nodeFiles: Files = {
  places: NODE_PLACES,
  stat(file) {
    const stats = statSync(file);
    return { kind: kindOf(stats), size: stats.size };
  },
  list(dir) {
    return readdirSync(dir, { withFileTypes: true })
      .map((entry) => ({ name: entry.name, kind: entry.isSymbolicLink() ? ('link' as const) : kindOf(entry) }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  },
  realpath: (file) => realpathSync(file),
  readlink: (file) => readlinkSync(file),
  read(file, limit): FileRead {
    // non-blocking, so a named pipe does not hang the run waiting for a writer
    const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      const stats = fstatSync(fd);
      const kind = kindOf(stats);
      if (kind !== 'file' || stats.size > limit) return { kind, size: stats.size };
      const bytes = readBounded(fd, stats.size, limit);
      // no bytes: it grew past the limit while being read
      return bytes ? { kind, size: stats.size, bytes } : { kind, size: stats.size };
    } finally {
      closeSync(fd);
    }
  },
};
