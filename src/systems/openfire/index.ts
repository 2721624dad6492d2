import type { SystemRules } from '../../data/load.js';
import { formatLength, formatModifier } from '../../doc/helpers.js';
import { markReading, type Block, type CardNode, type CardPrint, type DocumentNode, type Run, type Units } from '../../doc/model.js';
import { documentMeta } from '../../doc/document-meta.js';
import { renderProse } from '../../doc/templates.js';
import { rollsSheet, textTable } from '../../doc/packet.js';
import { UsageError } from '../../errors.js';
import type { CardsRequest, CardsResult, RuleSetModule, ScenarioRequest, ScenarioRoller, ScenarioSteps } from '../module.js';
import { numberOption } from '../manifest.js';
import { openFireManifest } from './manifest.js';
import { createRng } from '../../engine/dice.js';
import { drawMap } from '../../doc/map-diagram.js';
import { minimumForce, OBJECTIVES, rollOpenFireScenario, settingsOf, type OfScenarioResult } from './scenario.js';
import { loadTokenFolder } from '../../data/tokens.js';
import type { OfUnit, OfWeapon } from './schema.js';
import { loadLists, type Lists } from './lists.js';
import { findNation, listOpenFire } from './listing.js';
import { findOrRefuse } from '../../data/find-name.js';

const TYPE_NAMES: Record<OfUnit['type'], string> = {
  infantry: 'infantry team',
  officer: 'officer team',
  sniper: 'sniper',
  gun: 'gun',
  'light-vehicle': 'light vehicle',
  tank: 'tank',
  'heavy-tank': 'heavy tank',
};
const RANK_LEVEL = { conscript: 0, trained: 1, veteran: 2 } as const;

/** A mounted heavy weapon acts as a mobile one (Weapon types): the card says so where it applies. */
function describeWeapon(w: OfWeapon, units: Units, mounted: boolean): string {
  const range = formatLength(units === 'cm' ? w.rng * 2.5 : w.rng, units);
  const kind = mounted && w.kind === 'heavy' ? 'heavy, mobile when mounted' : w.kind;
  return `RNG ${range} · ROF ${w.rof} · PEN ${w.pen} · ACC ${formatModifier(w.acc)} · ${kind}, ${w.against}${w.explodes ? ', explodes' : ''}`;
}

/**
 * A unit's weapon line: the real weapon where the list names one, with the row of muster's
 * table it uses (the rows are classes of weapon, so a 90 mm M3 fires on the 88 mm row).
 */
function weaponLine(unit: OfUnit, id: string, lists: Lists, units: Units, mounted: boolean): { label: string; text: string } {
  const w = lists.weapons.get(id)!;
  const real = unit.weaponNames?.[id];
  const numbers = describeWeapon(w, units, mounted);
  return real ? { label: real, text: `${w.name} row: ${numbers}` } : { label: w.name, text: numbers };
}

const MOUNTED_RULE = 'Mounted on a vehicle, its heavy weapons act as mobile weapons: they may fire the turn after it moves.';

export function buildOfUnitCard(unit: OfUnit, lists: Lists, units: Units, systemName: string): CardNode {
  const nation = lists.nations.get(unit.nation)!;
  const vehicle = unit.hp !== undefined;
  const stats: CardNode['front']['stats'] = [
    { icon: 'tommy-gun', label: 'WPN', value: String(unit.wpn) },
    { icon: 'shield', label: 'ARM', value: String(unit.arm) },
    { icon: 'star', label: 'TRN', value: String(unit.trn) },
  ];
  if (vehicle) stats.push({ icon: 'heart', label: 'HP', value: String(unit.hp) });
  else stats.push({ icon: 'medal', label: 'MOR', value: String(unit.mor) });
  if (unit.men) stats.push({ icon: 'figures', label: 'men', value: String(unit.men) });
  stats.push({ icon: 'dollar', label: 'points', value: String(unit.points) });
  const rankRule = {
    conscript: 'Conscript: shooters at it get +1 to hit.',
    trained: vehicle ? 'Every vehicle is Trained.' : 'Trained: +1 MOR for Initiative tests.',
    veteran: 'Veteran: +1 MOR; shooters at it get −1 to hit.',
  }[unit.rank];
  return {
    id: unit.id,
    front: {
      title: unit.name,
      subtitle: `${nation.name} · ${TYPE_NAMES[unit.type]}`,
      accent: nation.colour,
      badge: { label: unit.rank, level: RANK_LEVEL[unit.rank] },
      stats,
      lines: unit.weapons.map((id) => weaponLine(unit, id, lists, units, vehicle)),
      rules: [...unit.notes, ...(vehicle ? [MOUNTED_RULE] : []), rankRule].slice(0, 3),
      // the lists' stats and points are muster's own: one mark at the card's foot when its file says so
      footer: { left: lists.readings.has(unit.id) ? markReading(`${unit.points} points`) : `${unit.points} points`, right: systemName },
    },
    back: { title: systemName.toUpperCase(), subtitle: `${nation.name} · ${TYPE_NAMES[unit.type]}`, accent: nation.colour, icon: vehicle ? 'tank' : unit.type === 'gun' ? 'crewed-gun' : 'helmet' },
  };
}

