/**
 * "Forward, victory is near!" (fire-team.txt, the campaign): the turn sequence, forces and
 * battle outcomes as the text gives them, and muster's map and end as its data says.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { campaignFile, fireTeamCampaignState, type FireTeamCampaignState } from '../../src/systems/fireteam/campaign-schema.js';
import { createRng } from '../../src/engine/dice.js';
import { buildBoard, CampaignRuleError, declareAssaults, fireTeamCampaignStatus, newFireTeamCampaign, recordBattle, type CampaignBoard } from '../../src/systems/fireteam/campaign.js';

const FILE = fileURLToPath(new URL('../../data/fireteam/campaign/forward-victory.yaml', import.meta.url));
const MAP = campaignFile.parse(parse(readFileSync(FILE, 'utf8'))).campaign;
const { board } = buildBoard(MAP, FILE) as { board: CampaignBoard };

const start = () => newFireTeamCampaign(board, { seed: 's', names: { a: 'Red Army', b: 'Axis' }, lists: { a: 'russians', b: 'fallschirmjager' } });
const middle = { a: 5, b: 5 };

/** Plays assaults and results turn by turn; each step's state must pass the state schema. */
function play(state: FireTeamCampaignState, turns: [Record<'a' | 'b', string | null>, ('a' | 'b' | 'draw')[]][]): FireTeamCampaignState {
  for (const [assaults, results] of turns) {
    state = declareAssaults(state, board, assaults, middle, createRng('t'));
    results.forEach((winner, i) => (state = recordBattle(state, board, i + 1, winner)));
    expect(fireTeamCampaignState.safeParse(state).success).toBe(true);
  }
  return state;
}

describe('the campaign map', () => {
  it('is a full grid whose river is crossed only at the bridge and the ford', () => {
    expect(board.order).toHaveLength(30);
    expect(board.neighbours.get('B3')).toContain('B4');
    expect(board.neighbours.get('D3')).toContain('D4');
    for (const [x, y] of [['A3', 'A4'], ['C3', 'C4'], ['E3', 'E4']] as const) expect(board.neighbours.get(x)).not.toContain(y);
    expect(board.neighbours.get('C2')).toEqual(['C1', 'B2', 'D2', 'C3']);
  });
  it('the forces are the text\'s: core 8 (4 a player), encounter 6, attack and defence 8 split 4-6 / 2-4', () => {
    expect(MAP.forces).toEqual({ core: 8, corePerPlayer: 4, encounter: 6, attackAndDefence: 8, attack: [4, 6], defence: [2, 4] });
  });
  it('a club map with a missing square, a stray zone or a bad cut is refused with the field', () => {
    const broken = { ...MAP, squares: MAP.squares.filter((s) => s.id !== 'C3') };
    expect(buildBoard(broken, 'club.yaml').problems).toContainEqual({ file: 'club.yaml', path: 'campaign.squares', message: 'square C3 is missing: every square of the grid is listed' });
    const stray = { ...MAP, breakout: { ...MAP.breakout, a: ['Z9'] }, river: { name: 'r', cut: [['A1', 'C3'] as [string, string]] } };
    expect(buildBoard(stray, 'club.yaml').problems.map((p) => p.path)).toEqual(['campaign.breakout.a[0]', 'campaign.river.cut[0]']);
    // a bridge or ford names two neighbours the river does not already part
    const crossings = { ...MAP, river: { ...MAP.river!, crossings: [{ between: ['B3', 'B5'] as [string, string], kind: 'bridge' as const }, { between: ['A3', 'A4'] as [string, string], kind: 'ford' as const }, { between: ['B3', 'Q9'] as [string, string], kind: 'ford' as const }] } };
    expect(buildBoard(crossings, 'club.yaml').problems).toEqual([
      { file: 'club.yaml', path: 'campaign.river.crossings[0]', message: 'B3 and B5 are not side by side, so there is no edge to cross' },
      { file: 'club.yaml', path: 'campaign.river.crossings[1]', message: 'A3 and A4 are parted by a cut of the river, so no bridge or ford joins them; take the pair out of cut' },
      { file: 'club.yaml', path: 'campaign.river.crossings[2].between[1]', message: expect.stringContaining('Q9') },
      { file: 'club.yaml', path: 'campaign.river.crossings[2]', message: 'B3 and Q9 are not side by side, so there is no edge to cross' },
    ]);
  });
});

