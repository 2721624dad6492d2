import { formatLength } from '../../doc/helpers.js';
import { documentMeta } from '../../doc/document-meta.js';
import type { Block, CardNode, CardPrint, DocumentNode, Paper, TableBlock, Units } from '../../doc/model.js';
import { cardForModels, groupSameModels } from '../../doc/model-cards.js';
import { checkBlock, textTable } from '../../doc/packet.js';
import type { SystemRules } from '../../data/load.js';
import { budgetWords, isOver, type BudgetFit } from '../budget-fit.js';
import type { OfRoster } from './force.js';
import type { Lists } from './lists.js';
import type { OfSideForce } from './scenario.js';
import type { OfUnit } from './schema.js';
import { buildOfUnitCard, TYPE_NAMES } from './unit-card.js';

export interface RosterPrint {
  print: CardPrint;
  units: Units;
  paper: Paper;
  toolVersion: string;
}

/** What the check of a force holds it to, in a player's words (the rule names `check` gives). */
const ALL_WELL = "The force keeps to muster's sample lists: a nation of the lists, units from that nation's own list, within its points.";

/** "WPN 4 ARM 3 MOR 7 TRN 4", "WPN 5 ARM 5 TRN 5 HP 4": a unit's characteristics as its card shows them. */
function stats(unit: OfUnit): string {
  return [`WPN ${unit.wpn}`, `ARM ${unit.arm}`, ...(unit.mor !== undefined ? [`MOR ${unit.mor}`] : []), `TRN ${unit.trn}`, ...(unit.hp !== undefined ? [`HP ${unit.hp}`] : [])].join(' ');
}

/** The reading the units stand on (their stats and points are muster's), once for the table. */
function readingOf(lists: Lists, units: readonly string[]): string | undefined {
  for (const id of units) {
    const reading = lists.readings.get(id);
    if (reading) return reading;
  }
  return undefined;
}

/** Who gives orders (Orders): an officer team, to units within 12 in; a force without one gives none. */
function ordersLine(officers: number, units: Units): string {
  const reach = formatLength(units === 'cm' ? 30 : 12, units);
  if (officers === 0) return 'No officer team: this force gives no orders; its units may still try manoeuvres.';
  return `Orders: ${officers === 1 ? 'its officer team gives them' : `its ${officers} officer teams give them`} to units within ${reach}.`;
}

/** The roster of `cards openfire --force`: each entry with its type, rank, characteristics and points. */
export function rosterTable(roster: OfRoster, lists: Lists, units: Units): TableBlock {
  const nation = roster.nation?.name ?? roster.force.nation;
  const rows = roster.lines.map((line) => [
    line.label === line.unit.name ? line.unit.name : `${line.label} (${line.unit.name})`,
    TYPE_NAMES[line.unit.type],
    line.unit.rank,
    stats(line.unit),
    String(line.count),
    String(line.total),
  ]);
  const count = roster.lines.reduce((n, l) => n + l.count, 0);
  rows.push(['Total', '', '', '', String(count), String(roster.points)]);
  const officers = roster.lines.filter((l) => l.unit.type === 'officer').reduce((n, l) => n + l.count, 0);
  const reading = readingOf(lists, roster.lines.map((l) => l.unit.id));
  return {
    ...textTable('roster', `${roster.force.name}: ${nation}, ${roster.points} of ${roster.force.points} points`, 'Characteristics', ['Unit', 'Type', 'Rank', 'Characteristics', 'No.', 'Points'], rows, 'full', ordersLine(officers, units)),
    ...(reading ? { note: reading } : {}),
  };
}

/**
 * A card for each entry's models: an entry of three of one unit is one card with three boxes
 * (Rifle team ×3), or with `eachModel` three cards as the models stand on the table.
 */
export function forceCards(entries: readonly { unit: OfUnit; count: number; label?: string }[], lists: Lists, units: Units, systemName: string, eachModel?: boolean): CardNode[] {
  const models = entries.flatMap((entry) => Array.from({ length: entry.count }, () => entry));
  // an entry the player named keeps its own card: its models are that entry's
  return groupSameModels(models, (entry) => JSON.stringify([entry.unit.id, entry.label ?? null]), (entry) => entry.label ?? entry.unit.name, eachModel).map(({ models: [entry], labels }) =>
    cardForModels(buildOfUnitCard(entry!.unit, lists, units, systemName, entry!.label), labels),
  );
}

/** `muster cards openfire --force FILE`: the roster with its check, and a card for every unit. */
export function forceDocument(roster: OfRoster, lists: Lists, system: SystemRules['info'], options: RosterPrint): DocumentNode {
  const { force } = roster;
  const blocks: Block[] = [rosterTable(roster, lists, options.units), checkBlock(roster.problems, 'Characteristics', ALL_WELL)];
  return {
    meta: documentMeta(system, `${force.name}: roster and unit cards`, options),
    sheets: [{ title: `Roster: ${force.name}`, blocks }],
    decks: [
      {
        title: `${force.name}: unit cards`,
        print: options.print,
        cards: forceCards(
          roster.lines.map((line) => ({ unit: line.unit, count: line.count, ...(line.label !== line.unit.name ? { label: line.label } : {}) })),
          lists,
          options.units,
          system.name,
          options.print.eachModel,
        ),
      },
    ],
  };
}

/**
 * A force a player brought, in the packet: its roster with its points against the game's, and
 * its check, which counts a force over the game's points among its problems, so a packet never
 * says "no problems" beside a force over its budget.
 */
export function givenForceBlocks(force: OfSideForce, fit: BudgetFit, lists: Lists, sideName: string): Block[] {
  const nation = lists.nations.get(force.nation)!.name;
  const rows = force.units.map((u) => [u.label !== undefined && u.label !== u.name ? `${u.label} (${u.name})` : u.name, String(u.count), String(u.points)]);
  const over = isOver(fit) ? [{ where: 'force', rule: "game's points", message: `${budgetWords(fit)}; drop units until it fits, or agree on more points a side` }] : [];
  const check = checkBlock([...(force.problems ?? []), ...over], 'Characteristics', `${ALL_WELL} It fits the game's points.`);
  return [
    textTable(`force-${force.side}`, `${sideName}: ${force.name ?? nation} (${nation})`, 'Characteristics', ['Unit', 'No.', 'Points'], rows, 'column', `${budgetWords(fit)}.`),
    // "Side A, check: no problems": whose check, with two on the page
    { ...check, title: `${sideName}, ${check.title.charAt(0).toLowerCase()}${check.title.slice(1)}` },
  ];
}
