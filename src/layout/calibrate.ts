import { PAPER_SPECS, type DocumentMeta, type Run } from '../doc/model.js';
import { backShift } from './card-grids.js';
import { TextFitError } from './errors.js';
import { withFallbackFonts } from './fallback.js';
import type { FontStore } from './fonts.js';
import { placeLine } from './blocks.js';
import { scaleBar } from './page-frame.js';
import { round, translate, type Item, type PlacedDocument, type PlacedPage } from './primitives.js';
import { COLORS, MM, PAPER_SIZES, TYPE, type TextStyle } from './style.js';
import { wrapRuns } from './wrap.js';

/**
 * The duplex calibration sheet: one page printed on both sides. The front has five targets (a
 * thin cross with a millimetre ruler on its arms) near the corners and in the middle; the back
 * has a thick grey cross at each place the front's target lands when the sheet is turned over
 * (mirrored across the page for a long-edge flip, up and down for a short-edge flip), so
 * against the light the grey cross shows how far the backs land from the fronts.
 */

/** How far a corner target's centre sits from the paper's side and top or bottom edges, in mm. */
export const TARGET_INSET = { x: 30, y: 36 };
/** Length of a cross's arm from its centre, in mm. */
export const ARM = 12;
/** The widest a ruler's numbers reach, as a reading: 10 mm either way. */
export const READING_RANGE = 10;

export interface CalibrationTarget {
  label: string;
  /** the target's centre on the front, in points from the top-left corner */
  x: number;
  y: number;
}

/** The five targets of the front: four corners (A top left, B top right, C bottom left, D bottom right) and E in the middle. */
export function calibrationTargets(paper: DocumentMeta['paper']): CalibrationTarget[] {
  const { width, height } = PAPER_SIZES[paper];
  const ix = TARGET_INSET.x * MM;
  const iy = TARGET_INSET.y * MM;
  return [
    { label: 'A', x: ix, y: iy },
    { label: 'B', x: width - ix, y: iy },
    { label: 'C', x: ix, y: height - iy },
    { label: 'D', x: width - ix, y: height - iy },
    { label: 'E', x: width / 2, y: height / 2 },
  ];
}

/**
 * Where a point of the front lies on the back page, so that the two meet through the paper: a
 * long-edge flip mirrors left and right, a short-edge flip top and bottom (the same mirroring
 * the card backs use); then the back offset, given as seen on the front.
 */
export function backPosition(
  point: { x: number; y: number },
  paper: DocumentMeta['paper'],
  print: { duplex: 'long' | 'short'; backOffset: { x: number; y: number } },
): { x: number; y: number } {
  const { width, height } = PAPER_SIZES[paper];
  const { dx, dy } = backShift(print);
  return print.duplex === 'long' ? { x: width - point.x + dx, y: point.y + dy } : { x: point.x + dx, y: height - point.y + dy };
}

const TEXT: TextStyle = { face: 'regular', size: 9, color: COLORS.ink };
const SMALL: TextStyle = { face: 'regular', size: 6.5, color: COLORS.muted };
const BACK_GREY = '#8a8f86';

function text(fonts: FontStore, value: string, x: number, y: number, style: TextStyle, align: 'left' | 'center' = 'left'): Item {
  const left = align === 'center' ? x - fonts.textWidth(value, style.face, style.size) / 2 : x;
  return { kind: 'text', x: round(left), y: round(y), text: value, face: style.face, size: style.size, color: style.color };
}

/** Paragraphs set in `width` from (x, y); returns the items and the y below them. */
function paragraphs(fonts: FontStore, paras: readonly Run[][], x: number, y: number, width: number, style: TextStyle): { items: Item[]; bottom: number } {
  const items: Item[] = [];
  let cursor = y;
  for (const runs of paras) {
    for (const line of wrapRuns(fonts, runs, style, width)) {
      items.push(...placeLine(fonts, line, x, cursor, style));
      cursor += line.height;
    }
    cursor += style.size * 0.6;
  }
  return { items, bottom: cursor };
}

/**
 * The steps in the room above the middle target and below it, the first three above where they
 * fit at 9 pt; else the largest type down to 7 pt, parted where both halves fit. Undefined
 * where none does.
 */
function setSteps(fonts: FontStore, steps: readonly Run[][], x: number, width: number, upper: { top: number; end: number }, lower: { top: number; end: number }): Item[] | undefined {
  for (const size of [9, 8.5, 8, 7.5, 7]) {
    const style = { ...TEXT, size };
    for (const split of [3, 2, 4, 1, 5]) {
      if (split > steps.length) continue;
      const above = paragraphs(fonts, steps.slice(0, split), x, upper.top, width, style);
      const below = paragraphs(fonts, steps.slice(split), x, lower.top, width, style);
      if (above.bottom - size * 0.6 <= upper.end && below.bottom - size * 0.6 <= lower.end) return [...above.items, ...below.items];
    }
  }
  return undefined;
}

