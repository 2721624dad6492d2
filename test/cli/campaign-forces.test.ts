/**
 * Issue 26, "Campaigns that know the forces" (Burst of Fire): a campaign keeps each side's
 * force by value, fields it in every packet, keeps a solo player's army for the whole ladder,
 * applies structured upgrades and salvage to the kept force, and shows where it stands.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workdirs } from '../helpers/fixtures.js';
import { muster } from '../helpers/cli.js';

const workdir = workdirs(afterEach);
const root = path.resolve(import.meta.dirname, '../..');
const WEBER = readFileSync(path.join(root, 'examples/forces/kampfgruppe-weber.yaml'), 'utf8');
const PANZERS = [
  'name: Panzerzug Brandt',
  'nation: Germany',
  'doctrine: Armor',
  'detachment: de-panzer-platoon',
  'points: 150',
  'units:',
  '  - { unit: de-officer, label: Leutnant Brandt }',
  '  - { unit: Panzer IV Ausf. H, quality: regular }',
  '  - { unit: rifleman, count: 4 }',
  '  - { unit: de-panzer-iii-j, quality: regular }',
  '  - { unit: de-sdkfz-251 }',
  '',
].join('\n');
/** Side B's force: a small US tank platoon, a Sherman among it for the winner to salvage. */
const SHERMANS = readFileSync(path.join(root, 'test/fixtures/forces/easy-company-tanks.yaml'), 'utf8');

type Runs = { text: string }[];
type Doc = { sheets: { title: string; blocks: { id?: string; kind: string; title?: string; paragraphs?: string[]; rows?: Runs[][] }[] }[]; decks?: { title: string }[] };
type Status = {
  /** the games recorded */
  game: number;
  here: { game: number; rung: string; name: string; rungNumber: number; rungs: number; attacker: string | null } | null;
  available: { a: number; b: number };
  ledger: { game: number; side: string; kind: string; text: string; cost: number }[];
  forces: Record<'a' | 'b', null | { name: string; nation: string; doctrine: string; points: number; limit: number; units: { unit: string; name: string; count: number; quality: string; weapons: string[]; points: number; salvaged?: number }[] }>;
  player?: { side: string; nation: string; doctrine: string; detachment: string; from: string };
};

const cellText = (cell: Runs) => cell.map((r) => r.text).join('');
/** A packet's roster rows (unit, number, quality, weapons, each, points), by the roster's title. */
function rosterRows(doc: Doc, force: string): string[][] {
  const sheet = doc.sheets.find((s) => s.title.startsWith('Roster') && s.title.endsWith(force));
  const table = sheet?.blocks.find((b) => b.id === 'roster');
  return (table?.rows ?? []).map((row) => row.slice(0, 6).map(cellText));
}
function paragraphs(doc: Doc): string[] {
  return doc.sheets.flatMap((s) => s.blocks.flatMap((b) => b.paragraphs ?? []));
}
const record = (winner: 'a' | 'b', score = '20:5') => ['--winner', winner, '--victory', 'decisive', '--combat-score', score];

async function status(cwd: string, file = 'c.json'): Promise<Status> {
  const result = await muster(['campaign', 'bof', 'status', '--state', file, '--format', 'json'], cwd);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Status;
}
async function next(cwd: string, file = 'c.json'): Promise<Doc> {
  const result = await muster(['campaign', 'bof', 'next', '--state', file, '--format', 'json'], cwd);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Doc;
}
async function recordGame(cwd: string, args: string[], file = 'c.json') {
  return await muster(['campaign', 'bof', 'record', '--state', file, ...args], cwd);
}

