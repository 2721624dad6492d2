import { formatLength } from '../../doc/helpers.js';
import { drawMap } from '../../doc/map-diagram.js';
import { boxesInGroups, markReading, tickBoxGroups, type Block, type DocumentNode, type DrawingNode, type Paper, type Run, type TableBlock, type Units } from '../../doc/model.js';
import { documentMeta } from '../../doc/document-meta.js';
import { checkBlock, rollsSheet, textTable } from '../../doc/packet.js';
import { renderProse } from '../../doc/templates.js';
import { terrainPutOut, type MapTerrain } from '../../doc/terrain-map.js';
import { mapTerrain } from '../scenario-terrain.js';
import type { BlazeAwayData } from './data.js';
import { SIDE_NAMES, type RolledScenario, type Side } from './scenario.js';
import { airSupportBlock, forceBlock, forceDeck, tallySheets, unitSheetBlocks, type AircraftLine, type PrintOptions } from './unit-sheet.js';
import { possessive } from '../../doc/possessive.js';

/**
 * The printed scenario: briefing, setup and what to cut out, the turn record, the map, each
 * side's unit sheet, every roll, and each side's order deck in its colour.
 */

const SIDES = ['a', 'b'] as const;
const MINES_COLOUR = '#5c5f66';
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function length(cm: number, units: Units): string {
  return units === 'cm' ? `${Math.round(cm)} cm` : `${Math.round(cm / 2.54)} in`;
}

