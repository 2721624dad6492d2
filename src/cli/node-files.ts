import { closeSync, constants, fstatSync, openSync, readdirSync, readlinkSync, readSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BUILTIN_DATA_DIR } from './builtin-dir.js';
import type { FileKind, FileRead, Files, Places } from '../data/files.js';
import { INSTALL_ROOT } from './install-root.js';

// packages are looked up from the install folder, as Node would from muster's own code
const require = createRequire(path.join(INSTALL_ROOT, 'package.json'));

/** Where an installed muster finds its own files: beside dist/, and in its npm packages. */
export const NODE_PLACES: Places = {
  data: BUILTIN_DATA_DIR,
  templates: path.join(INSTALL_ROOT, 'templates', path.sep),
  examples: path.join(INSTALL_ROOT, 'examples', path.sep),
  parsedStore: path.join(INSTALL_ROOT, 'dist', 'parsed-data.json'),
  fontPairs: path.join(INSTALL_ROOT, 'dist', 'font-pairs.json'),
  fonts: {
    regular: require.resolve('@expo-google-fonts/roboto-condensed/400Regular/RobotoCondensed_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf'),
    italic: require.resolve('@expo-google-fonts/roboto-condensed/400Regular_Italic/RobotoCondensed_400Regular_Italic.ttf'),
    hebrew: require.resolve('@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf'),
    'hebrew-bold': require.resolve('@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf'),
    arabic: require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
    'arabic-bold': require.resolve('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf'),
    // the package exports only its script: its fonts folder sits beside dist/
    cjk: path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts', 'NotoSansHans-Regular.otf'),
    'cjk-bold': path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts', 'NotoSansHans-Bold.otf'),
    symbols: require.resolve('@expo-google-fonts/noto-sans-symbols/400Regular/NotoSansSymbols_400Regular.ttf'),
    'symbols-bold': require.resolve('@expo-google-fonts/noto-sans-symbols/700Bold/NotoSansSymbols_700Bold.ttf'),
    // Noto Sans Symbols 2 comes in one weight: bold text draws its symbols in it too
    symbols2: require.resolve('@expo-google-fonts/noto-sans-symbols-2/400Regular/NotoSansSymbols2_400Regular.ttf'),
    emoji: require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
    'emoji-bold': require.resolve('@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf'),
    korean: require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf'),
    'korean-bold': require.resolve('@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf'),
  },
  rasteriser: require.resolve('@resvg/resvg-wasm/index_bg.wasm'),
  fontkitVersion: (require(path.join(path.dirname(require.resolve('fontkit')), '..', 'package.json')) as { version: string }).version,
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
