import { insideOutline, type Point } from '../engine/geometry.js';
import { lengthWords, type TerrainLayout, type TerrainPiece } from '../engine/terrain.js';
import { TERRAIN_LOOK_STYLES, type TerrainLook } from '../vocab/terrain-looks.js';
import { formatLength } from './helpers.js';
import { mixColours } from './colours.js';
import { markDataReading, markReading, type Shape, type TableBlock, type Units } from './model.js';
import { textTable } from './packet.js';

/**
 * Terrain as a map draws it and a player sets it out: each piece to scale in its look's fill,
 * outline and marks (so it reads in black and white), its number, and the list of pieces to put
 * out with their sizes and places. The same for every rule set.
 */

/** A terrain type as the legend and the list name it: the rule set's words for it. */
export interface TerrainTypeWords {
  id: string;
  name: string;
  look: TerrainLook;
  effect: string;
  section: string;
  /** where the effect line holds muster's reading, what it decided (the data's words) */
  reading?: string;
}

/** What a map needs to draw the terrain: the layout and the words for its types. */
export interface MapTerrain {
  layout: TerrainLayout;
  types: readonly TerrainTypeWords[];
  /** the rule set's id: its register's "terrain-procedure" is the reading that lays terrain, which no text gives */
  system: string;
}

/**
 * Which of a rule set's types sharing a look a type is (0 for the first): a second type of one
 * look (dense woods after light woods) is drawn with a second outline inside, or a line down its
 * middle, so the two differ on the page without colour.
 */
export function lookVariant(types: readonly TerrainTypeWords[], typeId: string): number {
  const type = types.find((t) => t.id === typeId);
  if (!type) return 0;
  return types.filter((t) => t.look === type.look).findIndex((t) => t.id === typeId);
}

/** Where the table's cm fall on a drawing: across at ox + cm * s, down at oy + cm * s (mm). */
export interface MapScale {
  readonly ox: number;
  readonly oy: number;
  /** mm per cm */
  readonly s: number;
}

const UNSCALED: MapScale = { ox: 0, oy: 0, s: 1 };

/** A piece's points on the drawing, in mm. */
function scaledPoints(piece: TerrainPiece, { ox, oy, s }: MapScale): [number, number][] {
  return piece.points.map(([x, y]): [number, number] => [ox + x * s, oy + y * s]);
}

/** A piece's look, drawn in mm at `scale`. */
export function terrainShapes(piece: TerrainPiece, scale: MapScale, variant = 0): Shape[] {
  const style = TERRAIN_LOOK_STYLES[piece.look];
  const drawn = lookShapes(piece, scale, variant === 0 ? style.fill : variantFill(style, variant));
  if (variant === 0) return drawn;
  const points = scaledPoints(piece, scale);
  if (piece.shape === 'line') return [...drawn, { kind: 'polyline', points, color: style.outline, width: 0.3, ...(variant > 1 ? { dash: 0.6 } : {}) }];
  const cx = points.reduce((a, p) => a + p[0], 0) / points.length;
  const cy = points.reduce((a, p) => a + p[1], 0) / points.length;
  // inset by a fixed 1.2 mm or so, whatever the piece's size
  const size = Math.max(...points.map((p) => Math.hypot(p[0] - cx, p[1] - cy)));
  const k = Math.max(0.5, 1 - 1.2 / Math.max(size, 1));
  const inner = points.map(([x, y]): [number, number] => [cx + (x - cx) * k, cy + (y - cy) * k]);
  return [...drawn, { kind: 'polygon', points: inner, stroke: style.outline, width: 0.45, ...(variant > 1 ? { dash: 0.8 } : {}) }];
}

/**
 * A later type's fill of a look (dense woods after light, stone houses after wooden): the look's
 * fill darkened towards its outline a step a type, so the two differ by their ground as well as
 * by the second outline, at arm's length and in grey.
 */
function variantFill(style: (typeof TERRAIN_LOOK_STYLES)[TerrainLook], variant: number): string {
  return mixColours(style.fill, style.outline, Math.min(0.3 * variant, 0.6));
}

