import { withWhite } from '../doc/colours.js';
import { PAPER_SPECS, PAPERS, type Paper, type Run } from '../doc/model.js';
import type { FontFace } from './primitives.js';
/** Print geometry and type sizes as data, in points (1 mm = 72 / 25.4 pt). */
export const MM = 72 / 25.4;

/** Each paper's size in points, upright; Letter's in whole points as its inches give them. */
export const PAPER_SIZES: Readonly<Record<Paper, { width: number; height: number }>> = Object.fromEntries(
  PAPERS.map((paper) => [paper, paper === 'letter' ? { width: 8.5 * 72, height: 11 * 72 } : { width: PAPER_SPECS[paper].width * MM, height: PAPER_SPECS[paper].height * MM }]),
) as Record<Paper, { width: number; height: number }>;

export const PAGE = {
  marginX: 12 * MM,
  marginTop: 11 * MM,
  /** space kept under the content for the footer and scale bar */
  footerHeight: 15 * MM,
  headerHeight: 12 * MM,
  gutter: 5 * MM,
  columns: 2,
  blockGap: 3.5 * MM,
};

export const COLORS = {
  ink: '#1b1d1a',
  muted: '#62675c',
  odds: '#5a6a4a',
  titleBar: '#46573a',
  titleText: '#ffffff',
  titleSection: '#dfe6d6',
  headerFill: '#dfe4d6',
  zebra: '#f3f5ef',
  rule: '#9aa48f',
};

export const TYPE = {
  sheetTitle: 15,
  blockTitle: 9,
  blockSection: 6.5,
  cell: 8.5,
  header: 8,
  prose: 8,
  note: 7,
  footer: 7,
  /** line height as a multiple of the size */
  leading: 1.2,
};

/**
 * Print-safe limits (docs/design.md, Print conventions), in points: nothing a player needs within `edge` of
 * the paper's edge, keylines and frames at least `frame` inside the trim, nothing a player reads
 * under `minType`.
 */
export const PRINT_SAFE = { edge: 6 * MM, frame: 3 * MM, minType: 6.5 };

export const CELL_PAD = { x: 3, y: 1.8 };
/** the least height of a row a player writes in by hand (a form's rows): 7 mm */
export const FORM_ROW_HEIGHT = 7 * MM;
export const TITLE_BAR_HEIGHT = 14;

export interface TextStyle {
  face: FontFace;
  size: number;
  color: string;
  /** each character is drawn as an empty tick box, not as a glyph */
  boxes?: boolean;
}

/**
 * A tick box's side, the room between two boxes of a group (a stand's figures) and the room a
 * space leaves between groups, as shares of the type size they sit in: groups must read apart.
 */
export const TICK_BOX = { side: 0.95, gap: 0.12, space: 0.7 };

/** The width of `count` tick boxes set at `size`: boxes with a gap between each two. */
export function tickBoxesWidth(count: number, size: number): number {
  return count === 0 ? 0 : count * TICK_BOX.side * size + (count - 1) * TICK_BOX.gap * size;
}

/** How a run of a given style is set, relative to its surroundings' base style. */
export function runStyle(run: Run, base: TextStyle): TextStyle {
  switch (run.style) {
    case 'bold':
      return { ...base, face: 'bold' };
    case 'italic':
      return { ...base, face: 'italic' };
    case 'odds':
      return { face: 'regular', size: base.size * 0.86, color: COLORS.odds };
    case 'boxes':
      return { ...base, face: 'regular', boxes: true };
    default:
      return base;
  }
}

/**
 * Ink: `normal` prints solid colour where it helps the eye (card backs and headers, tokens,
 * map zones); `low` saves a home printer's ink: white with an outline or a light tint of the
 * same colour, and dark type on it. Every builder takes its colours from here.
 */
export type Ink = 'normal' | 'low';

/** What a document's print settings choose: backs printed or left out, and the ink. */
export interface PrintChoice {
  backs: boolean;
  ink: Ink;
}

/**
 * The print choice for a part of a document: the document's own settings first, then the
 * part's (a deck's or a token sheet's), then the defaults (backs printed, normal ink).
 */
export function printChoice(meta: { print?: { backs?: boolean; ink?: Ink } }, own?: { backs?: boolean; ink?: Ink }): PrintChoice {
  return {
    backs: meta.print?.backs ?? own?.backs ?? true,
    ink: meta.print?.ink ?? own?.ink ?? 'normal',
  };
}

/** How much of a colour is kept in a low-ink tint (the rest is white). */
export const LOW_INK = { header: 0.18, token: 0.16, zone: 0.3, outline: 0.9 };

/** A colour mixed with white (`keep` 1 is the colour, 0 is white); a colour by name is left as it is. */
export function tint(hex: string, keep: number): string {
  return /^#[0-9a-f]{6}$/i.test(hex) ? withWhite(hex, keep) : hex;
}

/** True for a colour dark type reads on. */
export function isLightColour(hex: string): boolean {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return hex === 'white';
  const r = parseInt(hex.slice(1, 3), 16);
  const g = parseInt(hex.slice(3, 5), 16);
  const b = parseInt(hex.slice(5, 7), 16);
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}

/** A coloured area (a card's header band, a token's face, a map's zone) in the chosen ink. */
export function areaFill(colour: string, ink: Ink, what: 'header' | 'token' | 'zone'): string {
  return ink === 'low' ? tint(colour, LOW_INK[what]) : colour;
}

/** Type or an icon set on an area: as given in normal ink; on a low-ink tint, dark unless it is dark already. */
export function inkOn(colour: string, ink: Ink): string {
  return ink === 'low' && isLightColour(colour) ? COLORS.ink : colour;
}
