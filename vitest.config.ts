import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the file access run() installs, for tests that call the layers directly
    setupFiles: ['test/setup-files.ts'],
    // PDF rendering and whole-arsenal runs take a few seconds on a 2-core CI machine
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
