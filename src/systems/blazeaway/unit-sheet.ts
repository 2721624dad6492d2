import { buildDataDeck } from '../../doc/build-data-cards.js';
import { buildTableBlock } from '../../doc/build-reference.js';
import { formatDistance } from '../../doc/cells.js';
import { formatModifier } from '../../doc/helpers.js';
import { markHouse, markReading, runsText, tickBoxGroups, type Block, type CardPrint, type DeckNode, type DocumentNode, type Paper, type Run, type TableBlock, type TableColumn, type TextBlock, type Units } from '../../doc/model.js';
import { documentMeta, withHouseRules } from '../../doc/document-meta.js';
import { checkBlock } from '../../doc/packet.js';
import { renderProse } from '../../doc/templates.js';
import type { DistanceCell } from '../../data/schema.js';
import { rowByRef, type BlazeAwayData } from './data.js';
import type { BaRoster, CheckedUnit } from './force.js';
import type { BaWeapon } from './schema.js';

/**
 * The Unit Sheet the text keeps asking for (3.4; its Part II is not in the text): a printed
 * form for the table, in three sections as the text separates units (infantry, armour and
 * motorised with the guns, aircraft), each unit with its rating, boxes to tick off its losses,
 * its breaking point (8), its orders a turn, weapons and notes; then the rows of the armour
 * combat table its guns use, and its order deck.
 */

export interface PrintOptions {
  units: Units;
  paper: Paper;
  toolVersion: string;
  print: CardPrint;
}

const SECTION = '3.4 Unit Sheets';
/** mm kept free in the notes column, to write in */
const NOTES_ROOM = 30;

/** A figure, a vehicle, a turn: a box to tick, `n` in a row. */
const boxes = (n: number): Run => tickBoxGroups([n]);
const plain = (text: string): Run => ({ text });
const bold = (text: string): Run => ({ text, style: 'bold' });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function table(id: string, title: string, section: string, columns: TableColumn[], rows: Run[][][], summary?: string): TableBlock {
  return { kind: 'table', id, title, section, width: 'full', columns, rows, ...(summary ? { summary } : {}) };
}

const left = (label: string, minWidth?: number): TableColumn => ({ label, align: 'left', ...(minWidth ? { minWidth } : {}) });
const centre = (label: string): TableColumn => ({ label, align: 'center' });

/** A weapon's reach and dice, from the table row it points at. */
export function weaponText(data: BlazeAwayData, weapon: BaWeapon, units: Units): string {
  const dist = (cell: unknown) => (cell && typeof cell === 'object' && 'cm' in cell ? formatDistance(cell as DistanceCell, units) : undefined);
  if (weapon.range) return `${weapon.name} ${formatDistance(weapon.range, units)}${weapon.dice ? `, ${weapon.dice}` : ''}`;
  const row = rowByRef(data.system.table(weapon.table!), weapon.row!)!;
  if (weapon.table === 'mortars') {
    const he = weapon.he ? rowByRef(data.system.table('he-allocation'), weapon.he) : undefined;
    const reach = `${dist(row['minimum'])} to ${dist(row['range'])}`;
    return `${weapon.name} ${reach}${he ? `; HE ${he['d10']} D10, ${he['d20']} D20` : ''}`;
  }
  const bonus = typeof row['bonus'] === 'string' && row['bonus'] !== 'N/A' ? ` ${row['bonus']}` : '';
  const short = dist(row['short']);
  return `${weapon.name} ${dist(row['range'])}${bonus}${short ? `; within ${short} ${String(row['shortBonus'])}` : ''}`;
}

/** A unit's fire at aircraft (7.4.8): its reach and D20, on an Opportunity Fire card; infantry only where the scenario assigns it. */
export function aaText(unit: CheckedUnit, units: Units): string | undefined {
  if (!unit.aa) return undefined;
  const { weapon, dice } = unit.aa;
  const assigned = unit.kind === 'infantry' ? ', where the scenario assigns it' : '';
  return `${weapon.name} ${formatDistance(weapon.range, units)}, ${dice} D20${dice > 1 ? ' at one target' : ''} a turn on Opportunity Fire${assigned} (7.4.8)`;
}

