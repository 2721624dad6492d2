/**
 * Issue 51, point 1, Fire Team: "multiple players each controlling a platoon" in "Forward,
 * victory is near!". Two players a side, each with his own force file, his platoon and his own
 * reinforcements; the side's 8 core points are 4 a player (the campaign's Forces); every
 * battle fields both of a side's platoons. A state file written before players were kept reads.
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { clubDirs, FOUR, FOUR_NAMES, fireTeamNew } from '../helpers/club-season.js';

const dir = clubDirs(afterAll);

async function ok(argv: string[], cwd: string) {
  const result = await muster(argv, cwd);
  expect(result.code, `${argv.join(' ')}\n${result.stderr}`).toBe(0);
  return result;
}

describe('a Fire Team campaign of two platoons a side', () => {
  it('keeps each player his platoon and reinforcements, and fields both of a side’s platoons in every battle', async () => {
    const cwd = dir();
    const started = await ok(fireTeamNew(), cwd);
    expect(started.stderr).toContain('Red Army (Russians: Anna, Ben, a platoon each) against Axis (Fallschirmjäger: Carl, Dora, a platoon each)');
    const state = JSON.parse(readFileSync(path.join(cwd, 'river.json'), 'utf8')) as { version: number; forces?: unknown; players: { name: string; side: string; force: { name: string } }[] };
    expect(state.version).toBe(4);
    expect(state.forces).toBeUndefined();
    expect(state.players.map((p) => [p.name, p.side, p.force.name])).toEqual([
      ['Anna', 'a', 'Vzvod Anny'],
      ['Ben', 'a', 'Vzvod Bena'],
      ['Carl', 'b', 'Zug Carl'],
      ['Dora', 'b', 'Zug Dora'],
    ]);

    const packets = (await ok(['campaign', 'fireteam', 'next', '--state', 'river.json', '--assault', 'a:C5', '--assault', 'b:C2', '--format', 'md'], cwd)).stdout;
    // both platoons of each side, each named for its player, within the side's 8 core points
    expect(packets).toContain("| Side A's force | Vzvod Anny and Vzvod Bena: core 8 of 8 and reinforcements");
    expect(packets).toContain("| Side B's force | Zug Carl and Zug Dora: core 8 of 8 and reinforcements");
    for (const part of ['Anna: HQ', 'Anna: squad 3', 'Anna: weapons section', 'Ben: HQ', 'Ben: squad 4', 'Carl: HQ', 'Carl: squad 2', 'Dora: HQ', 'Dora: squad 2']) expect(packets).toContain(`| ${part} |`);
    // the picks go round the players: Anna's first (her T-34-85), then Ben's first (his HMG team)
    const sideA = packets.slice(packets.indexOf('### Side A: Vzvod Anny and Vzvod Bena'), packets.indexOf('### Side B: Zug Carl and Zug Dora'));
    const order = ['Medium tank or assault gun: T-34/85', '| HMG team |', '| Scout team |'].map((pick) => sideA.indexOf(pick));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(sideA).toContain("Reinforcements from its force's own list, in order, while they fit this battle's 5 points; left out: Artillery.");

    await ok(['campaign', 'fireteam', 'record', '--state', 'river.json', '--battle', '1', '--winner', 'a'], cwd);
    await ok(['campaign', 'fireteam', 'record', '--state', 'river.json', '--battle', '2', '--winner', 'b'], cwd);
    const status = JSON.parse((await ok(['campaign', 'fireteam', 'status', '--state', 'river.json', '--format', 'json'], cwd)).stdout) as { turn: number; players: { name: string }[] };
    expect(status.turn).toBe(2);
    expect(status.players.map((p) => p.name)).toEqual(['Anna', 'Ben', 'Carl', 'Dora']);
    const booklet = (await ok(['campaign', 'fireteam', 'booklet', '--state', 'river.json', '--format', 'md'], cwd)).stdout;
    expect(booklet).toContain('**Red Army** is Anna and Ben, each with his own platoon and list of reinforcements, taken in turn, one pick from each†: 2 platoons of the Russians list');
    // the whole state reads back, and a step is taken back as in any campaign
    await ok(['campaign', 'fireteam', 'undo', '--state', 'river.json', '--to', '2'], cwd);
    expect(JSON.parse((await ok(['campaign', 'fireteam', 'status', '--state', 'river.json', '--format', 'json'], cwd)).stdout)).toMatchObject({ turn: 1, pending: [{ result: 'a' }, { result: null }] });
  }, 300_000);

  it('refuses a side of mixed lists, a side half without forces, and a platoon over a player’s 4 core points under --strict', async () => {
    const cwd = dir();
    const mixed = await muster(['campaign', 'fireteam', 'new', '--state', 'x.json', '--names', FOUR_NAMES, '--force', 'ft-anna-vzvod.yaml', '--force', 'ft-carl-zug.yaml'], cwd);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain("the players of side A bring forces of Russians and Fallschirmjäger: a side fights with one army list");
    const half = await muster(['campaign', 'fireteam', 'new', '--state', 'x.json', '--names', FOUR_NAMES, '--force', 'ft-anna-vzvod.yaml'], cwd);
    expect(half.code).toBe(2);
    expect(half.stderr).toContain("Ben (side A) has no force file, but Anna of his side has: a side's players bring a force each, or none");
    const three = await muster(['campaign', 'fireteam', 'new', '--state', 'x.json', '--names', 'Anna,Ben,Carl:Dora'], cwd);
    expect(three.code).toBe(2);
    expect(three.stderr).toContain('side A has 3 players; a side has at most 2');
    // a platoon of 6 points: over Anna's 4 of her side's 8
    writeFileSync(path.join(cwd, 'big.yaml'), readFileSync(path.join(cwd, 'ft-anna-vzvod.yaml'), 'utf8').replace('squads: 3', 'squads: 4').replace('core: 4', 'core: 6'));
    const big = await muster(['campaign', 'fireteam', 'new', '--state', 'x.json', '--names', FOUR_NAMES, '--force', 'big.yaml', '--force', 'ft-ben-vzvod.yaml', '--strict'], cwd);
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/the platoons cost 5 points, over the 4 core points that are Anna's part of the 8 of side A/);
    expect(existsSync(path.join(cwd, 'x.json'))).toBe(false);
    // one player against two: the lone player's part is the side's whole 8
    await ok(['campaign', 'fireteam', 'new', '--state', 'y.json', '--names', 'Anna:Carl,Dora', '--seed', 'y'], cwd);
    expect(JSON.parse(readFileSync(path.join(cwd, 'y.json'), 'utf8'))).toMatchObject({ version: 4, players: [{ name: 'Anna', side: 'a' }, { name: 'Carl', side: 'b' }, { name: 'Dora', side: 'b' }] });
  }, 300_000);

  it('reads a two-side state file that muster wrote before it kept players', async () => {
    const cwd = dir();
    copyFileSync(new URL('../fixtures/campaigns/fireteam-two-sides-main.json', import.meta.url), path.join(cwd, 'old.json'));
    const status = JSON.parse((await ok(['campaign', 'fireteam', 'status', '--state', 'old.json', '--format', 'json'], cwd)).stdout) as { names: Record<string, string>; forces: Record<string, { name: string }> };
    expect(status.names).toEqual({ a: 'Vzvod Orlov', b: 'Zug Hoffmann' });
    expect(status.forces.a!.name).toBe('Vzvod Orlov');
    await ok(['campaign', 'fireteam', 'record', '--state', 'old.json', '--battle', '1', '--winner', 'a'], cwd);
    const after = JSON.parse(readFileSync(path.join(cwd, 'old.json'), 'utf8')) as { version: number; players?: unknown };
    expect(after.version).toBe(2);
    expect(after.players).toBeUndefined();
    expect(FOUR).toHaveLength(4);
  }, 300_000);
});
