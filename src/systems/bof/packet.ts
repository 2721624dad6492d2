import { markReading, type Block, type CardPrint, type DeckNode, type DocumentNode, type DrawingNode, type SheetNode, type TextBlock, type Units, type Paper } from '../../doc/model.js';
import { mapTerrain, terrainTypeWords } from '../scenario-terrain.js';
import { terrainPutOut, type MapTerrain, type TerrainTypeWords } from '../../doc/terrain-map.js';
import { documentMeta } from '../../doc/document-meta.js';
import { rollsSheet, textTable, type ReadingRegister } from '../../doc/packet.js';
import { renderProse } from '../../doc/templates.js';
import type { Arsenal } from './arsenal.js';
import type { Aids } from './aids.js';
import { eventDeck } from './aids-builders.js';
import { forceDeck, rosterSheet, type CardContext } from './cards.js';
import { buildRoster, type Roster } from './force.js';
import type { GameMode } from './scenario-schema.js';
import { drawMap, intersect, MAP_SIDE_COLOURS, sectorStrips, sideLook, type MapInput, type Sector } from '../../doc/map-diagram.js';
import { deckOfSide } from '../../doc/model-cards.js';
import { cardsSince, cardsSinceWords } from '../../doc/cards-since.js';
import { OPPOSITE, readsAsArmour, readsAsInfantry, type Edge, type ScenarioContext, type ScenarioResult, type TeamPlayer } from './scenario.js';
import { budgetWords, isOver, type BudgetFit } from '../budget-fit.js';
import { modePoints, modesThatFit, shareRounded } from './game-budget.js';
import { bofManifest } from './manifest.js';

const SIDE_NAMES: Record<string, string> = { a: 'Side A', b: 'Side B', player: 'You', enemy: 'Enemy' };

const sideName = (side: string | null) => (side ? SIDE_NAMES[side] ?? side : 'none (even)');
const table = textTable;
/** "two-player", "four-player", "six-player": what the running header says a packet is for. */
const playerWords = (players: number | undefined) => `${({ 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six' } as Record<number, string>)[players ?? 2] ?? String(players)}-player`;
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
  /** a game of a campaign's ladder, which sets its mode: a force over its budget can only leave units out */
  ladder?: boolean;
  /** the players' own forces (--force), side A's first (solo: the player's), for their rosters and cards */
  rosters?: (Roster | undefined)[];
  /**
   * a campaign's game after the first: the forces as the last packet printed them, side by side
   * with `rosters`, and that game in words ("game 3"). A side's deck then holds only the cards
   * that changed since; absent (or --cards all), every card.
   */
  cardsSince?: { game: string; rosters: (Roster | undefined)[]; team?: Readonly<Record<'a' | 'b', readonly TeamPlayer[]>> };
  /** several players a side (a campaign of more than two): each side's players, with their own forces, for their rosters and cards */
  team?: Readonly<Record<'a' | 'b', readonly TeamPlayer[]>>;
  /** the points a side Combat only is played for (--points); the manifest's default when absent */
  chosen?: number;
  /** the rule set's terrain types, for the map's legend and the pieces to put out */
  terrainTypes?: readonly TerrainTypeWords[];
  /** the rule set's register of readings, for the roll log's sources */
  register: ReadingRegister;
}

/** The packet settings for a loaded scenario context and the print options asked for. */
export function packetContext(
  ctx: ScenarioContext,
  options: { units: Units; paper: Paper; toolVersion: string; print: CardPrint; points?: number },
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
    ...(options.points !== undefined ? { chosen: options.points } : {}),
    terrainTypes: terrainTypeWords(ctx.system),
    register: ctx.system,
  };
}

/** A force a player brought, as the packet prints it: its side, whose it is in a side of several, and the force as the last packet printed its cards. */
interface OwnForce {
  roster: Roster;
  side: string;
  player?: string;
  /** what the packet's maps and decks know it by: its side, or its side and player */
  key: string;
  before?: Roster;
}

/**
 * A side of several players: its players' cards in one deck, each card naming its player at
 * its foot and on its back, so a side's cards fill sheets together rather than a sheet each.
 */
