#!/usr/bin/env node
import { run } from '../dist/cli/run.js';
import { processIo } from '../dist/cli/io.js';
process.exitCode = await run(process.argv.slice(2), processIo());
