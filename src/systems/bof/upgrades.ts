import { MAX_POINTS } from '../../data/limits.js';
import type { Arsenal } from './arsenal.js';
import { findUnit, findWeapon } from './arsenal-names.js';
import type { Quality, Unit } from './arsenal-schema.js';
import { campaignRoster, changeModels, entriesNamed, newProblems, type CampaignForce } from './campaign-forces.js';
import { isSoldier, unitCost } from './cost.js';
import { possessive } from '../../doc/possessive.js';

/**
 * How to upgrade core units: what a unit may become. The text's boundaries: infantry stays
 * infantry (rank and weapons), transports stay transports, armoured cars may become tanks,
 * light tanks medium or heavy ones, support weapons heavier support weapons. Where the text is
 * silent muster keeps a unit in its own class (medium tanks may rise to heavy, heavy tanks stay
 * heavy, assault guns and tank destroyers stay such) and refuses planes, which it never upgrades.
 */
export type UpgradeClass = 'soldier' | 'ranking officer' | 'transport' | 'armoured car' | 'light tank' | 'medium tank' | 'heavy tank' | 'assault gun' | 'support weapon' | 'plane';

/** A unit's class by its type and, for an AFV, its role. */
export function upgradeClass(unit: Unit): UpgradeClass {
  switch (unit.type) {
    case 'infantry':
    case 'crew':
    case 'squad-leader':
      return 'soldier';
    case 'ranking-officer':
      return 'ranking officer';
    case 'transport':
      return 'transport';
    case 'support-weapon':
      return 'support weapon';
    case 'plane':
      return 'plane';
    case 'afv': {
      const role = (unit.role ?? '').toLowerCase();
      if (/armoured car|light car/.test(role)) return 'armoured car';
      if (/light tank|tankette/.test(role)) return 'light tank';
      if (/heavy tank/.test(role)) return 'heavy tank';
      if (/tank destroyer|self-propelled|assault gun/.test(role)) return 'assault gun';
      return 'medium tank';
    }
  }
}

/** What each class may become; the text's boundaries and, where it is silent, muster's (see above). */
export const UPGRADES_TO: Readonly<Record<UpgradeClass, readonly UpgradeClass[]>> = {
  soldier: ['soldier'],
  'ranking officer': ['ranking officer'],
  transport: ['transport'],
  'armoured car': ['armoured car', 'light tank', 'medium tank', 'heavy tank'],
  'light tank': ['light tank', 'medium tank', 'heavy tank'],
  'medium tank': ['medium tank', 'heavy tank'],
  'heavy tank': ['heavy tank'],
  'assault gun': ['assault gun'],
  'support weapon': ['support weapon'],
  plane: [],
};

const a = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/** Undefined where `from` may become `to`; otherwise why not, in the player's words. */
export function upgradeProblem(from: Unit, to: Unit): string | undefined {
  const [was, would] = [upgradeClass(from), upgradeClass(to)];
  const allowed = UPGRADES_TO[was];
  if (allowed.includes(would)) return undefined;
  if (allowed.length === 0) return `${from.name} is ${a(was)}, and the campaign rules upgrade no ${was}s (How to upgrade core units)`;
  const list = allowed.length === 1 ? a(allowed[0]!) : `${allowed.slice(0, -1).map(a).join(', ')} or ${a(allowed.at(-1)!)}`;
  return `${from.name} is ${a(was)} and may become only ${list}; ${to.name} is ${a(would)} (How to upgrade core units)`;
}

/**
 * Undefined where `to` is more powerful than `from`; otherwise why not, and what `from` may
 * become. How to upgrade core units upgrades a vehicle or support weapon to a more powerful one
 * without a measure; muster's reading measures a unit's power by its points, which follow its
 * firepower, armour, speed and capacity (Doctrines & Detachments), at the arsenal's price: a unit
 * upgrades only to one worth more points.
 */
export function powerProblem(from: Unit, to: Unit, arsenal: Arsenal): string | undefined {
  const price = (unit: Unit) => unitCost(unit, arsenal.weapons).cost;
  if (price(to) > price(from)) return undefined;
  const allowed = UPGRADES_TO[upgradeClass(from)];
  const better = [...arsenal.units.values()]
    .filter((u) => u.nation === from.nation && allowed.includes(upgradeClass(u)) && price(u) > price(from))
    .sort((x, y) => price(x) - price(y) || x.name.localeCompare(y.name))
    .map((u) => `${u.name} (${price(u)})`);
  const may = better.length > 0 ? `${from.name} may become a unit worth more than ${price(from)} points: ${better.join(', ')}` : `no unit of its nation within its boundaries is worth more than ${from.name}`;
  return `${to.name} (${price(to)} points) is not more powerful than ${from.name} (${price(from)} points): an upgrade is to a more powerful unit (How to upgrade core units), and muster measures a unit's power by its points (its reading: the text gives no measure); ${may}`;
}

/** An upgrade applied to a kept force: the force after it, the ledger's words, and its cost. */
export interface AppliedUpgrade {
  force: CampaignForce;
  text: string;
  cost: number;
  /** the cost worked out: the force's points after less its points before */
  working: string;
}

const RANKS: readonly Quality[] = ['conscript', 'regular', 'elite'];

/**
 * An upgrade of the kept force, as a player writes it after the side (How to upgrade core units):
 *   FROM>TO       a unit into another unit of its nation, within the text's boundaries
 *   FROM>elite    soldiers to a higher rank (conscript, regular, elite)
 *   FROM+WEAPON   a soldier equipped with a weapon more (a primary one replaces his rifle)
 * FROM names the force's units by unit or label, "3 x Grenadier" for more than one model. Its
 * cost is what the force's points rise by (muster's reading: the text prices no upgrade, and
 * unit points are muster's own), never below 0; the force's limit rises with it. An upgrade that
 * would leave the force breaking a rule of its doctrine it kept before is refused.
 */
