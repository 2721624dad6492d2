/**
 * Issue 51, point 1: Burst of Fire campaigns of 1 to 6 players (Campaigns: "Campaigns may be
 * played by 1-6 players"). A club's season of six players, three a side, each with his own
 * force, run for ten games from the command line: each player's share of his side's points in
 * every packet (Special rules for multiplayer games), his own event cards, upgrades and salvage,
 * the side's ladder and scoring, a mistake three games deep taken back with `undo --to`, the
 * reset game on the previous map, and the weekly packet reprinting only each player's changed
 * cards. A two-player state file written by muster before players were kept still reads.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { sampled } from '../helpers/sample.js';
import { clubDirs, MISTAKE, SEASON, SEASON_SEED, seasonNew, seasonRecord, SIX, SIX_NAMES } from '../helpers/club-season.js';

const dir = clubDirs(afterAll);

interface PlayerJson {
  name: string;
  side: 'a' | 'b';
  points: number;
  available: number;
  force: { name: string; points: number; limit: number; units: { unit: string; name: string; count: number; quality: string; weapons: string[]; salvaged?: number }[]; problems: string[] } | null;
}
interface StatusJson {
  game: number;
  points: Record<'a' | 'b', number>;
  wins: Record<'a' | 'b', number>;
  finished: boolean;
  winner: 'a' | 'b' | null;
  names: Record<'a' | 'b', string>;
  players: PlayerJson[];
  ledger: { game: number; side: string; player?: number; kind: string; text: string; cost: number }[];
  history: { game: number; winner: string; pointsGained: Record<'a' | 'b', number>; shares?: number[] }[];
}

async function ok(argv: string[], cwd: string) {
  const result = await muster(argv, cwd);
  expect(result.code, `${argv.join(' ')}\n${result.stderr}`).toBe(0);
  return result;
}

const status = async (cwd: string, state = 'season.json') => JSON.parse((await ok(['campaign', 'bof', 'status', '--state', state, '--format', 'json'], cwd)).stdout) as StatusJson;
const packetText = async (cwd: string, state = 'season.json') => (await ok(['campaign', 'bof', 'next', '--state', state, '--format', 'md'], cwd)).stdout;
async function packetPages(cwd: string, name: string, state = 'season.json'): Promise<number> {
  await ok(['campaign', 'bof', 'next', '--state', state, '-o', name, '--quiet'], cwd);
  return pdfPageCount(readFileSync(path.join(cwd, name)));
}
/** The campaign alone: the changes it keeps and the muster that wrote it left out. */
const campaignOf = (text: string) => {
  const { changes: _c, writtenBy: _w, ...state } = JSON.parse(text) as Record<string, unknown>;
  return state;
};

/**
 * The weeks after the first whose packets are printed to count their pages: every one under
 * MUSTER_DEEP=1; by default a sample keeping the week after the first, the week on the previous
 * game's map (after game 4) and a week after the mistake was taken back.
 */
const WEEKS = sampled(
  Array.from({ length: SEASON.length - 1 }, (_, i) => i + 2),
  (week) => (week === 5 ? ['the map again'] : week >= 8 ? ['after the undo'] : []),
);

