import { dataCardNode } from '../../doc/build-data-cards.js';
import { cardForModels, deckOfSide, groupSameModels } from '../../doc/model-cards.js';
import { cardsCountWords, cardsSince, type CardsSince } from '../../doc/cards-since.js';
import { formatLength } from '../../doc/helpers.js';
import { drawMap, MAP_COLOURS, MAP_SIDE_LOOKS } from '../../doc/map-diagram.js';
import { markDataReading, markReading, type Block, type CardPrint, type DeckNode, type DocumentNode, type DrawingNode, type Paper, type SheetNode, type TableBlock, type Units } from '../../doc/model.js';
import { documentMeta } from '../../doc/document-meta.js';
import { checkBlock, rollsSheet, textTable } from '../../doc/packet.js';
import { renderProse } from '../../doc/templates.js';
import { terrainPutOut, type MapTerrain } from '../../doc/terrain-map.js';
import { mapTerrain } from '../scenario-terrain.js';
import { budgetWords, type BudgetFit } from '../budget-fit.js';
import { SIDE_NAMES, type RolledBattle, type Side } from './battle.js';
import type { SidePoints } from './battle-budget.js';
import type { FireTeamData } from './data.js';
import { checkForce, formatPoints, VETERAN_CREW_READING, type FtRoster } from './force.js';
import type { FtForce } from './schema.js';
import { possessive } from '../../doc/possessive.js';

export interface PrintOptions {
  units: Units;
  paper: Paper;
  toolVersion: string;
  print: CardPrint;
}

/** A rule distance the text gives in inches, in the sheet's units (2.5 cm to the inch, as the data). */
function dist(inches: number, units: Units): string {
  return formatLength(units === 'cm' ? inches * 2.5 : inches, units);
}

/** A place on the table, measured in inches by the engine, in the sheet's units. */
function place(inches: number, units: Units): string {
  return units === 'cm' ? `${Math.round(inches * 2.54)} cm` : `${inches} in`;
}

/** "Squad FT1: LMG and 2 crew", "50 mm long AT gun and 4 crew" (no "AT battery:" again), "KV-1 (Heavy tank)". */
function teamName(title: string, made: string | undefined, vehicle: string | undefined): string {
  if (vehicle) return `${title} (${vehicle})`;
  const short = title.includes(': ') ? title.slice(title.indexOf(': ') + 2) : title;
  if (!made) return short;
  return made.toLowerCase().includes(short.toLowerCase()) ? made : `${short}: ${made}`;
}

/** a value muster chose where the text leaves it open carries the one mark (docs/design.md, Readings) */
const marked = (text: string, reading: string | undefined) => (reading ? markDataReading(text, reading) : text);

const pointsWord = (n: number) => `${formatPoints(n)} ${n === 1 ? 'point' : 'points'}`;

/** The roster: each part of the force with its teams, their quality, weapons and points. */
export function rosterTable(roster: FtRoster, data: FireTeamData, units: Units, id: string, title: string): TableBlock {
  const prose = (text: string, origin: string) => renderProse(text, { units }, origin);
  const rows: string[][] = [];
  for (const part of roster.parts) {
    part.teams.forEach((team, t) => {
      const card = team.card;
      const made = card.lines.find((l) => l.label === 'Team')?.text;
      const weapons = card.lines.find((l) => l.label === 'Weapons');
      const troops = team.quality ? data.troops[team.quality] : undefined;
      const move = card.stats.find((s) => s.label === 'move')?.value ?? '—';
      rows.push([
        t === 0 ? part.name : '',
        teamName(card.title, made ? prose(made, `cards ${card.id} team`) : undefined, team.quality === null ? card.subtitle : undefined),
        troops ? troops.name : team.veteranCrew ? markReading('Veteran crew', 'fireteam/veteran-tank-crews') : 'vehicle',
        troops ? String(troops.pins) : '—',
        troops ? troops.expertise : team.veteranCrew ? data.troops.veteran.expertise : '—',
        troops ? troops.move : move,
        weapons ? marked(prose(weapons.text, `cards ${card.id} weapons`), weapons.reading) : '—',
        t === 0 ? formatPoints(part.points) : '',
      ]);
    });
  }
  const teams = roster.parts.reduce((n, p) => n + p.teams.length, 0);
  rows.push(['Total', `${teams} ${teams === 1 ? 'team' : 'teams'}`, '', '', '', '', '', formatPoints(roster.points)]);
  const moveNote = units === 'cm' ? 'roll the dice, keep the best 3 and move that many inches, 2.5 cm each' : 'roll the dice, keep the best 3 and move that many inches';
  return {
    ...textTable(id, title, 'Army and Vehicle Lists', ['Part', 'Team', 'Quality', 'Pins', 'Expertise', 'Move', 'Weapons', 'Points'], rows, 'full',
      `Pins: hits a team takes as pins before the rest are kills. Move: ${moveNote}; vehicles keep every die. Core ${formatPoints(roster.core)} and reinforcements ${formatPoints(roster.reinforcements)} points.`),
    note: `Expertise is read as a D6 roll; the text names no die.${roster.parts.some((p) => p.teams.some((t) => t.veteranCrew)) ? ` ${VETERAN_CREW_READING}` : ''}${roster.list?.note ? ` ${roster.list.note}` : ''}`,
  };
}

