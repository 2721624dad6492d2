import { describe, expect, it } from 'vitest';
import { adjustedTotal, createRng, parseDice, rollAdjusted, rollDice } from '../../src/engine/dice.js';
import {
  adjustedDistribution,
  chanceAtLeast,
  chanceAtMost,
  chanceOf,
  formatChance,
  mean,
  sumDistribution,
} from '../../src/engine/odds.js';
import { DiceError } from '../../src/engine/errors.js';

/** Every outcome of n dice, by brute force: an independent check on the convolution. */
function enumerate(count: number, sides = 6): number[][] {
  let outcomes: number[][] = [[]];
  for (let i = 0; i < count; i++) {
    outcomes = outcomes.flatMap((o) => Array.from({ length: sides }, (_, f) => [...o, f + 1]));
  }
  return outcomes;
}
const total = (faces: number[]) => faces.reduce((a, b) => a + b, 0);

describe('dice expressions', () => {
  it('reads NdS and D3', () => {
    expect(parseDice('4D6')).toEqual({ count: 4, sides: 6 });
    expect(parseDice('D6')).toEqual({ count: 1, sides: 6 });
    expect(parseDice('1d3')).toEqual({ count: 1, sides: 3 });
    expect(parseDice('8D6')).toEqual({ count: 8, sides: 6 });
  });
  it('rejects what is not dice, saying what is allowed', () => {
    expect(() => parseDice('4X6')).toThrow(DiceError);
    expect(() => parseDice('two dice')).toThrow(/write it like 2D6/);
  });
});

describe('seeded rolls', () => {
  it('the same seed gives the same rolls', () => {
    const a = createRng('muster');
    const b = createRng('muster');
    const rollsA = Array.from({ length: 20 }, () => rollDice(a, '4D6'));
    const rollsB = Array.from({ length: 20 }, () => rollDice(b, '4D6'));
    expect(rollsA).toEqual(rollsB);
  });
  it('different seeds give different rolls', () => {
    const a = Array.from({ length: 10 }, ((rng) => () => rollDice(rng, '4D6').total)(createRng('a')));
    const b = Array.from({ length: 10 }, ((rng) => () => rollDice(rng, '4D6').total)(createRng('b')));
    expect(a).not.toEqual(b);
  });
  it('snapshot of the first rolls for seed "muster" (changes only on purpose)', () => {
    const rng = createRng('muster');
    expect([rollDice(rng, '2D6'), rollDice(rng, '4D6'), rollDice(rng, '8D6'), rollDice(rng, '1D3')]).toMatchSnapshot();
  });
  it('every face lands in range and each face of a D6 turns up', () => {
    const rng = createRng('range');
    const seen = new Set<number>();
    for (let i = 0; i < 600; i++) {
      const roll = rollDice(rng, '1D6');
      expect(roll.total).toBeGreaterThanOrEqual(1);
      expect(roll.total).toBeLessThanOrEqual(6);
      seen.add(roll.total);
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('keeping and dropping dice (terrain movement)', () => {
  it('abandons the lowest or highest dice', () => {
    expect(adjustedTotal([2, 5, 3], { op: 'drop', which: 'lowest', count: 1 })).toBe(8);
    expect(adjustedTotal([2, 5, 3], { op: 'drop', which: 'highest', count: 2 })).toBe(2);
  });
  it('adds the highest or lowest dice again', () => {
    expect(adjustedTotal([2, 5, 3], { op: 'add', which: 'highest', count: 1 })).toBe(15);
    expect(adjustedTotal([2, 5, 3], { op: 'add', which: 'lowest', count: 2 })).toBe(15);
  });
  it('dropping more dice than were rolled leaves nothing', () => {
    expect(adjustedTotal([4], { op: 'drop', which: 'highest', count: 2 })).toBe(0);
  });
  it('an adjusted roll keeps its faces in the log', () => {
    const roll = rollAdjusted(createRng('x'), '3D6', { op: 'drop', which: 'lowest', count: 1 });
    expect(roll.faces).toHaveLength(3);
    expect(roll.total).toBe(total(roll.faces) - Math.min(...roll.faces));
  });
});

describe('exact distributions', () => {
  it('P(2D6 = 7) = 6/36', () => {
    expect(chanceOf(sumDistribution('2D6'), [7])).toBe(6 / 36);
  });
  it('P(4D6 <= 14) matches a count of all 1296 outcomes', () => {
    const outcomes = enumerate(4);
    const count = outcomes.filter((o) => total(o) <= 14).length;
    expect(count).toBe(721); // (1296 + 146 outcomes of exactly 14) / 2
    expect(chanceAtMost(sumDistribution('4D6'), 14)).toBe(721 / 1296);
  });
  it('every total of 3D6 and 4D6 matches brute force', () => {
    for (const n of [3, 4]) {
      const outcomes = enumerate(n);
      const dist = sumDistribution(`${n}D6`);
      for (let t = n; t <= 6 * n; t++) {
        expect(dist.counts.get(t)).toBe(outcomes.filter((o) => total(o) === t).length);
      }
    }
  });
  it('8D6 has 6^8 outcomes and a mean of 28', () => {
    const dist = sumDistribution('8D6');
    expect(dist.outcomes).toBe(6 ** 8);
    expect(mean(dist)).toBeCloseTo(28, 10);
    expect(dist.counts.get(48)).toBe(1);
  });
  it('rolling at least a number on a D6', () => {
    expect(chanceAtLeast(sumDistribution('1D6'), 4)).toBe(0.5);
    expect(chanceAtLeast(sumDistribution('2D6'), 10)).toBe(6 / 36);
  });
  it('distributions of kept and dropped dice match brute force', () => {
    const outcomes = enumerate(3);
    const adjustment = { op: 'drop', which: 'lowest', count: 1 } as const;
    const dist = adjustedDistribution('3D6', adjustment);
    for (const [t, c] of dist.counts) {
      expect(c).toBe(outcomes.filter((o) => adjustedTotal(o, adjustment) === t).length);
    }
    expect(mean(adjustedDistribution('2D6', { op: 'add', which: 'highest', count: 1 }))).toBeCloseTo(7 + 161 / 36, 10);
  });
});

describe('chances as printed', () => {
  it('whole percent in the middle, a decimal near the ends', () => {
    expect(formatChance(0.5)).toBe('50%');
    expect(formatChance(721 / 1296)).toBe('56%');
    expect(formatChance(1 / 1296)).toBe('0.1%');
    expect(formatChance(1 / 36)).toBe('3%');
    expect(formatChance(1295 / 1296)).toBe('99.9%');
    expect(formatChance(1 / 6 ** 8)).toBe('<0.1%');
    expect(formatChance(0)).toBe('0%');
    expect(formatChance(1)).toBe('100%');
  });
});
