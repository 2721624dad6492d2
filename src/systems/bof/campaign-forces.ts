import { z } from 'zod';
import { MAX_FORCE_MODELS, MAX_ID_LENGTH, MAX_POINTS, intIn, label, listOf, textOf } from '../../data/limits.js';
import type { ForceProblem } from '../../data/force-file.js';
import type { SystemRules } from '../../data/load.js';
import { DataError } from '../../errors.js';
import { findByName } from '../../data/find-name.js';
import type { NameCandidate } from '../../data/suggest.js';
import { createRng } from '../../engine/dice.js';
import { RollLog } from '../../engine/roll-log.js';
import type { RollRecord } from '../../engine/tables.js';
import type { Provenance } from '../../vocab/provenance.js';
import type { Arsenal } from './arsenal.js';
import { coreShortWords, forceEntry, buildRoster, type Force, type Roster } from './force.js';

/**
 * The sides' forces a campaign keeps (Campaigns; How to upgrade core units; Salvaged vehicles
 * and weapons): each force by value, as its file was read and made canonical (ids, not names),
 * so a moved or edited file changes nothing; upgrades replace its units and salvage joins it.
 */

const ref = textOf(MAX_ID_LENGTH);
/** a campaign has at most ten games: a unit is salvaged after one of them */
const GAMES = 10;

/** A force file's entry, with what the campaign made of it. */
export const campaignEntry = forceEntry.extend({
  /** the game after which it was salvaged: it costs the force nothing (Salvaged vehicles and weapons) */
  salvaged: intIn(1, GAMES).optional(),
  /** weapons among `weapons` that were salvaged: they cost nothing either */
  salvagedWeapons: listOf(ref, 10).optional(),
  /** the unit it was before its upgrades: the detachment's core unit it stands for */
  upgradedFrom: ref.optional(),
});

export const campaignForce = z
  .object({
    name: label,
    nation: ref,
    doctrine: ref,
    detachment: ref,
    /** the file's points limit, raised by every upgrade paid for, so the force stays within it */
    points: intIn(1, MAX_POINTS),
    units: listOf(campaignEntry, MAX_FORCE_MODELS).min(1),
  })
  .strict()
  .superRefine((force, ctx) => {
    if (force.units.reduce((n, e) => n + e.count, 0) > MAX_FORCE_MODELS) ctx.addIssue({ code: 'custom', path: ['units'], message: `a force has at most ${MAX_FORCE_MODELS} models in all` });
    force.units.forEach((entry, i) => {
      for (const [j, weapon] of (entry.salvagedWeapons ?? []).entries()) {
        if (!entry.weapons.includes(weapon)) ctx.addIssue({ code: 'custom', path: ['units', i, 'salvagedWeapons', j], message: `"${weapon}" is not among the entry's weapons` });
      }
    });
  });

export type CampaignEntry = z.infer<typeof campaignEntry>;
export type CampaignForce = z.infer<typeof campaignForce>;

/** The solo player's army for the whole ladder: from the force file, or rolled when the campaign starts. */
export const soloPlayer = z
  .object({
    side: z.enum(['axis', 'allies']),
    nation: ref,
    doctrine: ref,
    detachment: ref,
    /** where it came from: the player's force, or the dice when the campaign started */
    from: z.enum(['force', 'roll']),
  })
  .strict();
export type SoloPlayer = z.infer<typeof soloPlayer>;

/** A roster's force as the campaign keeps it: ids only, nothing the file left unsaid filled in. */
export function keptForce(roster: Roster): CampaignForce {
  const f = roster.force;
  return {
    name: f.name,
    nation: f.nation,
    doctrine: f.doctrine,
    detachment: f.detachment,
    points: f.points,
    units: f.units.map((e) => ({
      unit: e.unit,
      count: e.count,
      ...(e.quality !== undefined ? { quality: e.quality } : {}),
      weapons: [...e.weapons],
      ...(e.squadLeader !== undefined ? { squadLeader: e.squadLeader } : {}),
      ...(e.label !== undefined ? { label: e.label } : {}),
    })),
  };
}

