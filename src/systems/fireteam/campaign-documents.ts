import { campaignLogTable } from '../../doc/campaign-log.js';
import { markReading, PAPER_SPECS, type Block, type DocumentNode, type DrawingNode, type Paper, type Shape, type Units } from '../../doc/model.js';
import { documentMeta } from '../../doc/document-meta.js';
import { hatchLines } from '../../doc/hatch.js';
import { withWhite } from '../../doc/colours.js';
import { MAP_SIDE_COLOURS, MAP_SIDE_LOOKS } from '../../doc/map-diagram.js';
import type { SystemInfo } from '../../data/schema.js';
import type { FireTeamCampaignState, Side } from './campaign-schema.js';
import { assaultTargets, defaultSplit, encounterWords, type CampaignBoard } from './campaign.js';
import { possessive } from '../../doc/possessive.js';

/** The sides' colours on the campaign map: their colours on a battle map, and tints of them. */
export const SIDE_TINTS: Record<Side, { fill: string; ink: string }> = {
  a: { fill: withWhite(MAP_SIDE_COLOURS.a, 0.22), ink: MAP_SIDE_COLOURS.a },
  b: { fill: withWhite(MAP_SIDE_COLOURS.b, 0.18), ink: MAP_SIDE_COLOURS.b },
};
const RIVER = '#3b7fb8';
const VACANT = '#f6f5ef';
const LINE = '#46573a';

/**
 * The campaign map as it stands: each square in its holder's tint with its name, the river
 * drawn along the edges it cuts, breakout squares starred in the colour of the side that
 * wants them. `width`: the drawing's, in mm; on a narrow paper (A5, 122 mm) the squares are
 * smaller, and the legend is a drawing of its own, its breakouts under its other entries.
 */
