// Nothing typed is lost (issue 52, point 1), in chromium on a 390 px phone: for each rule set a
// half-built force (its name, its nation or army, a unit) survives a reload and a restart of
// the browser (a new browser on the same profile), the page's address opens it in a fresh
// profile, and a force file loaded survives a reload. The address wins over the draft, and
// the draft it replaced is offered back; two tabs on one builder never lose either's typing.
// The draft's rules in Node: force-draft.test.ts.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { forceFromLinkValue, forceInHash } from '../../src/web/force-link.js';
import { answering, launchChromium, press, repo, runBrowserTests, settled, shots, usePageServer, type PageServer } from '../helpers/page.js';
import { proves, provesAgain } from '../helpers/page-kinds.js';

interface HalfBuilt {
  /** the control of the force's name, and a unit's row that must be there again */
  name: string;
  unit: string;
  /** the half-built force, by the builder's own controls */
  build(page: Page): Promise<void>;
  /** a force file to load */
  file: string;
}

/** Waits for an option of a select to be there (the pick-lists come from the command line). */
async function option(page: Page, select: string, value: string): Promise<void> {
  await page.waitForFunction((s, v) => [...document.querySelectorAll(`${s} option`)].some((o) => (o as HTMLOptionElement).value === v), { timeout: 60_000 }, select, value);
}

async function choose(page: Page, select: string, value: string): Promise<void> {
  await option(page, select, value);
  await page.select(select, value);
}

const HALF_BUILT: Record<string, HalfBuilt> = {
  bof: {
    name: '#fb-name',
    unit: '#fb-unit-3',
    async build(page) {
      await option(page, '#fb-nation', 'de');
      await page.type('#fb-name', 'Zug Entwurf');
      await choose(page, '#fb-nation', 'de');
      await choose(page, '#fb-doctrine', 'de-armor');
      // the detachment's core units come with it: rows 0 to 2; the unit added is the fourth
      await page.waitForSelector('#fb-unit-2', { timeout: 60_000 });
      await press(page, '#fb-add');
      await choose(page, '#fb-unit-3', 'de-sdkfz-251');
    },
    file: 'examples/forces/kampfgruppe-weber.yaml',
  },
  fireteam: {
    name: '#ft-name',
    unit: '#ft-pick-0',
    async build(page) {
      await option(page, '#ft-list', 'fallschirmjager');
      await page.type('#ft-name', 'Zug Entwurf');
      await choose(page, '#ft-list', 'fallschirmjager');
      await press(page, '#ft-add-pick');
      await choose(page, '#ft-pick-0', 'medium-tank');
    },
    file: 'examples/forces/fireteam-finns.yaml',
  },
  blazeaway: {
    name: '#ba-name',
    unit: '#ba-kind-0',
    async build(page) {
      await option(page, '#ba-rating', 'Confident');
      await page.type('#ba-name', '3. Kompanie (Entwurf)');
      await page.type('#ba-nation', 'Germany');
      await press(page, '#ba-add');
      await page.waitForSelector('#ba-kind-0', { timeout: 60_000 });
      await page.select('#ba-kind-0', 'armour');
    },
    file: 'examples/blazeaway/german-grenadier-company.yaml',
  },
  openfire: {
    name: '#of-name',
    unit: '#of-unit-0',
    async build(page) {
      await option(page, '#of-nation', 'us');
      await page.type('#of-name', 'Baker draft');
      await choose(page, '#of-nation', 'us');
      await press(page, '#of-add');
      await choose(page, '#of-unit-0', 'us-rifle-squad');
    },
    file: 'examples/openfire/us-rifle-platoon.yaml',
  },
};

/** The page on a 390 by 844 phone, in a browser or one of its profiles, once it is ready. */
async function phone(where: Pick<Browser, 'newPage'> | BrowserContext, url: string): Promise<Page> {
  const page = answering(await where.newPage());
  await page.setViewport({ width: 390, height: 844 });
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
  await settled(page);
  return page;
}

/** The builder's force once it is checked: the force file it writes. */
async function checked(page: Page): Promise<string> {
  await page.waitForFunction(() => window.musterForce?.settled === true && window.musterForce.code !== undefined, { timeout: 60_000 });
  return page.evaluate(() => window.musterForce!.yaml);
}

