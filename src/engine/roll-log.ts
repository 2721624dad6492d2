import { rollDice, type Rng } from './dice.js';
import { RollError } from './errors.js';
import { rollOnTable, tableSource, type RollRecord, type Row, type RuleTable } from './tables.js';
import type { Provenance } from '../vocab/provenance.js';

/**
 * The roll log one result keeps, in the order the dice fell: every table roll, plain roll,
 * draw from a bag and roll-off goes through it, so a packet can print every die in an appendix.
 * Every roll says where its procedure comes from (`source`): the text's section, or the reading
 * of the rule set's register where muster rolls what the text leaves open. A table roll takes
 * its table's own; every other roll is given one.
 */
export class RollLog {
  readonly rolls: RollRecord[] = [];

  /** `system`: the rule set whose register a table's reading is in */
  constructor(readonly system: string) {}

  /** Rolls on a lookup table (rerolls included) and returns the row landed on. */
  table<R extends Row>(rng: Rng, table: RuleTable<R>, purpose: string, describe: (row: R) => string = describeRow): R {
    const result = rollOnTable(rng, table, describe, purpose, tableSource(this.system, table));
    this.rolls.push(...result.rolls);
    if (!result.row) throw new RollError(`${table.id}: landed on a total with no row`);
    return result.row;
  }

  /** Rolls dice such as "2D6" and returns the total; `decided` words what it decided. */
  dice(rng: Rng, dice: string, purpose: string, source: Provenance, decided: (total: number) => string): number {
    const roll = rollDice(rng, dice);
    this.rolls.push({ purpose, ...roll, decided: decided(roll.total), source });
    return roll.total;
  }

  /** A seeded pick from a bag; logged as a D-n roll so the appendix shows it. */
  draw<T>(rng: Rng, bag: readonly T[], purpose: string, source: Provenance, name: (item: T) => string): T {
    return bag[this.choose(rng, bag.length, purpose, source, (index) => name(bag[index]!))]!;
  }

  /** A seeded pick of one of `count` things, by its index from 0; logged as a D-count roll. */
  choose(rng: Rng, count: number, purpose: string, source: Provenance, name: (index: number) => string): number {
    if (count === 0) throw new RollError(`${purpose}: nothing to draw from`);
    const face = 1 + Math.floor(rng.next() * count);
    this.rolls.push({ purpose, dice: `1D${count}`, faces: [face], total: face, decided: name(face - 1), source });
    return face - 1;
  }

  /** A whole number from `from` to `to`, rolled as 1D(to - from + 1) and logged; no roll when they are equal. */
  between(rng: Rng, from: number, to: number, purpose: string, source: Provenance, decided: (value: number) => string): number {
    if (to <= from) return from;
    const face = this.dice(rng, `1D${to - from + 1}`, purpose, source, (t) => decided(from + t - 1));
    return from + face - 1;
  }

  /** Words again the purposes of the rolls from `from` on, once what they were for turns out (a terrain piece that found no room takes no label). */
  retell(from: number, purpose: (purpose: string) => string): void {
    for (let i = from; i < this.rolls.length; i++) this.rolls[i] = { ...this.rolls[i]!, purpose: purpose(this.rolls[i]!.purpose) };
  }

  /** Each side throws a D6 until one is higher; the higher wins (who attacks, who goes first). */
  rollOff(rng: Rng, sides: readonly [string, string], purpose: string, source: Provenance): string {
    for (;;) {
      const a = this.dice(rng, '1D6', `${purpose}: ${sides[0]}`, source, (t) => `${sides[0]} rolls ${t}`);
      const b = this.dice(rng, '1D6', `${purpose}: ${sides[1]}`, source, (t) => `${sides[1]} rolls ${t}`);
      if (a !== b) return a > b ? sides[0] : sides[1];
    }
  }
}

/** What a row says, for the roll log: its first word or number that is not the roll itself. */
export function describeRow(row: Row): string {
  for (const [key, value] of Object.entries(row)) {
    if (key === 'roll' || key === 'ref' || key === 'reroll') continue;
    if (typeof value === 'string' && value) return value;
    if (typeof value === 'number') return String(value);
  }
  return 'row';
}
