// The page's campaign panel takes the forces (issue 26): the start form gives `campaign new`
// a force file for each side (or the player's alone in a solo campaign) from this device or
// from the page's force builder, with --strict; Burst of Fire's record takes structured
// upgrades, salvage and notes, offering the kept forces' units; the status shows each side's
// kept force and where the campaign stands. Every run is held against the command line's for
// the same argv: the state file and the PDF byte for byte.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { DEEP } from '../helpers/sample.js';
import { playerProblems } from '../helpers/player-words.js';
import { newArgv, nextArgv, PageCampaign, recordArgv, STATE_PATH, uploadName } from '../../src/web/campaign-page.js';
import { shellLine } from '../../src/web/form.js';
import { PLAYER_FOLDER } from '../../src/web/page-files.js';
import { bofRecordOptions, salvageChoices, upgradeChoices, type BofNames, type KeptForce } from '../../src/systems/bof/page/campaign-panel.js';
import { fireteamListsOptions, fireteamNextOptions, forceList, keptForceWords } from '../../src/systems/fireteam/page/campaign-panel.js';
import { button, campaignStep, control, loadBuiltPage, openPage, repo, runBrowserTests as runThem, shots, usePageServer } from '../helpers/page.js';
import { provesAgain } from '../helpers/page-kinds.js';

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const example = (name: string) => path.join(repo, 'examples/forces', name);
const WEBER = readFileSync(example('kampfgruppe-weber.yaml'));
const RUSSIANS = readFileSync(example('fireteam-russians.yaml'));
/** Side B's force: a small US tank platoon, a Sherman among it for the winner to salvage. */
const EASY = readFileSync(path.join(repo, 'test/fixtures/forces/easy-company-tanks.yaml'), 'utf8');

/** A folder holding the forces as the page names them, for the command line to run in. */
function forcesDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-campaign-forces-'));
  writeFileSync(path.join(dir, 'kampfgruppe-weber.yaml'), WEBER);
  writeFileSync(path.join(dir, 'easy-company.yaml'), EASY);
  writeFileSync(path.join(dir, 'fireteam-russians.yaml'), RUSSIANS);
  return dir;
}

const START = ['campaign', 'bof', 'new', '--state', 'campaign.json', '--names', 'Red,Blue', '--force', 'kampfgruppe-weber.yaml', '--force', 'easy-company.yaml', '--strict', '--seed', 'club'];
const RECORD = ['--winner', 'a', '--victory', 'decisive', '--combat-score', '30:10', '--salvage', 'a:M4 Sherman', '--upgrade', 'a:2 x Grenadier>elite', '--note', 'b:Lieutenant wounded'];

