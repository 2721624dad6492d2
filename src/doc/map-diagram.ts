import type { TerrainLook } from '../vocab/terrain-looks.js';
import type { DrawingNode, Paper, Shape, Units } from './model.js';
import { lookVariant, terrainCaption, terrainLegend, terrainShapes, terrainSwatch, type MapScale, type MapTerrain } from './terrain-map.js';
import { hatchLines } from './hatch.js';
import { distanceToOutline, distanceToSegment, insideOutline, type Point } from '../engine/geometry.js';
import { withWhite } from './colours.js';

export type Edge = 'north' | 'east' | 'south' | 'west';
export type Sector = 'left' | 'middle' | 'right';

/**
 * The sides' colours, one per side role, the same in every rule set and on every sheet that
 * tells the sides apart (maps, tracks, campaign maps): side A and the solo enemy in a light brick
 * red, side B and the solo player in a dark navy. They differ in lightness as well as hue, by
 * more than a fifth of the scale even as a red-green colour-blind player sees them or a printer
 * in black and white prints them (test/doc/side-palette.test.ts). Zones are a light tint of the
 * colour outlined in the colour itself.
 */
export const MAP_SIDE_COLOURS: Readonly<Record<'a' | 'b' | 'enemy' | 'player', string>> = {
  a: '#c8582f',
  b: '#173a5e',
  enemy: '#c8582f',
  player: '#173a5e',
};

/**
 * How each side reads without its colour, printed in black and white or seen by a colour-blind
 * player: the first side's zone is plain and its markers discs, the second's zone hatched and
 * its markers squares. A side of a rule set's own name takes the look of its place among the
 * map's sides.
 */
export const MAP_SIDE_LOOKS: Readonly<Record<'a' | 'b' | 'enemy' | 'player', SideLook>> = { a: 'plain', b: 'hatched', enemy: 'plain', player: 'hatched' };
export type SideLook = 'plain' | 'hatched';

/** The look of a side role (a, b, player, enemy); a side of a rule set's own name reads plain unless a map places it. */
export function sideLook(side: string): SideLook {
  return (MAP_SIDE_LOOKS as Record<string, SideLook>)[side] ?? 'plain';
}

/** How a map shows its sides: in the order it names them, each by its colour, name and look. */
interface SideStyles {
  sides: string[];
  colourOf(side: string): string;
  nameOf(side: string): string;
  /** a side of its own (not one of the shared looks) hatched or plain by turns, so two can be told apart without colour */
  lookOf(side: string): SideLook;
}

function sideStyles(map: MapInput): SideStyles {
  const sides = [...new Set([...Object.keys(map.sides), ...map.zones.map((z) => z.side)])];
  return {
    sides,
    colourOf: (side) => (MAP_SIDE_COLOURS as Record<string, string>)[side] ?? map.sides[side]?.colour ?? '#6b6f66',
    nameOf: (side) => map.sides[side]?.name ?? side,
    lookOf: (side) => (side in MAP_SIDE_LOOKS ? sideLook(side) : sides.indexOf(side) % 2 === 1 ? 'hatched' : 'plain'),
  };
}

/** The colours of everything else a map shows, the same in every rule set. */
export const MAP_COLOURS = {
  table: '#f7f8f3',
  frame: '#1b1d1a',
  grid: '#adb3a6',
  objective: '#a8842c',
  hazard: '#a33a2a',
  road: '#b59a5a',
  roadEdge: '#8a6d1f',
  corridor: '#2f7d3a',
  sector: '#3b4037',
  halves: '#62675c',
  caption: '#4e5349',
} as const;

/** A side as the map names it: its name, and what its zone and its markers mean in the legend. */
export interface MapSide {
  name: string;
  /** legend text of the side's zone (default: "<name>: sets up here") */
  zone?: string;
  /** legend text of the side's markers (default: "<name>: numbered points") */
  markers?: string;
  /** only for a side with no colour of its own in MAP_SIDE_COLOURS */
  colour?: string;
}

type Rect = { x: number; y: number; w: number; h: number };

/** What a scenario map shows; lengths in cm from the table's north-west corner. */
export interface MapInput {
  table: { width: number; height: number };
  zones: { side: string; x: number; y: number; w: number; h: number }[];
  /** objectives with their capture radius (0: none); `label` is printed beside the flag */
  objectives: { x: number; y: number; radius: number; label?: string }[];
  /** legend text of the objectives and their dashed capture circles */
  objectiveText?: string;
  /** ground that harms whoever enters it, such as a minefield: a counter and the circle it reaches */
  hazards?: { x: number; y: number; radius: number; label?: string }[];
  /** legend text of the hazards */
  hazardText?: string;
  road?: Rect;
  /** legend text of the road (the band) and the ground along it (the box) */
  roadText?: string;
  corridor?: Edge;
  /** the words printed along the corridor's edge and in the legend */
  corridorText?: string;
  sides: Record<string, MapSide>;
  /**
   * The table in three sectors: `across` 'x' cuts it with lines running north-south (for sides on
   * the north and south edges), 'y' with lines running west-east. Each entry of `names` names the
   * three strips in order of rising x (or y), printed just inside its edge.
   */
  sectors?: { across: 'x' | 'y'; names: { edge: Edge; names: [string, string, string]; side?: string }[]; text: string };
  /** one side's units set in sectors: a numbered marker each, in a free spot of its sector's ground */
  placed?: { side: string; regions: Record<string, Rect[]>; units: { label: string; sector: string }[] };
  /** numbered points of a side, such as markers' starting points, drawn as discs in its colour */
  markers?: { side: string; x: number; y: number; label: string }[];
  /** dashed lines across the table, such as the line between the halves; `text` is its legend */
  dashed?: { x1: number; y1: number; x2: number; y2: number; colour: string; text: string }[];
  /** grid step in cm (default 10) and its words in the legend (default "10 cm" or "4 in") */
  grid?: number;
  gridText?: string;
  /** the line under the map, in place of the default (table size, to scale, north at the top) */
  caption?: string;
  /** false: the zones carry no side names (the legend and `edgeNames` say whose they are) */
  zoneLabels?: boolean;
  /** a side's name beside the edge it comes from, in its colour */
  edgeNames?: { edge: Edge; side: string }[];
  /** the terrain laid on the table, drawn under the zones' outlines and everything else */
  terrain?: MapTerrain;
  /** the paper the map is printed on; without it the map fits both A4 and Letter */
  paper?: Paper;
  units: Units;
}

