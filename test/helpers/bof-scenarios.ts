// Burst of Fire's scenarios rolled straight from the engine, as several test files need them:
// the built-in data loaded once, the text's 120 cm table and 150 points a side as the base.
import path from 'node:path';
import { loadRulesDb } from '../../src/data/load.js';
import { BUILTIN_DATA_DIR } from '../../src/cli/builtin-dir.js';
import { createRng } from '../../src/engine/dice.js';
import { loadAids } from '../../src/systems/bof/aids.js';
import { loadArsenal } from '../../src/systems/bof/arsenal.js';
import { loadModes } from '../../src/systems/bof/scenario-data.js';
import { rollSoloScenario, rollVersusScenario, type ScenarioOptions } from '../../src/systems/bof/scenario.js';

export const dirs = [path.join(BUILTIN_DATA_DIR, 'bof')];
export const system = (await loadRulesDb({ dataDirs: [] })).system('bof');
export const [arsenal, aids, modes] = await Promise.all([loadArsenal(dirs), loadAids(dirs), loadModes(dirs)]);
export const ctx = { system, arsenal, aids, modes };
export const base: ScenarioOptions = { mode: 'versus', players: 2, table: { width: 120, height: 120 }, points: 150 };
export const versus = (seed: string, over: Partial<ScenarioOptions> = {}) => rollVersusScenario(ctx, { ...base, ...over }, createRng(seed), seed);
export const solo = (seed: string, over: Partial<ScenarioOptions> = {}) => rollSoloScenario(ctx, { ...base, mode: 'solo', ...over }, createRng(seed), seed);
