import { TERRAIN_LOOK_STYLES, type TerrainForm, type TerrainLook } from '../vocab/terrain-looks.js';
import type { Rng } from './dice.js';
import { TERRAIN_LEVELS, type TerrainLevel } from '../vocab/terrain-levels.js';
import { RollError } from './errors.js';
import {
  areaOf,
  boundsOf,
  boundsTouch,
  clipToRect,
  distanceToOutline,
  distanceToSegment,
  outlinesMeet,
  segmentBand,
  segmentsCross,
  type Bounds,
  type Outline,
  type Point,
  type Rect,
} from './geometry.js';
import { cellRows, Occupancy, type CellRows } from './occupancy.js';
import type { RollLog } from './roll-log.js';
import { extended } from '../vocab/extended.js';
import type { Provenance } from '../vocab/provenance.js';

/**
 * muster's terrain procedure, the same for every rule set (no rules text gives one): for a map
 * type and a density, roll how many pieces of each terrain type go on the table, roll each
 * piece's size and its place among the places where it fits, and lay roads and rivers across the
 * table. Pieces never overlap (only lines across the table cross each other: a crossroads, a
 * bridge), no piece that stops movement covers an objective, and a deployment zone keeps at
 * least three quarters of its ground and its table edge free of such pieces. Lengths are cm,
 * from the table's north-west corner, y running south.
 */

export { TERRAIN_LEVELS, type TerrainLevel };
export type Passable = 'open' | 'difficult' | 'impassable';

/** How many pieces a density puts out, against normal. */
const LEVEL_FACTOR: Record<TerrainLevel, number> = { none: 0, light: 0.5, normal: 1, dense: 1.6 };
/** The table the data's counts are for: 120 x 120 cm (4 x 4 ft). */
const COUNTED_AREA = 120 * 120;
/** Room left between two pieces, so models pass between them. */
const GAP = 2.5;
/** The grid a table is tested on, in cm: a piece keeps a cell clear all round it, so at least GAP. */
const CELL = 2.5;
/** The most of a deployment zone pieces that stop movement may take. */
export const ZONE_BLOCKED_SHARE = 0.25;
/** Ground along a zone's table edge kept free of pieces that stop movement. */
const EDGE_STRIP = 5;
/** Two roads (or two rivers) run at least this far apart, except where they cross. */
const LINE_SPACING = 12;
/** Lines of these looks may cross one of their own look (a crossroads); two rivers never meet. */
const MEET: ReadonlySet<TerrainLook> = new Set(['road', 'track']);

/**
 * What each die of a piece decides, as its roll's purpose words it ("its size"), and the word
 * a roll log that names the piece by its label uses for it ("size").
 */
const PIECE_DICE = {
  size: ['its size', 'size'],
  place: ['where it goes', 'place'],
  way: ['its way', 'way'],
  enters: ['where it enters', 'entry'],
  leaves: ['where it leaves', 'exit'],
  bend: ['its bend', 'bend'],
} as const satisfies Record<string, readonly [string, string]>;
type PieceDie = keyof typeof PIECE_DICE;

/**
 * A die's purpose for a terrain piece the list gives `label` ("terrain: T8 ruins 2, its size"):
 * the words terrainRollOf reads back, for the procedure's pieces and a rule set's own roads alike.
 */
export function pieceDiePurpose(label: string, what: string, die: PieceDie): string {
  return `terrain: ${label} ${what}, ${PIECE_DICE[die][0]}`;
}

/** How a place roll begins where the piece found room only at its least size. */
export const NO_ROOM_AT_SIZE = 'no room at its size';

/**
 * A terrain roll's purpose read back: the piece it was for ("ruins 2"), the label the terrain
 * list gives the piece its dice laid ("T8"; none where they laid nothing: no room), what the die
 * decided in the purpose's words and in a word. Undefined for a roll of no one piece (the map
 * type, how many of a type).
 */
export function terrainRollOf(purpose: string): { label?: string; piece: string; what: string; short: string } | undefined {
  const match = /^terrain: (?:(T\d+) )?([^,]+), ([^,]+)$/.exec(purpose);
  if (!match) return undefined;
  const what = match[3]!;
  const short = Object.values(PIECE_DICE).find(([long]) => long === what)?.[1] ?? what;
  return { ...(match[1] ? { label: match[1] } : {}), piece: match[2]!, what, short };
}

/** A terrain type as the procedure reads it; lengths in cm. */
export interface TerrainType {
  readonly id: string;
  readonly name: string;
  readonly look: TerrainLook;
  readonly passable: Passable;
  /** an area's width and depth (patch, block) or a short line's length, [least, most] */
  readonly width?: readonly [number, number];
  readonly depth?: readonly [number, number];
  readonly length?: readonly [number, number];
  /** a line's band */
  readonly band?: number;
  /** sizes are rolled in steps of this (the data's half unit), so a piece reads as a player measures it */
  readonly grain: number;
}