/** A side's numbered marker: a disc, or a square for the side whose zone is hatched. */
function markerShape(look: SideLook, cx: number, cy: number, colour: string): Shape {
  const side = MARKER_R * 1.8;
  return look === 'hatched'
    ? { kind: 'rect', x: cx - side / 2, y: cy - side / 2, w: side, h: side, fill: colour, stroke: '#ffffff', width: 0.5 }
    : { kind: 'circle', cx, cy, r: MARKER_R, fill: colour, stroke: '#ffffff', width: 0.5 };
}

/** A legend entry: the kind of thing drawn, its colour and what it means. */
export interface MapLegendEntry {
  kind: 'zone' | 'marker' | 'objective' | 'hazard' | 'road' | 'corridor' | 'dashed' | 'sector' | 'grid' | 'terrain' | 'note';
  /** a side's zone or markers: how they read without colour */
  sideLook?: SideLook;
  /** a terrain entry's look, and which of the types sharing it (drawn with a second outline) */
  look?: TerrainLook;
  variant?: number;
  colour: string;
  text: string;
  /** an objective's entry: its sample has the dashed capture circle */
  circle?: boolean;
}

/**
 * The most a map drawing may take, in mm: the content area of the page less the drawing's title
 * line and a little to spare (A4 186 x 259 mm, Letter 192 x 241 mm, A5 124 x 166 mm of content:
 * A5's footer takes two lines more).
 */
const MAX_SIZE: Record<Paper | 'both', { w: number; h: number }> = {
  a4: { w: 184, h: 252 },
  letter: { w: 188, h: 235 },
  a5: { w: 122, h: 158 },
  both: { w: 184, h: 235 },
};
const PAD_X = 5;
const PAD_TOP = 7;
/** under the map: the south letter and edge names, then the caption */
const BELOW = 13;
const CAPTION_SIZE = 7;
const MARKER_R = 2.6;
const LEGEND_LINE = 4.6;
const LEGEND_SIZE = 7.5;
const LABEL_SIZE = 7.5;
/** the grid's numbers along two edges: the smallest type a sheet prints */
const GRID_SIZE = 6.5;
const SWATCH = 9;
const PT = 25.4 / 72;

/**
 * The table from above, to scale: zones, grid, road, sectors, objectives, corridor, markers and
 * a legend of them; the legend a drawing of its own on a narrow paper.
 */
