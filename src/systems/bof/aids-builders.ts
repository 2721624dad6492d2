import type { SystemRules } from '../../data/load.js';
import type { Cell } from '../../data/schema.js';
import { markHouse, markReading, PAPER_SPECS, type CardNode, type CardPrint, type DeckNode, type DrawingNode, type Paper, type Shape, type TokenSheetNode, type Units } from '../../doc/model.js';
import { buildTokenSheet as buildSharedTokenSheet } from '../../doc/build-tokens.js';
import { chanceAtMost, formatChance, sumDistribution } from '../../engine/odds.js';
import { rowTotals } from '../../engine/tables.js';
import { formatLength } from '../../doc/helpers.js';
import { renderProse } from '../../doc/templates.js';
import { MAP_SIDE_COLOURS } from '../../doc/map-diagram.js';
import type { Aids } from './aids.js';
import type { Token } from './aids-schema.js';
import type { Arsenal } from './arsenal.js';
import type { Roster } from './force.js';

const INK = '#1b1d1a';
const MUTED = '#62675c';
const OLIVE = '#46573a';
const MM_PER_IN = 25.4;
/** The longest ruler piece: whole along an A4 page's length in cm, a Letter page's in inches. */
export const RULER_LONGEST = { cm: 25, in: 9 };
/** The longest ruler piece on a paper shorter than 250 mm (A5): whole along its length. */
const RULER_LONGEST_SHORT_PAPER = { cm: 15, in: 6 };

/** The longest ruler piece on a paper, in its units (A4 and Letter where no paper is named). */
export function rulerLongest(units: Units, paper?: Paper): number {
  return (paper !== undefined && PAPER_SPECS[paper].height < 250 ? RULER_LONGEST_SHORT_PAPER : RULER_LONGEST)[units];
}

/** A generous width in mm of a bold label: rulers keep their labels on their own piece. */
function labelWidth(text: string, size: number): number {
  return (text.length * 0.62 * size * MM_PER_IN) / 72;
}

/** A length in the units asked for, in millimetres: 10 cm is 100 mm, 4 in is 101.6 mm. */
function mm(cm: number, inches: number, units: Units): number {
  return units === 'cm' ? cm * 10 : inches * MM_PER_IN;
}

function distanceOf(cell: Cell | undefined): { cm: number | [number, number]; in: number | [number, number] } | undefined {
  return cell && typeof cell === 'object' && !Array.isArray(cell) && 'cm' in cell ? cell : undefined;
}

function single(value: number | [number, number]): number {
  return Array.isArray(value) ? value[1] : value;
}

// ---------------------------------------------------------------- tokens

/** How many of each token: the standard sheet, or sized to a force's models. */
export function tokenCounts(aids: Aids, roster?: Roster): Map<string, number> {
  const counts = new Map<string, number>();
  const of = roster ? forceTallies(roster) : undefined;
  for (const token of aids.tokens) {
    const n = of && token.perForce ? Math.ceil(of[token.perForce.of] * token.perForce.ratio) : token.count;
    counts.set(token.id, n);
  }
  return counts;
}

function forceTallies(roster: Roster): Record<NonNullable<Token['perForce']>['of'], number> {
  const count = (types: string[]) => roster.lines.filter((l) => types.includes(l.unit.type)).reduce((n, l) => n + l.count, 0);
  return {
    models: count(['ranking-officer', 'squad-leader', 'infantry', 'crew', 'support-weapon', 'afv', 'transport', 'plane']),
    soldiers: count(['ranking-officer', 'squad-leader', 'infantry', 'crew']),
    infantry: count(['infantry', 'squad-leader']),
    vehicles: count(['afv', 'transport']),
    afv: count(['afv']),
    'support-weapons': count(['support-weapon']),
    planes: count(['plane']),
    crewed: count(['afv', 'transport', 'support-weapon', 'plane']),
    officers: count(['ranking-officer']),
  };
}

/** The token sheet of the rule set's own tokens. */
export function buildTokenSheet(aids: Aids, counts: Map<string, number>, print: TokenSheetNode['print'], title: string): TokenSheetNode {
  return buildSharedTokenSheet(aids.tokens, counts, print, title);
}