/** The front's target: a thin black cross with a tick every millimetre and numbers every 5, centred on the origin. */
function frontTarget(fonts: FontStore, label: string): Item[] {
  const arm = ARM * MM;
  const items: Item[] = [
    { kind: 'line', x1: -arm, y1: 0, x2: arm, y2: 0, color: '#000000', lineWidth: 0.35 },
    { kind: 'line', x1: 0, y1: -arm, x2: 0, y2: arm, color: '#000000', lineWidth: 0.35 },
    { kind: 'circle', cx: 0, cy: 0, r: 1 * MM, stroke: '#000000', lineWidth: 0.3 },
  ];
  for (let mm = -READING_RANGE; mm <= READING_RANGE; mm++) {
    if (mm === 0) continue;
    const tick = (mm % 5 === 0 ? 1.8 : 1) * MM;
    const at = mm * MM;
    items.push({ kind: 'line', x1: at, y1: -tick, x2: at, y2: tick, color: '#000000', lineWidth: 0.25 });
    items.push({ kind: 'line', x1: -tick, y1: at, x2: tick, y2: at, color: '#000000', lineWidth: 0.25 });
    if (mm % 5 === 0) {
      const n = String(Math.abs(mm));
      // across: numbers under the horizontal arm; down: numbers right of the vertical arm
      items.push(text(fonts, n, at, 2.4 * MM, SMALL, 'center'));
      items.push(text(fonts, n, 2.4 * MM, at - SMALL.size * 0.6, SMALL));
    }
  }
  items.push(text(fonts, label, -ARM * MM, -ARM * MM, { face: 'bold', size: 10, color: COLORS.ink }));
  return items;
}

/** The back's mark: a thick grey cross with a millimetre scale and a ring, centred on the origin. */
function backTarget(fonts: FontStore, label: string): Item[] {
  const arm = ARM * MM;
  const items: Item[] = [
    { kind: 'line', x1: -arm, y1: 0, x2: arm, y2: 0, color: BACK_GREY, lineWidth: 1.4 },
    { kind: 'line', x1: 0, y1: -arm, x2: 0, y2: arm, color: BACK_GREY, lineWidth: 1.4 },
    { kind: 'circle', cx: 0, cy: 0, r: 3 * MM, stroke: BACK_GREY, lineWidth: 0.8 },
  ];
  for (let mm = -READING_RANGE; mm <= READING_RANGE; mm++) {
    if (mm === 0) continue;
    const tick = (mm % 5 === 0 ? 2.2 : 1.3) * MM;
    const at = mm * MM;
    items.push({ kind: 'line', x1: at, y1: -tick, x2: at, y2: tick, color: BACK_GREY, lineWidth: 0.5 });
    items.push({ kind: 'line', x1: -tick, y1: at, x2: tick, y2: at, color: BACK_GREY, lineWidth: 0.5 });
  }
  items.push(text(fonts, `${label} (back)`, -ARM * MM, -ARM * MM, { face: 'bold', size: 8, color: BACK_GREY }));
  return items;
}

function footer(fonts: FontStore, meta: DocumentMeta, side: string, width: number, height: number): Item[] {
  // the bar's label beside it, wrapped where the paper is narrow; the line above rises with it
  const label = wrapRuns(fonts, [{ text: meta.words.scaleBar }], LABEL, width - 2 * 12 * MM - 50 * MM - 2 * MM);
  const y = height - 17 * MM - (label.length - 1) * LABEL.size * TYPE.leading;
  return [
    text(fonts, `muster ${meta.toolVersion} · two-sided printing check · ${PAPER_SPECS[meta.paper].name} · ${side}`, 12 * MM, y, { face: 'regular', size: 7, color: COLORS.muted }),
    ...scaleBar(fonts, 'cm', label, 12 * MM, height - 12 * MM),
  ].map((item) => translate([item], 0, 0)[0]!);
}

const LABEL: TextStyle = { face: 'regular', size: 6.5, color: COLORS.muted };

function offsetWords(offset: { x: number; y: number }): string {
  const across = offset.x === 0 ? '' : `${Math.abs(offset.x)} mm to the ${offset.x > 0 ? 'right' : 'left'}`;
  const down = offset.y === 0 ? '' : `${Math.abs(offset.y)} mm ${offset.y > 0 ? 'down' : 'up'}`;
  return [across, down].filter(Boolean).join(' and ');
}

