// Part of `npm run build` (run by scripts/build-cli.js): runs the commands players run most in
// one process of the built command, then writes V8's code cache beside the bundle with every
// function they compiled, so the first run after install starts compiled too. The outputs go
// to a scratch folder given as the argument and are thrown away.
'use strict';
const path = require('node:path');
const { loadBundle } = require('../bin/load-bundle.js');

const scratch = process.argv[2];
const COMMANDS = [
  ['--version'],
  ['systems'],
  ['tables', 'bof'],
  ['cards', 'bof'],
  ['scenario', 'bof', '--mode', 'solo'],
  ['campaign', 'bof', 'booklet', '--seed', 'warm'],
];

async function main() {
  const { exports: muster, writeCache } = loadBundle({ argv: [], env: {} });
  const quiet = { write: () => true };
  for (const [i, command] of COMMANDS.entries()) {
    const io = { ...muster.processIo(), stdout: quiet, stderr: process.stderr, cwd: scratch };
    const out = command[0].startsWith('-') || command[0] === 'systems' ? [] : ['-o', path.join(scratch, `warm-${i}.pdf`), '--quiet'];
    const code = await muster.run([...command, ...out], io);
    if (code !== 0) throw new Error(`warm-code-cache: muster ${command.join(' ')} exited ${code}`);
  }
  writeCache();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
