// The page's table mode (issue 28): a game's ticks in Node (src/web/table-game.ts); every rule
// set's table part names markers and tables its own data has; and in chromium a Burst of
// Fire game set up from a force file, ticked, kept through a reload, and printed as it stands.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { MODULE_IDS } from '../../src/systems/registry.js';
import { pagePartsFor } from '../../src/systems/page-registry.js';
import { MARK_MAX, newSide, newTableGame, pressLoss, scoreOf, setMark, setScore, setTurn, standing } from '../../src/web/table-game.js';
import { unitsOfDecks } from '../../src/web/kit/table-cards.js';
import { pureMuster } from '../helpers/pure-run.js';
import { control, openPage, press, repo, runBrowserTests, shots, usePageServer, type PageServer, tableOf as probe, tickTable as tick } from '../helpers/page.js';
import { headingSkips, smallTargets } from '../helpers/phone-checks.js';
import { proves, provesAgain } from '../helpers/page-kinds.js';

describe('a game at the table', () => {
  const game = () =>
    newTableGame('Red vs Blue', 'bof', { turns: 5, scoreMax: 50 }, [newSide('Red', 'Kampfgruppe Weber', [{ name: 'Grenadier 1', boxes: 1 }, { name: 'MG 42 team', boxes: 3 }]), newSide('Blue', 'none', [])]);

  it('ticks losses from the first box, a press on the last ticked one taking it back', () => {
    let g = pressLoss(game(), 0, 1, 2);
    expect(g.sides[0].units[1]!.lost).toBe(2);
    g = pressLoss(g, 0, 1, 2);
    expect(g.sides[0].units[1]!.lost).toBe(1);
    g = pressLoss(g, 0, 1, 9);
    expect(g.sides[0].units[1]!.lost).toBe(3);
    expect(standing(g.sides[0])).toEqual({ units: 1, boxes: 1 });
    // a unit or side that is not there changes nothing
    expect(pressLoss(g, 1, 0, 1)).toBe(g);
  });

  it('keeps markers, the turn and the score within their bounds', () => {
    let g = setMark(game(), 0, 0, 'suppressed', 5, false);
    expect(g.sides[0].units[0]!.marks).toEqual({ suppressed: 1 });
    g = setMark(g, 0, 0, 'injured', MARK_MAX + 5, true);
    expect(g.sides[0].units[0]!.marks['injured']).toBe(MARK_MAX);
    expect(setTurn(g, 9).turn).toBe(5);
    expect(setTurn(g, 0).turn).toBe(1);
    expect(setTurn({ ...g, turns: 0 }, 40).turn).toBe(40);
    expect(scoreOf(setScore(g, 1, 80), 1)).toBe(50);
    expect(scoreOf(setScore(g, 1, -3), 1)).toBe(0);
  });

  it('takes a force’s rows from its cards: a card of models alike is one row, a box a model, each carrying its own markers', () => {
    const cards = { decks: [{ cards: [{ front: { title: 'Leutnant Weber', footer: { left: 'Cost 0 · Combat Score 10†' } } }, { front: { title: 'Grenadier 1–3', tally: ['1', '2', '3'], footer: { left: 'Cost 3 · Combat Score 3' } } }] }] };
    expect(unitsOfDecks(cards)).toEqual([
      { name: 'Leutnant Weber', boxes: 1 },
      { name: 'Grenadier 1–3', boxes: 3, captions: ['1', '2', '3'], apart: true },
    ]);
    expect(unitsOfDecks(cards, (front) => Number(/Combat Score (\d+)/.exec(front.footer?.left ?? '')?.[1])).map((u) => u.worth)).toEqual([10, 3]);
    // no decks (a rule set whose cards are its force's JSON): no rows
    expect(unitsOfDecks({ force: {} })).toEqual([]);
  });

  it('scores a loss for the other side by its worth; a correction by hand stays when the loss is ticked back', () => {
    let g = newTableGame('g', 'bof', { turns: 5, scoreMax: 15 }, [newSide('Red', '', [{ name: 'Grenadier 1–3', boxes: 3, worth: 4, apart: true }]), newSide('Blue', '', [{ name: 'Panzer IV', boxes: 1, worth: 26 }])]);
    g = pressLoss(g, 0, 0, 2);
    expect([scoreOf(g, 0), scoreOf(g, 1)]).toEqual([0, 8]);
    g = setScore(g, 1, scoreOf(g, 1) + 1);
    expect(scoreOf(g, 1)).toBe(9);
    // a loss past the game's end still counts whole
    g = pressLoss(g, 1, 0, 1);
    expect(scoreOf(g, 0)).toBe(26);
    expect(scoreOf(setScore(g, 0, 30), 0)).toBe(26);
    g = pressLoss(g, 0, 0, 2);
    expect(scoreOf(g, 1)).toBe(5);
    g = pressLoss(g, 0, 0, 1);
    expect(scoreOf(g, 1)).toBe(1);
  });
});

