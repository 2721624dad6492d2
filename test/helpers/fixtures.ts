import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO_DATA = fileURLToPath(new URL('../fixtures/demo-data/', import.meta.url));

/** A scratch folder removed after the test; files given as relative path -> content. */
export function scratchDir(files: Record<string, string> = {}): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-test-'));
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(dir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A copy of the demo data folder that a test may damage. */
export function demoCopy(): { dir: string; cleanup: () => void } {
  const scratch = scratchDir();
  cpSync(DEMO_DATA, scratch.dir, { recursive: true });
  return scratch;
}

/** A small Burst of Fire arsenal (data folder of the rule set, as loadArsenal takes it). */
export const ARSENAL_FIXTURE = fileURLToPath(new URL('../fixtures/arsenal/bof/', import.meta.url));
/** The folder to pass as --data so the CLI finds the fixture arsenal. */
export const ARSENAL_DATA = fileURLToPath(new URL('../fixtures/arsenal/', import.meta.url));

/** A scratch folder per test, removed after each test of the file that calls it. */
export function workdirs(afterEach: (fn: () => void) => void): (files?: Record<string, string>) => string {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((c) => c()));
  return (files = {}) => {
    const s = scratchDir(files);
    cleanups.push(s.cleanup);
    return s.dir;
  };
}
