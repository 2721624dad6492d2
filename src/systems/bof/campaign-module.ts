import { createRng } from '../../engine/dice.js';
import { markReading, READING_MARK, type Block, type BookletNode, type DocumentNode, type DrawingNode, type Shape } from '../../doc/model.js';
import { documentMeta } from '../../doc/document-meta.js';
import { listOption, stringOption } from '../manifest.js';
import { UsageError } from '../../errors.js';
import type { CampaignRequest, CampaignResponse } from '../module.js';
import { formatState, parseState } from '../../data/state-file.js';
import { campaignLogTable } from '../../doc/campaign-log.js';
import {
  addLedger,
  campaignStatus,
  CAMPAIGN_STATE_FORMAT,
  CampaignRuleError,
  LADDER,
  MAX_COMBAT_SCORE,
  MAX_GAMES,
  newCampaign,
  recordGame,
  VICTORY_POINTS,
  type CampaignState,
  type GameRecord,
  type Side,
} from './campaign.js';
import { buildPacket, packetContext } from './packet.js';
import { loadScenarioContext } from './scenario-data.js';
import { rollSoloScenario, rollVersusScenario } from './scenario.js';
import { findUnit } from './arsenal-names.js';
import { upgradeProblem } from './upgrades.js';

/** "a:Panzer IV for the StuG:12" -> side, text, cost. */
function parseLedger(option: string, text: string, defaultSide: Side | undefined, needCost: boolean) {
  const parts = text.split(':');
  let side: Side | undefined = defaultSide;
  if (parts[0] === 'a' || parts[0] === 'b') side = parts.shift() as Side;
  const cost = needCost ? Number(parts.pop()) : 0;
  const what = parts.join(':').trim();
  if (!side || !what || what.length > 200 || (needCost && !(Number.isInteger(cost) && cost >= 0 && cost <= 100_000))) {
    throw new UsageError(`${option} "${text}": write it as ${needCost ? 'side:what:cost, e.g. a:Panzer IV replaces the Panzer III:8 (cost 0 to 100000)' : 'side:what, e.g. a:captured Pak 40'}, the text at most 200 characters`);
  }
  return { side, text: what, cost };
}

