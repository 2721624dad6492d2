/**
 * The rule-set contract (docs/adding-a-rule-set.md), held for every registered rule set, every
 * data folder, and a data-only fifth rule set this test makes in a temporary folder: what the
 * command line promises for any rule set, whichever it is.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../src/data/load.js';
import { MANIFESTS, manifestFor, moduleFor } from '../src/systems/registry.js';
import { muster } from './helpers/cli.js';
import { pureMuster, purePrint } from './helpers/pure-run.js';
import { nodeFiles } from '../src/cli/node-files.js';

const db = await loadRulesDb({ dataDirs: [] });
const dataFolders = db.systems.map((s) => s.info.id);
const withScenarios = MANIFESTS.filter((m) => m.scenario).map((m) => m.id);

/** The fields docs/design.md (Scenario JSON) asks of every scenario's JSON, and what each holds. */
const SCENARIO_FIELDS: Readonly<Record<string, (v: unknown) => boolean>> = {
  system: (v) => typeof v === 'string',
  seed: (v) => typeof v === 'string',
  scenario: (v) => typeof (v as { id?: unknown }).id === 'string' && typeof (v as { name?: unknown }).name === 'string',
  attacker: (v) => v === null || typeof v === 'string',
  defender: (v) => v === null || typeof v === 'string',
  deployment: (v) => typeof v === 'object' && v !== null && Object.values(v).every((e) => typeof e === 'string'),
  objectives: Array.isArray,
  forces: (v) => Array.isArray(v) && v.every((f: Record<string, unknown>) => typeof f['side'] === 'string' && 'points' in f && 'budget' in f && Array.isArray(f['units'])),
  table: (v) => typeof (v as { width?: unknown }).width === 'number' && typeof (v as { height?: unknown }).height === 'number',
  rolls: (v) => Array.isArray(v) && v.length > 0,
};

let dir: string;
let fifth: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'muster-contract-'));
  fifth = path.join(dir, 'house');
  makeDataOnlyRuleSet(path.join(fifth, 'skirmish'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the registry and the data folders agree', () => {
  it('every registered rule set has a data folder whose name is the manifest’s, and a module', async () => {
    for (const manifest of MANIFESTS) {
      expect(dataFolders, manifest.id).toContain(manifest.id);
      expect(db.system(manifest.id).info.name, manifest.id).toBe(manifest.name);
      expect(await moduleFor(manifest.id), manifest.id).toBeDefined();
    }
  });

  it.each(dataFolders)('%s: a product that needs code is listed only with a manifest and a module that make it', async (id) => {
    const products = db.system(id).info.products;
    const manifest = manifestFor(id);
    const module = await moduleFor(id);
    for (const product of ['scenario', 'campaign'] as const) {
      if (!products.includes(product)) continue;
      expect(manifest?.[product], `${id} ${product}: declared`).toBeDefined();
      expect(module?.[product], `${id} ${product}: made`).toBeDefined();
    }
    if (manifest?.scenario?.takes?.includes('scenario')) expect(module?.scenario?.names, `${id}: --scenario names`).toBeDefined();
  });
});

