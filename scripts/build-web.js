// Part of `npm run build`: the page (issue 17), a static site in dist/web/ that runs the same
// run(argv, io) as the command line in a browser, with no server and no calls out.
// - dist/web/muster.js (+ .map): src/web/main.ts bundled by esbuild for the browser
// - dist/web/index.html: the page
// - dist/web/files/: what muster reads (data, templates, sample forces, the build's stores,
//   the fonts), with files/index.json listing every file under the page's virtual root
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import fg from 'fast-glob';
import { makeAsciiOnly } from './ascii-only.js';
import { leaveOut } from './left-out.js';
import { WEB_RASTERISER, webCopy, webFont } from './web-files.js';
import { fontPackageVersion, warmCodeCache } from './build-cli.js';
import { NODE_PLACES } from '../dist/cli/node-files.js';
import { FIRST_RULE_SET, MODULE_IDS } from '../dist/systems/registry.js';
import { publicAddress } from '../dist/cli/public-url.js';
import { CJK_SOURCES } from './build-fonts-cjk.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = path.join(root, 'dist', 'web');
const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;

/** Files bigger than this (the image renderer) are listed but fetched only when a run reads one. */
const LAZY_BYTES = 2 * 1024 * 1024;
/**
 * Fonts that come with the page whatever their size: the faces, and Hebrew and Arabic (small,
 * and the first tried for any character the face lacks). The other fallbacks (symbols, emoji,
 * and from the CJK package Korean and Chinese) are fetched when a text needs one.
 */
const EAGER_FONTS = new Set(['regular', 'bold', 'italic', 'hebrew', 'hebrew-bold', 'arabic', 'arabic-bold']);

/** The folder of an installed package, looked up from `from` as Node would (nested first). */
function packageDir(name, from = root) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`build-web: package ${name} not found from ${from}`);
  }
}

// ---- the bundle -------------------------------------------------------------------------

const yargsDir = packageDir('yargs');
/** Modules the page's yargs is assembled from (src/web/yargs-browser.ts), past their packages' "exports". */
const VIRTUAL = {
  'muster-web:yargs-factory': path.join(yargsDir, 'build/lib/yargs-factory.js'),
  'muster-web:yargs-locale-en': path.join(yargsDir, 'locales/en.json'),
  'muster-web:yargs-parser': path.join(packageDir('yargs-parser', yargsDir), 'build/lib/yargs-parser.js'),
  'muster-web:yargs-parser-strings': path.join(packageDir('yargs-parser', yargsDir), 'build/lib/string-utils.js'),
  'muster-web:y18n': path.join(packageDir('y18n', yargsDir), 'build/lib/index.js'),
  'muster-web:cliui': path.join(packageDir('cliui', yargsDir), 'index.mjs'),
  'muster-web:string-width': path.join(packageDir('string-width', yargsDir), 'index.js'),
};

/** The names src/cli and its packages import from Node's modules; a name missing here fails the build. */
const NODE_EXPORTS = {
  fs: ['readFileSync', 'writeFileSync', 'existsSync', 'statSync', 'lstatSync', 'fstatSync', 'openSync', 'closeSync', 'readSync', 'readdirSync', 'readlinkSync', 'realpathSync', 'mkdirSync', 'renameSync', 'unlinkSync', 'writeFile', 'constants'],
  'fs/promises': ['open', 'readFile', 'writeFile', 'rename', 'unlink', 'link', 'lstat', 'stat', 'realpath', 'readdir', 'readlink', 'access', 'mkdir', 'constants'],
  os: ['hostname', 'tmpdir', 'homedir', 'EOL'],
  crypto: ['randomBytes', 'createHash'],
  zlib: ['deflateSync', 'inflateSync', 'gunzipSync', 'brotliDecompressSync'],
  module: ['createRequire'],
  url: ['fileURLToPath', 'pathToFileURL'],
  util: ['format', 'inspect'],
  assert: ['notStrictEqual', 'strictEqual'],
  http: ['createServer'],
};