function lookShapes(piece: TerrainPiece, scale: MapScale, fill: string): Shape[] {
  const { s } = scale;
  const style = TERRAIN_LOOK_STYLES[piece.look];
  const points = scaledPoints(piece, scale);
  if (piece.shape === 'line') {
    const band = Math.max((piece.band ?? 1) * s, 0.7);
    switch (piece.look) {
      case 'road':
      case 'river':
      case 'hedge':
      case 'trench':
        return [
          { kind: 'polyline', points, color: style.outline, width: band },
          { kind: 'polyline', points, color: style.fill, width: Math.max(band - 0.7, 0.3) },
          ...(piece.look === 'trench' ? [{ kind: 'polyline' as const, points, color: style.outline, width: 0.3, dash: 0.8 }] : []),
        ];
      case 'track':
        return [
          { kind: 'polyline', points, color: style.outline, width: band, dash: style.dash },
          { kind: 'polyline', points, color: style.fill, width: Math.max(band - 0.6, 0.3) },
        ];
      case 'fence':
        return [{ kind: 'polyline', points, color: style.outline, width: Math.max(band, 0.5), dash: style.dash }];
      default:
        return [{ kind: 'polyline', points, color: style.outline, width: band }];
    }
  }
  return [
    { kind: 'polygon', points, fill, stroke: style.outline, width: 0.5, ...(style.dash ? { dash: style.dash } : {}) },
    ...marks(points, style.marks, style.outline),
  ];
}

/**
 * Points on a grid inside the outline, kept `margin` mm from its box. A function of the module,
 * not a closure made for each outline: V8 keeps a closure's optimised code only while some
 * instance of it lives, so under a small heap each full collection threw this one's away and
 * it was compiled again every few packets (issue 30).
 */
function gridInside(outline: readonly Point[], [x1, x2, y1, y2]: readonly [number, number, number, number], step: number, margin: number, stagger: boolean): Point[] {
  const found: Point[] = [];
  let row = 0;
  for (let y = y1 + margin; y <= y2 - margin; y += step, row++) {
    for (let x = x1 + margin + (stagger && row % 2 ? step / 2 : 0); x <= x2 - margin; x += step) {
      const inner: Point[] = [[x - margin, y], [x + margin, y], [x, y - margin], [x, y + margin]];
      if (inner.every((p) => insideOutline(p, outline))) found.push([x, y]);
    }
  }
  return found;
}

/** The marks inside an outline that tell its look without colour. */
function marks(outline: readonly Point[], kind: (typeof TERRAIN_LOOK_STYLES)[TerrainLook]['marks'], colour: string): Shape[] {
  const xs = outline.map((p) => p[0]);
  const ys = outline.map((p) => p[1]);
  const [x1, x2, y1, y2] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const cx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const cy = ys.reduce((a, b) => a + b, 0) / ys.length;
  const grid = (step: number, margin: number, stagger: boolean) => gridInside(outline, [x1, x2, y1, y2], step, margin, stagger);
  switch (kind) {
    case 'trees':
      return grid(5.6, 1.4, true).map(([x, y]) => ({ kind: 'circle', cx: x, cy: y, r: 1.2, stroke: colour, width: 0.35 }));
    case 'rows':
      return grid(4.4, 1, false).map(([x, y]) => ({ kind: 'circle', cx: x, cy: y, r: 0.5, fill: colour }));
    case 'dots':
    case 'rubble':
      return grid(kind === 'dots' ? 4 : 3.2, 0.8, true).map(([x, y]) => ({ kind: 'circle', cx: x, cy: y, r: kind === 'dots' ? 0.3 : 0.4, fill: colour }));
    case 'tufts':
      return grid(4.6, 1.2, true).flatMap(([x, y]): Shape[] => [
        { kind: 'line', x1: x - 1, y1: y, x2: x + 1, y2: y, color: colour, width: 0.3 },
        { kind: 'line', x1: x, y1: y, x2: x, y2: y - 0.9, color: colour, width: 0.3 },
      ]);
    case 'waves':
      return grid(5, 1.4, true).map(([x, y]): Shape => ({ kind: 'polyline', points: [[x - 1.2, y], [x - 0.6, y - 0.5], [x, y], [x + 0.6, y - 0.5], [x + 1.2, y]], color: colour, width: 0.3 }));
    case 'contour':
      return [{ kind: 'polygon', points: outline.map(([x, y]): [number, number] => [cx + (x - cx) * 0.55, cy + (y - cy) * 0.55]), stroke: colour, width: 0.35 }];
    case 'hatch': {
      const lines: Shape[] = [];
      for (let d = x1 - (y2 - y1); d < x2; d += 2.8) {
        const cut = chord(outline, [d, y2], [d + (y2 - y1), y1]);
        if (cut) lines.push({ kind: 'line', x1: cut[0][0], y1: cut[0][1], x2: cut[1][0], y2: cut[1][1], color: colour, width: 0.25 });
      }
      return lines;
    }
    case 'none':
      return [];
  }
}

