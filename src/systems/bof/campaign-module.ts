import type { BookletNode } from '../../doc/model.js';
import { listOption, stringOption } from '../manifest.js';
import { UsageError } from '../../errors.js';
import type { CampaignRequest, CampaignResponse } from '../module.js';
import { formatState, parseState } from '../../data/state-file.js';
import { forceWarnings, readForceFile, refuseIfStrict } from '../../data/force-file.js';
import {
  addLedger,
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

/** "a:Panzer IV for the StuG:12" -> side, text, cost (a cost given where `cost` is 'required' or 'optional'). */
function parseLedger(option: string, text: string, defaultSide: Side | undefined, cost: 'required' | 'optional' | 'none') {
  const parts = text.split(':');
  let side: Side | undefined = defaultSide;
  if (parts[0] === 'a' || parts[0] === 'b') side = parts.shift() as Side;
  // an optional cost is a last part of digits, or empty (the page sends an empty cost field)
  const last = parts.at(-1);
  const takesCost = cost === 'required' || (cost === 'optional' && parts.length > 1 && last !== undefined && /^\s*\d*\s*$/.test(last));
  const costText = takesCost ? parts.pop()!.trim() : '';
  const given = costText === '' ? undefined : Number(costText);
  const what = parts.join(':').trim();
  if (!side || !what || what.length > 200 || (cost === 'required' && !(given !== undefined && Number.isInteger(given) && given >= 0 && given <= 100_000)) || (given !== undefined && !(Number.isInteger(given) && given <= 100_000))) {
    const form =
      cost === 'required'
        ? 'side:what:cost, e.g. a:Panzer IV replaces the Panzer III:8 (cost 0 to 100000)'
        : option === '--upgrade'
          ? 'side:FROM>TO, side:FROM>elite or side:FROM+WEAPON, e.g. a:Panzer III>Panzer IV'
          : option === '--note'
            ? 'side:text, e.g. a:Unteroffizier Haas wounded, misses the next game'
            : 'side:what, e.g. a:Pak 40';
    throw new UsageError(`${option} "${text}": write it as ${form}, the text at most 200 characters`);
  }
  return { side, text: what, cost: given };
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
  const sides = request.solo ? ['your force'] : [`side A (${request.names.a})`, `side B (${request.names.b})`];
  const kept: { a?: CampaignForce; b?: CampaignForce } = {};
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
    kept[i === 0 ? 'a' : 'b'] = force;
  }
  const soloArmy = request.solo ? (kept.a ? { player: playerOfForce(kept.a), rolls: [] } : rollSoloPlayer(request.system, ctx.arsenal, request.seed)) : undefined;
  const state = newCampaign(request.system, request.seed, request.names, request.solo, { forces: kept, ...(soloArmy ? { player: soloArmy.player, playerRolls: soloArmy.rolls } : {}) });
  const n = state.names;
  const forces = (['a', 'b'] as const)
    .filter((s) => state.forces?.[s])
    .map((s) => `${n[s]} fields ${state.forces![s]!.name} (${campaignRoster(state.forces![s]!, ctx.arsenal).points} points) in every game`);
  const army = state.player && !state.forces?.a ? [`${n.a} plays ${armyWords(state.player, ctx.arsenal)} for the whole ladder`] : [];
  const more = [...forces, ...army];
  return {
    stateText: formatState(state, CAMPAIGN_STATE_FORMAT, request.toolVersion),
    message: `New campaign: ${n.a} (morale ${state.morale.a}) against ${n.b} (morale ${state.morale.b}); first game: ${LADDER[0]}.${more.length > 0 ? ` ${more.join('; ')}.` : ''}`,
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
    for (const s of request.salvage) {
      const salvage = parseLedger('--salvage', s, winner, 'none');
      // Salvaged vehicles and weapons: what was left behind goes to the victor alone
      if (salvage.side !== winner) {
        throw new UsageError(
          `--salvage "${s}": only the game's winner, side ${winner} (${parsed.names[winner]}), claims what was left behind (Salvaged vehicles and weapons); give it as ${winner}:${salvage.text} or leave it out`,
        );
      }
      const force = state.forces?.[winner];
      if (!force) {
        state = addLedger(state, { side: winner, text: salvage.text, cost: 0, kind: 'salvage' });
        continue;
      }
      const loser = other(winner);
      const applied = applySalvage(force, { name: state.names[loser], force: state.forces?.[loser] }, salvage.text, state.game, arsenal);
      if ('problem' in applied) throw new UsageError(`--salvage "${s}": ${applied.problem}`);
      state = addLedger(state, { side: winner, text: applied.text, cost: 0, kind: 'salvage' }, applied.force);
    }
    for (const u of request.upgrade) state = upgrade(state, u, arsenal);
    for (const text of request.note ?? []) {
      const note = parseLedger('--note', text, undefined, 'none');
      state = addLedger(state, { side: note.side, text: note.text, cost: 0, kind: 'note' });
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

/**
 * One --upgrade (How to upgrade core units). A kept force: FROM>TO, FROM>rank or FROM+WEAPON,
 * applied and priced by what it adds to the force's points; a cost given must be that one. No
 * kept force: FROM>TO names two units of the arsenal, checked against the boundaries and priced
 * the same way at their default quality; any other text is a line with the cost given.
 */
function upgrade(state: CampaignState, typed: string, arsenal: Arsenal): CampaignState {
  const structured = (text: string) => /[>+]/.test(text);
  const head = parseLedger('--upgrade', typed, undefined, 'optional');
  const force = state.forces?.[head.side];
  if (force) {
    if (!structured(head.text)) {
      throw new UsageError(
        `--upgrade "${typed}": ${possessive(state.names[head.side])} force, ${force.name}, is kept by the campaign, so an upgrade names its units: ${head.side}:FROM>TO (a unit), ${head.side}:FROM>elite (a rank) or ${head.side}:FROM+WEAPON (a weapon for soldiers); a line that changes nothing is --note ${head.side}:TEXT`,
      );
    }
    const applied = applyUpgrade(force, head.text, arsenal);
    if ('problem' in applied) throw new UsageError(`--upgrade "${typed}": ${applied.problem}`);
    refuseOtherCost(typed, head.cost, applied.cost, applied.working);
    return addLedger(state, { side: head.side, text: applied.text, cost: applied.cost, kind: 'upgrade' }, applied.force);
  }
  if (head.text.includes('>')) {
    const { from, to } = unitsOfUpgrade(typed, head.text, arsenal);
    const price = (unit: typeof from) => unitCost(unit, arsenal.weapons).cost;
    const cost = Math.max(0, price(to) - price(from));
    refuseOtherCost(typed, head.cost, cost, `${price(to)} - ${price(from)} points`);
    return addLedger(state, { side: head.side, text: head.text, cost, kind: 'upgrade' });
  }
  if (head.cost === undefined) {
    throw new UsageError(`--upgrade "${typed}": an upgrade in words needs its cost, side:what:cost (e.g. a:two riflemen made elite:4); one that names units is side:FROM>TO, priced by muster`);
  }
  return addLedger(state, { side: head.side, text: head.text, cost: head.cost, kind: 'upgrade' });
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

/** What `status --format json` prints: the standing, where it is on the ladder, and each kept force as its next packet fields it. */
function statusJson(state: CampaignState, arsenal: Arsenal) {
  const forces = Object.fromEntries(
    (['a', 'b'] as const).map((s) => {
      const kept = state.forces?.[s];
      if (!kept) return [s, null];
      const roster = campaignRoster(kept, arsenal);
      return [
        s,
        {
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
        },
      ];
    }),
  );
  return { ...campaignStatus(state), forces, ...(state.player ? { player: state.player } : {}) };
}

/**
 * The campaign booklet: fresh, every rung's packet rolled from the seed (a solo campaign's army
 * rolled once for them all); of a saved campaign, where it stands and the next game's packet.
 */
export async function booklet(request: BofCampaignRequest, saved?: CampaignState): Promise<BookletNode> {
  const ctx = await loadScenarioContext(request.system);
  const army = !saved && request.solo ? rollSoloPlayer(request.system, ctx.arsenal, request.seed) : undefined;
  const start = saved ?? newCampaign(request.system, request.seed, request.names, request.solo, army ? { player: army.player, playerRolls: army.rolls } : {});
  return buildBooklet(request, ctx, start, saved !== undefined);
}