/** Orders and manoeuvres as cards to hand out, from the rule set's own tables. */
function commandCards(system: SystemRules, units: Units): CardNode[] {
  const cards: CardNode[] = [];
  for (const [tableId, kind] of [['orders', 'Order'], ['manoeuvres', 'Manoeuvre']] as const) {
    const table = system.table(tableId);
    for (const row of table.rows) {
      const name = String(row['order'] ?? row['manoeuvre']);
      // the officer's reach, 12 in (Officers' orders), in the deck's units at the data's 2.5 cm to the inch
      const who = kind === 'Order' ? `an officer, to units within ${formatLength(units === 'cm' ? 30 : 12, units)}` : `by ${String(row['who'])}`;
      cards.push({
        id: `${tableId}-${name.toLowerCase().replace(/[^a-z]+/g, '-')}`,
        front: {
          title: name,
          subtitle: `${kind}, ${who}`,
          accent: kind === 'Order' ? '#1f4e79' : '#46573a',
          stats: [],
          lines: [{ label: 'Effect', text: renderProse(String(row['effect']), { units }, `${tableId} ${name}`) }],
          // a manoeuvre's row gives its test: vehicles, which have no MOR, take muster's own
          rules: [row['test'] ? `Initiative test to carry it out: ${String(row['test'])}.` : 'Pass an Initiative test (2D6 against MOR) to carry it out.'],
          footer: { left: table.section, right: kind.toLowerCase() },
        },
        back: { title: system.info.name.toUpperCase(), subtitle: 'Orders and manoeuvres', accent: '#2c3a2a', icon: kind === 'Order' ? 'star' : 'arrow' },
      });
    }
  }
  return cards;
}

async function cards(request: CardsRequest): Promise<CardsResult> {
  const lists = await loadLists(request.system.dirs);
  let units = [...lists.units.values()];
  if (request.nation) {
    const nation = findNation(lists, request.nation);
    units = units.filter((u) => u.nation === nation.id);
  }
  const info = request.system.info;
  const print: CardPrint = request.print;
  const doc: DocumentNode = {
    meta: documentMeta(info, `${info.name} unit, order and manoeuvre cards`, request),
    sheets: [],
    decks: [
      { title: 'Units', print, cards: units.map((u) => buildOfUnitCard(u, lists, request.units, info.name)) },
      { title: 'Orders and manoeuvres', print, cards: commandCards(request.system, request.units) },
    ],
  };
  return { kind: 'document', doc, warnings: [] };
}

/** `muster scenario openfire`: a battle for the objectives, every die rolled, with its map. */
const scenario: ScenarioSteps = {
  names: async () => [OBJECTIVES],
  async prepare(request) {
    const lists = await loadLists(request.system.dirs);
    const info = request.system.info;
    const points = request.points ?? openFireManifest.scenario!.points!.default!;
    // every force fields its officer team first: fewer points would buy a force over budget
    const least = minimumForce(lists);
    if (least && points < least.points) {
      throw new UsageError(
        `--points ${points}${request.points === undefined ? ' (the default)' : ''}: too few for an Open Fire force; each side fields its officer team first, ` +
          `and the ${least.name} costs ${least.points} points: give --points ${least.points} or more`,
      );
    }
    const settings = settingsOf(request.system.table('scenario-settings'));
    const asked = numberOption(request.options, 'minefields');
    const mines = asked ?? settings.minefields.usual;
    if (!(Number.isInteger(mines) && mines >= settings.minefields.least && mines <= settings.minefields.most)) {
      throw new UsageError(`--minefields ${asked}: a whole number from ${settings.minefields.least} to ${settings.minefields.most} (muster's bounds: the text gives minefields no number)`);
    }
    const roller: ScenarioRoller<OfScenarioResult> = {
      roll: (seed) => rollOpenFireScenario(lists, { table: request.table, points, settings, minefields: mines }, createRng(seed), seed),
      packet: (result) => ofPacket(result, lists, request, info),
    };
    return roller;
  },
};

