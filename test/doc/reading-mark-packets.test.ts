import { rollThroughModule } from '../helpers/module-scenario.js';
/**
 * Issue 24, "muster's own readings, marked where players read them": each reading the issue
 * lists prints with the one mark (a dagger) in the product a player reads it in (a rolled
 * packet, a campaign sheet, unit cards), and every placed page that shows the mark carries the
 * footnote. A reading that loses its mark fails here.
 */
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { READING_FOOTNOTE, READING_FOOTNOTE_SHORT, READING_MARK, type CardPrint, type DocumentNode } from '../../src/doc/model.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import type { PlacedPage } from '../../src/layout/primitives.js';
import type { ScenarioRequest } from '../../src/systems/module.js';
import { moduleFor } from '../../src/systems/registry.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { afterEach } from 'vitest';
import { fonts } from '../helpers/fonts.js';

const db = await loadRulesDb({ dataDirs: [] });
const PRINT: CardPrint = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long', backOffset: { x: 0, y: 0 } };
const common = { print: PRINT, units: 'cm' as const, paper: 'a4' as const, toolVersion: '0' };
const workdir = workdirs(afterEach);

/** every string of a document tree: titles, paragraphs, cells, runs, card texts */
function strings(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) node.forEach((n) => strings(n, out));
  else if (node && typeof node === 'object') Object.values(node).forEach((n) => strings(n, out));
  return out;
}

/** a table's or a card's runs joined, so that a cell read in pieces is read whole */
function cells(doc: DocumentNode): string[] {
  const joined: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      if (node.length > 0 && node.every((r) => r && typeof r === 'object' && typeof (r as { text?: unknown }).text === 'string' && Object.keys(r as object).every((k) => k === 'text' || k === 'style'))) {
        joined.push(node.map((r) => (r as { text: string }).text).join(''));
      }
      node.forEach(walk);
    } else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(doc);
  return [...strings(doc), ...joined];
}

const texts = (page: PlacedPage) => page.items.flatMap((item) => (item.kind === 'text' ? [item.text] : []));
const marked = (page: PlacedPage) => texts(page).some((t) => t.includes(READING_MARK) && !t.includes("muster's reading"));
/** the footnote, long or (where a card sheet's margins are short) short */
const footnoted = (page: PlacedPage) => texts(page).some((t) => t.includes(READING_FOOTNOTE_SHORT));

/** every page with a dagger has the footnote, none without one has it, and some page has one */
function placedWithFootnotes(doc: DocumentNode): void {
  const pages = layoutDocument(fonts, doc).pages;
  pages.forEach((page, i) => expect({ page: i + 1, footnote: footnoted(page) }).toEqual({ page: i + 1, footnote: marked(page) }));
  expect(pages.some(marked)).toBe(true);
}

/** each expected reading is in the document with its mark right after it */
function expectMarked(doc: DocumentNode, readings: (string | RegExp)[]): void {
  const all = cells(doc);
  for (const reading of readings) {
    const found = all.some((t) => (typeof reading === 'string' ? t.includes(`${reading}${READING_MARK}`) : reading.test(t)));
    expect(found, `${String(reading)} with its mark`).toBe(true);
  }
}

async function packet(system: string, extra: Partial<ScenarioRequest> & { seed?: string } = {}): Promise<DocumentNode> {
  const [made] = await rollThroughModule(db.system(system), { table: { width: 180, height: 120 }, seed: 's', ...common, ...extra });
  return made!.packet;
}

async function cardsDoc(system: string): Promise<DocumentNode> {
  const made = await (await moduleFor(system))!.cards!({ system: db.system(system), strict: false, options: {}, ...common });
  if (made.kind !== 'document') throw new Error('cards: no document');
  return made.doc;
}

