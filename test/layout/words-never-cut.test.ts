/**
 * Issue 53, points 6 and 9: words never cut, footnotes out of the cut. Every product of every
 * registered rule set, on every paper muster prints on, as the command line lays it out: read
 * from the layout's positioned items (the plain data between layout and render), no two texts
 * may print over each other and no text may be cut: no ellipsis, nothing past the box it starts
 * in (a title bar, a card) or past the page's print-safe area. On a sheet of cards no text but
 * the card's own lies in a card's bleed, the footer slug's footnotes included. Each product
 * printing at all (exit 0) says that none of its cards reaches the refusal of text a card
 * cannot hold at 6.5 pt (card-faces.ts): no shipped product needs it, on any paper.
 */
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { exitCodeFor } from '../../src/cli/run.js';
import { gatherBooklet } from '../../src/doc/booklet.js';
import { withPageWords } from '../../src/doc/document-meta.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import { TextFitError } from '../../src/layout/errors.js';
import { PAPERS, type DocumentNode } from '../../src/doc/model.js';
import type { PlacedDocument, PlacedPage, TextItem } from '../../src/layout/primitives.js';
import { isLightColour, MM, PAGE, PRINT_SAFE, TYPE } from '../../src/layout/style.js';
import { manifestFor } from '../../src/systems/registry.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { exampleCardCommands } from '../helpers/example-forces.js';
import { fonts } from '../helpers/fonts.js';
import { sampled } from '../helpers/sample.js';

/** Every document the command line lays out, as it hands it on to be drawn, with the documents it was laid out from. */
const laidOut: { placed: PlacedDocument; from: DocumentNode[] }[] = [];
vi.mock('../../src/layout/document-plan.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/layout/document-plan.js')>();
  return { ...real, layoutDocument: (...args: Parameters<typeof real.layoutDocument>) => keep(real.layoutDocument(...args), [args[1]]) };
});
vi.mock('../../src/layout/booklet.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/layout/booklet.js')>();
  return { ...real, layoutBooklet: (...args: Parameters<typeof real.layoutBooklet>) => keep(real.layoutBooklet(...args), gatherBooklet(args[1]).map((part) => part.doc)) };
});
vi.mock('../../src/layout/calibrate.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/layout/calibrate.js')>();
  return { ...real, layoutCalibration: (...args: Parameters<typeof real.layoutCalibration>) => keep(real.layoutCalibration(...args), []) };
});
function keep(placed: PlacedDocument, from: DocumentNode[]): PlacedDocument {
  laidOut.push({ placed, from });
  return placed;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const db = await loadRulesDb({ dataDirs: [] });
const workdir = workdirs(afterEach);

const exampleCommands = exampleCardCommands;

/** Each product of each rule set as a player first asks for it; scenarios in every mode; a campaign's booklet. */
function products(): string[][] {
  const list: string[][] = [];
  for (const system of db.systems) {
    const id = system.info.id;
    const manifest = manifestFor(id);
    for (const product of system.info.products) {
      if (product === 'scenario') for (const mode of manifest?.scenario?.modes ?? ['versus']) list.push(['scenario', id, '--mode', mode, '--seed', '7']);
      else if (product === 'campaign') list.push(['campaign', id, 'booklet', '--seed', '7']);
      else list.push([product, id]);
    }
  }
  return list;
}

/** A Burst of Fire campaign four games in: its ladder's title says where it stands. */
const LADDER_STATE = 'ladder.json';
const CAMPAIGN_AT_GAME_4: string[][] = [
  ['campaign', 'bof', 'new', '--state', LADDER_STATE, '--names', 'Red,Blue', '--seed', 'ladder'],
  ...Array.from({ length: 3 }, () => ['campaign', 'bof', 'record', '--state', LADDER_STATE, '--winner', 'a', '--victory', 'decisive', '--combat-score', '32:18']),
];

/** Card sheets as a player may ask for them besides: the widest bleed, and edge to edge for a guillotine (whose bleed held the slug's footnote: issue 53, point 9). */
function cardVariants(): string[][] {
  return db.systems.filter((s) => s.info.products.includes('cards')).flatMap((s) => [
    ['cards', s.info.id, '--bleed', '6'],
    ['cards', s.info.id, '--layout', 'guillotine'],
  ]);
}

interface Case {
  name: string;
  args: string[];
  setup?: string[][];
}
const allCases: Case[] = PAPERS.flatMap((paper) => [
  ...[...products(), ...exampleCommands(), ...cardVariants(), ['calibrate']].map((args) => ({ name: `${args.join(' ')} --paper ${paper}`, args: [...args, '--paper', paper] })),
  { name: `campaign bof booklet of a campaign at game 4 --paper ${paper}`, args: ['campaign', 'bof', 'booklet', '--state', LADDER_STATE, '--paper', paper], setup: CAMPAIGN_AT_GAME_4 },
]);

/**
 * What kind of print a case is: its paper, its product (the command), its rule set, and how it
 * is asked for beyond the defaults (a scenario's mode, a force's cards, a bleed, a guillotine's
 * layout, a campaign under way).
 */
function kinds({ args, setup }: Case): string[] {
  const option = (name: string) => args[args.indexOf(name) + 1];
  return [
    `paper=${option('--paper')}`,
    `product=${args[0]}`,
    ...(args[0] === 'calibrate' ? [] : [`rule set=${args[1]}`]),
    ...(args.includes('--mode') ? [`mode=${option('--mode')}`] : []),
    ...['--force', '--bleed', '--layout'].filter((name) => args.includes(name)).map((name) => `${args[0]} ${name}`),
    ...(setup ? ['a campaign under way'] : []),
  ];
}

// every product, paper, rule set, mode and variant by default; every product on every paper under MUSTER_DEEP=1
const cases = sampled(allCases, kinds);

/** A box on the page: left, top, right, bottom. */
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The box of a text's glyphs in a font, in the font's units: fontkit shapes the text for it,
 * the check's costliest step, and the same words (a column's heading, a footer) come again on
 * every page, so each text is shaped once a font.
 */
