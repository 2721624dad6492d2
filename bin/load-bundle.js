// Loads muster's one-file command (dist/muster.cjs, built by scripts/build-cli.js) with V8's
// code cache, so a run starts from compiled code instead of compiling 3 MB of JavaScript.
// - Node 22.1 or later: Node's own compile cache (module.enableCompileCache()).
// - Older Node: vm.Script with cached data kept beside the bundle (dist/muster.cjs.cache),
//   written by the build and again by a run that finds it missing, damaged, foreign or stale.
// - With --debug or MUSTER_DEBUG=1: a plain require with source maps, so a stack trace names
//   muster's own files.
//
// V8 checks little of cached data in a release build: only its length and the source's
// length, no checksum. Damaged bytes crash the process inside V8 (no message, every run),
// and a cache of another bundle of the same length runs that bundle's code. So no byte
// reaches V8 unless the cache's first line, its key, says it was made from this bundle's
// bytes by this Node, and the sha256 of the data in the key matches the data:
//
//   muster-code-cache 2 <node> <arch> bundle=<sha256 of the bundle> seen=<stamp> data=<sha256 of the data>
//
// Hashing the 3 MB bundle costs some 3 ms a run, so it is hashed only when the bundle's file
// is not the one last hashed: `seen` is the stamp (device, inode, size, modification and
// change times, from fstat) of the file whose bytes hashed to `bundle`. Editing, copying,
// unpacking or replacing the bundle changes its inode or its change time, which no tool sets
// back (unlike the modification time, which npm fixes for every package), so a stamp that
// matches means these very bytes were hashed. A cache whose stamp does not match (after an
// install or a copy) has the bundle hashed once, and, when the hash agrees, is written again
// with the new stamp; in a read-only install, where nothing can be written, each run hashes.
'use strict';
const { isAscii } = require('node:buffer');
const crypto = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

const BUNDLE = path.join(__dirname, '..', 'dist', 'muster.cjs');
const CACHE = `${BUNDLE}.cache`;
const MAGIC = 'muster-code-cache 2';

function debugging(argv, env) {
  return argv.includes('--debug') || env.MUSTER_DEBUG === '1';
}

const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');

/** The bundle's bytes and the stamp of the file they were read from (one open, so both are of the same file). */
function readBundle(file = BUNDLE) {
  const fd = fs.openSync(file, 'r');
  try {
    const stats = fs.fstatSync(fd, { bigint: true });
    const bytes = fs.readFileSync(fd);
    return { bytes, stamp: `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}` };
  } finally {
    fs.closeSync(fd);
  }
}

function keyLine(bundleHash, stamp, dataHash) {
  return `${MAGIC} ${process.version} ${process.arch} bundle=${bundleHash} seen=${stamp} data=${dataHash}\n`;
}

const KEY = /^muster-code-cache 2 (\S+) (\S+) bundle=([0-9a-f]{64}) seen=(\S+) data=([0-9a-f]{64})$/;

/**
 * The cache's V8 data when it is whole and was made from these bundle bytes by this Node;
 * with `restamp` when it was, but its key names the stamp of another file (to be written
 * again with this one's).
 */
function readCache(bundle, file = CACHE) {
  let bytes;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return { data: undefined, bundleHash: undefined };
  }
  // a key line is some 250 bytes: a file without a line end early on is no cache of ours
  const end = bytes.subarray(0, 512).indexOf(0x0a);
  const key = end < 0 ? undefined : KEY.exec(bytes.subarray(0, end).toString('latin1'));
  if (!key || key[1] !== process.version || key[2] !== process.arch) return { data: undefined, bundleHash: undefined };
  const [, , , madeFrom, seen, dataHash] = key;
  const sameFile = seen === bundle.stamp;
  const bundleHash = sameFile ? madeFrom : sha256(bundle.bytes);
  if (bundleHash !== madeFrom) return { data: undefined, bundleHash };
  const data = bytes.subarray(end + 1);
  if (data.length === 0 || sha256(data) !== dataHash) return { data: undefined, bundleHash };
  return { data, bundleHash, restamp: !sameFile };
}

/** Writes the cache beside the bundle, whole or not at all: a temporary file renamed over it. */
function writeCache(key, data) {
  const temporary = `${CACHE}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, Buffer.concat([Buffer.from(key, 'latin1'), data]));
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
 * missing, damaged, foreign or stale cache with every function the run compiled (or a sound
 * one again under this file's stamp); `writeCache()` writes it in any case (the build, after
 * running the commands a player runs most).
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
  const bundle = readBundle();
  const cached = readCache(bundle);
  // The source wrapped as Module.wrap does, but decoded from one buffer as latin1: Node makes
  // such a string of a megabyte or more an external one, its characters outside V8's heap,
  // where they took 2.4 MB for the whole run, a tenth of a long batch's live heap (issue 30).
  // The build writes the bundle in ASCII, for which latin1 is exact; a bundle edited since is
  // read as UTF-8, into the heap.
  const wrapped = Buffer.concat([Buffer.from(Module.wrapper[0], 'latin1'), bundle.bytes, Buffer.from(Module.wrapper[1], 'latin1')]);
  const source = isAscii(wrapped) ? wrapped.toString('latin1') : wrapped.toString('utf8');
  const script = new vm.Script(source, { filename: BUNDLE, cachedData: cached.data });
  const module = { exports: {}, filename: BUNDLE, id: BUNDLE, loaded: false };
  const bundleRequire = Module.createRequire(BUNDLE);
  script.runInThisContext()(module.exports, bundleRequire, module, BUNDLE, path.dirname(BUNDLE));
  module.loaded = true;
  const rejected = cached.data === undefined || script.cachedDataRejected === true;
  // hashed after the run, when at all: a run with a sound cache never hashes the bundle
  const write = (data) => {
    const bundleHash = cached.bundleHash ?? sha256(bundle.bytes);
    writeCache(keyLine(bundleHash, bundle.stamp, sha256(data)), data);
  };
  return {
    exports: module.exports,
    settle() {
      if (rejected) write(script.createCachedData());
      else if (cached.restamp) write(cached.data);
    },
    writeCache() {
      write(script.createCachedData());
    },
  };
}

// readBundle and readCache for the tests: which damaged caches are kept from V8
module.exports = { loadBundle, readBundle, readCache, BUNDLE, CACHE };
