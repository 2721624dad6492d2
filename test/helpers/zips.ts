// Crafted zips for the page's house-rules tests (issue 23, item 6).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every file below a folder, by its path inside it: what a zip of the folder holds. */
export function filesOf(dir: string, prefix = ''): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  for (const name of readdirSync(dir).sort()) {
    const at = path.join(dir, name);
    if (statSync(at).isDirectory()) Object.assign(out, filesOf(at, `${prefix}${name}/`));
    else out[`${prefix}${name}`] = new Uint8Array(readFileSync(at));
  }
  return out;
}

/** A zip whose directory and local header say `name` unpacks to `size` bytes, whatever it holds. */
export function claimSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const encoded = new TextEncoder().encode(name);
  const named = (nameAt: number) => encoded.every((b, i) => out[nameAt + i] === b);
  let found = 0;
  for (let at = 0; at + 4 <= out.length; at++) {
    const sig = view.getUint32(at, true);
    if (sig === 0x04034b50 && named(at + 30)) {
      view.setUint32(at + 22, size, true);
      found++;
    }
    if (sig === 0x02014b50 && named(at + 46)) {
      view.setUint32(at + 24, size, true);
      found++;
    }
  }
  if (found !== 2) throw new Error(`${name}: not found once in the zip's directory and once in its local headers`);
  return out;
}
