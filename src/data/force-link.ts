/**
 * A force carried in a link to the page (issue 28): its file packed (deflate) and written in
 * base64 (its two extra letters '~' and '_') after `force=` in the fragment, which a browser never sends to a server, so a link
 * opens the same force in another browser. Unpacked with a bound, as the command line bounds a
 * force file: a link cannot unpack to more than a force file may hold. The page makes and reads
 * these links; a roster prints one (with --public-url).
 */
import { Inflate, deflateSync } from 'fflate';
import { binaryString } from '../vocab/binary-string.js';
import { MAX_FILE_BYTES, MAX_FORCE_LINK_CHARS } from './limit-values.js';

export const FORCE_PARAM = 'force';

/**
 * Base64 for an address: '~' and '_' for '+' and '/', no padding. '~' rather than base64url's
 * '-', so a printed link never holds "--word" or "xx-word-word", which read as an option or an
 * id on a page (docs/design.md, Print conventions: player language only); links made with '-' before still open.
 */
const toLinkBase64 = (bytes: Uint8Array) => btoa(binaryString(bytes)).replace(/\+/g, '~').replace(/\//g, '_').replace(/=+$/, '');

function fromLinkBase64(value: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_~-]*$/.test(value)) return undefined;
  try {
    const text = atob(value.replace(/[~-]/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** FNV-1a over the bytes: a link cut short or changed unpacks to other bytes, which this tells. */
function fingerprint(bytes: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

/** The force file as the value of `force=` in a link: its length and fingerprint, then its bytes packed. */
export function forceLinkValue(yaml: string): string {
  const bytes = new TextEncoder().encode(yaml);
  const packed = deflateSync(bytes, { level: 9 });
  const value = new Uint8Array(8 + packed.length);
  const head = new DataView(value.buffer);
  head.setUint32(0, bytes.length);
  head.setUint32(4, fingerprint(bytes));
  value.set(packed, 8);
  return toLinkBase64(value);
}

/** A link's force file, or what is wrong with the link, in the player's words. */
export function forceFromLinkValue(value: string): { yaml: string } | { refused: string } {
  const damaged = { refused: 'The force in this link is damaged (cut short or changed): ask for the link again, or for the force file.' };
  // refused by its length before anything is unpacked: no real force needs a link this long
  if (value.length > MAX_FORCE_LINK_CHARS) return { refused: `This link is longer than a link to muster carries (${MAX_FORCE_LINK_CHARS / 1024} kB of force; the largest real forces take some 8 kB): it was not opened. Ask for the force file instead, and load it.` };
  const whole = fromLinkBase64(value);
  if (!whole || whole.length <= 8) return damaged;
  const head = new DataView(whole.buffer, whole.byteOffset, 8);
  const length = head.getUint32(0);
  if (length > MAX_FILE_BYTES) return { refused: `The force in this link is larger than muster takes (${MAX_FILE_BYTES / (1024 * 1024)} MB, as for a force file): it was not opened.` };
  const packed = whole.subarray(8);
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  const inflate = new Inflate((chunk, final) => {
    size += chunk.length;
    if (size > MAX_FILE_BYTES) throw new RangeError('too large');
    chunks.push(chunk);
    if (final) ended = true;
  });
  // small pieces: one unpacks to at most some thousand times its size before the bound is checked
  const PIECE = 1024;
  try {
    for (let i = 0; i < packed.length; i += PIECE) inflate.push(packed.subarray(i, i + PIECE), i + PIECE >= packed.length);
  } catch (error) {
    if (error instanceof RangeError) return { refused: `The force in this link is larger than muster takes (${MAX_FILE_BYTES / (1024 * 1024)} MB, as for a force file): it was not opened.` };
    return damaged;
  }
  if (!ended || size !== length) return damaged;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  if (fingerprint(bytes) !== head.getUint32(4)) return damaged;
  try {
    return { yaml: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return damaged;
  }
}


/** A link to the page's builder of a rule set with this force in it. */
export function forceLink(pageAddress: string, system: string, yaml: string): string {
  return `${pageAddress.replace(/#.*$/, '')}#/${system}/force?${FORCE_PARAM}=${forceLinkValue(yaml)}`;
}