/** A Node module in the page: every function throws, so a code path that reaches one says so. */
function nodeStub(name) {
  const names = NODE_EXPORTS[name] ?? [];
  const lines = [
    `const fail = (what) => function () { throw new Error('node:${name} ' + what + ' is not available in the page'); };`,
    `const stub = new Proxy({}, { get: (_, key) => key === 'constants' ? {} : fail(String(key)) });`,
    'export default stub;',
    ...names.map((n) => (n === 'constants' ? 'export const constants = {};' : n === 'EOL' ? "export const EOL = '\\n';" : `export const ${n} = fail('${n}');`)),
  ];
  return lines.join('\n');
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

const pagePlugin = {
  name: 'muster-page',
  setup(build) {
    // what the command's bundle leaves out, the page leaves out too
    leaveOut(build);
    // six of muster's own modules are Node's alone: the page has its own of each (see below)
    const own = {
      'src/cli/same-deflate.js': 'same-deflate', // the page compresses with fflate through pdfkit's browser build already
      'src/cli/version.js': 'version',
      'src/cli/node-files.js': 'node-files',
      'src/cli/builtin-dir.js': 'builtin-dir',
      'src/cli/install-root.js': 'install-root',
      'src/cli/font-package-version.js': 'font-package-version',
    };
    build.onResolve({ filter: /^\.\.?\/.*(same-deflate|version|node-files|builtin-dir|install-root)\.js$/ }, (args) => {
      const stub = own[path.relative(root, path.resolve(args.resolveDir, args.path)).split(path.sep).join('/')];
      return stub ? { path: stub, namespace: 'muster-stub' } : undefined;
    });
    // the quick parser reads a command line with Node's util.parseArgs; the page, with the
    // package Node's own is kept in step with, so an ordinary command line skips yargs there too
    build.onResolve({ filter: /^(node:)?util$/ }, (args) =>
      path.relative(root, args.importer).split(path.sep).join('/') === 'src/cli/fast-parse.ts' ? { path: path.join(packageDir('@pkgjs/parseargs'), 'index.js') } : undefined,
    );
    // its copies of the built-ins are taken from Node's name for the global object
    build.onLoad({ filter: /[\\/]@pkgjs[\\/]parseargs[\\/]internal[\\/]primordials\.js$/ }, (args) => ({
      contents: `var global = globalThis;\n${readFileSync(args.path, 'utf8')}`,
      loader: 'js',
    }));
    // yargs' own entry reads Node (fs, util, process); the page's is assembled from its parts
    build.onResolve({ filter: /^yargs$/ }, () => ({ path: path.join(root, 'src/web/yargs-browser.ts') }));
    build.onResolve({ filter: /^muster-web:/ }, (args) => ({ path: VIRTUAL[args.path] ?? `unknown virtual module ${args.path}` }));
    build.onResolve({ filter: /^(node:)?path$/ }, () => ({ path: path.join(packageDir('path-browserify'), 'index.js') }));
    build.onResolve({ filter: /^[a-z_:/]+$/ }, (args) => {
      if (!NODE_BUILTINS.has(args.path)) return undefined;
      return { path: args.path.replace(/^node:/, ''), namespace: 'node-stub' };
    });
    // path.resolve of relative paths alone asks process.cwd(): in the page that is the player's folder
    build.onLoad({ filter: /path-browserify[\\/]index\.js$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace('process.cwd()', "'/player'"),
      loader: 'js',
    }));
    // muster's own modules that use Node's Buffer.concat or setImmediate get the page's
    build.onLoad({ filter: /[\\/]src[\\/](cli|data|doc|engine|layout|render|systems)[\\/].*\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const uses = ['Buffer', 'setImmediate'].filter((name) => new RegExp(`\\b${name}[.(]`).test(text));
      if (uses.length === 0) return undefined;
      return { contents: `import { ${uses.join(', ')} } from ${JSON.stringify(path.join(root, 'src/web/node-globals.ts'))};\n${text}`, loader: 'ts' };
    });
    build.onLoad({ filter: /.*/, namespace: 'node-stub' }, (args) => ({ contents: nodeStub(args.path), loader: 'js' }));
    build.onLoad({ filter: /.*/, namespace: 'muster-stub' }, (args) => {
      const contents = {
        'same-deflate': 'export {};',
        version: `export const TOOL_VERSION = ${JSON.stringify(version)};`,
        'font-package-version': `export const FONT_PACKAGE_VERSION = ${JSON.stringify(fontPackageVersion)};`,
        'node-files': [
          "const fail = () => { throw new Error('Node\\'s file system is not available in the page'); };",
          'export const NODE_PLACES = undefined;',
          'export const nodeFiles = { get places() { return fail(); }, stat: fail, list: fail, realpath: fail, readlink: fail, read: fail };',
        ].join('\n'),
        'builtin-dir': "export const BUILTIN_DATA_DIR = '/muster/data/';",
        'install-root': "export const INSTALL_ROOT = '/muster/';",
      }[args.path];
      return { contents, loader: 'js' };
    });
  },
};

