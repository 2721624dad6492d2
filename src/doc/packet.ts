import type { SystemRules } from '../data/load.js';
import type { RollRecord } from '../engine/tables.js';
import { NO_ROOM_AT_SIZE, terrainRollOf } from '../engine/terrain.js';
import { GenerateError } from '../errors.js';
import { readingParts } from '../vocab/provenance.js';
import { markedBy, type Provenance, type Run, type SheetNode, type TableBlock, type TextBlock } from './model.js';

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
  oneLine: readonly number[] = [],
): TableBlock {
  return {
    kind: 'table',
    id,
    title,
    section,
    width,
    columns: columns.map((label, i) => ({ label, align: 'left' as const, ...(oneLine.includes(i) ? { oneLine: true } : {}) })),
    rows: rows.map((row) => row.map((text) => [{ text }])),
    ...(summary ? { summary } : {}),
  };
}

/**
 * The appendix: every die rolled for a result, in order, with what it decided. The dice of one
 * terrain piece (its size and its place; a line's way, ends and bend) share a row; a piece its
 * dice laid is named by the label the terrain list gives it ("T8 ruins 2"), the list saying its
 * size and place, so the row says only what each die decided ("size, place: as listed"). Dice
 * that laid nothing (no room) say in full what they rolled.
 */
export function rollsSheet(register: ReadingRegister, rolls: readonly RollRecord[], seed: string, section: string): SheetNode {
  const rows: Run[][][] = [];
  const pieces = rolls.map((r) => terrainRollOf(r.purpose));
  for (let i = 0; i < rolls.length; ) {
    const piece = pieces[i];
    let j = i + 1;
    while (piece && j < rolls.length && samePiece(pieces[j], piece)) j++;
    const group = rolls.slice(i, j);
    // the rules the dice followed, each once: a piece's dice follow one procedure
    const rule = [...new Set(group.map((r) => provenanceText(register, r.source)))].join('; ');
    if (piece?.label) {
      const dice = pieces.slice(i, j).map((d) => d!);
      const least = group.some((r) => r.decided.startsWith(NO_ROOM_AT_SIZE));
      const decided = `${[...new Set(dice.map((d) => (least && d.short === 'size' ? 'size (no room at the one rolled: its least)' : d.short)))].join(', ')}: as listed`;
      rows.push([[{ text: j - i === 1 ? String(i + 1) : `${i + 1}-${j}` }], rollCell(`${piece.label} ${piece.piece}`, group.map(rollWords).join('; ')), decidedCell(decided, rule)]);
    } else if (j - i === 1) {
      const r = rolls[i]!;
      rows.push([[{ text: String(i + 1) }], rollCell(r.purpose, rollWords(r)), decidedCell(r.decided, rule)]);
    } else {
      rows.push([
        [{ text: `${i + 1}-${j}` }],
        rollCell(`terrain: ${piece!.piece}`, group.map(rollWords).join('; ')),
        decidedCell(group.map((r, k) => `${pieces[i + k]!.what}: ${r.decided}`).join('; '), rule),
      ]);
    }
    i = j;
  }
  // a log kept to check a game by, set in the page's two columns: what each roll was for with
  // its dice, faces and total in one cell, what it decided with the rule it followed in the
  // other, so neither has a narrow column of short numbers beside it
  const table: TableBlock = {
    kind: 'table',
    id: 'rolls',
    title: `Rolls for seed ${seed}`,
    section,
    width: 'column',
    columns: [{ label: '#', align: 'left' }, { label: ROLL_COLUMNS.roll, align: 'left' }, { label: ROLL_COLUMNS.decided, align: 'left' }],
    rows,
  };
  return { title: 'Every roll', role: 'rolls', blocks: [table] };
}

/**
 * The roll log's columns after the roll's number: what it was for (in bold) with its dice; what
 * it decided with the rule its dice followed (in italics: a section of the text, "§ Deployment",
 * or a reading's words with the dagger).
 */
export const ROLL_COLUMNS = { roll: 'For: dice', decided: 'Decided · rule' } as const;

function rollCell(purpose: string, dice: string): Run[] {
  return [{ text: purpose, style: 'bold' }, { text: ` ${dice}` }];
}

function decidedCell(decided: string, rule: string): Run[] {
  return [{ text: `${decided} · ` }, { text: rule, style: 'italic' }];
}

/** A row of the roll log read back: what the roll was for, and the rule its dice followed. */
export function rollLogRow(row: readonly (readonly Run[])[]): { number: string; purpose: string; rule: string } {
  const text = (runs: readonly Run[] | undefined, style?: Run['style']) => (runs ?? []).filter((r) => style === undefined || r.style === style).map((r) => r.text).join('');
  return { number: text(row[0]), purpose: text(row[1], 'bold'), rule: text(row[2], 'italic') };
}

/** A roll as the log prints it: the dice and each face, and the total where it is not the one face ("4D6: 1 1 5 1 = 8", "1D9: 3"). */
function rollWords(r: RollRecord): string {
  const faces = r.faces.join(' ');
  return r.faces.length === 1 && r.faces[0] === r.total ? `${r.dice}:\u00a0${faces}` : `${r.dice}:\u00a0${faces}\u00a0=\u00a0${r.total}`;
}

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

/** Two terrain rolls for one piece: the same piece, and the same label (or none). */
function samePiece(roll: ReturnType<typeof terrainRollOf>, piece: NonNullable<ReturnType<typeof terrainRollOf>>): boolean {
  return roll !== undefined && roll.piece === piece.piece && roll.label === piece.label;
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
