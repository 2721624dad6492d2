/**
 * The Blaze Away! force builder's pure parts (issue 17): a force as
 * docs/blazeaway-force-file.md writes it (side, nation, rating, colour and units of five kinds),
 * written as YAML and read back from a player's YAML or JSON. No DOM here, so Node tests it.
 */
import { docYaml, isMapping, ordered, parseForceText, unknownKeys, type LoadedForce } from '../../../web/kit/force-model.js';
import { BA_FORCE_LISTS } from '../force-limits.js';

export const BA_KINDS = ['infantry', 'armour', 'motorised', 'gun', 'aircraft'] as const;
export type BaKind = (typeof BA_KINDS)[number];

export interface BaStand {
  type: string;
  count?: number;
  figures?: number;
  [other: string]: unknown;
}

export interface BaUnit {
  name: string;
  kind: string;
  rating?: string;
  notes?: string;
  stands?: BaStand[];
  [other: string]: unknown;
}

export interface BaForce {
  name: string;
  side: string;
  nation: string;
  rating: string;
  partisans?: boolean;
  colour?: string;
  notes?: string;
  units: BaUnit[];
  [other: string]: unknown;
}

const FORCE_KEYS = ['name', 'side', 'nation', 'rating', 'partisans', 'colour', 'notes', 'units'];
const STAND_KEYS = ['type', 'count', 'figures'];
const VEHICLE_KEYS = ['vehicle', 'models', 'armourClass', 'armourModifier', 'gunGroup', 'gunModifier', 'crew', 'orders', 'weapons', 'carrier', 'carries'];
/** Each kind's fields in the doc's order (after name, kind and rating; notes last). */
export const BA_UNIT_KEYS: Record<BaKind, readonly string[]> = {
  infantry: ['stands'],
  armour: VEHICLE_KEYS,
  motorised: VEHICLE_KEYS,
  gun: ['gun', 'models', 'figures', 'gunGroup', 'gunModifier', 'crew'],
  aircraft: ['aircraft', 'models', 'type'],
};

function unitKeys(kind: string): string[] {
  return ['name', 'kind', 'rating', ...(BA_UNIT_KEYS[kind as BaKind] ?? []), 'notes'];
}

export function emptyBaForce(): BaForce {
  return { name: '', side: 'axis', nation: '', rating: 'Average', units: [] };
}

/** A unit of a kind as the builder starts it: the fields the check needs, at common values. */
export function newBaUnit(kind: BaKind, keep: Pick<BaUnit, 'name' | 'rating' | 'notes'> = { name: '' }): BaUnit {
  const base: BaUnit = { name: keep.name, kind, ...(keep.rating ? { rating: keep.rating } : {}) };
  const fields: Record<BaKind, Record<string, unknown>> = {
    infantry: { stands: [{ type: 'rifle', count: 3 }, { type: 'lmg' }] },
    armour: { vehicle: '', models: 3, armourClass: 'C', gunGroup: 3 },
    motorised: { vehicle: '', models: 2, armourClass: 'D' },
    gun: { gun: '', models: 2, gunGroup: 3 },
    aircraft: { aircraft: '', type: 'Fighter attack' },
  };
  return { ...base, ...fields[kind], ...(keep.notes ? { notes: keep.notes } : {}) };
}

function unitForFile(unit: BaUnit): unknown {
  if (!isMapping(unit)) return unit;
  const out: Record<string, unknown> = { ...unit };
  for (const key of ['rating', 'notes', 'vehicle', 'gun', 'aircraft', 'crew', 'orders', 'carrier', 'type']) if (out[key] === '') delete out[key];
  if (Array.isArray(out['stands'])) out['stands'] = out['stands'].map((s: unknown) => (isMapping(s) ? ordered(s, STAND_KEYS) : s));
  return ordered(out, unitKeys(String(unit.kind)));
}

/** The force as the YAML the command line reads: stands and weapons on one line, as the doc writes them. */
export function baForceToYaml(force: BaForce): string {
  const top: Record<string, unknown> = { ...force, units: Array.isArray(force.units) ? force.units.map(unitForFile) : force.units };
  for (const key of ['name', 'nation', 'rating', 'colour', 'notes']) if (top[key] === '') delete top[key];
  return docYaml(ordered(top, FORCE_KEYS), ['weapons'], ['stands']);
}

/** Reads a Blaze Away! force file; what the builder cannot show is kept and named. */
export function baForceFromText(text: string): LoadedForce<BaForce> {
  // the command line's limits on its lists checked before any row is drawn: 100 units each
  // naming one aliased list of 500 stands (a 600-character link) froze the page for minutes
  const raw = parseForceText(text, 'name, side, nation, rating, colour and units', BA_FORCE_LISTS);
  const notes: string[] = [...unknownKeys(raw, FORCE_KEYS)];
  const force = { ...emptyBaForce(), ...raw, units: [] } as BaForce;
  for (const key of ['name', 'side', 'nation', 'rating'] as const) {
    const value = raw[key];
    if (value === undefined) force[key] = '';
    else if (typeof value === 'string' || typeof value === 'number') force[key] = String(value);
    else notes.push(`${key}: kept as in the file, the builder cannot show it`);
  }
  const units = raw['units'];
  if (units !== undefined && !Array.isArray(units)) {
    force.units = units as BaUnit[];
    notes.push('units: kept as in the file, not a list');
    return { force, notes };
  }
  for (const [i, item] of ((units ?? []) as unknown[]).entries()) {
    if (!isMapping(item)) {
      force.units.push(item as BaUnit);
      notes.push(`units[${i}]: kept as in the file, not a unit`);
      continue;
    }
    const unit = { ...item } as BaUnit;
    if (typeof unit.name !== 'string') unit.name = unit.name === undefined ? '' : String(unit.name);
    if (!(BA_KINDS as readonly string[]).includes(String(unit.kind))) notes.push(`units[${i}] kind "${String(unit.kind)}": kept as in the file, the builder shows no fields for it`);
    else notes.push(...unknownKeys(unit, unitKeys(unit.kind), `units[${i}] `));
    if (Array.isArray(unit.stands)) {
      unit.stands = unit.stands.map((s, k) => {
        if (!isMapping(s)) {
          notes.push(`units[${i}] stands[${k}]: kept as in the file, not a stand`);
          return s;
        }
        notes.push(...unknownKeys(s, STAND_KEYS, `units[${i}] stands[${k}] `));
        return { ...s } as BaStand;
      });
    }
    force.units.push(unit);
  }
  return { force, notes };
}

/** The pieces a unit fields: an infantry unit's stands, another's models. */
export function baPieces(unit: BaUnit): number {
  if (unit.kind === 'infantry') return Array.isArray(unit.stands) ? unit.stands.reduce((n, s) => n + (isMapping(s) && typeof s.count === 'number' ? s.count : 1), 0) : 0;
  return typeof unit['models'] === 'number' ? unit['models'] : 1;
}

/** "11 units: 28 stands, 8 models" for the bar. */
export function baCount(force: BaForce): string {
  if (!Array.isArray(force.units)) return 'units as in the file';
  let stands = 0;
  let models = 0;
  for (const unit of force.units) {
    if (!isMapping(unit)) continue;
    if (unit.kind === 'infantry') stands += baPieces(unit);
    else models += baPieces(unit);
  }
  const n = force.units.length;
  return `${n} unit${n === 1 ? '' : 's'}: ${stands} stand${stands === 1 ? '' : 's'}, ${models} model${models === 1 ? '' : 's'}`;
}