const shaped = new WeakMap<object, Map<string, { minY: number; maxY: number }>>();
function glyphBox(font: ReturnType<typeof fonts.font>, text: string): { bbox: { minY: number; maxY: number }; unitsPerEm: number } {
  let known = shaped.get(font);
  if (!known) shaped.set(font, (known = new Map()));
  let bbox = known.get(text);
  if (!bbox) {
    // fontkit's run has its glyphs' box; its type declarations leave it out
    const { minY, maxY } = (font.layout(text) as unknown as { bbox: { minY: number; maxY: number } }).bbox;
    known.set(text, (bbox = { minY, maxY }));
  }
  return { bbox, unitsPerEm: font.unitsPerEm };
}

/** A text's ink: as wide as the font advances it, from its highest glyph's top to its lowest's foot, as the font draws them. */
function inkBox(t: TextItem): Box {
  const font = t.font ? fonts.fallbackFont(t.font) : fonts.font(t.face);
  const { bbox, unitsPerEm } = glyphBox(font, t.text);
  const scale = t.size / unitsPerEm;
  const w = fonts.textWidth(t.text, t.face, t.size);
  const baseline = fonts.ascent(t.font ?? t.face, t.size);
  const [a, b] = [baseline - bbox.maxY * scale, baseline - bbox.minY * scale];
  // turned about (x, y) clockwise by `rotate` degrees
  const angle = ((t.rotate ?? 0) * Math.PI) / 180;
  const corners = [
    [0, a],
    [w, a],
    [0, b],
    [w, b],
  ].map(([u, v]) => [t.x + u! * Math.cos(angle) - v! * Math.sin(angle), t.y + u! * Math.sin(angle) + v! * Math.cos(angle)] as const);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** Overlap of two boxes beyond a slack: a hair's breadth, less than a rule's width. */
const SLACK = 0.2;
function overlap(a: Box, b: Box): boolean {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > SLACK && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > SLACK;
}
function inside(a: Box, b: Box, slack = SLACK): boolean {
  return a.x0 >= b.x0 - slack && a.y0 >= b.y0 - slack && a.x1 <= b.x1 + slack && a.y1 <= b.y1 + slack;
}
const show = (t: TextItem) => `"${t.text}" at (${(t.x / MM).toFixed(1)}, ${(t.y / MM).toFixed(1)}) mm`;

/**
 * The cards of a sheet by their grounds: each card's colour to the edge of its bleed, a poker
 * card's size with up to 6 mm round it, upright or across. Cards apart have their bleed all
 * round; edge to edge (`abut`), only on the sides facing the paper's edges, as wide each.
 */
const CARD = { w: 63 * MM, h: 88 * MM };
function cardGrounds(page: PlacedPage, abut: boolean): { bleed: Box; trim: Box }[] {
  const grounds: { bleed: Box; trim: Box }[] = [];
  for (const item of page.items) {
    if (item.kind !== 'rect' || item.fill === undefined || item.stroke !== undefined) continue;
    const across = item.w > item.h;
    const [cw, ch] = across ? [CARD.h, CARD.w] : [CARD.w, CARD.h];
    const [extraX, extraY] = [item.w - cw, item.h - ch];
    if (extraX < -0.05 || extraY < -0.05 || extraX > 12 * MM + 0.05 || extraY > 12 * MM + 0.05) continue;
    // apart: the same bleed each side; edge to edge: on the side towards the paper's nearer edge, or both
    if (!abut && Math.abs(extraX - extraY) > 0.05) continue;
    const box = { x0: item.x, y0: item.y, x1: item.x + item.w, y1: item.y + item.h };
    if (grounds.some((g) => g.bleed.x0 === box.x0 && g.bleed.y0 === box.y0)) continue;
    // a card across the paper's middle has its bleed on both sides (or none); another, towards its nearer edge
    const side = (extra: number, start: number, end: number, length: number): [number, number] => {
      if (!abut || (start < length / 2 - 1 && end > length / 2 + 1)) return [extra / 2, extra / 2];
      return (start + end) / 2 < length / 2 ? [extra, 0] : [0, extra];
    };
    const [left, right] = side(extraX, box.x0, box.x1, page.width);
    const [top, bottom] = side(extraY, box.y0, box.y1, page.height);
    grounds.push({ bleed: box, trim: { x0: box.x0 + left, y0: box.y0 + top, x1: box.x1 - right, y1: box.y1 - bottom } });
  }
  return grounds;
}

/** What a text may stand on: its box, and a circle's centre and radius. */
interface Ground {
  box: Box;
  area: number;
  circle?: { cx: number; cy: number; r: number };
}

function withinCircle(box: Box, c: { cx: number; cy: number; r: number }): boolean {
  return [box.x0, box.x1].every((x) => [box.y0, box.y1].every((y) => Math.hypot(x - c.cx, y - c.cy) <= c.r + SLACK));
}

/** What is wrong with a page's texts: cut, past its box or the page's safe area, over another. */
function problems(page: PlacedPage): string[] {
  const found: string[] = [];
  const texts = page.items.filter((i): i is TextItem => i.kind === 'text' && i.text.trim().length > 0);
  const boxes = texts.map(inkBox);
  const edge = PRINT_SAFE.edge;
  const safe: Box = page.trim ? { x0: page.trim.x, y0: page.trim.y, x1: page.trim.x + page.trim.w, y1: page.trim.y + page.trim.h } : { x0: edge, y0: edge, x1: page.width - edge, y1: page.height - edge };
  // the grounds a text may stand on: a filled rect (a title bar, a band, a card) not as wide or
  // tall as the page (a drawing's piece's white masks are), or a filled circle (a token, a marker)
  const grounds: Ground[] = page.items.flatMap((i): Ground[] => {
    if (i.kind === 'rect' && i.fill !== undefined && i.w < page.width - 1 && i.h < page.height - 1) return [{ box: { x0: i.x, y0: i.y, x1: i.x + i.w, y1: i.y + i.h }, area: i.w * i.h }];
    if (i.kind === 'circle' && i.fill !== undefined) return [{ box: { x0: i.cx - i.r, y0: i.cy - i.r, x1: i.cx + i.r, y1: i.cy + i.r }, area: Math.PI * i.r * i.r, circle: { cx: i.cx, cy: i.cy, r: i.r } }];
    return [];
  });
  // a drawing's piece is masked to its window, where it is cut out, by four white rects round it
  // as wide or tall as the page (above, below, left, right): a text partly in it is cut, by the
  // mask or by the scissors
  const masks = page.items.filter((item): item is Extract<PlacedPage['items'][number], { kind: 'rect' }> => item.kind === 'rect' && item.fill === '#ffffff' && (item.w >= page.width - 1 || item.h >= page.height - 1));
  const window = masks.length === 4 ? { x0: masks[2]!.x + masks[2]!.w, y0: masks[0]!.y + masks[0]!.h, x1: masks[3]!.x, y1: masks[1]!.y } : undefined;
  texts.forEach((t, i) => {
    const box = boxes[i]!;
    if (window && overlap(box, window) && !inside(box, window)) found.push(`past its piece's edge: ${show(t)}`);
    if (t.text.includes('…')) found.push(`cut short: ${show(t)}`);
    if (!inside(box, safe, 0.01)) found.push(`past the page's safe area: ${show(t)}`);
    // the smallest ground the text's middle lies on is its box: a token or marker holds the whole
    // text; a rect holds light type (on white it vanishes), dark type may run across a ruler's bands
    const middle = { x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 };
    // (a ground smaller than the text's own height, a dot of a wood's pattern, is none)
    const home = grounds.filter((g) => g.box.y1 - g.box.y0 >= box.y1 - box.y0 && (g.circle ? Math.hypot(middle.x - g.circle.cx, middle.y - g.circle.cy) <= g.circle.r : g.box.x0 <= middle.x && middle.x <= g.box.x1 && g.box.y0 <= middle.y && middle.y <= g.box.y1)).sort((a, b) => a.area - b.area)[0];
    if (home?.circle && !withinCircle(box, home.circle)) found.push(`past its token or marker: ${show(t)}`);
    if (home && !home.circle && isLightColour(t.color) && !inside(box, home.box)) found.push(`past its box: ${show(t)}`);
    for (let j = i + 1; j < texts.length; j++) if (overlap(box, boxes[j]!)) found.push(`over another: ${show(t)} and ${show(texts[j]!)}`);
  });
  return found;
}

/** Texts in a card's bleed that are not wholly inside its cut: the slug, a footnote, a card's own text run out. */
function inBleed(page: PlacedPage, abut: boolean): string[] {
  const found: string[] = [];
  const grounds = cardGrounds(page, abut);
  for (const t of page.items) {
    if (t.kind !== 'text' || t.text.trim().length === 0) continue;
    const box = inkBox(t);
    for (const g of grounds) if (overlap(box, g.bleed) && !inside(box, g.trim)) found.push(`in a card's bleed: ${show(t)}`);
  }
  return found;
}

/**
 * The titles, references and footers a document gives that its pages lack a word of: a title
 * cut to its first line leaves no ellipsis, only words missing. Sheet and block titles, section
 * references, the drawings' title and each part of the footer line, each whole in the pages'
 * text (spaces aside, as lines break at them).
 */
function missing(placed: PlacedDocument, docs: readonly DocumentNode[]): string[] {
  const squeeze = (text: string) => text.replace(/\s+/g, '');
  const printed = squeeze(placed.pages.flatMap((page) => page.items.flatMap((i) => (i.kind === 'text' ? [i.text] : []))).join(''));
  const found: string[] = [];
  for (const doc of docs) {
    const texts = [
      // a card sheet's slug parts the footer line at its dots, among its lanes
      ...doc.meta.words.footer.split(' · '),
      ...doc.sheets.flatMap((sheet) => [sheet.title, ...sheet.blocks.flatMap((block) => [block.title, ...(block.section ? [`§ ${block.section}`] : [])])]),
      ...((doc.drawings ?? []).length > 0 && doc.drawingsTitle ? [doc.drawingsTitle] : []),
    ];
    for (const text of texts) if (!printed.includes(squeeze(text))) found.push(`not printed whole: "${text}"`);
  }
  // a page's title, in its header above the rule: never the start of a title alone (the
  // contents may print the title whole elsewhere)
  const titles = docs.flatMap((doc) => [...doc.sheets.map((sheet) => sheet.title), ...(doc.drawingsTitle ? [doc.drawingsTitle] : [])]).map(squeeze);
  const ruleY = PAGE.marginTop + TYPE.sheetTitle * TYPE.leading + 2;
  placed.pages.forEach((page, i) => {
    const header = squeeze(page.items.flatMap((t) => (t.kind === 'text' && t.face === 'bold' && t.size >= 8 && t.y + t.size * TYPE.leading <= ruleY + 0.01 ? [t.text] : [])).join(''));
    const cut = titles.includes(header) ? undefined : titles.find((title) => header.length > 0 && title.startsWith(header));
    if (cut !== undefined) found.push(`page ${i + 1}'s title cut: "${header}" of "${cut}"`);
  });
  return found;
}

describe('words never cut, texts never over each other', () => {
  beforeAll(() => {
    expect(PAPERS.length).toBeGreaterThanOrEqual(3);
  });

  it('finds every product of every rule set, the example forces and a campaign under way', () => {
    expect(products().length).toBeGreaterThanOrEqual(db.systems.length * 3);
    expect(products().some((args) => args.includes('solo'))).toBe(true);
    expect(exampleCommands().length).toBeGreaterThan(0);
    const drawn = new Set(cases.flatMap(kinds));
    expect([...new Set(allCases.flatMap(kinds))].filter((kind) => !drawn.has(kind))).toEqual([]);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, { args, setup }) => {
    const dir = workdir();
    for (const step of setup ?? []) expect((await muster([...step, '--quiet'], dir)).code).toBe(0);
    laidOut.length = 0;
    const result = await muster([...args.map((a) => (a.startsWith('examples/') ? path.join(ROOT, a) : a)), '-o', path.join(dir, 'out.pdf')], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(laidOut.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const { placed, from } of laidOut) {
      placed.pages.forEach((page, i) => {
        for (const problem of [...problems(page), ...inBleed(page, args.includes('guillotine'))]) found.push(`${placed.meta.title}, page ${i + 1}: ${problem}`);
      });
      for (const problem of missing(placed, from)) found.push(`${placed.meta.title}: ${problem}`);
    }
    expect(found).toEqual([]);
  });
});

describe('what cannot fit is refused, not cut', () => {
  it('a page title too long for two lines of the header: an error naming the product and the title, exit 1', () => {
    const title = Array.from({ length: 33 }, () => 'Wwwww').join(' ');
    const doc: DocumentNode = {
      meta: withPageWords({ title: 'House sheets', systemId: 'x', systemName: 'X', rulesVersion: '1', toolVersion: '0', paper: 'a5', units: 'cm' }),
      sheets: [{ title, blocks: [{ kind: 'text', title: 'Rule', section: '1', paragraphs: ['A rule.'], width: 'column' }] }],
    };
    const refusal = (() => {
      try {
        layoutDocument(fonts, doc);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(TextFitError);
    expect((refusal as Error).message).toContain('House sheets');
    expect((refusal as Error).message).toContain(title);
    expect(exitCodeFor(refusal)).toBe(1);
    // the same title on A4 fits two lines
    expect(layoutDocument(fonts, { ...doc, meta: { ...doc.meta, paper: 'a4' } }).pages).toHaveLength(1);
  });
});
