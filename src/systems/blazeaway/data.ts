import { loadCardDecks, type DataDeck } from '../../data/cards.js';
import type { SystemRules } from '../../data/load.js';
import { deepFreeze } from '../../data/load.js';
import { FolderIds } from '../../data/ids.js';
import { parseFolderFiles } from '../../data/parse.js';
import type { Cell, Row, RuleTable } from '../../data/schema.js';
import { DataError, type DataProblem } from '../../errors.js';
import {
  AA_WEAPONS,
  forcesDataFile,
  scenariosFile,
  type BaAaWeapon,
  type BaCarrier,
  type BaDeckSizing,
  type BaObjective,
  type BaScenarioSetup,
  type BaStandType,
  type BaWeapon,
} from './schema.js';

/** A command rating as the command table gives it: its name, rank (Poor 0) and cards a platoon. */
export interface CommandRating {
  name: string;
  rank: number;
  /** order cards a platoon (4.1.1); "4+" is read as 4 */
  cards: number;
  /** the count is muster's reading of an open cell ("4+"), marked where it prints */
  read: boolean;
}

/** A span of a table cell, "3–4" or 2. */
export interface Span {
  from: number;
  to: number;
}

/** A role an aircraft may fly (7.4), from a row of the aircraft orders table. */
export interface AircraftRole {
  ref: string;
  role: string;
  card: string;
  rule: string;
}

/** Blaze Away!'s rules as the force check, the unit sheet and the scenario read them. */
export interface BlazeAwayData {
  system: SystemRules;
  /** Poor to Excellent, as the command rating table lists them */
  ratings: readonly CommandRating[];
  /** crew ratings (7.2.2), by name */
  crewRatings: readonly string[];
  /** 8.1: by rating, the share of figures and the losses for 3 to 6 stands */
  breakingPoint: ReadonlyMap<string, { percent: number; losses: ReadonlyMap<number, number> }>;
  /** 8.2: by rating, the share of vehicles lost at which a unit withdraws */
  vehicleShare: ReadonlyMap<string, number>;
  /** 7.1.3: by rating, D10 a stand with 3, 2 and 1 figures */
  dice: ReadonlyMap<string, readonly [number, number, number]>;
  /** A to E (7.2.4) */
  armourClasses: readonly string[];
  /** 1 to 5 (7.2.6) */
  gunGroups: readonly number[];
  weapons: ReadonlyMap<string, BaWeapon>;
  stands: ReadonlyMap<string, BaStandType>;
  /** basing rows (3.2) by ref: the stand's name in the table and its figures */
  basing: ReadonlyMap<string, { name: string; figures: Span | undefined }>;
  carriers: ReadonlyMap<string, BaCarrier>;
  /** transport rows (6.4) by ref: stands a carrier holds */
  transport: ReadonlyMap<string, { name: string; stands: Span }>;
  aircraft: readonly AircraftRole[];
  /** anti-aircraft weapons by kind, mg and cannon (7.4.8) */
  antiAircraft: ReadonlyMap<string, BaAaWeapon>;
  deck: DataDeck;
  sizing: BaDeckSizing;
  setup: BaScenarioSetup;
  /** the scenario-bounds table by ref: least (absent where the text gives none) and most */
  bounds: ReadonlyMap<string, { least?: number; most: number }>;
  objectives: readonly BaObjective[];
}

/** A table row by its `ref` mark. */
export function rowByRef(table: RuleTable, ref: string): Row | undefined {
  return table.rows.find((r) => r['ref'] === ref);
}

/** A cell read as a span: {from, to}, or one number. */
export function spanOf(cell: Cell | undefined): Span | undefined {
  if (typeof cell === 'number') return { from: cell, to: cell };
  if (cell && typeof cell === 'object' && !Array.isArray(cell) && 'from' in cell) return { from: cell.from, to: cell.to };
  return undefined;
}

/** "50%" -> 50. */
function percentOf(cell: Cell | undefined): number | undefined {
  const match = typeof cell === 'string' ? /^(\d+)%$/.exec(cell.trim()) : null;
  return match ? Number(match[1]) : undefined;
}

/** "Poor & Average" -> ["Poor", "Average"]. */
function ratingsOf(cell: Cell | undefined): string[] {
  return String(cell ?? '').split('&').map((r) => r.trim()).filter(Boolean);
}

