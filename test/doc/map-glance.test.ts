/**
 * Issue 53, point 7: maps read at a glance. Labels on white tags with no line through them,
 * a second type of a look told apart by its fill, the grid's distances on two edges, the solo
 * enemy's markers never on impassable ground, and the campaign map's bridge and ford.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadRulesDb, type RulesDb } from '../../src/data/load.js';
import { rollThroughModule } from '../helpers/module-scenario.js';
import { drawMap, type MapInput } from '../../src/doc/map-diagram.js';
import { terrainShapes } from '../../src/doc/terrain-map.js';
import type { TerrainPiece } from '../../src/engine/terrain.js';
import type { DocumentNode, DrawingNode, Shape, Units } from '../../src/doc/model.js';
import { distanceToSegment } from '../../src/engine/geometry.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);

/** Relative luminance's stand-in (BT.601 luma) of a "#rrggbb" fill, 0 to 255. */
const luma = (hex: string) => {
  const v = parseInt(hex.slice(1), 16);
  return 0.299 * (v >> 16) + 0.587 * ((v >> 8) & 0xff) + 0.114 * (v & 0xff);
};

let db: RulesDb;
beforeAll(async () => {
  db = await loadRulesDb({ dataDirs: [] });
});

/** A Burst of Fire packet's map, rolled as the command line rolls it (normal terrain). */
async function packetMap(asked: { mode: 'versus' | 'solo'; seed: string; units?: Units }): Promise<DrawingNode> {
  const [made] = await rollThroughModule(db.system('bof'), { mode: asked.mode, seed: asked.seed, terrain: 'normal', units: asked.units ?? 'cm' });
  return made!.packet.drawings![0]!;
}

/** The table's frame: the first rect of a map drawing. */
const frameOf = (map: DrawingNode) => map.shapes[0] as Extract<Shape, { kind: 'rect' }>;

describe('a scenario map at a glance', () => {
  it('every label on the table stands on a white tag drawn just before it, over every line', async () => {
    const map = await packetMap({ mode: 'solo', seed: '7' });
    const frame = frameOf(map);
    const onTable = map.shapes.map((shape, i) => ({ shape, i })).filter(({ shape }) => shape.kind === 'text' && shape.x > frame.x && shape.x < frame.x + frame.w && shape.y > frame.y && shape.y < frame.y + frame.h);
    // the markers' own numbers are white on their discs: every other text is a label
    const labels = onTable.filter(({ shape }) => shape.kind === 'text' && shape.color !== '#ffffff');
    expect(labels.length).toBeGreaterThan(20);
    for (const { shape, i } of labels) {
      const tag = map.shapes[i - 1]!;
      expect(tag.kind === 'rect' && tag.fill === '#ffffff', `${shape.kind === 'text' ? shape.text : ''}: a white tag under it`).toBe(true);
    }
    // no line or path on the table drawn after the first label: nothing runs through a label's letters
    const first = Math.min(...labels.map(({ i }) => i));
    const inside = (x: number, y: number) => x >= frame.x && x <= frame.x + frame.w && y >= frame.y && y <= frame.y + frame.h;
    const later = map.shapes.slice(first).filter((s) => (s.kind === 'line' && (inside(s.x1, s.y1) || inside(s.x2, s.y2))) || (s.kind === 'polyline' && s.points.some(([x, y]) => inside(x, y))));
    expect(later).toEqual([]);
  });

  it('the grid’s distances along the north and west edges, in the packet’s units', async () => {
    for (const [units, numbers] of [['cm', ['10', '20', '60', '110']], ['in', ['4', '8', '24', '44']]] as const) {
      const map = await packetMap({ mode: 'versus', seed: '7', units });
      const frame = frameOf(map);
      const texts = map.shapes.filter((s): s is Extract<Shape, { kind: 'text' }> => s.kind === 'text');
      const north = texts.filter((t) => t.y > frame.y && t.y < frame.y + 4 && t.align === 'center').map((t) => t.text);
      const west = texts.filter((t) => t.x > frame.x && t.x < frame.x + 2 && t.align === 'left').map((t) => t.text);
      // every grid line's distance, in order, but where a fixed marker or objective stands on it
      const lines = Array.from({ length: 11 }, (_, i) => String(units === 'cm' ? (i + 1) * 10 : (i + 1) * 4));
      for (const [edge, found] of [['north', north], ['west', west]] as const) {
        expect(found.filter((n) => lines.includes(n)), `${units}: ${edge} edge in order`).toEqual(lines.filter((n) => found.includes(n)));
        expect(found.length, `${units}: ${edge} edge: ${found.join(' ')}`).toBeGreaterThanOrEqual(9);
        expect(numbers.filter((n) => found.includes(n)).length, `${units}: ${edge}: ${found.join(" ")}`).toBeGreaterThanOrEqual(numbers.length - 1);
      }
    }
  });

  it('a second type of one look has a darker fill of its own, not only a second outline', () => {
    const piece: TerrainPiece = { label: 'T1', type: 'x', name: 'x', look: 'woods', passable: 'difficult', shape: 'rect', x: 10, y: 10, width: 10, depth: 10, rotation: 0, points: [[5, 5], [15, 5], [15, 15], [5, 15]] };
    for (const look of ['woods', 'building'] as const) {
      const fills = [0, 1].map((variant) => (terrainShapes({ ...piece, look }, { ox: 0, oy: 0, s: 1 }, variant)[0] as { fill: string }).fill);
      expect(fills[0], look).not.toBe(fills[1]);
      // apart in grey: at least a tenth of the scale
      expect(luma(fills[0]!) - luma(fills[1]!), look).toBeGreaterThan(25);
    }
  });
});

