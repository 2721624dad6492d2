/**
 * Fire Team's terrain (muster's own procedure: the text leaves terrain to each battle): a
 * battle's table laid after its other rolls, a road between the sides' edges for the Deploy
 * action's road entrances, and in the campaign each square's terrain line read as its ground,
 * the same in every battle fought on it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { createRng } from '../../src/engine/dice.js';
import { insideOutline } from '../../src/engine/geometry.js';
import { rollBattle, type BattleOptions, type FtBattleResult } from '../../src/systems/fireteam/battle.js';
import { loadCampaignBoard } from '../../src/systems/fireteam/campaign-module.js';
import { loadFireTeam } from '../../src/systems/fireteam/data.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
const system = (await loadRulesDb({ dataDirs: [], only: 'fireteam' })).system('fireteam');
const data = await loadFireTeam(system);
const board = await loadCampaignBoard(system);
const TABLE = { width: 183, height: 122 };
/** the print-safe checks of docs/design.md (Print conventions), where the shared tools are beside the repository */
const PAGECHECK = '/work/shared/tools/pagecheck.py';

const roll = (seed: string, over: Partial<BattleOptions> = {}) =>
  rollBattle(data, { players: 2, table: TABLE, terrain: { level: 'normal', units: 'cm' }, ...over }, createRng(seed), seed).result;

/** A battle on a campaign square, its ground seeded as the campaign seeds it: the campaign's seed and the square's id. */
const onSquare = (id: string, battle: 'attack' | 'encounter', seed: string, campaign = 'club') => {
  const square = board.squares.get(id)!;
  return rollBattle(
    data,
    {
      battle,
      players: 4,
      table: TABLE,
      square,
      fixed: battle === 'attack' ? { attacker: 'b', reinforcements: { a: 3, b: 5 } } : { reinforcements: { a: 6, b: 6 } },
      terrain: { level: 'normal', units: 'cm', seed: `${campaign}/square-${id}` },
    },
    createRng(seed),
    seed,
  ).result;
};

const json = async (args: string[]) => {
  const result = await muster(['scenario', 'fireteam', '--format', 'json', ...args], workdir());
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as FtBattleResult;
};

/** The roads that run from one deployment edge to the other (JSON: y from the south edge). */
function entranceRoads(r: FtBattleResult) {
  const northSouth = r.deployment.a === 'north' || r.deployment.a === 'south';
  return r.terrain.filter((p) => {
    if (p.type !== 'road') return false;
    const ends = [p.points[0]!, p.points[p.points.length - 1]!].map(([x, y]) => (northSouth ? y : x)).sort((a, b) => a - b);
    return ends[0]! <= 0.01 && ends[1]! >= (northSouth ? r.table.height : r.table.width) - 0.01;
  });
}

/** A piece that stops movement covers the point (x, y from the south-west corner). */
const covered = (r: FtBattleResult, x: number, y: number) => r.terrain.some((p) => p.passable === 'impassable' && insideOutline([x, y], p.points));

