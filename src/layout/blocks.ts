import { READING_MARK, type Block, type LinkBlock, type Run, type TableBlock, type TextBlock } from '../doc/model.js';
import type { FontStore } from './fonts.js';
import { round, translate, type Item } from './primitives.js';
import { CELL_PAD, COLORS, FORM_ROW_HEIGHT, MM, PRINT_SAFE, TICK_BOX, TITLE_BAR_HEIGHT, TYPE, type TextStyle } from './style.js';
import { minimumWidth, naturalWidth, styledWidth, wrapRuns, type Line, type Segment } from './wrap.js';

/** A slice of a block that is never split, laid out at the origin. */
export interface Slice {
  height: number;
  items: Item[];
}

/**
 * A block measured for one width. `head` (title bar and column headings) repeats when a long
 * table continues in the next column; `rows` are the slices between which it may break.
 */
export interface BlockLayout {
  width: number;
  head: Slice;
  rows: Slice[];
  tail: Slice;
}

export function blockHeight(layout: BlockLayout): number {
  return layout.head.height + layout.rows.reduce((h, r) => h + r.height, 0) + layout.tail.height;
}

/**
 * How closely a block's text is set: its cells, column headings, prose, summaries and notes,
 * and the room above and below a row's text. `tight` is a point smaller with less room, for a
 * sheet that saves a page by it (sheet-columns.ts); nothing is under the smallest readable size.
 */
export interface Density {
  cell: TextStyle;
  header: TextStyle;
  prose: TextStyle;
  summary: TextStyle;
  note: TextStyle;
  padY: number;
}

export const DENSITY: Record<'normal' | 'tight', Density> = {
  normal: {
    cell: { face: 'regular', size: TYPE.cell, color: COLORS.ink },
    header: { face: 'bold', size: TYPE.header, color: COLORS.ink },
    prose: { face: 'regular', size: TYPE.prose, color: COLORS.ink },
    summary: { face: 'italic', size: TYPE.prose, color: COLORS.ink },
    note: { face: 'regular', size: TYPE.note, color: COLORS.muted },
    padY: CELL_PAD.y,
  },
  tight: {
    cell: { face: 'regular', size: TYPE.cell - 1, color: COLORS.ink },
    header: { face: 'bold', size: TYPE.header - 0.5, color: COLORS.ink },
    prose: { face: 'regular', size: TYPE.prose - 0.5, color: COLORS.ink },
    summary: { face: 'italic', size: TYPE.prose - 0.5, color: COLORS.ink },
    note: { face: 'regular', size: Math.max(PRINT_SAFE.minType, TYPE.note - 0.5), color: COLORS.muted },
    padY: CELL_PAD.y - 0.6,
  },
};

const PROSE_STYLE = DENSITY.normal.prose;

/** `formRowHeight`: the least height of a form's rows, when the page has room for more than the usual */
export function layoutBlock(fonts: FontStore, block: Block, width: number, formRowHeight = FORM_ROW_HEIGHT, density: Density = DENSITY.normal): BlockLayout {
  if (block.kind === 'table') return layoutTable(fonts, block, width, formRowHeight, density);
  return block.kind === 'link' ? layoutLink(fonts, block, width) : layoutText(fonts, block, width, density);
}

/**
 * Title bar: the block's name, and the rules section it summarises, right-aligned, on one line
 * where both fit. Where they do not, neither is cut: the section reference keeps at most 45% of
 * the width and wraps within it, the name wraps in the rest, and the bar grows to the taller.
 */
