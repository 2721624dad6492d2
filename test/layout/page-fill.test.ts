/**
 * Issue 53, point 5: pages that fill. Over every default product of the four rule sets (quick
 * reference, cards, tokens, a rolled packet, the solo packet and the campaign booklets, with
 * the example forces' cards), on A4 and on Letter, no page is under a quarter full unless it
 * must stand alone: a sheet of card or token fronts or backs, the page for notes that puts
 * fronts on an odd page, templates and maps at their size. The roll log is set in the page's two columns.
 * Measured on the layout's positioned items as the command line prints them, not on pixels.
 */
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookletNode, DocumentNode } from '../../src/doc/model.js';
import { NOTES_PAGE_TITLE } from '../../src/layout/document-plan.js';
import type { PlacedDocument, PlacedPage, TextItem } from '../../src/layout/primitives.js';
import { PAGE, TYPE } from '../../src/layout/style.js';
import { muster } from '../helpers/cli.js';
import { fonts } from '../helpers/fonts.js';
import { itemBox, pageFill, plainFrame } from '../helpers/fill.js';
import { workdirs } from '../helpers/fixtures.js';
import { printKinds, sampled } from '../helpers/sample.js';

// what the command line lays out, and the documents it lays out, as it prints them
const printed = vi.hoisted(() => [] as { doc: unknown; placed: unknown }[]);
vi.mock('../../src/layout/document-plan.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/layout/document-plan.js')>();
  return { ...real, layoutDocument: (...args: Parameters<typeof real.layoutDocument>) => { const placed = real.layoutDocument(...args); printed.push({ doc: args[1], placed }); return placed; } };
});
vi.mock('../../src/layout/booklet.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/layout/booklet.js')>();
  return { ...real, layoutBooklet: (...args: Parameters<typeof real.layoutBooklet>) => { const placed = real.layoutBooklet(...args); printed.push({ doc: args[1], placed }); return placed; } };
});
// the PDF's bytes are not looked at, only what is laid out: the pages are counted, not drawn
// (drawing them took about half of each print's time)
vi.mock('../../src/render/pdf-surface.js', async (importOriginal) => (await import('../helpers/pages-counted.js')).pagesCounted(await importOriginal<typeof import('../../src/render/pdf-surface.js')>()));

const ROOT = path.resolve(import.meta.dirname, '../..');
const workdir = workdirs(afterEach);
const QUARTER = 0.25;

/** The default products, as the page counts of issue 53's notes list them. */
const PRODUCTS = [
  ...['bof', 'fireteam', 'blazeaway', 'openfire'].flatMap((id) => [`tables ${id}`, `cards ${id}`, `tokens ${id}`, `scenario ${id} --seed 7`]),
  'cards bof --nation us',
  'cards bof --force examples/forces/kampfgruppe-weber.yaml',
  'cards fireteam --force examples/forces/fireteam-fallschirmjager.yaml',
  'cards blazeaway --force examples/blazeaway/german-grenadier-company.yaml',
  'cards openfire --force examples/openfire/us-rifle-platoon.yaml',
  'tokens bof --events',
  'scenario bof --mode solo --seed 7',
  'campaign bof booklet --seed b --names Red,Blue',
  'campaign fireteam booklet --seed b --names Red,Blue',
];
const PAPERS = [['a4', 'cm'], ['letter', 'in']] as const;

type Printed = { doc: DocumentNode | BookletNode; placed: PlacedDocument }[];
/** the prints made, by product and paper: both checks look at some of the same prints */
const prints = new Map<string, Promise<Printed>>();

function print(product: string, paper: string, units: string): Promise<Printed> {
  const key = `${product} --paper ${paper} --units ${units}`;
  if (!prints.has(key)) prints.set(key, printAnew(product, paper, units));
  return prints.get(key)!;
}

async function printAnew(product: string, paper: string, units: string): Promise<Printed> {
  printed.length = 0;
  const result = await muster([...product.split(' '), '--paper', paper, '--units', units, '-o', path.join(workdir(), 'out.pdf')], ROOT);
  expect(result.code, result.stderr).toBe(0);
  return [...printed] as Printed;
}

/** The page's title in its header, where it has one (a card sheet has none). */
function headerTitle(page: PlacedPage): string | undefined {
  const title = page.items.find((i): i is TextItem => i.kind === 'text' && i.size === TYPE.sheetTitle && i.face === 'bold');
  return title?.text;
}