describe('campaign bof new --force: the force kept by value', () => {
  it('keeps the force as read, names made ids; moved, or edited, the file changes nothing: next still fields it', async () => {
    const cwd = workdir({ 'weber.yaml': WEBER, 'panzers.yaml': PANZERS });
    const made = await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--names', 'Red,Blue', '--seed', 'kept', '--force', 'weber.yaml', '--force', 'panzers.yaml'], cwd);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toMatch(/Red fields Kampfgruppe Weber \(81 points\) in every game; Blue fields Panzerzug Brandt \(67 points\) in every game/);
    const state = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as { version: number; forces: Record<string, { nation: string; doctrine: string; units: { unit: string }[] }> };
    expect(state.version).toBe(2);
    // "Germany", "Armor", "Panzer IV Ausf. H" and "rifleman" as written, ids as kept
    expect(state.forces.b).toMatchObject({ nation: 'de', doctrine: 'de-armor' });
    expect(state.forces.b!.units.map((u) => u.unit)).toEqual(['de-officer', 'de-panzer-iv-h', 'de-rifleman', 'de-panzer-iii-j', 'de-sdkfz-251']);
    const first = await next(cwd);
    renameSync(path.join(cwd, 'weber.yaml'), path.join(cwd, 'moved.yaml'));
    writeFileSync(path.join(cwd, 'panzers.yaml'), 'not a force at all');
    const again = await next(cwd);
    expect(again).toEqual(first);
    const weber = rosterRows(again, 'Kampfgruppe Weber');
    expect(weber.map((r) => r[0])).toEqual(expect.arrayContaining(['Leutnant Weber', 'Gefreiter Brandt', 'Pak 36', 'Opel Blitz']));
    // the total of muster's unit points carries its mark (issue 49)
    expect(weber.at(-1)!.slice(-1)).toEqual(['81†']);
    expect(rosterRows(again, 'Panzerzug Brandt').map((r) => r[0])).toEqual(['Leutnant Brandt', 'Panzer IV Ausf. H', 'Grenadier', 'Panzer III Ausf. J', 'Sd.Kfz. 251/1', 'Total']);
    expect(again.decks?.map((d) => d.title)).toEqual(expect.arrayContaining(['Side A: unit cards, Kampfgruppe Weber', 'Side B: unit cards, Panzerzug Brandt']));
    expect(paragraphs(again)).toContain("**Red's force** Kampfgruppe Weber, kept by the campaign with its upgrades and salvage (81 of 75 points: 6 over the game's budget): leave 6 points of it out of this game. Its roster and unit cards are in this packet.");
  });
  it('a side without a file is rolled as before: one --force keeps side A only', async () => {
    const cwd = workdir({ 'weber.yaml': WEBER });
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'one', '--force', 'weber.yaml'], cwd);
    const s = await status(cwd);
    expect(s.forces.a?.name).toBe('Kampfgruppe Weber');
    expect(s.forces.b).toBeNull();
    const doc = await next(cwd);
    expect(doc.sheets.filter((sheet) => sheet.title.startsWith('Roster')).map((sheet) => sheet.title)).toEqual(['Roster, Side A: Kampfgruppe Weber']);
  });
  it('--strict refuses a force that breaks its doctrine (exit 2, no state); without it, a warning and the force kept', async () => {
    const broken = WEBER.replace('  - unit: de-opel-blitz\n', '  - unit: de-opel-blitz\n  - unit: de-tiger-i\n');
    const cwd = workdir({ 'broken.yaml': broken });
    const strict = await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--force', 'broken.yaml', '--strict'], cwd);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/broken\.yaml: the force breaks \d+ rules? of its doctrine:\n {2}units\[12\] de-tiger-i \(allowed units\): Tiger I is not available to Grenadier platoon/);
    expect(existsSync(path.join(cwd, 'c.json'))).toBe(false);
    const warned = await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--force', 'broken.yaml'], cwd);
    expect(warned.code).toBe(0);
    expect(warned.stderr).toMatch(/^warning: side A \(Side A\): .*broken\.yaml: units\[12\] de-tiger-i \(allowed units\): Tiger I is not available to Grenadier platoon$/m);
    expect((await status(cwd)).forces.a?.units.map((u) => u.unit)).toContain('de-tiger-i');
  });
  it('a name that finds nothing is refused whatever --strict says: the state keeps ids', async () => {
    const cwd = workdir({ 'typo.yaml': WEBER.replace('unit: de-pak-36', 'unit: de-pak-63') });
    const result = await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--force', 'typo.yaml'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/typo\.yaml: a campaign keeps its forces by their ids, and a name finds no one thing of the arsenal:\n {2}units\[10\] de-pak-63 \(unit\): unknown unit "de-pak-63": did you mean de-pak-36/);
    expect(existsSync(path.join(cwd, 'c.json'))).toBe(false);
  });
  it('--force on another action, or twice in solo, is refused', async () => {
    const cwd = workdir({ 'weber.yaml': WEBER, 'panzers.yaml': PANZERS });
    const solo = await muster(['campaign', 'bof', 'new', '--solo', '--state', 'c.json', '--force', 'weber.yaml', '--force', 'panzers.yaml'], cwd);
    expect(solo.code).toBe(2);
    expect(solo.stderr).toMatch(/--force given 2 times: a solo campaign keeps one force, yours/);
    await muster(['campaign', 'bof', 'new', '--state', 'c.json'], cwd);
    const later = await muster(['campaign', 'bof', 'next', '--state', 'c.json', '--force', 'weber.yaml'], cwd);
    expect(later.code).toBe(2);
    expect(later.stderr).toMatch(/--force: a campaign takes its forces when it starts/);
  });
});

