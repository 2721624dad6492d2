/**
 * Open Fire at the table from a rolled packet: its scenario, what wins it and the objectives in
 * placing order, its turns, and each side the dice bought from the sample lists, as a force file
 * whose cards give the rows. Open Fire scores no losses: the table keeps no score.
 */
import type { PacketAtTable, PacketSide } from '../../../web/kit/page-parts.js';
import type { OfScenarioResult, OfSideForce } from '../scenario.js';

const sideName = (side: string) => `Side ${side.toUpperCase()}`;

/** A bought force as a force file (docs/openfire-force-file.md). */
function forceFileOf(force: OfSideForce): string | undefined {
  if (force.units.length === 0) return undefined;
  const units = force.units.map((u) => ({ unit: u.unit, count: u.count, ...(u.label ? { label: u.label } : {}) }));
  return JSON.stringify({ name: force.name ?? sideName(force.side), nation: force.nation, points: Math.max(1, force.budget), units }, null, 2);
}

export function ofFromPacket(json: unknown): PacketAtTable {
  const packet = json as OfScenarioResult;
  const placed = packet.objectives.map((o, i) => `Objective ${i + 1}: placed by ${sideName(o.placedBy)}, ${o.where === 'middle' ? 'in the middle of the table' : 'in a deployment zone'}.`);
  const sides = packet.sides.map((side): PacketSide => {
    const force = packet.forces.find((f) => f.side === side);
    const forceFile = force && forceFileOf(force);
    return { name: sideName(side), ...(force && forceFile ? { rolled: { words: `${force.points} of ${force.budget} points, bought by the dice`, forceFile } } : {}) };
  });
  return { title: packet.scenario.name, objectives: [packet.win, ...placed], turns: packet.turns, sides: [sides[0]!, sides[1]!] };
}
