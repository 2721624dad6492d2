// Everything a player can print from the command line can be printed from the page (issue 17):
// the options of cards, tokens and the two-sided check, as the form makes their argv and keeps
// them in the address, and in chromium byte for byte the command line's PDFs.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { muster } from '../helpers/cli.js';
import { button, CHROMIUM, control, runBrowserTests, settled, shots, usePageServer, type PageServer, cliPdf, openPage, produce as produceWith, followLink, useFileTab } from '../helpers/page.js';
import {
  argvFor,
  countsFrom,
  countsOption,
  deckName,
  formFromHash,
  hashFor,
  partsFromListing,
  partsOptions,
  tickedParts,
  type Form,
} from '../../src/web/form.js';
import { DECLARED } from '../helpers/declared.js';
import { DATA_ONLY, declarationOf } from '../../src/systems/manifest.js';
import { manifestFor } from '../../src/systems/registry.js';
import { proves, provesAgain } from '../helpers/page-kinds.js';

const round = (form: Form) => formFromHash(hashFor(form, DECLARED), DECLARED);

describe('the form: the options of cards, tokens and the two-sided check', () => {
  it('cards --list: one deck', () => {
    const form: Form = { system: 'fireteam', product: 'cards', options: { list: 'russians' } };
    expect(argvFor(form, DECLARED)).toEqual(['cards', 'fireteam', '--list', 'russians']);
    expect(hashFor(form, DECLARED)).toBe('#/fireteam/cards?list=russians');
    expect(round(form)).toEqual(form);
    expect(deckName('Fallschirmjäger')).toBe('fallschirmjager');
    expect(deckName('Red')).toBe('red');
    expect(deckName('US')).toBe('us');
  });

  it('tokens: --events, --only, --without, --count ID=N, sizes and --max-score', () => {
    const form: Form = {
      system: 'bof',
      product: 'tokens',
      options: { only: 'markers,tracks', count: 'suppressed=12,pin=3', 'max-score': '15', 'round-size': '30', 'square-size': '18', paper: 'letter' },
    };
    expect(argvFor(form, DECLARED, ['force.yaml'])).toEqual([
      'tokens', 'bof', '--only', 'markers,tracks', '--count', 'suppressed=12', '--count', 'pin=3',
      '--max-score', '15', '--round-size', '30', '--square-size', '18', '--paper', 'letter', '--force', 'force.yaml',
    ]);
    expect(hashFor(form, DECLARED)).toBe('#/bof/tokens?only=markers,tracks&count=suppressed=12,pin=3&max-score=15&round-size=30&square-size=18&paper=letter');
    expect(round(form)).toEqual(form);

    const events: Form = { system: 'bof', product: 'tokens', options: { events: 'yes', without: 'templates' } };
    expect(argvFor(events, DECLARED)).toEqual(['tokens', 'bof', '--without', 'templates', '--events']);
    expect(round(events)).toEqual(events);
    // the defaults are left out of the link
    expect(formFromHash('#/bof/tokens?events=no&round-size=25&square-size=20', DECLARED).options).toEqual({});
    // on a scenario, count is still the packets to roll
    expect(argvFor({ system: 'bof', product: 'scenario', options: { count: '3' } }, DECLARED)).toEqual(['scenario', 'bof', '--count', '3']);
  });

  it('scenario: --terrain, normal (the command line\'s default) left out of the link', () => {
    const dense: Form = { system: 'fireteam', product: 'scenario', options: { count: '2', terrain: 'dense' } };
    expect(argvFor(dense, DECLARED)).toEqual(['scenario', 'fireteam', '--count', '2', '--terrain', 'dense']);
    expect(hashFor(dense, DECLARED)).toBe('#/fireteam/scenario?count=2&terrain=dense');
    expect(formFromHash('#/fireteam/scenario?terrain=normal', DECLARED).options).toEqual({});
    expect(formFromHash('#/bof/scenario?terrain=none', DECLARED).options).toEqual({ terrain: 'none' });
  });

  it('--units: the units of the rule set’s text are its default, left out of the link and the argv', () => {
    const textUnits = { bof: 'cm', fireteam: 'in' };
    expect(formFromHash('#/fireteam/cards?units=in', DECLARED, textUnits).options).toEqual({});
    expect(formFromHash('#/fireteam/cards?units=cm', DECLARED, textUnits).options).toEqual({ units: 'cm' });
    expect(formFromHash('#/bof/cards?units=cm', DECLARED, textUnits).options).toEqual({});
    expect(argvFor(formFromHash('#/fireteam/cards?units=cm', DECLARED, textUnits), DECLARED)).toEqual(['cards', 'fireteam', '--units', 'cm']);
  });

  it('the parts ticked: neither option, --only the ticked, or --without the rest, whichever is shorter', () => {
    const all = ['markers', 'tracks', 'rulers', 'templates'];
    expect(partsOptions(all, all)).toEqual({});
    expect(partsOptions(all, ['markers', 'tracks'])).toEqual({ only: 'markers,tracks' });
    expect(partsOptions(all, ['markers'])).toEqual({ only: 'markers' });
    expect(partsOptions(all, ['markers', 'tracks', 'rulers'])).toEqual({ without: 'templates' });
    expect(partsOptions(all, [])).toEqual({ without: 'markers,tracks,rulers,templates' });
    expect(tickedParts(all, {})).toEqual(all);
    expect(tickedParts(all, { only: 'markers,tracks' })).toEqual(['markers', 'tracks']);
    expect(tickedParts(all, { without: 'templates' })).toEqual(['markers', 'tracks', 'rulers']);
  });

  it('the counts: blank is the sheet’s count', () => {
    const counts = new Map([['suppressed', '12'], ['injured', ''], ['pin', ' 0 ']]);
    expect(countsOption(counts, ['suppressed', 'injured', 'pin'])).toBe('suppressed=12,pin=0');
    expect(countsOption(new Map([['suppressed', '']]), ['suppressed'])).toBeUndefined();
    expect([...countsFrom('suppressed=12,pin=0')]).toEqual([['suppressed', '12'], ['pin', '0']]);
  });

  it('the two-sided check: `calibrate` with its paper and printer settings alone', () => {
    const form: Form = { system: 'bof', product: 'calibrate', options: { paper: 'letter', duplex: 'short', 'back-offset': '-2,1', units: 'in', seed: 'x' } };
    expect(argvFor(form, DECLARED, ['force.yaml'])).toEqual(['calibrate', '--paper', 'letter', '--duplex', 'short', '--back-offset=-2,1']);
    const shown: Form = { system: 'fireteam', product: 'calibrate', options: { paper: 'letter', duplex: 'short' } };
    expect(hashFor(shown, DECLARED)).toBe('#/fireteam/calibrate?paper=letter&duplex=short');
    expect(round(shown)).toEqual(shown);
  });

  it('reads the parts and the refused options from the command line’s own words', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-parts-'));
    const bof = await muster(['list', 'bof', 'tokens'], dir);
    expect(partsFromListing(bof.stdout).map((p) => p.id)).toEqual(['markers', 'tracks', 'rulers', 'templates']);
    expect(partsFromListing(bof.stdout)[2]).toEqual({ id: 'rulers', name: 'grenade, range and radius rulers' });
    const blaze = await muster(['list', 'blazeaway', 'tokens'], dir);
    const parts = partsFromListing(blaze.stdout);
    // the same names --only takes, as its message lists them
    const refusal = await muster(['tokens', 'blazeaway', '--only', 'nonsense'], dir);
    const known = /known: ([^;]+);/.exec(refusal.stderr)![1]!.split(', ');
    expect(parts.map((p) => p.id).sort()).toEqual(known.sort());
    expect(parts.find((p) => p.id === 'area-fire-templates')?.name).toBe('Area fire templates (120 mm)');

    // what the page offers for tokens beyond the common options comes from muster systems
    const systems = JSON.parse((await muster(['systems', '--format', 'json'], dir)).stdout) as { systems: { id: string; products: string[]; takes: { tokens?: string[] } }[] };
    const takes = Object.fromEntries(systems.systems.map((s) => [s.id, s.takes.tokens]));
    // Burst of Fire's, for one: a force, its event cards and its track's top score
    expect(takes['bof']).toEqual(['--force', '--events', '--max-score']);
    // each rule set's as its manifest declares: the shared options its tokens take beyond a sheet of data's, then its own
    for (const s of systems.systems) {
      const declared = declarationOf(manifestFor(s.id), 'tokens');
      const expected = [...(declared?.takes ?? []).filter((o) => !DATA_ONLY.tokens.takes!.includes(o)), ...(declared?.options ?? []).map((o) => o.name)].map((o) => `--${o}`);
      expect(takes[s.id], s.id).toEqual(s.products.includes('tokens') ? expected : undefined);
    }
    // and the command line refuses the others in its own words
    expect((await muster(['tokens', 'fireteam', '--events', '--max-score', '20'], dir)).stderr).toMatch(/--events, --max-score: Fire Team tokens take no such options/);
  });
});

