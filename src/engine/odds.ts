import { DiceError } from './errors.js';
import { adjustedTotal, formatDice, parseDice, type Dice, type DiceAdjustment } from './dice.js';

/**
 * Exact probability distributions of dice totals, as integer counts over sides^count equally
 * likely outcomes, so odds printed on a sheet are exact fractions, not simulations.
 */
export interface Distribution {
  /** number of equally likely outcomes */
  outcomes: number;
  /** total -> number of outcomes giving it; totals in ascending order */
  counts: ReadonlyMap<number, number>;
}

const cache = new Map<string, Distribution>();

/** Outcomes adjustedDistribution walks one by one at most: 8D6 is 1.7 million. */
const MAX_WALKED_OUTCOMES = 10_000_000;

/** The distribution of the plain sum of the dice, built by convolution. */
export function sumDistribution(spec: string | Dice): Distribution {
  const dice = typeof spec === 'string' ? parseDice(spec) : spec;
  const key = `${dice.count}D${dice.sides}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let counts = new Map<number, number>([[0, 1]]);
  for (let i = 0; i < dice.count; i++) {
    const next = new Map<number, number>();
    for (const [total, count] of counts) {
      for (let face = 1; face <= dice.sides; face++) {
        next.set(total + face, (next.get(total + face) ?? 0) + count);
      }
    }
    counts = next;
  }
  const result = { outcomes: dice.sides ** dice.count, counts: sortedMap(counts) };
  cache.set(key, result);
  return result;
}

/**
 * The distribution of a total after dropping or adding the highest or lowest dice, by walking
 * every outcome (at most 6^8 for the 8D6 a fast vehicle rolls).
 */
export function adjustedDistribution(spec: string | Dice, adjustment: DiceAdjustment): Distribution {
  const dice = typeof spec === 'string' ? parseDice(spec) : spec;
  const counts = new Map<number, number>();
  const outcomes = dice.sides ** dice.count;
  if (outcomes > MAX_WALKED_OUTCOMES) {
    throw new DiceError(`${formatDice(dice)}: too many dice to count the odds of dropping or adding dice (at most ${MAX_WALKED_OUTCOMES} outcomes, such as 8D6)`);
  }
  const faces = new Array<number>(dice.count).fill(1);
  for (let n = 0; n < outcomes; n++) {
    const total = adjustedTotal(faces, adjustment);
    counts.set(total, (counts.get(total) ?? 0) + 1);
    for (let i = 0; i < faces.length; i++) {
      if (faces[i]! < dice.sides) {
        faces[i]! += 1;
        break;
      }
      faces[i] = 1;
    }
  }
  return { outcomes, counts: sortedMap(counts) };
}

export function possibleTotals(dist: Distribution): number[] {
  return [...dist.counts.keys()];
}

/** Outcomes in which the total is one of `totals`. */
export function countOf(dist: Distribution, totals: Iterable<number>): number {
  let count = 0;
  for (const total of new Set(totals)) count += dist.counts.get(total) ?? 0;
  return count;
}

export function chanceOf(dist: Distribution, totals: Iterable<number>): number {
  return countOf(dist, totals) / dist.outcomes;
}

/** P(total <= target): a roll equal to the target succeeds. */
export function chanceAtMost(dist: Distribution, target: number): number {
  let count = 0;
  for (const [total, c] of dist.counts) if (total <= target) count += c;
  return count / dist.outcomes;
}

/** P(total >= target). */
export function chanceAtLeast(dist: Distribution, target: number): number {
  let count = 0;
  for (const [total, c] of dist.counts) if (total >= target) count += c;
  return count / dist.outcomes;
}

export function mean(dist: Distribution): number {
  let weighted = 0;
  for (const [total, c] of dist.counts) weighted += total * c;
  return weighted / dist.outcomes;
}

/**
 * A chance as a player reads it: whole percent, with one decimal where rounding would print
 * 0% or 100% for something that can still fail or succeed.
 */
export function formatChance(p: number): string {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  const whole = Math.round(p * 100);
  if (whole >= 1 && whole <= 99) return `${whole}%`;
  const tenth = Math.round(p * 1000) / 10;
  if (tenth <= 0) return '<0.1%';
  if (tenth >= 100) return '>99.9%';
  return `${tenth.toFixed(1)}%`;
}

function sortedMap(counts: Map<number, number>): Map<number, number> {
  return new Map([...counts.entries()].sort((a, b) => a[0] - b[0]));
}
