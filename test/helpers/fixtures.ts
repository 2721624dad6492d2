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

const MADE_FOLDERS = Symbol.for('muster.test.made-folders');
interface MadeFolders {
  /** by key: the folder made and what its making answered */
  made: Map<string, Promise<{ dir: string; value: unknown }>>;
  dirs: string[];
}
function madeFolders(): MadeFolders {
  const holder = globalThis as { [MADE_FOLDERS]?: MadeFolders };
  if (!holder[MADE_FOLDERS]) {
    const folders: MadeFolders = { made: new Map(), dirs: [] };
    holder[MADE_FOLDERS] = folders;
    // the worker's made folders go with it
    process.once('exit', () => folders.dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  }
  return holder[MADE_FOLDERS];
}

/**
 * A folder that several tests (of a file, or of the worker's files) start from alike, such as
 * a campaign played to a given turn: made once a test worker by `make` in a folder of its own,
 * and copied into `into` for each test that asks, which may then change its copy as it likes.
 * `make`'s answer (what its last run said) is given to every one. `key` names what is made:
 * the same key for the same steps in every file.
 */
export async function copyOfMade<T>(key: string, into: string, make: (dir: string) => Promise<T>): Promise<T> {
  const folders = madeFolders();
  let made = folders.made.get(key);
  if (!made) {
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-made-'));
    folders.dirs.push(dir);
    made = make(dir).then((value) => ({ dir, value }));
    // a making that failed fails the test that asked, and is tried again by the next
    made.catch(() => folders.made.delete(key));
    folders.made.set(key, made);
  }
  const { dir, value } = await made;
  cpSync(dir, into, { recursive: true });
  return value as T;
}
