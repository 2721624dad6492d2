// Part of `npm run build`: the second package, muster-wargames-fonts-cjk (packages/fonts-cjk),
// gets its fonts. The Chinese and Korean fonts (29 MB, most of what muster would weigh) come
// from the build's own font packages (devDependencies) and are copied, with their licences,
// into packages/fonts-cjk/fonts/, which git ignores; muster-wargames no longer ships them and
// names this package as an optional peer dependency (src/cli/font-package.ts says how a run
// finds it). In a checkout the run finds this folder itself.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FONT_PACKAGE, PACKAGE_FONTS } from '../dist/cli/font-package.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(path.join(root, 'package.json'));
export const FONT_PACKAGE_DIR = path.join(root, 'packages', 'fonts-cjk');

// @embedpdf/fonts-sc exports only its script: its fonts folder sits beside dist/
const hans = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
/** Each font of the package, by fallback, where the build's font packages have it. */
export const CJK_SOURCES = {
  cjk: path.join(hans, 'NotoSansHans-Regular.otf'),
  'cjk-bold': path.join(hans, 'NotoSansHans-Bold.otf'),
  korean: require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf'),
  'korean-bold': require.resolve('@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf'),
};

/** The folder of the npm package a file came from. */
function packageOf(file) {
  for (let dir = path.dirname(file); path.dirname(dir) !== dir; dir = path.dirname(dir)) if (existsSync(path.join(dir, 'package.json'))) return dir;
  throw new Error(`build-fonts-cjk: ${file} is in no package`);
}

export function buildFontPackage() {
  const own = JSON.parse(readFileSync(path.join(FONT_PACKAGE_DIR, 'package.json'), 'utf8'));
  const muster = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  if (own.name !== FONT_PACKAGE) throw new Error(`build-fonts-cjk: packages/fonts-cjk is ${own.name}, not ${FONT_PACKAGE}`);
  // a run prints with the version its peerDependencies name, and refuses any other
  if (muster.peerDependencies?.[FONT_PACKAGE] !== own.version) throw new Error(`build-fonts-cjk: package.json names ${FONT_PACKAGE} ${muster.peerDependencies?.[FONT_PACKAGE]} in its peerDependencies, packages/fonts-cjk is ${own.version}`);
  if (muster.peerDependenciesMeta?.[FONT_PACKAGE]?.optional !== true) throw new Error(`build-fonts-cjk: package.json's peerDependenciesMeta must make ${FONT_PACKAGE} optional`);
  const fonts = path.join(FONT_PACKAGE_DIR, 'fonts');
  rmSync(fonts, { recursive: true, force: true });
  mkdirSync(fonts, { recursive: true });
  let bytes = 0;
  for (const [key, inside] of Object.entries(PACKAGE_FONTS)) {
    const target = path.join(FONT_PACKAGE_DIR, ...inside.split('/'));
    if (path.basename(target) !== path.basename(CJK_SOURCES[key])) throw new Error(`build-fonts-cjk: ${key} is ${path.basename(CJK_SOURCES[key])} in the build, ${inside} in the package`);
    copyFileSync(CJK_SOURCES[key], target);
    bytes += statSync(target).size;
  }
  // each font's licence (SIL Open Font License) beside it, as the page's folder has the others'
  for (const dir of new Set(Object.values(CJK_SOURCES).map(packageOf))) {
    const { name } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const licence = ['LICENSE_FONT', 'LICENSE', 'OFL.txt'].map((f) => path.join(dir, f)).find((f) => existsSync(f));
    if (!licence || !/SIL Open Font License/.test(readFileSync(licence, 'utf8'))) throw new Error(`build-fonts-cjk: ${name} has no OFL licence file to ship beside its fonts`);
    copyFileSync(licence, path.join(fonts, `LICENSE-${name.replace(/^@[^/]+\//, '')}.txt`));
  }
  return bytes;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const bytes = buildFontPackage();
  console.error(`build-fonts-cjk: packages/fonts-cjk/fonts ${Math.round(bytes / 1024)} kB`);
}
