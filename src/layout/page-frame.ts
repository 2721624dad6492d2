import { pageNumberText, PAPER_SPECS, READING_FOOTNOTE, READING_FOOTNOTE_SHORT, type DocumentMeta } from '../doc/model.js';
import type { FontStore } from './fonts.js';
import { placeLine } from './blocks.js';
import { TextFitError } from './errors.js';
import { round, type Item } from './primitives.js';
import { showsHouse, showsReading } from './reading-mark.js';
import { COLORS, MM, PAGE, PAPER_SIZES, PRINT_SAFE, TYPE, type TextStyle } from './style.js';
import { wrapRuns, type Line } from './wrap.js';

/**
 * The frame every page of sheets, drawings and tokens is printed in: the margins, the header
 * with the sheet's and the document's titles, and the footer with the rule set, seed, page
 * number and scale bar. Every text of it is measured: it wraps, or gives way by the rules of
 * docs/design.md (Print conventions, Words never cut), and a text that cannot fit is refused.
 */

/** The part of a page between header and footer, and the width of one of its columns. */
export interface Frame {
  width: number;
  height: number;
  left: number;
  top: number;
  bottom: number;
  /** columns of blocks: two where each is at least MIN_COLUMN wide, else one */
  columns: number;
  columnWidth: number;
  /** how the footer's texts are set on this document's pages */
  footer: FooterPlan;
}

/** The narrowest column a table is set in: paper narrower than two of these (A5) takes one column. */
const MIN_COLUMN = 80 * MM;

/**
 * The frame of a document's pages: its footer measured for the document's own words, so a
 * footer that needs more lines (a long seed, a narrow paper) takes its room from the content.
 */
export function pageFrame(fonts: FontStore, meta: DocumentMeta): Frame {
  const { width, height } = PAPER_SIZES[meta.paper];
  const inner = width - 2 * PAGE.marginX;
  const twoColumns = (inner - PAGE.gutter) / 2 >= MIN_COLUMN;
  const columns = twoColumns ? PAGE.columns : 1;
  const footer = planFooter(fonts, meta, width);
  const left = PAGE.marginX;
  const top = PAGE.marginTop + PAGE.headerHeight;
  const bottom = height - PAGE.footerHeight - footer.extra;
  const columnWidth = (inner - PAGE.gutter * (columns - 1)) / columns;
  return { width, height, left, top, bottom, columns, columnWidth, footer };
}

const HEADER_TITLE: TextStyle = { face: 'bold', size: TYPE.sheetTitle, color: COLORS.ink };
const HEADER_DOC: TextStyle = { face: 'regular', size: 9, color: COLORS.muted };
const HEADER_NOTE: TextStyle = { face: 'bold', size: TYPE.footer, color: COLORS.ink };
/** Room between the page's title and the document's beside it. */
const TITLE_GAP = 4 * MM;
/** A page's title on one line: from its size down to this, before it takes two lines. */
const TITLE_ONE_LINE_LEAST = 10;
/** A page's title on two lines: at most this size, at least the next. */
const TITLE_TWO_LINES = { most: 13, least: 8 };
/** The header's highest line keeps this far from the paper's top edge. */
const HEADER_TOP_LEAST = PRINT_SAFE.edge + 0.5 * MM;

/**
 * The header: the page's title over a rule, the document's title at the right where there is
 * room beside it, and page 1's word on two-sided printing under the rule. Laid from the rule's
 * note band up, where they stand on every page: the page's title at 15 pt on one line; where
 * it and the document's title do not fit side by side, the document's gives way (the footer
 * names it on every page); a title too long alone is set smaller, down to 10 pt, then on two
 * lines (13 to 8 pt) rising into the top margin, never into its print-safe 6 mm. A note of
 * more than one line lifts the rule and title by its extra lines. What still does not fit is
 * refused.
 */
