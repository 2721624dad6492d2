// Forces kept in the browser (issue 28): names and order in Node over a shelf in memory; in
// chromium, a force kept under a name survives a reload and a restart of the browser (the same
// profile), opens in its rule set's builder as the very file it was, and goes when removed.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { muster } from '../helpers/cli.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { freeName, keptName, memoryShelf, sortKept, KEPT_NAME_MAX, type KeptForce } from '../../src/web/browser-shelf.js';
import { forceFromLinkValue, forceInHash, forceLink, forceLinkValue } from '../../src/web/force-link.js';
import { deflateSync } from 'fflate';
import { MAX_FILE_BYTES } from '../../src/data/limits.js';
import { launchChromium, openPage, press, repo, runBrowserTests, shots, usePageServer, type PageServer, answering, settled } from '../helpers/page.js';
import { proves, provesAgain } from '../helpers/page-kinds.js';

describe('the names forces are kept under', () => {
  it('takes a name as typed, its spaces tidied, and refuses none or one too long', () => {
    expect(keptName('  Club   night ')).toEqual({ name: 'Club night' });
    expect(keptName('   ')).toEqual({ refused: 'Give the force a name to keep it under.' });
    expect(keptName('x'.repeat(KEPT_NAME_MAX + 1))).toEqual({ refused: `A name of at most ${KEPT_NAME_MAX} characters, please: this one has ${KEPT_NAME_MAX + 1}.` });
  });

  it('lists them by name as a player reads it (case and numbers), then by rule set', () => {
    const kept = ['b', 'Platoon 10', 'platoon 9', 'A'].map((name) => ({ name, system: 'bof', yaml: '' }));
    expect(sortKept([...kept, { name: 'A', system: 'fireteam', yaml: '' }]).map((f) => `${f.name}/${f.system}`)).toEqual(['A/bof', 'A/fireteam', 'b/bof', 'platoon 9/bof', 'Platoon 10/bof']);
  });

  it('keeps one force a rule set and name: keeping it again replaces it, and removing it removes only it', async () => {
    const shelf = memoryShelf<KeptForce>();
    await shelf.put({ name: 'Club night', system: 'bof', yaml: 'a' });
    await shelf.put({ name: 'Club night', system: 'fireteam', yaml: 'b' });
    // the builder's Keep under a name kept already replaces it on purpose (a save from an older copy is refused: kept-safely.test.ts)
    await shelf.put({ name: 'Club night', system: 'bof', yaml: 'c' }, 'replace');
    expect(sortKept(await shelf.all())).toEqual([{ name: 'Club night', system: 'bof', yaml: 'c', revision: 2 }, { name: 'Club night', system: 'fireteam', yaml: 'b', revision: 1 }]);
    await shelf.remove('bof', 'Club night');
    expect(await shelf.all()).toEqual([{ name: 'Club night', system: 'fireteam', yaml: 'b', revision: 1 }]);
  });

  it('a name already kept gets the next free number, within the longest name kept', () => {
    expect(freeName('Anna vs Ben', [])).toBe('Anna vs Ben');
    expect(freeName('Anna vs Ben', ['Anna vs Ben', 'Anna vs Ben (2)'])).toBe('Anna vs Ben (3)');
    // a name of the longest length kept whole while it is free, cut only to make room for a number
    const longest = 'y'.repeat(KEPT_NAME_MAX);
    expect(freeName(longest, [])).toBe(longest);
    expect(freeName(`${'y'.repeat(76)} vs Ben`, [])).toBe(`${'y'.repeat(76)} vs`);
    const long = freeName('x'.repeat(200), ['x'.repeat(KEPT_NAME_MAX)]);
    expect(long).toBe(`${'x'.repeat(KEPT_NAME_MAX - 4)} (2)`);
    expect(long).toHaveLength(KEPT_NAME_MAX);
    expect(keptName(long)).toEqual({ name: long });
    const tenth = freeName(longest, [longest, ...Array.from({ length: 8 }, (_, i) => `${'y'.repeat(KEPT_NAME_MAX - 4)} (${i + 2})`)]);
    expect(tenth).toBe(`${'y'.repeat(KEPT_NAME_MAX - 5)} (10)`);
  });
});

