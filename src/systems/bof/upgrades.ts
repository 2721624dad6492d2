import type { Unit } from './arsenal-schema.js';

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