// ---------------------------------------------------------------- tracks

/** A numbered track of boxes 0..max for one side, with a marker to cut out. */
export function buildTrack(title: string, max: number, accent: string): DrawingNode {
  const box = 14;
  const perRow = 12;
  const rows = Math.ceil((max + 1) / perRow);
  const shapes: Shape[] = [];
  for (let n = 0; n <= max; n++) {
    const x = (n % perRow) * box;
    const y = Math.floor(n / perRow) * box;
    const tens = n % 10 === 0;
    shapes.push({ kind: 'rect', x, y, w: box, h: box, fill: tens ? '#e3e8dc' : undefined, stroke: INK, width: 0.6 });
    shapes.push({ kind: 'text', x: x + box / 2, y: y + box / 2, text: String(n), size: tens ? 11 : 9, bold: tens, align: 'center' });
  }
  const markerY = rows * box + 9;
  shapes.push({ kind: 'circle', cx: 7, cy: markerY, r: 6, fill: accent, stroke: INK, width: 0.3 });
  shapes.push({ kind: 'text', x: 7, y: markerY, text: 'mark', size: 6.5, bold: true, align: 'center', color: '#ffffff' });
  shapes.push({ kind: 'text', x: 17, y: markerY, text: 'Cut out the marker and move it along the track.', size: 7, color: MUTED });
  return { title, width: perRow * box, height: markerY + 7, shapes };
}

// ---------------------------------------------------------------- templates

/** Blast discs at true scale, one per row of the rules' blast radius table (or those of the radii `only` names, in cm). */
export function blastTemplates(system: SystemRules, units: Units, only?: ReadonlySet<number>): DrawingNode[] {
  const table = system.table('blast-radius');
  return table.rows.filter((row) => only === undefined || only.has(single(distanceOf(row['radius'])!.cm))).map((row) => {
    const d = distanceOf(row['radius'])!;
    const r = mm(single(d.cm), single(d.in), units);
    const what = String(row['calibre'] ?? '');
    const label = `${formatLength(units === 'cm' ? single(d.cm) : single(d.in), units)} radius`;
    return {
      title: `Blast ${label}: ${what}`,
      width: 2 * r,
      height: 2 * r,
      shapes: [
        { kind: 'circle', cx: r, cy: r, r, fill: '#f4e6d0', stroke: INK, width: 0.8 },
        { kind: 'circle', cx: r, cy: r, r: Math.min(1.2, r / 10), fill: INK },
        { kind: 'line', x1: r - 4, y1: r, x2: r + 4, y2: r, width: 0.4 },
        { kind: 'line', x1: r, y1: r - 4, x2: r, y2: r + 4, width: 0.4 },
        { kind: 'text', x: r, y: r + Math.min(r * 0.45, 14), text: label, size: r > 30 ? 10 : 6.5, bold: true, align: 'center' },
      ],
      standIn: quarterDisc(`Blast ${label}: ${what}`, label, r),
    };
  });
}

/**
 * A quarter of a blast disc, for a disc too big for the paper: its corner is the disc's centre,
 * and turned round it edge to edge it covers the whole circle in four places. One piece to cut
 * (or two) instead of six to join.
 */
function quarterDisc(title: string, label: string, r: number): DrawingNode {
  const steps = 36;
  const arc = Array.from({ length: steps + 1 }, (_, i) => {
    const a = (i / steps) * (Math.PI / 2);
    return [Math.round(r * Math.cos(a) * 100) / 100, Math.round(r * Math.sin(a) * 100) / 100] as const;
  });
  return {
    title: `${title}, a quarter: lay the marked corner on the centre, then turn it edge to edge three times to cover the whole circle`,
    width: r,
    height: r,
    shapes: [
      { kind: 'polygon', points: [[0, 0], ...arc], fill: '#f4e6d0', stroke: INK, width: 0.8 },
      // the centre, in the corner: a quarter of the whole disc's centre mark
      { kind: 'polygon', points: [[0, 0], [4, 0], [0, 4]], fill: INK },
      { kind: 'text', x: 6, y: 3, text: 'centre', size: 8, bold: true, color: INK },
      // each straight edge is where the next quarter's other edge goes
      { kind: 'text', x: r * 0.55, y: 4, text: 'edge: turn to here', size: 7, align: 'center', color: MUTED },
      { kind: 'text', x: r * 0.36, y: r * 0.36, text: `${label}, quarter`, size: 10, bold: true, align: 'center' },
    ],
  };
}

