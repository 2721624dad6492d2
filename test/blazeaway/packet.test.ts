/**
 * The printed scenario packet (9.4) as a document: what it says the text gives and what it
 * marks as muster's own choice (the dagger), section by section.
 */
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { runsText, type Block, type DocumentNode, type TableBlock, type TextBlock } from '../../src/doc/model.js';
import { createRng } from '../../src/engine/dice.js';
import { loadBlazeAway } from '../../src/systems/blazeaway/data.js';
import { scenarioPacket } from '../../src/systems/blazeaway/packet.js';
import { loadSampleForces } from '../../src/systems/blazeaway/samples.js';
import { rollScenario, type Allocations } from '../../src/systems/blazeaway/scenario.js';

const data = await loadBlazeAway((await loadRulesDb({ dataDirs: [], only: 'blazeaway' })).system('blazeaway'));
const samples = await loadSampleForces();
const TABLE = { width: 180, height: 120 };
const print = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
const MARK = '\u2020';

function packetOf(seed: string, allocations: Allocations = {}) {
  const rolled = rollScenario(data, { forces: [], samples, table: TABLE, allocations }, createRng(seed), seed);
  return { rolled, doc: scenarioPacket(rolled, data, { print, paper: 'a4', units: 'cm', toolVersion: '0' }) };
}
const blocks = (doc: DocumentNode): Block[] => doc.sheets.flatMap((s) => s.blocks);
const tableOf = (doc: DocumentNode, id: string) => blocks(doc).find((b): b is TableBlock => b.kind === 'table' && b.id === id);
const textOf = (doc: DocumentNode, title: string) => blocks(doc).find((b): b is TextBlock => b.kind === 'text' && b.title === title);
/** the Setup table's rows: item -> what it says */
const setup = (doc: DocumentNode) => new Map(tableOf(doc, 'setup')!.rows.map((row) => [runsText(row[0]!), runsText(row[1]!)]));

describe('7.3.13 Suppressive Area Fire: templates allotted at the start, fired in play', () => {
  it('the Setup row says how many each side has and that its artillery fires them in play, without deviation; nothing lays them before turn 1', () => {
    const { doc } = packetOf('supp', { suppressive: { a: 2, b: 1 } });
    const row = setup(doc).get('Suppressive fire (7.3.13)')!;
    expect(row).toMatch(/^Side A 2 templates, Side B 1 template, allotted at the start/);
    expect(row).toMatch(/artillery, on or off the table, may fire one in place of killing fire/);
    expect(row).toMatch(/no deviation/);
    expect(row).not.toMatch(/placed at the start/);
    const before = textOf(doc, 'Before the first turn')!.paragraphs.join(' ');
    expect(before).not.toMatch(/Suppressive-fire templates go down now/);
    expect(before).toMatch(/suppressive-fire templates \(Side A 2, Side B 1\), kept to fire in play \(7\.3\.13\)/);
  });
});
