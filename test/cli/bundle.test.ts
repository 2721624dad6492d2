import { spawnSync } from 'node:child_process';
import { MODULE_IDS } from '../../src/systems/registry.js';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { purePrint } from '../helpers/pure-run.js';
import { workdirs } from '../helpers/fixtures.js';
import { sampled, sampledSeeds } from '../helpers/sample.js';

/**
 * The command as players run it: one CommonJS bundle (dist/muster.cjs, scripts/build-cli.js)
 * loaded by bin/muster.js through V8's code cache (bin/load-bundle.js). It must write the very
 * bytes the modules write (vitest runs those from src/), find its own files from where it is
 * installed, and treat its cache as a cache: a stale or damaged one is ignored and made again.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const BIN = path.join(root, 'bin/muster.js');
const BUNDLE = path.join(root, 'dist/muster.cjs');
const CACHE = `${BUNDLE}.cache`;
const workdir = workdirs(afterEach);
const require = createRequire(import.meta.url);

function runBin(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
}

/**
 * A copy of the install in a scratch folder (node_modules, dist/web and dist/yargs linked), its bundle keeping the
 * built one's modification time and, with `cache`, the build's code cache beside it.
 */
function copyInstall(install: string, { cache = false } = {}): { bin: string; bundle: string; cache: string } {
  for (const part of ['package.json', 'bin', 'data', 'templates', 'examples']) cpSync(path.join(root, part), path.join(install, part), { recursive: true });
  mkdirSync(path.join(install, 'dist'));
  for (const file of ['muster.cjs', 'muster.cjs.map', 'parsed-data.json', 'font-pairs.json', ...(cache ? ['muster.cjs.cache'] : [])]) copyFileSync(path.join(root, 'dist', file), path.join(install, 'dist', file));
  const built = statSync(BUNDLE);
  const bundle = path.join(install, 'dist', 'muster.cjs');
  utimesSync(bundle, built.atime, built.mtime);
  symlinkSync(path.join(root, 'node_modules'), path.join(install, 'node_modules'));
  // the fonts and renderer the command reads are the page's copies; yargs' messages beside the bundle
  for (const folder of ['web', 'yargs']) symlinkSync(path.join(root, 'dist', folder), path.join(install, 'dist', folder));
  return { bin: path.join(install, 'bin', 'muster.js'), bundle, cache: `${bundle}.cache` };
}

function runIn(bin: string, args: string[], cwd: string) {
  return spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8' });
}

/** Where the cache's V8 data starts: after its first line, the key. */
const dataStart = (cache: Buffer) => cache.indexOf(0x0a) + 1;

