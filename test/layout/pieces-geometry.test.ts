/**
 * Print geometry of every rule set's tokens product on A4 (cm) and Letter (in), measured on the
 * positioned layout items: nothing a player needs near the paper's edge, no small type, keylines
 * well inside a token's cut, no alignment cross over a text, texts on their own piece, pages
 * filled, two 120 mm templates to a page and the 25 cm ruler whole on one A4 page.
 */
import { PAPERS } from '../../src/cli/command-table.js';
import { loadRulesDb } from '../../src/data/load.js';
import { describe, expect, it } from 'vitest';
import type { DocumentNode } from '../../src/doc/model.js';
import { drawingArea, drawShapes, layoutDrawings } from '../../src/layout/drawings.js';
import { layoutDocument, NOTES_PAGE_TITLE } from '../../src/layout/document-plan.js';
import { pageFrame } from '../../src/layout/page-frame.js';
import type { Item, PlacedPage } from '../../src/layout/primitives.js';
import { MM, PAGE } from '../../src/layout/style.js';
import { KEYLINE_INSET, tokenGrid, tokenPageCount, tokenPages, tokensPerPage } from '../../src/layout/tokens.js';
import { pureMuster } from '../helpers/pure-run.js';
import { fonts } from '../helpers/fonts.js';

/** Every rule set that prints tokens. */
const SYSTEMS = (await loadRulesDb({ dataDirs: [] })).systems.filter((s) => s.info.products.includes('tokens')).map((s) => s.info.id);
/** Every paper, in centimetres and inches by turns. */
const PAPERS_IN_UNITS = PAPERS.map((paper, i) => ({ paper, units: i % 2 === 0 ? 'cm' : 'in' }));

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** An item's box on the page; a turned text runs upwards from its anchor. */
function boxOf(item: Item): Box {
  switch (item.kind) {
    case 'text': {
      const w = fonts.textWidth(item.text, item.face, item.size);
      const h = item.size * 1.2;
      return item.rotate === -90 ? { x0: item.x, y0: item.y - w, x1: item.x + h, y1: item.y } : { x0: item.x, y0: item.y, x1: item.x + w, y1: item.y + h };
    }
    case 'rect':
      return { x0: item.x, y0: item.y, x1: item.x + item.w, y1: item.y + item.h };
    case 'line': {
      const half = item.lineWidth / 2;
      return { x0: Math.min(item.x1, item.x2) - half, y0: Math.min(item.y1, item.y2) - half, x1: Math.max(item.x1, item.x2) + half, y1: Math.max(item.y1, item.y2) + half };
    }
    case 'circle':
      return { x0: item.cx - item.r, y0: item.cy - item.r, x1: item.cx + item.r, y1: item.cy + item.r };
    case 'icon':
      return { x0: item.x, y0: item.y, x1: item.x + item.size, y1: item.y + item.size };
    case 'polygon':
    case 'polyline': {
      const xs = item.points.map((p) => p[0]);
      const ys = item.points.map((p) => p[1]);
      return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
    }
  }
}

const isMask = (i: Item) => i.kind === 'rect' && i.fill === '#ffffff' && i.stroke === undefined;
const meet = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const within = (a: Box, b: Box, eps = 0.01) => a.x0 >= b.x0 - eps && a.x1 <= b.x1 + eps && a.y0 >= b.y0 - eps && a.y1 <= b.y1 + eps;
const cut = (a: Box, b: Box): Box | undefined => {
  const c = { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) };
  return c.x1 > c.x0 && c.y1 > c.y0 ? c : undefined;
};

/**
 * What prints on a page, as boxes: a piece of a large drawing is drawn, then masked to its
 * window by four white rects; what comes before the masks shows only inside the window.
 */
function visible(page: PlacedPage): { item: Item; box: Box }[] {
  const first = page.items.findIndex(isMask);
  let window: Box | undefined;
  if (first >= 0) {
    const [top, bottom, left, right] = page.items.slice(first, first + 4) as Extract<Item, { kind: 'rect' }>[];
    window = { x0: left!.w, y0: top!.h, x1: right!.x, y1: bottom!.y };
  }
  const out: { item: Item; box: Box }[] = [];
  page.items.forEach((item, i) => {
    if (isMask(item)) return;
    const box = window && i < first ? cut(boxOf(item), window) : boxOf(item);
    if (box) out.push({ item, box });
  });
  return out;
}