/**
 * A card for the teams of a force, in its list's colour: the same team in several parts (the
 * first fire team of each squad) shares a card with a box for each, captioned with its part;
 * with `eachModel` every team has its own. `footer` says whose (a side in a packet).
 */
export function forceDeck(roster: FtRoster, data: FireTeamData, units: Units, print: CardPrint, title: string, footer?: string): DeckNode {
  const list = roster.list!;
  const teams = roster.parts.flatMap((part, p) => part.teams.map((team, t) => ({ part, team, id: `${team.card.id}-${p + 1}-${t + 1}` })));
  const groups = groupSameModels(teams, ({ team }) => JSON.stringify([team.card.id, team.quality]), ({ part }) => part.name, print.eachModel, 'places');
  const cards = groups.map(({ models, labels }) => {
    const { part, team, id } = models[0]!;
    // a card for teams of several parts names none of them at its foot: its boxes do
    const partName = models.every((m) => m.part === part) ? part.name : undefined;
    const card = dataCardNode(team.card, {
      system: data.system.info.id,
      id,
      colour: list.colour,
      footerRight: footer ?? (partName !== undefined && partName.length <= 16 ? partName : part.reinforcement && part.vehicle && partName !== undefined ? data.cards.get(part.vehicle)!.card.title : list.name),
      back: { title: data.system.info.name.toUpperCase(), subtitle: footer ? `${footer} · ${list.name}` : list.name, accent: list.colour, icon: team.quality === null ? 'tank' : 'helmet' },
      units,
    });
    return cardForModels(card, labels, 'places');
  });
  return { title, cards, print };
}

/** `muster cards fireteam --force FILE`: the roster with its check, and a card for each team. */
export function forceDocument(roster: FtRoster, data: FireTeamData, options: PrintOptions): DocumentNode {
  const info = data.system.info;
  const { force } = roster;
  const blocks: Block[] = [
    rosterTable(roster, data, options.units, 'roster', `${force.name}: ${formatPoints(roster.points)} of ${formatPoints(force.points.core + force.points.reinforcements)} points`),
    checkBlock(
      roster.problems,
      'Army and Vehicle Lists',
      'The force keeps to its army list: platoons of the sizes it allows, reinforcements picked from its own list at their points, within its core and reinforcement points.',
    ),
  ];
  if (roster.list) {
    const list = roster.list;
    blocks.push({
      kind: 'text',
      title: `${list.name}: the list`,
      section: 'Army and Vehicle Lists',
      width: 'column',
      paragraphs: [
        `**Quality.** ${data.troops[list.quality].name}, unless a pick says otherwise.`,
        list.reinforcements.length === 0
          ? '**Reinforcements.** The text gives this list none.'
          : `**Reinforcements.** ${list.reinforcements.map((p) => `${p.name} (${p.points === null ? 'no points given' : pointsWord(p.points)})`).join('; ')}.`,
      ],
    });
  }
  return {
    meta: documentMeta(info, `${force.name}: roster and fire-team cards`, options),
    sheets: [{ title: `Roster: ${force.name}`, blocks }],
    decks: roster.list ? [forceDeck(roster, data, options.units, options.print, `${force.name}: fire-team cards`)] : [],
  };
}