describe('every data folder validates and prints its tables', () => {
  it('muster validate checks each folder, and passes', async () => {
    const valid = await pureMuster(['validate']);
    expect(valid.code, valid.stderr).toBe(0);
    for (const id of dataFolders) expect(valid.stdout, id).toMatch(new RegExp(`^${id}: `, 'm'));
  });

  /**
   * A product printed as the player first prints it, without --units: made once a worker
   * (helpers/pure-run.ts), as other files print it too; the runs with --units are this file's own.
   */
  const plainPrint = (product: string, id: string) => purePrint([product, id]);

  // the second run names the text's units: a product left without --units prints in them
  it.each(dataFolders)('%s: its tables, the same bytes twice, in the units of its text unless --units says', async (id) => {
    const textUnits = db.system(id).info.units;
    const files = ['b', 'other'].map((n) => path.join(dir, `${id}-tables-${n}.pdf`));
    const units = [['--units', textUnits], ['--units', textUnits === 'cm' ? 'in' : 'cm']];
    for (const [i, file] of files.entries()) expect((await muster(['tables', id, '-o', file, '--quiet', ...units[i]!], dir)).code).toBe(0);
    const plain = await plainPrint('tables', id);
    expect(plain.equals(readFileSync(files[0]!))).toBe(true);
    expect(plain.equals(readFileSync(files[1]!))).toBe(false);
  });

  it.each(dataFolders)('%s: its cards and tokens print in the units of its text', async (id) => {
    const textUnits = db.system(id).info.units;
    for (const product of (['cards', 'tokens'] as const).filter((p) => db.system(id).info.products.includes(p))) {
      const file = path.join(dir, `${id}-${product}-b.pdf`);
      expect((await muster([product, id, '-o', file, '--quiet', '--units', textUnits], dir)).code).toBe(0);
      expect((await plainPrint(product, id)).equals(readFileSync(file)), product).toBe(true);
    }
  });

  // a house folder of data alone: one table of each rule set's sheets changed by a change entry
  const changedTable = (id: string) => {
    const system = db.system(id);
    const onSheets = system.sheets.flatMap((sheet) => sheet.blocks.flatMap((b) => ('table' in b && typeof b.table === 'string' ? [b.table] : [])));
    return onSheets.map((t) => system.table(t)).find((t) => !t.title.includes('{{'));
  };
  /**
   * One club folder changing a table of every rule set, validated once for all of them: a
   * validate lays out every rule set's sheets and runs every module's own checks whatever the
   * folder changes, so a folder for each rule set took four whole checks where one shows the same.
   */
  let clubValidated: Promise<{ club: string; valid: Awaited<ReturnType<typeof muster>> }> | undefined;
  const houseClub = () =>
    (clubValidated ??= (async () => {
      const club = path.join(dir, 'house-club');
      mkdirSync(club, { recursive: true });
      writeFileSync(path.join(club, 'house.yaml'), 'name: Contract club\n');
      for (const id of dataFolders) {
        const table = changedTable(id);
        if (!table) continue;
        mkdirSync(path.join(club, id, 'tables'), { recursive: true });
        writeFileSync(path.join(club, id, 'tables', 'club.yaml'), `tables:\n  - change: ${table.id}\n    title: ${JSON.stringify(`${table.title} of the club`)}\n`);
      }
      return { club, valid: await muster(['validate', '--data', club], dir) };
    })());
  it.each(dataFolders)('%s: a house folder of data alone changes a table of its sheets, marked where it prints and listed by validate', async (id) => {
    const table = changedTable(id);
    if (!table) return;
    const { club, valid } = await houseClub();
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stdout).toContain(`  ${id}/tables/club.yaml: changes table ${table.id}`);
    const sheets = await muster(['tables', id, '--data', club, '--format', 'md'], dir);
    expect(sheets.code, sheets.stderr).toBe(0);
    expect(sheets.stdout).toContain(`${table.title} of the club‡`);
    expect(sheets.stdout).toContain('with house rules: Contract club');
  });

  it('muster systems names each rule set’s units as its system.yaml does', async () => {
    const listed = JSON.parse((await muster(['systems', '--format', 'json'], dir)).stdout) as { systems: { id: string; units: string }[] };
    expect(listed.systems.map((s) => [s.id, s.units])).toEqual(db.systems.map((s) => [s.info.id, s.info.units]));
    const text = (await muster(['systems'], dir)).stdout;
    for (const s of db.systems) expect(text).toMatch(new RegExp(`^${s.info.id} [^]*?measures in ${s.info.units === 'in' ? 'inches' : 'centimetres'}`, 'm'));
  });
});

