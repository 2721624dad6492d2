import { listOption, numberOption, stringOption } from '../manifest.js';
import type { SystemRules } from '../../data/load.js';
import { foundOrRefuse } from '../../data/find-name.js';
import { parseFolderFiles } from '../../data/parse.js';
import { formatState, parseState } from '../../data/state-file.js';
import type { DocumentNode } from '../../doc/model.js';
import { createRng } from '../../engine/dice.js';
import { DataError, UsageError, type DataProblem } from '../../errors.js';
import type { CampaignRequest, CampaignResponse } from '../module.js';
import { rollBattle, type CampaignGround, type GivenForce, type RolledBattle } from './battle.js';
import { squareTerrainProblems } from './battle-terrain.js';
import { campaignStart, forceReferenceProblems, forceWords, sideForce } from './campaign-forces.js';
import { campaignBooklet } from './campaign-documents.js';
import { campaignFile, FIRETEAM_CAMPAIGN_FORMAT, type FireTeamCampaignState, type PendingBattle, type Side } from './campaign-schema.js';
import {
  assaultTargets,
  buildBoard,
  CampaignRuleError,
  declareAssaults,
  encounterWords,
  fireTeamCampaignStatus,
  newFireTeamCampaign,
  recordBattle,
  stateReferenceProblems,
  type CampaignBoard,
  defaultSplit,
  ENCOUNTER_GROUND,
} from './campaign.js';
import { loadFireTeam, loadSideColours, type FireTeamData } from './data.js';
import { battlePacket, type FieldedBefore } from './documents.js';
import { matchList } from './force.js';

/** The campaign the text gives; a club replaces its map with a campaign file of the same id. */
const CAMPAIGN_ID = 'forward-victory';
/** Campaign battles are two players a side, one platoon each (the campaign's Forces). */
const PLAYERS = 4;
/** The text's table, 6 x 4 ft. */
const TABLE = { width: 183, height: 122 };

/** The campaign map from the data folders, checked; a house folder's file of the same id replaces it. */
export async function loadCampaignBoard(system: SystemRules): Promise<CampaignBoard> {
  const problems: DataProblem[] = [];
  let found: { file: string; map: ReturnType<typeof campaignFile.parse>['campaign'] } | undefined;
  for (const { file, data } of await parseFolderFiles(system.dirs, 'campaign', campaignFile, problems)) {
    if (data.campaign.id === CAMPAIGN_ID) found = { file, map: data.campaign };
  }
  if (problems.length > 0) throw new DataError(problems);
  if (!found) throw new UsageError(`rule set "${system.info.id}" has no campaign map "${CAMPAIGN_ID}" in its campaign/ folder`);
  const { board, problems: mapProblems } = buildBoard(found.map, found.file);
  if (!board) throw new DataError(mapProblems);
  const terrainProblems = squareTerrainProblems(found.map.squares, system.terrain);
  if (terrainProblems.length > 0) throw new DataError(terrainProblems.map((p) => ({ file: found!.file, ...p })));
  return board;
}

/** "a:C5" -> side and text; each side once. */
function bySide(option: string, given: readonly string[], example: string): Partial<Record<Side, string>> {
  const out: Partial<Record<Side, string>> = {};
  for (const text of given) {
    const match = /^\s*([ab])\s*:\s*(\S+)\s*$/i.exec(text);
    if (!match) throw new UsageError(`${option} "${text}": write it as side:value, like ${example}`);
    const side = match[1]!.toLowerCase() as Side;
    if (out[side] !== undefined) throw new UsageError(`${option}: side ${side} is given twice; give each side once`);
    out[side] = match[2]!;
  }
  return out;
}

/** The word a side gives instead of a square when it launches no assault this turn. */
const HOLD = 'hold';

/**
 * `--assault a:C5`, `--assault b:hold`: the square each side assaults, null for a side that
 * holds (the Turn Sequence: a side "may" launch a single assault). A side left out holds; one
 * assault alone is one attack against the other's defence, two holds a turn without battle.
 */
function parseAssaults(given: readonly string[], state: FireTeamCampaignState, board: CampaignBoard): Record<Side, string | null> {
  const found = bySide('--assault', given, 'a:C5 or b:hold');
  const out: Record<Side, string | null> = { a: null, b: null };
  for (const s of ['a', 'b'] as const) {
    const word = found[s];
    if (word === undefined || word.toLowerCase() === HOLD) continue;
    if (!/^[A-Za-z][1-9][0-9]?$/.test(word)) {
      const targets = assaultTargets(state, board, s);
      throw new UsageError(`--assault ${s}:${word}: give a square, like ${s}:${targets[0] ?? 'C5'} (${state.names[s]} may assault ${targets.join(', ') || 'no square'}), or ${s}:${HOLD} for a side that launches no assault this turn`);
    }
    out[s] = word.toUpperCase();
  }
  return out;
}

