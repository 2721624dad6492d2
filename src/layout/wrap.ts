import type { Run } from '../doc/model.js';
import type { FontStore } from './fonts.js';
import { RecentCache } from './recent-cache.js';
import { runStyle, TICK_BOX, tickBoxesWidth, TYPE, type TextStyle } from './style.js';

/**
 * The width of a text set in a style: a glyph run as the font measures it, or tick boxes,
 * where every character but a space is a box and a space is a space.
 */
export function styledWidth(fonts: FontStore, text: string, style: TextStyle): number {
  if (!style.boxes) return fonts.textWidth(text, style.face, style.size);
  let width = 0;
  for (const part of text.split(/( +)/)) {
    if (part.length === 0) continue;
    width += part.startsWith(' ') ? part.length * TICK_BOX.space * style.size : tickBoxesWidth([...part].length, style.size);
  }
  return width;
}

/** A piece of a line in one style, with its measured width. */
export interface Segment extends TextStyle {
  text: string;
  width: number;
}

export interface Line {
  segments: Segment[];
  width: number;
  height: number;
}

interface Token extends TextStyle {
  text: string;
  width: number;
  space: boolean;
}

/**
 * A word: the pieces between two breakable spaces, which may change style mid-word ("lower"
 * and its odds "90%" joined by a no-break space stay together).
 */
interface Word {
  pieces: Token[];
  width: number;
  space: boolean;
}

/**
 * The words of each text, kept per runs array and style: a table cell is measured for its
 * narrowest and natural widths and then wrapped, often at several trial widths, all while its
 * table is laid out. So only the last few dozen texts are kept. A batch of packets kept every
 * text's words for as long as its document lived: a packet's largest allocation, alive across
 * the young generation's collections, so moved to the old one and filling it (issue 30). Kept
 * this briefly, most die young: under a 64 MB heap 300 packets took 12.6 s instead of 17-18
 * and the full collections fell from about 200 to 100. 64 rather than 256 keeps 0.45 MB less
 * live for the whole batch, at no cost in time measured. Only time depends on it, never a result.
 */
const TEXTS_KEPT = 64;
const tokenized = new RecentCache<readonly Run[], Map<TextStyle, readonly Word[]>>(TEXTS_KEPT);

function tokenize(fonts: FontStore, runs: readonly Run[], base: TextStyle): readonly Word[] {
  let byStyle = tokenized.get(runs);
  if (!byStyle) {
    byStyle = new Map();
    tokenized.set(runs, byStyle);
  }
  // styles are shared constants, so the object itself is the key
  let words = byStyle.get(base);
  if (!words) {
    words = splitWords(fonts, runs, base);
    byStyle.set(base, words);
  }
  return words;
}

function splitWords(fonts: FontStore, runs: readonly Run[], base: TextStyle): Word[] {
  const words: Word[] = [];
  let open: Word | undefined;
  for (const run of runs) {
    const style = runStyle(run, base);
    // every space of a run is the same word, never changed: one object, where a batch's texts,
    // kept while their document is laid out, had one for each space
    let space: Word | undefined;
    // only ordinary spaces break lines: a no-break space keeps "18 or lower 90%" together;
    // a split on a captured group alternates text (even places) and spaces (odd places)
    const parts = run.text.split(/([ \t\n]+)/);
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (part.length === 0) continue;
      if (i % 2 === 1) {
        if (!space) space = new SplitWord(styledToken(fonts, style, ' ', true), true);
        words.push(space);
        open = undefined;
      } else if (open) {
        const piece = styledToken(fonts, style, part, false);
        open.pieces.push(piece);
        open.width += piece.width;
      } else {
        open = new SplitWord(styledToken(fonts, style, part, false), false);
        words.push(open);
      }
    }
  }
  return words;
}

/** A piece of text in a run's style, measured. */
function styledToken(fonts: FontStore, style: TextStyle, text: string, space: boolean): Token {
  return new MeasuredToken(style, text, space, styledWidth(fonts, text, style));
}

/** The widest single word: no column may be narrower than this without breaking a word. */
export function minimumWidth(fonts: FontStore, runs: readonly Run[], base: TextStyle): number {
  let widest = 0;
  for (const word of tokenize(fonts, runs, base)) if (!word.space) widest = Math.max(widest, word.width);
  return widest;
}

/** Width of the runs set on one line. */
export function naturalWidth(fonts: FontStore, runs: readonly Run[], base: TextStyle): number {
  let width = 0;
  for (const word of tokenize(fonts, runs, base)) width += word.width;
  return width;
}

/**
 * Greedy word wrap of styled runs into lines no wider than `width`, breaking only at spaces.
 * A word longer than a line is broken between characters rather than overflowing the column.
 */