function parseScore(text: string | undefined): { a: number; b: number } | undefined {
  if (text === undefined) return undefined;
  const match = /^\s*(\d{1,9})\s*:\s*(\d{1,9})\s*$/.exec(text);
  if (!match) throw new UsageError(`--combat-score "${text}": give both sides' Combat Scores as A:B, like 32:18`);
  return { a: Number(match[1]), b: Number(match[2]) };
}

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
  };
  if (request.action === 'new') {
    const state = newCampaign(request.system, request.seed, request.names, request.solo);
    return { stateText: formatState(state, CAMPAIGN_STATE_FORMAT, request.toolVersion), message: `New campaign: ${state.names.a} (morale ${state.morale.a}) against ${state.names.b} (morale ${state.morale.b}); first game: ${LADDER[0]}.`, json: campaignStatus(state) };
  }
  if (request.action === 'booklet' && !request.state) return { booklet: await booklet(request) };
  if (!request.state) throw new UsageError(`campaign ${request.action} needs --state FILE`);
  const parsed = parseState(request.state.bytes, request.state.file, CAMPAIGN_STATE_FORMAT, { toolVersion: request.toolVersion, backup: request.state.backup });
  if (parsed.system !== request.system.info.id) {
    throw new UsageError(`--state ${request.state.file}: is a campaign of rule set "${parsed.system}"; run muster campaign ${parsed.system} ${request.action} with it`);
  }
  if (request.action === 'status') return { json: campaignStatus(parsed), message: statusLine(parsed) };
  // a saved campaign's booklet: its names and seed, its games so far, and the next game's packet
  if (request.action === 'booklet') return { seed: parsed.seed, booklet: await booklet(request, parsed) };
  if (request.action === 'next') {
    if (parsed.finished) throw new UsageError('the campaign is over; there is no next game');
    return { docs: [await nextPacket(request, parsed)] };
  }
  // record
  if (!request.winner || !request.victory || !request.combatScore) {
    throw new UsageError('record needs --winner a|b, --victory decisive|strategic|turns and --combat-score A:B');
  }
  for (const s of ['a', 'b'] as const) {
    if (request.combatScore[s] > MAX_COMBAT_SCORE) {
      throw new UsageError(`--combat-score ${request.combatScore.a}:${request.combatScore.b}: a Combat Score goes from 0 to ${MAX_COMBAT_SCORE}`);
    }
  }
  try {
    let state = recordGame(parsed, { winner: request.winner, victory: request.victory, combatScore: request.combatScore });
    for (const s of request.salvage) {
      const salvage = parseLedger('--salvage', s, request.winner, false);
      // Salvaged vehicles and weapons: what was left behind goes to the victor alone
      if (salvage.side !== request.winner) {
        throw new UsageError(
          `--salvage "${s}": only the game's winner, side ${request.winner} (${parsed.names[request.winner]}), claims what was left behind (Salvaged vehicles and weapons); give it as ${request.winner}:${salvage.text} or leave it out`,
        );
      }
      state = addLedger(state, { ...salvage, kind: 'salvage' });
    }
    for (const u of request.upgrade) {
      const upgrade = parseLedger('--upgrade', u, undefined, true);
      // FROM > TO names two arsenal units, and is checked against the text's boundaries
      if (upgrade.text.includes('>')) await checkUpgrade(request, u, upgrade.text);
      state = addLedger(state, { ...upgrade, kind: 'upgrade' });
    }
    return { change: `recorded game ${state.game} (${state.names[request.winner]} won)`, stateText: formatState(state, CAMPAIGN_STATE_FORMAT, request.toolVersion), message: `Game ${state.game} recorded: ${state.history[state.history.length - 1]!.event}. ${statusLine(state)}`, json: campaignStatus(state) };
  } catch (error) {
    if (error instanceof CampaignRuleError) throw new UsageError(error.message);
    throw error;
  }
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
};

/** The campaign's standing, printed at the top of the next game's packet. */
function standing(state: CampaignState): Block {
  const n = state.names;
  return {
    kind: 'text',
    title: `Campaign: game ${state.game + 1} of at most ${MAX_GAMES}`,
    section: 'Campaigns',
    width: 'column',
    paragraphs: [
      `**Side A** is ${n.a}, **side B** ${n.b}. ${state.attacker ? `${n[state.attacker]} attacks.` : 'Nobody attacks yet.'}`,
      `**Points** ${n.a} ${state.points.a} (${state.points.a - state.spent.a} to spend), ${n.b} ${state.points.b} (${state.points.b - state.spent.b} to spend). **Morale** ${state.morale.a} / ${state.morale.b}. **Losses in a row** ${state.streak.a} / ${state.streak.b}.`,
    ],
  };
}

function statusLine(state: CampaignState): string {
  if (state.finished) return `Finished after ${state.game} games: ${state.winner ? `${state.names[state.winner]} wins` : 'a draw'}.`;
  const attacker = state.attacker ? `${state.names[state.attacker]} attacks` : 'no attacker yet';
  return `Next: game ${state.game + 1} of at most ${MAX_GAMES}, ${(RUNG_NAMES[LADDER[state.rungIndex]!] ?? LADDER[state.rungIndex]!).replace(/ \(.*\)$/, '')} (${attacker}). Points ${state.names.a} ${state.points.a}, ${state.names.b} ${state.points.b}; morale ${state.morale.a} / ${state.morale.b}.`;
}

async function packetFor(request: BofCampaignRequest, state: Pick<CampaignState, 'solo' | 'morale'>, rung: string, seed: string, attacker: Side | null): Promise<DocumentNode> {
  const ctx = await loadScenarioContext(request.system);
  const solo = state.solo;
  const map = (s: Side) => (solo ? (s === 'a' ? 'player' : 'enemy') : s);
  const options = {
    mode: solo ? ('solo' as const) : ('versus' as const),
    scenario: rung,
    players: 2 as const,
    table: { width: 120, height: 120 },
    points: 150,
    fixed: { attacker: attacker ? map(attacker) : null, morale: { [map('a')]: state.morale.a, [map('b')]: state.morale.b } },
  };
  const result = (solo ? rollSoloScenario : rollVersusScenario)(ctx, options, createRng(seed), seed);
  return buildPacket(result, packetContext(ctx, request));
}