function teamDecks(own: readonly OwnForce[], decks: ReadonlyMap<string, { deck: DeckNode[] }>, label: (side: string) => string, since: string | undefined): DeckNode[] {
  return (['a', 'b'] as const).flatMap((side) => {
    const of = own.filter((o) => o.side === side);
    const cards = of.flatMap((o) => decks.get(o.key)!.deck.flatMap((d) => d.cards));
    const first = of.flatMap((o) => decks.get(o.key)!.deck)[0];
    if (!first || cards.length === 0) return [];
    const players = of.filter((o) => decks.get(o.key)!.deck.length > 0).map((o) => o.player).join(', ');
    return [{ ...first, cards, title: `${label(side)}: unit cards of ${players}${since ? `, changed since ${since}` : ''}` }];
  });
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
  // a force the player brought shows its fit to the budget the game gives its side, in words
  const fitOf = (side: string, player?: string) => result.fits?.find((fit) => fit.side === side && fit.player === player);
  const uneven = result.forces.some((f) => f.players !== result.forces[0]!.players);
  const shareMark = (side: string, i: number) => {
    // sides of three against two, or two against one: each side's share is muster's
    if (uneven) return markReading('', 'bof/multiplayer-uneven-sides');
    const role = side === result.attacker ? 'attacker' : side === result.defender ? 'defender' : ((i === 0 ? 0 : 1) as 0 | 1);
    return result.players > 2 && shareRounded(modePoints(mode, role, chosenOf(ctx)), result.players) ? markReading('', 'bof/multiplayer-shares') : '';
  };
  // a player of a side of several, by his name: "Anna (Side A)"
  const playerLabel = (side: string, player: string) => `${player} (${sideName(side)})`;
  const points = result.forces
    .map((f, i) => {
      if (f.team) {
        return f.team
          .map((p) => {
            const fit = fitOf(f.side, p.player);
            return `${playerLabel(f.side, p.player)}${shareMark(f.side, i)} ${fit ? budgetWords(fit) : `${p.budget}`}`;
          })
          .join('; ');
      }
      const core = f.core !== undefined && f.additional !== undefined ? ` (core ${f.core} + ${markReading(`${f.additional} rolled`, 'bof/solo-setup')}${f.core + f.additional > f.budget ? `, cut to the mode's ${f.budget}` : ''})` : '';
      const fit = fitOf(f.side);
      if (fit) return `${label(f.side)}${f.players > 1 ? `, each of ${f.players} players${shareMark(f.side, i)},` : ''} ${budgetWords(fit)}${core}`;
      return `${label(f.side)} ${f.name ? `${f.points} of ` : ''}${f.budget}${shareMark(f.side, i)}${core}${f.players > 1 ? ` each (${f.players} players)` : ''}`;
    })
    // a fit's words hold a colon and a comma of their own
    .join(result.fits || result.forces.some((f) => f.team) ? '; ' : ', ');
  // a force over its budget: what the player can do about it, in his words
  const advice = (fit: BudgetFit) => overAdvice(fit, result, ctx);
  const cardSystem = { id: 'bof', name: ctx.systemName, rulesVersion: ctx.rulesVersion, scale: '', blurb: '', provenance: '', products: [], units: ctx.units };
  // each side's cards name it, and the second side's backs are hatched: the decks part when both field one nation
  const ofSide = (deck: DeckNode, side: string) => deckOfSide(deck, { name: side === 'player' ? 'Your force' : sideName(side), look: sideLook(side) });
  // the players' own forces, side A's first (solo: the player's); several players a side, each his own
  const ownSides = result.mode === 'solo' ? ['player'] : ['a', 'b'];
  const own: OwnForce[] = ctx.team
    ? (['a', 'b'] as const).flatMap((side) =>
        ctx.team![side].flatMap((p, j) => (p.roster ? [{ roster: p.roster, side, player: p.name, key: `${side}/${p.name}`, before: ctx.cardsSince?.team?.[side][j]?.roster }] : [])),
      )
    : (ctx.rosters ?? []).flatMap((roster, i) => (roster ? [{ roster, side: ownSides[i]!, key: ownSides[i]!, before: ctx.cardsSince?.rosters[i] }] : []));
  const ownDecks = new Map(own.map((o) => [o.key, forceCards(o)]));
  /** a side's (or a player's) unit cards: all of them, or in a campaign's later game those changed since the last */
  function forceCards({ roster, side, player, before }: OwnForce): { deck: DeckNode[]; words?: string } {
    // a player of a side of several: his name on his cards and their backs, his side's look
    const deckOf = (r: Roster) => (player ? deckOfSide(forceDeck(r, { arsenal: ctx.arsenal, units: ctx.units, system: cardSystem }, ctx.print), { name: player, look: sideLook(side) }) : ofSide(forceDeck(r, { arsenal: ctx.arsenal, units: ctx.units, system: cardSystem }, ctx.print), side));
    const title = `${side === 'player' ? 'Your' : `${player ? playerLabel(side, player) : label(side)}:`} unit cards, ${roster.force.name}`;
    if (!before) return { deck: [{ ...deckOf(roster), title }] };
    const since = ctx.cardsSince!.game;
    const changed = cardsSince(deckOf(roster), [deckOf(before)]);
    const words = cardsSinceWords(changed, since);
    return { deck: changed.printed === 0 ? [] : [{ ...changed.deck, title: `${title}, changed since ${since}` }], words };
  }
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
        ...result.forces.flatMap((f) =>
          (f.team ?? []).map((p) => {
            const fit = fitOf(f.side, p.player);
            const who = playerLabel(f.side, p.player);
            if (!fit || !p.name) return `${who} fields a force of his own making, within his ${p.budget} points.`;
            const over = isOver(fit) ? ` **Over budget.** ${advice(fit)}` : '';
            return `${who} brings ${p.name}: ${budgetWords(fit)}.${over} ${ownDecks.get(`${f.side}/${p.player}`)?.words ?? 'Its roster and unit cards are in this packet.'}`;
          }),
        ),
        ...result.forces.filter((f) => f.name && f.side !== 'player').map((f) => {
          const fit = fitOf(f.side);
          const cards = ownDecks.get(f.side)?.words;
          if (!fit) return `${label(f.side)} brings ${f.name}: ${f.points} points against the ${f.budget} this game gives it${cards ? `. ${cards}` : '; its roster and unit cards are in this packet.'}`;
          const over = isOver(fit) ? ` **Over budget.** ${advice(fit)}` : '';
          return `${label(f.side)} brings ${f.name}: ${budgetWords(fit)}.${over} ${cards ?? 'Its roster and unit cards are in this packet.'}`;
        }),
        ...(result.solo
          ? [
              `The enemy fights for the ${result.solo.enemySide} (${rolledNation(ctx, result.solo.enemyNation)}), doctrine ${rolledDoctrine(ctx, result.solo.doctrine)}; you play the ${result.solo.playerSide} (${player?.name ? ctx.arsenal.nations.get(result.solo.playerNation)?.name : rolledNation(ctx, result.solo.playerNation)}). Map: ${result.solo.map}.`,
              soloPointsNote(result, advice),
            ]
          : []),
      ],
    },
    table('setup', 'Setup', 'Game setup', ['Item', 'Rolled or set'], [
      // a mode the dice chose: the 1D9 is muster's (the text has the players choose)
      ['Game mode', result.rolls.some((r) => r.purpose === 'game mode') ? markReading(result.scenario.name, 'bof/table-set-up') : result.scenario.name],
      ['Attacker', sideName(result.attacker)],
      ['Deployment', deployment + (result.corridor ? `; escape corridor ${result.corridor}` : '')],
      ['Points', points],
      ['Combat Score limit', String(result.scoreLimit)],
      ['Turns', String(result.turns)],
      ['Force morale', morale],
      ...(result.mode === 'solo' ? [['Enemy strength', enemyStrength(result.forces.find((f) => f.side === 'enemy'))]] : []),
      ['Table', markReading(tableSize, 'bof/table-size')],
    ], 'column'),
    {
      kind: 'text',
      title: 'To win',
      section: mode.section,
      width: 'column',
      paragraphs: [
        result.attacker ? `**${sideName(result.attacker)} (attacker).** ${prose(mode.win.attacker)}` : `**Both sides.** ${prose(mode.win.attacker)}`,
        ...(result.attacker ? [`**${sideName(result.defender)} (defender).** ${prose(mode.win.defender)}`] : []),
        // where both conditions hold at once: muster's reading (avoid-the-pocket-draw, docs/readings.md)
        ...(mode.win.draw ? [markReading(`**Draw.** ${prose(mode.win.draw)}`, 'bof/avoid-the-pocket-draw')] : []),
        `Or push the Combat Score to ${result.scoreLimit}; after ${result.turns} turns the higher Combat Score wins.`,
        ...(mode.setup ? [`**Setup.** ${prose(mode.setup)}`] : []),
        // Combat only leaves the points to the players; muster's default is the text's recommended detachment
        ...(mode.points
          ? []
          : [
              `**Points.** ${mode.name} leaves them to the players (${mode.section}): ${chosenOf(ctx)} a side${ctx.chosen === undefined ? ', the size of a detachment the text recommends (Doctrines & Detachments)' : ', as chosen'}.`,
            ]),
        `Infantry and support weapons deploy within ${dist(50, 20)} of their edge; vehicles start on it.`,
        ...result.sides.flatMap((side) => {
          const shallow = shallowZone(result, side, ctx.units);
          return shallow ? [`${label(side)}: ${shallow}.`] : [];
        }),
      ],
    },
    ...(result.placement ? [beforeTurnOne(result.placement, label, dist)] : []),
    table(
      'events-drawn',
      'Random Event & Effect cards drawn',
      'Random Event & Effect Cards',
      ['Side', 'Card', 'Effect'],
      result.events.flatMap((e) =>
        e.cards.map((c) => {
          const card = ctx.aids.events.find((x) => x.id === c.id)!;
          const named = e.player !== undefined ? result.forces.find((f) => f.side === e.side)?.team?.[e.player - 1]?.player : undefined;
          return [named ? playerLabel(e.side, named) : `${label(e.side)}${e.player !== undefined ? `, player ${e.player}` : ''}`, c.title, renderProse(card.effect, { units: ctx.units }, `events ${c.id}`)];
        }),
      ),
      // in a column: under the shorter of the briefing's two columns, rather than below both
      'column',
      eventsSummary(result, label),
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
  // the pieces to put out close the briefing, before the map they are numbered on
  const terrain = mapTerrain({ id: 'bof', types: ctx.terrainTypes ?? [] }, result, result.table, { units: ctx.units, inch: 2.5 });
  if (terrain) briefing.push(terrainPutOut(terrain, ctx.units, result.table, 'Game setup', 2.5));
  const sheets: SheetNode[] = [{ title: `Scenario: ${result.scenario.name}`, blocks: briefing }];

  const enemy = result.forces.find((f) => f.side === 'enemy' && f.units.length > 0);
  if (enemy) {
    const buying = enemy.setup === 'buy';
    sheets.push({
      title: 'The enemy',
      blocks: [
        table(
          'enemy-roster',
          buying
            ? `Enemy core force: ${enemy.points} points; with its ${enemy.additional} additional points it fields up to ${enemy.budget}`
            : `Enemy force: ${enemy.points} points from the solo dice (at most ${enemy.budget})`,
          'Setting up the enemy forces',
          ['Map', 'Unit', 'No.', 'Quality', 'Weapons', 'Points', 'Sector', 'Note'],
          enemy.units.map((u) => [markerText(u.markers), u.name, String(u.count), u.quality, u.weapons.map((w) => ctx.arsenal.weapons.get(w)?.name ?? w).join(', ') || '—', String(u.points), u.sector ?? '', u.note ?? '']),
          'full',
          `Map: the numbers of the unit's markers on the map, one for each model, and of its cards. Sectors are left, middle and right as the enemy faces you, drawn on the map; ${markReading("each model's sector was rolled on its own D6", 'bof/solo-placement')}. ${markReading("Its core units stand at its detachment's lowest quality", 'bof/solo-setup')}. Its unit cards follow at the end of the packet.`,
        ),
        ...(buying
          ? [
              {
                ...table(
                  'enemy-bought',
                  `Bought for the enemy as you see fit: up to ${enemy.budget - enemy.points} points`,
                  'Setting up the enemy forces',
                  ['Unit', 'No.', 'Quality', 'Weapons', 'Points', 'Sector (D6 each)'],
                  Array.from({ length: 8 }, () => ['', '', '', '', '', '']),
                  'full',
                  'Spend its additional points from its doctrine list, then roll a D6 for each new model: 1-2 left flank, 3-4 middle, 5-6 right flank. Take its cards from the arsenal.',
                ),
                form: true,
              },
            ]
          : []),
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
              fitOf('player') ? `Your force: ${player.name}, ${budgetWords(fitOf('player')!)}` : `Your force: ${player.name}, ${player.points} points; your budget ${player.budget} points`,
              'Setting up your forces in solo play',
              ['Unit', 'No.', 'Quality', 'Weapons', 'Points'],
              player.units.map((u) => [u.name, String(u.count), u.quality, u.weapons.map((w) => ctx.arsenal.weapons.get(w)?.name ?? w).join(', ') || '—', String(u.points)]),
              'full',
              ownDecks.get('player')?.words?.replace(/^Its roster/, 'Your roster, with its checks,') ?? 'Your roster with its checks and your unit cards are in this packet.',
            )
          : {
              ...table(
                'your-force',
                `Your force: a budget of ${player?.budget ?? 0} points, your core ${player?.core ?? 0} + ${markReading(`${player?.additional ?? 0} additional points rolled`, 'bof/solo-setup')}${(player?.core ?? 0) + (player?.additional ?? 0) > (player?.budget ?? 0) ? ", cut to the mode's points" : ''}`,
                'Setting up your forces in solo play',
                ['Unit', 'No.', 'Quality', 'Weapons', 'Points'],
                [
                  ...(player?.units ?? []).map((u) => [u.name, String(u.count), u.quality, u.weapons.map((w) => ctx.arsenal.weapons.get(w)?.name ?? w).join(', ') || '—', String(u.points)]),
                  ...Array.from({ length: 8 }, () => ['', '', '', '', '']),
                ],
                'full',
                yourDetachment(result, ctx),
              ),
              form: true,
            },
      ],
    });
  }
  // the players' own forces: roster sheet (with its check) and a card per model, as `cards --force` prints them
  const rosterBlocks: Block[] = [];
  for (const [i, { roster, side, player }] of own.entries()) {
    const fit = fitOf(side, player);
    const game = fit ? { fit, advice: advice(fit), section: result.mode === 'solo' ? 'Setting up your forces in solo play' : mode.section } : undefined;
    const sheet = rosterSheet(roster, ctx.arsenal, ctx.units, game);
    if (!player) {
      sheets.push({ ...sheet, title: `Roster, ${side === 'player' ? 'your force' : label(side)}: ${roster.force.name}` });
      continue;
    }
    // a side of several players: every player's roster one after another, each named, not a page each
    rosterBlocks.push(...sheet.blocks.map((block) => (block.kind === 'table' ? { ...block, id: `${block.id}-${i + 1}`, title: `${playerLabel(side, player)}: ${block.title}` } : block)));
  }
  if (rosterBlocks.length > 0) sheets.push({ title: `Rosters: ${own.map((o) => o.player).join(', ')}`, blocks: rosterBlocks });
  sheets.push(rollsSheet(ctx.register, result.rolls, result.seed, 'Game setup'));

  const decks = ctx.team ? teamDecks(own, ownDecks, label, ctx.cardsSince?.game) : own.flatMap(({ key }) => ownDecks.get(key)!.deck);
  if (enemy && result.forces.find((f) => f.side === 'enemy')) {
    const models = enemy.units.flatMap((u) => (u.markers ? u.markers.map((n) => ({ u, label: `${u.name} ${n}` })) : Array.from({ length: u.count }, () => ({ u, label: u.name }))));
    const roster = buildRoster(
      {
        name: 'Enemy',
        nation: result.solo!.enemyNation,
        doctrine: result.solo!.doctrine,
        detachment: result.forces.find((f) => f.side === 'enemy')!.detachment!,
        points: enemy.budget,
        // a card for each model, named with its map marker's number
        units: models.map(({ u, label }) => ({ unit: u.unit, count: 1, quality: u.quality, weapons: [], label })),
      },
      ctx.arsenal,
    );
    const cardCtx: CardContext = { arsenal: ctx.arsenal, units: ctx.units, system: cardSystem };
    // the cards show what each enemy soldier actually carries
    roster.lines.forEach((line, i) => (line.weapons = models[i]!.u.weapons));
    decks.push({ ...ofSide(forceDeck(roster, cardCtx, ctx.print), 'enemy'), title: 'Enemy unit cards' });
  }
  const drawn = new Set(result.events.flatMap((e) => e.cards.map((c) => c.id)));
  const events = eventDeck({ ...ctx.aids, events: ctx.aids.events.filter((e) => drawn.has(e.id)) }, ctx.units, ctx.print, ctx.systemName);
  decks.push({ ...events, title: 'Event cards drawn' });

  return {
    meta: documentMeta(
      { id: result.system, name: ctx.systemName, rulesVersion: ctx.rulesVersion },
      `${result.scenario.name} (${result.mode === 'solo' ? 'solo' : `${playerWords(result.players)}`})`,
      { toolVersion: ctx.toolVersion, seed: result.seed, paper: ctx.paper, units: ctx.units },
    ),
    sheets,
    drawings: mapDiagram(result, ctx.units, ctx.paper, terrain),
    drawingsTitle: `Map: ${result.scenario.name}`,
    drawingsAfterSheet: 1,
    decks,
  };
}

