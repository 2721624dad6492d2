import type { DetailValue, ListEntry, ListKind } from '../data/listing.js';

/**
 * `muster list` laid out: aligned text for a terminal, Markdown tables, or JSON for tools. The
 * layout knows entries and details only, never a rule set.
 */

/** Lines printed under an entry wrap here: the width `muster --help` wraps at. */
const WIDTH = 100;
const GAP = '  ';

/** A kind as one line of the overview: what it is, how many, and the command that lists it. */
export interface KindSummary {
  id: string;
  title: string;
  count: number;
  narrowedBy: readonly string[];
  command: string;
}

/** "scoreLimit" -> "score limit": a detail's key as a heading. */
export function heading(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

function cell(value: DetailValue | undefined): string {
  if (value === undefined) return '-';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  return value.length === 0 ? '-' : value.join(', ');
}

const width = (text: string) => [...text].length;
const pad = (text: string, to: number) => text + ' '.repeat(Math.max(0, to - width(text)));

/** The details shown as columns: the kind's choice, else every detail that is not a list. */
function columnKeys(kind: ListKind): string[] {
  if (kind.columns) return [...kind.columns];
  const keys: string[] = [];
  for (const entry of kind.entries) {
    for (const [key, value] of Object.entries(entry.details)) if (!Array.isArray(value) && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

const hasPoints = (kind: ListKind) => kind.entries.some((e) => e.points !== undefined);

/** Rows of cells: id, name, points where any entry has a price, then the columns. */
function tableRows(kind: ListKind, keys: readonly string[]): { header: string[]; rows: string[][] } {
  const points = hasPoints(kind);
  const header = ['id', 'name', ...(points ? ['points'] : []), ...keys.map(heading)];
  const rows = kind.entries.map((e) => [e.id, e.name, ...(points ? [e.points === undefined ? '-' : String(e.points)] : []), ...keys.map((k) => cell(e.details[k]))]);
  return { header, rows };
}

/** Words wrapped to `WIDTH`, the first line after `first`, the others after `indent`. */
function wrap(first: string, text: string, indent: string): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(' ')) {
    if (!empty && width(line) + 1 + width(word) > WIDTH) {
      lines.push(line);
      line = indent + word;
    } else {
      line = empty ? line + word : `${line} ${word}`;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}

/**
 * A kind as text: a title, a table whose columns line up (the last one runs free, so a long
 * list of weapons does not push the others apart), the details too long for a column under
 * their entry, and the kind's hint.
 */
export function kindText(title: string, kind: ListKind): string {
  const lines = [title, ''];
  if (kind.entries.length === 0) {
    lines.push('  none');
  } else {
    const keys = columnKeys(kind);
    const { header, rows } = tableRows(kind, keys);
    const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i]!))));
    // numbers line up on their last digit
    const numeric = header.map((_, i) => rows.every((r) => /^(-|-?\d+(\.\d+)?)$/.test(r[i]!)));
    const line = (cells: string[]) =>
      cells
        .map((c, i) => (numeric[i] ? ' '.repeat(Math.max(0, widths[i]! - width(c))) + c : i === cells.length - 1 ? c : pad(c, widths[i]!)))
        .join(GAP)
        .trimEnd();
    lines.push(line(header), line(widths.map((w) => '-'.repeat(w))));
    const under = (entry: ListEntry) => Object.entries(entry.details).filter(([key]) => !keys.includes(key));
    const spaced = kind.entries.some((e) => under(e).length > 0);
    kind.entries.forEach((entry, i) => {
      lines.push(line(rows[i]!));
      for (const [key, value] of under(entry)) lines.push(...wrap(`    ${heading(key)}: `, cell(value), '      '));
      // entries of several lines read apart
      if (spaced && i < kind.entries.length - 1) lines.push('');
    });
  }
  if (kind.hint) lines.push('', ...wrap('', kind.hint, ''));
  return `${lines.join('\n')}\n`;
}

const mdCell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A kind as Markdown: a heading, one table with every detail, and the hint. */
export function kindMarkdown(title: string, kind: ListKind): string {
  const out = [`## ${title}`, ''];
  if (kind.entries.length === 0) {
    out.push('None.');
  } else {
    const keys: string[] = [];
    for (const entry of kind.entries) for (const key of Object.keys(entry.details)) if (!keys.includes(key)) keys.push(key);
    const { header, rows } = tableRows(kind, keys);
    out.push(`| ${header.map(mdCell).join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(mdCell).join(' | ')} |`));
  }
  if (kind.hint) out.push('', kind.hint);
  return `${out.join('\n')}\n`;
}

/** A kind as JSON: its entries, each with id, name, points where it has a price, and details. */
export function kindJson(kind: ListKind): string {
  const entries = kind.entries.map((e) => ({ id: e.id, name: e.name, ...(e.points !== undefined ? { points: e.points } : {}), details: e.details }));
  return `${JSON.stringify(entries, null, 2)}\n`;
}

/** The overview as text: each kind with its count and command, then how to narrow. */
export function overviewText(title: string, kinds: readonly KindSummary[], footer: readonly string[]): string {
  const idWidth = Math.max(...kinds.map((k) => width(k.id)));
  const countWidth = Math.max(...kinds.map((k) => String(k.count).length));
  const lines = [title, ''];
  for (const k of kinds) lines.push(`  ${pad(k.id, idWidth)}  ${String(k.count).padStart(countWidth)}  ${k.command}`);
  lines.push('');
  for (const text of footer) lines.push(...wrap('', text, ''));
  return `${lines.join('\n')}\n`;
}

export function overviewMarkdown(title: string, kinds: readonly KindSummary[], footer: readonly string[]): string {
  const out = [`## ${title}`, '', '| kind | what | how many | command |', '|---|---|---|---|'];
  for (const k of kinds) out.push(`| ${k.id} | ${mdCell(k.title)} | ${k.count} | \`${k.command}\` |`);
  out.push('', ...footer);
  return `${out.join('\n')}\n`;
}