/**
 * The campaign booklet: the ladder as a chart, the scoring rules, a log for ten games and
 * ledgers per side; then a pre-rolled packet for every rung, attacker shown as side A.
 */
/** The next game's packet, with the campaign's standing at its head: `next` and a booklet print the same. */
async function nextPacket(request: BofCampaignRequest, state: CampaignState): Promise<DocumentNode> {
  const packet = await packetFor(request, state, LADDER[state.rungIndex]!, `${state.seed}/game-${state.game + 1}`, state.attacker);
  packet.sheets[0]!.blocks.unshift(standing(state));
  return packet;
}

/** A played game as the booklet's log prints it. */
function logRow(game: GameRecord, names: { a: string; b: string }, state: CampaignState): string[] {
  const before = state.history.slice(0, game.game);
  const points = before.reduce((sum, g) => ({ a: sum.a + g.pointsGained.a, b: sum.b + g.pointsGained.b }), { a: 0, b: 0 });
  return [
    String(game.game),
    (RUNG_NAMES[game.rung] ?? game.rung).replace(/ \(.*\)$|: .*$/, ''),
    game.attacker ? names[game.attacker] : '—',
    names[game.winner],
    game.victory === 'turns' ? 'on Combat Score' : game.victory,
    `${game.combatScore.a} / ${game.combatScore.b}`,
    `${points.a} / ${points.b}`,
    `${game.moraleAfter.a} / ${game.moraleAfter.b}`,
    `${game.streakAfter.a} / ${game.streakAfter.b}`,
  ];
}

/**
 * The campaign booklet. Fresh (no state): the ladder as a chart, the scoring rules, a log for
 * ten games and ledgers per side, then a pre-rolled packet for every rung, attacker shown as
 * side A. Of a saved campaign: its names and seed, the games played in the log, the upgrades
 * and salvage in the ledgers, and the next game's packet as `next` prints it.
 */
