import type { BookletNode } from '../../doc/model.js';
import { listOption, stringOption } from '../manifest.js';
import { UsageError } from '../../errors.js';
import type { CampaignRequest, CampaignResponse } from '../module.js';
import { formatState, parseState } from '../../data/state-file.js';
import { forceWarnings, readForceFile, refuseIfStrict } from '../../data/force-file.js';
import {
  addLedger,
  manyPlayers,
  playersOf,
  playersOfSide,
  type PlayerView,
  MAX_LEDGER_LINES,
  campaignStatus,
  CAMPAIGN_STATE_FORMAT,
  CampaignRuleError,
  LADDER,
  MAX_COMBAT_SCORE,
  newCampaign,
  recordGame,
  type CampaignState,
  type Side,
} from './campaign.js';
import {
  campaignRoster,
  forceReferenceProblems,
  keptForce,
  playerOfForce,
  playerReferenceProblems,
  rollSoloPlayer,
  type CampaignForce,
} from './campaign-forces.js';
import { armyWords, nextGame } from './campaign-packets.js';
import { buildBooklet, ladderChart, statusLine } from './campaign-booklet.js';
import { loadScenarioContext } from './scenario-data.js';
import type { ScenarioContext } from './scenario.js';
import { findUnit } from './arsenal-names.js';
import { applyUpgrade, powerProblem, upgradeProblem } from './upgrades.js';
import { applySalvage } from './salvage.js';
import { buildRoster, forceFile } from './force.js';
import { unitCost } from './cost.js';
import type { Arsenal } from './arsenal.js';
import { possessive } from '../../doc/possessive.js';

export { ladderChart };

const other = (s: Side): Side => (s === 'a' ? 'b' : 'a');

/** Whose ledger line: a side and, in a campaign of several players a side, the player. */
interface Who {
  side: Side;
  player?: number;
}

/**
 * The player a line's head names: `a` or `b` for a side of one player (the form a two-player
 * campaign has always taken), or a player's name, in any case. Undefined where it names none.
 */
function whoNamed(head: string, players: readonly PlayerView[], many: boolean, option: string, typed: string): Who | undefined {
  const word = head.trim();
  if (word === 'a' || word === 'b') {
    if (!many) return { side: word };
    const of = players.filter((p) => p.side === word);
    if (of.length === 1) return { side: word, player: of[0]!.index };
    throw new UsageError(`${option} "${typed}": side ${word} has ${of.length} players; name the one it is for: ${of.map((p) => `${p.name}:`).join(', ')}`);
  }
  const found = players.find((p) => p.name.toLowerCase() === word.toLowerCase());
  if (!found) return undefined;
  return many ? { side: found.side, player: found.index } : { side: found.side };
}

/**
 * "a:Panzer IV for the StuG:12", "Anna:Pak 36>Pak 40" -> who, text, cost (a cost given where
 * `cost` is 'required' or 'optional'). The head is a side (a or b) or a player's name.
 */
function parseLedger(option: string, text: string, state: CampaignState, defaultWho: Who | undefined, cost: 'required' | 'optional' | 'none') {
  const parts = text.split(':');
  const many = manyPlayers(state);
  let who: Who | undefined = defaultWho;
  const named = parts.length > 1 ? whoNamed(parts[0]!, playersOf(state), many, option, text) : undefined;
  if (named) {
    who = named;
    parts.shift();
  }
  // an optional cost is a last part of digits, or empty (the page sends an empty cost field)
  const last = parts.at(-1);
  const takesCost = cost === 'required' || (cost === 'optional' && parts.length > 1 && last !== undefined && /^\s*\d*\s*$/.test(last));
  const costText = takesCost ? parts.pop()!.trim() : '';
  const given = costText === '' ? undefined : Number(costText);
  const what = parts.join(':').trim();
  if (!who || !what || what.length > 200 || (cost === 'required' && !(given !== undefined && Number.isInteger(given) && given >= 0 && given <= 100_000)) || (given !== undefined && !(Number.isInteger(given) && given <= 100_000))) {
    const head = many ? 'PLAYER' : 'side';
    const example = many ? `${playersOf(state)[0]!.name}` : 'a';
    const form =
      cost === 'required'
        ? `${head}:what:cost, e.g. ${example}:Panzer IV replaces the Panzer III:8 (cost 0 to 100000)`
        : option === '--upgrade'
          ? `${head}:FROM>TO, ${head}:FROM>elite or ${head}:FROM+WEAPON, e.g. ${example}:Panzer III>Panzer IV`
          : option === '--note'
            ? `${head}:text, e.g. ${example}:Unteroffizier Haas wounded, misses the next game`
            : `${head}:what, e.g. ${example}:Pak 40`;
    const players = many ? ` (${head} is a player's name: ${playersOf(state).map((p) => p.name).join(', ')})` : '';
    throw new UsageError(`${option} "${text}": write it as ${form}, the text at most 200 characters${players}`);
  }
  return { ...who, text: what, cost: given };
}

