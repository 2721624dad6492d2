import { zlibSync } from 'fflate';

/**
 * A PNG as a print shop's upload checks it: RGB with no alpha channel (colour type 2) and the
 * resolution it was drawn at in a pHYs chunk. resvg writes RGBA with no resolution, which
 * MakePlayingCards' checks read as an image of unknown size with transparency to flatten.
 */

/** CRC-32 of PNG chunks (ISO 3309, the polynomial PNG names), its table made once. */
let CRC_TABLE: Uint32Array | undefined;
function crc32(bytes: Uint8Array): number {
  const table = (CRC_TABLE ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  }));
  let crc = 0xffffffff;
  for (const byte of bytes) crc = table[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Inches to metres: pHYs counts pixels a metre. */
const METRES_AN_INCH = 0.0254;

/**
 * RGBA pixels (straight, not premultiplied, as resvg gives them) as an RGB PNG at `dpi`. A pixel
 * not fully opaque is laid on white, as paper would show it. Each row is filtered by the row
 * above (PNG's "Up"), which card faces of flat colour compress well with, and deflated by fflate
 * at a fixed level: the same pixels give the same bytes.
 */
export function encodeRgbPng(rgba: Uint8Array, width: number, height: number, dpi: number): Uint8Array {
  if (rgba.length !== width * height * 4) throw new Error(`${rgba.length} bytes are not ${width} x ${height} RGBA pixels`);
  const stride = width * 3;
  const rows = new Uint8Array((stride + 1) * height);
  const previous = new Uint8Array(stride);
  const row = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const alpha = rgba[at + 3]!;
      for (let c = 0; c < 3; c++) row[x * 3 + c] = alpha === 255 ? rgba[at + c]! : Math.round((rgba[at + c]! * alpha + 255 * (255 - alpha)) / 255);
    }
    const start = y * (stride + 1);
    rows[start] = y === 0 ? 0 : 2;
    for (let i = 0; i < stride; i++) rows[start + 1 + i] = y === 0 ? row[i]! : (row[i]! - previous[i]!) & 0xff;
    previous.set(row);
  }
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  // 8 bits a sample, colour type 2 (RGB), deflate, adaptive filtering, no interlace
  header.set([8, 2, 0, 0, 0], 8);
  const resolution = new Uint8Array(9);
  const perMetre = Math.round(dpi / METRES_AN_INCH);
  new DataView(resolution.buffer).setUint32(0, perMetre);
  new DataView(resolution.buffer).setUint32(4, perMetre);
  // unit 1: the metre
  resolution[8] = 1;
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('pHYs', resolution),
    chunk('IDAT', zlibSync(rows, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
