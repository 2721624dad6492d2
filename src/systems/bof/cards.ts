import { renderProse } from '../../doc/templates.js';
import type { SystemInfo } from '../../data/schema.js';
import { cardRule, markHouse, markReading, type Block, type CardColumn, type CardLine, type CardNode, type CardRule, type CardPrint, type CardStat, type DeckNode, type SheetNode, type Provenance, type TableBlock, type Units } from '../../doc/model.js';
import type { IconName } from '../../vocab/icons.js';
import { formatLength, formatModifier } from '../../doc/helpers.js';
import { checkBlock } from '../../doc/packet.js';
import type { Arsenal } from './arsenal.js';
import type { Quality, Unit, UnitType, Weapon } from './arsenal-schema.js';
import { crewUpgradeCost, combatScoreValue, isSoldier, unitCost } from './cost.js';
import { actionsOf, type Roster, type RosterLine } from './force.js';
import { budgetWords, isOver, type BudgetFit } from '../budget-fit.js';
import { cardForModels, groupSameModels } from '../../doc/model-cards.js';

/** The order cards and roster lines appear in: command first, then men, guns, vehicles, planes. */
export const TYPE_ORDER: readonly UnitType[] = [
  'ranking-officer',
  'squad-leader',
  'infantry',
  'crew',
  'support-weapon',
  'transport',
  'afv',
  'plane',
];

const TYPE_NAMES: Record<UnitType, string> = {
  'ranking-officer': 'Ranking officer',
  'squad-leader': 'Squad leader',
  infantry: 'Infantry',
  crew: 'Crew',
  'support-weapon': 'Support weapon',
  afv: 'AFV',
  transport: 'Transport',
  plane: 'Plane',
};

const BACK_ICONS: Record<UnitType, IconName> = {
  'ranking-officer': 'star',
  'squad-leader': 'star',
  infantry: 'helmet',
  crew: 'wheel',
  'support-weapon': 'crewed-gun',
  afv: 'tank',
  transport: 'truck',
  plane: 'plane',
};

const QUALITY_LEVEL: Record<Quality, 0 | 1 | 2> = { conscript: 0, regular: 1, elite: 2 };
/** Melee values by quality (rules table "melee values"); a ranking officer fights at 18. */
const MELEE: Record<Quality, number> = { conscript: 15, regular: 16, elite: 17 };
const FALLBACK_COLOUR = { axis: '#4f5b62', allies: '#4b5d3a' } as const;

export interface CardContext {
  arsenal: Arsenal;
  units: Units;
  system: SystemInfo;
}

function accentOf(unit: Unit, ctx: CardContext): string {
  const nation = ctx.arsenal.nations.get(unit.nation);
  return nation?.colour ?? FALLBACK_COLOUR[nation?.side ?? 'allies'];
}

function nationName(unit: Unit, ctx: CardContext): string {
  return ctx.arsenal.nations.get(unit.nation)?.name ?? unit.nation;
}