function parseScore(text: string | undefined): { a: number; b: number } | undefined {
  if (text === undefined) return undefined;
  const match = /^\s*(\d{1,9})\s*:\s*(\d{1,9})\s*$/.exec(text);
  if (!match) throw new UsageError(`--combat-score "${text}": give both sides' Combat Scores as A:B, like 32:18`);
  return { a: Number(match[1]), b: Number(match[2]) };
}

/** A request as this module reads it: the sides named, its own options read. */
type BofCampaignRequest = Omit<CampaignRequest, 'names'> & {
  names: { a: string; b: string };
  players?: CampaignRequest['players'];
  winner?: Side;
  solo: boolean;
  victory?: 'decisive' | 'strategic' | 'turns';
  combatScore?: { a: number; b: number };
  salvage: string[];
  upgrade: string[];
  note?: string[];
};

export async function campaign(asked: CampaignRequest): Promise<CampaignResponse> {
  const own = asked.options;
  const request: BofCampaignRequest = {
    ...asked,
    names: asked.names ?? { a: 'Side A', b: 'Side B' },
    ...(asked.players ? { players: asked.players } : {}),
    winner: stringOption(own, 'winner') as Side | undefined,
    solo: own['solo'] === true,
    victory: stringOption(own, 'victory') as BofCampaignRequest['victory'],
    combatScore: parseScore(stringOption(own, 'combat-score')),
    salvage: listOption(own, 'salvage'),
    upgrade: listOption(own, 'upgrade'),
    note: listOption(own, 'note'),
  };
  const ctx = await loadScenarioContext(request.system);
  if (request.action === 'new') return await startCampaign(request, ctx);
  if (request.action === 'booklet' && !request.state) return { booklet: await booklet(request) };
  if (!request.state) throw new UsageError(`campaign ${request.action} needs --state FILE`);
  const parsed = readState(request, ctx);
  if (request.action === 'status') return { json: statusJson(parsed, ctx.arsenal), message: statusLine(parsed, ctx) };
  // a saved campaign's booklet: its names and seed, its games so far, and the next game's packet
  if (request.action === 'booklet') return { seed: parsed.seed, booklet: await booklet(request, parsed) };
  if (request.action === 'next') {
    if (parsed.finished) throw new UsageError('the campaign is over; there is no next game');
    return { docs: [nextGame(request, ctx, parsed).doc] };
  }
  return record(request, ctx, parsed);
}

/**
 * The state file read and checked: its schema, then what it names against the arsenal (a
 * force's units and weapons, the solo player's army). A solo campaign begun by a muster that
 * kept no player's army gets one now, rolled from its seed as `new` rolls it.
 */
