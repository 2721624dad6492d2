import type { Files } from '../data/files.js';
import { UsageError } from '../errors.js';
import type { CliIo } from './io.js';

/** A campaign's state is a few kilobytes; a file far larger is not one muster wrote. */
export const MAX_STATE_BYTES = 1 << 20;

/**
 * The bytes of a state file, read through the run's files (a disk on the command line, the
 * page's memory in a browser), refused with a message when it is missing, a folder, a device
 * or too large to be a state muster wrote.
 */
export function readStateBytes(files: Files, file: string, startCommand: string): Uint8Array {
  let read;
  try {
    read = files.read(file, MAX_STATE_BYTES);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new UsageError(`--state ${file}: no such file; start a campaign with: ${startCommand}`);
    if (code === 'EACCES' || code === 'EPERM') throw new UsageError(`--state ${file}: cannot be read (permission denied)`);
    throw new UsageError(`--state ${file}: cannot be read (${code ?? (error as Error).message})`);
  }
  if (read.kind === 'folder') throw new UsageError(`--state ${file}: is a folder; give the campaign's JSON file, such as ${file.replace(/\/+$/, '')}/campaign.json`);
  if (read.kind !== 'file') throw new UsageError(`--state ${file}: is not a regular file (a device or a pipe); give the campaign's JSON file`);
  if (!read.bytes) throw new UsageError(`--state ${file}: is ${read.size} bytes; a campaign state is at most ${MAX_STATE_BYTES} bytes, so this is not one muster wrote`);
  return read.bytes;
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