/** The part of the line from a to b (extended) inside a convex outline, shortened a little at each end. */
function chord(outline: readonly Point[], a: Point, b: Point): [Point, Point] | undefined {
  let lo = -Infinity;
  let hi = Infinity;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  // Cyrus-Beck against each edge, the outline taken either way round
  const area = outline.reduce((sum, p, i) => sum + (p[0] * outline[(i + 1) % outline.length]![1] - outline[(i + 1) % outline.length]![0] * p[1]), 0);
  const sign = area > 0 ? 1 : -1;
  for (let i = 0; i < outline.length; i++) {
    const p = outline[i]!;
    const q = outline[(i + 1) % outline.length]!;
    const nx = -(q[1] - p[1]) * sign;
    const ny = (q[0] - p[0]) * sign;
    const denom = nx * dx + ny * dy;
    const num = nx * (a[0] - p[0]) + ny * (a[1] - p[1]);
    if (Math.abs(denom) < 1e-12) {
      if (num < 0) return undefined;
      continue;
    }
    const t = -num / denom;
    if (denom > 0) lo = Math.max(lo, t);
    else hi = Math.min(hi, t);
  }
  if (!(hi > lo)) return undefined;
  const length = Math.hypot(dx, dy);
  const trim = 0.4 / length;
  if (hi - lo <= 2 * trim) return undefined;
  return [
    [a[0] + dx * (lo + trim), a[1] + dy * (lo + trim)],
    [a[0] + dx * (hi - trim), a[1] + dy * (hi - trim)],
  ];
}

/** A look's legend sample, its middle at (x + w / 2, y). */
export function terrainSwatch(look: TerrainLook, x: number, y: number, w: number, variant = 0): Shape[] {
  const style = TERRAIN_LOOK_STYLES[look];
  const piece: TerrainPiece =
    style.form === 'patch' || style.form === 'block'
      ? { label: '', type: look, name: look, look, passable: 'open', shape: 'polygon', x: 0, y: 0, width: w, depth: 4, rotation: 0, points: [[x, y - 2], [x + w, y - 2], [x + w, y + 2], [x, y + 2]] }
      : { label: '', type: look, name: look, look, passable: 'open', shape: 'line', x: 0, y: 0, width: w, depth: 2, rotation: 0, points: [[x + 0.8, y], [x + w - 0.8, y]], band: style.form === 'crossing' ? 2.4 : 1.2 };
  return terrainShapes(piece, UNSCALED, variant);
}

/**
 * The legend's lines for the terrain drawn: one for each type on the table, and the open ground
 * the pieces stand on (a type of the look `open`, never drawn), in the data's order.
 */
export function terrainLegend(terrain: MapTerrain): { look: TerrainLook; variant: number; text: string }[] {
  const drawn = new Set(terrain.layout.pieces.map((p) => p.type));
  return terrain.types
    .filter((t) => drawn.has(t.id) || t.look === 'open')
    .map((t) => ({ look: t.look, variant: lookVariant(terrain.types, t.id), text: t.reading ? markDataReading(`${t.name}: ${t.effect}`, t.reading) : `${t.name}: ${t.effect}` }));
}

/** The words under a map with terrain: what was laid, and that the procedure is muster's. */
export function terrainCaption(terrain: MapTerrain): string {
  const layout = terrain.layout;
  if (layout.level === 'none') return 'No terrain laid (--terrain none).';
  return markReading(`Terrain: ${layout.map.name.toLowerCase()} map, ${layout.level} density, laid by muster's own tables; the numbers match the pieces to put out`, `${terrain.system}/terrain-procedure`);
}

/**
 * An effect line's rule distances in the sheet's units: the data writes them as its text does,
 * in inches (6") or centimetres (5cm, 5 cm); `inch` is the rule set's centimetres to the inch.
 */