export async function booklet(request: BofCampaignRequest, saved?: CampaignState): Promise<BookletNode> {
  const start = saved ?? newCampaign(request.system, request.seed, request.names, request.solo);
  const { a, b } = start.names;
  const seed = start.seed;
  const solo = start.solo;
  const front: DocumentNode = {
    meta: documentMeta(request.system.info, `Campaign booklet: ${a} against ${b}`, { toolVersion: request.toolVersion, seed, paper: request.paper, units: request.units }),
    sheets: [
      {
        title: 'The campaign',
        blocks: [
          {
            kind: 'text',
            title: `${a} against ${b}`,
            section: 'Campaigns',
            width: 'column',
            paragraphs: saved
              ? [
                  `Seed **${seed}**. ${statusLine(saved)}`,
                  saved.finished ? 'The campaign is over; the log below tells it game by game.' : `The next game's packet follows the ladder${solo ? ' (a solo packet: side A is you)' : ''}.`,
                  'Keep score on the campaign log below.',
                ]
              : [
                  `Seed **${seed}**. Starting force morale: ${a} ${start.morale.a}, ${b} ${start.morale.b}.`,
                  `Play the rungs in order. Every rung has a pre-rolled packet in this booklet${solo ? ' (solo packets: side A is you)' : ''}; from the third rung on, side A is whichever side is attacking.`,
                  'Keep score on the campaign log below.',
                ],
          },
          {
            kind: 'text',
            title: 'Scoring and morale',
            section: 'How to score points and advance in a campaign',
            width: 'column',
            paragraphs: [
              `**Points.** A decisive victory (the mission done, or stopped) earns ${VICTORY_POINTS.decisive}; a strategic one (the enemy withdraws at the Combat Score limit) ${VICTORY_POINTS.strategic}; a win on Combat Score after the last turn ${VICTORY_POINTS.turns}${READING_MARK}; a loss ${VICTORY_POINTS.loss}. Each side adds its own Combat Score. Points buy upgrades for the core units.`,
              '**Roles.** The first two games are even; the loser of the second (Victory Zones) defends from then on. An attacker who wins climbs a rung; a defender who wins neutralises the roles and the ladder goes back to Probing, on the same map.',
              `**Morale.** Rolled once at the start. Three lost games in a row cost a point; the fifth in a row costs another.`,
              `**The end.** ${markReading('Win the top rung as attacker')}, or after ${MAX_GAMES} games the side with more wins takes the campaign.`,
              '**Upgrades and salvage.** Infantry may rise in rank and re-arm; transports stay transports; armoured cars may become tanks, light tanks medium or heavy ones; guns may become heavier guns. The victor keeps abandoned enemy vehicles and weapons, free of penalty next game.',
            ],
          },
          campaignLogTable({
            id: 'campaign-log',
            title: 'Campaign log',
            section: 'How to score points and advance in a campaign',
            columns: ['Game', 'Scenario', 'Attacker', 'Winner', 'Victory', `CS ${a} / ${b}`, `Points ${a} / ${b}`, `Morale ${a} / ${b}`, `Losses in a row`],
            played: start.history.map((g) => logRow(g, start.names, start)),
            rows: MAX_GAMES,
            label: (i) => String(i + 1),
          }),
          ...(['a', 'b'] as const).map((s) => ({
            kind: 'table' as const,
            id: `ledger-${s}`,
            title: `Upgrades and salvage: ${start.names[s]}`,
            form: true,
            section: 'How to upgrade core units',
            width: 'column' as const,
            columns: ['After game', 'Upgrade or salvage', 'Cost'].map((label) => ({ label, align: 'left' as const })),
            rows: [
              ...start.ledger.filter((l) => l.side === s).map((l) => [String(l.game), `${l.kind === 'salvage' ? 'Salvaged: ' : ''}${l.text}`, l.kind === 'salvage' ? '—' : String(l.cost)]),
              ...Array.from({ length: 10 }, () => ['', '', '']),
            ]
              .slice(0, Math.max(10, start.ledger.filter((l) => l.side === s).length))
              .map((row) => row.map((text) => [{ text }])),
          })),
        ],
      },
    ],
    drawings: [ladderChart()],
    drawingsTitle: 'The campaign ladder',
    drawingsAfterSheet: 1,
  };
  const cover = {
    title: 'Contents',
    paragraphs: [
      `${request.system.info.name}, a campaign on the ladder: **${a}** against **${b}**${solo ? ', solo (side A is you)' : ''}. Seed **${seed}**: the same seed prints the same booklet.`,
      saved
        ? saved.finished
          ? `After ${saved.game} ${saved.game === 1 ? 'game' : 'games'} the campaign is over; the log tells it game by game.`
          : `${saved.game} ${saved.game === 1 ? 'game' : 'games'} played; the packet for game ${saved.game + 1} follows the ladder, with its rolls and cards at the back.`
        : 'Every rung of the ladder has its packet, its dice already rolled; every roll and the cards to cut out are at the back.',
    ],
  };
  const meta = { ...front.meta };
  const frontPart = { label: 'The campaign', short: 'Campaign', doc: front };
  if (saved) {
    const parts = saved.finished ? [frontPart] : [frontPart, { label: `Game ${saved.game + 1}: ${RUNG_NAMES[LADDER[saved.rungIndex]!] ?? ''}`, short: `Game ${saved.game + 1}`, doc: await nextPacket(request, saved) }];
    return { kind: 'booklet', meta, cover, parts };
  }
  const parts = [frontPart];
  for (const [i, rung] of LADDER.entries()) {
    parts.push({ label: `Rung ${i + 1}: ${RUNG_NAMES[rung] ?? rung}`, short: `Rung ${i + 1}`, doc: await packetFor(request, start, rung, `${seed}/rung-${i + 1}`, i >= 2 ? 'a' : null) });
    request.onProgress?.(i + 1, LADDER.length);
  }
  return { kind: 'booklet', meta, cover, parts };
}

