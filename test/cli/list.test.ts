import { readdirSync } from 'node:fs';
import { MODULE_IDS } from '../../src/systems/registry.js';
import { afterEach, describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);

interface Overview {
  system: string;
  name: string;
  kinds: { id: string; title: string; count: number; narrowedBy: string[]; command: string }[];
}
interface Entry {
  id: string;
  name: string;
  points?: number;
  details: Record<string, unknown>;
}

async function overview(system: string, ...more: string[]): Promise<Overview> {
  const { code, stdout, stderr } = await muster(['list', system, '--format', 'json', ...more], workdir());
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return JSON.parse(stdout) as Overview;
}

async function entries(system: string, what: string, ...more: string[]): Promise<Entry[]> {
  const { code, stdout, stderr } = await muster(['list', system, what, '--format', 'json', ...more], workdir());
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return JSON.parse(stdout) as Entry[];
}

describe('muster list: every rule set, every kind, as text and JSON', () => {
  // the whole listing of each rule set is pinned: a change to the data or the layout shows here
  for (const system of MODULE_IDS) {
    it(`${system}: the overview, then each kind as text and as JSON`, async () => {
      const cwd = workdir();
      const text = await muster(['list', system], cwd);
      expect(text.code).toBe(0);
      const kinds = (await overview(system)).kinds;
      // a rule set lists its tables at least; what more, its data and module say
      expect(kinds.map((k) => k.id)).toContain('tables');
      const listed: Record<string, string> = { overview: text.stdout };
      for (const kind of kinds) {
        // the overview's command for a kind is the one that lists it
        expect(kind.command).toBe(`muster list ${system} ${kind.id}`);
        const one = await muster(['list', system, kind.id], cwd);
        expect(one.code, kind.id).toBe(0);
        const printed = (await muster(['list', system, kind.id, '--format', 'json'], cwd)).stdout;
        const json = JSON.parse(printed) as Entry[];
        expect(json.length, kind.id).toBe(kind.count);
        for (const entry of json) {
          expect(typeof entry.id).toBe('string');
          expect(typeof entry.name).toBe('string');
          if ('points' in entry) expect(typeof entry.points).toBe('number');
        }
        listed[kind.id] = one.stdout;
        listed[`${kind.id}.json`] = printed;
      }
      expect(listed).toMatchSnapshot();
      // nothing is written: the listing goes to standard output
      expect(readdirSync(cwd)).toEqual([]);
    });
  }

  it('the same command gives the same bytes', async () => {
    const a = await muster(['list', 'bof', 'detachments'], workdir());
    const b = await muster(['list', 'bof', 'detachments'], workdir());
    expect(a.stdout).toBe(b.stdout);
  });
});

describe('muster list bof: what a force file may name', () => {
  it('the overview names each kind, its count and the command to see it', async () => {
    const { stdout } = await muster(['list', 'bof'], workdir());
    for (const kind of ['nations', 'doctrines', 'detachments', 'units', 'weapons', 'modes', 'tokens', 'events', 'tables']) {
      expect(stdout).toMatch(new RegExp(`^  ${kind} +\\d+  muster list bof ${kind}$`, 'm'));
    }
  });
  it('units have points; --nation by id or by name narrows them to the nation', async () => {
    const us = await entries('bof', 'units', '--nation', 'United States');
    expect(us.length).toBeGreaterThan(10);
    expect(us.every((u) => u.details['nation'] === 'us')).toBe(true);
    expect(us.every((u) => typeof u.points === 'number')).toBe(true);
    expect(await entries('bof', 'units', '--nation', 'us')).toEqual(us);
    // a regular rifleman: quality 2, his rifle and bayonet free
    expect(us.find((u) => u.id === 'us-rifleman')!.points).toBe(2);
  });
  it('a detachment says what it allows: officer, core units, options, qualities, weapons', async () => {
    const [panzer] = await entries('bof', 'detachments', '--doctrine', 'de-armor');
    expect(panzer!.id).toBe('de-panzer-platoon');
    expect(panzer!.details).toMatchObject({
      doctrine: 'de-armor',
      qualities: ['regular', 'elite'],
      core: ['1 x de-officer', '1 x de-panzer-iv-h (regular)', '4 x de-rifleman'],
      options: expect.arrayContaining(['de-panther-a', 'de-tiger-i']),
      weapons: expect.arrayContaining(['de-mp40']),
    });
    expect(String(panzer!.details['officer'])).toMatch(/^de-officer: 3 orders/);
  });
  it('--doctrine narrows units to those its detachments field or buy, by name within --nation', async () => {
    const units = await entries('bof', 'units', '--nation', 'Germany', '--doctrine', 'Armor');
    expect(units.map((u) => u.id)).toEqual(expect.arrayContaining(['de-officer', 'de-panzer-iv-h', 'de-tiger-i']));
    expect(units.map((u) => u.id)).not.toContain('de-pak-40');
  });
  it('weapons have their price; a nation gets those it may carry', async () => {
    const uk = await entries('bof', 'weapons', '--nation', 'uk');
    expect(uk.find((w) => w.id === 'thompson')).toMatchObject({ name: 'Thompson', points: 1 });
    expect(uk.map((w) => w.id)).not.toContain('de-mp40');
  });
  it('text lines up: every row of a table starts its columns where the header does', async () => {
    const { stdout } = await muster(['list', 'bof', 'units', '--nation', 'us'], workdir());
    const lines = stdout.split('\n');
    const header = lines.find((l) => l.startsWith('id '))!;
    const start = header.indexOf('type');
    const rows = lines.filter((l) => l.startsWith('us-'));
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row[start - 1], row).toBe(' ');
    expect(stdout).toMatch(/--explain-cost ID/);
  });
  it('Markdown: a heading and one table', async () => {
    const { code, stdout } = await muster(['list', 'bof', 'modes', '--format', 'md'], workdir());
    expect(code).toBe(0);
    expect(stdout).toMatch(/^## Burst of Fire: Game modes, 9\n\n\| id \| name \| budget \|/);
    expect(stdout).toMatch(/^\| victory-zones \| Victory Zones \| 150 a side \|/m);
  });
  it('kinds are found by other words for them: singular, title, alias', async () => {
    for (const what of ['unit', 'Game modes', 'scenarios']) {
      const { code } = await muster(['list', 'bof', what], workdir());
      expect(code, what).toBe(0);
    }
  });
});

