import { findByName } from '../../data/find-name.js';
import type { NameCandidate } from '../../data/suggest.js';
import type { Arsenal } from './arsenal.js';
import type { Unit, Weapon } from './arsenal-schema.js';
import { isSoldier } from './cost.js';
import { campaignRoster, changeModels, entriesNamed, type CampaignForce } from './campaign-forces.js';
import { possessive } from '../../doc/possessive.js';

/**
 * Salvaged vehicles and weapons: the victor claims what the enemy left behind, "abandoned or
 * scavenged vehicles, infantry- and support weapons", and fields it in the next game without
 * buying it. muster's readings: it stays with the force for the rest of the campaign at no cost
 * (the text lets crews use it without penalty after the game it was taken in, and says no more),
 * and the loser keeps its force (the campaign counts no losses).
 */

/** What the text lets the victor claim: vehicles and support weapons; soldiers, officers and planes are not left behind. */
const SALVAGEABLE: ReadonlySet<Unit['type']> = new Set(['afv', 'transport', 'support-weapon']);

export interface AppliedSalvage {
  force: CampaignForce;
  text: string;
}

/** Spellings of an arsenal entry: its id, name, and id without its nation. */
function candidate(entry: { id: string; name: string }, arsenal: Arsenal): NameCandidate {
  const dash = entry.id.indexOf('-');
  return { id: entry.id, name: entry.name, aliases: dash > 0 && arsenal.nations.has(entry.id.slice(0, dash)) ? [entry.id.slice(dash + 1)] : [] };
}

/**
 * Salvage given to the victor's kept force: `NAME` a vehicle or support weapon (a new line of
 * the force, costing nothing) or an infantry weapon (`NAME>SOLDIER` gives it to one of the force's
 * soldiers; without a soldier named, the first who can carry it: a primary weapon goes to a
 * rifleman, whose rifle it replaces). Where the loser's force is kept, only what it fielded can
 * be left behind.
 */
export function applySalvage(
  winner: CampaignForce,
  loser: { name: string; force?: CampaignForce; forces?: readonly CampaignForce[] },
  typed: string,
  game: number,
  arsenal: Arsenal,
): AppliedSalvage | { problem: string } {
  const [wantedText, soldierText, ...rest] = typed.split('>').map((p) => p.trim());
  if (!wantedText || rest.length > 0 || soldierText === '') return { problem: 'write it as WHAT (a vehicle, support weapon or infantry weapon) or WEAPON>SOLDIER' };
  const units = [...arsenal.units.values()];
  const weapons = [...arsenal.weapons.values()];
  const everything = [...units.map((u) => candidate(u, arsenal)), ...weapons.filter((w) => !arsenal.units.has(w.id)).map((w) => candidate(w, arsenal))];
  // what the loser fielded comes first, so "Sherman" finds the loser's Sherman
  // a side of several players leaves behind what any of them fielded
  const losers = loser.forces ?? (loser.force ? [loser.force] : []);
  const fielded = losers.length > 0 ? leftBehind(losers, arsenal) : undefined;
  const own = fielded ? everything.filter((c) => fielded.has(c.id)) : everything;
  const match = findByName(wantedText, own, { what: 'vehicle, support weapon or infantry weapon', wider: everything, listCommand: 'muster list bof units' });
  if (match.problem !== undefined) return { problem: match.problem };
  const unit = arsenal.units.get(match.found.id);
  const weapon = unit ? undefined : arsenal.weapons.get(match.found.id)!;
  if (unit && !SALVAGEABLE.has(unit.type)) {
    return { problem: `${unit.name} is ${unit.type === 'plane' ? 'a plane' : 'no vehicle or weapon'}: the victor claims abandoned vehicles, infantry weapons and support weapons (Salvaged vehicles and weapons)` };
  }
  if (fielded && !fielded.has(match.found.id)) {
    const could = [...fielded.keys()].map((id) => arsenal.units.get(id)?.name ?? arsenal.weapons.get(id)?.name ?? id);
    const whose = losers.length === 1 ? `${possessive(loser.name)} force, ${losers[0]!.name},` : `${possessive(loser.name)} forces (${losers.map((f) => f.name).join(', ')})`;
    return { problem: `${whose} fielded no ${unit?.name ?? weapon!.name}; what ${losers.length === 1 ? 'it' : 'they'} could leave behind: ${could.join(', ') || 'nothing'}` };
  }
  if (unit) {
    if (soldierText !== undefined) return { problem: `${unit.name} is a vehicle or gun, not a weapon for a soldier: leave out ">${soldierText}"` };
    const force = { ...winner, units: [...winner.units, { unit: unit.id, count: 1, weapons: [], label: `${unit.name} (salvaged)`, salvaged: game }] };
    return { force, text: `${unit.name}, left behind by ${loser.name}` };
  }
  return giveWeapon(winner, weapon!, soldierText, game, arsenal, loser.name);
}

/** Units of the salvageable kinds and the weapons the forces' soldiers carry: what they may leave behind. */
function leftBehind(forces: readonly CampaignForce[], arsenal: Arsenal): Map<string, true> {
  const found = new Map<string, true>();
  for (const line of forces.flatMap((force) => campaignRoster(force, arsenal).lines)) {
    if (SALVAGEABLE.has(line.unit.type)) found.set(line.unit.id, true);
    if (isSoldier(line.unit)) for (const w of line.weapons) if (arsenal.weapons.has(w)) found.set(w, true);
  }
  return found;
}

function giveWeapon(winner: CampaignForce, weapon: Weapon, soldierText: string | undefined, game: number, arsenal: Arsenal, loserName: string): AppliedSalvage | { problem: string } {
  const roster = campaignRoster(winner, arsenal);
  const lineOf = (i: number) => roster.lines.find((l) => l.index === i);
  const carries = (i: number) => (lineOf(i)?.weapons ?? []).includes(weapon.id);
  const rifleman = (i: number) => (lineOf(i)?.weapons ?? []).some((w) => arsenal.weapons.get(w)?.kind === 'rifle');
  const infantry = (i: number) => ['infantry', 'squad-leader'].includes(arsenal.units.get(winner.units[i]!.unit)?.type ?? '');
  let candidates: number[];
  if (soldierText !== undefined) {
    const named = entriesNamed(winner, soldierText, arsenal);
    if ('problem' in named) return named;
    candidates = named.indices.filter(infantry);
    if (candidates.length === 0) return { problem: `${soldierText} is no infantryman of ${winner.name}: a salvaged infantry weapon goes to a soldier` };
  } else {
    candidates = winner.units.map((_, i) => i).filter((i) => infantry(i) && (weapon.slot === 'side' || rifleman(i)));
  }
  const index = candidates.find((i) => !carries(i));
  if (index === undefined) {
    return { problem: `no ${soldierText ?? 'soldier'} of ${winner.name} can take the ${weapon.name}${soldierText === undefined ? `; name one: WEAPON>SOLDIER` : ' (each carries one already)'}` };
  }
  const force = changeModels(winner, index, 1, (e) => ({ ...e, weapons: [...e.weapons, weapon.id], salvagedWeapons: [...(e.salvagedWeapons ?? []), weapon.id] }));
  return { force, text: `${weapon.name}, left behind by ${loserName}, for ${lineOf(index)!.label}` };
}
