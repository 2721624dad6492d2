import { describe, expect, it } from 'vitest';
import { binaryString } from '../../src/vocab/binary-string.js';

describe('bytes or character codes as a string of one character each', () => {
  it('gives one character a code, from a list or from bytes', () => {
    expect(binaryString([0x28, 0x5c, 0x00, 0xff, 0x41])).toBe('(\\\u0000\u00ffA');
    expect(binaryString(new Uint8Array([0, 127, 128, 255]))).toBe('\u0000\u007f\u0080\u00ff');
    expect(binaryString([])).toBe('');
  });
  it('takes runs far longer than one call may be given, whole and in order', () => {
    // 200,000 codes: several slices, the last one short
    const codes = Array.from({ length: 200_000 }, (_, i) => (i * 7) % 256);
    const text = binaryString(codes);
    expect(text.length).toBe(codes.length);
    for (const i of [0, 32767, 32768, 32769, 65536, 199_999]) expect(text.charCodeAt(i)).toBe(codes[i]);
    expect(binaryString(Uint8Array.from(codes))).toBe(text);
  });
});