const DOC_FORCE = /```yaml\n([\s\S]*?)```/.exec(readFileSync(path.join(repo, 'docs/force-file.md'), 'utf8'))![1]!;

describe('a force in a link', () => {
  it('carries the force file whole, packed in the fragment, and reads it back', () => {
    const link = forceLink('http://127.0.0.1:8080/muster/?x=1#/bof/tables', 'bof', DOC_FORCE);
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:8080\/muster\/\?x=1#\/bof\/force\?force=[A-Za-z0-9_~]+$/);
    // packed: shorter than the file it carries
    expect(forceInHash(new URL(link).hash)!.length).toBeLessThan(DOC_FORCE.length);
    expect(forceFromLinkValue(forceInHash(new URL(link).hash)!)).toEqual({ yaml: DOC_FORCE });
    const accents = 'name: Zug Müller — 1. Kompanie\n';
    expect(forceFromLinkValue(forceLinkValue(accents))).toEqual({ yaml: accents });
    expect(forceInHash('#/bof/force')).toBeUndefined();
  });

  it('refuses a link cut short, changed, or unpacking past what a force file may hold', () => {
    const value = forceLinkValue(DOC_FORCE);
    const damaged = { refused: 'The force in this link is damaged (cut short or changed): ask for the link again, or for the force file.' };
    expect(forceFromLinkValue(value.slice(0, value.length - 8))).toEqual(damaged);
    expect(forceFromLinkValue(`${value}!`)).toEqual(damaged);
    expect(forceFromLinkValue('')).toEqual(damaged);
    // a value made by hand: a length and fingerprint, then what it packs
    const made = (length: number, bytes: Uint8Array, fingerprint = 0) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(length, 0);
      head.writeUInt32BE(fingerprint, 4);
      return Buffer.concat([head, Buffer.from(deflateSync(bytes))]).toString('base64url');
    };
    // a fingerprint that does not match what unpacks
    expect(forceFromLinkValue(made(3, new Uint8Array([0x61, 0x62, 0x63])))).toEqual(damaged);
    // a bomb: small in the link, over the bound unpacked, whatever length it claims
    const bomb = made(10, new Uint8Array(MAX_FILE_BYTES + 1));
    expect(bomb.length).toBeLessThan(40_000);
    expect(forceFromLinkValue(bomb)).toEqual({ refused: `The force in this link is larger than muster takes (${MAX_FILE_BYTES / (1024 * 1024)} MB, as for a force file): it was not opened.` });
  });
});