/** A unit's card at a quality: stats with the rules' symbols, weapons and short reminders. */
export function buildUnitCard(
  unit: Unit,
  ctx: CardContext,
  options: { quality?: Quality; weapons?: string[]; squadLeader?: boolean; label?: string } = {},
): CardNode {
  const soldier = isSoldier(unit);
  const quality: Quality = options.quality ?? (soldier ? 'regular' : 'conscript');
  const weaponIds = options.weapons ?? unit.weapons;
  const weapons = weaponIds.map((id) => ctx.arsenal.weapons.get(id)).filter((w): w is Weapon => w !== undefined);
  const base = unitCost(unit, ctx.arsenal.weapons, quality, weaponIds).cost;
  const cost = soldier ? base : base + crewUpgradeCost(unit, quality);
  const score = options.squadLeader ? 5 : combatScoreValue(unit, cost);
  const role = options.squadLeader ? `squad leader (${unit.role})` : unit.role;
  const showBadge = soldier || quality !== 'conscript' || unit.crew !== undefined;
  // the arsenal's stats, points and notes are muster's own where its file says so; a house
  // arsenal's stand on the text's unit stats
  const source: Provenance = ctx.arsenal.readings.has(unit.id) ? { reading: 'bof/arsenal-stats' } : { section: 'Unit stats' };

  return {
    id: unit.id,
    front: {
      // a house folder's unit carries the house mark after its name
      title: markHouse(options.label ?? unit.name, unit.house),
      subtitle: `${nationName(unit, ctx)} · ${role}`,
      accent: accentOf(unit, ctx),
      source,
      badge: showBadge ? { label: quality, level: QUALITY_LEVEL[quality] } : undefined,
      stats: soldier ? soldierStats(unit, weapons, quality, cost, ctx.units, options.squadLeader) : machineStats(unit, cost, ctx.units),
      lines: weaponLines(unit, weapons, ctx.units),
      rules: rulesFor(unit, weapons, ctx.units, source).slice(0, 3),
      // the player's words at the foot: the model's name where the card has a label of its own, else the rule set
      // the arsenal's stats and points are muster's own: one mark at the card's foot when its file says so
      footer: { left: ctx.arsenal.readings.has(unit.id) ? markReading(`Cost ${cost} · Combat Score ${score}`, 'bof/arsenal-stats') : `Cost ${cost} · Combat Score ${score}`, right: options.label && options.label !== unit.name && !options.label.startsWith(unit.name) ? unit.name : ctx.system.name },
    },
    back: {
      title: ctx.system.name.toUpperCase(),
      subtitle: `${nationName(unit, ctx)} · ${TYPE_NAMES[unit.type]}`,
      accent: accentOf(unit, ctx),
      icon: BACK_ICONS[unit.type],
    },
    ...(unit.house !== undefined ? { house: unit.house } : {}),
  };
}

function soldierStats(unit: Unit, weapons: Weapon[], quality: Quality, cost: number, units: Units, squadLeader?: boolean): CardStat[] {
  const heavy = weapons.some((w) => w.heavy);
  const best = weapons.filter((w) => w.attack !== undefined).sort((a, b) => (b.attack ?? 0) * b.attacksPerTurn - (a.attack ?? 0) * a.attacksPerTurn)[0];
  const he = Math.max(0, ...weapons.map((w) => w.he ?? 0));
  const ap = Math.max(0, ...weapons.map((w) => w.ap ?? 0));
  const meleeBonus = Math.max(0, ...weapons.map((w) => w.melee ?? 0)) + (squadLeader || unit.type === 'squad-leader' ? 1 : 0);
  const melee = (unit.type === 'ranking-officer' ? 18 : MELEE[quality]) + meleeBonus;
  const stats: CardStat[] = [
    { icon: 'tommy-gun', label: 'attack', value: best ? attackText(best.attack!, best.attacksPerTurn) : '—' },
    { icon: 'bayonet', label: 'melee (4D6)', value: String(melee) },
    unit.movement === 'horse' && unit.mobility
      ? { icon: 'arrow', label: 'mounted', value: `${unit.mobility}D6` }
      : { icon: 'arrow', label: heavy ? 'move, no double' : 'move', value: formatLength(units === 'cm' ? 10 : 4, units) },
  ];
  if (he > 0) stats.push({ icon: 'explosion', label: 'HE', value: String(he) });
  if (ap > 0) stats.push({ icon: 'tank', label: 'AP', value: String(ap) });
  stats.push({ icon: 'actions', label: 'actions', value: String(actionsOf(unit, weapons)) });
  stats.push({ icon: 'dollar', label: 'cost', value: String(cost) });
  return stats;
}

function machineStats(unit: Unit, cost: number, units: Units): CardStat[] {
  const stats: CardStat[] = [];
  if (unit.armour && Object.values(unit.armour).some((v) => v > 0)) {
    const a = unit.armour;
    stats.push({ icon: 'shield', label: 'armour F/S/R/T', value: `${a.front}/${a.side}/${a.rear}/${a.top}` });
  }
  if (unit.attack) stats.push({ icon: 'tommy-gun', label: 'small arms', value: attackText(unit.attack, unit.attacksPerTurn ?? 1) });
  if (unit.he) stats.push({ icon: 'explosion', label: unit.bombs ? `HE, ${unit.bombs} bomb runs` : 'HE', value: String(unit.he) });
  if (unit.ap) stats.push({ icon: 'tank', label: 'AP', value: String(unit.ap) });
  if (unit.mobility) stats.push({ icon: 'arrow', label: 'mobility', value: `${unit.mobility}D6` });
  else if (unit.type === 'support-weapon') stats.push({ icon: 'arrow', label: unit.movement === 'static' ? 'emplaced' : 'move', value: unit.movement === 'static' ? '—' : formatLength(units === 'cm' ? 5 : 2, units) });
  if (unit.crew) stats.push({ icon: unit.type === 'support-weapon' ? 'crewed-gun' : 'wheel', label: 'crew', value: String(unit.crew) });
  if (unit.attacksPerTurn && unit.attacksPerTurn > 1 && !unit.attack) stats.push({ icon: 'shell', label: 'attacks per turn', value: String(unit.attacksPerTurn) });
  if (unit.passengers) stats.push({ icon: 'figures', label: 'passengers', value: String(unit.passengers) });
  stats.push({ icon: 'actions', label: 'actions', value: String(unit.actions) });
  stats.push({ icon: 'dollar', label: 'cost', value: String(cost) });
  return stats;
}