export function pageHeader(fonts: FontStore, sheetTitle: string, meta: DocumentMeta, frame: Frame, note?: string): Item[] {
  const inner = frame.width - 2 * PAGE.marginX;
  const noteLines = note ? wrapRuns(fonts, [{ text: note }], HEADER_NOTE, inner) : [];
  // the note band under the rule ends where its one line always has (29.4 pt under the margin)
  const noteLead = HEADER_NOTE.size * TYPE.leading;
  const ruleY = PAGE.marginTop + TYPE.sheetTitle * TYPE.leading + 2 - Math.max(0, noteLines.length - 1) * noteLead;
  const titleBottom = ruleY - 2;
  const room = titleBottom - HEADER_TOP_LEAST;
  const title = headerTitle(fonts, sheetTitle, meta.title, inner, room);
  if (!title) {
    throw new TextFitError(
      `${meta.title}: the page title "${sheetTitle}" does not fit the header of a ${PAPER_SPECS[meta.paper].name} page, even on two lines at ${TITLE_TWO_LINES.least} pt${noteLines.length > 1 ? ` above page 1's ${noteLines.length}-line note on two-sided printing` : ''}; shorten the title, or print on larger paper`,
    );
  }
  const items: Item[] = [];
  let y = titleBottom - title.lines.length * title.style.size * TYPE.leading;
  for (const line of title.lines) {
    items.push(...placeLine(fonts, line, frame.left, round(y), title.style));
    y += title.style.size * TYPE.leading;
  }
  if (title.doc) items.push(...placeLine(fonts, title.doc, frame.width - PAGE.marginX - title.doc.width, round(titleBottom - 13), HEADER_DOC));
  items.push({ kind: 'line', x1: frame.left, y1: round(ruleY), x2: frame.width - PAGE.marginX, y2: round(ruleY), color: COLORS.titleBar, lineWidth: 1.2 });
  noteLines.forEach((line, i) => items.push(...placeLine(fonts, line, frame.width - PAGE.marginX - line.width, round(ruleY + 1 + i * noteLead), HEADER_NOTE)));
  return items;
}

/** The page's title as the header sets it, with the document's title beside it where it has room; undefined where it cannot fit. */
function headerTitle(fonts: FontStore, sheetTitle: string, docTitle: string, inner: number, room: number): { lines: Line[]; style: TextStyle; doc?: Line } | undefined {
  const at = (size: number): TextStyle => ({ ...HEADER_TITLE, size });
  const oneLine = (size: number) => {
    const lines = wrapRuns(fonts, [{ text: sheetTitle }], at(size), inner);
    return lines.length === 1 && size * TYPE.leading <= room + 0.01 ? lines : undefined;
  };
  const full = oneLine(TYPE.sheetTitle);
  if (full) {
    const doc = wrapRuns(fonts, [{ text: docTitle }], HEADER_DOC, inner);
    const beside = doc.length === 1 && full[0]!.width + TITLE_GAP + doc[0]!.width <= inner + 0.01;
    return { lines: full, style: at(TYPE.sheetTitle), ...(beside ? { doc: doc[0]! } : {}) };
  }
  for (let size = TYPE.sheetTitle - 0.5; size >= TITLE_ONE_LINE_LEAST; size -= 0.5) {
    const lines = oneLine(size);
    if (lines) return { lines, style: at(size) };
  }
  for (let size = TITLE_TWO_LINES.most; size >= TITLE_TWO_LINES.least; size -= 0.5) {
    const lines = wrapRuns(fonts, [{ text: sheetTitle }], at(size), inner);
    if (lines.length <= 2 && lines.length * size * TYPE.leading <= room + 0.01 && !brokenWord(sheetTitle, lines)) return { lines, style: at(size) };
  }
  return undefined;
}

/** Whether wrapping broke a word between lines (it had no room on a line of its own). */
function brokenWord(text: string, lines: readonly Line[]): boolean {
  const words = text.split(/[ \t\n]+/).filter((w) => w.length > 0).length;
  const set = lines.reduce((n, line) => n + line.segments.map((s) => s.text).join('').split(/[ \t\n]+/).filter((w) => w.length > 0).length, 0);
  return set !== words;
}