describe('a solo campaign keeps the player\'s army for the whole ladder', () => {
  it('five games with a force: every packet fields it, with the same nation, doctrine and roster lines', async () => {
    const cwd = workdir({ 'weber.yaml': WEBER });
    const made = await muster(['campaign', 'bof', 'new', '--solo', '--state', 'c.json', '--names', 'Anna', '--seed', 'ladder', '--force', 'weber.yaml'], cwd);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toMatch(/New campaign: Anna \(morale \d+\) against Enemy/);
    expect((await status(cwd)).player).toEqual({ side: 'axis', nation: 'de', doctrine: 'de-infantry', detachment: 'de-grenadier-platoon', from: 'force' });
    const rosters: string[][][] = [];
    for (let game = 1; game <= 5; game++) {
      const doc = await next(cwd);
      const said = paragraphs(doc);
      expect(said.find((p) => p.startsWith('The enemy fights for'))).toMatch(/; you play the axis \(Germany\)\./);
      expect(doc.sheets.some((s) => s.title === 'Roster, your force: Kampfgruppe Weber')).toBe(true);
      rosters.push(rosterRows(doc, 'Kampfgruppe Weber'));
      const played = await recordGame(cwd, record(game === 3 ? 'b' : 'a', '6:4'));
      expect(played.code, played.stderr).toBe(0);
    }
    expect(rosters.every((r) => JSON.stringify(r) === JSON.stringify(rosters[0]))).toBe(true);
    expect(rosters[0]!.length).toBeGreaterThan(10);
  });
  it('five games without a force: the first roll\'s nation and doctrine in every packet', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--solo', '--state', 'c.json', '--seed', 'rolled-army'], cwd);
    const { player } = await status(cwd);
    expect(player?.from).toBe('roll');
    const state = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as { rolls: { purpose: string }[] };
    expect(state.rolls.map((r) => r.purpose)).toEqual(expect.arrayContaining(['campaign: the enemy side', 'campaign: your doctrine']));
    const armies = new Set<string>();
    for (let game = 1; game <= 5; game++) {
      const doc = await next(cwd);
      const said = paragraphs(doc);
      armies.add(/you play the \w+ \([^)]+\)/.exec(said.find((p) => p.startsWith('The enemy fights for'))!)![0]);
      armies.add(said.find((p) => p.startsWith('**Your army**'))!);
      await recordGame(cwd, record('a', '6:4'));
    }
    expect(armies.size).toBe(2);
    // the same seed begins the same campaign
    const other = workdir();
    await muster(['campaign', 'bof', 'new', '--solo', '--state', 'c.json', '--seed', 'rolled-army'], other);
    expect((await status(other)).player).toEqual(player);
  });
  it('--names takes one name in solo and two in versus; the messages say which', async () => {
    const cwd = workdir();
    const two = await muster(['campaign', 'bof', 'new', '--solo', '--state', 'c.json', '--names', 'Anna,Ben'], cwd);
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/--names "Anna,Ben": a solo campaign has one player; give your name alone, such as --names Anna/);
    const one = await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--names', 'Anna'], cwd);
    expect(one.code).toBe(2);
    expect(one.stderr).toMatch(/--names "Anna": give two names separated by a comma, like "Red,Blue" \(a solo campaign, --solo, takes your name alone\)/);
    expect(existsSync(path.join(cwd, 'c.json'))).toBe(false);
    const booklet = await muster(['campaign', 'bof', 'booklet', '--solo', '--names', 'Anna', '--seed', 'b', '--format', 'json', '--quiet'], cwd);
    expect(booklet.code, booklet.stderr).toBe(0);
  });
});