export function drawMap(map: MapInput): DrawingNode[] {
  const { width: W, height: H } = map.table;
  const max = MAX_SIZE[map.paper ?? 'both'];
  const styles = sideStyles(map);
  const { colourOf, nameOf, lookOf } = styles;

  const legend = legendEntries(map, styles);
  const legendRows = legendLayout(legend, max.w - 2 * PAD_X);
  const legendHeight = legendRows.height;
  // the caption wrapped to the page's width (a narrow paper's, A5's, takes more lines)
  const size = map.units === 'cm' ? `${W} x ${H} cm` : `${Math.round(W / 2.54)} x ${Math.round(H / 2.54)} in`;
  const caption = wrap(map.caption ?? `Table ${size}, drawn to scale, north at the top.`, max.w - 2 * PAD_X, CAPTION_SIZE);
  const below = BELOW + (caption.length - 1) * CAPTION_SIZE * 1.2 * PT;
  // as large as the page allows, the legend and caption under it; where the legend under it
  // would leave the map less than two thirds of the page's width (a narrow paper, A5), the
  // legend is a drawing of its own, after the map
  const widest = (max.w - 2 * PAD_X) / W;
  const withLegend = Math.min(widest, (max.h - PAD_TOP - below - legendHeight) / H);
  const legendApart = map.paper !== undefined && withLegend < (2 / 3) * widest && legend.length > 0;
  const s = legendApart ? Math.min(widest, (max.h - PAD_TOP - below) / H) : withLegend;
  const mapW = W * s;
  const mapH = H * s;
  const ox = (max.w - mapW) / 2;
  const oy = PAD_TOP;
  const canvas = new MapCanvas({ ox, oy, s }, { x1: ox + 0.8, y1: oy + 0.8, x2: ox + mapW - 0.8, y2: oy + mapH - 0.8 }, styles);
  const { labels, taken } = canvas;

  const shapes: Shape[] = [{ kind: 'rect', x: ox, y: oy, w: mapW, h: mapH, fill: MAP_COLOURS.table }];

  // zones, then the grid over them, so the grid shows on a tinted zone
  // with terrain, a zone's tint goes under the terrain and its outline over it
  const terrain = map.terrain && map.terrain.layout.pieces.length > 0 ? map.terrain : undefined;
  for (const zone of map.zones) {
    const colour = colourOf(zone.side);
    shapes.push({ kind: 'rect', x: canvas.X(zone.x), y: canvas.Y(zone.y), w: zone.w * s, h: zone.h * s, fill: tint(colour), ...(terrain ? {} : { stroke: colour, width: 0.6 }) });
    if (lookOf(zone.side) === 'hatched') shapes.push(...hatchLines(canvas.X(zone.x), canvas.Y(zone.y), zone.w * s, zone.h * s, colour));
  }
  const step = map.grid ?? 10;
  for (let g = step; g < W - 0.01; g += step) shapes.push({ kind: 'line', x1: canvas.X(g), y1: oy, x2: canvas.X(g), y2: oy + mapH, color: MAP_COLOURS.grid, width: 0.3 });
  for (let g = step; g < H - 0.01; g += step) shapes.push({ kind: 'line', x1: ox, y1: canvas.Y(g), x2: ox + mapW, y2: canvas.Y(g), color: MAP_COLOURS.grid, width: 0.3 });
  if (terrain) {
    // areas first, then lines across the table over them, bridges where lines cross
    const pieces = [...terrain.layout.pieces].sort((a, b) => Number(a.shape === 'line') - Number(b.shape === 'line'));
    for (const piece of pieces) shapes.push(...terrainShapes(piece, canvas.scale, lookVariant(terrain.types, piece.type)));
    for (const zone of map.zones) shapes.push({ kind: 'rect', x: canvas.X(zone.x), y: canvas.Y(zone.y), w: zone.w * s, h: zone.h * s, stroke: colourOf(zone.side), width: 0.6 });
  }
  shapes.push({ kind: 'rect', x: ox, y: oy, w: mapW, h: mapH, stroke: MAP_COLOURS.frame, width: 0.8 });

  if (map.road) {
    const r = map.road;
    shapes.push({ kind: 'rect', x: canvas.X(r.x), y: canvas.Y(r.y), w: r.w * s, h: r.h * s, stroke: MAP_COLOURS.roadEdge, width: 0.6 });
    const band = r.h > r.w ? { x: canvas.X(r.x + r.w / 2 - 2), y: canvas.Y(r.y), w: 4 * s, h: r.h * s } : { x: canvas.X(r.x), y: canvas.Y(r.y + r.h / 2 - 2), w: r.w * s, h: 4 * s };
    shapes.push({ kind: 'rect', ...band, fill: MAP_COLOURS.road });
    taken.push(grow({ x1: band.x, y1: band.y, x2: band.x + band.w, y2: band.y + band.h }, 0.8));
  }

  // the sectors: the table in thirds, cut by lines between the sides' edges
  if (map.sectors) {
    const { across } = map.sectors;
    for (const f of [1 / 3, 2 / 3]) {
      const line = across === 'x' ? [canvas.X(W * f), oy, canvas.X(W * f), oy + mapH] : [ox, canvas.Y(H * f), ox + mapW, canvas.Y(H * f)];
      shapes.push(...dashedLine(line[0]!, line[1]!, line[2]!, line[3]!, MAP_COLOURS.sector, 0.5, 5, 2));
    }
  }

  for (const o of map.objectives) {
    if (o.radius > 0) shapes.push({ kind: 'circle', cx: canvas.X(o.x), cy: canvas.Y(o.y), r: o.radius * s, stroke: MAP_COLOURS.objective, width: 0.6, dash: 1.5 });
    shapes.push({ kind: 'icon', x: canvas.X(o.x) - 3, y: canvas.Y(o.y) - 3, size: 6, name: 'flag', color: MAP_COLOURS.objective });
    taken.push({ x1: canvas.X(o.x) - 3.4, y1: canvas.Y(o.y) - 3.4, x2: canvas.X(o.x) + 3.4, y2: canvas.Y(o.y) + 3.4 });
  }

  for (const h of map.hazards ?? []) {
    shapes.push({ kind: 'circle', cx: canvas.X(h.x), cy: canvas.Y(h.y), r: h.radius * s, stroke: MAP_COLOURS.hazard, width: 0.6, dash: 1 });
    shapes.push({ kind: 'icon', x: canvas.X(h.x) - 2.5, y: canvas.Y(h.y) - 2.5, size: 5, name: 'explosion', color: MAP_COLOURS.hazard });
    taken.push({ x1: canvas.X(h.x) - 2.9, y1: canvas.Y(h.y) - 2.9, x2: canvas.X(h.x) + 2.9, y2: canvas.Y(h.y) + 2.9 });
  }

  for (const line of map.dashed ?? []) shapes.push(...dashedLine(canvas.X(line.x1), canvas.Y(line.y1), canvas.X(line.x2), canvas.Y(line.y2), line.colour));

  // fixed markers: the rules set their points, so labels make way for them
  for (const m of map.markers ?? []) canvas.marker(m.side, canvas.X(m.x), canvas.Y(m.y), m.label);

  // the grid's distances along the north and west edges, just inside the frame: a piece's place
  // is read off the map as a player measures it on the table, from the north-west corner
  // in inches, each line a whole step of the legend's (10 cm is 4 in at the rule sets' 2.5 cm to the inch)
  const gridWords = (g: number) => (map.units === 'cm' ? String(Math.round(g)) : String(Math.round(g / step) * Math.round(step / 2.54)));
  for (let g = step; g < W - 0.01; g += step) canvas.place(gridWords(g), GRID_SIZE, false, MAP_COLOURS.caption, 'center', [[canvas.X(g), oy + 2.6]]);
  for (let g = step; g < H - 0.01; g += step) canvas.place(gridWords(g), GRID_SIZE, false, MAP_COLOURS.caption, 'left', [[ox + 1, canvas.Y(g)]]);

  // labels, most bound to their place first: the corridor at its edge, the sectors at theirs, the zones
  const slide = (from: number, to: number, n: number) => Array.from({ length: n + 1 }, (_, i) => from + ((to - from) * i) / n);

  if (map.corridor) {
    const c = map.corridor;
    const green = MAP_COLOURS.corridor;
    const line = { north: [0, 0, W, 0], south: [0, H, W, H], west: [0, 0, 0, H], east: [W, 0, W, H] }[c];
    shapes.push({ kind: 'line', x1: canvas.X(line[0]!), y1: canvas.Y(line[1]!), x2: canvas.X(line[2]!), y2: canvas.Y(line[3]!), color: green, width: 3 });
    const text = map.corridorText ?? `Escape corridor: the ${c} edge`;
    const d = 2.8; // clear of the thick line
    const along = slide(0.5, 0.15, 7).flatMap((f) => (f === 0.5 ? [f] : [f, 1 - f]));
    const spots: [number, number][] =
      c === 'north' ? along.map((f) => [canvas.X(W * f), oy + d + 1.6])
      : c === 'south' ? along.map((f) => [canvas.X(W * f), oy + mapH - d - 1.6])
      : along.map((f) => [c === 'west' ? ox + d : ox + mapW - d, canvas.Y(H * f)]);
    canvas.place(text, 8, true, green, c === 'west' ? 'left' : c === 'east' ? 'right' : 'center', spots);
  }

  if (map.sectors) {
    const { across } = map.sectors;
    for (const { edge, names, side } of map.sectors.names) {
      const colour = side ? darken(colourOf(side)) : MAP_COLOURS.sector;
      names.forEach((name, i) => {
        const mid = (i + 0.5) / 3;
        const depthSteps = slide(0, across === 'x' ? H * 0.3 : W * 0.3, 12);
        // near the edge in the middle of the strip; else a little to either side (clear of a road), or farther in
        const sideways = [0, -0.28, 0.28].map((f) => mid + f / 3);
        const spots: [number, number][] = depthSteps.flatMap((d) =>
          sideways.map((f): [number, number] =>
            across === 'x' ? [canvas.X(W * f), edge === 'north' ? oy + 2.6 + d * s : oy + mapH - 2.6 - d * s] : [edge === 'west' ? ox + 1.6 + d * s : ox + mapW - 1.6 - d * s, canvas.Y(H * f)],
          ),
        );
        canvas.place(name, LABEL_SIZE, true, colour, across === 'x' ? 'center' : edge === 'west' ? 'left' : 'right', spots);
      });
    }
  }

  for (const h of map.hazards ?? []) {
    if (!h.label) continue;
    const [cx, cy] = [canvas.X(h.x), canvas.Y(h.y)];
    if (!canvas.place(h.label, 7, true, darken(MAP_COLOURS.hazard), 'left', [[cx + 3.5, cy], [cx + 3.5, cy - 4], [cx + 3.5, cy + 4]])) canvas.place(h.label, 7, true, darken(MAP_COLOURS.hazard), 'right', [[cx - 3.5, cy], [cx - 3.5, cy - 4], [cx - 3.5, cy + 4]]);
  }

  for (const o of map.objectives) {
    if (!o.label) continue;
    const [cx, cy] = [canvas.X(o.x), canvas.Y(o.y)];
    if (!canvas.place(o.label, 8, true, darken(MAP_COLOURS.objective), 'left', [[cx + 4, cy], [cx + 4, cy - 4], [cx + 4, cy + 4]])) canvas.place(o.label, 8, true, darken(MAP_COLOURS.objective), 'right', [[cx - 4, cy], [cx - 4, cy - 4], [cx - 4, cy + 4]]);
  }

  if (map.zoneLabels !== false) {
    for (const zone of map.zones) {
      const colour = darken(colourOf(zone.side));
      const spots: [number, number][] = [];
      for (const fy of [Math.min(zone.h / 2, 6) / zone.h, 0.5, 0.25, 0.75, 0.1, 0.9]) for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) spots.push([canvas.X(zone.x + zone.w * fx), canvas.Y(zone.y + zone.h * fy)]);
      canvas.place(nameOf(zone.side), 8, true, colour, 'center', spots);
    }
  }

  // one side's units, a numbered marker each in a free spot of its sector
  if (map.placed) {
    const gap = 2 * MARKER_R + 1.4;
    for (const unit of map.placed.units) {
      const regions = map.placed.regions[unit.sector] ?? [];
      const spots: [number, number][] = [];
      for (const r of regions) {
        const x1 = canvas.X(r.x) + MARKER_R + 1.2;
        const x2 = canvas.X(r.x + r.w) - MARKER_R - 1.2;
        const y1 = canvas.Y(r.y) + MARKER_R + 1.2;
        const y2 = canvas.Y(r.y + r.h) - MARKER_R - 1.2;
        const cx = (x1 + x2) / 2;
        const cy = (y1 + y2) / 2;
        for (let y = cy - Math.floor((cy - y1) / gap) * gap; y <= y2 + 0.01; y += gap) for (let x = cx - Math.floor((cx - x1) / gap) * gap; x <= x2 + 0.01; x += gap) spots.push([x, y]);
        // nearest the region's middle first; each spot's distance worked out once, not at every comparison
        const byDistance = spots.map((spot) => ({ spot, d: Math.hypot(spot[0] - cx, spot[1] - cy) }));
        byDistance.sort((p, q) => p.d - q.d || p.spot[1] - q.spot[1] || p.spot[0] - q.spot[0]);
        byDistance.forEach(({ spot }, i) => (spots[i] = spot));
      }
      // a model stands where it can: never on ground no one can enter (a river, deep water)
      const blocked = (x: number, y: number) => onImpassable(terrain, [(x - ox) / s, (y - oy) / s], (MARKER_R + 0.4) / s);
      const free = spots.find(([x, y]) => !blocked(x, y) && !taken.some((t) => overlaps(t, { x1: x - MARKER_R, y1: y - MARKER_R, x2: x + MARKER_R, y2: y + MARKER_R })));
      const [x, y] = free ?? spots.find(([x, y]) => !blocked(x, y)) ?? spots[0] ?? [ox + mapW / 2, oy + mapH / 2];
      canvas.marker(map.placed.side, x, y, unit.label);
    }
  }
  // each piece's number, where it finds room: in its middle, or along a line
  if (terrain) {
    for (const piece of terrain.layout.pieces) {
      const spots: [number, number][] =
        piece.shape === 'line'
          ? [0.5, 0.35, 0.65, 0.2, 0.8].map((f) => pointAlong(piece.points, f)).map(([x, y]): [number, number] => [canvas.X(x), canvas.Y(y) - 2.2])
          : [[0, 0], [0, -2.5], [0, 2.5], [-3, 0], [3, 0], ...offCentre(piece, s)].map(([dx, dy]): [number, number] => [canvas.X(piece.x) + dx!, canvas.Y(piece.y) + dy!]);
      canvas.place(piece.label, 6.5, true, MAP_COLOURS.frame, 'center', spots);
    }
  }
  shapes.push(...canvas.markerShapes, ...labels);

  // round the table: the compass letters at the middle of each edge, the sides' names at their ends
  const outside: Box = { x1: 0, y1: 0, x2: max.w, y2: oy + mapH + BELOW - 4.5 };
  const edgeTaken: Box[] = [];
  const edgeLabel = (text: string, size: number, colour: string | undefined, align: 'left' | 'center' | 'right', candidates: [number, number][]) => {
    for (const [x, y] of candidates) {
      const box = textBox(text, size, true, x, y, align);
      if (!within(box, outside) || edgeTaken.some((t) => overlaps(t, box))) continue;
      edgeTaken.push(grow(box, 1));
      shapes.push({ kind: 'text', x, y, text, size, bold: true, align, ...(colour ? { color: colour } : {}) });
      return;
    }
  };
  edgeLabel('N', 8, undefined, 'center', [[ox + mapW / 2, oy - 3.5]]);
  edgeLabel('S', 8, undefined, 'center', [[ox + mapW / 2, oy + mapH + 3.5]]);
  edgeLabel('W', 8, undefined, 'center', [[ox - 2.8, oy + mapH / 2]]);
  edgeLabel('E', 8, undefined, 'center', [[ox + mapW + 2.8, oy + mapH / 2]]);
  for (const { edge, side } of map.edgeNames ?? []) {
    const text = `${nameOf(side)}: ${edge} edge`;
    const y = edge === 'south' ? oy + mapH + 3.5 : oy - 3.5;
    const below = oy + mapH + 3.5;
    // north and west names above the table on the left, east on the right, south below; where
    // that place is taken, the other end of the edge or the line under the table
    if (edge === 'east') edgeLabel(text, 8, darken(colourOf(side)), 'right', [[ox + mapW, y], [ox + mapW, below]]);
    else edgeLabel(text, 8, darken(colourOf(side)), 'left', [[ox, y], [ox, edge === 'south' ? y : below]]);
  }
  caption.forEach((line, i) => shapes.push({ kind: 'text', x: PAD_X, y: oy + mapH + 9 + i * CAPTION_SIZE * 1.2 * PT, text: line, size: CAPTION_SIZE, color: MAP_COLOURS.caption }));

  // the legend: one entry for each kind of thing drawn, two to a row where they fit
  const top = legendApart ? 1 : oy + mapH + below + 1;
  const keys: Shape[] = [];
  for (const row of legendRows.placed) {
    const key = legend[row.index]!;
    const x = PAD_X + row.column * ((max.w - 2 * PAD_X) / 2);
    const y = top + row.y + LEGEND_LINE / 2;
    keys.push(...swatch(key, x, y));
    row.lines.forEach((line, i) => keys.push({ kind: 'text', x: x + SWATCH + 1.5, y: y + i * LEGEND_LINE, text: line, size: LEGEND_SIZE, color: MAP_COLOURS.frame }));
  }
  if (legendApart) return [{ title: 'Map', width: max.w, height: oy + mapH + below, shapes }, { title: 'Map legend', width: max.w, height: top + legendHeight + 1, shapes: keys }];
  return [{ title: 'Map', width: max.w, height: top + legendHeight + 1, shapes: [...shapes, ...keys] }];
}