describe('every rule set’s table part', () => {
  it.each(MODULE_IDS)('%s: its markers are in its token list, its tables on its quick-reference sheets', async (id) => {
    const part = (await pagePartsFor(id)).tableMode;
    if (!part) return;
    // muster's own listings, made once a worker (pureMuster): other files read the same
    const listed = async (what: string) => JSON.parse((await pureMuster(['list', id, what, '--format', 'json'])).stdout) as { id: string }[];
    const tokens = (await listed('tokens')).map((t) => t.id);
    // the tables as its quick-reference sheets print them, the odds tables muster works out among them
    const sheets = JSON.parse((await pureMuster(['tables', id, '--format', 'json'])).stdout) as { sheets: { blocks: { kind: string; id?: string }[] }[] };
    const tables = sheets.sheets.flatMap((s) => s.blocks.filter((b) => b.kind === 'table').map((b) => b.id));
    for (const marker of part.markers) expect(tokens, `${id} marker ${marker.token}`).toContain(marker.token);
    for (const table of part.odds) expect(tables, `${id} table ${table}`).toContain(table);
    expect(part.odds.length).toBeGreaterThan(0);
    expect(part.markers.length).toBeGreaterThan(0);
  });
});

describe.skipIf(!runBrowserTests)('the table mode in chromium', () => {
  let served: PageServer;
  usePageServer((s) => (served = s));


  proves('a phone')('on a phone: every button a finger can press (44 px), headings one level at a time (issue 52)', async () => {
    const page = await openPage(served, '#/bof/table');
    await page.setViewport({ width: 390, height: 844 });
    await page.type(await control(page, 'Name of side A'), 'Weber');
    await page.select(await control(page, 'Units of side A from'), 'file');
    await ((await page.$('#tb-fileA')) as unknown as { uploadFile(...p: string[]): Promise<void> }).uploadFile(path.join(repo, 'examples/forces/kampfgruppe-weber.yaml'));
    await press(page, '#tb-start-button');
    await page.waitForFunction(() => (window.muster.table?.saves ?? 0) > 0, { timeout: 60_000 });
    await page.waitForSelector('#tb-game details.tb-odds');
    expect((await page.$$('#tb-game button')).length).toBeGreaterThan(100);
    expect(await smallTargets(page)).toEqual([]);
    expect(await headingSkips(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'web-table-phone.png') });
    // the game it kept is taken off again: the browser's store is shared by the tests of this file
    // (the table's list, come back to from another view, shows what the browser keeps)
    await page.goto(`${served.base}#/bof/force`, { waitUntil: 'domcontentloaded' });
    await page.goto(`${served.base}#/bof/table`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => window.muster?.ready && document.querySelectorAll('#kept-game-list li').length === 1, { timeout: 60_000 });
    await press(page, '#kept-game-remove-0');
    await page.waitForFunction(() => document.querySelectorAll('#kept-game-list li').length === 0, { timeout: 60_000 });
    await page.close();
  });

  provesAgain('a phone')('on a phone: each builder and campaign panel, every button a finger can press, headings one level at a time', async () => {
    const page = await openPage(served, '');
    await page.setViewport({ width: 390, height: 844 });
    // the builders and the campaign panel of every rule set that has them, and the view of a rule set with no panel
    for (const { id, view } of MODULE_IDS.flatMap((id) => ['force', 'campaign'].map((view) => ({ id, view })))) {
      await page.goto(`${served.base}#/${id}/${view}`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
      expect(await headingSkips(page), `${id} ${view}`).toEqual([]);
      expect(await smallTargets(page), `${id} ${view}`).toEqual([]);
    }
    await page.close();
  });

  proves('at the table')('sets up a game from a force file, keeps every tick through a reload, and prints the sheet as it stands', async () => {
    const page = await openPage(served, '#/bof/table');
    expect(await page.$eval('#table', (e) => (e as HTMLElement).hidden)).toBe(false);
    expect(await page.$eval('#command', (e) => (e as HTMLElement).hidden)).toBe(true);
    await page.type(await control(page, 'Name of side A'), 'Weber');
    await page.type(await control(page, 'Name of side B'), 'Miller');
    await page.select(await control(page, 'Units of side A from'), 'file');
    await ((await page.$('#tb-fileA')) as unknown as { uploadFile(...p: string[]): Promise<void> }).uploadFile(path.join(repo, 'examples/forces/kampfgruppe-weber.yaml'));
    expect(await page.$eval('#tb-turns', (e) => (e as HTMLInputElement).value)).toBe('5');
    expect(await page.$eval('#tb-score-max-label', (e) => e.textContent)).toBe('Combat Score to win');
    await press(page, '#tb-start-button');
    await page.waitForFunction(() => (window.muster.table?.saves ?? 0) > 0, { timeout: 60_000 });
    const started = (await probe(page))!;
    expect(started.error).toBe('');
    expect(started.game!.name).toBe('Weber vs Miller');
    // the force's rows as its cards group them: 6 grenadiers alike are one row, a box each
    const units = started.game!.sides[0].units.map((u) => u.name);
    expect(units.slice(0, 4)).toEqual(['Leutnant Weber', 'Unteroffizier Haas', 'Grenadier 1–6', 'Gefreiter Brandt']);
    expect(started.game!.sides[0].units.filter((u) => u.name.startsWith('Grenadier ')).map((u) => [u.name, u.boxes])).toEqual([
      ['Grenadier 1–6', 6],
      ['Grenadier 7–12', 6],
    ]);
    expect(started.game!.sides[0].force).toBe('Kampfgruppe Weber, 81 points');
    await page.waitForSelector('#tb-game details.tb-odds');
    expect(await page.$$eval('#tb-game details.tb-odds summary', (s) => s.map((x) => x.textContent))).toEqual([
      'Attack roll odds — chance to roll the number or less on 4D6',
      'Range bands',
      'Hits on infantry and crews',
      'AP hits on AFVs',
    ]);

    // the game played: losses, markers, the turn, the Combat Score, a unit of side B added by name
    await tick(page, 'Grenadier 1–6: model 1 lost');
    await tick(page, 'Leutnant Weber: Suppressed');
    await tick(page, 'Unteroffizier Haas: Injured more');
    await tick(page, 'Unteroffizier Haas: Injured more');
    await tick(page, 'Turn 3');
    await tick(page, 'Weber: Combat Score up');
    // a tick while a unit's name is half typed: the name stays, the odds tables stay as they
    // were folded, and the box pressed keeps the focus (a keyboard or screen reader keeps its place)
    await page.type('#tb-add-1-name', 'Sher');
    await page.$eval('#tb-game details.tb-odds', (d) => ((d as HTMLDetailsElement).open = true));
    // pressed as a player presses it, the pointer on the box (which gives it the focus)
    const before = (await probe(page))!.saves;
    await page.click('#tb-game button[aria-label="Grenadier 1–6: model 2 lost"]');
    await page.waitForFunction((n) => (window.muster.table?.saves ?? 0) > n, { timeout: 60_000 }, before);
    expect(await page.$eval('#tb-add-1-name', (e) => (e as HTMLInputElement).value)).toBe('Sher');
    expect(await page.$eval('#tb-game details.tb-odds', (d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Grenadier 1–6: model 2 lost');
    await tick(page, 'Grenadier 1–6: model 2 lost');
    await page.type('#tb-add-1-name', 'man');
    const saves = (await probe(page))!.saves;
    await press(page, 'form.tb-add[data-side="1"] button[type=submit]');
    await page.waitForFunction((n) => (window.muster.table?.saves ?? 0) > n, { timeout: 60_000 }, saves);
    const played = (await probe(page))!.game!;
    expect(played.turn).toBe(3);
    // a grenadier lost is worth 3 to Miller (his card's kill worth); Weber's 1 was set by hand
    expect([scoreOf(played, 0), scoreOf(played, 1)]).toEqual([1, 3]);
    expect(played.sides[0].units[2]!.lost).toBe(1);
    expect(played.sides[0].units[0]!.marks).toEqual({ suppressed: 1 });
    expect(played.sides[0].units[1]!.marks).toEqual({ injured: 2 });
    expect(played.sides[1].units.map((u) => u.name)).toEqual(['Sherman']);
    expect(played.sides[0].units[3]!.lost).toBe(0);
    // ready for the next unit
    expect(await page.$eval('#tb-add-1-name', (e) => (e as HTMLInputElement).value)).toBe('');
    await page.setViewport({ width: 360, height: 800 });
    await page.$eval('#tb-game', (e) => e.scrollIntoView());
    await page.screenshot({ path: path.join(shots, 'web-table-phone.png') });
    await page.setViewport({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(shots, 'web-table-desktop.png') });

    // reloaded: the game is listed, and opens as it was left
    await page.reload();
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    const listed = await page.$$eval('#kept-game-list li', (lis) => lis.map((li) => [...li.querySelectorAll('span')].map((s) => s.textContent).join(' / ')));
    expect(listed).toEqual(['Weber vs Miller / Burst of Fire · turn 3 of 5']);
    await press(page, '#kept-game-open-0');
    await page.waitForFunction(() => window.muster.table?.game !== undefined, { timeout: 60_000 });
    expect((await probe(page))!.game).toEqual(played);
    await page.waitForSelector('#tb-game button[aria-label="Grenadier 1–6: model 1 lost"][aria-pressed="true"]');

    // printed as it stands: the game alone, with the rule set and version, every odds table open
    await page.emulateMediaType('print');
    const pdf = path.join(mkdtempSync(path.join(tmpdir(), 'muster-table-print-')), 'sheet.pdf');
    writeFileSync(pdf, await page.pdf({ format: 'A4' }));
    await page.emulateMediaType('screen');
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('Weber vs Miller');
    expect(text).toMatch(/Burst of Fire · core rules \(web text, undated\) · muster \d+\.\d+\.\d+/);
    expect(text).toContain('Sherman');
    expect(text).toContain('Hits on infantry and crews');
    expect(text).toContain('33%');
    expect(text).not.toContain('Download PDF');
    expect(text).not.toContain('Set up another game');
    execFileSync('pdftoppm', ['-r', '50', '-png', '-f', '1', '-l', '1', pdf, path.join(shots, 'web-table-print')]);

    // removed from the list: gone from the browser
    await press(page, '#kept-game-remove-0');
    await page.waitForFunction(() => document.querySelectorAll('#kept-game-list li').length === 0, { timeout: 60_000 });
    await page.close();
  });
});
