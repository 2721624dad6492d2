import { withPageWords } from '../../src/doc/document-meta.js';
import { describe, expect, it } from 'vitest';
import { coverSheet, gatherBooklet } from '../../src/doc/booklet.js';
import type { BookletNode, CardNode, DocumentMeta, DocumentNode } from '../../src/doc/model.js';
import { layoutBooklet } from '../../src/layout/booklet.js';
import type { PlacedPage } from '../../src/layout/primitives.js';
import { PAGE } from '../../src/layout/style.js';
import { fonts } from '../helpers/fonts.js';

const meta: DocumentMeta = withPageWords({ title: 'Test booklet', systemId: 'test', systemName: 'Test rules', rulesVersion: 'v1', toolVersion: '0.0.0-test', seed: 'bk', paper: 'a4', units: 'cm' });
const print = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
const card = (id: string): CardNode => ({
  id,
  front: { title: id, subtitle: 'event', accent: '#446633', source: { section: 'Random Event & Effect Cards' }, stats: [], lines: [], rules: [{ text: 'Lasts the whole game.', source: { section: 'Random Event & Effect Cards' } }], footer: { left: 'Draw before turn 1', right: id } },
  back: { title: 'Event', subtitle: '', accent: '#446633', icon: 'star' },
});
/** A packet as a rule set builds one: a briefing long enough for two pages, its rolls, its cards. */
const packet = (name: string, rows: number, cards: string[]): DocumentNode => ({
  meta: { ...meta, title: `${name} (two-player)` },
  sheets: [
    { title: `Scenario: ${name}`, blocks: [{ kind: 'table', id: 'turns', title: 'Turn record', section: 'Turns', width: 'full', columns: [{ label: 'Turn', align: 'left' }], rows: Array.from({ length: rows }, (_, i) => [[{ text: String(i + 1) }]]) }] },
    { title: 'Every roll', role: 'rolls', blocks: [{ kind: 'table', id: 'rolls', title: `Rolls for seed bk/${name}`, section: 'Setup', width: 'full', columns: [{ label: 'Roll', align: 'left' }], rows: [[[{ text: `2D6 for ${name}` }]]] }] },
  ],
  decks: [{ title: 'Event cards drawn', cards: cards.map(card), print }],
});
const booklet: BookletNode = {
  kind: 'booklet',
  meta,
  cover: { title: 'Contents', paragraphs: ['Two games.'] },
  parts: [
    { label: 'Game 1: Ambush', short: 'Game 1', doc: packet('Ambush', 90, ['mud', 'fog']) },
    { label: 'Game 2: Raid', short: 'Game 2', doc: packet('Raid', 10, ['mud']) },
  ],
};
const texts = (page: PlacedPage) => page.items.flatMap((i) => (i.kind === 'text' ? [i.text] : []));
/** The sheet title a page's header prints, the first line at the top margin. */
const headerTitle = (page: PlacedPage) => page.items.flatMap((i) => (i.kind === 'text' && Math.abs(i.y - PAGE.marginTop) < 3 ? [i.text] : []))[0];

describe('a booklet gathers its parts\' rolls and cards at the back', () => {
  const gathered = gatherBooklet(booklet);
  it('keeps every part in order without its roll log or cards, then one appendix of rolls and one deck', () => {
    expect(gathered.map((p) => p.label)).toEqual(['Game 1: Ambush', 'Game 2: Raid', 'Every roll', 'Cards']);
    expect(gathered[0]!.doc.sheets.map((s) => s.title)).toEqual(['Scenario: Ambush']);
    expect(gathered[0]!.doc.decks).toBeUndefined();
    expect(gathered[2]!.doc.sheets[0]!.blocks.map((b) => b.title)).toEqual(['Game 1: Ambush: rolls for seed bk/Ambush', 'Game 2: Raid: rolls for seed bk/Raid']);
  });
  it('marks each card with the part it belongs to, and prints a card two parts drew alike once, marked with both', () => {
    const deck = gathered[3]!.doc.decks![0]!;
    expect(deck.cards.map((c) => [c.id, c.front.footer.right])).toEqual([['mud', 'Game 1, 2'], ['fog', 'Game 1']]);
  });
  it('keeps apart cards that differ in anything printed but the part they belong to', () => {
    const other = { ...booklet, parts: [booklet.parts[0]!, { ...booklet.parts[1]!, short: 'Finale', doc: { ...booklet.parts[1]!.doc, decks: [{ title: 'Event cards drawn', print, cards: [{ ...card('mud'), front: { ...card('mud').front, subtitle: 'event, heavier' } }, card('fog')] }] } }] };
    const deck = gatherBooklet(other).at(-1)!.doc.decks![0]!;
    expect(deck.cards.map((c) => [c.id, c.front.subtitle, c.front.footer.right])).toEqual([['mud', 'event', 'Game 1'], ['fog', 'event', 'Game 1, Finale'], ['mud', 'event, heavier', 'Finale']]);
  });
  it('leaves the booklet as built untouched (its parts print as on their own)', () => {
    expect(booklet.parts[0]!.doc.sheets).toHaveLength(2);
    expect(booklet.parts[0]!.doc.decks![0]!.cards[0]!.front.footer.right).toBe('mud');
  });
});

describe('a booklet\'s pages', () => {
  const placed = layoutBooklet(fonts, booklet);
  const total = placed.pages.length;
  it('are numbered through the whole, under the booklet\'s title', () => {
    placed.pages.forEach((page, i) => {
      expect(texts(page).join(' ')).toContain(`page ${i + 1} of ${total}`);
    });
    expect(texts(placed.pages[2]!).join(' ')).toContain('Test booklet · page 3');
  });
  it('open with a contents page whose every page number is where that sheet begins', () => {
    expect(headerTitle(placed.pages[0]!)).toBe('Contents');
    const gathered = gatherBooklet(booklet);
    const cover = coverSheet(booklet, []);
    expect(cover.blocks[0]!.title).toBe('Test booklet');
    const contents = texts(placed.pages[0]!);
    const expected = [
      ['Scenario: Ambush', 2],
      ['Scenario: Raid', 4],
      ['Every roll', 5],
      ['Event cards drawn', 6],
    ] as const;
    for (const [sheet, page] of expected) {
      expect(contents).toContain(sheet);
      // a sheet's title is its page's header; a deck's is in the card sheet's margin
      if (sheet === 'Event cards drawn') expect(texts(placed.pages[page - 1]!).join(' ')).toContain('Event cards drawn, fronts with their backs');
      else expect(headerTitle(placed.pages[page - 1]!)).toBe(sheet);
      expect(page === 2 ? undefined : headerTitle(placed.pages[page - 2]!)).not.toBe(sheet);
    }
    // the long briefing runs onto a second page; the next part starts after it
    expect(headerTitle(placed.pages[2]!)).toBe('Scenario: Ambush');
    expect(gathered).toHaveLength(4);
    // contents, the long briefing, the short one, the rolls, three cards folded with their backs on one page
    expect(total).toBe(1 + 2 + 1 + 1 + 1);
  });
});
