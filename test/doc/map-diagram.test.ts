import { rollThroughModule } from '../helpers/module-scenario.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRulesDb, type RulesDb } from '../../src/data/load.js';
import { MAP_COLOURS, MAP_SIDE_COLOURS, sectorStrips } from '../../src/doc/map-diagram.js';
import type { DocumentNode, DrawingNode, Paper, Shape, TableBlock, Units } from '../../src/doc/model.js';
import { createRng } from '../../src/engine/dice.js';
import { drawingPageCount } from '../../src/layout/drawings.js';
import { buildPacket, packetContext } from '../../src/systems/bof/packet.js';
import { loadScenarioContext } from '../../src/systems/bof/scenario-data.js';
import { rollSoloScenario, rollVersusScenario, type ScenarioContext, type ScenarioResult } from '../../src/systems/bof/scenario.js';
import type { ScenarioRequest } from '../../src/systems/module.js';
import { moduleFor } from '../../src/systems/registry.js';
import { geometricBox, type Box } from '../helpers/boxes.js';
import { fonts } from '../helpers/fonts.js';

const PT = 25.4 / 72;
const PRINT = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
/** The page's content area in mm (margins 12 mm each side, 23 mm over the content, 15 mm under it; on A5 two lines more of footer). */
const CONTENT: Record<Paper, { w: number; h: number }> = { a4: { w: 210 - 24, h: 297 - 38 }, letter: { w: 215.9 - 24, h: 279.4 - 38 }, a5: { w: 148 - 24, h: 210 - 38 - 6 } };

const overlaps = (a: Box, b: Box, slack = 0.05) => a.x1 < b.x2 - slack && b.x1 < a.x2 - slack && a.y1 < b.y2 - slack && b.y1 < a.y2 - slack;

/** The table's frame: the first shape of every map. */
function frameOf(map: DrawingNode) {
  const frame = map.shapes[0]!;
  if (frame.kind !== 'rect') throw new Error('a map starts with its table');
  return frame;
}

function bounds(shape: Shape): Box {
  // a map text's y is the middle of its line
  return shape.kind === 'text' ? textBox(shape) : geometricBox(shape);
}

/** A text's box from the printed face's own widths; y is the middle of the line. */
function textBox(shape: Extract<Shape, { kind: 'text' }>): Box {
  const w = fonts.textWidth(shape.text, shape.bold ? 'bold' : 'regular', shape.size) * PT;
  const left = shape.align === 'center' ? shape.x - w / 2 : shape.align === 'right' ? shape.x - w : shape.x;
  return { x1: left, y1: shape.y - 0.6 * shape.size * PT, x2: left + w, y2: shape.y + 0.5 * shape.size * PT };
}

/** What a shape shows, whatever its size and place: a legend sample must look like what it keys. */
function look(shape: Shape): string | undefined {
  switch (shape.kind) {
    case 'rect':
      // the table itself and its frame are not keyed
      if (shape.fill === MAP_COLOURS.table || (shape.fill === undefined && shape.stroke === MAP_COLOURS.frame)) return undefined;
      // a label's white tag is part of the label, not a thing on the table
      if (shape.fill === '#ffffff' && shape.stroke === undefined) return undefined;
      return `rect fill=${shape.fill} stroke=${shape.stroke} width=${shape.width}`;
    case 'circle':
      return `circle fill=${shape.fill} stroke=${shape.stroke} width=${shape.width} dash=${shape.dash}`;
    case 'line':
      return `line ${shape.color} ${shape.width}`;
    case 'icon':
      return `icon ${shape.name} ${shape.color}`;
    case 'text':
      return undefined;
  }
}

/** The looks drawn on the table, and the looks of the legend's samples (under the caption). */
function looks(map: DrawingNode) {
  const f = frameOf(map);
  const inMap = new Set<string>();
  const inLegend = new Set<string>();
  for (const shape of map.shapes) {
    const key = look(shape);
    if (!key) continue;
    const b = bounds(shape);
    if (b.y1 >= f.y - 2 && b.y2 <= f.y + f.h + 2 && b.x1 >= f.x - 2 && b.x2 <= f.x + f.w + 2) inMap.add(key);
    else if (b.y1 > f.y + f.h + 10) inLegend.add(key);
  }
  return { inMap, inLegend };
}