export function scenarioPacket(rolled: RolledScenario, data: BlazeAwayData, options: PrintOptions): DocumentNode {
  const { result: r, rosters, objective } = rolled;
  const { units } = options;
  const info = data.system.info;
  const prose = (text: string, origin: string) => renderProse(text, { units }, origin);
  const name = (s: Side) => `${SIDE_NAMES[s]} (${rosters[s].force.name})`;
  const role = (s: Side) => (s === r.attacker ? 'attacker' : 'defender');
  const att = SIDE_NAMES[r.attacker];
  const def = SIDE_NAMES[r.defender];
  const table = `${length(r.table.width, units)} x ${length(r.table.height, units)}`;
  // the attacker's zone depth is muster's (the text sets none), marked where it prints
  const zoneDepth = markReading(length(r.zones.find((z) => z.side === r.attacker)![r.deployment[r.attacker] === 'north' || r.deployment[r.attacker] === 'south' ? 'h' : 'w'], units), 'blazeaway/forces-and-scenarios');
  // the turns each flies are rolled within 7.4.2's 3 to 6, and air support is added by muster: both its readings
  const aircraftText = (s: Side) =>
    r.weather === 'bad'
      ? 'grounded by the weather (6.6)'
      : r.aircraft[s].length === 0
        ? 'none'
        : r.aircraft[s].map((a) => `${a.unit === undefined ? markReading(`${a.name}, added by the scenario`, 'blazeaway/air-support') : a.name} (${a.type}), ${markReading(plural(a.turns, 'turn'), 'blazeaway/forces-and-scenarios')}`).join('; ');
  // game length is rolled within the text's 12 to 24 (2), at night from muster's least to 6.7's 10
  const turnsText = markReading(plural(r.turns, 'turn'), 'blazeaway/forces-and-scenarios');

  const briefing: Block[] = [
    {
      kind: 'text',
      title: 'Briefing',
      section: '9.4 Scenario Design',
      width: 'column',
      paragraphs: [
        `**${markReading(objective.name, 'blazeaway/forces-and-scenarios')}.** ${prose(objective.brief, `scenarios objectives[id=${objective.id}].brief`)}`,
        `${name(r.attacker)} attacks from the ${r.deployment[r.attacker]} edge; ${name(r.defender)} defends the ${r.deployment[r.defender]} half. ${att} won the roll for the attack.`,
        `**${turnsText}**, ${r.night ? 'at night' : 'by day'}, in ${r.weather === 'bad' ? 'bad' : 'fair'} weather. ${markReading('If the attacker has not taken the objective by the end of the last turn, the defender wins.', 'blazeaway/scenario-victory')}`,
        `Seed **${r.seed}**: the same seed sets up this very game again.`,
      ],
    },
    textTable(
      'setup',
      'Setup',
      '9.4 Scenario Design',
      ['Item', 'Set or rolled'],
      [
        ['Table', table],
        ...SIDES.map((s) => [SIDE_NAMES[s], `${rosters[s].force.name} (${rosters[s].force.nation}), ${role(s)}, from the ${r.deployment[s]} edge; cards in ${rosters[s].colour.name}`]),
        ['Game length', `${turnsText}${r.night ? ' (a night game: at most 10, 6.7)' : ''}`],
        ['Time and weather', markReading(`${r.night ? 'Night' : 'Day'}; ${r.weather === 'bad' ? 'bad weather' : 'fair weather'}`, 'blazeaway/forces-and-scenarios')],
        // rolled within 6.3's 1 to 4 a side
        ['Double moves', `${markReading(`${SIDE_NAMES.a} ${r.doubleMoves.a}, ${SIDE_NAMES.b} ${r.doubleMoves.b}`, 'blazeaway/forces-and-scenarios')}${r.night ? '; only on roads and open ground (6.7)' : ''}`],
        ...barrageRows(r),
        ...designerRows(r),
        ...SIDES.map((s) => [`Aircraft, ${SIDE_NAMES[s]}`, aircraftText(s)]),
        ['Mines', markReading(`${def}: ${plural(r.mines.squares, 'mine square')}${r.mines.squares > 0 ? ` and ${plural(r.mines.dummies, 'dummy', 'dummies')}` : ''}`, 'blazeaway/forces-and-scenarios')],
        ['Wire', markReading(`${def}: ${plural(r.wire.long, 'long strip')}, ${plural(r.wire.short, 'short strip')}`, 'blazeaway/forces-and-scenarios')],
        // at night the text's (6.5 applies to night combat); by day, and the dummies always, muster's roll
        ['Hidden movement', hiddenText(r)],
        ['Snipers', markReading(`${SIDE_NAMES.a} ${r.snipers.a}, ${SIDE_NAMES.b} ${r.snipers.b}`, 'blazeaway/forces-and-scenarios')],
      ],
      'column',
    ),
    {
      kind: 'text',
      title: 'Before the first turn',
      section: '6.5; 6.8; 6.9; 7.1.8; 7.3.2',
      width: 'column',
      paragraphs: [
        `**1. Defences.** ${def} deploys anywhere in its half and lays its mines, dummies and wire there, in plain sight (6.8, 6.9).`,
        r.barrages.length === 0
          ? '**2. Barrage.** None in this game (7.3.2).'
          : `**2. Barrage.** ${r.barrages
              .map((b) => `${SIDE_NAMES[b.side]} plots its ${plural(b.templates, 'template')} on a sketch of the table; ${b.turn === 0 ? 'they fall before the first turn' : markReading(`they fall at the start of turn ${b.turn}`, 'blazeaway/forces-and-scenarios')}`)
              .join('. ')}, each rolled for with its deviation (7.3.2).`,
        `**3. Snipers.** Each side marks its snipers on a sketch of the table (7.1.8).`,
        r.hiddenMovement
          ? `**4. Deployment.** A face-down card for each stand, gun and vehicle, and the dummies; ${att} sets up within ${zoneDepth} of its edge (6.5).`
          : `**4. Deployment.** ${att} sets up within ${zoneDepth} of its edge, in sight.`,
        SIDES.some((s) => r.suppressive[s] > 0)
          ? `**5. Chits.** Each side takes its double-move chits, its order cards and its suppressive-fire templates (${SIDES.map((s) => `${SIDE_NAMES[s]} ${r.suppressive[s]}`).join(', ')}), kept to fire in play (7.3.13).`
          : `**5. Chits.** Each side takes its double-move chits and its order cards.`,
      ],
    },
    conditions(r.night, r.weather === 'bad', units),
    chitTable(rolled, units),
    turnRecord(rolled),
  ];

  // each side's unit sheet, then the page its player ticks through the game
  const sideSheets = SIDES.flatMap((s) => {
    // every aircraft the side has this game, its own and the air support, with a box a turn
    const own = new Map(rosters[s].units.filter((u) => u.kind === 'aircraft').map((u) => [u.unit.name, u]));
    const flying: AircraftLine[] =
      r.weather === 'bad'
        ? [...own.values()].map((u) => ({ name: u.unit.name, model: u.unit.kind === 'aircraft' ? u.unit.aircraft : '', role: u.role, turns: 0, notes: u.unit.notes ?? '' }))
        : r.aircraft[s].map((a) => {
            const unit = a.unit !== undefined ? own.get(a.unit) : undefined;
            return {
              name: a.name,
              model: unit?.unit.kind === 'aircraft' ? unit.unit.aircraft : '',
              role: data.aircraft.find((role) => role.role === a.type),
              turns: a.turns,
              notes: unit?.unit.notes ?? '',
              // a flight the scenario adds, not one of the force's units
              ...(a.unit === undefined ? { support: true } : {}),
            };
          });
    const sheet = {
      title: `${SIDE_NAMES[s]}, ${role(s)}`,
      blocks: [
        forceBlock(data, rosters[s], `${SIDE_NAMES[s]}: the force`),
        checkBlock(rosters[s].problems, '3.4 Unit Sheets', r.forces.find((f) => f.side === s)!.sample ? "One of muster's own sample forces; it keeps to the rules." : 'The force keeps to the rules: every name is one the rules know and every stand has the figures its base allows.'),
        ...unitSheetBlocks(data, rosters[s], options, flying),
      ],
    };
    // the scenario's air support, not the force's: on the page the player ticks through the game, apart from the Unit Sheet
    const support = airSupportBlock(flying, options);
    const counts = tallySheets(data, rosters[s], `${SIDE_NAMES[s]}: count as you play`);
    const countSheets = support ? (counts.length > 0 ? [{ ...counts[0]!, blocks: [support, ...counts[0]!.blocks] }, ...counts.slice(1)] : [{ title: `${SIDE_NAMES[s]}: air support`, blocks: [support] }]) : counts;
    // a side's papers, handed to its player: they share pages with no other sheet
    return [sheet, ...countSheets, ...(s === r.defender && r.buildings.length > 0 ? [buildingSheet(r)] : [])].map((page) => ({ ...page, part: SIDE_NAMES[s] }));
  });

  // the pieces to put out follow the map, where terrain was laid
  const terrain = mapTerrain(data.system, r, r.table, { units, inch: 2.5 });
  return {
    meta: documentMeta(info, `${objective.name}: a ${info.name} scenario`, { ...options, seed: r.seed }),
    sheets: [
      { title: `Scenario: ${objective.name}`, blocks: briefing },
      ...(terrain ? [terrainSheet(rolled, terrain, units)] : []),
      ...sideSheets,
      rollsSheet(data.system, r.rolls, r.seed, '9.4 Scenario Design'),
    ],
    drawings: scenarioMap(rolled, data, units, options.paper, terrain),
    drawingsTitle: `Map: ${objective.name}`,
    drawingsAfterSheet: 1,
    decks: SIDES.map((s) => forceDeck(data, rosters[s], options, `${SIDE_NAMES[s]}: order cards, ${rosters[s].colour.name}`)),
  };
}

