/**
 * The Fire Team force builder's pure parts (issue 17): a force as docs/fireteam-force-file.md
 * writes it (army list, core and reinforcement points, platoons, reinforcement picks), written
 * as YAML and read back from a player's YAML or JSON. No DOM here, so Node tests it as it is.
 */
import { docYaml, isMapping, ordered, parseForceText, unknownKeys, type CheckReport, type LoadedForce } from '../../../web/kit/force-model.js';

export interface FtPlatoon {
  squads: number;
  weaponsSections?: number;
  smgSquads?: number;
  label?: string;
  [other: string]: unknown;
}

export interface FtPickEntry {
  pick: string;
  vehicle?: string;
  [other: string]: unknown;
}

export interface FtForce {
  name: string;
  list: string;
  points: { core?: number; reinforcements?: number; [other: string]: unknown };
  platoons: FtPlatoon[];
  reinforcements?: FtPickEntry[];
  [other: string]: unknown;
}

const FORCE_KEYS = ['name', 'list', 'points', 'platoons', 'reinforcements'];
const POINTS_KEYS = ['core', 'reinforcements'];
const PLATOON_KEYS = ['squads', 'weaponsSections', 'smgSquads', 'label'];
const PICK_KEYS = ['pick', 'vehicle'];

/** A new force: the doc's 4 core points a player, one platoon of 2 squads, no picks yet. */
export function emptyFtForce(): FtForce {
  return { name: '', list: '', points: { core: 4, reinforcements: 6 }, platoons: [{ squads: 2 }], reinforcements: [] };
}

/** The force as the YAML the command line reads: the doc's key order, empty text left out. */
export function ftForceToYaml(force: FtForce): string {
  const top: Record<string, unknown> = { ...force };
  for (const key of ['name', 'list']) if (top[key] === '') delete top[key];
  if (isMapping(force.points)) top['points'] = ordered(force.points, POINTS_KEYS);
  if (Array.isArray(force.platoons)) {
    top['platoons'] = force.platoons.map((p) => {
      if (!isMapping(p)) return p;
      const out: Record<string, unknown> = { ...p };
      if (typeof out['label'] === 'string' && out['label'].trim() === '') delete out['label'];
      return ordered(out, PLATOON_KEYS);
    });
  }
  if (Array.isArray(force.reinforcements)) {
    top['reinforcements'] = force.reinforcements.map((r) => {
      if (!isMapping(r)) return r;
      const out: Record<string, unknown> = { ...r };
      if (!out['vehicle']) delete out['vehicle'];
      return ordered(out, PICK_KEYS);
    });
  }
  return docYaml(ordered(top, FORCE_KEYS), []);
}

/** Reads a Fire Team force file; what the builder cannot show is kept and named. */
export function ftForceFromText(text: string): LoadedForce<FtForce> {
  const raw = parseForceText(text, 'name, list, points, platoons and reinforcements');
  const notes: string[] = [...unknownKeys(raw, FORCE_KEYS)];
  const force = { ...emptyFtForce(), reinforcements: undefined, ...raw } as FtForce;
  for (const key of ['name', 'list'] as const) {
    const value = raw[key];
    if (value === undefined) force[key] = '';
    else if (typeof value === 'string' || typeof value === 'number') force[key] = String(value);
    else notes.push(`${key}: kept as in the file, the builder cannot show it`);
  }
  if (raw['points'] === undefined) force.points = {};
  else if (!isMapping(raw['points'])) notes.push('points: kept as in the file, not core and reinforcement points');
  else {
    force.points = { ...raw['points'] };
    notes.push(...unknownKeys(raw['points'], POINTS_KEYS, 'points.'));
  }
  if (raw['platoons'] === undefined) force.platoons = [];
  else if (!Array.isArray(raw['platoons'])) notes.push('platoons: kept as in the file, not a list');
  else {
    force.platoons = (raw['platoons'] as unknown[]).map((p, i) => {
      if (!isMapping(p)) {
        notes.push(`platoons[${i}]: kept as in the file, not a platoon`);
        return p as FtPlatoon;
      }
      notes.push(...unknownKeys(p, PLATOON_KEYS, `platoons[${i}] `));
      return { ...p } as FtPlatoon;
    });
  }
  if (raw['reinforcements'] !== undefined && !Array.isArray(raw['reinforcements'])) notes.push('reinforcements: kept as in the file, not a list');
  else if (Array.isArray(raw['reinforcements'])) {
    force.reinforcements = (raw['reinforcements'] as unknown[]).map((r, i) => {
      if (!isMapping(r)) {
        notes.push(`reinforcements[${i}]: kept as in the file, not a pick`);
        return r as FtPickEntry;
      }
      notes.push(...unknownKeys(r, PICK_KEYS, `reinforcements[${i}] `));
      const entry = { ...r } as FtPickEntry;
      if (typeof entry.pick !== 'string') entry.pick = entry.pick === undefined ? '' : String(entry.pick);
      return entry;
    });
  }
  return { force, notes };
}

/** The points a check gives the platoons (core) and the picks (reinforcements). */
export function ftSpent(report: CheckReport): { core: number; reinforcements: number } {
  let core = 0;
  let reinforcements = 0;
  for (const entry of report.entries) {
    if (entry.where.startsWith('platoons[')) core += entry.points ?? 0;
    else reinforcements += entry.points ?? 0;
  }
  return { core, reinforcements };
}