let db: RulesDb;
let bofCtx: ScenarioContext;
beforeAll(async () => {
  db = await loadRulesDb({ dataDirs: [] });
  bofCtx = await loadScenarioContext(db.system('bof'));
});

interface Case {
  name: string;
  build: () => Promise<DocumentNode>;
  result?: () => ScenarioResult;
}

function bof(options: { mode: 'versus' | 'solo'; scenario?: string; seed: string; table?: { width: number; height: number } }, paper: Paper = 'a4', units: Units = 'cm') {
  const result = (options.mode === 'solo' ? rollSoloScenario : rollVersusScenario)(
    bofCtx,
    { mode: options.mode, scenario: options.scenario, players: 2, table: options.table ?? { width: 120, height: 120 }, points: 150 },
    createRng(options.seed),
    options.seed,
  );
  return { result, packet: buildPacket(result, packetContext(bofCtx, { units, paper, toolVersion: '0', print: PRINT })) };
}

async function viaModule(system: string, extra: Record<string, unknown>, paper: Paper = 'a4', units: Units = 'cm'): Promise<DocumentNode> {
  const [made] = await rollThroughModule(db.system(system), { table: { width: 120, height: 120 }, seed: 's1', print: PRINT, units, paper, ...extra });
  return made!.packet;
}

const BOF_CASES = [
  { mode: 'versus', scenario: 'probing', seed: 's2' },
  { mode: 'versus', scenario: 'victory-zones', seed: 's1' },
  { mode: 'versus', scenario: 'supply-road', seed: 's1' },
  { mode: 'versus', scenario: 'delay', seed: 's3' },
  { mode: 'versus', scenario: 'avoid-the-pocket', seed: 's1' },
  { mode: 'versus', scenario: 'surrounded', seed: 's1' },
  { mode: 'versus', scenario: 'victory-zones', seed: 'wide', table: { width: 180, height: 120 } },
  { mode: 'versus', scenario: 'supply-road', seed: 'deep', table: { width: 120, height: 180 } },
  { mode: 'solo', seed: 's1' },
  { mode: 'solo', scenario: 'probing', seed: 's1' },
  { mode: 'solo', scenario: 'supply-road', seed: 's3' },
  { mode: 'solo', scenario: 'surrounded', seed: 's1' },
  { mode: 'solo', scenario: 'avoid-the-pocket', seed: 's4' },
  { mode: 'solo', scenario: 'victory-zones', seed: 'wide', table: { width: 180, height: 120 } },
] as const;

function cases(paper: Paper, units: Units): Case[] {
  return [
    ...BOF_CASES.map((c) => ({ name: `bof ${c.mode} ${'scenario' in c ? c.scenario : 'rolled'} ${c.seed}`, build: async () => bof(c, paper, units).packet })),
    { name: 'openfire s1', build: () => viaModule('openfire', {}, paper, units) },
    { name: 'openfire 180x120', build: () => viaModule('openfire', { seed: 's2', table: { width: 180, height: 120 } }, paper, units) },
    { name: 'fireteam attack', build: () => viaModule('fireteam', { options: { battle: 'attack', lists: 'russians,finns' }, table: { width: 183, height: 122 } }, paper, units) },
    { name: 'fireteam rolled', build: () => viaModule('fireteam', { seed: 's2', table: { width: 183, height: 122 } }, paper, units) },
    { name: 'blazeaway s1', build: () => viaModule('blazeaway', { table: { width: 180, height: 120 } }, paper, units) },
    { name: 'blazeaway s2', build: () => viaModule('blazeaway', { seed: 's2', table: { width: 180, height: 120 } }, paper, units) },
  ];
}