/**
 * The drawn table: its scale, the labels and markers placed so far and the room they take, so
 * each next label finds a free spot. Its helpers are methods, not closures made for each map: V8
 * keeps a closure's optimised code only while some instance of it lives, so under a small heap
 * each full collection threw theirs away and they were compiled again every few packets (issue 30).
 */
class MapCanvas {
  readonly labels: Shape[] = [];
  readonly taken: Box[] = [];
  readonly markerShapes: Shape[] = [];

  constructor(
    readonly scale: MapScale,
    private readonly inside: Box,
    private readonly styles: SideStyles,
  ) {}

  /** Table cm across to drawing mm. */
  X(cm: number): number {
    return this.scale.ox + cm * this.scale.s;
  }

  /** Table cm down to drawing mm. */
  Y(cm: number): number {
    return this.scale.oy + cm * this.scale.s;
  }

  /** A side's numbered marker at (cx, cy); labels make way for it. */
  marker(side: string, cx: number, cy: number, label: string): void {
    this.markerShapes.push(markerShape(this.styles.lookOf(side), cx, cy, this.styles.colourOf(side)));
    this.markerShapes.push({ kind: 'text', x: cx, y: cy + 0.3, text: label, size: 7, bold: true, align: 'center', color: '#ffffff' });
    this.taken.push({ x1: cx - MARKER_R - 0.4, y1: cy - MARKER_R - 0.4, x2: cx + MARKER_R + 0.4, y2: cy + MARKER_R + 0.4 });
  }

