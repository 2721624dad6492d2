import { describe, expect, it } from 'vitest';
import type { DeckNode, DocumentNode } from '../../src/doc/model.js';
import { layoutCardBack, layoutCardFront } from '../../src/layout/card-faces.js';
import { foldGrid, foldSheetGrid } from '../../src/layout/card-grids.js';
import { deckPageCount, MARK_COLOR } from '../../src/layout/card-sheets.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import type { Item, PlacedPage, TextItem } from '../../src/layout/primitives.js';
import { MM, PRINT_SAFE, TYPE } from '../../src/layout/style.js';
import { workdirs } from '../helpers/fixtures.js';
import { muster } from '../helpers/cli.js';
import { afterEach } from 'vitest';
import { fonts } from '../helpers/fonts.js';

/**
 * The print-safe rules of docs/design.md (Print conventions) on every rule set's card sheets, A4 and Letter,
 * checked on the laid-out items: nothing a player needs near the paper's edge, frames well
 * inside the trim, no type under the smallest readable size, no mark over text; and a small
 * deck as fold-over pairs on one page.
 */

const workdir = workdirs(afterEach);

const PRODUCTS = [
  ['cards', 'bof'],
  ['cards', 'fireteam'],
  ['cards', 'openfire'],
  ['cards', 'blazeaway'],
  ['tokens', 'bof', '--events'],
  // the widest bleed with the backs moved, and none in low ink
  ['cards', 'bof', '--nation', 'us', '--bleed', '6', '--duplex', 'short', '--back-offset', '2,-1.5'],
  ['cards', 'openfire', '--bleed', '0', '--ink', 'low'],
  // fronts beside their backs, to fold: across the sheet, and with the widest bleed
  ['cards', 'fireteam', '--layout', 'fold'],
  ['tokens', 'bof', '--events', '--layout', 'fold', '--bleed', '6', '--ink', 'low'],
] as const;
const PAPERS = [
  { paper: 'a4', units: 'cm' },
  { paper: 'letter', units: 'in' },
] as const;

