/**
 * Fire Team at the table from a rolled battle: its name, attacker and defender, and each side's
 * platoon and reinforcements as the dice bought them, written as a force file whose cards (a
 * card a fire team, teams alike on one) give the rows. Fire Team scores no losses: the table
 * keeps no score.
 */
import type { PacketAtTable, PacketSide } from '../../../web/kit/page-parts.js';
import type { FtForceResult, FtBattleResult } from '../battle.js';

const sideName = (side: string) => `Side ${side.toUpperCase()}`;

/** A bought force as a force file (docs/fireteam-force-file.md): its platoons by number, its picks each as often as bought. */
function forceFileOf(force: FtForceResult): string | undefined {
  if (force.units.length === 0) return undefined;
  const numbers = [...new Set(force.units.flatMap((u) => (u.platoon !== undefined && !u.reinforcement ? [u.platoon] : [])))].sort((a, b) => a - b);
  const count = (platoon: number, unit: string) => force.units.filter((u) => u.platoon === platoon && !u.reinforcement && u.unit === unit).reduce((n, u) => n + u.count, 0);
  const platoons = numbers.map((p) => ({ squads: count(p, 'squad'), weaponsSections: count(p, 'weapons-section') }));
  const reinforcements = force.units.filter((u) => u.reinforcement).flatMap((u) => Array.from({ length: u.count }, () => ({ pick: u.unit, ...(u.vehicle ? { vehicle: u.vehicle } : {}) })));
  const file = { name: force.name ?? sideName(force.side), list: force.list, points: { core: force.core.budget, reinforcements: force.reinforcements.budget }, platoons, reinforcements };
  return JSON.stringify(file, null, 2);
}

export function ftFromPacket(json: unknown): PacketAtTable {
  const packet = json as FtBattleResult;
  // an encounter has a side that moves first, an attack one that attacks
  const attacks = packet.battle === 'encounter' ? [`${sideName(packet.attacker)} moves first.`] : [`${sideName(packet.attacker)} attacks; ${sideName(packet.defender)} defends.`];
  const sides = packet.sides.map((side): PacketSide => {
    const force = packet.forces.find((f) => f.side === side);
    const forceFile = force && forceFileOf(force);
    return { name: sideName(side), ...(force && forceFile ? { rolled: { words: `${force.points} of ${force.budget} points, bought by the dice`, forceFile } } : {}) };
  });
  return { title: packet.scenario.name, objectives: [...attacks, "The packet's briefing says how the battle is won."], sides: [sides[0]!, sides[1]!] };
}
