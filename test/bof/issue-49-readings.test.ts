/**
 * Issue 49, the Burst of Fire items of the rules-fidelity audit: every rule-bearing line muster
 * prints names its section of the text, or is muster's reading and carries the mark (†).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildQuickReference } from '../../src/doc/build-reference.js';
import { READING_MARK, type TableBlock } from '../../src/doc/model.js';
import { rollLogRow } from '../../src/doc/packet.js';
import { buildPacket } from '../../src/systems/bof/packet.js';
import { terrainTypeWords } from '../../src/systems/scenario-terrain.js';
import { type ScenarioResult } from '../../src/systems/bof/scenario.js';
import { system, arsenal, aids, modes, versus, solo } from '../helpers/bof-scenarios.js';

const print = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
const packetOf = (r: ScenarioResult) => buildPacket(r, { arsenal, aids, modes, units: 'cm', paper: 'a4', toolVersion: '0', systemName: 'Burst of Fire', rulesVersion: 'test', print, terrainTypes: terrainTypeWords(system), register: system });
const textOf = (node: unknown): string => JSON.stringify(node);
const sheets = () => buildQuickReference(system, { units: 'cm', paper: 'a4', toolVersion: '0' });

describe('item 1: Avoid the pocket prints both conditions and the draw at exactly five (Avoid the pocket; reading avoid-the-pocket-draw)', () => {
  it('the packet\'s To win block, versus and solo, has the draw marked as muster\'s reading', () => {
    for (const r of [versus('pocket', { scenario: 'avoid-the-pocket' }), solo('pocket', { scenario: 'avoid-the-pocket' })]) {
      const text = textOf(packetOf(r));
      expect(text).toContain('no more than five enemy units escape');
      expect(text).toContain('at least five units');
      expect(text).toContain(`**Draw.** Exactly five units escaping meets both conditions, and the game is a draw.${READING_MARK}`);
    }
    // no other mode prints a draw line
    expect(textOf(packetOf(versus('zones', { scenario: 'victory-zones' })))).not.toContain('**Draw.**');
  });
  it('the setup sheet\'s modes table gives both conditions and the draw, with its reading under the table', () => {
    const table = system.table('game-modes');
    const row = table.rows.find((r) => r['mode'] === 'Avoid the pocket')!;
    expect(String(row['goal'])).toMatch(/at least 5 units out.*no more than 5 escape.*Exactly 5 out: a draw†/);
    expect(table.note).toMatch(/exactly five as a draw/);
    expect(textOf(sheets())).toContain('Exactly 5 out: a draw†');
  });
});

describe('item 6: a map\'s legend lists Plains, the text\'s terrain type for the open table, though nothing is drawn for it (Movement and terrain)', () => {
  it('the terrain data holds Plains as open ground, never laid, and every map with terrain lists it in its legend', () => {
    const plains = system.terrain!.types.find((t) => t.id === 'plains')!;
    expect(plains).toMatchObject({ name: 'Plains', section: 'Movement and terrain', look: 'open' });
    for (const seed of ['t1', 't2', 't3']) {
      const r = solo(seed, { terrain: { level: 'normal', units: 'cm' } });
      expect(r.terrain.length, seed).toBeGreaterThan(0);
      expect(r.terrain.some((p) => p.type === 'plains'), seed).toBe(false);
      const map = textOf(packetOf(r).drawings);
      expect(map, seed).toContain('Plains: foot unchanged; wheeled abandon lowest die; tracked and horse add highest die');
    }
  });
});

/**
 * A roll's Rule cell on the packet's roll sheet: where its dice come from, a reading's words
 * with the dagger (the roll's source; what it decided carries no mark of its own).
 */
function ruleOf(r: ScenarioResult, purpose: string): string {
  const table = packetOf(r).sheets.find((s) => s.role === 'rolls')!.blocks[0] as TableBlock;
  return table.rows.map(rollLogRow).find((row) => row.purpose === purpose)!.rule;
}

