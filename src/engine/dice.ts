import seedrandom from 'seedrandom';
import { DiceError } from './errors.js';

/**
 * The source of randomness every rolling function takes as an argument. Nothing in muster
 * reaches for a global generator, so a seed fully decides a result.
 */
export interface Rng {
  /** a float in [0, 1) */
  next(): number;
}

export function createRng(seed: string): Rng {
  const prng = seedrandom(seed);
  return { next: () => prng.quick() };
}

/** Dice rolled at once (built-in: 8D6): exact odds of more would take too long. */
export const MAX_DICE = 20;
/** Sides of a die (built-in: D20). */
export const MAX_SIDES = 100;

export interface Dice {
  count: number;
  sides: number;
}

const DICE_PATTERN = /^([1-9]\d*)?D(\d+)$/;

/**
 * "4D6" -> {count: 4, sides: 6}; "D6" -> {count: 1, sides: 6}. At most MAX_DICE dice of at
 * most MAX_SIDES sides: exact odds of more would take too long or overflow.
 */
export function parseDice(spec: string): Dice {
  const shown = spec.length > 20 ? `${spec.slice(0, 20)}…` : spec;
  const match = spec.length > 20 ? null : DICE_PATTERN.exec(spec.trim().toUpperCase());
  if (!match) throw new DiceError(`"${shown}" is not a dice expression; write it like 2D6, 4D6 or D3`);
  const count = match[1] ? Number(match[1]) : 1;
  const sides = Number(match[2]);
  if (sides < 2) throw new DiceError(`"${spec}": a die needs at least 2 sides`);
  if (count > MAX_DICE) throw new DiceError(`"${spec}": at most ${MAX_DICE} dice are rolled at once`);
  if (sides > MAX_SIDES) throw new DiceError(`"${spec}": a die has at most ${MAX_SIDES} sides`);
  return { count, sides };
}

export function formatDice(dice: Dice): string {
  return `${dice.count}D${dice.sides}`;
}

export function rollDie(rng: Rng, sides: number): number {
  return 1 + Math.floor(rng.next() * sides);
}

export interface DiceRoll {
  dice: string;
  faces: number[];
  total: number;
}

export function rollDice(rng: Rng, spec: string | Dice): DiceRoll {
  const dice = typeof spec === 'string' ? parseDice(spec) : spec;
  const faces: number[] = [];
  for (let i = 0; i < dice.count; i++) faces.push(rollDie(rng, dice.sides));
  return { dice: formatDice(dice), faces, total: sum(faces) };
}

/**
 * How a movement roll is changed by terrain: drop (abandon) or add again the highest or
 * lowest dice. Adding a die counts its pips twice.
 */
export interface DiceAdjustment {
  op: 'drop' | 'add';
  which: 'highest' | 'lowest';
  count: number;
}

/** The total of faces after an adjustment; dropping more dice than were rolled leaves 0. */
export function adjustedTotal(faces: readonly number[], adjustment?: DiceAdjustment): number {
  if (!adjustment) return sum(faces);
  const sorted = [...faces].sort((a, b) => a - b);
  const n = Math.min(adjustment.count, sorted.length);
  const chosen = adjustment.which === 'highest' ? sorted.slice(sorted.length - n) : sorted.slice(0, n);
  return adjustment.op === 'drop' ? sum(faces) - sum(chosen) : sum(faces) + sum(chosen);
}

export function rollAdjusted(rng: Rng, spec: string | Dice, adjustment?: DiceAdjustment): DiceRoll {
  const roll = rollDice(rng, spec);
  return { ...roll, total: adjustedTotal(roll.faces, adjustment) };
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