/** The titles of a document's true-scale drawings' pages (templates, rulers, maps): each stands alone at its size. */
function drawingTitles(doc: DocumentNode | BookletNode): string[] {
  const docs = 'kind' in doc ? doc.parts.map((p) => p.doc) : [doc];
  return docs.flatMap((d) => ((d.drawings ?? []).length > 0 ? [d.drawingsTitle ?? 'Templates, rulers and tracks'] : []));
}

/**
 * Why a page may stand alone however little it holds, or undefined. A sheet of tokens' fronts
 * or backs is printed two-sided and cut as cards are: nothing else may share it, and tokens
 * keep their size (Fire Team's 68 at 25 and 20 mm are three more than an A4 or Letter sheet
 * holds, nested as tightly as their bleed allows).
 */
function standsAlone(page: PlacedPage, doc: DocumentNode | BookletNode): string | undefined {
  const title = headerTitle(page);
  if (title === undefined) return 'a sheet of cards';
  if (/, (fronts|backs)\b/.test(title)) return 'a sheet of tokens, printed two-sided';
  if (title === NOTES_PAGE_TITLE) return 'the page for notes';
  if (drawingTitles(doc).some((t) => title === t || title.startsWith(`${t} `))) return 'a drawing at its size';
  return undefined;
}

/**
 * The prints looked at: every product on both papers under MUSTER_DEEP=1; by default a sample
 * (helpers/sample.ts) with every paper, product, rule set and way of asking (a force, a nation,
 * the events, a mode) among them.
 */
const FILLS = sampled(
  PRODUCTS.flatMap((product) => PAPERS.map(([paper, units]) => [`${product} on ${paper}`, product, paper, units] as const)),
  ([, product, paper]) => printKinds([...product.split(' '), '--paper', paper]),
);

describe('pages that fill', () => {
  it.each(FILLS)('%s: no page under a quarter full that need not stand alone', async (_, product, paper, units) => {
    const made = await print(product, paper, units);
    expect(made.length).toBeGreaterThan(0);
    const thin: string[] = [];
    let number = 0;
    for (const { doc, placed } of made) {
      for (const page of placed.pages) {
        number += 1;
        const fill = pageFill(fonts, page, paper);
        if (fill < QUARTER && !standsAlone(page, doc)) thin.push(`page ${number} (${headerTitle(page)}): ${Math.round(fill * 100)}% full`);
      }
    }
    expect(thin).toEqual([]);
  });
});

/**
 * The roll logs looked at: every one on both papers under MUSTER_DEEP=1; by default a sample
 * with every paper, product (a packet, a booklet) and rule set among them.
 */
const LOGS = sampled(
  ['scenario bof --seed 7', 'scenario blazeaway --seed 7', 'campaign bof booklet --seed b --names Red,Blue'].flatMap((product) => PAPERS.map(([paper, units]) => [`${product} on ${paper}`, product, paper, units] as const)),
  ([, product, paper]) => printKinds([...product.split(' '), '--paper', paper]),
);

describe('the roll log', () => {
  it.each(LOGS)('%s: set in the page\'s two columns', async (_, product, paper, units) => {
    const made = await print(product, paper, units);
    const frame = plainFrame(fonts, paper);
    const columns = [0, 1].map((c) => frame.left + c * (frame.columnWidth + PAGE.gutter));
    // the log's pages, from the top, or from under its heading where it begins under another sheet
    const logs = made.flatMap(({ placed }) => placed.pages).flatMap((page) => {
      if (headerTitle(page) === 'Every roll') return [{ page, from: frame.top }];
      const heading = page.items.find((i): i is TextItem => i.kind === 'text' && i.text === 'Every roll' && i.face === 'bold' && i.size > TYPE.cell && i.y > frame.top - 0.5);
      return heading ? [{ page, from: heading.y + heading.size * TYPE.leading + 4 }] : [];
    });
    expect(logs.length).toBeGreaterThan(0);
    const used = new Set<number>();
    for (const { page, from } of logs) {
      for (const item of page.items) {
        const box = itemBox(fonts, item);
        if (box.y0 < from - 0.5 || box.y0 > frame.bottom) continue;
        // every item of the log lies within one of the page's columns
        const column = columns.findIndex((x) => box.x0 >= x - 0.5 && box.x1 <= x + frame.columnWidth + 0.5);
        expect(column, `${item.kind} at ${Math.round(box.x0)}-${Math.round(box.x1)}`).toBeGreaterThanOrEqual(0);
        used.add(column);
      }
    }
    // a log longer than a column runs on into the second
    const rows = logs.flatMap(({ page }) => page.items).filter((i) => i.kind === 'text').length;
    if (rows > 150) expect([...used].sort()).toEqual([0, 1]);
  });
});
