import { markReading, PAPER_SPECS, type BookletNode, type DocumentNode, type DrawingNode, type Shape } from '../../doc/model.js';
import { documentMeta } from '../../doc/document-meta.js';
import { campaignLogTable } from '../../doc/campaign-log.js';
import type { SystemRules } from '../../data/load.js';
import { campaignHere, LADDER, MAX_GAMES, playersOf, playersOfSide, RUNG_NAMES, rungName, VICTORY_POINTS, type CampaignState, type GameRecord } from './campaign.js';
import { armyWords, nextGame, rollGame, type PacketSettings } from './campaign-packets.js';
import { campaignRoster } from './campaign-forces.js';
import type { ScenarioContext } from './scenario.js';

/** What a booklet needs beyond the packets' settings. */
export interface BookletSettings extends PacketSettings {
  system: SystemRules;
  onProgress?: (done: number, total: number) => void;
}

/** A played game as the booklet's log prints it. */
function logRow(game: GameRecord, names: { a: string; b: string }, state: CampaignState): string[] {
  const before = state.history.slice(0, game.game);
  const points = before.reduce((sum, g) => ({ a: sum.a + g.pointsGained.a, b: sum.b + g.pointsGained.b }), { a: 0, b: 0 });
  return [
    String(game.game),
    rungName(game.rung),
    game.attacker ? names[game.attacker] : '—',
    names[game.winner],
    game.victory === 'turns' ? 'on Combat Score' : game.victory,
    `${game.combatScore.a} / ${game.combatScore.b}`,
    `${points.a} / ${points.b}`,
    `${game.moraleAfter.a} / ${game.moraleAfter.b}`,
    `${game.streakAfter.a} / ${game.streakAfter.b}`,
  ];
}

/** Where the campaign stands, in words: "You are here: game 3 of at most 10, rung 3 of 9, The Supply Road (Blue attacks)". */
export function hereWords(state: CampaignState): string | undefined {
  const here = campaignHere(state);
  if (!here) return undefined;
  const attacker = here.attacker ? `${state.names[here.attacker]} attacks` : 'no attacker yet';
  return `You are here: game ${here.game} of at most ${MAX_GAMES}, rung ${here.rungNumber} of ${here.rungs}, ${here.name} (${attacker})`;
}

/** The status of a campaign in a line: where it stands, the points and morale, and the kept forces. */
export function statusLine(state: CampaignState, ctx?: ScenarioContext): string {
  const forces = ctx ? forcesLine(state, ctx) : '';
  const sides = state.players ? ` ${sidesWords(state)}.` : '';
  if (state.finished) return `Finished after ${state.game} games: ${state.winner ? `${state.names[state.winner]} wins` : 'a draw'}.${sides}${forces}`;
  return `${hereWords(state)}. Points ${state.names.a} ${state.points.a}, ${state.names.b} ${state.points.b}; morale ${state.morale.a} / ${state.morale.b}.${sides}${forces}`;
}

/** "Side A is Anna, Ben and Carl; Side B Dora, Emil and Fritz": the sides of a campaign of several players a side. */
export function sidesWords(state: CampaignState): string {
  const of = (s: 'a' | 'b') => andList(playersOfSide(state, s).map((p) => p.name));
  return `${state.names.a} is ${of('a')}; ${state.names.b} ${of('b')}`;
}

