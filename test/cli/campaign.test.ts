import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GenerateError } from '../../src/errors.js';
import { workdirs } from '../helpers/fixtures.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { sampled } from '../helpers/sample.js';
import { purePrint } from '../helpers/pure-run.js';
import { NODE_OUTPUTS } from '../../src/cli/io.js';
import { withStateLock } from '../../src/cli/lock.js';
import { loadArsenal } from '../../src/systems/bof/arsenal.js';
import { BUILTIN_DATA_DIR } from '../../src/cli/builtin-dir.js';
import { unitCost } from '../../src/systems/bof/cost.js';

const workdir = workdirs(afterEach);
/** A season's booklet of two named sides, printed without a state file. */
const seasonBooklet = (seed: string, paper: string) => ['campaign', 'bof', 'booklet', '--seed', seed, '--names', 'Red,Blue', '--paper', paper];

describe('muster campaign', () => {
  it('new, record, status: the state file follows the ladder and keeps a backup', async () => {
    const cwd = workdir();
    const created = await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--names', 'Red,Blue', '--seed', 'cmp'], cwd);
    expect(created.code).toBe(0);
    expect(created.stderr).toMatch(/New campaign: Red \(morale \d+\) against Blue/);
    await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '20:10'], cwd);
    const second = await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'b', '--victory', 'strategic', '--combat-score', '12:30'], cwd);
    expect(second.stderr).toMatch(/Red lost victory-zones and now defends; Blue attacks/);
    const status = await muster(['campaign', 'bof', 'status', '--state', 'c.json', '--format', 'json'], cwd);
    const json = JSON.parse(status.stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ game: 2, rung: 'supply-road', attacker: 'b', points: { a: 35 + 15, b: 13 + 37 }, finished: false, winner: null });
    expect(Object.keys(json)).toEqual(expect.arrayContaining(['morale', 'streak', 'history']));
    const backup = JSON.parse(readFileSync(path.join(cwd, 'c.json.bak'), 'utf8')) as { game: number };
    expect(backup.game).toBe(1);
  });
  it('next prints the packet for the next rung with the campaign’s roles', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'n'], cwd);
    await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'turns', '--combat-score', '9:8'], cwd);
    await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'turns', '--combat-score', '9:8'], cwd);
    const next = await muster(['campaign', 'bof', 'next', '--state', 'c.json', '--format', 'md'], cwd);
    expect(next.code).toBe(0);
    expect(next.stdout).toMatch(/# The Supply Road \(two-player\)/);
    expect(next.stdout).toMatch(/\| Attacker \| Side A \|/);
    expect(next.stdout).toMatch(/### Campaign: game 3 of at most 10/);
  });
  it('a damaged state file is refused with the field at fault; nothing is reset', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'd'], cwd);
    const state = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(cwd, 'c.json'), JSON.stringify({ ...state, rungIndex: 42 }));
    const damaged = readFileSync(path.join(cwd, 'c.json'));
    const result = await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '1:1'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/c\.json at rungIndex: /);
    expect(readFileSync(path.join(cwd, 'c.json')).equals(damaged)).toBe(true);
    writeFileSync(path.join(cwd, 'c.json'), '{"version": 1,');
    expect((await muster(['campaign', 'bof', 'status', '--state', 'c.json'], cwd)).stderr).toMatch(/not valid JSON/);
  });
  it('an interrupted write leaves the old state', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'i'], cwd);
    const before = readFileSync(path.join(cwd, 'c.json'));
    const result = await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '1:1'], cwd, {
      writeFile: async () => {
        throw new GenerateError('could not write c.json: disk full');
      },
    });
    expect(result.code).toBe(1);
    expect(readFileSync(path.join(cwd, 'c.json')).equals(before)).toBe(true);
  });
  it('refuses to overwrite a campaign, and record without its facts', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json'], cwd);
    expect((await muster(['campaign', 'bof', 'new', '--state', 'c.json'], cwd)).stderr).toMatch(/already there/);
    const bare = await muster(['campaign', 'bof', 'record', '--state', 'c.json'], cwd);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/record needs --winner a\|b, --victory decisive\|strategic\|turns and --combat-score A:B/);
    expect((await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '10-4'], cwd)).stderr).toMatch(/--combat-score "10-4": give both/);
    expect((await muster(['campaign', 'bof', 'status'], cwd)).stderr).toMatch(/campaign status needs --state FILE/);
    const upgrade = await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '0:0', '--upgrade', 'b:Tiger:99'], cwd);
    expect(upgrade.code).toBe(2);
    expect(upgrade.stderr).toMatch(/has 3 points to spend; "Tiger" costs 99/);
  });
  it('the booklet: front pages and a packet for every rung, a valid PDF', async () => {
    const cwd = workdir();
    // the season's sample below prints this booklet too: made once
    const pdf = await purePrint(seasonBooklet('b', 'a4'));
    writeFileSync(path.join(cwd, 'booklet.pdf'), pdf);
    // contents with the ladder under it, the campaign, a briefing (its terrain to put out under
    // it, over a page more where it runs long: 19 pages for the nine rungs with their maps), four
    // pages of every roll in two columns (each rung's terrain rolls naming its pieces), a page
    // for notes so that the event cards' fronts start on an odd page (27), and the cards drawn
    // (eighteen, thirteen of them unlike: each printed once) on two sheets with their backs
    expect(pdfPageCount(pdf)).toBe(1 + 1 + 19 + 4 + 1 + 2 * 2);
    const first = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', path.join(cwd, 'booklet.pdf'), '-'], { encoding: 'utf8' });
    expect(first).toMatch(/^Contents/);
    expect(first).toMatch(/Rung 9: Combat only.*Scenario: Combat only\s+20/);
    expect(first).toMatch(/page 1 of 30/);
    expect(first).toContain('Print pages 27-30 two-sided, flipping on the long edge; print the rest one-sided.');
    expect(first).toMatch(/Every roll\s+22\s+Cards\s+Notes\s+26\s+Event cards drawn\s+27/);
    expect(first).toContain('The campaign ladder');
    expect(execFileSync('qpdf', ['--check', path.join(cwd, 'booklet.pdf')], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
    const md = await muster(['campaign', 'bof', 'booklet', '--seed', 'b', '--solo', '--format', 'md', '--quiet'], cwd);
    expect(md.stdout.match(/^# .*\(solo\)$/gm)).toHaveLength(9);
  });
  // issue 51: a whole season's booklet (the ladder's nine rungs, at most ten games, two sides)
  // prints on 30 sheets of home paper or fewer; seeds whose rungs lay long lists of city terrain.
  // The sample keeps each paper; MUSTER_DEEP=1 tries every seed on both.
  const seasons = ['b', 'ladder', 'club'].flatMap((seed) => (['a4', 'letter'] as const).map((paper) => [seed, paper] as const));
  it.each(sampled(seasons, ([, paper]) => [`paper=${paper}`]))('a season booklet (seed %s, %s) is 30 pages or fewer', async (seed, paper) => {
    expect(pdfPageCount(await purePrint(seasonBooklet(seed, paper)))).toBeLessThanOrEqual(30);
  });
});

describe('the booklet of a saved campaign', () => {
  it('has its names and seed, the games played in the log, the ledgers, and the next game as next prints it', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--names', 'Red,Blue', '--seed', 'saved'], cwd);
    await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '20:10', '--salvage', 'captured Pak 40'], cwd);
    await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'b', '--victory', 'turns', '--combat-score', '12:30'], cwd);
    const booklet = await muster(['campaign', 'bof', 'booklet', '--state', 'c.json', '--format', 'json', '--seed', 'ignored'], cwd);
    expect(booklet.code).toBe(0);
    expect(booklet.stderr).toMatch(/^Seed: saved$/m);
    type Doc = { meta: { seed: string }; sheets: { blocks: { id?: string; rows?: { text: string }[][][] }[] }[] };
    const bound = JSON.parse(booklet.stdout) as { kind: string; meta: { seed: string }; parts: { label: string; doc: Doc }[] };
    expect(bound.kind).toBe('booklet');
    expect(bound.parts.map((p) => p.label)).toEqual(['The campaign', 'Game 3: The Supply Road']);
    const docs = bound.parts.map((p) => p.doc);
    expect(docs).toHaveLength(2);
    expect(docs[0]!.meta.seed).toBe('saved');
    const log = docs[0]!.sheets[0]!.blocks.find((b) => b.id === 'campaign-log')!.rows!.map((r) => r.map((c) => c.map((run) => run.text).join('')));
    expect(log[0]).toEqual(['1', 'Probing the enemy lines', '—', 'Red', 'decisive', '20 / 10', '35 / 13', expect.stringMatching(/^\d+ \/ \d+$/), '0 / 1']);
    expect(log[1]!.slice(0, 5)).toEqual(['2', 'Victory Zones', '—', 'Blue', 'on Combat Score']);
    expect(log[2]).toEqual(['3', '', '', '', '', '', '', '', '']);
    const ledger = docs[0]!.sheets[0]!.blocks.find((b) => b.id === 'ledger-a')!.rows!.map((r) => r.map((c) => c.map((run) => run.text).join('')));
    expect(ledger[0]).toEqual(['1', 'Salvaged: captured Pak 40', '—']);
    const next = await muster(['campaign', 'bof', 'next', '--state', 'c.json', '--format', 'json'], cwd);
    expect(docs[1]).toEqual(JSON.parse(next.stdout));
  });
});

