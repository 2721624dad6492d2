// The page's campaign panel takes the players (issue 51, points 1 and 5): a Burst of Fire
// campaign of three players a side started from the page with a force file for each, its first
// games recorded with each player's upgrades, salvage and notes, and its packets printed, each
// run held against the command line's for the same argv (the state and the PDF byte for byte);
// a Fire Team campaign of two platoons a side the same way; a kept campaign says on the first
// screen which game comes next and who attacks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { muster } from '../helpers/cli.js';
import { DEEP } from '../helpers/sample.js';
import { newArgv, playerUploadName, recordArgv, teamCampaignName } from '../../src/web/campaign-page.js';
import { shellLine } from '../../src/web/form.js';
import { bofCampaignSummary, recordWho } from '../../src/systems/bof/page/campaign-panel.js';
import { fireteamCampaignSummary } from '../../src/systems/fireteam/page/campaign-panel.js';
import { button, campaignStep, control, openPage, runBrowserTests as runThem, settled, shots, usePageServer } from '../helpers/page.js';
import { clubDirs, FOUR, fireTeamNew, recordOptions, SEASON, seasonNew, seasonRecord, SIX, SIX_NAMES } from '../helpers/club-season.js';
import { provesAgain } from '../helpers/page-kinds.js';

const STATE = 'campaign.json';
const dir = clubDirs(afterAll);

/** `--name value` pairs as the panel's options. */
function toOptions(argv: readonly string[]): [string, string][] {
  const options: [string, string][] = [];
  for (let i = 0; i < argv.length; i += 2) options.push([argv[i]!.slice(2), argv[i + 1]!]);
  return options;
}

describe('the campaign panel’s players, run in Node', () => {
  it('writes `new` with the players split at a colon, the sides’ own names where typed, and the forces in the players’ order', () => {
    const players = SIX.map((p) => ({ name: p.name, side: p.side }));
    expect(newArgv('bof', { names: ['', ''], players, forces: SIX.map((p) => p.file), seed: 'club-season' })).toEqual(seasonNew(STATE));
    const three = [...players.slice(0, 2), { name: 'Carl', side: 'b' as const }];
    expect(newArgv('bof', { names: ['Allies', ''], players: three, seed: 's' })).toEqual(['campaign', 'bof', 'new', '--state', STATE, '--names', 'Allies=Anna,Ben:Carl', '--seed', 's']);
    expect(teamCampaignName({ names: ['', 'Axis'], players })).toBe('Anna, Ben, Carl vs Axis');
    // a file named like another player's gets his place before it
    expect(playerUploadName(3, 'force.yaml', ['force.yaml', 'mine.yaml'])).toBe('p4-force.yaml');
    expect(playerUploadName(0, 'my force.yaml', ['force.yaml'])).toBe('my_force.yaml');
    // a record's line is a side's where the campaign keeps sides, a player's where a side has several
    const names = { a: 'Side A', b: 'Side B' };
    expect(recordWho([], { a: 'Red', b: 'Blue' }, { a: null, b: null }).map((w) => [w.value, w.label])).toEqual([
      ['a', 'Red'],
      ['b', 'Blue'],
    ]);
    const kept = SIX.map((p) => ({ name: p.name, side: p.side, points: 0, available: 0, force: null }));
    expect(recordWho(kept, names, { a: null, b: null }).map((w) => w.label)).toEqual(['Anna (Side A)', 'Ben (Side A)', 'Carl (Side A)', 'Dora (Side B)', 'Emil (Side B)', 'Fritz (Side B)']);
    expect(recordArgv('bof', toOptions(recordOptions(SEASON[0]!)))).toEqual(seasonRecord(SEASON[0]!, STATE));
  });

  it('says where a kept campaign stands from its state: which game or turn, who attacks, what is to record', () => {
    const players = SIX.map((p) => ({ name: p.name, side: p.side }));
    expect(bofCampaignSummary({ game: 2, rungIndex: 2, attacker: 'b', finished: false, names: { a: 'Side A', b: 'Side B' }, players })).toBe('game 3 next (rung 3 of 9): Side B (Dora, Emil, Fritz) attacks');
    expect(bofCampaignSummary({ game: 0, rungIndex: 0, attacker: null, finished: false, names: { a: 'Red', b: 'Blue' } })).toBe('game 1 next (rung 1 of 9): no attacker yet');
    expect(bofCampaignSummary({ game: 10, rungIndex: 0, attacker: null, finished: true, winner: 'a', names: { a: 'Side A', b: 'Side B' }, players })).toBe('over after 10 games: Side A (Anna, Ben, Carl) won');
    expect(bofCampaignSummary({ turn: 3 })).toBeUndefined();
    const pending = [{ battle: 1, kind: 'attack', square: 'C5', attacker: 'a', points: { a: 5, b: 3 }, result: 'a' }, { battle: 2, kind: 'attack', square: 'C2', attacker: 'b', points: { a: 3, b: 5 }, result: null }];
    expect(fireteamCampaignSummary({ turn: 1, finished: false, names: { a: 'Red Army', b: 'Axis' }, pending })).toBe('turn 1: battle 2 (Axis attacks C2) to record');
    expect(fireteamCampaignSummary({ turn: 2, finished: false, names: { a: 'Red Army', b: 'Axis' }, pending: [] })).toBe('turn 2: the assaults to set');
  });
});

