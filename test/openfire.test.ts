import { describe, expect, it } from 'vitest';
import { MANIFESTS } from '../src/systems/registry.js';
import { loadRulesDb } from '../src/data/load.js';
import { createRng } from '../src/engine/dice.js';
import { buildQuickReference } from '../src/doc/build-reference.js';
import { rollOpenFireScenario, settingsOf } from '../src/systems/openfire/scenario.js';
import { listsFile } from '../src/systems/openfire/schema.js';
import { parseFolderFiles } from '../src/data/parse.js';
import { muster } from './helpers/cli.js';
import { workdirs } from './helpers/fixtures.js';
import { afterEach } from 'vitest';
import { fonts } from './helpers/fonts.js';

const workdir = workdirs(afterEach);
const system = (await loadRulesDb({ dataDirs: [] })).system('openfire');
const problems: never[] = [];
const files = await parseFolderFiles(system.dirs, 'lists', listsFile, problems);
const lists = {
  nations: new Map(files.flatMap((f) => f.data.nations ?? []).map((n) => [n.id, n])),
  units: new Map(files.flatMap((f) => f.data.units ?? []).map((u) => [u.id, u])),
};
const settings = settingsOf(system.table('scenario-settings'));
const roll = (seed: string, points = 500, minefields = 0) => rollOpenFireScenario(lists, { table: { width: 120, height: 120 }, points, settings, minefields }, createRng(seed), seed);

