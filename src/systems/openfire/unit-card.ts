import { formatLength, formatModifier } from '../../doc/helpers.js';
import { cardRule, markHouse, markReading, type CardColumn, type CardLine, type CardNode, type Provenance, type Units } from '../../doc/model.js';
import type { Lists } from './lists.js';
import type { OfUnit, OfWeapon } from './schema.js';

export const TYPE_NAMES: Record<OfUnit['type'], string> = {
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
  return `RNG ${range} · ROF ${w.rof} · PEN ${w.pen} · ACC ${formatModifier(w.acc)} · ${weaponKind(w, mounted)}`;
}

/** What kind of weapon it is and what it is fired at. */
function weaponKind(w: OfWeapon, mounted: boolean): string {
  const kind = mounted && w.kind === 'heavy' ? 'heavy, mobile when mounted' : w.kind;
  return `${kind}, ${w.against}${w.explodes ? ', explodes' : ''}`;
}

/**
 * A unit's weapon line: the real weapon where the list names one, with the row of muster's
 * table it uses (the rows are classes of weapon, so a 90 mm M3 fires on the 88 mm row).
 */
function weaponLine(unit: OfUnit, id: string, lists: Lists, units: Units, mounted: boolean): CardLine {
  const w = lists.weapons.get(id)!;
  const real = unit.weaponNames?.[id];
  const numbers = describeWeapon(w, units, mounted);
  // the same numbers as a row of the card's weapon table; its kind, and the row it fires on, under it
  const columns: CardColumn[] = [
    { heading: 'RNG', value: formatLength(units === 'cm' ? w.rng * 2.5 : w.rng, units) },
    { heading: 'ROF', value: String(w.rof) },
    { heading: 'PEN', value: String(w.pen) },
    { heading: 'ACC', value: formatModifier(w.acc) },
  ];
  const kind = weaponKind(w, mounted);
  return real ? { label: real, text: `${w.name} row: ${numbers}`, columns, note: `${w.name} row; ${kind}` } : { label: w.name, text: numbers, columns, note: kind };
}

const MOUNTED_RULE = 'Mounted on a vehicle, its heavy weapons act as mobile weapons: they may fire the turn after it moves.';

/** A unit's card; `label`, a force's own name for it ("Lt. Hale"), stands as its title, the unit's name under it. */
export function buildOfUnitCard(unit: OfUnit, lists: Lists, units: Units, systemName: string, label?: string): CardNode {
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
  // the sample lists' stats and points are muster's own where their file says so
  const source: Provenance = lists.readings.has(unit.id) ? { reading: 'openfire/unit-stats-and-points' } : { section: 'Characteristics' };
  const notes = unit.notes.map((note) => (typeof note === 'string' ? cardRule(note, source) : cardRule(note.text, { section: note.section })));
  return {
    id: unit.id,
    front: {
      // a house folder's unit carries the house mark after its name
      title: markHouse(label ?? unit.name, unit.house),
      subtitle: label !== undefined ? `${unit.name} · ${TYPE_NAMES[unit.type]}` : `${nation.name} · ${TYPE_NAMES[unit.type]}`,
      accent: nation.colour,
      source,
      badge: { label: unit.rank, level: RANK_LEVEL[unit.rank] },
      stats,
      lines: unit.weapons.map((id) => weaponLine(unit, id, lists, units, vehicle)),
      rules: [...notes, ...(vehicle ? [cardRule(MOUNTED_RULE, { section: 'Weapon types' })] : []), cardRule(rankRule, { section: 'Ranks' })].slice(0, 3),
      // the lists' stats and points are muster's own: one mark at the card's foot when its file says so
      footer: { left: lists.readings.has(unit.id) ? markReading(`${unit.points} points`, 'openfire/unit-stats-and-points') : `${unit.points} points`, right: systemName },
    },
    back: { title: systemName.toUpperCase(), subtitle: `${nation.name} · ${TYPE_NAMES[unit.type]}`, accent: nation.colour, icon: vehicle ? 'tank' : unit.type === 'gun' ? 'crewed-gun' : 'helmet' },
    ...(unit.house !== undefined ? { house: unit.house } : {}),
  };
}