function attackText(attack: number, perTurn: number): string {
  return perTurn > 1 ? `${attack} ×${perTurn}` : String(attack);
}

/**
 * What a weapon does, in the card's units, each fact in order: a number the card's weapon table
 * has a column for (`heading`, `value`) or words alone.
 */
function weaponFacts(w: Weapon, units: Units): { heading?: string; value: string; words: string }[] {
  const dist = (d: { cm: number; in: number }) => formatLength(units === 'cm' ? d.cm : d.in, units);
  const column = (heading: string, value: string) => ({ heading, value, words: `${heading} ${value}` });
  const words = (text: string) => ({ value: text, words: text });
  const facts: { heading?: string; value: string; words: string }[] = [];
  if (w.attack !== undefined) facts.push(column('attack', attackText(w.attack, w.attacksPerTurn)));
  if (w.he) facts.push(column('HE', String(w.he)));
  if (w.ap) facts.push(column('AP', String(w.ap)));
  if (w.melee) facts.push(words(`melee ${formatModifier(w.melee)}`));
  if (w.range) facts.push(column('range', dist(w.range)));
  if (w.minRange) facts.push(words(`min ${dist(w.minRange)}`));
  if (w.blast) facts.push(words(`blast ${dist(w.blast)}`));
  if (w.ammo) facts.push(words(`${w.ammo} shots a game`));
  if (w.singleUse) facts.push(words('single use'));
  if (w.heavy) facts.push(words('heavy'));
  if (facts.length === 0) facts.push(words('no combat value'));
  return facts;
}

/** What each weapon does, in the card's units. */
export function describeWeapon(w: Weapon, units: Units): string {
  return weaponFacts(w, units).map((f) => f.words).join(', ');
}

/**
 * A weapon's numbers in the card's columns (attack, HE, AP, range, each where it has one), and
 * what fits no column as a note: the same words as describeWeapon, set as a row of a table.
 */
export function weaponColumns(w: Weapon, units: Units): { columns: CardColumn[]; note?: string } {
  const facts = weaponFacts(w, units);
  const columns = facts.flatMap((f) => (f.heading !== undefined ? [{ heading: f.heading, value: f.value }] : []));
  const notes = facts.filter((f) => f.heading === undefined).map((f) => f.words);
  return notes.length > 0 ? { columns, note: notes.join(', ') } : { columns };
}

function weaponLines(unit: Unit, weapons: Weapon[], units: Units): CardLine[] {
  if (isSoldier(unit)) return weapons.map((w) => ({ label: w.name, text: describeWeapon(w, units), ...weaponColumns(w, units) }));
  if (unit.blast) {
    const d = formatLength(units === 'cm' ? unit.blast.cm : unit.blast.in, units);
    return [{ label: 'HE blast radius', text: d }];
  }
  return [];
}

/** Up to three reminders: the unit's own notes first, then those its stats imply. */
/**
 * A unit's reminders: its arsenal notes (the card's own source), then what its stats imply,
 * each from the section of the text that gives it, unless a note already says it.
 */
