import { sha1 } from '@noble/hashes/legacy.js';

/**
 * A short fingerprint of a text or bytes (SHA-1, base64): the key of a build's stores. The
 * same pure-JS hash runs on the command line and in the page, so both find the same keys.
 * It identifies content; it guards nothing.
 */
export function fingerprint(content: string | Uint8Array): string {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const digest = sha1(bytes);
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary);
}
