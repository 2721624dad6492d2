import { forceWarnings, readForceFile, refuseIfStrict, type ForceProblem } from '../../data/force-file.js';
import { findByName, foundOrRefuse } from '../../data/find-name.js';
import { MAX_SIDE_NAME_LENGTH } from '../../data/limits.js';
import { UsageError } from '../../errors.js';
import type { CampaignRequest } from '../module.js';
import type { FireTeamCampaignState, FireTeamPlayer, Side } from './campaign-schema.js';
import type { CampaignBoard } from './campaign.js';
import type { FireTeamData } from './data.js';
import { checkForce, findList, formatPoints, matchList, matchPick } from './force.js';
import { forceFile, type FtForce } from './schema.js';
import { possessive } from '../../doc/possessive.js';
import { markReading } from '../../doc/model.js';

/**
 * The sides' own forces in "Forward, victory is near!": read once when the campaign starts and
 * kept in its state by value, so a file moved or changed later changes no battle. The campaign
 * sets the points (the campaign's Forces): 8 core points a side, and each battle its own
 * reinforcement points, which it takes from the force's list of picks in the player's order.
 */
const SIDES = ['a', 'b'] as const;
const other = (s: Side): Side => (s === 'a' ? 'b' : 'a');

export interface CampaignStart {
  lists: Record<Side, string>;
  names: Record<Side, string>;
  forces: Partial<Record<Side, FtForce>>;
  /** more than one player a side: every player, side A's first, with his own force where his side brings them */
  players?: FireTeamPlayer[];
}

/**
 * A side's force as a battle fields it: its own (one player a side), or its players' together
 * (muster's reading, fireteam/campaign-players): every player's platoons, each named for him,
 * within the side's core points, and their reinforcements taken in turn, one pick from each
 * player's list, the first player's first, so each battle's points go round the players.
 */
export function sideForce(state: Pick<FireTeamCampaignState, 'forces' | 'players' | 'names'>, side: Side): FtForce | undefined {
  if (!state.players) return state.forces?.[side];
  const of = state.players.filter((p) => p.side === side && p.force);
  if (of.length === 0) return undefined;
  const forces = of.map((p) => p.force!);
  const platoons = of.flatMap((p) =>
    p.force!.platoons.map((platoon, k) => ({ ...platoon, label: p.force!.platoons.length === 1 ? (platoon.label ? `${p.name}: ${platoon.label}` : p.name) : `${p.name}: ${platoon.label ?? `platoon ${k + 1}`}` })),
  );
  const longest = Math.max(...forces.map((f) => f.reinforcements.length));
  const reinforcements = Array.from({ length: longest }, (_, i) => forces.flatMap((f) => (f.reinforcements[i] ? [f.reinforcements[i]!] : []))).flat();
  return {
    name: of.map((p) => p.force!.name).join(' and '),
    list: forces[0]!.list,
    points: { core: forces.reduce((n, f) => n + f.points.core, 0), reinforcements: forces.reduce((n, f) => n + f.points.reinforcements, 0) },
    platoons,
    reinforcements,
  };
}

/**
 * `campaign new --force A [--force B]`: each force checked against its list and the campaign's
 * core points (the file's own `points` are not the campaign's: it gives every side its core and
 * each battle its reinforcements), its problems warned of or, under --strict, refused. The sides'
 * lists follow their forces; a side without one takes the map's list, or the other side's where
 * the map's is of the same camp as the force it meets. A side's name is its force's, unless
 * --names gives one.
 */
