import zlib from 'node:zlib';
import { zlibSync } from 'fflate';

/**
 * pdfkit compresses its streams with Node's zlib on the command line and with fflate in the
 * page; the two give different bytes for the same content. The command line compresses with
 * fflate too, so a PDF is the same file byte for byte wherever it is made, and does not change
 * with the zlib a Node version bundles. pdfkit calls zlib.deflateSync at each stream, so this
 * is in place before the first PDF is written. (The page's bundle leaves this module out.)
 */
const nativeDeflateSync = zlib.deflateSync;
zlib.deflateSync = function deflateSync(data: zlib.InputType, options?: zlib.ZlibOptions): Buffer {
  if (options !== undefined) return nativeDeflateSync.call(zlib, data, options);
  const input = typeof data === 'string' ? new TextEncoder().encode(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const out = zlibSync(input);
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
} as typeof zlib.deflateSync;
