import type { DrawingNode, Shape, Units } from './model.js';

export type Edge = 'north' | 'east' | 'south' | 'west';

/** What a scenario map shows; lengths in cm from the table's north-west corner. */
export interface MapInput {
  table: { width: number; height: number };
  zones: { side: string; x: number; y: number; w: number; h: number }[];
  objectives: { x: number; y: number; radius: number }[];
  road?: { x: number; y: number; w: number; h: number };
  corridor?: Edge;
  sides: Record<string, { name: string; colour: string }>;
  /** one side's units listed in their sectors (left, middle, right as that side faces) */
  placed?: { edge: Edge; colour: string; bySector: Record<'left' | 'middle' | 'right', string[]> };
  /** numbered points of a side, such as markers' starting points, drawn as discs in its colour */
  markers?: { side: string; x: number; y: number; label: string }[];
  /** dashed lines across the table, such as the line between the halves */
  dashed?: { x1: number; y1: number; x2: number; y2: number; colour: string }[];
  /** grid step in cm (default 10) */
  grid?: number;
  /** the line under the map, in place of the default (table size, grid, capture radius) */
  caption?: string;
  /** false: the zones carry no side names (a legend and `edgeNames` say whose they are) */
  zoneLabels?: boolean;
  /** a side's name beside the edge it comes from, in its colour */
  edgeNames?: { edge: Edge; side: string }[];
  /** keys printed under the map, two to a row */
  legend?: { kind: 'zone' | 'marker' | 'dashed' | 'flag'; colour: string; text: string }[];
  units: Units;
}

/** The table from above, to scale: zones, objectives with capture circles, road, corridor, units. */
export function drawMap(map: MapInput): DrawingNode {
  const result = map;
  const units = map.units;
  const legend = map.legend ?? [];
  const legendHeight = legend.length > 0 ? 6 + Math.ceil(legend.length / 2) * LEGEND_ROW : 0;
  // 170 mm across, or less for a table deeper than wide, so the map stays on one page
  const s = Math.min(FULL_WIDTH / result.table.width, (MAX_HEIGHT - legendHeight) / result.table.height); // mm of diagram per cm of table
  const width = result.table.width * s;
  const height = result.table.height * s;
  const pad = 8;
  const shapes: Shape[] = [{ kind: 'rect', x: pad, y: pad, w: width, h: height, fill: '#f4f5ef', stroke: '#1b1d1a', width: 0.8 }];
  const step = map.grid ?? 10;
  for (let g = step; g < result.table.width - 0.01; g += step) shapes.push({ kind: 'line', x1: pad + g * s, y1: pad, x2: pad + g * s, y2: pad + height, color: '#dfe3d6', width: 0.2 });
  for (let g = step; g < result.table.height - 0.01; g += step) shapes.push({ kind: 'line', x1: pad, y1: pad + g * s, x2: pad + width, y2: pad + g * s, color: '#dfe3d6', width: 0.2 });
  for (const zone of result.zones) {
    const colour = map.sides[zone.side]?.colour ?? '#888888';
    shapes.push({ kind: 'rect', x: pad + zone.x * s, y: pad + zone.y * s, w: zone.w * s, h: zone.h * s, fill: tint(colour), stroke: colour, width: 0.6 });
    if (map.zoneLabels !== false) shapes.push({ kind: 'text', x: pad + (zone.x + zone.w / 2) * s, y: pad + (zone.y + Math.min(zone.h / 2, 6)) * s, text: map.sides[zone.side]?.name ?? zone.side, size: 8, bold: true, align: 'center', color: colour });
  }
  if (result.road) {
    const r = result.road;
    shapes.push({ kind: 'rect', x: pad + r.x * s, y: pad + r.y * s, w: r.w * s, h: r.h * s, stroke: '#8a6d1f', width: 0.6 });
    const vertical = r.h > r.w;
    shapes.push(
      vertical
        ? { kind: 'rect', x: pad + (r.x + r.w / 2 - 2) * s, y: pad + r.y * s, w: 4 * s, h: r.h * s, fill: '#b59a5a' }
        : { kind: 'rect', x: pad + r.x * s, y: pad + (r.y + r.h / 2 - 2) * s, w: r.w * s, h: 4 * s, fill: '#b59a5a' },
    );
  }
  for (const o of result.objectives) {
    shapes.push({ kind: 'circle', cx: pad + o.x * s, cy: pad + o.y * s, r: o.radius * s, stroke: '#a8842c', width: 0.6, dash: 1.5 });
    shapes.push({ kind: 'icon', x: pad + o.x * s - 3, y: pad + o.y * s - 3, size: 6, name: 'flag', color: '#a8842c' });
  }
  if (result.corridor) {
    const c = result.corridor;
    const line = { north: [0, 0, result.table.width, 0], south: [0, result.table.height, result.table.width, result.table.height], west: [0, 0, 0, result.table.height], east: [result.table.width, 0, result.table.width, result.table.height] }[c];
    shapes.push({ kind: 'line', x1: pad + line[0]! * s, y1: pad + line[1]! * s, x2: pad + line[2]! * s, y2: pad + line[3]! * s, color: '#2f7d3a', width: 3 });
    shapes.push({ kind: 'text', x: pad + width / 2, y: pad + height / 2 + 14, text: `escape corridor: ${c} edge`, size: 8, bold: true, align: 'center', color: '#2f7d3a' });
  }
  // one side's units, listed in their sectors as that side faces the table
  if (map.placed) {
    for (const sector of ['left', 'middle', 'right'] as const) {
      const { x, y } = sectorAnchor(map.placed.edge, sector, result.table);
      map.placed.bySector[sector].slice(0, 8).forEach((name, i) => shapes.push({ kind: 'text', x: pad + x * s, y: pad + y * s + i * 3.4, text: name, size: 6, align: 'center', color: map.placed!.colour }));
    }
  }
  for (const line of map.dashed ?? []) shapes.push(...dashedLine(pad + line.x1 * s, pad + line.y1 * s, pad + line.x2 * s, pad + line.y2 * s, line.colour));
  for (const marker of map.markers ?? []) {
    const colour = map.sides[marker.side]?.colour ?? '#888888';
    shapes.push({ kind: 'circle', cx: pad + marker.x * s, cy: pad + marker.y * s, r: MARKER_R, fill: colour, stroke: '#ffffff', width: 0.5 });
    shapes.push({ kind: 'text', x: pad + marker.x * s, y: pad + marker.y * s + 0.3, text: marker.label, size: 7, bold: true, align: 'center', color: '#ffffff' });
  }
  const edgeLabel = (text: string, x: number, y: number) => shapes.push({ kind: 'text', x, y, text, size: 8, bold: true, align: 'center' });
  edgeLabel('N', pad + width / 2, pad - 3.5);
  edgeLabel('S', pad + width / 2, pad + height + 3.5);
  edgeLabel('W', pad - 3.5, pad + height / 2);
  edgeLabel('E', pad + width + 3.5, pad + height / 2);
  // north and west names above the table on the left, east on the right, south below
  for (const { edge, side } of map.edgeNames ?? []) {
    const colour = map.sides[side]?.colour ?? '#888888';
    const text = `${map.sides[side]?.name ?? side}: ${edge} edge`;
    const y = edge === 'south' ? pad + height + 3.5 : pad - 3.5;
    shapes.push({ kind: 'text', x: edge === 'east' ? pad + width : pad, y, text, size: 8, bold: true, align: edge === 'east' ? 'right' : 'left', color: colour });
  }
  const grid = units === 'cm' ? 'grid lines every 10 cm' : 'grid lines every 4 in (10 cm)';
  shapes.push({ kind: 'text', x: pad, y: pad + height + 9, text: map.caption ?? `Table ${result.table.width} x ${result.table.height} cm, drawn to scale; ${grid}. Dashed circles: capture radius.`, size: 7, color: '#62675c' });
  legend.forEach((key, i) => {
    const x = pad + (i % 2) * (FULL_WIDTH / 2);
    const y = pad + height + 15 + Math.floor(i / 2) * LEGEND_ROW;
    if (key.kind === 'zone') shapes.push({ kind: 'rect', x, y: y - 2, w: 6, h: 4, fill: tint(key.colour), stroke: key.colour, width: 0.6 });
    else if (key.kind === 'marker') shapes.push({ kind: 'circle', cx: x + 3, cy: y, r: MARKER_R, fill: key.colour, stroke: '#ffffff', width: 0.5 });
    else if (key.kind === 'dashed') shapes.push(...dashedLine(x, y, x + 6, y, key.colour));
    else shapes.push({ kind: 'icon', x, y: y - 3, size: 6, name: 'flag', color: key.colour });
    shapes.push({ kind: 'text', x: x + 8, y, text: key.text, size: 7, color: '#1b1d1a' });
  });
  return { title: 'Map', width: Math.max(width, legend.length > 0 ? FULL_WIDTH : 0) + 2 * pad, height: height + 2 * pad + 6 + legendHeight, shapes };
}

