// Peak memory and time of one run of the command as players run it, in a fresh process:
// node bench/memory.js <args...>
//
// The run is the installed command's: the one-file bundle bin/muster.js loads (through V8's code
// cache), not the modules under dist/ the tests import. What stays live for a whole batch sets
// how hard the collector works under a small heap, and the modules hold what the bundle leaves
// out (pdfkit's AES tables, fontkit's WOFF2 decoder) and some three hundred sources.
// `--modules` measures the modules instead, for comparison.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const args = process.argv.slice(2);
const modules = args[0] === '--modules';
const { run, processIo } = modules
  ? { ...(await import('../dist/cli/run.js')), ...(await import('../dist/cli/io.js')) }
  : createRequire(import.meta.url)('../bin/load-bundle.js').loadBundle().exports;
const argv = modules ? args.slice(1) : args;
const out = { write: () => true };
const start = performance.now();
const code = await run(argv, { ...processIo(), stdout: out, stderr: out });
if (code !== 0) throw new Error(`muster ${argv.join(' ')} exited ${code}`);
console.log(JSON.stringify({ maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), ms: performance.now() - start }));
