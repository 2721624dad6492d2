// Terrain on Open Fire's battle maps (issue 27): the shared terrain layer laid last in the roll, drawn
// on the map and listed to put out; the types are the text's (Movement; Terrain), the procedure muster's.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { MAP_TYPES } from '../../src/data/terrain-schema.js';
import type { DrawingNode, Paper, Shape } from '../../src/doc/model.js';
import { createRng } from '../../src/engine/dice.js';
import { loadLists } from '../../src/systems/openfire/lists.js';
import { ofPacket } from '../../src/systems/openfire/packet.js';
import { rollOpenFireScenario, settingsOf, type OfScenarioResult } from '../../src/systems/openfire/scenario.js';
import type { ScenarioRequest } from '../../src/systems/module.js';
import { RollLog } from '../../src/engine/roll-log.js';
import { rollScenarioTerrain } from '../../src/systems/scenario-terrain.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
const system = (await loadRulesDb({ dataDirs: [] })).system('openfire');
const lists = await loadLists(system.dirs);
const settings = settingsOf(system.table('scenario-settings'));
const TABLE = { width: 120, height: 120 };

const roll = (seed: string, level: 'none' | 'light' | 'normal' | 'dense', minefields = 0): OfScenarioResult =>
  rollOpenFireScenario(lists, { table: TABLE, points: 500, settings, minefields, terrain: { system, level, units: 'in' } }, createRng(seed), seed);

const json = async (args: string[]): Promise<OfScenarioResult> => {
  const out = await muster(['scenario', 'openfire', '--format', 'json', ...args], workdir());
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as OfScenarioResult;
};

/** The result as it was before terrain: the same fields, none of terrain's, and the rolls before terrain's. */
const withoutTerrain = (r: OfScenarioResult) => {
  const { terrain, terrainMap, rolls, ...rest } = r;
  void terrain;
  void terrainMap;
  return { ...rest, terrain: [], rolls: rolls.filter((x) => !x.purpose.startsWith('terrain: ')) };
};

describe('Open Fire terrain: laid last, from the same seed', () => {
  it('--terrain normal (the default): pieces on the table, each inside it, of a map type the roll names', async () => {
    for (const seed of ['of-t1', 'of-t2', 'of-t3']) {
      const result = await json(['--seed', seed]);
      expect(result.terrain.length, seed).toBeGreaterThan(0);
      expect(MAP_TYPES).toContain(result.terrainMap!.map);
      expect(result.terrainMap!.density).toBe('normal');
      for (const piece of result.terrain) {
        for (const [x, y] of piece.points) {
          expect(x, `${seed} ${piece.id}`).toBeGreaterThanOrEqual(-0.01);
          expect(x, `${seed} ${piece.id}`).toBeLessThanOrEqual(result.table.width + 0.01);
          expect(y, `${seed} ${piece.id}`).toBeGreaterThanOrEqual(-0.01);
          expect(y, `${seed} ${piece.id}`).toBeLessThanOrEqual(result.table.height + 0.01);
        }
      }
    }
  });

  it('a seed rolls the same battle with terrain or without: every roll before the terrain rolls is the roll log without terrain', async () => {
    for (const args of [['--seed', 'same'], ['--seed', 'mined', '--minefields', '3']]) {
      const plain = await json([...args, '--terrain', 'none']);
      const laid = await json([...args, '--terrain', 'normal']);
      expect(plain.terrain).toEqual([]);
      expect(plain.terrainMap).toBeUndefined();
      // the terrain rolls come after all of the battle's, and only they
      expect(laid.rolls.slice(0, plain.rolls.length)).toEqual(plain.rolls);
      const after = laid.rolls.slice(plain.rolls.length);
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((r) => r.purpose.startsWith('terrain: '))).toBe(true);
      expect(withoutTerrain(laid)).toEqual(plain);
    }
  });

  it('Objectives: tokens the players put down, tied to no ground, so no piece is laid for one; Minefields: where the dice put them, terrain or not', () => {
    for (let i = 0; i < 30; i++) {
      const seed = `of-obj-${i}`;
      const laid = roll(seed, 'dense', 2);
      expect(laid.terrain.some((p) => p.objective !== undefined), seed).toBe(false);
      expect(laid.terrain.some((p) => p.passable === 'impassable'), seed).toBe(false);
      const plain = roll(seed, 'none', 2);
      expect(laid.objectives).toEqual(plain.objectives);
      expect(laid.minefields).toEqual(plain.minefields);
    }
    expect(system.terrain!.notes.join(' ')).toMatch(/ties objectives to no ground .* no objective asks for terrain at it, and terrain may lie under an objective or a minefield/);
  });

  it('roads cross at a crossroads, never running alongside each other', () => {
    // a crossroads asked at a point gets both its roads (the shared procedure once refused the second)
    const asked = rollScenarioTerrain(system, { table: TABLE, zones: [], objectives: [{ x: 60, y: 60, on: 'crossroads' }], map: 'open', level: 'normal', units: 'in' }, createRng('cross'), new RollLog('openfire'));
    expect(asked.terrain.filter((p) => p.type === 'road' && p.objective === 1)).toHaveLength(2);
    const roads = (r: OfScenarioResult) => new Set(r.terrain.filter((p) => p.type === 'road').map((p) => p.id));
    let crossroads = 0;
    for (let i = 0; i < 40; i++) {
      const r = roll(`of-cross-${i}`, 'dense');
      const ids = roads(r);
      // the way a road runs where it passes a point: the stretch of it nearest the point
      const heading = (id: string, x: number, y: number) => {
        const points = r.terrain.find((p) => p.id === id)!.points;
        let best = { d: Infinity, a: 0 };
        for (let k = 0; k + 1 < points.length; k++) {
          const [p, q] = [points[k]!, points[k + 1]!];
          const d = Math.hypot((p[0] + q[0]) / 2 - x, (p[1] + q[1]) / 2 - y) - Math.hypot(q[0] - p[0], q[1] - p[1]) / 2;
          if (d < best.d) best = { d, a: Math.atan2(q[1] - p[1], q[0] - p[0]) };
        }
        return best.a;
      };
      const met = r.terrainMap!.crossings.filter((c) => ids.has(c.pieces[0]) && ids.has(c.pieces[1]));
      for (const c of met) {
        const apart = Math.abs(heading(c.pieces[0], c.x, c.y) - heading(c.pieces[1], c.x, c.y)) % Math.PI;
        expect(Math.min(apart, Math.PI - apart), r.seed).toBeGreaterThanOrEqual((35 * Math.PI) / 180 - 1e-9);
      }
      crossroads += met.length;
    }
    expect(crossroads).toBeGreaterThan(0);
  });

  it('snapshot of the terrain for seed "of-terrain" (changes only on purpose)', () => {
    const { terrain, terrainMap } = roll('of-terrain', 'normal');
    expect({ terrain, terrainMap }).toMatchSnapshot();
  });
});

