const UTF8 = new TextDecoder();

/**
 * Texts kept by key as UTF-8 in one buffer, each decoded when asked for. A buffer's bytes lie
 * outside the JavaScript heap, where a text kept as a string for a whole run would sit: the
 * parsed-data store holds some 0.9 MB of them, read once at loading, and under a small heap
 * every megabyte kept live makes the collector work harder for the rest of a long batch
 * (BENCHMARKS.md, issue 30).
 */
export class PackedTexts {
  private readonly index = new Map<string, number>();
  private readonly bytes: Uint8Array;
  /** where each text ends in `bytes`; text i starts where text i - 1 ends */
  private readonly ends: Uint32Array;

  constructor(entries: readonly (readonly [key: string, text: string])[]) {
    const encoder = new TextEncoder();
    // a UTF-16 unit is at most three bytes of UTF-8; the buffer is cut to size once filled
    let room = 0;
    for (const [, text] of entries) room += text.length * 3;
    const filling = new Uint8Array(room);
    this.ends = new Uint32Array(entries.length);
    let at = 0;
    entries.forEach(([key, text], i) => {
      at += encoder.encodeInto(text, filling.subarray(at)).written;
      this.ends[i] = at;
      this.index.set(key, i);
    });
    this.bytes = filling.slice(0, at);
  }

  get size(): number {
    return this.index.size;
  }

  get(key: string): string | undefined {
    const i = this.index.get(key);
    if (i === undefined) return undefined;
    return UTF8.decode(this.bytes.subarray(i === 0 ? 0 : this.ends[i - 1], this.ends[i]));
  }
}
