import type { DocumentNode } from '../doc/model.js';
import type { ScenarioResultBase, ScenarioRoller } from './module.js';

/**
 * The seed of packet `index` (from 0) of a batch: the batch's own seed for one packet, else
 * the batch's seed and the packet's number, so any packet of a batch can be rolled alone again.
 */
export function packetSeed(seed: string, index: number, count: number): string {
  return count === 1 ? seed : `${seed}-${index + 1}`;
}

export interface BatchRequest {
  count: number;
  seed: string;
  /** build the printable packets too (not needed for JSON) */
  packets: boolean;
  /** called after each packet; throw from it to stop (Ctrl-C) */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Rolls `count` scenarios and hands each to `sink` as it is made, with its packet when asked
 * for, so a long batch is never held whole.
 */
export async function rollBatch(
  roller: ScenarioRoller,
  batch: BatchRequest,
  sink: (result: ScenarioResultBase, packet: DocumentNode | undefined) => void | Promise<void>,
): Promise<void> {
  for (let i = 0; i < batch.count; i++) {
    const result = roller.roll(packetSeed(batch.seed, i, batch.count));
    await sink(result, batch.packets ? roller.packet(result) : undefined);
    batch.onProgress?.(i + 1, batch.count);
  }
}

/**
 * A roller for a rule set whose packet needs more than the result its JSON prints (a roster,
 * the cards drawn): each roll is kept beside its result until its packet is made.
 */
export function rollerKeepingRolls<Rolled extends { result: ScenarioResultBase }>(roll: (seed: string) => Rolled, packet: (rolled: Rolled) => DocumentNode): ScenarioRoller {
  const rolls = new WeakMap<ScenarioResultBase, Rolled>();
  return {
    roll(seed) {
      const rolled = roll(seed);
      rolls.set(rolled.result, rolled);
      return rolled.result;
    },
    packet: (result) => packet(rolls.get(result)!),
  };
}