describe('the solo enemy’s markers', () => {
  it('are never set on ground no one can enter: a river across their sector pushes them off it', () => {
    // a sector 40 x 30 cm with a river through its middle, where the markers would go first
    const river: TerrainPiece = { label: 'T1', type: 'river', name: 'River', look: 'river', passable: 'impassable', shape: 'line', x: 20, y: 15, width: 40, depth: 6, rotation: 0, points: [[0, 15], [40, 15]], band: 6 };
    const map: MapInput = {
      table: { width: 60, height: 60 },
      zones: [],
      objectives: [],
      sides: { enemy: { name: 'Enemy' } },
      units: 'cm',
      placed: { side: 'enemy', regions: { left: [{ x: 0, y: 0, w: 40, h: 30 }] }, units: Array.from({ length: 8 }, (_, i) => ({ label: String(i + 1), sector: 'left' })) },
      terrain: { layout: { map: { id: 'm', name: 'Test' }, level: 'normal', pieces: [river], crossings: [], unplaced: [] }, types: [{ id: 'river', name: 'River', look: 'river', effect: 'impassable', section: 'Terrain' }], system: 'bof' },
    };
    const drawing = drawMap(map)[0]!;
    const frame = frameOf(drawing);
    const s = frame.w / 60;
    const markers = drawing.shapes.filter((shape): shape is Extract<Shape, { kind: 'circle' }> => shape.kind === 'circle' && shape.stroke === '#ffffff' && shape.cy < frame.y + frame.h);
    expect(markers).toHaveLength(8);
    for (const m of markers) {
      const at: [number, number] = [(m.cx - frame.x) / s, (m.cy - frame.y) / s];
      // clear of the river's band and the marker's own size
      expect(distanceToSegment(at, [0, 15], [40, 15]), `marker at ${at.join(', ')}`).toBeGreaterThan(3 + m.r / s);
    }
  });
});

describe('the Fire Team campaign map', () => {
  it('shows the bridge and the ford where the river is crossed, and says where they are', async () => {
    const run = await muster(['campaign', 'fireteam', 'booklet', '--seed', 'b', '--names', 'Red,Blue', '--format', 'json'], workdir());
    expect(run.code, run.stderr).toBe(0);
    const booklet = JSON.parse(run.stdout) as { parts: { doc: DocumentNode }[] } | DocumentNode;
    const docs = 'parts' in booklet ? booklet.parts.map((p) => p.doc) : [booklet];
    const map = docs.flatMap((d) => d.drawings ?? []).find((d) => d.title.includes('map'))!;
    const texts = map.shapes.filter((s): s is Extract<Shape, { kind: 'text' }> => s.kind === 'text').map((t) => t.text);
    expect(texts.some((t) => t.startsWith('a bridge across the river'))).toBe(true);
    expect(texts.some((t) => t.startsWith('a ford across the river'))).toBe(true);
    // the ford's three stones on the map and one in the legend
    expect(map.shapes.filter((s) => s.kind === 'circle' && s.fill === '#ffffff').length).toBe(6);
    expect(JSON.stringify(docs)).toContain('at the bridge between B3 and B4 and the ford between D3 and D4');
  });
});