describe.each(withScenarios)('%s scenarios keep the contract', (id) => {
  const declared = manifestFor(id)!.scenario!;

  it('the same seed gives the same JSON, with every field docs/design.md asks for', async () => {
    const first = await muster(['scenario', id, '--seed', 'contract', '--format', 'json'], dir);
    const again = await muster(['scenario', id, '--seed', 'contract', '--format', 'json'], dir);
    expect(first.code, first.stderr).toBe(0);
    expect(again.stdout).toBe(first.stdout);
    const result = JSON.parse(first.stdout) as Record<string, unknown>;
    for (const [field, holds] of Object.entries(SCENARIO_FIELDS)) expect(holds(result[field]), `${id}: ${field} = ${JSON.stringify(result[field])?.slice(0, 80)}`).toBe(true);
    expect(result['system']).toBe(id);
    expect(result['seed']).toBe('contract');
  });

  it('the same seed gives the same PDF, byte for byte, in the units of its text unless --units says', async () => {
    const files = ['a', 'b'].map((n) => path.join(dir, `${id}-${n}.pdf`));
    // the second run names the text's units: the packet left without --units is in them
    const units = [[], ['--units', db.system(id).info.units]];
    for (const [i, file] of files.entries()) expect((await muster(['scenario', id, '--seed', 'contract', '-o', file, '--quiet', ...units[i]!], dir)).code).toBe(0);
    expect(readFileSync(files[0]!).equals(readFileSync(files[1]!))).toBe(true);
  });

  it('--units changes the packet’s distances, and nothing its dice rolled', async () => {
    const packets: Record<string, string> = {};
    const results: Record<string, string> = {};
    for (const units of ['cm', 'in']) {
      const md = await muster(['scenario', id, '--seed', 'contract', '--format', 'md', '--units', units], dir);
      expect(md.code, md.stderr).toBe(0);
      packets[units] = md.stdout;
      results[units] = (await muster(['scenario', id, '--seed', 'contract', '--format', 'json', '--units', units], dir)).stdout;
    }
    expect(packets['cm']).not.toBe(packets['in']);
    expect(packets['cm']).toMatch(/\d cm\b/);
    expect(packets['cm']).not.toMatch(/\d in\b/);
    expect(packets['in']).toMatch(/\d in\b/);
    // the same game: the dice fell alike, and the table and its terrain stand in centimetres whatever the sheet's
    const game = (json: string) => {
      const r = JSON.parse(json) as { table: unknown; terrain: unknown; rolls: { faces?: unknown }[] };
      return { table: r.table, terrain: r.terrain, faces: r.rolls.map((roll) => roll.faces) };
    };
    expect(game(results['in']!)).toEqual(game(results['cm']!));
  });

  it('--terrain lays terrain where its data has terrain types, and is refused with a message where it has none', async () => {
    const lay = async (level: string) => {
      const batch = await muster(['scenario', id, '--seed', 'terrain', '--count', '3', '--format', 'json', '--terrain', level], dir);
      return { ...batch, pieces: batch.code === 0 ? batch.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { terrain: unknown[] }).terrain.length) : [] };
    };
    const none = await lay('none');
    expect(none.code, none.stderr).toBe(0);
    expect(none.pieces).toEqual([0, 0, 0]);
    const dense = await lay('dense');
    if (db.system(id).terrain) {
      expect(dense.code, dense.stderr).toBe(0);
      expect(Math.max(...dense.pieces), `${id}: pieces laid`).toBeGreaterThan(0);
    } else {
      expect(dense.code).toBe(2);
      expect(dense.stderr).toMatch(/--terrain dense: .* has no terrain types/);
    }
  });

  it('a batch seeds packet N with SEED-N, each the packet that seed rolls alone', async () => {
    const batch = await muster(['scenario', id, '--seed', 'lot', '--count', '2', '--format', 'json'], dir);
    expect(batch.code, batch.stderr).toBe(0);
    const lines = batch.stdout.trim().split('\n').map((l) => JSON.parse(l) as { seed: string });
    expect(lines.map((l) => l.seed)).toEqual(['lot-1', 'lot-2']);
    const alone = await muster(['scenario', id, '--seed', 'lot-2', '--format', 'json'], dir);
    expect(JSON.parse(alone.stdout)).toEqual(lines[1]);
  });

  it('refuses an unknown --scenario, impossible --points and --players, and a mode it has no rules for, with exit 2 and no file', async () => {
    const out = path.join(dir, `${id}-refused.pdf`);
    const cases = [
      ['--scenario', 'nonsense'],
      ['--points', '999999'],
      ['--points', '-5'],
      ['--players', '5'],
      ['--players', String(Math.max(...declared.players) + 2)],
      ...(declared.modes.includes('solo') ? [] : [['--mode', 'solo']]),
    ];
    for (const extra of cases) {
      const refused = await muster(['scenario', id, '--seed', 's', '-o', out, ...extra], dir);
      expect(refused.code, `${id} ${extra.join(' ')}`).toBe(2);
      expect(refused.stderr, `${id} ${extra.join(' ')}`).toMatch(new RegExp(extra[0]!));
      expect(() => readFileSync(out)).toThrow();
    }
  });

  it('refuses another rule set’s own option by name', async () => {
    const foreign = MANIFESTS.flatMap((m) => (m.id === id ? [] : (m.scenario?.options ?? []))).find((o) => !declared.options?.some((own) => own.name === o.name));
    if (!foreign) return;
    const value = foreign.type === 'boolean' ? [] : [foreign.choices?.[0] ?? '1'];
    const refused = await muster(['scenario', id, `--${foreign.name}`, ...value], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`--${foreign.name}: ${manifestFor(id)!.name} scenarios take no such option`);
  });
});