/** "Confident · 3/2/1 D10": the rating, and the D10 a stand rolls with 3, 2 and 1 figures (7.1.3). */
function ratingCell(data: BlazeAwayData, unit: CheckedUnit): Run[] {
  if (!unit.rating) return [plain('unknown')];
  const dice = data.dice.get(unit.rating.name);
  return [plain(unit.rating.name), ...(dice ? [{ text: `\u00a0${dice.join('/')}\u00a0D10`, style: 'odds' as const }] : [])];
}

/**
 * "7 of 14 50%": the losses, of how many, and the rating's share, printed alike whether 8.1's
 * table or the share of the figures gave the losses, so no row reads differently from the next.
 */
/** Losses at a breaking point; one the 8.1 table does not give is a share rounded half up, muster's reading, marked. */
function lossCell(point: { losses: number; percent: number; table?: boolean } | undefined, of: number): Run[] {
  if (!point) return [plain('—')];
  // held on one line: a short column of one-line rows keeps the sheet to a page
  const percent = `\u00a0${point.percent}%`;
  return [plain(`${point.losses}\u00a0of\u00a0${of}`), { text: point.table === true ? percent : markReading(percent, 'blazeaway/breaking-point-rounding'), style: 'odds' }];
}

/**
 * An infantry unit's order cards rest on muster's reading, marked on its Orders, where an HQ takes
 * a card of its own (the text gives HQs no count), its platoon's cards are capped at its sections,
 * or its rating's count is read from an open cell (Excellent's "4+" as 4).
 */
function readOrders(u: CheckedUnit): boolean {
  const platoon = u.groups.filter((g) => g.type.orders === 'platoon').reduce((n, g) => n + g.count, 0);
  const capped = u.rating !== undefined && platoon > 0 && platoon < u.rating.cards;
  const read = u.rating?.read === true && platoon > 0;
  return u.groups.some((g) => g.type.id === 'hq') || capped || read;
}

function notesCell(unit: CheckedUnit): Run[] {
  return [plain(unit.unit.notes ?? '')];
}

function infantryTable(data: BlazeAwayData, units: readonly CheckedUnit[], options: PrintOptions): TableBlock {
  const rows = units.map((u): Run[][] => {
    // each stand's figures as a group of boxes, the groups of a type after its name
    const stands: Run[] = u.groups.flatMap((g, i) => [
      // a house folder's stand type carries the house mark after its name
      plain(`${i > 0 ? ' ' : ''}${markHouse(g.type.name, g.type.house)}\u00a0`),
      tickBoxGroups(Array.from({ length: g.count }, () => g.figures)),
    ]);
    return [[bold(u.unit.name)], ratingCell(data, u), stands, lossCell(u.breakingPoint, u.figures), [plain(readOrders(u) ? markReading(String(u.orders), 'blazeaway/unit-sheet-orders') : String(u.orders))], [plain([...u.weapons.map((w) => weaponText(data, w, options.units)), ...(u.aa ? [aaText(u, options.units)!] : [])].join('; '))], notesCell(u)];
  });
  return table(
    'infantry',
    'Infantry',
    `${SECTION}; 8.1`,
    [left('Unit'), left('Rating, D10 at 3/2/1 figures'), left('Stands: tick a box for each figure lost'), left('Breaks at (lost)'), centre('Orders'), left('Weapons'), left('Notes', NOTES_ROOM)],
    rows,
    `Breaks at: the figures lost, of its figures, at which the unit leaves the game at the end of the turn, and its rating's share: from the 8.1 table for sections of 3 figures, otherwise ${markReading('the share rounded half up', 'blazeaway/breaking-point-rounding')}. Orders: order cards a turn, ${markReading("up to its rating's for the sections", 'blazeaway/unit-sheet-orders')}; ${markReading('specialists, heavy weapons and HQs', 'blazeaway/unit-sheet-orders')} take one each.`,
  );
}

