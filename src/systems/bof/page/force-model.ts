/**
 * The Burst of Fire force builder's pure parts (issue 17): a force as docs/force-file.md writes
 * it (nation, doctrine, detachment, points and units), written as the YAML the command line reads
 * and read back from a player's YAML or JSON. No DOM here, so Node tests it as it is.
 */
import YAML from 'yaml';
import { ordered, parseForceText, type LoadedForce } from '../../../web/kit/force-model.js';

/** One entry of a Burst of Fire force (docs/force-file.md); keys the builder does not show ride along. */
export interface BofEntry {
  unit: string;
  count?: number;
  quality?: string;
  weapons?: string[];
  squadLeader?: boolean;
  label?: string;
  [other: string]: unknown;
}

export interface BofForce {
  name: string;
  nation: string;
  doctrine: string;
  detachment: string;
  points?: number;
  units: BofEntry[];
  [other: string]: unknown;
}

const FORCE_KEYS = ['name', 'nation', 'doctrine', 'detachment', 'points', 'units'];
const ENTRY_KEYS = ['unit', 'count', 'quality', 'weapons', 'squadLeader', 'label'];

export function emptyBofForce(): BofForce {
  return { name: '', nation: '', doctrine: '', detachment: '', units: [] };
}

/** An entry as the file holds it: defaults left out (count 1, no weapons), the doc's key order. */
export function entryForFile(entry: BofEntry): unknown {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return entry;
  const out: Record<string, unknown> = { ...entry };
  if (out['count'] === 1 || out['count'] === undefined) delete out['count'];
  if (!out['quality']) delete out['quality'];
  if (Array.isArray(out['weapons']) && out['weapons'].length === 0) delete out['weapons'];
  if (!out['squadLeader']) delete out['squadLeader'];
  if (typeof out['label'] === 'string' && out['label'].trim() === '') delete out['label'];
  return ordered(out, ENTRY_KEYS);
}

/** The force as the YAML the command line reads (docs/force-file.md). */
export function bofForceToYaml(force: BofForce): string {
  const top: Record<string, unknown> = { ...force, units: force.units.map(entryForFile) };
  for (const key of ['name', 'nation', 'doctrine', 'detachment']) if (top[key] === '') delete top[key];
  const doc = new YAML.Document(ordered(top, FORCE_KEYS));
  // weapons on one line, as the doc writes them
  YAML.visit(doc, {
    Pair(_, pair) {
      if (YAML.isScalar(pair.key) && pair.key.value === 'weapons' && YAML.isSeq(pair.value)) pair.value.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0 });
}

/** Reads a Burst of Fire force file (YAML or JSON, as the command line does). Throws on text that is no force. */
export function bofForceFromText(text: string): LoadedForce<BofForce> {
  const raw = parseForceText(text, 'name, nation, doctrine, detachment, points and units');
  const notes: string[] = [];
  const force: BofForce = { ...emptyBofForce(), ...raw, units: [] } as BofForce;
  for (const key of ['name', 'nation', 'doctrine', 'detachment']) {
    const value = raw[key];
    if (value === undefined) continue;
    if (typeof value === 'string' || typeof value === 'number') force[key] = String(value);
    else notes.push(`${key}: kept as in the file, the builder cannot show it`);
  }
  if (raw['points'] !== undefined && typeof raw['points'] !== 'number') {
    notes.push('points: kept as in the file, not a number');
  }
  for (const key of Object.keys(raw)) if (!FORCE_KEYS.includes(key)) notes.push(`${key}: kept as in the file, the builder does not show it`);
  const units = raw['units'];
  if (units !== undefined && !Array.isArray(units)) {
    force.units = units as BofEntry[];
    notes.push('units: kept as in the file, not a list');
    return { force, notes };
  }
  for (const [index, item] of (units ?? []).entries()) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      force.units.push(item as BofEntry);
      notes.push(`units[${index}]: kept as in the file, not a unit entry`);
      continue;
    }
    const entry = { ...(item as Record<string, unknown>) } as BofEntry;
    if (typeof entry.unit !== 'string') entry.unit = entry.unit === undefined ? '' : String(entry.unit);
    if (entry.weapons !== undefined && !Array.isArray(entry.weapons)) notes.push(`units[${index}] weapons: kept as in the file, not a list`);
    for (const key of Object.keys(entry)) if (!ENTRY_KEYS.includes(key)) notes.push(`units[${index}] ${key}: kept as in the file, the builder does not show it`);
    force.units.push(entry);
  }
  return { force, notes };
}
