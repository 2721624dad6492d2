import { lstat, open, readdir, readlink, realpath, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { checkInterrupted, GenerateError, InterruptedError, UsageError } from '../errors.js';

/** A file being written: it appears, complete, only on commit. */
export interface FileWriter {
  write(chunk: Uint8Array): Promise<void>;
  /** closes the file and moves it into place */
  commit(): Promise<void>;
  /** closes and removes what was written; the target is left as it was */
  discard(): Promise<void>;
}

/**
 * Writes bytes at a position and says how many went out. The disk may take fewer than asked
 * (a nearly full disk does), so callers loop; tests pass one that runs out of room.
 */
export type WriteBytes = (handle: FileHandle, data: Uint8Array, offset: number, length: number) => Promise<number>;

const writeBytes: WriteBytes = async (handle, data, offset, length) => (await handle.write(data, offset, length)).bytesWritten;

export interface AtomicOptions {
  /** aborted by a signal: nothing is moved into place */
  signal?: AbortSignal;
  write?: WriteBytes;
  /** a new file takes this file's mode (a backup of a private file stays private) */
  modeOf?: string;
}

/** Where the bytes really go: through links to their target, and what is there now. */
interface Target {
  /** the path written (a link's target) */
  file: string;
  /** a regular file replaced by rename, or a device or pipe that takes the bytes as they come */
  kind: 'file' | 'stream';
  /** mode and owner of the file replaced, kept on the new one */
  existing?: { mode: number; uid: number; gid: number };
}

/** Checks before any work that a path can be written as muster writes it (see openFileAtomic). */
export async function checkTarget(file: string): Promise<void> {
  await resolveTarget(file);
}

async function resolveTarget(file: string): Promise<Target> {
  let real = file;
  const link = await lstat(file).catch(() => undefined);
  if (link?.isSymbolicLink()) {
    try {
      real = await realpath(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') throw new UsageError(`${file}: is a link that leads round in a loop; remove it or choose another path`);
      // a link to a file not made yet: write the file it names, if its folder is there
      real = path.resolve(path.dirname(file), await readlink(file));
      const folder = await stat(path.dirname(real)).catch(() => undefined);
      if (!folder?.isDirectory()) throw new UsageError(`${file}: is a link to ${real}, whose folder does not exist; create ${path.dirname(real)} or remove the link`);
    }
  }
  const found = await stat(real).catch(() => undefined);
  if (!found) return { file: real, kind: 'file' };
  if (found.isFile()) return { file: real, kind: 'file', existing: { mode: found.mode & 0o7777, uid: found.uid, gid: found.gid } };
  // a device such as /dev/null or a named pipe is written to, never replaced
  if (found.isCharacterDevice() || found.isFIFO()) return { file: real, kind: 'stream' };
  if (found.isDirectory()) throw new UsageError(`${file}: is a folder; give a file name inside it, such as ${path.join(file, 'muster.pdf')}`);
  throw new UsageError(`${file}: is not a regular file (a socket or a disk device); choose a file name`);
}

/** The temporary file beside a target: unique per process, so two runs never share one. */
function temporaryBeside(file: string, pid: number): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${pid}.tmp`);
}

/** Whether a process of this machine is running (EPERM: it is, but another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes temporary files that runs killed outright (kill -9, a power cut) left beside this
 * target: their process is gone, so nothing will finish them.
 */
export async function removeLeftovers(file: string): Promise<string[]> {
  const dir = path.dirname(file);
  const prefix = `.${path.basename(file)}.`;
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names.sort()) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const pid = Number(name.slice(prefix.length, -'.tmp'.length));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || isAlive(pid)) continue;
    const leftover = path.join(dir, name);
    const info = await lstat(leftover).catch(() => undefined);
    if (!info?.isFile()) continue;
    await unlink(leftover).catch(() => undefined);
    removed.push(leftover);
  }
  return removed;
}

function describeWriteError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EDQUOT') return 'your disk quota is used up';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the disk is read-only';
  return (error as Error).message;
}

/** Every byte out, or an error: a short write is continued, a write of nothing is a full disk. */
async function writeAll(handle: FileHandle, data: Uint8Array, write: WriteBytes): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const written = await write(handle, data, offset, data.length - offset);
    if (!(written > 0)) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    offset += written;
  }
}

/** The folder's entry for a renamed file reaches the disk only when the folder is synced. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  // some file systems cannot sync a folder; the rename stands all the same
  await handle.sync().catch(() => undefined);
  await handle.close().catch(() => undefined);
}

/**
 * Writes piece by piece to a temporary file beside the target, synced and renamed into place
 * on commit and removed on any failure: a crash, a signal or a full disk leaves the old file
 * exactly as it was (or none), never half a file. A link is written through to its target; a
 * file's mode and owner are kept; a device or pipe gets the bytes directly.
 */
export async function openFileAtomic(file: string, options: AtomicOptions = {}): Promise<FileWriter> {
  const { signal } = options;
  const write = options.write ?? writeBytes;
  const target = await resolveTarget(file);
  const failed = (error: unknown) =>
    new GenerateError(`could not write ${file}: ${describeWriteError(error)}${target.kind === 'file' ? '; nothing there was changed' : ''}`, { cause: error });
  if (target.kind === 'stream') return openStream(target.file, write, failed);

  await removeLeftovers(target.file);
  if (!target.existing && options.modeOf) {
    const model = await stat(options.modeOf).catch(() => undefined);
    if (model?.isFile()) target.existing = { mode: model.mode & 0o7777, uid: model.uid, gid: model.gid };
  }
  const temp = temporaryBeside(target.file, process.pid);
  let handle: FileHandle;
  try {
    handle = await open(temp, 'w', target.existing?.mode ?? 0o666);
    if (target.existing) {
      await handle.chmod(target.existing.mode);
      // root writing a player's file: the file stays the player's
      if (process.getuid?.() === 0) await handle.chown(target.existing.uid, target.existing.gid).catch(() => undefined);
    }
  } catch (error) {
    throw failed(error);
  }
  const close = closeOnce(handle);
  const discard = async () => {
    await close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
  };
  return {
    async write(chunk) {
      try {
        await writeAll(handle, chunk, write);
      } catch (error) {
        await discard();
        throw failed(error);
      }
    },
    async commit() {
      try {
        await handle.sync();
        await close();
        checkInterrupted(signal);
        await rename(temp, target.file);
      } catch (error) {
        await discard();
        if (error instanceof InterruptedError) throw error;
        throw failed(error);
      }
      await syncFolder(path.dirname(target.file));
    },
    discard,
  };
}

/** Closes a file the first time it is asked, and does nothing after. */
function closeOnce(handle: FileHandle): () => Promise<void> {
  let closed = false;
  return async () => {
    if (!closed) {
      closed = true;
      await handle.close();
    }
  };
}

/** A device or a pipe: the bytes go straight there; there is nothing to move into place. */
async function openStream(file: string, write: WriteBytes, failed: (error: unknown) => Error): Promise<FileWriter> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'w');
  } catch (error) {
    throw failed(error);
  }
  const close = closeOnce(handle);
  return {
    async write(chunk) {
      try {
        await writeAll(handle, chunk, write);
      } catch (error) {
        await close().catch(() => undefined);
        throw failed(error);
      }
    },
    async commit() {
      try {
        await close();
      } catch (error) {
        throw failed(error);
      }
    },
    discard: async () => close().catch(() => undefined),
  };
}

/** A whole file at once, the same way. */
export async function writeFileAtomic(file: string, data: Uint8Array | string, options: AtomicOptions = {}): Promise<void> {
  const writer = await openFileAtomic(file, options);
  await writer.write(typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
  await writer.commit();
}
