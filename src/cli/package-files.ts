import { createRequire } from 'node:module';
import path from 'node:path';
import type { Places } from '../data/files.js';
import { INSTALL_ROOT } from './install-root.js';

// packages are looked up from the install folder, as Node would from muster's own code
const require = createRequire(path.join(INSTALL_ROOT, 'package.json'));

/**
 * The files muster reads from npm packages: the fonts, the image renderer's WebAssembly, and
 * fontkit's version (part of the font-pair store's key), here as a checkout has them.
 *
 * They ship once. The page (dist/web/files/, made by scripts/build-web.js) must hold its own
 * copies, since a static host has nothing else; so the command reads those same copies: the
 * one-file command (dist/muster.cjs) gets this module replaced by one that names them
 * (scripts/build-cli.js), and the font and renderer packages are the build's alone
 * (devDependencies), not installed with muster. The simpler of the two ways: the page's
 * folder stays whole for any host, and the command needs nothing but its own package.
 * This module, with the packages' paths, serves the build (which copies from them) and the tests.
 * The Chinese and Korean fonts are not among them: they come in a package of their own,
 * found at run time (font-package.ts, node-font-package.ts).
 */
export const PACKAGE_FILES: Pick<Places, 'fonts' | 'rasteriser' | 'fontkitVersion'> = {
  fonts: {
    regular: require.resolve('@expo-google-fonts/roboto-condensed/400Regular/RobotoCondensed_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf'),
    italic: require.resolve('@expo-google-fonts/roboto-condensed/400Regular_Italic/RobotoCondensed_400Regular_Italic.ttf'),
    hebrew: require.resolve('@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf'),
    'hebrew-bold': require.resolve('@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf'),
    arabic: require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
    'arabic-bold': require.resolve('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf'),
    symbols: require.resolve('@expo-google-fonts/noto-sans-symbols/400Regular/NotoSansSymbols_400Regular.ttf'),
    'symbols-bold': require.resolve('@expo-google-fonts/noto-sans-symbols/700Bold/NotoSansSymbols_700Bold.ttf'),
    // Noto Sans Symbols 2 comes in one weight: bold text draws its symbols in it too
    symbols2: require.resolve('@expo-google-fonts/noto-sans-symbols-2/400Regular/NotoSansSymbols2_400Regular.ttf'),
    emoji: require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
    'emoji-bold': require.resolve('@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf'),
  },
  rasteriser: require.resolve('@resvg/resvg-wasm/index_bg.wasm'),
  fontkitVersion: (require(path.join(path.dirname(require.resolve('fontkit')), '..', 'package.json')) as { version: string }).version,
};