describe('upgrades applied to the kept force (How to upgrade core units)', () => {
  it('FROM>TO replaces the unit, costs what it adds to the force, and the next roster and cards show it', async () => {
    const cwd = workdir({ 'panzers.yaml': PANZERS });
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--names', 'Red,Blue', '--seed', 'up', '--force', 'panzers.yaml'], cwd);
    const before = await status(cwd);
    const old = before.forces.a!.units.find((u) => u.unit === 'de-panzer-iii-j')!;
    const poor = await recordGame(cwd, [...record('b', '0:0'), '--upgrade', 'a:Panzer III Ausf. J>Tiger I']);
    expect(poor.code).toBe(2);
    expect(poor.stderr).toMatch(/Red has 3 points to spend; "Panzer III Ausf\. J to Tiger I" costs \d+/);
    const done = await recordGame(cwd, [...record('a', '40:0'), '--upgrade', 'a:Panzer III Ausf. J>Tiger I']);
    expect(done.code, done.stderr).toBe(0);
    const after = await status(cwd);
    const tiger = after.forces.a!.units.find((u) => u.unit === 'de-tiger-i')!;
    expect(after.forces.a!.units.some((u) => u.unit === 'de-panzer-iii-j')).toBe(false);
    const cost = tiger.points - old.points;
    expect(cost).toBeGreaterThan(0);
    expect(after.ledger).toEqual([{ game: 1, side: 'a', kind: 'upgrade', text: 'Panzer III Ausf. J to Tiger I', cost }]);
    expect(after.forces.a!.points).toBe(before.forces.a!.points + cost);
    expect(after.forces.a!.limit).toBe(before.forces.a!.limit + cost);
    expect(after.available.a).toBe(55 - cost);
    const doc = await next(cwd);
    const rows = rosterRows(doc, 'Panzerzug Brandt');
    expect(rows.map((r) => r[0])).toEqual(['Leutnant Brandt', 'Panzer IV Ausf. H', 'Grenadier', 'Tiger I', 'Sd.Kfz. 251/1', 'Total']);
    expect(rows.find((r) => r[0] === 'Tiger I')!.slice(1, 3)).toEqual(['1', 'regular']);
    // the core Panzer IV may rise too: the Tiger it becomes stands for it, no "core units" problem
    const core = await recordGame(cwd, [...record('a', '40:0'), '--upgrade', 'a:de-panzer-iv-h>de-tiger-i']);
    expect(core.code, core.stderr).toBe(0);
    expect((await status(cwd)).forces.a).toMatchObject({ problems: [] });
  });
  it('a boundary broken is refused with exit 2 and the state unchanged; a misspelt unit gets its close matches', async () => {
    const cwd = workdir({ 'panzers.yaml': PANZERS });
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'bound', '--force', 'panzers.yaml'], cwd);
    const before = readFileSync(path.join(cwd, 'c.json'));
    const cases: [string, RegExp][] = [
      ['a:Sd.Kfz. 251/1>Tiger I', /Sd\.Kfz\. 251\/1 is a transport and may become only a transport; Tiger I is a heavy tank \(How to upgrade core units\)/],
      ['a:Panzr III>Tiger I', /unknown unit of Panzerzug Brandt "Panzr III": did you mean de-panzer-iii-j \(Panzer III Ausf\. J\)/],
      ['a:Panzer III Ausf. J>Tigre I', /unknown unit "Tigre I": did you mean de-tiger-i \(Tiger I\)/],
      ['a:Panzer III Ausf. J>M4 Sherman', /M4 Sherman is a unit of United States, and Panzerzug Brandt fields Germany's: a foreign unit joins a force only as salvage/],
      ['a:Panzer III Ausf. J>Tiger I:2', /the upgrade costs \d+ points \(\d+ - \d+ points\), what it adds to the force's points; leave the cost out, or give \d+/],
      ['a:Panzer IV for the Panzer III:8', /Side A's force, Panzerzug Brandt, is kept by the campaign, so an upgrade names its units: a:FROM>TO \(a unit\), a:FROM>elite \(a rank\) or a:FROM\+WEAPON \(a weapon for soldiers\); a line that changes nothing is --note a:TEXT/],
      ['a:Sd.Kfz. 251/1>elite', /Sd\.Kfz\. 251\/1 is no soldier: the text raises the rank of infantry only \(How to upgrade core units\)/],
      ['a:Panzer IV Ausf. H+MP 40', /Panzer IV Ausf\. H is no soldier: the text equips infantry with more or better weapons/],
      // issue 49, item 3: an upgrade is to something more powerful, measured by points
      ['a:Sd.Kfz. 251/1>Opel Blitz', /--upgrade "a:Sd\.Kfz\. 251\/1>Opel Blitz": Opel Blitz \(6 points\) is not more powerful than Sd\.Kfz\. 251\/1 \(11 points\).*no unit of its nation within its boundaries is worth more than Sd\.Kfz\. 251\/1/],
      ['a:Panzer IV Ausf. H>Panzer III Ausf. J', /Panzer III Ausf\. J \(20 points\) is not more powerful than Panzer IV Ausf\. H \(21 points\).*Panzer IV Ausf\. H may become a unit worth more than 21 points: Panther Ausf\. A \(25\), Tiger I \(31\)/],
    ];
    for (const [upgrade, message] of cases) {
      const result = await recordGame(cwd, [...record('a', '40:0'), '--upgrade', upgrade]);
      expect({ upgrade, code: result.code }).toEqual({ upgrade, code: 2 });
      expect(result.stderr).toMatch(message);
      expect(readFileSync(path.join(cwd, 'c.json')).equals(before)).toBe(true);
    }
  });
  it('soldiers rise in rank and take a weapon more; the roster prices them', async () => {
    const cwd = workdir({ 'weber.yaml': WEBER });
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'ranks', '--force', 'weber.yaml'], cwd);
    const done = await recordGame(cwd, [...record('a', '30:0'), '--upgrade', 'a:2 x Grenadier>elite', '--upgrade', 'a:Gefreiter Brandt+Stielhandgranate']);
    expect(done.code, done.stderr).toBe(0);
    const s = await status(cwd);
    const elite = s.forces.a!.units.find((u) => u.unit === 'de-rifleman' && u.quality === 'elite')!;
    expect(elite.count).toBe(2);
    expect(s.forces.a!.units.find((u) => u.name === 'Gefreiter Brandt')!.weapons).toContain('de-stielhandgranate');
    expect(s.ledger.map((l) => l.text)).toEqual(['2 x Grenadier from regular to elite', 'Gefreiter Brandt equipped with a Stielhandgranate']);
    expect(s.forces.a!.points).toBe(81 + s.ledger.reduce((n, l) => n + l.cost, 0));
  });
});

