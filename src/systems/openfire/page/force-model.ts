/**
 * The Open Fire force builder's pure parts: a force as docs/openfire-force-file.md writes it
 * (name, nation, points and units from muster's sample lists), written as the YAML the command
 * line reads and read back from a player's YAML or JSON. No DOM here, so Node tests it as it is.
 */
import { docYaml, isMapping, ordered, parseForceText, unknownKeys, type LoadedForce } from '../../../web/kit/force-model.js';

/** One entry of an Open Fire force; keys the builder does not show ride along. */
export interface OfEntry {
  unit: string;
  count?: number;
  label?: string;
  [other: string]: unknown;
}

export interface OfForce {
  name: string;
  nation: string;
  points?: number;
  units: OfEntry[];
  [other: string]: unknown;
}

const FORCE_KEYS = ['name', 'nation', 'points', 'units'];
const ENTRY_KEYS = ['unit', 'count', 'label'];

/** A new force: the doc's 500 points a side, no units yet. */
export function emptyOfForce(): OfForce {
  return { name: '', nation: '', points: 500, units: [] };
}

/** An entry as the file holds it: count 1 and an empty label left out, the doc's key order. */
function entryForFile(entry: OfEntry): unknown {
  if (!isMapping(entry)) return entry;
  const out: Record<string, unknown> = { ...entry };
  if (out['count'] === 1 || out['count'] === undefined) delete out['count'];
  if (typeof out['label'] === 'string' && out['label'].trim() === '') delete out['label'];
  return ordered(out, ENTRY_KEYS);
}

/** The force as the YAML the command line reads (docs/openfire-force-file.md). */
export function ofForceToYaml(force: OfForce): string {
  const top: Record<string, unknown> = { ...force, units: Array.isArray(force.units) ? force.units.map(entryForFile) : force.units };
  for (const key of ['name', 'nation']) if (top[key] === '') delete top[key];
  return docYaml(ordered(top, FORCE_KEYS), []);
}

/** Reads an Open Fire force file; what the builder cannot show is kept and named. */
export function ofForceFromText(text: string): LoadedForce<OfForce> {
  const raw = parseForceText(text, 'name, nation, points and units');
  const notes: string[] = [...unknownKeys(raw, FORCE_KEYS)];
  const force = { ...emptyOfForce(), points: undefined, ...raw, units: [] } as OfForce;
  for (const key of ['name', 'nation'] as const) {
    const value = raw[key];
    if (value === undefined) force[key] = '';
    else if (typeof value === 'string' || typeof value === 'number') force[key] = String(value);
    else notes.push(`${key}: kept as in the file, the builder cannot show it`);
  }
  if (raw['points'] !== undefined && typeof raw['points'] !== 'number') notes.push('points: kept as in the file, not a number');
  const units = raw['units'];
  if (units !== undefined && !Array.isArray(units)) {
    force.units = units as OfEntry[];
    notes.push('units: kept as in the file, not a list');
    return { force, notes };
  }
  for (const [i, item] of ((units ?? []) as unknown[]).entries()) {
    if (!isMapping(item)) {
      force.units.push(item as OfEntry);
      notes.push(`units[${i}]: kept as in the file, not a unit entry`);
      continue;
    }
    notes.push(...unknownKeys(item, ENTRY_KEYS, `units[${i}] `));
    const entry = { ...item } as OfEntry;
    if (typeof entry.unit !== 'string') entry.unit = entry.unit === undefined ? '' : String(entry.unit);
    force.units.push(entry);
  }
  return { force, notes };
}
