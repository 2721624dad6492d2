import { DecodeStream } from 'restructure';

/**
 * fontkit reads each font's table tags and names through restructure, which makes a new
 * TextDecoder for every string it reads; in Node each one sets up an ICU converter, and the
 * three faces parsed for measuring and again for printing made that 18 ms of every run. One
 * decoder per encoding is kept instead: decoding without `stream` keeps no state, so the
 * strings are the same. An encoding TextDecoder refuses gives the bytes back, as before.
 */
const ENCODING_NAMES: Readonly<Record<string, string>> = { utf16le: 'utf-16le', ucs2: 'utf-16le', utf16be: 'utf-16be' };
const decoders = new Map<string, TextDecoder | null>();

function decoderFor(encoding: string): TextDecoder | null {
  let decoder = decoders.get(encoding);
  if (decoder === undefined) {
    try {
      decoder = new TextDecoder(encoding);
    } catch {
      decoder = null;
    }
    decoders.set(encoding, decoder);
  }
  return decoder;
}

const stream = DecodeStream.prototype as unknown as { readString(length: number, encoding?: string): string | Uint8Array; readBuffer(length: number): Uint8Array };
stream.readString = function readString(this: typeof stream, length: number, encoding = 'ascii') {
  const name = ENCODING_NAMES[encoding] ?? encoding;
  const bytes = this.readBuffer(length);
  const decoder = decoderFor(name);
  return decoder ? decoder.decode(bytes) : bytes;
};
