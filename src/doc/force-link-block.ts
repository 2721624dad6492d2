/**
 * The link a roster prints where a public address of muster's page is given (--public-url):
 * the page's builder with this force in it, as text and as a QR code. The address is the one
 * the page itself makes (src/data/force-link.ts), so a phone that scans it opens the same force.
 */
import { encodeQR } from 'qr';
import { forceLink } from '../data/force-link.js';
import type { LinkBlock } from './model.js';

/** The QR code's modules for an address, or none where it is longer than a QR code holds. */
function qrModules(url: string): boolean[][] {
  try {
    // low error correction: the most an address can hold, and a sheet printed at home is clean;
    // the library wants a border, and the layout draws its own quiet zone, so its one is cut off
    return encodeQR(url, 'raw', { ecc: 'low', border: 1 })
      .slice(1, -1)
      .map((row) => row.slice(1, -1));
  } catch {
    return [];
  }
}

export function forceLinkBlock(publicUrl: string, systemId: string, forceText: string): LinkBlock {
  const url = forceLink(publicUrl, systemId, forceText);
  const qr = qrModules(url);
  const where = "opens this force in muster's page in any browser, to print, change or take it into a scenario (the force travels after the #, which a browser never sends to the server).";
  return {
    kind: 'link',
    title: 'This force as a link',
    section: '',
    width: 'full',
    caption: qr.length > 0 ? `Scan the code with a phone, or type the address below: it ${where}` : `The address below ${where} It is too long for a QR code: type it, or share the force file instead.`,
    url,
    qr,
  };
}
