// The table mode set up from a packet, in chromium on a 390 px phone (issue 52, point 2): a
// packet made on the page (solo where the rule set has solo rules) opens at the table with both
// forces, its turns and objectives, nothing typed; a loss moves the other side's score by its
// worth and back; a 44-model platoon's rows are its cards, a box a model, within two screens;
// every control a finger can press; the sheet printed as it stands.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { MANIFESTS } from '../../src/systems/registry.js';
import { control, openPage, press, produce, runBrowserTests, settled, shots, usePageServer, type PageServer, tableOf as probe, tickTable as tick, useFileTab } from '../helpers/page.js';
import { smallTargets } from '../helpers/phone-checks.js';
import { sampled } from '../helpers/sample.js';
import { provesAgain } from '../helpers/page-kinds.js';

const PHONE = { width: 390, height: 844 };

/** A Burst of Fire platoon of 44 models: an officer, a squad leader, 40 riflemen and 2 machine gunners. */
const PLATOON = `name: Zug Krause
nation: de
doctrine: de-infantry
detachment: de-grenadier-platoon
points: 200
units:
  - unit: de-officer
  - unit: de-squad-leader
  - unit: de-rifleman
    count: 40
  - unit: de-mg-gunner
    count: 2
`;

describe.skipIf(!runBrowserTests)('the table mode from a packet, on a phone', () => {
  let served: PageServer;
  usePageServer((s) => (served = s));

  // One tab for the file's tests, led from link to link (the platoon's has one of its own): each
  // test's games are removed at its end
  let page: Page;
  useFileTab(
    async () => {
      const tab = await openPage(served, '');
      await tab.setViewport(PHONE);
      return tab;
    },
    (opened) => (page = opened),
  );
  /** Follows a link in the file's tab, as a player's link opens the page there. */
  async function follow(hash: string): Promise<void> {
    await page.goto(`${served.base}${hash}`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await settled(page);
  }

  /** Waits for a game set up (kept once) and drawn. */
  async function started(page: Page, saves = 0) {
    await page.waitForFunction((n) => (window.muster.table?.saves ?? 0) > n || (document.getElementById('tb-messages')?.className ?? '').includes('failed'), { timeout: 120_000 }, saves);
    expect(await page.$eval('#tb-messages', (e) => (e.className.includes('failed') ? e.textContent : ''))).toBe('');
    await page.waitForSelector('#tb-game .tb-side');
    return (await probe(page))!.game!;
  }
  /** Removes the games this test kept: the browser's store is shared by the tests of this file. */
  async function removeKept(page: Page): Promise<void> {
    while ((await page.$$('#kept-game-list li')).length > 0) {
      const n = (await page.$$('#kept-game-list li')).length;
      await press(page, '#kept-game-remove-0');
      await page.waitForFunction((m) => document.querySelectorAll('#kept-game-list li').length < m, { timeout: 60_000 }, n);
    }
  }

  provesAgain('at the table')('opens a packet made on the page at the table: both forces, its turns and objectives, nothing typed (a rule set of each mode; every one under MUSTER_DEEP=1)', async () => {
    // every rule set that rolls packets (test/web/table-packet.test.ts holds each table part to reading them), solo where it has solo rules;
    // the page's way from a packet to the table is one: by default a rule set of each mode, all under MUSTER_DEEP=1
    for (const manifest of sampled(MANIFESTS.filter((m) => m.scenario), (m) => [m.scenario!.modes.includes('solo') ? 'solo' : 'versus'])) {
      const id = manifest.id;
      const solo = manifest.scenario!.modes.includes('solo');
      await page.goto(`${served.base}#/${id}/scenario?${solo ? 'mode=solo&' : ''}seed=table-phone`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
      const made = await produce(page, 'Preview');
      expect(made.code, made.stderr).toBe(0);
      // beside the result: play this very packet
      await page.waitForSelector('#to-table:not([hidden])');
      const saves = (await probe(page))?.saves ?? 0;
      await press(page, '#to-table-button');
      const game = await started(page, saves);
      expect(await page.evaluate(() => location.hash)).toBe(`#/${id}/table`);
      expect(game.packet?.command).toBe(`muster scenario ${id}${solo ? ' --mode solo' : ''} --seed table-phone`);
      expect(game.packet?.objectives.length).toBeGreaterThan(0);
      // both sides' units as the packet rolled them (Burst of Fire solo: your listed core, and the enemy)
      for (const side of game.sides) expect(side.units.length, `${id} ${side.name}`).toBeGreaterThan(0);
      expect(await page.$eval('#tb-game', (e) => e.textContent)).toContain('From the packet:');
      expect(await smallTargets(page), id).toEqual([]);
      await page.$eval('#tb-game', (e) => e.scrollIntoView());
      await page.screenshot({ path: path.join(shots, `web-table-packet-${id}.png`) });
    }
    await page.goto(`${served.base}#/bof/table`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await removeKept(page);
  });

  provesAgain('at the table')('scores a loss by its worth for the other side, takes it back when the loss is ticked back, and keeps a correction', async () => {
    await follow('#/bof/scenario?mode=solo&seed=table-score');
    expect((await produce(page, 'Preview')).code).toBe(0);
    const link = page.url();
    // the table mode's start form offers the packet just made, and sets up from it unless told otherwise
    await page.select('#product', 'table');
    await page.waitForSelector('#tb-start:not([hidden]) #tb-from-box:not([hidden])');
    expect(await page.$eval('#tb-from', (e) => [(e as HTMLSelectElement).value, [...(e as HTMLSelectElement).options].map((o) => o.textContent)])).toEqual(['last', ['the forces chosen here', 'the last packet made on this page', "a packet's link or seed"]]);
    expect(await page.$eval('#tb-forces-row', (e) => (e as HTMLElement).hidden)).toBe(true);
    expect(await smallTargets(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'web-table-start-phone.png') });
    // the packet's address, pasted into the start form: the same game
    await page.select(await control(page, 'Set the game up from'), 'link');
    await page.type(await control(page, "The packet's link or seed"), link);
    const saves = (await probe(page))?.saves ?? 0;
    await press(page, '#tb-start-button');
    const game = await started(page, saves);
    expect(game.packet?.command).toBe('muster scenario bof --mode solo --seed table-score');
    expect(game.sides.map((s) => s.name)).toEqual(['You', 'The enemy']);
    const enemy = game.sides[1].units;
    // every enemy card worth what it prints, its ranking officer 10 (§ Combat Score)
    expect(enemy.every((u) => (u.worth ?? 0) > 0)).toBe(true);
    const officer = enemy.find((u) => u.worth === 10)!;
    const other = enemy.find((u) => u.worth !== 10)!;
    const box = (u: typeof officer) => `${u.name}: model ${u.captions?.[0] ?? 1} lost`;
    const score = () => page.$eval('#tb-score-0', (e) => Number(e.textContent));
    expect(await score()).toBe(0);
    await tick(page, box(officer));
    expect(await score()).toBe(10);
    await tick(page, box(other));
    expect(await score()).toBe(10 + other.worth!);
    await tick(page, 'You: Combat Score up');
    expect(await score()).toBe(11 + other.worth!);
    // a loss ticked back: its worth off again, the correction stays
    await tick(page, box(officer));
    expect(await score()).toBe(1 + other.worth!);
    expect(await page.$eval('#tb-score-1', (e) => Number(e.textContent))).toBe(0);
    await removeKept(page);
  });

  provesAgain('a phone')('lists a 44-model platoon a row a card, a box a model, within two screens of a phone', async () => {
    // a tab of its own: the file's tab shows the game the test before removed
    const page = await openPage(served, '#/bof/table');
    await page.setViewport(PHONE);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'muster-table-platoon-')), 'zug-krause.yaml');
    writeFileSync(file, PLATOON);
    await page.type(await control(page, 'Name of side A'), 'Krause');
    await page.select(await control(page, 'Units of side A from'), 'file');
    await ((await page.$('#tb-fileA')) as unknown as { uploadFile(...p: string[]): Promise<void> }).uploadFile(file);
    const saves = (await probe(page))?.saves ?? 0;
    await press(page, '#tb-start-button');
    const game = await started(page, saves);
    const rows = game.sides[0].units;
    expect(rows.map((u) => [u.name, u.boxes])).toEqual([
      ['Leutnant', 1],
      ['Unteroffizier', 1],
      ['Grenadier 1–10', 10],
      ['Grenadier 11–20', 10],
      ['Grenadier 21–30', 10],
      ['Grenadier 31–40', 10],
      ['MG-Schütze 1–2', 2],
    ]);
    expect(rows.reduce((n, u) => n + u.boxes, 0)).toBe(44);
    const height = await page.$eval('#tb-game .tb-side ul.tb-units', (e) => e.getBoundingClientRect().height);
    expect(height).toBeLessThan(2 * PHONE.height);
    expect(await smallTargets(page)).toEqual([]);
    // a card's markers count its models that carry them, unfolded where the player opens them
    await press(page, '#tb-game details.tb-marks-fold summary');
    await tick(page, 'Grenadier 1–10: Suppressed more');
    await tick(page, 'Grenadier 1–10: Suppressed more');
    expect((await probe(page))!.game!.sides[0].units[2]!.marks).toEqual({ suppressed: 2 });
    expect(await page.$eval('#tb-game details.tb-marks-fold', (d) => [(d as HTMLDetailsElement).open, d.querySelector('summary')?.textContent])).toEqual([true, 'Markers: 2 Suppressed']);
    expect(await smallTargets(page)).toEqual([]);
    await tick(page, 'Grenadier 1–10: model 3 lost');
    await page.$eval('#tb-game', (e) => e.scrollIntoView());
    await page.screenshot({ path: path.join(shots, 'web-table-platoon-phone.png') });
    await page.screenshot({ path: path.join(shots, 'web-table-platoon-phone-full.png'), fullPage: true });

    // printed as it stands: one clean sheet of the game, the markers set and the losses ticked
    await page.emulateMediaType('print');
    const pdf = path.join(mkdtempSync(path.join(tmpdir(), 'muster-table-print-')), 'sheet.pdf');
    writeFileSync(pdf, await page.pdf({ format: 'A4' }));
    await page.emulateMediaType('screen');
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('Grenadier 1–10');
    expect(text).toMatch(/Suppressed\s+2/);
    expect(text).not.toContain('Shocked');
    expect(text).not.toContain('Markers:');
    execFileSync('pdftoppm', ['-r', '60', '-png', pdf, path.join(shots, 'web-table-platoon-print')]);
    await removeKept(page);
    await page.close();
  });
});