export async function campaignStart(request: CampaignRequest, data: FireTeamData, board: CampaignBoard, listsAsked: Record<Side, string> | undefined, listsText: string | undefined): Promise<CampaignStart> {
  if (request.players) return await playersStart(request, data, board, listsAsked, listsText);
  const files = request.forceFiles ?? [];
  const forces: Partial<Record<Side, FtForce>> = {};
  for (const [i, file] of files.entries()) {
    const side: Side = i === 0 ? 'a' : 'b';
    const force = await readForceFile(file, forceFile);
    const { found: list, problem } = matchList(data, force.list);
    if (!list) throw new UsageError(`${file}: ${problem}: a campaign needs the force's army list`);
    if (listsAsked && listsAsked[side] !== list.id) {
      throw new UsageError(`--lists ${listsText}: ${possessive(side === 'a' ? 'side A' : 'side B')} force (${file}) is a ${list.name} force; give ${list.id} as its list, or leave --lists out`);
    }
    const problems = campaignProblems(force, data, board);
    refuseIfStrict(request.strict ?? false, file, problems, 'army list and the campaign');
    for (const warning of forceWarnings(file, problems)) request.onWarning?.(`side ${side.toUpperCase()}: ${warning}`);
    forces[side] = { ...force, list: list.id };
  }

  const map = board.map.sides;
  const lists = {} as Record<Side, string>;
  const names = {} as Record<Side, string>;
  for (const s of SIDES) {
    const own = forces[s];
    if (own) {
      lists[s] = own.list;
      names[s] = own.name.length <= MAX_SIDE_NAME_LENGTH ? own.name : map[s].name;
      continue;
    }
    if (listsAsked) {
      lists[s] = listsAsked[s];
      names[s] = map[s].name;
      continue;
    }
    const mapList = (of: Side) => foundOrRefuse(matchList(data, map[of].list), `the campaign map's sides.${of}.list`).id;
    const foe = forces[other(s)] ? findList(data, forces[other(s)]!.list) : undefined;
    // the map's side of the same camp as the force it would meet gives way to the map's other side
    const swap = foe !== undefined && findList(data, mapList(s))!.side === foe.side && findList(data, mapList(other(s)))!.side !== foe.side;
    const from = swap ? other(s) : s;
    lists[s] = mapList(from);
    names[s] = map[from].name;
  }
  if (request.names) Object.assign(names, request.names);
  return { lists, names, forces };
}

/**
 * `campaign new --names "Anna,Ben:Carl,Dora" --force A1 --force A2 ...`: each player's force in
 * the order of the names, checked against his list and his part of his side's core points (the
 * text's 4 a player of 8 a side); a side's players bring a force each, of one army list, or none.
 */
async function playersStart(request: CampaignRequest, data: FireTeamData, board: CampaignBoard, listsAsked: Record<Side, string> | undefined, listsText: string | undefined): Promise<CampaignStart> {
  const asked = request.players!;
  const files = request.forceFiles ?? [];
  const players: FireTeamPlayer[] = [];
  for (const [i, p] of asked.entries()) {
    const file = files[i];
    if (!file) {
      players.push({ name: p.name, side: p.side });
      continue;
    }
    const force = await readForceFile(file, forceFile);
    const { found: list, problem } = matchList(data, force.list);
    if (!list) throw new UsageError(`${file}: ${problem}: a campaign needs the force's army list`);
    if (listsAsked && listsAsked[p.side] !== list.id) {
      throw new UsageError(`--lists ${listsText}: ${possessive(p.name)} force (${file}) is a ${list.name} force, of side ${p.side.toUpperCase()}; give ${list.id} as its list, or leave --lists out`);
    }
    const share = board.map.forces.core / asked.filter((q) => q.side === p.side).length;
    const problems = campaignProblems(force, data, board, { points: share, who: `${possessive(p.name)} part of the ${formatPoints(board.map.forces.core)} of side ${p.side.toUpperCase()}` });
    refuseIfStrict(request.strict ?? false, file, problems, 'army list and the campaign');
    for (const warning of forceWarnings(file, problems)) request.onWarning?.(`${p.name} (side ${p.side.toUpperCase()}): ${warning}`);
    players.push({ name: p.name, side: p.side, force: { ...force, list: list.id } });
  }
  const lists = {} as Record<Side, string>;
  const names = {} as Record<Side, string>;
  for (const s of SIDES) {
    const of = players.filter((p) => p.side === s);
    const brought = of.filter((p) => p.force);
    if (brought.length > 0 && brought.length < of.length) {
      const without = of.find((p) => !p.force)!;
      throw new UsageError(`--force: ${without.name} (side ${s.toUpperCase()}) has no force file, but ${brought.map((p) => p.name).join(' and ')} of his side ${brought.length === 1 ? 'has' : 'have'}: a side's players bring a force each, or none (the dice buy the side); give the files in the order of --names`);
    }
    const kinds = [...new Set(brought.map((p) => p.force!.list))];
    if (kinds.length > 1) {
      throw new UsageError(`--force: the players of side ${s.toUpperCase()} bring forces of ${kinds.map((k) => findList(data, k)!.name).join(' and ')}: a side fights with one army list; give them forces of one list`);
    }
    const map = board.map.sides[s];
    lists[s] = kinds[0] ?? listsAsked?.[s] ?? foundOrRefuse(matchList(data, map.list), `the campaign map's sides.${s}.list`).id;
    names[s] = map.name;
  }
  if (request.names) Object.assign(names, request.names);
  return { lists, names, forces: {}, players };
}

