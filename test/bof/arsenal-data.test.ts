import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { BUILTIN_DATA_DIR } from '../../src/cli/builtin-dir.js';
import { layoutCardFront } from '../../src/layout/card-faces.js';
import { MM } from '../../src/layout/style.js';
import { loadArsenal } from '../../src/systems/bof/arsenal.js';
import { buildUnitCard } from '../../src/systems/bof/cards.js';
import { unitCost } from '../../src/systems/bof/cost.js';
import { buildRoster } from '../../src/systems/bof/force.js';
import { fonts } from '../helpers/fonts.js';

const arsenal = await loadArsenal([path.join(BUILTIN_DATA_DIR, 'bof')]);
const bof = (await loadRulesDb({ dataDirs: [] })).system('bof');
const units = [...arsenal.units.values()];

describe('the Burst of Fire arsenal', () => {
  it('has the five nations', () => {
    expect([...arsenal.nations.keys()].sort()).toEqual(['de', 'pl', 'su', 'uk', 'us']);
  });
  it("keeps the solo rules' doctrine rolls for Germany and Poland (Playing Burst of Fire solo)", () => {
    const roll = (nation: string) => arsenal.nations.get(nation)!.doctrineRoll.map((r) => [r.roll, arsenal.doctrines.get(r.doctrine)!.kind]);
    expect(roll('de')).toEqual([[[1, 2], 'infantry'], [[3, 4], 'mobile-reconnaissance'], [[5, 6], 'armor']]);
    expect(roll('pl')).toEqual([[[1, 2, 3], 'cavalry'], [[4, 5, 6], 'infantry']]);
  });
  it('gives every nation an infantry doctrine, a support or anti-tank one, and armour or reconnaissance', () => {
    for (const nation of arsenal.nations.keys()) {
      const kinds = new Set([...arsenal.doctrines.values()].filter((d) => d.nation === nation).map((d) => d.kind));
      expect(kinds.has('infantry'), nation).toBe(true);
      expect(kinds.has('support'), nation).toBe(true);
      expect(kinds.has('armor') || kinds.has('mobile-reconnaissance') || kinds.has('cavalry'), nation).toBe(true);
    }
  });
  it('has units of all eight types of the text (Units)', () => {
    expect(new Set(units.map((u) => u.type))).toEqual(
      new Set(['ranking-officer', 'squad-leader', 'infantry', 'crew', 'support-weapon', 'afv', 'transport', 'plane']),
    );
  });
  it('fields the German vehicles, guns and planes the issue names', () => {
    const german = units.filter((u) => u.nation === 'de').map((u) => u.name).join(' | ');
    for (const name of [/Kübelwagen/, /251/, /Panzer III/, /Panzer IV/, /StuG III/, /Tiger/, /Pak 40/, /Flak 38/, /MG 42/, /Ju 87/]) {
      expect(german).toMatch(name);
    }
  });
  it("every unit's cost is the formula's, or set by hand with a reason", () => {
    for (const unit of units) {
      const cost = unitCost(unit, arsenal.weapons);
      if (unit.costOverride) expect(unit.costOverride.reason.length, unit.id).toBeGreaterThanOrEqual(10);
      else expect(cost.cost, unit.id).toBe(cost.formula);
    }
  });
  it('armour points are about one per 15 mm of the recorded thickness (Unit stats)', () => {
    for (const unit of units) {
      if (!unit.armour || !unit.armourMm) continue;
      for (const face of ['front', 'side', 'rear', 'top'] as const) {
        expect(Math.abs(unit.armour[face] - unit.armourMm[face] / 15), `${unit.id} ${face}`).toBeLessThanOrEqual(1);
      }
    }
  });
  it('hand-held AT weapons keep the ranges of the rules table (Panzerfausts, Bazookas and Panzerschrecks)', () => {
    const table = bof.table('handheld-at-range');
    const byName = (pattern: RegExp) => [...arsenal.weapons.values()].find((w) => pattern.test(w.name));
    const pairs: [RegExp, number][] = [[/Panzerfaust 30/, 0], [/Panzerfaust 60/, 1], [/Panzerfaust 100/, 2], [/Bazooka/, 3], [/Panzerschreck/, 4]];
    for (const [pattern, row] of pairs) {
      const weapon = byName(pattern);
      expect(weapon, String(pattern)).toBeDefined();
      expect(weapon!.range, String(pattern)).toEqual(table.rows[row]!['range']);
    }
  });
  it("every detachment's core force is a legal force", () => {
    for (const { doctrine, detachment } of arsenal.detachments.values()) {
      const core = detachment.core.map((c) => ({ unit: c.unit, count: c.count, quality: c.quality, weapons: [] }));
      if (!core.some((c) => c.unit === detachment.officer.unit)) core.unshift({ unit: detachment.officer.unit, count: 1, quality: undefined, weapons: [] });
      const roster = buildRoster(
        { name: 'core', nation: doctrine.nation, doctrine: doctrine.id, detachment: detachment.id, points: 1000, units: core },
        arsenal,
      );
      expect(roster.problems, `${detachment.id}`).toEqual([]);
    }
  });
  it('mounted cavalry move by their horses’ dice, not on foot', () => {
    const ulan = buildUnitCard(arsenal.units.get('pl-cavalryman')!, { arsenal, units: 'cm', system: bof.info });
    expect(ulan.front.stats.find((s) => s.icon === 'arrow')).toEqual({ icon: 'arrow', label: 'mounted', value: '3D6' });
  });
  it('every card reads at arm’s length: no text under 5 pt', () => {
    const system = bof.info;
    const tooSmall: string[] = [];
    for (const unit of units) {
      for (const cardUnits of ['cm', 'in'] as const) {
        const card = buildUnitCard(unit, { arsenal, units: cardUnits, system });
        for (const item of layoutCardFront(fonts, card.front, 63 * MM, 88 * MM, { left: 0, right: 0, top: 0, bottom: 0 })) {
          if (item.kind === 'text' && item.size < 5) tooSmall.push(`${unit.id}: "${item.text}" at ${item.size} pt`);
        }
      }
    }
    expect(tooSmall).toEqual([]);
  });
});