function vehicleTable(data: BlazeAwayData, units: readonly CheckedUnit[], options: PrintOptions): TableBlock {
  // the crew's firing on the move, as the crew ratings table gives it (7.2.2)
  const crewFiring = (crew: string | undefined) => {
    const row = data.system.table('crew-ratings').rows.find((r) => r['rating'] === crew);
    return row ? renderProse(String(row['firing']), { units: options.units }, 'tables crew-ratings') : '';
  };
  const rows = units.map((u): Run[][] => {
    const unit = u.unit;
    const model = unit.kind === 'gun' ? unit.gun : unit.kind === 'armour' || unit.kind === 'motorised' ? unit.vehicle : '';
    const crewFigures = unit.kind === 'gun' ? u.figures / u.models : 0;
    // vehicles: a box a model; guns: a group of boxes a gun, one for each of its crew
    const tick: Run[] = [tickBoxGroups(unit.kind === 'gun' ? Array.from({ length: u.models }, () => crewFigures) : [u.models])];
    const armour = u.armourClass ? `${u.armourClass}${u.armourModifier ? ` ${formatModifier(u.armourModifier)}` : ''}` : unit.kind === 'gun' ? 'E if shelled' : '—';
    const gun = u.gunGroup !== undefined ? `${u.gunGroup}${u.gunModifier ? ` ${formatModifier(u.gunModifier)}` : ''}` : '—';
    const passengers = u.orders === 0 && u.carries !== undefined && u.carries > 0;
    const other = [
      ...u.weapons.map((w) => weaponText(data, w, options.units)),
      ...(u.aa ? [aaText(u, options.units)!] : []),
      ...(u.carrier && u.carries ? [`${u.carrier.name}, ${plural(u.carries, 'stand')} each${passengers ? ', on their order cards (6.4)' : ''}`] : []),
      ...(u.softskin && !passengers ? [`${markReading('softskin', 'blazeaway/softskins')}: on the cards of the unit it serves (3.3)`] : []),
    ];
    return [
      [bold(u.unit.name), plain(` ${u.models > 1 ? `${u.models} x ` : ''}${model}`)],
      u.crew ? [plain(u.crew), { text: `\u00a0${crewFiring(u.crew)}`, style: 'odds' }] : [plain('unknown')],
      tick,
      u.withdraw ? lossCell(u.withdraw, u.models) : lossCell(u.breakingPoint, u.figures),
      // no cards of its own: a carrier moves on its passengers' (6.4), a softskin on its unit's (3.3)
      [plain(u.orders === 0 && (passengers || u.softskin) ? `0 (${passengers ? '6.4' : '3.3'})` : String(u.orders))],
      [plain(armour)],
      [plain(gun)],
      [plain(other.join('; ') || '—')],
      notesCell(u),
    ];
  });
  return table(
    'armour',
    'Armour, motorised and guns',
    `${SECTION}; 7.2; 8.2`,
    [left('Unit'), left('Crew, firing on the move'), left('Tick losses'), left('Pulls out at (lost)'), centre('Orders'), centre('Class'), centre('Gun group'), left('Other weapons, carrying'), left('Notes', NOTES_ROOM)],
    rows,
    `A box for each vehicle, or for each crew figure of a gun. Vehicles pull out at the text's guide share of losses (8.2), a gun crew at the share of its figures (8), both ${markReading('by the crew rating', 'blazeaway/crew-break-rating')} (7.2.2). Guns shot at by artillery are class E (7.3.3).`,
  );
}

/** The armour combat table cut to the gun groups the force fields. */
function gunRows(data: BlazeAwayData, units: readonly CheckedUnit[], options: PrintOptions): TableBlock | undefined {
  const groups = new Set(units.flatMap((u) => (u.gunGroup !== undefined ? [String(u.gunGroup)] : [])));
  if (groups.size === 0) return undefined;
  const full = buildTableBlock(data.system.table('armour-combat'), options.units, 'full', 'tables armour-combat', data.system.info.units);
  return {
    ...full,
    id: 'gun-rows',
    title: 'Your guns on the armour combat table (1D20 to knock out)',
    rows: full.rows.filter((row) => groups.has(runsText(row[0] ?? []).trim())),
    note: undefined,
  };
}

/** An aircraft as the sheet lists it: one of the force's units, or air support a scenario adds. */
export interface AircraftLine {
  name: string;
  model: string;
  role: { role: string; card: string; rule: string } | undefined;
  /** boxes to tick, one a turn it may fly */
  turns: number;
  notes: string;
  /** air support the scenario adds (muster's reading), not one of the force's units */
  support?: boolean;
}

