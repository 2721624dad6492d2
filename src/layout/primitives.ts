import type { DocumentMeta } from '../doc/model.js';
import type { IconName } from '../vocab/icons.js';

/** What the renderer draws. Coordinates are PDF points from the page's top-left corner. */
export type FontFace = 'regular' | 'bold' | 'italic';

/**
 * A font for characters the face lacks (Chinese, Japanese, Hebrew, Arabic, a few symbols), in
 * the face's weight: bold text falls back to the bold one, regular and italic to the regular.
 */
export type FallbackFont =
  | 'hebrew'
  | 'hebrew-bold'
  | 'arabic'
  | 'arabic-bold'
  | 'cjk'
  | 'cjk-bold'
  | 'symbols'
  | 'symbols-bold'
  | 'symbols2'
  | 'emoji'
  | 'emoji-bold'
  | 'korean'
  | 'korean-bold';

export interface TextItem {
  kind: 'text';
  x: number;
  /** top of the line box; the baseline sits one ascent below */
  y: number;
  text: string;
  face: FontFace;
  size: number;
  color: string;
  /** degrees clockwise about (x, y); text in a margin may run along the edge */
  rotate?: number;
  /**
   * set where the text is drawn with a fallback font instead of the face: a run of characters
   * the face lacks. `face` stays the style the text was set in.
   */
  font?: FallbackFont;
}

export interface RectItem {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  fill?: string;
  stroke?: string;
  lineWidth?: number;
}

export interface LineItem {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  color: string;
  lineWidth: number;
}

/** A vector icon from the icon set, `size` points square. */
export interface IconItem {
  kind: 'icon';
  name: IconName;
  x: number;
  y: number;
  size: number;
  color: string;
}

/** A circle by its centre and radius; templates and round tokens. */
export interface CircleItem {
  kind: 'circle';
  cx: number;
  cy: number;
  r: number;
  fill?: string;
  stroke?: string;
  lineWidth?: number;
  /** dash length in points, for cut lines */
  dash?: number;
}

/** A closed outline through its corners; terrain on a map. */
export interface PolygonItem {
  kind: 'polygon';
  points: readonly (readonly [number, number])[];
  fill?: string;
  stroke?: string;
  lineWidth?: number;
  /** dash length in points */
  dash?: number;
}

/** An open line through its points, joined and ended round: a road, a river, a wall. */
export interface PolylineItem {
  kind: 'polyline';
  points: readonly (readonly [number, number])[];
  color: string;
  lineWidth: number;
  /** dash length in points */
  dash?: number;
}

export type Item = TextItem | RectItem | LineItem | IconItem | CircleItem | PolygonItem | PolylineItem;

export interface PlacedPage {
  width: number;
  height: number;
  items: Item[];
  /** where the page is cut (a print shop's card with its bleed round it): the PDF's TrimBox */
  trim?: { x: number; y: number; w: number; h: number };
  /** the page's name when it is written as an image of its own (a shop's card: "front/07") */
  name?: string;
}

/** Characters no embedded font has a glyph for, with the text they stand in; they print as a box. */
export interface MissingGlyphs {
  text: string;
  chars: string[];
}

/**
 * Characters only a font that is not installed draws (the Chinese and Korean fonts come in a
 * package of their own), with the text they stand in and those fonts; they print as a box, so
 * a document with any is never written.
 */
export interface WantingGlyphs {
  text: string;
  chars: string[];
  fonts: FallbackFont[];
}

export interface PlacedDocument {
  meta: DocumentMeta;
  pages: PlacedPage[];
  /** every text with characters no font can draw, once each; empty when all can be printed */
  missingGlyphs: MissingGlyphs[];
  /** every text with characters only a font not installed draws, once each */
  wantingGlyphs: WantingGlyphs[];
}

/**
 * Moves items by (dx, dy): blocks are laid out at the origin, then placed. Positions are
 * kept to 1/1000 pt: finer than any printer, and free of float noise between platforms.
 */
export function translate(items: readonly Item[], dx: number, dy: number): Item[] {
  // a page's items are framed where they stand: those already rounded are kept, not copied (a
  // packet's pages were a megabyte of copies, alive until written: issue 30)
  if (dx === 0 && dy === 0) return items.map((item) => (isRounded(item) ? item : moved(item, 0, 0)));
  return items.map((item) => moved(item, dx, dy));
}

/** An item moved by (dx, dy), its places and sizes rounded. */
function moved(item: Item, dx: number, dy: number): Item {
  switch (item.kind) {
    case 'text':
    case 'icon':
      return { ...item, x: round(item.x + dx), y: round(item.y + dy) };
    case 'rect':
      return { ...item, x: round(item.x + dx), y: round(item.y + dy), w: round(item.w), h: round(item.h) };
    case 'line':
      return { ...item, x1: round(item.x1 + dx), y1: round(item.y1 + dy), x2: round(item.x2 + dx), y2: round(item.y2 + dy) };
    case 'circle':
      return { ...item, cx: round(item.cx + dx), cy: round(item.cy + dy), r: round(item.r) };
    case 'polygon':
    case 'polyline':
      return { ...item, points: item.points.map(([x, y]) => [round(x + dx), round(y + dy)] as const) };
  }
}

/** Whether every place and size of an item is already as round() leaves it. */
function isRounded(item: Item): boolean {
  switch (item.kind) {
    case 'text':
    case 'icon':
      return isRound(item.x) && isRound(item.y);
    case 'rect':
      return isRound(item.x) && isRound(item.y) && isRound(item.w) && isRound(item.h);
    case 'line':
      return isRound(item.x1) && isRound(item.y1) && isRound(item.x2) && isRound(item.y2);
    case 'circle':
      return isRound(item.cx) && isRound(item.cy) && isRound(item.r);
    case 'polygon':
    case 'polyline':
      return item.points.every(([x, y]) => isRound(x) && isRound(y));
  }
}

/** Whether a number is already as round() leaves it. */
function isRound(value: number): boolean {
  return round(value) === value;
}

export function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
