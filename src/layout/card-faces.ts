import type { CardBack, CardFront, CardLine, Run } from '../doc/model.js';
import { hatchLines } from '../doc/hatch.js';
import { placeLine } from './blocks.js';
import type { FontStore } from './fonts.js';
import { round, translate, type Item } from './primitives.js';
import { CardTextFitError } from './errors.js';
import { areaFill, COLORS, inkOn, MM, PRINT_SAFE, TYPE, type Ink, type TextStyle } from './style.js';
import { wrapRuns, type Line } from './wrap.js';

/** Card faces: one card's front or back drawn at the origin, its cut line at (0,0)-(w,h). */

/** Which edges of a card lie on the outside of the grid and get bleed. */
export interface BleedSides {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Type, rules and the badge keep this far inside a card's trim; a card front has no frame. */
const PAD = PRINT_SAFE.frame;
const HEADER = 15 * MM;
const MIN_TYPE = PRINT_SAFE.minType;

/**
 * The largest type of a front's parts, in points: type grows into the room a card has up to
 * these, and shrinks back by rule where its text needs more, never under the smallest readable
 * size. The body's lines (a weapon's row, a line of the card's own) set at `body`, its rules
 * at `rule`; a card without stats (an event or an order card) sets both `statless` times larger.
 */
export const CARD_TYPE = { label: 7.5, body: 10, rule: 9.5, statless: 1.25, min: MIN_TYPE } as const;

/**
 * How tight a front is set, loosest first: the stats' labels and the height of a row of them,
 * the models' boxes, line spacing (a share of the usual), the room between rules, the footer
 * strip. At each the body shrinks to the smallest readable size before the next is tried, so
 * labels and boxes keep their size wherever the body can make room.
 */
const SETTINGS = [
  { label: CARD_TYPE.label, cellH: 8.6 * MM, box: 4.5 * MM, leading: 1, gap: 3, footer: 6 * MM },
  { label: 7, cellH: 8.2 * MM, box: 4 * MM, leading: 0.94, gap: 2, footer: 5.5 * MM },
  { label: MIN_TYPE, cellH: 7.8 * MM, box: 4 * MM, leading: 0.9, gap: 1.2, footer: 5.2 * MM },
] as const;
type Setting = (typeof SETTINGS)[number];

/**
 * A card front at the origin, its cut line at (0,0)-(w,h); bleed extends the ground and the
 * header band. Text the card cannot hold at the smallest readable size, even at its tightest
 * setting, is refused (CardTextFitError): smaller type nobody reads, or a word lost, would be worse.
 */
export function layoutCardFront(fonts: FontStore, card: CardFront, w: number, h: number, bleed: BleedSides, ink: Ink = 'normal'): Item[] {
  for (const setting of SETTINGS) {
    const front = setFront(fonts, card, w, h, bleed, ink, setting);
    if (front) return front;
  }
  throw new CardTextFitError(overflowing(fonts, card, w - 2 * PAD));
}

/**
 * What a front too full names as the text that does not fit: a weapon whose name has a word
 * wider than its column at the smallest size, else the longest of the body's texts.
 */
function overflowing(fonts: FontStore, card: CardFront, width: number): string {
  const weapons = card.lines.filter((line) => line.columns !== undefined);
  const tightest = SETTINGS[SETTINGS.length - 1]!;
  if (weapons.length > 0 && !weaponTable(fonts, weapons, width, MIN_TYPE, MIN_TYPE, tightest)) {
    const widest = (label: string) => Math.max(...label.split(/\s+/).map((word) => fonts.textWidth(word, 'bold', MIN_TYPE)));
    return [...weapons].sort((a, b) => widest(b.label) - widest(a.label))[0]!.label;
  }
  const texts = [...card.lines.map((line) => (line.columns === undefined ? `${line.label}: ${line.text}` : line.note ? `${line.label}: ${line.note}` : line.label)), ...card.rules.map((r) => r.text)];
  return [...texts].sort((a, b) => b.length - a.length)[0] ?? card.title;
}

/** The room inside a front's trim that its type and rules keep to: the card less the print-safe margin all round. */
export function cardContentBox(w: number, h: number): { x: number; y: number; w: number; h: number } {
  return { x: PAD, y: PAD, w: w - 2 * PAD, h: h - 2 * PAD };
}

function setFront(fonts: FontStore, card: CardFront, w: number, h: number, bleed: BleedSides, ink: Ink, setting: Setting): Item[] | undefined {
  const items: Item[] = [];
  // white ground into the bleed, header band across the top (a light tint in low ink)
  items.push({ kind: 'rect', x: -bleed.left, y: -bleed.top, w: w + bleed.left + bleed.right, h: h + bleed.top + bleed.bottom, fill: '#ffffff' });
  items.push({ kind: 'rect', x: -bleed.left, y: -bleed.top, w: w + bleed.left + bleed.right, h: HEADER + bleed.top, fill: areaFill(card.accent, ink, 'header') });

  const badgeSize = card.badge ? 8.6 * MM : 0;
  const titleWidth = w - 2 * PAD - (badgeSize ? badgeSize + 1.5 * MM : 0);
  const titleSize = readableSize(fonts, card.title, 'bold', titleWidth, 12);
  items.push({ kind: 'text', x: PAD, y: PAD, text: card.title, face: 'bold', size: titleSize, color: inkOn('#ffffff', ink) });
  const subSize = readableSize(fonts, card.subtitle, 'regular', titleWidth, 7.5);
  items.push({ kind: 'text', x: PAD, y: HEADER - 1.8 * MM - subSize * TYPE.leading, text: card.subtitle, face: 'regular', size: subSize, color: ink === 'low' ? COLORS.muted : '#eef2e8' });
  if (card.badge) items.push(...badge(fonts, card.badge, w - PAD - 0.3 * MM - badgeSize, (HEADER - badgeSize) / 2, badgeSize, card.accent, ink));

  // stats: three to a row, icon beside a big value and its label; a label too long for beside
  // the icon runs under it, across the cell
  const statTop = HEADER + 1.8 * MM;
  const columns = 3;
  const cellW = (w - 2 * PAD) / columns;
  const cellH = setting.cellH;
  const icon = 4.6 * MM;
  card.stats.forEach((stat, i) => {
    const x = PAD + (i % columns) * cellW;
    const y = statTop + Math.floor(i / columns) * cellH;
    items.push({ kind: 'icon', name: stat.icon, x, y: y + 0.4 * MM, size: icon, color: card.accent });
    const valueWidth = cellW - icon - 1.5 * MM;
    const valueSize = readableSize(fonts, stat.value, 'bold', valueWidth, 11);
    items.push({ kind: 'text', x: x + icon + 1 * MM, y, text: stat.value, face: 'bold', size: valueSize, color: COLORS.ink });
    const labelY = y + 11 * TYPE.leading - 0.5;
    if (fonts.textWidth(stat.label, 'regular', setting.label) <= valueWidth) {
      items.push({ kind: 'text', x: x + icon + 1 * MM, y: labelY, text: stat.label, face: 'regular', size: setting.label, color: COLORS.muted });
    } else {
      const labelSize = readableSize(fonts, stat.label, 'regular', cellW - 1 * MM, setting.label);
      items.push({ kind: 'text', x, y: Math.max(labelY, y + 0.4 * MM + icon + 0.1 * MM), text: stat.label, face: 'regular', size: labelSize, color: COLORS.muted });
    }
  });
  const statRows = Math.ceil(card.stats.length / columns);
  const bodyTop = statTop + statRows * cellH + 0.3 * MM;
  if (card.stats.length > 0) items.push({ kind: 'line', x1: PAD, y1: bodyTop, x2: w - PAD, y2: bodyTop, color: COLORS.rule, lineWidth: 0.4 });

  // weapons and rules share what is left above the footer and the models' boxes; both shrink together until they fit
  const footerTop = h - PAD - setting.footer;
  const tally = card.tally ? layoutTally(fonts, card.tally, w - 2 * PAD, setting) : undefined;
  const tallyTop = footerTop - (tally ? tally.height + 0.8 * MM : 0);
  if (tally) items.push(...translate(tally.items, PAD, tallyTop));
  const room = tallyTop - bodyTop - 1.2 * MM - 0.8 * MM;
  const body = fitBody(fonts, card, w - 2 * PAD, room, setting);
  if (!body) return undefined;
  items.push(...translate(body, PAD, bodyTop + 1.2 * MM));

  items.push({ kind: 'line', x1: PAD, y1: footerTop, x2: w - PAD, y2: footerTop, color: COLORS.rule, lineWidth: 0.4 });
  // the footer's right text keeps its size; the left one takes the rest of the strip
  const rightSize = readableSize(fonts, card.footer.right, 'regular', (w - 2 * PAD) * 0.45, MIN_TYPE);
  const rightWidth = fonts.textWidth(card.footer.right, 'regular', rightSize);
  const leftSize = readableSize(fonts, card.footer.left, 'bold', w - 2 * PAD - rightWidth - 2 * MM, 7);
  const footY = footerTop + (setting.footer - 7 * TYPE.leading) / 2;
  items.push({ kind: 'text', x: PAD, y: footY, text: card.footer.left, face: 'bold', size: leftSize, color: COLORS.ink });
  items.push({ kind: 'text', x: w - PAD - rightWidth, y: footY + (7 - rightSize) * 0.8, text: card.footer.right, face: 'regular', size: rightSize, color: COLORS.muted });
  return translate(items, 0, 0);
}

/**
 * The boxes of a card for several models, one a model with its caption beside it, in rows that
 * fill the width: a player ticks a box when that model is lost. The boxes are a pen's size
 * (4-4.5 mm), their captions as large as the stats' labels.
 */
function layoutTally(fonts: FontStore, captions: readonly string[], width: number, setting: Setting): { items: Item[]; height: number } {
  const items: Item[] = [];
  const box = setting.box;
  const row = box + 1.4 * MM;
  let x = 0;
  let y = 0;
  for (const caption of captions) {
    const size = readableSize(fonts, caption, 'regular', width - box - 1 * MM, setting.label);
    const cell = box + 0.8 * MM + fonts.textWidth(caption, 'regular', size);
    if (x > 0 && x + cell > width) {
      x = 0;
      y += row;
    }
    items.push({ kind: 'rect', x, y: y + (row - box) / 2, w: box, h: box, fill: '#ffffff', stroke: COLORS.ink, lineWidth: 0.6 });
    items.push({ kind: 'text', x: x + box + 0.8 * MM, y: y + (row - size * TYPE.leading) / 2, text: caption, face: 'regular', size, color: COLORS.ink });
    x += cell + 2.2 * MM;
  }
  return { items, height: y + row };
}

/** A part of a card's body, wrapped at one size: its lines, or a weapon table already placed. */
type BodyPart = { lines: Line[]; style: TextStyle; gap: number } | { table: { items: Item[]; height: number }; gap: number };

/**
 * The body's sizes, largest first: the lines at `body` and the rules at `rule` (larger on a card
 * without stats), both shrinking together by quarter points to the smallest readable size.
 */
function bodySizes(card: CardFront): { body: number; rule: number }[] {
  const grow = card.stats.length === 0 ? CARD_TYPE.statless : 1;
  const quarter = (size: number) => Math.floor(size * 4) / 4;
  const least = MIN_TYPE;
  const sizes: { body: number; rule: number }[] = [];
  for (let body = quarter(CARD_TYPE.body * grow); ; body -= 0.25) {
    const rule = quarter((body * CARD_TYPE.rule) / CARD_TYPE.body);
    sizes.push({ body: Math.max(least, body), rule: Math.max(least, rule) });
    if (body <= least && rule <= least) return sizes;
  }
}

/**
 * Weapons, then the card's other lines, then rules, at the largest sizes that fit `room`, none
 * under the smallest readable size; undefined when they do not fit at it.
 */
function fitBody(fonts: FontStore, card: CardFront, width: number, room: number, setting: Setting): Item[] | undefined {
  for (const { body, rule } of bodySizes(card)) {
    const parts = bodyParts(fonts, card, width, body, rule, setting);
    const height = parts?.reduce((sum, p) => sum + p.gap + ('table' in p ? p.table.height : p.lines.reduce((s, l) => s + l.height * setting.leading, 0)), 0);
    if (parts && height !== undefined && height <= room + 0.01) return placeBody(fonts, parts, setting.leading);
  }
  return undefined;
}

/** The body's parts at these sizes; undefined where a weapon's name has a word wider than its column. */
function bodyParts(fonts: FontStore, card: CardFront, width: number, body: number, rule: number, setting: Setting): BodyPart[] | undefined {
  const lineStyle: TextStyle = { face: 'regular', size: round(body), color: COLORS.ink };
  const ruleStyle: TextStyle = { face: 'italic', size: round(rule), color: COLORS.ink };
  const parts: BodyPart[] = [];
  const weapons = card.lines.filter((line) => line.columns !== undefined);
  if (weapons.length > 0) {
    const table = weaponTable(fonts, weapons, width, body, rule, setting);
    if (!table) return undefined;
    parts.push({ table, gap: 0 });
  }
  for (const line of card.lines) {
    if (line.columns !== undefined) continue;
    const runs: Run[] = [{ text: `${line.label}: `, style: 'bold' }, { text: line.text }];
    parts.push({ lines: wrapRuns(fonts, runs, lineStyle, width), style: lineStyle, gap: parts.length > 0 ? 0.6 : 0 });
  }
  const scale = body / CARD_TYPE.body;
  card.rules.forEach((r, i) => {
    parts.push({ lines: wrapRuns(fonts, [{ text: r.text }], ruleStyle, width), style: ruleStyle, gap: i === 0 && parts.length > 0 ? setting.gap * Math.min(1, scale) : i === 0 ? 0 : 0.6 });
  });
  return parts;
}

/**
 * The card's weapons as a small table: a row each, the name in bold and its numbers under
 * their headings (the columns any of them has), what fits no column in a line under its row.
 * Undefined where a word of a name is wider than the room the numbers leave it.
 */
function weaponTable(fonts: FontStore, weapons: readonly CardLine[], width: number, body: number, rule: number, setting: Setting): { items: Item[]; height: number } | undefined {
  const headings = [...new Set(weapons.flatMap((w) => (w.columns ?? []).map((c) => c.heading)))];
  const headStyle: TextStyle = { face: 'regular', size: round(Math.max(MIN_TYPE, Math.min(setting.label, body * 0.75))), color: COLORS.muted };
  const nameStyle: TextStyle = { face: 'bold', size: round(body), color: COLORS.ink };
  const valueStyle: TextStyle = { face: 'regular', size: round(body), color: COLORS.ink };
  const noteStyle: TextStyle = { face: 'regular', size: round(rule), color: COLORS.muted };
  const gap = 1.8 * MM;
  const valueOf = (w: CardLine, heading: string) => w.columns?.find((c) => c.heading === heading)?.value ?? '';
  const columnWidths = headings.map((heading) => Math.max(fonts.textWidth(heading, headStyle.face, headStyle.size), ...weapons.map((w) => fonts.textWidth(valueOf(w, heading), valueStyle.face, valueStyle.size))));
  const nameWidth = Math.max(width / 4, width - columnWidths.reduce((sum, c) => sum + c + gap, 0));
  const longest = Math.max(...weapons.flatMap((w) => w.label.split(/\s+/).map((word) => fonts.textWidth(word, nameStyle.face, nameStyle.size))));
  if (nameWidth < longest) return undefined;
  // each column's right edge: numbers line up on their last figure
  const rights = columnWidths.map((_, i) => nameWidth + columnWidths.slice(0, i + 1).reduce((sum, c) => sum + c + gap, 0));
  const items: Item[] = [];
  const line = (text: string, style: TextStyle) => wrapRuns(fonts, [{ text }], style, Number.MAX_SAFE_INTEGER)[0]!;
  let y = 0;
  if (headings.length > 0) {
    const head = line(headings[0]!, headStyle);
    headings.forEach((heading, i) => {
      const l = line(heading, headStyle);
      items.push(...placeLine(fonts, l, rights[i]! - l.width, y, headStyle));
    });
    y += head.height * setting.leading;
  }
  weapons.forEach((weapon, r) => {
    if (r > 0) y += 0.8;
    const rowTop = y;
    for (const nameLine of wrapRuns(fonts, [{ text: weapon.label }], nameStyle, nameWidth)) {
      const height = nameLine.height * setting.leading;
      items.push(...placeLine(fonts, nameLine, 0, y - (nameLine.height - height) / 2, nameStyle));
      y += height;
    }
    headings.forEach((heading, i) => {
      const value = valueOf(weapon, heading);
      if (!value) return;
      const l = line(value, valueStyle);
      items.push(...placeLine(fonts, l, rights[i]! - l.width, rowTop - (l.height - l.height * setting.leading) / 2, valueStyle));
    });
    if (weapon.note) {
      const indent = 2 * MM;
      for (const noteLine of wrapRuns(fonts, [{ text: weapon.note }], noteStyle, width - indent)) {
        const height = noteLine.height * setting.leading;
        items.push(...placeLine(fonts, noteLine, indent, y - (noteLine.height - height) / 2, noteStyle));
        y += height;
      }
    }
  });
  return { items, height: y };
}

/** Places the body's parts top down, every line. */
function placeBody(fonts: FontStore, parts: readonly BodyPart[], leading: number): Item[] {
  const items: Item[] = [];
  let y = 0;
  for (const part of parts) {
    y += part.gap;
    if ('table' in part) {
      items.push(...translate(part.table.items, 0, y));
      y += part.table.height;
      continue;
    }
    for (const line of part.lines) {
      const height = line.height * leading;
      // a tighter line keeps its type centred in its height
      items.push(...placeLine(fonts, line, 0, y - (line.height - height) / 2, part.style));
      y += height;
    }
  }
  return items;
}

/** The quality badge: a white square with one bar per level above conscript and the initial. */
function badge(fonts: FontStore, b: NonNullable<CardFront['badge']>, x: number, y: number, size: number, accent: string, ink: Ink): Item[] {
  // on a low-ink header the white square needs an edge to be seen
  const items: Item[] = [ink === 'low' ? { kind: 'rect', x, y, w: size, h: size, fill: '#ffffff', stroke: accent, lineWidth: 0.5 } : { kind: 'rect', x, y, w: size, h: size, fill: '#ffffff' }];
  const letter = b.label.charAt(0).toUpperCase();
  const letterSize = size * 0.5;
  items.push({ kind: 'text', x: x + (size - fonts.textWidth(letter, 'bold', letterSize)) / 2, y: y + size * 0.1, text: letter, face: 'bold', size: letterSize, color: accent });
  for (let i = 0; i < b.level; i++) {
    items.push({ kind: 'rect', x: x + size * 0.2, y: y + size * (0.7 + i * 0.13), w: size * 0.6, h: size * 0.08, fill: accent });
  }
  return items;
}

/** A back's frame: its line's outer edge stays 3 mm inside the trim. */
const BACK_FRAME = PRINT_SAFE.frame + 0.5 * MM;

/**
 * A card back: the accent colour edge to edge (into the bleed), a big icon and the names. In
 * low ink: white, with an outline in the accent colour and the names and icon in it.
 */
export function layoutCardBack(fonts: FontStore, card: CardBack, w: number, h: number, bleed: BleedSides, ink: Ink = 'normal'): Item[] {
  if (ink === 'low') return layoutLowInkBack(fonts, card, w, h);
  const items: Item[] = [
    { kind: 'rect', x: -bleed.left, y: -bleed.top, w: w + bleed.left + bleed.right, h: h + bleed.top + bleed.bottom, fill: card.accent },
    { kind: 'rect', x: BACK_FRAME, y: BACK_FRAME, w: w - 2 * BACK_FRAME, h: h - 2 * BACK_FRAME, stroke: '#ffffff', lineWidth: 0.8 },
  ];
  const icon = w * 0.42;
  const titleSize = readableSize(fonts, card.title, 'bold', w - 2 * PAD - 4 * MM, 13);
  const subSize = readableSize(fonts, card.subtitle, 'regular', w - 2 * PAD - 4 * MM, 9);
  // inside the frame, clear of the cut: a pattern a trim off true does not show lopsided; the
  // words on bands of plain ground the hatching stops at
  if (card.pattern === 'hatched') {
    const inset = BACK_FRAME + 1.2 * MM;
    items.push(...hatching(inset, inset, w - 2 * inset, h - 2 * inset, '#ffffff', 0.35, plates([[h * 0.12, titleSize], [h * 0.76, subSize]])));
  }
  items.push({ kind: 'icon', name: card.icon, x: (w - icon) / 2, y: h * 0.3, size: icon, color: '#ffffff' });
  items.push({ kind: 'text', x: (w - fonts.textWidth(card.title, 'bold', titleSize)) / 2, y: h * 0.12, text: card.title, face: 'bold', size: titleSize, color: '#ffffff' });
  items.push({ kind: 'text', x: (w - fonts.textWidth(card.subtitle, 'regular', subSize)) / 2, y: h * 0.76, text: card.subtitle, face: 'regular', size: subSize, color: '#ffffff' });
  return translate(items, 0, 0);
}

/** The low-ink back: no fill at all, an outline inside the cut line, the title and icon as lines of colour. */
function layoutLowInkBack(fonts: FontStore, card: CardBack, w: number, h: number): Item[] {
  const items: Item[] = [
    { kind: 'rect', x: BACK_FRAME, y: BACK_FRAME, w: w - 2 * BACK_FRAME, h: h - 2 * BACK_FRAME, stroke: card.accent, lineWidth: 0.8 },
    { kind: 'rect', x: BACK_FRAME + 1.2 * MM, y: BACK_FRAME + 1.2 * MM, w: w - 2 * BACK_FRAME - 2.4 * MM, h: h - 2 * BACK_FRAME - 2.4 * MM, stroke: card.accent, lineWidth: 0.3 },
  ];
  const icon = w * 0.3;
  const titleSize = readableSize(fonts, card.title, 'bold', w - 2 * PAD - 4 * MM, 13);
  const subSize = readableSize(fonts, card.subtitle, 'regular', w - 2 * PAD - 4 * MM, 9);
  // low ink: the hatching inside the inner frame only, in thin lines of the accent, stopping at the words' bands
  if (card.pattern === 'hatched') {
    const inset = BACK_FRAME + 1.2 * MM;
    items.push(...hatching(inset, inset, w - 2 * inset, h - 2 * inset, card.accent, 0.3, plates([[h * 0.12, titleSize], [h * 0.76, subSize]])));
  }
  items.push({ kind: 'icon', name: card.icon, x: (w - icon) / 2, y: h * 0.36, size: icon, color: card.accent });
  items.push({ kind: 'text', x: (w - fonts.textWidth(card.title, 'bold', titleSize)) / 2, y: h * 0.12, text: card.title, face: 'bold', size: titleSize, color: COLORS.ink });
  items.push({ kind: 'text', x: (w - fonts.textWidth(card.subtitle, 'regular', subSize)) / 2, y: h * 0.76, text: card.subtitle, face: 'regular', size: subSize, color: COLORS.muted });
  return translate(items, 0, 0);
}

/** Bands of plain ground across a hatched back, top and bottom, behind lines of words at (y, size). */
function plates(lines: readonly (readonly [number, number])[]): [number, number][] {
  return lines.map(([y, size]) => [y - 1 * MM, y + size * TYPE.leading + 1 * MM]);
}

/**
 * The pattern of a hatched back: a map's hatching (the same lines as side B's zone), 4 mm
 * apart, each line cut where it meets a band kept plain for words, so no line runs under them.
 */
function hatching(x: number, y: number, w: number, h: number, color: string, lineWidth: number, bands: readonly (readonly [number, number])[]): Item[] {
  return hatchLines(x, y, w, h, color, 4 * MM).flatMap((line) =>
    line.kind === 'line' ? outsideBands(line, bands).map((piece) => ({ kind: 'line' as const, ...piece, color, lineWidth })) : [],
  );
}

/** The pieces of a segment above, between and below horizontal bands (top, bottom). */
function outsideBands(line: { x1: number; y1: number; x2: number; y2: number }, bands: readonly (readonly [number, number])[]): { x1: number; y1: number; x2: number; y2: number }[] {
  const at = (t: number) => ({ x: round(line.x1 + (line.x2 - line.x1) * t), y: round(line.y1 + (line.y2 - line.y1) * t) });
  const dy = line.y2 - line.y1;
  // the stretches of the line's parameter (0..1) each band hides, in order
  const hidden = bands
    .map(([top, bottom]) => {
      if (dy === 0) return line.y1 >= top && line.y1 <= bottom ? [0, 1] : undefined;
      const a = (top - line.y1) / dy;
      const b = (bottom - line.y1) / dy;
      const from = Math.max(0, Math.min(a, b));
      const to = Math.min(1, Math.max(a, b));
      return from < to ? [from, to] : undefined;
    })
    .filter((s): s is number[] => s !== undefined)
    .sort((p, q) => p[0]! - q[0]!);
  const pieces: { x1: number; y1: number; x2: number; y2: number }[] = [];
  let start = 0;
  for (const [from, to] of hidden) {
    if (from! > start) pieces.push(piece(at(start), at(from!)));
    start = Math.max(start, to!);
  }
  if (start < 1) pieces.push(piece(at(start), at(1)));
  return pieces.filter((p) => Math.hypot(p.x2 - p.x1, p.y2 - p.y1) > 0.2 * MM);
}

function piece(a: { x: number; y: number }, b: { x: number; y: number }): { x1: number; y1: number; x2: number; y2: number } {
  return { x1: a.x, y1: a.y, x2: b.x, y2: b.y };
}

/**
 * The largest size up to `max`, in quarter points, at which one line of text fits `width`;
 * smaller than any reader can read where the text is far too long: the caller keeps its floor.
 */
export function fitSize(fonts: FontStore, text: string, face: TextStyle['face'], width: number, max: number): number {
  const at = fonts.textWidth(text, face, max);
  if (at <= width) return max;
  return Math.floor(((max * width) / at) * 4) / 4;
}

/** A card's line of text at the largest size up to `max` that fits `width`; refused where that is under the smallest readable size. */
function readableSize(fonts: FontStore, text: string, face: TextStyle['face'], width: number, max: number): number {
  const size = fitSize(fonts, text, face, width, max);
  if (size < MIN_TYPE) throw new CardTextFitError(text);
  return size;
}
