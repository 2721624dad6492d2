import { forceWarnings, readForceFile, refuseIfStrict, type ForceProblem } from '../../data/force-file.js';
import { findByName, foundOrRefuse } from '../../data/find-name.js';
import { MAX_SIDE_NAME_LENGTH } from '../../data/limits.js';
import { UsageError } from '../../errors.js';
import type { CampaignRequest } from '../module.js';
import type { FireTeamCampaignState, Side } from './campaign-schema.js';
import type { CampaignBoard } from './campaign.js';
import type { FireTeamData } from './data.js';
import { checkForce, findList, formatPoints, matchList, matchPick } from './force.js';
import { forceFile, type FtForce } from './schema.js';
import { possessive } from '../../doc/possessive.js';

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
 * A campaign force's problems: those of its army list, and its platoons against the campaign's
 * core points; its picks are a list to take from in order, so their total has no limit here.
 */
export function campaignProblems(force: FtForce, data: FireTeamData, board: CampaignBoard): ForceProblem[] {
  const roster = checkForce(force, data);
  const problems = roster.problems.filter((p) => p.rule !== 'core points' && p.rule !== 'reinforcement points');
  const core = board.map.forces.core;
  if (roster.core > core) {
    problems.push({ where: 'force', rule: 'core points', message: `the platoons cost ${formatPoints(roster.core)} points, over the campaign's ${formatPoints(core)} core points a side` });
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
  for (const s of SIDES) {
    const force = state.forces?.[s];
    if (!force) continue;
    const at = `forces.${s}`;
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
export function forceWords(force: FtForce, data: FireTeamData): string {
  const list = findList(data, force.list)!;
  const platoons = force.platoons.length === 1 ? 'a platoon' : `${force.platoons.length} platoons`;
  const picks = force.reinforcements.map((entry) => {
    const pick = matchPick(list, entry.pick).found;
    const vehicle = entry.vehicle === undefined ? undefined : data.cards.get(entry.vehicle)?.card.title ?? entry.vehicle;
    return `${pick?.name ?? entry.pick}${vehicle ? ` (${vehicle})` : ''}`;
  });
  const order = picks.length > 0 ? `each game takes its reinforcements in this order while they fit: ${picks.join(', ')}` : 'it lists no reinforcements, so each game rolls them';
  return `brings its own force, ${platoons} of the ${list.name} list; ${order}`;
}