function windowOf(page: PlacedPage): Box | undefined {
  const first = page.items.findIndex(isMask);
  if (first < 0) return undefined;
  const [top, bottom, left, right] = page.items.slice(first, first + 4) as Extract<Item, { kind: 'rect' }>[];
  return { x0: left!.w, y0: top!.h, x1: right!.x, y1: bottom!.y };
}

const docs = new Map<string, DocumentNode>();
async function product(system: string, paper: string, units: string): Promise<DocumentNode> {
  const key = `${system} ${paper}`;
  if (!docs.has(key)) {
    const { code, stdout } = await pureMuster(['tokens', system, '--paper', paper, '--units', units, '--format', 'json']);
    expect(code).toBe(0);
    docs.set(key, JSON.parse(stdout) as DocumentNode);
  }
  return docs.get(key)!;
}

/** The product's pages laid out once for the checks of each rule set and paper, which only read them. */
const laid = new Map<string, ReturnType<typeof layOut>>();
function laidOut(system: string, paper: string, units: string): ReturnType<typeof layOut> {
  const key = `${system} ${paper} ${units}`;
  if (!laid.has(key)) laid.set(key, layOut(system, paper, units));
  return laid.get(key)!;
}

/** The product's pages: its drawings' pages, then each token sheet's. */
async function layOut(system: string, paper: string, units: string) {
  const doc = await product(system, paper, units);
  const pages = layoutDocument(fonts, doc).pages;
  const drawingPages = doc.drawings && doc.drawings.length > 0 ? layoutDrawings(fonts, doc.drawings, doc.meta, '', 1, 1).length : 0;
  // the page for notes that puts the tokens' fronts on an odd page is no token page
  const isNotes = (page: PlacedPage) => page.items.some((i) => i.kind === 'text' && i.text === NOTES_PAGE_TITLE);
  return { doc, pages, drawings: pages.slice(0, drawingPages), tokens: pages.slice(drawingPages).filter((page) => !isNotes(page)) };
}

