import { loadCardDecks } from '../../data/cards.js';
import { forceWarnings, readForceFile, refuseIfStrict } from '../../data/force-file.js';
import type { SystemRules } from '../../data/load.js';
import { loadTokenFolder } from '../../data/tokens.js';
import { buildDataCardDocument } from '../../doc/build-data-cards.js';
import { DataError, UsageError } from '../../errors.js';
import { forceOrDecks } from '../force-or-decks.js';
import type { DocumentNode } from '../../doc/model.js';
import { createRng } from '../../engine/dice.js';
import type { CardsRequest, CardsResult, ForceCheck, ForceTally, RuleSetModule, ScenarioSteps } from '../module.js';
import { stringOption, type OptionValues } from '../manifest.js';
import { rollerKeepingRolls } from '../scenario-batch.js';
import { loadBlazeAway, type BlazeAwayData } from './data.js';
import { listBlazeAway } from './listing.js';
import { checkForce, forceResult } from './force.js';
import { scenarioPacket } from './packet.js';
import { rollScenario, SIDE_NAMES, type Allocations, type Side, type SideForce } from './scenario.js';
import { loadSampleForces } from './samples.js';
import { forceFile } from './schema.js';
import { unitSheetDocument } from './unit-sheet.js';

/** `muster cards blazeaway`: an order deck a player, or with --force a force's unit sheet and its own deck. */
async function cards(request: CardsRequest): Promise<CardsResult> {
  return forceOrDecks(request, async (file) => {
    const { print, units, paper, toolVersion } = request;
    const data = await loadBlazeAway(request.system);
    const force = await readForceFile(file, forceFile, request.forceText);
    const roster = checkForce(force, data);
    refuseIfStrict(request.strict, file, roster.problems, 'rules');
    return {
      kind: 'document',
      doc: unitSheetDocument(data, roster, { print, units, paper, toolVersion }),
      warnings: forceWarnings(file, roster.problems),
      json: { system: request.system.info.id, force: forceResult(roster) },
    };
  });
}

/** `muster scenario blazeaway`: a rolled scenario with both forces, from --force files or the samples. */
const scenario: ScenarioSteps = {
  async prepare(request) {
    const data = await loadBlazeAway(request.system);
    const forces: SideForce[] = [];
    for (const [i, file] of request.forceFiles.entries()) {
      const force = await readForceFile(file, forceFile);
      const roster = checkForce(force, data);
      refuseIfStrict(request.strict, file, roster.problems, 'rules');
      for (const warning of forceWarnings(file, roster.problems)) request.onWarning?.(`${SIDE_NAMES[i === 0 ? 'a' : 'b']}: ${warning}`);
      forces.push({ force, file, sample: false });
    }
    const allocations = readAllocations(request.options, data);
    const samples = forces.length < 2 ? await loadSampleForces() : [];
    const { print, units, paper, toolVersion } = request;
    return rollerKeepingRolls(
      (seed) => rollScenario(data, { forces, samples, table: request.table, allocations, terrain: request.terrain ?? 'none', units }, createRng(seed), seed),
      (rolled) => scenarioPacket(rolled, data, { print, units, paper, toolVersion }),
    );
  },
};

/** Most suppressive-fire templates a side: the text gives none, so muster keeps to its barrage's most (7.3.2). */
const SUPPRESSIVE_MOST = 'barrage';
/** Most buildings of one kind: muster's cap, so the packet stays a page. */
const BUILDINGS_MOST = 10;