/**
 * A campaign turn after the first: each side's forces as the last turn's packets fielded them,
 * and that turn in words ("turn 2"). Each side's deck then holds only the cards new or changed
 * since; absent, every card.
 */
export interface FieldedBefore {
  since: string;
  forces: Readonly<Record<Side, readonly FtForce[]>>;
}

/** The printed battle: briefing and patrol phase, map, forces, every roll, and the cards. */
export function battlePacket(rolled: RolledBattle, data: FireTeamData, colours: Record<string, string>, options: PrintOptions, before?: FieldedBefore): DocumentNode {
  const { result, rosters, places, battle } = rolled;
  const { units } = options;
  const info = data.system.info;
  const terrain = mapTerrain(data.system, result, result.table, { units, inch: 2.5 });
  const patrolRules = data.patrol;
  const deploy = data.deploy;
  const listName = (side: 'a' | 'b') => rosters[side].list!.name;
  const side = (s: 'a' | 'b') => `${SIDE_NAMES[s]} (${listName(s)})`;
  // side B's backs hatched as well as named: the decks part in black and white
  const deckOf = (roster: FtRoster, s: Side) => deckOfSide(forceDeck(roster, data, units, options.print, `${side(s)}: fire-team cards`, SIDE_NAMES[s]), { name: SIDE_NAMES[s], look: MAP_SIDE_LOOKS[s] });
  const cards = {} as Record<Side, CardsSince>;
  for (const s of ['a', 'b'] as const) {
    const all = deckOf(rosters[s], s);
    cards[s] = before ? cardsSince(all, before.forces[s].map((f) => deckOf(checkForce(f, data), s))) : { deck: all, printed: all.cards.length, kept: 0 };
  }
  const attacker = SIDE_NAMES[result.attacker];
  const tableSize =
    units === 'cm' ? `${result.table.width} x ${result.table.height} cm` : `${Math.round(result.table.width / 2.54)} x ${Math.round(result.table.height / 2.54)} in`;
  // a side that brought more platoons has more markers (Patrol Phase)
  const markers = { a: result.patrol.a.length, b: result.patrol.b.length };
  const markerCount = markers.a === markers.b ? `${markers.a} a side` : `${SIDE_NAMES.a} ${markers.a}, ${SIDE_NAMES.b} ${markers.b}`;
  const force = (s: 'a' | 'b') => result.forces.find((f) => f.side === s)!;
  const budget = (s: 'a' | 'b') => {
    const f = force(s);
    const reinforcements = `reinforcements ${formatPoints(f.reinforcements.budget)}`;
    // a player's own force brings the reinforcements its file allocates, within the battle's bounds
    return `${SIDE_NAMES[s]}: core ${formatPoints(f.core.budget)}, ${f.name !== undefined ? markReading(reinforcements, 'fireteam/own-force-reinforcements') : reinforcements}`;
  };
  // the text gives 3 or 4 JOPs a side; the count each side gets is muster's
  const jops = markReading(`${SIDE_NAMES.a} ${result.jops.a}, ${SIDE_NAMES.b} ${result.jops.b}`, 'fireteam/set-up');
  const how =
    battle.attacker === 'throw'
      ? `${attacker} won the throw for the attack (the appendix has the dice)`
      : rolled.square
        ? `${attacker} attacks: it is ${possessive(attacker)} assault this campaign turn`
        : `${attacker} attacks: this battle gives the attack to the first side`;

  // the patrol phase starts a stand-alone battle; a campaign square sets the ground instead
  const patrolBlocks: Block[] = [
    {
      kind: 'text',
      title: 'Patrol phase',
      section: patrolRules.section,
      width: 'column',
      paragraphs: [
        `**Markers.** ${markers.a === markers.b ? `Each side has ${markers.a} patrol markers` : `${SIDE_NAMES.a} has ${markers.a} patrol markers and ${SIDE_NAMES.b} ${markers.b}`}: ${patrolRules.markers}, and ${patrolRules.perExtraPlatoon} more for each platoon after its first. Set them on the numbered points of the map, measured as the table below gives them.`,
        `**Moving.** The sides take turns to move their markers, the attacker first. A side's markers keep within ${dist(patrolRules.together, units)} of one another: ${markReading('each within that of another of its own', 'fireteam/set-up')}. The text gives no distance for a move, so agree one before you start.`,
        `**Locking.** A marker that comes within ${dist(patrolRules.lock, units)} of an enemy marker locks, and the enemy marker with it; locked markers move no more.`,
      ],
    },
    textTable(
      'patrol-start',
      markReading('Patrol markers: starting points', 'fireteam/set-up'),
      patrolRules.section,
      ['Side', 'Marker', 'From the corner on its left', 'In from its own edge'],
      (['a', 'b'] as const).flatMap((s) => places[s].map((m, i) => [SIDE_NAMES[s], String(i + 1), place(m.along, units), place(m.depth, units)])),
      'column',
      'Each side measures from its own table edge, facing the enemy.',
    ),
    {
      kind: 'text',
      title: 'Jump-off points',
      section: patrolRules.section,
      width: 'column',
      paragraphs: [
        `Once every marker is locked, the sides take turns to place jump-off points (JOPs): ${jops}.`,
        `Each JOP goes within ${dist(patrolRules.jopRange, units)} of one of its side's patrol markers; in cover, out of sight or on a table edge; and behind the line joining the enemy's patrol markers.`,
      ],
    },
  ];

  const briefing: Block[] = [
    {
      kind: 'text',
      title: 'Briefing',
      section: battle.section,
      width: 'column',
      paragraphs: [
        // a one-off battle's set-up is muster's own: the text gives its campaign's two kinds of battle, not how to stage one
        rolled.square ? campaignBrief(rolled, battle.name, attacker) : `**${battle.name}.** ${markReading(battle.brief, 'fireteam/battle-edges')}`,
        `${side('a')} against ${side('b')}. ${how}, so it acts and moves first each turn; ${SIDE_NAMES[result.defender]} defends.`,
        `Seed **${result.seed}**: the same seed rolls this very packet again.`,
        // one short paragraph: a longer briefing would push the terrain to put out off its page
        ...(before ? [`**Cards since ${before.since}.** ${(['a', 'b'] as const).map((s) => `${SIDE_NAMES[s]}: ${cardsCountWords(cards[s])}.`).join(' ')}`] : []),
        rolled.square
          ? `**To win.** ${result.battle === 'encounter' ? (rolled.square.ground ? `${markReading('The winner takes the square it went for', 'fireteam/encounter-winner-square')} (the text does not say which of the two); a draw takes nothing.` : 'The winner takes the square; a draw takes nothing.') : `${attacker} takes ${rolled.square.name} only by winning; anything else and the assault has failed.`} Agree before play what winning means on this ground.`
          : '**To win.** The rules leave victory to the players: agree before play what the attacker must take or hold. In the campaign, an attacker that does not win fails to take the ground.',
      ],
    },
    textTable('setup', 'Setup', 'Battles and Scenarios', ['Item', 'Set or rolled'], [
      ['Battle', battle.name],
      ['Table', tableSize],
      // a list the dice drew and the edges are muster's: the text says neither how a one-off battle's sides are chosen nor where they come on
      ...(['a', 'b'] as const).map((s) => [SIDE_NAMES[s], `${rolled.drawnLists[s] ? `${listName(s)} (${markReading('drawn', 'fireteam/battle-edges')})` : listName(s)}, ${markReading(`from the ${result.deployment[s]} edge`, 'fireteam/battle-edges')}`]),
      ['Attacker, moves first', attacker],
      ['Players', `${result.players}, one platoon each`],
      ['Points', markReading(`${budget('a')}; ${budget('b')}`, 'fireteam/set-up')],
      ...(['a', 'b'] as const).flatMap((s) => {
        const brought = rolled.budgets[s];
        return brought ? [[`${possessive(SIDE_NAMES[s])} force`, `${force(s).name}: ${spentWords(brought.points, brought.fit)}`]] : [];
      }),
      rolled.square ? ['Ground', `${rolled.square.id}, ${rolled.square.name}`] : ['Patrol markers', markerCount],
      ['Jump-off points', jops],
    ], 'column'),
    ...(rolled.square ? campaignGround(rolled, units, terrain !== undefined) : patrolBlocks),
    {
      kind: 'text',
      title: 'Deployment',
      section: `${deploy.section}: Deploy`,
      width: 'column',
      paragraphs: [
        'Every unit starts off the table and comes on at a jump-off point (JOP) of its side or at a road entrance.',
        `Troops coming on by a JOP may be set within ${dist(deploy.jopRadius, units)} of it and may not fire in the turn they arrive. No more than ${deploy.perJopPerTurn} units come on by the same JOP in a turn.`,
        'Vehicles come on only by a road entrance: a road where it meets a table edge in their own half (the dashed line on the map divides the halves).',
      ],
    },
    {
      ...textTable(
        'turn-record',
        'Turn record',
        'Turn Sequence',
        ['Turn', `${SIDE_NAMES[result.attacker]} (moves first): units on`, `${SIDE_NAMES[result.defender]}: units on`, 'Losses', 'Notes'],
        Array.from({ length: 12 }, (_, i) => [String(i + 1), '', '', '', '']),
        'full',
        'Each turn: actions, firing, pinning and morale, movement, assaults. Firing is at the same time; actions and moves alternate, the attacker first.',
      ),
      form: true,
    },
  ];

  const forces: Block[] = (['a', 'b'] as const).flatMap((s) => {
    const f = force(s);
    const brought = rolled.budgets[s];
    const table = rosterTable(
      rosters[s],
      data,
      units,
      `force-${s}`,
      `${SIDE_NAMES[s]}: ${brought ? `${f.name} (${listName(s)})` : listName(s)}, ${formatPoints(f.points)} of ${formatPoints(f.budget)} points`,
    );
    const unspent = rosters[s].list!.reinforcements.length === 0 && f.reinforcements.budget > 0;
    const notes = [
      unspent ? `The text gives this list no reinforcements, so its ${pointsWord(f.reinforcements.budget)} go unspent.` : '',
      picksWords(rolled, s),
    ].filter((n) => n !== '');
    const roster = notes.length > 0 ? { ...table, summary: `${table.summary} ${notes.join(' ')}` } : table;
    if (!brought) return [roster];
    return [roster, checkBlock(
      [...rosters[s].problems, ...overBudget(brought.points, rolled.origins[s] === 'given', SIDE_NAMES[s])],
      'Army and Vehicle Lists',
      `The force keeps to its army list and to the battle's points: ${spentWords(brought.points, brought.fit)}.`,
    )];
  });

  return {
    meta: documentMeta(info, `${battle.name}: ${listName('a')} against ${listName('b')}`, { ...options, seed: result.seed }),
    sheets: [
      { title: `Battle: ${battle.name}`, blocks: briefing },
      // the pieces to put out follow the map that numbers them
      ...(terrain ? [{ title: 'Terrain to put out', blocks: [terrainPutOut(terrain, units, result.table, rolled.square ? 'Forward, victory is near!: Battles' : 'Battles and Scenarios')] }] : []),
      { title: 'The forces', blocks: forces },
      rollsSheet(data.system, result.rolls, result.seed, 'Battles and Scenarios'),
    ],
    drawings: battleMap(rolled, colours, units, options.paper, terrain),
    drawingsTitle: `Map: ${battle.name}`,
    drawingsAfterSheet: 1,
    decks: (['a', 'b'] as const).flatMap((s) => (cards[s].printed === 0 ? [] : [before ? { ...cards[s].deck, title: `${cards[s].deck.title}, new or changed since ${before.since}` } : cards[s].deck])),
  };
}

