import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { link, open, readdir, realpath, stat, unlink, type FileHandle } from 'node:fs/promises';
import { GenerateError } from '../errors.js';
import { isAlive } from './atomic-file.js';

/** Another run holds the file: nothing was changed, and trying again later will do. */
export class BusyError extends GenerateError {}

/**
 * Who is taking the lock. A real run is its process; tests pass runs of their own (a process
 * number each, which of them are alive, and a pause before each step) to try every interleaving.
 */
export interface LockRun {
  pid: number;
  host: string;
  isAlive(pid: number): boolean;
  /** awaited before each step that touches the disk; a test delays or stops a run here */
  pause?(step: LockStep): Promise<void>;
}

export type LockStep = 'create' | 'inspect' | 'claim' | 'recheck' | 'break' | 'release';

export interface LockOptions {
  /** how long to wait for another run to finish before giving up, in ms */
  waitMs?: number;
  /** the option that named the file, for messages */
  option?: string;
  run?: LockRun;
  /** how long to sleep between looks at a held lock, in ms */
  retryMs?: number;
}

/**
 * A lock or claim with no holder written in it (a full disk, or a run killed between creating
 * and filling it on a disk without hard links) is taken as abandoned once this old. Shorter
 * than the default wait, so a run that meets one breaks it instead of giving up.
 */
const UNWRITTEN_STALE_MS = 2000;

/** A claim chain longer than this means something other than dead runs is at work. */
const MAX_CLAIMS = 32;

interface Holder {
  pid: number;
  host: string;
}

/** What was at a path when it was read: its text and which file it was, so a later look can tell it is the same one. */
interface Seen {
  text: string;
  identity: string;
  holder?: Holder;
  /** the file's modification time, in ms by the disk's clock */
  modified: number;
}

const THIS_PROCESS: LockRun = { pid: process.pid, host: hostname(), isAlive };

function parseHolder(text: string): Holder | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') return { pid: parsed.pid, host: parsed.host };
  } catch {
    // never filled in: see UNWRITTEN_STALE_MS
  }
  return undefined;
}

