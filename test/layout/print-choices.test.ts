import { withPageWords } from '../../src/doc/document-meta.js';
import { describe, expect, it } from 'vitest';
import { PAPERS } from '../../src/cli/command-table.js';
import type { Paper } from '../../src/doc/model.js';
import type { DocumentNode, DrawingNode } from '../../src/doc/model.js';
import { calibrationTargets, backPosition, layoutCalibration, ARM, TARGET_INSET } from '../../src/layout/calibrate.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import { MM, PAPER_SIZES, tint } from '../../src/layout/style.js';
import { renderDocument } from '../../src/render/render.js';
import { RecordingSurface, type DrawCall } from '../../src/render/surface.js';
import { fonts } from '../helpers/fonts.js';

const meta = withPageWords({ title: 'Test', systemId: 'bof', systemName: 'Burst of Fire', rulesVersion: 'test', toolVersion: '0', paper: 'a4' as const, units: 'cm' as const });
const print = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
const ACCENT = '#7a2f2f';

function doc(extra: Partial<DocumentNode['meta']> = {}): DocumentNode {
  const card = (id: string) => ({
    id,
    front: { title: 'Rifleman', subtitle: 'Germany', accent: ACCENT, source: { section: 'Unit stats' }, stats: [{ icon: 'shield' as const, label: 'armour', value: '4' }], lines: [], rules: [], footer: { left: 'Cost 2', right: 'x' } },
    back: { title: 'BURST OF FIRE', subtitle: 'Germany', accent: ACCENT, icon: 'helmet' as const },
  });
  const zone: DrawingNode = { title: 'Map', width: 100, height: 60, shapes: [{ kind: 'rect', x: 0, y: 0, w: 100, h: 30, fill: '#4a6b8a' }, { kind: 'text', x: 50, y: 15, text: 'North', size: 8, color: '#ffffff' }] };
  return {
    meta: { ...meta, ...extra },
    sheets: [],
    drawings: [zone],
    tokenSheets: [
      {
        title: 'Markers',
        tokens: [{ front: { label: 'Pinned', icon: 'down', colour: '#3f4a3c', shape: 'round' }, back: { label: 'Spent', icon: 'clock', colour: '#6b4b2a', shape: 'round' } }],
        print: { round: 25, square: 20, marks: true, duplex: 'long', backOffset: { x: 0, y: 0 } },
      },
    ],
    decks: [{ title: 'Cards', cards: Array.from({ length: 12 }, (_, i) => card(`c${i}`)), print }],
  };
}

function record(d: DocumentNode): { pages: DrawCall[][]; log: string } {
  const surface = new RecordingSurface();
  renderDocument(layoutDocument(fonts, d), surface);
  const pages: DrawCall[][] = [];
  for (const call of surface.calls) {
    if (call.op === 'page') pages.push([]);
    else pages[pages.length - 1]!.push(call);
  }
  return { pages, log: surface.toLog() };
}

describe('--no-backs', () => {
  it('leaves out the back pages of decks and token sheets', () => {
    const withBacks = layoutDocument(fonts, doc());
    const without = layoutDocument(fonts, doc({ print: { backs: false } }));
    // drawings 1 page, a page for notes (the tokens' fronts fall on page 3 for two-sided
    // printing), tokens 1 front + 1 back, cards 2 fronts + 2 backs; without backs, no notes page
    expect(withBacks.pages.length).toBe(1 + 1 + 2 + 4);
    expect(without.pages.length).toBe(1 + 1 + 2);
  });
  it('a deck or token sheet that carries the choice itself leaves its backs out too', () => {
    const d = doc();
    d.decks![0]!.print = { ...print, backs: false };
    d.tokenSheets![0]!.print = { ...d.tokenSheets![0]!.print, backs: false };
    expect(layoutDocument(fonts, d).pages.length).toBe(1 + 1 + 2);
  });
});

