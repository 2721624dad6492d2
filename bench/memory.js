// Peak memory of one CLI run, in a fresh process: node bench/memory.js <args...>
import { run } from '../dist/cli/run.js';
import { processIo } from '../dist/cli/io.js';
const io = processIo();
const out = { write: () => true };
await run(process.argv.slice(2), { ...io, stdout: out, stderr: out });
console.log(JSON.stringify({ maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