/** A map's width on the page, and the most its table and legend may take down it (fits A4 and Letter). */
const FULL_WIDTH = 170;
const MAX_HEIGHT = 195;
const MARKER_R = 2.6;
const LEGEND_ROW = 5.5;

/** A dashed line as short strokes, 2 mm on and 1.5 mm off. */
function dashedLine(x1: number, y1: number, x2: number, y2: number, colour: string): Shape[] {
  const length = Math.hypot(x2 - x1, y2 - y1);
  const shapes: Shape[] = [];
  for (let d = 0; d < length; d += 3.5) {
    const e = Math.min(d + 2, length);
    shapes.push({ kind: 'line', x1: x1 + ((x2 - x1) * d) / length, y1: y1 + ((y2 - y1) * d) / length, x2: x1 + ((x2 - x1) * e) / length, y2: y1 + ((y2 - y1) * e) / length, color: colour, width: 0.6 });
  }
  return shapes;
}

/** Where to list a sector's units inside the enemy zone, seen from the enemy's edge. */
function sectorAnchor(edge: Edge, sector: 'left' | 'middle' | 'right', table: { width: number; height: number }) {
  const third = { left: 1 / 6, middle: 1 / 2, right: 5 / 6 }[sector];
  switch (edge) {
    case 'north': // facing south: its left is the east
      return { x: table.width * (1 - third), y: 12 };
    case 'south':
      return { x: table.width * third, y: table.height - 30 };
    case 'east': // facing west: its left is the south
      return { x: table.width - 25, y: table.height * (1 - third) };
    case 'west':
      return { x: 25, y: table.height * third };
  }
}

function tint(hex: string): string {
  const mix = (i: number) => Math.round(parseInt(hex.slice(i, i + 2), 16) * 0.18 + 255 * 0.82).toString(16).padStart(2, '0');
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}
