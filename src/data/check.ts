import type { DataProblem } from '../errors.js';
import { parseDice } from '../engine/dice.js';
import { possibleTotals, sumDistribution } from '../engine/odds.js';
import { rowTotals } from '../engine/tables.js';
import type { RuleTable, Sheet } from './schema.js';

/** Problems listed for one table; a table with more gets a count of the rest. */
const MAX_PROBLEMS_PER_TABLE = 20;

/** Keys a row may carry besides its columns: marks read by the engine, never printed. */
export const ROW_MARKS = new Set(['reroll', 'ref']);

interface CheckedSystem {
  readonly tables: ReadonlyMap<string, RuleTable>;
  readonly tableFiles: ReadonlyMap<string, string>;
  readonly sheets: readonly Sheet[];
  readonly readings: ReadonlyMap<string, unknown>;
}

/** Checks that schemas cannot express: dice coverage, row keys, references between files. */
export function checkSystem(
  system: CheckedSystem,
  sheetsFileName: string,
  options: { references: boolean } = { references: true },
): DataProblem[] {
  const problems: DataProblem[] = [];
  for (const [id, table] of system.tables) {
    const file = system.tableFiles.get(id) ?? '';
    const at = (p: string) => `tables[id=${id}]${p}`;
    const found = checkTable(table);
    for (const problem of found.slice(0, MAX_PROBLEMS_PER_TABLE)) problems.push({ file, path: at(problem.path), message: problem.message });
    if (found.length > MAX_PROBLEMS_PER_TABLE) problems.push({ file, path: at(''), message: `and ${found.length - MAX_PROBLEMS_PER_TABLE} more problems in this table` });
    // a note said to stand for a reading stands for one the register holds
    if (table.readingId !== undefined && !system.readings.has(table.readingId)) {
      problems.push({ file, path: at('.readingId'), message: `no reading "${table.readingId}" in this rule set's readings.yaml; known: ${[...system.readings.keys()].join(', ') || 'none'}` });
    }
    if (table.readingId !== undefined && table.note === undefined) problems.push({ file, path: at('.readingId'), message: 'names a reading but the table has no note saying it' });
  }
  system.sheets.forEach((sheet, s) => {
    sheet.blocks.forEach((block, b) => {
      if ('table' in block && options.references && !system.tables.has(block.table)) {
        problems.push({
          file: sheetsFileName,
          path: `sheets[${s}].blocks[${b}].table`,
          message: `no table with id "${block.table}" in this rule set`,
        });
      }
      if ('odds' in block) {
        const problem = diceProblem(block.odds);
        if (problem) problems.push({ file: sheetsFileName, path: `sheets[${s}].blocks[${b}].odds`, message: problem });
      }
    });
  });
  return problems;
}

export function checkTable(table: RuleTable): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const columnKeys = new Set(table.columns.map((c) => c.key));
  table.rows.forEach((row, r) => {
    for (const key of Object.keys(row)) {
      if (!columnKeys.has(key) && !ROW_MARKS.has(key)) {
        problems.push({
          path: `.rows[${r}].${key}`,
          message: `is not a column of this table (columns: ${[...columnKeys].join(', ')})`,
        });
      }
    }
  });

  if (table.use !== 'reference' && !table.dice) {
    problems.push({ path: '.dice', message: `a "${table.use}" table needs the dice it is rolled with, e.g. 2D6` });
    return problems;
  }
  if (table.dice) {
    const problem = diceProblem(table.dice);
    if (problem) {
      problems.push({ path: '.dice', message: problem });
      return problems;
    }
  }
  if (table.use === 'lookup') problems.push(...checkCoverage(table));
  return problems;
}

/** Every total the dice can show lands on exactly one row, or is declared unlisted with a note. */
function checkCoverage(table: RuleTable): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const possible = new Set(possibleTotals(sumDistribution(table.dice!)));
  const owner = new Map<number, number>();
  const impossible = new Set<number>();
  table.rows.forEach((row, r) => {
    const totals = rowTotals(row);
    if (!totals) {
      problems.push({ path: `.rows[${r}].roll`, message: 'a lookup row needs a roll: a list of totals like [2, 5, 8] or a span {from: 8, to: 12}' });
      return;
    }
    for (const total of totals) {
      const earlier = owner.get(total);
      if (earlier !== undefined) {
        problems.push({ path: `.rows[${r}].roll`, message: `total ${total} is already on row ${earlier}; each total may select one row only` });
      }
      owner.set(total, r);
      if (!possible.has(total)) impossible.add(total);
    }
  });
  if (impossible.size > 0 && !table.note) {
    problems.push({
      path: '.rows',
      message: `totals ${[...impossible].join(', ')} cannot be rolled on ${table.dice}; keep them as the text has them only with a note saying so`,
    });
  }
  const unlisted = new Set(table.unlisted ?? []);
  if (unlisted.size > 0 && !table.note) {
    problems.push({ path: '.unlisted', message: 'unlisted totals need a note saying how they are read' });
  }
  const gaps = [...possible].filter((t) => !owner.has(t) && !unlisted.has(t));
  if (gaps.length > 0) {
    problems.push({
      path: '.rows',
      message: `no row for ${gaps.length === 1 ? 'total' : 'totals'} ${gaps.join(', ')} of ${table.dice}; add a row or list ${gaps.length === 1 ? 'it' : 'them'} in "unlisted" with a note`,
    });
  }
  return problems;
}

function diceProblem(spec: string): string | undefined {
  try {
    parseDice(spec);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