const FOOTER: TextStyle = { face: 'regular', size: TYPE.footer, color: COLORS.muted };
const FOOTER_LEAD = TYPE.footer * TYPE.leading;
const LABEL: TextStyle = { face: 'regular', size: 6.5, color: COLORS.muted };
const LABEL_LEAD = LABEL.size * TYPE.leading;
/** Room kept between two texts of the footer on one line. */
const FOOTER_GAP = 4 * MM;
/** The scale bar: 5 cm in 1 cm blocks, or 2 in in quarter inches; its label starts 2 mm past its end. */
const BAR = { cm: { step: 10 * MM, steps: 5 }, in: { step: 72 / 4, steps: 8 }, height: 3.5, labelGap: 2 * MM, noteGap: 3 * MM };

/**
 * How a document's footers are set, the same on each of its pages: the footer line, wrapped
 * where it is longer than the page is wide; the page's number beside its last line, or on
 * lines of its own (measured with four-digit numbers, so every page sets it alike); the footnotes of the marks on the scale bar's line, or on lines of their
 * own above it; the bar's label beside the bar, wrapped where it has not the room.
 */
export interface FooterPlan {
  footer: Line[];
  /** the lines the page's number takes under the footer's; none where it stands beside the footer's last */
  pageOwnLines: number;
  label: Line[];
  /** lines kept above the bar's for footnotes too long to stand beside its label */
  noteLines: number;
  /** how much higher the footer's rule stands than with one line each (the footer's usual two) */
  extra: number;
}

function planFooter(fonts: FontStore, meta: DocumentMeta, width: number): FooterPlan {
  const inner = width - 2 * PAGE.marginX;
  const footer = wrapRuns(fonts, [{ text: meta.words.footer }], FOOTER, inner);
  // measured with the widest page numbers a document may have, so every page sets it alike
  const pageLines = wrapRuns(fonts, [{ text: pageNumberText(meta.words, meta.bookTitle ?? meta.title, 8888, 8888) }], FOOTER, inner);
  const pageOwnLines = pageLines.length > 1 || footer[footer.length - 1]!.width + FOOTER_GAP + pageLines[0]!.width > inner + 0.01 ? pageLines.length : 0;
  const label = wrapRuns(fonts, [{ text: meta.words.scaleBar }], LABEL, labelRoom(meta, inner));
  const notes = footnoteCandidates(true, meta.words.houseNote);
  const beside = noteRoom(label, meta, inner);
  const noteLines = notes.some((text) => fonts.textWidth(text, FOOTER.face, FOOTER.size) <= beside) ? 0 : wrapRuns(fonts, [{ text: notes[0]! }], FOOTER, inner).length;
  const extra = (footer.length - 1 + pageOwnLines + noteLines) * FOOTER_LEAD + (label.length - 1) * LABEL_LEAD;
  return { footer, pageOwnLines, label, noteLines, extra };
}

function barLength(units: DocumentMeta['units']): number {
  return BAR[units].step * BAR[units].steps;
}

/** The room for the bar's label, right of the bar. */
function labelRoom(meta: DocumentMeta, inner: number): number {
  return inner - barLength(meta.units) - BAR.labelGap;
}

/** The room on the bar's line right of its label, for the footnotes. */
function noteRoom(label: readonly Line[], meta: DocumentMeta, inner: number): number {
  return inner - barLength(meta.units) - BAR.labelGap - Math.max(...label.map((l) => l.width)) - BAR.noteGap;
}

/** The footnotes of the marks a page shows, as one line, longest first: the reading's long form, then its short one beside the house note. */
function footnoteCandidates(reading: boolean, house: string | undefined): string[] {
  if (house === undefined) return reading ? [READING_FOOTNOTE] : [];
  return reading ? [`${READING_FOOTNOTE} · ${house}`, `${READING_FOOTNOTE_SHORT} · ${house}`] : [house];
}