describe('salvage joins the victor\'s kept force (Salvaged vehicles and weapons)', () => {
  it('a vehicle the loser fielded joins at no cost; a weapon goes to a soldier; what the loser did not field is refused', async () => {
    const cwd = workdir({ 'panzers.yaml': PANZERS, 'shermans.yaml': SHERMANS });
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--names', 'Red,Blue', '--seed', 'loot', '--force', 'panzers.yaml', '--force', 'shermans.yaml'], cwd);
    const before = readFileSync(path.join(cwd, 'c.json'));
    const refusals: [string, RegExp][] = [
      ['a:Tiger I', /Blue's force, Easy Company tanks, fielded no Tiger I; what it could leave behind: .*M4 Sherman, .*Bazooka/],
      ['a:us-rifleman', /Rifleman is no vehicle or weapon: the victor claims abandoned vehicles, infantry weapons and support weapons/],
      ['a:M4 Shermann', /unknown vehicle, support weapon or infantry weapon "M4 Shermann": did you mean us-m4-sherman \(M4 Sherman\)/],
    ];
    for (const [salvage, message] of refusals) {
      const result = await recordGame(cwd, [...record('a'), '--salvage', salvage]);
      expect({ salvage, code: result.code }).toEqual({ salvage, code: 2 });
      expect(result.stderr).toMatch(message);
      expect(readFileSync(path.join(cwd, 'c.json')).equals(before)).toBe(true);
    }
    const taken = await recordGame(cwd, [...record('a'), '--salvage', 'a:M4 Sherman', '--salvage', 'a:Bazooka>Grenadier']);
    expect(taken.code, taken.stderr).toBe(0);
    const s = await status(cwd);
    const sherman = s.forces.a!.units.find((u) => u.unit === 'us-m4-sherman')!;
    expect(sherman).toMatchObject({ name: 'M4 Sherman (salvaged)', points: 0, salvaged: 1 });
    const bazooka = s.forces.a!.units.find((u) => u.weapons.includes('us-bazooka'))!;
    expect(bazooka).toMatchObject({ unit: 'de-rifleman', count: 1 });
    // the salvage costs nothing: the force's points are as before, and it breaks no rule of nation or detachment
    const panzers = await muster(['check', 'bof', '--force', 'panzers.yaml', '--format', 'json'], cwd);
    expect(s.forces.a!.points).toBe((JSON.parse(panzers.stdout) as { points: number }).points);
    expect(s.forces.a).toMatchObject({ problems: [] });
    expect(s.ledger.map((l) => [l.kind, l.text, l.cost])).toEqual([
      ['salvage', 'M4 Sherman, left behind by Blue', 0],
      ['salvage', 'Bazooka, left behind by Blue, for Grenadier', 0],
    ]);
    const rows = rosterRows(await next(cwd), 'Panzerzug Brandt');
    expect(rows.find((r) => r[0] === 'M4 Sherman (salvaged)')!.slice(4)).toEqual(['0', '0']);
  });
  it('without a kept force, salvage stays a line as written; --note is a line that changes nothing', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'lines'], cwd);
    const done = await recordGame(cwd, [...record('a'), '--salvage', 'a:captured Pak 40', '--note', 'b:Blue\'s sergeant wounded']);
    expect(done.code, done.stderr).toBe(0);
    const s = await status(cwd);
    expect(s.ledger).toEqual([
      { game: 1, side: 'a', kind: 'salvage', text: 'captured Pak 40', cost: 0 },
      { game: 1, side: 'b', kind: 'note', text: "Blue's sergeant wounded", cost: 0 },
    ]);
    expect(s.available).toEqual({ a: 35, b: 8 });
  });
});

