/**
 * Burst of Fire at the table: each card's kill worth (its foot prints "Combat Score N", what the
 * enemy scores for killing one, § Combat Score: its cost, a ranking officer 10, a squad leader 5),
 * and a rolled packet's game: its scenario, Combat Score limit, turns, and the forces the dice
 * gave as force files, whose cards then give the rows (the solo enemy's numbered by its map
 * markers, as the packet's own cards are).
 */
import type { PacketAtTable, PacketSide, TableUnit } from '../../../web/kit/page-parts.js';
import { unitsOfDecks, type CardFront } from '../../../web/kit/table-cards.js';
import type { ForceResult, ScenarioResult } from '../scenario.js';

/** The Combat Score a card's foot gives for killing one of its models. */
export function bofKillWorth(front: CardFront): number | undefined {
  const found = /Combat Score (\d+)/.exec(front.footer?.left ?? '');
  return found ? Number(found[1]) : undefined;
}

export function bofUnitsOfCards(json: unknown): TableUnit[] {
  return unitsOfDecks(json, bofKillWorth);
}

/** What the packet calls a side. */
function sideName(packet: ScenarioResult, side: string): string {
  const given = packet.names?.[side];
  if (given) return given;
  if (side === 'player') return 'You';
  if (side === 'enemy') return 'The enemy';
  return `Side ${side.toUpperCase()}`;
}

/**
 * A rolled force as a force file (docs/force-file.md): the solo enemy a model an entry named by
 * its map marker ("Grenadier 7"), as the packet makes its cards; the solo player's listed core
 * as listed. Each entry carries what its soldiers carry, which the cards price.
 */
function forceFileOf(packet: ScenarioResult, force: ForceResult): string | undefined {
  const solo = packet.solo;
  if (force.units.length === 0 || !force.doctrine || !force.detachment) return undefined;
  const nation = force.nation ?? (force.side === 'enemy' ? solo?.enemyNation : force.side === 'player' ? solo?.playerNation : undefined);
  if (!nation) return undefined;
  const units = force.units.flatMap((u) =>
    u.markers && u.markers.length > 0
      ? u.markers.map((n) => ({ unit: u.unit, count: 1, quality: u.quality, weapons: u.weapons, label: `${u.name} ${n}` }))
      : [{ unit: u.unit, count: u.count, quality: u.quality, weapons: u.weapons }],
  );
  const file = { name: force.name ?? sideName(packet, force.side), nation, doctrine: force.doctrine, detachment: force.detachment, points: Math.max(1, force.budget), units };
  return JSON.stringify(file, null, 2);
}

function rolledWords(force: ForceResult): string {
  if (force.side === 'enemy') return `${force.points} points from the solo dice${force.setup === 'buy' ? ': its core; buy the rest as the packet says and add it here' : ''}`;
  if (force.core !== undefined) return `Your detachment's core, ${force.points} of a budget of ${force.budget} points: add what you buy`;
  return `${force.points} of ${force.budget} points, as the packet lists it`;
}

export function bofFromPacket(json: unknown): PacketAtTable {
  const packet = json as ScenarioResult;
  const structures = packet.objectives.filter((o) => o.kind === 'structure').length;
  const objectives = packet.objectives.filter((o) => o.kind !== 'structure').length;
  // "The enemy" opens a sentence, "the enemy" goes on one
  const within = (side: string) => sideName(packet, side).replace(/^The /, 'the ').replace(/^You$/, 'you');
  const attacks = packet.attacker ? [`${sideName(packet, packet.attacker)} ${packet.attacker === 'player' ? 'attack' : 'attacks'}; ${within(packet.defender ?? '')} ${packet.defender === 'player' ? 'defend' : 'defends'}.`] : [];
  const lines = [
    ...attacks,
    ...(structures > 0 ? [`${structures} vital ${structures === 1 ? 'structure' : 'structures'} on the map.`] : []),
    ...(objectives > 0 ? [`${objectives} ${objectives === 1 ? 'objective' : 'objectives'} on the map.`] : []),
    `A side whose Combat Score reaches ${packet.scoreLimit} wins: the enemy withdraws (§ Combat Score). The packet's "To win" says the rest.`,
  ];
  const sides = packet.sides.map((side): PacketSide => {
    const force = packet.forces.find((f) => f.side === side);
    const forceFile = force && forceFileOf(packet, force);
    return { name: sideName(packet, side), ...(force && forceFile ? { rolled: { words: rolledWords(force), forceFile } } : {}) };
  });
  return {
    title: `${packet.scenario.name} (${packet.mode === 'solo' ? 'solo' : `${packet.players} players`})`,
    objectives: lines,
    turns: packet.turns,
    scoreMax: packet.scoreLimit,
    sides: [sides[0]!, sides[1]!],
  };
}