function aircraftTable(lines: readonly AircraftLine[], options: PrintOptions, support = false): TableBlock {
  const rows = lines.map((a): Run[][] => [
    [bold(a.name), plain(a.model ? ` ${a.model}` : '')],
    [plain(a.role?.role ?? 'unknown')],
    a.role ? [bold(`${a.role.card}: `), plain(renderProse(a.role.rule, { units: options.units }, 'tables aircraft-orders'))] : [plain('—')],
    a.turns > 0 ? [boxes(a.turns)] : [plain('grounded')],
    [plain(a.notes)],
  ]);
  if (support) {
    return table(
      'air-support',
      `${markReading('Air support the scenario adds', 'blazeaway/air-support')}: not part of the force`,
      '7.4',
      [left('Flight'), left('Type'), left('Its order and task'), left('Turns: tick each'), left('Notes', NOTES_ROOM)],
      rows,
      `${markReading("Flights muster's scenario gives this side for this game only", 'blazeaway/air-support')}, beside its own. Each is a flight with an order card of its own (7.4); on Prone it circles off the table (7.4.7).`,
    );
  }
  return table(
    'aircraft',
    'Aircraft',
    `${SECTION}; 7.4`,
    [left('Unit'), left('Type'), left('Its order and task'), left('Turns: tick each'), left('Notes', NOTES_ROOM)],
    rows,
    'Each aircraft is a flight with an order card of its own; on Prone it circles off the table. It stays for the turns the scenario gives (3 to 6); bad weather grounds it.',
  );
}

/** The three sections of the Unit Sheet, those the force has. */
export function unitSheetBlocks(data: BlazeAwayData, roster: BaRoster, options: PrintOptions, flying?: readonly AircraftLine[]): Block[] {
  const infantry = roster.units.filter((u) => u.kind === 'infantry');
  const vehicles = roster.units.filter((u) => u.kind === 'armour' || u.kind === 'motorised' || u.kind === 'gun');
  const most = data.bounds.get('aircraft-turns')?.most ?? 6;
  // the force's own aircraft, each with the most turns any may fly, unless a scenario says
  const aircraft: readonly AircraftLine[] =
    flying ??
    roster.units
      .filter((u) => u.kind === 'aircraft')
      .map((u) => ({ name: u.unit.name, model: `${u.models > 1 ? `${u.models} x ` : ''}${u.unit.kind === 'aircraft' ? u.unit.aircraft : ''}`, role: u.role, turns: most, notes: u.unit.notes ?? '' }));
  const blocks: Block[] = [];
  if (infantry.length > 0) blocks.push(infantryTable(data, infantry, options));
  if (vehicles.length > 0) {
    blocks.push(vehicleTable(data, vehicles, options));
    const guns = gunRows(data, vehicles, options);
    if (guns) blocks.push(guns);
  }
  // air support a scenario adds is not the force's: airSupportBlock prints it apart
  const own = aircraft.filter((a) => a.support !== true);
  if (own.length > 0) blocks.push(aircraftTable(own, options));
  return blocks;
}

/** The flights a scenario adds to a side (muster's reading), apart from its force's own; none when it adds none. */
export function airSupportBlock(lines: readonly AircraftLine[], options: PrintOptions): TableBlock | undefined {
  const support = lines.filter((a) => a.support === true);
  return support.length > 0 ? aircraftTable(support, options, true) : undefined;
}

/** One of the counts a player keeps during a game, with the section that gives its number. */
export interface Tally {
  /** what is counted, as the sheet names it */
  what: string;
  /** boxes for each stand, vehicle or gun; for the HQ, turns */
  each: number;
  /** how many stands, vehicles or guns have it */
  of: number;
  /** "a stand", "a vehicle": what `each` is counted for */
  per: string;
  section: string;
}

/** The numbers of the tallies, from the tables that keep them (tallies, scenario-bounds, hq-replacement). */
function tallyNumbers(data: BlazeAwayData) {
  const tallies = data.system.table('tallies');
  const row = (ref: string) => {
    const r = rowByRef(tallies, ref);
    return { count: Number(r?.['count']), section: String(r?.['section'] ?? '') };
  };
  const hq = new Map(data.system.table('hq-replacement').rows.map((r) => [String(r['rating']), Number.parseInt(String(r['turns']), 10)]));
  return {
    charges: row('charges'),
    flameManPack: row('flame-man-pack'),
    flameVehicle: row('flame-vehicle'),
    softskin: row('softskin-hits'),
    mortarHits: row('mortar-hits'),
    fighterRuns: row('fighter-runs'),
    bomberRuns: row('bomber-runs'),
    // the text's "no more than": a scenario may give fewer (7.3.10, 7.3.14)
    smoke: { count: data.bounds.get('smoke')?.most ?? 0, section: '7.3.14 Smoke' },
    rockets: { count: data.bounds.get('rocket-volleys')?.most ?? 0, section: '7.3.10 Rocket Artillery' },
    hq: { turns: hq, section: data.system.table('hq-replacement').section },
  };
}