/** A side's points in a battle, pool by pool, in a player's words: "core 4 of 4 and reinforcements 5 of 6: in all 9 of 10 points: 1 left to spend". */
function spentWords(points: SidePoints, fit: BudgetFit): string {
  const { core, reinforcements } = points;
  const pool = (name: string, p: { points: number; budget: number }) => `${name} ${formatPoints(p.points)} of ${formatPoints(p.budget)}`;
  const coreOver = core.points > core.budget;
  // one pool over is the fit's alone (battle-budget.ts): the other's spare points do not pay for it
  if (coreOver !== reinforcements.points > reinforcements.budget) {
    return coreOver ? `core ${budgetWords(fit)}; ${pool('reinforcements', reinforcements)} points` : `${pool('core', core)} points; reinforcements ${budgetWords(fit)}`;
  }
  return `${pool('core', core)} and ${pool('reinforcements', reinforcements)}: in all ${budgetWords(fit)}`;
}

/** A force brought over the battle's points, pool by pool, as its roster's check lists it (a campaign's force is checked against them already). */
function overBudget(points: SidePoints, checkedOwnPoints: boolean, side: string): { where: string; rule: string; message: string }[] {
  if (!checkedOwnPoints) return [];
  const over: { where: string; rule: string; message: string }[] = [];
  const { core, reinforcements } = points;
  if (core.points > core.budget) {
    over.push({ where: 'battle', rule: 'core points', message: `the platoons cost ${formatPoints(core.points)} points, over the battle's ${formatPoints(core.budget)} core points for ${side}: drop ${pointsWord(core.points - core.budget)}` });
  }
  if (reinforcements.points > reinforcements.budget) {
    over.push({
      where: 'battle',
      rule: 'reinforcement points',
      message: `the reinforcements cost ${formatPoints(reinforcements.points)} points, over the battle's ${formatPoints(reinforcements.budget)} reinforcement points for ${side}: drop ${pointsWord(reinforcements.points - reinforcements.budget)}`,
    });
  }
  return over;
}

