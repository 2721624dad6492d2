import type { DataProblem } from '../errors.js';
import { TERRAIN_LOOK_STYLES } from '../vocab/terrain-looks.js';
import { MAP_TYPES, type TerrainFile, type TerrainTables } from './terrain-schema.js';

/**
 * A rule set's terrain from each of its folders' terrain.yaml, built-in first: a later file adds
 * types and replaces a type or a map type of the same id, or with `replace: true` stands alone.
 * Checked as a whole: every map type has its counts, and each count names a type of the right form.
 */
export function mergeTerrain(files: readonly { file: string; data: TerrainFile }[], problems: DataProblem[]): TerrainTables | undefined {
  if (files.length === 0) return undefined;
  const before = problems.length;
  const types = new Map<string, TerrainTables['types'][number]>();
  const maps = new Map<string, { density: NonNullable<TerrainFile['maps'][keyof TerrainFile['maps']]>; file: string }>();
  const notes: string[] = [];
  const used: string[] = [];
  let units: 'cm' | 'in' = 'cm';
  for (const { file, data } of files) {
    if (data.replace) {
      types.clear();
      maps.clear();
      notes.length = 0;
      used.length = 0;
    }
    used.push(file);
    units = data.units;
    const seen = new Set<string>();
    data.types.forEach((type, i) => {
      if (seen.has(type.id)) problems.push({ file, path: `types[${i}].id`, message: `"${type.id}" is given twice in this file; give each type once` });
      seen.add(type.id);
      types.set(type.id, { ...type, units: data.units });
    });
    for (const id of MAP_TYPES) {
      const density = data.maps[id];
      if (density) maps.set(id, { density, file });
    }
    if (data.note) notes.push(data.note);
  }
  const last = used[used.length - 1]!;
  for (const id of MAP_TYPES) {
    const map = maps.get(id);
    if (!map) {
      problems.push({ file: last, path: `maps.${id}`, message: `missing: every terrain file set gives counts for the map types ${MAP_TYPES.join(', ')}` });
      continue;
    }
    for (const [key, area] of [['pieces', true], ['lines', false]] as const) {
      for (const typeId of Object.keys(map.density[key])) {
        const type = types.get(typeId);
        if (!type) {
          problems.push({ file: map.file, path: `maps.${id}.${key}.${typeId}`, message: `no terrain type "${typeId}"; the types are ${[...types.keys()].join(', ')}` });
          continue;
        }
        const crossing = TERRAIN_LOOK_STYLES[type.look].form === 'crossing';
        if (crossing === area) {
          problems.push({ file: map.file, path: `maps.${id}.${key}.${typeId}`, message: area ? `a ${type.look} crosses the whole table: count it under lines` : `a ${type.look} is a piece on the table: count it under pieces` });
        }
      }
    }
  }
  if (problems.length > before) return undefined;
  return {
    units,
    types: [...types.values()],
    maps: Object.fromEntries(MAP_TYPES.map((id) => [id, maps.get(id)!.density])) as unknown as TerrainTables['maps'],
    notes,
    files: used,
  };
}