// ---- in chromium ----------------------------------------------------------------------------

async function upload(page: Page, selector: string, file: string): Promise<void> {
  await ((await page.$(selector)) as unknown as { uploadFile(f: string): Promise<void> }).uploadFile(file);
}
const textOf = (page: Page, selector: string) => page.$eval(selector, (e) => e.textContent ?? '');
const forceLines = (page: Page) => page.$$eval('#cp-forces-kept > li', (lis) => lis.map((li) => [...li.childNodes].filter((n) => !['DETAILS', 'UL'].includes(n.nodeName)).map((n) => n.textContent).join('')));

/** The start form's players, each named and given his force file, as a club organiser fills it in. */
async function fillPlayers(page: Page, players: readonly { name: string; side: string; file: string }[], cwd: string): Promise<void> {
  const place = { a: 0, b: 0 } as Record<string, number>;
  for (const p of players) {
    const who = `Player ${++place[p.side]!} of side ${p.side.toUpperCase()}`;
    await page.type(await control(page, `${who}: name`), p.name);
    await page.select(await control(page, `${who}: force`), 'file');
    await upload(page, await control(page, `${who}: force file (YAML or JSON)`), path.join(cwd, p.file));
    await page.waitForFunction((file) => document.getElementById('cp-new-command')!.textContent!.includes(file), { timeout: 10_000 }, p.file);
  }
}

/**
 * The next game's packet printed in the page, and the command line's for the same state; with
 * `twin` false (a further packet of a kind another has held byte for byte) the command line's
 * only under MUSTER_DEEP=1.
 */
async function samePacket(page: Page, cwd: string, argv: string[], name: string, twin = true): Promise<void> {
  await page.evaluate(() => delete window.muster.last);
  await button(page, 'Preview');
  await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 180_000 });
  const packet = (await page.evaluate(() => window.muster.last))!;
  expect(packet.code, packet.stderr).toBe(0);
  expect(packet.argv.slice(0, argv.length)).toEqual(argv);
  if (!twin && !DEEP) return;
  const printed = await muster([...argv, '-o', name], cwd);
  expect(printed.code, printed.stderr).toBe(0);
  expect(Buffer.compare(Buffer.from(packet.base64, 'base64'), readFileSync(path.join(cwd, name)))).toBe(0);
}

