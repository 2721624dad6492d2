import type { MapTypeId } from '../../data/terrain-schema.js';
import type { Rng } from '../../engine/dice.js';
import { RollLog } from '../../engine/roll-log.js';
import type { Provenance } from '../../vocab/provenance.js';
import type { DataProblem } from '../../errors.js';
import type { CampaignMap, FireTeamCampaignState, FireTeamPlayer, PendingBattle, Side } from './campaign-schema.js';
import type { FtForce } from './schema.js';
import { possessive } from '../../doc/possessive.js';

/**
 * "Forward, victory is near!" as pure functions of a map and a state: each turn both sides
 * assault one square; one encounter or two attack-versus-defence games decide who holds what.
 */
export class CampaignRuleError extends Error {}

const SIDES = ['a', 'b'] as const;
const other = (s: Side): Side => (s === 'a' ? 'b' : 'a');

export interface MapSquare {
  id: string;
  name: string;
  terrain: string;
  /** its terrain line read as a map type, the types it names and its roads (campaign-schema.ts) */
  map?: MapTypeId;
  types?: readonly string[];
  roads?: number;
  jops: { attacker: number; defender: number };
  column: number;
  row: number;
}

/** A map with its squares found by id and each square's neighbours worked out once. */
export interface CampaignBoard {
  map: CampaignMap;
  squares: ReadonlyMap<string, MapSquare>;
  /** squares in reading order: row by row from the north, west to east */
  order: readonly string[];
  neighbours: ReadonlyMap<string, readonly string[]>;
}

const columnOf = (id: string) => id.charCodeAt(0) - 'A'.charCodeAt(0) + 1;
const rowOf = (id: string) => Number(id.slice(1));

/**
 * Checks a map and works out its neighbours: every square of the grid is there once, the
 * zones and the river name squares of the map, a cut separates two neighbours. Problems are
 * returned with the field at fault, so a club's own map gets messages it can act on.
 */
export function buildBoard(map: CampaignMap, file: string): { board?: CampaignBoard; problems: DataProblem[] } {
  const problems: DataProblem[] = [];
  const at = (path: string, message: string) => problems.push({ file, path, message });
  const squares = new Map<string, MapSquare>();
  map.squares.forEach((square, i) => {
    const column = columnOf(square.id);
    const row = rowOf(square.id);
    if (squares.has(square.id)) at(`campaign.squares[${i}].id`, `"${square.id}" is listed twice`);
    else if (column > map.columns || row > map.rows || row < 1) at(`campaign.squares[${i}].id`, `"${square.id}" lies off a map of ${map.columns} columns (A to ${String.fromCharCode(64 + map.columns)}) and ${map.rows} rows`);
    else squares.set(square.id, { ...square, column, row });
  });
  const order: string[] = [];
  for (let row = 1; row <= map.rows; row++) {
    for (let column = 1; column <= map.columns; column++) {
      const id = `${String.fromCharCode(64 + column)}${row}`;
      if (!squares.has(id) && problems.length === 0) at('campaign.squares', `square ${id} is missing: every square of the grid is listed`);
      order.push(id);
    }
  }
  const known = (path: string, id: string) => {
    if (!squares.has(id)) at(path, `"${id}" is not a square of the map`);
  };
  for (const s of SIDES) {
    map.deploy[s].forEach((id, i) => known(`campaign.deploy.${s}[${i}]`, id));
    map.breakout[s].forEach((id, i) => known(`campaign.breakout.${s}[${i}]`, id));
  }
  map.deploy.a.forEach((id, i) => {
    if (map.deploy.b.includes(id)) at(`campaign.deploy.a[${i}]`, `"${id}" is in both sides' deployment zones`);
  });
  const cuts = new Set<string>();
  (map.river?.cut ?? []).forEach(([x, y], i) => {
    known(`campaign.river.cut[${i}][0]`, x);
    known(`campaign.river.cut[${i}][1]`, y);
    if (Math.abs(columnOf(x) - columnOf(y)) + Math.abs(rowOf(x) - rowOf(y)) !== 1) at(`campaign.river.cut[${i}]`, `${x} and ${y} are not side by side, so there is nothing to cut`);
    cuts.add(`${x}|${y}`).add(`${y}|${x}`);
  });
  (map.river?.crossings ?? []).forEach(({ between: [x, y] }, i) => {
    known(`campaign.river.crossings[${i}].between[0]`, x);
    known(`campaign.river.crossings[${i}].between[1]`, y);
    if (Math.abs(columnOf(x) - columnOf(y)) + Math.abs(rowOf(x) - rowOf(y)) !== 1) at(`campaign.river.crossings[${i}]`, `${x} and ${y} are not side by side, so there is no edge to cross`);
    if (cuts.has(`${x}|${y}`)) at(`campaign.river.crossings[${i}]`, `${x} and ${y} are parted by a cut of the river, so no bridge or ford joins them; take the pair out of cut`);
  });
  const { attack, defence } = map.forces;
  if (!(attack[0] + defence[0] <= map.forces.attackAndDefence && map.forces.attackAndDefence <= attack[1] + defence[1])) {
    at('campaign.forces', `no split of ${map.forces.attackAndDefence} points gives ${attack[0]} to ${attack[1]} for the attack and ${defence[0]} to ${defence[1]} for the defence`);
  }
  if (problems.length > 0) return { problems };
  const neighbours = new Map<string, string[]>();
  for (const id of order) {
    const square = squares.get(id)!;
    const around = [
      [0, -1],
      [-1, 0],
      [1, 0],
      [0, 1],
    ]
      .map(([dc, dr]) => `${String.fromCharCode(64 + square.column + dc!)}${square.row + dr!}`)
      .filter((n) => squares.has(n) && !cuts.has(`${id}|${n}`));
    neighbours.set(id, around);
  }
  return { board: { map, squares, order, neighbours }, problems };
}