describe('the campaign panel’s forces, run in Node', () => {
  it('builds `new` with the forces, --strict and a solo name as the command line takes them', () => {
    expect(newArgv('bof', { names: ['Red', 'Blue'], forces: ['kampfgruppe-weber.yaml', 'easy-company.yaml'], strict: true, seed: 'club', options: [] })).toEqual(START);
    // solo: the player's name alone (side B is the enemy), and the player's force
    expect(newArgv('bof', { names: ['Anna', 'ignored'], solo: true, forces: ['force.yaml'], options: [['solo']], seed: 's' })).toEqual(['campaign', 'bof', 'new', '--state', 'campaign.json', '--names', 'Anna', '--force', 'force.yaml', '--solo', '--seed', 's']);
    expect(newArgv('bof', { names: ['', ''], solo: true, options: [['solo']] })).toEqual(['campaign', 'bof', 'new', '--state', 'campaign.json', '--solo']);
    // --strict means something only with a force
    expect(newArgv('bof', { strict: true, forces: [] })).toEqual(['campaign', 'bof', 'new', '--state', 'campaign.json']);
    // a file named like the builder's, or like side A's, gets its side's prefix
    expect(uploadName('a', 'my force (v2).yaml', ['force.yaml'])).toBe('my_force_v2_.yaml');
    expect(uploadName('a', 'force.yaml', ['force.yaml'])).toBe('a-force.yaml');
    expect(uploadName('b', 'mine.yaml', ['force.yaml', 'mine.yaml'])).toBe('b-mine.yaml');
  });

  it('writes record’s upgrades with the cost only where one is given, and notes', () => {
    const options = bofRecordOptions({
      winner: 'a',
      victory: 'decisive',
      score: ['30', '10'],
      salvage: [{ side: 'a', text: ' M4 Sherman ' }, { side: 'a', text: '' }],
      upgrades: [
        { side: 'a', text: '2 x Grenadier>elite', cost: '' },
        { side: 'b', text: 'Rifleman+Bazooka', cost: ' 3 ' },
        { side: 'a', text: '', cost: '' },
      ],
      notes: [{ side: 'b', text: 'Lieutenant wounded' }, { side: 'a', text: '  ' }],
    });
    expect(recordArgv('bof', options)).toEqual([
      ...['campaign', 'bof', 'record', '--state', 'campaign.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '30:10', '--salvage', 'a:M4 Sherman'],
      ...['--upgrade', 'a:2 x Grenadier>elite', '--upgrade', 'b:Rifleman+Bazooka:3', '--note', 'b:Lieutenant wounded'],
    ]);
    // never a trailing colon for the command line to read as an empty cost
    expect(options.every(([, value]) => !value?.endsWith(':'))).toBe(true);
  });

  it('offers the kept force’s units for an upgrade, and what the loser fielded for salvage', () => {
    const force: KeptForce = {
      name: 'Easy Company tanks',
      nation: 'us',
      doctrine: 'us-armor',
      detachment: 'us-tank-platoon',
      points: 42,
      limit: 100,
      problems: [],
      units: [
        { unit: 'us-officer', name: 'Lieutenant', count: 1, quality: 'regular', weapons: ['us-m1-carbine'], points: 0 },
        { unit: 'us-m4-sherman', name: 'M4 Sherman', count: 1, quality: 'regular', weapons: [], points: 30 },
        { unit: 'us-rifleman', name: 'Rifleman', count: 3, quality: 'regular', weapons: ['us-m1-garand'], points: 6 },
        { unit: 'us-rifleman', name: 'Rifleman', count: 1, quality: 'elite', weapons: ['us-m1-garand', 'hand-grenade'], points: 3 },
      ],
    };
    expect(upgradeChoices(force)).toEqual([
      { value: 'Lieutenant', label: '1 model, regular' },
      { value: 'M4 Sherman', label: '1 model, regular' },
      { value: 'Rifleman', label: '4 models, mixed' },
    ]);
    expect(upgradeChoices(null)).toEqual([]);
    const listed = (entries: [string, string, string?][]) => new Map(entries.map(([id, name, type]) => [id, { id, name, ...(type ? { details: { type } } : {}) }]));
    const names: BofNames = {
      units: listed([['us-officer', 'Lieutenant', 'ranking-officer'], ['us-m4-sherman', 'M4 Sherman', 'afv'], ['us-rifleman', 'Rifleman', 'infantry']]),
      weapons: listed([['us-m1-carbine', 'M1 Carbine'], ['us-m1-garand', 'M1 Garand'], ['hand-grenade', 'Hand grenade']]),
      nations: new Map(),
      doctrines: new Map(),
      detachments: new Map(),
      modes: [],
    };
    expect(salvageChoices(force, names).map((c) => c.value)).toEqual(['M1 Carbine', 'M4 Sherman', 'M1 Garand', 'Hand grenade']);
    expect(salvageChoices(undefined, names)).toEqual([]);
  });

  it('gives Fire Team’s lists only where a side without a force chose one, reading a force’s list from its file', () => {
    expect(forceList(text(RUSSIANS))).toBe('russians');
    expect(forceList('not: [a force')).toBeUndefined();
    expect(fireteamListsOptions(['russians', 'finns'], [true, false])).toEqual([['lists', 'russians,finns']]);
    expect(fireteamListsOptions(['russians', 'fallschirmjager'], [true, true])).toEqual([]);
    expect(fireteamListsOptions(['russians', ''], [true, false])).toEqual([]);
    const force = { name: 'Vzvod Orlov', list: 'russians', platoons: [{ squads: 3 }], reinforcements: [{ pick: 'hmg-team' }, { pick: 'artillery' }] };
    expect(keptForceWords(force, [{ id: 'russians', name: 'Russians' }], 'Red')).toBe('Vzvod Orlov, Russians list: 1 platoon, 2 reinforcement picks in order');
    // a side named after its force (the command line's default name) is not named twice
    expect(keptForceWords({ ...force, reinforcements: [] }, [], 'Vzvod Orlov')).toBe('russians list: 1 platoon, reinforcements rolled');
    expect(keptForceWords(null, [], 'Red')).toBe('bought by the dice for each battle');
  });

  it('starts a campaign with force files as the command line does, and leaves the page’s folder as it was', async () => {
    const { files, run } = await loadBuiltPage();
    // the scenario form's own file of one of the names stays as it was
    const scenarios = new TextEncoder().encode('name: the scenario form’s\n');
    files.add(`${PLAYER_FOLDER}/easy-company.yaml`, scenarios);
    const campaign = new PageCampaign(files, run);
    const uploads = new Map([
      ['kampfgruppe-weber.yaml', new Uint8Array(WEBER)],
      ['easy-company.yaml', new TextEncoder().encode(EASY)],
    ]);
    const started = await campaign.start('bof', { names: ['Red', 'Blue'], forces: [...uploads.keys()], strict: true, seed: 'club' }, uploads);
    expect(started.run.code, started.run.stderr).toBe(0);
    expect(files.has(`${PLAYER_FOLDER}/kampfgruppe-weber.yaml`)).toBe(false);
    expect(text(files.read(`${PLAYER_FOLDER}/easy-company.yaml`, 1000).bytes)).toBe(text(scenarios));

    const dir = forcesDir();
    const cli = await muster(START, dir);
    expect(cli.code, cli.stderr).toBe(0);
    expect(started.run.stderr).toBe(cli.stderr);
    expect(text(campaign.bytes())).toBe(readFileSync(path.join(dir, 'campaign.json'), 'utf8'));

    const recorded = await campaign.change(recordArgv('bof', toOptions(RECORD)));
    const cliRecorded = await muster(recordArgv('bof', toOptions(RECORD)), dir);
    expect([recorded.run.code, recorded.run.stderr]).toEqual([cliRecorded.code, cliRecorded.stderr]);
    expect(text(campaign.bytes())).toBe(readFileSync(path.join(dir, 'campaign.json'), 'utf8'));

    // a force the command line refuses: its words, no campaign made, the copy before it kept
    const before = text(campaign.bytes());
    const broken = new TextEncoder().encode(EASY.replace('us-m4-sherman', 'us-m4-shermann'));
    const refused = await campaign.start('bof', { forces: ['easy-company.yaml'], seed: 'x' }, new Map([['easy-company.yaml', broken]]));
    writeFileSync(path.join(dir, 'broken.yaml'), broken);
    const cliRefused = await muster(['campaign', 'bof', 'new', '--state', 'refused.json', '--force', 'broken.yaml', '--seed', 'x'], dir);
    expect(refused.run.code).toBe(2);
    expect(cliRefused.code).toBe(2);
    expect(refused.run.stderr).toBe(cliRefused.stderr.replaceAll(dir, PLAYER_FOLDER).replaceAll('broken.yaml', 'easy-company.yaml'));
    expect(text(campaign.bytes())).toBe(before);
    expect(files.has(STATE_PATH)).toBe(true);
  });
});

/** `--name value` pairs as the panel's options. */
function toOptions(argv: readonly string[]): [string, string][] {
  const options: [string, string][] = [];
  for (let i = 0; i < argv.length; i += 2) options.push([argv[i]!.slice(2), argv[i + 1]!]);
  return options;
}

// ---- in chromium ----------------------------------------------------------------------------


async function upload(page: Page, selector: string, file: string): Promise<void> {
  await ((await page.$(selector)) as unknown as { uploadFile(f: string): Promise<void> }).uploadFile(file);
}

const textOf = (page: Page, selector: string) => page.$eval(selector, (e) => e.textContent ?? '');
/** Each side's line of the kept forces, without the fold of its units. */
const forceLines = (page: Page) => page.$$eval('#cp-forces-kept > li', (lis) => lis.map((li) => [...li.childNodes].filter((n) => !['DETAILS', 'UL'].includes(n.nodeName)).map((n) => n.textContent).join('')));
const hidden = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLElement).hidden || (e as HTMLElement).closest('[hidden]') !== null);