/** The designer's allocations as typed, read and bounded: the text's bounds where it gives them (7.3.11, 7.3.15), muster's where not. */
function readAllocations(options: OptionValues, data: BlazeAwayData): Allocations {
  const out: Allocations = {};
  const barrage = stringOption(options, 'barrage');
  if (barrage !== undefined) out.barrage = barrage as NonNullable<Allocations['barrage']>;
  const perSide = (option: string, text: string, most: number): Record<Side, number> => {
    const parts = text.split(',').map((p) => p.trim());
    const numbers = parts.map(Number);
    if (parts.length > 2 || parts.some((p) => p === '') || numbers.some((n) => !Number.isInteger(n) || n < 0 || n > most)) {
      throw new UsageError(`--${option} ${text}: a whole number from 0 to ${most} for both sides, or two such as 2,0 (side A, side B)`);
    }
    return { a: numbers[0]!, b: numbers[1] ?? numbers[0]! };
  };
  const suppressive = stringOption(options, 'suppressive');
  const divisional = stringOption(options, 'divisional');
  const buildings = stringOption(options, 'buildings');
  if (suppressive !== undefined) out.suppressive = perSide('suppressive', suppressive, data.bounds.get(SUPPRESSIVE_MOST)!.most);
  if (divisional !== undefined) out.divisional = perSide('divisional', divisional, data.bounds.get('divisional')!.most);
  if (buildings !== undefined) {
    const kinds = data.system.table('bunker-dpv').rows.map((r) => `${String(r['ref'])} (${String(r['dpv'])})`);
    const refs = data.system.table('bunker-dpv').rows.map((r) => String(r['ref']));
    const seen = new Set<string>();
    out.buildings = buildings.split(',').map((part) => {
      const m = /^\s*([a-z-]+)\s*=\s*(\d+)\s*$/.exec(part);
      const count = m ? Number(m[2]) : Number.NaN;
      if (!m || !refs.includes(m[1]!) || count > BUILDINGS_MOST || seen.has(m[1]!)) {
        throw new UsageError(`--buildings ${buildings}: give KIND=N, comma-separated, each kind once, N from 0 to ${BUILDINGS_MOST}; the kinds and their defence points (7.3.15): ${kinds.join(', ')}`);
      }
      seen.add(m[1]!);
      return { ref: m[1]!, count };
    });
  }
  if (options['fixed-defence'] === true) out.fixedDefence = true;
  return out;
}

async function validate(system: SystemRules): Promise<string> {
  const data = await loadBlazeAway(system);
  // the order cards' texts are templates: filled in both units, a slip in a house deck shows here
  const decks = await loadCardDecks(system);
  const print = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
  for (const units of ['cm', 'in'] as const) buildDataCardDocument(system.info, decks, { print, units, paper: 'a4', toolVersion: '0' });
  const samples = await loadSampleForces();
  for (const sample of samples) {
    const problems = checkForce(sample.force, data).problems;
    // a sample that breaks the rules is muster's own slip: named like bad data
    if (problems.length > 0) throw new DataError(problems.map((p) => ({ file: sample.file, path: p.where, message: `${p.rule}: ${p.message}` })));
  }
  const cards = decks.reduce((n, d) => n + d.deck.copies.length * d.cards.reduce((c, card) => c + card.count, 0), 0);
  const tokens = (await loadTokenFolder(system.dirs)).length;
  return `${cards} cards, ${tokens} tokens, ${data.stands.size} stand types, ${data.weapons.size} weapons, ${data.objectives.length} objectives, ${samples.length} sample forces`;
}

/** `muster check blazeaway --force FILE`: each unit as the Unit Sheet lists it and what breaks the rules; the text prices nothing. */
async function checkBlazeAwayForce(request: { system: SystemRules; forceFile: string }): Promise<ForceCheck> {
  const roster = checkForce(await readForceFile(request.forceFile, forceFile), await loadBlazeAway(request.system));
  return {
    name: roster.force.name,
    points: null,
    limit: null,
    entries: roster.units.map((u) => ({ where: u.where, name: u.unit.name, points: null })),
    problems: roster.problems,
  };
}

/**
 * A force's units for its tokens: in Blaze Away! a marker goes on a unit (a platoon of stands, a
 * troop of tanks), so a unit counts as a model; its vehicles and aircraft by the model.
 */
async function forceTally(request: { system: SystemRules; forceFile: string }): Promise<ForceTally> {
  const roster = checkForce(await readForceFile(request.forceFile, forceFile), await loadBlazeAway(request.system));
  const units = (kinds: readonly string[]) => roster.units.filter((u) => kinds.includes(u.kind)).length;
  const models = (kinds: readonly string[]) => roster.units.filter((u) => kinds.includes(u.kind)).reduce((n, u) => n + u.models, 0);
  return {
    name: roster.force.name,
    counts: { models: roster.units.length, infantry: units(['infantry']), 'support-weapons': units(['gun']), vehicles: models(['armour', 'motorised']), afv: models(['armour']), planes: models(['aircraft']) },
    warnings: forceWarnings(request.forceFile, roster.problems),
  };
}

export const blazeAwayModule: RuleSetModule = {
  checkForce: checkBlazeAwayForce,
  forceTally,
  cards,
  list: listBlazeAway,
  scenario,
  validate,
};