/** "Anna, Ben and Carl". */
function andList(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** " Red fields Kampfgruppe Weber (95 points); Blue is rolled for each game." */
function forcesLine(state: CampaignState, ctx: ScenarioContext): string {
  if (state.players) {
    // several players a side: each player's points to spend and his kept force
    const each = playersOf(state).map((p) => {
      const force = p.force ? `, ${p.force.name} (${campaignRoster(p.force, ctx.arsenal).points} points, limit ${p.force.points})` : '';
      return `${p.name} ${p.points} points (${p.points - p.spent} to spend)${force}`;
    });
    return ` ${each.join('; ')}.`;
  }
  const parts: string[] = [];
  for (const s of state.solo ? (['a'] as const) : (['a', 'b'] as const)) {
    const kept = state.forces?.[s];
    if (kept) parts.push(`${state.names[s]} fields ${kept.name} (${campaignRoster(kept, ctx.arsenal).points} points, limit ${kept.points})`);
    else if (state.forces) parts.push(`${state.names[s]} is rolled for each game`);
  }
  if (state.solo && state.player && !state.forces?.a) parts.push(`${state.names.a} plays ${armyWords(state.player, ctx.arsenal)} in every game`);
  return parts.length > 0 ? ` ${parts.join('; ')}.` : '';
}

/**
 * The campaign booklet. Fresh (no state): the ladder as a chart, the scoring rules, a log for
 * ten games and ledgers per side, then a pre-rolled packet for every rung, attacker shown as
 * side A. Of a saved campaign: its names and seed, where it stands on the ladder, the games
 * played in the log, the upgrades, salvage and notes in the ledgers, and the next game's packet
 * as `next` prints it.
 */
export function buildBooklet(settings: BookletSettings, ctx: ScenarioContext, start: CampaignState, saved: boolean): BookletNode {
  const { a, b } = start.names;
  const seed = start.seed;
  const solo = start.solo;
  const hereNow = saved ? campaignHere(start) : null;
  const army = solo && start.player && !start.forces?.a ? ` You play ${armyWords(start.player, ctx.arsenal)} in every ${saved ? 'game' : 'rung'}, ${markReading('rolled once when the campaign began', 'bof/solo-campaign-army')}.` : '';
  const front: DocumentNode = {
    meta: documentMeta(settings.system.info, `Campaign booklet: ${a} against ${b}`, { toolVersion: settings.toolVersion, seed, paper: settings.paper, units: settings.units }),
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
                  `Seed **${seed}**. ${statusLine(start, ctx)}${army}`,
                  start.finished ? 'The campaign is over; the log below tells it game by game.' : `The next game's packet follows the ladder${solo ? ' (a solo packet: side A is you)' : ''}; the chart of the ladder marks where the campaign stands.`,
                  'Keep score on the campaign log below.',
                ]
              : [
                  `Seed **${seed}**. ${start.players ? `${sidesWords(start)}. ` : ''}Starting force morale: ${a} ${start.morale.a}, ${b} ${start.morale.b}.${army}`,
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
              `**Points.** A decisive victory (the mission done, or stopped) earns ${VICTORY_POINTS.decisive}; a strategic one (the enemy withdraws at the Combat Score limit) ${VICTORY_POINTS.strategic}; a win on Combat Score after the last turn ${markReading(String(VICTORY_POINTS.turns), 'bof/campaign-victory')}; a loss ${VICTORY_POINTS.loss}. Each side adds its own Combat Score. Points buy upgrades for the core units.`,
              '**Roles.** The first two games are even; the loser of the second (Victory Zones) defends from then on. An attacker who wins climbs a rung; a defender who wins neutralises the roles and the ladder goes back to Probing, on the same map.',
              // five in a row cost two in all, not two more, and morale stops at 2: muster's reading
              `**Morale.** Rolled once at the start. Three lost games in a row cost a point; ${markReading('the fifth in a row costs a second, two in all, none after it, and morale never falls below 2', 'bof/campaign-ladder')}.`,
              `**The end.** ${markReading('Win the top rung as attacker', 'bof/campaign-victory')}, or after ${MAX_GAMES} games the side with more wins takes the campaign.`,
              `**Upgrades and salvage.** Infantry may rise in rank and re-arm; transports stay transports; armoured cars may become tanks, light tanks medium or heavy ones; guns may become heavier guns; a unit becomes only a more powerful one, ${markReading('one worth more points', 'bof/campaign-upgrades')}. The victor keeps abandoned enemy vehicles and weapons, free of penalty next game.`,
              ...(start.players ? [teamRules()] : []),
              ...(start.forces || start.players?.some((p) => p.force)
                ? [
                    `**Kept forces.** An upgrade costs what it adds to the force's points, ${markReading('the difference of the two units\' points', 'bof/campaign-upgrades')}, and raises the force's limit by as much; salvage joins the victor's force ${markReading('at no cost for the rest of the campaign', 'bof/salvage')}.`,
                  ]
                : []),
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
          ...(start.players ? teamLedgers(start) : []),
          ...(start.players ? [] : (['a', 'b'] as const)).map((s) => ({
            kind: 'table' as const,
            id: `ledger-${s}`,
            title: `Upgrades and salvage: ${start.names[s]}`,
            form: true,
            section: 'How to upgrade core units',
            width: 'column' as const,
            columns: ['After game', 'Upgrade or salvage', 'Cost'].map((label) => ({ label, align: 'left' as const })),
            rows: [
              ...start.ledger.filter((l) => l.side === s).map((l) => [String(l.game), `${l.kind === 'salvage' ? 'Salvaged: ' : l.kind === 'note' ? 'Note: ' : ''}${l.text}`, l.kind === 'upgrade' ? String(l.cost) : '—']),
              ...Array.from({ length: 10 }, () => ['', '', '']),
            ]
              .slice(0, Math.max(10, start.ledger.filter((l) => l.side === s).length))
              .map((row) => row.map((text) => [{ text }])),
          })),
        ],
      },
    ],
    // on a paper narrower than the chart (A5: 122 mm of drawing area) its narrow form
    drawings: [ladderChart(hereNow ?? undefined, PAPER_SPECS[settings.paper].width < 170)],
    drawingsTitle: hereNow ? `The campaign ladder (you are here: game ${hereNow.game}, ${hereNow.name})` : 'The campaign ladder',
    drawingsAfterSheet: 1,
  };
  const cover = {
    title: 'Contents',
    paragraphs: [
      `${settings.system.info.name}, a campaign on the ladder: **${a}** against **${b}**${solo ? ', solo (side A is you)' : ''}${start.players ? ` (${sidesWords(start)})` : ''}. Seed **${seed}**: the same seed prints the same booklet.`,
      saved
        ? start.finished
          ? `After ${start.game} ${start.game === 1 ? 'game' : 'games'} the campaign is over; the log tells it game by game.`
          : `${start.game} ${start.game === 1 ? 'game' : 'games'} played; the packet for game ${start.game + 1} follows the ladder, with its rolls and cards at the back.`
        : 'Every rung of the ladder has its packet, its dice already rolled; every roll and the cards to cut out are at the back.',
    ],
  };
  const meta = { ...front.meta };
  const frontPart = { label: 'The campaign', short: 'Campaign', doc: front };
  if (saved) {
    const parts = start.finished ? [frontPart] : [frontPart, { label: `Game ${start.game + 1}: ${RUNG_NAMES[LADDER[start.rungIndex]!] ?? ''}`, short: `Game ${start.game + 1}`, doc: nextGame(settings, ctx, start).doc }];
    return { kind: 'booklet', meta, cover, parts };
  }
  const parts = [frontPart];
  for (const [i, rung] of LADDER.entries()) {
    const game = rollGame(settings, ctx, start, { rung, seed: `${seed}/rung-${i + 1}`, attacker: i >= 2 ? 'a' : null });
    parts.push({ label: `Rung ${i + 1}: ${RUNG_NAMES[rung] ?? rung}`, short: `Rung ${i + 1}`, doc: game.doc });
    settings.onProgress?.(i + 1, LADDER.length);
  }
  return { kind: 'booklet', meta, cover, parts };
}