interface Last {
  name: string;
  base64: string;
  code: number;
  stderr: string;
}


describe.skipIf(!runBrowserTests)('the product options in chromium', () => {
  let served: PageServer;
  usePageServer((started) => (served = started));

  const open = (hash = '') => openPage(served, hash);
  // One tab for the file's tests, led from link to link (a link restores the whole form); a
  // link is opened in a tab of its own where a fresh load is the point, and a force chosen for the print shop's cards has a tab of its own
  let page: Page;
  useFileTab(open, (opened) => (page = opened));
  const follow = (hash: string, command: string) => followLink(page, hash, command);

  async function choose(page: Page, label: string, value: string): Promise<void> {
    await page.select(await control(page, label), value);
  }

  /** Clicks the label with these words, as a player ticks a box. */
  async function clickLabel(page: Page, text: string): Promise<void> {
    const handle = await page.waitForSelector(`::-p-xpath(//label[normalize-space(.)="${text}"])`);
    await handle!.click();
  }

  async function produce(page: Page): Promise<Last> {
    await page.evaluate(() => {
      delete window.muster.last;
    });
    await button(page, 'Preview');
    await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 120_000 });
    return (await page.evaluate(() => window.muster.last))!;
  }

  const shown = (page: Page, selector: string) => page.$eval(selector, (e) => e.closest('[hidden]') === null);

  provesAgain('prints as the command line')('prints tokens bof --only markers,tracks --count suppressed=12, byte for byte the command line’s', async () => {
    await follow('#/bof/tables', 'muster tables bof');
    await choose(page, 'Rule set', 'bof');
    await choose(page, 'Product', 'tokens');
    expect(await shown(page, '#parts-box')).toBe(true);
    expect(await shown(page, '#own-max-score')).toBe(true);
    expect(await shown(page, '#forceA')).toBe(true);
    await clickLabel(page, 'Grenade, range and radius rulers');
    await clickLabel(page, 'Smoke and blast templates and the drift compass');
    await page.click('#counts-box summary');
    await page.type(await control(page, 'Suppressed'), '12');
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster tokens bof --only markers,tracks --count suppressed=12');
    expect(await page.evaluate(() => location.hash)).toBe('#/bof/tokens?only=markers,tracks&count=suppressed=12');
    await page.screenshot({ path: path.join(shots, 'web-tokens-form.png'), fullPage: true });

    const made = await produce(page);
    expect(made.code, made.stderr).toBe(0);
    const cli = await cliPdf(['tokens', 'bof', '--only', 'markers,tracks', '--count', 'suppressed=12']);
    expect(Buffer.compare(Buffer.from(made.base64, 'base64'), cli)).toBe(0);

    // the link restores the same form
    const again = await open('#/bof/tokens?only=markers,tracks&count=suppressed=12');
    expect(await again.$eval('#command', (e) => e.textContent)).toBe('muster tokens bof --only markers,tracks --count suppressed=12');
    expect(await again.$eval('#part-rulers', (e) => (e as HTMLInputElement).checked)).toBe(false);
    expect(await again.$eval('#count-suppressed', (e) => (e as HTMLInputElement).value)).toBe('12');
    // the event cards take none of the sheet's options
    await clickLabel(again, 'The event cards instead of tokens');
    await again.waitForFunction(() => document.querySelector('#command')?.textContent === 'muster tokens bof --events');
    expect(await shown(again, '#parts-box')).toBe(false);
    await again.close();
  });

  proves('every option a field')('offers what each rule set’s tokens take, and no more', async () => {
    await follow('#/fireteam/tokens', 'muster tokens fireteam');
    // Burst of Fire's own options: no field of them here
    expect(await page.$('#own-events')).toBeNull();
    expect(await shown(page, '#parts-box')).toBe(false); // one part: nothing to choose
    expect(await page.$('#own-max-score')).toBeNull();
    // its markers sized to a force
    expect(await shown(page, '#forceA')).toBe(true);
    expect(await shown(page, '#counts-box')).toBe(true);
    await choose(page, 'Rule set', 'blazeaway');
    await choose(page, 'Product', 'tokens');
    expect(await page.$$eval('#parts input', (boxes) => boxes.map((b) => (b as HTMLInputElement).value).sort())).toEqual(['area-fire-templates', 'markers', 'minefields-and-hidden-cards', 'wire-strips']);
    expect(await shown(page, '#forceA')).toBe(true);
  });

  provesAgain('prints as the command line')('prints cards fireteam --list russians, byte for byte the command line’s, in the inches of its text', async () => {
    await follow('#/bof/tables', 'muster tables bof');
    const units = () => page.$eval('#units', (e) => (e as HTMLSelectElement).value);
    expect(await units()).toBe('cm');
    await choose(page, 'Rule set', 'fireteam');
    // the form starts at the units the rule set's text measures in, and leaves them out of the command
    expect(await units()).toBe('in');
    await choose(page, 'Product', 'cards');
    expect(await page.$$eval('#list option', (options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(['', 'british', 'fallschirmjager', 'finns', 'russians', 'us', 'vehicles']);
    await choose(page, 'Deck', 'russians');
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster cards fireteam --list russians');
    expect(await page.evaluate(() => location.hash)).toBe('#/fireteam/cards?list=russians');
    const made = await produce(page);
    expect(made.code, made.stderr).toBe(0);
    expect(Buffer.compare(Buffer.from(made.base64, 'base64'), await cliPdf(['cards', 'fireteam', '--list', 'russians', '--units', 'in']))).toBe(0);
    // centimetres are a choice the command and the link carry, and carry over to another rule set, where they are its own
    await choose(page, 'Units', 'cm');
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster cards fireteam --list russians --units cm');
    await choose(page, 'Rule set', 'bof');
    expect(await units()).toBe('cm');
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster cards bof');
    const linked = await open('#/openfire/tables?units=in');
    expect(await linked.evaluate(() => location.hash)).toBe('#/openfire/tables');
    expect(await linked.$eval('#units', (e) => (e as HTMLSelectElement).value)).toBe('in');
    await linked.close();
  });

  proves('print-shop images')('prints cards for MakePlayingCards: a zip of images byte for byte the command line’s, the renderer fetched when first needed', async () => {
    // a force of one officer, the smallest deck there is (a front and its back: the smallest
    // list, Fire Team's British, has nine cards): every image is made twice, in the page and by
    // the command line, and how many there are is not the point
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-mpc-'));
    writeFileSync(path.join(dir, 'officer.yaml'), 'name: One officer\nnation: us\ndoctrine: us-armor\ndetachment: us-tank-platoon\npoints: 100\nunits:\n  - { unit: us-officer }\n');
    const tab = await open('#/bof/cards');
    await ((await tab.$('#forceA')) as unknown as { uploadFile(f: string): Promise<void> }).uploadFile(path.join(dir, 'officer.yaml'));
    await tab.waitForFunction(() => document.querySelector('#command')?.textContent?.includes('--force'), { timeout: 60_000 });
    await choose(tab, 'For a print shop', 'mpc');
    const argv = ['cards', 'bof', '--shop', 'mpc', '--force', 'officer.yaml'];
    expect(await tab.$eval('#command', (e) => e.textContent)).toBe(`muster ${argv.join(' ')}`);
    // the shop's card has its own bleed and cut, a card a page with its back: none of the sheets' settings
    for (const field of ['#bleed', '#duplex', '#layout', '#backs']) expect(await shown(tab, field), field).toBe(false);
    expect(await tab.$eval('#preview-empty', (e) => e.textContent)).toMatch(/^MakePlayingCards takes a picture of each card: Download images \(zip\) saves them/);
    // a zip cannot be previewed: the one button downloads it
    expect(await tab.$$eval('button[data-format="pdf"]', (buttons) => buttons.filter((b) => !(b as HTMLElement).hidden).map((b) => b.textContent))).toEqual(['Download images (zip)']);
    const made = await produceWith(tab, 'Download images (zip)');
    expect(made.code, made.stderr).toBe(0);
    expect(made.name).toBe('bof-cards.zip');
    const zip = Buffer.from(made.base64, 'base64');
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    const cli = await muster([...argv, '-o', 'cli.zip'], dir);
    expect(cli.code, cli.stderr).toBe(0);
    expect(Buffer.compare(zip, readFileSync(path.join(dir, 'cli.zip')))).toBe(0);
    // back to a PDF: the buttons are as they were
    await choose(tab, 'For a print shop', '');
    expect(await tab.$$eval('button[data-format="pdf"]', (buttons) => buttons.filter((b) => !(b as HTMLElement).hidden).map((b) => b.textContent))).toEqual(['Download PDF', 'Preview']);
    for (const field of ['#bleed', '#duplex', '#layout', '#backs']) expect(await shown(tab, field), field).toBe(true);
    expect(await tab.$eval('#preview-empty', (e) => e.textContent)).toBe('Choose what to print, then Preview or Download PDF. The first pages show here.');
    await tab.close();
  });

  provesAgain('prints as the command line')('cards edge to edge for a guillotine, and a bleed typed, as the command line prints them', async () => {
    await follow('#/bof/cards?nation=us', 'muster cards bof --nation us');
    expect(await page.$$eval('#layout option', (options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(['sheets', 'guillotine', 'fold']);
    await choose(page, 'Cards printed as', 'guillotine');
    // a bleed typed is kept as typed, 3 as well: left out, the sheets may take 2 mm to fit more cards
    await page.type(await control(page, 'Bleed, mm'), '3');
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster cards bof --nation us --layout guillotine --bleed 3');
    expect(await page.evaluate(() => location.hash)).toBe('#/bof/cards?nation=us&layout=guillotine&bleed=3');
    const made = await produce(page);
    expect(made.code, made.stderr).toBe(0);
    expect(Buffer.compare(Buffer.from(made.base64, 'base64'), await cliPdf(['cards', 'bof', '--nation', 'us', '--layout', 'guillotine', '--bleed', '3']))).toBe(0);
  });

  provesAgain('prints as the command line')('prints calibrate --paper letter --duplex short, byte for byte the command line’s', async () => {
    await follow('#/openfire/tables', 'muster tables openfire');
    await choose(page, 'Product', 'calibrate');
    await choose(page, 'Paper', 'letter');
    await choose(page, 'Two-sided: flip on the', 'short');
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster calibrate --paper letter --duplex short');
    expect(await page.evaluate(() => location.hash)).toBe('#/openfire/calibrate?paper=letter&duplex=short');
    // what calibrate does not take is not offered
    for (const id of ['#units', '#bleed', '#ink', '#seed', '#house-folder']) expect(await shown(page, id)).toBe(false);
    expect(await page.$$eval('button[data-format="json"]', (b) => b.every((e) => e.closest('[hidden]') !== null))).toBe(true);
    const made = await produce(page);
    expect(made.code, made.stderr).toBe(0);
    expect(made.name).toBe('calibrate.pdf');
    expect(Buffer.compare(Buffer.from(made.base64, 'base64'), await cliPdf(['calibrate', '--paper', 'letter', '--duplex', 'short']))).toBe(0);
  });
});

describe.skipIf(runBrowserTests)('the product options in chromium (skipped)', () => {
  it.skip(`needs ${CHROMIUM} (apt-get install chromium), or CI set to make it required`, () => undefined);
});