/** The force as a force file would give it: what the campaign added about its entries left out. */
function asForce(kept: CampaignForce, weapons: (entry: CampaignEntry) => string[]): Force {
  return {
    ...kept,
    units: kept.units.map(({ salvaged: _s, salvagedWeapons: _w, upgradedFrom: _u, ...entry }, i) => ({ ...entry, weapons: weapons(kept.units[i]!) })),
  };
}

/**
 * The kept force's roster, as its packet prints it: every line priced as a force file's, but
 * what was salvaged costs nothing (a salvaged vehicle's line 0, a soldier's salvaged weapon
 * nothing over what he carried before), and a foreign unit or weapon taken as salvage breaks no
 * rule of nation or detachment (the text lets crews and infantry use it without restriction).
 * An upgraded unit stands for the core unit it was.
 */
export function campaignRoster(kept: CampaignForce, arsenal: Arsenal): Roster {
  const roster = buildRoster(asForce(kept, (e) => e.weapons), arsenal);
  const unpaid = buildRoster(asForce(kept, (e) => e.weapons.filter((w) => !(e.salvagedWeapons ?? []).includes(w))), arsenal);
  const lines = roster.lines.map((line) => {
    const entry = kept.units[line.index]!;
    if (entry.salvaged !== undefined) return { ...line, each: 0, total: 0 };
    if ((entry.salvagedWeapons ?? []).length === 0) return line;
    const each = unpaid.lines.find((l) => l.index === line.index)?.each ?? line.each;
    return { ...line, each, total: each * line.count };
  });
  const points = lines.reduce((sum, l) => sum + l.total, 0);
  const excused = (p: ForceProblem) => {
    const index = /^units\[(\d+)\]/.exec(p.where)?.[1];
    const entry = index === undefined ? undefined : kept.units[Number(index)];
    if (!entry) return false;
    if (entry.salvaged !== undefined && (p.rule === 'nation' || p.rule === 'allowed units')) return true;
    const salvagedNames = (entry.salvagedWeapons ?? []).map((id) => arsenal.weapons.get(id)?.name ?? id);
    return p.rule === 'weapons' && salvagedNames.some((name) => p.message.startsWith(`${name} is not `));
  };
  // points and core units are counted again below, the campaign's way
  const problems = roster.problems.filter((p) => !excused(p) && p.rule !== 'points' && p.rule !== 'core units');
  const detachment = arsenal.detachments.get(kept.detachment);
  if (detachment && detachment.doctrine.id === kept.doctrine) {
    for (const core of detachment.detachment.core) {
      const have = kept.units.filter((e) => e.salvaged === undefined && (e.upgradedFrom ?? e.unit) === core.unit).reduce((n, e) => n + e.count, 0);
      if (have < core.count) problems.push({ where: 'force', rule: 'core units', message: coreShortWords(arsenal, detachment.detachment.name, core, have) });
    }
  }
  if (points > kept.points) problems.push({ where: 'force', rule: 'points', message: `the force costs ${points} points, over its limit of ${kept.points}` });
  return { ...roster, lines, points, problems };
}

/**
 * What a kept force names that the arsenal must have: a state edited by hand, or a campaign
 * begun with a house-rules folder that this run was not given, is named field by field.
 */
