import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * A short fingerprint of a text or bytes: the key of a build's stores. It identifies content;
 * it guards nothing (the player's cache is keyed and checked by sha256Hex below). Two 32-bit multiply-xor lanes over every
 * character (a text) or byte, mixed at the end with the length: a few times faster than the
 * SHA-1 it replaces in a fresh process, where every run hashes its data files and fonts, and
 * the same pure JavaScript on the command line and in the page, so both find the same keys.
 */
export function fingerprint(content: string | Uint8Array): string {
  let a = 0x9e3779b9;
  let b = 0x85ebca6b;
  if (typeof content === 'string') {
    for (let i = 0; i < content.length; i++) {
      const unit = content.charCodeAt(i);
      a = Math.imul(a ^ unit, 0x9e3779b1);
      b = Math.imul(b ^ unit, 0x5bd1e995);
    }
  } else {
    // four bytes a step where the bytes allow, the rest one by one
    const words = content.byteOffset % 4 === 0 ? new Uint32Array(content.buffer, content.byteOffset, content.byteLength >>> 2) : undefined;
    const whole = words ? words.length * 4 : 0;
    if (words) {
      for (let i = 0; i < words.length; i++) {
        const word = words[i]!;
        a = Math.imul(a ^ word, 0x9e3779b1);
        b = Math.imul(b ^ word, 0x5bd1e995);
      }
    }
    for (let i = whole; i < content.length; i++) {
      a = Math.imul(a ^ content[i]!, 0x9e3779b1);
      b = Math.imul(b ^ content[i]!, 0x5bd1e995);
    }
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b) ^ Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  b = Math.imul(b ^ (b >>> 16), 0x85ebca6b) ^ Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return `${hex(a)}${hex(b)}-${content.length.toString(36)}`;
}

/**
 * The SHA-256 of a text's UTF-8 bytes (or of bytes), in hex: what guards a value kept for a text, where a
 * short fingerprint could be matched on purpose (a 64-bit one collides in seconds of search).
 * Pure JavaScript (@noble/hashes), so the page computes the same; some 30 MB a second in a
 * fresh process, against YAML's 1.5: cheap beside the parse it saves.
 */
export function sha256Hex(text: string | Uint8Array): string {
  return bytesToHex(sha256(typeof text === 'string' ? utf8ToBytes(text) : text));
}