describe('reading a campaign takes no lock', () => {
  it('a plain next and status leave no lock file behind and never wait for one', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'ro'], cwd);
    // a lock held by a live process (this one) would make a locking run wait and fail
    writeFileSync(path.join(cwd, 'c.json.lock'), JSON.stringify({ pid: process.pid, host: 'elsewhere' }));
    expect((await muster(['campaign', 'bof', 'next', '--state', 'c.json', '--format', 'md'], cwd)).code).toBe(0);
    expect((await muster(['campaign', 'bof', 'status', '--state', 'c.json'], cwd)).code).toBe(0);
    // a run that changes the state meets the lock: told at once rather than after the usual wait,
    // which only a lock let go in the meantime would end
    const record = await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '1:1'], cwd, {
      outputs: { ...NODE_OUTPUTS, locked: (file, work) => withStateLock(file, work, { waitMs: 0 }) },
    });
    expect(record.code).toBe(1);
    expect(record.stderr).toMatch(/is changing this file; nothing was changed/);
  });
});

describe('salvage (Burst of Fire, Salvaged vehicles and weapons)', () => {
  it('goes to the victor alone: salvage named for the losing side is refused, exit 2, the state unchanged', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--names', 'Red,Blue', '--seed', 'salvage'], cwd);
    const before = readFileSync(path.join(cwd, 'c.json'));
    const refused = await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '20:10', '--salvage', 'b:captured Pak 40'], cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--salvage "b:captured Pak 40": only the game's winner, side a \(Red\), claims what was left behind \(Salvaged vehicles and weapons\); give it as a:captured Pak 40 or leave it out/);
    expect(readFileSync(path.join(cwd, 'c.json')).equals(before)).toBe(true);
    const taken = await muster(['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '20:10', '--salvage', 'a:captured Pak 40', '--format', 'json'], cwd);
    expect(taken.code).toBe(0);
    const state = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as { ledger: { side: string; kind: string; text: string }[] };
    expect(state.ledger).toEqual([{ game: 1, side: 'a', kind: 'salvage', text: 'captured Pak 40', cost: 0 }]);
  });
});

