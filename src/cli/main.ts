/**
 * The command's entry: what the bundle (dist/muster.cjs) exports to bin/muster.js. The bin
 * calls run(process.argv.slice(2), processIo()).
 */
export { run } from './run.js';
export { processIo } from './io.js';