describe.each(SYSTEMS)('%s tokens product', (system) => {
  describe.each(PAPERS_IN_UNITS)('on $paper ($units)', ({ paper, units }) => {
    it('prints nothing within 6 mm of the paper’s edge', async () => {
      const { pages } = await laidOut(system, paper, units);
      for (const [n, page] of pages.entries()) {
        const safe = { x0: 6 * MM, y0: 6 * MM, x1: page.width - 6 * MM, y1: page.height - 6 * MM };
        for (const { item, box } of visible(page)) expect(within(box, safe), `page ${n + 1}: ${JSON.stringify(item)}`).toBe(true);
      }
    });
    it('sets no text under 6.5 pt', async () => {
      const { pages } = await laidOut(system, paper, units);
      const sizes = pages.flatMap((p) => p.items).filter((i) => i.kind === 'text').map((i) => (i as { size: number }).size);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(6.5);
    });
    it('keeps every token’s keyline at least 3 mm inside its cut line', async () => {
      const { tokens } = await laidOut(system, paper, units);
      for (const page of tokens) {
        const cuts = page.items.filter((i) => (i.kind === 'circle' || i.kind === 'rect') && i.stroke === '#000000');
        // a keyline is an unfilled outline in the token's colour or white, not the cut line
        const keylines = page.items.filter((i) => (i.kind === 'circle' || i.kind === 'rect') && i.fill === undefined && i.stroke !== undefined && i.stroke !== '#000000');
        for (const line of keylines) {
          const box = boxOf(line);
          const around = cuts.map(boxOf).find((c) => within(box, c));
          expect(around, JSON.stringify(line)).toBeDefined();
          expect(Math.min(box.x0 - around!.x0, box.y0 - around!.y0, around!.x1 - box.x1, around!.y1 - box.y1)).toBeGreaterThanOrEqual(KEYLINE_INSET - 0.01);
          expect(KEYLINE_INSET).toBeCloseTo(3 * MM, 6);
        }
      }
    });
    it('prints no alignment cross over a text, and every text of a piece on that piece', async () => {
      const { drawings } = await laidOut(system, paper, units);
      for (const [n, page] of drawings.entries()) {
        const shown = visible(page);
        const texts = shown.filter((s) => s.item.kind === 'text').map((s) => s.box);
        const crosses = shown.filter((s) => s.item.kind === 'line' && s.item.color === '#000000').map((s) => s.box);
        for (const cross of crosses) for (const text of texts) expect(meet(cross, text), `page ${n + 1}`).toBe(false);
        const window = windowOf(page);
        if (window) for (const text of texts) expect(!meet(text, window) || within(text, window), `page ${n + 1}`).toBe(true);
      }
    });
    it('keeps each text of a drawing (a ruler’s labels, a template’s caption) on the drawing', async () => {
      const { doc } = await laidOut(system, paper, units);
      for (const drawing of doc.drawings ?? []) {
        const bounds = { x0: 0, y0: 0, x1: drawing.width * MM, y1: drawing.height * MM };
        for (const item of drawShapes(fonts, drawing.shapes, 0, 0).filter((i) => i.kind === 'text')) {
          expect(within(boxOf(item), bounds, 0.5), `${drawing.title}: ${(item as { text: string }).text}`).toBe(true);
        }
      }
    });
    it('fills token pages: each but a sheet’s last holds as many as fit, covering 80% of the content area where tokens are small', async () => {
      const { doc, tokens } = await laidOut(system, paper, units);
      const frame = pageFrame(fonts, doc.meta);
      const content = (frame.width - 2 * PAGE.marginX) * (frame.bottom - frame.top);
      let at = 0;
      for (const sheet of doc.tokenSheets ?? []) {
        if (sheet.tokens.some((t) => t.front.shape === 'rect')) {
          at += tokenPageCount(fonts, sheet, doc.meta);
          continue;
        }
        const grid = tokenGrid(fonts, sheet, doc.meta);
        const perPage = tokensPerPage(grid);
        // the grid's pages, or rows of each token at its own size where those take fewer
        const placed = tokenPages(fonts, sheet, doc.meta);
        expect(placed.length).toBeLessThanOrEqual(Math.ceil(sheet.tokens.length / perPage));
        // a last page under a quarter full is not left: the pages then share the tokens evenly
        const least = placed.length > 1 && sheet.tokens.length - (placed.length - 1) * perPage < perPage / 4 ? Math.ceil(sheet.tokens.length / placed.length) : perPage;
        if (placed.length > 1) expect(placed.at(-1)!.length).toBeGreaterThanOrEqual(perPage / 4);
        placed.slice(0, -1).forEach((centres, s) => {
          for (const page of tokens.slice(at + 2 * s, at + 2 * s + 2)) {
            const cutLines = page.items.filter((i) => (i.kind === 'circle' || i.kind === 'rect') && i.stroke === '#000000');
            expect(cutLines).toHaveLength(centres.length);
            expect(centres.length).toBeGreaterThanOrEqual(least);
            const share = (perPage * (grid.cell * grid.cell)) / content;
            if (grid.size <= 30 * MM) expect(share).toBeGreaterThanOrEqual(0.8);
          }
        });
        at += tokenPageCount(fonts, sheet, doc.meta);
      }
    });
    it('uses at least 15% of every drawings page but the last', async () => {
      const { doc, drawings } = await laidOut(system, paper, units);
      const area = drawingArea(fonts, doc.meta);
      const cell = 2 * MM;
      for (const page of drawings.slice(0, -1)) {
        const columns = Math.floor((area.right - area.left) / cell);
        const rows = Math.floor((area.bottom - area.top) / cell);
        const used = new Set<number>();
        for (const { box } of visible(page)) {
          if (box.y1 <= area.top || box.y0 >= area.bottom) continue;
          for (let c = Math.max(0, Math.floor((box.x0 - area.left) / cell)); c < Math.min(columns, Math.ceil((box.x1 - area.left) / cell)); c++) {
            for (let r = Math.max(0, Math.floor((box.y0 - area.top) / cell)); r < Math.min(rows, Math.ceil((box.y1 - area.top) / cell)); r++) used.add(r * columns + c);
          }
        }
        expect(used.size / (columns * rows)).toBeGreaterThanOrEqual(0.15);
      }
    });
  });
});