function readState(request: BofCampaignRequest, ctx: ScenarioContext): CampaignState {
  const { arsenal } = ctx;
  const parsed = parseState(request.state!.bytes, request.state!.file, CAMPAIGN_STATE_FORMAT, {
    toolVersion: request.toolVersion,
    backup: request.state!.backup,
    references: (s) =>
      s.system !== request.system.info.id
        ? []
        : [
            ...(['a', 'b'] as const).flatMap((side) => (s.forces?.[side] ? forceReferenceProblems(s.forces[side]!, arsenal, `forces.${side}`) : [])),
            ...(s.players ?? []).flatMap((p, i) => [
              ...(p.force ? forceReferenceProblems(p.force, arsenal, `players[${i}].force`) : []),
              ...(p.forcePlayed ? forceReferenceProblems(p.forcePlayed, arsenal, `players[${i}].forcePlayed`) : []),
            ]),
            ...(s.player ? playerReferenceProblems(s.player, arsenal, 'player') : []),
          ],
  });
  if (parsed.system !== request.system.info.id) {
    throw new UsageError(`--state ${request.state!.file}: is a campaign of rule set "${parsed.system}"; run muster campaign ${parsed.system} ${request.action} with it`);
  }
  if (parsed.solo && !parsed.player) {
    const rolled = parsed.forces?.a ? { player: playerOfForce(parsed.forces.a), rolls: [] } : rollSoloPlayer(request.system, arsenal, parsed.seed);
    return { ...parsed, player: rolled.player, rolls: [...parsed.rolls, ...rolled.rolls].slice(0, 100) };
  }
  return parsed;
}

/**
 * `new`: morale rolled, each --force read, checked and kept by value (a name that finds nothing
 * is refused: the state keeps ids), its problems warned of or refused under --strict; a solo
 * campaign's player army taken from the force, or rolled once from the campaign's seed.
 */
async function startCampaign(request: BofCampaignRequest, ctx: ScenarioContext): Promise<CampaignResponse> {
  const files = request.forceFiles ?? [];
  if (request.solo && files.length > 1) throw new UsageError(`--force given ${files.length} times: a solo campaign keeps one force, yours; give one --force file (the enemy is rolled for each game)`);
  if (request.solo && request.players) throw new UsageError(`--names: a solo campaign has one player; give your name alone, such as --names ${request.players[0]!.name}`);
  const many = request.players;
  const sides = request.solo
    ? ['your force']
    : many
      ? many.map((p) => `${p.name} (side ${p.side.toUpperCase()})`)
      : [`side A (${request.names.a})`, `side B (${request.names.b})`];
  const kept: { a?: CampaignForce; b?: CampaignForce } = {};
  const own: (CampaignForce | undefined)[] = [];
  for (const [i, file] of files.entries()) {
    const roster = buildRoster(await readForceFile(file, forceFile), ctx.arsenal);
    const force = keptForce(roster);
    const unknown = forceReferenceProblems(force, ctx.arsenal, 'force');
    if (unknown.length > 0) {
      const named = roster.problems.filter((p) => /^unknown |^"[^"]*" names \d+ /.test(p.message));
      throw new UsageError(
        `${file}: a campaign keeps its forces by their ids, and ${named.length === 1 ? 'a name finds' : 'these names find'} no one thing of the arsenal:\n  ${(named.length > 0 ? named.map((p) => `${p.where} (${p.rule}): ${p.message}`) : unknown.map((p) => `${p.path}: ${p.message}`)).join('\n  ')}`,
      );
    }
    refuseIfStrict(request.strict ?? false, file, roster.problems, 'doctrine');
    for (const warning of forceWarnings(file, roster.problems)) request.onWarning?.(`${sides[i]}: ${warning}`);
    own.push(force);
    if (!many) kept[i === 0 ? 'a' : 'b'] = force;
  }
  const soloArmy = request.solo ? (kept.a ? { player: playerOfForce(kept.a), rolls: [] } : rollSoloPlayer(request.system, ctx.arsenal, request.seed)) : undefined;
  const players = many?.map((p, i) => ({ name: p.name, side: p.side, ...(own[i] ? { force: own[i] } : {}) }));
  const state = newCampaign(request.system, request.seed, request.names, request.solo, { forces: kept, ...(soloArmy ? { player: soloArmy.player, playerRolls: soloArmy.rolls } : {}), ...(players ? { players } : {}) });
  const n = state.names;
  const forces = playersOf(state)
    .filter((p) => p.force)
    .map((p) => `${p.name} fields ${p.force!.name} (${campaignRoster(p.force!, ctx.arsenal).points} points) in every game`);
  const army = state.player && !state.forces?.a ? [`${n.a} plays ${armyWords(state.player, ctx.arsenal)} for the whole ladder`] : [];
  const more = [...forces, ...army];
  const of = (s: Side) => (state.players ? `${n[s]} (${playersOfSide(state, s).map((p) => p.name).join(', ')}; morale ${state.morale[s]})` : `${n[s]} (morale ${state.morale[s]})`);
  return {
    stateText: formatState(state, CAMPAIGN_STATE_FORMAT, request.toolVersion),
    message: `New campaign: ${of('a')} against ${of('b')}; first game: ${LADDER[0]}.${more.length > 0 ? ` ${more.join('; ')}.` : ''}`,
    json: statusJson(state, ctx.arsenal),
  };
}