function titleBar(fonts: FontStore, title: string, section: string, width: number): Slice {
  const titleStyle: TextStyle = { face: 'bold', size: TYPE.blockTitle, color: COLORS.titleText };
  const sectionStyle: TextStyle = { face: 'italic', size: TYPE.blockSection, color: COLORS.titleSection };
  const sectionText = section ? `§ ${section}` : '';
  const inner = width - 2 * CELL_PAD.x;
  const gap = sectionText ? CELL_PAD.x : 0;
  const sectionWide = sectionText ? naturalWidth(fonts, [{ text: sectionText }], sectionStyle) : 0;
  const titleWide = naturalWidth(fonts, [{ text: title }], titleStyle);
  let sectionRoom = sectionWide;
  if (titleWide + gap + sectionWide > inner + 0.01) {
    // the name keeps a line of its own where the reference can wrap in what is left (at least a third)
    sectionRoom = inner - gap - titleWide >= inner / 3 ? inner - gap - titleWide : Math.min(sectionWide, inner * 0.45);
  }
  const sectionLines = sectionText ? wrapRuns(fonts, [{ text: sectionText }], sectionStyle, sectionRoom) : [];
  const sectionWidth = Math.max(0, ...sectionLines.map((l) => l.width));
  const titleLines = wrapRuns(fonts, [{ text: title }], titleStyle, inner - gap - sectionWidth);
  // one line each: centred in the bar as they always were
  if (titleLines.length === 1 && sectionLines.length <= 1) {
    const items: Item[] = [{ kind: 'rect', x: 0, y: 0, w: width, h: TITLE_BAR_HEIGHT, fill: COLORS.titleBar }];
    items.push(...placeLine(fonts, titleLines[0]!, CELL_PAD.x, (TITLE_BAR_HEIGHT - titleStyle.size * TYPE.leading) / 2 + 0.5, titleStyle));
    if (sectionLines[0]) items.push(...placeLine(fonts, sectionLines[0], width - CELL_PAD.x - sectionLines[0].width, (TITLE_BAR_HEIGHT - sectionStyle.size * TYPE.leading) / 2 + 0.8, sectionStyle));
    return { height: TITLE_BAR_HEIGHT, items };
  }
  // more lines: the name's and the reference's set close, each block of lines centred in the
  // bar by its ink (capitals' tops to descenders' feet), the bar as tall as the taller needs
  const titleLead = titleStyle.size * TYPE.leading;
  const sectionLead = sectionStyle.size * SECTION_LEADING;
  const ink = (lines: number, lead: number, size: number) => (lines > 0 ? (lines - 1) * lead + INK.cap * size + INK.descent * size : 0);
  const titleInk = ink(titleLines.length, titleLead, titleStyle.size);
  const sectionInk = ink(sectionLines.length, sectionLead, sectionStyle.size);
  const height = round(Math.max(TITLE_BAR_HEIGHT, 2 * BAR_PAD + Math.max(titleInk, sectionInk)));
  const items: Item[] = [{ kind: 'rect', x: 0, y: 0, w: width, h: height, fill: COLORS.titleBar }];
  // a line's top, where its first line's capitals start `(height - ink) / 2` down
  const top = (style: TextStyle, inkHeight: number) => (height - inkHeight) / 2 + INK.cap * style.size - fonts.ascent(style.face, style.size);
  titleLines.forEach((line, i) => items.push(...placeLine(fonts, line, CELL_PAD.x, top(titleStyle, titleInk) + i * titleLead, titleStyle)));
  sectionLines.forEach((line, i) => items.push(...placeLine(fonts, line, width - CELL_PAD.x - line.width, top(sectionStyle, sectionInk) + i * sectionLead, sectionStyle)));
  return { height, items };
}

/** A title bar of more than one line: room above and below its lines' ink, and the reference's line spacing. */
const BAR_PAD = 1.2;
const SECTION_LEADING = 1.05;
/** The face's capitals' height and descenders' depth, as shares of its size (Roboto Condensed). */
const INK = { cap: 0.72, descent: 0.21 };

/**
 * Column widths as a browser sizes an auto table: every column gets at least its longest
 * word; room beyond that goes to the columns whose text would otherwise wrap.
 */
export function columnWidths(fonts: FontStore, block: TableBlock, width: number, density: Density = DENSITY.normal): number[] {
  const pad = 2 * CELL_PAD.x;
  // a column left for writing in keeps its room, however little it holds
  const room = block.columns.map((c) => (c.minWidth ?? 0) * MM);
  const mins = block.columns.map((c, i) => Math.max(minimumWidth(fonts, [{ text: c.label }], density.header) + pad, room[i]!));
  const nats = block.columns.map((c, i) => Math.max(naturalWidth(fonts, [{ text: c.label }], density.header) + pad, room[i]!));
  for (const row of block.rows) {
    row.forEach((cell, i) => {
      mins[i] = Math.max(mins[i]!, minimumWidth(fonts, cell, density.cell) + pad);
      nats[i] = Math.max(nats[i]!, naturalWidth(fonts, cell, density.cell) + pad);
    });
  }
  // columns kept to one line take their longest where the others can still have their least
  const whole = mins.map((m, i) => (block.columns[i]!.oneLine ? nats[i]! : m));
  if (sum(whole) <= width) whole.forEach((w, i) => (mins[i] = w));
  const sumMin = sum(mins);
  const sumNat = sum(nats);
  if (sumNat <= width) {
    // spread the spare room over the text columns, so numbers stay tight beside their labels
    const spare = width - sumNat;
    const weights = nats.map((n, i) => (block.columns[i]!.align === 'left' ? n : n * 0.25));
    const total = sum(weights);
    return nats.map((n, i) => n + (spare * weights[i]!) / total);
  }
  if (sumMin >= width) return mins.map((m) => (m * width) / sumMin);
  const share = (width - sumMin) / (sumNat - sumMin);
  return mins.map((m, i) => m + (nats[i]! - m) * share);
}