/**
 * Where each side's points come from in solo: the player's core force and his rolled additional
 * points (Setting up your forces in solo play); the enemy's bags, or its core and rolled points
 * for the player to spend. The mode's points only cap either side.
 */
function soloPointsNote(result: ScenarioResult, advice: (fit: BudgetFit) => string): string {
  const enemy = result.forces.find((f) => f.side === 'enemy');
  const player = result.forces.find((f) => f.side === 'player');
  const capped = (f: typeof player) => (f && f.core !== undefined && f.additional !== undefined && f.core + f.additional > f.budget ? `, cut to the game mode's ${f.budget}` : '');
  const fit = result.fits?.find((f) => f.side === 'player');
  const brought = !player?.name ? '.' : fit ? `; your force, ${player.name}, is ${budgetWords(fit)}.${isOver(fit) ? ` **Over budget.** ${advice(fit)}` : ''}` : `; your force, ${player.name}, is ${player.points}.`;
  const yours = `Your budget is your core force's ${player?.core ?? 0} points plus the ${markReading(`${player?.additional ?? 0} additional points you rolled on the enemy's bag dice together`, 'bof/solo-setup')}: ${player?.budget ?? 0}${capped(player)}${brought}`;
  const theirs =
    enemy?.setup === 'buy'
      ? `The enemy's core is ${enemy.core} points, ${markReading('at its lowest quality', 'bof/solo-setup')}, and it rolled ${markReading(`${enemy.additional} more on its bag dice together`, 'bof/solo-setup')}: buy its units as you see fit, up to ${enemy.budget}${capped(enemy)}.`
      : `The enemy bought ${enemy?.points ?? 0} points from its bags of counters by the solo dice, ${markReading('each bag drawn until nothing left in it fits, a counter that does not fit set aside', 'bof/solo-bag-end')}, the mode's ${enemy?.budget ?? 0} being the most it may spend.`;
  return `**Points in solo.** ${yours} ${theirs}`;
}

