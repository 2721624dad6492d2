import { rollDice, type Rng } from './dice.js';
import { RollError } from './errors.js';
import type { Provenance } from '../vocab/provenance.js';

/**
 * A table row as the engine reads it: cells by column key, of which it reads only `roll` (the
 * totals that select the row, a list or a span {from, to}) and `reroll`. The data's checked
 * rows are of this shape.
 */
export type Row = Readonly<Record<string, unknown>>;

/** A table as the engine rolls on it. */
export interface RuleTable<R extends Row = Row> {
  readonly id: string;
  /** the heading of the section of the text its rows come from */
  readonly section: string;
  /** the entry of the rule set's register of readings its use stands for, where the roll is muster's reading */
  readonly readingId?: string | undefined;
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
  /** the procedure the roll follows: the text's section, or muster's reading where the text gives no roll */
  source: Provenance;
}

/**
 * Where a roll on a table comes from: the reading its note stands for where it has one (the
 * text's dice or procedure read one way), otherwise the section its rows are from.
 */
export function tableSource(system: string, table: Pick<RuleTable, 'section' | 'readingId'>): Provenance {
  return table.readingId !== undefined ? { reading: `${system}/${table.readingId}` } : { section: table.section };
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
 * turns the row landed on into the words recorded in the log; `source` is where the roll comes
 * from (`tableSource`).
 */
export function rollOnTable<R extends Row>(rng: Rng, table: RuleTable<R>, describe: (row: R) => string, purpose: string, source: Provenance): TableRoll<R> {
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
        rolls.push({ purpose, ...roll, decided: 'no row in the rules text (see the table note)', source });
        return { row: undefined, rowIndex: -1, rolls };
      }
      throw new RollError(`table "${table.id}" has no row for ${roll.total} on ${table.dice}`);
    }
    const reroll = isReroll(row);
    rolls.push({ purpose, ...roll, decided: reroll ? 'reroll' : describe(row), source });
    if (!reroll) return { row, rowIndex, rolls };
  }
  throw new RollError(`table "${table.id}" kept asking for rerolls`);
}
