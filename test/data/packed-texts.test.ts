import { describe, expect, it } from 'vitest';
import { PackedTexts } from '../../src/data/packed-texts.js';

describe('texts packed in one buffer', () => {
  it('gives each text back as it was put in, by its key', () => {
    const entries = [
      ['a', '{"name":"Panzer IV"}'],
      ['empty', ''],
      ['accents', 'Café, Übung, Ærø, naïve'],
      ['scripts', 'שלום مرحبا 你好 🎲 x\u0323'],
      ['long', 'x'.repeat(70000)],
      ['after', 'the last'],
    ] as const;
    const packed = new PackedTexts(entries);
    expect(packed.size).toBe(entries.length);
    for (const [key, text] of entries) expect(packed.get(key)).toBe(text);
    // asked again, and in another order: the same
    for (const [key, text] of [...entries].reverse()) expect(packed.get(key)).toBe(text);
  });
  it('knows nothing of a key not put in, nor of an empty set', () => {
    expect(new PackedTexts([['a', 'b']]).get('b')).toBeUndefined();
    expect(new PackedTexts([]).get('a')).toBeUndefined();
    expect(new PackedTexts([]).size).toBe(0);
  });
  it('keeps two thousand texts as one set of bytes, the length of their UTF-8', () => {
    const entries = Array.from({ length: 2000 }, (_, i) => [`k${i}`, `value ${i} é`] as const);
    const packed = new PackedTexts(entries);
    expect(packed.get('k1999')).toBe('value 1999 é');
    const bytes = (packed as unknown as { bytes: Uint8Array }).bytes;
    expect(bytes.byteLength).toBe(entries.reduce((sum, [, text]) => sum + new TextEncoder().encode(text).length, 0));
  });
});