/**
 * What a unit counts off in a game, only where its weapons or kind make the rule apply: charges
 * for every infantry stand but snipers (4.4.3, 7.1.8), bursts for flamethrowers (7.1.6), smoke for medium and heavy
 * mortars and guns (7.3.14), volleys for rocket launchers (7.3.10), hits on softskins (7.1.7),
 * mortar hits on armoured vehicles (7.2.11), attack runs for ground-attack aircraft (7.4.5,
 * 7.4.6) and the turns until a lost HQ is replaced (3.5.3).
 */
export function unitTallies(data: BlazeAwayData, unit: CheckedUnit): Tally[] {
  const n = tallyNumbers(data);
  const out: Tally[] = [];
  const add = (what: string, t: { count: number; section: string }, of: number, per: string) => {
    if (of > 0 && t.count > 0) out.push({ what, each: t.count, of, per, section: t.section });
  };
  const u = unit.unit;
  if (u.kind === 'infantry') {
    const stands = (test: (g: CheckedUnit['groups'][number]) => boolean) => unit.groups.filter(test).reduce((k, g) => k + g.count, 0);
    const weapon = (g: CheckedUnit['groups'][number]) => data.weapons.get(g.type.weapon);
    // a sniper cannot move and takes no order card (7.1.8): it never charges
    add('Charges', n.charges, stands((g) => g.type.orders !== 'none'), 'stand');
    add('Flamethrower bursts', n.flameManPack, stands((g) => g.type.weapon === 'flamethrower'), 'flamethrower');
    // light mortars lay no smoke (7.3.14: medium and heavy only)
    add('Smoke rounds', n.smoke, stands((g) => weapon(g)?.table === 'mortars' && weapon(g)?.row !== 'light'), 'mortar');
    const hqs = stands((g) => g.type.id === 'hq');
    const turns = unit.rating ? n.hq.turns.get(unit.rating.name) : undefined;
    if (hqs > 0 && turns) out.push({ what: `Turns to a new HQ once it is lost (${unit.rating!.name})`, each: turns, of: 1, per: 'HQ', section: n.hq.section });
  } else if (u.kind === 'armour' || u.kind === 'motorised') {
    add('Flamethrower bursts', n.flameVehicle, unit.weapons.some((w) => w.id === 'vehicle-flamethrower') ? unit.models : 0, 'vehicle');
    if (u.rockets) add('Rocket volleys', n.rockets, unit.models, 'launcher');
    // 7.3.14 gives smoke to vehicles "with appropriate smoke projectiles" and names none: muster's reading gives it every gun-armed vehicle
    else add(markReading('Smoke rounds', 'blazeaway/smoke-for-vehicles'), n.smoke, unit.gunGroup !== undefined ? unit.models : 0, 'vehicle');
    if (unit.softskin) add('Hits of 6 or more', n.softskin, unit.models, 'vehicle');
    else add('Mortar hits', n.mortarHits, unit.models, 'vehicle');
  } else if (u.kind === 'gun') {
    if (u.rockets) add('Rocket volleys', n.rockets, unit.models, 'launcher');
    else add('Smoke rounds', n.smoke, unit.models, 'gun');
  } else if (u.kind === 'aircraft') {
    // two strafing runs a fighter (7.4.5); two attack runs a bomber or tankbuster (7.4.6)
    const role = unit.role?.ref;
    if (role === 'fighter') add('Attack runs', n.fighterRuns, unit.models, 'flight');
    else if (role === 'bomber' || role === 'tankbuster') add('Attack runs', n.bomberRuns, unit.models, 'flight');
  }
  return out;
}