export function smokeTemplate(aids: Aids, units: Units): DrawingNode {
  const side = mm(aids.templates.smoke.cm, aids.templates.smoke.in, units);
  const label = formatLength(units === 'cm' ? aids.templates.smoke.cm : aids.templates.smoke.in, units);
  return {
    title: `Smoke ${label} x ${label}: lasts 3 turns; attacks through it ${'\u2212'}5`,
    width: side,
    height: side,
    shapes: [
      { kind: 'rect', x: 0, y: 0, w: side, h: side, fill: '#e4e6e8', stroke: INK, width: 0.8 },
      { kind: 'icon', x: side / 2 - 15, y: side / 2 - 20, size: 30, name: 'cloud', color: '#b6b9bc' },
      { kind: 'text', x: side / 2, y: side / 2 + 18, text: 'SMOKE', size: 14, bold: true, align: 'center', color: INK },
    ],
  };
}

/**
 * A straight ruler, cut into pieces as long as fit along the page (`longest`: 25 cm or 9 in on
 * A4 and Letter, 15 cm or 6 in on A5; the layout turns one longer than the page is wide to run
 * along its length), each piece marked with where it joins the next. `bands` colour stretches
 * of it and label them.
 */
export function ruler(
  title: string,
  length: number,
  units: Units,
  bands: { from: number; to: number; label: string; fill: string }[],
  longest = RULER_LONGEST[units],
): DrawingNode[] {
  const unitMm = units === 'cm' ? 10 : MM_PER_IN;
  // equal pieces: a 30 cm ruler is two of 15 cm, not 25 cm and a 5 cm stub
  const pieces = Math.ceil(length / longest);
  const pieceUnits = Math.ceil(length / pieces);
  const height = 22;
  const drawings: DrawingNode[] = [];
  for (let p = 0; p < pieces; p++) {
    const start = p * pieceUnits;
    const end = Math.min(length, start + pieceUnits);
    const w = (end - start) * unitMm;
    const shapes: Shape[] = [];
    for (const band of bands) {
      const a = Math.max(band.from, start);
      const b = Math.min(band.to, end);
      if (b <= a) continue;
      shapes.push({ kind: 'rect', x: (a - start) * unitMm, y: 0, w: (b - a) * unitMm, h: height, fill: band.fill });
      // the label stays on its band and inside the piece; a stretch too short for it goes without
      const half = labelWidth(band.label, 7) / 2 + 1.5;
      const from = (a - start) * unitMm + half;
      const to = (b - start) * unitMm - half;
      if (to < from) continue;
      const x = Math.min(to, Math.max(from, ((a + b) / 2 - start) * unitMm));
      shapes.push({ kind: 'text', x, y: height - 6, text: band.label, size: 7, bold: true, align: 'center' });
    }
    shapes.push({ kind: 'rect', x: 0, y: 0, w, h: height, stroke: INK, width: 0.6 });
    const step = units === 'cm' ? 1 : 0.25;
    for (let t = start; t <= end + 1e-9; t += step) {
      const whole = Math.abs(t - Math.round(t)) < 1e-9;
      const x = (t - start) * unitMm;
      const major = whole && (units === 'in' || Math.round(t) % 5 === 0);
      shapes.push({ kind: 'line', x1: x, y1: 0, x2: x, y2: major ? 7 : whole ? 5 : 3, width: major ? 0.5 : 0.3 });
      if (whole && t > start && t < end) shapes.push({ kind: 'text', x, y: 9.5, text: String(Math.round(t)), size: 6.5, align: 'center' });
    }
    const ends = pieces > 1 ? ` (piece ${p + 1} of ${pieces}: ${start} to ${end} ${units}${p < pieces - 1 ? `; piece ${p + 2} butts on at ${end}` : ''})` : '';
    drawings.push({ title: `${title}${ends}`, width: w, height, shapes });
  }
  return drawings;
}