describe('a Burst of Fire campaign of six players, three a side', () => {
  it('plays a season of ten games, each player with his own force, points, upgrades and salvage, a mistake taken back three steps', async () => {
    const cwd = dir();
    const file = path.join(cwd, 'season.json');
    const started = await ok(seasonNew(), cwd);
    expect(started.stderr).toContain('New campaign: Side A (Anna, Ben, Carl; morale');
    expect(started.stderr).toContain('Dora fields Dora\'s Raiders (26 points) in every game');
    const fresh = JSON.parse(readFileSync(file, 'utf8')) as { version: number; players: { name: string; side: string; force?: { name: string } }[]; forces?: unknown };
    // several players a side: version 3, each player's force kept as his own
    expect(fresh.version).toBe(3);
    expect(fresh.forces).toBeUndefined();
    expect(fresh.players.map((p) => [p.name, p.side, p.force?.name])).toEqual([
      ['Anna', 'a', 'Zug Anna'],
      ['Ben', 'a', 'Zug Ben'],
      ['Carl', 'a', 'Zug Carl'],
      ['Dora', 'b', "Dora's Raiders"],
      ['Emil', 'b', "Emil's Section"],
      ['Fritz', 'b', "Fritz's Strelki"],
    ]);

    // game 1's packet: Probing, 75 a side, each of three players 50% rounded down (Special rules for multiplayer games)
    const first = await packetText(cwd);
    expect(first).toContain('Probing the enemy lines (six-player)');
    for (const p of SIX) expect(first).toContain(`${p.name} (Side ${p.side.toUpperCase()}) brings`);
    expect(first).toContain('Anna (Side A) brings Zug Anna: 20 of 37 points: 17 left to spend. Its roster and unit cards are in this packet.');
    expect(first).toMatch(/## Rosters: Anna, Ben, Carl, Dora, Emil, Fritz/);
    expect(first).toContain('## Cards: Side A: unit cards of Anna, Ben, Carl');
    // each player draws his own detachment's event cards, named in the table
    for (const p of SIX) expect(first).toMatch(new RegExp(`\\| ${p.name} \\(Side ${p.side.toUpperCase()}\\) \\|`));
    const firstPages = await packetPages(cwd, 'game-1.pdf');
    // the pages of each week's packet the sample prints, by week
    const pages = new Map<number, number>();
    const week = async (n: number) => {
      if (WEEKS.includes(n)) pages.set(n, await packetPages(cwd, `game-${n}.pdf`));
    };

    const after: Record<string, unknown>[] = [];
    const record = async (game: (typeof SEASON)[number]) => {
      const done = await ok(seasonRecord(game), cwd);
      after.push(campaignOf(readFileSync(file, 'utf8')));
      return done;
    };

    // game 1: side A's 15 + 12 shared out 9, 9, 9; side B's 3 + 6 as 3, 3, 3
    await record(SEASON[0]!);
    let s = await status(cwd);
    expect(s.history[0]!.shares).toEqual([9, 9, 9, 3, 3, 3]);
    expect(s.players.map((p) => p.points)).toEqual([9, 9, 9, 3, 3, 3]);
    expect(s.points).toEqual({ a: 27, b: 9 });
    const ben = s.players[1]!.force!;
    expect(ben.units.some((u) => u.weapons.includes('us-bazooka'))).toBe(true);
    expect(s.players[0]!.force!.units.filter((u) => u.quality === 'elite').reduce((n, u) => n + u.count, 0)).toBe(2);
    expect(s.players[0]!.available).toBe(9 - s.ledger.find((l) => l.player === 0)!.cost);
    expect(s.players[2]!.force!.units.map((u) => u.unit)).toContain('de-bmw-r75');
    expect(s.ledger.map((l) => [l.player, l.kind])).toEqual([
      [1, 'salvage'],
      [0, 'upgrade'],
      [2, 'upgrade'],
      [3, 'note'],
    ]);

    // the week after: only the cards an upgrade or salvage changed, player by player
    const second = await packetText(cwd);
    expect(second).toContain("Ben (Side A) brings Zug Ben: 26 of 75 points: 49 left to spend. Its roster is in this packet, with the 2 cards that changed since game 1");
    expect(second).toContain("Emil (Side B) brings Emil's Section: 26 of 75 points: 49 left to spend. Its roster is in this packet; no card changed since game 1");
    await week(2);
    expect(pages.get(2)).toBeLessThan(firstPages);

    // who a line is for: a player of the side, by name; a side's a: is his only where he is its one player
    const sideA = await muster([...seasonRecord(SEASON[1]!), '--upgrade', 'a:Grenadier>elite'], cwd);
    expect(sideA.code).toBe(2);
    expect(sideA.stderr).toContain('side a has 3 players; name the one it is for: Anna:, Ben:, Carl:');
    const loserSalvage = await muster(seasonRecord({ ...SEASON[1]!, salvage: ['Anna:Pak 36'] }), cwd);
    expect(loserSalvage.code).toBe(2);
    expect(loserSalvage.stderr).toContain("only the game's winner, a player of side b (Dora, Emil, Fritz), claims what was left behind");
    const unnamed = await muster(seasonRecord({ ...SEASON[1]!, salvage: ['Pak 36'] }), cwd);
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toMatch(/--salvage "Pak 36": write it as PLAYER:what, e\.g\. Anna:Pak 40.*\(PLAYER is a player's name: Anna, Ben, Carl, Dora, Emil, Fritz\)/);
    const notFielded = await muster(seasonRecord({ ...SEASON[1]!, salvage: ['Emil:Panzerschreck'] }), cwd);
    expect(notFielded.code).toBe(2);
    expect(notFielded.stderr).toContain("Side A's forces (Zug Anna, Zug Ben, Zug Carl) fielded no");
    expect(campaignOf(readFileSync(file, 'utf8'))).toEqual(after[0]);

    for (const [i, game] of SEASON.entries()) {
      if (i < 1 || i >= 4) continue;
      await record(game);
      await week(i + 2);
    }
    s = await status(cwd);
    // game 4: the defender held: roles neutralised, game 5 on game 4's map (General Campaign Ladder)
    expect(s.history[3]!.winner).toBe('a');
    expect(await packetText(cwd)).toContain('**The map** of game 4 again');
    // Emil took side A's Pak 36 in game 2, free for the rest of the campaign
    expect(s.players[4]!.force!.units.find((u) => u.unit === 'de-pak-36')).toMatchObject({ salvaged: 2 });

    for (const [i, game] of SEASON.entries()) {
      if (i < 4 || i >= 6) continue;
      await record(game);
      await week(i + 2);
    }
    const afterSix = campaignOf(readFileSync(file, 'utf8'));

    // the mistake: game 7 the wrong way round, and two games recorded on top of it
    for (const game of MISTAKE) await record(game);
    const history = (await ok(['campaign', 'bof', 'history', '--state', 'season.json'], cwd)).stdout;
    expect(history).toContain('  6  recorded game 6 (Side A won)');
    expect(history).toContain('  9  recorded game 9 (Side A won)');
    const back = await ok(['campaign', 'bof', 'undo', '--state', 'season.json', '--to', '6'], cwd);
    expect(back.stderr).toMatch(/^Went back to just after change 6: recorded game 6 \(Side A won\)\. You are here: game 7 of at most 10/);
    expect(campaignOf(readFileSync(file, 'utf8'))).toEqual(afterSix);
    expect((await status(cwd)).game).toBe(6);

    for (const [i, game] of SEASON.entries()) {
      if (i < 6) continue;
      await record(game);
      if (i + 2 <= SEASON.length) await week(i + 2);
    }
    s = await status(cwd);
    expect(s.game).toBe(10);
    expect(s.finished).toBe(true);
    // ten games and no side at the top of the ladder: the more games won takes the campaign
    expect(s.wins).toEqual({ a: 6, b: 4 });
    expect(s.winner).toBe('a');
    for (const side of ['a', 'b'] as const) {
      expect(s.players.filter((p) => p.side === side).reduce((n, p) => n + p.points, 0)).toBe(s.points[side]);
      expect(s.history.every((g) => g.shares!.filter((_, i) => SIX[i]!.side === side).reduce((n, x) => n + x, 0) === g.pointsGained[side])).toBe(true);
    }
    expect(s.players.every((p) => p.force!.problems.length === 0)).toBe(true);
    expect(s.ledger.every((l) => l.player !== undefined && SIX[l.player]!.side === l.side)).toBe(true);

    // a week's packet after the first is shorter than the first's
    expect([...pages.keys()]).toEqual(WEEKS);
    expect(Math.max(...pages.values())).toBeLessThan(firstPages);
    const booklet = await ok(['campaign', 'bof', 'booklet', '--state', 'season.json', '-o', 'season.pdf'], cwd);
    expect(booklet.stderr).toMatch(/Wrote .*season\.pdf \(\d+ pages\)/);
    const bookletText = (await ok(['campaign', 'bof', 'booklet', '--state', 'season.json', '--format', 'md'], cwd)).stdout;
    expect(bookletText).toContain('Finished after 10 games: Side A wins. Side A is Anna, Ben and Carl; Side B Dora, Emil and Fritz.');
    expect(bookletText).toContain('Upgrades and salvage: Side B (Dora, Emil, Fritz)');
    expect(bookletText).toMatch(/\| Emil \| 2 \| Salvaged: Pak 36, left behind by Side A \| — \|/);
    // every PDF whole
    for (const pdf of ['game-1.pdf', 'game-2.pdf', 'season.pdf']) execFileSync('qpdf', ['--check', path.join(cwd, pdf)], { stdio: 'pipe' });
  }, 600_000);

  it('splits the players into sides as asked, or in halves, and refuses what a campaign cannot hold', async () => {
    const cwd = dir();
    // three players without a colon: halves, side A the larger; each player's share of his side's 150% (muster's reading)
    await ok(['campaign', 'bof', 'new', '--state', 'three.json', '--names', 'Anna,Ben,Carl', '--force', 'anna-grenadiers.yaml', '--force', 'ben-pak.yaml', '--force', 'dora-riflemen.yaml', '--seed', 'three'], cwd);
    const three = await status(cwd, 'three.json');
    expect(three.players.map((p) => [p.name, p.side])).toEqual([
      ['Anna', 'a'],
      ['Ben', 'a'],
      ['Carl', 'b'],
    ]);
    const packet = await packetText(cwd, 'three.json');
    // Probing's 75: two against one, 56 each for the two, 112 for the one alone
    expect(packet).toContain('Anna (Side A)† 20 of 56 points');
    expect(packet).toContain("Carl (Side B)† 26 of 112 points");
    expect(packet).toContain('Probing the enemy lines (three-player)');

    // side names before the players; a side of one needs no name in record
    await ok(['campaign', 'bof', 'new', '--state', 'named.json', '--names', 'Allies=Dora:Axis=Anna,Ben', '--force', 'dora-riflemen.yaml', '--force', 'anna-grenadiers.yaml', '--force', 'ben-pak.yaml', '--seed', 'n'], cwd);
    const named = await status(cwd, 'named.json');
    expect(named.names).toEqual({ a: 'Allies', b: 'Axis' });
    await ok(['campaign', 'bof', 'record', '--state', 'named.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '10:5', '--salvage', 'Pak 36', '--note', 'a:well fought'], cwd);
    const after = await status(cwd, 'named.json');
    expect(after.players[0]!.force!.units.map((u) => u.unit)).toContain('de-pak-36');
    expect(after.ledger.map((l) => [l.player, l.kind])).toEqual([
      [0, 'salvage'],
      [0, 'note'],
    ]);

    for (const [names, message] of [
      ['Anna,Ben,Carl,Dora,Emil,Fritz,Gus', /7 players; a campaign has at most 6, 3 a side/],
      ['Anna,Ben,Carl,Dora:Emil', /side A has 4 players; a side has at most 3/],
      ['Anna,Ben:Carl,anna', /"anna" is given twice \(as "Anna"\)/],
      ['Anna,b,Carl', /"b" is how record names a side/],
      ['Anna,Ben:Carl:Dora', /one colon at most/],
      ['Anna,,Carl', /a name is empty/],
    ] as const) {
      const refused = await muster(['campaign', 'bof', 'new', '--state', 'x.json', '--names', names], cwd);
      expect(refused.code, names).toBe(2);
      expect(refused.stderr).toMatch(message);
    }
    const tooMany = await muster(['campaign', 'bof', 'new', '--state', 'x.json', '--names', 'Anna,Ben,Carl', ...SIX.flatMap((p) => ['--force', p.file])], cwd);
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toContain('--force given 6 times for 3 players');
    const solo = await muster(['campaign', 'bof', 'new', '--state', 'x.json', '--solo', '--names', SIX_NAMES], cwd);
    expect(solo.code).toBe(2);
    expect(solo.stderr).toContain('a solo campaign has one player');
    expect(existsSync(path.join(cwd, 'x.json'))).toBe(false);

    // a state edited by hand is checked against itself: a player's points must add up to his side's
    const edited = JSON.parse(readFileSync(path.join(cwd, 'named.json'), 'utf8')) as { players: { points: number }[]; changes?: unknown };
    edited.players[1]!.points += 5;
    delete edited.changes;
    writeFileSync(path.join(cwd, 'edited.json'), JSON.stringify(edited, null, 2));
    const broken = await muster(['campaign', 'bof', 'status', '--state', 'edited.json'], cwd);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/at points\.b: is \d+, but the players of side b earned \d+ in all; they must agree/);

    // a booklet fresh from the names: every rung's packet for six players
    const fresh = await ok(['campaign', 'bof', 'booklet', '--names', SIX_NAMES, '--seed', SEASON_SEED, '--format', 'md'], cwd);
    expect(fresh.stdout).toContain('**Side A** against **Side B** (Side A is Anna, Ben and Carl; Side B Dora, Emil and Fritz)');
    expect(fresh.stdout).toContain('Victory Zones (six-player)');
  }, 300_000);

  it('reads a two-player state file that muster wrote before it kept players, and goes on with it as a two-player file (version 4: it keeps the forces played)', async () => {
    const cwd = dir();
    const fixture = path.join(cwd, 'old.json');
    copyFileSync(new URL('../fixtures/campaigns/bof-two-player-main.json', import.meta.url), fixture);
    const before = JSON.parse(readFileSync(fixture, 'utf8')) as { version: number; changes: unknown[]; forces: Record<string, unknown> };
    expect(before.version).toBe(2);
    const s = await status(cwd, 'old.json');
    expect(s.game).toBe(2);
    expect(s.names).toEqual({ a: 'Red', b: 'Blue' });
    // the players of a two-player file are its sides
    expect(s.players.map((p) => [p.name, p.side, p.force?.name])).toEqual([
      ['Red', 'a', 'Kampfgruppe Weber'],
      ['Blue', 'b', 'Easy Company tanks'],
    ]);
    const next = await packetText(cwd, 'old.json');
    expect(next).toContain("**Red's force** Kampfgruppe Weber, kept by the campaign");
    expect(next).toContain('Side B brings Easy Company tanks: 43 of 150 points: 107 left to spend. Its roster is in this packet, with the 2 cards that changed since game 2');
    await ok(['campaign', 'bof', 'record', '--state', 'old.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '20:5', '--upgrade', 'a:Grenadier>elite', '--note', 'Blue:a name works for a side too'], cwd);
    const after = JSON.parse(readFileSync(fixture, 'utf8')) as { version: number; changes: unknown[]; players?: unknown; ledger: { side: string; player?: number }[] };
    // version 2 held forcesPlayed before version 4 did: it reads as it was, and is written as 4
    expect(after.version).toBe(4);
    expect(after.players).toBeUndefined();
    expect(after.changes).toHaveLength(before.changes.length + 1);
    expect(after.ledger.at(-1)).toEqual({ game: 3, side: 'b', kind: 'note', text: 'a name works for a side too', cost: 0 });
    // the changes the old file kept still go back
    await ok(['campaign', 'bof', 'undo', '--state', 'old.json', '--to', '1'], cwd);
    expect((await status(cwd, 'old.json')).game).toBe(1);
  }, 300_000);
});
