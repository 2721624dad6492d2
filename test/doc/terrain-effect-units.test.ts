/**
 * The terrain legend's effect lines give their rule distances in the sheet's units, whatever
 * measure the rule set's text (and so its terrain.yaml) writes them in: Fire Team's 1" and
 * Burst of Fire's 5cm read 2.5 cm and 2 in on a sheet in the other units.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { effectInUnits } from '../../src/doc/terrain-map.js';
import { MODULE_IDS } from '../../src/systems/registry.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);

describe('terrain effect lines in the sheet units', () => {
  it('turns inches and centimetres into the units asked, at the rule set’s inch, and leaves dice and sections alone', () => {
    expect(effectInUnits('Lose 6" crossing on foot, 1D6 in a vehicle; seen within 1"', 'cm', 2.5)).toBe('Lose 15 cm crossing on foot, 1D6 in a vehicle; seen within 2.5 cm');
    expect(effectInUnits('Lose 6" crossing on foot', 'in', 2.5)).toBe('Lose 6 in crossing on foot');
    expect(effectInUnits('unseen >5cm deep; limited to 5 cm per turn', 'in', 2.5)).toBe('unseen >2 in deep; limited to 2 in per turn');
    expect(effectInUnits('unseen >5cm deep', 'cm', 2.5)).toBe('unseen >5 cm deep');
    expect(effectInUnits('Vehicles use their Road Move of 6.1; 2D6 4+', 'in', 2.54)).toBe('Vehicles use their Road Move of 6.1; 2D6 4+');
  });

  it.each(MODULE_IDS)('%s: no effect line keeps a distance in the other units', async (id) => {
    const db = await loadRulesDb({ dataDirs: [] });
    const types = db.system(id).terrain?.types ?? [];
    for (const type of types) {
      expect(effectInUnits(type.effect, 'in', 2.5), `${id} ${type.id}`).not.toMatch(/\b\d+(?:\.\d+)? ?cm\b/);
      expect(effectInUnits(type.effect, 'cm', 2.5), `${id} ${type.id}`).not.toMatch(/\d"|\b\d+(?:\.\d+)? ?in\b/);
    }
  });

  it('a Burst of Fire packet in inches reads the hedge’s 5cm as 2 in on its map legend', async () => {
    const cwd = workdir();
    const result = await muster(['scenario', 'bof', '--mode', 'solo', '--seed', 'b-1', '--units', 'in', '-o', 'in.pdf', '--quiet'], cwd);
    expect(result.code, result.stderr).toBe(0);
    const text = execFileSync('pdftotext', [path.join(cwd, 'in.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Hedges: small obstacle');
    expect(text).toContain('unseen >2 in behind');
    expect(text).not.toMatch(/unseen >\d+ ?cm/);
  });
});