function rulesFor(unit: Unit, weapons: Weapon[], units: Units, source: Provenance): CardRule[] {
  // a note may give a distance ({{dist 50 20}}), printed in the deck's units
  const notes = unit.notes.map((note, i) => renderProse(note, { units }, `arsenal ${unit.id} notes[${i}]`));
  const implied: [string, string][] = [];
  if (unit.doubleBurst) implied.push(['May fire a double burst; roll for overheating after it.', 'Machine guns overheating']);
  if (unit.openTop) implied.push(['Open top: grenades can be thrown in.', 'Throwing antipersonnel grenades in vehicles and bunkers']);
  // the text gives support weapons both a 90° and a 60° arc, so only AFVs get the reminder
  if (unit.type === 'afv') implied.push([unit.turret ? 'Turret: fires in a 90° arc.' : 'No turret: fires in a 60° arc; pivoting costs an action.', 'Arc of fire']);
  if (unit.crew && unit.crew > 5 && unit.type === 'afv') implied.push(['More than five crew: three actions, never a triple move.', 'Actions & Action Point Counter']);
  if (weapons.some((w) => w.heavy)) implied.push(['Heavy gear: one action, no double move.', 'Actions & Action Point Counter']);
  if (unit.tows) implied.push([`Tows ${unit.tows === 'heavy' ? 'any gun' : unit.tows === 'medium' ? 'light and medium guns' : 'light guns'}; moves at half its roll when towing.`, 'Units and movement']);
  if (unit.towClass) implied.push([`Towed by a vehicle that can pull ${unit.towClass} guns.`, 'Units and movement']);
  const rules = notes.map((note) => cardRule(note, source));
  for (const [rule, section] of implied) if (!rules.some((r) => r.text.toLowerCase().includes(rule.slice(0, 12).toLowerCase()))) rules.push(cardRule(rule, { section }));
  return rules;
}

export function sortUnits(units: Iterable<Unit>, nationOrder: readonly string[]): Unit[] {
  // one collator for the sort: localeCompare(b, 'en') sets one up for every comparison (6 ms for the arsenal)
  const names = new Intl.Collator('en');
  return [...units].sort(
    (a, b) =>
      nationOrder.indexOf(a.nation) - nationOrder.indexOf(b.nation) ||
      TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) ||
      names.compare(a.name, b.name),
  );
}

export function arsenalDeck(units: Unit[], ctx: CardContext, print: CardPrint, title: string): DeckNode {
  return { title, print, cards: units.map((u) => buildUnitCard(u, ctx)) };
}

/**
 * The cards of the models on the table. Models of one name are numbered through the whole
 * force (elite Paratroopers 1-4, then regular 5-7), never twice. Models that are the same (unit,
 * quality, weapons, squad leader or not) share a card with a box each (Rifleman 1–6); with
 * --cards each, every model has a card of its own.
 */
export function forceDeck(roster: Roster, ctx: CardContext, print: CardPrint): DeckNode {
  const named = new Map<string, number>();
  for (const line of roster.lines) named.set(line.label, (named.get(line.label) ?? 0) + line.count);
  const numbered = new Map<string, number>();
  const models: { line: RosterLine; label: string }[] = [];
  for (const line of roster.lines) {
    for (let i = 0; i < line.count; i++) {
      const n = (numbered.get(line.label) ?? 0) + 1;
      numbered.set(line.label, n);
      models.push({ line, label: named.get(line.label)! > 1 ? `${line.label} ${n}` : line.label });
    }
  }
  const groups = groupSameModels(models, ({ line }) => sameModel(line), ({ label }) => label, print.eachModel);
  const cards = groups.map(({ models: [first], labels }) => {
    const { line, label } = first!;
    return cardForModels(buildUnitCard(line.unit, ctx, { quality: line.quality, weapons: line.weapons, squadLeader: line.squadLeader, label }), labels);
  });
  return { title: roster.force.name, print, cards };
}

/** What makes two models the same on the table: their unit, quality and weapons, and whether one leads a squad. */
function sameModel(line: RosterLine): string {
  return JSON.stringify([line.unit.id, line.quality, [...line.weapons].sort(), line.squadLeader === true]);
}

/**
 * A force in a game: its fit to the budget its side was given there, and what to do where it is
 * over (in a player's words), for the roster a packet prints.
 */
export interface RosterInGame {
  fit: BudgetFit;
  /** where over: what the player can do, such as leave units out or play a mode it fits */
  advice: string;
  /** the text's section the budget comes from: Game modes, or solo's Setting up your forces */
  section: string;
}