rmSync(web, { recursive: true, force: true });
mkdirSync(web, { recursive: true });
/** What the page's script and its worker are built for: the browsers of the last few years. */
const FOR_BROWSERS = { bundle: true, platform: 'browser', target: ['chrome100', 'firefox100', 'safari15'], logLevel: 'warning' };
/**
 * The page's own scripts, built alike: minified but for their names (error classes name
 * themselves by their constructor's name, and esbuild's keepNames, a call for every function
 * made, slowed a deck printed in the page), muster's Node-only modules swapped for the page's.
 */
const MUSTER_SCRIPT = { ...FOR_BROWSERS, sourcemap: 'linked', minifyWhitespace: true, minifySyntax: true, minifyIdentifiers: false, legalComments: 'eof', plugins: [pagePlugin], metafile: true };
const result = await esbuild.build({ ...MUSTER_SCRIPT, entryPoints: [path.join(root, 'src/web/main.ts')], outfile: path.join(web, 'muster.js'), format: 'esm' });
// the command line itself runs in a worker beside the page (src/web/run-worker.ts), so a long
// print never holds up the page
const worker = await esbuild.build({
  ...MUSTER_SCRIPT,
  entryPoints: [path.join(root, 'src/web/run-worker.ts')],
  outfile: path.join(web, 'run-worker.js'),
  // a classic worker script: module workers came to Firefox only in version 114; what the
  // modules ask of import.meta.url (pdfkit's colour profile, never read) is the script's address
  format: 'iife',
  define: { 'import.meta.url': 'self.location.href' },
});
// the HTML's first script: it starts the worker before the page's own script has come
await esbuild.build({ ...FOR_BROWSERS, entryPoints: [path.join(root, 'src/web/start-worker.ts')], outfile: path.join(web, 'start-worker.js'), format: 'iife', minify: true });
// the scripts' sources kept one byte a character in the browser's heap, as the command's bundle
for (const script of ['muster.js', 'run-worker.js', 'start-worker.js']) makeAsciiOnly(path.join(web, script));
writeFileSync(path.join(root, 'dist', 'web-meta.json'), JSON.stringify(result.metafile));
writeFileSync(path.join(root, 'dist', 'web-worker-meta.json'), JSON.stringify(worker.metafile));
const PAGE_FILES = ['index.html', 'muster.css', 'favicon.svg'];
// muster's own licence, with the page wherever it is copied
copyFileSync(path.join(root, 'LICENSE'), path.join(web, 'LICENSE.txt'));
for (const page of PAGE_FILES) copyFileSync(path.join(root, 'src/web', page), path.join(web, page));

// ---- the files the page reads -----------------------------------------------------------