/** The force as typed, once the browser keeps it as the draft. */
async function draftKept(page: Page): Promise<string> {
  const yaml = await checked(page);
  await page.waitForFunction((y) => window.musterForce?.draft === 'kept' && window.musterForce.draftYaml === y, { timeout: 60_000 }, yaml);
  return yaml;
}

/** Waits for the page's address to carry this force (it follows the force a moment after the keys). */
async function addressCarries(page: Page, yaml: string): Promise<string> {
  for (let tries = 0; ; tries++) {
    const href = await page.evaluate(() => location.href);
    const value = forceInHash(new URL(href).hash);
    const found = value === undefined ? undefined : forceFromLinkValue(value);
    if (found && 'yaml' in found && found.yaml === yaml) return href;
    if (tries > 300) throw new Error(`the address does not carry the force: ${href.slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The force as typed, kept as the draft and carried by the address. */
async function keptAsTyped(page: Page): Promise<string> {
  const yaml = await draftKept(page);
  await addressCarries(page, yaml);
  return yaml;
}

async function reloaded(page: Page): Promise<void> {
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
  await settled(page);
}

const value = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLInputElement).value);
const notes = (page: Page) => page.$$eval('#fb-notes li', (lis) => lis.map((li) => li.textContent));

describe.skipIf(!runBrowserTests)('a force being built, in chromium on a phone', () => {
  let served: PageServer;
  usePageServer((s) => (served = s));

  // the draft's code is the page's, each builder's controls its own: the first builder in every
  // run (bof's, the two tabs below take Open Fire's), every rule set's under MUSTER_DEEP=1
  const [firstBuilder] = Object.keys(HALF_BUILT);
  for (const [system, half] of Object.entries(HALF_BUILT)) {
    const survivesAReload = system === firstBuilder ? proves('kept through a reload') : provesAgain('kept through a reload');
    survivesAReload(`${system}: a half-built force survives a reload and a browser restart, its address opens it in a fresh profile, and a loaded force file survives a reload`, async () => {
      const profile = mkdtempSync(path.join(tmpdir(), `muster-draft-${system}-`));
      const first = await launchChromium({ profile });
      let second: Browser | undefined;
      const fresh = await served.browser.createBrowserContext();
      try {
        const page = await phone(first, `${served.base}#/${system}/force`);
        const history = await page.evaluate(() => window.history.length);
        await half.build(page);
        await draftKept(page);
        // one key more, and reloaded as soon as the draft has it: the address is likely a key
        // behind (it follows a moment later), and the reload must bring back every key
        await page.type(half.name, '!');
        await page.waitForFunction(() => window.musterForce?.draft === 'kept' && window.musterForce.draftYaml === window.musterForce.yaml, { timeout: 60_000 });
        const built = await page.evaluate(() => window.musterForce!.yaml);
        const typedName = await value(page, half.name);
        expect(typedName.endsWith('!')).toBe(true);
        const unit = await value(page, half.unit);
        await reloaded(page);
        expect(await checked(page)).toBe(built);
        expect([await value(page, half.name), await value(page, half.unit)]).toEqual([typedName, unit]);
        await page.screenshot({ path: path.join(shots, `web-draft-${system}-reloaded.png`) });
        // the address follows the force as "Make a link" packs it, rewritten in place: no history to go back through
        const address = await addressCarries(page, built);
        expect(address.startsWith(`${served.base}#/${system}/force?force=`)).toBe(true);
        expect(await page.evaluate(() => window.history.length)).toBe(history);
        await first.close();

        // the browser closed and started again on the same profile, the page opened afresh: the draft alone brings it back
        second = await launchChromium({ profile });
        const again = await phone(second, `${served.base}#/${system}/force`);
        expect(await checked(again)).toBe(built);
        expect([await value(again, half.name), await value(again, half.unit)]).toEqual([typedName, unit]);
        expect(await notes(again)).toContain('Loaded the force you were building here, as you left it.');
        // a draft is no kept force: nothing is listed under "Kept in this browser"
        expect(await again.$$eval('#kept-list li', (lis) => lis.length)).toBe(0);

        // a fresh profile, nothing kept in it: the address alone
        const other = await phone(fresh, address);
        expect(await checked(other)).toBe(built);
        expect(await value(other, half.name)).toBe(typedName);
        expect(await notes(other)).toEqual(['Loaded the force in the link.']);

        // a force file loaded survives a reload
        await ((await again.$('#fb-load')) as unknown as { uploadFile(f: string): Promise<void> }).uploadFile(path.join(repo, half.file));
        await again.waitForFunction((file) => document.querySelector('#fb-notes')!.textContent!.startsWith(`Loaded ${file}.`), { timeout: 60_000 }, path.basename(half.file));
        const loaded = await draftKept(again);
        expect(loaded).not.toBe(built);
        await reloaded(again);
        expect(await checked(again)).toBe(loaded);
        await addressCarries(again, loaded);

        // both a draft (the file loaded) and an address (the half-built force): the address wins, the draft is offered back
        const linked = await phone(second, address);
        expect(await checked(linked)).toBe(built);
        expect(await linked.$eval('#fb-draft', (e) => (e as HTMLElement).hidden)).toBe(false);
        expect(await linked.$eval('#fb-draft-said', (e) => e.textContent)).toMatch(/^The force in the address replaced the force you were building here \(“.+”\)\.$/);
        await press(linked, '#fb-draft-act');
        await linked.waitForFunction((y) => window.musterForce?.yaml === y, { timeout: 60_000 }, loaded);
        expect(await keptAsTyped(linked)).toBe(loaded);
        expect(await linked.$eval('#fb-draft', (e) => (e as HTMLElement).hidden)).toBe(true);
      } finally {
        await fresh.close();
        await first.close().catch(() => undefined);
        await second?.close();
      }
    }, 240_000);
  }

  provesAgain('two tabs')('two tabs building one rule set’s force: neither tab’s typing is lost, and the page says which tab keeps the draft', async () => {
    const context = await served.browser.createBrowserContext();
    try {
      const one = await phone(context, `${served.base}#/openfire/force`);
      const two = await phone(context, `${served.base}#/openfire/force`);
      await one.bringToFront();
      await one.type('#of-name', 'Typed in tab one');
      const first = await keptAsTyped(one);

      // tab two read the draft before tab one kept its own: its save is refused, and it says so
      await two.bringToFront();
      await two.type('#of-name', 'Typed in tab two');
      await two.waitForFunction(() => window.musterForce?.draft === 'moved-on', { timeout: 60_000 });
      expect(await two.$eval('#fb-draft-said', (e) => e.textContent)).toBe(
        'This force is being built in another tab too, and that tab kept its own since this one: this tab no longer keeps over it, so neither is lost. What you build here stays in this tab’s address (a reload of this tab brings it back).',
      );
      expect(await two.$eval('#fb-draft-act', (e) => e.textContent)).toBe('Keep this tab’s force instead');
      await two.screenshot({ path: path.join(shots, 'web-draft-two-tabs.png') });
      // its own force stays in its address
      await two.waitForFunction(() => location.hash.includes('?force='), { timeout: 60_000 });
      const second = await two.evaluate(() => window.musterForce!.yaml);
      expect(second).toContain('Typed in tab two');

      // the page opened afresh shows tab one's, kept first
      const three = await phone(context, `${served.base}#/openfire/force`);
      expect(await checked(three)).toBe(first);
      await three.close();

      // tab two's player chooses its force: it is the draft from then on
      await press(two, '#fb-draft-act');
      await two.waitForFunction(() => window.musterForce?.draft === 'kept', { timeout: 60_000 });
      expect(await two.$eval('#fb-draft', (e) => (e as HTMLElement).hidden)).toBe(true);
      const four = await phone(context, `${served.base}#/openfire/force`);
      expect(await checked(four)).toBe(second);
      await four.close();

      // and tab one, typing on, is now the one told
      await one.bringToFront();
      await one.type('#of-name', ', more');
      await one.waitForFunction(() => window.musterForce?.draft === 'moved-on', { timeout: 60_000 });
      expect(await one.evaluate(() => window.musterForce!.yaml)).toContain('Typed in tab one, more');
    } finally {
      await context.close();
    }
  }, 180_000);
});

// the rule sets' builders are all here: a new one is tested as soon as it has a page part
it('covers every rule set with a force builder', () => {
  const registry = readFileSync(path.join(repo, 'src/systems/page-registry.ts'), 'utf8');
  const withParts = [...registry.matchAll(/^\s+(\w+): async \(\) =>/gm)].map((m) => m[1]);
  expect(Object.keys(HALF_BUILT).sort()).toEqual(withParts.sort());
});