/** The grenade ruler, with the accuracy needed and its chance printed in each band. */
export function grenadeRuler(system: SystemRules, aids: Aids, units: Units, longest = RULER_LONGEST[units]): DrawingNode[] {
  const table = system.table('grenade-accuracy');
  const dist = sumDistribution(table.dice!);
  const fills = ['#dfe9d3', '#eef2e4', '#f6f1dc', '#f6e5d6', '#f3dcd4'];
  const bands = table.rows.map((row, i) => {
    const d = distanceOf(row['distance'])!;
    const span = units === 'cm' ? d.cm : d.in;
    const [from, to] = Array.isArray(span) ? span : [0, span];
    const need = row['need'];
    const label =
      need && typeof need === 'object' && 'need' in need
        ? `${need.need}- (${formatChance(chanceAtMost(dist, need.need))})`
        : 'auto';
    return { from, to, label, fill: fills[i % fills.length]! };
  });
  const length = units === 'cm' ? aids.templates.grenadeRuler.cm : aids.templates.grenadeRuler.in;
  return ruler(`Grenade throw ruler, 4D6 needed per band`, length, units, bands, longest);
}

/** The range-band ruler: close and medium bands with their attack bonuses. */
export function rangeRuler(system: SystemRules, units: Units, longest = RULER_LONGEST[units]): DrawingNode[] {
  const table = system.table('range-bands');
  const close = distanceOf(table.rows.find((r) => String(r['band']) === 'Close')?.['distance'])!;
  const medium = distanceOf(table.rows.find((r) => String(r['band']) === 'Medium')?.['distance'])!;
  const c = single(units === 'cm' ? close.cm : close.in);
  const m = single(units === 'cm' ? medium.cm : medium.in);
  return ruler('Range-band ruler', m, units, [
    { from: 0, to: c, label: 'close +8', fill: '#dfe9d3' },
    { from: c, to: m, label: 'medium +4', fill: '#f6f1dc' },
  ], longest);
}

/**
 * Radius rulers for squad leaders and for every ranking officer's command radius in the arsenal;
 * for a force, its own officer's radius, and the squad leader's where it has one.
 */
export function radiusRulers(aids: Aids, arsenal: Arsenal, units: Units, needs?: ForceNeeds, longest = RULER_LONGEST[units]): DrawingNode[] {
  const radii = new Map<number, { cm: number; in: number }>();
  for (const { detachment } of arsenal.detachments.values()) radii.set(detachment.officer.radius.cm, detachment.officer.radius);
  if (needs) for (const cm of [...radii.keys()]) if (!needs.commandRadii.has(cm)) radii.delete(cm);
  const drawings: DrawingNode[] = [];
  const sl = aids.templates.squadLeaderRadius;
  if (!needs || needs.squadLeader) drawings.push(...ruler(`Squad leader rally radius ${formatLength(units === 'cm' ? sl.cm : sl.in, units)}`, units === 'cm' ? sl.cm : sl.in, units, [{ from: 0, to: units === 'cm' ? sl.cm : sl.in, label: 'rally two suppressed soldiers', fill: '#eef2e4' }], longest));
  for (const radius of [...radii.values()].sort((a, b) => a.cm - b.cm)) {
    const length = units === 'cm' ? radius.cm : radius.in;
    drawings.push(...ruler(`Command radius ${formatLength(length, units)}`, length, units, [{ from: 0, to: length, label: 'orders and +2 to attacks and morale', fill: '#e3e8dc' }], longest));
  }
  return drawings;
}