describe('item 5: muster\'s choices in the solo set-up print with the mark (Playing Burst of Fire solo; Setting up your forces in solo play; Setting up the enemy forces)', () => {
  const rollOf = (r: ScenarioResult, purpose: string) => r.rolls.find((x) => x.purpose === purpose);
  it('the additional points\' dice (8D6, 7D6: the text names none) are marked in the roll log and the packet, the player\'s and the bought enemy\'s', () => {
    const r = solo('dice');
    expect(rollOf(r, 'your additional points')!.source).toEqual({ reading: 'bof/solo-setup' });
    expect(ruleOf(r, 'your additional points')).toBe(`Solo set-up${READING_MARK}`);
    const text = textOf(packetOf(r));
    expect(text).toMatch(/plus the \d+ additional points you rolled on the enemy's bag dice together†/);
    expect(text).toMatch(/\(core \d+ \+ \d+ rolled†/);
    const bought = solo('dice', { enemy: 'buy' });
    expect(rollOf(bought, 'enemy additional points')!.source).toEqual({ reading: 'bof/solo-setup' });
    expect(textOf(packetOf(bought))).toMatch(/The enemy's core is \d+ points, at its lowest quality†, and it rolled \d+ more on its bag dice together†/);
  });
  it('the Allied nation split and the Soviet, US and UK doctrine rolls are muster\'s; Germany\'s and Poland\'s are the text\'s examples', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 120; i++) {
      const r = solo(`nation-${i}`);
      const nation = rollOf(r, 'player nation') ?? rollOf(r, 'enemy nation');
      if (nation) expect(nation.source, r.seed).toEqual({ reading: 'bof/solo-nations-and-doctrines' });
      for (const who of ['enemy', 'player'] as const) {
        const id = who === 'enemy' ? r.solo!.enemyNation : r.solo!.playerNation;
        const roll = rollOf(r, `${who} doctrine`)!;
        expect(roll.source, `${r.seed} ${id}`).toEqual(['su', 'us', 'uk'].includes(id) ? { reading: 'bof/solo-nations-and-doctrines' } : { section: 'Play random sides & scenarios' });
        expect(ruleOf(r, `${who} doctrine`).endsWith(READING_MARK), `${r.seed} ${id}`).toBe(['su', 'us', 'uk'].includes(id));
        seen.add(id);
      }
      const briefing = textOf(packetOf(r).sheets[0]);
      const allied = r.solo!.enemySide === 'allies' ? r.solo!.enemyNation : r.solo!.playerNation;
      expect(briefing, r.seed).toContain(`(${arsenal.nations.get(allied)!.name}${READING_MARK})`);
    }
    expect([...seen].sort()).toEqual(['de', 'pl', 'su', 'uk', 'us']);
  });
  it('support and airborne doctrines are named with their reading: rolled for as infantry', () => {
    let found = 0;
    for (let i = 0; i < 200 && found < 2; i++) {
      const r = solo(`kind-${i}`);
      const doctrine = arsenal.doctrines.get(r.solo!.doctrine)!;
      if (doctrine.kind !== 'support' && doctrine.kind !== 'paratroopers') continue;
      found++;
      expect(textOf(packetOf(r).sheets[0]), r.seed).toContain(`(rolled for as infantry${READING_MARK})`);
    }
    expect(found).toBe(2);
  });
  it('the enemy\'s core quality is marked under its roster', () => {
    expect(textOf(packetOf(solo('core')))).toContain(`Its core units stand at its detachment's lowest quality${READING_MARK}`);
  });
});

describe('item 5: the table\'s set-up muster chooses prints with the mark, or names the text\'s section (Game setup; Victory Zones; Delay the enemy advance; The Supply Road; Combat only)', () => {
  const rollOf = (r: ScenarioResult, purpose: string) => r.rolls.find((x) => x.purpose === purpose);
  it('a mode rolled on 1D9 is marked in the roll log and the setup table; a mode asked for is not', () => {
    const rolled = versus('mode');
    expect(rollOf(rolled, 'game mode')!).toMatchObject({ decided: rolled.scenario.name, source: { reading: 'bof/table-set-up' } });
    expect(ruleOf(rolled, 'game mode')).toBe(`The table muster sets up${READING_MARK}`);
    expect(textOf(packetOf(rolled).sheets[0])).toContain(`${rolled.scenario.name}${READING_MARK}`);
    const asked = versus('mode', { scenario: 'probing' });
    expect(rollOf(asked, 'game mode')).toBeUndefined();
    expect(textOf(packetOf(asked).sheets[0])).not.toContain(`Probing the enemy lines${READING_MARK}`);
  });
  it('the number and places of Victory Zones\' objectives and Delay\'s structures, and the Supply Road\'s line, are marked in the rolls, the setup words and the map', () => {
    const zones = versus('obj', { scenario: 'victory-zones' });
    expect(rollOf(zones, 'objectives in the middle')!.source).toEqual({ reading: 'bof/table-set-up' });
    expect(ruleOf(zones, 'objectives in the middle')).toBe(`The table muster sets up${READING_MARK}`);
    expect(textOf(packetOf(zones).sheets[0])).toContain(`their number and places are muster's${READING_MARK}`);
    expect(textOf(packetOf(zones).drawings)).toContain(`their number and places are muster's${READING_MARK}`);
    const delay = versus('obj', { scenario: 'delay' });
    expect(rollOf(delay, 'vital structures')!.source).toEqual({ reading: 'bof/table-set-up' });
    expect(textOf(packetOf(delay).drawings)).toContain(`Vital structure (a bridge, a crossroads, a building); their number and places are muster's${READING_MARK}`);
    const road = packetOf(versus('road', { scenario: 'supply-road' }));
    expect(textOf(road.sheets[0])).toContain(`through the middle${READING_MARK}`);
    expect(textOf(road.drawings)).toContain(`The supply road, edge to edge through the middle${READING_MARK}`);
  });
  it('Combat only\'s 150 points name where they come from: the detachment size the text recommends', () => {
    const text = textOf(packetOf(versus('combat', { scenario: 'combat-only' })).sheets[0]);
    expect(text).toContain('**Points.** Combat only leaves them to the players (Combat only): 150 a side, the size of a detachment the text recommends (Doctrines & Detachments).');
  });
});

describe('item 5: roster points are muster\'s, marked as the cards\' cost lines are (Doctrines & Detachments)', () => {
  it('each line\'s points and the total carry the mark; a ranking officer\'s nothing does not', async () => {
    const { rosterSheet } = await import('../../src/systems/bof/cards.js');
    const { buildRoster } = await import('../../src/systems/bof/force.js');
    const roster = buildRoster({ name: 'R', nation: 'de', doctrine: 'de-infantry', detachment: 'de-grenadier-platoon', points: 150, units: [{ unit: 'de-officer', count: 1, weapons: [] }, { unit: 'de-rifleman', count: 4, weapons: [] }] }, arsenal);
    const table = rosterSheet(roster, arsenal, 'cm').blocks[0] as { rows: { text: string }[][][] };
    const cellsOf = (row: number) => table.rows[row]!.map((c) => c.map((r) => r.text).join(''));
    expect(cellsOf(0).slice(4, 6)).toEqual(['0', '0']);
    expect(cellsOf(1).slice(4, 6)).toEqual([`2${READING_MARK}`, `8${READING_MARK}`]);
    expect(cellsOf(2)[5]).toBe(`${roster.points}${READING_MARK}`);
  });
});

describe('item 5: the campaign\'s ladder and morale, the event cards and the squad leader\'s rally (Campaigns; Random Event & Effect Cards; Squad Leaders)', () => {
  it('the ladder chart and the morale lost at three and five losses in a row are marked as muster\'s', async () => {
    const { ladderChart } = await import('../../src/systems/bof/campaign-module.js');
    expect(ladderChart().title).toContain(`the game modes in the chapter's order${READING_MARK}`);
    const { booklet } = await import('../../src/systems/bof/campaign-module.js');
    const made = await booklet({ system, seed: 's', names: { a: 'A', b: 'B' }, units: 'cm', paper: 'a4', toolVersion: '0', print } as never);
    expect(textOf(made)).toContain(`Three lost games in a row cost a point; the fifth in a row costs a second, two in all, none after it, and morale never falls below 2${READING_MARK}.`);
    // item 3: the booklet's upgrade rule says what "more powerful" is measured by
    expect(textOf(made)).toContain(`a unit becomes only a more powerful one, one worth more points${READING_MARK}.`);
  });
  it('every Random Event & Effect card and its deck say they are muster\'s own; the packet\'s drawn table says so', async () => {
    const { eventDeck } = await import('../../src/systems/bof/aids-builders.js');
    const deck = eventDeck(aids, 'cm', print, 'Burst of Fire');
    expect(deck.cards).toHaveLength(25);
    expect(deck.title.endsWith(READING_MARK)).toBe(true);
    for (const card of deck.cards) expect(card.front.subtitle, card.id).toMatch(/muster's card†$/);
    expect(textOf(packetOf(versus('events')))).toContain(`The cards are muster's own: the text promises 25 and prints none${READING_MARK}.`);
  });
  it('the squad leader\'s rally: the actions sheet and every packet agree, an action for each soldier (Squad Leaders), marked as the reading it is against the actions table', () => {
    const actions = system.table('actions-per-unit');
    const leader = actions.rows.find((r) => r['unit'] === 'Squad leader')!;
    expect(leader['notes']).toBe('an action for each soldier he tries to rally, two a turn at most†');
    expect(actions.note).toMatch(/we follow the Squad Leaders section/);
    expect(textOf(sheets())).not.toContain('rallying two soldiers is one action');
    expect(textOf(packetOf(versus('rally')))).toContain(`a morale check and an action for each${READING_MARK}.`);
  });
});
