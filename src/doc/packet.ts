import type { RollRecord } from '../engine/tables.js';
import type { SheetNode, TableBlock, TextBlock } from './model.js';

/**
 * Pieces every scenario packet and roster is made of, whatever the rule set: plain tables, the
 * appendix of every roll, and the check of a force.
 */

/** A table of plain text cells, every column left-aligned. */
export function textTable(
  id: string,
  title: string,
  section: string,
  columns: readonly string[],
  rows: readonly (readonly string[])[],
  width: 'column' | 'full' = 'full',
  summary?: string,
): TableBlock {
  return {
    kind: 'table',
    id,
    title,
    section,
    width,
    columns: columns.map((label) => ({ label, align: 'left' as const })),
    rows: rows.map((row) => row.map((text) => [{ text }])),
    ...(summary ? { summary } : {}),
  };
}

/** The appendix: every die rolled for a result, in order, with what it decided. */
export function rollsSheet(rolls: readonly RollRecord[], seed: string, section: string): SheetNode {
  return {
    title: 'Every roll',
    role: 'rolls',
    blocks: [
      textTable(
        'rolls',
        `Rolls for seed ${seed}`,
        section,
        ['#', 'For', 'Dice', 'Faces', 'Total', 'Decided'],
        rolls.map((r, i) => [String(i + 1), r.purpose, r.dice, r.faces.join(' '), String(r.total), r.decided]),
      ),
    ],
  };
}

/** A force's check: "no problems" and what was checked, or each problem with its entry and rule. */
export function checkBlock(problems: readonly { where: string; rule: string; message: string }[], section: string, allWell: string): TextBlock {
  return {
    kind: 'text',
    title: problems.length === 0 ? 'Check: no problems' : `Check: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`,
    section,
    width: 'column',
    paragraphs: problems.length === 0 ? [allWell] : problems.map((p) => `**${p.where} — ${p.rule}.** ${p.message}`),
  };
}