/** A new campaign: each side holds its deployment zone; nobody holds the rest. */
export function newFireTeamCampaign(
  board: CampaignBoard,
  options: { seed: string; names: { a: string; b: string }; lists: { a: string; b: string }; forces?: Partial<Record<Side, FtForce>>; players?: readonly FireTeamPlayer[] },
): FireTeamCampaignState {
  const owners: Record<string, Side> = {};
  for (const id of board.order) {
    for (const s of SIDES) if (board.map.deploy[s].includes(id)) owners[id] = s;
  }
  const forces = options.forces ?? {};
  const brought = SIDES.some((s) => forces[s] !== undefined);
  return {
    // a state without forces stays version 1, as an older muster wrote and reads it; one of several players a side is version 4
    version: options.players ? 4 : brought ? 2 : 1,
    system: 'fireteam',
    campaign: board.map.id,
    seed: options.seed,
    names: options.names,
    lists: options.lists,
    ...(brought && !options.players ? { forces: { ...(forces.a ? { a: forces.a } : {}), ...(forces.b ? { b: forces.b } : {}) } } : {}),
    ...(options.players ? { players: options.players.map((p) => ({ ...p })) } : {}),
    turn: 1,
    owners,
    pending: [],
    log: [],
    finished: false,
    winner: null,
    outcome: null,
  };
}

const squareName = (board: CampaignBoard, id: string) => `${id} (${board.squares.get(id)?.name ?? id})`;

/** Where a side may assault: a square it does not hold, next to one it does. */
export function assaultTargets(state: FireTeamCampaignState, board: CampaignBoard, s: Side): string[] {
  return board.order.filter((id) => state.owners[id] !== s && board.neighbours.get(id)!.some((n) => state.owners[n] === s));
}

/**
 * The turn's assaults: one square a side, or none for a side that holds (the Turn Sequence: a
 * side "may" launch a single assault), and how each attacking side splits its
 * attack-and-defence points (the attack's share; the rest defends). Both into one vacant square,
 * or into two vacant squares side by side, is one encounter; two other assaults are two
 * attack-versus-defence games, each side attacking once; one assault alone is one
 * attack-versus-defence game, the side that holds defending with the most the defence takes
 * (muster's reading); two holds are no battle, and the turn ends at once. The text does not say
 * which of two squares an encounter is fought on: muster's reading is a roll-off, the higher
 * side's square, kept with the battle so its packet prints the dice.
 */
