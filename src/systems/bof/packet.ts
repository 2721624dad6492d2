import type { Block, CardPrint, DocumentNode, DrawingNode, SheetNode, Units, Paper } from '../../doc/model.js';
import { rollsSheet, textTable } from '../../doc/packet.js';
import { renderProse } from '../../doc/templates.js';
import type { Arsenal } from './arsenal.js';
import type { Aids } from './aids.js';
import { eventDeck } from './aids-builders.js';
import { forceDeck, rosterSheet, type CardContext } from './cards.js';
import { buildRoster, type Roster } from './force.js';
import type { GameMode } from './scenario-schema.js';
import { drawMap, intersect, sectorStrips, type MapInput, type Sector } from '../../doc/map-diagram.js';
import { OPPOSITE, type Edge, type ScenarioContext, type ScenarioResult } from './scenario.js';

const SIDE_NAMES: Record<string, string> = { a: 'Side A', b: 'Side B', player: 'You', enemy: 'Enemy' };

const sideName = (side: string | null) => (side ? SIDE_NAMES[side] ?? side : 'none (even)');
const table = textTable;
/** "two-player", "four-player", "six-player": what the running header says a packet is for. */
const playerWords = (players: number | undefined) => `${({ 2: 'two', 4: 'four', 6: 'six' } as Record<number, string>)[players ?? 2] ?? String(players)}-player`;
/** "You attack." but "Side A attacks.": the solo player is spoken to in the second person. */
const roleSentence = (side: string | null, verb: 'attack' | 'defend', name: (side: string | null) => string = sideName) => {
  if (side === 'player') return `You ${verb}.`;
  return `${side === 'enemy' ? 'The enemy' : name(side)} ${verb}s.`;
};

export interface PacketContext {
  arsenal: Arsenal;
  aids: Aids;
  modes: readonly GameMode[];
  units: Units;
  paper: Paper;
  toolVersion: string;
  systemName: string;
  rulesVersion: string;
  print: CardPrint;
  /** the players' own forces (--force), side A's first (solo: the player's), for their rosters and cards */
  rosters?: (Roster | undefined)[];
}

/** The packet settings for a loaded scenario context and the print options asked for. */
export function packetContext(
  ctx: ScenarioContext,
  options: { units: Units; paper: Paper; toolVersion: string; print: CardPrint },
): PacketContext {
  return {
    arsenal: ctx.arsenal,
    aids: ctx.aids,
    modes: ctx.modes,
    units: options.units,
    paper: options.paper,
    toolVersion: options.toolVersion,
    systemName: ctx.system.info.name,
    rulesVersion: ctx.system.info.rulesVersion,
    print: options.print,
  };
}