/** virtual path (what the page's Files answers to) -> file on this disk */
const copies = new Map();
const addFolder = (folder, virtual, pattern) => {
  for (const rel of fg.sync(pattern, { cwd: folder, onlyFiles: true, dot: false })) copies.set(`${virtual}${rel}`, path.join(folder, rel));
};
addFolder(NODE_PLACES.data, '/muster/data/', '**/*');
addFolder(NODE_PLACES.templates, '/muster/templates/', '**/*.hbs');
// the examples a rule set reads (its folder, named by its id); examples for players only stay out
for (const id of MODULE_IDS) addFolder(path.join(NODE_PLACES.examples, id), `/muster/examples/${id}/`, '**/*.{yaml,yml,json}');
// the store without its precompiled templates (400 kB the page would fetch before its first
// run): the page compiles a template when it first fills it, to the same text
const pageStore = path.join(root, 'dist', 'page-parsed-data.json');
const { templates: _precompiled, ...storeForPage } = JSON.parse(readFileSync(NODE_PLACES.parsedStore, 'utf8'));
writeFileSync(pageStore, `${JSON.stringify(storeForPage)}\n`);
copies.set('/muster/parsed-data.json', pageStore);
copies.set('/muster/font-pairs.json', NODE_PLACES.fontPairs);
// the image renderer (--shop mpc), fetched by the first run that draws an image; the command
// reads this copy too (scripts/web-files.js)
copies.set(WEB_RASTERISER, NODE_PLACES.rasteriser);
const fonts = {};
const lazyFonts = new Set();
/**
 * The Chinese and Korean fonts: listed, with their hashes, but not copied. They come in their
 * own package (packages/fonts-cjk), which `muster serve` sends them from where it is installed
 * and whose fonts/ a static host is given beside the page (README); a host without them
 * answers 404, and the page then asks for them in its words as the command line does.
 */
const apart = new Map();
for (const [face, file] of Object.entries(NODE_PLACES.fonts)) {
  if (face in CJK_SOURCES) continue;
  fonts[face] = webFont(file);
  copies.set(fonts[face], file);
  if (!EAGER_FONTS.has(face)) lazyFonts.add(fonts[face]);
}
for (const [face, file] of Object.entries(CJK_SOURCES)) {
  fonts[face] = webFont(file);
  apart.set(fonts[face], file);
}

/** Where the page fetches a file of its virtual root, as fileUrl in src/web/page-files.ts says (/muster/x -> files/x). */
const fileUrl = (virtual) => `files/${virtual.replace(/^\/muster\//, '').split('/').map(encodeURIComponent).join('/')}`;

/** MUSTER_PUBLIC_URL: the address the built page will be reached at (checked as --public-url is), or none */
const publicUrl = process.env.MUSTER_PUBLIC_URL?.trim() ? publicAddress(process.env.MUSTER_PUBLIC_URL, 'MUSTER_PUBLIC_URL') : undefined;