/** Night and bad weather as they change the game, or a line saying the day is clear. */
function conditions(night: boolean, bad: boolean, units: Units): Block {
  // a rule's distance, 25 mm to the inch as all of this rule set's (the table's size is measured)
  const d = (cm: number) => formatLength(units === 'cm' ? cm : cm / 2.5, units);
  const paragraphs: string[] = [];
  if (night) {
    paragraphs.push(
      `**Night (6.7).** Sight ${d(10)} (${d(20)} by moonlight or street lights); infantry move ${d(10)}, vehicles at most ${d(20)}. Only stands that see their target fire; infantry targets need 2 more to hit. No speculative fire. Hidden movement cards until a unit fires or is seen.`,
    );
  }
  if (bad) paragraphs.push('**Bad weather (6.6).** Every move and every sight distance is halved, and no aircraft flies.');
  if (paragraphs.length === 0) paragraphs.push('A clear day: the usual moves and sight, aircraft as the setup gives them.');
  return { kind: 'text', title: 'Conditions', section: night ? '6.6; 6.7' : '6.6 Bad Weather', width: 'column', paragraphs };
}

/** What each side cuts out for this game, and which sheet it is on. */
function chitTable(rolled: RolledScenario, units: Units): TableBlock {
  const { chits } = rolled.result;
  // the text's sizes, 25 mm to the inch as for every distance
  const size = (w: number, h: number) => (units === 'cm' ? `${w} x ${h} cm` : `${w / 2.5} x ${h / 2.5} in`);
  const rows: [string, keyof (typeof chits)['a'], string][] = [
    ['Double-move chits', 'doubleMoves', 'chits'],
    ['Hidden-movement cards, dummies among them', 'hiddenCards', 'squares'],
    ['Area-fire templates (barrage, suppressive fire)', 'templates', 'templates'],
    ['Mine squares, live', 'mineSquares', 'squares'],
    ['Mine squares, dummy', 'dummyMineSquares', 'squares'],
    [`Wire strips, long (${size(10, 2)})`, 'wireLong', 'wire strips'],
    [`Wire strips, short (${size(5, 2)})`, 'wireShort', 'wire strips'],
  ];
  return textTable(
    'chits',
    'What to cut out',
    '6.3; 6.5; 6.8; 6.9; 7.3.1',
    ['Piece', SIDE_NAMES.a, SIDE_NAMES.b, 'Token sheet'],
    rows.filter(([, key]) => chits.a[key] + chits.b[key] > 0).map(([label, key, where]) => [label, String(chits.a[key]), String(chits.b[key]), where]),
    'column',
    'The token sheets of the rule set hold these pieces; print a sheet again where a game needs more.',
  );
}

