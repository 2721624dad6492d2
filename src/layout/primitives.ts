import type { DocumentMeta } from '../doc/model.js';

/** What the renderer draws. Coordinates are PDF points from the page's top-left corner. */
export type FontFace = 'regular' | 'bold' | 'italic';

export interface TextItem {
  kind: 'text';
  x: number;
  /** top of the line box; the baseline sits one ascent below */
  y: number;
  text: string;
  face: FontFace;
  size: number;
  color: string;
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

export type Item = TextItem | RectItem | LineItem;

export interface PlacedPage {
  width: number;
  height: number;
  items: Item[];
}

export interface PlacedDocument {
  meta: DocumentMeta;
  pages: PlacedPage[];
}

/** Moves items by (dx, dy): blocks are laid out at the origin, then placed. */
export function translate(items: readonly Item[], dx: number, dy: number): Item[] {
  return items.map((item) => {
    switch (item.kind) {
      case 'text':
      case 'rect':
        return { ...item, x: item.x + dx, y: item.y + dy };
      case 'line':
        return { ...item, x1: item.x1 + dx, y1: item.y1 + dy, x2: item.x2 + dx, y2: item.y2 + dy };
    }
  });
}