/** The points Combat only is played for: those asked for, else muster's default. */
const chosenOf = (ctx: PacketContext) => ctx.chosen ?? bofManifest.scenario!.points!.default!;

/**
 * What a player can do with a force over its budget, in his words: leave units out, or (versus)
 * play a game mode it fits whichever side attacks. In solo the enemy's strength comes from its
 * own dice whatever the player brings, so only the force can change.
 */
function overAdvice(fit: BudgetFit, result: ScenarioResult, ctx: PacketContext): string {
  const drop = `Leave out ${-fit.left} points of units before the game`;
  if (result.mode === 'solo') return `${drop}: the enemy is set up by its own dice, whatever you bring.`;
  // the campaign ladder sets the game: no other mode to suggest (General Campaign Ladder)
  if (ctx.ladder) return `${drop}: the campaign ladder sets this game, and the campaign keeps the whole force.`;
  const fits = modesThatFit(ctx.modes, fit.points, result.players, chosenOf(ctx)).map(({ mode, choose }) => (choose !== undefined ? `${mode.name} at ${choose} points a side` : mode.name));
  return fits.length > 0 ? `${drop}, or play a game mode it fits whichever side attacks: ${fits.join(', ')}.` : `${drop}.`;
}

/** A roster line's marker numbers as printed: "4", "4-6", or a dash for a unit off the table. */
function markerText(markers: readonly number[] | undefined): string {
  if (!markers || markers.length === 0) return '—';
  return markers.length === 1 ? String(markers[0]) : `${markers[0]}-${markers[markers.length - 1]}`;
}