/** A line a turn: what falls or arrives, and room for notes. */
function turnRecord(rolled: RolledScenario): TableBlock {
  const r = rolled.result;
  const tick: Run = { text: '□', style: 'boxes' };
  const rows: Run[][][] = Array.from({ length: r.turns }, (_, i) => {
    const turn = i + 1;
    const events: string[] = [];
    if (turn === 1 && r.barrages.some((b) => b.turn === 0)) events.push('barrage fell before this turn');
    // the set turn is muster's roll (7.3.2 lets the designer name one)
    for (const b of r.barrages) if (b.turn === turn) events.push(markReading(`${possessive(SIDE_NAMES[b.side])} barrage falls`, 'blazeaway/forces-and-scenarios'));
    if (turn === r.turns) events.push('last turn: who holds the objective?');
    return [[{ text: String(turn), style: 'bold' }], [tick], [{ text: events.join('; ') }], [{ text: '' }], [{ text: '' }]];
  });
  return {
    kind: 'table',
    id: 'turn-record',
    title: 'Turn record',
    form: true,
    section: '4.4 Turn Sequence',
    width: 'full',
    columns: [
      { label: 'Turn', align: 'center' },
      { label: 'Done', align: 'center' },
      { label: 'Falls or happens', align: 'left' },
      { label: `${SIDE_NAMES.a}: notes`, align: 'left', minWidth: 50 },
      { label: `${SIDE_NAMES.b}: notes`, align: 'left', minWidth: 50 },
    ],
    rows,
    summary: 'Each turn: actions, fall back, charges, prone, aimed fire, moves, move & fire, opportunity fire, melee, then morale at the end.',
  };
}

