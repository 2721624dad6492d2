// House rules say so on paper (issue 54, point 1): what a house folder gives (a table, a unit's
// card, a card, a token) carries the house mark ‡ after its title, every page that shows the
// mark says at its foot whose it is, and the footers of those documents name the folder; with
// no house rules nothing is marked and the footers are as they were.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCardDecks } from '../../src/data/cards.js';
import { loadRulesDb } from '../../src/data/load.js';
import { loadTokenGroups } from '../../src/data/tokens.js';
import { buildDataCardDocument } from '../../src/doc/build-data-cards.js';
import { buildQuickReference } from '../../src/doc/build-reference.js';
import { buildDataTokenDocument } from '../../src/doc/build-tokens.js';
import { HOUSE_MARK, READING_MARK, type CardPrint, type DocumentNode, type TableBlock } from '../../src/doc/model.js';
import { withHouseRules } from '../../src/doc/document-meta.js';
import { renderTemplate } from '../../src/doc/templates.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import type { PlacedPage } from '../../src/layout/primitives.js';
import { renderMarkdown } from '../../src/render/markdown.js';
import { muster } from '../helpers/cli.js';
import { scratchDir, workdirs } from '../helpers/fixtures.js';
import { fonts } from '../helpers/fonts.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const EXAMPLE = path.join(root, 'examples/house-rules');
const NOTE = `${HOUSE_MARK} house rule: Tuesday club`;
const OPTIONS = { units: 'cm', paper: 'a4', toolVersion: '0' } as const;
const PRINT: CardPrint = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long', backOffset: { x: 0, y: 0 } };
const TOKEN_PRINT = { round: 25, square: 25, marks: true, duplex: 'long', backOffset: { x: 0, y: 0 } } as const;

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));
const workdir = workdirs((fn) => cleanups.push(fn));
function house(files: Record<string, string>): string {
  const made = scratchDir(files);
  cleanups.push(made.cleanup);
  return made.dir;
}

const texts = (page: PlacedPage) => page.items.flatMap((item) => (item.kind === 'text' ? [item.text] : []));
/** a page's own text marked, the footnote left out */
const marked = (page: PlacedPage) => texts(page).some((t) => t.includes(HOUSE_MARK) && !t.includes('house rule'));
const footnoted = (page: PlacedPage) => texts(page).some((t) => t.includes(NOTE));

/** Every page that shows the mark carries the footnote, and no other page does; at least one shows it. */
function footnotedWhereMarked(doc: DocumentNode): void {
  const pages = layoutDocument(fonts, doc).pages;
  expect(pages.some(marked)).toBe(true);
  pages.forEach((page, i) => expect({ page: i + 1, footnote: footnoted(page) }).toEqual({ page: i + 1, footnote: marked(page) }));
}

const footer = (house?: string) => renderTemplate('page-footer', { systemName: 'Burst of Fire', rulesVersion: 'core rules (web text, undated)', toolVersion: '0', seed: '', house: house ?? '' });