const entries = [];
/** the files loaded with the page, end to end in one file: one request instead of a hundred */
const packed = [];
let packedSize = 0;
for (const [virtual, file] of [...copies, ...apart].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
  if (apart.has(virtual)) {
    entries.push({ path: virtual, size: statSync(file).size, lazy: true, optional: true, sha256: createHash('sha256').update(readFileSync(file)).digest('hex') });
    continue;
  }
  const target = path.join(web, webCopy(virtual));
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(file, target);
  const size = statSync(file).size;
  // a file fetched apart carries its hash: the page takes no other build's copy into a PDF
  if (size > LAZY_BYTES || lazyFonts.has(virtual)) entries.push({ path: virtual, size, lazy: true, sha256: createHash('sha256').update(readFileSync(file)).digest('hex') });
  else {
    entries.push({ path: virtual, size, at: packedSize });
    packed.push(readFileSync(file));
    packedSize += size;
  }
}
const pack = Buffer.concat(packed);
/** The folder of the npm package a file came from. */
function packageOf(file) {
  for (let dir = path.dirname(file); path.dirname(dir) !== dir; dir = path.dirname(dir)) if (existsSync(path.join(dir, 'package.json'))) return dir;
  throw new Error(`build-web: ${file} is in no package`);
}
// the fonts' licences beside them (SIL Open Font License; every copy of the page and of the
// package carries them), and the renderer's (Mozilla Public License 2.0, no licence file in its package)
for (const file of new Set([...copies].filter(([virtual]) => virtual.startsWith('/muster/fonts/')).map(([, file]) => packageOf(file)))) {
  const { name } = JSON.parse(readFileSync(path.join(file, 'package.json'), 'utf8'));
  const licence = ['LICENSE_FONT', 'LICENSE', 'OFL.txt'].map((f) => path.join(file, f)).find((f) => existsSync(f));
  if (!licence) throw new Error(`build-web: ${name} has no licence file to ship beside its fonts`);
  copyFileSync(licence, path.join(web, 'files', 'fonts', `LICENSE-${name.replace(/^@[^/]+\//, '')}.txt`));
}
const resvg = JSON.parse(readFileSync(path.join(packageOf(NODE_PLACES.rasteriser), 'package.json'), 'utf8'));
writeFileSync(
  path.join(web, webCopy(`${WEB_RASTERISER}.LICENSE.txt`)),
  `resvg.wasm is ${resvg.name} ${resvg.version}, licensed under the Mozilla Public License 2.0 (${resvg.license}):\nhttps://mozilla.org/MPL/2.0/\nIts source: ${resvg.repository?.url ?? resvg.repository ?? 'https://github.com/yisibl/resvg-js'}\n`,
);
// named by its content, so a browser keeps it until the files change
const packName = `with-page-${createHash('sha256').update(pack).digest('hex').slice(0, 16)}.bin`;
writeFileSync(path.join(web, 'files', packName), pack);
const manifest = {
  version,
  fontkitVersion: NODE_PLACES.fontkitVersion,
  places: {
    data: '/muster/data/',
    templates: '/muster/templates/',
    examples: '/muster/examples/',
    parsedStore: '/muster/parsed-data.json',
    fontPairs: '/muster/font-pairs.json',
    rasteriser: '/muster/resvg.wasm',
    fonts,
  },
  pack: { url: `files/${packName}`, size: packedSize },
  files: entries,
  // a build for a public host may say where it is, for the links rosters print (muster serve --public-url does the same)
  ...(publicUrl ? { publicUrl } : {}),
  // what `muster systems --format json` prints for this build, so the form shows its rule sets
  // before the worker has run a command (the worker prints the same from the same files)
  systems: JSON.parse(execFileSync(process.execPath, [path.join(root, 'bin', 'muster.js'), 'systems', '--format', 'json'], { cwd: root, encoding: 'utf8' })).systems,
  // the rule set the form opens on where a link names none: the registry's first
  opensOn: FIRST_RULE_SET,
};
writeFileSync(path.join(web, 'files', 'index.json'), `${JSON.stringify(manifest, null, 1)}\n`);
// the page asks for its list of files and the pack before any script runs: fetched while the
// page's script and the worker's come, and taken from the browser's preload when asked for
const preloads = ['files/index.json', manifest.pack.url].map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin>`).join('\n');
const page = readFileSync(path.join(web, 'index.html'), 'utf8');
if (!page.includes('<script type="module" src="muster.js"></script>')) throw new Error('build-web: index.html has no <script> for muster.js to put the preloads before');
writeFileSync(path.join(web, 'index.html'), page.replace('<script type="module" src="muster.js"></script>', `${preloads}\n<script type="module" src="muster.js"></script>`));

// ---- installable, and working offline after the first visit ----------------------------

/**
 * The PNG icons an installed page and a phone's home screen ask for, drawn from favicon.svg by
 * the renderer muster ships: 192 and 512 px as it is; the maskable one and Apple's touch icon
 * with the shield in the middle of a full square, so a launcher's mask (a circle, a squircle)
 * cuts no part of it (the safe zone: a circle of 80% of the side).
 */
const ICONS = [
  { file: 'icon-192.png', size: 192, purpose: 'any', full: false },
  { file: 'icon-512.png', size: 512, purpose: 'any', full: false },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable', full: true },
  { file: 'apple-touch-icon.png', size: 180, full: true },
];
{
  const favicon = readFileSync(path.join(root, 'src/web/favicon.svg'), 'utf8');
  const shield = /<path [^>]*\/>/.exec(favicon)?.[0];
  const ground = /fill="(#[0-9a-f]{6})"/.exec(favicon)?.[1];
  if (!shield || !ground) throw new Error('build-web: favicon.svg has no shield path and ground colour to draw the full-square icons from');
  const fullSquare = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${ground}"/><g transform="translate(16 16.5) scale(0.75) translate(-16 -16.5)">${shield}</g></svg>`;
  const { initWasm, Resvg } = await import('@resvg/resvg-wasm');
  await initWasm(readFileSync(NODE_PLACES.rasteriser));
  for (const { file, size, full } of ICONS) {
    const png = new Resvg(full ? fullSquare : favicon, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } }).render().asPng();
    writeFileSync(path.join(web, file), png);
  }
}