export function effectInUnits(effect: string, units: Units, inch: number): string {
  const length = (value: number) => formatLength(Math.round(value * 10) / 10, units);
  return effect
    .replace(/(\d+(?:\.\d+)?)"/g, (_, n: string) => length(units === 'in' ? Number(n) : Number(n) * inch))
    .replace(/(\d+(?:\.\d+)?) ?cm\b/g, (_, n: string) => length(units === 'cm' ? Number(n) : Number(n) / inch));
}

/**
 * The pieces to put out, by number: what each is, its size and where it goes, in the run's
 * units, a row a piece; where lines cross is said under the list, by their numbers. A player
 * with a box of scenery sets the table up from it.
 */
export function terrainPutOut(terrain: MapTerrain, units: Units, table: { width: number; height: number }, section: string, inch?: number): TableBlock {
  const words = lengthWords(units, inch);
  const H = table.height;
  const sectionOf = new Map(terrain.types.map((t) => [t.id, t.section]));
  const rows = terrain.layout.pieces.map((piece) => [piece.label, piece.name, sizeOf(piece, words), whereOf(piece, H, table.width, words), sectionOf.get(piece.type) ?? '']);
  // the crossings in a sentence, not a row each: the map shows them, the list's rows name the lines
  const crossings = terrain.layout.crossings.map((crossing) => {
    const [a, b] = crossing.labels.map((label) => terrain.layout.pieces.find((p) => p.label === label)!);
    const bridge = [a!, b!].some((p) => p.look === 'river' || p.look === 'stream');
    return `${a!.label} and ${b!.label}${bridge ? ' (a bridge or ford)' : ''} at ${at(crossing.x, crossing.y, H, words)}`;
  });
  const left = terrain.layout.unplaced.map((u) => `${u.name}: ${u.count} ${u.count === 1 ? 'piece' : 'pieces'} rolled found no room, left out`);
  const summary = [...(crossings.length > 0 ? [`Lines cross: ${crossings.join('; ')}.`] : []), ...(left.length > 0 ? [`${left.join('; ')}.`] : [])].join(' ');
  return textTable(
    'terrain-pieces',
    markReading(`Terrain to put out: ${terrain.layout.map.name.toLowerCase()}, ${terrain.layout.level}`, `${terrain.system}/terrain-procedure`),
    section,
    ['#', 'Piece', 'Size', 'Where (its middle)', 'Its effect: rules section'],
    rows,
    'full',
    summary || undefined,
    // a row a piece where the page has the room, only a line's long way wrapping
    [1, 2, 4],
  );
}

function sizeOf(piece: TerrainPiece, words: (cm: number, unit?: boolean) => string): string {
  if (piece.shape === 'line') {
    return TERRAIN_LOOK_STYLES[piece.look].form === 'crossing' ? `${words(piece.band ?? 1)} wide` : `${words(piece.width)} long`;
  }
  return `${words(piece.width, false)} x ${words(piece.depth)}`;
}

function whereOf(piece: TerrainPiece, H: number, W: number, words: (cm: number) => string): string {
  if (TERRAIN_LOOK_STYLES[piece.look].form === 'crossing') {
    const [first, mid, last] = [piece.points[0]!, piece.points[Math.floor(piece.points.length / 2)]!, piece.points[piece.points.length - 1]!];
    return `from ${edgePoint(first, H, W, words)} through ${at(mid[0], mid[1], H, words)} to ${edgePoint(last, H, W, words)}`;
  }
  const turned = piece.rotation ? `, turned ${piece.rotation}°` : '';
  return `${at(piece.x, piece.y, H, words)}${turned}${piece.objective !== undefined ? `, on objective ${piece.objective + 1}` : ''}`;
}

function at(x: number, y: number, H: number, words: (cm: number) => string): string {
  return `${words(x)} from W, ${words(H - y)} from S`;
}

function edgePoint([x, y]: Point, H: number, W: number, words: (cm: number) => string): string {
  if (y <= 0.01) return `the N edge ${words(x)} from W`;
  if (y >= H - 0.01) return `the S edge ${words(x)} from W`;
  if (x <= 0.01) return `the W edge ${words(H - y)} from S`;
  if (x >= W - 0.01) return `the E edge ${words(H - y)} from S`;
  return at(x, y, H, words);
}