async function inspect(file: string): Promise<Seen | undefined> {
  let handle: FileHandle | undefined;
  try {
    // one open file for both, so the stamp and the text are of the same file
    handle = await open(file, 'r');
    const info = await handle.stat({ bigint: true });
    const text = await handle.readFile('utf8');
    // the inode, the size and the time to the nanosecond, with the text (which names a holder by a
    // token no other lock has): a lock removed and made again is never taken for the one seen
    return { text, identity: `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${text}`, holder: parseHolder(text), modified: Number(info.mtimeNs / 1_000_000n) };
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

/** The disk's own clock, read from a file made now: an unwritten lock's age needs no clock of ours. */
async function diskNow(beside: string, run: LockRun): Promise<number | undefined> {
  const probe = `${path.join(path.dirname(beside), `.${path.basename(beside)}`)}.${run.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    await (await open(probe, 'wx')).close();
    return Number((await stat(probe, { bigint: true })).mtimeNs / 1_000_000n);
  } catch {
    return undefined;
  } finally {
    await unlink(probe).catch(() => undefined);
  }
}

/** Makes `file`, which must not exist yet, holding `text`. */
async function writeNew(file: string, text: string): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
}

const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK']);

/**
 * Makes `file` holding `text`, only if nothing is there: the text is written to a temporary file
 * first and hard-linked into place, so the file never exists empty. On a disk without hard links
 * (FAT, some network shares) it is created exclusively and then written, and an empty one is
 * left to UNWRITTEN_STALE_MS.
 */
async function createWith(file: string, text: string, run: LockRun): Promise<boolean> {
  const temporary = `${path.join(path.dirname(file), `.${path.basename(file)}`)}.${run.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeNew(temporary, text);
    await link(temporary, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (!code || !NO_HARD_LINKS.has(code)) throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  try {
    await writeNew(file, text);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Whether what holds a lock or a claim is gone for good: a dead run on this machine, or nothing written for a while. */
async function abandoned(found: Seen, file: string, run: LockRun): Promise<boolean> {
  if (found.holder) return found.holder.host === run.host && found.holder.pid !== run.pid && !run.isAlive(found.holder.pid);
  const now = await diskNow(file, run);
  return now !== undefined && now - found.modified >= UNWRITTEN_STALE_MS;
}

/**
 * Breaks the abandoned lock `found`. Only a run holding a claim on that very lock may remove
 * it, and it looks again under the claim and removes it only if it is still the same file; a
 * lock, once removed, never comes back (its holder's token is its own), so a run that read it
 * long ago and claims late finds another file and does nothing. Claims are made the way locks
 * are; a claim whose run died is passed by taking the next one in its chain, never by
 * removing it, so two live runs never hold claims on one lock. Claims are removed once the
 * lock they name is gone, when nothing can come of them.
 */
async function breakAbandoned(lock: string, found: Seen, me: string, run: LockRun): Promise<void> {
  const name = createHash('sha256').update(found.identity).digest('hex').slice(0, 16);
  const claimOf = (n: number) => `${lock}.break-${name}-${n}`;
  for (let n = 0; n < MAX_CLAIMS; n++) {
    await run.pause?.('claim');
    if (await createWith(claimOf(n), me, run)) {
      try {
        await run.pause?.('recheck');
        const now = await inspect(lock);
        if (now?.identity === found.identity) {
          await run.pause?.('break');
          await unlink(lock).catch(() => undefined);
        }
      } finally {
        for (let k = n; k >= 0; k--) await unlink(claimOf(k)).catch(() => undefined);
      }
      return;
    }
    const owner = await inspect(claimOf(n));
    // gone already: its breaker has finished, so the lock it named is gone too
    if (owner === undefined) return;
    // a live run is breaking it: wait for that run
    if (!(await abandoned(owner, claimOf(n), run))) return;
  }
}

/** Removes the temporary files of runs killed between writing a lock and linking it. */
async function removeDeadTemporaries(lock: string, run: LockRun): Promise<void> {
  const prefix = `.${path.basename(lock)}`;
  const dir = path.dirname(lock);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const pid = /\.(\d+)-[0-9a-f]+\.tmp$/.exec(name)?.[1];
    if (pid === undefined || Number(pid) === run.pid || run.isAlive(Number(pid))) continue;
    await unlink(path.join(dir, name)).catch(() => undefined);
  }
}

/**
 * Takes the lock beside `file` (FILE.lock, made whole with its holder in it) for a whole
 * read-modify-write, waiting a moment for another run to finish. A lock left by a run that
 * died on this machine is broken (safely against any other run doing the same); one from
 * another machine is reported, never broken. Returns the release.
 */
export async function lockFile(file: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const lock = `${file}.lock`;
  const run = options.run ?? THIS_PROCESS;
  const waitMs = options.waitMs ?? 3000;
  const retryMs = options.retryMs ?? 25;
  const named = options.option ? `${options.option} ${file}` : file;
  const me = JSON.stringify({ pid: run.pid, host: run.host, token: randomBytes(12).toString('hex') });
  let waited = 0;
  for (;;) {
    await run.pause?.('create');
    let created: boolean;
    try {
      created = await createWith(lock, me, run);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new GenerateError(`${named}: cannot take the lock ${lock} (${code ?? (error as Error).message}); nothing was changed`, { cause: error });
    }
    if (created) {
      await removeDeadTemporaries(lock, run);
      return async () => {
        await run.pause?.('release');
        // no other run removes a live run's lock, so what holds our text now is ours
        if ((await inspect(lock))?.text === me) await unlink(lock).catch(() => undefined);
      };
    }
    await run.pause?.('inspect');
    const found = await inspect(lock);
    if (found === undefined) continue;
    if (await abandoned(found, lock, run)) {
      await breakAbandoned(lock, found, me, run);
      continue;
    }
    if (waited >= waitMs) {
      const { holder } = found;
      const who = holder ? `muster (process ${holder.pid}${holder.host === run.host ? '' : ` on ${holder.host}`})` : 'another muster';
      throw new BusyError(
        `${named}: ${who} is changing this file; nothing was changed. Try again when it has finished` +
          (!holder || holder.host !== run.host ? `, or remove ${lock} if no muster is running ${holder ? 'there' : 'now'}` : ''),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, retryMs));
    waited += retryMs;
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
export async function withStateLock<T>(file: string, work: () => Promise<T>, options: Omit<LockOptions, 'option'> = {}): Promise<T> {
  const release = await lockFile(await stateLocation(file), { ...options, option: '--state' });
  try {
    return await work();
  } finally {
    await release();
  }
}
