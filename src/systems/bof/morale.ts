import type { SystemRules } from '../../data/load.js';
import { DataError, type DataProblem } from '../../errors.js';

/**
 * Force morale is a number a 2D6 check is made against (How to determine force morale). A
 * house table that gives a word ("ten") or a fraction would print NaN and store a state no
 * later run can read, so the table is checked before anything is rolled on it.
 */
export function checkForceMoraleTable(system: SystemRules): void {
  const table = system.table('force-morale');
  const problems: DataProblem[] = [];
  table.rows.forEach((row, i) => {
    const value = row['morale'];
    if (!(typeof value === 'number' && Number.isInteger(value) && value >= 2 && value <= 12)) {
      problems.push({
        file: system.tableFiles.get('force-morale') ?? 'force-morale',
        path: `tables[id=force-morale].rows[${i}].morale`,
        message: `is ${JSON.stringify(value)}; force morale is a whole number from 2 to 12 (a 2D6 check is made against it)`,
      });
    }
  });
  if (problems.length > 0) throw new DataError(problems);
}