/** Where a brought force's picks came from in a campaign battle: its file's list, in order, or the dice where the file lists none. */
function picksWords(rolled: RolledBattle, s: Side): string {
  const budget = pointsWord(rolled.result.forces.find((f) => f.side === s)!.reinforcements.budget);
  // a list the text gives no picks says so already
  if (rolled.rosters[s].list!.reinforcements.length === 0) return '';
  if (rolled.origins[s] === 'rolled-picks') return `Its force lists no reinforcements, so its ${budget} of them were rolled.`;
  if (rolled.origins[s] !== 'file-picks') return '';
  const passed = rolled.budgets[s]?.passed ?? [];
  return `Reinforcements from its force's own list, in order, while they fit this battle's ${budget}${passed.length > 0 ? `; left out: ${passed.join(', ')}` : ''}.`;
}

/** What a campaign battle is about: one square, or two side by side and the one fought on. */
function campaignBrief(rolled: RolledBattle, name: string, attacker: string): string {
  const { result } = rolled;
  const square = rolled.square!;
  const at = `**${name}** for square ${square.id}, ${square.name}`;
  if (result.battle !== 'encounter') return `${at}: ${attacker} goes for ground ${SIDE_NAMES[result.defender]} holds or covers.`;
  const ground = square.ground;
  if (!ground) return `${at}: both sides went for the same ground and meet on it.`;
  return (
    `**${name}** over two squares: ${SIDE_NAMES.a} went for ${ground.squares.a} and ${SIDE_NAMES.b} for ${ground.squares.b}, squares side by side, so the two assaults meet. ` +
    `It is fought on ${square.id}, ${square.name}, the square of ${SIDE_NAMES[ground.side]}${ground.rolls.length > 0 ? ', which rolled higher (the dice open the rolls appendix)' : ''}. ` +
    markReading('The text does not say which square such an encounter is fought on; this one is the roll-off’s.', 'fireteam/campaign-assaults')
  );
}