  /**
   * A label at the first of its spots where it is inside `area` and clear of what is taken, on
   * a white tag: a wall, road, sector line or a terrain piece's marks under it never runs
   * through its letters.
   */
  place(text: string, size: number, bold: boolean, colour: string, align: 'left' | 'center' | 'right', candidates: [number, number][], area: Box = this.inside): boolean {
    for (const [x, y] of candidates) {
      const box = textBox(text, size, bold, x, y, align);
      if (!within(box, area) || this.taken.some((t) => overlaps(t, box))) continue;
      this.taken.push(grow(box, 0.6));
      this.labels.push({ kind: 'rect', x: box.x1 - 0.3, y: box.y1 - 0.2, w: box.x2 - box.x1 + 0.6, h: box.y2 - box.y1 + 0.4, fill: '#ffffff' });
      this.labels.push({ kind: 'text', x, y, text, size, bold, align, color: colour });
      return true;
    }
    return false;
  }
}

/** Whether a disc of radius `r` at `at` (table cm) touches a piece no one can enter: inside an area, or within a line's band. */
function onImpassable(terrain: MapTerrain | undefined, at: Point, r: number): boolean {
  for (const piece of terrain?.layout.pieces ?? []) {
    if (piece.passable !== 'impassable') continue;
    if (piece.shape === 'line') {
      const reach = (piece.band ?? 1) / 2 + r;
      for (let i = 1; i < piece.points.length; i++) if (distanceToSegment(at, piece.points[i - 1]!, piece.points[i]!) < reach) return true;
    } else if (insideOutline(at, piece.points) || distanceToOutline(at, piece.points) < r) return true;
  }
  return false;
}

