#!/usr/bin/env node
// The command: run(argv, io) from muster's one-file bundle, loaded through V8's code cache.
const { exports: muster, settle } = require('./load-bundle.js').loadBundle();
muster.run(process.argv.slice(2), muster.processIo()).then((code) => {
  process.exitCode = code;
  settle();
});
