import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the file access run() installs, for tests that call the layers directly
    setupFiles: ['test/setup-files.ts'],
    // vitest's own default is one worker fewer than the cores: one worker on a 2-core CI machine,
    // every file after the other. Much of the suite waits on child processes, chromium and the
    // lock trials' pauses, so a worker per core keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    // PDF rendering and whole-arsenal runs take a few seconds on a 2-core CI machine
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