export function campaignMapDrawing(board: CampaignBoard, state: FireTeamCampaignState, width = 176): DrawingNode[] {
  const { map } = board;
  const narrow = width < 176;
  const cell = Math.min(width / map.columns, 34);
  const w = cell * map.columns;
  const shapes: Shape[] = [];
  const x0 = (width - w) / 2;
  const y0 = 6;
  const corner = (id: string) => {
    const sq = board.squares.get(id)!;
    return { x: x0 + (sq.column - 1) * cell, y: y0 + (sq.row - 1) * cell };
  };
  for (let c = 1; c <= map.columns; c++) {
    shapes.push({ kind: 'text', x: x0 + (c - 0.5) * cell, y: 2.5, text: String.fromCharCode(64 + c), size: 8, bold: true, align: 'center', color: '#62675c' });
  }
  for (const id of board.order) {
    const sq = board.squares.get(id)!;
    const { x, y } = corner(id);
    const owner = state.owners[id];
    shapes.push({ kind: 'rect', x, y, w: cell, h: cell, fill: owner ? SIDE_TINTS[owner].fill : VACANT, stroke: LINE, width: 0.4 });
    // side B's squares hatched, as its zone on a battle map: the holder reads in black and white too
    if (owner && MAP_SIDE_LOOKS[owner] === 'hatched') shapes.push(...hatchLines(x, y, cell, cell, tintLine(owner), 3));
    shapes.push({ kind: 'text', x: x + 2, y: y + 4, text: id, size: 8, bold: true });
    wrapName(sq.name, cell - 4).forEach((line, i) => shapes.push({ kind: 'text', x: x + 2, y: y + 9 + i * 3.4, text: line, size: 6.5 }));
    if (owner) shapes.push({ kind: 'text', x: x + 2, y: y + cell - 3, text: state.names[owner], size: 6.5, bold: true, color: SIDE_TINTS[owner].ink });
    for (const s of ['a', 'b'] as const) {
      if (map.breakout[s].includes(id)) shapes.push(...breakoutMark(s, x + cell - 7, y + 1.5));
    }
  }
  for (const [p, q] of map.river?.cut ?? []) {
    const a = board.squares.get(p)!;
    const b = board.squares.get(q)!;
    const { x, y } = corner(a.row < b.row || a.column < b.column ? p : q);
    // the shared edge of two squares: below the upper one, or right of the left one
    if (a.column === b.column) shapes.push({ kind: 'line', x1: x, y1: y + cell, x2: x + cell, y2: y + cell, width: 2.2, color: RIVER });
    else shapes.push({ kind: 'line', x1: x + cell, y1: y, x2: x + cell, y2: y + cell, width: 2.2, color: RIVER });
  }
  // the crossings: the river runs on under them, a bridge's deck or a ford's stones across it
  for (const { between: [p, q], kind } of map.river?.crossings ?? []) {
    const a = board.squares.get(p)!;
    const b = board.squares.get(q)!;
    const { x, y } = corner(a.row < b.row || a.column < b.column ? p : q);
    shapes.push(...crossingMark(kind, a.column === b.column, a.column === b.column ? x + cell / 2 : x + cell, a.column === b.column ? y + cell : y + cell / 2, cell / 2));
  }
  const h = y0 + cell * map.rows;
  // the legend, under the grid; on a narrow paper a drawing of its own, after the map
  const ly = narrow ? 5 : h + 5;
  const keys: Shape[] = [];
  const legend: [string, string][] = [
    [state.names.a, SIDE_TINTS.a.fill],
    [state.names.b, SIDE_TINTS.b.fill],
    ['nobody', VACANT],
  ];
  const step = narrow ? w / 3 : 44;
  legend.forEach(([who, fill], i) => {
    keys.push({ kind: 'rect', x: x0 + i * step, y: ly - 2.5, w: 5, h: 5, fill, stroke: LINE, width: 0.3 });
    if (i === 1) keys.push(...hatchLines(x0 + i * step, ly - 2.5, 5, 5, tintLine('b'), 1.6));
    keys.push({ kind: 'text', x: x0 + i * step + 7, y: ly, text: `${who} holds`, size: 7 });
  });
  keys.push({ kind: 'line', x1: x0, y1: ly + 7, x2: x0 + 6, y2: ly + 7, width: 2.2, color: RIVER });
  keys.push({ kind: 'text', x: x0 + 8, y: ly + 7, text: markReading(`${map.river?.name ?? 'the river'}: no way across here`, 'fireteam/campaign-map'), size: 7 });
  const crossingKinds = [...new Set((map.river?.crossings ?? []).map((c) => c.kind))];
  crossingKinds.forEach((kind, i) => {
    keys.push(...crossingMark(kind, true, x0 + 3, ly + 17 + i * 10, 3));
    keys.push({ kind: 'text', x: x0 + 8, y: ly + 17 + i * 10, text: markReading(kind === 'bridge' ? 'a bridge across the river' : 'a ford across the river', 'fireteam/campaign-map'), size: 7 });
  });
  // the breakouts beside the river's entry, or on a narrow paper on lines under the crossings'
  const breakouts = narrow
    ? [{ x: x0, y: ly + 17 + 10 * crossingKinds.length }, { x: x0, y: ly + 27 + 10 * crossingKinds.length }]
    : [{ x: x0 + 88, y: ly + 7 }, { x: x0 + 130, y: ly + 7 }];
  (['a', 'b'] as const).forEach((side, i) => {
    keys.push(...breakoutMark(side, breakouts[i]!.x, breakouts[i]!.y - 2.5));
    keys.push({ kind: 'text', x: breakouts[i]!.x + 6, y: breakouts[i]!.y, text: markReading(`${possessive(state.names[side])} breakout`, 'fireteam/campaign-map'), size: 7 });
  });
  // the map is muster's own: the text gives none (its squares, names, river and breakouts)
  const title = `${map.name}: ${markReading("muster's map", 'fireteam/campaign-map')} after turn ${state.pending.length > 0 || state.finished ? state.turn : state.turn - 1}`;
  const legendHeight = ly + 10 + 10 * crossingKinds.length + (narrow ? 20 : 0);
  if (narrow) return [{ title, width, height: h + 2, shapes }, { title: 'Map legend', width, height: legendHeight, shapes: keys }];
  return [{ title, width, height: legendHeight, shapes: [...shapes, ...keys] }];
}

/**
 * A crossing of the river at (x, y), the middle of the edge two squares share (`acrossRows`: the
 * edge between a square and the one below it): the river's stretch under it, then a bridge's
 * deck with its rails, or a ford's line of stones, across the river's way.
 */