export function wrapRuns(fonts: FontStore, runs: readonly Run[], base: TextStyle, width: number): Line[] {
  const open: OpenLine = { lines: [], tokens: [], width: 0 };
  for (const word of tokenize(fonts, runs, base)) {
    if (word.space && open.tokens.length === 0) continue;
    if (open.width + word.width <= width + 0.01) {
      open.tokens.push(...word.pieces);
      open.width += word.width;
      continue;
    }
    if (word.space) {
      endLine(fonts, open, base);
      continue;
    }
    if (open.tokens.length > 0) endLine(fonts, open, base);
    for (const piece of word.pieces.flatMap((p) => breakWord(fonts, p, width))) {
      if (open.width + piece.width > width + 0.01 && open.tokens.length > 0) endLine(fonts, open, base);
      open.tokens.push(piece);
      open.width += piece.width;
    }
  }
  if (open.tokens.length > 0 || open.lines.length === 0) endLine(fonts, open, base);
  return open.lines;
}

/** The lines wrapped so far and the one being filled. */
interface OpenLine {
  lines: Line[];
  tokens: Token[];
  width: number;
}

/**
 * Ends the line being filled, without its trailing spaces. The wrapping's steps are functions
 * of the module rather than closures made for each text: V8 keeps a closure's optimised code
 * only while some instance of it lives, so under a small heap each full collection threw such
 * code away and it was compiled again every few packets (issue 30).
 */
function endLine(fonts: FontStore, open: OpenLine, base: TextStyle): void {
  while (open.tokens.length > 0 && open.tokens[open.tokens.length - 1]!.space) open.width -= open.tokens.pop()!.width;
  open.lines.push(makeLine(fonts, open.tokens, base));
  open.tokens = [];
  open.width = 0;
}

function breakWord(fonts: FontStore, token: Token, width: number): Token[] {
  if (token.width <= width) return [token];
  const pieces: Token[] = [];
  let text = '';
  for (const char of token.text) {
    const next = text + char;
    if (text && styledWidth(fonts, next, token) > width) {
      pieces.push(new MeasuredToken(token, text, token.space, styledWidth(fonts, text, token)));
      text = char;
    } else {
      text = next;
    }
  }
  if (text) pieces.push(new MeasuredToken(token, text, token.space, styledWidth(fonts, text, token)));
  return pieces;
}

/** Joins tokens of the same style into segments so the renderer sets whole phrases. */
function makeLine(fonts: FontStore, tokens: readonly Token[], base: TextStyle): Line {
  const segments: Segment[] = [];
  for (const token of tokens) {
    const last = segments[segments.length - 1];
    if (last && last.face === token.face && last.size === token.size && last.color === token.color && last.boxes === token.boxes) {
      last.text += token.text;
    } else {
      segments.push(new JoinedSegment(token));
    }
  }
  // measured once joined: pdfkit kerns a word with the space after it
  for (const segment of segments) segment.width = styledWidth(fonts, segment.text, segment);
  const width = segments.reduce((w, s) => w + s.width, 0);
  const size = Math.max(base.size, ...segments.map((s) => s.size));
  return new WrappedLine(segments, width, size * TYPE.leading);
}

/*
 * The wrap's tokens, words, segments and lines are made by classes rather than object literals:
 * V8 moves each literal's objects straight into the old generation once most of them are seen
 * alive at a young collection (allocation-site pretenuring), and a packet's words and lines,
 * kept while its tables are measured and set, were. There they were garbage that only a full
 * collection frees, and under a small heap the full collections came ever more often (issue 30).
 * Objects made by a class have no such site and die young.
 */

/** A text in one style: what a token and a segment share. */
class StyledText {
  readonly face: TextStyle['face'];
  readonly size: number;
  readonly color: string;
  readonly boxes: true | undefined;
  constructor(
    style: TextStyle,
    public text: string,
  ) {
    this.face = style.face;
    this.size = style.size;
    this.color = style.color;
    this.boxes = style.boxes ? true : undefined;
  }
}

class MeasuredToken extends StyledText implements Token {
  constructor(
    style: TextStyle,
    text: string,
    readonly space: boolean,
    readonly width: number,
  ) {
    super(style, text);
  }
}

class SplitWord implements Word {
  readonly pieces: Token[];
  width: number;
  constructor(
    first: Token,
    readonly space: boolean,
  ) {
    this.pieces = [first];
    this.width = first.width;
  }
}

class JoinedSegment extends StyledText implements Segment {
  width = 0;
  constructor(token: Token) {
    super(token, token.text);
  }
}

class WrappedLine implements Line {
  constructor(
    readonly segments: Segment[],
    readonly width: number,
    readonly height: number,
  ) {}
}
