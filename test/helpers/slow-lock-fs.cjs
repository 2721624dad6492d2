// Preloaded into a muster child process (node --require) by the lock-race tests: every file
// operation the lock makes waits first, mostly 0-3 ms and now and then 10-60 ms (long enough for
// another run to do a whole step meanwhile), seeded by MUSTER_TEST_DELAY_SEED, so runs started
// together interleave differently from trial to trial.
'use strict';
const fsp = require('node:fs/promises');

let state = (Number(process.env.MUSTER_TEST_DELAY_SEED) >>> 0) ^ (process.pid * 2654435761);
function next() {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 4294967296;
}
for (const name of ['open', 'link', 'unlink', 'rename', 'readFile', 'stat', 'readdir']) {
  const real = fsp[name];
  fsp[name] = (...args) => {
    const long = next() < 0.15;
    const ms = long ? 10 + Math.floor(next() * 50) : Math.floor(next() * 4);
    return new Promise((resolve) => setTimeout(resolve, ms)).then(() => real(...args));
  };
}
