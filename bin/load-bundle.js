// Loads muster's one-file command (dist/muster.cjs, built by scripts/build-cli.js) with V8's
// code cache, so a run starts from compiled code instead of compiling 3.7 MB of JavaScript.
// - Node 22.1 or later: Node's own compile cache (module.enableCompileCache()).
// - Older Node: vm.Script with cached data kept beside the bundle (dist/muster.cjs.cache),
//   written by the build and again by a run that finds it missing or stale. The cache starts
//   with a line naming the bundle it was made from (size, modification time) and the Node that
//   made it; any other cache is ignored, since V8 itself would accept a cache of a different
//   bundle of the same length. A cache that cannot be written (a read-only install) costs
//   nothing but the time saved.
// - With --debug or MUSTER_DEBUG=1: a plain require with source maps, so a stack trace names
//   muster's own files.
'use strict';
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

const BUNDLE = path.join(__dirname, '..', 'dist', 'muster.cjs');
const CACHE = `${BUNDLE}.cache`;

function debugging(argv, env) {
  return argv.includes('--debug') || env.MUSTER_DEBUG === '1';
}

/** The first line of a cache made from this bundle by this Node. */
function cacheKey(stats) {
  return `muster-code-cache ${stats.size} ${stats.mtimeMs} ${process.version} ${process.arch}\n`;
}

function readCache(key) {
  try {
    const bytes = fs.readFileSync(CACHE);
    const head = Buffer.from(key);
    return bytes.length > head.length && bytes.subarray(0, head.length).equals(head) ? bytes.subarray(head.length) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the cache beside the bundle, whole or not at all. */
function writeCache(key, data) {
  const temporary = `${CACHE}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, Buffer.concat([Buffer.from(key), data]));
    fs.renameSync(temporary, CACHE);
  } catch {
    try {
      fs.unlinkSync(temporary);
    } catch {
      // nothing was written
    }
  }
}

const NOTHING_TO_WRITE = () => undefined;

/**
 * The bundle's exports ({run, processIo}); `settle()`, to call after the run: it writes a
 * missing or stale cache with every function the run compiled; `writeCache()` writes it in
 * any case (the build, after running the commands a player runs most).
 */
function loadBundle({ argv = process.argv.slice(2), env = process.env } = {}) {
  if (debugging(argv, env)) {
    process.setSourceMapsEnabled(true);
    return { exports: require(BUNDLE), settle: NOTHING_TO_WRITE, writeCache: NOTHING_TO_WRITE };
  }
  if (typeof Module.enableCompileCache === 'function') {
    Module.enableCompileCache();
    return { exports: require(BUNDLE), settle: NOTHING_TO_WRITE, writeCache: NOTHING_TO_WRITE };
  }
  const source = fs.readFileSync(BUNDLE, 'utf8');
  const key = cacheKey(fs.statSync(BUNDLE));
  const cachedData = readCache(key);
  const script = new vm.Script(Module.wrap(source), { filename: BUNDLE, cachedData });
  const module = { exports: {}, filename: BUNDLE, id: BUNDLE, loaded: false };
  const bundleRequire = Module.createRequire(BUNDLE);
  script.runInThisContext()(module.exports, bundleRequire, module, BUNDLE, path.dirname(BUNDLE));
  module.loaded = true;
  const stale = cachedData === undefined || script.cachedDataRejected === true;
  return {
    exports: module.exports,
    settle() {
      if (stale) writeCache(key, script.createCachedData());
    },
    writeCache() {
      writeCache(key, script.createCachedData());
    },
  };
}

module.exports = { loadBundle, BUNDLE, CACHE };
