import { describe, expect, it } from 'vitest';
import { loadArsenal } from '../../src/systems/bof/arsenal.js';
import { buildRoster, type Force } from '../../src/systems/bof/force.js';
import { ARSENAL_FIXTURE } from '../helpers/fixtures.js';

const arsenal = await loadArsenal([ARSENAL_FIXTURE]);

const good = (): Force => ({
  name: 'Test force',
  nation: 'de',
  doctrine: 'de-infantry',
  detachment: 'de-grenadier-platoon',
  points: 40,
  units: [
    { unit: 'de-officer', count: 1, weapons: [] },
    { unit: 'de-rifleman', count: 4, weapons: [] },
    { unit: 'de-rifleman', count: 1, weapons: ['mp40', 'stielhandgranate'], squadLeader: true },
    { unit: 'de-pak-40', count: 1, quality: 'regular', weapons: [] },
  ],
});

const rulesBroken = (force: Force) => buildRoster(force, arsenal).problems.map((p) => p.rule);

describe('a valid force', () => {
  it('has no problems, and its points, actions and kill values add up', () => {
    const roster = buildRoster(good(), arsenal);
    expect(roster.problems).toEqual([]);
    // officer 0 + 4 riflemen x 2 + squad leader (2 + MP 40 1 + grenade 1) + Pak 40 (10 + regular crew 2)
    expect(roster.points).toBe(0 + 8 + 4 + 12);
    // one action per man, and per gun plus its crew of 4
    expect(roster.actionsPerTurn).toBe(1 + 4 + 1 + 5);
    expect(roster.lines.map((l) => l.scoreValue)).toEqual([10, 2, 5, 12]);
  });
  it('a bought primary weapon replaces the rifle', () => {
    const roster = buildRoster(good(), arsenal);
    expect(roster.lines[2]!.weapons).toEqual(['mp40', 'stielhandgranate']);
  });
});

describe('each rule of the doctrine is checked and named', () => {
  it('points over the limit', () => {
    expect(rulesBroken({ ...good(), points: 20 })).toEqual(['points']);
  });
  it('no ranking officer, or two', () => {
    const none = good();
    none.units.shift();
    expect(rulesBroken(none)).toContain('officer');
    const two = good();
    two.units[0]!.count = 2;
    expect(rulesBroken(two)).toContain('officer');
  });
  it('a unit the detachment may not buy', () => {
    const force = { ...good(), points: 100 };
    force.units.push({ unit: 'de-panzer-iv-h', count: 1, weapons: [] });
    const roster = buildRoster(force, arsenal);
    expect(roster.problems).toEqual([
      { where: 'units[4] de-panzer-iv-h', rule: 'allowed units', message: 'Panzer IV Ausf. H is not available to Grenadier platoon' },
    ]);
  });
  it('a quality the detachment does not allow', () => {
    const force = good();
    force.units[1]!.quality = 'elite';
    expect(rulesBroken(force)).toEqual(['quality']);
  });
  it('core units missing', () => {
    const force = good();
    force.units[1]!.count = 2;
    expect(rulesBroken(force)).toEqual(['core units']);
  });
  it('weapons: unknown, off the list, or two primaries', () => {
    const force = good();
    force.units[1]!.weapons = ['flammenwerfer'];
    expect(rulesBroken(force)).toContain('weapons');
    const twoPrimaries = good();
    twoPrimaries.units[2]!.weapons = ['mp40', 'kar98k'];
    expect(buildRoster(twoPrimaries, arsenal).problems.some((p) => /one primary weapon/.test(p.message))).toBe(true);
  });
  it('hand weapons on a gun', () => {
    const force = good();
    force.units[3]!.weapons = ['stielhandgranate'];
    expect(buildRoster(force, arsenal).problems.some((p) => /only soldiers carry them/.test(p.message))).toBe(true);
  });
  it('vehicle crewmen without vehicles to crew', () => {
    const force = { ...good(), points: 100 };
    force.units.push({ unit: 'de-crewman', count: 2, weapons: [] });
    expect(rulesBroken(force)).toEqual(['allowed units', 'crews']);
  });
  it('two squad leaders', () => {
    const force = good();
    force.units.push({ unit: 'de-rifleman', count: 1, weapons: [], squadLeader: true });
    expect(rulesBroken(force)).toContain('squad leader');
  });
  it('a detachment of another doctrine, an unknown unit, another nation', () => {
    expect(rulesBroken({ ...good(), detachment: 'nope' })).toContain('detachment');
    const force = good();
    force.units.push({ unit: 'su-t-34', count: 1, weapons: [] });
    expect(rulesBroken(force)).toContain('unit');
    expect(rulesBroken({ ...good(), nation: 'su' })).toEqual(expect.arrayContaining(['nation', 'doctrine']));
  });
});

describe('Detachment and unit quality: a squad leader is a soldier promoted for free (issue 24, item 9)', () => {
  it('the core squad leader costs what the same soldier costs; promotion adds nothing', async () => {
    const { BUILTIN_DATA_DIR } = await import('../../src/cli/builtin-dir.js');
    const builtin = await loadArsenal([(await import('node:path')).join(BUILTIN_DATA_DIR, 'bof')]);
    const { unitCost } = await import('../../src/systems/bof/cost.js');
    for (const leader of [...builtin.units.values()].filter((u) => u.type === 'squad-leader')) {
      const rifleman = builtin.units.get(leader.id.replace('squad-leader', 'rifleman'))!;
      for (const quality of ['conscript', 'regular', 'elite'] as const) {
        const soldier = unitCost({ ...rifleman, weapons: leader.weapons }, builtin.weapons, quality).cost;
        expect(unitCost(leader, builtin.weapons, quality).cost, `${leader.id} ${quality}`).toBe(soldier);
      }
      expect(unitCost(leader, builtin.weapons).cost).toBeGreaterThan(0);
    }
    const force: Force = {
      name: 'Core', nation: 'de', doctrine: 'de-infantry', detachment: 'de-grenadier-platoon', points: 100,
      units: [
        { unit: 'de-officer', count: 1, weapons: [] },
        { unit: 'de-squad-leader', count: 1, weapons: [] },
        { unit: 'de-rifleman', count: 6, weapons: [] },
        { unit: 'de-mg-gunner', count: 1, weapons: [] },
        { unit: 'de-rifleman', count: 1, weapons: ['de-mp40', 'de-stielhandgranate'], squadLeader: true, label: 'promoted' },
      ],
    };
    const roster = buildRoster(force, builtin);
    const core = roster.lines.find((l) => l.unit.id === 'de-squad-leader')!;
    const promoted = roster.lines.find((l) => l.label === 'promoted')!;
    expect(core.each).toBe(promoted.each);
    expect(core.each).toBe(unitCost(builtin.units.get('de-squad-leader')!, builtin.weapons, 'regular').cost);
  });
});