/** How many pieces of each type a map type puts out at normal density on a 120 x 120 cm table, in the data's order. */
export interface TerrainDensity {
  readonly pieces: readonly (readonly [string, readonly [number, number]])[];
  readonly lines: readonly (readonly [string, readonly [number, number]])[];
}

export interface TerrainMapType {
  readonly id: string;
  readonly name: string;
  readonly density: TerrainDensity;
}

/** What an objective stands in or on: a look, or where two lines cross. */
export type TerrainAnchor = TerrainLook | 'crossroads' | 'bridge';

export interface TerrainAsk {
  /** where the procedure its dice follow comes from: each rule set's reading, as no text gives one */
  readonly source: Provenance;
  readonly table: { readonly width: number; readonly height: number };
  readonly types: readonly TerrainType[];
  readonly map: TerrainMapType;
  readonly level: TerrainLevel;
  readonly zones: readonly Rect[];
  /** objectives: no piece that stops movement covers one; one with `on` gets that terrain laid at it */
  readonly objectives: readonly { readonly x: number; readonly y: number; readonly on?: TerrainAnchor }[];
  /** lines the scenario itself lays, such as a road it names */
  readonly fixed?: readonly { readonly look: TerrainLook; readonly points: readonly Point[] }[];
  /** the units of the words in the roll log */
  readonly units: 'cm' | 'in';
  /** cm to the inch in those words: 2.54, or a rule set's own round figure (Burst of Fire: 2.5) */
  readonly inch?: number;
}

export interface TerrainPiece {
  /** its number on the map and in the list of pieces to put out, T1, T2...: never taken for an objective's or a unit's number */
  readonly label: string;
  readonly type: string;
  readonly name: string;
  readonly look: TerrainLook;
  readonly passable: Passable;
  readonly shape: 'rect' | 'polygon' | 'line';
  /** the middle of its box (a line: of its first and last points) */
  readonly x: number;
  readonly y: number;
  /** its box before turning (a line: its length and band) */
  readonly width: number;
  readonly depth: number;
  /** degrees clockwise as drawn (north up) */
  readonly rotation: number;
  /** its outline (rect, polygon) or its path (line) */
  readonly points: readonly Point[];
  /** a line's band */
  readonly band?: number;
  /** the index of the objective it was laid for */
  readonly objective?: number;
}

export interface TerrainLayout {
  readonly map: { readonly id: string; readonly name: string };
  readonly level: TerrainLevel;
  readonly pieces: readonly TerrainPiece[];
  /** where a line crosses another: a crossroads, a bridge or a ford */
  readonly crossings: readonly { readonly x: number; readonly y: number; readonly labels: readonly [string, string] }[];
  /** pieces rolled for that found no room on the table */
  readonly unplaced: readonly { readonly type: string; readonly name: string; readonly count: number }[];
}

/** The convex parts a piece covers: its outline, or a band along each stretch of a line. */
export function pieceParts(piece: Pick<TerrainPiece, 'shape' | 'points' | 'band'>): Outline[] {
  if (piece.shape !== 'line') return [piece.points];
  const parts: Outline[] = [];
  for (let i = 0; i + 1 < piece.points.length; i++) parts.push(segmentBand(piece.points[i]!, piece.points[i + 1]!, piece.band ?? 1));
  return parts;
}

/** The share of a zone that pieces stopping movement cover. */
export function blockedShare(zone: Rect, pieces: readonly TerrainPiece[]): number {
  let covered = 0;
  for (const piece of pieces) if (piece.passable === 'impassable') for (const part of pieceParts(piece)) covered += areaOf(clipToRect(part, zone));
  return covered / (zone.w * zone.h);
}

/** A placed thing's parts with their boxes, for quick tests. */
interface Laid {
  piece: TerrainPiece;
  parts: { outline: Outline; bounds: Bounds }[];
  crossing: boolean;
}

const PATCH_RADII = [
  [1, 0.9, 0.97, 0.84, 0.95, 1, 0.88, 0.93, 0.98],
  [0.95, 1, 0.86, 0.92, 1, 0.9, 0.97, 0.85, 1],
  [1, 0.85, 0.92, 1, 0.88, 0.96, 1, 0.9, 0.87],
  [0.9, 0.98, 1, 0.87, 0.93, 0.85, 1, 0.95, 0.9],
  [1, 0.93, 0.86, 0.97, 1, 0.92, 0.84, 1, 0.95],
  [0.88, 1, 0.95, 0.9, 0.86, 1, 0.93, 0.98, 0.85],
] as const;

/** A patch's outline about (0, 0) within a w x d box: one of six irregular shapes, made convex. */
function patchOutline(w: number, d: number, shape: number): Point[] {
  const radii = PATCH_RADII[shape % PATCH_RADII.length]!;
  const points = radii.map((r, i): Point => {
    const a = (i * 2 * Math.PI) / radii.length;
    return [round((Math.cos(a) * r * w) / 2), round((Math.sin(a) * r * d) / 2)];
  });
  return convexHull(points);
}

