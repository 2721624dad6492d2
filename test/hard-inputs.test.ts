/**
 * Bad and odd input thrown at the loaders and the engines: every answer is a clear message
 * with exit 2 (or a valid result), and every PDF a real parser accepts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../src/data/load.js';
import { createRng } from '../src/engine/dice.js';
import { layoutDocument } from '../src/layout/pages.js';
import { renderPdf } from '../src/render/pdf-surface.js';
import { buildPacket, packetContext } from '../src/systems/bof/packet.js';
import { loadScenarioContext } from '../src/systems/bof/scenario-data.js';
import { rollSoloScenario, rollVersusScenario } from '../src/systems/bof/scenario.js';
import { workdirs } from './helpers/fixtures.js';
import { muster } from './helpers/cli.js';

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

describe('every engine over many seeds, and real PDFs through qpdf', () => {
  it('120 packets, two-player and solo, each a valid PDF', async () => {
    const system = (await loadRulesDb({ dataDirs: [] })).system('bof');
    const ctx = await loadScenarioContext(system);
    const packetCtx = packetContext(ctx, {
      units: 'cm',
      paper: 'a4',
      toolVersion: '0',
      print: { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long', backOffset: { x: 0, y: 0 } },
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-qpdf-'));
    try {
      const files: string[] = [];
      for (let i = 0; i < 120; i++) {
        const seed = `qpdf-${i}`;
        const options = { mode: i % 2 ? ('solo' as const) : ('versus' as const), players: 2 as const, table: { width: 120, height: 120 }, points: 150 };
        const result = (i % 2 ? rollSoloScenario : rollVersusScenario)(ctx, options, createRng(seed), seed);
        const file = path.join(dir, `${seed}.pdf`);
        writeFileSync(file, await renderPdf(layoutDocument(buildPacket(result, packetCtx))));
        files.push(file);
      }
      for (const file of files) {
        // qpdf exits 0 when the file is sound, 2 on errors, 3 on warnings
        const report = execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
        expect(report, file).toMatch(/No syntax or stream encoding errors/);
        expect(readFileSync(file).subarray(-6).toString()).toMatch(/%%EOF/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
