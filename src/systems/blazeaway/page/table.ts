/**
 * Blaze Away! at the table: a force's units as `cards --force --format json` gives the force (the
 * same shape a packet gives its sides), a row a unit with a box for each stand or model, and a
 * rolled packet's scenario, objectives and turns, each side muster's sample force or the
 * player's. Blaze Away! scores no losses: the table keeps no score.
 */
import type { PacketAtTable, PacketSide, TableUnit } from '../../../web/kit/page-parts.js';

/** What the table reads of a force as the command line gives it in JSON. */
interface BaForceJson {
  name: string;
  sample?: boolean;
  units: { name: string; stands?: number }[];
}

interface BaPacketJson {
  scenario: { name: string };
  sides: string[];
  attacker: string | null;
  defender: string | null;
  objectives: { name?: string }[];
  turns: number;
  forces: (BaForceJson & { side: string })[];
}

const sideName = (side: string) => `Side ${side.toUpperCase()}`;

/** A force's units, a box for each stand (infantry) or model (the others: the JSON counts them as stands too). */
function unitsOf(force: BaForceJson | undefined): TableUnit[] {
  return (force?.units ?? []).map((u) => ({ name: u.name, boxes: Math.max(1, u.stands ?? 1) }));
}

export function baUnitsOfCards(json: unknown): TableUnit[] {
  return unitsOf((json as { force?: BaForceJson } | null)?.force);
}

export function baFromPacket(json: unknown): PacketAtTable {
  const packet = json as BaPacketJson;
  const attacks = packet.attacker ? [`${sideName(packet.attacker)} attacks; ${sideName(packet.defender ?? '')} defends.`] : [];
  const sides = packet.sides.map((side): PacketSide => {
    const force = packet.forces.find((f) => f.side === side);
    const units = unitsOf(force);
    return { name: sideName(side), ...(force && units.length > 0 ? { rolled: { words: `${force.name}${force.sample ? ", muster's sample force" : ''}`, units } } : {}) };
  });
  return { title: packet.scenario.name, objectives: [...attacks, ...packet.objectives.flatMap((o) => (o.name ? [`${o.name}.`] : []))], turns: packet.turns, sides: [sides[0]!, sides[1]!] };
}