describe('the table map', () => {
  for (const [paper, units] of [['a4', 'cm'], ['letter', 'in']] as const) {
    describe(`${paper}, ${units}`, () => {
      for (const c of cases(paper, units)) {
        it(`${c.name}: a legend entry for every kind of thing drawn and none for anything absent`, async () => {
          const map = (await c.build()).drawings![0]!;
          const { inMap, inLegend } = looks(map);
          expect([...inLegend].sort()).toEqual([...inMap].sort());
        });

        it(`${c.name}: fills most of its page, on one page`, async () => {
          const packet = await c.build();
          const map = packet.drawings![0]!;
          const content = CONTENT[paper];
          const f = frameOf(map);
          // the drawing fits the page under its title line, so it is never cut into pieces
          expect(map.width).toBeLessThanOrEqual(content.w);
          expect(map.height + 11 * PT).toBeLessThanOrEqual(content.h);
          expect(drawingPageCount(fonts, [map], packet.meta)).toBe(1);
          // a square table's map alone takes at least 60% of the content area; a table wider than
          // deep spans the page's width (north stays at the top, so a 3:2 table's map is ~45% of
          // the area), and a deeper one takes the page's height less its legend
          const table = f.w / f.h;
          if (Math.abs(table - 1) < 0.01) expect(f.w * f.h).toBeGreaterThanOrEqual(0.6 * content.w * content.h);
          else if (table > 1) expect(f.w).toBeGreaterThanOrEqual(0.9 * content.w);
          else expect(f.h).toBeGreaterThanOrEqual(0.75 * content.h);
        });

        it(`${c.name}: no label over another or over the road, nothing under 6.5 pt`, async () => {
          const map = (await c.build()).drawings![0]!;
          const texts = map.shapes.filter((s): s is Extract<Shape, { kind: 'text' }> => s.kind === 'text');
          for (const t of texts) expect(t.size, t.text).toBeGreaterThanOrEqual(6.5);
          // labels keep at least 6 mm from the paper's edge: the drawing stays inside the content area
          for (const t of texts) {
            const b = textBox(t);
            expect(b.x1, t.text).toBeGreaterThanOrEqual(0);
            expect(b.x2, t.text).toBeLessThanOrEqual(map.width);
          }
          const boxes = texts.map((t) => ({ t, b: textBox(t) }));
          for (let i = 0; i < boxes.length; i++) {
            for (let j = i + 1; j < boxes.length; j++) {
              expect(overlaps(boxes[i]!.b, boxes[j]!.b), `"${boxes[i]!.t.text}" and "${boxes[j]!.t.text}"`).toBe(false);
            }
          }
          const road = map.shapes.filter((s) => s.kind === 'rect' && s.fill === MAP_COLOURS.road);
          const legendTop = frameOf(map).y + frameOf(map).h + 10;
          for (const r of road.filter((r) => bounds(r).y2 < legendTop)) {
            for (const { t, b } of boxes) expect(overlaps(b, bounds(r)), `"${t.text}" on the road`).toBe(false);
          }
          // markers never cover one another
          const discs = map.shapes.filter((s): s is Extract<Shape, { kind: 'circle' }> => s.kind === 'circle' && s.fill !== undefined && bounds(s).y2 < legendTop);
          for (let i = 0; i < discs.length; i++) for (let j = i + 1; j < discs.length; j++) expect(Math.hypot(discs[i]!.cx - discs[j]!.cx, discs[i]!.cy - discs[j]!.cy)).toBeGreaterThanOrEqual(discs[i]!.r + discs[j]!.r - 0.01);
        });
      }
    });
  }

  it('draws the zones of every rule set in the same side colours', async () => {
    const maps = [bof({ mode: 'versus', scenario: 'probing', seed: 's2' }).packet, await viaModule('openfire', {}), await viaModule('fireteam', { options: { battle: 'attack', lists: 'russians,finns' }, table: { width: 183, height: 122 } }), await viaModule('blazeaway', { table: { width: 180, height: 120 } })].map((p) => p.drawings![0]!);
    for (const map of maps) {
      // zones: filled and outlined rectangles on the table (a square marker of side B is outlined in white)
      const strokes = new Set(map.shapes.filter((s) => s.kind === 'rect' && s.fill !== undefined && s.stroke !== undefined && s.stroke !== '#ffffff' && bounds(s).y2 < frameOf(map).y + frameOf(map).h + 1).map((s) => (s as { stroke: string }).stroke));
      expect([...strokes].sort()).toEqual([MAP_SIDE_COLOURS.a, MAP_SIDE_COLOURS.b].sort());
    }
  });

  it('numbers the solo enemy on the map 1 to n as its roster does, a marker for each model, each in its sector', () => {
    for (const c of BOF_CASES.filter((c) => c.mode === 'solo')) {
      const { result, packet } = bof(c);
      const roster = packet.sheets.flatMap((s) => s.blocks).find((b): b is TableBlock => b.kind === 'table' && b.id === 'enemy-roster')!;
      expect(roster.columns[0]!.label).toBe('Map');
      const enemyUnits = result.forces.find((fo) => fo.side === 'enemy')!.units;
      const numbers = enemyUnits.flatMap((u) => u.markers ?? []);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      // the roster prints each line's numbers, "4" or "4-6"
      const printed = roster.rows.map((row) => row[0]!.map((r) => r.text).join(''));
      enemyUnits.forEach((u, i) => expect(printed[i]).toBe(!u.markers ? '—' : u.markers.length === 1 ? String(u.markers[0]) : `${u.markers[0]}-${u.markers.at(-1)}`));
      const map = packet.drawings![0]!;
      const f = frameOf(map);
      const s = f.w / result.table.width;
      const enemy = map.shapes.filter((sh): sh is Extract<Shape, { kind: 'circle' }> => sh.kind === 'circle' && sh.fill === MAP_SIDE_COLOURS.enemy && sh.cy < f.y + f.h);
      const labels = map.shapes.filter((sh): sh is Extract<Shape, { kind: 'text' }> => sh.kind === 'text' && sh.color === '#ffffff');
      expect(labels.map((l) => l.text).sort()).toEqual(numbers.map(String).sort());
      expect(enemy).toHaveLength(numbers.length);
      // each marker stands in its roster line's sector and in the enemy's ground: thirds of the
      // table from its edge, or of its own ground when it holds the middle
      const edge = result.deployment['enemy'];
      const from = edge === 'north' || edge === 'south' || edge === 'east' || edge === 'west' ? edge : result.corridor ? ({ north: 'south', south: 'north', east: 'west', west: 'east' } as const)[result.corridor] : 'south';
      const middle = edge === 'middle' ? result.zones.find((z) => z.side === 'enemy')! : undefined;
      const local = sectorStrips(from, middle ? { width: middle.w, height: middle.h } : result.table);
      enemyUnits.forEach((u) => {
        for (const n of u.markers ?? []) {
          const label = labels.find((l) => l.text === String(n))!;
          const x = (label.x - f.x) / s;
          const y = (label.y - 0.3 - f.y) / s;
          const l = local[u.sector as 'left' | 'middle' | 'right'];
          const strip = middle ? { x: middle.x + l.x, y: middle.y + l.y, w: l.w, h: l.h } : l;
          expect(x, `${u.name} in the ${u.sector}`).toBeGreaterThanOrEqual(strip.x - 0.01);
          expect(x).toBeLessThanOrEqual(strip.x + strip.w + 0.01);
          expect(y).toBeGreaterThanOrEqual(strip.y - 0.01);
          expect(y).toBeLessThanOrEqual(strip.y + strip.h + 0.01);
          expect(result.zones.some((z) => z.side === 'enemy' && x >= z.x && x <= z.x + z.w && y >= z.y && y <= z.y + z.h)).toBe(true);
        }
      });
    }
  });

  it('draws sectors where the rules place or score by sector, and only there', () => {
    const sectorLine = (map: DrawingNode) => map.shapes.some((s) => s.kind === 'line' && s.color === MAP_COLOURS.sector);
    expect(sectorLine(bof({ mode: 'versus', scenario: 'probing', seed: 's2' }).packet.drawings![0]!)).toBe(true);
    expect(sectorLine(bof({ mode: 'solo', scenario: 'supply-road', seed: 's3' }).packet.drawings![0]!)).toBe(true);
    expect(sectorLine(bof({ mode: 'versus', scenario: 'supply-road', seed: 's3' }).packet.drawings![0]!)).toBe(false);
  });
});