describe('Open Fire terrain on the packet', () => {
  const request = (units: 'cm' | 'in', paper: Paper): ScenarioRequest => ({
    system,
    mode: 'versus',
    players: 2,
    table: TABLE,
    forceFiles: [],
    strict: false,
    options: {},
    print: { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long', backOffset: { x: 0, y: 0 } },
    units,
    paper,
    toolVersion: '0',
  });
  const map = (r: OfScenarioResult): DrawingNode => ofPacket(r, lists, request('in', 'letter'), system.info).drawings![0]!;
  const kinds = (shapes: readonly Shape[]) => new Set(shapes.map((s) => s.kind));

  it('--terrain none: the map drawn exactly as without terrain, no piece, no terrain line in the legend, no list of pieces', () => {
    const plain = roll('of-map', 'none', 2);
    const laid = roll('of-map', 'normal', 2);
    const before = withoutTerrain(laid);
    expect(map(plain)).toEqual(map(before));
    expect(kinds(map(plain).shapes).has('polygon')).toBe(false);
    expect(kinds(map(plain).shapes).has('polyline')).toBe(false);
    expect(ofPacket(plain, lists, request('in', 'letter'), system.info).sheets.map((s) => s.title)).toEqual(['Scenario: Take and hold the objectives', 'Every roll']);
  });

  it('with terrain: the pieces on the map under the zones and markers, the legend naming the types drawn, the pieces to put out right after the map', () => {
    const laid = roll('of-map', 'normal', 2);
    const doc = ofPacket(laid, lists, request('in', 'letter'), system.info);
    expect(doc.sheets.map((s) => s.title)).toEqual(['Scenario: Take and hold the objectives', 'Terrain to put out', 'Every roll']);
    expect(doc.drawingsAfterSheet).toBe(1);
    const list = doc.sheets[1]!.blocks[0]!;
    expect(list.kind === 'table' && list.rows.length).toBeGreaterThanOrEqual(laid.terrain.length);
    const text = JSON.stringify(map(laid).shapes);
    for (const type of new Set(laid.terrain.map((p) => p.type))) expect(text).toContain(system.terrain!.types.find((t) => t.id === type)!.effect);
  });

  it('the packet PDF with terrain on A4 (cm) and Letter (in) passes qpdf --check and the print checks', async () => {
    const cwd = workdir();
    for (const [paper, units] of [['a4', 'cm'], ['letter', 'in']] as const) {
      const file = path.join(cwd, `of-${paper}.pdf`);
      const out = await muster(['scenario', 'openfire', '--seed', 'of-city', '--minefields', '2', '--paper', paper, '--units', units, '-o', file], cwd);
      expect(out.code, out.stderr).toBe(0);
      const none = path.join(cwd, `of-${paper}-none.pdf`);
      expect((await muster(['scenario', 'openfire', '--seed', 'of-city', '--minefields', '2', '--paper', paper, '--units', units, '--terrain', 'none', '-o', none], cwd)).code).toBe(0);
      // the briefing and the map stay as they were, a page each; the pieces to put out follow the map, then the longer roll log
      const heads = (pdf: string) => execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).split('\f').map((page) => page.trim().split('\n')[0]!.replace(/\s{2,}.*$/, ''));
      const [withTerrain, without] = [heads(file), heads(none)];
      expect(withTerrain.filter((h) => h.startsWith('Map:'))).toHaveLength(1);
      expect(withTerrain[withTerrain.findIndex((h) => h.startsWith('Map:')) + 1]).toMatch(/^Terrain to put out/);
      expect(withTerrain.slice(0, 2)).toEqual(without.slice(0, 2));
      // the list adds pages at most: the roll log names each piece by its number, short rows that make room for it
      expect(pdfPageCount(readFileSync(file))).toBeGreaterThanOrEqual(pdfPageCount(readFileSync(none)));
      expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
      expect(execFileSync('python3', ['/work/shared/tools/pagecheck.py', file, units], { encoding: 'utf8' }).trim()).toBe('ok');
    }
  });
});