function layoutTable(fonts: FontStore, block: TableBlock, width: number, formRowHeight: number, density: Density): BlockLayout {
  const widths = columnWidths(fonts, block, width, density);
  const lefts = widths.map((_, i) => sum(widths.slice(0, i)));
  const title = titleBar(fonts, block.title, block.section, width);

  const header = layoutRow(fonts, 
    block.columns.map((c) => [{ text: c.label }] as Run[]),
    block,
    widths,
    lefts,
    { style: density.header, fill: COLORS.headerFill, padY: density.padY },
  );
  const head: Slice = {
    height: title.height + header.height,
    items: [...title.items, ...translate(header.items, 0, title.height)],
  };
  const rows = block.rows.map((row, r) =>
    layoutRow(fonts, row, block, widths, lefts, { style: density.cell, fill: r % 2 === 1 ? COLORS.zebra : undefined, minHeight: block.form ? formRowHeight : 0, padY: density.padY }),
  );
  // a closing rule under the last row
  const tailItems: Item[] = [{ kind: 'line', x1: 0, y1: 0, x2: width, y2: 0, color: COLORS.rule, lineWidth: 0.6 }];
  let tailHeight = 0;
  const addProse = (text: string | undefined, style: TextStyle, prefix?: string) => {
    if (!text) return;
    const runs: Run[] = prefix ? [{ text: prefix, style: 'bold' }, { text }] : [{ text }];
    const lines = wrapRuns(fonts, runs, style, width - 2);
    tailHeight += 2;
    for (const line of lines) {
      tailItems.push(...placeLine(fonts, line, 1, tailHeight, style));
      tailHeight += line.height;
    }
  };
  addProse(block.summary, density.summary);
  addProse(block.note, density.note, `Reading${READING_MARK}: `);
  return { width, head, rows, tail: { height: tailHeight + 1, items: tailItems } };
}

function layoutRow(
  fonts: FontStore,
  cells: readonly Run[][],
  block: TableBlock,
  widths: readonly number[],
  lefts: readonly number[],
  { style, fill, minHeight = 0, padY }: { style: TextStyle; fill?: string; minHeight?: number; padY: number },
): Slice {
  const wrapped = cells.map((cell, i) => wrapRuns(fonts, cell, style, widths[i]! - 2 * CELL_PAD.x));
  const contentHeight = Math.max(...wrapped.map((lines) => sum(lines.map((l) => l.height))));
  // a form's rows keep room for handwriting, their text at the top
  const height = Math.max(contentHeight + 2 * padY, minHeight);
  const total = sum(widths);
  const items: Item[] = [];
  if (fill) items.push({ kind: 'rect', x: 0, y: 0, w: total, h: height, fill });
  items.push({ kind: 'line', x1: 0, y1: height, x2: total, y2: height, color: COLORS.rule, lineWidth: 0.3 });
  wrapped.forEach((lines, i) => {
    let y = padY;
    const align = block.columns[i]?.align ?? 'left';
    for (const line of lines) {
      const inner = widths[i]! - 2 * CELL_PAD.x;
      const offset = align === 'left' ? 0 : align === 'center' ? (inner - line.width) / 2 : inner - line.width;
      items.push(...placeLine(fonts, line, lefts[i]! + CELL_PAD.x + offset, y, style));
      y += line.height;
    }
  });
  return { height, items };
}

function layoutText(fonts: FontStore, block: TextBlock, width: number, density: Density): BlockLayout {
  const head = titleBar(fonts, block.title, block.section, width);
  const rows: Slice[] = block.paragraphs.map((paragraph) => {
    const items: Item[] = [];
    let y = 2;
    for (const line of wrapRuns(fonts, parseInline(paragraph), density.prose, width - 2 * CELL_PAD.x)) {
      items.push(...placeLine(fonts, line, CELL_PAD.x, y, density.prose));
      y += line.height;
    }
    return { height: y + 1.5, items };
  });
  const tail: Slice = { height: 1, items: [{ kind: 'line', x1: 0, y1: 0, x2: width, y2: 0, color: COLORS.rule, lineWidth: 0.6 }] };
  return { width, head, rows, tail };
}

/** A QR code's side at most (35 mm): a phone reads it from a hand's length, and it leaves the line room. */
const QR_SIDE = 35 * MM;
/** The least a QR code's module may be (0.4 mm), for a phone's camera to read it printed at home. */
const QR_MODULE_MIN = 0.4 * MM;
const URL_STYLE: TextStyle = { face: 'regular', size: TYPE.note, color: COLORS.ink };

/**
 * A link: its QR code at the left (dark modules in rows of rects, with a quiet zone of four
 * modules) and its caption beside it; the address in full below, broken wherever a line ends
 * (it has no spaces) and never with a character added, so it can be typed as printed.
 */