/** The drift compass: eight directions with their 8D6 totals, and the drift distances. */
export function driftCompass(system: SystemRules, units: Units, paper?: Paper): DrawingNode {
  const direction = system.table('drift-direction');
  // 13 cm across: the smallest blast template fits under it on one page; 12 cm on a paper
  // narrower than 170 mm (A5), whose drawings are 122 mm wide at most: a compass, not to scale
  const size = paper !== undefined && PAPER_SPECS[paper].width < 170 ? 120 : 130;
  const c = size / 2;
  const r = (48 * size) / 130;
  const shapes: Shape[] = [
    { kind: 'circle', cx: c, cy: c, r: (62 * size) / 130, stroke: INK, width: 0.6 },
    { kind: 'circle', cx: c, cy: c, r: 2, fill: INK },
  ];
  const angles: Record<string, number> = { North: 0, Northeast: 45, East: 90, Southeast: 135, South: 180, Southwest: 225, West: 270, Northwest: 315 };
  for (const row of direction.rows) {
    const name = String(row['direction']);
    const angle = angles[name];
    if (angle === undefined) continue;
    const rad = (angle * Math.PI) / 180;
    const x = c + Math.sin(rad) * r;
    const y = c - Math.cos(rad) * r;
    shapes.push({ kind: 'line', x1: c + Math.sin(rad) * 6, y1: c - Math.cos(rad) * 6, x2: c + Math.sin(rad) * (r - 10), y2: c - Math.cos(rad) * (r - 10), width: 0.6, color: OLIVE });
    shapes.push({ kind: 'text', x, y: y - 3, text: name, size: 8, bold: true, align: 'center' });
    shapes.push({ kind: 'text', x, y: y + 2.5, text: (rowTotals(row) ?? []).join(' '), size: 7, align: 'center', color: MUTED });
  }
  shapes.push({ kind: 'text', x: c, y: size + 2, text: '8D6 for direction; 48 rerolls', size: 7, align: 'center', color: MUTED });
  const distances = ['grenade-drift-distance', 'artillery-drift-distance'].map((id) => {
    const table = system.table(id);
    return `${id.startsWith('grenade') ? 'Grenade' : 'Artillery'} 1D6: ${table.rows
      .map((row) => {
        const d = distanceOf(row['distance'])!;
        return `${(rowTotals(row) ?? []).join(',')} = ${formatLength(single(units === 'cm' ? d.cm : d.in), units)}`;
      })
      .join('; ')}`;
  });
  shapes.push({ kind: 'text', x: c, y: size + 7, text: distances[0]!, size: 7, align: 'center' });
  shapes.push({ kind: 'text', x: c, y: size + 12, text: distances[1]!, size: 7, align: 'center' });
  return { title: 'Drift compass: lay the centre on the target point, north to the table’s north edge', width: size, height: size + 15, shapes };
}

// ---------------------------------------------------------------- event cards

export function eventDeck(aids: Aids, units: Units, print: CardPrint, systemName: string): DeckNode {
  const cards: CardNode[] = aids.events.map((event) => ({
    id: event.id,
    front: {
      // a house folder's event carries the house mark after its title
      title: markHouse(event.title, event.house),
      // the text promises 25 cards and prints none: every card is muster's (its reading)
      subtitle: markReading(`Random Event & Effect · ${event.kind} · muster's card`, 'bof/event-card-deck'),
      accent: OLIVE,
      source: { reading: 'bof/event-card-deck' },
      stats: [],
      lines: [
        { label: 'Effect', text: renderProse(event.effect, { units }, `events[id=${event.id}].effect`) },
        { label: 'Lasts', text: event.duration },
        { label: 'Affects', text: event.affects },
      ],
      rules: [],
      footer: { left: 'Draw after setting up, before turn 1', right: systemName },
    },
    back: { title: systemName.toUpperCase(), subtitle: 'Random Event & Effect', accent: OLIVE, icon: 'die' },
    ...(event.house !== undefined ? { house: event.house } : {}),
  }));
  return { title: markReading("Random Event & Effect cards, muster's own", 'bof/event-card-deck'), cards, print };
}