/** The enemy's strength in the setup table: bought from its bags, or its core and what the player buys for it. */
function enemyStrength(enemy: ScenarioResult['forces'][number] | undefined): string {
  if (!enemy) return '';
  if (enemy.setup === 'buy') return `core ${enemy.core} points + ${enemy.additional} additional points rolled, bought by you as you see fit; up to ${enemy.budget}`;
  return `${enemy.points} points, bought by the solo dice`;
}

/** A doctrine's name; one that draws as armour without being armour says so, marked as muster's reading. */
function doctrineName(doctrine: { name: string; kind: Parameters<typeof readsAsArmour>[0]['kind'] } | undefined): string {
  if (!doctrine) return '';
  if (readsAsArmour(doctrine)) return `${doctrine.name} (${markReading('rolled for as armour', 'bof/mobile-reconnaissance-solo')})`;
  return readsAsInfantry(doctrine) ? `${doctrine.name} (${markReading('rolled for as infantry', 'bof/solo-nations-and-doctrines')})` : doctrine.name;
}

/** A rolled Allied nation's name, marked: the split of the Allied nations is muster's (Play random sides & scenarios). */
function rolledNation(ctx: PacketContext, id: string): string {
  const name = ctx.arsenal.nations.get(id)?.name ?? id;
  return ctx.arsenal.nations.get(id)?.side === 'allies' ? markReading(name, 'bof/solo-nations-and-doctrines') : name;
}