function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (const p of [...sorted].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

const round = (n: number) => Math.round(n * 100) / 100;

/** A piece's outline at (0, 0) in one turn, with its box and the grid cells it covers. */
interface LocalShape {
  readonly turn: number;
  readonly local: Outline;
  readonly bounds: Bounds;
  readonly cells: CellRows;
}

/**
 * Outlines at (0, 0) already worked out, by type, size, shape and turn: a type's sizes are six
 * steps, so the same few come back piece after piece and table after table. What is kept follows
 * from its key alone, so keeping it changes no layout.
 */
const localShapes = new Map<string, LocalShape>();
const LOCAL_SHAPES_KEPT = 4096;

function localShape(type: TerrainType, form: TerrainForm, w: number, d: number, shape: number, turn: number, outline: () => Outline): LocalShape {
  const key = `${form}|${w}|${d}|${type.band ?? 1}|${form === 'patch' ? shape % PATCH_RADII.length : 0}|${turn}`;
  let found = localShapes.get(key);
  if (!found) {
    const local = outline();
    found = { turn, local, bounds: boundsOf(local), cells: cellRows(local, CELL) };
    if (localShapes.size >= LOCAL_SHAPES_KEPT) localShapes.clear();
    localShapes.set(key, found);
  }
  return found;
}

/** The turns a piece may take: a patch has no front, a block and a short line lie at any of a few angles. */
const TURNS: Record<TerrainForm, readonly number[]> = { patch: [0, 90], block: [0, 45, 90], 'short-line': [0, 45, 90, 135], crossing: [0] };

/** Lays the table's terrain for one scenario; every die it rolls goes into `log`. */
export function layTerrain(ask: TerrainAsk, rng: Rng, log: RollLog): TerrainLayout {
  const table = new TerrainTable(ask, rng, log);
  if (ask.level === 'none') return table.result();

  // first what the scenario lays itself, then what its objectives stand in, then the rolled rest
  for (const line of ask.fixed ?? []) {
    const type = table.firstOfLook(line.look);
    if (!type) continue;
    table.lay(toLaid(table.lineThrough(type, [...line.points])));
    table.next += 1;
  }
  // lines through objectives first, then what stands at them, beside a line where one runs through
  const anchored = ask.objectives.flatMap((o, index) => (o.on ? [{ index, at: [o.x, o.y] as Point, anchor: o.on }] : []));
  for (const { index, at, anchor } of anchored) {
    const what = (type: TerrainType) => `${type.name.toLowerCase()} at objective ${index + 1}`;
    const laidLine = (look: TerrainLook, way?: 'ns' | 'we') => {
      const type = table.firstOfLook(look);
      if (!type) return;
      // a line of the look that already runs through the objective that way serves it
      if (table.laid.some((l) => l.piece.look === look && runsThrough(l.piece, at, way))) return;
      if (!table.rollLine(type, what(type), at, way, index)) table.missed(type);
    };
    if (anchor === 'crossroads') {
      laidLine('road', 'ns');
      laidLine('road', 'we');
    } else if (anchor === 'bridge') {
      const running = table.laid.find((l) => l.piece.look === 'road' && runsThrough(l.piece, at));
      const way = running
        ? (Math.abs(running.piece.rotation) > 45 && Math.abs(running.piece.rotation) < 135 ? 'ns' : 'we')
        : log.dice(rng, '1D2', `terrain: the bridge at objective ${index + 1}`, ask.source, (t) => (t === 1 ? 'the road runs north to south, the river west to east' : 'the road runs west to east, the river north to south')) === 1 ? 'ns' : 'we';
      laidLine('road', way);
      laidLine(table.firstOfLook('river') ? 'river' : 'stream', way === 'ns' ? 'we' : 'ns');
    } else if (TERRAIN_LOOK_STYLES[anchor].form === 'crossing') laidLine(anchor);
  }
  for (const { index, at, anchor } of anchored) {
    if (anchor === 'crossroads' || anchor === 'bridge' || TERRAIN_LOOK_STYLES[anchor].form === 'crossing') continue;
    const type = table.firstOfLook(anchor);
    if (type && !table.rollArea(type, `${type.name.toLowerCase()} at objective ${index + 1}`, { point: at, objective: index })) table.missed(type);
  }

  const { width: W, height: H } = ask.table;
  const factor = LEVEL_FACTOR[ask.level] * ((W * H) / COUNTED_AREA);
  const byId = new Map(ask.types.map((t) => [t.id, t]));
  const howMany = (id: string, range: readonly [number, number], scale: number) => {
    const type = byId.get(id);
    if (!type) throw new RollError(`terrain: the map type ${ask.map.id} names a type "${id}" the terrain types do not have`);
    const lo = Math.round(range[0] * scale);
    const hi = Math.max(lo, Math.round(range[1] * scale));
    const count = log.between(rng, lo, hi, `terrain: how many ${type.name.toLowerCase()}`, ask.source, (n) => `${n}`);
    return { type, count };
  };
  // lines cross the whole table whatever its size: only the density changes how many
  for (const [id, range] of ask.map.density.lines) {
    const { type, count } = howMany(id, range, LEVEL_FACTOR[ask.level]);
    for (let i = 1; i <= count; i++) if (!table.rollLine(type, `${type.name.toLowerCase()} ${i}`)) table.missed(type);
  }
  for (const [id, range] of ask.map.density.pieces) {
    const { type, count } = howMany(id, range, factor);
    for (let i = 1; i <= count; i++) if (!table.rollArea(type, `${type.name.toLowerCase()} ${i}`)) table.missed(type);
  }
  return table.result();
}

/** A piece with its outlines and their boxes, as the table tests it. */
function toLaid(piece: TerrainPiece): Laid {
  const crossing = TERRAIN_LOOK_STYLES[piece.look].form === 'crossing';
  return { piece, crossing, parts: pieceParts(piece).map((outline) => ({ outline, bounds: boundsOf(outline) })) };
}

// areas keep GAP from everything; lines across the table cross each other freely
const areaGap = () => GAP;
// a line keeps GAP from areas; it crosses other lines freely (a crossroads, a bridge), but never
// runs alongside one (checked apart: runsAlongside)
const lineGap = (other: Laid) => (other.crossing ? undefined : GAP);

/**
 * One table as its terrain is laid: the pieces so far, the grid they fill and the dice. The
 * procedure's steps are its methods, and a piece's its own class's (AreaPiece, PlaceList): they
 * were closures made for each table and piece, and V8 keeps a closure's optimised code only
 * while some instance of it lives, so under a small heap each full collection threw theirs away
 * and they were compiled again every few packets (issue 30).
 */
class TerrainTable {
  readonly W: number;
  readonly H: number;
  readonly words: (cm: number, unit?: boolean) => string;
  readonly laid: Laid[] = [];
  readonly crossings: { x: number; y: number; labels: [string, string] }[] = [];
  readonly unplaced = new Map<string, { type: string; name: string; count: number }>();
  readonly blocked: number[];
  readonly grid: Occupancy;
  /** the number of the next piece laid (its label T1, T2, ...) */
  next = 1;

  constructor(
    readonly ask: TerrainAsk,
    readonly rng: Rng,
    readonly log: RollLog,
  ) {
    this.W = ask.table.width;
    this.H = ask.table.height;
    this.words = lengthWords(ask.units, ask.inch);
    this.blocked = ask.zones.map(() => 0);
    this.grid = new Occupancy(this.W, this.H, CELL);
  }

  result(): TerrainLayout {
    return { map: { id: this.ask.map.id, name: this.ask.map.name }, level: this.ask.level, pieces: this.laid.map((l) => l.piece), crossings: this.crossings, unplaced: [...this.unplaced.values()] };
  }

  /**
   * A die's purpose for the piece about to be laid, with the label the terrain list gives it
   * ("terrain: T8 ruins 2, its size"), so a roll log can name the piece rather than repeat its
   * size and place.
   */
  purpose(what: string, die: PieceDie): string {
    return pieceDiePurpose(`T${this.next}`, what, die);
  }

  /** The dice from `from` on laid nothing (no room): they keep their words but not the label, which the next piece laid takes. */
  unlabel(from: number): void {
    const labelled = `terrain: T${this.next} `;
    this.log.retell(from, (purpose) => (purpose.startsWith(labelled) ? `terrain: ${purpose.slice(labelled.length)}` : purpose));
  }

  firstOfLook(look: TerrainLook): TerrainType | undefined {
    return this.ask.types.find((t) => t.look === look);
  }

  missed(type: TerrainType): void {
    const entry = this.unplaced.get(type.id) ?? { type: type.id, name: type.name, count: 0 };
    entry.count += 1;
    this.unplaced.set(type.id, entry);
  }

  lay(l: Laid): void {
    this.grid.mark(l.parts.map((part) => part.outline), 1);
    for (const other of this.laid) if (l.crossing && other.crossing) this.crossings.push(...crossingsOf(other.piece, l.piece));
    this.laid.push(l);
    if (l.piece.passable === 'impassable') this.ask.zones.forEach((zone, i) => (this.blocked[i]! += l.parts.reduce((sum, p) => sum + areaOf(clipToRect(p.outline, zone)), 0)));
  }

  /** Whether a candidate fits: on the table, clear of every piece, objectives and zones kept. */
  fits(candidate: Laid, gapTo: (other: Laid) => number | undefined, objective?: number): boolean {
    for (const part of candidate.parts) {
      const b = part.bounds;
      if (!candidate.crossing && (b.x1 < 0 || b.y1 < 0 || b.x2 > this.W || b.y2 > this.H)) return false;
      for (const other of this.laid) {
        const gap = gapTo(other);
        if (gap === undefined) continue;
        for (const o of other.parts) if (boundsTouch(b, o.bounds, gap) && outlinesMeet(part.outline, o.outline, gap)) return false;
      }
    }
    return candidate.piece.passable !== 'impassable' || this.keepsGround(candidate.parts, candidate.crossing, objective);
  }

  /** A piece that stops movement keeps clear of the objectives (but its own) and leaves each zone passable. */
  keepsGround(parts: Laid['parts'], crossing: boolean, objective?: number): boolean {
    const { W, H } = this;
    for (const [i, o] of this.ask.objectives.entries()) {
      if (i === objective) continue;
      if (parts.some((p) => distanceToOutline([o.x, o.y], p.outline) < 2)) return false;
    }
    for (const [i, zone] of this.ask.zones.entries()) {
      const zb: Bounds = { x1: zone.x, y1: zone.y, x2: zone.x + zone.w, y2: zone.y + zone.h };
      let share = 0;
      for (const part of parts) {
        if (!boundsTouch(part.bounds, zb)) continue;
        share += areaOf(clipToRect(part.outline, zone));
        // the strip along the zone's own table edges stays open, so the side can come on
        if (!crossing) {
          const b = part.bounds;
          if ((zone.x <= 0 && b.x1 < EDGE_STRIP) || (zone.y <= 0 && b.y1 < EDGE_STRIP) || (zone.x + zone.w >= W && b.x2 > W - EDGE_STRIP) || (zone.y + zone.h >= H && b.y2 > H - EDGE_STRIP)) return false;
        }
      }
      if ((this.blocked[i]! + share) / (zone.w * zone.h) > ZONE_BLOCKED_SHARE) return false;
    }
    return true;
  }

  lineThrough(type: TerrainType, points: Point[], objective?: number): TerrainPiece {
    const first = points[0]!;
    const last = points[points.length - 1]!;
    let length = 0;
    for (let i = 0; i + 1 < points.length; i++) length += Math.hypot(points[i + 1]![0] - points[i]![0], points[i + 1]![1] - points[i]![1]);
    return {
      label: `T${this.next}`,
      type: type.id,
      name: type.name,
      look: type.look,
      passable: type.passable,
      shape: 'line',
      x: round((first[0] + last[0]) / 2),
      y: round((first[1] + last[1]) / 2),
      width: round(length),
      depth: type.band ?? 1,
      rotation: round((Math.atan2(last[1] - first[1], last[0] - first[0]) * 180) / Math.PI),
      points: points.map(([x, y]): Point => [round(x), round(y)]),
      band: type.band ?? 1,
      ...(objective !== undefined ? { objective } : {}),
    };
  }

  /** A line across the table through `at` (or anywhere): which way, where it enters and leaves, and its bend are rolled. */
  rollLine(type: TerrainType, what: string, at?: Point, way?: 'ns' | 'we', objective?: number): boolean {
    const { log, rng, words, W, H } = this;
    for (let attempt = 1; attempt <= 4; attempt++) {
      // a line that found no room is rolled again, and the log says so
      if (attempt > 1) what = `${what.replace(/ \(again.*\)$/, '')} (again: no room for the last)`;
      const start = log.rolls.length;
      const dir = way ?? (log.dice(rng, '1D2', this.purpose(what, 'way'), this.ask.source, (t) => (t === 1 ? 'north to south' : 'west to east')) === 1 ? 'ns' : 'we');
      const span = dir === 'ns' ? W : H;
      const along = dir === 'ns' ? H : W;
      let points: Point[];
      if (at) {
        // through the objective, entering and leaving a little to either side of it
        const across = dir === 'ns' ? at[0] : at[1];
        const shift = (t: number) => ((t - 3) * span) / 24;
        const a = log.dice(rng, '1D5', this.purpose(what, 'enters'), this.ask.source, (t) => `${words(Math.abs(shift(t)))} ${t === 3 ? 'in line with' : t < 3 ? 'before' : 'past'} the objective`);
        const b = log.dice(rng, '1D5', this.purpose(what, 'leaves'), this.ask.source, (t) => `${words(Math.abs(shift(t)))} ${t === 3 ? 'in line with' : t < 3 ? 'before' : 'past'} the objective`);
        const from = clamp(across + shift(a), span * 0.05, span * 0.95);
        const to = clamp(across + shift(b), span * 0.05, span * 0.95);
        const mid = dir === 'ns' ? at[1] : at[0];
        points = dir === 'ns' ? [[from, 0], [at[0], mid], [to, along]] : [[0, from], [mid, at[1]], [along, to]];
      } else {
        const edgeWords = dir === 'ns' ? ['north', 'south'] : ['west', 'east'];
        const a = log.dice(rng, '1D9', this.purpose(what, 'enters'), this.ask.source, (t) => `${words((t * span) / 10)} along the ${edgeWords[0]} edge`);
        const b = log.dice(rng, '1D9', this.purpose(what, 'leaves'), this.ask.source, (t) => `${words((t * span) / 10)} along the ${edgeWords[1]} edge`);
        const bend = log.dice(rng, '1D5', this.purpose(what, 'bend'), this.ask.source, (t) => (t === 3 ? 'straight' : `bends ${words((Math.abs(t - 3) * span) / 12)} ${t < 3 ? (dir === 'ns' ? 'west' : 'north') : dir === 'ns' ? 'east' : 'south'}`));
        const from = (a * span) / 10;
        const to = (b * span) / 10;
        const middle = clamp((from + to) / 2 + ((bend - 3) * span) / 12, span * 0.05, span * 0.95);
        points = dir === 'ns' ? [[from, 0], [middle, along / 2], [to, along]] : [[0, from], [along / 2, middle], [along, to]];
      }
      const candidate = toLaid(this.lineThrough(type, points, objective));
      // no line runs alongside another, whatever their looks (a road along the river, on top of its
      // bank); one of its own look it may not even meet, but where its look meets (a road a road)
      const alongside = this.laid.some((l) => l.crossing && runsAlongside(l.piece, candidate.piece, l.piece.look === type.look && !MEET.has(type.look)));
      if (!alongside && this.fits(candidate, lineGap, objective)) {
        this.lay(candidate);
        this.next += 1;
        return true;
      }
      this.unlabel(start);
    }
    return false;
  }

  /** Rolls an area or short line's size, then its place among all the places it fits. */
  rollArea(type: TerrainType, what: string, at?: { point: Point; objective: number }): boolean {
    const { log, rng, words, H } = this;
    const form = TERRAIN_LOOK_STYLES[type.look].form;
    const start = log.rolls.length;
    const step = log.dice(rng, '1D6', this.purpose(what, 'size'), this.ask.source, (t) => sizeWords(type, form, t, words));
    const piece = new AreaPiece(this, type, form, sizeOf(type, form, step), at);
    if (at) {
      // on the objective, or beside it where something (a road through it) is in the way
      const reach = Math.max(piece.w, piece.d) / 2 + GAP + 1;
      const spotsBeside: Point[] = [[0, 0], [reach, 0], [-reach, 0], [0, reach], [0, -reach], [reach, reach], [-reach, -reach], [reach, -reach], [-reach, reach]];
      for (const [dx, dy] of spotsBeside) {
        const candidate = toLaid(piece.pieceAt(at.point[0] + dx, at.point[1] + dy, 0));
        if (!this.fits(candidate, areaGap, at.objective)) continue;
        this.lay(candidate);
        this.next += 1;
        return true;
      }
      this.unlabel(start);
      return false;
    }
    // every place on a lattice of whole cells where it fits: free cells first, then what the grid cannot tell
    // places every 10 cm for a piece that large (round figures to measure), every 5 cm for a smaller one
    const lattice = (Math.min(piece.w, piece.d) >= 10 ? 4 : 2) * CELL;
    let spots = new PlaceList(this, piece, lattice);
    // no room at the size rolled: the least size, said in the log
    let least = false;
    if (spots.count === 0 && step > 1) {
      piece.resize(sizeOf(type, form, 1));
      spots = new PlaceList(this, piece, lattice);
      least = spots.count > 0;
    }
    if (spots.count === 0) {
      this.unlabel(start);
      return false;
    }
    const spot = spots.at(
      log.choose(rng, spots.count, this.purpose(what, 'place'), this.ask.source, (index) => {
        const s = spots.at(index);
        return `${least ? `${NO_ROOM_AT_SIZE}: at its least, ${sizeWords(type, form, 1, words)}, ` : ''}${placeWords(s.x, s.y, H, words)}${s.turn ? `, turned ${s.turn}°` : ''}`;
      }),
    );
    this.lay(toLaid(piece.pieceAt(spot.x, spot.y, spot.turn)));
    this.next += 1;
    return true;
  }
}

/** An area or short line of a rolled size, as it is tried at places on the table. */
class AreaPiece {
  /**
   * An area's points turned once per size and turn (kept, as a piece is tried at many places),
   * to be moved with the sums outlineAt makes.
   */
  private readonly turnedTerms = new Map<string, number[][]>();
  readonly shape: number;
  w: number;
  d: number;

  constructor(
    private readonly table: TerrainTable,
    readonly type: TerrainType,
    readonly form: TerrainForm,
    size: { w: number; d: number },
    private readonly at: { point: Point; objective: number } | undefined,
  ) {
    this.w = size.w;
    this.d = size.d;
    this.shape = table.next % PATCH_RADII.length;
  }

  resize(size: { w: number; d: number }): void {
    this.w = size.w;
    this.d = size.d;
  }

  /** An area's outline at (cx, cy), rounded. */
  outlineAt(cx: number, cy: number, turn: number): Point[] {
    const { form, w, d } = this;
    if (form !== 'patch' && form !== 'block') return [];
    const key = `${w}|${d}|${turn}`;
    let terms = this.turnedTerms.get(key);
    if (!terms) {
      const local: Point[] = form === 'patch' ? patchOutline(w, d, this.shape) : [[-w / 2, -d / 2], [w / 2, -d / 2], [w / 2, d / 2], [-w / 2, d / 2]];
      const a = (turn * Math.PI) / 180;
      const cos = Math.cos(a);
      const sin = Math.sin(a);
      terms = local.map(([x, y]) => [x * cos, y * sin, x * sin, y * cos]);
      this.turnedTerms.set(key, terms);
    }
    return terms.map(([xc, ys, xs, yc]): Point => [round(cx + xc! - ys!), round(cy + xs! + yc!)]);
  }

  /** A short line's two ends at (cx, cy), rounded. */
  lineEnds(cx: number, cy: number, turn: number): [Point, Point] {
    const a = (turn * Math.PI) / 180;
    const dx = (Math.cos(a) * this.w) / 2;
    const dy = (Math.sin(a) * this.w) / 2;
    return [[round(cx - dx), round(cy - dy)], [round(cx + dx), round(cy + dy)]];
  }

  pieceAt(cx: number, cy: number, turn: number): TerrainPiece {
    const { type, form, w, d, at } = this;
    const base = { label: `T${this.table.next}`, type: type.id, name: type.name, look: type.look, passable: type.passable, x: round(cx), y: round(cy), width: w, depth: d, rotation: turn, ...(at ? { objective: at.objective } : {}) };
    // the shape's keys are new to the base: not added after a spread (vocab/extended.ts)
    if (form === 'short-line') return extended(base, { depth: type.band ?? 1, shape: 'line' as const, band: type.band ?? 1, points: this.lineEnds(cx, cy, turn) });
    return extended(base, { shape: form === 'patch' ? ('polygon' as const) : ('rect' as const), points: this.outlineAt(cx, cy, turn) });
  }

  /** The parts of the piece pieceAt would lay at (cx, cy), without the piece: for trying many places. */
  partsAt(cx: number, cy: number, turn: number): Laid['parts'] {
    const outline = this.form === 'short-line' ? segmentBand(...this.lineEnds(cx, cy, turn), this.type.band ?? 1) : this.outlineAt(cx, cy, turn);
    return [{ outline, bounds: boundsOf(outline) }];
  }

  /** Its outline at (0, 0) in each turn it may take, with the cells each covers. */
  turnedShapes(): readonly LocalShape[] {
    return TURNS[this.form].map((turn) => localShape(this.type, this.form, this.w, this.d, this.shape, turn, () => pieceParts(this.pieceAt(0, 0, turn))[0]!));
  }
}

/**
 * Every place on the lattice where a piece fits, in the order turn, row, column: kept as
 * stretches of a lattice row (turn, row, first and last column) with the count of places up
 * to each, so a table with room for thousands of places keeps a few dozen stretches.
 */
class PlaceList {
  readonly count: number;
  private readonly stretches: number[] = [];
  private readonly upTo: number[] = [];
  private readonly shapes: readonly LocalShape[];

  constructor(
    table: TerrainTable,
    piece: AreaPiece,
    private readonly lattice: number,
  ) {
    const { stretches, upTo } = this;
    const { W, H, grid } = table;
    const stride = lattice / CELL;
    let count = 0;
    const along: number[] = [];
    this.shapes = piece.turnedShapes();
    for (const [s, shape] of this.shapes.entries()) {
      const b = shape.bounds;
      // the lattice's places that keep the whole piece on the table
      const xFrom = Math.max(1, Math.ceil(-b.x1 / lattice));
      const xTo = Math.floor((W - b.x2) / lattice);
      const yFrom = Math.max(1, Math.ceil(-b.y1 / lattice));
      const yTo = Math.floor((H - b.y2) / lattice);
      for (let j = yFrom; j <= yTo; j++) {
        along.length = 0;
        const found = grid.fitsAlong(shape.cells, stride * j, stride, xFrom, xTo, along);
        for (let q = 0; q < found; q++) {
          const first = along[2 * q]!;
          const last = along[2 * q + 1]!;
          if (piece.type.passable !== 'impassable') {
            count += last - first + 1;
            stretches.push(s, j, first, last);
            upTo.push(count);
            continue;
          }
          // a piece that stops movement is tried place by place against the zones and objectives
          // (the grid has found it clear of every piece, with the gap, and on the table)
          for (let i = first; i <= last; i++) {
            if (!table.keepsGround(piece.partsAt(i * lattice, j * lattice, shape.turn), false)) continue;
            count += 1;
            stretches.push(s, j, i, i);
            upTo.push(count);
          }
        }
      }
    }
    this.count = count;
  }

  /** The place at `index` in that order. */
  at(index: number): { x: number; y: number; turn: number } {
    const { stretches, upTo, lattice } = this;
    let lo = 0;
    let hi = upTo.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (upTo[mid]! > index) hi = mid;
      else lo = mid + 1;
    }
    const before = lo === 0 ? 0 : upTo[lo - 1]!;
    return { x: (stretches[4 * lo + 2]! + index - before) * lattice, y: stretches[4 * lo + 1]! * lattice, turn: this.shapes[stretches[4 * lo]!]!.turn };
  }
}

