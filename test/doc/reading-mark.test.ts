/**
 * docs/design.md (Readings) and issue 24: whatever the data marks as muster's reading prints with
 * the one mark (a dagger), and every page that shows the mark carries its footnote; nothing
 * unmarked gets it. Tables read their reading from `note`, cards from `reading` on the card,
 * a line or a rule, and decks from their `note`. Every rule set and data folder is covered.
 */
import { describe, expect, it } from 'vitest';
import { loadCardDecks } from '../../src/data/cards.js';
import { loadRulesDb } from '../../src/data/load.js';
import { buildDataDeck } from '../../src/doc/build-data-cards.js';
import { buildQuickReference } from '../../src/doc/build-reference.js';
import { READING_FOOTNOTE, READING_FOOTNOTE_SHORT, READING_MARK, type CardPrint, type TableBlock } from '../../src/doc/model.js';
import { documentMeta } from '../../src/doc/document-meta.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import type { PlacedPage } from '../../src/layout/primitives.js';
import { renderMarkdown } from '../../src/render/markdown.js';
import { ARSENAL_FIXTURE } from '../helpers/fixtures.js';
import { fonts } from '../helpers/fonts.js';

const db = await loadRulesDb({ dataDirs: [] });
const PRINT: CardPrint = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long', backOffset: { x: 0, y: 0 } };

const texts = (page: PlacedPage) => page.items.flatMap((item) => (item.kind === 'text' ? [item.text] : []));
/** a page's own text, the footnote left out: what the page marks */
const marked = (page: PlacedPage) => texts(page).some((t) => t.includes(READING_MARK) && !t.includes("muster's reading"));
/** the footnote, long or (where a card sheet's margins are short) short */
const footnoted = (page: PlacedPage) => texts(page).some((t) => t.includes(READING_FOOTNOTE_SHORT));

function everyMarkedPageFootnoted(pages: readonly PlacedPage[]): void {
  pages.forEach((page, i) => expect({ page: i + 1, footnote: footnoted(page) }).toEqual({ page: i + 1, footnote: marked(page) }));
}

describe('tables: a table with a note prints "Reading†" under it, and its page the footnote', () => {
  it.each(db.systems.map((s) => s.info.id))('%s', (id) => {
    const doc = buildQuickReference(db.system(id), { units: 'cm', paper: 'a4', toolVersion: '0' });
    const noted = doc.sheets.flatMap((s) => s.blocks).filter((b): b is TableBlock => b.kind === 'table' && b.note !== undefined);
    const placed = layoutDocument(fonts, doc);
    const prefixes = placed.pages.flatMap(texts).filter((t) => t === `Reading${READING_MARK}: `);
    expect(prefixes).toHaveLength(noted.length);
    everyMarkedPageFootnoted(placed.pages);
    const markdown = renderMarkdown(doc);
    expect((markdown.match(/^Reading†: /gm) ?? []).length).toBe(noted.length);
    expect(markdown.includes(READING_FOOTNOTE)).toBe(noted.length > 0);
  });
});

describe('cards from data: a card, line or rule marked as a reading shows the mark; a deck with a note marks its backs', () => {
  const systems = db.systems.filter((s) => s.dirs.length > 0);
  /** the marks read, by rule set: a rule set's data may mark none, but the test reads some */
  const read = new Map<string, number>();
  it.each(systems.map((s) => s.info.id))('%s', async (id) => {
    const decks = await loadCardDecks(db.system(id));
    let readings = 0;
    for (const deck of decks) {
      const node = buildDataDeck(deck, deck.deck.copies[0]!, { system: id, print: PRINT, units: 'cm' });
      for (const data of deck.cards.filter((c) => c.count > 0)) {
        const card = node.cards.find((c) => c.id.startsWith(`${data.id}-${deck.deck.copies[0]!.name.toLowerCase()}-`))!.front;
        expect(card.subtitle.endsWith(READING_MARK), `${data.id} subtitle`).toBe(data.reading !== undefined);
        data.lines.forEach((line, l) => expect(card.lines[l]!.text.endsWith(READING_MARK), `${data.id} line ${l}`).toBe(line.reading !== undefined));
        data.rules.forEach((rule, r) => {
          expect(card.rules[r]!.text.endsWith(READING_MARK), `${data.id} rule ${r}`).toBe(typeof rule !== 'string');
          expect(card.rules[r]!.source, `${data.id} rule ${r}`).toEqual(typeof rule === 'string' ? { section: data.section } : { reading: `${id}/${rule.readingId}` });
        });
        readings += (data.reading ? 1 : 0) + data.lines.filter((l) => l.reading).length + data.rules.filter((r) => typeof r !== 'string').length;
      }
      expect(node.cards.every((c) => c.back.subtitle.endsWith(READING_MARK))).toBe(deck.deck.note !== undefined);
      const placed = layoutDocument(fonts, { meta: documentMeta(db.system(id).info, deck.deck.title, { toolVersion: '0', paper: 'a4', units: 'cm' }), sheets: [], decks: [node] });
      everyMarkedPageFootnoted(placed.pages);
      if (deck.deck.note !== undefined) expect(placed.pages.some(footnoted)).toBe(true);
    }
    read.set(id, readings + decks.filter((d) => d.deck.note).length);
  });

  it('reads a card or deck marked as a reading in some rule set', () => {
    expect([...read.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});

describe('unit cards from arsenal and list files: a file with a reading marks each of its units’ cards at the foot, and the notes it gives them', () => {
  it('bof: a card is marked exactly when its unit comes from a file with a reading', async () => {
    const { loadArsenal } = await import('../../src/systems/bof/arsenal.js');
    const { buildUnitCard } = await import('../../src/systems/bof/cards.js');
    const system = db.system('bof');
    // muster's own folder and a house folder whose file gives no reading: only muster's units are marked
    const arsenal = await loadArsenal([...system.dirs, ARSENAL_FIXTURE]);
    expect(arsenal.readings.size).toBeGreaterThan(0);
    expect(arsenal.readings.size).toBeLessThan(arsenal.units.size);
    for (const unit of arsenal.units.values()) {
      const card = buildUnitCard(unit, { arsenal, units: 'cm', system: system.info });
      const read = arsenal.readings.has(unit.id);
      expect(card.front.footer.left.endsWith(READING_MARK), unit.id).toBe(read);
      // the card's stats and the file's own notes are the file's: muster's reading, or a house file's text
      expect(card.front.source, unit.id).toEqual(read ? { reading: 'bof/arsenal-stats' } : { section: 'Unit stats' });
      const notes = card.front.rules.filter((r) => r.source.reading !== undefined);
      expect(notes.every((r) => r.text.endsWith(READING_MARK)), unit.id).toBe(true);
      expect(JSON.stringify(card.front).split(READING_MARK).length - 1, unit.id).toBe(read ? 1 + notes.length : 0);
    }
  });

  it('openfire: a card is marked exactly when its unit comes from a file with a reading', async () => {
    const { loadLists } = await import('../../src/systems/openfire/lists.js');
    const { buildOfUnitCard } = await import('../../src/systems/openfire/unit-card.js');
    const system = db.system('openfire');
    const lists = await loadLists(system.dirs);
    expect(lists.readings.size).toBeGreaterThan(0);
    for (const unit of lists.units.values()) {
      const card = buildOfUnitCard(unit, lists, 'cm', system.info.name);
      expect(card.front.footer.left.endsWith(READING_MARK), unit.id).toBe(lists.readings.has(unit.id));
    }
  });
});
