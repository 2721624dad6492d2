import type { TableBlock } from './model.js';
import { textTable } from './packet.js';

/**
 * A campaign's log as a booklet prints it, in any rule set: the games played so far, then
 * blank rows to fill in at the table, so one sheet serves from the first game to the last.
 */
export function campaignLogTable(options: {
  id: string;
  title: string;
  section: string;
  columns: readonly string[];
  /** rows already played, each cell plain text */
  played: readonly (readonly string[])[];
  /** how many rows the log has in all; blank rows fill up to it */
  rows: number;
  /** what goes in the first cell of a blank row (its number), by row index */
  label?: (index: number) => string;
  width?: 'column' | 'full';
}): TableBlock {
  const blank = Array.from({ length: Math.max(0, options.rows - options.played.length) }, (_, i) => {
    const index = options.played.length + i;
    return options.columns.map((_c, c) => (c === 0 && options.label ? options.label(index) : ''));
  });
  return { ...textTable(options.id, options.title, options.section, options.columns, [...options.played, ...blank], options.width ?? 'full'), form: true };
}