/**
 * Whether two lines run side by side closer than LINE_SPACING somewhere: two stretches at less
 * than 35 degrees to each other that come that close. Lines that cross at a wider angle do not,
 * unless `anyWay` (two rivers keep apart whichever way they run).
 */
function runsAlongside(a: TerrainPiece, b: TerrainPiece, anyWay = false): boolean {
  for (let i = 0; i + 1 < a.points.length; i++) {
    for (let j = 0; j + 1 < b.points.length; j++) {
      const [p1, p2, q1, q2] = [a.points[i]!, a.points[i + 1]!, b.points[j]!, b.points[j + 1]!];
      const angle = Math.abs(Math.atan2(p2[1] - p1[1], p2[0] - p1[0]) - Math.atan2(q2[1] - q1[1], q2[0] - q1[0])) % Math.PI;
      const apart = Math.min(angle, Math.PI - angle);
      if (!anyWay && apart >= (35 * Math.PI) / 180) continue;
      const near = segmentsCross(p1, p2, q1, q2) ? 0 : Math.min(distanceToSegment(p1, q1, q2), distanceToSegment(p2, q1, q2), distanceToSegment(q1, p1, p2), distanceToSegment(q2, p1, p2));
      if (near < LINE_SPACING) return true;
    }
  }
  return false;
}