/**
 * `record`: a game's result, then the winner's salvage, each side's upgrades and notes. Where a
 * side's force is kept, salvage and upgrades are applied to it and checked by name and by the
 * text's rules; where none is, they are ledger lines as written.
 */
function record(request: BofCampaignRequest, ctx: ScenarioContext, parsed: CampaignState): CampaignResponse {
  if (!request.winner || !request.victory || !request.combatScore) {
    throw new UsageError('record needs --winner a|b, --victory decisive|strategic|turns and --combat-score A:B');
  }
  for (const s of ['a', 'b'] as const) {
    if (request.combatScore[s] > MAX_COMBAT_SCORE) {
      throw new UsageError(`--combat-score ${request.combatScore.a}:${request.combatScore.b}: a Combat Score goes from 0 to ${MAX_COMBAT_SCORE}`);
    }
  }
  const adding = request.salvage.length + request.upgrade.length + (request.note?.length ?? 0);
  if (parsed.ledger.length + adding > MAX_LEDGER_LINES) {
    const given = [request.salvage.length > 0 && '--salvage', request.upgrade.length > 0 && '--upgrade', (request.note?.length ?? 0) > 0 && '--note'].filter(Boolean).join(', ');
    const room = MAX_LEDGER_LINES - parsed.ledger.length;
    throw new UsageError(
      `${given}: the campaign's ledger (ledger in ${request.state!.file}) holds ${parsed.ledger.length} lines, and keeps at most ${MAX_LEDGER_LINES}; this record would add ${adding}. ${room > 0 ? `Give at most ${room}` : 'Record the game without them'} (upgrades and salvage first: notes change nothing); nothing was changed`,
    );
  }
  const { arsenal } = ctx;
  const winner = request.winner;
  try {
    let state = recordGame(parsed, { winner, victory: request.victory, combatScore: request.combatScore });
    const winners = playersOfSide(state, winner);
    // a side of one player claims its salvage unnamed; of several, the player is named
    const claimant: Who | undefined = !manyPlayers(state) ? { side: winner } : winners.length === 1 ? { side: winner, player: winners[0]!.index } : undefined;
    for (const s of request.salvage) {
      const salvage = parseLedger('--salvage', s, state, claimant, 'none');
      // Salvaged vehicles and weapons: what was left behind goes to the victor alone
      if (salvage.side !== winner) {
        const whom = manyPlayers(state) ? `a player of side ${winner} (${winners.map((p) => p.name).join(', ')})` : `side ${winner} (${parsed.names[winner]})`;
        throw new UsageError(
          `--salvage "${s}": only the game's winner, ${whom}, claims what was left behind (Salvaged vehicles and weapons); give it as ${manyPlayers(state) ? winners[0]!.name : winner}:${salvage.text} or leave it out`,
        );
      }
      const who: Who = { side: winner, ...(salvage.player !== undefined ? { player: salvage.player } : {}) };
      const force = forceOf(state, who);
      if (!force) {
        state = addLedger(state, { ...who, text: salvage.text, cost: 0, kind: 'salvage' });
        continue;
      }
      const applied = applySalvage(force, loserOf(state, winner), salvage.text, state.game, arsenal);
      if ('problem' in applied) throw new UsageError(`--salvage "${s}": ${applied.problem}`);
      state = addLedger(state, { ...who, text: applied.text, cost: 0, kind: 'salvage' }, applied.force);
    }
    for (const u of request.upgrade) state = upgrade(state, u, arsenal);
    for (const text of request.note ?? []) {
      const note = parseLedger('--note', text, state, undefined, 'none');
      state = addLedger(state, { side: note.side, ...(note.player !== undefined ? { player: note.player } : {}), text: note.text, cost: 0, kind: 'note' });
    }
    return {
      change: `recorded game ${state.game} (${state.names[request.winner]} won)`,
      stateText: formatState(state, CAMPAIGN_STATE_FORMAT, request.toolVersion),
      message: `Game ${state.game} recorded: ${state.history[state.history.length - 1]!.event}. ${statusLine(state, ctx)}`,
      json: statusJson(state, arsenal),
    };
  } catch (error) {
    if (error instanceof CampaignRuleError) throw new UsageError(error.message);
    throw error;
  }
}