describe('Fire Team: its readings print with the mark', () => {
  it.each(['attack', 'encounter'])('a %s battle: JOP counts, patrol starting points, points, the chain of markers, the RPG as the bazooka', async (battle) => {
    const doc = await packet('fireteam', { options: { battle, lists: 'us,russians' }, table: { width: 183, height: 122 } });
    expectMarked(doc, [
      'Patrol markers: starting points',
      /^Side A \d, Side B \d†$/,
      /^Side A: core \d+, reinforcements \d+; Side B: core \d+, reinforcements \d+†$/,
      'each within that of another of its own',
      /^RPG .*†$/,
    ]);
    // the RPG reads as the bazooka wherever it prints in the roster
    expect(cells(doc).filter((t) => /^RPG \d/.test(t)).every((t) => t.endsWith(READING_MARK))).toBe(true);
    expect(strings(doc).some((t) => t.includes('(our reading)'))).toBe(false);
    placedWithFootnotes(doc);
  });

  it('the weapons table: the RPG read as the bazooka is in its reading, printed "Reading†"', () => {
    const weapons = db.system('fireteam').table('weapons');
    expect(weapons.note).toMatch(/RPG .*Bazooka/);
  });

  it('campaign sheets: the JOPs the square sets, the default split and the end', async () => {
    const dir = workdir();
    expect((await muster(['campaign', 'fireteam', 'new', '--state', 'c.json', '--seed', 's'], dir)).code).toBe(0);
    const next = await muster(['campaign', 'fireteam', 'next', '--state', 'c.json', '--assault', 'a:C5', '--assault', 'b:C2', '--format', 'md'], dir);
    expect(next.code, next.stderr).toBe(0);
    const md = next.stdout;
    expect(md).toContain(`Jump-off points${READING_MARK}`);
    expect(md).toMatch(/the jump-off points: [^,]+ \d, [^,]+ \d†/);
    expect(md).toContain(READING_FOOTNOTE);
    const booklet = await muster(['campaign', 'fireteam', 'booklet', '--state', 'c.json', '--format', 'md'], dir);
    expect(booklet.code, booklet.stderr).toBe(0);
    expect(booklet.stdout).toMatch(/gives \d+ to the attack†/);
    expect(booklet.stdout).toContain(`**The end${READING_MARK}.**`);
    expect(booklet.stdout).not.toContain("(muster's, the text gives none)");
    expect(booklet.stdout).toContain(READING_FOOTNOTE);
  });
});

describe('Blaze Away!: its readings print with the mark', () => {
  it('a packet: objective, victory, deployment, time and weather, barrage, mines, wire, snipers, orders, breaking points, deck size', async () => {
    const doc = await packet('blazeaway');
    const all = cells(doc);
    const row = (item: string) => {
      const at = all.indexOf(item);
      return at >= 0 ? all[at + 1] : undefined;
    };
    for (const item of ['Time and weather', 'Pre-game barrage', 'Mines', 'Wire', 'Snipers']) expect(row(item), item).toMatch(/†$/);
    expectMarked(doc, [
      /^\*\*[^*]+†\.\*\* /,
      'If the attacker has not taken the objective by the end of the last turn, the defender wins.',
      /sets up within \d+ cm† of its edge/,
      /from a deck of \d+ cards† in/,
      'otherwise the share rounded half up',
      "up to its rating's for the sections",
      'HQs',
      /^\u00a0\d+%†$/,
    ]);
    placedWithFootnotes(doc);
  });

  it("Excellent's 4+ order cards read as 4 is marked, the others are not; orders capped at a unit's sections are marked", async () => {
    const { loadBlazeAway } = await import('../../src/systems/blazeaway/data.js');
    const { checkForce } = await import('../../src/systems/blazeaway/force.js');
    const { loadSampleForces } = await import('../../src/systems/blazeaway/samples.js');
    const { unitSheetDocument } = await import('../../src/systems/blazeaway/unit-sheet.js');
    const data = await loadBlazeAway(db.system('blazeaway'));
    expect(data.ratings.filter((r) => r.read).map((r) => r.name)).toEqual(['Excellent']);
    // a sample force made Excellent: its rating's cards and its platoons' orders carry the mark
    const sample = (await loadSampleForces())[0]!;
    const force = { ...sample.force, rating: 'Excellent', units: sample.force.units.map((u) => ({ ...u, rating: undefined })) };
    const roster = checkForce(force as typeof sample.force, data);
    const doc = unitSheetDocument(data, roster, { ...common });
    expectMarked(doc, ['4 order cards']);
    const infantry = doc.sheets[0]!.blocks.find((b) => b.kind === 'table' && b.id === 'infantry');
    const orders = (infantry as { rows: { text: string }[][][] }).rows.map((row) => row[4]!.map((r) => r.text).join(''));
    const platoons = roster.units.filter((u) => u.kind === 'infantry').map((u) => u.groups.some((g) => g.type.orders === 'platoon'));
    orders.forEach((cell, i) => expect(cell.endsWith(READING_MARK) || !platoons[i], `row ${i + 1}: ${cell}`).toBe(true));
    placedWithFootnotes({ ...doc, decks: [] });
  });
});