/**
 * The road legend's line says which roads run from one side's edge to the other's: where one
 * meets a side's own edge is that side's road entrance. Muster lays the first of them on every
 * battle table, so each side has one: a reading.
 */
function withEntrances(terrain: MapTerrain, result: RolledBattle['result']): MapTerrain {
  const { width: W, height: H } = result.table;
  const northSouth = result.deployment.a === 'north' || result.deployment.a === 'south';
  const joins = (p: RolledBattle['result']['terrain'][number]) => {
    const ends = [p.points[0]!, p.points[p.points.length - 1]!];
    const at = northSouth ? ends.map(([, y]) => y) : ends.map(([x]) => x);
    return Math.min(...at) <= 0.01 && Math.max(...at) >= (northSouth ? H : W) - 0.01;
  };
  const across = result.terrain.filter((p) => p.look === 'road' && joins(p)).map((p) => p.id);
  if (across.length === 0) return terrain;
  const which = across.length === 1 ? `number ${across[0]} runs` : `numbers ${across.slice(0, -1).join(', ')} and ${across[across.length - 1]} run`;
  const words = markReading(`${which} from one side's edge to the other's, an entrance for each`, 'fireteam/battle-edges');
  return { ...terrain, types: terrain.types.map((t) => (t.look === 'road' ? { ...t, effect: `${t.effect}; ${words}` } : t)) };
}

