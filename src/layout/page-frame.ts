import { pageNumberText, READING_FOOTNOTE, READING_FOOTNOTE_SHORT, type DocumentMeta } from '../doc/model.js';
import type { FontStore } from './fonts.js';
import { placeLine } from './blocks.js';
import { round, type Item } from './primitives.js';
import { showsHouse, showsReading } from './reading-mark.js';
import { COLORS, MM, PAGE, PAPER_SIZES, TYPE, type TextStyle } from './style.js';
import { wrapRuns } from './wrap.js';

/**
 * The frame every page of sheets, drawings and tokens is printed in: the margins, the header
 * with the sheet's and the document's titles, and the footer with the rule set, seed, page
 * number and scale bar.
 */

/** The part of a page between header and footer, and the width of one of its columns. */
export interface Frame {
  width: number;
  height: number;
  left: number;
  top: number;
  bottom: number;
  columnWidth: number;
}

export function pageFrame(paper: DocumentMeta['paper']): Frame {
  const { width, height } = PAPER_SIZES[paper];
  const left = PAGE.marginX;
  const top = PAGE.marginTop + PAGE.headerHeight;
  const bottom = height - PAGE.footerHeight;
  const columnWidth = (width - 2 * PAGE.marginX - PAGE.gutter * (PAGE.columns - 1)) / PAGE.columns;
  return { width, height, left, top, bottom, columnWidth };
}

export function pageHeader(fonts: FontStore, sheetTitle: string, meta: DocumentMeta, frame: Frame): Item[] {
  const titleStyle: TextStyle = { face: 'bold', size: TYPE.sheetTitle, color: COLORS.ink };
  const docStyle: TextStyle = { face: 'regular', size: 9, color: COLORS.muted };
  const y = PAGE.marginTop;
  const docTitle = wrapRuns(fonts, [{ text: meta.title }], docStyle, frame.width)[0]!;
  const items: Item[] = [];
  items.push(...placeLine(fonts, wrapRuns(fonts, [{ text: sheetTitle }], titleStyle, frame.width / 1.6)[0]!, frame.left, y, titleStyle));
  items.push(...placeLine(fonts, docTitle, frame.width - PAGE.marginX - docTitle.width, y + 5, docStyle));
  const ruleY = round(y + TYPE.sheetTitle * TYPE.leading + 2);
  items.push({ kind: 'line', x1: frame.left, y1: ruleY, x2: frame.width - PAGE.marginX, y2: ruleY, color: COLORS.titleBar, lineWidth: 1.2 });
  return items;
}

/**
 * Page 1's word on two-sided printing, under the header rule at the right, in the footer's
 * type: the band between the rule and the frame's top holds one line of it.
 */
export function headerNote(fonts: FontStore, note: string, frame: Frame): Item[] {
  const style: TextStyle = { face: 'bold', size: TYPE.footer, color: COLORS.ink };
  const ruleY = PAGE.marginTop + TYPE.sheetTitle * TYPE.leading + 2;
  const line = wrapRuns(fonts, [{ text: note }], style, frame.width - 2 * PAGE.marginX)[0]!;
  return placeLine(fonts, line, frame.width - PAGE.marginX - line.width, round(ruleY + 1), style);
}

/**
 * Footer: rule set, version, seed and page on every sheet, and a scale bar of 5 cm or 2 in so
 * a player can check that the printer did not shrink the page.
 */
