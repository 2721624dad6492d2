// Peak memory and time of one CLI run, in a fresh process: node bench/memory.js <args...>
import { performance } from 'node:perf_hooks';
import { run } from '../dist/cli/run.js';
import { processIo } from '../dist/cli/io.js';
const io = processIo();
const out = { write: () => true };
const start = performance.now();
const code = await run(process.argv.slice(2), { ...io, stdout: out, stderr: out });
if (code !== 0) throw new Error(`muster ${process.argv.slice(2).join(' ')} exited ${code}`);
console.log(JSON.stringify({ maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), ms: performance.now() - start }));
