import type { Row, RuleTable } from '../data/schema.js';
import { rollDice, type Rng } from './dice.js';

/** The totals a lookup row answers to, or undefined when the row has no roll cell. */
export function rowTotals(row: Row): number[] | undefined {
  const roll = row['roll'];
  if (Array.isArray(roll)) return roll;
  if (roll && typeof roll === 'object' && 'from' in roll) {
    const totals: number[] = [];
    for (let t = roll.from; t <= roll.to; t++) totals.push(t);
    return totals;
  }
  return undefined;
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

export interface TableRoll {
  /** undefined when the total is one the text gives no row for (the table's `unlisted`) */
  row: Row | undefined;
  rowIndex: number;
  rolls: RollRecord[];
}

/** Safety stop for a table whose every row rerolls; data checks make this unreachable. */
const MAX_REROLLS = 1000;

/**
 * Rolls on a lookup table, rolling again on a reroll row, and logs every roll. `describe`
 * turns the row landed on into the words recorded in the log.
 */
export function rollOnTable(
  rng: Rng,
  table: RuleTable,
  describe: (row: Row) => string,
  purpose: string = table.id,
): TableRoll {
  if (table.use !== 'lookup' || !table.dice) {
    throw new Error(`table "${table.id}" is not a lookup table and cannot be rolled on`);
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
      throw new Error(`table "${table.id}" has no row for ${roll.total} on ${table.dice}`);
    }
    const reroll = isReroll(row);
    rolls.push({ purpose, ...roll, decided: reroll ? 'reroll' : describe(row) });
    if (!reroll) return { row, rowIndex, rolls };
  }
  throw new Error(`table "${table.id}" kept asking for rerolls`);
}
