/**
 * A club's season (issue 51, point 1): six players of Burst of Fire, three a side, each with a
 * force file of his own, ten games on the ladder with upgrades, salvage and notes between them,
 * and a mistake three games deep taken back with `undo --to`; and a Fire Team campaign of two
 * platoons a side. The command line's test runs the whole of it; the page's test runs its first
 * games through the campaign panel and holds them to the command line's files.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));

export const CLUB_FORCES = path.join(repo, 'test/fixtures/forces/club');

/** The players in the order --names gives them, each with his force file. */
export const SIX = [
  { name: 'Anna', side: 'a', file: 'anna-grenadiers.yaml' },
  { name: 'Ben', side: 'a', file: 'ben-pak.yaml' },
  { name: 'Carl', side: 'a', file: 'carl-truck.yaml' },
  { name: 'Dora', side: 'b', file: 'dora-riflemen.yaml' },
  { name: 'Emil', side: 'b', file: 'emil-tommies.yaml' },
  { name: 'Fritz', side: 'b', file: 'fritz-maxim.yaml' },
] as const;

export const SIX_NAMES = 'Anna,Ben,Carl:Dora,Emil,Fritz';
export const SEASON_SEED = 'club-season';

/** `campaign bof new` for the season, its state in `state`. */
export function seasonNew(state = 'season.json'): string[] {
  return ['campaign', 'bof', 'new', '--state', state, '--names', SIX_NAMES, ...SIX.flatMap((p) => ['--force', p.file]), '--seed', SEASON_SEED];
}

/** A game's record: its result, then the salvage, upgrades and notes of the week after it. */
export interface SeasonGame {
  winner: 'a' | 'b';
  victory: 'decisive' | 'strategic' | 'turns';
  score: string;
  salvage?: string[];
  upgrade?: string[];
  note?: string[];
}

/** The record's options, as the command line takes them. */
export function recordOptions(game: SeasonGame): string[] {
  return [
    ...['--winner', game.winner, '--victory', game.victory, '--combat-score', game.score],
    ...(game.salvage ?? []).flatMap((s) => ['--salvage', s]),
    ...(game.upgrade ?? []).flatMap((u) => ['--upgrade', u]),
    ...(game.note ?? []).flatMap((n) => ['--note', n]),
  ];
}

export function seasonRecord(game: SeasonGame, state = 'season.json'): string[] {
  return ['campaign', 'bof', 'record', '--state', state, ...recordOptions(game)];
}

/**
 * The season as it was played, game by game: side A wins the first, loses the roles in the
 * second, holds the Delay in the fourth (back to Probing, on the same map), climbs from the
 * sixth, is held at the Breakthrough in the ninth; ten games, side A the more wins.
 */
export const SEASON: readonly SeasonGame[] = [
  {
    winner: 'a',
    victory: 'decisive',
    score: '12:6',
    salvage: ['Ben:Bazooka>Grenadier'],
    upgrade: ['Anna:2 x Grenadier>elite', 'Carl:Opel Blitz>BMW R75 with sidecar'],
    note: ['Dora:Lt. Hayes wounded'],
  },
  { winner: 'b', victory: 'strategic', score: '20:50', salvage: ['Emil:Pak 36'], upgrade: ['Dora:2 x Rifleman>elite', 'Fritz:Rifleman+PPSh-41'] },
  { winner: 'b', victory: 'decisive', score: '10:30', upgrade: ['Emil:Rifleman>elite', 'Ben:Grenadier+MP 40'] },
  { winner: 'a', victory: 'decisive', score: '35:20', salvage: ['Carl:PIAT>Grenadier'] },
  { winner: 'a', victory: 'decisive', score: '15:5', upgrade: ['Anna:Grenadier+Stielhandgranate'] },
  { winner: 'a', victory: 'strategic', score: '50:20', salvage: ['Anna:Maxim team'], upgrade: ['Dora:Lt. Hayes+Hand grenade'] },
  { winner: 'a', victory: 'decisive', score: '30:10', upgrade: ['Carl:Grenadier>elite'] },
  { winner: 'a', victory: 'decisive', score: '28:12', salvage: ['Ben:Lee-Enfield>Unteroffizier'] },
  { winner: 'b', victory: 'decisive', score: '12:40', salvage: ['Fritz:MG 42'], upgrade: ['Emil:PIAT gunner>elite'] },
  { winner: 'b', victory: 'strategic', score: '20:50' },
];

/** The mistake: game 7 recorded the wrong way round, and two more games on top of it. */
export const MISTAKE: readonly SeasonGame[] = [
  { winner: 'b', victory: 'decisive', score: '10:30' },
  { winner: 'b', victory: 'decisive', score: '10:30' },
  { winner: 'a', victory: 'decisive', score: '30:10' },
];

/** The Fire Team campaign of two platoons a side: each player's force file, in the order of its --names. */
export const FOUR = [
  { name: 'Anna', side: 'a', file: 'ft-anna-vzvod.yaml' },
  { name: 'Ben', side: 'a', file: 'ft-ben-vzvod.yaml' },
  { name: 'Carl', side: 'b', file: 'ft-carl-zug.yaml' },
  { name: 'Dora', side: 'b', file: 'ft-dora-zug.yaml' },
] as const;

export const FOUR_NAMES = 'Anna,Ben:Carl,Dora';

export function fireTeamNew(state = 'river.json'): string[] {
  return ['campaign', 'fireteam', 'new', '--state', state, '--names', FOUR_NAMES, ...FOUR.flatMap((p) => ['--force', p.file]), '--seed', 'river'];
}

/** A scratch folder holding the club's force files, for the command line to run in. */
export function clubDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-club-'));
  for (const p of [...SIX, ...FOUR]) copyFileSync(path.join(CLUB_FORCES, p.file), path.join(dir, p.file));
  return dir;
}

/** A maker of club folders for a test file, each removed when the file's tests are done (`afterAll`). */
export function clubDirs(afterAll: (fn: () => void) => void): () => string {
  const made: string[] = [];
  afterAll(() => made.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  return () => {
    const dir = clubDir();
    made.push(dir);
    return dir;
  };
}