function crossingMark(kind: 'bridge' | 'ford', acrossRows: boolean, x: number, y: number, reach: number): Shape[] {
  // the river runs along the edge, `reach` mm each way; the crossing goes over it, square to square
  const river: Shape = acrossRows ? { kind: 'line', x1: x - reach, y1: y, x2: x + reach, y2: y, width: 2.2, color: RIVER } : { kind: 'line', x1: x, y1: y - reach, x2: x, y2: y + reach, width: 2.2, color: RIVER };
  // d across the river (square to square), e along it
  const at = (d: number, e: number): [number, number] => (acrossRows ? [x + e, y + d] : [x + d, y + e]);
  const segment = (d1: number, d2: number, e: number): Shape => ({ kind: 'line', x1: at(d1, e)[0], y1: at(d1, e)[1], x2: at(d2, e)[0], y2: at(d2, e)[1], width: 0.7, color: LINE });
  if (kind === 'bridge') {
    const [left, top] = at(-4.5, -2.2);
    return [river, { kind: 'rect', x: Math.min(left, at(4.5, 2.2)[0]), y: Math.min(top, at(4.5, 2.2)[1]), w: acrossRows ? 4.4 : 9, h: acrossRows ? 9 : 4.4, fill: '#ffffff', stroke: LINE, width: 0.5 }, segment(-4.5, 4.5, -2.2), segment(-4.5, 4.5, 2.2)];
  }
  // a ford: stepping stones across, on the river's own stretch
  return [river, ...[-3.2, 0, 3.2].map((d): Shape => ({ kind: 'circle', cx: at(d, 0)[0], cy: at(d, 0)[1], r: 1.1, fill: '#ffffff', stroke: LINE, width: 0.45 }))];
}

/** "the bridge between B3 and B4 and the ford between D3 and D4" */
function crossingsWords(crossings: readonly { between: readonly [string, string]; kind: 'bridge' | 'ford' }[]): string {
  const each = crossings.map(({ between: [p, q], kind }) => `the ${kind} between ${p} and ${q}`);
  return each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1)}` : each[0]!;
}

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The hatching of a side's squares: its ink, lightened so the square's words stay easy to read. */
function tintLine(side: Side): string {
  return withWhite(SIDE_TINTS[side].ink, 0.45);
}

/** A breakout square's star in the side's colour; side B's in a square frame, so the two differ in black and white. */
function breakoutMark(side: Side, x: number, y: number): Shape[] {
  const star: Shape = { kind: 'icon', x, y, size: 5, name: 'star', color: SIDE_TINTS[side].ink };
  return MAP_SIDE_LOOKS[side] === 'hatched' ? [{ kind: 'rect', x: x - 0.6, y: y - 0.6, w: 6.2, h: 6.2, fill: '#ffffff', stroke: SIDE_TINTS[side].ink, width: 0.4 }, star] : [star];
}

/** A square's name in lines that fit its width (a rough measure: condensed type at 6.5 pt). */
function wrapName(name: string, width: number): string[] {
  const perLine = Math.max(8, Math.floor(width / 1.45));
  const lines: string[] = [];
  for (const word of name.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 3);
}

/** The rules of the campaign in our own words, with the section they come from. */
export function campaignRules(board: CampaignBoard, names: { a: string; b: string }, forces: Partial<Record<Side, string>> = {}): Block[] {
  const { map } = board;
  const f = map.forces;
  return [
    {
      kind: 'text',
      title: map.name,
      section: map.section,
      width: 'column',
      paragraphs: [
        map.story,
        `**${markReading('The map', 'fireteam/campaign-map')}** is muster's: the text gives none. Its squares and their names, ${map.river ? `${map.river.name}, ` : ''}the starting squares and the breakout squares are muster's choices. **${names.a}** starts on ${map.deploy.a.join(', ')}; **${names.b}** on ${map.deploy.b.join(', ')}.${map.river ? ` ${capital(map.river.name)} is crossed only where the map shows no blue line${(map.river.crossings ?? []).length > 0 ? `: at ${crossingsWords(map.river.crossings!)}` : ''}.` : ''}`,
        `**Each turn** each side may assault one square next to one it holds, or hold. Both into the same empty square, or into two empty squares side by side: one encounter, over two squares fought on ${markReading('the square of the side that rolls higher on a D6', 'fireteam/campaign-assaults')}. Two other assaults: each side fights an attack against the other's defence, two games. One assault alone: one game, the side that holds defending. Both hold: no battle that turn.`,
        `**Battles.** The square sets the terrain and the jump-off points; there is no patrol phase. An attacker takes the square only by winning; an encounter drawn takes nothing, and ${markReading('its winner takes the square it went for', 'fireteam/encounter-winner-square')} (over two squares the text does not say which). Losses are not carried to the next game.`,
      ],
    },
    {
      kind: 'text',
      title: 'Forces and the end',
      section: map.section,
      width: 'column',
      paragraphs: [
        `**Core** ${f.core} points a side (${f.corePerPlayer} a player, two a side), in every game.`,
        `**Reinforcements** ${f.encounter} points a side in an encounter. A side that attacks splits ${f.attackAndDefence} points: ${f.attack[0]} to ${f.attack[1]} where it attacks, the rest (${f.defence[0]} to ${f.defence[1]}) where it defends; ${markReading(`a side that names no split gives ${defaultSplit(f.attack)} to the attack`, 'fireteam/set-up')}. A side that holds while the other attacks defends with ${markReading(`${f.defence[1]}, the most a defence takes`, 'fireteam/holding-side-defence')}.`,
        ...(['a', 'b'] as const).flatMap((s) => (forces[s] ? [`**${names[s]}** ${forces[s]}.`] : [])),
        `**${markReading('The end', 'fireteam/campaign-map')}.** Hold one of your starred breakout squares when a turn's games are done and you win. After turn ${map.endAfterTurns}, more squares held wins; equal is a draw.`,
      ],
    },
  ];
}

