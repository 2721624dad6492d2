/**
 * Blaze Away! scenarios on a table with terrain (issue 27): the pieces lie on the table, the
 * seed rolls the same game with or without them (the terrain's rolls come last), each objective
 * stands in the ground its name gives (objectives.yaml's `on`), the packet lists the pieces to
 * put out with what night, bad weather and the defender's buildings change on them, and
 * `--terrain none` prints the packet as it was before terrain.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { createRng } from '../../src/engine/dice.js';
import { insideOutline } from '../../src/engine/geometry.js';
import type { TerrainLevel } from '../../src/engine/terrain.js';
import { loadBlazeAway, type BlazeAwayData } from '../../src/systems/blazeaway/data.js';
import { loadSampleForces } from '../../src/systems/blazeaway/samples.js';
import { rollScenario, type BaScenarioResult } from '../../src/systems/blazeaway/scenario.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
const data = await loadBlazeAway((await loadRulesDb({ dataDirs: [], only: 'blazeaway' })).system('blazeaway'));
const samples = await loadSampleForces();
const TABLE = { width: 180, height: 120 };
const PAGECHECK = '/work/shared/tools/pagecheck.py';

/** A scenario rolled with only the objective `id` in the bag, so each objective's ground is tried. */
function rollWith(seed: string, terrain: TerrainLevel, objective?: string, table = TABLE): BaScenarioResult {
  const only: BlazeAwayData = objective ? { ...data, objectives: data.objectives.filter((o) => o.id === objective) } : data;
  return rollScenario(only, { forces: [], samples, table, terrain, units: 'cm' }, createRng(seed), seed).result;
}

/** Every field but the terrain and the roll log. */
const withoutTerrain = (r: BaScenarioResult) => Object.fromEntries(Object.entries(r).filter(([key]) => !['terrain', 'terrainMap', 'rolls'].includes(key)));

/** An objective's place in the JSON's terms: cm from the south-west corner. */
const fromSouthWest = (r: BaScenarioResult, o: { x: number; y: number }): [number, number] => [o.x, r.table.height - o.y];

describe('terrain on the table', () => {
  it('--terrain normal: the JSON holds pieces, every one inside the table, and how they were laid', async () => {
    const { code, stdout, stderr } = await muster(['scenario', 'blazeaway', '--seed', 'ground', '--format', 'json', '--terrain', 'normal'], workdir());
    expect(code, stderr).toBe(0);
    const r = JSON.parse(stdout) as BaScenarioResult;
    expect(r.terrain.length).toBeGreaterThan(0);
    expect(r.terrainMap).toMatchObject({ density: 'normal' });
    for (const piece of r.terrain) {
      for (const [x, y] of piece.points) {
        expect(x, piece.id).toBeGreaterThanOrEqual(0);
        expect(x, piece.id).toBeLessThanOrEqual(r.table.width);
        expect(y, piece.id).toBeGreaterThanOrEqual(0);
        expect(y, piece.id).toBeLessThanOrEqual(r.table.height);
      }
    }
    // the command line lays normal terrain unless told otherwise
    const byDefault = await muster(['scenario', 'blazeaway', '--seed', 'ground', '--format', 'json'], workdir());
    expect(byDefault.stdout).toBe(stdout);
  });

  it('the seed rolls the same game: every roll before the terrain\'s is the roll log without terrain, and so is every other field', () => {
    for (const seed of ['same-1', 'same-2', 'same-3']) {
      const bare = rollWith(seed, 'none');
      for (const level of ['light', 'normal', 'dense'] as const) {
        const laid = rollWith(seed, level);
        expect(laid.rolls.slice(0, bare.rolls.length)).toEqual(bare.rolls);
        expect(laid.rolls.length).toBeGreaterThan(bare.rolls.length);
        expect(laid.rolls.slice(bare.rolls.length).every((roll) => roll.purpose.startsWith('terrain: '))).toBe(true);
        expect(withoutTerrain(laid)).toEqual(withoutTerrain(bare));
        expect(bare.terrain).toEqual([]);
        expect(bare).not.toHaveProperty('terrainMap');
        expect(laid.terrain.length, `${seed} ${level}`).toBeGreaterThan(0);
        expect(laid.terrainMap?.density).toBe(level);
      }
    }
  });

  it('a fixed seed\'s terrain (changes only on purpose)', () => {
    const r = rollWith('ba-ground', 'normal');
    expect({ objective: r.scenario.id, terrainMap: r.terrainMap, terrain: r.terrain }).toMatchSnapshot();
  });
});

