// Nothing lost in the browser (issue 55): the one rule every shelf saves by (a save made from
// an older copy than the one kept is refused, never laid over it), two tabs' ticks put
// together, and in chromium the page with a full store, two tabs on one kept campaign and
// one game, no IndexedDB at all, and a newer build's database with an older tab open.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'puppeteer-core';
import { allowDownloads, answering, button, campaignAfter, campaignStep, control, press, runBrowserTests, settled, shots, usePageServer, type PageServer } from '../helpers/page.js';
import type { CampaignProbe } from '../../src/web/campaign-page.js';
import { decideSave, memoryShelf, MovedOnError, type KeptForce } from '../../src/web/browser-shelf.js';
import { mergeThreeWay } from '../../src/web/three-way-merge.js';
import { newSide, newTableGame, pressLoss, setMark, setTurn } from '../../src/web/table-game.js';
import { proves, provesAgain } from '../helpers/page-kinds.js';

const force = (yaml: string, revision?: number): KeptForce => ({ name: 'Weber', system: 'bof', yaml, revision });

describe('the rule every shelf saves by', () => {
  it('keeps a save made from the copy kept now, and refuses one made from an older copy', () => {
    expect(decideSave(undefined, force('a'), 'if-unchanged')).toEqual({ keep: force('a', 1) });
    expect(decideSave(force('a', 1), force('b', 1), 'if-unchanged')).toEqual({ keep: force('b', 2) });
    // another tab saved revision 2 after this copy (revision 1) was read
    expect(decideSave(force('c', 2), force('b', 1), 'if-unchanged')).toEqual({ movedOn: force('c', 2) });
    // a new item where one of its name is kept already: refused, never laid over it
    expect(decideSave(force('c', 2), force('b'), 'if-unchanged')).toEqual({ movedOn: force('c', 2) });
    // replacing on purpose goes over whatever is kept
    expect(decideSave(force('c', 2), force('b'), 'replace')).toEqual({ keep: force('b', 3) });
    // an item removed meanwhile is kept again: nothing the player made is lost
    expect(decideSave(undefined, force('b', 4), 'if-unchanged')).toEqual({ keep: force('b', 5) });
  });

  it('says so on a shelf in memory, which keeps nothing past the tab', async () => {
    const shelf = memoryShelf<KeptForce>();
    expect(shelf.keeps).toBe(false);
    const first = await shelf.put(force('a'));
    const tabOne = await shelf.put({ ...first, yaml: 'one' });
    expect(tabOne.revision).toBe(2);
    const refused = await shelf.put({ ...first, yaml: 'two' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MovedOnError);
    expect((refused as MovedOnError<KeptForce>).stored).toEqual(tabOne);
    expect((refused as Error).message).toBe('another tab kept a newer “Weber” first');
    expect(await shelf.get('bof', 'Weber')).toEqual(tabOne);
  });
});

describe('two tabs’ ticks put together', () => {
  const start = () => newTableGame('Red vs Blue', 'bof', { turns: 5, scoreMax: 50 }, [newSide('Red', 'f', [{ name: 'A', boxes: 3 }, { name: 'B', boxes: 1 }]), newSide('Blue', 'g', [{ name: 'C', boxes: 2 }])]);

  it('keeps what each tab pressed: three losses there, one here, a marker and the turn', () => {
    const base = start();
    const theirs = pressLoss(setTurn(base, 2), 0, 0, 3);
    const mine = setMark(pressLoss(base, 1, 0, 1), 0, 1, 'suppressed', 1, false);
    const merged = mergeThreeWay(base, mine, theirs);
    expect(merged.sides[0].units[0]!.lost).toBe(3);
    expect(merged.sides[1].units[0]!.lost).toBe(1);
    expect(merged.sides[0].units[1]!.marks).toEqual({ suppressed: 1 });
    expect(merged.turn).toBe(2);
  });

  it('keeps the units each tab added, theirs then mine, and this tab’s press where both pressed one box', () => {
    const base = start();
    const add = (g: typeof base, name: string) => ({ ...g, sides: [g.sides[0], { ...g.sides[1], units: [...g.sides[1].units, ...newSide('', '', [{ name, boxes: 1 }]).units] }] as typeof g.sides });
    const theirs = pressLoss(add(base, 'Sherman'), 0, 0, 1);
    const mine = pressLoss(add(add(base, 'Stuart'), 'Jeep'), 0, 0, 2);
    const merged = mergeThreeWay(base, mine, theirs);
    expect(merged.sides[1].units.map((u) => u.name)).toEqual(['C', 'Sherman', 'Stuart', 'Jeep']);
    expect(merged.sides[0].units[0]!.lost).toBe(2);
    // nothing changed on either side: the same game
    expect(mergeThreeWay(base, base, base)).toEqual(base);
  });
});

describe.skipIf(!runBrowserTests)('nothing lost in chromium', () => {
  let served: PageServer;
  usePageServer((s) => (served = s));

  /** A tab of the page; `before` runs in it before the page's own scripts (a browser without something). */
  async function tab(hash: string, before?: () => void, context: Pick<PageServer['browser'], 'newPage'> = served.browser): Promise<Page> {
    const page = answering(await context.newPage());
    await page.setViewport({ width: 1280, height: 900 });
    page.on('pageerror', (error) => {
      throw error;
    });
    if (before) await page.evaluateOnNewDocument(before);
    await page.goto(`${served.base}${hash}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await settled(page);
    return page;
  }

  async function startCampaign(page: Page, a: string, b: string): Promise<CampaignProbe> {
    await page.type(await control(page, "Side A's name"), a);
    await page.type(await control(page, "Side B's name"), b);
    await page.type(await control(page, 'Campaign seed'), 'kept');
    return campaignStep(page, 'Start a new campaign');
  }

  async function recordGame(page: Page, winner: 'a' | 'b', scores: [string, string]): Promise<CampaignProbe> {
    // the tab a player is using is the one in front: chromium holds back a tab behind others
    await page.bringToFront();
    await page.select(await control(page, 'Winner'), winner);
    await page.select(await control(page, 'Victory'), 'decisive');
    await page.type(await control(page, 'Combat Score, side A'), scores[0]);
    await page.type(await control(page, 'Combat Score, side B'), scores[1]);
    return campaignStep(page, 'Record the game');
  }

  /** Opens the kept campaign of this name from the first screen's list. */
  async function openKept(page: Page, name: string, list = 'kept-campaign-list'): Promise<void> {
    const index = await page.$$eval(`#${list} li`, (items, wanted) => items.findIndex((li) => li.querySelector('.kept-name')?.textContent === wanted), name);
    expect(index, `${name} is listed`).toBeGreaterThanOrEqual(0);
    await campaignAfter(page, () => press(page, `#${list} li:nth-child(${index + 1}) button:first-of-type`));
  }

  const words = (page: Page, id: string) => page.$eval(`#${id}`, (e) => e.textContent ?? '');
  const shown = (page: Page, id: string) => page.$eval(`#${id}`, (e) => !(e as HTMLElement).hidden);

  proves('a store that cannot keep')('says at once that a full store did not keep a recorded game, offers the file, and keeps it once there is room', async () => {
    // a profile of its own, whose store has not been written yet: chromium takes a quota set before the first write
    const context = await served.browser.createBrowserContext();
    const page = await tab('#/bof/campaign', undefined, context);
    const cdp = await page.createCDPSession();
    const origin = new URL(served.base).origin;
    // the browser's storage for the page at its quota
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1 });
    const started = await startCampaign(page, 'Full', 'Store');
    expect(started.code).toBe(0);
    expect(started.status).toMatch(/game 1 of at most/);
    // never said kept: the campaign on screen, the download offered as its only copy
    expect(started.kept).toBe('');
    expect(await words(page, 'cp-keep-title')).toBe('Not kept in this browser: download bof-campaign.json now.');
    expect(await words(page, 'cp-keep-words')).toContain("This browser did not keep the last change: this browser's storage for the page is full");
    expect(await shown(page, 'cp-download')).toBe(true);
    expect(await shown(page, 'cp-keep-again')).toBe(true);
    const recorded = await recordGame(page, 'a', ['30', '12']);
    expect(recorded.code).toBe(0);
    expect(recorded.kept).toBe('');
    await page.$eval('#cp-keep', (e) => e.scrollIntoView());
    await page.screenshot({ path: path.join(shots, 'web-store-full.png') });
    // another tab sees what the browser really kept: nothing
    const other = await tab('#/bof/campaign', undefined, context);
    expect(await other.$$eval('#kept-campaign-list li', (items) => items.length)).toBe(0);
    await other.close();

    // room again: kept with both its states, and a reload finds them
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
    await page.bringToFront();
    const again = await campaignStep(page, 'Keep it in this browser again');
    expect(again.kept).toBe('Full vs Store');
    expect(again.versions).toBe(2);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await openKept(page, 'Full vs Store');
    const reopened = (await page.evaluate(() => window.muster.campaign))!;
    expect(reopened.versions).toBe(2);
    expect(reopened.state).toBe(recorded.state);
    await context.close();
  }, 180_000);

  proves('two tabs')('refuses a second tab’s save made on an older copy, shows it the first tab’s game and offers its own; a tab told follows', async () => {
    const first = await tab('#/bof/campaign');
    await startCampaign(first, 'Two', 'Tabs');
    // a tab that is never told of the other's saves (a browser without BroadcastChannel, or told too late)
    const second = await tab('#/bof/campaign', () => {
      delete (window as { BroadcastChannel?: unknown }).BroadcastChannel;
    });
    await openKept(second, 'Two vs Tabs');
    const told = await tab('#/bof/campaign');
    await openKept(told, 'Two vs Tabs');

    const firstGame = await recordGame(first, 'a', ['30', '12']);
    expect(firstGame.kept).toBe('Two vs Tabs');
    // the tab told shows the first tab's game without a press
    await told.waitForFunction((state) => window.muster.campaign?.state === state, { timeout: 60_000 }, firstGame.state);
    expect(await words(told, 'cp-messages')).toBe('“Two vs Tabs” was changed in another tab (recorded game 1 (Two won)): shown here as it stands now.');

    const secondGame = await recordGame(second, 'b', ['5', '40']);
    // refused: the first tab's game stands, shown here, and this tab's change is offered as a file
    expect(secondGame.state).toBe(firstGame.state);
    expect(secondGame.kept).toBe('Two vs Tabs');
    expect(secondGame.versions).toBe(2);
    expect(await words(second, 'cp-messages')).toBe(
      'Another tab changed “Two vs Tabs” first (recorded game 1 (Two won)), so this tab\'s change (recorded game 1 (Tabs won)) was not kept. The campaign is shown as the other tab left it: make your change again, or download this tab\'s version.',
    );
    expect(await shown(second, 'cp-not-kept-box')).toBe(true);
    const downloads = await allowDownloads(second);
    await button(second, "Download this tab's change that was not kept");
    for (let i = 0; i < 100 && !readdirSync(downloads).includes('bof-campaign-not-kept.json'); i++) await new Promise((r) => setTimeout(r, 100));
    const notKept = JSON.parse(readFileSync(path.join(downloads, 'bof-campaign-not-kept.json'), 'utf8')) as { games?: unknown[] };
    expect(JSON.stringify(notKept)).toContain('"b"');

    // the stored campaign is the first tab's: a fresh tab finds its game
    const fresh = await tab('#/bof/campaign');
    await openKept(fresh, 'Two vs Tabs');
    expect((await fresh.evaluate(() => window.muster.campaign))!.state).toBe(firstGame.state);
    for (const page of [first, second, told, fresh]) await page.close();
  }, 180_000);

  provesAgain('two tabs')('keeps both tabs’ ticks of one game at the table: three losses there, one here', async () => {
    const first = await tab('#/bof/table');
    await first.type(await control(first, 'Name of side A'), 'North');
    await first.type(await control(first, 'Name of side B'), 'South');
    await press(first, '#tb-start-button');
    await first.waitForFunction(() => (window.muster.table?.saves ?? 0) > 0, { timeout: 60_000 });
    await first.waitForSelector('#tb-add-1-name');
    for (const [side, name] of [[0, 'Tiger'], [1, 'Sherman']] as const) {
      await first.type(`#tb-add-${side}-name`, name);
      await first.$eval(`#tb-add-${side}-boxes`, (e) => ((e as HTMLInputElement).value = '3'));
      const saves = (await first.evaluate(() => window.muster.table!.saves));
      // (once, under a whole suite's load, this unit's save never came: what the form then held says why, if again)
      expect(await first.$eval(`#tb-add-${side}-name`, (e) => (e as HTMLInputElement).value)).toBe(name);
      await press(first, `form.tb-add[data-side="${side}"] button[type=submit]`);
      await first.waitForFunction((n) => window.muster.table!.saves > n, { timeout: 60_000 }, saves);
    }
    const second = await tab('#/bof/table', () => {
      delete (window as { BroadcastChannel?: unknown }).BroadcastChannel;
    });
    const index = await second.$$eval('#kept-game-list li', (items) => items.findIndex((li) => li.querySelector('.kept-name')?.textContent === 'North vs South'));
    await press(second, `#kept-game-list li:nth-child(${index + 1}) button:first-of-type`);
    await first.bringToFront();
    await second.waitForFunction(() => window.muster.table?.game?.name === 'North vs South', { timeout: 60_000 });

    const tick = async (page: Page, label: string) => {
      await page.bringToFront();
      const saves = await page.evaluate(() => window.muster.table!.saves);
      await press(page, `#tb-game button[aria-label="${label}"]`);
      await page.waitForFunction((n) => window.muster.table!.saves > n, { timeout: 60_000 }, saves);
    };
    await tick(first, 'Tiger: model 3 lost');
    await tick(second, 'Sherman: model 1 lost');
    const losses = (game: { sides: { units: { lost: number }[] }[] }) => game.sides.map((s) => s.units[0]!.lost);
    expect(losses((await second.evaluate(() => window.muster.table!.game))!)).toEqual([3, 1]);
    expect((await second.evaluate(() => window.muster.table!.error))).toBe('');
    // what the browser keeps, read from its database (the same for every tab of the profile): both
    const kept = await second.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          const open = indexedDB.open('muster');
          open.onsuccess = () => {
            const read = open.result.transaction('games').objectStore('games').getAll();
            read.onsuccess = () => resolve(read.result);
          };
        }),
    );
    const game = (kept as { name: string; sides: { units: { lost: number }[] }[] }[]).find((g) => g.name === 'North vs South')!;
    expect(losses(game)).toEqual([3, 1]);
    // the first tab (never told: the second has no BroadcastChannel to tell it by) takes the second's tick with its next
    await tick(first, 'Turn 2');
    const after = (await first.evaluate(() => window.muster.table!.game))!;
    expect([losses(after), after.turn]).toEqual([[3, 1], 2]);
    for (const page of [first, second]) await page.close();
  }, 180_000);

  provesAgain('a store that cannot keep')('says plainly that a browser without IndexedDB keeps nothing, and asks before leaving with a campaign not downloaded', async () => {
    const page = await tab('#/bof/campaign', () => {
      Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
    });
    expect(await page.evaluate(() => window.muster.store)).toBe('nothing');
    expect(await shown(page, 'store-notice')).toBe(true);
    expect(await words(page, 'store-notice-words')).toMatch(/^This browser keeps nothing for this page/);
    const started = await startCampaign(page, 'No', 'Store');
    expect(started.code).toBe(0);
    expect(started.kept).toBe('');
    expect(await words(page, 'cp-keep-words')).toBe('This browser keeps nothing for this page: the file you download is the only copy, and the page forgets the campaign when closed or reloaded.');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, 'web-store-nothing.png') });
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    void page.reload().catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    await page.close({ runBeforeUnload: false });
  });

  // in the same chromium as the tests above, in a profile of its own
  describe('a newer build’s database with an older tab open', () => {
    provesAgain('two tabs')('loads the newer page at once where the older tab lets go, says what it waits for where one does not, and tells the older tab to reload', async () => {
      // a profile of its own (a browser context: its own database, without another chromium)
      const context = await served.browser.createBrowserContext();
      onTestFinished(() => context.close());
      const older = answering(await context.newPage());
      await older.goto(`${served.base}#/bof/force`, { waitUntil: 'domcontentloaded' });
      await older.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
      // an older muster of before issue 55 as well: a connection that ignores a newer version's request
      await older.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const open = indexedDB.open('muster');
            open.onsuccess = () => {
              (window as unknown as { held: IDBDatabase }).held = open.result;
              resolve();
            };
          }),
      );
      const newer = answering(await context.newPage());
      // the newer build: the same page asking for the next version of the database
      await newer.evaluateOnNewDocument(() => {
        const open = IDBFactory.prototype.open;
        IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
          return open.call(this, name, name === 'muster' && version !== undefined ? version + 1 : version);
        };
      });
      await newer.goto(`${served.base}#/bof/force`, { waitUntil: 'domcontentloaded' });
      // ready, not held at its loading bar: it says what it waits for
      await newer.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
      expect(await newer.evaluate(() => window.muster.store)).toBe('waiting');
      expect(await newer.$eval('#store-notice-words', (e) => e.textContent)).toMatch(/^Waiting for muster open in another tab/);
      // the older page let go at once and says this tab must be reloaded
      await older.waitForFunction(() => window.muster.store === 'superseded', { timeout: 60_000 });
      expect(await older.$eval('#store-reload', (e) => !(e as HTMLElement).hidden)).toBe(true);
      await older.screenshot({ path: path.join(shots, 'web-store-superseded.png') });
      // the last holder lets go: the newer page has the store
      await older.evaluate(() => (window as unknown as { held: IDBDatabase }).held.close());
      await newer.waitForFunction(() => window.muster.store === 'kept', { timeout: 60_000 });
      expect(await newer.$eval('#store-notice', (e) => (e as HTMLElement).hidden)).toBe(true);
      // and the older one refuses to keep a force, saying why
      await older.type('#fb-keep-name', 'Late');
      await press(older, '#fb-keep');
      await older.waitForFunction(() => document.getElementById('fb-keep-said')?.textContent !== '', { timeout: 60_000 });
      expect(await older.$eval('#fb-keep-said', (e) => e.textContent)).toBe(
        'This browser did not keep it: a newer muster opened in another tab has taken over what this browser keeps: reload this page. Download the force file instead.',
      );
      await older.close();
      await newer.close();
    });
  });
});