describe('the one-file command', () => {
  it('is built, with its source map and a code cache made by the build', () => {
    expect(existsSync(BUNDLE), 'npm run build makes dist/muster.cjs').toBe(true);
    expect(existsSync(`${BUNDLE}.map`)).toBe(true);
    const text = readFileSync(BUNDLE, 'utf8');
    // the stubs stand where the left-out code was, and nothing reaches the build machine's paths
    expect(text).toContain('muster reads no WOFF2 fonts');
    expect(text).toContain('muster writes no encrypted PDF');
    expect(text).not.toContain('node_modules/brotli/');
    expect(text).not.toContain(root);
    expect(/\bimport\(/.test(text.replace(/\/\/.*$/gm, ''))).toBe(false);
  });

  it('is ASCII alone and without comments, so the source V8 keeps for a whole run takes one byte a character', () => {
    const text = readFileSync(BUNDLE, 'utf8');
    // one character beyond Latin-1 anywhere, a comment's "’" once, made all 3 MB two bytes each
    expect(text.match(/[^\x00-\x7f]/g) ?? []).toEqual([]);
    expect(text).not.toMatch(/^\s*\/\*\*/m);
    // the source map still places a bundled line in muster's own file (the --debug test below reads it)
    expect(statSync(`${BUNDLE}.map`).size).toBeGreaterThan(0);
  });

  // every product under MUSTER_DEEP=1; by default a print in muster's own fonts and one that
  // takes a fallback font from beside the bundle (the bundle's data, fonts and code paths alike)
  const bundledPrints = sampled(
    [
      ['tables', 'bof', '--paper', 'letter', '--units', 'in'],
      ['cards', 'bof', '--nation', 'us'],
      ['scenario', 'bof', '--mode', 'solo', '--seed', 'bundle', '--names', '王小明'],
      ['tokens', 'openfire'],
      ['campaign', 'fireteam', 'booklet', '--seed', 'b'],
    ],
    (args) => [args.includes('--names') ? 'fonts=fallback' : 'fonts=own'],
  );
  it.each(bundledPrints.map((args) => [args]))('writes the bytes the modules write: %j', async (args) => {
    const cwd = workdir();
    // the modules' print made once a worker (helpers/pure-run.ts), as other files make it
    const modules = await purePrint(args);
    const bundled = runBin([...args, '-o', 'bundle.pdf', '--quiet'], cwd);
    expect(bundled.status, bundled.stderr).toBe(0);
    expect(readFileSync(path.join(cwd, 'bundle.pdf')).equals(modules)).toBe(true);
  }, 60_000);

  it('a second PDF in one process, with fonts parsed afresh, equals the first, which embeds the fonts it measured with', async () => {
    const cwd = workdir();
    for (const name of ['first', 'second']) expect((await muster(['cards', 'bof', '--nation', 'pl', '-o', `${name}.pdf`, '--quiet'], cwd)).code).toBe(0);
    expect(readFileSync(path.join(cwd, 'second.pdf')).equals(readFileSync(path.join(cwd, 'first.pdf')))).toBe(true);
  }, 60_000);

  it('prints its version and reads its data, templates and fonts from where it is installed', () => {
    const cwd = workdir();
    const version = runBin(['--version'], cwd);
    expect(version.stdout).toBe(`${(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version}\n`);
    const systems = runBin(['systems'], cwd);
    expect(systems.status, systems.stderr).toBe(0);
    expect(systems.stdout).toContain('Burst of Fire');
  });

  it('reads a bundle edited by hand with characters beyond ASCII as UTF-8, as written (the build writes ASCII, read as latin1)', () => {
    const install = copyInstall(workdir());
    const original = readFileSync(install.bundle, 'utf8');
    writeFileSync(install.bundle, original.replace(/TOOL_VERSION="[^"]*"/, 'TOOL_VERSION="0.1–é"'));
    const version = runIn(install.bin, ['--version'], workdir());
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout).toBe('0.1–é\n');
  });

  it('moved to another folder, it reads the data and stores beside it, not the ones it was built from', async () => {
    const install = workdir();
    copyInstall(install);
    // the moved copy lacks one rule set's data: a run that read the original's data would list it
    const removed = MODULE_IDS.at(-1)!;
    rmSync(path.join(install, 'data', removed), { recursive: true });
    const cwd = workdir();
    const moved = spawnSync(process.execPath, [path.join(install, 'bin/muster.js'), 'systems', '--format', 'json'], { cwd, encoding: 'utf8' });
    expect(moved.status, moved.stderr).toBe(0);
    expect((JSON.parse(moved.stdout) as { systems: { id: string }[] }).systems.map((s) => s.id)).toEqual(MODULE_IDS.filter((id) => id !== removed));
    const tables = spawnSync(process.execPath, [path.join(install, 'bin/muster.js'), 'tables', 'bof', '-o', 'moved.pdf', '--quiet'], { cwd, encoding: 'utf8' });
    expect(tables.status, tables.stderr).toBe(0);
    // the sheets the modules print, which the bundle where it was built prints too (above): made
    // once a worker (helpers/pure-run.ts), as other files make them, not by a bundle run more
    expect(readFileSync(path.join(cwd, 'moved.pdf')).equals(await purePrint(['tables', 'bof']))).toBe(true);
    // and it made its own code cache there
    expect(existsSync(path.join(install, 'dist', 'muster.cjs.cache'))).toBe(true);
  }, 60_000);

  it('with --debug, a stack trace names muster\'s own source files', () => {
    const run = runBin(['list', 'nosuch', '--debug'], workdir());
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/unknown rule set "nosuch"/);
    expect(run.stderr).toMatch(/src[\\/]data[\\/]load\.ts:\d+/);
  });
});