/**
 * The roster sheet: every entry with its points, Combat Score value and actions, and the check.
 * In a packet (`game`) the points stand against the game's budget, and a force over it has
 * that as a problem of its check, with what to do.
 */
export function rosterSheet(roster: Roster, arsenal: Arsenal, units: Units, game?: RosterInGame): SheetNode {
  const cell = (text: string, style?: 'bold' | 'odds') => [{ text, ...(style ? { style } : {}) }];
  // a unit's points are muster's where its arsenal file says so (the text prices none): marked
  // as its card's cost line is; nothing is (a ranking officer comes with his detachment, salvage
  // needs no points: the text's)
  const priced = (line: RosterLine, value: number) => (value > 0 && arsenal.readings.has(line.unit.id) ? markReading(String(value), 'bof/arsenal-stats') : String(value));
  const anyPriced = roster.lines.some((line) => arsenal.readings.has(line.unit.id));
  const table: TableBlock = {
    kind: 'table',
    id: 'roster',
    title: game ? `${roster.force.name} — ${budgetWords(game.fit)}` : `${roster.force.name} — ${roster.points} of ${roster.force.points} points`,
    section: 'Doctrines & Detachments',
    width: 'full',
    columns: [
      { label: 'Unit', align: 'left' },
      { label: 'No.', align: 'center' },
      { label: 'Quality', align: 'left' },
      { label: 'Weapons', align: 'left' },
      { label: 'Each', align: 'right' },
      { label: 'Points', align: 'right' },
      { label: 'Kill worth', align: 'right' },
      { label: 'Actions', align: 'right' },
    ],
    rows: [
      ...roster.lines.map((line: RosterLine) => [
        cell(line.squadLeader ? `${line.label} (${markReading('squad leader', 'bof/squad-leader-cost')})` : line.label),
        cell(String(line.count)),
        cell(line.quality),
        cell(line.weapons.map((w) => arsenal.weapons.get(w)?.name ?? w).join(', ') || '—'),
        cell(priced(line, line.each)),
        cell(priced(line, line.total)),
        cell(String(line.scoreValue)),
        cell(String(line.actions)),
      ]),
      [cell('Total', 'bold'), cell(String(roster.lines.reduce((n, l) => n + l.count, 0))), cell(''), cell(''), cell(''), cell(anyPriced ? markReading(String(roster.points), 'bof/arsenal-stats') : String(roster.points), 'bold'), cell(''), cell('')],
    ],
    summary: `Action Point Counter starts at ${roster.actionsPerTurn} each turn (one per soldier, crewman, gun, vehicle and plane). "Kill worth" is what the enemy scores for killing one.`,
  };
  const detachment = arsenal.detachments.get(roster.force.detachment);
  const blocks: Block[] = [table];
  if (detachment) {
    const officer = detachment.detachment.officer;
    blocks.push({
      kind: 'text',
      title: `${detachment.doctrine.name}: ${detachment.detachment.name}`,
      section: 'Ranking Officers',
      width: 'column',
      paragraphs: [
        `**Ranking officer.** ${officer.orders} orders per activation, ${officer.activations} ${officer.activations === 1 ? 'activation' : 'activations'} a turn, command radius ${formatLength(units === 'cm' ? officer.radius.cm : officer.radius.in, units)}.`,
        `**Event cards.** Draws ${detachment.detachment.eventCards} Random Event & Effect ${detachment.detachment.eventCards === 1 ? 'card' : 'cards'} before turn 1.`,
        ...(detachment.detachment.special ? [`**Special.** ${detachment.detachment.special}`] : []),
      ],
    });
  }
  const over = game && isOver(game.fit) ? [{ where: 'Points', rule: "the game's budget", message: `${budgetWords(game.fit)} (${game.fit.game}). ${game.advice}` }] : [];
  const keeps = 'keeps to its doctrine: one ranking officer, allowed units, qualities and weapons, and its core units.';
  blocks.push(
    checkBlock(
      [...over, ...roster.problems],
      game ? `${game.section}; Doctrines & Detachments` : 'Doctrines & Detachments',
      game ? `The force is within this game's budget (${budgetWords(game.fit)}) and its own limit, and ${keeps}` : `The force is within its points and ${keeps}`,
    ),
  );
  return { title: `Roster: ${roster.force.name}`, blocks };
}