describe('you are here: the status and the booklet show where the campaign stands', () => {
  it('in the status text and JSON, the booklet\'s words and its ladder chart', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--names', 'Red,Blue', '--seed', 'here'], cwd);
    await recordGame(cwd, record('a'));
    await recordGame(cwd, record('b'));
    const text = await muster(['campaign', 'bof', 'status', '--state', 'c.json'], cwd);
    expect(text.stderr).toMatch(/^You are here: game 3 of at most 10, rung 3 of 9, The Supply Road \(Blue attacks\)\. /);
    expect((await status(cwd)).here).toEqual({ game: 3, rung: 'supply-road', name: 'The Supply Road', rungNumber: 3, rungs: 9, attacker: 'b' });
    const booklet = await muster(['campaign', 'bof', 'booklet', '--state', 'c.json', '--format', 'json'], cwd);
    type Drawn = { drawingsTitle: string; drawings: { shapes: { kind: string; text?: string; y?: number; fill?: string }[] }[] };
    const front = (JSON.parse(booklet.stdout) as { parts: { doc: Doc & Drawn }[] }).parts[0]!.doc;
    expect(front.drawingsTitle).toBe('The campaign ladder (you are here: game 3, The Supply Road)');
    expect(paragraphs(front)[0]).toMatch(/You are here: game 3 of at most 10, rung 3 of 9, The Supply Road \(Blue attacks\)/);
    const shapes = front.drawings[0]!.shapes;
    const mark = shapes.find((s) => s.text === 'you are here: game 3')!;
    const rung = shapes.find((s) => s.text === '3. The Supply Road')!;
    expect(mark.y).toBe(rung.y);
    expect(shapes.filter((s) => s.kind === 'rect' && s.fill === '#f4e3a1')).toHaveLength(1);
    // a fresh booklet marks nothing: no campaign stands anywhere yet
    const fresh = await muster(['campaign', 'bof', 'booklet', '--seed', 'here', '--format', 'json', '--quiet'], cwd);
    expect(fresh.stdout).not.toMatch(/you are here/i);
  });
});