describe.skipIf(!runBrowserTests)('forces kept in the browser, in chromium', () => {
  // a context of the worker's chromium; the restart's two chromiums are the kept profile's own
  let served: PageServer;
  usePageServer((started) => (served = started));

  const profile = mkdtempSync(path.join(tmpdir(), 'muster-profile-'));
  const launch = (): Promise<Browser> => launchChromium({ profile });
  /** The page in a browser started on the kept profile. */
  const open = (browser: Browser, hash = '') => openPage({ base: served.base, browser }, hash);
  const listed = (page: Page) => page.$$eval('#kept-list li', (lis) => lis.map((li) => [...li.querySelectorAll('span')].map((s) => s.textContent).join(' / ')));
  async function settledYaml(page: Page, includes: string): Promise<string> {
    await page.waitForFunction((text) => window.musterForce?.settled === true && window.musterForce.yaml.includes(text), { timeout: 60_000 }, includes);
    return page.evaluate(() => window.musterForce!.yaml);
  }
  async function keepAs(page: Page, name: string): Promise<string> {
    await page.$eval('#fb-keep-name', (e) => ((e as HTMLInputElement).value = ''));
    await page.type('#fb-keep-name', name);
    await page.$eval('#fb-keep-said', (e) => (e.textContent = ''));
    await press(page, '#fb-keep');
    await page.waitForFunction(() => document.querySelector('#fb-keep-said')!.textContent !== '', { timeout: 60_000 });
    return page.$eval('#fb-keep-said', (e) => e.textContent ?? '');
  }

  provesAgain('kept through a reload')('keeps a force under a name through a reload and a restart of the browser, opens it as it was, and removes it', async () => {
    const first = await launch();
    const page = await open(first, '#/bof/force');
    expect(await page.$eval('#kept', (e) => (e as HTMLElement).hidden)).toBe(true);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'muster-kept-')), 'brandt.yaml');
    (await import('node:fs')).writeFileSync(file, DOC_FORCE);
    await page.waitForSelector('#fb-load');
    await ((await page.$('#fb-load')) as unknown as { uploadFile(f: string): Promise<void> }).uploadFile(file);
    const built = await settledYaml(page, 'Panzerzug Brandt');
    expect(YAML.parse(built)).toEqual(YAML.parse(DOC_FORCE));

    expect(await keepAs(page, '   ')).toBe('Kept “Panzerzug Brandt” in this browser: it is listed under “Kept in this browser”, Forces.');
    expect(await keepAs(page, 'Club night')).toBe('Kept “Club night” in this browser: it is listed under “Kept in this browser”, Forces.');
    expect(await keepAs(page, 'Club night')).toBe('Replaced “Club night” in this browser: it is listed under “Kept in this browser”, Forces.');
    expect(await listed(page)).toEqual(['Club night / Burst of Fire', 'Panzerzug Brandt / Burst of Fire']);
    await page.evaluate(() => document.querySelector('#fb-keep')!.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(shots, 'web-kept-builder.png') });
    expect(await page.$eval('#kept', (e) => (e as HTMLElement).hidden)).toBe(false);
    expect(await page.$eval('#kept .hint', (e) => e.textContent)).toMatch(/clearing the browser's data for this site removes them/);

    // the same name in another rule set is another force
    await page.goto(`${served.base}#/fireteam/force`);
    await page.reload();
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await settled(page);
    await ((await page.$('#fb-load')) as unknown as { uploadFile(f: string): Promise<void> }).uploadFile(path.join(repo, 'examples/forces/fireteam-fallschirmjager.yaml'));
    await settledYaml(page, 'fallschirmjager');
    expect(await keepAs(page, 'Club night')).toBe('Kept “Club night” in this browser: it is listed under “Kept in this browser”, Forces.');
    expect(await listed(page)).toEqual(['Club night / Burst of Fire', 'Club night / Fire Team', 'Panzerzug Brandt / Burst of Fire']);

    // reloaded: listed on the first screen, and opened in Burst of Fire's builder as it was kept
    await page.goto(served.base);
    await page.reload();
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await settled(page);
    expect(await page.$eval('#product', (e) => (e as HTMLSelectElement).value)).toBe('tables');
    expect(await listed(page)).toEqual(['Club night / Burst of Fire', 'Club night / Fire Team', 'Panzerzug Brandt / Burst of Fire']);
    await page.screenshot({ path: path.join(shots, 'web-kept-forces.png') });
    await page.setViewport({ width: 360, height: 740 });
    await page.screenshot({ path: path.join(shots, 'web-kept-forces-phone.png') });
    await page.setViewport({ width: 1280, height: 900 });
    await press(page, '#kept-open-0');
    expect(YAML.parse(await settledYaml(page, 'Panzerzug Brandt'))).toEqual(YAML.parse(DOC_FORCE));
    expect(await page.$eval('#product', (e) => (e as HTMLSelectElement).value)).toBe('force');
    expect(await page.$eval('#system', (e) => (e as HTMLSelectElement).value)).toBe('bof');
    expect(await page.$eval('#fb-notes', (e) => e.textContent)).toBe('Loaded “Club night”, kept in this browser.');
    await first.close();

    // the browser closed and started again on the same profile: still there
    const second = await launch();
    const again = await open(second);
    expect(await listed(again)).toEqual(['Club night / Burst of Fire', 'Club night / Fire Team', 'Panzerzug Brandt / Burst of Fire']);
    await press(again, '#kept-open-1');
    expect(await settledYaml(again, 'fallschirmjager')).toContain('fallschirmjager');
    expect(await again.$eval('#system', (e) => (e as HTMLSelectElement).value)).toBe('fireteam');
    await press(again, '#kept-remove-1');
    await again.waitForFunction(() => document.querySelectorAll('#kept-list li').length === 2, { timeout: 60_000 });
    expect(await again.$eval('#fb-keep-said', (e) => e.textContent)).toBe('Removed “Club night” from this browser.');
    await press(again, '#kept-remove-0');
    // the list is drawn again without it before the next press: under load, a press before that
    // met the removed entry's button and removed nothing
    await again.waitForFunction(() => document.querySelectorAll('#kept-list li').length === 1, { timeout: 60_000 });
    await press(again, '#kept-remove-0');
    await again.waitForFunction(() => (document.querySelector('#kept') as HTMLElement).hidden, { timeout: 60_000 });
    await again.reload();
    await again.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    expect(await listed(again)).toEqual([]);
    await second.close();
  }, 180_000);

  proves('a link carries a force')('makes a link that opens the same force in a fresh browser profile, and says when a link is damaged', async () => {
    const page = answering(await served.browser.newPage());
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${served.base}#/bof/force`);
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await settled(page);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'muster-link-')), 'brandt.yaml');
    (await import('node:fs')).writeFileSync(file, DOC_FORCE);
    await ((await page.$('#fb-load')) as unknown as { uploadFile(f: string): Promise<void> }).uploadFile(file);
    const built = await settledYaml(page, 'Panzerzug Brandt');
    await press(page, '#fb-link');
    await page.waitForFunction(() => (document.querySelector('#fb-link-text') as HTMLInputElement).value !== '', { timeout: 60_000 });
    const link = await page.$eval('#fb-link-text', (e) => (e as HTMLInputElement).value);
    expect(link.startsWith(`${served.base}#/bof/force?force=`)).toBe(true);
    await page.evaluate(() => document.querySelector('#fb-link')!.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(shots, 'web-force-link.png') });
    await page.close();

    // another profile: nothing kept there, the force comes from the link alone
    const fresh = await served.browser.createBrowserContext();
    const other = answering(await fresh.newPage());
    await other.setViewport({ width: 360, height: 740 });
    await other.goto(link);
    await other.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    expect(await settledYaml(other, 'Panzerzug Brandt')).toBe(built);
    expect(await other.$eval('#fb-notes', (e) => e.textContent)).toBe('Loaded the force in the link.');
    expect(await other.$eval('#system', (e) => (e as HTMLSelectElement).value)).toBe('bof');
    expect(await other.$$eval('#kept-list li', (lis) => lis.length)).toBe(0);
    await other.screenshot({ path: path.join(shots, 'web-force-link-phone.png') });

    // a link cut short, pasted into the same tab: the builder says so and keeps what it had
    await other.goto(link.slice(0, -10));
    await other.waitForFunction(() => document.querySelector('#fb-notes')!.textContent !== '', { timeout: 60_000 });
    expect(await other.$$eval('#fb-notes li', (lis) => lis.map((li) => li.textContent))).toEqual(['The force in this link is damaged (cut short or changed): ask for the link again, or for the force file.', 'The builder keeps the force it had.']);
    expect(await other.evaluate(() => window.musterForce!.yaml)).toBe(built);
    await fresh.close();
  }, 120_000);

  provesAgain('a link carries a force')('a scenario’s link carries both sides’ forces: another profile prints the same packet, as the command line does', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-scenario-link-'));
    writeFileSync(path.join(dir, 'weber.yaml'), readFileSync(path.join(repo, 'examples/forces/kampfgruppe-weber.yaml')));
    writeFileSync(path.join(dir, 'brandt.yaml'), DOC_FORCE);
    const page = await openPage(served, '#/bof/scenario?seed=linked');
    await ((await page.$('#forceA')) as unknown as { uploadFile(f: string): Promise<void> }).uploadFile(path.join(dir, 'weber.yaml'));
    await ((await page.$('#forceB')) as unknown as { uploadFile(f: string): Promise<void> }).uploadFile(path.join(dir, 'brandt.yaml'));
    await page.waitForFunction(() => location.hash.includes('&forceB='), { timeout: 60_000 });
    const hash = await page.evaluate(() => location.hash);
    expect(hash).toMatch(/^#\/bof\/scenario\?seed=linked&force=[\w~-]+&forceB=[\w~-]+$/);
    expect(forceFromLinkValue(forceInHash(hash)!)).toEqual({ yaml: readFileSync(path.join(dir, 'weber.yaml'), 'utf8') });
    await page.close();

    const fresh = await served.browser.createBrowserContext();
    try {
      const other = await openPage({ base: served.base, browser: fresh as unknown as Browser }, hash);
      expect(await other.$eval('#forces-linked', (e) => e.textContent)).toBe(
        'Side A: the force in the link (force-a.yaml); choose a file to use another.\nSide B: the force in the link (force-b.yaml); choose a file to use another.',
      );
      expect(await other.$eval('#command', (e) => e.textContent)).toBe('muster scenario bof --seed linked --force force-a.yaml --force force-b.yaml');
      // the words under the fields agree with what just happened: the link carried both forces
      expect(await other.$eval('p.hint[data-show="forceA"]', (e) => e.textContent)).toBe('A force file is read on this device and sent nowhere; a link made here carries it in the address.');
      await other.evaluate(() => delete window.muster.last);
      await press(other, 'button[data-format="pdf"][data-download="no"]');
      await other.waitForFunction(() => window.muster.last !== undefined, { timeout: 120_000 });
      const made = (await other.evaluate(() => window.muster.last))!;
      expect(made.code, made.stderr).toBe(0);
      // the command line, given the same two files under the names the link gives them
      writeFileSync(path.join(dir, 'force-a.yaml'), readFileSync(path.join(dir, 'weber.yaml')));
      writeFileSync(path.join(dir, 'force-b.yaml'), DOC_FORCE);
      const cli = await muster(['scenario', 'bof', '--force', 'force-a.yaml', '--force', 'force-b.yaml', '--seed', 'linked', '-o', 'cli.pdf'], dir);
      expect(cli.code, cli.stderr).toBe(0);
      expect(Buffer.compare(Buffer.from(made.base64, 'base64'), readFileSync(path.join(dir, 'cli.pdf')))).toBe(0);

      // a damaged force in a link: said beside the field, and the product printed without it
      const damaged = answering(await fresh.newPage());
      await damaged.goto(`${served.base}${hash.replace(/&forceB=.*$/, '&forceB=AAAA')}`, { waitUntil: 'domcontentloaded' });
      await damaged.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
      expect(await damaged.$eval('#forces-linked', (e) => e.textContent)).toBe(
        'Side A: the force in the link (force-a.yaml); choose a file to use another.\nSide B: The force in this link is damaged (cut short or changed): ask for the link again, or for the force file.',
      );
      expect(await damaged.$eval('#command', (e) => e.textContent)).toBe('muster scenario bof --seed linked --force force-a.yaml');
    } finally {
      await fresh.close();
    }
  }, 180_000);
});