/** The documents a command prints, as --format json gives them. */
async function documents(args: readonly string[]): Promise<DocumentNode[]> {
  const { code, stdout, stderr } = await muster([...args, '--format', 'json', '--quiet'], workdir());
  expect(code, stderr).toBe(0);
  const parsed = JSON.parse(stdout) as DocumentNode | DocumentNode[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function textBox(t: TextItem): Box {
  const w = fonts.textWidth(t.text, t.face, t.size);
  const h = t.size * TYPE.leading;
  // upright, or turned to run up the page (the box then lies right of x, above y)
  return t.rotate === -90 ? { x0: t.x, y0: t.y - w, x1: t.x + h, y1: t.y } : { x0: t.x, y0: t.y, x1: t.x + w, y1: t.y + h };
}

function box(item: Item): Box {
  switch (item.kind) {
    case 'text':
      return textBox(item);
    case 'rect': {
      const half = item.stroke ? (item.lineWidth ?? 1) / 2 : 0;
      return { x0: item.x - half, y0: item.y - half, x1: item.x + item.w + half, y1: item.y + item.h + half };
    }
    case 'line': {
      // butt ends: a line is widened across its length, not along it
      const hx = item.y1 === item.y2 ? 0 : item.lineWidth / 2;
      const hy = item.x1 === item.x2 ? 0 : item.lineWidth / 2;
      return { x0: Math.min(item.x1, item.x2) - hx, y0: Math.min(item.y1, item.y2) - hy, x1: Math.max(item.x1, item.x2) + hx, y1: Math.max(item.y1, item.y2) + hy };
    }
    case 'icon':
      return { x0: item.x, y0: item.y, x1: item.x + item.size, y1: item.y + item.size };
    case 'circle':
      return { x0: item.cx - item.r, y0: item.cy - item.r, x1: item.cx + item.r, y1: item.cy + item.r };
    case 'polygon':
    case 'polyline': {
      const xs = item.points.map((p) => p[0]);
      const ys = item.points.map((p) => p[1]);
      return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
    }
  }
}

const WHITE = '#ffffff';

/**
 * What a player needs: everything but white (a card's ground, the white edge of a mark) and the
 * colour that runs into the bleed (a card's ground, header band or back, larger than 40 mm):
 * that is there to be cut off.
 */
function needed(item: Item): boolean {
  if (item.kind === 'rect' && !item.stroke && (item.fill === WHITE || Math.max(item.w, item.h) > 40 * MM)) return false;
  if (item.kind === 'line' && item.color === WHITE) return false;
  return true;
}

/** Whether a segment, widened by half its line, meets a box (axis-parallel segments and any other). */
function segmentMeetsBox(l: { x1: number; y1: number; x2: number; y2: number; lineWidth: number }, b: Box): boolean {
  const half = l.lineWidth / 2;
  const x0 = b.x0 - half;
  const x1 = b.x1 + half;
  const y0 = b.y0 - half;
  const y1 = b.y1 + half;
  // Liang-Barsky clipping of the segment to the box
  let t0 = 0;
  let t1 = 1;
  const dx = l.x2 - l.x1;
  const dy = l.y2 - l.y1;
  for (const [p, q] of [
    [-dx, l.x1 - x0],
    [dx, x1 - l.x1],
    [-dy, l.y1 - y0],
    [dy, y1 - l.y1],
  ] as const) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
    if (t0 > t1) return false;
  }
  return true;
}

function deckPages(doc: DocumentNode): PlacedPage[] {
  // every page of a card document past its sheets (a force's roster) is a card sheet
  const placed = layoutDocument(fonts, doc);
  const cardPages = (doc.decks ?? []).reduce((n, deck) => n + deckPageCount(deck, doc.meta), 0);
  return placed.pages.slice(placed.pages.length - cardPages);
}

describe.each(PAPERS)('card sheets on $paper', ({ paper, units }) => {
  it.each(PRODUCTS.map((p) => [p.join(' '), p] as const))('%s: print-safe edges, type, frames and marks', async (_name, product) => {
    const docs = await documents([...product, '--paper', paper, '--units', units]);
    let pagesSeen = 0;
    let ticksOrMarks = 0;
    const problems: string[] = [];
    for (const doc of docs) {
      const pages = deckPages(doc);
      pages.forEach((page, p) => {
        pagesSeen++;
        const texts = page.items.filter((i): i is TextItem => i.kind === 'text');
        for (const item of page.items) {
          if (!needed(item)) continue;
          const b = box(item);
          const edge = Math.min(b.x0, b.y0, page.width - b.x1, page.height - b.y1);
          if (edge < PRINT_SAFE.edge - 0.01) problems.push(`page ${p + 1}: ${item.kind} ${item.kind === 'text' ? JSON.stringify(item.text) : ''} ${(edge / MM).toFixed(2)} mm from the edge`);
        }
        for (const t of texts) if (t.size < PRINT_SAFE.minType) problems.push(`page ${p + 1}: ${JSON.stringify(t.text)} at ${t.size} pt`);
        for (const line of page.items) {
          if (line.kind !== 'line') continue;
          if (line.color === MARK_COLOR) ticksOrMarks++;
          for (const t of texts) {
            if (segmentMeetsBox(line, textBox(t))) problems.push(`page ${p + 1}: a line at (${(line.x1 / MM).toFixed(1)}, ${(line.y1 / MM).toFixed(1)}) mm crosses ${JSON.stringify(t.text)}`);
          }
        }
      });
      // frames and keylines of every card, front and back, in both inks
      for (const deck of doc.decks ?? []) {
        const w = deck.print.width * MM;
        const h = deck.print.height * MM;
        const none = { left: 0, right: 0, top: 0, bottom: 0 };
        for (const card of deck.cards) {
          for (const ink of ['normal', 'low'] as const) {
            for (const [side, items] of [
              ['front', layoutCardFront(fonts, card.front, w, h, none, ink)],
              ['back', layoutCardBack(fonts, card.back, w, h, none, ink)],
            ] as const) {
              for (const item of items) {
                if (!((item.kind === 'rect' && item.stroke) || item.kind === 'line')) continue;
                const b = box(item);
                const inset = Math.min(b.x0, b.y0, w - b.x1, h - b.y1);
                if (inset < PRINT_SAFE.frame - 0.01) problems.push(`${card.id} ${side} (${ink} ink): a ${item.kind} ${(inset / MM).toFixed(2)} mm inside the trim`);
              }
            }
          }
        }
      }
    }
    expect(pagesSeen).toBeGreaterThan(0);
    expect(ticksOrMarks).toBeGreaterThan(0);
    expect(problems.slice(0, 20)).toEqual([]);
  }, 60_000);
});

describe('cut marks where there is no room outside the bleed', () => {
  it('Letter, cards edge to edge (--layout guillotine): ticks on the cut lines at the top and bottom, said so in the slug', async () => {
    const [doc] = await documents(['cards', 'bof', '--nation', 'us', '--paper', 'letter', '--units', 'in', '--layout', 'guillotine']);
    const page = deckPages(doc!)[0]!;
    const marks = page.items.filter((i) => i.kind === 'line' && i.color === MARK_COLOR) as Extract<Item, { kind: 'line' }>[];
    const top = marks.filter((m) => m.x1 === m.x2 && Math.max(m.y1, m.y2) < 10 * MM);
    const bottom = marks.filter((m) => m.x1 === m.x2 && Math.min(m.y1, m.y2) > page.height - 10 * MM);
    // a tick on each of the four vertical cut lines, at the top and at the bottom
    expect(top.length).toBe(4);
    expect(bottom.length).toBe(4);
    for (const m of [...top, ...bottom]) expect(Math.abs(m.y2 - m.y1)).toBeGreaterThanOrEqual(1 * MM);
    const words = page.items.flatMap((i) => (i.kind === 'text' ? [i.text] : [])).join(' ');
    expect(words).toContain('cut marks at the top and bottom are short ticks');
  });
});

describe('a small deck as fold-over pairs', () => {
  const twoEvents = async (paper: 'a4' | 'letter', extra: string[] = []): Promise<DocumentNode> => {
    const [doc] = await documents(['tokens', 'bof', '--events', '--paper', paper, ...extra]);
    const deck: DeckNode = { ...doc!.decks![0]!, title: 'Event cards drawn', cards: doc!.decks![0]!.cards.slice(0, 2) };
    return { ...doc!, decks: [deck] };
  };
  it.each(['a4', 'letter'] as const)('two cards and their backs on one page on %s, each back beside its front across a dashed fold', async (paper) => {
    const doc = await twoEvents(paper);
    const deck = doc.decks![0]!;
    expect(deckPageCount(deck, doc.meta)).toBe(1);
    const placed = layoutDocument(fonts, doc);
    expect(placed.pages.length).toBe(1);
    const page = placed.pages[0]!;
    const grid = foldGrid(doc.meta.paper, deck.print, 2)!;
    const fold = grid.x0 + grid.width;
    const texts = page.items.filter((i): i is TextItem => i.kind === 'text');
    deck.cards.forEach((card, row) => {
      const front = texts.find((t) => t.text === card.front.title)!;
      expect(front.x).toBeLessThan(fold);
      // the back's title in the same pair, right of the fold
      const backs = texts.filter((t) => t.text === card.back.title && t.x > fold && t.y > grid.y0 + row * grid.height && t.y < grid.y0 + (row + 1) * grid.height);
      expect(backs.length).toBe(1);
    });
    const dashes = page.items.filter((i) => i.kind === 'line' && i.x1 === i.x2 && Math.abs(i.x1 - fold) < 0.01 && i.color !== '#ffffff');
    expect(dashes.length).toBeGreaterThan(10);
    expect(texts.map((t) => t.text).join(' ')).toContain('cut out each pair, fold along the dashed line');
  });
  it('without backs: the fronts alone, as before', async () => {
    const doc = await twoEvents('a4', ['--no-backs']);
    const placed = layoutDocument(fonts, { ...doc, meta: { ...doc.meta, print: { backs: false } } });
    expect(placed.pages.length).toBe(1);
    const words = placed.pages[0]!.items.flatMap((i) => (i.kind === 'text' ? [i.text] : [])).join(' ');
    expect(words).not.toContain('fold');
    expect(words).toContain('fronts, sheet 1 of 1');
  });
  it('four pairs on a sheet laid across, each pair apart; a deck bigger than a page of pairs keeps its front and back sheets', async () => {
    const [doc] = await documents(['tokens', 'bof', '--events']);
    const four = { ...doc!.decks![0]!, cards: doc!.decks![0]!.cards.slice(0, 4) };
    const grid = foldGrid('a4', four.print, 4)!;
    expect([grid.columns, grid.rows, grid.pageWidth > grid.pageHeight]).toEqual([4, 2, true]);
    // a gutter of twice the bleed between two pairs, none at a pair's fold
    expect(grid.xs[2]! - (grid.xs[1]! + grid.width)).toBeCloseTo(2 * grid.bleed, 6);
    expect(grid.folds).toEqual([grid.xs[1], grid.xs[3]]);
    expect(deckPageCount(four, doc!.meta)).toBe(1);
    const five = { ...four, cards: doc!.decks![0]!.cards.slice(0, 5) };
    expect(foldGrid('a4', five.print, 5)).toBeUndefined();
    expect(deckPageCount(five, doc!.meta)).toBe(2);
  });
  it('edge to edge (--layout guillotine): pairs one under another, as many as fit upright', async () => {
    const [doc] = await documents(['tokens', 'bof', '--events', '--layout', 'guillotine']);
    const print = doc!.decks![0]!.print;
    expect(print.guillotine).toBe(true);
    const grid = foldGrid('a4', print, 3)!;
    expect([grid.columns, grid.rows, grid.apart]).toEqual([2, 3, false]);
    expect(grid.ys[1]! - grid.ys[0]!).toBeCloseTo(grid.height, 6);
    expect(foldGrid('a4', print, 4)).toBeUndefined();
  });
});

describe('the fold layout: fronts beside their backs, no two-sided printing (--layout fold)', () => {
  it.each(['a4', 'letter'] as const)('on %s: four cards a sheet laid across, each back where its front lands when folded down the middle', async (paper) => {
    const [whole] = await documents(['cards', 'fireteam', '--list', 'russians', '--layout', 'fold', '--paper', paper]);
    // the list's fire teams, 12 cards: three sheets
    const deck = whole!.decks!.find((d) => d.cards.length === 12)!;
    const doc = { ...whole!, decks: [deck] };
    expect(deck.print.fold).toBe(true);
    const grid = foldSheetGrid(doc.meta.paper, deck.print);
    expect([grid.columns, grid.rows]).toEqual([4, 2]);
    expect(grid.pageWidth).toBeGreaterThan(grid.pageHeight);
    expect(deckPageCount(deck, doc.meta)).toBe(3);
    const pages = deckPages(doc);
    expect(pages).toHaveLength(3);
    const fold = grid.pageWidth / 2;
    // the middle columns meet at the fold; the others stand a gutter of twice the bleed apart
    expect(grid.xs[1]! + grid.width).toBeCloseTo(fold, 6);
    expect(grid.xs[2]!).toBeCloseTo(fold, 6);
    expect(grid.xs[1]! - (grid.xs[0]! + grid.width)).toBeCloseTo(2 * grid.bleed, 6);
    expect(grid.bleed).toBeCloseTo(3 * MM, 6);
    pages.forEach((page, p) => {
      expect(page.width).toBeGreaterThan(page.height);
      const texts = page.items.filter((i): i is TextItem => i.kind === 'text');
      deck.cards.slice(p * 4, p * 4 + 4).forEach((card, i) => {
        // the front's title in its cell left of the fold, the back's title in the mirrored cell right of it
        const column = i % 2;
        const row = Math.floor(i / 2);
        const inCell = (t: TextItem, c: number) => t.x >= grid.xs[c]! - 0.01 && t.x < grid.xs[c]! + grid.width && t.y > grid.ys[row]! && t.y < grid.ys[row]! + grid.height;
        expect(texts.filter((t) => t.text === card.front.title && inCell(t, column)), `${card.front.title} front`).toHaveLength(1);
        expect(texts.filter((t) => t.text === card.back.title && inCell(t, 3 - column)), `${card.front.title} back`).toHaveLength(1);
      });
      // the fold is dashed, not cut; the slug says to fold, then cut
      const dashes = page.items.filter((i) => i.kind === 'line' && i.x1 === i.x2 && Math.abs(i.x1 - fold) < 0.01 && i.color !== '#ffffff');
      expect(dashes.length).toBeGreaterThan(10);
      expect(texts.map((t) => t.text).join(' ')).toContain('fold the sheet along the dashed line, printed side out, then cut each card through both layers');
    });
  });

  it('without backs there is nothing to fold: the fronts alone, as on sheets', async () => {
    const [doc] = await documents(['cards', 'fireteam', '--list', 'russians', '--layout', 'fold', '--no-backs']);
    const placed = deckPages({ ...doc!, meta: { ...doc!.meta, print: { backs: false } } });
    const words = placed.flatMap((p) => p.items.flatMap((i) => (i.kind === 'text' ? [i.text] : []))).join(' ');
    expect(words).not.toContain('fold');
  });

  it('tokens with no deck refuse it, saying why; with --events the deck folds', async () => {
    const cwd = workdir();
    const refused = await muster(['tokens', 'bof', '--layout', 'fold', '-o', 't.pdf'], cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--layout fold: these tokens hold no deck of cards to fold; leave --layout out');
    const events = await muster(['tokens', 'bof', '--events', '--layout', 'fold', '-o', 'e.pdf', '--quiet'], cwd);
    expect(events.code, events.stderr).toBe(0);
  });
});
