import type { SystemRules } from '../data/load.js';
import type { RuleTable, SheetBlock } from '../data/schema.js';
import type { HouseMark } from '../data/house.js';
import { chanceAtLeast, chanceAtMost, formatChance, possibleTotals, sumDistribution } from '../engine/odds.js';
import { rowTotals } from '../engine/tables.js';
import { formatCell } from './cells.js';
import { markHouse, type Block, type DocumentNode, type Paper, type Run, type TableBlock, type TableColumn, type Units } from './model.js';
import { documentMeta, withHouseRules } from './document-meta.js';
import { renderProse } from './templates.js';

export interface ReferenceOptions {
  units: Units;
  paper: Paper;
  toolVersion: string;
}

/**
 * The quick-reference document of a rule set: its sheets as listed in sheets.yaml, each
 * table with the chance of every roll a player makes on it.
 */
export function buildQuickReference(system: SystemRules, options: ReferenceOptions): DocumentNode {
  const sheetsFile = system.sheetsFile ?? `${system.info.id}/sheets.yaml`;
  // a house folder's sheets.yaml decides what is printed where: its pages name it
  const sheetsHouse = system.houses.find((h) => system.sheetsFile?.startsWith(h.dir + '/') || system.sheetsFile?.startsWith(h.dir + '\\'));
  return withHouseRules({
    meta: documentMeta(system.info, `${system.info.name} quick reference`, options),
    sheets: system.sheets.map((sheet, s) => ({
      title: sheet.title,
      blocks: sheet.blocks.map((block, b) =>
        buildBlock(system, block, options.units, `${sheetsFile} sheets[${s}].blocks[${b}]`),
      ),
    })),
  }, sheetsHouse ? [sheetsHouse.name] : []);
}

function buildBlock(system: SystemRules, block: SheetBlock, units: Units, origin: string): Block {
  if ('table' in block) {
    const table = system.table(block.table);
    const file = system.tableFiles.get(table.id) ?? origin;
    const built = buildTableBlock(table, units, block.width ?? 'column', `${file} tables[id=${table.id}]`, system.info.units);
    return block.transpose ? transposeTable(built) : built;
  }
  if ('odds' in block) return buildOddsLadder(block.odds, block.or, block.title, block.section);
  return {
    kind: 'text',
    title: block.title,
    section: block.section,
    width: 'column',
    paragraphs: renderProse(block.text, { units }, `${origin}.text`)
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
      .filter((p) => p.length > 0),
  };
}

/** textUnits: the units the rules text measures in; a sheet in others carries the table's conversionNote too */
export function buildTableBlock(table: RuleTable & HouseMark, units: Units, width: 'column' | 'full', origin: string, textUnits: Units): TableBlock {
  const ctx = { units, dice: table.dice, origin, compact: table.compact };
  const columns: TableColumn[] = table.columns.map((c) => ({
    label: c.key === 'roll' && table.dice ? table.dice : c.label,
    align: c.key === 'roll' ? 'center' : 'left',
  }));
  const lookup = table.use === 'lookup' && table.dice !== undefined;
  if (lookup) columns.push({ label: 'Odds', align: 'right' });
  const dist = lookup ? sumDistribution(table.dice!) : undefined;

  const rows = table.rows.map((row, r) => {
    const cells: Run[][] = table.columns.map((c) =>
      formatCell(row[c.key], { ...ctx, origin: `${origin}.rows[${r}].${c.key}` }),
    );
    if (dist) {
      const totals = rowTotals(row) ?? [];
      const possible = new Set(possibleTotals(dist));
      let count = 0;
      for (const t of new Set(totals)) if (possible.has(t)) count += dist.counts.get(t) ?? 0;
      cells.push([{ text: formatChance(count / dist.outcomes), style: 'odds' }]);
    }
    return cells;
  });

  const prose = (text: string | undefined, field: string) =>
    text === undefined ? undefined : renderProse(text, { units }, `${origin}.${field}`);
  return {
    kind: 'table',
    id: table.id,
    // a title may name a distance too ("within {{dist 30 12}}"), in the sheet's units; a
    // house folder's table carries the house mark after it
    title: markHouse(prose(table.title, 'title')!, table.house),
    section: table.section,
    width,
    columns,
    rows,
    summary: prose(table.summary, 'summary'),
    note: noteOf(table, units, textUnits, prose),
    ...(table.house !== undefined ? { house: table.house } : {}),
  };
}

/** The table's reading, and its conversion's where the sheet is not in the text's units: one note under the table. */
function noteOf(table: RuleTable, units: Units, textUnits: Units, prose: (text: string | undefined, field: string) => string | undefined): string | undefined {
  const notes = [prose(table.note, 'note'), units === textUnits ? undefined : prose(table.conversionNote, 'conversionNote')].filter((n) => n !== undefined);
  return notes.length > 0 ? notes.join(' ') : undefined;
}

/**
 * Rows become columns: the first column's cells head the new columns, every other column
 * becomes a row led by its label. A D6 table of six short rows then takes three lines.
 */
export function transposeTable(block: TableBlock): TableBlock {
  const [first, ...rest] = block.columns;
  if (!first) return block;
  return {
    ...block,
    columns: [
      { label: first.label, align: 'left' },
      ...block.rows.map((row) => ({ label: (row[0] ?? []).map((r) => r.text).join(''), align: 'center' as const })),
    ],
    rows: rest.map((column, c) => [
      [{ text: column.label, style: 'bold' as const }],
      ...block.rows.map((row) => row[c + 1] ?? [{ text: '' }]),
    ]),
  };
}

/**
 * A strip with the chance of rolling at or under (or over) every total of some dice: the
 * numbers a player checks before every attack or morale roll.
 */
export function buildOddsLadder(dice: string, or: 'lower' | 'higher', title: string, section = 'dice odds'): TableBlock {
  const dist = sumDistribution(dice);
  const totals = possibleTotals(dist);
  const sign = or === 'lower' ? '≤' : '≥';
  const chance = (t: number) => formatChance(or === 'lower' ? chanceAtMost(dist, t) : chanceAtLeast(dist, t));
  return {
    kind: 'table',
    id: `odds-${dice.toLowerCase()}-${or}`,
    title,
    section,
    width: 'full',
    columns: [{ label: `${dice} ${sign}`, align: 'left' }, ...totals.map((t) => ({ label: String(t), align: 'center' as const }))],
    rows: [[[{ text: 'chance', style: 'bold' }], ...totals.map((t) => [{ text: chance(t) }])]],
  };
}
