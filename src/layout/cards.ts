import type { CardBack, CardFront, CardPrint, DeckNode, DocumentMeta, Paper, Run } from '../doc/model.js';
import { renderTemplate } from '../doc/templates.js';
import { UsageError } from '../errors.js';
import { placeLine } from './blocks.js';
import { textWidth } from './fonts.js';
import { round, translate, type Item, type PlacedPage } from './primitives.js';
import { areaFill, COLORS, inkOn, MM, PAPER_SIZES, printChoice, TYPE, type Ink, type TextStyle } from './style.js';
import { wrapRuns, type Line } from './wrap.js';

/** Which edges of a card lie on the outside of the grid and get bleed. */
export interface BleedSides {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface CardSlot {
  /** cut-line rectangle of the card, in points */
  x: number;
  y: number;
  column: number;
  row: number;
}

export interface CardGrid {
  columns: number;
  rows: number;
  width: number;
  height: number;
  /** top-left corner of the grid's cut lines */
  x0: number;
  y0: number;
  pageWidth: number;
  pageHeight: number;
}

/** Room kept outside the bleed for crop marks, the footer and the scale bar. */
const MIN_MARGIN = 4 * MM;

/**
 * Cards sit edge to edge so one cut separates two cards; bleed runs round the outside of the
 * grid. As many columns and rows as fit the paper with room for marks.
 */
export function cardGrid(paper: Paper, print: CardPrint): CardGrid {
  const { width: pageWidth, height: pageHeight } = PAPER_SIZES[paper];
  const width = print.width * MM;
  const height = print.height * MM;
  const bleed = print.bleed * MM;
  const columns = Math.floor((pageWidth - 2 * (bleed + MIN_MARGIN)) / width);
  const rows = Math.floor((pageHeight - 2 * (bleed + MIN_MARGIN)) / height);
  if (columns < 1 || rows < 1) {
    throw new UsageError(`cards of ${print.width} x ${print.height} mm with ${print.bleed} mm bleed do not fit on ${paper} paper`);
  }
  return {
    columns,
    rows,
    width,
    height,
    x0: (pageWidth - columns * width) / 2,
    y0: (pageHeight - rows * height) / 2,
    pageWidth,
    pageHeight,
  };
}

/**
 * The back offset as a shift on the back page, in points. The offset is given as seen on the
 * front (X right, Y down, looking at the front with the sheet held to the light); the page
 * turns over, so a long-edge flip reverses X on the back page and a short-edge flip reverses Y.
 */
export function backShift(print: { duplex: 'long' | 'short'; backOffset: { x: number; y: number } }): { dx: number; dy: number } {
  const x = print.backOffset.x * MM;
  const y = print.backOffset.y * MM;
  return print.duplex === 'long' ? { dx: x === 0 ? 0 : -x, dy: y } : { dx: x, dy: y === 0 ? 0 : -y };
}

/**
 * Where each card of a page goes. Backs are mirrored so they meet their fronts when printed
 * two-sided: across the columns for a flip on the long edge, across the rows for the short
 * edge; then shifted by the back offset to correct a printer.
 */
export function cardSlots(grid: CardGrid, count: number, side: 'front' | 'back', print: CardPrint): CardSlot[] {
  const slots: CardSlot[] = [];
  for (let i = 0; i < count; i++) {
    let column = i % grid.columns;
    let row = Math.floor(i / grid.columns);
    let dx = 0;
    let dy = 0;
    if (side === 'back') {
      if (print.duplex === 'long') column = grid.columns - 1 - column;
      else row = grid.rows - 1 - row;
      ({ dx, dy } = backShift(print));
    }
    slots.push({ x: grid.x0 + column * grid.width + dx, y: grid.y0 + row * grid.height + dy, column, row });
  }
  return slots;
}

function bleedFor(slot: CardSlot, grid: CardGrid, bleed: number): BleedSides {
  return {
    left: slot.column === 0 ? bleed : 0,
    right: slot.column === grid.columns - 1 ? bleed : 0,
    top: slot.row === 0 ? bleed : 0,
    bottom: slot.row === grid.rows - 1 ? bleed : 0,
  };
}

/** Every deck as pages: a sheet of fronts, then the sheet of their backs. */
export function layoutDeck(deck: DeckNode, meta: DocumentMeta, firstPage: number, totalPages: number): PlacedPage[] {
  const grid = cardGrid(meta.paper, deck.print);
  const perPage = grid.columns * grid.rows;
  const bleed = deck.print.bleed * MM;
  const pages: PlacedPage[] = [];
  const sheets = Math.ceil(deck.cards.length / perPage);
  const choice = printChoice(meta, deck.print);
  for (let s = 0; s < sheets; s++) {
    const cards = deck.cards.slice(s * perPage, (s + 1) * perPage);
    for (const side of choice.backs ? (['front', 'back'] as const) : (['front'] as const)) {
      const items: Item[] = [];
      cardSlots(grid, cards.length, side, deck.print).forEach((slot, i) => {
        const card = cards[i]!;
        const sides = bleedFor(slot, grid, bleed);
        const drawn = side === 'front' ? layoutCardFront(card.front, grid.width, grid.height, sides, choice.ink) : layoutCardBack(card.back, grid.width, grid.height, sides, choice.ink);
        items.push(...translate(drawn, slot.x, slot.y));
      });
      if (deck.print.marks) items.push(...cropMarks(grid, bleed, side === 'back' ? backShift(deck.print) : { dx: 0, dy: 0 }));
      const page = firstPage + pages.length;
      items.push(...marginFooter(meta, grid, `${deck.title}, ${side}s, sheet ${s + 1} of ${sheets}`, page, totalPages));
      pages.push({ width: round(grid.pageWidth), height: round(grid.pageHeight), items });
    }
  }
  return pages;
}

export function deckPageCount(deck: DeckNode, meta: DocumentMeta): number {
  const grid = cardGrid(meta.paper, deck.print);
  return (printChoice(meta, deck.print).backs ? 2 : 1) * Math.ceil(deck.cards.length / (grid.columns * grid.rows));
}

/** How far from the paper's edge a crop mark ends, at the nearest. */
const EDGE_CLEAR = 5 * MM;

/** Short lines on every cut line, outside the bleed, where a knife or guillotine lines up. */
function cropMarks(grid: CardGrid, bleed: number, shift: { dx: number; dy: number }): Item[] {
  const items: Item[] = [];
  const gap = bleed + 1 * MM;
  const length = 3 * MM;
  const { dx, dy } = shift;
  const left = grid.x0 + dx;
  const top = grid.y0 + dy;
  const right = left + grid.columns * grid.width;
  const bottom = top + grid.rows * grid.height;
  // home printers print nothing near the paper's edge: a mark stops short of it, and one
  // with no room left there (the top and bottom of three rows on Letter) is left out
  const mark = (x1: number, y1: number, x2: number, y2: number) => {
    const clampX = Math.min(Math.max(x2, EDGE_CLEAR), grid.pageWidth - EDGE_CLEAR);
    const clampY = Math.min(Math.max(y2, EDGE_CLEAR), grid.pageHeight - EDGE_CLEAR);
    if (Math.hypot(clampX - x1, clampY - y1) < 1 * MM || (clampX - x1) * (x2 - x1) < 0 || (clampY - y1) * (y2 - y1) < 0) return;
    items.push({ kind: 'line', x1: round(x1), y1: round(y1), x2: round(clampX), y2: round(clampY), color: '#000000', lineWidth: 0.3 });
  };
  for (let c = 0; c <= grid.columns; c++) {
    const x = left + c * grid.width;
    mark(x, top - gap, x, top - gap - length);
    mark(x, bottom + gap, x, bottom + gap + length);
  }
  for (let r = 0; r <= grid.rows; r++) {
    const y = top + r * grid.height;
    mark(left - gap, y, left - gap - length, y);
    mark(right + gap, y, right + gap + length, y);
  }
  return items;
}

/**
 * Footer and scale bar run along the side margins, inside the middle row, clear of the crop
 * marks: rule set and version on the left edge, a 5 cm bar on the right.
 */
function marginFooter(meta: DocumentMeta, grid: CardGrid, what: string, page: number, pages: number): Item[] {
  const style: TextStyle = { face: 'regular', size: 6, color: COLORS.muted };
  const text = `${renderTemplate('page-footer', {
    systemName: meta.systemName,
    rulesVersion: meta.rulesVersion,
    toolVersion: meta.toolVersion,
    seed: meta.seed ?? '',
  })} · ${renderTemplate('page-number', { title: what, page, pages })}`;
  const middleTop = grid.y0 + Math.floor(grid.rows / 2) * grid.height;
  const middleBottom = middleTop + grid.height;
  const width = textWidth(text, style.face, style.size);
  const x = grid.x0 / 2 - (style.size * TYPE.leading) / 2;
  const items: Item[] = [
    { kind: 'text', x: round(x), y: round((middleTop + middleBottom) / 2 + width / 2), text, face: style.face, size: style.size, color: style.color, rotate: -90 },
  ];
  // the scale bar, upright in the right margin
  const unitsCm = meta.units === 'cm';
  const step = unitsCm ? 10 * MM : 72 / 4;
  const steps = unitsCm ? 5 : 8;
  const barX = grid.pageWidth - grid.x0 / 2 - 2;
  const barTop = (middleTop + middleBottom) / 2 - (steps * step) / 2;
  for (let i = 0; i < steps; i++) {
    items.push({ kind: 'rect', x: round(barX), y: round(barTop + i * step), w: 4, h: round(step), fill: i % 2 === 0 ? COLORS.ink : '#ffffff', stroke: COLORS.ink, lineWidth: 0.4 });
  }
  items.push({
    kind: 'text',
    x: round(barX - 2),
    y: round(barTop + steps * step),
    text: unitsCm ? '5 cm' : '2 in',
    face: 'bold',
    size: 6,
    color: COLORS.muted,
    rotate: -90,
  });
  return items;
}

const PAD = 2.6 * MM;
const HEADER = 15 * MM;
const FOOTER = 6 * MM;

/** A card front at the origin, its cut line at (0,0)-(w,h); bleed extends the header band. */
export function layoutCardFront(card: CardFront, w: number, h: number, bleed: BleedSides, ink: Ink = 'normal'): Item[] {
  const items: Item[] = [];
  // white ground into the bleed, header band across the top (a light tint in low ink)
  items.push({ kind: 'rect', x: -bleed.left, y: -bleed.top, w: w + bleed.left + bleed.right, h: h + bleed.top + bleed.bottom, fill: '#ffffff' });
  items.push({ kind: 'rect', x: -bleed.left, y: -bleed.top, w: w + bleed.left + bleed.right, h: HEADER + bleed.top, fill: areaFill(card.accent, ink, 'header') });
  items.push({ kind: 'rect', x: 1.5 * MM, y: 1.5 * MM, w: w - 3 * MM, h: h - 3 * MM, stroke: card.accent, lineWidth: 0.6 });

  const badgeSize = card.badge ? 9 * MM : 0;
  const titleWidth = w - 2 * PAD - (badgeSize ? badgeSize + 1.5 * MM : 0);
  const titleSize = fitSize(card.title, 'bold', titleWidth, 12, 7);
  items.push({ kind: 'text', x: PAD, y: 2.2 * MM, text: card.title, face: 'bold', size: titleSize, color: inkOn('#ffffff', ink) });
  const subSize = fitSize(card.subtitle, 'regular', titleWidth, 7.5, 5);
  items.push({ kind: 'text', x: PAD, y: HEADER - 2 * MM - subSize, text: card.subtitle, face: 'regular', size: subSize, color: ink === 'low' ? COLORS.muted : '#eef2e8' });
  if (card.badge) items.push(...badge(card.badge, w - PAD - badgeSize, (HEADER - badgeSize) / 2, badgeSize, card.accent, ink));

  // stats: three to a row, icon beside a big value and a small label
  const statTop = HEADER + 2 * MM;
  const columns = 3;
  const cellW = (w - 2 * PAD) / columns;
  const cellH = 8.4 * MM;
  card.stats.forEach((stat, i) => {
    const x = PAD + (i % columns) * cellW;
    const y = statTop + Math.floor(i / columns) * cellH;
    const icon = 4.6 * MM;
    items.push({ kind: 'icon', name: stat.icon, x, y: y + 0.6 * MM, size: icon, color: card.accent });
    const valueWidth = cellW - icon - 1.5 * MM;
    const valueSize = fitSize(stat.value, 'bold', valueWidth, 11, 6.5);
    items.push({ kind: 'text', x: x + icon + 1 * MM, y, text: stat.value, face: 'bold', size: valueSize, color: COLORS.ink });
    const labelSize = fitSize(stat.label, 'regular', valueWidth, 6.2, 4.5);
    items.push({ kind: 'text', x: x + icon + 1 * MM, y: y + 12 * TYPE.leading - 0.5, text: stat.label, face: 'regular', size: labelSize, color: COLORS.muted });
  });
  const statRows = Math.ceil(card.stats.length / columns);
  const bodyTop = statTop + statRows * cellH + 0.5 * MM;
  items.push({ kind: 'line', x1: PAD, y1: bodyTop, x2: w - PAD, y2: bodyTop, color: COLORS.rule, lineWidth: 0.4 });

  // weapons and rules share what is left; both shrink together until they fit
  const footerTop = h - FOOTER - 1.5 * MM;
  const room = footerTop - bodyTop - 1.5 * MM;
  const body = fitBody(card, w - 2 * PAD, room);
  items.push(...translate(body, PAD, bodyTop + 1.2 * MM));

  items.push({ kind: 'line', x1: PAD, y1: footerTop, x2: w - PAD, y2: footerTop, color: COLORS.rule, lineWidth: 0.4 });
  const footStyle: TextStyle = { face: 'regular', size: 6, color: COLORS.muted };
  const leftSize = fitSize(card.footer.left, 'bold', (w - 2 * PAD) * 0.62, 7, 4.5);
  items.push({ kind: 'text', x: PAD, y: footerTop + 1.2 * MM, text: card.footer.left, face: 'bold', size: leftSize, color: COLORS.ink });
  const rightSize = fitSize(card.footer.right, 'regular', (w - 2 * PAD) * 0.36, footStyle.size, 4);
  const rightWidth = textWidth(card.footer.right, 'regular', rightSize);
  items.push({ kind: 'text', x: w - PAD - rightWidth, y: footerTop + 1.5 * MM, text: card.footer.right, face: 'regular', size: rightSize, color: COLORS.muted });
  return items.map(roundItem);
}

/** Weapons, then rules, set at the largest size (down to 4 pt) at which they fit `room`. */
function fitBody(card: CardFront, width: number, room: number): Item[] {
  // a card without stats (an event card) has room for larger type
  const start = card.stats.length === 0 ? 1.3 : 1;
  for (let scale = start; scale >= 0.45; scale -= 0.04) {
    const weaponStyle: TextStyle = { face: 'regular', size: 9 * scale, color: COLORS.ink };
    const ruleStyle: TextStyle = { face: 'italic', size: 8.4 * scale, color: COLORS.ink };
    const blocks: { lines: Line[]; style: TextStyle; gap: number }[] = [];
    for (const line of card.lines) {
      const runs: Run[] = [{ text: `${line.label}: `, style: 'bold' }, { text: line.text }];
      blocks.push({ lines: wrapRuns(runs, weaponStyle, width), style: weaponStyle, gap: 0.6 });
    }
    card.rules.forEach((rule, i) => {
      blocks.push({ lines: wrapRuns([{ text: rule }], ruleStyle, width), style: ruleStyle, gap: i === 0 ? 3 * scale : 0.6 });
    });
    const height = blocks.reduce((sum, b) => sum + b.gap + b.lines.reduce((s, l) => s + l.height, 0), 0);
    if (height <= room || scale - 0.04 < 0.45) return placeBlocks(blocks, room);
  }
  return [];
}

/** Places wrapped blocks top down; a line that would cross `room` is not drawn. */
function placeBlocks(blocks: { lines: Line[]; style: TextStyle; gap: number }[], room: number): Item[] {
  const items: Item[] = [];
  let y = 0;
  for (const block of blocks) {
    y += block.gap;
    for (const line of block.lines) {
      if (y + line.height > room + 0.01) return items;
      items.push(...placeLine(line, 0, y, block.style));
      y += line.height;
    }
  }
  return items;
}

/** The quality badge: a white square with one bar per level above conscript and the initial. */
function badge(b: NonNullable<CardFront['badge']>, x: number, y: number, size: number, accent: string, ink: Ink): Item[] {
  // on a low-ink header the white square needs an edge to be seen
  const items: Item[] = [ink === 'low' ? { kind: 'rect', x, y, w: size, h: size, fill: '#ffffff', stroke: accent, lineWidth: 0.5 } : { kind: 'rect', x, y, w: size, h: size, fill: '#ffffff' }];
  const letter = b.label.charAt(0).toUpperCase();
  const letterSize = size * 0.5;
  items.push({ kind: 'text', x: x + (size - textWidth(letter, 'bold', letterSize)) / 2, y: y + size * 0.1, text: letter, face: 'bold', size: letterSize, color: accent });
  for (let i = 0; i < b.level; i++) {
    items.push({ kind: 'rect', x: x + size * 0.2, y: y + size * (0.7 + i * 0.13), w: size * 0.6, h: size * 0.08, fill: accent });
  }
  return items;
}

/**
 * A card back: the accent colour edge to edge (into the bleed), a big icon and the names. In
 * low ink: white, with an outline in the accent colour and the names and icon in it.
 */
export function layoutCardBack(card: CardBack, w: number, h: number, bleed: BleedSides, ink: Ink = 'normal'): Item[] {
  if (ink === 'low') return layoutLowInkBack(card, w, h);
  const items: Item[] = [
    { kind: 'rect', x: -bleed.left, y: -bleed.top, w: w + bleed.left + bleed.right, h: h + bleed.top + bleed.bottom, fill: card.accent },
    { kind: 'rect', x: 3 * MM, y: 3 * MM, w: w - 6 * MM, h: h - 6 * MM, stroke: '#ffffff', lineWidth: 0.8 },
  ];
  const icon = w * 0.42;
  items.push({ kind: 'icon', name: card.icon, x: (w - icon) / 2, y: h * 0.3, size: icon, color: '#ffffff' });
  const titleSize = fitSize(card.title, 'bold', w - 2 * PAD - 4 * MM, 13, 7);
  items.push({ kind: 'text', x: (w - textWidth(card.title, 'bold', titleSize)) / 2, y: h * 0.12, text: card.title, face: 'bold', size: titleSize, color: '#ffffff' });
  const subSize = fitSize(card.subtitle, 'regular', w - 2 * PAD - 4 * MM, 9, 5);
  items.push({ kind: 'text', x: (w - textWidth(card.subtitle, 'regular', subSize)) / 2, y: h * 0.76, text: card.subtitle, face: 'regular', size: subSize, color: '#ffffff' });
  return items.map(roundItem);
}

/** The low-ink back: no fill at all, an outline inside the cut line, the title and icon as lines of colour. */
function layoutLowInkBack(card: CardBack, w: number, h: number): Item[] {
  const items: Item[] = [
    { kind: 'rect', x: 3 * MM, y: 3 * MM, w: w - 6 * MM, h: h - 6 * MM, stroke: card.accent, lineWidth: 0.8 },
    { kind: 'rect', x: 4.2 * MM, y: 4.2 * MM, w: w - 8.4 * MM, h: h - 8.4 * MM, stroke: card.accent, lineWidth: 0.3 },
  ];
  const icon = w * 0.3;
  items.push({ kind: 'icon', name: card.icon, x: (w - icon) / 2, y: h * 0.36, size: icon, color: card.accent });
  const titleSize = fitSize(card.title, 'bold', w - 2 * PAD - 4 * MM, 13, 7);
  items.push({ kind: 'text', x: (w - textWidth(card.title, 'bold', titleSize)) / 2, y: h * 0.12, text: card.title, face: 'bold', size: titleSize, color: COLORS.ink });
  const subSize = fitSize(card.subtitle, 'regular', w - 2 * PAD - 4 * MM, 9, 5);
  items.push({ kind: 'text', x: (w - textWidth(card.subtitle, 'regular', subSize)) / 2, y: h * 0.76, text: card.subtitle, face: 'regular', size: subSize, color: COLORS.muted });
  return items.map(roundItem);
}

/**
 * The largest size up to `max` at which one line of text fits `width`. Below `min` the text
 * is too long for its place; it still shrinks rather than run over the card's edge.
 */
export function fitSize(text: string, face: TextStyle['face'], width: number, max: number, min: number): number {
  const at = textWidth(text, face, max);
  if (at <= width) return max;
  const fitting = Math.floor(((max * width) / at) * 4) / 4;
  return fitting >= min ? fitting : Math.max(HARD_MINIMUM, fitting);
}

/** Smaller than this nobody reads it; data checks keep texts short enough never to get here. */
const HARD_MINIMUM = 3.5;

function roundItem(item: Item): Item {
  return translate([item], 0, 0)[0]!;
}