/**
 * Footer: rule set, version, seed and page on every sheet, and a scale bar of 5 cm or 2 in so
 * a player can check that the printer did not shrink the page.
 */
export function pageFooter(fonts: FontStore, meta: DocumentMeta, frame: Frame, page: number, pages: number, content: readonly Item[]): Item[] {
  const plan = frame.footer;
  const inner = frame.width - 2 * PAGE.marginX;
  const right = frame.width - PAGE.marginX;
  const lineY = round(frame.bottom + 3 * MM);
  const items: Item[] = [{ kind: 'line', x1: frame.left, y1: lineY, x2: right, y2: lineY, color: COLORS.rule, lineWidth: 0.5 }];
  // the first line close under the rule, so its descenders keep clear of the bar's line below
  let y = lineY + 0.8;
  plan.footer.forEach((line, i) => {
    items.push(...placeLine(fonts, line, frame.left, y, FOOTER));
    if (i < plan.footer.length - 1) y += FOOTER_LEAD;
  });
  const pageLines = wrapRuns(fonts, [{ text: pageNumberText(meta.words, meta.bookTitle ?? meta.title, page, pages) }], FOOTER, inner);
  if (plan.pageOwnLines > 0) y += FOOTER_LEAD;
  pageLines.forEach((line, i) => items.push(...placeLine(fonts, line, right - line.width, y + i * FOOTER_LEAD, FOOTER)));
  const notesTop = y + Math.max(1, plan.pageOwnLines) * FOOTER_LEAD;
  const barY = lineY + 2 + plan.extra + FOOTER_LEAD + 3;
  items.push(...scaleBar(fonts, meta.units, plan.label, frame.left, barY));
  // the marks' footnotes: on the scale bar's line where they fit beside its label, their line
  // box ending level with the bar's foot as the label's does; else on the lines kept for them
  const house = meta.words.houseNote !== undefined && showsHouse(content) ? meta.words.houseNote : undefined;
  const candidates = footnoteCandidates(showsReading(content), house);
  if (candidates.length === 0) return items;
  const beside = candidates.find((text) => fonts.textWidth(text, FOOTER.face, FOOTER.size) <= noteRoom(plan.label, meta, inner));
  if (beside !== undefined) {
    const note = wrapRuns(fonts, [{ text: beside }], FOOTER, inner)[0]!;
    items.push(...placeLine(fonts, note, right - note.width, barY - 0.8 + BAR.height - note.height, FOOTER));
    return items;
  }
  const lines = wrapRuns(fonts, [{ text: candidates[0]! }], FOOTER, inner);
  lines.forEach((line, i) => items.push(...placeLine(fonts, line, right - line.width, notesTop + i * FOOTER_LEAD, FOOTER)));
  return items;
}

/**
 * 5 cm in 1 cm blocks, or 2 in in quarter-inch blocks, alternately filled; the label beside
 * it, clear of the bar, its last line's box ending level with the bar's foot, both kept more
 * than 6 mm from the paper's bottom edge.
 */
export function scaleBar(fonts: FontStore, units: DocumentMeta['units'], label: readonly Line[], x: number, y: number): Item[] {
  const { step, steps } = BAR[units];
  const top = y - 0.8;
  const items: Item[] = [];
  for (let i = 0; i < steps; i++) {
    items.push({
      kind: 'rect',
      x: round(x + i * step),
      y: round(top),
      w: round(step),
      h: BAR.height,
      fill: i % 2 === 0 ? COLORS.ink : '#ffffff',
      stroke: COLORS.ink,
      lineWidth: 0.4,
    });
  }
  const labelX = x + steps * step + BAR.labelGap;
  label.forEach((line, i) => items.push(...placeLine(fonts, line, round(labelX), round(top + BAR.height - (label.length - i) * LABEL_LEAD), LABEL)));
  return items;
}