/** The force a ledger line's player keeps: his own, or his side's where the campaign keeps sides. */
function forceOf(state: CampaignState, who: Who): CampaignForce | undefined {
  return who.player !== undefined ? state.players?.[who.player]?.force : state.forces?.[who.side];
}

/**
 * What the winner may claim from (Salvaged vehicles and weapons): the losing side's kept
 * forces, every player's of a side of several (muster's reading, bof/multiplayer-campaign-salvage).
 */
function loserOf(state: CampaignState, winner: Side): { name: string; forces?: CampaignForce[] } {
  const loser = other(winner);
  const forces = playersOfSide(state, loser).flatMap((p) => (p.force ? [p.force] : []));
  return { name: state.names[loser], ...(forces.length > 0 ? { forces } : {}) };
}

/**
 * One --upgrade (How to upgrade core units). A kept force: FROM>TO, FROM>rank or FROM+WEAPON,
 * applied and priced by what it adds to the force's points; a cost given must be that one. No
 * kept force: FROM>TO names two units of the arsenal, checked against the boundaries and priced
 * the same way at their default quality; any other text is a line with the cost given.
 */
function upgrade(state: CampaignState, typed: string, arsenal: Arsenal): CampaignState {
  const structured = (text: string) => /[>+]/.test(text);
  const head = parseLedger('--upgrade', typed, state, undefined, 'optional');
  const who: Who = { side: head.side, ...(head.player !== undefined ? { player: head.player } : {}) };
  const force = forceOf(state, who);
  if (force) {
    if (!structured(head.text)) {
      const name = who.player !== undefined ? state.players![who.player]!.name : state.names[head.side];
      const key = who.player !== undefined ? name : head.side;
      throw new UsageError(
        `--upgrade "${typed}": ${possessive(name)} force, ${force.name}, is kept by the campaign, so an upgrade names its units: ${key}:FROM>TO (a unit), ${key}:FROM>elite (a rank) or ${key}:FROM+WEAPON (a weapon for soldiers); a line that changes nothing is --note ${key}:TEXT`,
      );
    }
    const applied = applyUpgrade(force, head.text, arsenal);
    if ('problem' in applied) throw new UsageError(`--upgrade "${typed}": ${applied.problem}`);
    refuseOtherCost(typed, head.cost, applied.cost, applied.working);
    return addLedger(state, { ...who, text: applied.text, cost: applied.cost, kind: 'upgrade' }, applied.force);
  }
  if (head.text.includes('>')) {
    const { from, to } = unitsOfUpgrade(typed, head.text, arsenal);
    const price = (unit: typeof from) => unitCost(unit, arsenal.weapons).cost;
    const cost = Math.max(0, price(to) - price(from));
    refuseOtherCost(typed, head.cost, cost, `${price(to)} - ${price(from)} points`);
    return addLedger(state, { ...who, text: head.text, cost, kind: 'upgrade' });
  }
  if (head.cost === undefined) {
    throw new UsageError(`--upgrade "${typed}": an upgrade in words needs its cost, side:what:cost (e.g. a:two riflemen made elite:4); one that names units is side:FROM>TO, priced by muster`);
  }
  return addLedger(state, { ...who, text: head.text, cost: head.cost, kind: 'upgrade' });
}

