import { withPageWords } from '../../src/doc/document-meta.js';
import { describe, expect, it } from 'vitest';
import { PAPERS } from '../../src/cli/command-table.js';
import type { CardPrint, DocumentNode } from '../../src/doc/model.js';
import { CARD_TYPE, layoutCardFront } from '../../src/layout/card-faces.js';
import { CardTextFitError } from '../../src/layout/errors.js';
import { cardGrid, cardSlots } from '../../src/layout/card-grids.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import { MM, PAPER_SIZES } from '../../src/layout/style.js';
import { renderDocument } from '../../src/render/render.js';
import { RecordingSurface } from '../../src/render/surface.js';
import { loadArsenal } from '../../src/systems/bof/arsenal.js';
import { arsenalDeck, buildUnitCard, sortUnits } from '../../src/systems/bof/cards.js';
import { ARSENAL_FIXTURE } from '../helpers/fixtures.js';
import { fonts } from '../helpers/fonts.js';

const arsenal = await loadArsenal([ARSENAL_FIXTURE]);
const system = { id: 'bof', name: 'Burst of Fire', rulesVersion: 'test', scale: 's', blurb: 'b', provenance: 'p', products: [], units: 'cm' as const };
const ctx = { arsenal, units: 'cm' as const, system };
const print = (over: Partial<CardPrint> = {}): CardPrint => ({ width: 63, height: 88, bleed: 3, marks: true, duplex: 'long', backOffset: { x: 0, y: 0 }, ...over });

describe('card sheets', () => {
  it('poker cards of 63 x 88 mm, edge to edge and centred, on every paper: nine on A4 and on Letter', () => {
    for (const paper of PAPERS) {
      const grid = cardGrid(paper, print());
      const { columns, rows } = grid;
      if (paper === 'a4' || paper === 'letter') expect([columns, rows]).toEqual([3, 3]);
      expect(columns * rows).toBeGreaterThan(0);
      expect(grid.width).toBeCloseTo(63 * MM, 6);
      expect(grid.height).toBeCloseTo(88 * MM, 6);
      const { width, height } = PAPER_SIZES[paper];
      expect(grid.x0 * 2 + columns * grid.width).toBeCloseTo(width, 6);
      expect(grid.y0 * 2 + rows * grid.height).toBeCloseTo(height, 6);
      const slots = cardSlots(grid, columns * rows, 'front', print());
      const last = columns * rows - 1;
      expect(slots[last]).toMatchObject({ column: columns - 1, row: rows - 1 });
      expect(slots[last]!.x).toBeCloseTo(grid.x0 + (columns - 1) * 63 * MM, 6);
      expect(slots[last]!.y).toBeCloseTo(grid.y0 + (rows - 1) * 88 * MM, 6);
    }
  });
  it('backs mirror across the columns for a long-edge flip and across the rows for a short-edge flip', () => {
    const grid = cardGrid('a4', print());
    const front = cardSlots(grid, 9, 'front', print());
    const long = cardSlots(grid, 9, 'back', print({ duplex: 'long' }));
    const short = cardSlots(grid, 9, 'back', print({ duplex: 'short' }));
    const { width, height } = PAPER_SIZES.a4;
    front.forEach((f, i) => {
      // a long-edge flip turns x into width - x: the back's card must sit where the front's lands
      expect(long[i]!.x + grid.width).toBeCloseTo(width - f.x, 6);
      expect(long[i]!.y).toBeCloseTo(f.y, 6);
      expect(short[i]!.y + grid.height).toBeCloseTo(height - f.y, 6);
      expect(short[i]!.x).toBeCloseTo(f.x, 6);
    });
  });
  it('the back offset moves every back by the same millimetres, as seen on the front', () => {
    const grid = cardGrid('a4', print());
    // long edge: the page turns about the long edge, so X reverses on the back page
    const plain = cardSlots(grid, 3, 'back', print());
    const moved = cardSlots(grid, 3, 'back', print({ backOffset: { x: 1.5, y: -2 } }));
    moved.forEach((m, i) => {
      expect(m.x - plain[i]!.x).toBeCloseTo(-1.5 * MM, 6);
      expect(m.y - plain[i]!.y).toBeCloseTo(-2 * MM, 6);
    });
    // short edge: Y reverses
    const plainShort = cardSlots(grid, 3, 'back', print({ duplex: 'short' }));
    const movedShort = cardSlots(grid, 3, 'back', print({ duplex: 'short', backOffset: { x: 1.5, y: -2 } }));
    movedShort.forEach((m, i) => {
      expect(m.x - plainShort[i]!.x).toBeCloseTo(1.5 * MM, 6);
      expect(m.y - plainShort[i]!.y).toBeCloseTo(2 * MM, 6);
    });
  });
  it('refuses cards too big for the paper', () => {
    expect(() => cardGrid('a4', print({ width: 250 }))).toThrow(/do not fit on a4/);
  });
});

