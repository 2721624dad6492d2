import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { UsageError } from '../errors.js';
import type { CliIo } from './io.js';
import { lockFile } from './lock.js';

/** A campaign's state is a few kilobytes; a file far larger is not one muster wrote. */
export const MAX_STATE_BYTES = 1 << 20;

/** The state file as muster names it (through links: two links to one campaign share a lock). */
export async function stateLocation(file: string): Promise<string> {
  return realpath(file).catch(() => file);
}

/**
 * The bytes of a state file, refused with a message when it is missing, a folder, a device
 * or too large to be a state muster wrote.
 */
export async function readStateBytes(file: string, startCommand: string): Promise<Uint8Array> {
  let handle;
  try {
    // O_NONBLOCK: opening a named pipe with no writer must not hang the run
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`--state ${file}: no such file; start a campaign with: ${startCommand}`);
    if (code === 'EACCES' || code === 'EPERM') throw new UsageError(`--state ${file}: cannot be read (permission denied)`);
    throw new UsageError(`--state ${file}: cannot be read (${code ?? (error as Error).message})`);
  }
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw new UsageError(`--state ${file}: is a folder; give the campaign's JSON file, such as ${file.replace(/\/+$/, '')}/campaign.json`);
    if (!info.isFile()) throw new UsageError(`--state ${file}: is not a regular file (a device or a pipe); give the campaign's JSON file`);
    if (info.size > MAX_STATE_BYTES) {
      throw new UsageError(`--state ${file}: is ${info.size} bytes; a campaign state is at most ${MAX_STATE_BYTES} bytes, so this is not one muster wrote`);
    }
    const bytes = Buffer.alloc(info.size);
    let read = 0;
    while (read < info.size) {
      const { bytesRead } = await handle.read(bytes, read, info.size - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return bytes.subarray(0, read);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--state ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  } finally {
    await handle.close();
  }
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

/**
 * Writes a new state: first the state it replaces, byte for byte, as FILE.bak, then the new
 * one; each whole or not at all. The backup keeps the state's mode (a private campaign stays
 * private).
 */
export async function replaceState(file: string, previous: Uint8Array | undefined, text: string, io: CliIo): Promise<void> {
  if (previous !== undefined) await io.writeFile(`${file}.bak`, previous, { modeOf: file });
  await io.writeFile(file, text);
}
