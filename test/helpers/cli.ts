import { run } from '../../src/cli/run.js';
import { NODE_OUTPUTS, openFileAtomic, writeFileAtomic, type CliIo } from '../../src/cli/io.js';
import { suiteFiles } from './suite-files.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured streams, in `cwd`. */
export async function muster(args: string[], cwd: string, io: Partial<CliIo> = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s), isTTY: false },
    cwd,
    writeFile: writeFileAtomic,
    openFile: openFileAtomic,
    env: {},
    freshSeed: () => 'fresh-seed',
    // muster's own files, with the suite's extra rule sets where MUSTER_EXTRA_RULE_SET names some
    files: suiteFiles,
    outputs: NODE_OUTPUTS,
    // the command line's io: a muster.yaml here or above, and MUSTER_* in env, set defaults
    clubDefaults: true,
    progress: { start() {}, tick() {}, stop() {} },
    ...io,
  });
  return { code, stdout, stderr };
}

/** Pages in a PDF written by pdfkit, counted from its page objects. */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}