/** The sheet as two pages: the front with the targets and the instructions, then its back. */
export function layoutCalibration(fonts: FontStore, meta: DocumentMeta, print: { duplex: 'long' | 'short'; backOffset: { x: number; y: number } }): PlacedDocument {
  const { width, height } = PAPER_SIZES[meta.paper];
  const targets = calibrationTargets(meta.paper);
  const edge = print.duplex === 'long' ? 'long' : 'short';
  const setting = `${print.backOffset.x},${print.backOffset.y}`;

  const front: Item[] = [];
  front.push(text(fonts, 'Two-sided printing check', width / 2, 13 * MM, { face: 'bold', size: 14, color: COLORS.ink }, 'center'));
  front.push(text(fonts, 'front: print this side first', width / 2, 20 * MM, { face: 'regular', size: 8, color: COLORS.muted }, 'center'));
  for (const t of targets) front.push(...translate(frontTarget(fonts, t.label), t.x, t.y));

  const shifted = print.backOffset.x !== 0 || print.backOffset.y !== 0;
  const steps: Run[][] = [
    [
      { text: '1. Print this page on both sides of one sheet, ', style: 'bold' },
      {
        text: `the way you print cards: two-sided, turned over on the ${edge} edge, at actual size (turn off "fit to page"). The bar at the foot of the page should measure 5 cm.`,
      },
    ],
    [
      { text: '2. Hold the sheet up to a window or a lamp, this side towards you. ', style: 'bold' },
      { text: 'At each of the five targets you see the thin black cross of this side and, through the paper, the thick grey cross printed on the back.' },
    ],
    [
      { text: '3. Read where the centre of the grey cross lies on the black ruler ', style: 'bold' },
      {
        text: 'at target E, in the middle: so many millimetres to the right or left, and up or down. Each tick is 1 mm; the numbered ticks are 5 and 10 mm. The corners should read about the same; if they differ a lot, the printer turns or shrinks the back, and the middle is the best reading.',
      },
    ],
    [
      { text: '4. The setting to change is the back offset, two numbers X,Y. ', style: 'bold' },
      {
        text: 'X moves the backs to the right and Y moves them down, in millimetres, as seen from this side; a minus moves them left or up. Give the opposite of your reading: grey cross 2 mm right and 1 mm up means -2,1; grey cross 1.5 mm left and 0.5 mm down means 1.5,-0.5.',
      },
    ],
    [
      { text: '5. Print your cards and tokens with that setting. ', style: 'bold' },
      { text: 'To check it, print this page again with the same setting: the crosses should then meet.' },
    ],
    ...(shifted
      ? [
          [
            {
              text: `This sheet was printed with the backs moved ${offsetWords(print.backOffset)} (setting ${setting}). Add the opposite of a new reading to it.`,
              style: 'italic' as const,
            },
          ],
        ]
      : []),
  ];
  // the instructions fill the space between the top targets and the middle one, and below it:
  // three steps above, the rest below, in 9 pt; on a smaller paper (A5) smaller type, and the
  // steps parted where they fit; never over a target
  const textLeft = 20 * MM;
  const textWidthPt = width - 2 * textLeft;
  const middleBottom = height / 2 + (ARM + 6) * MM;
  const upperEnd = height / 2 - (ARM + 2) * MM;
  const lowerEnd = height - (TARGET_INSET.y + ARM + 2) * MM;
  const set = setSteps(fonts, steps, textLeft, textWidthPt, { top: 56 * MM, end: upperEnd }, { top: middleBottom, end: lowerEnd });
  if (!set) throw new TextFitError(`the two-sided printing check: its instructions do not fit between the targets of a ${PAPER_SPECS[meta.paper].name} page; print it on A4 or Letter`);
  front.push(...set);
  front.push(...footer(fonts, meta, 'front', width, height));

  const back: Item[] = [];
  back.push(text(fonts, 'Back of the printing check', width / 2, 13 * MM, { face: 'bold', size: 14, color: BACK_GREY }, 'center'));
  back.push(
    ...paragraphs(fonts, 
      [[{ text: `This side is printed second, turned over on the ${edge} edge. Read the sheet from the front, held up to the light: the grey crosses of this side show through it.` }]],
      textLeft,
      56 * MM,
      textWidthPt,
      { ...TEXT, color: COLORS.muted },
    ).items,
  );
  for (const t of targets) {
    const at = backPosition(t, meta.paper, print);
    back.push(...translate(backTarget(fonts, t.label), at.x, at.y));
  }
  back.push(...footer(fonts, meta, 'back', width, height));

  const pages: PlacedPage[] = [front, back].map((items) => ({ width: round(width), height: round(height), items: translate(items, 0, 0) }));
  const fonted = withFallbackFonts(fonts, pages);
  return { meta, pages: fonted.pages, missingGlyphs: fonted.missingGlyphs, wantingGlyphs: fonted.wantingGlyphs };
}