describe('Open Fire scenarios (Deployment; Objectives)', () => {
  it('snapshot for seed "open-fire" (changes only on purpose)', () => {
    expect(roll('open-fire')).toMatchSnapshot();
  });
  it('over 3000 seeds: 1 to 6 objectives with the D6’s frequencies, placed by the players in turn from a roll-off, a lone one by either side (Objectives); forces within budget and bought until nothing fits; zones 12 in deep and apart', () => {
    const counts = new Map<number, number>();
    const lone = new Map<string, number>();
    const n = 3000;
    for (let i = 0; i < n; i++) {
      const r = roll(`of-${i}`, 300 + (i % 5) * 100);
      counts.set(r.objectives.length, (counts.get(r.objectives.length) ?? 0) + 1);
      for (const f of r.forces) expect(f.points, r.seed).toBeLessThanOrEqual(f.budget);
      expect(r.zones.map((z) => Math.min(z.w, z.h))).toEqual([30, 30]);
      expect(r.deployment['a']).not.toBe(r.deployment['b']);
      // the first objectives go to the deployment zones, the rest to the middle
      expect(r.objectives.slice(0, 2).every((o) => o.where === 'deployment zone')).toBe(true);
      expect(r.objectives.slice(2).every((o) => o.where === 'middle')).toBe(true);
      // Objectives: the players place them, taking turns, so no objective has a fixed point
      r.objectives.forEach((o, j) => expect(o.placedBy).toBe(j % 2 === 0 ? r.objectives[0]!.placedBy : r.objectives[0]!.placedBy === 'a' ? 'b' : 'a'));
      expect(r.objectives.every((o) => !('x' in o) && !('y' in o))).toBe(true);
      if (r.objectives.length === 1) lone.set(r.objectives[0]!.placedBy, (lone.get(r.objectives[0]!.placedBy) ?? 0) + 1);
      // a rolled force buys until nothing left in its nation's list fits the points left (a unit that does not fit is set aside)
      for (const f of r.forces) {
        const cheapest = Math.min(...[...lists.units.values()].filter((u) => u.nation === f.nation && u.type !== 'officer').map((u) => u.points));
        expect(f.budget - f.points, `${r.seed} side ${f.side}`).toBeLessThan(cheapest);
      }
    }
    // Objectives (reading objective-placing): a single objective is never given to one side by default: the roll-off places it
    expect(lone.get('a')).toBeGreaterThan(100);
    expect(lone.get('b')).toBeGreaterThan(100);
    for (let k = 1; k <= 6; k++) {
      const p = 1 / 6;
      expect(Math.abs((counts.get(k) ?? 0) / n - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / n));
    }
    expect(roll('same')).toEqual(roll('same'));
  });
  it('Objectives: the packet prints how the players place the objectives (who first by a roll-off, in the roll log; the first in the deployment zones, the rest in the middle), and the map gives them no fixed point', async () => {
    const cwd = workdir();
    for (const seed of ['x', 'y', 'z']) {
      const r = JSON.parse((await muster(['scenario', 'openfire', '--seed', seed, '--format', 'json'], cwd)).stdout) as ReturnType<typeof roll>;
      const md = (await muster(['scenario', 'openfire', '--seed', seed, '--format', 'md'], cwd)).stdout;
      const first = `Side ${r.objectives[0]!.placedBy.toUpperCase()}`;
      expect(md).toContain(`**Placing the objectives.** ${r.objectives.length} ${r.objectives.length === 1 ? 'objective' : 'objectives'} (a D6). ${r.objectives.length === 1 ? 'A player puts it' : 'The players put them'} on the table before the game`);
      expect(md).toMatch(new RegExp(`${first} won the roll-off \\(the roll log has the dice\\) and places first[^†]*†`));
      expect(r.rolls.some((roll) => roll.purpose.startsWith('objectives: who places first'))).toBe(true);
      expect(md).toMatch(/a deployment zone, either, as the player placing it chooses†/);
      expect(md).not.toMatch(/Objective, numbered in placing order/);
    }
  });
  it('the packet and JSON through the command line; solo is refused', async () => {
    const cwd = workdir();
    const json = await muster(['scenario', 'openfire', '--seed', 'x', '--format', 'json', '--points', '400'], cwd);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ system: 'openfire', seed: 'x', attacker: null, defender: null });
    const pdf = await muster(['scenario', 'openfire', '--seed', 'x', '-o', 'of.pdf'], cwd);
    expect(pdf.code).toBe(0);
    const solo = await muster(['scenario', 'openfire', '--mode', 'solo'], cwd);
    expect(solo.code).toBe(2);
    expect(solo.stderr).toMatch(/Open Fire has no solo rules/);
  });
  it('the packet has a turn record (Turn sequence; Objectives) and a card for every unit on the table', async () => {
    const cwd = workdir();
    const result = JSON.parse((await muster(['scenario', 'openfire', '--seed', 'x', '--format', 'json'], cwd)).stdout) as { objectives: unknown[]; forces: { units: { name: string; count: number }[] }[] };
    const md = (await muster(['scenario', 'openfire', '--seed', 'x', '--format', 'md'], cwd)).stdout;
    // each player's turn is a movement and a combat phase in either order (Turn sequence)
    expect(md).toMatch(/### Turn record: 10 turns†\n\n\*§ Turn sequence\*/);
    expect(md).toMatch(/a movement phase and a combat phase, in either order/);
    // the majority of the objectives held for 2 turns, or the last side standing, wins (Objectives)
    const n = result.objectives.length;
    expect(md).toContain(`Holding the majority of the ${n} ${n === 1 ? 'objective' : 'objectives'} for two turns running wins, as does being the last side standing.`);
    const decks = md.split(/^## Cards: /m).slice(1);
    expect(decks).toHaveLength(2);
    // a card for each unit, or one with a box for each where an entry has several
    decks.forEach((deck, i) => {
      const models = deck.split(/^### /m).slice(1).reduce((n, card) => n + Math.max(1, (card.match(/\[ \] /g) ?? []).length), 0);
      expect(models).toBe(result.forces[i]!.units.reduce((sum, u) => sum + u.count, 0));
    });
  });
  it('Characteristics: a house list naming a weapon its unit does not carry is refused, naming the file, the field and the weapons it carries', async () => {
    const cwd = workdir({
      'house/openfire/lists/extra.yaml':
        'units:\n- id: us-heavy-tank\n  name: M26 Pershing\n  nation: us\n  type: heavy-tank\n  wpn: 6\n  arm: 8\n  trn: 5\n  hp: 6\n  rank: trained\n  weapons: [of-88, of-coax-mg]\n  weaponNames: {of-85: "90 mm M3"}\n  points: 180\n  source: M26 Pershing\n',
    });
    const { code, stderr } = await muster(['cards', 'openfire', '--data', 'house', '--format', 'json'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(/extra\.yaml at units\[id=us-heavy-tank\]\.weaponNames\.of-85: names a weapon the unit does not carry; its weapons are of-88, of-coax-mg/);
  });
  it('quick-reference sheets fit one page each on A4 and Letter', async () => {
    const { layoutDocument } = await import('../src/layout/document-plan.js');
    for (const [paper, units] of [['a4', 'cm'], ['letter', 'in']] as const) {
      const doc = buildQuickReference(system, { units, paper, toolVersion: '0' });
      expect(layoutDocument(fonts, doc).pages, paper).toHaveLength(doc.sheets.length);
    }
  });
  it('quick-reference document snapshot (changes only on purpose)', () => {
    expect(buildQuickReference(system, { units: 'in', paper: 'letter', toolVersion: '0.0.0-test' })).toMatchSnapshot();
  });
});

describe('Open Fire: the game length and minefields, muster\'s readings (Turn sequence; Minefields)', () => {
  it('Turn sequence: the text sets no game length; the 10 turns are muster\'s, in the data\'s note and marked wherever printed', async () => {
    const table = system.table('scenario-settings');
    expect(table.note).toMatch(/^muster's reading: the text sets no game length/);
    expect(settings.turns).toBe(10);
    expect(roll('len').turns).toBe(10);
    const md = (await muster(['scenario', 'openfire', '--seed', 'x', '--format', 'md'], workdir())).stdout;
    expect(md).toContain('### Turn record: 10 turns†');
    expect(md).toMatch(/\*\*Game length\.\*\* 10 turns; the text sets none, so stop earlier only when a side has won\.†/);
    expect(md).toMatch(/† muster's reading: the text leaves this open/);
  });
  it('Minefields: off by default, with no dice rolled; the rolls of a packet without them stay as they were', () => {
    const plain = roll('mines');
    expect(plain.minefields).toEqual([]);
    const mined = roll('mines', 500, 3);
    expect(mined.rolls.slice(0, plain.rolls.length)).toEqual(plain.rolls);
    expect(mined.rolls.slice(plain.rolls.length).map((r) => r.purpose)).toEqual(['minefield 1: across', 'minefield 1: between the zones', 'minefield 2: across', 'minefield 2: between the zones', 'minefield 3: across', 'minefield 3: between the zones']);
  });
  it('Minefields: a counter each, reaching 3 in all round it, placed between the deployment zones, never in one', () => {
    expect(settings.minefields).toEqual({ least: 0, most: 6, usual: 0 });
    expect(settings.minefieldReach).toBe(3);
    for (let i = 0; i < 300; i++) {
      const r = roll(`mines-${i}`, 500, 1 + (i % 6));
      expect(r.minefields).toHaveLength(1 + (i % 6));
      for (const m of r.minefields) {
        expect(m.radius).toBe(7.5);
        for (const z of r.zones) expect(m.x >= z.x && m.x <= z.x + z.w && m.y >= z.y && m.y <= z.y + z.h, `${r.seed} ${m.id}`).toBe(false);
        expect(m.x > 0 && m.x < 120 && m.y > 0 && m.y < 120).toBe(true);
      }
    }
  });
  it('Minefields: --minefields is a scenario option with its bounds, marked on the packet and the map; out of bounds and other rule sets are refused, exit 2', async () => {
    const cwd = workdir();
    const md = (await muster(['scenario', 'openfire', '--seed', 'x', '--minefields', '2', '--units', 'in', '--format', 'md'], cwd)).stdout;
    expect(md).toMatch(/\*\*Minefields \(scenario option\)\.\*\* 2 counters where the map shows, each field reaching 3 in all round\. .*†/);
    const json = JSON.parse((await muster(['scenario', 'openfire', '--seed', 'x', '--minefields', '2', '--format', 'json'], cwd)).stdout) as { minefields: unknown[] };
    expect(json.minefields).toHaveLength(2);
    for (const [args, message] of [
      [['--minefields', '7'], /--minefields 7: a whole number from 0 to 6/],
      [['--minefields', '-1'], /--minefields -1: a whole number from 0 to 6/],
      [['--minefields', '1.5'], /--minefields 1.5: a whole number from 0 to 6/],
    ] as const) {
      const bad = await muster(['scenario', 'openfire', ...args, '-o', 'bad.pdf'], cwd);
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr).toMatch(message);
    }
    for (const other of MANIFESTS.filter((m) => m.scenario && !m.scenario.options?.some((o) => o.name === 'minefields')).map((m) => m.id)) {
      const refused = await muster(['scenario', other, '--minefields', '2', '-o', 'bad.pdf'], cwd);
      expect(refused.code, other).toBe(2);
      expect(refused.stderr).toMatch(/--minefields: .* scenarios take no such option; leave it out \(only Open Fire scenarios take it\)/);
    }
  });
});