describe('the forces a game fielded: state version 4', () => {
  it('a record that keeps what the game fielded writes version 4; without kept forces the file stays version 2; a newer file is refused', async () => {
    const cwd = workdir({ 'weber.yaml': WEBER });
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--names', 'Red,Blue', '--seed', 'v4', '--force', 'weber.yaml'], cwd);
    expect(JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8'))).toMatchObject({ version: 2 });
    expect((await recordGame(cwd, record('a'))).code).toBe(0);
    const played = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as { version: number; forcesPlayed?: { a?: { name: string } } };
    // forcesPlayed is version 4's: a muster that reads 3 at most says the file is newer than it
    expect(played.version).toBe(4);
    expect(played.forcesPlayed?.a?.name).toBe('Kampfgruppe Weber');
    expect((await status(cwd)).game).toBe(1);
    // undone, the state before the record is version 2 again, as it was written
    expect((await muster(['campaign', 'bof', 'undo', '--state', 'c.json'], cwd)).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8'))).toMatchObject({ version: 2, game: 0 });

    const bare = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--names', 'Red,Blue', '--seed', 'v2'], bare);
    expect((await recordGame(bare, record('a'))).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(bare, 'c.json'), 'utf8'))).toMatchObject({ version: 2, game: 1 });

    writeFileSync(path.join(cwd, 'c.json'), JSON.stringify({ ...played, version: 5, writtenBy: '9.0.0' }, null, 2));
    const newer = await muster(['campaign', 'bof', 'status', '--state', 'c.json'], cwd);
    expect(newer.code).toBe(2);
    expect(newer.stderr).toContain('was written by muster 9.0.0 (campaign state version 5); this muster');
    expect(newer.stderr).toContain('reads version 4 at most');
    expect(newer.stderr).not.toMatch(/unrecognized|unknown/i);
  });
});

