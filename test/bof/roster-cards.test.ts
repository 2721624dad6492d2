/**
 * The roster and the cards of a force say the same about every model: its actions come from
 * one place, and models of one name are numbered once through the force.
 */
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { loadArsenal } from '../../src/systems/bof/arsenal.js';
import { forceDeck } from '../../src/systems/bof/cards.js';
import { buildRoster, type Force } from '../../src/systems/bof/force.js';

const system = (await loadRulesDb({ dataDirs: [], only: 'bof' })).system('bof');
const arsenal = await loadArsenal(system.dirs);
const ctx = { arsenal, units: 'cm' as const, system: system.info };
const print = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };

/** A force of one model of a unit with each weapon it may be given: legal or not, it has a roster and cards. */
function forceOf(unitId: string, nation: string, weapons: string[]): Force {
  return { name: 'one', nation, doctrine: 'none', detachment: 'none', points: 5000, units: [{ unit: unitId, count: 1, weapons }] };
}

const cardActions = (force: Force) => forceDeck(buildRoster(force, arsenal), ctx, print).cards.map((c) => c.front.stats.find((s) => s.label === "actions")?.value);

describe('roster and cards agree', () => {
  it('on the actions of every unit of every nation, with its own weapons and with each heavy weapon it could carry', () => {
    const heavy = [...arsenal.weapons.values()].filter((w) => w.heavy).map((w) => w.id);
    let checked = 0;
    for (const unit of arsenal.units.values()) {
      for (const weapons of [[], ...heavy.map((w) => [w])]) {
        const force = forceOf(unit.id, unit.nation, weapons);
        const roster = buildRoster(force, arsenal);
        expect(cardActions(force), `${unit.id} ${weapons.join(' ')}`).toEqual(roster.lines.map((l) => String(l.actions)));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(arsenal.units.size);
  });
  it('a gunner with a heavy weapon has one action on both', () => {
    const heavy = [...arsenal.weapons.values()].find((w) => w.heavy)!;
    const rifleman = [...arsenal.units.values()].find((u) => u.type === 'infantry' && u.actions > 1)!;
    const force = forceOf(rifleman.id, rifleman.nation, [heavy.id]);
    expect(buildRoster(force, arsenal).lines[0]!.actions).toBe(1);
    expect(cardActions(force)).toEqual(['1']);
  });
  it('models of one name are numbered once through the force, whatever their quality', () => {
    const unit = [...arsenal.units.values()].find((u) => u.type === 'infantry')!;
    const force: Force = {
      ...forceOf(unit.id, unit.nation, []),
      units: [
        { unit: unit.id, count: 4, quality: 'elite', weapons: [] },
        { unit: unit.id, count: 3, quality: 'regular', weapons: [] },
        { unit: unit.id, count: 1, quality: 'conscript', weapons: [], label: 'Runner' },
      ],
    };
    const titles = forceDeck(buildRoster(force, arsenal), ctx, { ...print, eachModel: true }).cards.map((c) => c.front.title);
    expect(titles).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `${unit.name} ${n}`).concat('Runner'));
    // grouped, the same numbers: one card for the elite four, one for the regular three, each model a box
    const grouped = forceDeck(buildRoster(force, arsenal), ctx, print).cards.map((c) => [c.front.title, c.front.tally]);
    expect(grouped).toEqual([
      [`${unit.name} 1–4`, ['1', '2', '3', '4']],
      [`${unit.name} 5–7`, ['5', '6', '7']],
      ['Runner', undefined],
    ]);
  });

  it('models alike share a card, ten at most; another weapon, quality or a squad leader is another card', () => {
    const rifleman = arsenal.units.get('us-rifleman')!;
    const force: Force = {
      ...forceOf(rifleman.id, rifleman.nation, []),
      units: [
        { unit: rifleman.id, count: 12, weapons: [] },
        { unit: 'us-squad-leader', count: 1, weapons: [] },
        { unit: rifleman.id, count: 2, weapons: ['hand-grenade'] },
        { unit: rifleman.id, count: 2, quality: 'elite', weapons: [] },
        { unit: rifleman.id, count: 1, weapons: [] },
      ],
    };
    const cards = forceDeck(buildRoster(force, arsenal), ctx, print).cards;
    expect(cards.map((c) => [c.front.title, c.front.tally?.length])).toEqual([
      ['Rifleman 1–10', 10],
      // the thirteenth, from the last entry, is the same as the first twelve: it joins their second card
      ['Rifleman ×3', 3],
      ['Sergeant', undefined],
      ['Rifleman 13–14', 2],
      ['Rifleman 15–16', 2],
    ]);
    expect(cards[1]!.front.tally).toEqual(['11', '12', '17']);
    // the card of the models with grenades says so; the others do not
    expect(cards[3]!.front.lines.map((l) => l.label)).toContain('Hand grenade');
    expect(cards[0]!.front.lines.map((l) => l.label)).not.toContain('Hand grenade');
  });
});

describe('card notes in the deck\'s units', () => {
  it('a mortar\'s minimum range reads 50 cm on a cm deck and 20 in on an inch deck, never both', () => {
    const mortar = [...arsenal.units.values()].find((u) => u.notes.some((n) => n.includes('{{dist 50 20}}')))!;
    for (const [units, reach] of [['cm', '50 cm'], ['in', '20 in']] as const) {
      const force = forceOf(mortar.id, mortar.nation, []);
      const card = forceDeck(buildRoster(force, arsenal), { ...ctx, units }, print).cards[0]!;
      // an arsenal note is the arsenal's: muster's reading, its dagger after it
      expect(card.front.rules[0]).toEqual({ text: `Minimum range ${reach}; may fire without line of sight.\u2020`, source: { reading: 'bof/arsenal-stats' } });
    }
  });
});