/** The parts of the token product a player may choose (--only, --without), in print order. */
export const BOF_TOKEN_PARTS = [
  { id: 'markers', name: 'tokens and markers', aliases: ['tokens'] },
  { id: 'tracks', name: 'Combat Score tracks and the Action Point Counter', aliases: ['track'] },
  { id: 'rulers', name: 'grenade, range and radius rulers', aliases: ['ruler'] },
  { id: 'templates', name: 'smoke and blast templates and the drift compass', aliases: ['template'] },
] as const;

/**
 * What a force's models can do that a sheet of aids serves: the rulers and templates its
 * weapons use, its officer's command radius, whether it has a squad leader to rally with.
 */
export interface ForceNeeds {
  name: string;
  /** blast radii in cm, of its weapons and its guns */
  blasts: ReadonlySet<number>;
  /** it throws grenades: the grenade ruler */
  grenades: boolean;
  smoke: boolean;
  squadLeader: boolean;
  /** its ranking officer's command radius, in cm */
  commandRadii: ReadonlySet<number>;
}

const THROWN: ReadonlySet<string> = new Set(['hand-grenade', 'smoke-grenade', 'at-grenade']);

export function forceNeeds(roster: Roster, arsenal: Arsenal): ForceNeeds {
  const weapons = roster.lines.flatMap((line) => line.weapons.map((id) => arsenal.weapons.get(id)).filter((w) => w !== undefined));
  const blasts = new Set<number>([...weapons.flatMap((w) => (w.blast ? [w.blast.cm] : [])), ...roster.lines.flatMap((line) => (line.unit.blast ? [line.unit.blast.cm] : []))]);
  const officer = arsenal.detachments.get(roster.force.detachment)?.detachment.officer.radius;
  return {
    name: roster.force.name,
    blasts,
    grenades: weapons.some((w) => THROWN.has(w.kind)),
    smoke: weapons.some((w) => w.kind === 'smoke-grenade'),
    squadLeader: roster.lines.some((line) => line.squadLeader || line.unit.type === 'squad-leader'),
    commandRadii: new Set(officer && roster.lines.some((line) => line.unit.type === 'ranking-officer') ? [officer.cm] : []),
  };
}

/**
 * The drawings of each part besides the token sheet (markers), in print order. For a force
 * (`needs`): its own Combat Score track, and only the rulers and templates its models use.
 */
export function aidDrawingsByPart(
  system: SystemRules,
  aids: Aids,
  arsenal: Arsenal,
  units: Units,
  tracks: { score: number; actions: number },
  needs?: ForceNeeds,
  paper?: Paper,
): Record<'tracks' | 'rulers' | 'templates', DrawingNode[]> {
  // rulers in pieces as long as the paper takes whole
  const longest = rulerLongest(units, paper);
  // grenades and shells drift: the compass goes with either
  const drifts = !needs || needs.grenades || needs.blasts.size > 0;
  return {
    tracks: [
      ...(needs
        ? [buildTrack(`Combat Score, ${needs.name} (0 to ${tracks.score})`, tracks.score, MAP_SIDE_COLOURS.a)]
        : [buildTrack(`Combat Score, side A (0 to ${tracks.score})`, tracks.score, MAP_SIDE_COLOURS.a), buildTrack(`Combat Score, side B (0 to ${tracks.score})`, tracks.score, MAP_SIDE_COLOURS.b)]),
      buildTrack(`Action Point Counter (0 to ${tracks.actions})`, tracks.actions, OLIVE),
    ],
    rulers: [...(!needs || needs.grenades ? grenadeRuler(system, aids, units, longest) : []), ...rangeRuler(system, units, longest), ...radiusRulers(aids, arsenal, units, needs, longest)],
    templates: [...(!needs || needs.smoke ? [smokeTemplate(aids, units)] : []), ...(drifts ? [driftCompass(system, units, paper)] : []), ...blastTemplates(system, units, needs?.blasts)],
  };
}

/** Everything the table needs besides cards, in print order. */
export function aidDrawings(system: SystemRules, aids: Aids, arsenal: Arsenal, units: Units, tracks: { score: number; actions: number }): DrawingNode[] {
  const parts = aidDrawingsByPart(system, aids, arsenal, units, tracks);
  return [...parts.tracks, ...parts.rulers, ...parts.templates];
}

