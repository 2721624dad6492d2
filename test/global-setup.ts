// The suite's temporary files in one folder of its own, removed when the suite ends: every
// test's working folders, chromium's profiles and downloads, the CLI's copies to compare
// against, including those of a test that failed half-way or a worker that was stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const MADE = 'MUSTER_SUITE_TMPDIR';

export default function keepTemporaryFilesTogether(): (() => void) | undefined {
  // vitest runs this once for each project: the first makes the folder, the others use it (a
  // folder within a folder would take chromium's socket path past the 108 bytes Linux allows)
  if (process.env[MADE]) return undefined;
  const folder = mkdtempSync(path.join(tmpdir(), 'muster-suite-'));
  process.env[MADE] = folder;
  // read by os.tmpdir() in the workers and in every process a test starts
  process.env['TMPDIR'] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