export function forceReferenceProblems(kept: CampaignForce, arsenal: Arsenal, at: string): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const houseHint = '; was the campaign begun with a --data folder? Give it again';
  if (!arsenal.nations.has(kept.nation)) problems.push({ path: `${at}.nation`, message: `"${kept.nation}" is no nation of the arsenal (muster list bof nations)${houseHint}` });
  const doctrine = arsenal.doctrines.get(kept.doctrine);
  if (!doctrine) problems.push({ path: `${at}.doctrine`, message: `"${kept.doctrine}" is no doctrine of the arsenal (muster list bof doctrines)${houseHint}` });
  else if (doctrine.nation !== kept.nation) problems.push({ path: `${at}.doctrine`, message: `"${kept.doctrine}" is a doctrine of ${doctrine.nation}, not of the force's nation ${kept.nation}` });
  const detachment = arsenal.detachments.get(kept.detachment);
  if (!detachment) problems.push({ path: `${at}.detachment`, message: `"${kept.detachment}" is no detachment of the arsenal (muster list bof detachments)${houseHint}` });
  else if (doctrine && detachment.doctrine.id !== doctrine.id) problems.push({ path: `${at}.detachment`, message: `"${kept.detachment}" is a detachment of ${detachment.doctrine.id}, not of ${kept.doctrine}` });
  kept.units.forEach((entry, i) => {
    if (!arsenal.units.has(entry.unit)) problems.push({ path: `${at}.units[${i}].unit`, message: `"${entry.unit}" is no unit of the arsenal (muster list bof units)${houseHint}` });
    if (entry.upgradedFrom !== undefined && !arsenal.units.has(entry.upgradedFrom)) problems.push({ path: `${at}.units[${i}].upgradedFrom`, message: `"${entry.upgradedFrom}" is no unit of the arsenal${houseHint}` });
    entry.weapons.forEach((weapon, j) => {
      if (!arsenal.weapons.has(weapon)) problems.push({ path: `${at}.units[${i}].weapons[${j}]`, message: `"${weapon}" is no weapon of the arsenal (muster list bof weapons)${houseHint}` });
    });
  });
  return problems;
}

/** What a kept solo player names: a nation, its doctrine and that doctrine's detachment, on the side the nation fights for. */
export function playerReferenceProblems(player: SoloPlayer, arsenal: Arsenal, at: string): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (!arsenal.nations.has(player.nation)) problems.push({ path: `${at}.nation`, message: `"${player.nation}" is no nation of the arsenal (muster list bof nations)` });
  else if (sideOf(player.nation) !== player.side) problems.push({ path: `${at}.side`, message: `is ${player.side}, but ${player.nation} fights for the ${sideOf(player.nation)}` });
  const doctrine = arsenal.doctrines.get(player.doctrine);
  if (!doctrine) problems.push({ path: `${at}.doctrine`, message: `"${player.doctrine}" is no doctrine of the arsenal (muster list bof doctrines)` });
  else if (doctrine.nation !== player.nation) problems.push({ path: `${at}.doctrine`, message: `"${player.doctrine}" is a doctrine of ${doctrine.nation}, not of ${player.nation}` });
  const detachment = arsenal.detachments.get(player.detachment);
  if (!detachment) problems.push({ path: `${at}.detachment`, message: `"${player.detachment}" is no detachment of the arsenal (muster list bof detachments)` });
  else if (detachment.doctrine.id !== player.doctrine) problems.push({ path: `${at}.detachment`, message: `"${player.detachment}" is a detachment of ${detachment.doctrine.id}, not of ${player.doctrine}` });
  return problems;
}

/** The solo side a nation fights for: the Axis is Germany (the solo tables), every other nation an Ally. */
export function sideOf(nation: string): 'axis' | 'allies' {
  return nation === 'de' ? 'axis' : 'allies';
}

/**
 * A solo campaign's player army when no force file gives it, rolled once as "Playing Burst of
 * Fire solo" rolls it for a game (the enemy's side, so the player's; an allied nation; a
 * doctrine by the nation's D6) but with the campaign's own seed, so `new` is repeatable and
 * every game of the ladder fields the same army.
 */
