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
  units: Units;
}

/** The table from above, to scale: zones, objectives with capture circles, road, corridor, units. */
export function drawMap(map: MapInput): DrawingNode {
  const result = map;
  const units = map.units;
  const width = 170;
  const s = width / result.table.width; // mm of diagram per cm of table
  const height = result.table.height * s;
  const pad = 8;
  const shapes: Shape[] = [{ kind: 'rect', x: pad, y: pad, w: width, h: height, fill: '#f4f5ef', stroke: '#1b1d1a', width: 0.8 }];
  for (let g = 10; g < result.table.width; g += 10) shapes.push({ kind: 'line', x1: pad + g * s, y1: pad, x2: pad + g * s, y2: pad + height, color: '#dfe3d6', width: 0.2 });
  for (let g = 10; g < result.table.height; g += 10) shapes.push({ kind: 'line', x1: pad, y1: pad + g * s, x2: pad + width, y2: pad + g * s, color: '#dfe3d6', width: 0.2 });
  for (const zone of result.zones) {
    const colour = map.sides[zone.side]?.colour ?? '#888888';
    shapes.push({ kind: 'rect', x: pad + zone.x * s, y: pad + zone.y * s, w: zone.w * s, h: zone.h * s, fill: tint(colour), stroke: colour, width: 0.6 });
    shapes.push({ kind: 'text', x: pad + (zone.x + zone.w / 2) * s, y: pad + (zone.y + Math.min(zone.h / 2, 6)) * s, text: map.sides[zone.side]?.name ?? zone.side, size: 8, bold: true, align: 'center', color: colour });
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
  const edgeLabel = (text: string, x: number, y: number) => shapes.push({ kind: 'text', x, y, text, size: 8, bold: true, align: 'center' });
  edgeLabel('N', pad + width / 2, pad - 3.5);
  edgeLabel('S', pad + width / 2, pad + height + 3.5);
  edgeLabel('W', pad - 3.5, pad + height / 2);
  edgeLabel('E', pad + width + 3.5, pad + height / 2);
  const grid = units === 'cm' ? 'grid lines every 10 cm' : 'grid lines every 4 in (10 cm)';
  shapes.push({ kind: 'text', x: pad, y: pad + height + 9, text: `Table ${result.table.width} x ${result.table.height} cm, drawn to scale; ${grid}. Dashed circles: capture radius.`, size: 7, color: '#62675c' });
  return { title: 'Map', width: width + 2 * pad, height: height + 2 * pad + 6, shapes };
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