/** The printed packet: briefing, map, enemy, events, turn record and every roll. */
export function buildPacket(result: ScenarioResult, ctx: PacketContext): DocumentNode {
  const mode = ctx.modes.find((m) => m.id === result.scenario.id)!;
  const prose = (text: string) => renderProse(text, { units: ctx.units }, `scenarios mode ${mode.id}`);
  const dist = (cm: number, inches: number) => (ctx.units === 'cm' ? `${cm} cm` : `${inches} in`);
  const tableSize = ctx.units === 'cm' ? `${result.table.width} x ${result.table.height} cm` : `${Math.round(result.table.width / 2.5)} x ${Math.round(result.table.height / 2.5)} in`;
  // a side's printed name: the player's name where --names gave one ("Anna (Side A)")
  const label = (side: string | null) => (side && result.names?.[side] ? `${result.names[side]} (${sideName(side)})` : sideName(side));
  const morale = result.forces.map((f) => `${label(f.side)} ${f.morale}`).join(', ');
  // a force the player brought shows what it spends beside the budget the mode gives
  const points = result.forces
    .map((f) => `${label(f.side)} ${f.name ? `${f.points} of ` : ''}${f.budget}${f.players > 1 ? ` each (${f.players} players)` : ''}`)
    .join(', ');
  const deployment = Object.entries(result.deployment).map(([side, where]) => `${label(side)}: ${where}`).join('; ');
  const player = result.forces.find((f) => f.side === 'player');

  const briefing: Block[] = [
    {
      kind: 'text',
      title: result.mode === 'solo' ? 'Solo briefing' : 'Briefing',
      section: mode.section,
      width: 'column',
      paragraphs: [
        `**${result.scenario.name}**${result.scenario.soloName ? ` (solo table: ${result.scenario.soloName})` : ''}. Seed **${result.seed}**: the same seed rolls this very packet again.`,
        ...(result.names ? [`Players: ${result.sides.filter((side) => result.names![side]).map((side) => label(side)).join(', ')}.`] : []),
        result.attacker ? `${roleSentence(result.attacker, 'attack', label)} ${roleSentence(result.defender, 'defend', label)}` : 'Both sides have the same goal.',
        ...result.forces.filter((f) => f.name && f.side !== 'player').map((f) => `${label(f.side)} brings ${f.name}: ${f.points} points against the ${f.budget} this game gives it; its roster and unit cards are in this packet.`),
        ...(result.solo
          ? [
              `The enemy fights for the ${result.solo.enemySide} (${ctx.arsenal.nations.get(result.solo.enemyNation)?.name}), doctrine ${ctx.arsenal.doctrines.get(result.solo.doctrine)?.name}; you play the ${result.solo.playerSide} (${ctx.arsenal.nations.get(result.solo.playerNation)?.name}). Map: ${result.solo.map}.`,
              soloPointsNote(result),
            ]
          : []),
      ],
    },
    table('setup', 'Setup', 'Game setup', ['Item', 'Rolled or set'], [
      ['Game mode', result.scenario.name],
      ['Attacker', sideName(result.attacker)],
      ['Deployment', deployment + (result.corridor ? `; escape corridor ${result.corridor}` : '')],
      ['Points', points],
      ['Combat Score limit', String(result.scoreLimit)],
      ['Turns', String(result.turns)],
      ['Force morale', morale],
      ...(result.mode === 'solo' ? [['Enemy strength', `${result.forces.find((f) => f.side === 'enemy')?.points ?? 0} points, bought by the solo dice`]] : []),
      ['Table', tableSize],
    ], 'column'),
    {
      kind: 'text',
      title: 'To win',
      section: mode.section,
      width: 'column',
      paragraphs: [
        result.attacker ? `**${sideName(result.attacker)} (attacker).** ${prose(mode.win.attacker)}` : `**Both sides.** ${prose(mode.win.attacker)}`,
        ...(result.attacker ? [`**${sideName(result.defender)} (defender).** ${prose(mode.win.defender)}`] : []),
        `Or push the Combat Score to ${result.scoreLimit}; after ${result.turns} turns the higher Combat Score wins.`,
        ...(mode.setup ? [`**Setup.** ${prose(mode.setup)}`] : []),
        `Infantry and support weapons deploy within ${dist(50, 20)} of their edge; vehicles start on it.`,
      ],
    },
    table(
      'events-drawn',
      'Random Event & Effect cards drawn',
      'Random Event & Effect Cards',
      ['Side', 'Card', 'Effect'],
      result.events.flatMap((e) =>
        e.cards.map((c) => {
          const card = ctx.aids.events.find((x) => x.id === c.id)!;
          return [label(e.side), c.title, renderProse(card.effect, { units: ctx.units }, `events ${c.id}`)];
        }),
      ),
    ),
    {
      ...table(
        'turn-record',
        'Turn record',
        'Game setup',
        ['Turn', 'Initiative (D6 each)', `Actions left: ${result.sides.map(label).join(' / ')}`, `Combat Score: ${result.sides.map(label).join(' / ')}`, 'Objectives'],
        Array.from({ length: result.turns }, (_, i) => [String(i + 1), '', '', '', '']),
      ),
      form: true,
    },
  ];
  const sheets: SheetNode[] = [{ title: `Scenario: ${result.scenario.name}`, blocks: briefing }];

  const enemy = result.forces.find((f) => f.side === 'enemy' && f.units.length > 0);
  if (enemy) {
    sheets.push({
      title: 'The enemy',
      blocks: [
        table(
          'enemy-roster',
          `Enemy force: ${enemy.points} points from the solo dice (at most ${enemy.budget})`,
          'Setting up the enemy forces',
          ['Map', 'Unit', 'No.', 'Quality', 'Weapons', 'Points', 'Sector', 'Note'],
          enemy.units.map((u, i) => [enemyMarkers(enemy.units)[i] ?? '—', u.name, String(u.count), u.quality, u.weapons.map((w) => ctx.arsenal.weapons.get(w)?.name ?? w).join(', ') || '—', String(u.points), u.sector ?? '', u.note ?? '']),
          'full',
          'Map: the numbered marker of the unit on the map. Sectors are left, middle and right as the enemy faces you, drawn on the map. Its unit cards follow at the end of the packet.',
        ),
        {
          kind: 'text',
          title: 'Enemy activation: keep this beside the table',
          section: 'Playing Burst of Fire solo',
          width: 'column',
          paragraphs: [
            '**Each turn.** Roll a D6 for each side for initiative. Roll a D6 for the enemy sector that acts first (1-2 left, 3-4 middle, 5-6 right); after the middle, a D6 of 1-3 sends it left, 4-6 right. Spend the enemy actions on its Action Point Counter, in the adjacent sector once one is done.',
            '**Who acts first.** The ranking officer; units nearest the objective; AFVs; the support weapons with most firepower; elites; regulars; the fastest units; everything else.',
          ],
        },
        {
          kind: 'text',
          title: 'How the enemy fights',
          section: 'Playing Burst of Fire solo',
          width: 'column',
          paragraphs: [
            'It moves with a purpose: to the objective, then at you (unless already at point-blank range), then to better cover, then to gear left lying about. It tries to kill as much as it can and to reach the objective fast.',
            'Its officer orders the best units in range and aims them at your most dangerous units. Its infantry spend an action to pick up better weapons or to refill a gun crew whenever they can. AT guns shoot the AFV with the thinnest armour in their arc; artillery shoots support weapons and the infantry in the poorest cover. Otherwise it shoots what scores most or what threatens the objective. Mounted troops first drive to the best cover and unload.',
          ],
        },
        player?.name
          ? table(
              'your-force',
              `Your force: ${player.name}, ${player.points} points; your budget ${player.budget} points`,
              'Setting up your forces in solo play',
              ['Unit', 'No.', 'Quality', 'Weapons', 'Points'],
              player.units.map((u) => [u.name, String(u.count), u.quality, u.weapons.map((w) => ctx.arsenal.weapons.get(w)?.name ?? w).join(', ') || '—', String(u.points)]),
              'full',
              'Your roster with its checks and your unit cards are in this packet.',
            )
          : { ...table('your-force', `Your force: up to ${player?.budget ?? 0} points`, 'Setting up your forces in solo play', ['Unit', 'No.', 'Quality', 'Weapons', 'Points'], Array.from({ length: 8 }, () => ['', '', '', '', ''])), form: true },
      ],
    });
  }
  // the players' own forces: roster sheet (with its check) and a card per model, as `cards --force` prints them
  const ownSides = result.mode === 'solo' ? ['player'] : ['a', 'b'];
  const own = (ctx.rosters ?? []).flatMap((roster, i) => (roster ? [{ roster, side: ownSides[i]! }] : []));
  for (const { roster, side } of own) sheets.push({ ...rosterSheet(roster, ctx.arsenal, ctx.units), title: `Roster, ${side === 'player' ? 'your force' : label(side)}: ${roster.force.name}` });
  sheets.push(rollsSheet(result.rolls, result.seed, 'Game setup'));

  const cardSystem = { id: 'bof', name: ctx.systemName, rulesVersion: ctx.rulesVersion, scale: '', blurb: '', provenance: '', products: [] };
  const decks = own.map(({ roster, side }) => ({
    ...forceDeck(roster, { arsenal: ctx.arsenal, units: ctx.units, system: cardSystem }, ctx.print),
    title: `${side === 'player' ? 'Your' : `${label(side)}:`} unit cards, ${roster.force.name}`,
  }));
  if (enemy && result.forces.find((f) => f.side === 'enemy')) {
    const roster = buildRoster(
      {
        name: 'Enemy',
        nation: result.solo!.enemyNation,
        doctrine: result.solo!.doctrine,
        detachment: result.forces.find((f) => f.side === 'enemy')!.detachment!,
        points: enemy.budget,
        units: enemy.units.map((u) => ({ unit: u.unit, count: u.count, quality: u.quality, weapons: [] })),
      },
      ctx.arsenal,
    );
    const cardCtx: CardContext = { arsenal: ctx.arsenal, units: ctx.units, system: cardSystem };
    // the cards show what each enemy soldier actually carries
    roster.lines.forEach((line, i) => (line.weapons = enemy.units[i]!.weapons));
    decks.push({ ...forceDeck(roster, cardCtx, ctx.print), title: 'Enemy unit cards' });
  }
  const drawn = new Set(result.events.flatMap((e) => e.cards.map((c) => c.id)));
  const events = eventDeck({ ...ctx.aids, events: ctx.aids.events.filter((e) => drawn.has(e.id)) }, ctx.units, ctx.print, ctx.systemName);
  decks.push({ ...events, title: 'Event cards drawn' });

  return {
    meta: {
      title: `${result.scenario.name} (${result.mode === 'solo' ? 'solo' : `${playerWords(result.players)}`})`,
      systemId: result.system,
      systemName: ctx.systemName,
      rulesVersion: ctx.rulesVersion,
      toolVersion: ctx.toolVersion,
      seed: result.seed,
      paper: ctx.paper,
      units: ctx.units,
    },
    sheets,
    drawings: [mapDiagram(result, ctx.units, ctx.paper)],
    drawingsTitle: `Map: ${result.scenario.name}`,
    drawingsAfterSheet: 1,
    decks,
  };
}