describe('a house folder on paper', () => {
  it('a changed table: its block carries the folder, its title the mark, its pages the footnote, the footers the folder', async () => {
    const bof = (await loadRulesDb({ dataDirs: [EXAMPLE], only: 'bof' })).system('bof');
    const doc = buildQuickReference(bof, OPTIONS);
    const tables = doc.sheets.flatMap((s) => s.blocks).filter((b): b is TableBlock => b.kind === 'table');
    expect(tables.filter((t) => t.house !== undefined).map((t) => [t.id, t.title, t.house, t.section])).toEqual([['force-morale', `Force morale${HOUSE_MARK}`, 'Tuesday club', 'How to determine force morale']]);
    expect(tables.filter((t) => t.house === undefined && t.title.includes(HOUSE_MARK))).toEqual([]);
    expect(doc.meta.house).toEqual(['Tuesday club']);
    expect(doc.meta.words.footer).toBe('Burst of Fire · core rules (web text, undated) · with house rules: Tuesday club · printed with muster 0');
    expect(doc.meta.words.footer).toBe(footer('Tuesday club'));
    expect(doc.meta.words.houseNote).toBe(NOTE);
    footnotedWhereMarked(doc);
    const markdown = renderMarkdown(doc);
    expect(markdown).toContain(`### Force morale${HOUSE_MARK}`);
    expect(markdown).toContain('Burst of Fire · core rules (web text, undated) · with house rules: Tuesday club · muster 0');
    expect(markdown.trimEnd().split('\n').at(-1)).toBe(NOTE);
  });

  it('without house rules: no mark, no footnote, the footer as it was', async () => {
    const bof = (await loadRulesDb({ dataDirs: [], only: 'bof' })).system('bof');
    const doc = buildQuickReference(bof, OPTIONS);
    expect(JSON.stringify(doc)).not.toContain(HOUSE_MARK);
    expect(JSON.stringify(doc)).not.toContain('"house"');
    expect(doc.meta.words).toEqual({ footer: 'Burst of Fire · core rules (web text, undated) · printed with muster 0', pageNumber: '{title} · page {page} of {pages}', scaleBar: expect.any(String) });
    expect(withHouseRules(doc)).toBe(doc);
    const pages = layoutDocument(fonts, doc).pages;
    expect(pages.flatMap(texts).filter((t) => t.includes(HOUSE_MARK) || t.includes('house rule'))).toEqual([]);
    // the reading's footnote keeps its own line, as before
    expect(pages.flatMap(texts).filter((t) => t.includes(READING_MARK) && t.includes("muster's reading")).every((t) => t === `${READING_MARK} muster's reading: the text leaves this open`)).toBe(true);
  });

  it('a changed token: its face carries the folder and the mark after its label, front and back pages footnoted', async () => {
    const dir = house({ 'house.yaml': 'name: Tuesday club\n', 'openfire/tokens/club.yaml': 'tokens:\n  - { change: pinned, count: 12 }\n' });
    const openfire = (await loadRulesDb({ dataDirs: [dir], only: 'openfire' })).system('openfire');
    const doc = buildDataTokenDocument(openfire.info, await loadTokenGroups(openfire.dirs), { print: TOKEN_PRINT, ...OPTIONS });
    const faces = doc.tokenSheets!.flatMap((s) => s.tokens.map((t) => t.front));
    expect(faces.filter((f) => f.house !== undefined)).toHaveLength(12);
    expect(new Set(faces.filter((f) => f.house !== undefined).map((f) => `${f.label} ${f.house}`))).toEqual(new Set([`Pinned${HOUSE_MARK} Tuesday club`]));
    expect(faces.filter((f) => f.house === undefined && f.label.includes(HOUSE_MARK))).toEqual([]);
    expect(doc.meta.words.footer).toContain('· with house rules: Tuesday club ·');
    footnotedWhereMarked(doc);
  });

  it("a house deck's cards carry the folder and the mark after their titles, each card sheet showing them the footnote", async () => {
    const dir = house({
      'house.yaml': 'name: Tuesday club\n',
      'fireteam/cards/club.yaml': `deck:
  title: Club orders
  back: { title: CLUB, subtitle: Orders, icon: star }
  copies: [{ name: Red, colour: "#9b2c2c" }]
cards:
  - { id: club-rally, title: Rally, subtitle: Club order, section: House rule, lines: [{ label: Effect, text: Remove one pin. }], count: 2 }
`,
    });
    const fireteam = (await loadRulesDb({ dataDirs: [dir], only: 'fireteam' })).system('fireteam');
    const decks = await loadCardDecks(fireteam);
    const doc = buildDataCardDocument(fireteam.info, decks.slice(-1), { print: PRINT, ...OPTIONS });
    expect(doc.decks![0]!.cards.map((c) => [c.front.title, c.house])).toEqual([
      [`Rally${HOUSE_MARK}`, 'Tuesday club'],
      [`Rally${HOUSE_MARK}`, 'Tuesday club'],
    ]);
    expect(doc.meta.house).toEqual(['Tuesday club']);
    footnotedWhereMarked(doc);
    const pages = layoutDocument(fonts, doc).pages;
    expect(pages.every((page) => texts(page).some((t) => t.includes('with house rules: Tuesday club')))).toBe(true);
  });

  it("a house unit's card (Burst of Fire) carries the folder and the mark; the arsenal's own cards do not", async () => {
    const { code, stdout, stderr } = await muster(['cards', 'bof', '--data', EXAMPLE, '--nation', 'de', '--format', 'json'], workdir());
    expect(code, stderr).toBe(0);
    const doc = JSON.parse(stdout) as DocumentNode;
    const cards = doc.decks!.flatMap((d) => d.cards);
    expect(cards.filter((c) => c.house !== undefined).map((c) => [c.id, c.front.title, c.house])).toEqual([['de-club-sniper', `Vereinsschütze${HOUSE_MARK}`, 'Tuesday club']]);
    expect(cards.filter((c) => c.house === undefined && c.front.title.includes(HOUSE_MARK))).toEqual([]);
    expect(doc.meta.house).toEqual(['Tuesday club']);
    expect(doc.meta.words.houseNote).toBe(NOTE);
  });

  it("a house stand type (Blaze Away!) is marked where the Unit Sheet names it, and the sheet names the folder", async () => {
    const dir = house({ 'house.yaml': 'name: Tuesday club\n', 'blazeaway/forces/club.yaml': 'stands:\n  - { change: lmg, name: LMG team }\n' });
    const force = path.join(root, 'examples/blazeaway/german-grenadier-company.yaml');
    const { code, stdout, stderr } = await muster(['cards', 'blazeaway', '--data', dir, '--force', force, '--format', 'md'], workdir());
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(`LMG team${HOUSE_MARK}`);
    expect(stdout).not.toMatch(/Rifle section\u2021/);
    expect(stdout).toContain('· with house rules: Tuesday club ·');
    expect(stdout).toContain(NOTE);
  });

  it('two house folders: each item marked with its own, the footers and footnote naming both', async () => {
    const a = house({ 'house.yaml': 'name: Club A\n', 'bof/tables/a.yaml': 'tables:\n  - { change: force-morale, summary: Club A rolls it. }\n' });
    const b = house({ 'house.yaml': 'name: Club B\n', 'bof/tables/b.yaml': 'tables:\n  - { change: morale-modifiers, summary: Club B reads these. }\n' });
    const bof = (await loadRulesDb({ dataDirs: [a, b], only: 'bof' })).system('bof');
    const doc = buildQuickReference(bof, OPTIONS);
    const marked = doc.sheets.flatMap((s) => s.blocks).filter((b): b is TableBlock => b.kind === 'table' && b.house !== undefined);
    expect(marked.map((t) => [t.id, t.house])).toEqual([
      ['force-morale', 'Club A'],
      ['morale-modifiers', 'Club B'],
    ]);
    expect(doc.meta.words.footer).toBe(footer('Club A, Club B'));
    expect(doc.meta.words.houseNote).toBe(`${HOUSE_MARK} house rules: Club A, Club B`);
  });

  it('a folder without house.yaml is named by its folder', async () => {
    const dir = house({ 'club-rules/bof/tables/a.yaml': 'tables:\n  - { change: force-morale, summary: Ours. }\n' });
    const bof = (await loadRulesDb({ dataDirs: [path.join(dir, 'club-rules')], only: 'bof' })).system('bof');
    expect(buildQuickReference(bof, OPTIONS).meta.words.houseNote).toBe(`${HOUSE_MARK} house rule: club-rules`);
  });

  it('a scenario packet names every house folder of its rule set in its footers; without one, none', async () => {
    const cwd = workdir();
    const housed = await muster(['scenario', 'bof', '--data', EXAMPLE, '--seed', 'club', '--format', 'md'], cwd);
    expect(housed.code, housed.stderr).toBe(0);
    expect(housed.stdout).toMatch(/^Burst of Fire · core rules \(web text, undated\) · with house rules: Tuesday club · muster /m);
    const plain = await muster(['scenario', 'bof', '--seed', 'club', '--format', 'md'], cwd);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).not.toContain('house rules');
    expect(plain.stdout).not.toContain(HOUSE_MARK);
  });

  it('in the PDF: every page names the folder, the page with the changed table shows the mark and its footnote, no other page the footnote', async () => {
    const cwd = workdir();
    const result = await muster(['tables', 'bof', '--data', EXAMPLE, '-o', 'house.pdf', '--quiet'], cwd);
    expect(result.code, result.stderr).toBe(0);
    const pages = execFileSync('pdftotext', [path.join(cwd, 'house.pdf'), '-'], { encoding: 'utf8' }).split('\f').filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(8);
    for (const page of pages) expect(page).toContain('Burst of Fire · core rules (web text, undated) · with house rules: Tuesday club · printed with muster');
    const withTable = pages.filter((page) => page.includes(`Force morale${HOUSE_MARK}`));
    expect(withTable).toHaveLength(1);
    expect(withTable[0]).toContain(NOTE);
    expect(pages.filter((page) => page.includes(NOTE))).toEqual(withTable);
  });
});
