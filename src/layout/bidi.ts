/**
 * Right-to-left text inside a left-to-right line: enough of the Unicode bidirectional
 * algorithm for a Hebrew or Arabic name or short phrase in an English line (a side called
 * "צבא ההגנה" in a campaign booklet), not a whole paragraph of Hebrew. Pure text logic: which
 * font draws a character is decided by the caller (fonts.ts).
 *
 * - A right-to-left span runs from a Hebrew or Arabic letter to the last such letter before the
 *   next left-to-right letter (Latin, Cyrillic, CJK ...), with the spaces, punctuation and
 *   numbers between; numbers right after it join it (UBA rules W7 and N1: "חטיבה 7" reads
 *   with the 7 on its left).
 * - In the span the order of the pieces is reversed: each word of Hebrew or Arabic letters is one
 *   piece, which the font's shaping lays out right to left itself (and joins, for Arabic); a
 *   number stays left to right; each space or punctuation mark is a piece, brackets mirrored.
 * - Everything else keeps its order.
 */

/** A character as the caller assigned it: the text to draw (empty: not drawn) and its font. */
export interface Cell<F> {
  char: string;
  font: F;
}

/** A stretch drawn with one font, in visual order; `rtl` stretches are shaped and reversed by the font. */
export interface VisualRun<F> {
  text: string;
  font: F;
  rtl: boolean;
}

const enum Bidi {
  L,
  R,
  Number,
  Neutral,
}

/** Scripts written right to left. Their digits are numbers, not letters. */
const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
const DIGIT = /\p{Nd}/u;
const LETTER = /\p{L}/u;
const MARK = /[\p{M}\u200c\u200d]/u;
/** Separators that keep two numbers one number ("3.5", "1,000", "12:30", "2/3"). */
const NUMBER_SEPARATOR = /^[.,:/]$/;

const MIRROR: Readonly<Record<string, string>> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
  '‹': '›',
  '›': '‹',
};

/** Paired brackets, by their closing one. */
const CLOSING: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };
const OPENING = new Set(Object.values(CLOSING));

function classify(cells: readonly Cell<unknown>[]): Bidi[] {
  const classes: Bidi[] = [];
  for (const { char } of cells) {
    const previous = classes[classes.length - 1];
    // a combining mark goes with the letter it sits on (rule W1)
    if (previous !== undefined && MARK.test(char)) classes.push(previous);
    else if (DIGIT.test(char)) classes.push(Bidi.Number);
    else if (RTL_LETTER.test(char)) classes.push(Bidi.R);
    else if (LETTER.test(char)) classes.push(Bidi.L);
    else classes.push(Bidi.Neutral);
  }
  return classes;
}

/** Where a number starting at `start` ends (exclusive): digits, with single separators between them. */
function numberEnd(cells: readonly Cell<unknown>[], classes: readonly Bidi[], start: number): number {
  let end = start;
  while (end < cells.length) {
    if (classes[end] === Bidi.Number) end += 1;
    else if (NUMBER_SEPARATOR.test(cells[end]!.char) && classes[end + 1] === Bidi.Number && end > start) end += 1;
    else break;
  }
  return end;
}

/**
 * The cells in visual order, joined into runs of one font. Without a right-to-left letter the
 * runs are the cells in order.
 */
export function visualRuns<F>(cells: readonly Cell<F>[]): VisualRun<F>[] {
  const out: VisualRun<F>[] = [];
  const push = (text: string, font: F, rtl: boolean) => {
    if (text.length === 0) return;
    const last = out[out.length - 1];
    if (last && !last.rtl && !rtl && last.font === font) last.text += text;
    else out.push({ text, font, rtl });
  };
  const classes = classify(cells);
  let i = 0;
  while (i < cells.length) {
    if (classes[i] !== Bidi.R) {
      push(cells[i]!.char, cells[i]!.font, false);
      i += 1;
      continue;
    }
    // the span: to the last right-to-left letter before a left-to-right one ...
    let end = i;
    for (let j = i + 1; j < cells.length && classes[j] !== Bidi.L; j++) if (classes[j] === Bidi.R) end = j;
    end += 1;
    // ... and any numbers right after it, and the brackets that close ones opened in it (N0)
    for (;;) {
      let k = end;
      // (a bracket closes a pair of its own, which keeps the line's direction: not crossed)
      while (k < cells.length && classes[k] === Bidi.Neutral && !/[()[\]{}]/.test(cells[k]!.char)) k += 1;
      if (classes[k] !== Bidi.Number) break;
      end = numberEnd(cells, classes, k);
    }
    const open: string[] = [];
    for (let k = i; k < end; k++) {
      const char = cells[k]!.char;
      if (OPENING.has(char)) open.push(char);
      else if (CLOSING[char] !== undefined && open[open.length - 1] === CLOSING[char]) open.pop();
    }
    while (end < cells.length && open.length > 0 && CLOSING[cells[end]!.char] === open[open.length - 1]) {
      open.pop();
      end += 1;
    }
    // its pieces, in logical order
    const pieces: VisualRun<F>[] = [];
    let k = i;
    while (k < end) {
      const cell = cells[k]!;
      if (classes[k] === Bidi.R) {
        let text = '';
        let next = k;
        while (next < end && classes[next] === Bidi.R && cells[next]!.font === cell.font) text += cells[next++]!.char;
        pieces.push({ text, font: cell.font, rtl: true });
        k = next;
      } else if (classes[k] === Bidi.Number) {
        const stop = numberEnd(cells, classes, k);
        // a number may mix fonts (Arabic-Indic digits): its own runs, left to right
        const number: VisualRun<F>[] = [];
        for (let n = k; n < stop; n++) {
          const last = number[number.length - 1];
          if (last && last.font === cells[n]!.font) last.text += cells[n]!.char;
          else number.push({ text: cells[n]!.char, font: cells[n]!.font, rtl: false });
        }
        pieces.push(...number.reverse());
        k = stop;
      } else {
        pieces.push({ text: MIRROR[cell.char] ?? cell.char, font: cell.font, rtl: false });
        k += 1;
      }
    }
    // drawn right to left: the last piece first (a number's runs were reversed above to come out in order)
    for (let p = pieces.length - 1; p >= 0; p--) push(pieces[p]!.text, pieces[p]!.font, pieces[p]!.rtl);
    i = end;
  }
  return out;
}
