/**
 * How terrain looks on a map, the same in every rule set: each rule set's terrain types name one
 * of these looks, and the look decides the piece's shape (an irregular patch, a rectangle, a short
 * line, or a line across the whole table) and how the map draws it. The styles read in black and
 * white and on low ink: each look differs from the others by its outline and its marks, not by
 * its colour alone.
 */

export const TERRAIN_LOOKS = [
  'woods',
  'orchard',
  'rough',
  'marsh',
  'water',
  'hill',
  'building',
  'ruins',
  'field',
  'wall',
  'hedge',
  'fence',
  'trench',
  'road',
  'track',
  'river',
  'stream',
  'open',
] as const;

export type TerrainLook = (typeof TERRAIN_LOOKS)[number];

/**
 * patch: an irregular outline inside a width x depth box; block: a rectangle; short-line: a
 * line of a rolled length (a wall); crossing: a line from one table edge to the opposite one.
 */
export type TerrainForm = 'patch' | 'block' | 'short-line' | 'crossing';

/** The marks drawn over a look's fill, so it reads without colour. */
export type TerrainMarks = 'trees' | 'rows' | 'dots' | 'tufts' | 'waves' | 'contour' | 'hatch' | 'rubble' | 'none';

export interface TerrainLookStyle {
  form: TerrainForm;
  /** fill of an area, or the colour of a line's band */
  fill: string;
  /** outline of an area, or the edges of a line's band */
  outline: string;
  /** outline dash in mm (0: solid) */
  dash: number;
  marks: TerrainMarks;
}

export const TERRAIN_LOOK_STYLES: Readonly<Record<TerrainLook, TerrainLookStyle>> = {
  woods: { form: 'patch', fill: '#cfe3c2', outline: '#3f6b35', dash: 0, marks: 'trees' },
  orchard: { form: 'patch', fill: '#e4efd9', outline: '#5d8a4c', dash: 1.2, marks: 'rows' },
  rough: { form: 'patch', fill: '#ece4d2', outline: '#8a7650', dash: 1.2, marks: 'dots' },
  marsh: { form: 'patch', fill: '#dbe9e4', outline: '#4f7f73', dash: 0.8, marks: 'tufts' },
  water: { form: 'patch', fill: '#bcd7ea', outline: '#2f6690', dash: 0, marks: 'waves' },
  hill: { form: 'patch', fill: '#efe6cf', outline: '#7d6432', dash: 0, marks: 'contour' },
  building: { form: 'block', fill: '#8d8f8a', outline: '#2d2f2c', dash: 0, marks: 'none' },
  ruins: { form: 'block', fill: '#d3d4cf', outline: '#2d2f2c', dash: 1.5, marks: 'rubble' },
  field: { form: 'block', fill: '#f3ecc5', outline: '#9b8a3c', dash: 0, marks: 'hatch' },
  wall: { form: 'short-line', fill: '#5d5f5a', outline: '#2d2f2c', dash: 0, marks: 'none' },
  hedge: { form: 'short-line', fill: '#7fa76c', outline: '#3f6b35', dash: 0, marks: 'dots' },
  fence: { form: 'short-line', fill: '#a58a5c', outline: '#6e5530', dash: 1, marks: 'none' },
  trench: { form: 'short-line', fill: '#b39a78', outline: '#4d3b22', dash: 0, marks: 'hatch' },
  road: { form: 'crossing', fill: '#e2d3a8', outline: '#6f5a2a', dash: 0, marks: 'none' },
  track: { form: 'crossing', fill: '#efe5c8', outline: '#8a7650', dash: 1.5, marks: 'none' },
  river: { form: 'crossing', fill: '#9cc4e2', outline: '#2f6690', dash: 0, marks: 'waves' },
  stream: { form: 'crossing', fill: '#bcd7ea', outline: '#2f6690', dash: 0, marks: 'none' },
  // the bare table: a type of this look is the open ground between the pieces, never laid, and
  // every map's legend lists it (its sample a blank patch of table)
  open: { form: 'block', fill: '#ffffff', outline: '#8d8f8a', dash: 0, marks: 'none' },
};