// The types as the text names them (Movement, Terrain), typed from the text, not read from the data
const TEXT_TYPES: Record<string, { section: 'Movement' | 'Terrain'; word: string; effect: RegExp }> = {
  road: { section: 'Movement', word: 'roads', effect: /All units go 50% faster/ },
  path: { section: 'Movement', word: 'paths', effect: /All units go 50% faster/ },
  trench: { section: 'Movement', word: 'trenches', effect: /^Infantry only: 50% faster.*-1 .*-2/ },
  river: { section: 'Movement', word: 'rivers', effect: /50% slower/ },
  stream: { section: 'Terrain', word: 'streams', effect: /half rate.*round down/ },
  ruins: { section: 'Terrain', word: 'ruins', effect: /50% slower.*-1 .*-2/ },
  forest: { section: 'Movement', word: 'forests', effect: /50% slower.*-1 .*-2/ },
  swamp: { section: 'Terrain', word: 'swamps', effect: /^Half rate.*round down/ },
  water: { section: 'Terrain', word: 'water', effect: /^Half rate.*round down/ },
  crater: { section: 'Terrain', word: 'craters', effect: /-1 .*-2/ },
  wall: { section: 'Terrain', word: 'walls', effect: /-1 .*-2/ },
  hedgerow: { section: 'Terrain', word: 'hedgerows', effect: /-1 .*-2/ },
  fence: { section: 'Terrain', word: 'fences', effect: /-1 .*-2/ },
};

describe('Open Fire terrain types against the text (Movement; Terrain)', () => {
  it('every type the text names, with its section and effect; nothing stops movement; no intact building or hill', () => {
    const types = system.terrain!.types;
    expect(types.map((t) => t.id).sort()).toEqual(Object.keys(TEXT_TYPES).sort());
    for (const t of types) {
      const text = TEXT_TYPES[t.id]!;
      expect(t.section, t.id).toBe(text.section);
      expect(t.effect, t.id).toMatch(text.effect);
      expect(t.passable, t.id).not.toBe('impassable');
      // slowed ground is difficult; the rest is crossed at no cost
      expect(t.passable, t.id).toBe(/slower|half rate/i.test(t.effect) ? 'difficult' : 'open');
    }
    // streams and rivers take water's rounding: muster's reading, marked
    expect(types.filter((t) => t.reading).map((t) => t.id)).toEqual(['river', 'stream']);
    expect(types.some((t) => t.look === 'building' || t.look === 'hill')).toBe(false);
  });

  it('muster\'s counts: at normal density nearly every piece rolled finds room; dense lays more than light', () => {
    let left = 0;
    const cover = { light: 0, dense: 0 };
    for (let i = 0; i < 60; i++) {
      const r = roll(`of-room-${i}`, 'normal');
      if (r.terrainMap!.unplaced.length > 0) left += 1;
      cover.light += roll(`of-room-${i}`, 'light').terrain.length;
      cover.dense += roll(`of-room-${i}`, 'dense').terrain.length;
    }
    // about one seed in fifty leaves a piece out (the procedure keeps a gap round every piece)
    expect(left).toBeLessThanOrEqual(4);
    expect(cover.dense).toBeGreaterThan(cover.light * 1.5);
  });
});