describe('a campaign turn by turn', () => {
  it('each side starts holding its deployment zone', () => {
    const status = fireTeamCampaignStatus(start(), board);
    expect(status.squares.filter((s) => s.owner === 'a').map((s) => s.id)).toEqual(MAP.deploy.a);
    expect(status.squares.filter((s) => s.owner === 'b').map((s) => s.id)).toEqual(MAP.deploy.b);
    expect(status.targets.a).toEqual(['A5', 'B5', 'C5', 'D5', 'E5']);
  });
  it('assaults into two squares apart: two attack-versus-defence games, the points split as asked', () => {
    const state = declareAssaults(start(), board, { a: 'B5', b: 'D2' }, { a: 6, b: 4 }, createRng('t'));
    expect(state.pending).toEqual([
      { battle: 1, kind: 'attack', square: 'B5', squares: { a: 'B5', b: 'D2' }, attacker: 'a', points: { a: 6, b: 4 }, result: null },
      { battle: 2, kind: 'attack', square: 'D2', squares: { a: 'B5', b: 'D2' }, attacker: 'b', points: { a: 2, b: 4 }, result: null },
    ]);
  });
  it('both into one vacant square, or two vacant squares side by side: one encounter, 6 points a side', () => {
    let state = play(start(), [[{ a: 'C5', b: 'C2' }, ['a', 'b']]]);
    state = play(state, [[{ a: 'C4', b: 'C3' }, []]]);
    // C3 and C4 are across the river with no crossing: not side by side, so two games
    expect(state.pending.map((p) => p.kind)).toEqual(['attack', 'attack']);
    const met = declareAssaults(play(start(), [[{ a: 'B5', b: 'B2' }, ['a', 'b']]]), board, { a: 'B4', b: 'B3' }, middle, createRng('t'));
    expect(met.pending).toEqual([expect.objectContaining({ battle: 1, kind: 'encounter', squares: { a: 'B4', b: 'B3' }, attacker: null, points: { a: 6, b: 6 }, result: null })]);
    // across the bridge: B4 and B3 side by side meet; then both go for the one square left between them
    let bridge = play(start(), [[{ a: 'B5', b: 'B2' }, ['a', 'b']], [{ a: 'B4', b: 'B3' }, ['b']]]);
    expect(bridge.owners['B3']).toBe('b');
    bridge = declareAssaults(bridge, board, { a: 'B4', b: 'B4' }, middle, createRng('t'));
    expect(bridge.pending.map((p) => [p.kind, p.square])).toEqual([['encounter', 'B4']]);
    // one square for both: nothing to roll for
    expect(bridge.pending[0]!.ground).toBeUndefined();
    expect(recordBattle(bridge, board, 1, 'b').owners['B4']).toBe('b');
  });
  it('Forward, victory is near!, Turn Sequence: an encounter over adjacent vacant squares is fought on the square of the side that rolls higher (muster\'s reading), the roll-off kept with the battle', () => {
    const before = play(start(), [[{ a: 'B5', b: 'B2' }, ['a', 'b']]]);
    const won = { a: 0, b: 0 };
    for (let i = 0; i < 40; i++) {
      const met = declareAssaults(before, board, { a: 'B4', b: 'B3' }, middle, createRng(`ground-${i}`));
      expect(fireTeamCampaignState.safeParse(met).success).toBe(true);
      const p = met.pending[0]!;
      const ground = p.ground!;
      // a D6 each until one is higher; the higher side's square is the ground
      const faces = ground.rolls.map((r) => r.total);
      expect(ground.rolls.every((r) => r.dice === '1D6')).toBe(true);
      expect(faces.length % 2).toBe(0);
      const [ra, rb] = faces.slice(-2) as [number, number];
      expect(ra).not.toBe(rb);
      expect(ground.side).toBe(ra > rb ? 'a' : 'b');
      expect(p.square).toBe(p.squares[ground.side]);
      won[ground.side] += 1;
      // the same rng gives the same ground
      expect(declareAssaults(before, board, { a: 'B4', b: 'B3' }, middle, createRng(`ground-${i}`)).pending).toEqual(met.pending);
    }
    expect(won.a).toBeGreaterThan(0);
    expect(won.b).toBeGreaterThan(0);
  });
  it('Forward, victory is near!, Turn Sequence: a side "may" launch a single assault, so one assault alone is one attack-versus-defence game, the side that holds defending with 4 (muster\'s reading)', () => {
    const state = declareAssaults(start(), board, { a: 'B5', b: null }, { a: 6, b: 5 }, createRng('t'));
    expect(state.pending).toEqual([{ battle: 1, kind: 'attack', square: 'B5', squares: { a: 'B5', b: null }, attacker: 'a', points: { a: 6, b: 4 }, result: null }]);
    // a state where a side held is version 3: an older muster refuses it as newer rather than half-reading it
    expect(state.version).toBe(3);
    expect(fireTeamCampaignState.safeParse(state).success).toBe(true);
    expect(fireTeamCampaignState.safeParse({ ...state, version: 2 }).success).toBe(false);
    const taken = recordBattle(state, board, 1, 'a');
    expect(taken).toMatchObject({ turn: 2, pending: [] });
    expect(taken.owners['B5']).toBe('a');
    // side B alone, the other way round
    const axis = declareAssaults(start(), board, { a: null, b: 'D2' }, middle, createRng('t'));
    expect(axis.pending).toEqual([expect.objectContaining({ square: 'D2', squares: { a: null, b: 'D2' }, attacker: 'b', points: { a: 4, b: 5 } })]);
  });
  it('Forward, victory is near!, Turn Sequence: both sides hold: no battle, the turn recorded and over', () => {
    const state = declareAssaults(start(), board, { a: null, b: null }, middle, createRng('t'));
    expect(state).toMatchObject({ turn: 2, pending: [], version: 3, log: [{ turn: 1, kind: 'hold', event: 'both sides hold: no battle is fought' }] });
    expect(fireTeamCampaignState.safeParse(state).success).toBe(true);
    expect(state.owners).toEqual(start().owners);
    // the last turn held by both ends the campaign as a turn of battles does
    let quiet = start();
    for (let t = 0; t < 12; t++) quiet = play(quiet, [[{ a: null, b: null }, []]]);
    expect(quiet).toMatchObject({ finished: true, winner: null, turn: 12, outcome: 'after 12 turns both sides hold 5 squares: a draw' });
  });
  it('the attacker must win to take the square; a failed assault and a drawn encounter take nothing', () => {
    let state = play(start(), [[{ a: 'B5', b: 'D2' }, ['b', 'a']]]);
    expect(state.owners['B5']).toBeUndefined();
    expect(state.owners['D2']).toBeUndefined();
    expect(state.log.map((l) => l.event)).toEqual([
      "Red Army's assault on B5 (Tank ditch) fails",
      "Axis' assault on D2 (Churchyard) fails",
    ]);
    state = play(state, [[{ a: 'B5', b: 'B2' }, ['a', 'draw']]]);
    expect(state.owners['B5']).toBe('a');
    expect(state.owners['B2']).toBeUndefined();
    state = play(state, [[{ a: 'B4', b: 'B2' }, ['a', 'b']], [{ a: 'B3', b: 'A2' }, ['draw', 'b']]]);
    expect(state.log.at(-2)!.event).toBe("Red Army's assault on B3 (North bridgehead) fails (a draw is no win for the attacker)");
    expect(state.owners['A2']).toBe('b');
    expect(state.turn).toBe(5);
  });
  it('a defender holding off every assault keeps its squares; an attacker taking an enemy square takes it from them', () => {
    const state = play(start(), [
      [{ a: 'C5', b: 'C2' }, ['a', 'b']],
      [{ a: 'C4', b: 'C3' }, ['a', 'b']],
      // D4 and D3 meet at the ford: one encounter, won by the Red Army
      [{ a: 'D4', b: 'D3' }, ['a']],
      [{ a: 'E4', b: 'D3' }, ['a', 'b']],
      // the Axis attacks D4, which the Red Army holds, and takes it; the Red Army's own attack fails
      [{ a: 'B5', b: 'D4' }, ['b', 'b']],
    ]);
    expect(state.owners['D4']).toBe('b');
    expect(state.owners['B5']).toBeUndefined();
    expect(state.owners['C4']).toBe('a');
  });
  it('refusals: an unknown square, a square not next to one held, one held already, a bad split, battles outstanding, the end', () => {
    const s = start();
    const refuse = (fn: () => unknown, message: RegExp) => expect(fn).toThrow(message);
    refuse(() => declareAssaults(s, board, { a: 'Q9', b: 'C2' }, middle, createRng('t')), /Red Army assaults Q9: there is no such square/);
    refuse(() => declareAssaults(s, board, { a: 'C3', b: 'C2' }, middle, createRng('t')), /C3 \(North bank\), which is not next to a square it holds; choose from A5, B5, C5, D5, E5/);
    refuse(() => declareAssaults(s, board, { a: 'C6', b: 'C2' }, middle, createRng('t')), /which it holds already/);
    refuse(() => declareAssaults(s, board, { a: 'C5', b: 'C2' }, { a: 7, b: 5 }, createRng('t')), /puts 7 of its 8 points into the attack; the attack takes 4 to 6/);
    const waiting = declareAssaults(s, board, { a: 'C5', b: 'C2' }, middle, createRng('t'));
    refuse(() => declareAssaults(waiting, board, { a: 'C5', b: 'C2' }, middle, createRng('t')), /turn 1's battles are not all recorded: record battle 1 and battle 2 first/);
    refuse(() => recordBattle(waiting, board, 3, 'a'), /turn 1 has battles 1 and 2 only/);
    refuse(() => recordBattle(recordBattle(waiting, board, 1, 'a'), board, 1, 'a'), /battle 1 of turn 1 is recorded already/);
    refuse(() => recordBattle(s, board, 1, 'a'), /no battles are waiting/);
    expect(() => declareAssaults(s, board, { a: 'Q9', b: 'C2' }, middle, createRng('t'))).toThrow(CampaignRuleError);
  });
  it('the end: a breakout wins at once; otherwise after the last turn more squares win, or a draw', () => {
    const road = ([a, b]: string[]) => [{ a: a!, b: b! }, ['a', 'b']] as [Record<'a' | 'b', string>, ('a' | 'b')[]];
    let state = play(start(), [['B5', 'E2'], ['B4', 'E3'], ['B3', 'A2'], ['B2', 'A3']].map(road));
    expect(state.finished).toBe(false);
    state = play(state, [[{ a: 'B1', b: 'C2' }, ['a', 'b']]]);
    expect(state).toMatchObject({ finished: true, winner: 'a', outcome: 'Red Army broke out at B1 (Railway station) on turn 5' });
    expect(() => declareAssaults(state, board, { a: 'C1', b: 'C3' }, middle, createRng('t'))).toThrow(/the campaign is over \(Red Army broke out/);
    // twelve turns of failed assaults: even holdings, a draw
    let quiet = start();
    for (let t = 0; t < 12; t++) quiet = play(quiet, [[{ a: 'C5', b: 'C2' }, ['b', 'a']]]);
    expect(quiet).toMatchObject({ finished: true, winner: null, turn: 12, outcome: 'after 12 turns both sides hold 5 squares: a draw' });
  });
});
