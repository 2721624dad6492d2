import { formatLength } from '../../doc/helpers.js';
import { markReading, type Block, type DocumentNode, type Run } from '../../doc/model.js';
import { documentMeta } from '../../doc/document-meta.js';
import { rollsSheet, textTable } from '../../doc/packet.js';
import { drawMap, sideLook } from '../../doc/map-diagram.js';
import { deckOfSide } from '../../doc/model-cards.js';
import { terrainPutOut } from '../../doc/terrain-map.js';
import { mapTerrain } from '../scenario-terrain.js';
import type { SystemRules } from '../../data/load.js';
import type { ScenarioRequest } from '../module.js';
import type { Lists } from './lists.js';
import type { OfScenarioResult } from './scenario.js';
import { budgetWords } from '../budget-fit.js';
import { forceCards, givenForceBlocks } from './roster.js';

/**
 * The printed battle: briefing, setup, objectives, each side's force (a force a player brought
 * with its check and its fit to the game's points), the turn record, the map, every roll and a
 * card for every unit on the table.
 */
export function ofPacket(result: OfScenarioResult, lists: Lists, request: ScenarioRequest, info: SystemRules['info']): DocumentNode {
  const name = (side: string) => `Side ${side.toUpperCase()}`;
  const fit = (side: string) => result.fits?.find((f) => f.side === side);
  const nation = (id: string) => lists.nations.get(id)!;
  const table = (id: string, title: string, section: string, columns: string[], rows: string[][], width: 'column' | 'full' = 'full'): Block => textTable(id, title, section, columns, rows, width);
  const dist = (inches: number) => formatLength(request.units === 'cm' ? inches * 2.5 : inches, request.units);
  const terrain = mapTerrain(request.system, result, result.table, { units: request.units, inch: 2.5 });
  return {
    meta: documentMeta(info, `${result.scenario.name} (Open Fire)`, { ...request, seed: result.seed }),
    sheets: [
      {
        title: `Scenario: ${result.scenario.name}`,
        blocks: [
          {
            kind: 'text',
            title: 'Briefing',
            section: 'Objectives',
            width: 'column',
            paragraphs: [
              `Seed **${result.seed}**: the same seed rolls this very packet again.`,
              `**To win.** ${result.win.replace('3 in', dist(3))}`,
              `Each side deploys within ${dist(12)} of its edge.`,
              objectivesProcedure(result, name),
              markReading(`**Game length.** ${result.turns} turns; the text sets none, so stop earlier only when a side has won.`, 'openfire/scenario-settings'),
              ...(result.minefields.length > 0
                ? [
                    markReading(
                      `**Minefields (scenario option).** ${result.minefields.length} counter${result.minefields.length === 1 ? '' : 's'} where the map shows, each field reaching ${dist(result.minefields[0]!.radius / 2.5)} all round. Infantry entering one roll to hit for a mine and die on a hit; vehicles are hit and immobilised; units with minesweepers find them and pass safely.`,
                      'openfire/scenario-settings',
                    ),
                  ]
                : []),
            ],
          },
          table('setup', 'Setup', 'Deployment', ['Side', 'Nation', 'Edge', 'Points'], result.forces.map((f) => {
            const given = fit(f.side);
            return [name(f.side), nation(f.nation).name, result.deployment[f.side]!, given ? budgetWords(given) : `${f.points} of ${f.budget}`];
          })),
          table('objectives', 'Objectives, in placing order', 'Objectives', ['Objective', 'Placed by', 'Where'], result.objectives.map((o, i) => [String(i + 1), name(o.placedBy), o.where === 'middle' ? 'the middle of the table' : markReading('a deployment zone, either, as the player placing it chooses', 'openfire/objective-placing')])),
          ...result.forces.flatMap((f) => {
            const given = fit(f.side);
            if (f.name !== undefined && given) return givenForceBlocks(f, given, lists, name(f.side));
            return [table(`force-${f.side}`, `${name(f.side)}: ${markReading(nation(f.nation).name, 'openfire/forces-and-nations')}, ${markReading(`${f.points} points`, 'openfire/rolled-force-buying')}`, 'Characteristics', ['Unit', 'No.', 'Points'], f.units.map((u) => [u.name, String(u.count), String(u.points)]), 'column')];
          }),
          ofTurnRecord(result, name),
        ],
      },
      // the pieces to put out follow the map, where terrain was laid
      ...(terrain ? [{ title: 'Terrain to put out', blocks: [terrainPutOut(terrain, request.units, result.table, 'Terrain')] }] : []),
      rollsSheet(request.system, result.rolls, result.seed, 'Deployment'),
    ],
    // zones in the map's side colours, the same in every rule set; the legend names each side's nation
    drawings: drawMap({
        table: result.table,
        zones: result.zones,
        // the players place the objectives (Objectives): the map shows the ground, not a point for them
        objectives: [],
        hazards: result.minefields.map((m, i) => ({ x: m.x, y: m.y, radius: m.radius, label: `M${i + 1}` })),
        hazardText: markReading(`Minefield counter, M1 to M${result.minefields.length}; the dashed circle: the field, ${dist(result.minefields[0]?.radius ? result.minefields[0].radius / 2.5 : 3)} round it`, 'openfire/scenario-settings'),
        sides: Object.fromEntries(result.forces.map((f) => [f.side, { name: name(f.side), zone: `${name(f.side)} (${nation(f.nation).name}): deploys within ${dist(12)} of the ${result.deployment[f.side]} edge` }])),
        grid: request.units === 'cm' ? 10 : 15,
        gridText: request.units === 'cm' ? '10 cm' : '6 in',
        caption: `Table ${request.units === 'cm' ? `${result.table.width} x ${result.table.height} cm` : `${Math.round(result.table.width / 2.5)} x ${Math.round(result.table.height / 2.5)} in`}, drawn to scale, north at the top. The players place the ${result.objectives.length === 1 ? 'objective' : `${result.objectives.length} objectives`} as the briefing says: ${result.objectives.length === 1 ? 'it goes in a deployment zone' : 'the first two go in the deployment zones'}${result.objectives.length > 2 ? ', the rest in the middle' : ''}.`,
        paper: request.paper,
        units: request.units,
        ...(terrain ? { terrain } : {}),
      }),
    drawingsTitle: `Map: ${result.scenario.name}`,
    drawingsAfterSheet: 1,
    // a card for every unit on the table, each side's in its own deck
    // each side's cards name it, and side B's backs are hatched: the decks part when both field one nation
    decks: result.forces.map((f) => deckOfSide({
      title: `${name(f.side)} unit cards, ${nation(f.nation).name}`,
      print: request.print,
      cards: forceCards(
        f.units.map((u) => ({ unit: lists.units.get(u.unit)!, count: u.count, ...(u.label !== undefined ? { label: u.label } : {}) })),
        lists,
        request.units,
        info.name,
        request.print.eachModel,
      ),
    }, { name: name(f.side), look: sideLook(f.side) })),
  };
}