describe('a rule set with scenarios and no terrain of its data', () => {
  // one of the registered rule sets, its terrain.yaml taken out of a copy of muster's data
  const id = withScenarios[0]!;
  const bare = () => {
    const data = path.join(dir, 'no-terrain-data');
    cpSync(nodeFiles.places.data, data, { recursive: true });
    rmSync(path.join(data, id, 'terrain.yaml'), { force: true });
    return { files: { ...nodeFiles, places: { ...nodeFiles.places, data } } };
  };

  it('refuses --terrain but none with a message, and rolls without it as before', async () => {
    const io = bare();
    const refused = await muster(['scenario', id, '--seed', 'bare', '--terrain', 'dense', '-o', 'bare.pdf'], dir, io);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`muster: --terrain dense: ${db.system(id).info.name} has no terrain types for muster to lay (its data has no terrain.yaml); leave --terrain out, or give --terrain none\n`);
    for (const given of [[], ['--terrain', 'none']]) {
      const rolled = await muster(['scenario', id, '--seed', 'bare', '--format', 'json', ...given], dir, io);
      expect(rolled.code, rolled.stderr).toBe(0);
      expect((JSON.parse(rolled.stdout) as { terrain: unknown[] }).terrain).toEqual([]);
    }
  });
});

describe.each(MANIFESTS.filter((m) => m.campaign).map((m) => m.id))('%s campaigns print in the units of the text', (id) => {
  it('a booklet left without --units is the booklet in the text’s units, byte for byte', async () => {
    const files = ['a', 'b'].map((n) => path.join(dir, `${id}-booklet-${n}.pdf`));
    for (const [i, file] of files.entries()) {
      const made = await muster(['campaign', id, 'booklet', '--seed', 'contract', '-o', file, '--quiet', ...(i === 1 ? ['--units', db.system(id).info.units] : [])], dir);
      expect(made.code, made.stderr).toBe(0);
    }
    expect(readFileSync(files[0]!).equals(readFileSync(files[1]!))).toBe(true);
  });
});

describe('a fifth rule set of data alone, made here', () => {
  const house = () => ['--data', fifth];

  it('validates, and lists its tables, cards and tokens', async () => {
    const valid = await muster(['validate', ...house()], dir);
    expect(valid.code, valid.stderr + valid.stdout).toBe(0);
    const systems = await muster(['systems', '--format', 'json', ...house()], dir);
    const skirmish = (JSON.parse(systems.stdout) as { systems: { id: string; products: string[] }[] }).systems.find((s) => s.id === 'skirmish');
    expect(skirmish?.products).toEqual(['tables', 'cards', 'tokens']);
    for (const [what, name] of [['tables', 'Rally'], ['cards', 'Advance'], ['tokens', 'Shaken']]) {
      const listed = await muster(['list', 'skirmish', what!, '--format', 'json', ...house()], dir);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain(`"name": "${name}"`);
    }
  });

  it.each(['tables', 'cards', 'tokens'])('prints its %s, the same bytes twice, in the inches its system.yaml names', async (product) => {
    const files = ['a', 'b'].map((n) => path.join(dir, `skirmish-${product}-${n}.pdf`));
    for (const [i, file] of files.entries()) {
      const made = await muster([product, 'skirmish', '-o', file, '--quiet', ...house(), ...(i === 1 ? ['--units', 'in'] : [])], dir);
      expect(made.code, made.stderr).toBe(0);
    }
    expect(readFileSync(files[0]!).subarray(0, 5).toString()).toBe('%PDF-');
    expect(readFileSync(files[0]!).equals(readFileSync(files[1]!))).toBe(true);
  });

  it('takes a house variant of data alone: a changed table and a token more, marked and listed', async () => {
    const variant = path.join(dir, 'skirmish-club');
    for (const sub of ['tables', 'tokens']) mkdirSync(path.join(variant, 'skirmish', sub), { recursive: true });
    writeFileSync(path.join(variant, 'house.yaml'), 'name: Fixture club\n');
    writeFileSync(path.join(variant, 'skirmish/tables/rally.yaml'), ['tables:', '  - change: rally', '    rows-: [[4, 5, 6]]', '    rows+:', '      - { roll: [4, 5], effect: Rallies }', '      - { roll: [6], effect: Rallies and moves }'].join('\n'));
    writeFileSync(path.join(variant, 'skirmish/tokens/club.yaml'), 'tokens:\n  - { id: club-flag, label: Club flag, icon: flag, shape: square, colour: "#2f5d3a", section: Objectives, count: 1 }\n');
    const both = [...house(), '--data', variant];
    const valid = await muster(['validate', ...both], dir);
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stdout).toContain('--data skirmish-club, printed as house rules "Fixture club":\n  skirmish/tables/rally.yaml: changes table rally\n  skirmish/tokens/club.yaml: adds token club-flag');
    const sheets = await muster(['tables', 'skirmish', '--format', 'md', ...both], dir);
    expect(sheets.code, sheets.stderr).toBe(0);
    expect(sheets.stdout).toContain('Rally‡');
    expect(sheets.stdout).toContain('Rallies and moves');
    expect(sheets.stdout).toContain('Skirmish Fixture · contract test 1 · with house rules: Fixture club');
    const tokens = await muster(['list', 'skirmish', 'tokens', '--format', 'json', ...both], dir);
    expect(tokens.stdout).toContain('"name": "Club flag"');
    for (const product of ['tables', 'cards', 'tokens']) {
      const made = await muster([product, 'skirmish', '-o', path.join(dir, `skirmish-club-${product}.pdf`), '--quiet', ...both], dir);
      expect(made.code, `${product}: ${made.stderr}`).toBe(0);
    }
  });

  it('refuses what needs code, and every rule set’s own option, with exit 2', async () => {
    for (const [args, said] of [
      [['scenario', 'skirmish'], /has no scenarios/],
      [['campaign', 'skirmish', 'status', '--state', 'x.json'], /has no campaigns/],
      [['check', 'skirmish', '--force', 'x.yaml'], /no force files to check/],
      [['cards', 'skirmish', '--nation', 'x'], /--nation: Skirmish Fixture cards take no such option/],
      [['cards', 'skirmish', '--explain-cost', 'x'], /--explain-cost: Skirmish Fixture cards take no such option/],
      [['tokens', 'skirmish', '--events'], /--events: Skirmish Fixture tokens take no such option/],
    ] as const) {
      const refused = await muster([...args, ...house()], dir);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr, args.join(' ')).toMatch(said);
    }
  });
});