describe('a card front', () => {
  // a card never sets type under 6.5 pt: what it cannot hold at that is refused, naming the text
  const refusal = (draw: () => unknown): CardTextFitError | undefined => {
    try {
      draw();
    } catch (error) {
      if (error instanceof CardTextFitError) return error;
      throw error;
    }
    return undefined;
  };
  const none = { left: 0, right: 0, top: 0, bottom: 0 };
  it('refuses a name too long for its header at the smallest readable size', () => {
    const name = 'Panzerkampfwagen IV Ausführung H mit Schürzen und Zimmerit und Funkgerät und Nebelwurfanlage';
    const card = buildUnitCard({ ...arsenal.units.get('de-panzer-iv-h')!, name }, ctx);
    expect(refusal(() => layoutCardFront(fonts, card.front, 63 * MM, 88 * MM, none))?.text).toBe(name);
    // a shorter one is set smaller, never under 6.5 pt, inside the card
    const held = buildUnitCard({ ...arsenal.units.get('de-panzer-iv-h')!, name: 'Panzerkampfwagen IV Ausführung H mit Schürzen' }, ctx);
    const title = layoutCardFront(fonts, held.front, 63 * MM, 88 * MM, none).find((i) => i.kind === 'text' && i.text === held.front.title);
    expect(title?.kind === 'text' && title.size).toBeGreaterThanOrEqual(CARD_TYPE.min);
    expect(title?.kind === 'text' && title.size).toBeLessThan(12);
    expect(title?.kind === 'text' && title.x + fonts.textWidth(title.text, title.face, title.size)).toBeLessThanOrEqual(63 * MM);
  });
  it('refuses reminders too long for the card, naming the longest, rather than set them smaller or cut them', () => {
    const notes = ['A very long reminder '.repeat(30).trim(), 'Another long reminder '.repeat(25).trim(), 'And a third '.repeat(25).trim()];
    const card = buildUnitCard({ ...arsenal.units.get('de-panzer-iv-h')!, notes }, ctx);
    expect(refusal(() => layoutCardFront(fonts, card.front, 63 * MM, 88 * MM, none))?.text).toBe(notes[0]);
    // the same reminders, an eighth as long, fit at a readable size with every word
    const short = buildUnitCard({ ...arsenal.units.get('de-panzer-iv-h')!, notes: notes.map((n) => n.slice(0, Math.floor(n.length / 8)).trim()) }, ctx);
    const items = layoutCardFront(fonts, short.front, 63 * MM, 88 * MM, none).filter((i) => i.kind === 'text');
    const words = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');
    const drawn = words(items.map((i) => (i.kind === 'text' ? i.text : '')).join(' '));
    for (const rule of short.front.rules) expect(drawn).toContain(words(rule.text));
    for (const i of items) if (i.kind === 'text') expect(i.size).toBeGreaterThanOrEqual(CARD_TYPE.min);
  });
  it('sets the weapons as a table; a name with a word too wide for its column is refused, naming the weapon', () => {
    const card = buildUnitCard(arsenal.units.get('de-rifleman')!, ctx);
    const long = { ...card.front, lines: card.front.lines.map((l, i) => (i === 0 ? { ...l, label: 'Panzerabwehrkanonenselbstfahrlafettenzielfernrohrhalterung' } : l)) };
    expect(refusal(() => layoutCardFront(fonts, long, 63 * MM, 88 * MM, none))?.text).toBe('Panzerabwehrkanonenselbstfahrlafettenzielfernrohrhalterung');
  });
  it('shows the stats the text names, with their symbols', () => {
    const card = buildUnitCard(arsenal.units.get('de-panzer-iv-h')!, ctx);
    expect(card.front.stats.map((s) => [s.icon, s.value])).toEqual([
      ['shield', '5/2/1/1'],
      ['tommy-gun', '8 ×2'],
      ['explosion', '12'],
      ['tank', '13'],
      ['arrow', '3D6'],
      ['wheel', '5'],
      ['actions', '2'],
      ['dollar', '21'],
    ]);
    expect(card.back).toMatchObject({ icon: 'tank', subtitle: 'Germany · AFV' });
  });
});

describe('drawing calls of a card sheet against a golden file', () => {
  const log = (over: Partial<CardPrint>): string => {
    const units = sortUnits(arsenal.units.values(), ['de']);
    const doc: DocumentNode = {
      meta: withPageWords({ title: 'cards', systemId: 'bof', systemName: 'Burst of Fire', rulesVersion: 'test', toolVersion: '0.0.0-test', paper: 'a4', units: 'cm' }),
      sheets: [],
      decks: [arsenalDeck(units, ctx, print(over), 'Fixture')],
    };
    const surface = new RecordingSurface();
    renderDocument(layoutDocument(fonts, doc), surface);
    return surface.toLog();
  };
  it('the fixture arsenal, fronts and backs, A4, edge to edge (--layout guillotine): as it always was', async () => {
    await expect(log({ guillotine: true })).toMatchFileSnapshot('../render/golden/bof-cards-a4.log');
  });
  it('the fixture arsenal, fronts and backs, A4, each card apart with its bleed (the default)', async () => {
    await expect(log({})).toMatchFileSnapshot('../render/golden/bof-cards-gutter-a4.log');
  });
});