/** How a campaign of several players a side plays, in a paragraph: the choices the text leaves to muster marked. */
function teamRules(): string {
  return [
    `**Several players a side.** ${markReading('Each side keeps its ladder, roles, wins, morale and losses in a row as one', 'bof/multiplayer-campaign-sides')}, and its Combat Score (Special rules for multiplayer games);`,
    `each player fields his own force, ${markReading("a share of his side's points: 75% each of two, 50% each of three, and a side of fewer players against more one and a half times the mode's points shared among them", 'bof/multiplayer-uneven-sides')}, and draws his own detachment's event cards.`,
    `A side's campaign points are ${markReading('shared out evenly among its players, the odd points to those named first', 'bof/multiplayer-campaign-points')}; each spends his own on his own core units.`,
    `Salvage goes to ${markReading('the player of the winning side the players choose, from what any player of the losing side fielded', 'bof/multiplayer-campaign-salvage')}.`,
  ].join(' ');
}

/** The ledgers of a campaign of several players a side: one a side, each line the player's. */
function teamLedgers(start: CampaignState) {
  return (['a', 'b'] as const).map((s) => {
    const lines = start.ledger.filter((l) => l.side === s);
    const rows = [
      ...lines.map((l) => [start.players?.[l.player ?? -1]?.name ?? '', String(l.game), `${l.kind === 'salvage' ? 'Salvaged: ' : l.kind === 'note' ? 'Note: ' : ''}${l.text}`, l.kind === 'upgrade' ? String(l.cost) : '—']),
      ...Array.from({ length: 10 }, () => ['', '', '', '']),
    ].slice(0, Math.max(10, lines.length));
    return {
      kind: 'table' as const,
      id: `ledger-${s}`,
      title: `Upgrades and salvage: ${start.names[s]} (${playersOfSide(start, s).map((p) => p.name).join(', ')})`,
      form: true,
      section: 'How to upgrade core units',
      width: 'column' as const,
      columns: ['Player', 'After game', 'Upgrade or salvage', 'Cost'].map((label) => ({ label, align: 'left' as const })),
      rows: rows.map((row) => row.map((text) => [{ text }])),
    };
  });
}