/**
 * Why the enemy's points are not the mode's: in solo the enemy is bought from its bags by the
 * solo dice, and the mode's points only cap it; the player's own budget is the mode's points.
 */
function soloPointsNote(result: ScenarioResult): string {
  const enemy = result.forces.find((f) => f.side === 'enemy');
  const player = result.forces.find((f) => f.side === 'player');
  const yours = player?.name ? `your force, ${player.name}, is ${player.points} points of your budget of ${player.budget}` : `your budget is ${player?.budget ?? 0} points`;
  return `**Points in solo.** The enemy's strength comes from the solo dice, not from the game mode's points: it bought ${enemy?.points ?? 0} points from its bags of counters, the mode's ${enemy?.budget ?? 0} being only the most it may spend. The mode's points are your budget: ${yours}.`;
}

/**
 * The numbers of the enemy's markers on the map, by roster line: the units set up on the table
 * (in a sector) are numbered 1, 2, 3 in roster order; the others (a plane off the table) have none.
 */
export function enemyMarkers(units: ScenarioResult['forces'][number]['units']): (string | undefined)[] {
  let n = 0;
  return units.map((u) => (SECTORS.includes(u.sector as Sector) ? String(++n) : undefined));
}

const SECTORS: readonly Sector[] = ['left', 'middle', 'right'];
const EDGES: readonly string[] = ['north', 'east', 'south', 'west'];