describe('a stand-alone battle with terrain', () => {
  it('JSON: pieces inside the table, and the map type and density they were laid for', async () => {
    const r = await json(['--seed', 'ground', '--terrain', 'normal']);
    expect(r.terrain.length).toBeGreaterThan(3);
    expect(r.terrainMap).toMatchObject({ density: 'normal' });
    expect(['open', 'rural', 'village', 'city', 'woods']).toContain(r.terrainMap!.map);
    for (const piece of r.terrain) {
      for (const [x, y] of piece.points) {
        expect(x, piece.id).toBeGreaterThanOrEqual(-0.01);
        expect(x, piece.id).toBeLessThanOrEqual(r.table.width + 0.01);
        expect(y, piece.id).toBeGreaterThanOrEqual(-0.01);
        expect(y, piece.id).toBeLessThanOrEqual(r.table.height + 0.01);
      }
    }
  });
  it('the seed rolls the same battle: every roll before the terrain’s is the log without terrain, and the rest of the JSON is the same', async () => {
    const laid = await json(['--seed', 'same', '--terrain', 'dense']);
    const bare = await json(['--seed', 'same', '--terrain', 'none']);
    expect(bare.terrain).toEqual([]);
    expect(bare.terrainMap).toBeUndefined();
    expect(laid.rolls.slice(0, bare.rolls.length)).toEqual(bare.rolls);
    const after = laid.rolls.slice(bare.rolls.length) as { purpose: string }[];
    expect(after.length).toBeGreaterThan(0);
    for (const r of after) expect(r.purpose).toMatch(/^terrain: /);
    const { terrain: _t, terrainMap: _m, rolls: _r, ...rest } = laid;
    const { terrain: _bt, rolls: _br, ...bareRest } = bare;
    expect(rest).toEqual(bareRest);
  });
  it('the battle’s road entrances (Actions: Deploy): its first road runs from one side’s edge to the other’s, whatever the map', () => {
    const maps = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const r = roll(`road-${i}`);
      maps.add(r.terrainMap!.map);
      const roads = entranceRoads(r);
      expect(roads.map((p) => p.id), r.seed).toContain('T1');
      // its roll opens the terrain's, after the map type
      const first = (r.rolls as { purpose: string }[]).findIndex((x) => x.purpose.startsWith('terrain: '));
      expect(r.rolls.slice(first, first + 2).map((x) => (x as { purpose: string }).purpose)).toEqual(['terrain: the map type', "terrain: T1 the battle's road, where it enters"]);
    }
    expect(maps.size).toBeGreaterThan(2);
  });
  it('the patrol markers and zones stay usable: no piece that stops movement (a bunker) covers a marker', () => {
    let bunkers = 0;
    for (let i = 0; i < 16; i++) {
      const r = roll(`bunker-${i}`, { battle: i % 2 ? 'attack' : 'encounter' });
      bunkers += r.terrain.filter((p) => p.type === 'bunker').length;
      for (const side of ['a', 'b'] as const) for (const m of r.patrol[side]) expect(covered(r, m.x, r.table.height - m.y), r.seed).toBe(false);
    }
    expect(bunkers).toBeGreaterThan(0);
  });
  it('a snapshot of the terrain for a fixed seed (changes only on purpose)', () => {
    const r = roll('ft-terrain', { battle: 'attack' });
    expect({ terrain: r.terrain, terrainMap: r.terrainMap }).toMatchSnapshot();
  });
});