describe('--ink low', () => {
  it('normal ink is the drawing of a document without print settings, call for call', () => {
    expect(record(doc({ print: { ink: 'normal', backs: true } })).log).toBe(record(doc()).log);
  });
  it('card backs are white with an outline: no solid fill on a back page', () => {
    const normal = record(doc());
    const low = record(doc({ print: { ink: 'low' } }));
    expect(low.log).not.toBe(normal.log);
    // drawing, notes, token front and back, card front and back
    const backPage = (r: { pages: DrawCall[][] }) => r.pages[5]!;
    expect(backPage(normal).some((c) => c.op === 'rect' && c.fill === ACCENT)).toBe(true);
    // no filled area the size of a card: the back is white
    expect(backPage(low).some((c) => c.op === 'rect' && c.fill !== undefined && c.fill !== '#ffffff' && c.w > 40 * MM)).toBe(false);
    expect(backPage(low).filter((c) => c.op === 'rect' && c.stroke === ACCENT).length).toBeGreaterThanOrEqual(9);
    expect(backPage(low).some((c) => c.op === 'text' && c.text === 'BURST OF FIRE' && c.color !== '#ffffff')).toBe(true);
  });
  it('card headers are a light tint with dark type', () => {
    const front = record(doc({ print: { ink: 'low' } })).pages[4]!;
    expect(front.some((c) => c.op === 'rect' && c.fill === ACCENT)).toBe(false);
    expect(front.some((c) => c.op === 'rect' && c.fill === tint(ACCENT, 0.18))).toBe(true);
    expect(front.some((c) => c.op === 'text' && c.text === 'Rifleman' && c.color === '#1b1d1a')).toBe(true);
  });
  it('tokens are lightly tinted and map zones lighter, outlined, with dark type', () => {
    const low = record(doc({ print: { ink: 'low' } }));
    const token = low.pages[2]!;
    expect(token.some((c) => c.op === 'circle' && c.fill === '#3f4a3c')).toBe(false);
    expect(token.some((c) => c.op === 'circle' && c.fill === tint('#3f4a3c', 0.16))).toBe(true);
    const map = low.pages[0]!;
    expect(map.some((c) => c.op === 'rect' && c.fill === '#4a6b8a')).toBe(false);
    expect(map.some((c) => c.op === 'rect' && c.fill === tint('#4a6b8a', 0.3) && c.stroke === '#4a6b8a')).toBe(true);
    expect(map.some((c) => c.op === 'text' && c.text === 'North' && c.color === '#1b1d1a')).toBe(true);
  });
});

