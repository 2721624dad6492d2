/** How many codes String.fromCharCode is given at once: a spread of many more may overflow the stack. */
const CODES_AT_ONCE = 0x8000;

/**
 * Bytes or character codes as a string of one character each, as btoa and a PDF's literal
 * strings take them. Here, below every layer, because three need it: a force's link (data), the
 * page's downloads (web) and the PDF's text (render). A short run is made in one call, so the
 * string is one flat piece; a long one is made a slice at a time.
 */
export function binaryString(codes: Uint8Array | readonly number[]): string {
  if (codes.length <= CODES_AT_ONCE) return String.fromCharCode(...codes);
  let text = '';
  for (let at = 0; at < codes.length; at += CODES_AT_ONCE) text += String.fromCharCode(...codes.slice(at, at + CODES_AT_ONCE));
  return text;
}