/**
 * A campaign force's problems: those of its army list, and its platoons against the campaign's
 * core points; its picks are a list to take from in order, so their total has no limit here.
 */
export function campaignProblems(force: FtForce, data: FireTeamData, board: CampaignBoard, part?: { points: number; who: string }): ForceProblem[] {
  const roster = checkForce(force, data);
  const problems = roster.problems.filter((p) => p.rule !== 'core points' && p.rule !== 'reinforcement points');
  const core = part?.points ?? board.map.forces.core;
  if (roster.core > core) {
    problems.push({ where: 'force', rule: 'core points', message: `the platoons cost ${formatPoints(roster.core)} points, over ${part ? `the ${formatPoints(core)} core points that are ${part.who}` : `the campaign's ${formatPoints(core)} core points a side`}` });
  }
  return problems;
}

/**
 * What a kept force names that the data must have, for a state read back (edited by hand, or
 * the data changed since): its army list, the same as its side's, each pick one of that list's
 * and each vehicle one its pick offers. The rules a force breaks are not refused here: they are
 * printed on its roster, as when the campaign began.
 */
export function forceReferenceProblems(state: FireTeamCampaignState, data: FireTeamData): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const kept = state.players
    ? state.players.flatMap((p, i) => (p.force ? [{ s: p.side, force: p.force, at: `players[${i}].force` }] : []))
    : SIDES.flatMap((s) => (state.forces?.[s] ? [{ s, force: state.forces[s]!, at: `forces.${s}` }] : []));
  // the forces the last turn fielded: their cards are printed again to tell which changed
  for (const s of SIDES) state.fielded?.[s].forEach((force, i) => kept.push({ s, force, at: `fielded.${s}[${i}]` }));
  for (const { s, force, at } of kept) {
    const { found: list, problem } = matchList(data, force.list);
    if (!list) {
      problems.push({ path: `${at}.list`, message: problem });
      continue;
    }
    if (list.id !== state.lists[s]) problems.push({ path: `${at}.list`, message: `is ${list.name}, but side ${possessive(s)} list (lists.${s}) is "${state.lists[s]}"; the two must agree` });
    force.reinforcements.forEach((entry, i) => {
      if (list.reinforcements.length === 0) return;
      const { found: pick, problem: unknown } = matchPick(list, entry.pick);
      if (!pick) {
        problems.push({ path: `${at}.reinforcements[${i}].pick`, message: unknown });
        return;
      }
      if (!pick.vehicles || entry.vehicle === undefined) return;
      const match = findByName(entry.vehicle, pick.vehicles.map((v) => ({ id: v, name: data.cards.get(v)!.card.title })), { what: `${pick.name} vehicle` });
      if (match.problem !== undefined) problems.push({ path: `${at}.reinforcements[${i}].vehicle`, message: match.problem });
    });
  }
  return problems;
}

/** A kept force for the booklet, in a player's words: its list and platoons, and its picks in the order a battle takes them. */
export function forceWords(force: FtForce, data: FireTeamData, players?: readonly string[]): string {
  const list = findList(data, force.list)!;
  const platoons = force.platoons.length === 1 ? 'a platoon' : `${force.platoons.length} platoons`;
  const picks = force.reinforcements.map((entry) => {
    const pick = matchPick(list, entry.pick).found;
    const vehicle = entry.vehicle === undefined ? undefined : data.cards.get(entry.vehicle)?.card.title ?? entry.vehicle;
    return `${pick?.name ?? entry.pick}${vehicle ? ` (${vehicle})` : ''}`;
  });
  const order = picks.length > 0 ? `each game takes its reinforcements in this order while they fit: ${picks.join(', ')}` : 'it lists no reinforcements, so each game rolls them';
  if (players && players.length > 1) {
    // several players a side: each his own platoon, the picks taken in turn from their lists
    return `is ${players.join(' and ')}, ${markReading(`each with his own platoon and list of reinforcements, taken in turn, one pick from each`, 'fireteam/campaign-players')}: ${platoons} of the ${list.name} list; ${order}`;
  }
  return `brings its own force, ${platoons} of the ${list.name} list; ${order}`;
}