/** An upgrade's cost is muster's to work out: a cost given must agree with it. */
function refuseOtherCost(typed: string, given: number | undefined, cost: number, working: string): void {
  if (given === undefined || given === cost) return;
  throw new UsageError(`--upgrade "${typed}": the upgrade costs ${cost} points (${working}), what it adds to the force's points; leave the cost out, or give ${cost}`);
}

/** An upgrade written FROM > TO: both units the arsenal knows, and within the text's boundaries (How to upgrade core units). */
function unitsOfUpgrade(typed: string, text: string, arsenal: Arsenal) {
  const parts = text.split('>').map((p) => p.trim());
  if (parts.length !== 2 || parts.some((p) => p === '')) throw new UsageError(`--upgrade "${typed}": write an upgrade of one unit into another as side:FROM>TO, e.g. a:Panzer III>Panzer IV`);
  const [from, to] = parts.map((name) => {
    const match = findUnit(arsenal, name);
    if (match.problem !== undefined) throw new UsageError(`--upgrade "${typed}": ${match.problem}`);
    return match.found;
  });
  const problem = upgradeProblem(from!, to!) ?? powerProblem(from!, to!, arsenal);
  if (problem) throw new UsageError(`--upgrade "${typed}": ${problem}`);
  return { from: from!, to: to! };
}

/** A kept force as `status --format json` prints it: as its next packet fields it. */
function forceJson(kept: CampaignForce, arsenal: Arsenal) {
  const roster = campaignRoster(kept, arsenal);
  return {
    name: kept.name,
    nation: kept.nation,
    doctrine: kept.doctrine,
    detachment: kept.detachment,
    points: roster.points,
    limit: kept.points,
    units: roster.lines.map((line) => ({
      unit: line.unit.id,
      name: line.label,
      count: line.count,
      quality: line.quality,
      weapons: line.weapons,
      points: line.total,
      ...(kept.units[line.index]!.salvaged !== undefined ? { salvaged: kept.units[line.index]!.salvaged } : {}),
    })),
    problems: roster.problems.map((p) => `${p.where} (${p.rule}): ${p.message}`),
  };
}

/** What `status --format json` prints: the standing, where it is on the ladder, and each kept force as its next packet fields it, by side and by player. */
function statusJson(state: CampaignState, arsenal: Arsenal) {
  const forces = Object.fromEntries((['a', 'b'] as const).map((s) => [s, state.forces?.[s] ? forceJson(state.forces[s]!, arsenal) : null]));
  const players = campaignStatus(state).players.map((p, i) => {
    const force = playersOf(state)[i]!.force;
    return { ...p, force: force ? forceJson(force, arsenal) : null };
  });
  return { ...campaignStatus(state), players, forces, ...(state.player ? { player: state.player } : {}) };
}

/**
 * The campaign booklet: fresh, every rung's packet rolled from the seed (a solo campaign's army
 * rolled once for them all); of a saved campaign, where it stands and the next game's packet.
 */
export async function booklet(request: BofCampaignRequest, saved?: CampaignState): Promise<BookletNode> {
  const ctx = await loadScenarioContext(request.system);
  const army = !saved && request.solo ? rollSoloPlayer(request.system, ctx.arsenal, request.seed) : undefined;
  const players = !saved && request.players ? { players: request.players.map((p) => ({ name: p.name, side: p.side })) } : {};
  const start = saved ?? newCampaign(request.system, request.seed, request.names, request.solo, { ...(army ? { player: army.player, playerRolls: army.rolls } : {}), ...players });
  return buildBooklet(request, ctx, start, saved !== undefined);
}
