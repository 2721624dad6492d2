/**
 * Where each object of a PDF starts, as pdfkit keeps them for the cross-reference table it
 * writes at the end: several for every page, so 30,000 pages made pdfkit's array of them the
 * one thing in the heap that grew with the file, and the collector marked it again at
 * every full collection (issue 30). Here they are kept in a typed array, outside the heap the
 * collector traces, behind the four uses pdfkit makes of its array: `length`, `push(null)` for
 * an object begun, `[i] = offset` once it is written, and reading them all in order.
 */

/** What pdfkit reads and writes of its `_offsets` array. */
export interface ObjectOffsets {
  readonly length: number;
  push(offset: number | null): number;
  [index: number]: number | null;
  [Symbol.iterator](): Iterator<number | null>;
}

/** An object begun but not yet written: pdfkit holds null there. */
const NOT_WRITTEN = -1;

/** A list of offsets for pdfkit to keep its objects' places in, holding those it has begun with. */
export function objectOffsets(begun: Iterable<number | null> = []): ObjectOffsets {
  let offsets = new Float64Array(1024);
  let length = 0;
  const at = (key: string | symbol): number | undefined => {
    if (typeof key !== 'string' || !/^(0|[1-9]\d*)$/.test(key)) return undefined;
    const index = Number(key);
    return index < length ? index : undefined;
  };
  const push = (offset: number | null): number => {
    if (length === offsets.length) {
      const larger = new Float64Array(offsets.length * 2);
      larger.set(offsets);
      offsets = larger;
    }
    offsets[length++] = offset ?? NOT_WRITTEN;
    return length;
  };
  const valueAt = (index: number): number | null => (offsets[index] === NOT_WRITTEN ? null : offsets[index]!);
  function* inOrder(): Generator<number | null> {
    for (let i = 0; i < length; i++) yield valueAt(i);
  }
  for (const offset of begun) push(offset);
  const unknown = (key: string | symbol) => new Error(`muster's list of PDF object offsets has no "${String(key)}": a pdfkit that uses its _offsets otherwise needs object-offsets.ts changed with it`);
  return new Proxy({} as ObjectOffsets, {
    get(_, key) {
      if (key === 'length') return length;
      if (key === 'push') return push;
      if (key === Symbol.iterator) return inOrder;
      const index = at(key);
      if (index !== undefined) return valueAt(index);
      throw unknown(key);
    },
    set(_, key, value: unknown) {
      const index = at(key);
      if (index === undefined) throw unknown(key);
      if (!(value === null || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0))) throw new Error(`muster's list of PDF object offsets cannot hold ${String(value)} at ${index}: an offset is a whole number of bytes`);
      offsets[index] = value ?? NOT_WRITTEN;
      return true;
    },
  });
}