/** Whether a line passes within a few cm of a point, running north-south or west-east there when `way` is given. */
function runsThrough(piece: TerrainPiece, at: Point, way?: 'ns' | 'we'): boolean {
  if (piece.shape !== 'line') return false;
  for (let i = 0; i + 1 < piece.points.length; i++) {
    const a = piece.points[i]!;
    const b = piece.points[i + 1]!;
    if (distanceToSegment(at, a, b) > (piece.band ?? 1) / 2 + 2) continue;
    if (!way) return true;
    const steep = Math.abs(b[1] - a[1]) > Math.abs(b[0] - a[0]);
    if (steep === (way === 'ns')) return true;
  }
  return false;
}

function crossingsOf(a: TerrainPiece, b: TerrainPiece): { x: number; y: number; labels: [string, string] }[] {
  const found: { x: number; y: number; labels: [string, string] }[] = [];
  for (let i = 0; i + 1 < a.points.length; i++) {
    for (let j = 0; j + 1 < b.points.length; j++) {
      const p = segmentsCross(a.points[i]!, a.points[i + 1]!, b.points[j]!, b.points[j + 1]!);
      if (p && !found.some((f) => Math.hypot(f.x - p[0], f.y - p[1]) < 1)) found.push({ x: round(p[0]), y: round(p[1]), labels: [a.label, b.label] });
    }
  }
  return found;
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/** Step `t` of six between a type's least and most size, in its grain. */
function sizeOf(type: TerrainType, form: TerrainForm, t: number): { w: number; d: number } {
  const at = (range: readonly [number, number] | undefined) => {
    if (!range) return type.band ?? 1;
    const raw = range[0] + ((range[1] - range[0]) * (t - 1)) / 5;
    return round(Math.round(raw / type.grain) * type.grain);
  };
  if (form === 'short-line') return { w: at(type.length), d: type.band ?? 1 };
  const w = at(type.width);
  return { w, d: Math.min(w, at(type.depth)) };
}

function sizeWords(type: TerrainType, form: TerrainForm, t: number, words: (cm: number, unit?: boolean) => string): string {
  const { w, d } = sizeOf(type, form, t);
  return form === 'short-line' ? `${words(w)} long` : `${words(w, false)} x ${words(d)}`;
}

function placeWords(x: number, y: number, H: number, words: (cm: number) => string): string {
  return `middle ${words(x)} from the west edge, ${words(H - y)} from the south edge`;
}

/** A length in the run's units, as a player measures it: whole cm, or inches to the half. */
export function lengthWords(units: 'cm' | 'in', inch = 2.54): (cm: number, unit?: boolean) => string {
  return (cm, unit = true) => {
    const n = units === 'cm' ? Math.round(cm) : Math.round((cm / inch) * 2) / 2;
    return unit ? `${n} ${units}` : String(n);
  };
}