describe("the bundle's code cache", () => {
  it("starts with a key: the Node that made it, the sha256 of the bundle's bytes and of its own data", () => {
    const cache = readFileSync(CACHE);
    const key = cache.subarray(0, dataStart(cache) - 1).toString('latin1');
    const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(key).toBe(`muster-code-cache 2 ${process.version} ${process.arch} bundle=${hash(readFileSync(BUNDLE))} seen=${key.match(/seen=(\S+)/)?.[1]} data=${hash(cache.subarray(dataStart(cache)))}`);
  });

  // On a copy of the install: the built one's cache is read by every real muster process the
  // other test files start meanwhile, and must stay the build's.
  it('a missing cache is made again by the next run; a stale or damaged one is ignored and replaced', () => {
    const install = copyInstall(workdir(), { cache: true });
    const built = readFileSync(install.cache);
    const cwd = workdir();
    rmSync(install.cache);
    expect(runIn(install.bin, ['--version'], cwd).status).toBe(0);
    expect(existsSync(install.cache)).toBe(true);
    // a cache of an older muster: a key of another form
    writeFileSync(install.cache, Buffer.concat([Buffer.from(`muster-code-cache 1 2 ${process.version} ${process.arch}\n`), built.subarray(200)]));
    const stale = runIn(install.bin, ['tables', 'bof', '-o', 'stale.pdf', '--quiet'], cwd);
    expect(stale.status, stale.stderr).toBe(0);
    expect(readFileSync(install.cache).toString('latin1')).toMatch(/^muster-code-cache 2 v/);
    // the right key over bytes V8 cannot read (their checksum in the key): V8 refuses them, the run goes on
    const written = readFileSync(install.cache);
    const junk = Buffer.alloc(4096, 7);
    const key = written.subarray(0, dataStart(written)).toString('latin1').replace(/data=[0-9a-f]+/, `data=${createHash('sha256').update(junk).digest('hex')}`);
    writeFileSync(install.cache, Buffer.concat([Buffer.from(key, 'latin1'), junk]));
    const damaged = runIn(install.bin, ['tables', 'bof', '-o', 'damaged.pdf', '--quiet'], cwd);
    expect(damaged.status, damaged.stderr).toBe(0);
    expect(readFileSync(path.join(cwd, 'damaged.pdf')).equals(readFileSync(path.join(cwd, 'stale.pdf')))).toBe(true);
    expect(statSync(install.cache).size).toBeGreaterThan(100_000);
  }, 60_000);

  it("on a Node with a compile cache of its own (22.1 and later), Node's is used", () => {
    const Module = require('node:module') as { enableCompileCache?: () => unknown };
    const had = Object.hasOwn(Module, 'enableCompileCache') ? Module.enableCompileCache : undefined;
    let enabled = 0;
    Module.enableCompileCache = () => {
      enabled++;
      return { status: 0 };
    };
    try {
      const { loadBundle } = require(path.join(root, 'bin/load-bundle.js')) as { loadBundle(options: { argv: string[]; env: object }): { exports: { run: unknown } } };
      const loaded = loadBundle({ argv: [], env: {} });
      expect(enabled).toBe(1);
      expect(typeof loaded.exports.run).toBe('function');
    } finally {
      if (had) Module.enableCompileCache = had;
      else delete Module.enableCompileCache;
    }
  });
});

