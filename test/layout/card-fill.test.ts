/**
 * Issue 53, point 5: cards that fill. Over every card of every rule set's cards product (and
 * the example forces' decks, whose cards carry the models' boxes), the type grows into the
 * room the card has: the blank share of its content box stays under a quarter, or every part
 * of it is at its largest size already; stats' labels at 7.5 pt and weapons at 10 pt, set as
 * a small table, wherever the card's text leaves room for them. Measured on the layout's
 * positioned items, not on pixels.
 *
 * Why a quarter: a front's furniture leaves some of its box blank however full it is (the
 * gaps under the header and between the stats' rows, above and below the body's rule, the
 * footer strip round its line of type: about a tenth of the box), and the body shrinks in
 * quarter points, so a card one line too full for the larger size loses a few lines' room.
 * The old fronts left 37-45% blank.
 */
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import type { CardNode, DocumentNode } from '../../src/doc/model.js';
import { CARD_TYPE, cardContentBox, layoutCardFront } from '../../src/layout/card-faces.js';
import type { Item, TextItem } from '../../src/layout/primitives.js';
import { MM } from '../../src/layout/style.js';
import { muster } from '../helpers/cli.js';
import { fonts } from '../helpers/fonts.js';
import { cardBlank } from '../helpers/fill.js';
import { workdirs } from '../helpers/fixtures.js';
import { exampleForces } from '../helpers/example-forces.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const db = await loadRulesDb({ dataDirs: [] });
const BLANK_BOUND = 0.25;
/** The example force each rule set's force cards are tried with (a deck of every kind of card it has); another rule set's, its first example force. */
const FORCES: Record<string, string> = {
  bof: 'examples/forces/kampfgruppe-weber.yaml',
  fireteam: 'examples/forces/fireteam-fallschirmjager.yaml',
  blazeaway: 'examples/blazeaway/german-grenadier-company.yaml',
  openfire: 'examples/openfire/us-rifle-platoon.yaml',
};

// the documents the command line lays out, as it prints them
const printed = vi.hoisted(() => [] as unknown[]);
vi.mock('../../src/layout/document-plan.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/layout/document-plan.js')>();
  return { ...real, layoutDocument: (...args: Parameters<typeof real.layoutDocument>) => (printed.push(args[1]), real.layoutDocument(...args)) };
});
// the PDF's bytes are not looked at, only the documents laid out: the pages are counted, not
// drawn (drawing them took about half of each print's time)
vi.mock('../../src/render/pdf-surface.js', async (importOriginal) => (await import('../helpers/pages-counted.js')).pagesCounted(await importOriginal<typeof import('../../src/render/pdf-surface.js')>()));
const workdir = workdirs(afterEach);

async function deckCards(args: string[]): Promise<{ card: CardNode; w: number; h: number }[]> {
  printed.length = 0;
  const result = await muster([...args, '-o', path.join(workdir(), 'cards.pdf')], ROOT);
  expect(result.code, result.stderr).toBe(0);
  return (printed as DocumentNode[]).flatMap((doc) => (doc.decks ?? []).flatMap((deck) => deck.cards.map((card) => ({ card, w: deck.print.width * MM, h: deck.print.height * MM }))));
}

/** A front's items sorted by what they are: stat labels, weapon names, rules, the models' boxes, the body's other texts. */
function parts(items: readonly Item[]) {
  const texts = items.filter((i): i is TextItem => i.kind === 'text');
  const rules = items.filter((i) => i.kind === 'line');
  // the body's rule under the stats (where there are stats) and the footer's over the foot
  const footer = Math.max(...rules.map((l) => (l.kind === 'line' ? l.y1 : 0)));
  const bodyTop = rules.length > 1 ? Math.min(...rules.map((l) => (l.kind === 'line' ? l.y1 : Infinity))) : 15 * MM;
  const inBody = (t: TextItem) => t.y > bodyTop && t.y < footer;
  const boxes = items.filter((i) => i.kind === 'rect' && i.stroke !== undefined && i.y > bodyTop && i.y < footer);
  return {
    labels: texts.filter((t) => t.y > 15 * MM && t.y < bodyTop && t.face === 'regular'),
    names: texts.filter((t) => inBody(t) && t.face === 'bold'),
    reminders: texts.filter((t) => inBody(t) && t.face === 'italic'),
    boxes: boxes.map((b) => (b.kind === 'rect' ? b.w : 0)),
    all: texts,
  };
}

// every rule set's cards, and its force's where it checks forces and has an example one
const examples = await exampleForces();
const withCards = db.systems.filter((s) => s.info.products.includes('cards')).map((s) => s.info.id);
const forceOf = (id: string): string | undefined => FORCES[id] ?? examples.get(id)?.[0];
const products = withCards.flatMap((id) => [['cards', id], ...(forceOf(id) ? [['cards', id, '--force', forceOf(id)!]] : [])]);

