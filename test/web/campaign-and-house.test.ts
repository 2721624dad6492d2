// Campaigns and house rules in the page (issue 17): in Node through runInPage on the built page
// files, and in a real browser (Debian's chromium through puppeteer-core): a Burst of Fire
// campaign started, a game recorded with the form, the state downloaded and read back by the
// command line; a refused record; a house-rules folder checked by validate and used by tables.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { muster } from '../helpers/cli.js';
import { bookletArgv, lastChange, newArgv, nextArgv, PageCampaign, recordArgv, STATE_PATH, undoArgv, undoToArgv, type CampaignProbe } from '../../src/web/campaign-page.js';
import { CHANGES_KEY } from '../../src/data/state-file.js';
import { bofRecordOptions, type BofRecord } from '../../src/systems/bof/page/campaign-panel.js';
import { fireteamListsOptions, fireteamNextOptions, fireteamRecordOptions } from '../../src/systems/fireteam/page/campaign-panel.js';
import { checkHouse, houseFiles, unzipHouse, withHouse, HOUSE_PATH } from '../../src/web/house-rules.js';
import { button, control, press, repo, runBrowserTests as runThem, shots, usePageServer, loadBuiltPage, answering, settled, campaignAfter, campaignStep, allowDownloads } from '../helpers/page.js';
import { playerProblems } from '../helpers/player-words.js';
import { DEEP } from '../helpers/sample.js';
import { proves, provesAgain } from '../helpers/page-kinds.js';

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/** A state file's campaign part, everything but the changes it keeps, as muster writes it. */
function campaignPart(state: string): string {
  const { [CHANGES_KEY]: _changes, ...rest } = JSON.parse(state) as Record<string, unknown>;
  return `${JSON.stringify(rest, null, 2)}\n`;
}


/** A house-rules folder: Burst of Fire's combat tables with the range bands renamed (and, broken, a bonus past the limit). */
function houseFolder(broken: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-house-'));
  const tables = path.join(dir, 'club-rules', 'bof', 'tables');
  mkdirSync(tables, { recursive: true });
  let yaml = readFileSync(path.join(repo, 'data/bof/tables/combat.yaml'), 'utf8').replace('title: Range bands', 'title: Range bands of the club');
  if (broken) yaml = yaml.replace('bonus: { mod: 8 }', 'bonus: { mod: 5000 }');
  expect(yaml).toContain(broken ? 'mod: 5000' : 'of the club');
  writeFileSync(path.join(tables, 'combat.yaml'), yaml);
  return path.join(dir, 'club-rules');
}

const RECORD: BofRecord = { winner: 'a', victory: 'decisive', score: ['32', '18'] as [string, string], salvage: [{ side: 'a', text: 'abandoned Sherman' }], upgrades: [{ side: 'a', text: 'Panzer IV for the Panzer III', cost: '8' }] };

