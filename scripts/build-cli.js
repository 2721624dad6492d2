// Part of `npm run build`: the command as one file, dist/muster.cjs (+ .map), loaded by
// bin/muster.js through V8's code cache (bin/load-bundle.js). One CommonJS file starts in a
// fraction of the time Node takes to resolve, read and compile some three hundred ES modules.
// Not minified: a stack trace (with --debug, through the source map) names muster's own files.
// What it leaves out (WOFF2 fonts, encryption, zod's other languages) the page leaves out too:
// scripts/left-out.js.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import { makeAsciiOnly } from './ascii-only.js';
import { leaveOut } from './left-out.js';
import { WEB_RASTERISER, webCopy, webFont } from './web-files.js';
import { PACKAGE_FILES } from '../dist/cli/package-files.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const { version, peerDependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
/** The version of the CJK font package a run prints with (src/cli/font-package-version.ts). */
export const fontPackageVersion = peerDependencies['muster-wargames-fonts-cjk'];
export const BUNDLE = path.join(root, 'dist', 'muster.cjs');
/** yargs' messages in other languages, read where its platform shim is told it lies (below). */
const YARGS_LOCALES = path.join(root, 'dist', 'yargs', 'locales');

/**
 * The command's fonts and renderer: the copies in the page's folder (dist/web/files/, see
 * src/cli/package-files.ts), so their packages are the build's alone; fontkit's version as the
 * build's fontkit, bundled, is.
 */
function packageFilesModule() {
  const inWeb = (virtual) => `path.join(__dirname, 'web', ${webCopy(virtual).split(path.sep).map((part) => JSON.stringify(part)).join(', ')})`;
  const fonts = Object.entries(PACKAGE_FILES.fonts).map(([face, file]) => `    ${JSON.stringify(face)}: ${inWeb(webFont(file))},`);
  return [
    "import path from 'node:path';",
    'export const PACKAGE_FILES = {',
    '  fonts: {',
    ...fonts,
    '  },',
    `  rasteriser: ${inWeb(WEB_RASTERISER)},`,
    `  fontkitVersion: ${JSON.stringify(PACKAGE_FILES.fontkitVersion)},`,
    '};',
  ].join('\n');
}

/** Modules replaced in the bundle: path relative to the root -> source. */
const REPLACED = {
  // the bundle is dist/muster.cjs: the install folder is the one above it
  'src/cli/install-root.ts': "import path from 'node:path';\nexport const INSTALL_ROOT = path.join(__dirname, '..', path.sep);",
  'src/cli/builtin-dir.ts': "import path from 'node:path';\nexport const BUILTIN_DATA_DIR = path.join(__dirname, '..', 'data', path.sep);",
  'src/cli/version.ts': `export const TOOL_VERSION = ${JSON.stringify(version)};`,
  'src/cli/font-package-version.ts': `export const FONT_PACKAGE_VERSION = ${JSON.stringify(fontPackageVersion)};`,
  'src/cli/package-files.ts': packageFilesModule(),
};

const cliPlugin = {
  name: 'muster-cli',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
      const relative = path.relative(root, args.path).split(path.sep).join('/');
      return relative in REPLACED ? { contents: REPLACED[relative], loader: 'ts' } : undefined;
    });
    leaveOut(build);
    // pdfkit's CommonJS build (its ES build asks import.meta where its data files are), and
    // fontkit's, the one pdfkit requires: with our imports taking its ES build, fontkit and
    // its Unicode tables would come twice, each set up at start-up; restructure likewise, whose
    // reader src/layout/font-strings.ts amends for the fontkit that pdfkit uses
    build.onResolve({ filter: /^(pdfkit|fontkit|restructure)$/ }, (args) => ({ path: require.resolve(args.path) }));
    // a package that asks where it is (import.meta.url) is answered with the bundle's place,
    // and yargs, which finds its locale files from its own, with a place whose locales folder
    // is the copy beside the bundle (dist/yargs/locales), so no yargs is installed with muster
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.m?js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      const here = /[\\/]yargs[\\/]lib[\\/]platform-shims[\\/]esm\.mjs$/.test(args.path)
        ? "__musterRequire('node:url').pathToFileURL(__musterRequire('node:path').join(__musterDir, 'yargs', 'lib', 'platform-shims', 'esm.mjs')).href"
        : "__musterRequire('node:url').pathToFileURL(__filename).href";
      const contents = text
        .replaceAll('import.meta.url', here)
        // yargs' `extends` of a config file: muster reads no config files
        .replaceAll('import.meta.resolve(', "((name) => { throw new Error('muster resolves no config file: ' + name); })(");
      return { contents, loader: 'js' };
    });
  },
};

export async function buildCli() {
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'src/cli/main.ts')],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    minifyWhitespace: true,
    legalComments: 'none',
    logLevel: 'warning',
    // a module that still asks where it is would find nothing in a CommonJS bundle
    logOverride: { 'empty-import-meta': 'error' },
    plugins: [cliPlugin],
    // Node's own require and the bundle's folder, for the places asked for above (a module may
    // name its own `require` or `__dirname`, as yargs' shim does)
    banner: { js: 'const __musterRequire = require; const __musterDir = __dirname;' },
    metafile: true,
  });
  makeAsciiOnly(BUNDLE);
  rmSync(YARGS_LOCALES, { recursive: true, force: true });
  cpSync(path.join(path.dirname(require.resolve('yargs/package.json')), 'locales'), YARGS_LOCALES, { recursive: true });
  const text = readFileSync(BUNDLE, 'utf8');
  // the bundle is run through vm.Script, which has no loader for a dynamic import
  if (/\bimport\(/.test(text.replace(/\/\/.*$/gm, ''))) throw new Error('build-cli: the bundle still has a dynamic import()');
  return result;
}

/** V8's code cache for the new bundle, made by running it (see scripts/warm-code-cache.cjs). */
export function warmCodeCache() {
  rmSync(`${BUNDLE}.cache`, { force: true });
  const scratch = mkdtempSync(path.join(tmpdir(), 'muster-warm-'));
  try {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'warm-code-cache.cjs'), scratch], { stdio: ['ignore', 'ignore', 'inherit'] });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// the code cache is warmed by scripts/build-web.js, once the fonts the command reads are in
// dist/web (a bundle built alone writes its cache on its first run)
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli();
  console.error(`build-cli: dist/muster.cjs ${Math.round(statSync(BUNDLE).size / 1024)} kB`);
}