/** Next turn's orders as a player writes them before the battles. */
function ordersTable(state: FireTeamCampaignState, board: CampaignBoard): Block[] {
  if (state.finished) {
    return [{ kind: 'text', title: 'The campaign is over', section: board.map.section, width: 'full', paragraphs: [`${state.outcome ?? 'Finished'}.`] }];
  }
  const targets = state.pending.length > 0 ? undefined : { a: assaultTargets(state, board, 'a'), b: assaultTargets(state, board, 'b') };
  const paragraphs = state.pending.length > 0
    ? state.pending.map((p) => `**Battle ${p.battle}** of turn ${state.turn}: ${p.kind === 'encounter' ? encounterWords(p) : `${state.names[p.attacker!]} attacks ${p.square}`}, ${state.names.a} ${p.points.a} and ${state.names.b} ${p.points.b} reinforcement points${p.result ? `; ${p.result === 'draw' ? 'drawn' : `won by ${state.names[p.result]}`}` : ''}.`)
    : [`**Turn ${state.turn}.** ${state.names.a} may assault ${targets!.a.join(', ')}, or hold; ${state.names.b} may assault ${targets!.b.join(', ')}, or hold.`];
  return [{ kind: 'text', title: state.pending.length > 0 ? `Turn ${state.turn}: battles to fight` : `Turn ${state.turn}: where each side may go`, section: board.map.section, width: 'full', paragraphs }];
}

/**
 * The campaign booklet: the map as it stands, the rules in short, the log of every battle so
 * far with rows for the rest, and where each side may go next.
 */
export function campaignBooklet(
  board: CampaignBoard,
  state: FireTeamCampaignState,
  info: SystemInfo,
  options: { paper: Paper; units: Units; toolVersion: string },
  /** each side's own force in a player's words, where it brought one */
  forces: Partial<Record<Side, string>> = {},
): DocumentNode {
  const { names } = state;
  const played = state.log.map((l) => l.kind === 'hold' ? [String(l.turn), '—', 'both hold', '—', '—', '—', l.event] : [
    String(l.turn),
    String(l.battle),
    l.kind === 'encounter' ? 'encounter' : 'attack',
    `${l.square} ${board.squares.get(l.square)?.name ?? ''}`.trim(),
    l.attacker ? names[l.attacker] : '—',
    l.winner === 'draw' ? 'draw' : names[l.winner],
    l.event,
  ]);
  return {
    meta: documentMeta(info, `Campaign: ${board.map.name}`, { ...options, seed: state.seed }),
    sheets: [
      {
        title: `${board.map.name}: ${names.a} against ${names.b}`,
        blocks: [
          ...campaignRules(board, names, forces),
          ...ordersTable(state, board),
          campaignLogTable({
            id: 'campaign-log',
            title: 'Campaign log: every battle, turn by turn',
            section: board.map.section,
            columns: ['Turn', 'Battle', 'Kind', 'Square', 'Attacker', 'Winner', 'What happened'],
            played,
            rows: Math.max(played.length + 6, 14),
          }),
        ],
      },
    ],
    // on a paper narrower than the map (A5: 122 mm of drawing area), its narrow form
    drawings: campaignMapDrawing(board, state, PAPER_SPECS[options.paper].width < 176 ? 122 : 176),
    drawingsTitle: 'The campaign map',
    drawingsAfterSheet: 1,
  };
}