export function declareAssaults(state: FireTeamCampaignState, board: CampaignBoard, assaults: Record<Side, string | null>, split: Record<Side, number>, rng: Rng): FireTeamCampaignState {
  if (state.finished) throw new CampaignRuleError(`the campaign is over (${state.outcome ?? 'finished'}); start a new one`);
  const open = state.pending.filter((p) => p.result === null);
  if (open.length > 0) throw new CampaignRuleError(`turn ${state.turn}'s battles are not all recorded: record ${open.map((p) => `battle ${p.battle}`).join(' and ')} first`);
  const { forces } = board.map;
  for (const s of SIDES) {
    const target = assaults[s];
    if (target === null) continue;
    if (!board.squares.has(target)) throw new CampaignRuleError(`${state.names[s]} assaults ${target}: there is no such square; the map runs from A1 to ${board.order[board.order.length - 1]}`);
    if (state.owners[target] === s) throw new CampaignRuleError(`${state.names[s]} assaults ${squareName(board, target)}, which it holds already; choose from ${assaultTargets(state, board, s).join(', ')}, or hold`);
    if (!board.neighbours.get(target)!.some((n) => state.owners[n] === s)) {
      throw new CampaignRuleError(`${state.names[s]} assaults ${squareName(board, target)}, which is not next to a square it holds; choose from ${assaultTargets(state, board, s).join(', ')}, or hold`);
    }
    const share = split[s];
    const rest = forces.attackAndDefence - share;
    if (!(Number.isInteger(share) && share >= forces.attack[0] && share <= forces.attack[1] && rest >= forces.defence[0] && rest <= forces.defence[1])) {
      throw new CampaignRuleError(
        `${state.names[s]} puts ${share} of its ${forces.attackAndDefence} points into the attack; the attack takes ${forces.attack[0]} to ${forces.attack[1]} and the defence the rest, ${forces.defence[0]} to ${forces.defence[1]}`,
      );
    }
  }
  const held = { ...state, version: Math.max(state.version, 3) as 3 | 4 | 5 };
  const { a, b } = assaults;
  if (a === null && b === null) {
    // no battle: the turn is recorded as held by both, and ends as a turn of battles ends
    const log = [...state.log, { turn: state.turn, kind: 'hold' as const, event: 'both sides hold: no battle is fought' }];
    return endTurn({ ...held, pending: [], log }, board);
  }
  if (a === null || b === null) {
    const attacker: Side = a === null ? 'b' : 'a';
    const defender = other(attacker);
    const points = { a: 0, b: 0 };
    points[attacker] = split[attacker];
    // a side that only defends has no attack to share its points with: it defends with the most the defence takes (muster's reading)
    points[defender] = forces.defence[1];
    return { ...held, pending: [{ battle: 1, kind: 'attack', square: assaults[attacker]!, squares: { a, b }, attacker, points, result: null }] };
  }
  const vacant = (id: string) => state.owners[id] === undefined;
  const meet = a === b || (vacant(a) && vacant(b) && board.neighbours.get(a)!.includes(b));
  const both = { a, b };
  const pending: PendingBattle[] = meet
    ? [encounter(state, board, both, forces.encounter, rng)]
    : SIDES.map((attacker, i) => {
        const defender = other(attacker);
        const points = { a: 0, b: 0 };
        points[attacker] = split[attacker];
        points[defender] = forces.attackAndDefence - split[defender];
        return { battle: i + 1, kind: 'attack' as const, square: both[attacker], squares: both, attacker, points, result: null };
      });
  return { ...state, pending };
}

/** "an encounter at B4", or over two squares "an encounter over B4 and B3, fought on B3". */
export function encounterWords(p: Pick<PendingBattle, 'square' | 'squares'>, article: 'an' | 'the' = 'an'): string {
  return p.squares.a === p.squares.b ? `${article} encounter at ${p.square}` : `${article} encounter over ${p.squares.a} and ${p.squares.b}, fought on ${p.square}`;
}

/** Where the roll for an encounter's ground comes from: the text does not say which of two squares such an encounter is fought on. */
export const ENCOUNTER_GROUND: Provenance = { reading: 'fireteam/campaign-assaults' };

function encounter(state: FireTeamCampaignState, board: CampaignBoard, assaults: Record<Side, string>, points: number, rng: Rng): PendingBattle {
  const base = { battle: 1, kind: 'encounter' as const, squares: { ...assaults }, attacker: null, points: { a: points, b: points }, result: null };
  if (assaults.a === assaults.b) return { ...base, square: assaults.a };
  // a D6 each until one is higher, as the battle's own throw for the attacker
  const log = new RollLog('fireteam');
  const purpose = `encounter ground, ${assaults.a} or ${assaults.b}`;
  let higher: Side | undefined;
  while (!higher) {
    // the packet calls the sides Side A and Side B: the log names both ways, so it reads against either
    const a = log.dice(rng, '1D6', `${purpose}: Side A, ${state.names.a} (${assaults.a})`, ENCOUNTER_GROUND, (t) => `Side A rolls ${t}`);
    const b = log.dice(rng, '1D6', `${purpose}: Side B, ${state.names.b} (${assaults.b})`, ENCOUNTER_GROUND, (t) => `Side B rolls ${t}`);
    if (a !== b) higher = a > b ? 'a' : 'b';
  }
  // the state keeps the dice and what they decided; their source is always this one reading
  const rolls = log.rolls.map(({ purpose, dice, faces, total, decided }) => ({ purpose, dice, faces, total, decided }));
  rolls[rolls.length - 1]!.decided += `; the encounter is fought on ${squareName(board, assaults[higher])}`;
  return { ...base, square: assaults[higher], ground: { side: higher, rolls } };
}