/**
 * The edge a solo enemy's sectors are read from. The solo chapter (Placing the enemy forces on
 * the board) places each enemy unit in the left flank, middle or right flank of its deployment
 * zone without saying how wide each is: muster takes thirds of the table, as the enemy faces
 * you from its edge. In the pocket modes the enemy has no one edge: muster reads its sectors
 * facing the escape corridor (Avoid the pocket), or facing north (Surrounded).
 */
function soloSectorEdge(result: ScenarioResult): Edge {
  const enemyEdge = result.deployment['enemy'];
  if (enemyEdge && EDGES.includes(enemyEdge)) return enemyEdge as Edge;
  return result.corridor ? OPPOSITE[result.corridor] : 'south';
}

/** The map of a Burst of Fire packet: zones, objectives, road, corridor, sectors and the solo enemy's numbered units. */
export function mapDiagram(result: ScenarioResult, units: Units, paper?: Paper): DrawingNode {
  const dist = (cm: number, inches: number) => (units === 'cm' ? `${cm} cm` : `${inches} in`);
  const inchesOf = (cm: number) => Math.round(cm / 2.5);
  const name = (side: string) => result.names?.[side] ?? SIDE_NAMES[side] ?? side;
  const role = (side: string) => (side === result.attacker ? ' (attacker)' : side === result.defender ? ' (defender)' : '');
  const zoneText = (side: string): string => {
    const where = result.deployment[side];
    if (where === 'middle') return `${name(side)}${role(side)}: starts in the middle`;
    if (where === 'edges') return `${name(side)}${role(side)}: sets up along these edges`;
    const zone = result.zones.find((z) => z.side === side);
    const depth = zone ? Math.round(where === 'north' || where === 'south' ? zone.h : zone.w) : 50;
    return `${name(side)}${role(side)}: infantry within ${dist(depth, inchesOf(depth))} of the ${where} edge; vehicles start on it`;
  };
  const sides: MapInput['sides'] = Object.fromEntries(
    result.sides.map((side) => [side, { name: name(side), zone: zoneText(side), ...(side === 'enemy' ? { markers: 'Enemy units, numbered as in the enemy roster' } : {}) }]),
  );

  // sectors: where the rules place or score by sector (Probing; the solo enemy's placement)
  const solo = result.mode === 'solo';
  const probing = result.scenario.id === 'probing';
  let sectors: MapInput['sectors'];
  let placed: MapInput['placed'];
  const label = { left: 'left flank', middle: 'middle', right: 'right flank' } as const;
  const namesFrom = (edge: Edge, who: string, side: string) => {
    const strips = sectorStrips(edge, result.table);
    const order = [...SECTORS].sort((p, q) => strips[p].x + strips[p].y - (strips[q].x + strips[q].y));
    return { edge, side, names: order.map((sector) => `${who} ${label[sector]}`) as [string, string, string] };
  };
  if (solo) {
    const edge = soloSectorEdge(result);
    const playerEdge = result.deployment['player'];
    sectors = {
      across: edge === 'north' || edge === 'south' ? 'x' : 'y',
      names: [
        namesFrom(edge, 'Enemy', 'enemy'),
        ...(probing && playerEdge && EDGES.includes(playerEdge) ? [namesFrom(playerEdge as Edge, 'Your', 'player')] : []),
      ],
      text: probing
        ? "Sector lines: the table in thirds. The enemy's units are placed and act by sector; clear one sector of the enemy to win"
        : "Sector lines: the enemy's left flank, middle and right flank as it faces you; its units are placed and act by sector",
    };
    const enemy = result.forces.find((f) => f.side === 'enemy');
    if (enemy) {
      const strips = sectorStrips(edge, result.table);
      const zones = result.zones.filter((z) => z.side === 'enemy');
      const regions = Object.fromEntries(SECTORS.map((sector) => [sector, zones.flatMap((z) => intersect(z, strips[sector]) ?? [])]));
      const numbers = enemyMarkers(enemy.units);
      placed = { side: 'enemy', regions, units: enemy.units.flatMap((u, i) => (numbers[i] ? [{ label: numbers[i]!, sector: u.sector! }] : [])) };
    }
  } else if (probing) {
    const a = result.deployment['a'] as Edge;
    sectors = {
      across: a === 'north' || a === 'south' ? 'x' : 'y',
      names: result.sides.flatMap((side) => (EDGES.includes(result.deployment[side] ?? '') ? [namesFrom(result.deployment[side] as Edge, `${name(side)}:`, side)] : [])),
      text: 'Sector lines: the table in thirds, each side\u2019s left flank, middle and right flank as it faces the other; clear one of the enemy to win',
    };
  }

  const structures = result.objectives.some((o) => o.kind === 'structure');
  return drawMap({
    table: result.table,
    zones: result.zones,
    objectives: result.objectives.map((o) => ({ x: o.x, y: o.y, radius: o.kind === 'structure' ? 0 : o.radius })),
    objectiveText: structures
      ? 'Vital structure (a bridge, a crossroads, a building)'
      : `Objective; held by the side with more men within the dashed circle, ${dist(10, 4)}`,
    road: result.road,
    roadText: `The supply road; the box: the ground within ${dist(15, 6)} of it that the attacker must clear`,
    corridor: result.corridor,
    corridorText: result.corridor ? `Escape corridor: the whole ${result.corridor} edge` : undefined,
    sides,
    sectors,
    placed,
    gridText: dist(10, 4),
    caption: `Table ${units === 'cm' ? `${result.table.width} x ${result.table.height} cm` : `${inchesOf(result.table.width)} x ${inchesOf(result.table.height)} in`}, drawn to scale, north at the top.`,
    paper,
    units,
  });
}