describe('upgrades (Burst of Fire, How to upgrade core units)', () => {
  it('an upgrade to a unit that is not more powerful (by points, muster\'s reading) is refused with exit 2, naming the option and what is allowed, the state unchanged (issue 49, item 3)', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--names', 'Red,Blue', '--seed', 'downgrade'], cwd);
    const before = readFileSync(path.join(cwd, 'c.json'));
    const record = ['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '20:10'];
    const cases: [string, RegExp][] = [
      ['a:Pak 36>8 cm Granatwerfer 34', /--upgrade "a:Pak 36>8 cm Granatwerfer 34": 8 cm Granatwerfer 34 \(4 points\) is not more powerful than Pak 36 \(6 points\): an upgrade is to a more powerful unit \(How to upgrade core units\), and muster measures a unit's power by its points \(its reading: the text gives no measure\); Pak 36 may become a unit worth more than 6 points: le\.IG 18 \(7\), Pak 40 \(9\), Flak 38 \(10\)/],
      ['a:Opel Blitz>Kübelwagen', /--upgrade "a:Opel Blitz>Kübelwagen": Kübelwagen \(4 points\) is not more powerful than Opel Blitz \(6 points\).*Opel Blitz may become a unit worth more than 6 points: BMW R75 with sidecar \(8\), Sd\.Kfz\. 251\/1 \(11\)/],
    ];
    for (const [upgrade, message] of cases) {
      const refused = await muster([...record, '--upgrade', upgrade], cwd);
      expect({ upgrade, code: refused.code }).toEqual({ upgrade, code: 2 });
      expect(refused.stderr).toMatch(message);
      expect(readFileSync(path.join(cwd, 'c.json')).equals(before)).toBe(true);
    }
  });
  it('FROM>TO is checked against the boundaries: a transport stays a transport, refused with exit 2 and the state unchanged; a light tank may become a medium one', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--names', 'Red,Blue', '--seed', 'upgrade'], cwd);
    const before = readFileSync(path.join(cwd, 'c.json'));
    const record = ['campaign', 'bof', 'record', '--state', 'c.json', '--winner', 'a', '--victory', 'decisive', '--combat-score', '20:10'];
    const refused = await muster([...record, '--upgrade', 'a:de-opel-blitz>de-panzer-iii-j:5'], cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--upgrade "a:de-opel-blitz>de-panzer-iii-j:5": Opel Blitz is a transport and may become only another transport|Opel Blitz is a transport and may become only a transport/);
    expect(refused.stderr).toMatch(/Panzer III Ausf\. J is a medium tank \(How to upgrade core units\)/);
    expect(readFileSync(path.join(cwd, 'c.json')).equals(before)).toBe(true);
    const unknown = await muster([...record, '--upgrade', 'a:de-opel-blitz>flying saucer:5'], cwd);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--upgrade "a:de-opel-blitz>flying saucer:5": .*unit/);
    // the cost is muster's to work out, the difference of the two units' points: a cost given must agree
    const arsenal = await loadArsenal([path.join(BUILTIN_DATA_DIR, 'bof')]);
    const [light, medium] = ['de-panzer-38t', 'de-panzer-iii-j'].map((id) => unitCost(arsenal.units.get(id)!, arsenal.weapons).cost);
    const cost = medium! - light!;
    expect(cost).toBeGreaterThan(0);
    expect(cost).not.toBe(5);
    const priced = await muster([...record, '--upgrade', 'a:Panzer 38(t)>Panzer III Ausf. J:5'], cwd);
    expect(priced.code).toBe(2);
    expect(priced.stderr).toMatch(new RegExp(`--upgrade "a:Panzer 38\\(t\\)>Panzer III Ausf\\. J:5": the upgrade costs ${cost} points \\(${medium} - ${light} points\\), what it adds to the force's points; leave the cost out, or give ${cost}`));
    expect(readFileSync(path.join(cwd, 'c.json')).equals(before)).toBe(true);
    const taken = await muster([...record, '--upgrade', 'a:Panzer 38(t)>Panzer III Ausf. J'], cwd);
    expect(taken.code, taken.stderr).toBe(0);
    const state = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as { ledger: { text: string; cost: number }[] };
    expect(state.ledger.map((l) => [l.text, l.cost])).toEqual([['Panzer 38(t)>Panzer III Ausf. J', cost]]);
  });
});