describe.skipIf(!runThem)('the campaign panel’s forces in chromium', () => {
  let base = '';
  let browser: Browser;
  usePageServer((served) => ({ base, browser } = served));

  const open = (hash: string): Promise<Page> => openPage({ base, browser }, hash);

  provesAgain('a campaign played')('starts a Burst of Fire campaign with two uploaded forces, records a structured upgrade and prints the next game, as the command line does', async () => {
    const page = await open('#/bof/campaign');
    const dir = forcesDir();
    await page.type(await control(page, "Side A's name"), 'Red');
    await page.type(await control(page, "Side B's name"), 'Blue');
    // side B's force waits for side A's: the command line takes side A's first
    expect(await page.$eval(await control(page, "Side B's force"), (e) => (e as HTMLSelectElement).disabled)).toBe(true);
    expect(await hidden(page, '#cp-strict-box')).toBe(true);
    await page.select(await control(page, "Side A's force"), 'file');
    await upload(page, await control(page, "Side A's force file (YAML or JSON)"), path.join(dir, 'kampfgruppe-weber.yaml'));
    await page.select(await control(page, "Side B's force"), 'file');
    await upload(page, await control(page, "Side B's force file (YAML or JSON)"), path.join(dir, 'easy-company.yaml'));
    await page.waitForFunction(() => document.getElementById('cp-new-command')!.textContent!.includes('easy-company.yaml'), { timeout: 10_000 });
    await page.click(await control(page, 'Refuse a force that breaks its rules'));
    await page.type(await control(page, 'Campaign seed'), 'club');
    expect(await textOf(page, '#cp-new-command')).toBe(shellLine(START));
    await page.screenshot({ path: path.join(shots, 'web-campaign-forces-start.png'), fullPage: true });
    await page.setViewport({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(shots, 'web-campaign-forces-start-phone.png'), fullPage: true });
    await page.setViewport({ width: 1280, height: 900 });

    const started = await campaignStep(page, 'Start a new campaign');
    const cli = await muster(START, dir);
    expect([started.code, started.stderr]).toEqual([0, cli.stderr]);
    expect(started.state).toBe(readFileSync(path.join(dir, 'campaign.json'), 'utf8'));
    // the status: where the campaign stands, and each side's kept force
    expect(await textOf(page, '#cp-here .cp-here-words')).toBe('You are here: game 1, Probing the enemy lines (rung 1 of 9); no attacker yet.');
    expect(await page.$$eval('#cp-here li', (lis) => lis.map((li) => li.className))).toEqual(['here', '', '', '', '', '', '', '', '']);
    expect(await forceLines(page)).toEqual(['Red: Kampfgruppe Weber, 81 points (limit 100)', 'Blue: Easy Company tanks, 42 points (limit 100)']);

    // the record: side A's units offered for an upgrade, side B's Sherman for the winner's salvage
    await page.select(await control(page, 'Winner'), 'a');
    await page.select(await control(page, 'Victory'), 'decisive');
    await page.type(await control(page, 'Combat Score, side A'), '30');
    await page.type(await control(page, 'Combat Score, side B'), '10');
    await button(page, 'Add salvage');
    const salvageWhat = await control(page, 'Salvage 1: what');
    expect(await page.$eval(salvageWhat, (e) => [...(e as HTMLInputElement).list!.options].map((o) => o.value))).toContain('M4 Sherman');
    await page.type(salvageWhat, 'M4 Sherman');
    await button(page, 'Add an upgrade');
    const upgradeWhat = await control(page, 'Upgrade 1: what');
    expect(await page.$eval(upgradeWhat, (e) => [...(e as HTMLInputElement).list!.options].map((o) => o.value))).toEqual([
      'Leutnant Weber',
      'Unteroffizier Haas',
      'Grenadier',
      'Gefreiter Brandt',
      'MG-Schütze',
      'Pionier',
      'Scharfschütze',
      'MG 42 team (tripod)',
      '8 cm Granatwerfer 34',
      'Pak 36',
      'Opel Blitz',
    ]);
    expect(await page.$eval(upgradeWhat, (e) => document.getElementById(e.getAttribute('aria-describedby')!)!.textContent)).toMatch(/^Name a unit of Kampfgruppe Weber: FROM>TO/);
    await page.type(upgradeWhat, '2 x Grenadier>elite');
    await button(page, 'Add a note');
    await page.select(await control(page, 'Note 1: side'), 'b');
    await page.type(await control(page, 'Note 1: text'), 'Lieutenant wounded');
    await page.screenshot({ path: path.join(shots, 'web-campaign-forces-record.png'), fullPage: true });
    // the cost left empty: no ":cost" and no trailing colon
    expect(await textOf(page, '#cp-command')).toBe(shellLine(recordArgv('bof', toOptions(RECORD))));
    const recorded = await campaignStep(page, 'Record the game');
    const cliRecorded = await muster(recordArgv('bof', toOptions(RECORD)), dir);
    expect([recorded.code, recorded.stderr]).toEqual([0, cliRecorded.stderr]);
    expect(recorded.state).toBe(readFileSync(path.join(dir, 'campaign.json'), 'utf8'));
    expect(await textOf(page, '#cp-here .cp-here-words')).toBe('You are here: game 2, Victory Zones (rung 2 of 9); no attacker yet.');
    expect(await page.$eval('#cp-forces-kept > li', (li) => li.textContent)).toContain('Kampfgruppe Weber, 83 points (limit 102)');
    expect(await page.$eval('#cp-forces-kept > li', (li) => li.textContent)).toContain('1 × M4 Sherman (salvaged), conscript (');
    await page.screenshot({ path: path.join(shots, 'web-campaign-forces-desktop.png'), fullPage: true });

    // the next game's packet, from the page's copy: the command line's PDF
    await page.evaluate(() => delete window.muster.last);
    await button(page, 'Preview');
    await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 120_000 });
    const packet = (await page.evaluate(() => window.muster.last))!;
    expect(packet.argv.slice(0, 5)).toEqual(nextArgv('bof'));
    expect(packet.code, packet.stderr).toBe(0);
    const printed = await muster([...nextArgv('bof'), '-o', 'cli.pdf'], dir);
    expect(printed.code, printed.stderr).toBe(0);
    expect(Buffer.compare(Buffer.from(packet.base64, 'base64'), readFileSync(path.join(dir, 'cli.pdf')))).toBe(0);

    // every card again (a lost sheet, a new player): the box gives --all-cards, and the command line's PDF with it
    expect(await textOf(page, '#command')).toBe(shellLine(nextArgv('bof')));
    await page.click(await control(page, 'Every unit card again, not only those changed since the last packet'));
    expect(await textOf(page, '#command')).toBe(shellLine([...nextArgv('bof'), '--all-cards']));
    await page.evaluate(() => delete window.muster.last);
    await button(page, 'Preview');
    await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 120_000 });
    const every = (await page.evaluate(() => window.muster.last))!;
    expect(every.code, every.stderr).toBe(0);
    expect(every.argv).toContain('--all-cards');
    // the longer packet: the cards that stayed as game 1 printed them come again
    expect(pdfPageCount(Buffer.from(every.base64, 'base64'))).toBeGreaterThan(pdfPageCount(Buffer.from(packet.base64, 'base64')));
    // byte for byte the command line's under MUSTER_DEEP=1: a second twin of the packet above,
    // the page's own run of the argv it shows (the packet's twin is the proof of the kind)
    if (DEEP) {
      const printedAll = await muster([...nextArgv('bof'), '--all-cards', '-o', 'cli-all.pdf'], dir);
      expect(printedAll.code, printedAll.stderr).toBe(0);
      expect(Buffer.compare(Buffer.from(every.base64, 'base64'), readFileSync(path.join(dir, 'cli-all.pdf')))).toBe(0);
    }
    await page.click(await control(page, 'Every unit card again, not only those changed since the last packet'));
    expect(await textOf(page, '#command')).toBe(shellLine(nextArgv('bof')));

    // a phone: the record's rows and the status stacked, nothing wider than the screen
    await button(page, 'Add an upgrade');
    await button(page, 'Add salvage');
    await page.setViewport({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(shots, 'web-campaign-forces-phone.png'), fullPage: true });
    await page.close();
  });

  provesAgain('a campaign played')('starts a solo campaign with the force built in the page: your name and your force alone', async () => {
    const page = await open('#/bof/force');
    const dir = forcesDir();
    // the builder's force: a file loaded into it (the builder writes force.yaml, checked)
    await page.waitForFunction(() => window.musterForce?.system === 'bof', { timeout: 60_000 });
    await upload(page, '#fb-load', path.join(dir, 'kampfgruppe-weber.yaml'));
    await page.waitForFunction(() => window.musterForce?.settled === true && window.musterForce.report?.name === 'Kampfgruppe Weber', { timeout: 60_000 });
    const built = (await page.evaluate(() => window.musterForce!.yaml)) as string;
    await page.select('#product', 'campaign');
    await page.waitForFunction(() => !document.getElementById('campaign')!.hidden, { timeout: 60_000 });

    const forceA = await control(page, "Side A's force");
    expect(await page.$$eval(`${forceA} option`, (os) => os.map((o) => o.textContent))).toEqual(['none: rolled by the dice', 'a force file from this device', 'the force you built']);
    await page.click('#cp-solo');
    // one player: one name, one force
    expect(await hidden(page, '#cp-nameB-box')).toBe(true);
    expect(await hidden(page, '#cp-forceB-box')).toBe(true);
    await page.select(await control(page, 'Your force'), 'built');
    expect(await textOf(page, '#cp-forceA-built')).toBe('Kampfgruppe Weber, 81 points (from Build a force)');
    await page.type(await control(page, 'Your name'), 'Anna');
    await page.type(await control(page, 'Campaign seed'), 'ladder');
    const argv = ['campaign', 'bof', 'new', '--state', 'campaign.json', '--names', 'Anna', '--force', 'force.yaml', '--solo', '--seed', 'ladder'];
    expect(await textOf(page, '#cp-new-command')).toBe(shellLine(argv));
    await page.screenshot({ path: path.join(shots, 'web-campaign-forces-solo-start.png'), fullPage: true });
    const started = await campaignStep(page, 'Start a new campaign');
    writeFileSync(path.join(dir, 'force.yaml'), built);
    const cli = await muster(argv, dir);
    expect([started.code, started.stderr]).toEqual([0, cli.stderr]);
    expect(started.state).toBe(readFileSync(path.join(dir, 'campaign.json'), 'utf8'));
    expect(await forceLines(page)).toEqual([
      'Anna: Kampfgruppe Weber, 81 points (limit 100)',
      'Enemy: rolled by the dice for each game',
    ]);
    await page.setViewport({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(shots, 'web-campaign-forces-solo-phone.png'), fullPage: true });
    await page.close();
  });

  provesAgain('a campaign played')('starts a Fire Team campaign with a force: its army list from the file, the other side’s chosen', async () => {
    const page = await open('#/fireteam/campaign');
    const dir = forcesDir();
    await page.select(await control(page, "Side A's force"), 'file');
    await upload(page, await control(page, "Side A's force file (YAML or JSON)"), path.join(dir, 'fireteam-russians.yaml'));
    await page.waitForFunction(() => document.getElementById('cp-new-command')!.textContent!.includes('fireteam-russians.yaml'), { timeout: 10_000 });
    const listA = await control(page, 'Side A army list');
    expect(await page.$eval(listA, (e) => [(e as HTMLSelectElement).value, (e as HTMLSelectElement).disabled])).toEqual(['russians', true]);
    await page.select(await control(page, 'Side B army list'), 'finns');
    await page.type(await control(page, 'Campaign seed'), 'river');
    const argv = ['campaign', 'fireteam', 'new', '--state', 'campaign.json', '--force', 'fireteam-russians.yaml', '--lists', 'russians,finns', '--seed', 'river'];
    expect(await textOf(page, '#cp-new-command')).toBe(shellLine(argv));
    const started = await campaignStep(page, 'Start a new campaign');
    const cli = await muster(argv, dir);
    expect([started.code, started.stderr]).toEqual([0, cli.stderr]);
    expect(started.state).toBe(readFileSync(path.join(dir, 'campaign.json'), 'utf8'));
    expect(await forceLines(page)).toEqual(['Vzvod Orlov: Russians list: 1 platoon, 4 reinforcement picks in order', 'Axis: bought by the dice for each battle']);
    // where the campaign stands, in the page's words: the command line's hint of what to type left out (the controls are below)
    const standing = await textOf(page, '#cp-status-text');
    expect(standing).toMatch(/Next: each side assaults a square or holds; Vzvod Orlov may go to [A-Z]\d/);
    expect(playerProblems([standing])).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'web-campaign-forces-fireteam.png'), fullPage: true });

    // the turn's packets field the kept force: the page's print sets the assaults as the command line's does
    await page.select('#cp-assaultA', 'C5');
    await page.select('#cp-assaultB', 'C2');
    const next = nextArgv('fireteam', fireteamNextOptions({ assault: ['C5', 'C2'], split: ['', ''] }));
    expect(await textOf(page, '#command')).toBe(shellLine(next));
    await page.evaluate(() => delete window.muster.last);
    await button(page, 'Preview');
    await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 120_000 });
    const packets = (await page.evaluate(() => window.muster.last))!;
    expect(packets.code, packets.stderr).toBe(0);
    const printed = await muster([...next, '-o', 'cli.pdf'], dir);
    expect(printed.code, printed.stderr).toBe(0);
    expect(Buffer.compare(Buffer.from(packets.base64, 'base64'), readFileSync(path.join(dir, 'cli.pdf')))).toBe(0);
    // the turn's battles set: the page's copy takes the state the print wrote
    await page.waitForFunction(() => /"pending": \[\s*\{/.test(window.muster.campaign?.state ?? ''), { timeout: 10_000 });
    expect((await page.evaluate(() => window.muster.campaign!.state)) as string).toBe(readFileSync(path.join(dir, 'campaign.json'), 'utf8'));

    // the force chosen no more: side A's list is the player's again
    await page.select(await control(page, "Side A's force"), '');
    expect(await page.$eval(listA, (e) => [(e as HTMLSelectElement).value, (e as HTMLSelectElement).disabled])).toEqual(['', false]);
    await page.close();
  });
});