describe('a campaign square’s ground', () => {
  it('two battles on the same square have the same terrain JSON, whichever battle and seed', () => {
    for (const id of ['D1', 'B4', 'C5']) {
      const attack = onSquare(id, 'attack', 'turn-1/battle-1');
      const encounter = onSquare(id, 'encounter', 'turn-7/battle-1');
      expect(attack.terrain.length, id).toBeGreaterThan(0);
      expect(encounter.terrain, id).toEqual(attack.terrain);
      expect(encounter.terrainMap, id).toEqual(attack.terrainMap);
      // the ground's dice are the square's: the same at the end of either battle's log
      const tail = (r: FtBattleResult) => r.rolls.slice(r.rolls.findIndex((x) => (x as { purpose: string }).purpose.startsWith('terrain: ')));
      expect(tail(encounter)).toEqual(tail(attack));
    }
    // another campaign's seed lays other ground on the same square
    expect(onSquare('D1', 'attack', 'b', 'other').terrain).not.toEqual(onSquare('D1', 'attack', 'b').terrain);
  });
  it('a club’s own square that gives no map type or types: its map type is rolled from the square’s seed, the same in every battle there', () => {
    const square = { id: 'C5', name: 'Village', terrain: 'Houses', jops: { attacker: 3, defender: 3 } };
    const at = (battle: 'attack' | 'encounter', seed: string) =>
      rollBattle(data, { battle, players: 2, table: TABLE, square, terrain: { level: 'normal', units: 'cm', seed: 'club/square-C5' } }, createRng(seed), seed).result;
    const [one, two] = [at('attack', 'p'), at('encounter', 'q')];
    expect(one.terrain.length).toBeGreaterThan(0);
    expect(two.terrain).toEqual(one.terrain);
    expect(one.rolls.find((r) => (r as { purpose: string }).purpose === 'terrain: the map type')).toBeDefined();
  });
  it('each square lays its map type and only the types its line names, at least one of each; squares with different lines differ', () => {
    const seen: string[] = [];
    for (const id of board.order) {
      const square = board.squares.get(id)!;
      const r = onSquare(id, 'attack', 'b');
      expect(r.terrainMap!.map, id).toBe(square.map);
      const laid = new Set(r.terrain.map((p) => p.type));
      const unplaced = new Set(r.terrainMap!.unplaced.map((u) => u.type));
      for (const type of square.types!) expect(laid.has(type) || unplaced.has(type), `${id} ${type}`).toBe(true);
      expect([...laid].filter((t) => t !== 'road' && !square.types!.includes(t)), id).toEqual([]);
      expect(r.terrain.filter((p) => p.type === 'road').length, id).toBe(square.roads ?? 1);
      const ground = JSON.stringify(r.terrain);
      expect(seen, id).not.toContain(ground);
      seen.push(ground);
    }
  });
  it('the crossroads (D1) has two roads that cross; the first joins the sides’ edges', () => {
    const r = onSquare('D1', 'attack', 'x');
    expect(r.terrainMap!.crossings).toHaveLength(1);
    expect(r.terrainMap!.crossings[0]!.pieces).toEqual(['T1', 'T2']);
    expect(entranceRoads(r).map((p) => p.id)).toEqual(['T1']);
  });
  it('no bunker covers a place a jump-off point of any battle there may stand (B4, B5)', () => {
    for (const id of ['B4', 'B5']) {
      for (const [battle, seed] of [['attack', 'j1'], ['encounter', 'j2']] as const) {
        const r = onSquare(id, battle, seed);
        expect(r.terrain.some((p) => p.type === 'bunker'), id).toBe(true);
        for (const side of ['a', 'b'] as const) for (const j of r.campaign!.jopPoints[side]) expect(covered(r, j.x, r.table.height - j.y), `${id} ${battle}`).toBe(false);
      }
    }
  });
  it('the squares’ types follow their lines’ words (the campaign file’s reading); a hamlet, a street, cottages or a station lay the village map', () => {
    const words: [RegExp, string][] = [
      [/\bwoods?\b|wooded|copse|orchard|willow|oak|reed|bog|clay pit|quarry/i, 'woods'],
      [/house|cottage|hamlet|barn|shed|hut|mill\b|windmill|kiln|chimney|church|lodge|building/i, 'building'],
      [/hedge|wall|wire|ditch|trench|crate|revet|timber|haystack|peat|gun pit|siding|the line|mill race|weir|ford\b|cutting|garden/i, 'linear-obstacle'],
      [/pillbox|bunker/i, 'bunker'],
      [/hill|slope|steep|embankment|spoil|ramp|platform|cutting|above/i, 'higher-elevation'],
      [/field|meadow|yard|garden|graveyard|beach|tent|grass strip/i, 'open-ground'],
    ];
    for (const id of board.order) {
      const square = board.squares.get(id)!;
      const named = words.filter(([re]) => re.test(square.terrain)).map(([, type]) => type);
      expect([...square.types!].sort(), `${id}: ${square.terrain}`).toEqual([...new Set(named)].sort());
      expect(square.roads ?? 1, id).toBe(/crossroads/i.test(square.terrain) ? 2 : 1);
      expect(square.map === 'village', id).toBe(/hamlet|street|cottages|station/i.test(square.terrain));
    }
  });
  it('a campaign packet draws the square’s ground and lists its pieces; the same square in a later turn lists the same', async () => {
    const cwd = workdir();
    const run = async (...args: string[]) => {
      const result = await muster(['campaign', 'fireteam', ...args, '--state', 'c.json'], cwd);
      expect(result.code, result.stderr).toBe(0);
      return result.stdout;
    };
    const pieces = (md: string, square: string) => {
      const part = md.slice(md.indexOf(`**Square ${square}.**`));
      const table = part.slice(part.indexOf('### Terrain to put out'));
      return table.slice(0, table.indexOf('\n\n##'));
    };
    await run('new', '--seed', 'ground');
    const first = await run('next', '--assault', 'a:C5', '--assault', 'b:C2', '--format', 'md');
    expect(first).toMatch(/muster reads the line as the village map with only the terrain the line names†/);
    await run('record', '--battle', '1', '--winner', 'b');
    await run('record', '--battle', '2', '--winner', 'a');
    const second = await run('next', '--assault', 'a:C5', '--assault', 'b:C2', '--format', 'md');
    expect(pieces(first, 'C5')).toMatch(/\| T1 \| Road \|/);
    expect(pieces(second, 'C5')).toEqual(pieces(first, 'C5'));
    expect(pieces(second, 'C2')).toEqual(pieces(first, 'C2'));
    expect(pieces(first, 'C2')).not.toEqual(pieces(first, 'C5'));
  });
  it('a house campaign naming a type the rule set does not have, or a road among its types: exit 2, the file and field named', async () => {
    const own = readFileSync(fileURLToPath(new URL('../../data/fireteam/campaign/forward-victory.yaml', import.meta.url)), 'utf8');
    for (const [from, to, message] of [
      ['types: [woods, building]', 'types: [woods, orchard]', /campaign\.squares\[0\]\.types\[1\]: "orchard" is no terrain type of the rule set; the types are woods, building, /],
      ['types: [woods, building]', 'types: [woods, road]', /campaign\.squares\[0\]\.types\[1\]: "road" is a road: give the square's roads as roads: 1 or 2/],
      ['map: woods', 'map: forest', /campaign\.squares\[0\]\.map: one of the map types: open, rural, village, city, woods/],
    ] as const) {
      const house = workdir({ 'fireteam/campaign/forward-victory.yaml': own.replace(from, to) });
      const result = await muster(['campaign', 'fireteam', 'new', '--state', 'c.json', '--data', house], house);
      expect(result.code, to).toBe(2);
      expect(result.stderr, to).toMatch(/forward-victory\.yaml/);
      expect(result.stderr, to).toMatch(message);
    }
  });
});

describe('the packet with terrain', () => {
  it('A4 and Letter: the pieces to put out after the map, a valid PDF that keeps the print rules', async () => {
    for (const [paper, units] of [['a4', 'cm'], ['letter', 'in']] as const) {
      const cwd = workdir();
      const result = await muster(['scenario', 'fireteam', '--seed', 'print', '--paper', paper, '--units', units, '--terrain', 'normal', '-o', 'p.pdf'], cwd);
      expect(result.code, result.stderr).toBe(0);
      const file = path.join(cwd, 'p.pdf');
      expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
      if (existsSync(PAGECHECK)) expect(execFileSync('python3', [PAGECHECK, file, units], { encoding: 'utf8' }).trim()).toBe('ok');
      const titles = [1, 2, 3].map((page) => execFileSync('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' }).split('\n')[0]);
      expect(titles).toEqual(['Battle: Encounter', 'Map: Encounter', 'Terrain to put out']);
    }
  });
  it('--terrain none: no terrain, no list of pieces, and the packet as the module makes it without terrain', async () => {
    const cwd = workdir();
    const none = await muster(['scenario', 'fireteam', '--seed', 'print', '--terrain', 'none', '--format', 'md'], cwd);
    const laid = await muster(['scenario', 'fireteam', '--seed', 'print', '--format', 'md'], cwd);
    expect(none.stdout).not.toMatch(/Terrain to put out/);
    expect(laid.stdout).toMatch(/Terrain to put out/);
    const bare = rollBattle(data, { players: 2, table: TABLE }, createRng('print'), 'print').result;
    expect(roll('print', { terrain: { level: 'none', units: 'cm' } })).toEqual(bare);
  });
});