/** The table from above, to scale: the deployment zones, the objective, the mined half; on a narrow paper the legend apart. */
export function scenarioMap(rolled: RolledScenario, data: BlazeAwayData, units: Units, paper?: Paper, terrain?: MapTerrain): DrawingNode[] {
  const { result: r } = rolled;
  const { width: W, height: H } = r.table;
  const defenderZone = r.zones.find((z) => z.side === r.defender)!;
  // the mined ground: the defender's half, drawn a little inside its zone so both lines show
  const inset = 1.5;
  const z = { x: defenderZone.x + inset, y: defenderZone.y + inset, w: defenderZone.w - 2 * inset, h: defenderZone.h - 2 * inset };
  const mined = r.mines.squares + r.wire.long + r.wire.short > 0;
  const outline = [
    { x1: z.x, y1: z.y, x2: z.x + z.w, y2: z.y },
    { x1: z.x + z.w, y1: z.y, x2: z.x + z.w, y2: z.y + z.h },
    { x1: z.x, y1: z.y + z.h, x2: z.x + z.w, y2: z.y + z.h },
    { x1: z.x, y1: z.y, x2: z.x, y2: z.y + z.h },
  ].map((l) => ({ ...l, colour: MINES_COLOUR, text: 'Mines and wire: anywhere inside this line (6.9)' }));
  const size = `${length(W, units)} x ${length(H, units)}`;
  const grid = units === 'cm' ? 10 : 4 * 2.54;
  // the zones take the map's side colours, the same in every rule set (the cards keep the force's colour)
  return drawMap({
    table: r.table,
    zones: r.zones,
    objectives: r.objectives.map((o) => ({ x: o.x, y: o.y, radius: o.radius })),
    objectiveText: `${markReading(rolled.objective.name, 'blazeaway/forces-and-scenarios')}: hold within the dashed circle`,
    sides: Object.fromEntries(
      SIDES.map((s) => [
        s,
        { name: SIDE_NAMES[s], zone: s === r.attacker ? markReading(`${SIDE_NAMES[s]}, attacker: deploys in this band`, 'blazeaway/forces-and-scenarios') : `${SIDE_NAMES[s]}, defender: deploys anywhere in its half` },
      ]),
    ),
    dashed: mined ? outline : [],
    grid,
    gridText: units === 'cm' ? '10 cm' : '4 in',
    zoneLabels: false,
    edgeNames: SIDES.map((s) => ({ edge: r.deployment[s], side: s })),
    caption: `Table ${size}, drawn to scale, north at the top.`,
    ...(terrain ? { terrain } : {}),
    paper,
    units,
  });
}

/**
 * The pre-game barrage: the attacker's alone is muster's reading of 7.3.2, which allots
 * templates to "players"; a barrage --barrage chose is the designer's. Its templates (within
 * 7.3.2's 6 to 10) and whether it falls on a set turn, and which, are muster's rolls: marked.
 */
function barrageRows(r: RolledScenario['result']): string[][] {
  const when = (turn: number) => (turn === 0 ? 'before the first turn' : `at the start of turn ${turn}`);
  const chosen = r.barrages.length !== 1 || r.barrages[0]!.side !== r.attacker;
  if (r.barrages.length === 0) return [['Pre-game barrage', 'none (chosen for this game)']];
  return r.barrages.map((b) => {
    const text = `${SIDE_NAMES[b.side]}: ${plural(b.templates, 'area-fire template')}, falling ${when(b.turn)}`;
    return ['Pre-game barrage', markReading(chosen ? text : `${text}; the attacker's alone`, 'blazeaway/forces-and-scenarios')];
  });
}