export function pageFooter(fonts: FontStore, meta: DocumentMeta, frame: Frame, page: number, pages: number, content: readonly Item[]): Item[] {
  const style: TextStyle = { face: 'regular', size: TYPE.footer, color: COLORS.muted };
  const lineY = round(frame.bottom + 3 * MM);
  const items: Item[] = [
    { kind: 'line', x1: frame.left, y1: lineY, x2: frame.width - PAGE.marginX, y2: lineY, color: COLORS.rule, lineWidth: 0.5 },
  ];
  const footer = meta.words.footer;
  const pageText = pageNumberText(meta.words, meta.bookTitle ?? meta.title, page, pages);
  const textY = lineY + 2;
  const footerLine = wrapRuns(fonts, [{ text: footer }], style, frame.width)[0]!;
  items.push(...placeLine(fonts, footerLine, frame.left, textY, style));
  const pageLine = wrapRuns(fonts, [{ text: pageText }], style, frame.width)[0]!;
  items.push(...placeLine(fonts, pageLine, frame.width - PAGE.marginX - pageLine.width, textY, style));
  const barY = textY + TYPE.footer * TYPE.leading + 3;
  items.push(...scaleBar(meta.units, meta.words.scaleBar, frame.left, barY));
  // the marks' footnotes, on the scale bar's line where nothing else stands, their line box
  // ending level with the bar's foot as the bar's label does (clear of the print-safe edge)
  const house = meta.words.houseNote !== undefined && showsHouse(content) ? meta.words.houseNote : undefined;
  const text = footnoteText(fonts, style, showsReading(content), house, footnoteRoom(fonts, meta, frame));
  if (text) {
    const note = wrapRuns(fonts, [{ text }], style, frame.width)[0]!;
    items.push(...placeLine(fonts, note, frame.width - PAGE.marginX - note.width, barY - 0.8 + 3.5 - note.height, style));
  }
  return items;
}

/** The room on the scale bar's line right of the bar's label, for the footnotes. */
function footnoteRoom(fonts: FontStore, meta: DocumentMeta, frame: Frame): number {
  const bar = meta.units === 'cm' ? 5 * 10 * MM : 8 * (72 / 4);
  const label = fonts.textWidth(meta.words.scaleBar, 'regular', 6.5);
  return frame.width - 2 * PAGE.marginX - bar - 2 * MM - label - 3 * MM;
}

/**
 * The footnotes of the marks a page shows, as one line: the reading's alone as it always was;
 * beside the house note, the reading's short form where the long one leaves no room, and the
 * house names cut short (…) only where even that is too long.
 */
function footnoteText(fonts: FontStore, style: TextStyle, reading: boolean, house: string | undefined, room: number): string | undefined {
  if (house === undefined) return reading ? READING_FOOTNOTE : undefined;
  const width = (text: string) => fonts.textWidth(text, style.face, style.size);
  const candidates = reading ? [`${READING_FOOTNOTE} · ${house}`, `${READING_FOOTNOTE_SHORT} · ${house}`] : [house];
  const fits = candidates.find((text) => width(text) <= room);
  if (fits) return fits;
  let cut = candidates.at(-1)!;
  while (cut.length > 1 && width(`${cut}…`) > room) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}


/**
 * 5 cm in 1 cm blocks, or 2 in in quarter-inch blocks, alternately filled; the label beside
 * it, clear of the bar, both kept more than 6 mm from the paper's bottom edge.
 */
export function scaleBar(units: DocumentMeta['units'], label: string, x: number, y: number): Item[] {
  const step = units === 'cm' ? 10 * MM : 72 / 4;
  const steps = units === 'cm' ? 5 : 8;
  const height = 3.5;
  const top = y - 0.8;
  const items: Item[] = [];
  for (let i = 0; i < steps; i++) {
    items.push({
      kind: 'rect',
      x: round(x + i * step),
      y: round(top),
      w: round(step),
      h: height,
      fill: i % 2 === 0 ? COLORS.ink : '#ffffff',
      stroke: COLORS.ink,
      lineWidth: 0.4,
    });
  }
  const style: TextStyle = { face: 'regular', size: 6.5, color: COLORS.muted };
  // the label's line box ends level with the bar's foot, 2 mm right of its end
  const labelX = x + steps * step + 2 * MM;
  items.push({ kind: 'text', x: round(labelX), y: round(top + height - style.size * TYPE.leading), text: label, face: style.face, size: style.size, color: style.color });
  return items;
}
