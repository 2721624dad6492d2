import { describe, expect, it } from 'vitest';
import { loadArsenal } from '../../src/systems/bof/arsenal.js';
import { COST_WEIGHTS, crewUpgradeCost, unitCost } from '../../src/systems/bof/cost.js';
import { ARSENAL_FIXTURE } from '../helpers/fixtures.js';

const arsenal = await loadArsenal([ARSENAL_FIXTURE]);
const unit = (id: string) => arsenal.units.get(id)!;

describe('the cost formula', () => {
  it('prices a medium tank from firepower, armour and speed', () => {
    // 0.25 x 8 x 2 + 0.3 x 12 + 0.4 x 13 + 0.75 x (5+2+1+1) + 0.5 x 3 = 4 + 3.6 + 5.2 + 6.75 + 1.5 = 21.05
    const cost = unitCost(unit('de-panzer-iv-h'), arsenal.weapons);
    expect(cost.parts.map((p) => [p.label, p.value])).toEqual([
      ['small arms', 4],
      ['HE', 3.6],
      ['AP', 5.2],
      ['armour', 6.75],
      ['speed', 1.5],
    ]);
    expect(cost.cost).toBe(21);
  });
  it('counts capacity for transports only', () => {
    // 0.5 x 6 + 0.25 x 3 = 3.75 -> 4
    expect(unitCost(unit('de-kubelwagen'), arsenal.weapons).cost).toBe(4);
  });
  it('prices soldiers by quality plus what they carry', () => {
    expect(unitCost(unit('de-rifleman'), arsenal.weapons, 'conscript').cost).toBe(COST_WEIGHTS.quality.conscript);
    expect(unitCost(unit('de-rifleman'), arsenal.weapons, 'elite').cost).toBe(3);
    const smg = { ...unit('de-rifleman'), weapons: ['mp40', 'stielhandgranate'] };
    expect(unitCost(smg, arsenal.weapons, 'regular').cost).toBe(2 + 1 + 1);
  });
  it('a cost set by hand wins, and keeps its reason', () => {
    const officer = unitCost(unit('de-officer'), arsenal.weapons);
    expect(officer.cost).toBe(0);
    expect(officer.formula).toBeGreaterThan(0);
    expect(officer.override?.reason).toMatch(/assigned/);
  });
  it('crew upgrades cost half the crew for regulars and the whole crew for elites', () => {
    expect(crewUpgradeCost(unit('de-panzer-iv-h'), 'conscript')).toBe(0);
    expect(crewUpgradeCost(unit('de-panzer-iv-h'), 'regular')).toBe(3);
    expect(crewUpgradeCost(unit('de-panzer-iv-h'), 'elite')).toBe(5);
  });
});
