// The part of restructure (fontkit's binary reader) muster reaches: see src/layout/font-strings.ts.
declare module 'restructure' {
  export class DecodeStream {
    constructor(buffer: Uint8Array);
  }
}
