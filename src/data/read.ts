import { DataError, type DataProblem } from '../errors.js';
import { files, type FileKind } from './files.js';
import { MAX_FILE_BYTES } from './limits.js';

/**
 * Every data file and force file muster reads comes through here: it must be a regular file
 * (not a folder, a device such as /dev/zero, or a pipe), no larger than MAX_FILE_BYTES (read
 * with a bounded read, so a file that grows or lies about its size cannot fill the memory),
 * and UTF-8 text. A UTF-8 byte order mark is accepted and dropped; any other byte that is not
 * UTF-8 is refused with its offset, never turned into a replacement character.
 *
 * `what` names the file in the player's words: "data file", "force file".
 */
export function readTextFile(file: string, what: string, limit: number = MAX_FILE_BYTES): string {
  const result = tryReadTextFile(file, what, limit);
  if ('problem' in result) throw new DataError([result.problem]);
  return result.text;
}

/** As readTextFile, with the problem returned instead of thrown. */
export function tryReadTextFile(file: string, what: string, limit: number = MAX_FILE_BYTES): { text: string } | { problem: DataProblem } {
  const problem = (message: string) => ({ problem: { file, path: '', message } });
  let read;
  try {
    read = files().read(file, limit);
  } catch (error) {
    const shipped = (error as { code?: string }).code === 'ENOENT' ? shippedExample(file) : undefined;
    if (shipped) return problem(`no such file here; it is one of muster's examples, shipped at ${shipped}: run muster examples to copy them into this folder (examples/), then give the path again`);
    return problem(openFailure(error, what));
  }
  if (read.kind !== 'file') return problem(notAFile(read.kind, what));
  if (!read.bytes) return problem(tooLarge(read.size > limit ? read.size : undefined, what, limit));
  const decoded = decodeUtf8(read.bytes, what);
  return 'text' in decoded ? decoded : { problem: { file, ...decoded } };
}

/**
 * Where muster's own copy of a missing file lies, when the path names one of its examples
 * (examples/openfire/us-rifle-platoon.yaml, as the README and the help write them): an
 * installed muster's examples are in its package, not in the player's folder.
 */
function shippedExample(file: string): string | undefined {
  const named = /(?:^|[\\/])examples[\\/](.+)$/.exec(file)?.[1];
  if (!named) return undefined;
  try {
    const shipped = `${files().places.examples}${named.split(/[\\/]/).join('/')}`;
    return files().stat(shipped).kind === 'file' ? shipped : undefined;
  } catch {
    return undefined;
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 text (a byte order mark dropped), or where the first byte that is not UTF-8 stands. */
export function decodeUtf8(bytes: Uint8Array, what: string): { text: string } | { path: string; message: string } {
  try {
    // the decoder drops a leading byte order mark
    return { text: decoder.decode(bytes) };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
    const byte = (bytes[offset] ?? 0).toString(16).padStart(2, '0').toUpperCase();
    return { path: `byte offset ${offset} (line ${line})`, message: `not UTF-8 text: byte 0x${byte} is not valid UTF-8; save the ${what} as UTF-8` };
  }
}

/**
 * The offset of the first byte that does not start a valid UTF-8 character (as the WHATWG
 * decoder reads it: no overlong forms, no surrogates, nothing above U+10FFFF), such as a
 * Latin-1 "é" (0xE9); bytes.length when all is valid.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lower = 0x80;
    let upper = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lower = 0xa0;
      if (b === 0xed) upper = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lower = 0x90;
      if (b === 0xf4) upper = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      // a character cut short or broken: the byte that starts it is the one to show
      if (next === undefined || next < lower || next > upper) return i;
      lower = 0x80;
      upper = 0xbf;
    }
    i += need + 1;
  }
  return bytes.length;
}

function notAFile(kind: FileKind, what: string): string {
  const named = { folder: 'a folder', device: 'a device', pipe: 'a pipe', socket: 'a socket', file: 'a file', other: 'not a regular file' }[kind];
  return `is ${named}, not a ${what}; give the path of a ${what} (YAML or JSON)`;
}

function tooLarge(size: number | undefined, what: string, limit: number): string {
  return `${size === undefined ? 'is larger than' : `is ${formatSize(size)}, larger than`} the ${formatSize(limit)} a ${what} may be`;
}

/** 45 MiB, 1 MiB, 12 KiB, 100 bytes. */
function formatSize(bytes: number): string {
  const trim = (n: number) => n.toFixed(1).replace(/\.0$/, '');
  if (bytes >= 1024 * 1024) return `${trim(bytes / (1024 * 1024))} MiB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

function openFailure(error: unknown, what: string): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return `is a folder, not a ${what}; give the path of a ${what} (YAML or JSON)`;
    case 'EACCES':
    case 'EPERM':
      return `cannot be read: permission denied (check the ${what}'s permissions)`;
    case 'ENAMETOOLONG':
      return 'cannot be read: the file name is too long';
    case 'ENOTDIR':
      return 'no such file (a part of the path is a file, not a folder)';
    case 'ELOOP':
      return 'cannot be read: a loop of symbolic links';
    default:
      return `cannot be read (${code ?? String(error)})`;
  }
}
