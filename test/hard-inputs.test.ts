import { rollThroughModule } from './helpers/module-scenario.js';
/**
 * Bad and odd input thrown at the loaders and the engines: every answer is a clear message
 * with exit 2 (or a valid result), and every PDF a real parser accepts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PAPERS } from '../src/cli/command-table.js';
import { loadRulesDb } from '../src/data/load.js';
import { createRng } from '../src/engine/dice.js';
import { layoutDocument } from '../src/layout/document-plan.js';
import { renderPdf } from '../src/render/pdf-surface.js';
import { buildPacket, packetContext } from '../src/systems/bof/packet.js';
import { moduleFor } from '../src/systems/registry.js';
import { loadScenarioContext } from '../src/systems/bof/scenario-data.js';
import { rollSoloScenario, rollVersusScenario } from '../src/systems/bof/scenario.js';
import { workdirs } from './helpers/fixtures.js';
import { muster } from './helpers/cli.js';
import { pureMuster, purePrint } from './helpers/pure-run.js';
import { fonts } from './helpers/fonts.js';
import { sampled, sampleSize } from './helpers/sample.js';

const workdir = workdirs(afterEach);

describe('house-rule arsenal folders', () => {
  const house = (file: string, text: string) => {
    const dir = workdir({ [`bof/arsenal/${file}`]: text });
    return dir;
  };
  it('a doctrine naming a unit that does not exist', async () => {
    const dir = house('extra.yaml', `doctrines:
  - id: de-house
    nation: de
    name: House
    kind: infantry
    blurb: A house doctrine.
    detachments:
      - id: de-house-platoon
        name: House platoon
        officer: { unit: de-officer, orders: 2, radius: { cm: 20, in: 8 }, activations: 1 }
        eventCards: 1
        qualities: [regular]
        core: [{ unit: de-officer, count: 1 }]
        options: [de-panzer-ix]
`);
    const { code, stderr } = await muster(['validate', '--data', dir], workdir());
    expect(code).toBe(2);
    expect(stderr).toMatch(/extra\.yaml at doctrines\[id=de-house\]\.detachments\[0\]\.options\[0\]: unknown unit "de-panzer-ix"/);
  });
  it('negative armour', async () => {
    const dir = house('extra.yaml', `units:
  - { id: de-odd, name: Odd, nation: de, type: afv, role: tank, movement: tracked, mobility: 3, armour: { front: -1, side: 1, rear: 1, top: 1 }, armourMm: { front: 10, side: 10, rear: 10, top: 10 }, crew: 3, actions: 2, source: none }
`);
    const { code, stderr } = await muster(['cards', 'bof', '--data', dir], workdir());
    expect(code).toBe(2);
    expect(stderr).toMatch(/extra\.yaml at units\[0\]\.armour\.front: /);
  });
  it('a duplicate id within one file', async () => {
    const dir = house('extra.yaml', `weapons:
  - { id: knife-2, name: Knife, kind: knife, slot: side, cost: 0 }
  - { id: knife-2, name: Knife, kind: knife, slot: side, cost: 0 }
`);
    const { code, stderr } = await muster(['validate', '--data', dir], workdir());
    expect(code).toBe(2);
    expect(stderr).toMatch(/duplicate id "knife-2"/);
  });
});

describe('house-rule token folders', () => {
  it('a token whose other side does not exist names its file and field', async () => {
    const dir = workdir({ 'fireteam/tokens/house.yaml': 'tokens:\n  - { id: stunned, label: Stunned, icon: down, shape: round, colour: "#8a6d1f", section: Firing, back: dazed, count: 4 }\n' });
    const { code, stderr } = await muster(['tokens', 'fireteam', '--data', dir], workdir());
    expect(code).toBe(2);
    expect(stderr).toMatch(/house\.yaml at tokens\[id=stunned\]\.back: no token "dazed" for its other side/);
  });
  it('a sheet of true-size pieces needs its size, and a size the page can hold', async () => {
    const token = '  - { id: crater, label: Crater, icon: explosion, shape: round, colour: "#7a3b2e", section: House, count: 2 }\n';
    for (const [sheet, message] of [
      ['sheet: { title: Craters }', /house\.yaml at sheet: give the true size of its round or square pieces in mm/],
      ['sheet: { title: Craters, round: 400 }', /house\.yaml at sheet\.round: /],
    ] as const) {
      const dir = workdir({ 'blazeaway/tokens/house.yaml': `${sheet}\ntokens:\n${token}` });
      const { code, stderr } = await muster(['tokens', 'blazeaway', '--data', dir], workdir());
      expect(code, sheet).toBe(2);
      expect(stderr).toMatch(message);
    }
  });
  it('a house token replaces the built-in one with its id', async () => {
    const dir = workdir({ 'fireteam/tokens/house.yaml': 'tokens:\n  - { id: smoke, label: Smoke, icon: cloud, shape: round, colour: "#9a9da1", section: Indirect Fire, count: 9 }\n' });
    const { code, stdout } = await muster(['tokens', 'fireteam', '--data', dir, '--format', 'json'], workdir());
    expect(code).toBe(0);
    // the house token carries the house mark after its label, front and back
    expect(stdout.match(/"label": "Smoke\u2021"/g)).toHaveLength(9 * 2);
  });
});

describe('house-rule card decks', () => {
  it('a card with an unknown back icon or too long a title names the file and field', async () => {
    const dir = workdir({
      'blazeaway/cards/house.yaml': `deck:\n  title: House orders\n  back: { title: HOUSE, subtitle: Orders, icon: teapot }\n  copies: [{ name: Green, colour: "#2f5d3a" }]\ncards:\n  - { id: dig-in, title: "Dig in and hold this position at all costs", subtitle: Order, section: House, lines: [], count: 2 }\n`,
    });
    const { code, stderr } = await muster(['cards', 'blazeaway', '--data', dir], workdir());
    expect(code).toBe(2);
    expect(stderr).toMatch(/house\.yaml at deck\.back\.icon: /);
    expect(stderr).toMatch(/house\.yaml at cards\[0\]\.title: /);
  });
});

describe('house rules that overfill a sheet', () => {
  it('validate names the sheet, the paper and the units where a sheet runs over a page', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `      - { when: "House case ${i + 1}", effect: "A long house rule about morale that takes a whole line or two of the column to say." }`).join('\n');
    const dir = workdir({
      'fireteam/tables/house.yaml': `tables:\n  - id: morale\n    title: Morale (house)\n    section: House\n    source: house\n    use: reference\n    columns:\n      - { key: when, label: When }\n      - { key: effect, label: Effect }\n    rows:\n${rows}\n`,
    });
    // after a check of muster's own data in the same process (made once a worker: this one, or
    // an earlier file's), whose sheets validate remembers laid out
    const own = await pureMuster(['validate']);
    expect([own.code, own.stderr]).toEqual([0, '']);
    const { code, stdout, stderr } = await muster(['validate', '--data', dir], workdir());
    expect(code).toBe(0);
    expect(stdout).toMatch(/^OK: /);
    expect(stdout.match(/\((\d+) pages\)/)![1]).not.toBe(own.stdout.match(/\((\d+) pages\)/)![1]);
    expect(stderr).toMatch(/warning: fireteam sheet "Actions, movement, morale and assaults" takes [2-9] pages on letter in in/);
    expect(stderr).not.toMatch(/sheet "Turn, troops and firing"/);
  });
});

describe('every engine over many seeds, and real PDFs through qpdf', () => {
  // qpdf exits 0 when the file is sound, 2 on errors, 3 on warnings (which reject here); each
  // file's check starts as soon as it is written, while the next one is made
  const checks = new Map<string, Promise<string>>();
  function qpdfCheck(file: string): void {
    const check = promisify(execFile)('qpdf', ['--check', file], { encoding: 'utf8' }).then(({ stdout }) => stdout);
    check.catch(() => undefined); // awaited, and thrown, by expectSoundPdfs
    checks.set(file, check);
  }
  async function expectSoundPdfs(files: readonly string[]): Promise<void> {
    for (const file of files) {
      if (!checks.has(file)) qpdfCheck(file);
      const report = await checks.get(file)!;
      expect(report, file).toMatch(/No syntax or stream encoding errors/);
      expect(readFileSync(file).subarray(-6).toString()).toMatch(/%%EOF/);
    }
  }

  /**
   * The choices a packet is made with, each taking its values in turn every `step` packets.
   * The steps are chosen so that 40 packets take every pair of choices (and every player count
   * beside every other choice in versus), which the test checks first: the 200 packets of
   * earlier stops, each choice in step with another, never printed some pairs at all.
   */
  const CHOICES = {
    // every paper the command line takes
    paper: { step: 9, values: PAPERS },
    units: { step: 10, values: ['cm', 'in'] },
    mode: { step: 8, values: ['versus', 'solo'] },
    players: { step: 2, values: [2, 4, 6] },
    marks: { step: 5, values: [true, false] },
    duplex: { step: 7, values: ['long', 'short'] },
    width: { step: 2, values: [120, 150, 180, 210] },
    points: { step: 1, values: [100, 150, 200, 250, 300] },
  } as const;
  type Choice = keyof typeof CHOICES;
  const PACKETS = 40;
  const chosen = Array.from({ length: PACKETS }, (_, i) =>
    Object.fromEntries(Object.entries(CHOICES).map(([name, { step, values }]) => [name, values[Math.floor(i / step) % values.length]])),
  ) as { [C in Choice]: (typeof CHOICES)[C]['values'][number] }[];

  /**
   * The packets made: all 40 under MUSTER_DEEP=1 (so every pair of choices, as CI prints them),
   * otherwise the first tenth and then the first packet of every choice's value they lack
   * (helpers/sample.ts), so every value of every choice is still printed; of the Open Fire
   * packets, a tenth.
   */
  const made = sampled(chosen, (choice) => Object.entries(choice).map(([name, value]) => `${name}=${String(value)}`));
  const OPEN_FIRE = sampleSize(20);

  it('the packets below take every pair of choices, and every player count beside every choice in versus', () => {
    const names = Object.keys(CHOICES) as Choice[];
    for (const [a, b] of names.flatMap((a, i) => names.slice(i + 1).map((b) => [a, b] as const))) {
      const players = a === 'players' || b === 'players';
      // a solo game has no player count
      if (players && (a === 'mode' || b === 'mode')) continue;
      const rows = players ? chosen.filter((c) => c.mode === 'versus') : chosen;
      const pairs = new Set(rows.map((c) => `${String(c[a])}|${String(c[b])}`));
      expect(pairs.size, `${a} with ${b}`).toBe(CHOICES[a].values.length * CHOICES[b].values.length);
    }
  });

  it(`${made.length + OPEN_FIRE} packets of both rule sets, on both papers and in both units, each its own valid PDF`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-qpdf-'));
    try {
      const files: string[] = [];
      const db = await loadRulesDb({ dataDirs: [] });
      const system = db.system('bof');
      const ctx = await loadScenarioContext(system);
      for (const choice of made) {
        const seed = `qpdf-${chosen.indexOf(choice)}`;
        const packetCtx = packetContext(ctx, {
          units: choice.units,
          paper: choice.paper,
          toolVersion: '0',
          print: { width: 63, height: 88, bleed: 3, marks: choice.marks, duplex: choice.duplex, backOffset: { x: 0, y: 0 } },
        });
        const solo = choice.mode === 'solo';
        const options = { mode: choice.mode, players: solo ? (2 as const) : choice.players, table: { width: choice.width, height: 120 }, points: choice.points };
        const result = (solo ? rollSoloScenario : rollVersusScenario)(ctx, options, createRng(seed), seed);
        const file = path.join(dir, `${seed}.pdf`);
        writeFileSync(file, await renderPdf(fonts, layoutDocument(fonts, buildPacket(result, packetCtx))));
        files.push(file);
        qpdfCheck(file);
      }
      let n = 0;
      const rolled = await rollThroughModule(db.system('openfire'), { table: { width: 180, height: 120 }, count: OPEN_FIRE, seed: 'qpdf-of', units: 'in', paper: 'letter' });
      for (const { packet } of rolled) {
        const file = path.join(dir, `of-${n++}.pdf`);
        writeFileSync(file, await renderPdf(fonts, layoutDocument(fonts, packet)));
        files.push(file);
        qpdfCheck(file);
      }
      expect(files).toHaveLength(made.length + OPEN_FIRE);
      await expectSoundPdfs(files);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('every product of both rule sets, with the print options, is a valid PDF', async () => {
    const cwd = workdir();
    const runs = [
      ['tables', 'bof', '--paper', 'letter', '--units', 'in'],
      ['tables', 'openfire'],
      ['cards', 'bof', '--duplex', 'short', '--marks', 'none', '--bleed', '0'],
      ['cards', 'openfire', '--back-offset', '1.5,-1'],
      ['tokens', 'bof', '--paper', 'letter'],
      ['tokens', 'bof', '--events'],
      ['tokens', 'openfire', '--units', 'cm'],
      // batches of packets: every packet under MUSTER_DEEP=1, by default a tenth (two at least, a batch still)
      ['scenario', 'bof', '--seed', 'many', '--count', String(sampleSize(12, 2)), '--players', '6'],
      ['scenario', 'openfire', '--seed', 'many', '--count', String(sampleSize(6, 2))],
      ['campaign', 'bof', 'booklet', '--seed', 'q', '--solo'],
    ];
    const files = runs.map((args, i) => path.join(cwd, `product-${i}.pdf`));
    // each made once a worker (helpers/pure-run.ts), as other files make the same prints
    for (const [i, args] of runs.entries()) writeFileSync(files[i]!, await purePrint(args));
    await expectSoundPdfs(files);
  }, 120_000);
});