/** Hidden movement: always at night (6.5 applies it to night combat); by day in use or not as muster rolled, its dummies muster's roll. */
function hiddenText(r: RolledScenario['result']): string {
  if (!r.hiddenMovement) return markReading('not used', 'blazeaway/forces-and-scenarios');
  const dummies = markReading(`${SIDE_NAMES.a} ${r.hiddenDummies.a}, ${SIDE_NAMES.b} ${r.hiddenDummies.b}`, 'blazeaway/forces-and-scenarios');
  return `${r.night ? 'in use (always at night, 6.5)' : markReading('in use', 'blazeaway/forces-and-scenarios')}; dummy cards: ${dummies}`;
}

/** The designer's allocations a game was given (7.2.7, 7.3.11, 7.3.13, 7.3.15): a row each, only where given. */
function designerRows(r: RolledScenario['result']): string[][] {
  const perSide = (v: Record<Side, number>, what: string) => SIDES.map((s) => `${SIDE_NAMES[s]} ${plural(v[s], what)}`).join(', ');
  const rows: string[][] = [];
  // 7.3.13 allots the templates at the start; the artillery chooses to fire one in play, in place of killing fire
  if (SIDES.some((s) => r.suppressive[s] > 0)) {
    rows.push([
      'Suppressive fire (7.3.13)',
      `${perSide(r.suppressive, 'template')}, allotted at the start: its artillery, on or off the table, may fire one in place of killing fire, laid where wanted with no deviation, ${markReading('each template once', 'blazeaway/suppressive-fire')}; a unit at least half under one may not move, and fires as Disordered`,
    ]);
  }
  if (SIDES.some((s) => r.divisional[s] > 0)) rows.push(['Divisional artillery (7.3.11)', `${perSide(r.divisional, 'template')} a turn, called by an HQ at the start of a turn, falling after Aimed Fire`]);
  if (r.fixedDefence.guns.length > 0) rows.push(['Fixed Defence (7.2.7)', `${possessive(SIDE_NAMES[r.fixedDefence.side])} ${r.fixedDefence.guns.join(', ')}: +1 to knock out; an Excellent crew shoots twice, the second at −1`]);
  // the points themselves, with their boxes, are on the defender's buildings sheet
  if (r.buildings.length > 0) rows.push(['Defence points (7.3.15)', `${possessive(SIDE_NAMES[r.defender])} ${plural(r.buildings.length, 'building')}, ${r.buildings.reduce((n, b) => n + b.dpv, 0)} points in all: see its buildings sheet`]);
  return rows;
}

/** The defender's buildings with a box for each defence point, struck off as HE takes them (7.3.15). */
function buildingSheet(r: RolledScenario['result']): { title: string; blocks: Block[] } {
  const table: TableBlock = {
    kind: 'table',
    id: 'buildings',
    title: 'Buildings: defence points',
    section: '7.3.15 Bunker Busting',
    width: 'full',
    columns: [
      { label: 'Building', align: 'left' },
      { label: 'DPV', align: 'center' },
      { label: 'Tick a box for each point lost', align: 'left' },
    ],
    rows: r.buildings.map((b): Run[][] => [[{ text: b.name, style: 'bold' }], [{ text: `${b.dpv} (${b.least}–${b.most})` }], [tickBoxGroups(boxesInGroups(b.dpv, 5))]]),
    summary: 'Each HE score of 6 to 10 takes a point, 2 from aircraft or naval guns; small and medium anti-tank rounds take none. At 0 the building cannot be held for 3 turns; then concrete and heavy brick ruins are hard cover, the rest soft.',
  };
  return { title: `${SIDE_NAMES[r.defender]}: buildings`, blocks: [table] };
}