/**
 * One battle's result: an attacker who wins takes the square, one who does not has failed; an
 * encounter's winner takes the square it went for, a draw takes nothing. When the turn's last
 * battle is in, the turn ends: a side holding one of its breakout squares wins; after the last
 * turn, the side holding more squares.
 */
export function recordBattle(state: FireTeamCampaignState, board: CampaignBoard, battle: number, winner: Side | 'draw'): FireTeamCampaignState {
  if (state.finished) throw new CampaignRuleError(`the campaign is over (${state.outcome ?? 'finished'}); start a new one`);
  if (state.pending.length === 0) throw new CampaignRuleError(`no battles are waiting: launch turn ${state.turn}'s assaults with next --assault a:SQUARE --assault b:SQUARE (a side may hold instead: b:hold)`);
  const found = state.pending.find((p) => p.battle === battle);
  if (!found) throw new CampaignRuleError(`turn ${state.turn} has battle${state.pending.length > 1 ? 's 1 and 2' : ' 1'} only, not battle ${battle}`);
  if (found.result !== null) throw new CampaignRuleError(`battle ${battle} of turn ${state.turn} is recorded already (${found.result === 'draw' ? 'a draw' : `${state.names[found.result]} won`})`);
  const owners = { ...state.owners };
  let event: string;
  if (found.kind === 'attack') {
    const attacker = found.attacker!;
    if (winner === attacker) {
      owners[found.square] = attacker;
      event = `${state.names[attacker]} takes ${squareName(board, found.square)}`;
    } else {
      event = `${possessive(state.names[attacker])} assault on ${squareName(board, found.square)} fails${winner === 'draw' ? ' (a draw is no win for the attacker)' : ''}`;
    }
  } else if (winner === 'draw') {
    event = `${found.squares.a === found.squares.b ? `the encounter at ${squareName(board, found.square)}` : encounterWords(found, 'the')} is drawn: neither side takes ground`;
  } else {
    // an encounter's sides both assaulted: the winner takes the square it went for (over two squares, muster's reading)
    const taken = found.squares[winner]!;
    owners[taken] = winner;
    event = `${state.names[winner]} wins the encounter and takes ${squareName(board, taken)}`;
  }
  const pending = state.pending.map((p) => (p.battle === battle ? { ...p, result: winner } : p));
  const log = [...state.log, { turn: state.turn, battle, kind: found.kind, square: found.square, attacker: found.attacker, winner, event }];
  const next: FireTeamCampaignState = { ...state, owners, pending, log };
  return pending.every((p) => p.result !== null) ? endTurn(next, board) : next;
}

function endTurn(state: FireTeamCampaignState, board: CampaignBoard): FireTeamCampaignState {
  const broke = SIDES.filter((s) => board.map.breakout[s].some((id) => state.owners[id] === s));
  const base = { ...state, pending: [] };
  if (broke.length === 1) {
    const s = broke[0]!;
    const where = board.map.breakout[s].filter((id) => state.owners[id] === s).map((id) => squareName(board, id));
    return { ...base, finished: true, winner: s, outcome: `${state.names[s]} broke out at ${where.join(' and ')} on turn ${state.turn}` };
  }
  if (broke.length === 2) return { ...base, finished: true, winner: null, outcome: `both sides broke out on turn ${state.turn}: a draw` };
  if (state.turn >= board.map.endAfterTurns) {
    const held = { a: 0, b: 0 };
    for (const owner of Object.values(state.owners)) held[owner] += 1;
    const winner = held.a === held.b ? null : held.a > held.b ? 'a' : 'b';
    const outcome = winner
      ? `after ${state.turn} turns ${state.names[winner]} holds ${held[winner]} squares to ${held[other(winner)]}`
      : `after ${state.turn} turns both sides hold ${held.a} squares: a draw`;
    return { ...base, finished: true, winner, outcome };
  }
  return { ...base, turn: state.turn + 1 };
}