describe('muster list for rule sets without doctrines', () => {
  it('Fire Team: army lists, reinforcement picks with points, battles, campaign squares; --nation takes a list', async () => {
    const kinds = (await overview('fireteam')).kinds.map((k) => k.id);
    expect(kinds).toEqual(expect.arrayContaining(['lists', 'picks', 'battles', 'squares', 'tokens', 'decks', 'tables']));
    const picks = await entries('fireteam', 'picks', '--nation', 'Russians');
    expect(picks.every((p) => p.details['list'] === 'russians')).toBe(true);
    expect(picks.find((p) => p.id === 'medium-tank')).toMatchObject({ points: 2, details: { vehicles: ['t-34-85', 'su-76'] } });
    expect((await entries('fireteam', 'squares')).map((s) => s.id)).toContain('C5');
  });
  it('Open Fire: nations, units with points, weapons, its scenario', async () => {
    const units = await entries('openfire', 'units', '--nation', 'Soviet Union');
    expect(units.length).toBeGreaterThan(3);
    expect(units.every((u) => typeof u.points === 'number' && u.details['nation'] === 'su')).toBe(true);
  });
  it('Blaze Away!: what its data alone gives, tokens, card decks and tables', async () => {
    const kinds = (await overview('blazeaway')).kinds.map((k) => k.id);
    expect(kinds).toEqual(expect.arrayContaining(['tokens', 'decks', 'cards', 'tables']));
  });
});

describe('muster list refusals: exit 2, a message saying what is allowed, nothing printed', () => {
  const refusals: [string[], RegExp][] = [
    [['list', 'bof', 'unitz'], /unknown kind of name "unitz": did you mean units\? Known: nations, doctrines, detachments, units, weapons, modes, tokens, events, tables, terrain; list them with muster list bof/],
    [['list', 'fireteam', 'nations'], /unknown kind of name "nations"; known: lists, picks, battles, squares, tokens, decks, cards, tables/],
    [['list', 'bof', 'units', '--nation', 'germnay'], /--nation: unknown nation "germnay": did you mean de \(Germany\)\? Known: de, su, us, uk, pl; list them with muster list bof nations/],
    [['list', 'bof', 'units', '--nation', 'atlantis'], /--nation: unknown nation "atlantis"; known: de, su, us, uk, pl/],
    [['list', 'bof', 'units', '--doctrine', 'armor'], /--doctrine: "armor" names 4 doctrines: de-armor \(Armor\), .*; give the id of the one you mean/],
    [['list', 'bof', 'units', '--nation', 'de', '--doctrine', 'us-armor'], /--doctrine us-armor is a doctrine of United States, not Germany/],
    [['list', 'bof', 'tokens', '--nation', 'de'], /--nation: tokens are not narrowed by nation; --nation narrows nations, doctrines, detachments, units or weapons/],
    [['list', 'fireteam', 'picks', '--nation', 'rusians'], /--nation: unknown army list "rusians": did you mean russians\?/],
    [['list', 'fireteam', '--doctrine', 'x'], /--doctrine: Fire Team has no doctrines/],
    [['list', 'blazeaway', '--nation', 'de'], /--nation: nothing Blaze Away! lists is narrowed by nation; leave --nation out/],
    [['list', 'bof', 'units', '-o', 'units.txt'], /-o\/--out: muster list prints to standard output and writes no file/],
    [['list', 'bfo'], /unknown rule set "bfo" \(did you mean bof\?\); known rule sets:/],
  ];
  for (const [args, message] of refusals) {
    it(args.slice(1).join(' '), async () => {
      const cwd = workdir();
      const result = await muster(args, cwd);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe('');
      expect(readdirSync(cwd)).toEqual([]);
    });
  }
});
