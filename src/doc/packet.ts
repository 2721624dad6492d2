import type { SystemRules } from '../data/load.js';
import type { RollRecord } from '../engine/tables.js';
import { GenerateError } from '../errors.js';
import { readingParts } from '../vocab/provenance.js';
import { markedBy, type Provenance, type SheetNode, type TableBlock, type TextBlock } from './model.js';

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

/**
 * The appendix: every die rolled for a result, in order, with what it decided. The dice of one
 * terrain piece (its size and its place; a line's way, ends and bend) share a row, each die with
 * what it decided, so a table's terrain takes a row a piece.
 */
export function rollsSheet(register: ReadingRegister, rolls: readonly RollRecord[], seed: string, section: string): SheetNode {
  const rows: string[][] = [];
  for (let i = 0; i < rolls.length; ) {
    const piece = terrainPiece(rolls[i]!.purpose);
    let j = i + 1;
    while (piece && j < rolls.length && terrainPiece(rolls[j]!.purpose)?.piece === piece.piece) j++;
    const group = rolls.slice(i, j);
    // the rules the dice followed, each once: a piece's dice follow one procedure
    const rule = [...new Set(group.map((r) => provenanceText(register, r.source)))].join('; ');
    if (j - i === 1) {
      const r = rolls[i]!;
      rows.push([String(i + 1), r.purpose, r.dice, r.faces.join(' '), String(r.total), r.decided, rule]);
    } else {
      rows.push([
        `${i + 1}-${j}`,
        piece!.piece,
        group.map((r) => r.dice).join(', '),
        group.map((r) => r.faces.join(' ')).join(', '),
        group.map((r) => String(r.total)).join(', '),
        group.map((r) => `${terrainPiece(r.purpose)!.what}: ${r.decided}`).join('; '),
        rule,
      ]);
    }
    i = j;
  }
  const table = textTable('rolls', `Rolls for seed ${seed}`, section, ['#', 'For', 'Dice', 'Faces', 'Total', 'Decided', 'Rule'], rows);
  // a reading's words or a section's heading on a line or two, not a word a line beside a roomy Decided
  table.columns[6] = { ...table.columns[6]!, minWidth: RULE_COLUMN_MM };
  return { title: 'Every roll', role: 'rolls', blocks: [table] };
}

/** The least width of the roll log's Rule column, mm: most readings' words on one line. */
const RULE_COLUMN_MM = 34;

/** The rule set whose readings a document names: its id and its register. */
export type ReadingRegister = Pick<SystemRules, 'info' | 'readings'>;

/**
 * Where a rule comes from, as a sheet prints it: "§ Deployment" for the text's section, the
 * reading's short words with the dagger for muster's.
 */
export function provenanceText(register: ReadingRegister, source: Provenance): string {
  if (source.reading === undefined) return `§\u00a0${source.section}`;
  const { system, id } = readingParts(source.reading);
  const entry = system === register.info.id ? register.readings.get(id) : undefined;
  if (!entry) throw new GenerateError(`muster's defect: "${source.reading}" is no entry of the readings.yaml of ${register.info.id}`);
  return markedBy(entry.title, source);
}

/** "terrain: light woods 2, its size" -> the piece and what the die was for; other purposes stand alone. */
function terrainPiece(purpose: string): { piece: string; what: string } | undefined {
  const match = /^(terrain: [^,]+), ([^,]+)$/.exec(purpose);
  return match ? { piece: match[1]!, what: match[2]! } : undefined;
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
