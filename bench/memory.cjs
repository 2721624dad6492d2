// Peak memory and time of one run of the command as players run it, in a fresh process:
// node bench/memory.cjs <args...>
//
// The run is the installed command's: the one-file bundle bin/muster.js loads (through V8's code
// cache), not the modules under dist/ the tests import, and from a CommonJS script as
// bin/muster.js is (an ES module here brought Node's module loader into the heap, 0.6 MB more
// live for the whole batch). What stays live sets how hard the collector works under a small
// heap, and the modules hold what the bundle leaves out (pdfkit's AES tables, fontkit's WOFF2
// decoder) and some three hundred sources. `--modules` measures the modules, for comparison.
'use strict';
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { performance } = require('node:perf_hooks');

async function main(args) {
  const modules = args[0] === '--modules';
  const dist = (file) => import(pathToFileURL(path.join(__dirname, '..', 'dist', 'cli', file)).href);
  const { run, processIo } = modules ? { ...(await dist('run.js')), ...(await dist('io.js')) } : require('../bin/load-bundle.js').loadBundle({ argv: [], env: {} }).exports;
  const argv = modules ? args.slice(1) : args;
  const out = { write: () => true };
  const start = performance.now();
  const code = await run(argv, { ...processIo(), stdout: out, stderr: out });
  if (code !== 0) throw new Error(`muster ${argv.join(' ')} exited ${code}`);
  console.log(JSON.stringify({ maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), ms: performance.now() - start }));
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
