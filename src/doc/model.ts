/**
 * The document model: what a printed product says, as plain data, before anything is measured
 * or placed. Builders produce it; layout turns it into positioned primitives; the Markdown and
 * JSON outputs read it directly.
 */

export type Paper = 'a4' | 'letter';
export type Units = 'cm' | 'in';

/** A run of text in one style. `odds` is the small grey chance printed beside a number. */
export interface Run {
  text: string;
  style?: 'bold' | 'italic' | 'odds';
}

export interface TableColumn {
  label: string;
  align: 'left' | 'center' | 'right';
}

export interface TableBlock {
  kind: 'table';
  /** the data id, for reference in JSON and tests */
  id: string;
  title: string;
  /** the section of the rules text the table summarises */
  section: string;
  /** how many columns of the sheet it spans */
  width: 'column' | 'full';
  columns: TableColumn[];
  /** a row is a list of cells, each a list of runs */
  rows: Run[][][];
  summary?: string;
  note?: string;
}

export interface TextBlock {
  kind: 'text';
  title: string;
  section: string;
  width: 'column' | 'full';
  paragraphs: string[];
}

export type Block = TableBlock | TextBlock;

export interface SheetNode {
  title: string;
  blocks: Block[];
}

export interface DocumentMeta {
  /** e.g. "Burst of Fire quick reference" */
  title: string;
  systemId: string;
  systemName: string;
  rulesVersion: string;
  toolVersion: string;
  /** present wherever dice were rolled */
  seed?: string;
  paper: Paper;
  units: Units;
}

export interface DocumentNode {
  meta: DocumentMeta;
  sheets: SheetNode[];
}

export function plain(text: string): Run[] {
  return [{ text }];
}

export function runsText(runs: readonly Run[]): string {
  return runs.map((r) => r.text).join('');
}