/** Numbers of pieces as the list names them: "piece 3", "pieces 3, 5 and 8". */
function pieceNumbers(labels: readonly string[]): string {
  if (labels.length === 1) return `piece ${labels[0]}`;
  return `pieces ${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/**
 * The pieces to put out, and beside them what this game changes on that ground: the objective's
 * own ground, night and bad weather as they bear on the terrain (6.6, 6.7), and where the
 * defender's buildings of 7.3.15 stand, since the scenario places none of them itself.
 */
function terrainSheet(rolled: RolledScenario, terrain: MapTerrain, units: Units): { title: string; blocks: Block[] } {
  const { result: r, objective } = rolled;
  const pieces = terrain.layout.pieces;
  const def = SIDE_NAMES[r.defender];
  const paragraphs: string[] = [];
  const sections: string[] = [];
  const atObjective = pieces.filter((p) => p.objective !== undefined);
  if (atObjective.length > 0) {
    const ground: Record<string, string> = {
      crossroads: 'two roads cross at the objective',
      bridge: 'a road crosses a river at the objective',
      building: r.objectives.length > 1 ? 'a house stands on each marked point' : 'a house stands on the marked place, in a village',
      hill: r.objectives.length > 1 ? 'a hill crest under each marked point' : 'a hill crest under the objective',
    };
    const what = objective.on ? (ground[objective.on] ?? `the objective stands in ${atObjective[0]!.name.toLowerCase()}`) : '';
    paragraphs.push(`**${objective.name}.** ${markReading(`As its name says, ${what} (${pieceNumbers(atObjective.map((p) => p.label))})`, 'blazeaway/forces-and-scenarios')}.`);
    sections.push('9.4');
  }
  if (r.night) {
    const roads = pieces.filter((p) => p.type === 'road').map((p) => p.label);
    const along = roads.length > 0 ? `along a road (${pieceNumbers(roads)})` : 'along a road (none on this table)';
    paragraphs.push(`**At night (6.7).** A double move only ${along} or over open terrain: ${markReading('muster reads open terrain as ground no piece covers', 'blazeaway/night-open-terrain')}.`);
    sections.push('6.7');
  }
  if (r.weather === 'bad') {
    paragraphs.push(`**In bad weather (6.6).** Every move is halved, a road move too; ${markReading('a piece that halves a move halves the halved move again', 'blazeaway/bad-weather-halving')}.`);
    sections.push('6.6');
  }
  if (r.buildings.length > 0) {
    const zone = r.zones.find((z) => z.side === r.defender)!;
    const inHalf = (type: string) =>
      pieces.filter((p) => p.type === type && p.x >= zone.x && p.x <= zone.x + zone.w && p.y >= zone.y && p.y <= zone.y + zone.h).map((p) => p.label);
    const houses = r.buildings.filter((b) => b.kind === 'wood' || b.kind === 'brick');
    const bunkers = r.buildings.filter((b) => b.kind !== 'wood' && b.kind !== 'brick');
    const named = (list: typeof r.buildings) => list.map((b) => b.name).join(', ');
    const parts: string[] = [];
    if (houses.length > 0) {
      const found = inHalf('building');
      parts.push(`${named(houses)}: ${def} names ${houses.length === 1 ? 'a house' : 'houses'} among the buildings in its half (${found.length > 0 ? pieceNumbers(found) : 'none on this table'})${found.length < houses.length ? ', putting out more there where they are too few' : ''}`);
    }
    if (bunkers.length > 0) {
      const found = inHalf('bunker');
      parts.push(`${named(bunkers)}: ${def} sets ${bunkers.length === 1 ? 'it' : 'them'} down in its half with its wire and mines${found.length > 0 ? `, or names ${pieceNumbers(found)}` : ''}`);
    }
    paragraphs.push(`**${possessive(def)} buildings (7.3.15).** ${markReading(`The scenario places none of them: ${parts.join('; ')}`, 'blazeaway/forces-and-scenarios')}.`);
    sections.push('7.3.15');
  }
  const blocks: Block[] = [terrainPutOut(terrain, units, r.table, '6.2 Terrain Effect Table')];
  if (paragraphs.length > 0) blocks.push({ kind: 'text', title: 'This ground in this game', section: sections.join('; '), width: 'full', paragraphs });
  return { title: `Terrain: ${terrain.layout.map.name.toLowerCase()} map`, blocks };
}