/** A rolled doctrine's name, marked where its nation's doctrine roll is muster's rather than the text's example. */
function rolledDoctrine(ctx: PacketContext, id: string): string {
  const doctrine = ctx.arsenal.doctrines.get(id);
  if (!doctrine || !ctx.arsenal.nations.get(doctrine.nation)?.doctrineRollReading) return doctrineName(doctrine);
  return doctrineName({ ...doctrine, name: markReading(doctrine.name, 'bof/solo-nations-and-doctrines') });
}

/** The detachment a solo player fields and the cards he draws, under his force's form. */
function yourDetachment(result: ScenarioResult, ctx: PacketContext): string {
  const player = result.forces.find((f) => f.side === 'player');
  const found = player?.detachment ? ctx.arsenal.detachments.get(player.detachment) : undefined;
  const cards = `${player?.eventCards ?? 1} Random Event & Effect ${player?.eventCards === 1 ? 'card' : 'cards'}`;
  return found
    ? `Your doctrine (rolled): ${rolledDoctrine(ctx, found.doctrine.id)}, ${found.detachment.name}. Its core units are filled in; add what you buy with the additional points. It draws ${cards}.`
    : 'Set up your core force and add what you buy with the additional points.';
}

/**
 * Who draws how many event cards: each player his detachment's number. A versus side without a
 * force file in the packet draws one for each player, muster's reading, as its detachment is unknown.
 */
