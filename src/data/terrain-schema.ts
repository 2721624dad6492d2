import { z } from 'zod';
import type { TerrainMapType, TerrainType } from '../engine/terrain.js';
import { TERRAIN_LOOKS, TERRAIN_LOOK_STYLES } from '../vocab/terrain-looks.js';
import { MAX_ENTRIES, kebabId, label, listOf, numberIn, prose, textOf } from './limits.js';

/**
 * A rule set's terrain (data/<id>/terrain.yaml): the types its text names, each with its effect
 * in a line and the section it comes from, how it looks on a map and how large a piece is; and
 * for each map type how many pieces of each type a table gets. The counts and sizes are muster's
 * own (no text gives a terrain procedure); the types and effects are the text's.
 */

/** The map types every terrain file gives counts for, in the order a roll picks them. */
export const MAP_TYPES = ['open', 'rural', 'village', 'city', 'woods'] as const;
export type MapTypeId = (typeof MAP_TYPES)[number];

const size = numberIn(0.5, 400);
const range = z
  .tuple([size, size])
  .refine(([lo, hi]) => lo <= hi, { message: 'a range runs from the least to the most', path: [1] });
const count = z
  .tuple([numberIn(0, 50), numberIn(0, 50)])
  .refine(([lo, hi]) => lo <= hi, { message: 'a range runs from the least to the most', path: [1] });

const terrainType = z
  .object({
    id: kebabId('light-woods'),
    name: label,
    /** the section of the text the effect comes from */
    section: label,
    /** the effect in one line, muster's words in the text's terms */
    effect: textOf(160),
    /** where the effect is muster's reading, what it decided and why */
    reading: prose.optional(),
    look: z.enum(TERRAIN_LOOKS, { message: `one of the looks: ${TERRAIN_LOOKS.join(', ')}` }),
    passable: z.enum(['open', 'difficult', 'impassable'], { message: 'open, difficult or impassable' }),
    /** an area's footprint */
    size: z.object({ width: range, depth: range }).strict().optional(),
    /** a line's band */
    width: size.optional(),
    /** a short line's length */
    length: range.optional(),
  })
  .strict()
  .superRefine((type, context) => {
    if (type.look === 'open') {
      // the open ground the pieces stand on: nothing is laid, so nothing has a size
      for (const key of ['size', 'width', 'length'] as const) {
        if (type[key] !== undefined) context.addIssue({ code: 'custom', path: [key], message: 'not for open ground: it is the table between the pieces, never laid' });
      }
      return;
    }
    const form = TERRAIN_LOOK_STYLES[type.look].form;
    const need = (key: 'size' | 'width' | 'length', what: string) => {
      if (type[key] === undefined) context.addIssue({ code: 'custom', path: [key], message: `missing: a ${type.look} piece needs its ${what}` });
    };
    const refuse = (key: 'size' | 'width' | 'length', why: string) => {
      if (type[key] !== undefined) context.addIssue({ code: 'custom', path: [key], message: `not for a ${type.look} piece: ${why}` });
    };
    if (form === 'patch' || form === 'block') {
      need('size', 'size: { width: [least, most], depth: [least, most] }');
      refuse('width', 'it has a size');
      refuse('length', 'it has a size');
    } else {
      need('width', 'band width (width: N)');
      refuse('size', 'it is a line: give width (and length for a short line)');
      if (form === 'short-line') need('length', 'length: [least, most]');
      else refuse('length', 'it crosses the whole table');
    }
  });

const mapDensity = z
  .object({
    name: label.optional(),
    /** area and short-line types: pieces at normal density on a 120 x 120 cm table */
    pieces: z.record(kebabId('light-woods'), count).default({}),
    /** lines across the table: roads, tracks, rivers, streams */
    lines: z.record(kebabId('road'), count).default({}),
  })
  .strict();

export const terrainFile = z
  .object({
    /** a house folder's file replaces the built-in one instead of adding to it */
    replace: z.boolean().optional(),
    units: z.enum(['cm', 'in'], { message: 'cm or in: the units of the sizes' }),
    types: listOf(terrainType, MAX_ENTRIES),
    maps: z.object(Object.fromEntries(MAP_TYPES.map((id) => [id, mapDensity.optional()])) as Record<MapTypeId, z.ZodOptional<typeof mapDensity>>).strict(),
    note: prose.optional(),
  })
  .strict();

export type TerrainFile = z.infer<typeof terrainFile>;
export type TerrainTypeData = TerrainFile['types'][number];

/** A rule set's terrain as read from its folders, sizes in cm. */
export interface TerrainTables {
  /** the data's units: sizes are rolled in its half units */
  readonly units: 'cm' | 'in';
  readonly types: readonly (TerrainTypeData & { readonly units: 'cm' | 'in' })[];
  readonly maps: Readonly<Record<MapTypeId, z.infer<typeof mapDensity>>>;
  readonly notes: readonly string[];
  /** the files it came from */
  readonly files: readonly string[];
}

/** A map type's name as a player reads it. */
export function mapTypeName(tables: TerrainTables, id: MapTypeId): string {
  return tables.maps[id].name ?? id.charAt(0).toUpperCase() + id.slice(1);
}

/** The terrain types as the engine lays them: lengths in cm, rolled in the data's half units. */
export function engineTerrainTypes(tables: TerrainTables): TerrainType[] {
  return tables.types.map((t) => {
    const cm = t.units === 'in' ? 2.54 : 1;
    const scale = (r: readonly [number, number]) => [r[0] * cm, r[1] * cm] as const;
    return {
      id: t.id,
      name: t.name,
      look: t.look,
      passable: t.passable,
      grain: t.units === 'in' ? 1.27 : 1,
      ...(t.size ? { width: scale(t.size.width), depth: scale(t.size.depth) } : {}),
      ...(t.length ? { length: scale(t.length) } : {}),
      ...(t.width !== undefined ? { band: t.width * cm } : {}),
    };
  });
}

/** One map type's counts, as the engine reads them. */
export function engineMapType(tables: TerrainTables, id: MapTypeId): TerrainMapType {
  const map = tables.maps[id];
  return { id, name: mapTypeName(tables, id), density: { pieces: Object.entries(map.pieces), lines: Object.entries(map.lines) } };
}
