import { availableParallelism } from 'node:os';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest, longest first. vitest starts the files it has no timings for
 * (a clean clone, as on CI) largest first, which left the longest ones to the end, one worker
 * busy with them while the other had finished; started first, they run beside the short ones.
 * Under MUSTER_DEEP=1 (CI) every page test runs and the page's files are among the longest; by
 * default each kind of page test runs once (test/helpers/page-kinds.ts) and the command line's
 * files lead.
 */
const SLOW_FIRST_DEEP = [
  'test/cli/bundle.test.ts',
  'test/cli/documented-commands.test.ts',
  'test/web/offline.test.ts',
  'test/cli/nothing-lost.test.ts',
  'test/web/force-builder.test.ts',
  'test/web/campaign-and-house.test.ts',
  'test/rule-set-conformance.test.ts',
  'test/hard-inputs.test.ts',
  'test/web/kept-files.test.ts',
  'test/web/rule-set-options.test.ts',
  'test/cli/scenario.test.ts',
  'test/web/hostile-page.test.ts',
  'test/web/kept-forces.test.ts',
  'test/cli/print-shop.test.ts',
  'test/web/product-options.test.ts',
  'test/layout/words-never-cut.test.ts',
  'test/web/kept-safely.test.ts',
  'test/engine/terrain.test.ts',
  'test/web/campaign-players.test.ts',
  'test/cli/campaign-undo.test.ts',
  'test/cli/lock-race.test.ts',
  'test/fireteam/campaign-cli.test.ts',
  'test/web/browser.test.ts',
  'test/cli/hand-edited-states.test.ts',
];
const SLOW_FIRST_DEFAULT = [
  'test/cli/bundle.test.ts',
  'test/cli/print-shop.test.ts',
  'test/rule-set-conformance.test.ts',
  'test/web/campaign-and-house.test.ts',
  'test/cli/nothing-lost.test.ts',
  'test/web/offline.test.ts',
  'test/cli/stdio.test.ts',
  'test/web/drafts-in-chromium.test.ts',
  'test/web/table-mode.test.ts',
  'test/layout/words-never-cut.test.ts',
  'test/cli/lock-race.test.ts',
  'test/cli/scenario.test.ts',
  'test/cli/documented-commands.test.ts',
  'test/web/kept-safely.test.ts',
  'test/cli/same-bytes.test.ts',
  'test/cli/cli.test.ts',
  'test/cli/validate-house.test.ts',
  'test/render/runs-in-one-process.test.ts',
  'test/hard-inputs.test.ts',
];
const SLOW_FIRST = process.env['MUSTER_DEEP'] === '1' ? SLOW_FIRST_DEEP : SLOW_FIRST_DEFAULT;

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = SLOW_FIRST.indexOf(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/'));
      return at === -1 ? SLOW_FIRST.length : at;
    };
    // a stable sort: the rest keep vitest's order
    return sorted.map((spec, i) => ({ spec, i })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i).map(({ spec }) => spec);
  }
}

/**
 * Files that replace a module for their own tests (vi.mock): each runs in a module registry of
 * its own. Every other file shares its worker's modules with the files before it (vitest's
 * isolate: false): muster's layers keep no state a file could leave behind (fonts, stores and
 * files come in as arguments), and loading them once per worker instead of once per file takes
 * a third off the suite's time on a 2-core machine.
 */
const MOCKING = ['test/cli/lock-without-links.test.ts', 'test/cli/repeated-options.test.ts', 'test/layout/card-fill.test.ts', 'test/layout/page-fill.test.ts', 'test/layout/words-never-cut.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: MOCKING, isolate: false } },
      { extends: true, test: { name: 'isolated', include: MOCKING, isolate: true } },
    ],
    // the file access run() installs, for tests that call the layers directly
    setupFiles: ['test/setup-files.ts'],
    globalSetup: ['test/global-setup.ts'],
    // vitest's own default is one worker fewer than the cores: one worker on a 2-core CI machine,
    // every file after the other. Much of the suite waits on child processes, chromium and the
    // lock trials' pauses, so a worker more than the cores keeps both cores busy (measured on the
    // 2-core machine: 269 s with 2 workers, 222 s with 3, 225 s with 4).
    maxWorkers: Math.max(2, availableParallelism() + 1),
    sequence: { sequencer: SlowFirst },
    // A young generation larger than V8's 16 MB default: the tests make PDFs, images and
    // thousands of rolled packets one after another, nearly all of it short-lived (measured on
    // the 2-core machine: the whole suite 406 core-seconds with the default, 383 with this).
    execArgv: ['--max-semi-space-size=64'],
    // PDF rendering and whole-arsenal runs take a few seconds on a 2-core CI machine
    // the modules vitest has transformed kept on disk (node_modules/.experimental-vitest-cache),
    // keyed by their content: a second run transforms none of the unchanged ones again
    // (measured on the 2-core machine: test/data, doc and vocab 31 -> 26 core-s)
    experimental: { fsModuleCache: true },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
