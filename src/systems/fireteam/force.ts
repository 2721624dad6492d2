import type { DataCard } from '../../data/cards.js';
import { findByName, type NameMatch } from '../../data/find-name.js';
import type { ForceProblem } from '../../data/force-file.js';
import { isVehicleCard, type FireTeamData } from './data.js';
import type { FtForce, FtList, FtPick, FtQuality } from './schema.js';

/** One team of a force: its card, and its men's quality (none for a vehicle). */
export interface RosterTeam {
  card: DataCard;
  quality: FtQuality | null;
  /** a vehicle whose crew are veterans (Special Units: Veteran tank crews); its card says so */
  veteranCrew?: true;
}

/** The reading behind a veteran crew: which vehicles have "tank crews", and their points. */
export const VETERAN_CREW_READING =
  'The text gives veteran tank crews no points, so muster adds none; a tank crew is read as the crew of any vehicle armed with a gun (tanks, assault guns, armoured cars).';

/** A vehicle that can have a veteran tank crew: one armed with a gun (a tank, an assault gun, an armoured car), not a transport. */
export function hasTankCrew(card: DataCard): boolean {
  return isVehicleCard(card) && card.lines.some((l) => l.label === 'Weapons' && /\bgun\b/i.test(l.text));
}

/**
 * A vehicle's card with a veteran crew (Special Units: Veteran tank crews): one die more for its
 * move, the best of them kept as many as it rolls without (3, 4 or 5), and a pin or panic
 * avoided on an expertise roll, a veteran's 4+ (Troops capabilities).
 */
export function veteranCrewCard(card: DataCard, expertise: string): DataCard {
  const stats = card.stats.map((s) => {
    const dice = s.label === 'move' ? /^(\d+)D6$/.exec(s.value) : null;
    return dice ? { ...s, value: `${Number(dice[1]) + 1}D6, best ${dice[1]}` } : s;
  });
  const rule = { text: `Veteran crew: roll 1D6 more for the move and keep the best; avoids a pin or a panic on an expertise roll of ${expertise}.`, readingId: 'veteran-tank-crews' };
  return { ...card, id: `${card.id}-veteran`, subtitle: `${card.subtitle}, veteran crew`, stats, rules: [...card.rules, rule].slice(-3) };
}

/** A part of a force as bought: a platoon's HQ or a squad, a weapons section, a reinforcement pick. */
export interface RosterPart {
  /** the entry of the force it comes from, as problems name it */
  where: string;
  /** "HQ", "Squad 2", "Platoon 2: squad 1", "Artillery" */
  name: string;
  /** what it is: hq, squad, weapons-section, or the pick's id */
  kind: string;
  /** 1-based platoon of a core part */
  platoon?: number;
  /** the vehicle a pick brings, by card id */
  vehicle?: string;
  reinforcement: boolean;
  points: number;
  teams: RosterTeam[];
}

export interface FtRoster {
  force: FtForce;
  list?: FtList;
  parts: RosterPart[];
  /** points of the platoons, of the reinforcements, and of both */
  core: number;
  reinforcements: number;
  points: number;
  problems: ForceProblem[];
}

/** Finds a list by id or by name, whatever the case, accents or spaces ("Fallschirmjäger"). */
export function findList(data: FireTeamData, wanted: string): FtList | undefined {
  return matchList(data, wanted).found;
}

/** A list by id or name, or what to type instead: the close matches and the command listing them. */
export function matchList(data: FireTeamData, wanted: string): NameMatch<FtList> {
  return findByName(wanted, [...data.lists.values()], { what: 'army list', listCommand: 'muster list fireteam lists' });
}

/** One of the list's picks by id or name, or what to type instead. */
export function matchPick(list: FtList, wanted: string): NameMatch<FtPick> {
  return findByName(wanted, list.reinforcements, { what: `${list.name} pick`, listCommand: `muster list fireteam picks --nation ${list.id}` });
}