function parseSplit(given: readonly string[], board: CampaignBoard, assaults: Record<Side, string | null>, names: Record<Side, string>): Record<Side, number> {
  const found = bySide('--split', given, 'a:5');
  const [lo, hi] = board.map.forces.attack;
  const middle = defaultSplit(board.map.forces.attack);
  const out = { a: middle, b: middle };
  for (const s of ['a', 'b'] as const) {
    if (found[s] === undefined) continue;
    if (assaults[s] === null) {
      throw new UsageError(`--split ${s}:${found[s]}: ${names[s]} holds this turn (no --assault ${s}:SQUARE), so it has no attack to put points into; it defends with ${board.map.forces.defence[1]}. Leave --split ${s} out, or give its assault`);
    }
    const n = Number(found[s]);
    if (!Number.isInteger(n)) throw new UsageError(`--split ${s}:${found[s]}: give the points of ${board.map.forces.attackAndDefence} that go to the attack, a whole number from ${lo} to ${hi}`);
    out[s] = n;
  }
  return out;
}

function parseLists(text: string | undefined, data: FireTeamData, board: CampaignBoard): Record<Side, string> {
  const wanted = text === undefined ? [board.map.sides.a.list, board.map.sides.b.list] : text.split(',').map((t) => t.trim());
  if (wanted.length !== 2 || wanted.some((w) => w === '')) throw new UsageError(`--lists "${text}": give two army lists, side A's and side B's, like russians,finns`);
  const ids = wanted.map((w) => foundOrRefuse(matchList(data, w), '--lists').id);
  return { a: ids[0]!, b: ids[1]! };
}

/** "Russians (Red Army: Anna, Ben)": a side as the new campaign's message names it. */
function sideWords(state: FireTeamCampaignState, s: Side, data: FireTeamData): string {
  const players = state.players?.filter((p) => p.side === s).map((p) => p.name);
  return `${state.names[s]} (${data.lists.get(state.lists[s])!.name}${players ? `: ${players.join(', ')}, a platoon each` : ''})`;
}

function statusLine(state: FireTeamCampaignState, board: CampaignBoard): string {
  if (state.finished) return `The campaign is over: ${state.outcome}.`;
  const held = { a: 0, b: 0 };
  for (const owner of Object.values(state.owners)) held[owner] += 1;
  const holdings = `${state.names.a} holds ${held.a} squares, ${state.names.b} ${held.b}`;
  const open = state.pending.filter((p) => p.result === null);
  if (open.length > 0) {
    const what = open.map((p) => `battle ${p.battle}, ${p.kind === 'encounter' ? encounterWords(p, 'the') : `${state.names[p.attacker!]} attacks ${p.square}`}`);
    return `Turn ${state.turn}: ${holdings}. To record: ${what.join('; ')} (record --battle N --winner a|b|draw).`;
  }
  return `Turn ${state.turn}: ${holdings}. Next: each side assaults a square or holds (next --assault a:SQUARE --assault b:SQUARE; a side left out, or given as b:hold, holds; --assault a:hold --assault b:hold for a turn both hold); ${state.names.a} may go to ${assaultTargets(state, board, 'a').join(', ')}; ${state.names.b} to ${assaultTargets(state, board, 'b').join(', ')}.`;
}

/** An encounter over two squares: whose square it is fought on, and the roll-off (none in a state written before muster rolled for it). */
function groundOf(p: PendingBattle): NonNullable<CampaignGround['ground']> {
  // an encounter: both sides assaulted a square
  return { squares: { a: p.squares.a!, b: p.squares.b! }, side: p.ground?.side ?? (p.square === p.squares.a ? 'a' : 'b'), rolls: (p.ground?.rolls ?? []).map((r) => ({ ...r, source: ENCOUNTER_GROUND })) };
}

