/**
 * A detachment's core entry as `muster list bof detachments` writes it ("4 x de-rifleman",
 * "1 x de-panzer-iv-h (regular)"), and read back by the page, which fills a new force with its
 * detachment's core units: one format, written and read in one place.
 */
export interface CoreEntry {
  unit: string;
  count: number;
  quality?: string;
}

export function coreLine(entry: CoreEntry): string {
  return `${entry.count} x ${entry.unit}${entry.quality ? ` (${entry.quality})` : ''}`;
}

const CORE_LINE = /^(\d+) x (\S+)(?: \(([a-z-]+)\))?$/;

/** A core line read back; undefined for a line not in that form. */
export function parseCoreLine(line: string): CoreEntry | undefined {
  const found = CORE_LINE.exec(line);
  if (!found) return undefined;
  return { unit: found[2]!, count: Number(found[1]), ...(found[3] ? { quality: found[3] } : {}) };
}