export function rollSoloPlayer(system: SystemRules, arsenal: Arsenal, seed: string): { player: SoloPlayer; rolls: RollRecord[] } {
  const rng = createRng(`${seed}/player`);
  const log = new RollLog('bof');
  const enemySide = String(log.table(rng, system.table('solo-side'), 'campaign: the enemy side')['ref']);
  const side = enemySide === 'axis' ? 'allies' : 'axis';
  // the Allied split and the doctrine rolls of nations the text gives none for are muster's readings
  const nation = side === 'axis' ? 'de' : String(log.table(rng, system.table('solo-allied-nation'), 'campaign: your nation', (row) => String(row['nation']))['ref']);
  const found = arsenal.nations.get(nation);
  if (!found) throw new DataError([{ file: 'solo-allied-nation', path: '', message: `rolled "${nation}", which is no nation of the arsenal` }]);
  const doctrineOf = (face: number) => found.doctrineRoll.find((r) => r.roll.includes(face))?.doctrine;
  const source: Provenance = found.doctrineRollReading ? { reading: 'bof/solo-nations-and-doctrines' } : { section: 'Play random sides & scenarios' };
  const face = log.dice(rng, '1D6', 'campaign: your doctrine', source, (t) => arsenal.doctrines.get(doctrineOf(t) ?? '')?.name ?? 'no doctrine');
  const doctrine = arsenal.doctrines.get(doctrineOf(face) ?? '');
  if (!doctrine) throw new DataError([{ file: 'nations', path: `${nation}.doctrineRoll`, message: `a D6 of ${face} finds no doctrine of the arsenal` }]);
  return { player: { side, nation, doctrine: doctrine.id, detachment: doctrine.detachments[0]!.id, from: 'roll' }, rolls: log.rolls };
}

/** The solo player's army from the force the player brought. */
export function playerOfForce(kept: CampaignForce): SoloPlayer {
  return { side: sideOf(kept.nation), nation: kept.nation, doctrine: kept.doctrine, detachment: kept.detachment, from: 'force' };
}

/**
 * The entries of a kept force that a player names: by an entry's label ("Gefreiter Brandt"), or
 * by its unit's id or name as a force file names units ("Grenadier", "de-rifleman", "rifleman"),
 * every entry of that unit in the force's order. A name that finds nothing is answered with the
 * force's close matches.
 */
export function entriesNamed(kept: CampaignForce, typed: string, arsenal: Arsenal): { indices: number[] } | { problem: string } {
  const byUnit = new Map<string, NameCandidate>();
  const labels = new Map<string, number>();
  kept.units.forEach((entry, i) => {
    const unit = arsenal.units.get(entry.unit);
    if (unit && !byUnit.has(unit.id)) {
      const dash = unit.id.indexOf('-');
      byUnit.set(unit.id, { id: unit.id, name: unit.name, aliases: dash > 0 && arsenal.nations.has(unit.id.slice(0, dash)) ? [unit.id.slice(dash + 1)] : [] });
    }
    if (entry.label !== undefined && !labels.has(entry.label) && !byUnit.has(entry.label)) labels.set(entry.label, i);
  });
  const candidates = [...byUnit.values(), ...[...labels.keys()].map((id) => ({ id }))];
  const match = findByName(typed, candidates, { what: `unit of ${kept.name}` });
  if (match.problem !== undefined) return { problem: match.problem };
  const labelled = labels.get(match.found.id);
  if (labelled !== undefined && !byUnit.has(match.found.id)) return { indices: [labelled] };
  return { indices: kept.units.flatMap((entry, i) => (entry.unit === match.found.id ? [i] : [])) };
}

/**
 * The force with `count` models of entry `index` changed by `change`: the entry itself where all
 * of it changes, else those models split off into an entry of their own just after it.
 */
export function changeModels(kept: CampaignForce, index: number, count: number, change: (entry: CampaignEntry) => CampaignEntry): CampaignForce {
  const entry = kept.units[index]!;
  const changed = change({ ...entry, count });
  const units = entry.count === count ? [...kept.units.slice(0, index), changed, ...kept.units.slice(index + 1)] : [...kept.units.slice(0, index), { ...entry, count: entry.count - count }, changed, ...kept.units.slice(index + 1)];
  return { ...kept, units };
}

/** Problems of a roster as a set of what they say, whatever entry numbers they name: what a change added is told apart from what was there. */
export function newProblems(before: Roster, after: Roster): ForceProblem[] {
  const key = (p: ForceProblem) => `${p.rule}\u0000${p.message}`;
  const had = new Map<string, number>();
  for (const p of before.problems) had.set(key(p), (had.get(key(p)) ?? 0) + 1);
  return after.problems.filter((p) => {
    const left = had.get(key(p)) ?? 0;
    if (left > 0) {
      had.set(key(p), left - 1);
      return false;
    }
    return true;
  });
}