describe('older state files still read', () => {
  it('a version 1 state reads as a campaign without forces; the next write is version 2', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'old'], cwd);
    const v2 = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(cwd, 'c.json'), JSON.stringify({ ...v2, version: 1, writtenBy: '0.0.9' }, null, 2));
    const s = await status(cwd);
    expect(s.forces).toEqual({ a: null, b: null });
    expect((await recordGame(cwd, record('a'))).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8'))).toMatchObject({ version: 2, game: 1 });
  });
  it('a version 1 solo state gets its army from its seed, the same on every read, and keeps it once written', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', '--solo', '--state', 'c.json', '--seed', 'old-solo'], cwd);
    const v2 = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as Record<string, unknown> & { player: unknown; rolls: { purpose: string }[] };
    const { player: _player, ...rest } = v2;
    const v1 = { ...rest, version: 1, rolls: v2.rolls.filter((r) => !r.purpose.startsWith('campaign:')) };
    writeFileSync(path.join(cwd, 'c.json'), JSON.stringify(v1, null, 2));
    expect((await status(cwd)).player).toEqual(v2.player);
    expect(await next(cwd)).toEqual(await next(cwd));
    await recordGame(cwd, record('a'));
    expect(JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8'))).toMatchObject({ version: 2, player: v2.player });
  });
});

describe('a hand-edited kept force is checked against the arsenal when read', () => {
  const edits: [string, (s: any) => void, RegExp][] = [
    ['a unit the arsenal lacks', (s) => (s.forces.a.units[1].unit = 'de-flying-saucer'), /at forces\.a\.units\[1\]\.unit: "de-flying-saucer" is no unit of the arsenal \(muster list bof units\); was the campaign begun with a --data folder\? Give it again/],
    ['a weapon the arsenal lacks', (s) => (s.forces.a.units[2].weapons = ['de-raygun']), /at forces\.a\.units\[2\]\.weapons\[0\]: "de-raygun" is no weapon of the arsenal/],
    ['a doctrine of another nation', (s) => (s.forces.a.doctrine = s.player.doctrine = 'us-armor'), /at forces\.a\.doctrine: "us-armor" is a doctrine of us, not of the force's nation de/],
    ['a player at odds with the force', (s) => (s.player.nation = 'us'), /at player\.nation: is us, but the player's force is de; they must agree/],
    ['salvage from a game not played', (s) => s.forces.a.units.push({ unit: 'us-m4-sherman', count: 1, weapons: [], salvaged: 4 }), /at forces\.a\.units\[5\]\.salvaged: is 4, after the 1 games played/],
    ['a second force in a solo campaign', (s) => (s.forces.b = s.forces.a), /at forces\.b: a solo campaign keeps one force, the player's, as side a/],
  ];
  it.each(edits.map(([what, edit, message]) => ({ what, edit, message })))('$what: status, next and record refuse it by file and field, exit 2, nothing written', async ({ edit, message }) => {
    const cwd = workdir({ 'panzers.yaml': PANZERS });
    await muster(['campaign', 'bof', 'new', '--solo', '--state', 'c.json', '--seed', 'edit', '--force', 'panzers.yaml'], cwd);
    await recordGame(cwd, record('a'));
    const state = JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8'));
    edit(state);
    const text = `${JSON.stringify(state, null, 2)}\n`;
    writeFileSync(path.join(cwd, 'c.json'), text);
    for (const action of [['status'], ['next', '-o', 'n.pdf'], ['record', ...record('a')]]) {
      const result = await muster(['campaign', 'bof', action[0]!, '--state', 'c.json', ...action.slice(1)], cwd);
      expect({ action: action[0], code: result.code }).toEqual({ action: action[0], code: 2 });
      expect(result.stderr).toMatch(message);
      expect(readFileSync(path.join(cwd, 'c.json'), 'utf8')).toBe(text);
      expect(existsSync(path.join(cwd, 'n.pdf'))).toBe(false);
    }
  });
});