describe('a damaged or foreign code cache (a copy of the install)', () => {
  const VERSION = `${(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version}\n`;

  /** An install whose cache is the build's, taken as its own by one run. */
  function primed() {
    const install = copyInstall(workdir(), { cache: true });
    const first = runIn(install.bin, ['--version'], workdir());
    expect(first.status, first.stderr).toBe(0);
    return install;
  }

  /** The cache is whole: a run takes it as it is (it writes no other) and works. */
  function expectSound(install: { bin: string; cache: string }) {
    const before = readFileSync(install.cache);
    const run = runIn(install.bin, ['--version'], workdir());
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(VERSION);
    expect(readFileSync(install.cache).equals(before), 'a sound cache is not written again').toBe(true);
  }

  it('200 flipped bytes after the key: the run works, and the cache is written again, whole', () => {
    const install = primed();
    const cache = readFileSync(install.cache);
    const start = dataStart(cache);
    const damaged = Buffer.from(cache);
    for (let i = 0; i < 200; i++) {
      const at = start + Math.floor(((i + 0.5) * (damaged.length - start)) / 200);
      damaged[at] = damaged[at]! ^ 0xff;
    }
    writeFileSync(install.cache, damaged);
    const cwd = workdir();
    for (const args of [['--version'], ['systems']]) {
      const run = runIn(install.bin, args, cwd);
      expect(run.status, `${args.join(' ')}: ${run.stderr}`).toBe(0);
      if (args[0] === '--version') expect(run.stdout).toBe(VERSION);
      else expect(run.stdout).toContain('Burst of Fire');
    }
    expect(readFileSync(install.cache).equals(damaged)).toBe(false);
    expectSound(install);
  }, 60_000);

  // the places: all 40 under MUSTER_DEEP=1, otherwise the first tenth and then one for every
  // bit of a byte and every fifth of the cache they lack (helpers/sample.ts), and the last, whose
  // run for real leaves the cache made again for expectSound
  const PLACES = 40;
  const places = sampledSeeds(PLACES, (i) => [`bit ${i % 8}`, `fifth ${Math.floor((i * 5) / PLACES)}`, ...(i === PLACES - 1 ? ['last'] : [])]);
  it(`one flipped bit, anywhere in ${places.length} of ${PLACES} places: no byte of it reaches V8, and every run works`, () => {
    const install = primed();
    const sound = readFileSync(install.cache);
    const start = dataStart(sound);
    const { readBundle, readCache } = require(path.join(root, 'bin/load-bundle.js')) as {
      readBundle(file: string): unknown;
      readCache(bundle: unknown, file: string): { data?: Buffer };
    };
    const bundle = readBundle(install.bundle);
    expect(readCache(bundle, install.cache).data?.equals(sound.subarray(start)), 'the sound cache is taken').toBe(true);
    const cwd = workdir();
    const failed: string[] = [];
    for (const i of places) {
      const at = start + Math.floor(((i + 0.5) * (sound.length - start)) / PLACES);
      const damaged = Buffer.from(sound);
      damaged[at] = damaged[at]! ^ (1 << i % 8);
      writeFileSync(install.cache, damaged);
      // the loader refuses it before V8 sees it: V8 itself checks only the lengths
      if (readCache(bundle, install.cache).data !== undefined) failed.push(`byte ${at} bit ${i % 8}: taken`);
      // and a run past it works; one in eight is run for real, the code after the refusal being the same for every place
      if (i % 8 !== 7) continue;
      const run = runIn(install.bin, ['--version'], cwd);
      if (run.status !== 0 || run.stdout !== VERSION) failed.push(`byte ${at} bit ${i % 8}: exit ${run.status ?? run.signal}, ${JSON.stringify(run.stdout)} ${run.stderr.slice(0, 200)}`);
    }
    expect(failed).toEqual([]);
    expectSound(install);
  }, 120_000);

  it("a cache made from another bundle of the same size and time is ignored: the bundle's own code runs", () => {
    const install = copyInstall(workdir(), { cache: true });
    const built = statSync(BUNDLE);
    const original = readFileSync(install.bundle, 'utf8');
    const other = original.replace(/TOOL_VERSION="[^"]*"/, 'TOOL_VERSION="9.9.9"');
    expect(other).not.toBe(original);
    expect(Buffer.byteLength(other)).toBe(Buffer.byteLength(original));
    // the other bundle, run once, makes its cache
    writeFileSync(install.bundle, other);
    utimesSync(install.bundle, built.atime, built.mtime);
    rmSync(install.cache);
    const cwd = workdir();
    expect(runIn(install.bin, ['--version'], cwd).stdout).toBe('9.9.9\n');
    const foreign = readFileSync(install.cache);
    // this bundle back, same size and time, with the other's cache beside it
    writeFileSync(install.bundle, original);
    utimesSync(install.bundle, built.atime, built.mtime);
    writeFileSync(install.cache, foreign);
    const run = runIn(install.bin, ['--version'], cwd);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(VERSION);
    expect(readFileSync(install.cache).equals(foreign), 'the foreign cache is replaced').toBe(false);
    expectSound(install);
  }, 60_000);
});
