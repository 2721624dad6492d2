import { forceWarnings, readForceFile, refuseIfStrict } from '../../data/force-file.js';
import type { SystemRules } from '../../data/load.js';
import type { DocumentNode } from '../../doc/model.js';
import { createRng } from '../../engine/dice.js';
import { UsageError } from '../../errors.js';
import { loadTokenFolder } from '../../data/tokens.js';
import { forceOrDecks } from '../force-or-decks.js';
import type { CardsRequest, CardsResult, ForceCheck, ForceTally, GameAsked, RuleSetModule, ScenarioRequest, ScenarioSteps } from '../module.js';
import { stringOption } from '../manifest.js';
import { rollerKeepingRolls } from '../scenario-batch.js';
import type { BudgetFit } from '../budget-fit.js';
import { rollBattle, SIDE_NAMES, type GivenForce, type Side } from './battle.js';
import { battlesItFits, playersFor, pointsIn, ROLE_WORDS, rolesOf, sideFit, type ForceCost } from './battle-budget.js';
import { fireTeamCampaign, loadCampaignBoard } from './campaign-module.js';
import { loadFireTeam, loadSideColours, type FireTeamData } from './data.js';
import { battlePacket, forceDocument } from './documents.js';
import { checkForce, formatPoints, matchList, type FtRoster } from './force.js';
import { listFireTeam } from './listing.js';
import { findOrRefuse, foundOrRefuse } from '../../data/find-name.js';
import { forceFile, type FtBattle, type FtForce } from './schema.js';
import { possessive } from '../../doc/possessive.js';

/** `muster cards fireteam`: the decks of the data, or a force file's roster and cards. */
async function cards(request: CardsRequest): Promise<CardsResult> {
  return forceOrDecks(request, async (file) => {
    const { print, units, paper, toolVersion } = request;
    const data = await loadFireTeam(request.system);
    const force = await readForceFile(file, forceFile, request.forceText);
    const roster = checkForce(force, data);
    refuseIfStrict(request.strict, file, roster.problems, 'army list');
    return { kind: 'document', doc: forceDocument(roster, data, { print, units, paper, toolVersion }), warnings: forceWarnings(file, roster.problems) };
  });
}

/** `muster scenario fireteam`: rolled battles, each with its patrol phase, forces and map; a side's own force where a file is given. */
const scenario: ScenarioSteps = {
  names: async (system) => (await loadFireTeam(system)).battles.map((b) => ({ id: b.id, name: b.name })),
  async prepare(request) {
    const data = await loadFireTeam(request.system);
    const battle = battleAsked(request, data);
    let lists: [string, string] | undefined;
    const listsAsked = stringOption(request.options, 'lists');
    if (listsAsked !== undefined) {
      const wanted = listsAsked.split(',').map((l) => l.trim());
      if (wanted.length !== 2 || wanted.some((l) => l === '')) throw new UsageError(`--lists ${listsAsked}: give two army lists, side A's and side B's, like russians,finns`);
      lists = wanted.map((w) => foundOrRefuse(matchList(data, w), '--lists').id) as [string, string];
    }
    const given = await givenForces(request, data, lists, listsAsked);
    const colours = await loadSideColours(request.system);
    const options = { battle, lists, players: request.players as 2 | 4, table: request.table, points: request.points, given, terrain: { level: request.terrain ?? 'none', units: request.units } };
    const looks = { print: request.print, units: request.units, paper: request.paper, toolVersion: request.toolVersion };
    return rollerKeepingRolls(
      (seed) => rollBattle(data, options, createRng(seed), seed),
      (rolled) => battlePacket(rolled, data, colours, looks),
    );
  },
};

/** The battle asked for, by id or name: with --battle, or with --scenario as every rule set names its games (both: the same one). */
function battleAsked(request: ScenarioRequest, data: FireTeamData): string | undefined {
  const typed = stringOption(request.options, 'battle');
  const battle = typed === undefined ? undefined : findOrRefuse(typed, data.battles, { what: 'battle', listCommand: 'muster list fireteam battles' }, '--battle').id;
  if (battle !== undefined && request.scenario !== undefined && battle !== request.scenario) {
    throw new UsageError(`--battle ${typed} and --scenario ${request.scenario} name two battles; give one of them`);
  }
  return battle ?? request.scenario;
}

/**
 * The players' own forces (--force): side A's first, then side B's. Each is checked against its
 * army list: its problems are warnings (on stderr and on its roster), or refuse it under
 * --strict. A force whose list names none of the data's cannot take the table at all, and
 * --lists may not give its side another list.
 */