/** The legend's entries, from what the map draws and nothing else. */
export function legendEntries(map: MapInput, styles: SideStyles = sideStyles(map)): MapLegendEntry[] {
  const entries: MapLegendEntry[] = [];
  const { sides, colourOf, nameOf, lookOf } = styles;
  for (const side of sides) {
    if (map.zones.some((z) => z.side === side)) entries.push({ kind: 'zone', colour: colourOf(side), sideLook: lookOf(side), text: map.sides[side]?.zone ?? `${nameOf(side)}: sets up here` });
  }
  for (const side of sides) {
    const has = (map.markers ?? []).some((m) => m.side === side) || (map.placed?.side === side && map.placed.units.length > 0);
    if (has) entries.push({ kind: 'marker', colour: colourOf(side), sideLook: lookOf(side), text: map.sides[side]?.markers ?? `${nameOf(side)}: numbered points` });
  }
  if (map.objectives.length > 0) entries.push({ kind: 'objective', colour: MAP_COLOURS.objective, text: map.objectiveText ?? 'Objective; the dashed circle round it: its capture radius', circle: map.objectives.some((o) => o.radius > 0) });
  if ((map.hazards ?? []).length > 0) entries.push({ kind: 'hazard', colour: MAP_COLOURS.hazard, text: map.hazardText ?? 'Hazard; the dashed circle round it: the ground it covers' });
  if (map.road) entries.push({ kind: 'road', colour: MAP_COLOURS.road, text: map.roadText ?? 'Road, and the ground along it (the box)' });
  if (map.corridor) entries.push({ kind: 'corridor', colour: MAP_COLOURS.corridor, text: map.corridorText ?? `Escape corridor: the ${map.corridor} edge` });
  const dashed = new Map<string, MapLegendEntry>();
  for (const line of map.dashed ?? []) if (!dashed.has(`${line.colour}\u0000${line.text}`)) dashed.set(`${line.colour}\u0000${line.text}`, { kind: 'dashed', colour: line.colour, text: line.text });
  entries.push(...dashed.values());
  if (map.sectors) entries.push({ kind: 'sector', colour: MAP_COLOURS.sector, text: map.sectors.text });
  if (map.terrain && map.terrain.layout.pieces.length > 0) {
    for (const line of terrainLegend(map.terrain)) entries.push({ kind: 'terrain', colour: MAP_COLOURS.frame, look: line.look, variant: line.variant, text: line.text });
    entries.push({ kind: 'note', colour: MAP_COLOURS.caption, text: terrainCaption(map.terrain) });
  }
  const step = map.grid ?? 10;
  entries.push({ kind: 'grid', colour: MAP_COLOURS.grid, text: `Grid lines every ${map.gridText ?? (map.units === 'cm' ? `${Math.round(step * 10) / 10} cm` : `${Math.round(step / 2.54)} in`)}` });
  return entries;
}

