import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FONT_PACKAGE, lazyFontPackage, PACKAGE_FONTS, type FontPackage, type FontPackageFound } from './font-package.js';
import { INSTALL_ROOT } from './install-root.js';
import { FONT_PACKAGE_VERSION } from './font-package-version.js';

/** The package's folder in a checkout: the build copies the fonts into it (scripts/build-fonts-cjk.js). */
export const CHECKOUT_FONT_PACKAGE = path.join(INSTALL_ROOT, 'packages', 'fonts-cjk');

/** `dir/node_modules/<package>` for `from` and every folder above it, as Node looks for a package. */
function upFrom(from: string): string[] {
  const found: string[] = [];
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (path.basename(dir) !== 'node_modules') found.push(path.join(dir, 'node_modules', FONT_PACKAGE));
    if (path.dirname(dir) === dir) return found;
  }
}

/**
 * Where `npm install -g` puts packages: under npm's prefix (npm_config_prefix when npm runs
 * muster, else the one beside this Node), in lib/node_modules, or node_modules on Windows.
 */
function globalFolders(env: Readonly<Record<string, string | undefined>>, execPath: string, platform: string): string[] {
  const prefixes = [env['npm_config_prefix'], platform === 'win32' ? path.dirname(execPath) : path.dirname(path.dirname(execPath))].filter((p): p is string => Boolean(p));
  return prefixes.map((prefix) => (platform === 'win32' ? path.join(prefix, 'node_modules', FONT_PACKAGE) : path.join(prefix, 'lib', 'node_modules', FONT_PACKAGE)));
}

/**
 * The folders the font package may be in, first found first taken: the checkout's own build
 * output; node_modules beside muster and above it (a global install, where the two are side by
 * side; a club folder with muster in its node_modules); node_modules of the folder muster runs
 * in and above it (the package installed in the club's folder, muster installed elsewhere);
 * NODE_PATH; and the global folder (`npm install -g` with muster run by npx).
 */
export function fontPackagePlaces(installRoot: string, cwd: string | undefined, env: Readonly<Record<string, string | undefined>>, execPath = process.execPath, platform = process.platform): string[] {
  const places = [
    path.join(installRoot, 'packages', 'fonts-cjk'),
    ...upFrom(installRoot),
    ...(cwd === undefined ? [] : upFrom(cwd)),
    ...(env['NODE_PATH'] ?? '')
      .split(path.delimiter)
      .filter((p) => p !== '')
      .map((p) => path.join(path.resolve(p), FONT_PACKAGE)),
    ...globalFolders(env, execPath, platform),
  ];
  return [...new Set(places)];
}

/**
 * The first of `places` holding the package with all its fonts: of the version wanted if one
 * is, else the first of another version (said so, not used).
 */
export function findFontPackage(places: readonly string[], wanted: string, read: { exists(file: string): boolean; text(file: string): string | undefined } = nodeRead): FontPackageFound {
  let other: FontPackageFound | undefined;
  for (const dir of places) {
    const text = read.text(path.join(dir, 'package.json'));
    if (text === undefined) continue;
    let pkg: { name?: unknown; version?: unknown };
    try {
      pkg = JSON.parse(text) as typeof pkg;
    } catch {
      continue;
    }
    if (pkg.name !== FONT_PACKAGE || typeof pkg.version !== 'string') continue;
    // a checkout not built yet has the package's package.json and no fonts
    if (!Object.values(PACKAGE_FONTS).every((file) => read.exists(path.join(dir, ...file.split('/'))))) continue;
    if (pkg.version === wanted) return { kind: 'found', dir };
    other ??= { kind: 'other version', dir, version: pkg.version, wanted };
  }
  return other ?? { kind: 'none', wanted };
}

const nodeRead = {
  exists: (file: string) => existsSync(file),
  text(file: string): string | undefined {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  },
};

/** The font package as the command line finds it, looked for when a run first needs one of its fonts. */
export function nodeFontPackage(cwd: string | undefined, env: Readonly<Record<string, string | undefined>>): FontPackage {
  return lazyFontPackage(() => findFontPackage(fontPackagePlaces(INSTALL_ROOT, cwd, env), FONT_PACKAGE_VERSION));
}