describe('campaigns in the page, run in Node', () => {
  it('builds the command line’s argv from the forms', () => {
    expect(newArgv('bof', { names: ['Red', 'Blue'], seed: 'club', options: [] })).toEqual(['campaign', 'bof', 'new', '--state', 'campaign.json', '--names', 'Red,Blue', '--seed', 'club']);
    expect(newArgv('fireteam', { names: ['', ''], options: fireteamListsOptions(['russians', 'finns']) })).toEqual(['campaign', 'fireteam', 'new', '--state', 'campaign.json', '--lists', 'russians,finns']);
    expect(recordArgv('bof', bofRecordOptions(RECORD))).toEqual(['campaign', 'bof', 'record', '--state', 'campaign.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '32:18', '--salvage', 'a:abandoned Sherman', '--upgrade', 'a:Panzer IV for the Panzer III:8']);
    expect(recordArgv('fireteam', fireteamRecordOptions({ battle: '2', winner: 'draw' }))).toEqual(['campaign', 'fireteam', 'record', '--state', 'campaign.json', '--battle', '2', '--winner', 'draw']);
    expect(nextArgv('fireteam', fireteamNextOptions({ assault: ['C5', 'C2'], split: ['6', ''] }))).toEqual(['campaign', 'fireteam', 'next', '--state', 'campaign.json', '--assault', 'a:C5', '--assault', 'b:C2', '--split', 'a:6']);
    // Forward, victory is near!, Turn Sequence: a side may hold; a side that holds has no attack to split
    expect(fireteamNextOptions({ assault: ['B5', 'hold'], split: ['6', '5'] })).toEqual([['assault', 'a:B5'], ['assault', 'b:hold'], ['split', 'a:6']]);
    expect(fireteamNextOptions({ assault: ['', 'C2'], split: ['4', ''] })).toEqual([['assault', 'b:C2']]);
    expect(fireteamNextOptions({ assault: ['hold', 'hold'], split: ['', ''] })).toEqual([['assault', 'a:hold'], ['assault', 'b:hold']]);
    expect(bookletArgv('bof')).toEqual(['campaign', 'bof', 'booklet', '--state', 'campaign.json']);
  });

  it('starts and records a Burst of Fire campaign as the command line does, refusing as it does', async () => {
    const { files, run } = await loadBuiltPage();
    const campaign = new PageCampaign(files, run);
    const started = await campaign.start('bof', { names: ['Red', 'Blue'], seed: 'club' });
    expect(started.run.stderr).toMatch(/^Seed: club\nNew campaign: Red/);
    expect(started.changed).toBe(true);
    expect(campaign.unsaved).toBe(true);
    const recorded = await campaign.change(recordArgv('bof', bofRecordOptions(RECORD)));
    expect(recorded.run.code).toBe(0);
    expect(recorded.changed).toBe(true);

    const dir = mkdtempSync(path.join(tmpdir(), 'muster-campaign-'));
    expect((await muster(['campaign', 'bof', 'new', '--state', 'campaign.json', '--names', 'Red,Blue', '--seed', 'club'], dir)).code).toBe(0);
    const cli = await muster(recordArgv('bof', bofRecordOptions(RECORD)), dir);
    expect(recorded.run.stderr).toBe(cli.stderr);
    expect(text(campaign.bytes())).toBe(readFileSync(path.join(dir, 'campaign.json'), 'utf8'));

    const before = text(campaign.bytes());
    const refused = await campaign.change(recordArgv('bof', bofRecordOptions({ ...RECORD, upgrades: [{ side: 'a', text: 'Tiger', cost: '500' }] })));
    const cliRefused = await muster(recordArgv('bof', bofRecordOptions({ ...RECORD, upgrades: [{ side: 'a', text: 'Tiger', cost: '500' }] })), dir);
    expect(cliRefused.code).toBe(2);
    expect(refused.run.code).toBe(2);
    expect(refused.changed).toBe(false);
    expect(refused.run.stderr).toBe(cliRefused.stderr);
    expect(text(campaign.bytes())).toBe(before);

    const status = await campaign.status();
    expect(status!.text).toBe((await muster(['campaign', 'bof', 'status', '--state', 'campaign.json'], dir)).stderr.trim());
    expect(status!.json).toEqual(JSON.parse((await muster(['campaign', 'bof', 'status', '--state', 'campaign.json', '--format', 'json'], dir)).stdout));

    // the booklet and the next packet print from the page's copy, byte for byte: here where no
    // chromium runs (and under MUSTER_DEEP=1); with chromium, the page itself prints them and
    // holds them to the command line's (the booklet below, the next packet in campaign-forces.test.ts)
    for (const argv of !runThem || DEEP ? [nextArgv('bof'), bookletArgv('bof')] : []) {
      const page = await run([...argv, '-o', '/out/muster.pdf']);
      const printed = await muster([...argv, '-o', 'cli.pdf'], dir);
      expect(page.code).toBe(0);
      expect(printed.code).toBe(0);
      expect(Buffer.compare(Buffer.from(page.written.get('/out/muster.pdf')!), readFileSync(path.join(dir, 'cli.pdf')))).toBe(0);
    }
  });

  it('opens a state file only when the command line reads it, and runs Fire Team’s turn', async () => {
    const { files, run } = await loadBuiltPage();
    const campaign = new PageCampaign(files, run);
    const bad = await campaign.open('bof', 'odd.json', new TextEncoder().encode('{"version": 1}'));
    expect(bad.changed).toBe(false);
    expect(bad.run.code).toBe(2);
    expect(files.has(STATE_PATH)).toBe(false);

    const dir = mkdtempSync(path.join(tmpdir(), 'muster-ft-'));
    expect((await muster(newArgv('fireteam', { seed: 'river', options: fireteamListsOptions(['russians', 'fallschirmjager']) }), dir)).code).toBe(0);
    const opened = await campaign.open('fireteam', 'river.json', new Uint8Array(readFileSync(path.join(dir, 'campaign.json'))));
    expect(opened.changed).toBe(true);
    expect(campaign.unsaved).toBe(false);
    const next = nextArgv('fireteam', fireteamNextOptions({ assault: ['C5', 'C2'], split: ['6', ''] }));
    const page = await run([...next, '-o', '/out/muster.pdf']);
    expect(campaign.take(page)).toBe(true);
    expect((await muster([...next, '-o', 'cli.pdf'], dir)).code).toBe(0);
    for (const [battle, winner] of [['1', 'a'], ['2', 'draw']] as const) {
      const mine = await campaign.change(recordArgv('fireteam', fireteamRecordOptions({ battle, winner })));
      const cli = await muster(recordArgv('fireteam', fireteamRecordOptions({ battle, winner })), dir);
      expect(mine.run.stderr).toBe(cli.stderr);
    }
    expect(text(campaign.bytes())).toBe(readFileSync(path.join(dir, 'campaign.json'), 'utf8'));
    // a turn both sides hold: no packet, the state moves on as the command line's does
    const held = nextArgv('fireteam', fireteamNextOptions({ assault: ['hold', 'hold'], split: ['', ''] }));
    const pageHeld = await campaign.change(held);
    const cliHeld = await muster(held, dir);
    expect([pageHeld.run.code, pageHeld.run.stderr]).toEqual([0, cliHeld.stderr]);
    expect(text(campaign.bytes())).toBe(readFileSync(path.join(dir, 'campaign.json'), 'utf8'));
  });

  it('takes back Fire Team’s last record and the turn’s battles as the command line does, and puts them back', async () => {
    const { files, run } = await loadBuiltPage();
    const campaign = new PageCampaign(files, run);
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-ft-undo-'));
    const both = async (argv: string[]) => {
      const mine = await campaign.change(argv);
      const cli = await muster(argv, dir);
      expect([mine.run.code, mine.run.stderr]).toEqual([cli.code, cli.stderr]);
      expect(text(campaign.bytes())).toBe(readFileSync(path.join(dir, 'campaign.json'), 'utf8'));
      return mine;
    };
    expect((await campaign.start('fireteam', { seed: 'undo', options: [] })).changed).toBe(true);
    expect((await muster(newArgv('fireteam', { seed: 'undo', options: [] }), dir)).code).toBe(0);
    const fresh = text(campaign.bytes());
    expect(lastChange((await campaign.status())!.json)).toBeUndefined();
    expect((await both(undoArgv('fireteam'))).run.code).toBe(2);

    const next = nextArgv('fireteam', fireteamNextOptions({ assault: ['C5', 'C2'], split: ['', ''] }));
    expect(campaign.take(await run([...next, '-o', '/out/muster.pdf']))).toBe(true);
    expect((await muster([...next, '-o', 'cli.pdf'], dir)).code).toBe(0);
    const turn = text(campaign.bytes());
    await both(recordArgv('fireteam', fireteamRecordOptions({ battle: '1', winner: 'b' })));
    const recorded = text(campaign.bytes());
    expect(lastChange((await campaign.status())!.json)).toMatch(/^recorded battle 1 of turn 1 \(.+ won\)$/);
    const undone = await both(undoArgv('fireteam'));
    expect(undone.changed).toBe(true);
    expect(campaignPart(text(campaign.bytes()))).toBe(campaignPart(turn));
    expect(lastChange((await campaign.status())!.json)).toMatch(/^took back recorded battle 1 of turn 1/);
    await both(undoArgv('fireteam'));
    expect(campaignPart(text(campaign.bytes()))).toBe(campaignPart(recorded));
    expect(campaignPart(recorded)).not.toBe(campaignPart(turn));
    expect(campaignPart(turn)).not.toBe(fresh);
  });
});

describe('house rules in the page, run in Node', () => {
  it('takes the chosen folder’s name off, and reads a zip', () => {
    const b = new Uint8Array([1]);
    expect(houseFiles([{ path: 'club/bof/tables/a.yaml', bytes: b }, { path: 'club/.DS_Store', bytes: b }], ['bof']).map((f) => f.path)).toEqual(['bof/tables/a.yaml']);
    expect(houseFiles([{ path: 'bof/tables/a.yaml', bytes: b }], ['bof']).map((f) => f.path)).toEqual(['bof/tables/a.yaml']);
    const zip = zipSync({ 'club/bof/tables/a.yaml': b, '__MACOSX/club/._a.yaml': b });
    expect(houseFiles(unzipHouse(zip), ['bof']).map((f) => f.path)).toEqual(['bof/tables/a.yaml']);
    expect(withHouse(['tables', 'bof'], true)).toEqual(['tables', 'bof', '--data', 'house']);
    expect(withHouse(['tables', 'bof'], false)).toEqual(['tables', 'bof']);
  });

  it('checks a broken table as validate does, and takes a valid one, whose tables print as the command line’s (in chromium below, or here without it)', async () => {
    const { files, run } = await loadBuiltPage();
    const broken = houseFolder(true);
    const entries = (dir: string) => [{ path: 'club-rules/bof/tables/combat.yaml', bytes: new Uint8Array(readFileSync(path.join(dir, 'bof/tables/combat.yaml'))) }];
    const bad = await checkHouse(files, houseFiles(entries(broken), ['bof']), run);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('muster: Bad data:\n  /player/house/bof/tables/combat.yaml at tables[0].rows[2].bonus.mod: at most 1000\n');
    const cliDir = mkdtempSync(path.join(tmpdir(), 'muster-validate-'));
    cpSync(broken, path.join(cliDir, 'house'), { recursive: true });
    const cli = await muster(['validate', '--data', 'house'], cliDir);
    expect(cli.code).toBe(2);
    expect(bad.stderr).toBe(cli.stderr.replaceAll(cliDir, '/player'));

    const good = houseFolder(false);
    const ok = await checkHouse(files, houseFiles(entries(good), ['bof']), run);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^OK: /);
    expect(files.has(`${HOUSE_PATH}/bof/tables/combat.yaml`)).toBe(true);
    // the tables printed with it, byte for byte: here where no chromium runs (and under
    // MUSTER_DEEP=1); with chromium, the page itself prints them below and holds them to the command line's
    if (runThem && !DEEP) return;
    const page = await run(withHouse(['tables', 'bof', '-o', '/out/muster.pdf'], true));
    // the page's house rules are the folder "house": its pages name it so, as the command line's of that name
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-tables-'));
    cpSync(good, path.join(dir, 'house'), { recursive: true });
    const printed = await muster(['tables', 'bof', '--data', 'house', '-o', 'cli.pdf'], dir);
    expect(printed.code).toBe(0);
    expect(Buffer.compare(Buffer.from(page.written.get('/out/muster.pdf')!), readFileSync(path.join(dir, 'cli.pdf')))).toBe(0);
  });
});

// ---- in chromium ----------------------------------------------------------------------------


describe.skipIf(!runThem)('campaigns and house rules in chromium', () => {
  let base = '';
  let browser: Browser;
  usePageServer((served) => ({ base, browser } = served));

  /** A new Burst of Fire campaign started from the form, its sides named and its seed given. */
  async function startCampaign(page: Page, a: string, b: string, seed: string): Promise<CampaignProbe> {
    await page.type(await control(page, "Side A's name"), a);
    await page.type(await control(page, "Side B's name"), b);
    await page.type(await control(page, 'Campaign seed'), seed);
    return campaignStep(page, 'Start a new campaign');
  }

  async function open(hash: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; downloads: string }> {
    const page = answering(await browser.newPage());
    await page.setViewport(viewport);
    page.on('pageerror', (error) => {
      throw error;
    });
    const downloads = await allowDownloads(page);
    await page.goto(`${base}${hash}`);
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await settled(page);
    return { page, downloads };
  }

  provesAgain('a campaign played')('starts a Burst of Fire campaign, records a game with the form, and downloads the command line’s state', async () => {
    const { page, downloads } = await open('#/bof/campaign');
    expect(await page.$eval('#campaign', (e) => (e as HTMLElement).hidden)).toBe(false);
    const started = await startCampaign(page, 'Red', 'Blue', 'club');
    expect(started.code).toBe(0);
    expect(started.unsaved).toBe(true);
    // kept in the browser at once under its sides' names, with the download offered as a backup
    expect(started.kept).toMatch(/^Red vs Blue( \(\d+\))?$/);
    expect(started.versions).toBe(1);
    expect(await page.$eval('#cp-keep', (e) => (e as HTMLElement).hidden)).toBe(false);
    expect(await page.$eval('#cp-keep-words', (e) => e.textContent)).toBe("Never downloaded: 1 change in this browser alone. Download the campaign file now and then as a backup. Clearing the browser's data for this site removes what it keeps.");

    await page.select(await control(page, 'Winner'), 'a');
    await page.select(await control(page, 'Victory'), 'decisive');
    await page.type(await control(page, 'Combat Score, side A'), '32');
    await page.type(await control(page, 'Combat Score, side B'), '18');
    await button(page, 'Add salvage');
    await page.type(await control(page, 'Salvage 1: what'), 'abandoned Sherman');
    await button(page, 'Add an upgrade');
    await page.type(await control(page, 'Upgrade 1: what'), 'Panzer IV for the Panzer III');
    await page.type(await control(page, 'Upgrade 1: cost'), '8');
    expect(await page.$eval('#cp-command', (e) => e.textContent)).toBe(
      "muster campaign bof record --state campaign.json --winner a --victory decisive --combat-score 32:18 --salvage 'a:abandoned Sherman' --upgrade 'a:Panzer IV for the Panzer III:8'",
    );
    const recorded = await campaignStep(page, 'Record the game');
    expect(recorded.code).toBe(0);
    expect(recorded.stderr).toMatch(/^Game 1 recorded/);
    expect(await page.$eval('#cp-messages', (e) => e.textContent)).toBe(recorded.stderr.trim());
    await page.screenshot({ path: path.join(shots, 'web-campaign-desktop.png'), fullPage: true });

    // a refused record: the command line's message, nothing changed
    await page.select(await control(page, 'Winner'), 'b');
    await page.select(await control(page, 'Victory'), 'decisive');
    const refused = await campaignStep(page, 'Record the game');
    expect(refused.code).toBe(2);
    expect(refused.state).toBe(recorded.state);
    // the command line's message in the page's words: its controls named by their labels
    const refusal = await page.$eval('#cp-messages', (e) => e.textContent ?? '');
    expect(refusal).toBe('record needs “Winner”, “Victory” and “Combat Score, side A and Combat Score, side B”');
    expect(playerProblems([refusal])).toEqual([]);
    await page.$eval('#cp-messages', (e) => e.scrollIntoView());
    await page.screenshot({ path: path.join(shots, 'web-campaign-refused.png') });
    expect(await page.$eval('#cp-messages', (e) => e.className)).toBe('messages failed');

    await button(page, 'Download the campaign file');
    for (let i = 0; i < 100 && !readdirSync(downloads).includes('bof-campaign.json'); i++) await new Promise((r) => setTimeout(r, 100));
    const downloaded = readFileSync(path.join(downloads, 'bof-campaign.json'), 'utf8');
    expect(downloaded).toBe(recorded.state);
    expect(await page.$eval('#cp-keep-words', (e) => e.textContent)).toContain('Your downloaded bof-campaign.json is up to date.');

    // the command line reads the downloaded file and says what the page says; its own run writes the same file
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-campaign-'));
    writeFileSync(path.join(dir, 'downloaded.json'), downloaded);
    const status = await muster(['campaign', 'bof', 'status', '--state', 'downloaded.json'], dir);
    expect(status.stderr.trim()).toBe(recorded.status.replace('--state campaign.json', '--state downloaded.json'));
    // the last change is named by the undo button, not again in the status words
    expect(recorded.status).toMatch(/\nLast change: recorded game 1 \(Red won\); to take it back: muster campaign bof undo --state campaign\.json$/);
    expect(await page.$eval('#cp-status-text', (e) => e.textContent)).toBe(recorded.status.split('\n')[0]);
    await muster(['campaign', 'bof', 'new', '--state', 'campaign.json', '--names', 'Red,Blue', '--seed', 'club'], dir);
    await muster(recordArgv('bof', bofRecordOptions(RECORD)), dir);
    expect(downloaded).toBe(readFileSync(path.join(dir, 'campaign.json'), 'utf8'));

    // the booklet prints as other products do, from the page's copy
    await page.select(await control(page, 'Print from the campaign'), 'booklet');
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster campaign bof booklet --state campaign.json');
    // the maps' terrain, as for a scenario: normal, the command line's default, is left out
    await page.select(await control(page, 'Terrain on the map'), 'light');
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster campaign bof booklet --state campaign.json --terrain light');
    await page.evaluate(() => delete window.muster.last);
    await button(page, 'Preview');
    await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 120_000 });
    const booklet = (await page.evaluate(() => window.muster.last))!;
    expect(booklet.code).toBe(0);
    const cliBooklet = await muster([...bookletArgv('bof'), '--terrain', 'light', '-o', 'cli.pdf'], dir);
    expect(cliBooklet.code).toBe(0);
    expect(Buffer.compare(Buffer.from(booklet.base64, 'base64'), readFileSync(path.join(dir, 'cli.pdf')))).toBe(0);
    expect(localStorageUsed(await page.evaluate(() => [localStorage.length, sessionStorage.length]))).toBe(false);

    await page.setViewport({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(shots, 'web-campaign-phone.png'), fullPage: true });
    await page.close();
  });

  provesAgain('a campaign played')('undoes the last change with a button, and undoes the undo, as the command line does', async () => {
    const { page } = await open('#/bof/campaign');
    const started = await startCampaign(page, 'Red', 'Blue', 'undo');
    expect(started.code).toBe(0);
    // nothing to take back yet: no button
    expect(await page.$eval('#cp-undo-box', (e) => (e as HTMLElement).hidden)).toBe(true);

    await page.select(await control(page, 'Winner'), 'b');
    await page.select(await control(page, 'Victory'), 'strategic');
    await page.type(await control(page, 'Combat Score, side A'), '12');
    await page.type(await control(page, 'Combat Score, side B'), '30');
    const recorded = await campaignStep(page, 'Record the game');
    expect(recorded.code).toBe(0);
    expect(await page.$eval('#cp-undo-box', (e) => (e as HTMLElement).hidden)).toBe(false);
    expect(await page.$eval('#cp-last-change', (e) => e.textContent)).toBe('Last change: recorded game 1 (Blue won).');
    expect(await page.$eval('#cp-undo-command', (e) => e.textContent)).toBe('muster campaign bof undo --state campaign.json');

    const undone = await campaignStep(page, 'Undo the last change');
    expect(undone.code).toBe(0);
    expect(undone.stderr).toMatch(/^Took back recorded game 1 \(Blue won\)\. You are here: game 1 of at most 10/);
    expect(await page.$eval('#cp-messages', (e) => e.textContent)).toBe(undone.stderr.trim());
    expect(campaignPart(undone.state)).toBe(started.state);
    expect(undone.unsaved).toBe(true);
    expect(undone.versions).toBe(3);
    expect(await page.$eval('#cp-keep-words', (e) => e.textContent)).toContain('Never downloaded: 3 changes in this browser alone.');
    expect(await page.$eval('#cp-last-change', (e) => e.textContent)).toBe('Last change: took back recorded game 1 (Blue won).');
    await page.screenshot({ path: path.join(shots, 'web-campaign-undo.png'), fullPage: true });

    const redone = await campaignStep(page, 'Undo the last change');
    expect(redone.code).toBe(0);
    expect(campaignPart(redone.state)).toBe(campaignPart(recorded.state));
    expect(await page.$eval('#cp-last-change', (e) => e.textContent)).toBe('Last change: put back recorded game 1 (Blue won).');

    // the command line, run the same way, writes the very file the page holds
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-campaign-undo-'));
    await muster(['campaign', 'bof', 'new', '--state', 'campaign.json', '--names', 'Red,Blue', '--seed', 'undo'], dir);
    await muster(recordArgv('bof', [['winner', 'b'], ['victory', 'strategic'], ['combat-score', '12:30']]), dir);
    for (let i = 0; i < 2; i++) expect((await muster(undoArgv('bof'), dir)).code).toBe(0);
    expect(readFileSync(path.join(dir, 'campaign.json'), 'utf8')).toBe(redone.state);

    // the changes the file itself keeps, each but the last with a way back to just after it (issue 51)
    await page.evaluate(() => ((document.getElementById('cp-file-history') as HTMLDetailsElement).open = true));
    expect(await page.$$eval('#cp-file-history-list li', (lis) => lis.map((li) => li.textContent))).toEqual([
      'before recorded game 1 (Blue won)Go back to just after this',
      'recorded game 1 (Blue won)Go back to just after this',
      'took back recorded game 1 (Blue won)Go back to just after this',
      'put back recorded game 1 (Blue won) (as it stands)',
    ]);
    expect(await page.$eval('#cp-file-history-command', (e) => e.textContent)).toBe('muster campaign bof history --state campaign.json');
    await page.screenshot({ path: path.join(shots, 'web-campaign-file-history.png'), fullPage: true });
    const wentBack = await campaignAfter(page, () => page.click('#cp-to-0'));
    expect(wentBack.code).toBe(0);
    expect(campaignPart(wentBack.state)).toBe(started.state);
    expect(await page.$eval('#cp-last-change', (e) => e.textContent)).toBe('Last change: went back to before recorded game 1 (Blue won).');
    expect((await muster(undoToArgv('bof', 0), dir)).code).toBe(0);
    expect(readFileSync(path.join(dir, 'campaign.json'), 'utf8')).toBe(wentBack.state);
    await page.close();
  });

  proves('a campaign kept', 'a campaign played')('keeps a campaign in the browser through a reload, goes back to any state it had, and asks for a backup after five changes', async () => {
    const { page } = await open('#/bof/campaign');
    const started = await startCampaign(page, 'Gold', 'Green', 'kept');
    expect([started.code, started.kept, started.versions]).toEqual([0, 'Gold vs Green', 1]);
    const record = async (winner: 'a' | 'b', score: [string, string]) => {
      await page.select(await control(page, 'Winner'), winner);
      await page.select(await control(page, 'Victory'), 'decisive');
      await page.type(await control(page, 'Combat Score, side A'), score[0]);
      await page.type(await control(page, 'Combat Score, side B'), score[1]);
      return campaignStep(page, 'Record the game');
    };
    const first = await record('a', ['30', '12']);
    const second = await record('b', ['9', '27']);
    const undone = await campaignStep(page, 'Undo the last change');
    expect([first.versions, second.versions, undone.versions]).toEqual([2, 3, 4]);
    expect(await page.$eval('#cp-keep', (e) => e.classList.contains('unsaved'))).toBe(false);

    // reloaded: listed on the first screen, and opened as it was left
    await page.reload();
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await settled(page);
    const listed = await page.$$eval('#kept-campaign-list li', (lis) => lis.map((li) => [...li.querySelectorAll('span')].map((s) => s.textContent).join(' / ')));
    // where it stands (issue 51, point 5): the game that comes next and who attacks
    const line = 'Gold vs Green / Burst of Fire · game 2 next (rung 2 of 9): no attacker yet · 4 changes not downloaded';
    expect(listed).toContain(line);
    const reopened = await campaignAfter(page, () => press(page, `#kept-campaign-open-${listed.indexOf(line)}`));
    expect([reopened.state, reopened.kept, reopened.versions]).toEqual([undone.state, 'Gold vs Green', 4]);
    expect(await page.$eval('#cp-messages', (e) => e.textContent)).toBe('Opened “Gold vs Green”, kept in this browser.');
    const history = () => page.$$eval('#cp-history-list li', (lis) => lis.map((li) => li.textContent));
    expect(await history()).toEqual([
      'took back recorded game 2 (Green won) (as it stands)',
      'recorded game 2 (Green won)Go back to this',
      'recorded game 1 (Gold won)Go back to this',
      'startedGo back to this',
    ]);

    // back to the state after game 2: a change of its own, the fifth, which asks for a backup
    await page.evaluate(() => ((document.getElementById('cp-history') as HTMLDetailsElement).open = true));
    const back = await campaignAfter(page, () => press(page, '#cp-back-2'));
    expect([back.state, back.versions]).toEqual([second.state, 5]);
    expect(back.status).toBe(second.status);
    expect(await page.$eval('#cp-messages', (e) => e.textContent)).toBe('Back to: recorded game 2 (Green won). Going back is itself a change, listed in the history.');
    expect((await history())[0]).toBe('went back to: recorded game 2 (Green won) (as it stands)');
    expect(await page.$eval('#cp-keep', (e) => e.classList.contains('unsaved'))).toBe(true);
    expect(await page.$eval('#cp-keep-words', (e) => e.textContent)).toContain('Never downloaded: 5 changes in this browser alone.');
    await page.$eval('#cp-keep', (e) => e.scrollIntoView());
    await page.screenshot({ path: path.join(shots, 'web-campaign-kept.png') });
    await page.setViewport({ width: 360, height: 800 });
    await page.screenshot({ path: path.join(shots, 'web-campaign-kept-phone.png') });
    await page.setViewport({ width: 1280, height: 900 });

    // the state gone back to is the command line's own: it records the next game from it as the page does
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-campaign-kept-'));
    writeFileSync(path.join(dir, 'campaign.json'), back.state);
    const third = await record('a', ['22', '20']);
    expect(third.code).toBe(0);
    expect((await muster(recordArgv('bof', [['winner', 'a'], ['victory', 'decisive'], ['combat-score', '22:20']]), dir)).code).toBe(0);
    expect(third.state).toBe(readFileSync(path.join(dir, 'campaign.json'), 'utf8'));

    // a browser that refuses to keep the new name (its disk full): kept as it was, and said so
    await page.evaluate(() => {
      const put = IDBObjectStore.prototype.put;
      (window as unknown as { keptPut: typeof put }).keptPut = put;
      IDBObjectStore.prototype.put = () => {
        throw new DOMException('the disk is full', 'QuotaExceededError');
      };
    });
    await page.$eval('#cp-keep-name', (e) => ((e as HTMLInputElement).value = 'Club ladder 1944'));
    const refused = await campaignStep(page, 'Rename');
    expect(refused.kept).toBe('Gold vs Green');
    expect(await page.$eval('#cp-messages', (e) => e.textContent)).toBe(
      "This browser did not take the new name (this browser's storage for the page is full: remove kept forces, campaigns or games you no longer need, or free space on the device): the campaign is still kept as “Gold vs Green”.",
    );
    await page.evaluate(() => {
      IDBObjectStore.prototype.put = (window as unknown as { keptPut: typeof IDBObjectStore.prototype.put }).keptPut;
    });

    // renamed, then removed from the first screen: the page's copy stays open, no longer kept
    const renamed = await campaignStep(page, 'Rename');
    expect(renamed.kept).toBe('Club ladder 1944');
    const names = () => page.$$eval('#kept-campaign-list .kept-name', (spans) => spans.map((s) => s.textContent));
    expect(await names()).toContain('Club ladder 1944');
    expect(await names()).not.toContain('Gold vs Green');
    const removed = await campaignAfter(page, async () => press(page, `#kept-campaign-remove-${(await names()).indexOf('Club ladder 1944')}`));
    expect(await names()).not.toContain('Club ladder 1944');
    expect([removed.kept, removed.state]).toEqual(['', third.state]);
    expect(await page.$eval('#cp-keep-words', (e) => e.textContent)).toContain('This browser does not keep this campaign');
    await page.close();
  });

  proves('house rules')('checks a house-rules folder as validate does, and prints tables with it once valid', async () => {
    const { page } = await open('#/bof/tables');
    const broken = houseFolder(true);
    // the folder chosen with the picker (webkitdirectory): its files with their paths inside it
    await page.evaluate(() => delete window.muster.house);
    await ((await page.$('#house-folder')) as unknown as { uploadFile(...p: string[]): Promise<void> }).uploadFile(broken);
    await page.waitForFunction(() => window.muster.house !== undefined, { timeout: 60_000 });
    expect(await page.$eval('#house-report', (e) => e.textContent ?? '')).toBe('club-rules: not taken (1 file)\nbof/tables/combat.yaml, table 1, row 3, bonus, mod: at most 1000\nNo house rules are in use.');
    expect(await page.$eval('#house-use', (e) => (e as HTMLInputElement).disabled)).toBe(true);
    await page.screenshot({ path: path.join(shots, 'web-house-broken.png'), fullPage: true });

    const zipOf = (dir: string, name: string) => {
      const file = path.join(path.dirname(dir), name);
      writeFileSync(file, zipSync({ 'club-rules/bof/tables/combat.yaml': new Uint8Array(readFileSync(path.join(dir, 'bof/tables/combat.yaml'))) }));
      return file;
    };
    await page.evaluate(() => delete window.muster.house);
    await ((await page.$('#house-zip')) as unknown as { uploadFile(...p: string[]): Promise<void> }).uploadFile(zipOf(broken, 'broken.zip'));
    await page.waitForFunction(() => window.muster.house !== undefined, { timeout: 60_000 });
    const bad = await page.$eval('#house-report', (e) => e.textContent ?? '');
    expect(playerProblems(bad.split('\n'))).toEqual([]);
    // the file as the zip holds it, its top folder and all (issue 54, point 4)
    expect(bad).toBe('broken.zip: not taken (1 file)\nclub-rules/bof/tables/combat.yaml, table 1, row 3, bonus, mod: at most 1000\nNo house rules are in use.');

    const good = houseFolder(false);
    await page.evaluate(() => delete window.muster.house);
    await ((await page.$('#house-zip')) as unknown as { uploadFile(...p: string[]): Promise<void> }).uploadFile(zipOf(good, 'good.zip'));
    await page.waitForFunction(() => window.muster.house !== undefined, { timeout: 60_000 });
    expect(await page.$eval('#house-report', (e) => e.textContent ?? '')).toMatch(/^good\.zip: 1 file\nOK: /);
    expect(await page.$eval('#house-use', (e) => (e as HTMLInputElement).checked)).toBe(true);
    expect(await page.$eval('#command', (e) => e.textContent)).toBe('muster tables bof --data house');
    await page.evaluate(() => delete window.muster.last);
    await button(page, 'Preview');
    await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 120_000 });
    const made = (await page.evaluate(() => window.muster.last))!;
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-tables-'));
    cpSync(good, path.join(dir, 'house'), { recursive: true });
    // the command line in its own process: fonts subset in one run only (in-process runs share a font cache)
    const cli = spawnSync(process.execPath, [path.join(repo, 'bin/muster.js'), 'tables', 'bof', '--data', 'house', '-o', 'cli.pdf'], { cwd: dir, encoding: 'utf8' });
    expect(cli.status).toBe(0);
    expect([made.code, made.stderr]).toEqual([0, cli.stderr.replace(/^Wrote .*$/m, 'Wrote /out/muster.pdf (8 pages)')]);
    expect(Buffer.compare(Buffer.from(made.base64, 'base64'), readFileSync(path.join(dir, 'cli.pdf')))).toBe(0);
    await page.screenshot({ path: path.join(shots, 'web-house-desktop.png'), fullPage: true });
    await page.close();
  });
});

function localStorageUsed([local, session]: number[]): boolean {
  return (local ?? 0) + (session ?? 0) > 0;
}