async function givenForces(request: ScenarioRequest, data: FireTeamData, lists: readonly [string, string] | undefined, listsAsked: string | undefined): Promise<Partial<Record<Side, GivenForce>>> {
  const given: Partial<Record<Side, GivenForce>> = {};
  for (const [i, file] of request.forceFiles.entries()) {
    const side: Side = i === 0 ? 'a' : 'b';
    const roster = fieldable(file, await readForceFile(file, forceFile), data);
    refuseIfStrict(request.strict, file, roster.problems, 'army list');
    for (const warning of forceWarnings(file, roster.problems)) request.onWarning?.(`side ${side.toUpperCase()}: ${warning}`);
    const list = roster.list!;
    if (lists && lists[i] !== list.id) {
      throw new UsageError(`--lists ${listsAsked}: ${possessive(SIDE_NAMES[side])} force (${file}) is a ${list.name} force; give ${list.id} as its list, or leave --lists out`);
    }
    given[side] = { force: { ...roster.force, list: list.id }, picks: 'all' };
  }
  return given;
}

/** A force checked against its list; one whose list is none of the data's has nothing to field, whatever --strict says. */
function fieldable(file: string, force: FtForce, data: FireTeamData): FtRoster {
  const roster = checkForce(force, data);
  if (!roster.list) throw new UsageError(`${file}: ${roster.problems.map((p) => p.message).join('; ')}: a battle needs the force's army list`);
  return roster;
}

async function validate(system: SystemRules): Promise<string> {
  const data: FireTeamData = await loadFireTeam(system);
  const picks = [...data.lists.values()].reduce((n, l) => n + l.reinforcements.length, 0);
  const board = await loadCampaignBoard(system);
  const tokens = (await loadTokenFolder(system.dirs)).length;
  return `${data.lists.size} army lists, ${picks} reinforcement picks, ${data.battles.length} battles, ${data.cards.size} cards, ${tokens} tokens, a campaign map of ${board.order.length} squares`;
}

/**
 * `muster check fireteam --force FILE`: the platoons and reinforcements, their points and what
 * breaks the army list; and the force against the battles' points: the battle asked for, as
 * side A (as `scenario --force` fields a first force), else each battle in each role it may
 * take, for as many players as its platoons need.
 */
async function checkFireTeamForce(request: { system: SystemRules; forceFile: string; game?: GameAsked }): Promise<ForceCheck> {
  const data = await loadFireTeam(request.system);
  const roster = checkForce(await readForceFile(request.forceFile, forceFile), data);
  const { core, reinforcements } = roster.force.points;
  return {
    name: roster.force.name,
    points: roster.points,
    limit: `${formatPoints(core + reinforcements)} (${formatPoints(core)} core + ${formatPoints(reinforcements)} reinforcement)`,
    entries: roster.parts.map((part) => ({ where: part.where, name: part.name, points: part.points })),
    problems: roster.problems,
    ...(roster.list ? { fits: battleFits(roster, data.battles, request.game) } : {}),
  };
}

function battleFits(roster: FtRoster, battles: readonly FtBattle[], game: GameAsked | undefined): BudgetFit[] {
  const cost: ForceCost = { core: roster.core, reinforcements: roster.reinforcements, platoons: roster.force.platoons.length, declared: roster.force.points.reinforcements };
  if (game) {
    const battle = battles.find((b) => b.id === game.scenario)!;
    const roles = rolesOf(battle, 'a');
    const points = pointsIn(battle, roles, game.players, cost);
    const elsewhere = battlesItFits(battles, { battle: battle.id, players: game.players }, 'a', cost);
    return [sideFit(`${battle.name} (${game.players} players), ${SIDE_NAMES.a}${roles.length === 1 ? ` ${ROLE_WORDS[roles[0]!]}` : ''}`, 'a', points, elsewhere)];
  }
  const players = playersFor(cost.platoons);
  return battles.flatMap((battle) => {
    const [lo, hi] = [battle.reinforcements.attacker, battle.reinforcements.defender];
    // a battle that gives both roles the same points is one game to the force
    const same = lo[0] === hi[0] && lo[1] === hi[1];
    return (same ? [undefined] : (['attacker', 'defender'] as const)).map((role) =>
      sideFit(`${battle.name} (${players} players)${role ? `, ${ROLE_WORDS[role]}` : ''}`, 'a', pointsIn(battle, role ? [role] : ['attacker'], players, cost)),
    );
  });
}

/** A force's teams for its tokens: a team a model, the vehicles apart (a vehicle's card has no quality). */
async function forceTally(request: { system: SystemRules; forceFile: string }): Promise<ForceTally> {
  const roster = checkForce(await readForceFile(request.forceFile, forceFile), await loadFireTeam(request.system));
  const teams = roster.parts.flatMap((part) => part.teams);
  const vehicles = teams.filter((team) => team.quality === null).length;
  return { name: roster.force.name, counts: { models: teams.length, infantry: teams.length - vehicles, vehicles, afv: vehicles }, warnings: forceWarnings(request.forceFile, roster.problems) };
}

export const fireTeamModule: RuleSetModule = {
  checkForce: checkFireTeamForce,
  forceTally,
  campaign: fireTeamCampaign,
  cards,
  list: listFireTeam,
  scenario,
  validate,
};
