import type { SystemRules } from '../../src/data/load.js';
import type { DocumentNode } from '../../src/doc/model.js';
import type { ScenarioRequest, ScenarioResultBase } from '../../src/systems/module.js';
import { manifestFor, moduleFor } from '../../src/systems/registry.js';
import { rollBatch } from '../../src/systems/scenario-batch.js';

const PRINT = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };

/**
 * A rule set's scenario rolled as the command line rolls it, without it: the request filled
 * with the command line's defaults (the manifest's table, no forces, no own options) where the
 * test leaves them out.
 */
export async function rollThroughModule(
  system: SystemRules,
  asked: Partial<ScenarioRequest> & { seed?: string; count?: number },
): Promise<{ result: ScenarioResultBase; packet: DocumentNode }[]> {
  const { seed = 's1', count = 1, ...given } = asked;
  const steps = (await moduleFor(system.info.id))?.scenario;
  if (!steps) throw new Error(`${system.info.id}: no scenarios`);
  const roller = await steps.prepare({
    system,
    mode: 'versus',
    players: 2,
    table: manifestFor(system.info.id)!.scenario!.table,
    forceFiles: [],
    strict: false,
    options: {},
    print: PRINT,
    units: 'cm',
    paper: 'a4',
    toolVersion: '0',
    ...given,
  });
  const made: { result: ScenarioResultBase; packet: DocumentNode }[] = [];
  await rollBatch(roller, { count, seed, packets: true }, (result, packet) => {
    made.push({ result, packet: packet! });
  });
  return made;
}