describe('Burst of Fire: its readings print with the mark', () => {
  it('a solo packet: a counter that does not fit is set aside, the bag ends when nothing left fits (Setting up the enemy forces)', async () => {
    const doc = await packet('bof', { mode: 'solo', table: { width: 120, height: 120 }, options: { enemy: 'bags' } });
    expectMarked(doc, ['each bag drawn until nothing left in it fits, a counter that does not fit set aside']);
    placedWithFootnotes(doc);
  });

  it('Mobile Reconnaissance is named with its armour reading', async () => {
    const { readsAsArmour } = await import('../../src/systems/bof/scenario.js');
    expect(readsAsArmour({ kind: 'mobile-reconnaissance' })).toBe(true);
    expect(readsAsArmour({ kind: 'armor' })).toBe(false);
    // a seed whose enemy doctrine is Mobile Reconnaissance
    for (let i = 0; i < 60; i++) {
      const doc = await packet('bof', { mode: 'solo', seed: `mr${i}`, table: { width: 120, height: 120 } });
      if (!strings(doc).some((t) => t.includes('Mobile Reconnaissance'))) continue;
      expect(strings(doc).some((t) => t.includes(`Mobile Reconnaissance (rolled for as armour${READING_MARK})`))).toBe(true);
      return;
    }
    throw new Error('no seed rolled Mobile Reconnaissance');
  });

  it('the campaign booklet: 7 points on Combat Score and the top rung', async () => {
    const dir = workdir();
    expect((await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 's'], dir)).code).toBe(0);
    const booklet = await muster(['campaign', 'bof', 'booklet', '--state', 'c.json', '--format', 'md'], dir);
    expect(booklet.code, booklet.stderr).toBe(0);
    expect(booklet.stdout).toContain(`a win on Combat Score after the last turn 7${READING_MARK}`);
    expect(booklet.stdout).toContain(`Win the top rung as attacker${READING_MARK}`);
    expect(booklet.stdout).toContain(READING_FOOTNOTE);
  });

  it('unit cards: every card of the arsenal carries the mark once, at its foot', async () => {
    const doc = await cardsDoc('bof');
    const fronts = (doc.decks ?? []).flatMap((d) => d.cards.map((c) => c.front));
    expect(fronts.length).toBeGreaterThan(0);
    for (const front of fronts) expect(front.footer.left.endsWith(READING_MARK), front.title).toBe(true);
    placedWithFootnotes(doc);
  });
});

describe('Open Fire: its readings print with the mark', () => {
  it('unit cards: every card of the sample lists carries the mark once, at its foot', async () => {
    const doc = await cardsDoc('openfire');
    const units = (doc.decks ?? []).flatMap((d) => d.cards.map((c) => c.front)).filter((f) => f.stats.length > 0);
    expect(units.length).toBeGreaterThan(0);
    for (const front of units) expect(front.footer.left.endsWith(READING_MARK), front.title).toBe(true);
    placedWithFootnotes(doc);
  });

  it('a packet: its unit cards carry the mark, and its pages the footnote', async () => {
    const doc = await packet('openfire', { table: { width: 180, height: 120 } });
    const units = (doc.decks ?? []).flatMap((d) => d.cards.map((c) => c.front)).filter((f) => f.stats.length > 0);
    expect(units.length).toBeGreaterThan(0);
    for (const front of units) expect(front.footer.left.endsWith(READING_MARK), front.title).toBe(true);
    placedWithFootnotes(doc);
  });
});
