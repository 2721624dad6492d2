/**
 * The two Node globals muster's shared code uses, for the page: Buffer.concat (joining a
 * PDF's chunks) and setImmediate (a turn of the event loop between pages, where a Stop is
 * noticed and the progress figure is painted). scripts/build-web.js imports these into the
 * modules of src/ that use them; the command line keeps Node's own.
 */
export const Buffer = {
  concat(list: readonly Uint8Array[], total?: number): Uint8Array {
    const out = new Uint8Array(total ?? list.reduce((n, c) => n + c.byteLength, 0));
    let at = 0;
    for (const chunk of list) {
      if (at >= out.length) break;
      out.set(chunk.subarray(0, out.length - at), at);
      at += chunk.byteLength;
    }
    return out;
  },
};

const channel = typeof MessageChannel === 'function' ? new MessageChannel() : undefined;
const waiting: (() => void)[] = [];
if (channel) channel.port1.onmessage = () => waiting.shift()?.();

/** A macrotask: the browser may paint and handle a click before it runs. */
export function setImmediate(callback: () => void): void {
  if (!channel) {
    setTimeout(callback, 0);
    return;
  }
  waiting.push(callback);
  channel.port2.postMessage(0);
}