/** Rows of the legend: an entry takes half the width where its words fit, else the whole, wrapped. */
function legendLayout(entries: readonly MapLegendEntry[], width: number) {
  const half = width / 2;
  const placed: { index: number; column: 0 | 1; y: number; lines: string[] }[] = [];
  let y = 0;
  let open = false; // a row with its right half free
  entries.forEach((entry, index) => {
    const fitsHalf = estimateWidth(entry.text, LEGEND_SIZE, false) <= half - SWATCH - 4;
    if (fitsHalf && open) {
      placed.push({ index, column: 1, y: y - LEGEND_LINE, lines: [entry.text] });
      open = false;
      return;
    }
    if (fitsHalf) {
      placed.push({ index, column: 0, y, lines: [entry.text] });
      y += LEGEND_LINE;
      open = true;
      return;
    }
    const lines = wrap(entry.text, width - SWATCH - 4, LEGEND_SIZE);
    placed.push({ index, column: 0, y, lines });
    y += lines.length * LEGEND_LINE;
    open = false;
  });
  return { placed, height: y + (entries.length > 0 ? 0.5 : 0) };
}

function wrap(text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && estimateWidth(next, size, false) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A legend entry's sample, drawn as the map draws the thing, its middle at (x + 4.5, y). */
function swatch(key: MapLegendEntry, x: number, y: number): Shape[] {
  switch (key.kind) {
    case 'zone':
      return [
        { kind: 'rect', x, y: y - 2, w: SWATCH, h: 4, fill: tint(key.colour), stroke: key.colour, width: 0.6 },
        ...(key.sideLook === 'hatched' ? hatchLines(x, y - 2, SWATCH, 4, key.colour, 1.6) : []),
      ];
    case 'marker':
      return [markerShape(key.sideLook ?? 'plain', x + SWATCH / 2, y, key.colour)];
    case 'objective':
      return [
        ...(key.circle ? [{ kind: 'circle' as const, cx: x + SWATCH / 2, cy: y, r: 2.2, stroke: key.colour, width: 0.6, dash: 1.5 }] : []),
        { kind: 'icon', x: x + SWATCH / 2 - 1.6, y: y - 1.6, size: 3.2, name: 'flag', color: key.colour },
      ];
    case 'hazard':
      return [
        { kind: 'circle', cx: x + SWATCH / 2, cy: y, r: 2.2, stroke: key.colour, width: 0.6, dash: 1 },
        { kind: 'icon', x: x + SWATCH / 2 - 1.6, y: y - 1.6, size: 3.2, name: 'explosion', color: key.colour },
      ];
    case 'road':
      return [
        { kind: 'rect', x, y: y - 2, w: SWATCH, h: 4, stroke: MAP_COLOURS.roadEdge, width: 0.6 },
        { kind: 'rect', x, y: y - 0.8, w: SWATCH, h: 1.6, fill: key.colour },
      ];
    case 'corridor':
      return [{ kind: 'line', x1: x, y1: y, x2: x + SWATCH, y2: y, color: key.colour, width: 3 }];
    case 'dashed':
      return dashedLine(x, y, x + SWATCH, y, key.colour);
    case 'sector':
      return dashedLine(x, y, x + SWATCH, y, key.colour, 0.5, 5, 2);
    case 'terrain':
      return terrainSwatch(key.look!, x, y, SWATCH, key.variant ?? 0);
    case 'note':
      return [];
    case 'grid':
      return [
        { kind: 'rect', x, y: y - 2, w: SWATCH, h: 4, fill: MAP_COLOURS.table },
        { kind: 'line', x1: x + SWATCH / 2, y1: y - 2, x2: x + SWATCH / 2, y2: y + 2, color: key.colour, width: 0.3 },
        { kind: 'line', x1: x, y1: y, x2: x + SWATCH, y2: y, color: key.colour, width: 0.3 },
      ];
  }
}

/** A dashed line as short strokes, `on` mm drawn and `off` mm left out. */
function dashedLine(x1: number, y1: number, x2: number, y2: number, colour: string, width = 0.6, on = 2, off = 1.5): Shape[] {
  const length = Math.hypot(x2 - x1, y2 - y1);
  const shapes: Shape[] = [];
  for (let d = 0; d < length; d += on + off) {
    const e = Math.min(d + on, length);
    shapes.push({ kind: 'line', x1: x1 + ((x2 - x1) * d) / length, y1: y1 + ((y2 - y1) * d) / length, x2: x1 + ((x2 - x1) * e) / length, y2: y1 + ((y2 - y1) * e) / length, color: colour, width });
  }
  return shapes;
}

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** A text's box in mm, from an estimate of its width a little over the font's; y is the middle of the line. */
function textBox(text: string, size: number, bold: boolean, x: number, y: number, align: 'left' | 'center' | 'right'): Box {
  const w = estimateWidth(text, size, bold);
  const left = align === 'center' ? x - w / 2 : align === 'right' ? x - w : x;
  return { x1: left, y1: y - 0.68 * size * PT, x2: left + w, y2: y + 0.62 * size * PT };
}

/** Width in mm, by letter class, a little over what the printed face measures. */
function estimateWidth(text: string, size: number, bold: boolean): number {
  let em = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.codePointAt(i)!;
    // a character beyond the basic plane is two code units and one character
    if (c > 0xffff) i++;
    em += charEm(c);
  }
  return em * size * PT * (bold ? 1.07 : 1) + 0.4;
}