describe('the duplex calibration sheet', () => {
  const calMeta = (paper: Paper) => withPageWords({ ...meta, paper, systemId: 'muster', systemName: 'muster' });
  /** Centres of crosses: points where a horizontal and a vertical line of the given colour cross at their middles. */
  function crossCentres(calls: DrawCall[], color: string): { x: number; y: number }[] {
    const lines = calls.filter((c): c is Extract<DrawCall, { op: 'line' }> => c.op === 'line' && c.color === color);
    const arm = ARM * MM;
    const across = lines.filter((l) => l.y1 === l.y2 && Math.abs(l.x2 - l.x1 - 2 * arm) < 0.1);
    const down = lines.filter((l) => l.x1 === l.x2 && Math.abs(l.y2 - l.y1 - 2 * arm) < 0.1);
    return across
      .map((a) => ({ x: (a.x1 + a.x2) / 2, y: a.y1 }))
      .filter((p) => down.some((d) => Math.abs(d.x1 - p.x) < 0.05 && Math.abs((d.y1 + d.y2) / 2 - p.y) < 0.05));
  }
  const near = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y) < 0.05;

  for (const paper of PAPERS) {
    for (const duplex of ['long', 'short'] as const) {
      it(`${paper}, ${duplex} edge: targets at the corners and middle, the back mirrored to meet them`, () => {
        const placed = layoutCalibration(fonts, calMeta(paper), { duplex, backOffset: { x: 0, y: 0 } });
        expect(placed.pages.length).toBe(2);
        const surface = new RecordingSurface();
        renderDocument(placed, surface);
        const pages: DrawCall[][] = [];
        for (const call of surface.calls) {
          if (call.op === 'page') pages.push([]);
          else pages[pages.length - 1]!.push(call);
        }
        const { width, height } = PAPER_SIZES[paper];
        const front = crossCentres(pages[0]!, '#000000');
        const back = crossCentres(pages[1]!, '#8a8f86');
        expect(front.length).toBe(5);
        expect(back.length).toBe(5);
        const expected = [
          { x: TARGET_INSET.x * MM, y: TARGET_INSET.y * MM },
          { x: width - TARGET_INSET.x * MM, y: TARGET_INSET.y * MM },
          { x: TARGET_INSET.x * MM, y: height - TARGET_INSET.y * MM },
          { x: width - TARGET_INSET.x * MM, y: height - TARGET_INSET.y * MM },
          { x: width / 2, y: height / 2 },
        ];
        for (const e of expected) expect(front.some((f) => near(f, e))).toBe(true);
        // every front target has a back mark where the turned sheet puts it
        for (const t of calibrationTargets(paper)) {
          const turned = duplex === 'long' ? { x: width - t.x, y: t.y } : { x: t.x, y: height - t.y };
          expect(back.some((b) => near(b, turned))).toBe(true);
        }
        // the back's label for A sits by the mark that meets A: top right (long) or bottom left (short)
        const labelA = pages[1]!.find((c) => c.op === 'text' && c.text === 'A (back)') as Extract<DrawCall, { op: 'text' }>;
        if (duplex === 'long') expect(labelA.x).toBeGreaterThan(width / 2);
        else expect(labelA.y).toBeGreaterThan(height / 2);
        // print-safe: nothing within 6 mm of the edge, no type under 6.5 pt
        for (const page of pages) {
          for (const c of page) {
            if (c.op === 'page') continue;
            const xs = c.op === 'line' ? [c.x1, c.x2] : c.op === 'circle' ? [c.cx - c.r, c.cx + c.r] : c.op === 'rect' ? [c.x, c.x + c.w] : c.op === 'polygon' || c.op === 'polyline' ? c.points.map((p) => p[0]) : [c.x];
            const ys = c.op === 'line' ? [c.y1, c.y2] : c.op === 'circle' ? [c.cy - c.r, c.cy + c.r] : c.op === 'rect' ? [c.y, c.y + c.h] : c.op === 'polygon' || c.op === 'polyline' ? c.points.map((p) => p[1]) : [c.y];
            for (const x of xs) expect(x >= 6 * MM && x <= width - 6 * MM).toBe(true);
            for (const y of ys) expect(y >= 6 * MM && y <= height - 6 * MM).toBe(true);
            if (c.op === 'text') expect(c.size).toBeGreaterThanOrEqual(6.5);
          }
        }
      });
    }
  }

  it('a back offset moves the back marks as seen on the front: X right, Y down', () => {
    for (const duplex of ['long', 'short'] as const) {
      const t = calibrationTargets('a4')[4]!;
      const plain = backPosition(t, 'a4', { duplex, backOffset: { x: 0, y: 0 } });
      const moved = backPosition(t, 'a4', { duplex, backOffset: { x: 2, y: 1 } });
      const { width, height } = PAPER_SIZES.a4;
      // turn the back page over again to see it from the front
      const seen = (p: { x: number; y: number }) => (duplex === 'long' ? { x: width - p.x, y: p.y } : { x: p.x, y: height - p.y });
      expect(seen(moved).x - seen(plain).x).toBeCloseTo(2 * MM, 6);
      expect(seen(moved).y - seen(plain).y).toBeCloseTo(1 * MM, 6);
    }
  });

  it('the instructions are in plain words: the back offset by name, no command-line option', () => {
    const placed = layoutCalibration(fonts, calMeta('a4'), { duplex: 'long', backOffset: { x: 0, y: 0 } });
    const words = placed.pages.flatMap((p) => p.items.filter((i) => i.kind === 'text').map((i) => (i as { text: string }).text)).join(' ');
    expect(words).toMatch(/window or a lamp/);
    expect(words).toMatch(/opposite/);
    expect(words).toMatch(/the back offset, two numbers X,Y/);
    expect(words.match(/--[a-z-]+/g)).toBeNull();
  });
});