/** The turn's battles rolled as their packets roll them: the same seed, square and forces, so `record` knows what `next` fielded. */
function rollTurn(request: CampaignRequest, state: FireTeamCampaignState, board: CampaignBoard, data: FireTeamData, battles: readonly PendingBattle[]): RolledBattle[] {
  return battles.map((p) => {
    const seed = `${state.seed}/turn-${state.turn}/battle-${p.battle}`;
    const square = board.squares.get(p.square)!;
    // a side's own force fields its platoons and takes this battle's picks from its list
    const given: Partial<Record<Side, GivenForce>> = {};
    for (const s of ['a', 'b'] as const) {
      // a side of several players fields every player's platoon, and takes their picks in turn
      const force = sideForce(state, s);
      if (force) given[s] = { force, picks: 'fill' };
    }
    return rollBattle(
      data,
      {
        battle: p.kind,
        lists: [state.lists.a, state.lists.b],
        players: PLAYERS,
        table: TABLE,
        given,
        fixed: { ...(p.attacker ? { attacker: p.attacker } : {}), reinforcements: p.points },
        square: {
          id: square.id,
          name: square.name,
          terrain: square.terrain,
          ...(square.map ? { map: square.map } : {}),
          ...(square.types ? { types: square.types } : {}),
          ...(square.roads ? { roads: square.roads } : {}),
          jops: square.jops,
          ...(p.kind === 'encounter' && p.squares.a !== p.squares.b ? { ground: groundOf(p) } : {}),
        },
        // the square's ground has its own seed, the campaign's and the square's: the same in every battle there
        terrain: { level: request.terrain ?? 'none', units: request.units, seed: `${state.seed}/square-${square.id}` },
      },
      createRng(seed),
      seed,
    );
  });
}

/**
 * The turn's battle packets. After a turn is recorded, each side's cards are those new or
 * changed since the forces that turn fielded (`fielded`); the first turn, and --all-cards, print
 * every card.
 */
async function battlePackets(request: CampaignRequest, state: FireTeamCampaignState, board: CampaignBoard, data: FireTeamData, battles: readonly PendingBattle[]): Promise<DocumentNode[]> {
  const colours = await loadSideColours(request.system);
  const before: FieldedBefore | undefined = state.fielded && !request.allCards ? { since: `turn ${state.fielded.turn}`, forces: { a: state.fielded.a, b: state.fielded.b } } : undefined;
  return rollTurn(request, state, board, data, battles).map((rolled) => battlePacket(rolled, data, colours, { print: request.print, units: request.units, paper: request.paper, toolVersion: request.toolVersion }, before));
}

/**
 * A turn's last battle recorded: the state keeps each side's forces as that turn's packets
 * fielded them, so the next turn's packets print only the cards new or changed since.
 */
function keepFielded(request: CampaignRequest, before: FireTeamCampaignState, after: FireTeamCampaignState, board: CampaignBoard, data: FireTeamData): FireTeamCampaignState {
  if (after.pending.length > 0) return after;
  const rolled = rollTurn(request, before, board, data, before.pending);
  const forces = (s: Side) => rolled.map((r) => r.rosters[s].force);
  return { ...after, version: 5, fielded: { turn: before.turn, a: forces('a'), b: forces('b') } };
}

/**
 * `muster campaign fireteam`: "Forward, victory is near!" on muster's map. `next` with both
 * sides' assaults sets the turn's battles (a change of the state) and prints their packets;
 * `record` enters each battle's result; the booklet draws the map as it stands.
 */
