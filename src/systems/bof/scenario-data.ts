import { checkForceMoraleTable } from './morale.js';
import { FolderIds } from '../../data/ids.js';
import { parseFolderFiles } from '../../data/parse.js';
import { DataError, type DataProblem } from '../../errors.js';
import type { SystemRules } from '../../data/load.js';
import { loadAids } from './aids.js';
import { loadArsenal } from './arsenal.js';
import type { ScenarioContext } from './scenario.js';
import { scenariosFile, type GameMode } from './scenario-schema.js';

/**
 * The game modes, from data/bof/scenarios/*.yaml of every folder of the rule set: a later
 * folder replaces a mode by its id; within one folder each id is used once.
 */
export async function loadModes(dirs: readonly string[]): Promise<GameMode[]> {
  const problems: DataProblem[] = [];
  const modes = new Map<string, GameMode>();
  const ids = new FolderIds('game mode');
  for (const { file, dir, data } of await parseFolderFiles(dirs, 'scenarios', scenariosFile, problems, { modes: { kind: 'game mode' } })) {
    data.modes.forEach((mode, i) => {
      const duplicate = ids.claim(dir, mode.id, file, `modes[${i}].id`);
      if (duplicate) problems.push(duplicate);
      else modes.set(mode.id, mode);
    });
  }
  if (modes.size === 0 && problems.length === 0) problems.push({ file: dirs.join(', '), path: 'scenarios', message: 'no game modes found' });
  if (problems.length > 0) throw new DataError(problems);
  return [...modes.values()];
}

/** Everything rolling and printing a scenario needs, loaded once. */
export async function loadScenarioContext(system: SystemRules): Promise<ScenarioContext> {
  checkForceMoraleTable(system);
  const [arsenal, aids, modes] = await Promise.all([loadArsenal(system.dirs), loadAids(system.dirs), loadModes(system.dirs)]);
  // a mode's attacker roll is printed with its reading: one the register does not hold is refused here, before any die
  const unknown = modes.filter((m) => m.rolesReadingId !== undefined && !system.readings.has(m.rolesReadingId));
  if (unknown.length > 0) {
    throw new DataError(
      unknown.map((m) => ({ file: 'scenarios', path: `modes[id=${m.id}].rolesReadingId`, message: `no reading "${m.rolesReadingId}" in this rule set's readings.yaml; known: ${[...system.readings.keys()].join(', ')}` })),
    );
  }
  return { system, arsenal, aids, modes };
}