const BOUNDS = ['turns', 'night-turns', 'double-moves', 'barrage', 'aircraft-turns', 'mine-dummies', 'smoke', 'rocket-volleys', 'divisional'] as const;

/**
 * Reads what Blaze Away! needs beyond its sheets: the ratings, breaking points, classes and
 * groups from its tables; the stands, weapons, carriers and aircraft a force file may name and
 * the deck sizing (forces/); the scenario setup and objectives (scenarios/); the order deck
 * (cards/). A house folder's entry replaces the built-in one of the same id. Every reference
 * between them is checked, naming the file and field.
 */
export async function loadBlazeAway(system: SystemRules): Promise<BlazeAwayData> {
  const problems: DataProblem[] = [];
  const where = system.dirs.join(', ');
  const table = (id: string) => system.table(id);
  const tableFile = (id: string) => system.tableFiles.get(id) ?? where;

  const ratings: CommandRating[] = table('command-rating').rows.map((row, rank) => {
    const cards = Number.parseInt(String(row['cards']), 10);
    if (!Number.isInteger(cards) || cards < 1) problems.push({ file: tableFile('command-rating'), path: `tables[id=command-rating].rows[${rank}].cards`, message: 'order cards a platoon: a whole number, such as 2 or 4+' });
    return { name: String(row['rating']), rank, cards, read: String(cards) !== String(row['cards']).trim() };
  });
  const crewRatings = table('crew-ratings').rows.map((r) => String(r['rating']));

  const breakingPoint = new Map<string, { percent: number; losses: Map<number, number> }>();
  table('breaking-point').rows.forEach((row, r) => {
    const losses = new Map<number, number>();
    let percent: number | undefined;
    for (const stands of [3, 4, 5, 6]) {
      const value = row[`losses${stands}`];
      if (typeof value === 'number') losses.set(stands, value);
      percent ??= percentOf(row[`percent${stands}`]);
    }
    if (percent === undefined) problems.push({ file: tableFile('breaking-point'), path: `tables[id=breaking-point].rows[${r}]`, message: 'no share such as "50%"' });
    for (const rating of ratingsOf(row['rating'])) breakingPoint.set(rating, { percent: percent ?? 50, losses });
  });
  const vehicleShare = new Map<string, number>();
  table('bp-armour').rows.forEach((row) => {
    const share = percentOf(row['losses']);
    if (share !== undefined) for (const rating of ratingsOf(row['rating'])) vehicleShare.set(rating, share);
  });
  const dice = new Map<string, readonly [number, number, number]>();
  for (const row of table('d10-allocation').rows) dice.set(String(row['rating']), [Number(row['three']), Number(row['two']), Number(row['one'])]);
  for (const rating of ratings) {
    for (const [map, id] of [[breakingPoint, 'breaking-point'], [vehicleShare, 'bp-armour'], [dice, 'd10-allocation']] as const) {
      if (!map.has(rating.name)) problems.push({ file: tableFile(id), path: `tables[id=${id}]`, message: `no row for the ${rating.name} rating of the command rating table` });
    }
  }

  const armourClasses = table('armour-classes').columns.map((c) => c.label.replace(/^Class\s+/i, '').trim());
  const gunGroups = table('gun-groups').columns.map((c) => Number(c.label.replace(/^Group\s+/i, '')));
  const combatGroups = new Set(table('armour-combat').rows.map((r) => Number(r['group'])));
  for (const group of gunGroups) {
    if (!combatGroups.has(group)) problems.push({ file: tableFile('armour-combat'), path: 'tables[id=armour-combat].rows', message: `no row for gun group ${group}` });
  }

  const basing = new Map<string, { name: string; figures: Span | undefined }>();
  for (const row of table('basing').rows) if (typeof row['ref'] === 'string') basing.set(row['ref'], { name: String(row['unit']), figures: spanOf(row['figures']) });
  const transport = new Map<string, { name: string; stands: Span }>();
  table('transport').rows.forEach((row, r) => {
    const stands = spanOf(row['stands']);
    if (typeof row['ref'] !== 'string') return;
    if (!stands) problems.push({ file: tableFile('transport'), path: `tables[id=transport].rows[${r}].stands`, message: 'a number or a span {from, to}' });
    else transport.set(row['ref'], { name: String(row['carrier']), stands });
  });

  // forces/: weapons, stands, carriers, aircraft types and the deck sizing
  const weapons = new Map<string, BaWeapon>();
  const stands = new Map<string, BaStandType>();
  const carriers = new Map<string, BaCarrier>();
  const files = new Map<string, string>();
  let aircraftRefs: string[] | undefined;
  const antiAircraft = new Map<string, BaAaWeapon>();
  let sizing: BaDeckSizing | undefined;
  let sizingFile = where;
  const ids = { weapons: new FolderIds('weapon'), stands: new FolderIds('stand type'), carriers: new FolderIds('carrier') };
  for (const { file, dir, data, house } of await parseFolderFiles(system.dirs, 'forces', forcesDataFile, problems, { weapons: { kind: 'weapon' }, stands: { kind: 'stand type' }, carriers: { kind: 'carrier' } })) {
    for (const kind of ['weapons', 'stands', 'carriers'] as const) {
      const map = { weapons, stands, carriers }[kind] as Map<string, { id: string }>;
      (data[kind] ?? []).forEach((entry, i) => {
        const duplicate = ids[kind].claim(dir, entry.id, file, `${kind}[${i}].id`);
        if (duplicate) return problems.push(duplicate);
        // a house folder's stand type carries its name, printed as its mark on the Unit Sheet
        map.set(entry.id, kind === 'stands' && house !== undefined ? Object.assign({}, entry, { house }) : entry);
        files.set(`${kind}/${entry.id}`, file);
      });
    }
    if (data.aircraft) aircraftRefs = data.aircraft.map((a) => a.role);
    for (const w of data.antiAircraft ?? []) antiAircraft.set(w.id, w);
    if (data.deck) {
      sizing = data.deck;
      sizingFile = file;
    }
  }
  const at = (kind: string, id: string) => files.get(`${kind}/${id}`) ?? where;
  for (const w of weapons.values()) {
    if (w.table && w.row && !rowByRef(table(w.table), w.row)) problems.push({ file: at('weapons', w.id), path: `weapons[id=${w.id}].row`, message: `no row with ref "${w.row}" in the ${w.table} table` });
    if (w.he && !rowByRef(table('he-allocation'), w.he)) problems.push({ file: at('weapons', w.id), path: `weapons[id=${w.id}].he`, message: `no row with ref "${w.he}" in the he-allocation table` });
  }
  for (const s of stands.values()) {
    if (s.basing && !basing.get(s.basing)?.figures) problems.push({ file: at('stands', s.id), path: `stands[id=${s.id}].basing`, message: `no row with ref "${s.basing}" and figures in the basing table (refs: ${[...basing.keys()].join(', ')})` });
    if (!weapons.has(s.weapon)) problems.push({ file: at('stands', s.id), path: `stands[id=${s.id}].weapon`, message: `no weapon "${s.weapon}"` });
  }
  for (const c of carriers.values()) {
    if (!transport.has(c.transport)) problems.push({ file: at('carriers', c.id), path: `carriers[id=${c.id}].transport`, message: `no row with ref "${c.transport}" in the transport table (refs: ${[...transport.keys()].join(', ')})` });
  }
  const roles = table('aircraft-orders');
  const aircraft: AircraftRole[] = [];
  for (const ref of aircraftRefs ?? []) {
    const row = rowByRef(roles, ref);
    if (!row) problems.push({ file: where, path: 'forces: aircraft', message: `no row with ref "${ref}" in the aircraft-orders table` });
    else aircraft.push({ ref, role: String(row['role']), card: String(row['card']), rule: String(row['rule']) });
  }
  if (stands.size === 0) problems.push({ file: where, path: 'forces: stands', message: 'no stand types found' });
  if (aircraft.length === 0) problems.push({ file: where, path: 'forces: aircraft', message: 'no aircraft types found' });
  for (const kind of AA_WEAPONS) if (!antiAircraft.has(kind)) problems.push({ file: where, path: 'forces: antiAircraft', message: `no anti-aircraft weapon "${kind}" (7.4.8)` });

  let deck: DataDeck | undefined;
  try {
    const decks = await loadCardDecks(system);
    if (sizing) {
      // a house folder's deck of the same title comes later and is the one its players use
      deck = decks.filter((d) => d.deck.title === sizing!.deck).at(-1);
      if (!deck) problems.push({ file: sizingFile, path: 'deck.deck', message: `no deck titled "${sizing.deck}" in cards/ (decks: ${decks.map((d) => d.deck.title).join(', ')})` });
      const cardIds = new Set(deck?.cards.map((c) => c.id) ?? []);
      if (deck && !cardIds.has(sizing.dummy)) problems.push({ file: sizingFile, path: 'deck.dummy', message: `no card "${sizing.dummy}" in the ${sizing.deck} deck` });
      sizing.only.forEach((o, i) => {
        if (deck && !cardIds.has(o.card)) problems.push({ file: sizingFile, path: `deck.only[${i}].card`, message: `no card "${o.card}" in the ${sizing!.deck} deck` });
      });
    }
  } catch (error) {
    if (error instanceof DataError) problems.push(...error.problems);
    else throw error;
  }
  if (!sizing) problems.push({ file: where, path: 'forces: deck', message: 'the deck sizing is missing' });

  // scenarios/: setup and objectives
  let setup: BaScenarioSetup | undefined;
  const objectives = new Map<string, BaObjective>();
  const objectiveIds = new FolderIds('objective');
  const objectiveAt = new Map<string, { file: string; path: string }>();
  for (const { file, dir, data } of await parseFolderFiles(system.dirs, 'scenarios', scenariosFile, problems, { objectives: { kind: 'objective' } })) {
    setup = data.setup ?? setup;
    (data.objectives ?? []).forEach((o, i) => {
      const duplicate = objectiveIds.claim(dir, o.id, file, `objectives[${i}].id`);
      if (duplicate) return problems.push(duplicate);
      objectives.set(o.id, o);
      objectiveAt.set(o.id, { file, path: `objectives[${i}]` });
    });
  }
  if (!setup) problems.push({ file: where, path: 'scenarios: setup', message: 'the scenario setup is missing' });
  if (objectives.size === 0) problems.push({ file: where, path: 'scenarios: objectives', message: 'no objectives found' });
  // an objective's terrain must be one the terrain types can lay, or its place would stand bare
  if (system.terrain) {
    const looks = new Set<string>(system.terrain.types.map((t) => t.look));
    for (const o of objectives.values()) {
      if (!o.on) continue;
      const needs = o.on === 'crossroads' ? ['road'] : o.on === 'bridge' ? ['road', 'river or stream'] : [o.on];
      const lacking = needs.filter((look) => !look.split(' or ').some((l) => looks.has(l)));
      const at = objectiveAt.get(o.id)!;
      if (lacking.length > 0) {
        problems.push({ file: at.file, path: `${at.path}.on`, message: `${o.on} is laid with terrain that looks like ${lacking.join(' and ')}, and the terrain types (terrain.yaml) have none: add such a type there, or give the objective another "on"` });
      }
    }
  }

  const bounds = new Map<string, { least?: number; most: number }>();
  const boundsTable = table('scenario-bounds');
  for (const ref of BOUNDS) {
    const row = rowByRef(boundsTable, ref);
    if (!row || typeof row['most'] !== 'number') {
      problems.push({ file: tableFile('scenario-bounds'), path: 'tables[id=scenario-bounds].rows', message: `no row with ref "${ref}" and a number in "most"` });
      continue;
    }
    bounds.set(ref, { ...(typeof row['least'] === 'number' ? { least: row['least'] } : {}), most: row['most'] });
  }
  for (const ref of ['turns', 'double-moves', 'barrage', 'aircraft-turns'] as const) {
    const b = bounds.get(ref);
    if (b && (b.least === undefined || b.least > b.most)) problems.push({ file: tableFile('scenario-bounds'), path: `tables[id=scenario-bounds].rows[ref=${ref}].least`, message: `a number no more than ${b.most}` });
  }
  const nightMost = bounds.get('night-turns')?.most;
  if (setup && nightMost !== undefined && setup.nightTurnsLeast > nightMost) {
    problems.push({ file: where, path: 'scenarios: setup.nightTurnsLeast', message: `at most the ${nightMost} turns the bounds table allows a night game` });
  }

  if (problems.length > 0) throw new DataError(problems);
  return deepFreeze({
    system,
    ratings,
    crewRatings,
    breakingPoint,
    vehicleShare,
    dice,
    armourClasses,
    gunGroups,
    weapons,
    stands,
    basing,
    carriers,
    transport,
    aircraft,
    antiAircraft,
    deck: deck!,
    sizing: sizing!,
    setup: setup!,
    bounds,
    objectives: [...objectives.values()],
  });
}
