/**
 * Issue 51, point 4: the roll log's terrain rows name each piece by the label the terrain list
 * gives it ("T8 ruins 2") rather than repeating its size and place, and still list every die; a
 * piece whose dice found no room keeps its words in full and no label.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRulesDb, type RulesDb } from '../../src/data/load.js';
import { rollThroughModule } from '../helpers/module-scenario.js';
import { rollLogRow } from '../../src/doc/packet.js';
import { terrainRollOf } from '../../src/engine/terrain.js';
import type { Run, TableBlock } from '../../src/doc/model.js';
import type { RollRecord } from '../../src/engine/tables.js';

let db: RulesDb;
beforeAll(async () => {
  db = await loadRulesDb({ dataDirs: [] });
});

const text = (runs: readonly Run[]) => runs.map((r) => r.text).join('');

describe('the roll log names terrain pieces by their labels', () => {
  it('every laid piece is a row "T# name", the terrain list has that label, and every die is still counted', async () => {
    // seeds whose city maps leave pieces without room, so both kinds of row are met
    for (const seed of ['club/rung-2', 'club/rung-3']) {
      const [made] = await rollThroughModule(db.system('bof'), { seed, terrain: 'normal', units: 'cm' });
      const { result, packet } = made!;
      const log = packet.sheets.find((s) => s.role === 'rolls')!.blocks[0] as TableBlock;
      const list = packet.sheets.flatMap((s) => s.blocks).find((b) => b.kind === 'table' && b.id === 'terrain-pieces') as TableBlock;
      const listed = new Set(list.rows.map((row) => text(row[0]!)));
      const labelled = log.rows.map(rollLogRow).filter((row) => /^T\d+ /.test(row.purpose));
      expect(labelled.length).toBeGreaterThan(10);
      // one row a laid piece, each naming a piece the list prints, none twice
      expect(new Set(labelled.map((row) => row.purpose.split(' ')[0]))).toEqual(listed);
      expect(labelled).toHaveLength(listed.size);
      for (const row of log.rows.filter((r) => /^T\d+ /.test(text(r[1]!)))) {
        const decided = text(row[2]!);
        expect(decided).toMatch(/: as listed · /);
        // no size or place repeated from the list
        expect(decided).not.toMatch(/ cm|from the (west|south) edge/);
      }
      // the numbers still count every die, in order, with nothing left out
      const numbers = log.rows.map((row) => text(row[0]!));
      const last = numbers.at(-1)!.split('-').at(-1)!;
      expect(Number(last)).toBe(result.rolls.length);
      // dice that laid nothing keep their words and take no label
      const unlaid = (result.rolls as RollRecord[]).filter((r) => terrainRollOf(r.purpose) && !terrainRollOf(r.purpose)!.label);
      if (seed === 'club/rung-2') expect(unlaid.length).toBeGreaterThan(0);
      for (const r of unlaid) expect(log.rows.some((row) => text(row[1]!).startsWith(`terrain: ${terrainRollOf(r.purpose)!.piece}`) && text(row[2]!).includes(r.decided))).toBe(true);
    }
  });
});