/** The ladder as a chart: nine rungs bottom to top, where roles are set and where a loss resets. */
/** Each rung's name as a player reads it. */
const RUNG_NAMES: Record<string, string> = {
  probing: 'Probing the enemy lines',
  'victory-zones': 'Victory Zones (roles set by its loser)',
  'supply-road': 'The Supply Road',
  delay: 'Delay the enemy advance',
  breakthrough: 'Breakthrough / hold the line',
  'avoid-the-pocket': 'Avoid the pocket',
  surrounded: 'Surrounded',
  'capture-the-commander': 'Capture the enemy commander',
  'combat-only': 'Combat only: win it to end the campaign',
};

export function ladderChart(): DrawingNode {
  const names = RUNG_NAMES;
  const rungH = 16;
  const width = 170;
  const shapes: Shape[] = [];
  LADDER.forEach((rung, i) => {
    const y = (LADDER.length - 1 - i) * rungH;
    const even = i < 2;
    shapes.push({ kind: 'rect', x: 30, y, w: 110, h: rungH - 3, fill: even ? '#eef2e4' : '#e3e8dc', stroke: '#46573a', width: 0.6 });
    shapes.push({ kind: 'text', x: 36, y: y + (rungH - 3) / 2, text: `${i + 1}. ${names[rung] ?? rung}`, size: 9, bold: i === 1 || i === LADDER.length - 1 });
    if (i < LADDER.length - 1) shapes.push({ kind: 'line', x1: 85, y1: y, x2: 85, y2: y - 3, width: 0.8, color: '#46573a' });
  });
  const top = 0;
  const bottom = (LADDER.length - 1) * rungH + (rungH - 3) / 2;
  // the reset: from any attacked rung back down to Probing
  shapes.push({ kind: 'line', x1: 150, y1: top + 5, x2: 150, y2: bottom, width: 1, color: '#9b2c2c' });
  shapes.push({ kind: 'line', x1: 150, y1: bottom, x2: 141, y2: bottom, width: 1, color: '#9b2c2c' });
  shapes.push({ kind: 'text', x: 152, y: (top + bottom) / 2, text: 'defender wins:', size: 7, color: '#9b2c2c' });
  shapes.push({ kind: 'text', x: 152, y: (top + bottom) / 2 + 4, text: 'back to Probing', size: 7, color: '#9b2c2c' });
  shapes.push({ kind: 'text', x: 4, y: (LADDER.length - 1.5) * rungH, text: 'even games', size: 7, color: '#62675c' });
  shapes.push({ kind: 'text', x: 4, y: 3 * rungH, text: 'attacker climbs', size: 7, color: '#46573a' });
  shapes.push({ kind: 'text', x: 4, y: 3 * rungH + 4, text: 'one rung per win', size: 7, color: '#46573a' });
  return { title: `The ladder, at most ${MAX_GAMES} games`, width, height: LADDER.length * rungH, shapes };
}

/** An upgrade written FROM > TO: both units the arsenal knows, and within the text's boundaries (How to upgrade core units). */
async function checkUpgrade(request: BofCampaignRequest, typed: string, text: string): Promise<void> {
  const parts = text.split('>').map((p) => p.trim());
  if (parts.length !== 2 || parts.some((p) => p === '')) throw new UsageError(`--upgrade "${typed}": write an upgrade of one unit into another as side:FROM>TO:cost, e.g. a:Panzer III>Panzer IV:8`);
  const { arsenal } = await loadScenarioContext(request.system);
  const [from, to] = parts.map((name) => {
    const match = findUnit(arsenal, name);
    if (match.problem !== undefined) throw new UsageError(`--upgrade "${typed}": ${match.problem}`);
    return match.found;
  });
  const problem = upgradeProblem(from!, to!);
  if (problem) throw new UsageError(`--upgrade "${typed}": ${problem}`);
}