function layoutLink(fonts: FontStore, block: LinkBlock, width: number): BlockLayout {
  const head = titleBar(fonts, block.title, block.section, width);
  const items: Item[] = [];
  const modules = block.qr.length;
  const module = modules > 0 ? Math.max(QR_MODULE_MIN, Math.min(QR_SIDE, width * 0.4) / (modules + 8)) : 0;
  const side = modules > 0 ? module * (modules + 8) : 0;
  block.qr.forEach((row, y) => {
    // one rect per run of dark modules: a few hundred operators rather than thousands
    for (let x = 0; x < row.length; ) {
      if (!row[x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < row.length && row[end]) end++;
      items.push({ kind: 'rect', x: round(2 + (4 + x) * module), y: round(2 + (4 + y) * module), w: round((end - x) * module), h: round(module), fill: COLORS.ink });
      x = end;
    }
  });
  const left = modules > 0 ? 2 + side + 3 : CELL_PAD.x;
  const textWidth = Math.max(width - left - CELL_PAD.x, 20);
  let y = 3;
  for (const line of wrapRuns(fonts, [{ text: block.caption }], PROSE_STYLE, textWidth)) {
    items.push(...placeLine(fonts, line, left, y, PROSE_STYLE));
    y += line.height;
  }
  const rows: Slice[] = [{ height: Math.max(y, side + 2) + 1.5, items }];
  // the address below, a line a slice: a long one runs on into the next column as a table does
  for (const piece of breakAddress(fonts, block.url, width - 2 * CELL_PAD.x)) {
    const [line] = wrapRuns(fonts, [{ text: piece }], URL_STYLE, Number.MAX_SAFE_INTEGER);
    rows.push({ height: line!.height, items: placeLine(fonts, line!, CELL_PAD.x, 0, URL_STYLE) });
  }
  rows.push({ height: 1.5, items: [] });
  const tail: Slice = { height: 1, items: [{ kind: 'line', x1: 0, y1: 0, x2: width, y2: 0, color: COLORS.rule, lineWidth: 0.6 }] };
  return { width, head, rows, tail };
}

/** An address in pieces that each fit `width`, cut between characters. */
function breakAddress(fonts: FontStore, url: string, width: number): string[] {
  const pieces: string[] = [];
  let rest = url;
  while (rest.length > 0) {
    let low = 1;
    let high = rest.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (styledWidth(fonts, rest.slice(0, mid), URL_STYLE) <= width) low = mid;
      else high = mid - 1;
    }
    pieces.push(rest.slice(0, low));
    rest = rest.slice(low);
  }
  return pieces;
}

/** Prose may mark a lead-in in bold with **...**; nothing else is interpreted. */
export function parseInline(text: string): Run[] {
  const runs: Run[] = [];
  text.split(/(\*\*[^*]+\*\*)/).forEach((part) => {
    if (!part) return;
    if (part.startsWith('**') && part.endsWith('**')) runs.push({ text: part.slice(2, -2), style: 'bold' });
    else runs.push({ text: part });
  });
  return runs;
}

/** Text items for one wrapped line, segments of every size sharing one baseline. */
export function placeLine(fonts: FontStore, line: Line, x: number, y: number, base: TextStyle): Item[] {
  const baseline = y + Math.max(...line.segments.map((s) => fonts.ascent(s.face, s.size)), fonts.ascent(base.face, base.size));
  const items: Item[] = [];
  let cursor = x;
  for (const segment of line.segments) {
    if (segment.boxes) {
      items.push(...tickBoxes(segment, cursor, baseline));
      cursor += segment.width;
      continue;
    }
    items.push({
      kind: 'text',
      x: round(cursor),
      y: round(baseline - fonts.ascent(segment.face, segment.size)),
      text: segment.text,
      face: segment.face,
      size: segment.size,
      color: segment.color,
    });
    cursor += segment.width;
  }
  return items;
}

/** A segment of tick boxes as empty squares standing on the baseline; spaces stay spaces. */
function tickBoxes(segment: Segment, x: number, baseline: number): Item[] {
  const side = TICK_BOX.side * segment.size;
  const gap = TICK_BOX.gap * segment.size;
  const items: Item[] = [];
  let cursor = x;
  let previousBox = false;
  for (const char of segment.text) {
    if (char === ' ') {
      cursor += TICK_BOX.space * segment.size;
      previousBox = false;
      continue;
    }
    if (previousBox) cursor += gap;
    // a touch below the baseline, as a capital's bottom sits on it and the box's rule has width
    items.push({ kind: 'rect', x: round(cursor), y: round(baseline - side + 0.6), w: round(side), h: round(side), stroke: segment.color, lineWidth: 0.6 });
    cursor += side;
    previousBox = true;
  }
  return items;
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