/**
 * How the players place the objectives (Objectives): one at a time, the sides taking turns from
 * the one that won the roll-off (muster's reading, its dice in the roll log), each side's first
 * in a deployment zone, the rest in the middle, each where the player placing it chooses.
 */
function objectivesProcedure(result: OfScenarioResult, name: (side: string) => string): string {
  const n = result.objectives.length;
  const first = result.objectives[0]!.placedBy;
  const other = result.objectives[1]?.placedBy;
  const zones = n === 1 ? 'It goes in a deployment zone, either, as that player chooses' : `Each side's first goes in a deployment zone, either, as its player chooses${n > 2 ? '; the rest go in the middle of the table' : ''}`;
  return `**Placing the objectives.** ${n} ${n === 1 ? 'objective' : 'objectives'} (a D6). ${n === 1 ? 'A player puts it on the table before the game, where he chooses.' : 'The players put them on the table before the game, one at a time, where they choose.'} ${markReading(`${name(first)} won the roll-off (the roll log has the dice) and places first${other ? `, then ${name(other)}, and so on in turn` : ''}`, 'openfire/objective-placing')}. ${markReading(zones, 'openfire/objective-placing')}.`;
}

/**
 * The turn record (Turn sequence; Objectives): a tick for each player's turn, the objectives
 * each side holds at its end, and the two-turn hold that wins.
 */
function ofTurnRecord(result: OfScenarioResult, name: (side: string) => string): Block {
  const sides = result.forces.map((f) => name(f.side));
  const tick: Run = { text: '□', style: 'boxes' };
  return {
    kind: 'table',
    id: 'turn-record',
    // the rows are muster's game length: the text sets none
    title: markReading(`Turn record: ${result.turns} turns`, 'openfire/scenario-settings'),
    section: 'Turn sequence',
    width: 'full',
    form: true,
    columns: [
      { label: 'Turn', align: 'center' },
      ...sides.map((s) => ({ label: `${s} done`, align: 'center' as const })),
      { label: `Objectives held: ${sides.join(' / ')}`, align: 'center' },
      { label: 'Notes (Terror tests to retake, pinned units)', align: 'left', minWidth: 60 },
    ],
    rows: Array.from({ length: result.turns }, (_, i) => [[{ text: String(i + 1), style: 'bold' }], ...sides.map(() => [tick]), [{ text: '' }], [{ text: '' }]]),
    summary: `A player's turn is a movement phase and a combat phase, in either order; orders and manoeuvres may come in either. Holding the majority of the ${result.objectives.length} ${result.objectives.length === 1 ? 'objective' : 'objectives'} for two turns running wins, as does being the last side standing.`,
  };
}