/**
 * The ladder as a chart: nine rungs bottom to top, where roles are set and where a loss
 * resets; with `here`, the rung of the next game stands out, marked "you are here".
 */
export function ladderChart(here?: { rungNumber: number; game: number }, narrow = false): DrawingNode {
  const names = RUNG_NAMES;
  // compact, so that the chart goes under a booklet's contents on A4 and Letter
  const rungH = 9;
  // on a narrow paper (A5) the notes beside the rungs go under them, and the chart is 122 mm wide
  const left = narrow ? 0 : 30;
  const rungW = narrow ? 108 : 110;
  const reset = left + rungW + 10;
  const width = narrow ? reset + 2 : 170;
  const shapes: Shape[] = [];
  LADDER.forEach((rung, i) => {
    const y = (LADDER.length - 1 - i) * rungH;
    const even = i < 2;
    const current = here?.rungNumber === i + 1;
    shapes.push({ kind: 'rect', x: left, y, w: rungW, h: rungH - 3, fill: current ? '#f4e3a1' : even ? '#eef2e4' : '#e3e8dc', stroke: '#46573a', width: current ? 1.4 : 0.6 });
    shapes.push({ kind: 'text', x: left + 6, y: y + (rungH - 3) / 2, text: `${i + 1}. ${names[rung] ?? rung}`, size: 9, bold: i === 1 || i === LADDER.length - 1 });
    if (current) shapes.push({ kind: 'text', x: left + rungW - 3, y: y + (rungH - 3) / 2, text: `you are here: game ${here!.game}`, size: 7.5, bold: true, align: 'right', color: '#46573a' });
    if (i < LADDER.length - 1) shapes.push({ kind: 'line', x1: left + rungW / 2, y1: y, x2: left + rungW / 2, y2: y - 3, width: 0.8, color: '#46573a' });
  });
  const top = 0;
  const bottom = (LADDER.length - 1) * rungH + (rungH - 3) / 2;
  // the reset: from any attacked rung back down to Probing
  shapes.push({ kind: 'line', x1: reset, y1: top + 5, x2: reset, y2: bottom, width: 1, color: '#9b2c2c' });
  shapes.push({ kind: 'line', x1: reset, y1: bottom, x2: left + rungW + 1, y2: bottom, width: 1, color: '#9b2c2c' });
  if (narrow) {
    const under = LADDER.length * rungH + 2;
    shapes.push({ kind: 'text', x: 0, y: under, text: 'The attacker climbs one rung per win; the red line: the defender wins, back to Probing.', size: 7, color: '#46573a' });
    shapes.push({ kind: 'text', x: 0, y: under + 4, text: 'Rungs 1 and 2 are even games.', size: 7, color: '#62675c' });
  } else {
    shapes.push({ kind: 'text', x: 152, y: (top + bottom) / 2, text: 'defender wins:', size: 7, color: '#9b2c2c' });
    shapes.push({ kind: 'text', x: 152, y: (top + bottom) / 2 + 4, text: 'back to Probing', size: 7, color: '#9b2c2c' });
    shapes.push({ kind: 'text', x: 4, y: (LADDER.length - 1.5) * rungH, text: 'even games', size: 7, color: '#62675c' });
    shapes.push({ kind: 'text', x: 4, y: 3 * rungH, text: 'attacker climbs', size: 7, color: '#46573a' });
    shapes.push({ kind: 'text', x: 4, y: 3 * rungH + 4, text: 'one rung per win', size: 7, color: '#46573a' });
  }
  // the text's ladder table is missing: the rungs in the chapter's order are muster's (reading campaign-ladder, docs/readings.md)
  return { title: `The ladder, ${markReading("the game modes in the chapter's order", 'bof/campaign-ladder')}, at most ${MAX_GAMES} games`, width, height: LADDER.length * rungH + (narrow ? 8 : 0), shapes };
}