/** What `status --format json` prints. */
export function fireTeamCampaignStatus(state: FireTeamCampaignState, board: CampaignBoard) {
  return {
    campaign: state.campaign,
    turn: state.turn,
    finished: state.finished,
    winner: state.winner,
    outcome: state.outcome,
    names: state.names,
    lists: state.lists,
    ...(state.forces ? { forces: state.forces } : {}),
    ...(state.players ? { players: state.players } : {}),
    squares: board.order.map((id) => ({ id, name: board.squares.get(id)!.name, owner: state.owners[id] ?? null, neighbours: [...board.neighbours.get(id)!] })),
    pending: state.pending.map((p) => ({ battle: p.battle, kind: p.kind, square: p.square, squares: p.squares, attacker: p.attacker, points: p.points, result: p.result, ...(p.ground ? { ground: p.ground } : {}) })),
    targets: state.finished || state.pending.length > 0 ? { a: [], b: [] } : { a: assaultTargets(state, board, 'a'), b: assaultTargets(state, board, 'b') },
    log: state.log,
  };
}

/**
 * What a state read from a file names that this campaign's data must have: its army lists, the
 * squares it holds and fights over, battles numbered 1 and 2 in turn, an attack with its
 * attacker and an encounter without, a turn within the campaign's length. A hand edit that
 * breaks one is named here instead of printing "Red Army takes Z9" or failing half-way.
 */
export function stateReferenceProblems(state: FireTeamCampaignState, board: CampaignBoard, lists: ReadonlySet<string>): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const known = [...lists].sort().join(', ');
  for (const s of SIDES) if (!lists.has(state.lists[s])) problems.push({ path: `lists.${s}`, message: `"${state.lists[s]}" is no army list of this rule set; the lists are ${known}` });
  const square = (id: string, path: string) => {
    if (!board.squares.has(id)) problems.push({ path, message: `"${id}" is no square of the map "${board.map.name}", which runs from ${board.order[0]} to ${board.order[board.order.length - 1]}` });
  };
  for (const id of Object.keys(state.owners)) square(id, `owners.${id}`);
  const last = board.map.endAfterTurns;
  if (state.turn > last) problems.push({ path: 'turn', message: `is ${state.turn}, but this campaign ends after turn ${last}` });
  const attackerFits = (kind: 'encounter' | 'attack', attacker: Side | null, path: string) => {
    if (kind === 'attack' && attacker === null) problems.push({ path, message: 'an attack needs its attacker, a or b' });
    if (kind === 'encounter' && attacker !== null) problems.push({ path, message: 'an encounter has no attacker: give null' });
  };
  state.pending.forEach((p, i) => {
    const at = `pending[${i}]`;
    if (p.battle !== i + 1) problems.push({ path: `${at}.battle`, message: `is ${p.battle}; the battles of a turn are numbered 1 and 2 in order` });
    square(p.square, `${at}.square`);
    for (const s of SIDES) {
      const id = p.squares[s];
      if (id !== null) square(id, `${at}.squares.${s}`);
      // only a side that holds while the other attacks has no square: a side in an encounter, an attacker, or both sides of a turn of two battles went for one
      else if (p.kind === 'encounter' || p.attacker === s || state.pending.length > 1) problems.push({ path: `${at}.squares.${s}`, message: `is null, but side ${s} ${p.kind === 'encounter' ? 'meets the other in this encounter' : p.attacker === s ? 'attacks in this battle' : 'attacks in the turn\'s other battle'}: give the square it assaulted` });
    }
    attackerFits(p.kind, p.attacker, `${at}.attacker`);
    // an attack is fought on the square attacked; an encounter on one of the two its sides went for
    const fought = p.kind === 'attack' && p.attacker ? [p.squares[p.attacker]] : [p.squares.a, p.squares.b];
    if (!fought.includes(p.square)) problems.push({ path: `${at}.square`, message: `is ${p.square}, but the battle is fought over ${[...new Set(fought)].join(' or ')} (its squares)` });
    if (p.ground) {
      if (p.kind !== 'encounter' || p.squares.a === p.squares.b) problems.push({ path: `${at}.ground`, message: 'only an encounter over two squares rolls for its ground: leave ground out' });
      else if (p.square !== p.squares[p.ground.side]) problems.push({ path: `${at}.square`, message: `is ${p.square}, but the roll for the ground gave side ${possessive(p.ground.side)} square, ${p.squares[p.ground.side]}` });
    }
  });
  state.log.forEach((entry, i) => {
    if (entry.kind !== 'hold') {
      square(entry.square, `log[${i}].square`);
      attackerFits(entry.kind, entry.attacker, `log[${i}].attacker`);
    }
    if (entry.turn > state.turn) problems.push({ path: `log[${i}].turn`, message: `is ${entry.turn}, after the turn being played (${state.turn})` });
  });
  return problems;
}

/** The points a side puts into its attack when it names no split: the middle of the bounds (muster's reading, marked where printed). */
export function defaultSplit(attack: readonly [number, number] | readonly number[]): number {
  return Math.round((attack[0]! + attack[1]!) / 2);
}