writeFileSync(
  path.join(web, 'manifest.webmanifest'),
  `${JSON.stringify(
    {
      name: 'muster: play-aids for WW2 wargames',
      short_name: 'muster',
      description: 'Unit cards, tokens, templates, quick-reference tables and rolled scenario packets, printed as PDF',
      // relative to this file: the page works from any folder of any static host
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: '#f6f4ee',
      theme_color: '#3d5a2a',
      // the installed page's identity: resolved against the start address's origin
      id: 'muster',
      icons: [
        { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ...ICONS.filter((icon) => icon.purpose).map(({ file, size, purpose }) => ({ src: file, sizes: `${size}x${size}`, type: 'image/png', purpose })),
      ],
    },
    null,
    1,
  )}\n`,
);
/** what the page cannot start without: cached whole by the worker on its first visit */
const shell = ['./', 'start-worker.js', 'muster.js', 'run-worker.js', ...PAGE_FILES.filter((f) => f !== 'index.html'), 'manifest.webmanifest', ...ICONS.map((icon) => icon.file), 'files/index.json', manifest.pack.url];
const stamp = createHash('sha256');
for (const file of shell) stamp.update(file).update(readFileSync(path.join(web, file === './' ? 'index.html' : file)));
await esbuild.build({
  ...FOR_BROWSERS,
  entryPoints: [path.join(root, 'src/web/service-worker.ts')],
  outfile: path.join(web, 'sw.js'),
  format: 'iife',
  minify: true,
  define: {
    MUSTER_SHELL: JSON.stringify(shell),
    MUSTER_STAMP: JSON.stringify(stamp.digest('hex').slice(0, 16)),
    // what the page fetches apart (the image renderer, the large fonts): kept after the shell, each checked by its hash
    // the CJK package's fonts marked: a host without them is no failure to keep the page (a 404)
    MUSTER_LATER: JSON.stringify(entries.filter((e) => e.lazy).map((e) => ({ url: fileUrl(e.path), sha256: e.sha256, ...(e.optional ? { optional: true } : {}) }))),
  },
});

// ---- stored compressed, for muster serve and any static host that sends such copies -------

/**
 * Beside every file the page may fetch, a gzip copy (file.gz: what browsers
 * take over plain http, as muster serve on a club's network is) and a brotli one (file.br: over
 * https, and from this machine). Made once here, so a server sends them without compressing
 * anything; `muster serve` sends one only when it opens to its file's bytes. The source maps,
 * fetched by a browser's developer tools alone, are left as they are, and so are the files
 * fetched apart that are over LAZY_BYTES (the image renderer; the Chinese and Korean fonts are
 * not here at all): fetched only by a run that needs one, their copies would weigh more than
 * they save. Brotli at quality 9 (11 is a tenth smaller and ten times slower).
 */
const LARGE_APART = new Set(entries.filter((e) => e.lazy && e.size > LAZY_BYTES).map((e) => webCopy(e.path).split(path.sep).join('/')));
function storeCompressed(folder) {
  let plain = 0;
  let gzipped = 0;
  for (const name of fg.sync('**/*', { cwd: folder, ignore: ['**/*.map'] }).sort()) {
    const file = path.join(folder, name);
    const bytes = readFileSync(file);
    plain += bytes.length;
    if (LARGE_APART.has(name)) {
      gzipped += bytes.length;
      continue;
    }
    const gz = gzipSync(bytes, { level: 9 });
    writeFileSync(`${file}.gz`, gz);
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    gzipped += gz.length;
  }
  return { plain, gzipped };
}
const stored = storeCompressed(web);

const kb = (n) => `${Math.round(n / 1024)} kB`;
const eager = entries.filter((e) => !e.lazy).reduce((n, e) => n + e.size, 0);
console.error(
  `build-web: dist/web/muster.js ${kb(statSync(path.join(web, 'muster.js')).size)}, run-worker.js ${kb(statSync(path.join(web, 'run-worker.js')).size)}, ${entries.length} files (${kb(eager)} loaded with the page, ${entries.filter((e) => e.lazy).length} fetched when needed); ${kb(stored.plain)} sent as ${kb(stored.gzipped)} where gzip is taken`,
);

// V8's code cache for the command, warmed now that the fonts it reads are in dist/web
warmCodeCache();