describe('each objective in the ground its name gives (objectives.yaml `on`, muster\'s reading)', () => {
  const seeds = ['on-1', 'on-2', 'on-3', 'on-4'];
  it('Take the crossroads: two roads laid for it cross on the objective', () => {
    for (const seed of seeds) {
      const r = rollWith(seed, 'normal', 'crossroads');
      const roads = r.terrain.filter((p) => p.objective === 1);
      expect(roads.map((p) => p.type)).toEqual(['road', 'road']);
      const [x, y] = fromSouthWest(r, r.objectives[0]!);
      const crossing = r.terrainMap!.crossings.find((c) => c.pieces.every((id) => roads.some((p) => p.id === id)));
      expect(crossing, seed).toBeDefined();
      expect(Math.hypot(crossing!.x - x, crossing!.y - y), seed).toBeLessThan(0.5);
    }
  });
  it('Seize the bridge: a road laid for it crosses a river laid for it on the objective', () => {
    for (const seed of seeds) {
      const r = rollWith(seed, 'normal', 'bridge');
      const laid = r.terrain.filter((p) => p.objective === 1);
      expect(laid.map((p) => p.type).sort()).toEqual(['river', 'road']);
      const [x, y] = fromSouthWest(r, r.objectives[0]!);
      const bridge = r.terrainMap!.crossings.find((c) => [...c.pieces].sort().join() === laid.map((p) => p.id).sort().join());
      expect(bridge, seed).toBeDefined();
      expect(Math.hypot(bridge!.x - x, bridge!.y - y), seed).toBeLessThan(0.5);
    }
  });
  it('Clear the village: a village map, and a building stands on the marked place', () => {
    for (const seed of seeds) {
      const r = rollWith(seed, 'normal', 'village');
      expect(r.terrainMap!.map).toBe('village');
      const house = r.terrain.find((p) => p.objective === 1)!;
      expect(house.type).toBe('building');
      expect(insideOutline(fromSouthWest(r, r.objectives[0]!), house.points), seed).toBe(true);
    }
  });
  it('Take the ridge line: a hill crest under each of the three points', () => {
    for (const seed of seeds) {
      const r = rollWith(seed, 'normal', 'ridge-line');
      expect(r.objectives).toHaveLength(3);
      r.objectives.forEach((o, i) => {
        const hill = r.terrain.find((p) => p.objective === i + 1);
        expect(hill?.type, `${seed} point ${i + 1}`).toBe('hill-crest');
        expect(insideOutline(fromSouthWest(r, o), hill!.points)).toBe(true);
      });
    }
  });
  it('Break into the position names no ground: nothing is laid for its points, the map type is rolled', () => {
    const maps = new Set<string>();
    for (const seed of [...seeds, 'on-5', 'on-6', 'on-7', 'on-8']) {
      const r = rollWith(seed, 'normal', 'break-in');
      expect(r.terrain.some((p) => p.objective !== undefined)).toBe(false);
      maps.add(r.terrainMap!.map);
    }
    expect(maps.size).toBeGreaterThan(1);
  });
  it('a house terrain file without the ground an objective needs is refused, naming the objective and what to add', async () => {
    const cwd = workdir({
      'h/blazeaway/terrain.yaml': [
        'replace: true',
        'units: cm',
        'types:',
        '  - { id: woods, name: Woods, section: 6.2 Terrain Effect Table, effect: half speed, look: woods, passable: open, size: { width: [25, 45], depth: [20, 35] } }',
        'maps:',
        '  open: { pieces: { woods: [1, 2] } }',
        '  rural: { pieces: { woods: [1, 2] } }',
        '  village: { pieces: { woods: [1, 2] } }',
        '  city: { pieces: { woods: [1, 2] } }',
        '  woods: { pieces: { woods: [3, 4] } }',
        '',
      ].join('\n'),
    });
    const result = await muster(['scenario', 'blazeaway', '--data', 'h', '--seed', 's', '-o', 'x.pdf'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/objectives\.yaml at objectives\[0\]\.on: crossroads is laid with terrain that looks like road, and the terrain types \(terrain\.yaml\) have none: add such a type there/);
    expect(result.stderr).toMatch(/objectives\[3\]\.on: hill is laid with terrain that looks like hill/);
    expect(existsSync(path.join(cwd, 'x.pdf'))).toBe(false);
  });
});

describe('the packet with terrain', () => {
  it('the pieces to put out follow the map, with what the rolled night and bad weather change on them, and where the defender\'s buildings stand', async () => {
    // seed 4: a night game in bad weather
    const args = ['scenario', 'blazeaway', '--seed', '4', '--buildings', 'wood=2,bunker=1'];
    const r = JSON.parse((await muster([...args, '--format', 'json'], workdir())).stdout) as BaScenarioResult;
    expect([r.night, r.weather]).toEqual([true, 'bad']);
    const { stdout: md } = await muster([...args, '--format', 'md'], workdir());
    const sheet = md.split('## Terrain: ')[1]!;
    expect(sheet).toContain(`### Terrain to put out: ${r.terrainMap!.name.toLowerCase()}, normal†`);
    for (const piece of r.terrain) expect(sheet).toMatch(new RegExp(`\\| ${piece.id} \\| ${piece.name} \\|`));
    const roads = r.terrain.filter((p) => p.type === 'road').map((p) => p.id);
    expect(sheet).toMatch(new RegExp(`\\*\\*At night \\(6\\.7\\)\\.\\*\\* A double move only along a road \\(pieces? ${roads[0]}[^)]*\\) or over open terrain: muster reads open terrain as ground no piece covers†`));
    expect(sheet).toMatch(/\*\*In bad weather \(6\.6\)\.\*\* Every move is halved, a road move too; a piece that halves a move halves the halved move again†/);
    expect(sheet).toMatch(/Wood house \/ small structure 1, Wood house \/ small structure 2: Side [AB] names houses among the buildings in its half/);
    expect(sheet).toMatch(/Concrete bunker \/ pillbox 1: Side [AB] sets it down in its half with its wire and mines/);
    // a clear day (seed 1) names neither
    const clear = JSON.parse((await muster(['scenario', 'blazeaway', '--seed', '1', '--format', 'json'], workdir())).stdout) as BaScenarioResult;
    expect([clear.night, clear.weather]).toEqual([false, 'fair']);
    const day = (await muster(['scenario', 'blazeaway', '--seed', '1', '--format', 'md'], workdir())).stdout.split('## Terrain: ')[1]!;
    expect(day).toContain('### Terrain to put out');
    expect(day).not.toMatch(/At night|In bad weather/);
  });

  it('--terrain none prints the packet as before terrain: no terrain sheet, and the same bytes (checked once against the packet of main before terrain)', async () => {
    const cwd = workdir();
    const none = await muster(['scenario', 'blazeaway', '--seed', 'smoke', '--terrain', 'none', '-o', 'none.pdf'], cwd);
    expect(none.code, none.stderr).toBe(0);
    const pdf = readFileSync(path.join(cwd, 'none.pdf'));
    // the bytes of `muster scenario blazeaway --seed smoke` before terrain (commit ca07c0f) until
    // text came to be written in shared text objects (lines moved by Td, glyphs as literal strings)
    // and colours in one operator each; the packet at those changes drew the same pixels on all
    // 30 pages, and this hash is the packet since, but for the sides' colours and side B's
    // hatching and square markers (issue 29: sides that read in black and white), and the wording
    // and reading marks of the rules-fidelity audit (issue 49), the order cards apart on their
    // sheets, each with its own bleed (issue 53, point 4), the roll log's Rule column, where
    // each roll's source is printed (issue 49), the map's labels on white tags and its grid's
    // distances along two edges (issue 53, point 7), and the roll log in the page's two columns,
    // the order cards' type grown into their room (issue 53, point 5)
    expect(createHash('sha256').update(pdf).digest('hex')).toMatchSnapshot();
    const md = (await muster(['scenario', 'blazeaway', '--seed', 'smoke', '--terrain', 'none', '--format', 'md'], cwd)).stdout;
    expect(md).not.toContain('Terrain to put out');
    const laid = await muster(['scenario', 'blazeaway', '--seed', 'smoke', '-o', 'laid.pdf'], cwd);
    expect(laid.code, laid.stderr).toBe(0);
    expect(pdfPageCount(readFileSync(path.join(cwd, 'laid.pdf')))).toBeGreaterThan(pdfPageCount(pdf));
  });

  for (const [paper, units] of [['a4', 'cm'], ['letter', 'in']] as const) {
    it(`on ${paper} in ${units}: qpdf --check and the print checks pass`, async () => {
      const cwd = workdir();
      const file = path.join(cwd, `packet-${paper}.pdf`);
      const result = await muster(['scenario', 'blazeaway', '--seed', '4', '--buildings', 'wood=2', '--paper', paper, '--units', units, '-o', file], cwd);
      expect(result.code, result.stderr).toBe(0);
      expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
      // the print-safe checks (docs/design.md, Print conventions), where the machine has them
      if (existsSync(PAGECHECK)) expect(execFileSync(PAGECHECK, [file, units], { encoding: 'utf8' }).trim().split('\n').pop()).toBe('ok');
    });
  }
});