describe('true-size pieces to a page', () => {
  it.each(PAPERS_IN_UNITS)('Blaze Away!’s 120 mm area-fire templates print two to a page on $paper (one on A5)', async ({ paper, units }) => {
    const { doc, tokens } = await laidOut('blazeaway', paper, units);
    const sheets = doc.tokenSheets!;
    const index = sheets.findIndex((s) => s.print.round === 120);
    const before = sheets.slice(0, index).reduce((n, s) => n + tokenPageCount(fonts, s, doc.meta), 0);
    const count = sheets[index]!.tokens.length;
    // A5 is 148 mm wide: one 120 mm disc across
    const perPage = paper === 'a5' ? 1 : 2;
    expect(tokensPerPage(tokenGrid(fonts, sheets[index]!, doc.meta))).toBe(perPage);
    const sides = 2 * Math.ceil(count / perPage);
    const pages = tokens.slice(before, before + sides);
    for (const page of pages.slice(0, sides - 2)) {
      const discs = page.items.filter((i) => i.kind === 'circle' && i.stroke === '#000000' && Math.abs(i.r - 60 * MM) < 0.01);
      expect(discs).toHaveLength(perPage);
    }
    expect(pages).toHaveLength(sides);
  });
  it('the 25 cm grenade ruler prints whole along one A4 page', async () => {
    const { drawings } = await laidOut('bof', 'a4', 'cm');
    const whole = drawings.filter((p) => p.items.some((i) => i.kind === 'text' && i.text === 'Grenade throw ruler, 4D6 needed per band'));
    expect(whole).toHaveLength(1);
    const outline = whole[0]!.items.find((i) => i.kind === 'rect' && i.stroke === '#1b1d1a' && Math.abs(Math.max(i.w, i.h) - 250 * MM) < 0.01);
    expect(outline).toBeDefined();
  });
  it('a template larger than the page splits into balanced pieces, none a sliver', async () => {
    const { drawings } = await laidOut('bof', 'a4', 'cm');
    for (const page of drawings) {
      const first = page.items.findIndex(isMask);
      if (first < 0) continue;
      const window = windowOf(page)!;
      expect(window.x1 - window.x0).toBeGreaterThan(60 * MM);
      expect(window.y1 - window.y0).toBeGreaterThan(60 * MM);
    }
  });
  it('a disc too big for the page prints as its quarter where that takes fewer pieces, whole where it fits', () => {
    const meta = { title: 't', systemId: 'bof', systemName: 'Burst of Fire', rulesVersion: 'test', toolVersion: '0', paper: 'a4' as const, units: 'cm' as const, words: { footer: 'f', pageNumber: '{title} · page {page} of {pages}', scaleBar: 's' } };
    const disc = (r: number) => ({
      title: `Disc ${r}`,
      width: 2 * r,
      height: 2 * r,
      shapes: [{ kind: 'circle' as const, cx: r, cy: r, r, stroke: '#000000' }],
      standIn: { title: `Disc ${r}, a quarter`, width: r, height: r, shapes: [{ kind: 'polygon' as const, points: [[0, 0], [r, 0], [0, r]] as const, stroke: '#000000' }] },
    });
    const titles = (r: number) => layoutDrawings(fonts, [disc(r)], meta, '', 1, 1).flatMap((page) => page.items.flatMap((i) => (i.kind === 'text' ? [i.text] : [])));
    // 80 mm across fits a page: the whole disc
    expect(titles(40).some((t) => t === 'Disc 40')).toBe(true);
    expect(titles(40).some((t) => t.includes('quarter'))).toBe(false);
    // 400 mm across takes six pieces; its quarter, 200 mm square, two
    const big = layoutDrawings(fonts, [disc(200)], meta, '', 1, 1);
    expect(big).toHaveLength(2);
    expect(big.flatMap((page) => page.items.flatMap((i) => (i.kind === 'text' ? [i.text] : []))).filter((t) => t.startsWith('Disc 200, a quarter: piece'))).toHaveLength(2);
  });
});
