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

describe('muster\'s choices in a rolled scenario carry the reading mark', () => {
  const seeds = Array.from({ length: 60 }, (_, i) => `marks-${i}`);
  it('2 Introduction: the game length, rolled within the text\'s 12 to 24 turns (10 at night), is marked in the briefing and the Setup', () => {
    const { rolled, doc } = packetOf('ba-day');
    expect(setup(doc).get('Game length')).toMatch(new RegExp(`^${rolled.result.turns} turns${MARK}`));
    expect(textOf(doc, 'Briefing')!.paragraphs.join(' ')).toContain(`**${rolled.result.turns} turns${MARK}**`);
  });
  it('6.3 Double Move: the chits a side, rolled within 1 to 4, are marked', () => {
    const { rolled, doc } = packetOf('ba-day');
    expect(setup(doc).get('Double moves')).toMatch(new RegExp(`^Side A ${rolled.result.doubleMoves.a}, Side B ${rolled.result.doubleMoves.b}${MARK}`));
  });
  it('7.4.2 Aircraft availability: the air support a scenario adds is marked as its own and kept out of the force\'s Aircraft table', () => {
    const seed = seeds.find((s) => packetOf(s).rolled.result.aircraft.a.some((a) => a.unit === undefined))!;
    expect(seed).toBeDefined();
    const { rolled, doc } = packetOf(seed);
    const added = rolled.result.aircraft.a.filter((a) => a.unit === undefined);
    const row = setup(doc).get('Aircraft, Side A')!;
    for (const a of added) expect(row).toContain(`${a.name}, added by the scenario${MARK} (${a.type}), ${a.turns} turns${MARK}`);
    // side A's unit sheet: its own flights under Aircraft; the added ones on its count-as-you-play page, apart, marked
    const sheet = doc.sheets.find((s) => s.title.startsWith('Side A,'))!;
    const own = sheet.blocks.find((b): b is TableBlock => b.kind === 'table' && b.id === 'aircraft');
    for (const r of own?.rows ?? []) expect(runsText(r[0]!)).not.toMatch(/Air support/);
    expect(sheet.blocks.some((b) => b.kind === 'table' && b.id === 'air-support')).toBe(false);
    const counts = doc.sheets.find((s) => s.title === 'Side A: count as you play')!;
    const support = counts.blocks.find((b): b is TableBlock => b.kind === 'table' && b.id === 'air-support')!;
    expect(support.title).toBe(`Air support the scenario adds${MARK}: not part of the force`);
    expect(support.rows.map((r) => runsText(r[0]!).trim())).toEqual(added.map((a) => a.name));
  });
  it('6.5 Hidden Movement: by day its use, and the dummy cards always, are muster\'s rolls, marked; at night it is the text\'s', () => {
    const found = { day: false, night: false, off: false };
    for (const seed of seeds) {
      const { rolled, doc } = packetOf(seed);
      const row = setup(doc).get('Hidden movement')!;
      const r = rolled.result;
      if (!r.hiddenMovement) {
        expect(row).toBe(`not used${MARK}`);
        found.off = true;
      } else {
        expect(row).toMatch(r.night ? /^in use \(always at night, 6\.5\); / : new RegExp(`^in use${MARK}; `));
        expect(row).toMatch(new RegExp(`dummy cards: Side A ${r.hiddenDummies.a}, Side B ${r.hiddenDummies.b}${MARK}$`));
        found[r.night ? 'night' : 'day'] = true;
      }
    }
    expect(found).toEqual({ day: true, night: true, off: true });
  });
  it('7.3.2 Pre-game Barrage: the set turn it falls on is muster\'s roll, marked in the Setup, before the first turn and on the turn record, whoever fires it', () => {
    const seed = seeds.find((s) => packetOf(s, { barrage: 'both' }).rolled.result.barrages.some((b) => b.turn > 0))!;
    expect(seed).toBeDefined();
    const { rolled, doc } = packetOf(seed, { barrage: 'both' });
    const late = rolled.result.barrages.find((b) => b.turn > 0)!;
    const rows = tableOf(doc, 'setup')!.rows.filter((r) => runsText(r[0]!) === 'Pre-game barrage').map((r) => runsText(r[1]!));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.endsWith(MARK), row).toBe(true);
    expect(textOf(doc, 'Before the first turn')!.paragraphs.join(' ')).toContain(`they fall at the start of turn ${late.turn}${MARK}`);
    const record = tableOf(doc, 'turn-record')!.rows[late.turn - 1]!;
    expect(runsText(record[2]!)).toContain(`${late.side === 'a' ? 'Side A' : 'Side B'}'s barrage falls${MARK}`);
  });
});