function eventsSummary(result: ScenarioResult, label: (side: string | null) => string): string {
  const unknown =
    result.mode === 'versus'
      ? result.forces.flatMap((f) => (f.team ? f.team.filter((p) => !p.name).map((p) => `${p.player} (${sideName(f.side)})`) : f.name ? [] : [label(f.side)]))
      : [];
  const drawn = `Each player draws the number his detachment gives, after setting up and before turn 1. ${markReading("The cards are muster's own: the text promises 25 and prints none", 'bof/event-card-deck')}.`;
  // in a solo campaign the enemy does not hold its cards back (Random event & effect cards in campaigns)
  const each = result.solo?.campaign ? `${drawn} In this campaign game the enemy plays its cards from turn 1.` : drawn;
  if (unknown.length === 0) return each;
  return markReading(`${each} ${unknown.join(' and ')}: one card ${result.forces.some((f) => f.team) ? '' : 'for each player '}is drawn here; a detachment that draws more (Fallschirmjäger: 2) draws the rest from the deck.`, 'bof/event-cards');
}

/**
 * Why a side's deployment strips are shallower than the text's 50 cm (Deployment), in a line for
 * the packet and the map's legend; undefined where they are the text's 50 cm.
 */
export function shallowZone(result: ScenarioResult, side: string, units: Units): string | undefined {
  const dist = (cm: number) => (units === 'cm' ? `${Math.round(cm)} cm` : `${Math.round(cm / 2.5)} in`);
  const strips = result.zones.filter((z) => z.side === side && result.deployment[side] !== 'middle');
  const depth = Math.min(...strips.map((z) => (z.w === result.table.width ? z.h : z.w)));
  if (strips.length === 0 || depth >= 50) return undefined;
  const why =
    result.deployment[side] === 'edges'
      ? `${dist(50)} from the edges would reach the defender's ground in the middle of this table`
      : `${dist(50)} from both edges would leave less than ${dist(20)} between the zones on this table`;
  return markReading(`infantry within ${dist(depth)} of the edge, the strip drawn ${dist(depth)} deep, not the text's ${dist(50)}: ${why}`, 'bof/pocket-strips');
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

/** The map of a Burst of Fire packet: zones, objectives, road, corridor, sectors and the solo enemy's numbered units; on a narrow paper the legend apart. */
export function mapDiagram(result: ScenarioResult, units: Units, paper?: Paper, terrain?: MapTerrain): DrawingNode[] {
  const dist = (cm: number, inches: number) => (units === 'cm' ? `${cm} cm` : `${inches} in`);
  const inchesOf = (cm: number) => Math.round(cm / 2.5);
  const name = (side: string) => result.names?.[side] ?? SIDE_NAMES[side] ?? side;
  const role = (side: string) => (side === result.attacker ? ' (attacker)' : side === result.defender ? ' (defender)' : '');
  const zoneText = (side: string): string => {
    const where = result.deployment[side];
    if (where === 'middle') return `${name(side)}${role(side)}: starts in the middle`;
    // a strip shallower than the text's 50 cm says so and why, muster's reading marked
    const shallow = shallowZone(result, side, units);
    if (where === 'edges') return `${name(side)}${role(side)}: sets up along these edges; ${shallow ?? `infantry within ${dist(50, 20)} of them`}`;
    return `${name(side)}${role(side)}: ${shallow ?? `infantry within ${dist(50, 20)} of the ${where} edge`}; vehicles start on it`;
  };
  const sides: MapInput['sides'] = Object.fromEntries(
    result.sides.map((side) => [side, { name: name(side), zone: zoneText(side), ...(side === 'enemy' ? { markers: 'Enemy units, one marker for each model, numbered as in the enemy roster and on its cards' } : {}) }]),
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
  let dashed: MapInput['dashed'];
  const middle = solo ? result.zones.find((z) => z.side === 'enemy' && result.deployment['enemy'] === 'middle') : undefined;
  if (solo && middle) {
    // an enemy in the middle has its flanks within its own ground: its zone in thirds, as it
    // faces the way soloSectorEdge reads it
    const edge = soloSectorEdge(result);
    const local = sectorStrips(edge, { width: middle.w, height: middle.h });
    const strips = Object.fromEntries(SECTORS.map((sector) => [sector, { x: middle.x + local[sector].x, y: middle.y + local[sector].y, w: local[sector].w, h: local[sector].h }])) as Record<Sector, { x: number; y: number; w: number; h: number }>;
    const facing = OPPOSITE[edge];
    const leftHand = ({ north: 'west', south: 'east', east: 'north', west: 'south' } as const)[facing];
    const text = `Dashed lines: the enemy's ground in thirds, its left flank (to the ${leftHand}), middle and right flank as it faces ${facing}; its units are placed and act by sector`;
    const colour = MAP_SIDE_COLOURS.enemy;
    dashed = [1 / 3, 2 / 3].map((f) =>
      edge === 'north' || edge === 'south'
        ? { x1: middle.x + middle.w * f, y1: middle.y, x2: middle.x + middle.w * f, y2: middle.y + middle.h, colour, text }
        : { x1: middle.x, y1: middle.y + middle.h * f, x2: middle.x + middle.w, y2: middle.y + middle.h * f, colour, text },
    );
    const enemy = result.forces.find((f) => f.side === 'enemy');
    if (enemy) {
      const regions = Object.fromEntries(SECTORS.map((sector) => [sector, [strips[sector]]]));
      placed = { side: 'enemy', regions, units: enemy.units.flatMap((u) => (u.markers ?? []).map((n) => ({ label: String(n), sector: u.sector! }))) };
    }
  } else if (solo) {
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
      // a marker for each model, numbered as its card
      placed = { side: 'enemy', regions, units: enemy.units.flatMap((u) => (u.markers ?? []).map((n) => ({ label: String(n), sector: u.sector! }))) };
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
    // how many objectives and where, and the road's line, are muster's: marked
    objectiveText: structures
      ? `Vital structure (a bridge, a crossroads, a building); ${markReading("their number and places are muster's", 'bof/table-set-up')}`
      : `Objective; held by the side with more men within the dashed circle, ${dist(10, 4)}; ${markReading("their number and places are muster's", 'bof/table-set-up')}`,
    road: result.road,
    roadText: `${markReading('The supply road, edge to edge through the middle', 'bof/table-set-up')}; the box: the ground within ${dist(15, 6)} of it that the attacker must clear`,
    corridor: result.corridor,
    corridorText: result.corridor ? `Escape corridor: the whole ${result.corridor} edge` : undefined,
    sides,
    sectors,
    placed,
    ...(dashed ? { dashed } : {}),
    ...(terrain ? { terrain } : {}),
    gridText: dist(10, 4),
    caption: `Table ${units === 'cm' ? `${result.table.width} x ${result.table.height} cm` : `${inchesOf(result.table.width)} x ${inchesOf(result.table.height)} in`}, drawn to scale, north at the top.`,
    paper,
    units,
  });
}

/**
 * The steps of Game setup between deployment and turn 1 that a two-player packet leaves to the
 * players: who places the first unit, and each player's free squad leader.
 */
function beforeTurnOne(placement: NonNullable<ScenarioResult['placement']>, label: (side: string) => string, dist: (cm: number, inches: number) => string): TextBlock {
  const after = 'then the sides take turns, a unit at a time, or both place everything at once to save time';
  return {
    kind: 'text',
    title: 'Before turn 1',
    section: 'Game setup; Deployment; Squad Leaders',
    width: 'column',
    paragraphs: [
      placement.by === 'deployment'
        ? // Game setup also speaks of a roll-off; the Deployment section gives the first unit to the sector's roller
          markReading(`**1. First unit (Deployment).** ${label(placement.first)} rolled the deployment sector and places first; ${after}.`, 'bof/deployment-first-unit')
        : `**1. First unit (Game setup).** No side rolled a sector: ${label(placement.first)} won the roll-off (a D6 each, higher starts) and places first; ${after}.`,
      `**2. Squad leader (Game setup; Squad Leaders).** Each player promotes one of his soldiers, at no cost: +1 to his own morale checks and attacks, and he may rally up to two soldiers within ${dist(20, 8)} a turn, a morale check and ${markReading('an action for each', 'bof/squad-leader-rally-actions')}.`,
      '**3. Then** the first turn: a D6 each for initiative, the higher moves first.',
    ],
  };
}