describe.skipIf(!runBrowserTests)('a page served with its public address', () => {
  let served: PageServer;
  usePageServer((s) => (served = s), ['--public-url', 'https://club.example/muster/']);

  provesAgain('a link carries a force')('prints a roster that carries its force as a link to that address, as the command line does, and makes links to it', async () => {
    const page = await openPage(served, '#/bof/force');
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-public-'));
    writeFileSync(path.join(dir, 'force.yaml'), DOC_FORCE);
    await ((await page.$('#fb-load')) as unknown as { uploadFile(f: string): Promise<void> }).uploadFile(path.join(dir, 'force.yaml'));
    await page.waitForFunction(() => window.musterForce?.settled === true && window.musterForce.yaml.includes('Panzerzug Brandt'), { timeout: 60_000 });
    const yaml = await page.evaluate(() => window.musterForce!.yaml);
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster cards bof --force force.yaml --public-url https://club.example/muster/');
    await page.evaluate(() => delete window.muster.last);
    await press(page, '#fb-print');
    await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 120_000 });
    const made = (await page.evaluate(() => window.muster.last))!;
    expect(made.code, made.stderr).toBe(0);
    writeFileSync(path.join(dir, 'force.yaml'), yaml);
    const cli = await muster(['cards', 'bof', '--force', 'force.yaml', '--public-url', 'https://club.example/muster/', '-o', 'cli.pdf'], dir);
    expect(cli.code, cli.stderr).toBe(0);
    expect(Buffer.compare(Buffer.from(made.base64, 'base64'), readFileSync(path.join(dir, 'cli.pdf')))).toBe(0);
    await press(page, '#fb-link');
    await page.waitForFunction(() => (document.querySelector('#fb-link-text') as HTMLInputElement).value !== '', { timeout: 60_000 });
    expect(await page.$eval('#fb-link-text', (e) => (e as HTMLInputElement).value)).toBe(forceLink('https://club.example/muster/', 'bof', yaml));
    await page.close();
  }, 120_000);
});
