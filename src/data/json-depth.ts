/**
 * How deeply a JSON text nests its objects and lists, counted from the text alone: one pass,
 * no recursion and nothing built, so a file nested 40,000 levels is measured in the time it
 * takes to read it. JSON.parse itself copes with such a file, but everything after it that
 * walks the value (the key checks, the schemas, JSON.stringify when the file is written again)
 * either takes time that grows with the square of the depth or runs out of call stack.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_LIST = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_LIST = 0x5d;

/**
 * The deepest nesting in a JSON text: 0 for a bare value, 1 for `{}` or `[]`, 2 for `{"a": []}`.
 * Brackets inside strings (escaped quotes included) are not counted. A text that is not JSON
 * gets a number all the same; JSON.parse says what else is wrong with it.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // the character after a backslash is never the string's end
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_LIST) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === CLOSE_OBJECT || c === CLOSE_LIST) {
      if (depth > 0) depth--;
    }
  }
  return deepest;
}
