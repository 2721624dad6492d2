import { forceWarnings, readForceFile, refuseIfStrict } from '../../data/force-file.js';
import type { SystemRules } from '../../data/load.js';
import type { DocumentNode } from '../../doc/model.js';
import { createRng } from '../../engine/dice.js';
import { UsageError } from '../../errors.js';
import { loadTokenFolder } from '../../data/tokens.js';
import { forceOrDecks } from '../force-or-decks.js';
import type { CardsRequest, CardsResult, ForceCheck, RuleSetModule, ScenarioSteps } from '../module.js';
import { stringOption } from '../manifest.js';
import { rollerKeepingRolls } from '../scenario-batch.js';
import { rollBattle } from './battle.js';
import { fireTeamCampaign, loadCampaignBoard } from './campaign-module.js';
import { loadFireTeam, loadSideColours, type FireTeamData } from './data.js';
import { battlePacket, forceDocument } from './documents.js';
import { checkForce, formatPoints, matchList } from './force.js';
import { listFireTeam } from './listing.js';
import { findOrRefuse, foundOrRefuse } from '../../data/find-name.js';
import { forceFile } from './schema.js';

/** `muster cards fireteam`: the decks of the data, or a force file's roster and cards. */
async function cards(request: CardsRequest): Promise<CardsResult> {
  return forceOrDecks(request, async (file) => {
    const { print, units, paper, toolVersion } = request;
    const data = await loadFireTeam(request.system);
    const force = await readForceFile(file, forceFile);
    const roster = checkForce(force, data);
    refuseIfStrict(request.strict, file, roster.problems, 'army list');
    return { kind: 'document', doc: forceDocument(roster, data, { print, units, paper, toolVersion }), warnings: forceWarnings(file, roster.problems) };
  });
}

/** `muster scenario fireteam`: rolled battles, each with its patrol phase, forces and map. */
const scenario: ScenarioSteps = {
  async prepare(request) {
    const data = await loadFireTeam(request.system);
    // a battle by its id or its name
    const battleAsked = stringOption(request.options, 'battle');
    const battle = battleAsked === undefined ? undefined : findOrRefuse(battleAsked, data.battles, { what: 'battle', listCommand: 'muster list fireteam battles' }, '--battle').id;
    let lists: [string, string] | undefined;
    const listsAsked = stringOption(request.options, 'lists');
    if (listsAsked !== undefined) {
      const wanted = listsAsked.split(',').map((l) => l.trim());
      if (wanted.length !== 2 || wanted.some((l) => l === '')) throw new UsageError(`--lists ${listsAsked}: give two army lists, side A's and side B's, like russians,finns`);
      lists = wanted.map((w) => foundOrRefuse(matchList(data, w), '--lists').id) as [string, string];
    }
    const colours = await loadSideColours(request.system);
    const options = { battle, lists, players: request.players as 2 | 4, table: request.table, points: request.points };
    const looks = { print: request.print, units: request.units, paper: request.paper, toolVersion: request.toolVersion };
    return rollerKeepingRolls(
      (seed) => rollBattle(data, options, createRng(seed), seed),
      (rolled) => battlePacket(rolled, data, colours, looks),
    );
  },
};

async function validate(system: SystemRules): Promise<string> {
  const data: FireTeamData = await loadFireTeam(system);
  const picks = [...data.lists.values()].reduce((n, l) => n + l.reinforcements.length, 0);
  const board = await loadCampaignBoard(system);
  const tokens = (await loadTokenFolder(system.dirs)).length;
  return `${data.lists.size} army lists, ${picks} reinforcement picks, ${data.battles.length} battles, ${data.cards.size} cards, ${tokens} tokens, a campaign map of ${board.order.length} squares`;
}

/** `muster check fireteam --force FILE`: the platoons and reinforcements, their points and what breaks the army list. */
async function checkFireTeamForce(request: { system: SystemRules; forceFile: string }): Promise<ForceCheck> {
  const roster = checkForce(await readForceFile(request.forceFile, forceFile), await loadFireTeam(request.system));
  const { core, reinforcements } = roster.force.points;
  return {
    name: roster.force.name,
    points: roster.points,
    limit: `${formatPoints(core + reinforcements)} (${formatPoints(core)} core + ${formatPoints(reinforcements)} reinforcement)`,
    entries: roster.parts.map((part) => ({ where: part.where, name: part.name, points: part.points })),
    problems: roster.problems,
  };
}

export const fireTeamModule: RuleSetModule = {
  checkForce: checkFireTeamForce,
  campaign: fireTeamCampaign,
  cards,
  list: listFireTeam,
  scenario,
  validate,
};