/** The tallies of a force's units, a row each; none when no unit has one. A sheet of its own, ticked through the game: under the Unit Sheet where it fits there. */
export function tallyTable(data: BlazeAwayData, units: readonly CheckedUnit[]): TableBlock | undefined {
  const rows = units.flatMap((u) =>
    unitTallies(data, u).map((t): Run[][] => [
      [bold(u.unit.name)],
      [plain(t.of > 1 || t.per !== 'HQ' ? `${t.what}, ${t.each} a ${t.per}` : t.what)],
      [tickBoxGroups(Array.from({ length: t.of }, () => t.each))],
      [plain(t.section)],
    ]),
  );
  if (rows.length === 0) return undefined;
  return table(
    'tallies',
    'Count as you play',
    `${SECTION}; 3.5.3; 4.4.3; 7.1.6; 7.1.7; 7.2.11; 7.3.10; 7.3.14; 7.4.5; 7.4.6`,
    [left('Unit'), left('Tally'), left('Tick a box each time'), left('Section')],
    rows,
    'Smoke and rocket volleys are the most the text advises; a scenario may give fewer. A flamethrower refuels with an Action card. A softskin is knocked out at its third box, an armoured vehicle disabled.',
  );
}

/** The tallies as a sheet of their own, or none when the force has nothing to count. */
export function tallySheets(data: BlazeAwayData, roster: BaRoster, title: string): { title: string; blocks: Block[] }[] {
  const tallies = tallyTable(data, roster.units);
  return tallies ? [{ title, blocks: [tallies] }] : [];
}

/** A force's name short enough for a page header beside the sheet's title. */
export function shortName(name: string): string {
  return name.length <= 60 ? name : `${name.slice(0, 59).trimEnd()}…`;
}

/** The force at a glance: who, the rating and what it gives, orders a turn, the deck. */
export function forceBlock(data: BlazeAwayData, roster: BaRoster, title: string): TextBlock {
  const { force, rating } = roster;
  const total = [...roster.deck.values()].reduce((n, c) => n + c, 0);
  const dummies = roster.deck.get(data.sizing.dummy) ?? 0;
  return {
    kind: 'text',
    title,
    section: '4.1 Command Rating',
    width: 'column',
    paragraphs: [
      `**${force.name}.** ${force.nation}, ${force.side === 'axis' ? 'Axis' : 'Allies'}${force.partisans ? '; partisans, never better than Confident (3.6)' : ''}.`,
      rating ? `**Command rating.** ${rating.name}: ${rating.read ? markReading(plural(rating.cards, 'order card'), 'blazeaway/order-card-deck') : plural(rating.cards, 'order card')} a platoon, unless a unit has its own rating.` : '**Command rating.** Unknown: see the check.',
      `**Orders.** ${plural(roster.ordersPerTurn, 'order card')} a turn, from a deck of ${markReading(plural(total, 'card'), 'blazeaway/order-card-deck')} in ${roster.colour.name}, ${dummies} of them ${dummies === 1 ? 'a dummy' : 'dummies'} (a dummy is no extra order).`,
      ...(force.notes ? [`**Notes.** ${force.notes}`] : []),
    ],
  };
}

/** The force's order deck: the full deck's cards in the numbers the force needs, in its colour. */
export function forceDeck(data: BlazeAwayData, roster: BaRoster, options: PrintOptions, title?: string): DeckNode {
  const copy = data.deck.deck.copies.find((c) => c.name === roster.colour.name) ?? data.deck.deck.copies[0]!;
  return buildDataDeck(data.deck, copy, { system: data.system.info.id, print: options.print, units: options.units, counts: roster.deck, title: title ?? `${roster.force.name}: order cards` });
}

/** `muster cards blazeaway --force FILE`: the Unit Sheet with the force's check, then its deck. */
export function unitSheetDocument(data: BlazeAwayData, roster: BaRoster, options: PrintOptions): DocumentNode {
  const info = data.system.info;
  // the house folders of the stand types it prints, named in its footers
  const houses = roster.units.flatMap((u) => u.groups.flatMap((g) => (g.type.house !== undefined ? [g.type.house] : [])));
  return withHouseRules({
    meta: documentMeta(info, `Unit sheet and order cards: ${shortName(roster.force.name)}`, options),
    sheets: [
      {
        title: 'Unit sheet',
        blocks: [
          forceBlock(data, roster, 'The force'),
          checkBlock(
            roster.problems,
            SECTION,
            'Every rating, stand, armour class, gun group, crew rating, carrier and aircraft type is one the rules know, and every stand has the figures its base allows (3.2).',
          ),
          ...unitSheetBlocks(data, roster, options),
        ],
      },
      ...tallySheets(data, roster, 'Count as you play'),
    ],
    decks: [forceDeck(data, roster, options)],
  }, houses);
}