/** A character's width in ems, roughly, by its kind: capitals, figures, lower case, space. */
function charEm(c: number): number {
  if (c >= 65 && c <= 90) return c === 77 || c === 87 ? 0.86 : 0.64; // M and W are wide
  if (c >= 48 && c <= 57) return 0.56;
  if (c === 109 || c === 119) return 0.76; // m, w
  if (c >= 97 && c <= 122) return c === 105 || c === 106 || c === 108 ? 0.26 : 0.5; // i, j, l narrow
  return c === 32 ? 0.26 : 0.5;
}

const overlaps = (a: Box, b: Box) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
const within = (a: Box, area: Box) => a.x1 >= area.x1 && a.x2 <= area.x2 && a.y1 >= area.y1 && a.y2 <= area.y2;
const grow = (a: Box, by: number): Box => ({ x1: a.x1 - by, y1: a.y1 - by, x2: a.x2 + by, y2: a.y2 + by });

/** A side's zone: a fifth of its colour. */
function tint(hex: string): string {
  return withWhite(hex, 0.2);
}

/** A side's colour a little darker, for words set on its tinted zone. */
function darken(hex: string): string {
  const mix = (i: number) => Math.round(parseInt(hex.slice(i, i + 2), 16) * 0.8).toString(16).padStart(2, '0');
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}

/**
 * The three sectors of a side as it faces the table from `edge` (Burst of Fire: left flank,
 * middle, right flank), as strips of the table in thirds: which strip each is, counted in order
 * of rising x (for the north and south edges) or rising y (west and east).
 */
export function sectorStrips(edge: Edge, table: { width: number; height: number }): Record<Sector, Rect> {
  const { width: W, height: H } = table;
  const strip = (i: number): Rect => (edge === 'north' || edge === 'south' ? { x: (W * i) / 3, y: 0, w: W / 3, h: H } : { x: 0, y: (H * i) / 3, w: W, h: H / 3 });
  // facing south (from the north edge) the left hand is to the east; facing north, to the west;
  // facing east (from the west edge) it is to the north; facing west, to the south
  const leftFirst = edge === 'south' || edge === 'west';
  return leftFirst ? { left: strip(0), middle: strip(1), right: strip(2) } : { left: strip(2), middle: strip(1), right: strip(0) };
}

/**
 * Spots further out in a large piece, still inside it whichever way it is turned (within a third
 * of its narrower side from its middle), for when a marker stands on its middle: an objective laid
 * in a hill or a house.
 */
function offCentre(piece: { width: number; depth: number }, s: number): [number, number][] {
  const r = (Math.min(piece.width, piece.depth) * s) / 3;
  return r > 3.5 ? [[0, r], [0, -r], [-r, 0], [r, 0]] : [];
}

/** The point a fraction `f` of the way along a path. */
function pointAlong(points: readonly (readonly [number, number])[], f: number): [number, number] {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i]![0], p[1] - points[i]![1]));
  let left = f * lengths.reduce((a, b) => a + b, 0);
  for (const [i, length] of lengths.entries()) {
    if (left <= length || i === lengths.length - 1) {
      const t = length === 0 ? 0 : Math.min(1, left / length);
      const a = points[i]!;
      const b = points[i + 1]!;
      return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    }
    left -= length;
  }
  return [points[0]![0], points[0]![1]];
}

/** The part of a rectangle inside another, or nothing. */
export function intersect(a: Rect, b: Rect): Rect | undefined {
  const x1 = Math.max(a.x, b.x);
  const y1 = Math.max(a.y, b.y);
  const x2 = Math.min(a.x + a.w, b.x + b.w);
  const y2 = Math.min(a.y + a.h, b.y + b.h);
  return x2 - x1 > 0.01 && y2 - y1 > 0.01 ? { x: x1, y: y1, w: x2 - x1, h: y2 - y1 } : undefined;
}
