import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { buildOddsLadder, buildQuickReference } from '../../src/doc/build-reference.js';
import { formatDistance, formatTotals } from '../../src/doc/cells.js';
import { runsText, type TableBlock } from '../../src/doc/model.js';
import { DEMO_DATA } from '../helpers/fixtures.js';

async function demo(units: 'cm' | 'in') {
  const db = await loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [] });
  return buildQuickReference(db.system('demo'), { units, paper: 'a4', toolVersion: '0.0.0-test' });
}

function table(doc: Awaited<ReturnType<typeof demo>>, id: string): TableBlock {
  const block = doc.sheets.flatMap((s) => s.blocks).find((b) => b.kind === 'table' && b.id === id);
  if (!block || block.kind !== 'table') throw new Error(`no table ${id}`);
  return block;
}
const texts = (t: TableBlock) => t.rows.map((row) => row.map((cell) => runsText(cell).replace(/\u00a0/g, ' ')));

describe('quick-reference document tree', () => {
  it('matches its snapshot in cm and in inches', async () => {
    expect(await demo('cm')).toMatchSnapshot();
    expect(await demo('in')).toMatchSnapshot();
  });
  it('prints the odds of each row of a lookup table beside it', async () => {
    const hits = table(await demo('cm'), 'hits');
    expect(hits.columns.map((c) => c.label)).toEqual(['2D6', 'Effect', 'Odds']);
    // 2,5,8,11: 1+4+5+2 = 12 of 36; 4,7,10: 3+6+3 = 12 of 36
    expect(texts(hits)).toEqual([
      ['2, 5, 8, 11', 'Killed', '33%'],
      ['3, 6, 9, 12', 'Injured', '33%'],
      ['4, 7, 10', 'Suppressed', '33%'],
    ]);
  });
  it('prints the chance beside every number a player must roll, ties succeeding', async () => {
    const rows = texts(table(await demo('cm'), 'throw'));
    expect(rows[0]).toEqual(['up to 5 cm', 'automatic']);
    // P(4D6 <= 18) = 1170/1296
    expect(rows[1]).toEqual(['5–10 cm', '18 or lower 90%']);
    expect(rows[2]).toEqual(['10–15 cm', '16 or lower 76%']);
  });
  it('gives distances in the units asked for, prose included', async () => {
    const doc = await demo('in');
    expect(texts(table(doc, 'throw')).map((r) => r[0])).toEqual(['up to 2 in', '2–4 in', '4–6 in']);
    expect(table(doc, 'throw').note).toBe('A roll equal to the number succeeds; 2 in or less always hits.');
    const movement = doc.sheets[0]!.blocks[0]!;
    expect(movement.kind === 'text' && movement.paragraphs[0]).toBe('**Moving.** Soldiers move 4 in an action and may double move.');
  });
  it('writes modifiers with a true minus sign and movement changes in words', async () => {
    const doc = await demo('cm');
    expect(texts(table(doc, 'modifiers')).map((r) => r[1])).toEqual(['+1', '−2', '−2 each']);
    expect(texts(table(doc, 'terrain'))).toEqual([
      ['Plains', '—', 'drop lowest die', 'add highest die again'],
      ['Rivers', 'max 5 cm', 'may not enter', 'may not enter'],
      ['Steep hills', 'no double move', '1D6 per turn', 'drop 2 highest dice'],
    ]);
  });
});

describe('cells', () => {
  it('runs of consecutive totals collapse, scattered ones are listed', () => {
    expect(formatTotals([2, 3, 4, 5, 6])).toBe('2–6');
    expect(formatTotals([2, 5, 8, 11])).toBe('2, 5, 8, 11');
    expect(formatTotals([5, 6])).toBe('5, 6');
    expect(formatTotals([3, 4, 5, 9])).toBe('3–5, 9');
  });
  it('distances keep their bounds', () => {
    expect(formatDistance({ cm: 100, in: 40, qualifier: 'more-than' }, 'cm')).toBe('over 100 cm');
    expect(formatDistance({ cm: 50, in: 20, qualifier: 'less-than' }, 'in')).toBe('under 20 in');
  });
});

describe('odds ladder', () => {
  it('gives the chance to roll each total or less', () => {
    const ladder = buildOddsLadder('2D6', 'lower', 'Morale');
    expect(ladder.columns.map((c) => c.label)).toEqual(['2D6 ≤', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(ladder.rows[0]!.slice(1).map(runsText)).toEqual(['3%', '8%', '17%', '28%', '42%', '58%', '72%', '83%', '92%', '97%', '100%']);
  });
});

describe('no template code on a page', () => {
  it('every title, cell, summary and note of every rule set\'s sheets is filled in, in both units', async () => {
    const db = await loadRulesDb({ dataDirs: [] });
    for (const system of db.systems) {
      for (const units of ['cm', 'in'] as const) {
        // every string of the document, each on its own: no Handlebars left in any
        const texts: string[] = [];
        JSON.stringify(buildQuickReference(system, { units, paper: 'a4', toolVersion: 'test' }), (_key, value: unknown) => {
          if (typeof value === 'string') texts.push(value);
          return value;
        });
        expect(texts.filter((t) => /\{\{|\}\}/.test(t)), `${system.info.id} ${units}`).toEqual([]);
      }
    }
    const openfire = buildQuickReference(db.system('openfire'), { units: 'cm', paper: 'a4', toolVersion: 'test' });
    expect(JSON.stringify(openfire)).toMatch(/Officers' orders \(within 30 cm\)/);
  });
});

describe('every distance in the chosen units', () => {
  it("Open Fire's order cards give the officer's reach in the deck's units", async () => {
    const { muster } = await import('../helpers/cli.js');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const cwd = mkdtempSync(`${tmpdir()}/muster-test-`);
    try {
      for (const [units, reach] of [['cm', '30 cm'], ['in', '12 in']] as const) {
        const { stdout } = await muster(['cards', 'openfire', '--units', units, '--format', 'json'], cwd);
        const subtitles = [...stdout.matchAll(/"subtitle": "(Order, [^"]*)"/g)].map((m) => m[1]);
        expect(subtitles.length, units).toBeGreaterThan(0);
        for (const s of subtitles) expect(s).toBe(`Order, an officer, to units within ${reach}`);
      }
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