describe.skipIf(!runThem)('the campaign panel’s players in chromium', () => {
  let base = '';
  let browser: Browser;
  usePageServer((served) => ({ base, browser } = served));

  const open = (hash: string): Promise<Page> => openPage({ base, browser }, hash);

  provesAgain('a campaign played')('starts a six-player Burst of Fire campaign, records its first games with each player’s upgrades and salvage, and prints their packets, as the command line does', async () => {
    const page = await open('#/bof/campaign');
    const cwd = dir();
    await page.select(await control(page, 'Players on side A'), '3');
    await page.select(await control(page, 'Players on side B'), '3');
    expect(await page.$eval('#cp-forces', (e) => (e as HTMLElement).hidden)).toBe(true);
    // a player's force waits for the players' before him: the command line takes them in order
    expect(await page.$eval(await control(page, 'Player 2 of side A: force'), (e) => (e as HTMLSelectElement).disabled)).toBe(true);
    await fillPlayers(page, SIX, cwd);
    await page.type(await control(page, 'Campaign seed'), 'club-season');
    expect(await textOf(page, '#cp-new-command')).toBe(shellLine(seasonNew(STATE)));
    await page.screenshot({ path: path.join(shots, 'web-campaign-players-start.png'), fullPage: true });
    await page.setViewport({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(shots, 'web-campaign-players-start-phone.png'), fullPage: true });
    await page.setViewport({ width: 1280, height: 900 });

    const started = await campaignStep(page, 'Start a new campaign');
    const cli = await muster(seasonNew(STATE), cwd);
    expect([started.code, started.stderr]).toEqual([0, cli.stderr]);
    expect(started.state).toBe(readFileSync(path.join(cwd, STATE), 'utf8'));
    expect(started.kept).toBe('Anna, Ben, Carl vs Dora, Emil, Fritz');
    expect(await forceLines(page)).toEqual([
      'Anna (Side A): Zug Anna, 20 points (limit 60)',
      'Ben (Side A): Zug Ben, 26 points (limit 60)',
      'Carl (Side A): Zug Carl, 26 points (limit 60)',
      "Dora (Side B): Dora's Raiders, 26 points (limit 60)",
      "Emil (Side B): Emil's Section, 26 points (limit 60)",
      "Fritz (Side B): Fritz's Strelki, 29 points (limit 60)",
    ]);
    await samePacket(page, cwd, ['campaign', 'bof', 'next', '--state', STATE], 'game-1.pdf');

    // game 1: each line of the record is a player's, his force's units offered
    const game = SEASON[0]!;
    await page.select(await control(page, 'Winner'), game.winner);
    await page.select(await control(page, 'Victory'), game.victory);
    const [a, b] = game.score.split(':');
    await page.type(await control(page, 'Combat Score, side A'), a!);
    await page.type(await control(page, 'Combat Score, side B'), b!);
    const rows = [
      ...(game.salvage ?? []).map((line) => ['salvage', 'Add salvage', 'Salvage', line] as const),
      ...(game.upgrade ?? []).map((line) => ['upgrade', 'Add an upgrade', 'Upgrade', line] as const),
      ...(game.note ?? []).map((line) => ['note', 'Add a note', 'Note', line] as const),
    ];
    const made = { salvage: 0, upgrade: 0, note: 0 } as Record<string, number>;
    for (const [kind, add, what, line] of rows) {
      await button(page, add);
      const n = ++made[kind]!;
      const [player, ...text] = line.split(':');
      await page.select(await control(page, `${what} ${n}: player`), player!);
      const field = await control(page, `${what} ${n}: ${kind === 'note' ? 'text' : 'what'}`);
      if (kind === 'upgrade' && player === 'Anna') {
        // the upgrade offers Anna's own units
        expect(await page.$eval(field, (e) => [...(e as HTMLInputElement).list!.options].map((o) => o.value))).toEqual(['Leutnant Kraus', 'Unteroffizier', 'Grenadier', 'MG-Schütze']);
      }
      if (kind === 'salvage') {
        // what any player of the losing side fielded
        expect(await page.$eval(field, (e) => [...(e as HTMLInputElement).list!.options].map((o) => o.value))).toEqual(expect.arrayContaining(['Bazooka', 'PIAT', 'Maxim team']));
      }
      await page.type(field, text.join(':'));
    }
    expect(await textOf(page, '#cp-command')).toBe(shellLine(seasonRecord(game, STATE)));
    await page.screenshot({ path: path.join(shots, 'web-campaign-players-record.png'), fullPage: true });
    const recorded = await campaignStep(page, 'Record the game');
    const cliRecorded = await muster(seasonRecord(game, STATE), cwd);
    expect([recorded.code, recorded.stderr]).toEqual([0, cliRecorded.stderr]);
    expect(recorded.state).toBe(readFileSync(path.join(cwd, STATE), 'utf8'));
    expect(await page.$$eval('#cp-players-table tbody tr', (trs) => trs.map((tr) => tr.textContent))).toEqual([
      'AnnaSide A9 (7)',
      'BenSide A9 (9)',
      'CarlSide A9 (7)',
      'DoraSide B3 (3)',
      'EmilSide B3 (3)',
      'FritzSide B3 (3)',
    ]);
    await page.screenshot({ path: path.join(shots, 'web-campaign-players-status.png'), fullPage: true });
    await page.setViewport({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewport({ width: 1280, height: 900 });
    // the week after: only the cards an upgrade or salvage changed, the command line's very PDF
    await samePacket(page, cwd, ['campaign', 'bof', 'next', '--state', STATE], 'game-2.pdf');

    // game 2, recorded the same way through the panel's rows
    const second = SEASON[1]!;
    await page.select(await control(page, 'Winner'), second.winner);
    await page.select(await control(page, 'Victory'), second.victory);
    const [a2, b2] = second.score.split(':');
    await page.type(await control(page, 'Combat Score, side A'), a2!);
    await page.type(await control(page, 'Combat Score, side B'), b2!);
    const lines = [...(second.salvage ?? []).map((l) => ['Add salvage', 'Salvage', 'what', l] as const), ...(second.upgrade ?? []).map((l) => ['Add an upgrade', 'Upgrade', 'what', l] as const)];
    const count = { Salvage: 0, Upgrade: 0 } as Record<string, number>;
    for (const [add, what, field, line] of lines) {
      await button(page, add);
      const n = ++count[what]!;
      const [player, ...text] = line.split(':');
      await page.select(await control(page, `${what} ${n}: player`), player!);
      await page.type(await control(page, `${what} ${n}: ${field}`), text.join(':'));
    }
    expect(await textOf(page, '#cp-command')).toBe(shellLine(seasonRecord(second, STATE)));
    const recorded2 = await campaignStep(page, 'Record the game');
    const cli2 = await muster(seasonRecord(second, STATE), cwd);
    expect([recorded2.code, recorded2.stderr]).toEqual([0, cli2.stderr]);
    expect(recorded2.state).toBe(readFileSync(path.join(cwd, STATE), 'utf8'));
    expect(await textOf(page, '#cp-here .cp-here-words')).toBe('You are here: game 3, The Supply Road (rung 3 of 9); Side B (Dora, Emil, Fritz) attacks.');
    // the third packet the second's kind (a week after a record): the command line's in the sample
    await samePacket(page, cwd, ['campaign', 'bof', 'next', '--state', STATE], 'game-3.pdf', false);

    // reloaded: the first screen lists the kept campaign with the game that comes next and who attacks
    await page.reload();
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await settled(page);
    const listed = await page.$$eval('#kept-campaign-list li', (lis) => lis.map((li) => [...li.querySelectorAll('span')].map((s) => s.textContent).join(' / ')));
    expect(listed).toContain('Anna, Ben, Carl vs Dora, Emil, Fritz / Burst of Fire · game 3 next (rung 3 of 9): Side B (Dora, Emil, Fritz) attacks · 3 changes not downloaded');
    await page.screenshot({ path: path.join(shots, 'web-campaign-players-kept.png'), fullPage: true });
    await page.close();
  }, 900_000);

  provesAgain('a campaign played')('starts a Fire Team campaign of two platoons a side and prints its first turn, as the command line does', async () => {
    const page = await open('#/fireteam/campaign');
    const cwd = dir();
    await page.select(await control(page, 'Players on side A'), '2');
    await page.select(await control(page, 'Players on side B'), '2');
    await fillPlayers(page, FOUR, cwd);
    // the sides' lists follow their players' forces
    expect(await page.$eval(await control(page, 'Side A army list'), (e) => [(e as HTMLSelectElement).value, (e as HTMLSelectElement).disabled])).toEqual(['russians', true]);
    await page.type(await control(page, 'Campaign seed'), 'river');
    expect(await textOf(page, '#cp-new-command')).toBe(shellLine(fireTeamNew(STATE)));
    const started = await campaignStep(page, 'Start a new campaign');
    const cli = await muster(fireTeamNew(STATE), cwd);
    expect([started.code, started.stderr]).toEqual([0, cli.stderr]);
    expect(started.state).toBe(readFileSync(path.join(cwd, STATE), 'utf8'));
    expect(await forceLines(page)).toEqual([
      'Anna (Red Army): Vzvod Anny, Russians list: 1 platoon, 2 reinforcement picks in order',
      'Ben (Red Army): Vzvod Bena, Russians list: 1 platoon, 2 reinforcement picks in order',
      'Carl (Axis): Zug Carl, Fallschirmjäger list: 1 platoon, 2 reinforcement picks in order',
      'Dora (Axis): Zug Dora, Fallschirmjäger list: 1 platoon, 2 reinforcement picks in order',
    ]);
    await page.select('#cp-assaultA', 'C5');
    await page.select('#cp-assaultB', 'C2');
    await samePacket(page, cwd, ['campaign', 'fireteam', 'next', '--state', STATE, '--assault', 'a:C5', '--assault', 'b:C2'], 'turn-1.pdf');
    await page.waitForFunction(() => /"pending": \[\s*\{/.test(window.muster.campaign?.state ?? ''), { timeout: 10_000 });
    expect((await page.evaluate(() => window.muster.campaign!.state)) as string).toBe(readFileSync(path.join(cwd, STATE), 'utf8'));
    await page.screenshot({ path: path.join(shots, 'web-campaign-players-fireteam.png'), fullPage: true });
    expect(SIX_NAMES).toContain(':');
    await page.close();
  }, 600_000);
});