/** A made-up rule set of data alone: one table, a deck of two cards, three tokens. */
function makeDataOnlyRuleSet(root: string): void {
  for (const sub of ['tables', 'cards', 'tokens']) mkdirSync(path.join(root, sub), { recursive: true });
  const files: Record<string, string> = {
    'system.yaml': [
      'id: skirmish',
      'name: Skirmish Fixture',
      'rulesVersion: contract test 1',
      'scale: a fixture',
      'blurb: A made-up rule set of data alone, for the contract test.',
      'provenance: Invented for muster’s tests.',
      'products: [tables, cards, tokens]',
      'units: in',
    ].join('\n'),
    'sheets.yaml': ['sheets:', '  - id: one', '    title: Skirmish sheet', '    blocks:', '      - table: rally'].join('\n'),
    'tables/rally.yaml': [
      'tables:',
      '  - id: rally',
      '    title: Rally',
      '    section: Morale',
      '    source: fixture',
      '    use: lookup',
      '    dice: D6',
      '    columns:',
      '      - { key: roll, label: D6 }',
      '      - { key: effect, label: Effect }',
      '    rows:',
      '      - { roll: [1, 2, 3], effect: Stays shaken }',
      '      - { roll: [4, 5, 6], effect: Rallies }',
    ].join('\n'),
    'cards/orders.yaml': [
      'deck:',
      '  title: Orders',
      '  back: { title: SKIRMISH, subtitle: Order, icon: star }',
      '  copies: [{ name: Green, colour: "#2f5d3a" }]',
      'cards:',
      '  - { id: advance, title: Advance, subtitle: Order, section: Orders, lines: [{ label: Move, text: Up to a full move. }], rules: [No shooting.], count: 2 }',
      '  - { id: rally, title: Rally, subtitle: Order, section: Morale, lines: [{ label: Rally, text: Roll on the Rally table. }], rules: [Once a turn.], count: 1 }',
    ].join('\n'),
    'tokens/tokens.yaml': [
      'tokens:',
      '  - { id: shaken, label: Shaken, icon: down, shape: round, colour: "#8a6d1f", section: Morale, count: 4 }',
      '  - { id: out, label: Out, icon: anchor, shape: square, colour: "#9b2c2c", section: Damage, count: 2 }',
      '  - { id: objective, label: Objective, icon: flag, shape: round, colour: "#a8842c", section: Objectives, count: 2 }',
    ].join('\n'),
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), `${text}\n`);
}