function ofPacket(result: OfScenarioResult, lists: Lists, request: ScenarioRequest, info: SystemRules['info']): DocumentNode {
  const name = (side: string) => `Side ${side.toUpperCase()}`;
  const nation = (id: string) => lists.nations.get(id)!;
  const table = (id: string, title: string, section: string, columns: string[], rows: string[][], width: 'column' | 'full' = 'full'): Block => textTable(id, title, section, columns, rows, width);
  const dist = (inches: number) => formatLength(request.units === 'cm' ? inches * 2.5 : inches, request.units);
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
              `Each side deploys within ${dist(12)} of its edge. Place the objectives in the order shown, the first in the deployment zones, the rest in the middle.`,
              markReading(`**Game length.** ${result.turns} turns; the text sets none, so stop earlier only when a side has won.`),
              ...(result.minefields.length > 0
                ? [
                    markReading(
                      `**Minefields (scenario option).** ${result.minefields.length} counter${result.minefields.length === 1 ? '' : 's'} where the map shows, each field reaching ${dist(result.minefields[0]!.radius / 2.5)} all round. Infantry entering one roll to hit for a mine and die on a hit; vehicles are hit and immobilised; units with minesweepers find them and pass safely.`,
                    ),
                  ]
                : []),
            ],
          },
          table('setup', 'Setup', 'Deployment', ['Side', 'Nation', 'Edge', 'Points'], result.forces.map((f) => [name(f.side), nation(f.nation).name, result.deployment[f.side]!, `${f.points} of ${f.budget}`])),
          table('objectives', 'Objectives, in placing order', 'Objectives', ['Objective', 'Placed by', 'Where'], result.objectives.map((o, i) => [String(i + 1), name(o.placedBy), o.where])),
          ...result.forces.map((f) => table(`force-${f.side}`, `${name(f.side)}: ${nation(f.nation).name}, ${f.points} points`, 'Characteristics', ['Unit', 'No.', 'Points'], f.units.map((u) => [u.name, String(u.count), String(u.points)]), 'column')),
          ofTurnRecord(result, name),
        ],
      },
      rollsSheet(result.rolls, result.seed, 'Deployment'),
    ],
    drawings: [
      // zones in the map's side colours, the same in every rule set; the legend names each side's nation
      drawMap({
        table: result.table,
        zones: result.zones,
        objectives: result.objectives.map((o, i) => ({ x: o.x, y: o.y, radius: o.radius, label: String(i + 1) })),
        objectiveText: `Objective, numbered in placing order; held within the dashed circle, ${dist(3)}`,
        hazards: result.minefields.map((m, i) => ({ x: m.x, y: m.y, radius: m.radius, label: `M${i + 1}` })),
        hazardText: markReading(`Minefield counter, M1 to M${result.minefields.length}; the dashed circle: the field, ${dist(result.minefields[0]?.radius ? result.minefields[0].radius / 2.5 : 3)} round it`),
        sides: Object.fromEntries(result.forces.map((f) => [f.side, { name: name(f.side), zone: `${name(f.side)} (${nation(f.nation).name}): deploys within ${dist(12)} of the ${result.deployment[f.side]} edge` }])),
        grid: request.units === 'cm' ? 10 : 15,
        gridText: request.units === 'cm' ? '10 cm' : '6 in',
        caption: `Table ${request.units === 'cm' ? `${result.table.width} x ${result.table.height} cm` : `${Math.round(result.table.width / 2.5)} x ${Math.round(result.table.height / 2.5)} in`}, drawn to scale, north at the top.`,
        paper: request.paper,
        units: request.units,
      }),
    ],
    drawingsTitle: `Map: ${result.scenario.name}`,
    drawingsAfterSheet: 1,
    // a card for every unit on the table, each side's in its own deck
    decks: result.forces.map((f) => ({
      title: `${name(f.side)} unit cards, ${nation(f.nation).name}`,
      print: request.print,
      cards: f.units.flatMap((u) => Array.from({ length: u.count }, () => buildOfUnitCard(lists.units.get(u.unit)!, lists, request.units, info.name))),
    })),
  };
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
    title: markReading(`Turn record: ${result.turns} turns`),
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

async function validate(system: SystemRules): Promise<string> {
  const [lists, markers] = await Promise.all([loadLists(system.dirs), loadTokenFolder(system.dirs)]);
  return `${lists.nations.size} nations, ${lists.units.size} units, ${lists.weapons.size} weapons, ${markers.length} tokens`;
}

export const openFireModule: RuleSetModule = { cards, scenario, list: listOpenFire, validate };