/** Points as the lists print them: 4, 1.5. */
export function formatPoints(points: number): string {
  return Number.isInteger(points) ? String(points) : points.toFixed(1);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Checks a force against its army list, rule by rule, and prices it (Army and Vehicle Lists;
 * Reinforcements). Every problem is collected, naming the entry and the rule; the roster is
 * built all the same, so it can be printed with its problems. The battle generator buys its
 * forces through this very check.
 */
export function checkForce(force: FtForce, data: FireTeamData): FtRoster {
  const problems: ForceProblem[] = [];
  const add = (where: string, rule: string, message: string) => problems.push({ where, rule, message });
  const { found: list, problem } = matchList(data, force.list);
  if (!list) {
    add('force', 'list', problem);
    return { force, parts: [], core: 0, reinforcements: 0, points: 0, problems };
  }
  const card = (id: string) => data.cards.get(id)!.card;
  const teamsOf = (ids: readonly string[], quality: FtQuality): RosterTeam[] =>
    ids.map((id) => ({ card: card(id), quality: isVehicleCard(card(id)) ? null : quality }));
  const parts: RosterPart[] = [];
  const several = force.platoons.length > 1;

  force.platoons.forEach((platoon, p) => {
    const where = `platoons[${p}]`;
    const prefix = several ? `${platoon.label ?? `Platoon ${p + 1}`}: ` : platoon.label ? `${platoon.label}: ` : '';
    const { hq, squads, weaponsSections, smg } = list.platoon;
    const range = (min: number, max: number | undefined) => (max === undefined ? `at least ${min}` : min === max ? `exactly ${min}` : `${min} to ${max}`);
    if (platoon.squads < squads.min || (squads.max !== undefined && platoon.squads > squads.max)) {
      add(where, 'squads', `${plural(platoon.squads, 'squad')}; a ${list.name} platoon has ${range(squads.min, squads.max)}`);
    }
    if (!weaponsSections) {
      if (platoon.weaponsSections > 0) add(where, 'weapons sections', `the ${list.name} list has no weapons sections`);
    } else if (platoon.weaponsSections < weaponsSections.min || (weaponsSections.max !== undefined && platoon.weaponsSections > weaponsSections.max)) {
      add(where, 'weapons sections', `${plural(platoon.weaponsSections, 'weapons section')}; a ${list.name} platoon has ${range(weaponsSections.min, weaponsSections.max)}`);
    }
    if (platoon.smgSquads > 0 && !smg) add(where, 'SMG sections', `the ${list.name} list gives no sections SMGs in place of rifles`);
    else if (platoon.smgSquads > platoon.squads) add(where, 'SMG sections', `${plural(platoon.smgSquads, 'SMG section')} but only ${plural(platoon.squads, 'squad')}`);

    parts.push({ where, name: `${prefix}HQ`, kind: 'hq', platoon: p + 1, reinforcement: false, points: hq.points, teams: teamsOf(hq.teams, list.quality) });
    for (let s = 0; s < platoon.squads; s++) {
      const armed = smg && s < platoon.smgSquads ? squads.teams.map((t) => (t === smg.team ? smg.becomes : t)) : squads.teams;
      parts.push({ where, name: `${prefix}${prefix ? 'squad' : 'Squad'} ${s + 1}`, kind: 'squad', platoon: p + 1, reinforcement: false, points: squads.points, teams: teamsOf(armed, list.quality) });
    }
    for (let w = 0; weaponsSections && w < platoon.weaponsSections; w++) {
      parts.push({ where, name: `${prefix}${prefix ? 'weapons' : 'Weapons'} section${platoon.weaponsSections > 1 ? ` ${w + 1}` : ''}`, kind: 'weapons-section', platoon: p + 1, reinforcement: false, points: weaponsSections.points, teams: teamsOf(weaponsSections.teams, list.quality) });
    }
  });

  force.reinforcements.forEach((entry, r) => {
    const where = `reinforcements[${r}] ${entry.pick}`;
    if (list.reinforcements.length === 0) {
      add(where, 'reinforcements', `the text gives the ${list.name} list no reinforcements`);
      return;
    }
    const { found: pick, problem: unknownPick } = matchPick(list, entry.pick);
    if (!pick) {
      add(where, 'pick', unknownPick);
      return;
    }
    if (pick.points === null) add(where, 'price', `the text gives ${pick.name} no points, so it cannot be bought`);
    let vehicle: string | undefined;
    if (pick.vehicles) {
      const choices = pick.vehicles.map((v) => ({ id: v, name: card(v).title }));
      const match = entry.vehicle === undefined ? undefined : findByName(entry.vehicle, choices, { what: 'vehicle' });
      vehicle = match?.found?.id;
      if (!match) add(where, 'vehicle', `name the vehicle this pick brings: ${choices.map((c) => `${c.id} (${c.name})`).join(', ')}`);
      else if (match.problem !== undefined) add(where, 'vehicle', match.problem);
    } else if (entry.vehicle !== undefined) {
      add(where, 'vehicle', `${pick.name} brings its own teams; it takes no vehicle`);
    }
    let teams = teamsOf([...pick.teams, ...(vehicle ? [vehicle] : [])], pick.quality ?? list.quality);
    if (entry.veteranCrew) {
      // Special Units: Veteran tank crews, on the pick's tanks (its vehicles armed with a gun)
      if (!teams.some((t) => t.quality === null && hasTankCrew(t.card))) {
        add(where, 'veteran crew', `${vehicle ? card(vehicle).title : pick.name} has no tank crew to make veterans: only a vehicle armed with a gun (a tank, an assault gun, an armoured car) has one`);
      } else {
        teams = teams.map((t) => (t.quality === null && hasTankCrew(t.card) ? { card: veteranCrewCard(t.card, data.troops.veteran.expertise), quality: null, veteranCrew: true } : t));
      }
    }
    parts.push({
      where,
      name: `${vehicle ? `${pick.name}: ${card(vehicle).title}` : pick.name}${teams.some((t) => t.veteranCrew) ? ', veteran crew' : ''}`,
      kind: pick.id,
      ...(vehicle ? { vehicle } : {}),
      reinforcement: true,
      points: pick.points ?? 0,
      teams,
    });
  });

  const sum = (reinforcement: boolean) => parts.filter((p) => p.reinforcement === reinforcement).reduce((n, p) => n + p.points, 0);
  const core = sum(false);
  const reinforcements = sum(true);
  if (core > force.points.core) add('force', 'core points', `the platoons cost ${formatPoints(core)} points, over the ${formatPoints(force.points.core)} core points`);
  if (reinforcements > force.points.reinforcements) {
    add('force', 'reinforcement points', `the reinforcements cost ${formatPoints(reinforcements)} points, over the ${formatPoints(force.points.reinforcements)} reinforcement points`);
  }
  return { force, list, parts, core, reinforcements, points: core + reinforcements, problems };
}