describe('cards that fill', () => {
  it('covers every rule set with cards, and an example force of each that has one', () => {
    for (const id of withCards) expect(products.some((args) => args[1] === id && args.length === 2), id).toBe(true);
    for (const [id, files] of examples) if (withCards.includes(id) && files.length > 0) expect(products.some((args) => args[1] === id && args[2] === '--force'), id).toBe(true);
    // the forces named above are each their rule set's example force
    for (const [id, file] of Object.entries(FORCES)) if (withCards.includes(id)) expect(examples.get(id), id).toContain(file);
  });

  it.each(products.map((args) => [args.join(' '), args] as const))('%s: type grows into the room, and shrinks back only where the text needs it', async (_, args) => {
    const cards = await deckCards(args);
    expect(cards.length).toBeGreaterThan(0);
    const report: string[] = [];
    for (const { card, w, h } of cards) {
      const front = card.front;
      const items = layoutCardFront(fonts, front, w, h, { left: 0, right: 0, top: 0, bottom: 0 });
      const box = cardContentBox(w, h);
      const blank = cardBlank(fonts, items, box);
      const { labels, names, reminders, boxes, all } = parts(items);
      const grow = front.stats.length === 0 ? CARD_TYPE.statless : 1;
      const body = Math.floor(CARD_TYPE.body * grow * 4) / 4;
      const rule = Math.floor(((body * CARD_TYPE.rule) / CARD_TYPE.body) * 4) / 4;
      const largest =
        labels.every((l) => l.size >= CARD_TYPE.label - 0.01 || isLongLabel(l)) &&
        names.every((n) => n.size >= body - 0.01) &&
        reminders.every((r) => r.size >= rule - 0.01) &&
        boxes.every((b) => b >= 4.5 * MM - 0.01);
      const where = `${front.title} (${card.id})`;
      // nothing a player reads is under the smallest readable size
      for (const t of all) expect(t.size, `${where}: "${t.text}"`).toBeGreaterThanOrEqual(CARD_TYPE.min);
      if (!(blank < BLANK_BOUND || largest)) report.push(`${where}: ${Math.round(blank * 100)}% blank, not at its largest size`);
      // the labels keep 7.5 pt while the body can still shrink; the weapons 10 pt unless the card is full
      const bodyAtLeast = [...names, ...reminders].every((t) => t.size <= CARD_TYPE.min + 0.01);
      for (const l of labels) if (l.size < CARD_TYPE.label - 0.01 && !isLongLabel(l) && !bodyAtLeast) report.push(`${where}: label "${l.text}" at ${l.size} pt while the body has room to give`);
      for (const n of names) if (n.size < body - 0.01 && blank >= BLANK_BOUND) report.push(`${where}: "${n.text}" at ${n.size} pt on a card ${Math.round(blank * 100)}% blank`);
      // the models' boxes are a pen's size
      for (const b of boxes) expect(b, `${where}: a model's box`).toBeGreaterThanOrEqual(4 * MM - 0.01);
      if (front.lines.some((l) => l.columns)) report.push(...tableProblems(front.lines, items, where));
    }
    expect(report).toEqual([]);
  });
});

/**
 * A stat's label too long for beside its icon runs under it, across the cell, and takes the
 * size that fits the cell; it is at its largest where even that is below 7.5 pt.
 */
function isLongLabel(label: TextItem): boolean {
  return fonts.textWidth(label.text, 'regular', CARD_TYPE.label) > (57 / 3) * MM - 1 * MM;
}

/** The weapons as a table: each column's heading over its values, every one ending on the heading's right edge. */
function tableProblems(lines: DocumentNode['decks'] extends (infer D)[] | undefined ? D extends { cards: (infer C)[] } ? C extends { front: { lines: infer L } } ? L : never : never : never, items: readonly Item[], where: string): string[] {
  const problems: string[] = [];
  const texts = items.filter((i): i is TextItem => i.kind === 'text');
  const right = (t: TextItem) => t.x + fonts.textWidth(t.text, t.face, t.size);
  for (const heading of new Set(lines.flatMap((l) => (l.columns ?? []).map((c) => c.heading)))) {
    // the heading over the weapons, not a stat's label of the same word
    const heads = texts.filter((t) => t.text === heading && t.face === 'regular');
    for (const line of lines) {
      const value = line.columns?.find((c) => c.heading === heading)?.value;
      if (!value) continue;
      const under = texts.some((t) => t.text === value && heads.some((head) => t.y > head.y && Math.abs(right(t) - right(head)) < 0.05));
      if (!under) problems.push(`${where}: ${line.label}'s ${heading} "${value}" is not under its heading`);
    }
  }
  return problems;
}
