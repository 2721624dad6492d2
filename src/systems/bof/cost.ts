import type { Quality, Unit, Weapon } from './arsenal-schema.js';

/**
 * The cost formula. The rules say a unit's points follow from its firepower, armour, speed
 * and (for transports) capacity, without giving numbers; these weights are muster's own,
 * set so a conscript soldier costs 1 and a medium tank a little over 20, as the text's
 * examples suggest.
 *
 *   soldiers (infantry, crew, squad leaders):  quality base (conscript 1, regular 2, elite 3) + weapons carried;
 *                               the promotion to squad leader is free (Detachment and unit quality)
 *   vehicles, guns and planes:  firepower + armour + speed + capacity (+ flight for planes)
 *     firepower = 0.25 x small-arms attack x attacks per turn + 0.3 x HE + 0.4 x AP
 *                 (HE and AP of bombs count once more for each bombing attack after the first, at a quarter)
 *     armour    = 0.75 x (front + side + rear + top)
 *     speed     = 0.5 x mobility in D6
 *     capacity  = 0.25 x passengers, transports only
 *     flight    = 4 for planes, which only AA guns and fighters can reach
 *   rounded half up, at least 1. A unit may carry a cost set by hand, with the reason.
 *   Crews come as conscripts; regular crews add half the crew (rounded up), elite crews the crew.
 */
export const COST_WEIGHTS = {
  quality: { conscript: 1, regular: 2, elite: 3 } as Record<Quality, number>,
  smallArms: 0.25,
  he: 0.3,
  ap: 0.4,
  extraBomb: 0.25,
  armour: 0.75,
  mobility: 0.5,
  passengers: 0.25,
  flight: 4,
} as const;

export interface CostPart {
  label: string;
  /** the arithmetic, as a reader checks it */
  working: string;
  value: number;
}

export interface CostBreakdown {
  unit: string;
  parts: CostPart[];
  /** the formula's total, rounded */
  formula: number;
  override?: { cost: number; reason: string };
  /** what the unit costs: the override if any, else the formula */
  cost: number;
}

const SOLDIERS = new Set(['infantry', 'crew']);

export function isSoldier(unit: Unit): boolean {
  return SOLDIERS.has(unit.type) || unit.type === 'squad-leader' || unit.type === 'ranking-officer';
}

/**
 * The cost of a unit at a quality, with every step shown; a soldier carrying `carried` (his own
 * weapons unless a force or card gives others). Given apart rather than in a copy of the unit,
 * which cost a batch of packets a fresh chain of hidden classes for each copy (issue 30).
 */
export function unitCost(unit: Unit, weapons: ReadonlyMap<string, Weapon>, quality: Quality = 'regular', carried: readonly string[] = unit.weapons): CostBreakdown {
  const parts: CostPart[] = isSoldier(unit) ? soldierParts(unit, carried, weapons, quality) : machineParts(unit);
  const raw = parts.reduce((sum, p) => sum + p.value, 0);
  const formula = Math.max(1, roundHalfUp(raw));
  const override = unit.costOverride;
  return { unit: unit.id, parts, formula, override, cost: override ? override.cost : formula };
}

/** Points to raise a vehicle's or gun's crew from the default conscripts. */
export function crewUpgradeCost(unit: Unit, quality: Quality): number {
  const crew = unit.crew ?? 0;
  if (quality === 'regular') return Math.ceil(crew / 2);
  if (quality === 'elite') return crew;
  return 0;
}

function soldierParts(unit: Unit, carried: readonly string[], weapons: ReadonlyMap<string, Weapon>, quality: Quality): CostPart[] {
  const parts: CostPart[] = [
    { label: `${quality} soldier`, working: `quality base ${COST_WEIGHTS.quality[quality]}`, value: COST_WEIGHTS.quality[quality] },
  ];
  for (const id of carried) {
    const weapon = weapons.get(id);
    if (weapon && weapon.cost > 0) parts.push({ label: weapon.name, working: `weapon cost ${weapon.cost}`, value: weapon.cost });
  }
  // a squad leader is a soldier promoted for free (Detachment and unit quality): he costs what
  // the soldier costs, and the line says the promotion adds nothing
  if (unit.type === 'squad-leader') parts.push({ label: 'squad leader promotion', working: 'free of cost', value: 0 });
  return parts;
}

function machineParts(unit: Unit): CostPart[] {
  const w = COST_WEIGHTS;
  const parts: CostPart[] = [];
  const attacks = unit.attacksPerTurn ?? 1;
  if (unit.attack) {
    parts.push({ label: 'small arms', working: `${w.smallArms} x ${unit.attack} x ${attacks} attacks`, value: w.smallArms * unit.attack * attacks });
  }
  const bombFactor = unit.bombs ? 1 + w.extraBomb * (unit.bombs - 1) : 1;
  const perBomb = unit.bombs && unit.bombs > 1 ? ` x ${bombFactor} (${unit.bombs} bombing attacks)` : '';
  if (unit.he) parts.push({ label: 'HE', working: `${w.he} x ${unit.he}${perBomb}`, value: w.he * unit.he * bombFactor });
  if (unit.ap) parts.push({ label: 'AP', working: `${w.ap} x ${unit.ap}${perBomb}`, value: w.ap * unit.ap * bombFactor });
  if (unit.armour) {
    const { front, side, rear, top } = unit.armour;
    const total = front + side + rear + top;
    if (total > 0) parts.push({ label: 'armour', working: `${w.armour} x (${front}+${side}+${rear}+${top})`, value: w.armour * total });
  }
  if (unit.mobility) parts.push({ label: 'speed', working: `${w.mobility} x ${unit.mobility}D6`, value: w.mobility * unit.mobility });
  if (unit.type === 'transport' && unit.passengers) {
    parts.push({ label: 'capacity', working: `${w.passengers} x ${unit.passengers} passengers`, value: w.passengers * unit.passengers });
  }
  if (unit.type === 'plane') parts.push({ label: 'flight', working: `${w.flight} for a plane`, value: w.flight });
  return parts.map((p) => ({ ...p, value: Math.round(p.value * 100) / 100 }));
}

function roundHalfUp(value: number): number {
  return Math.floor(value + 0.5 + 1e-9);
}

/** Points a kill of this unit puts on the Combat Score: officers 10, squad leaders 5, else cost. */
export function combatScoreValue(unit: Unit, cost: number): number {
  if (unit.type === 'ranking-officer') return 10;
  if (unit.type === 'squad-leader') return 5;
  return cost;
}
