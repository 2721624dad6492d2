import { hostname } from 'node:os';
import { open, readFile, realpath, rename, unlink, link } from 'node:fs/promises';
import { GenerateError } from '../errors.js';
import { isAlive } from './atomic-file.js';

/** Another run holds the file: nothing was changed, and trying again later will do. */
export class BusyError extends GenerateError {}

export interface LockOptions {
  /** how long to wait for another run to finish before giving up, in ms */
  waitMs?: number;
  /** the option that named the file, for messages */
  option?: string;
}

interface Holder {
  pid: number;
  host: string;
}

async function readHolder(lockFile: string): Promise<{ text: string; holder?: Holder } | undefined> {
  const text = await readFile(lockFile, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') return { text, holder: { pid: parsed.pid, host: parsed.host } };
  } catch {
    // half written by a run that died between creating and filling it
  }
  return { text };
}

/**
 * Breaks a lock whose run is gone. The lock is first renamed to a name of this run's own, so
 * of two runs breaking it at once only one succeeds; if what was renamed is not the dead
 * run's lock after all (a live run took it meanwhile), it is put back.
 */
async function breakStale(lockFile: string, seen: string): Promise<void> {
  const mine = `${lockFile}.${process.pid}.stale`;
  try {
    await rename(lockFile, mine);
  } catch {
    return;
  }
  const taken = await readFile(mine, 'utf8').catch(() => undefined);
  if (taken !== seen) await link(mine, lockFile).catch(() => undefined);
  await unlink(mine).catch(() => undefined);
}

/**
 * Takes the lock beside `file` (FILE.lock, created exclusively) for a whole read-modify-write,
 * waiting a moment for another run to finish. A lock left by a run that died on this machine
 * is broken; one from another machine is reported, never broken. Returns the release.
 */
export async function lockFile(file: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const lock = `${file}.lock`;
  const waitMs = options.waitMs ?? 3000;
  const named = options.option ? `${options.option} ${file}` : file;
  const me: Holder = { pid: process.pid, host: hostname() };
  let waited = 0;
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      try {
        await handle.writeFile(JSON.stringify(me));
      } finally {
        await handle.close();
      }
      return async () => {
        await unlink(lock).catch(() => undefined);
      };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw new GenerateError(`${named}: cannot take the lock ${lock} (${code ?? (error as Error).message}); nothing was changed`, { cause: error });
    }
    const found = await readHolder(lock);
    if (found === undefined) continue;
    const { holder } = found;
    if (holder && holder.host === me.host && holder.pid !== me.pid && !isAlive(holder.pid)) {
      await breakStale(lock, found.text);
      continue;
    }
    if (waited >= waitMs) {
      const who = holder ? `muster (process ${holder.pid}${holder.host === me.host ? '' : ` on ${holder.host}`})` : 'another muster';
      throw new BusyError(
        `${named}: ${who} is changing this file; nothing was changed. Try again when it has finished` +
          (!holder || holder.host !== me.host ? `, or remove ${lock} if no muster is running ${holder ? 'there' : 'now'}` : ''),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
    waited += 25;
  }
}

/** The state file as muster names it (through links: two links to one campaign share a lock). */
async function stateLocation(file: string): Promise<string> {
  return realpath(file).catch(() => file);
}

/**
 * Runs a read-modify-write of a state file under its lock, so two runs at once never lose a
 * game: the second waits, or fails having changed nothing.
 */
export async function withStateLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const release = await lockFile(await stateLocation(file), { option: '--state' });
  try {
    return await work();
  } finally {
    await release();
  }
}
