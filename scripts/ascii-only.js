// V8 keeps a script's source text for as long as its functions may be compiled again: one
// byte a character while every character is Latin-1, two once any one is not. esbuild escapes
// what is not ASCII in strings and templates, but leaves it in comments and regular
// expressions, so a single "’" in a package's comment doubled the bundle's 3 MB in the heap
// of every run (issue 30). `\uXXXX` means the same character in a comment, a string, a
// regular expression (with or without the u flag) and an identifier.
import { readFileSync, writeFileSync } from 'node:fs';

/** The text with every character beyond ASCII written as a \u escape. */
export function asciiOnly(text) {
  return text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Rewrites a built script in place, ASCII only. */
export function makeAsciiOnly(file) {
  const text = readFileSync(file, 'utf8');
  const ascii = asciiOnly(text);
  if (ascii !== text) writeFileSync(file, ascii);
}