export async function fireTeamCampaign(asked: CampaignRequest): Promise<CampaignResponse> {
  const own = asked.options;
  const request = {
    ...asked,
    lists: stringOption(own, 'lists'),
    winner: stringOption(own, 'winner') as 'a' | 'b' | 'draw' | undefined,
    battle: numberOption(own, 'battle'),
    assault: listOption(own, 'assault'),
    split: listOption(own, 'split'),
  };
  const [data, board] = await Promise.all([loadFireTeam(request.system), loadCampaignBoard(request.system)]);
  const format = (state: FireTeamCampaignState) => formatState(state, FIRETEAM_CAMPAIGN_FORMAT, request.toolVersion);
  const fresh = async () => {
    const start = await campaignStart(request, data, board, request.lists === undefined ? undefined : parseLists(request.lists, data, board), request.lists);
    return newFireTeamCampaign(board, { seed: request.seed, ...start });
  };
  const read = () => {
    const state = parseState(request.state!.bytes, request.state!.file, FIRETEAM_CAMPAIGN_FORMAT, {
      toolVersion: request.toolVersion,
      backup: request.state!.backup,
      references: (s) =>
        s.system === request.system.info.id && s.campaign === board.map.id ? [...stateReferenceProblems(s, board, new Set(data.lists.keys())), ...forceReferenceProblems(s, data)] : [],
    });
    if (state.system !== request.system.info.id) throw new UsageError(`--state ${request.state!.file}: is a campaign of rule set "${state.system}"; run muster campaign ${state.system} ${request.action} with it`);
    if (state.campaign !== board.map.id) throw new UsageError(`--state ${request.state!.file}: is a campaign on the map "${state.campaign}", which the data does not have`);
    return state;
  };
  const outOfTurn = [request.assault.length > 0 && request.action !== 'next' && '--assault', request.split.length > 0 && request.action !== 'next' && '--split', request.battle !== undefined && request.action !== 'record' && '--battle'].filter(
    (o): o is string => typeof o === 'string',
  );
  if (outOfTurn.length > 0) throw new UsageError(`${outOfTurn.join(', ')}: not for campaign ${request.action} (--assault and --split go with next, --battle with record)`);
  if (request.lists !== undefined && request.action !== 'new' && !(request.action === 'booklet' && !request.state)) {
    throw new UsageError('--lists: the army lists are chosen when the campaign is made (campaign new)');
  }

  try {
    switch (request.action) {
      case 'new': {
        const state = await fresh();
        return {
          stateText: format(state),
          message: `New campaign, ${board.map.name}: ${sideWords(state, 'a', data)} against ${sideWords(state, 'b', data)}. ${statusLine(state, board)}`,
          json: fireTeamCampaignStatus(state, board),
        };
      }
      case 'status': {
        const state = read();
        return { json: fireTeamCampaignStatus(state, board), message: statusLine(state, board) };
      }
      case 'booklet': {
        const state = request.state ? read() : await fresh();
        const forces: Partial<Record<Side, string>> = {};
        for (const s of ['a', 'b'] as const) {
          const force = sideForce(state, s);
          if (force) forces[s] = forceWords(force, data, state.players?.filter((p) => p.side === s).map((p) => p.name));
        }
        return { seed: state.seed, docs: [campaignBooklet(board, state, request.system.info, { paper: request.paper, units: request.units, toolVersion: request.toolVersion }, forces)] };
      }
      case 'next': {
        const state = read();
        if (request.assault.length === 0) {
          const open = state.pending.filter((p) => p.result === null);
          if (open.length === 0) throw new CampaignRuleError(statusLine(state, board));
          return { docs: await battlePackets(request, state, board, data, open) };
        }
        const assaults = parseAssaults(request.assault, state, board);
        const split = parseSplit(request.split, board, assaults, state.names);
        let next: FireTeamCampaignState;
        try {
          next = declareAssaults(state, board, assaults, split, createRng(`${state.seed}/turn-${state.turn}/ground`));
        } catch (error) {
          // a side's square or split refused: the message names the option that gave it, as every refusal of the command line does
          if (!(error instanceof CampaignRuleError)) throw error;
          const { message } = error;
          const side = (['a', 'b'] as const).find((s) => message.startsWith(`${state.names[s]} assaults `) || message.startsWith(`${state.names[s]} puts `));
          if (!side) throw error;
          const option = message.startsWith(`${state.names[side]} puts `) ? `--split ${side}:${split[side]}` : `--assault ${side}:${assaults[side]}`;
          throw new UsageError(`${option}: ${message}`);
        }
        if (next.pending.length === 0) {
          // both sides held: no battle, the turn is over (and the campaign, where it was the last)
          return {
            stateText: format(next),
            message: `Turn ${state.turn}: both sides hold; no battle is fought. ${statusLine(next, board)}`,
            change: `both sides held on turn ${state.turn}`,
            json: fireTeamCampaignStatus(next, board),
          };
        }
        const holder = (['a', 'b'] as const).find((s) => assaults[s] === null);
        const kinds = next.pending.map((p) => (p.kind === 'encounter' ? encounterWords(p) : `${next.names[p.attacker!]} attacks ${p.square}`));
        if (holder) kinds.push(`${next.names[holder]} holds`);
        return {
          stateText: format(next),
          message: `Turn ${next.turn}: ${kinds.join('; ')}.`,
          change: `set the battles of turn ${next.turn} (${kinds.join('; ')})`,
          docs: await battlePackets(request, next, board, data, next.pending),
        };
      }
      case 'record': {
        const state = read();
        if (!request.winner) throw new UsageError('record needs --winner a|b|draw (and --battle N when the turn has two battles)');
        const open = state.pending.filter((p) => p.result === null);
        const battle = request.battle ?? (open.length === 1 ? open[0]!.battle : undefined);
        if (battle === undefined) {
          throw new UsageError(open.length === 0 ? statusLine(state, board) : `record: turn ${state.turn} has ${open.length} battles to record; say which with --battle ${open.map((p) => p.battle).join(' or --battle ')}`);
        }
        const next = keepFielded(request, state, recordBattle(state, board, battle, request.winner), board, data);
        return { change: `recorded battle ${battle} of turn ${state.turn} (${request.winner === 'draw' ? 'a draw' : `${state.names[request.winner]} won`})`, stateText: format(next), message: `Battle ${battle} of turn ${state.turn}: ${next.log[next.log.length - 1]!.event}. ${statusLine(next, board)}`, json: fireTeamCampaignStatus(next, board) };
      }
    }
  } catch (error) {
    if (error instanceof CampaignRuleError) throw new UsageError(error.message);
    throw error;
  }
}