export function applyUpgrade(kept: CampaignForce, typed: string, arsenal: Arsenal): AppliedUpgrade | { problem: string } {
  const parsed = /^\s*(?:(\d{1,3})\s*[x×]\s+)?(.+?)\s*([>+])\s*(.+?)\s*$/u.exec(typed);
  if (!parsed) return { problem: 'write it as FROM>TO (a unit), FROM>elite (a rank) or FROM+WEAPON (a weapon for soldiers)' };
  const count = parsed[1] === undefined ? 1 : Number(parsed[1]);
  const [fromName, how, toName] = [parsed[2]!, parsed[3]!, parsed[4]!];
  if (count < 1) return { problem: 'upgrade at least one model' };
  const named = entriesNamed(kept, fromName, arsenal);
  if ('problem' in named) return named;
  const before = campaignRoster(kept, arsenal);
  const lineOf = (i: number) => before.lines.find((l) => l.index === i);
  const enough = (i: number) => kept.units[i]!.count >= count;
  const unitOf = (i: number) => arsenal.units.get(kept.units[i]!.unit)!;
  const many = count > 1 ? `${count} x ` : '';

  let force: CampaignForce;
  let text: string;
  if (how === '+') {
    const found = findWeapon(arsenal, toName, kept.nation);
    if (found.problem !== undefined) return { problem: found.problem };
    const weapon = found.found;
    const soldiers = named.indices.filter((i) => isSoldier(unitOf(i)));
    if (soldiers.length === 0) return { problem: `${unitOf(named.indices[0]!).name} is no soldier: the text equips infantry with more or better weapons (How to upgrade core units)` };
    const takers = soldiers.filter((i) => !(lineOf(i)?.weapons ?? []).includes(weapon.id));
    if (takers.length === 0) return { problem: `every ${fromName} of ${kept.name} carries a ${weapon.name} already` };
    const index = takers.find(enough);
    if (index === undefined) return { problem: `no entry of ${fromName} in ${kept.name} has ${count} models without a ${weapon.name}; upgrade fewer at a time` };
    force = changeModels(kept, index, count, (e) => ({ ...e, weapons: [...e.weapons, weapon.id] }));
    text = `${many}${lineOf(index)!.label} equipped with a ${weapon.name}`;
  } else if ((RANKS as readonly string[]).includes(toName.toLowerCase())) {
    const rank = toName.toLowerCase() as Quality;
    const soldiers = named.indices.filter((i) => isSoldier(unitOf(i)));
    if (soldiers.length === 0) return { problem: `${unitOf(named.indices[0]!).name} is no soldier: the text raises the rank of infantry only (How to upgrade core units)` };
    const lower = soldiers.filter((i) => RANKS.indexOf(lineOf(i)!.quality) < RANKS.indexOf(rank));
    if (lower.length === 0) return { problem: `no ${fromName} of ${kept.name} is below ${rank}: an upgrade raises a rank` };
    const index = lower.find(enough);
    if (index === undefined) return { problem: `no entry of ${fromName} in ${kept.name} has ${count} models below ${rank}; upgrade fewer at a time` };
    text = `${many}${lineOf(index)!.label} from ${lineOf(index)!.quality} to ${rank}`;
    force = changeModels(kept, index, count, (e) => ({ ...e, quality: rank }));
  } else {
    const found = findUnit(arsenal, toName, kept.nation);
    if (found.problem !== undefined) return { problem: found.problem };
    const to = found.found;
    if (to.nation !== kept.nation) {
      return { problem: `${to.name} is a unit of ${arsenal.nations.get(to.nation)?.name ?? to.nation}, and ${kept.name} fields ${possessive(arsenal.nations.get(kept.nation)?.name ?? kept.nation)}: a foreign unit joins a force only as salvage` };
    }
    const index = named.indices.find(enough);
    if (index === undefined) return { problem: `no entry of ${fromName} in ${kept.name} has ${count} models; upgrade fewer at a time` };
    const from = unitOf(index);
    if (from.id === to.id) return { problem: `it is a ${to.name} already` };
    const boundary = upgradeProblem(from, to) ?? powerProblem(from, to, arsenal);
    if (boundary) return { problem: boundary };
    text = `${many}${from.name} to ${to.name}`;
    // an upgraded unit keeps standing for the core unit it was; salvage upgraded is bought from then on
    force = changeModels(kept, index, count, ({ salvaged, upgradedFrom, label, ...e }) => ({
      ...e,
      unit: to.id,
      ...(salvaged === undefined ? { upgradedFrom: upgradedFrom ?? e.unit } : {}),
      // a named model keeps its name; "(salvaged)" goes with the salvaged unit
      ...(label !== undefined && salvaged === undefined ? { label } : {}),
    }));
  }
  const after = campaignRoster(force, arsenal);
  const broken = newProblems(before, after).filter((p) => p.rule !== 'points');
  if (broken.length > 0) {
    const hint = broken.some((p) => p.rule === 'allowed units') ? ` (muster list bof detachments --doctrine ${kept.doctrine} shows what it may field)` : '';
    return { problem: `it would leave ${kept.name} breaking its doctrine: ${broken.map((p) => `${p.rule}: ${p.message}`).join('; ')}${hint}` };
  }
  const cost = Math.max(0, after.points - before.points);
  if (force.points + cost > MAX_POINTS) return { problem: `it would raise ${possessive(kept.name)} limit past ${MAX_POINTS} points` };
  const working = after.points >= before.points ? `${after.points} - ${before.points} points` : `${after.points} - ${before.points} points: no points come back`;
  return { force: { ...force, points: force.points + cost }, text, cost, working };
}
