import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { createRng } from '../../src/engine/dice.js';
import { rollOnTable, rowTotals, tableSource } from '../../src/engine/tables.js';
import { DEMO_DATA } from '../helpers/fixtures.js';
import { facesRng } from '../helpers/rng.js';

const describeRow = (row: Record<string, unknown>) => String(row['sector'] ?? row['effect'] ?? '?');

describe('rolling on a table', () => {
  it('rolls again on a reroll row and logs every roll', async () => {
    const db = await loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [] });
    const sector = db.system('demo').table('sector');
    // 6+6+6+6 = 24 rerolls; then 1+2+3+4 = 10 is East
    const result = rollOnTable(facesRng([6, 6, 6, 6, 1, 2, 3, 4]), sector, describeRow, 'sector', { section: sector.section });
    expect(result.row?.['sector']).toBe('East');
    expect(result.rolls).toEqual([
      { purpose: 'sector', dice: '4D6', faces: [6, 6, 6, 6], total: 24, decided: 'reroll', source: { section: sector.section } },
      { purpose: 'sector', dice: '4D6', faces: [1, 2, 3, 4], total: 10, decided: 'East', source: { section: sector.section } },
    ]);
  });
  it('refuses a table that is not rolled on', async () => {
    const db = await loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [] });
    expect(() => rollOnTable(createRng('x'), db.system('demo').table('modifiers'), describeRow, 'modifiers', { section: 'Shooting' })).toThrow(/not a lookup table/);
  });
});

describe('every lookup table of every rule set', () => {
  it('every roll over many seeds lands on a row or on a total the note explains', async () => {
    const db = await loadRulesDb({ dataDirs: [] });
    for (const system of db.systems) {
      for (const table of system.tables.values()) {
        if (table.use !== 'lookup') continue;
        for (let seed = 0; seed < 200; seed++) {
          const result = rollOnTable(createRng(`${table.id}-${seed}`), table, () => 'row', table.id, tableSource(system.info.id, table));
          const last = result.rolls[result.rolls.length - 1]!;
          if (result.row) expect(rowTotals(result.row)).toContain(last.total);
          else expect(table.unlisted).toContain(last.total);
        }
      }
    }
  });
});

