// The floor as a whole process: node loads pdfkit and draws `count` cards and backs into
// `file` (node bench/floor-process.js COUNT FILE [--fflate]), for comparison with
// `muster cards bof` run from the shell. With --fflate, pdfkit compresses with fflate as
// muster does (src/cli/same-deflate.ts: the same bytes as the page), not with Node's zlib.
import zlib from 'node:zlib';
import { zlibSync } from 'fflate';
import { floorCards } from './floor-cards.js';

if (process.argv.includes('--fflate')) {
  zlib.deflateSync = (data) => {
    const out = zlibSync(typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  };
}
await floorCards(Number(process.argv[2]), process.argv[3]);