/** A campaign battle's ground: the square's terrain, and its jump-off points set on the map (no patrol phase). */
function campaignGround(rolled: RolledBattle, units: Units, laid: boolean): Block[] {
  const square = rolled.square!;
  const { result, places } = rolled;
  const map = result.terrainMap;
  return [
    {
      kind: 'text',
      title: `The ground: ${square.name}`,
      section: 'Forward, victory is near!: Battles',
      width: 'column',
      paragraphs: [
        laid && map
          ? `**Square ${square.id}.** ${square.terrain} (${markReading("muster's campaign map", 'fireteam/campaign-map')}). The map lays it out: ${markReading(`muster reads the line as the ${map.name.toLowerCase()} map${square.map ? '' : ' (rolled for the square)'}${square.types ? ' with only the terrain the line names' : ''}`, 'fireteam/campaign-map')}. Every battle on this square has this same ground: its terrain dice are the square's, not the battle's.`
          : `**Square ${square.id}.** ${square.terrain} (${markReading("muster's campaign map", 'fireteam/campaign-map')}). Lay out the table to suit before the forces are set out.`,
        `**No patrol phase.** In the campaign the square sets the jump-off points: ${markReading(`${SIDE_NAMES.a} ${result.jops.a}, ${SIDE_NAMES.b} ${result.jops.b}`, 'fireteam/set-up')}, on the marked points of the map${result.battle === 'attack' ? '; the defender holds the ground, so its points are within its own half' : ''}. Move one a little into cover if the terrain asks for it.`,
      ],
    },
    textTable(
      'jop-points',
      markReading('Jump-off points', 'fireteam/set-up'),
      'Forward, victory is near!: Battles',
      ['Side', 'JOP', 'From the corner on its left', 'In from its own edge'],
      (['a', 'b'] as const).flatMap((s) => places[s].map((m, i) => [SIDE_NAMES[s], `J${i + 1}`, place(m.along, units), place(m.depth, units)])),
      'column',
      'Each side measures from its own table edge, facing the enemy.',
    ),
  ];
}

/** The table from above: the patrol zones, the markers' numbered starting points, the halves; on a narrow paper the legend apart. */
export function battleMap(rolled: RolledBattle, _colours: Record<string, string>, units: Units, paper?: Paper, terrain?: MapTerrain): DrawingNode[] {
  const { result, rosters } = rolled;
  const { width: W, height: H } = result.table;
  const ns = result.deployment.a === 'north' || result.deployment.a === 'south';
  const grid = units === 'cm' ? 10 : 6 * 2.54;
  const size = units === 'cm' ? `${W} x ${H} cm` : `${Math.round(W / 2.54)} x ${Math.round(H / 2.54)} in`;
  const side = (s: 'a' | 'b') => `${SIDE_NAMES[s]} (${rosters[s].list!.name})`;
  // the zones and markers take the map's side colours, the same in every rule set
  return drawMap({
    table: result.table,
    zones: result.zones,
    objectives: [],
    sides: Object.fromEntries(
      (['a', 'b'] as const).map((s) => [
        s,
        {
          name: side(s),
          zone: markReading(`${side(s)}: its markers start in this band`, 'fireteam/set-up'),
          markers: result.campaign ? `${markReading(`${possessive(SIDE_NAMES[s])} jump-off points`, 'fireteam/set-up')}, J1 and on as in the table` : `${possessive(SIDE_NAMES[s])} patrol markers, numbered as in the table`,
        },
      ]),
    ),
    markers: (['a', 'b'] as const).flatMap((s) =>
      result.campaign ? result.campaign.jopPoints[s].map((m, i) => ({ side: s, x: m.x, y: m.y, label: `J${i + 1}` })) : result.patrol[s].map((m, i) => ({ side: s, x: m.x, y: m.y, label: String(i + 1) })),
    ),
    dashed: [{ ...(ns ? { x1: 0, y1: H / 2, x2: W, y2: H / 2 } : { x1: W / 2, y1: 0, x2: W / 2, y2: H }), colour: MAP_COLOURS.halves, text: 'The line between the two halves' }],
    grid,
    gridText: units === 'cm' ? '10 cm' : '6 in',
    zoneLabels: false,
    edgeNames: (['a', 'b'] as const).map((s) => ({ edge: result.deployment[s], side: s })),
    caption: `Table ${size}, drawn to scale, north at the top.`,
    ...(terrain ? { terrain: withEntrances(terrain, result) } : {}),
    paper,
    units,
  });
}
