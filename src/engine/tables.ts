import { rollDice, type Rng } from './dice.js';
import { RollError } from './errors.js';

/**
 * A table row as the engine reads it: cells by column key, of which it reads only `roll` (the
 * totals that select the row, a list or a span {from, to}) and `reroll`. The data's checked
 * rows are of this shape.
 */
export type Row = Readonly<Record<string, unknown>>;

/** A table as the engine rolls on it. */
export interface RuleTable<R extends Row = Row> {
  readonly id: string;
  readonly use: 'lookup' | 'need' | 'reference';
  readonly dice?: string | undefined;
  readonly rows: readonly R[];
  /** totals the dice can show that the text gives no row for */
  readonly unlisted?: readonly number[] | undefined;
}

/** The totals a lookup row answers to, or undefined when the row has no roll cell. */
export function rowTotals(row: Row): number[] | undefined {
  const roll = row['roll'];
  if (Array.isArray(roll)) return roll as number[];
  if (isSpan(roll)) {
    const totals: number[] = [];
    for (let t = roll.from; t <= roll.to; t++) totals.push(t);
    return totals;
  }
  return undefined;
}

function isSpan(roll: unknown): roll is { from: number; to: number } {
  return typeof roll === 'object' && roll !== null && 'from' in roll;
}

export function isReroll(row: Row): boolean {
  return row['reroll'] !== undefined;
}

/** One die roll as it goes into a result's roll log. */
export interface RollRecord {
  /** what the roll was for, e.g. "deployment-sector" */
  purpose: string;
  dice: string;
  faces: number[];
  total: number;
  /** what the roll decided, in words */
  decided: string;
}

export interface TableRoll<R extends Row = Row> {
  /** undefined when the total is one the text gives no row for (the table's `unlisted`) */
  row: R | undefined;
  rowIndex: number;
  rolls: RollRecord[];
}

/** Safety stop for a table whose every row rerolls; data checks make this unreachable. */
const MAX_REROLLS = 1000;

/**
 * Rolls on a lookup table, rolling again on a reroll row, and logs every roll. `describe`
 * turns the row landed on into the words recorded in the log.
 */
export function rollOnTable<R extends Row>(
  rng: Rng,
  table: RuleTable<R>,
  describe: (row: R) => string,
  purpose: string = table.id,
): TableRoll<R> {
  if (table.use !== 'lookup' || !table.dice) {
    throw new RollError(`table "${table.id}" is not a lookup table and cannot be rolled on`);
  }
  const rolls: RollRecord[] = [];
  for (let attempt = 0; attempt < MAX_REROLLS; attempt++) {
    const roll = rollDice(rng, table.dice);
    const rowIndex = table.rows.findIndex((row) => rowTotals(row)?.includes(roll.total));
    const row = table.rows[rowIndex];
    if (!row) {
      if (table.unlisted?.includes(roll.total)) {
        rolls.push({ purpose, ...roll, decided: 'no row in the rules text (see the table note)' });
        return { row: undefined, rowIndex: -1, rolls };
      }
      throw new RollError(`table "${table.id}" has no row for ${roll.total} on ${table.dice}`);
    }
    const reroll = isReroll(row);
    rolls.push({ purpose, ...roll, decided: reroll ? 'reroll' : describe(row) });
    if (!reroll) return { row, rowIndex, rolls };
  }
  throw new RollError(`table "${table.id}" kept asking for rerolls`);
}
