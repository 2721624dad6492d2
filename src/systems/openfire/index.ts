import path from 'node:path';
import type { SystemRules } from '../../data/load.js';
import { formatLength } from '../../doc/helpers.js';
import { cardRule, unmarked, type CardNode, type CardPrint, type DocumentNode, type Units } from '../../doc/model.js';
import { documentMeta } from '../../doc/document-meta.js';
import { renderProse } from '../../doc/templates.js';
import { UsageError } from '../../errors.js';
import { forceWarnings, readForceFile, refuseIfStrict } from '../../data/force-file.js';
import { loadTokenFolder } from '../../data/tokens.js';
import { createRng } from '../../engine/dice.js';
import type { CardsRequest, CardsResult, ForceCheck, ForceTally, RuleSetModule, ScenarioRequest, ScenarioRoller, ScenarioSteps } from '../module.js';
import { numberOption, stringOption } from '../manifest.js';
import { fitOf, type BudgetFit } from '../budget-fit.js';
import { openFireManifest } from './manifest.js';
import { minimumForce, OBJECTIVES, rollOpenFireScenario, settingsOf, type GivenForce, type OfScenarioResult } from './scenario.js';
import { loadLists, type Lists } from './lists.js';
import { findNation, listOpenFire } from './listing.js';
import { checkOpenFireForce, forceFile, lineName, type OfRoster } from './force.js';
import { forceDocument } from './roster.js';
import { ofPacket } from './packet.js';
import { buildOfUnitCard } from './unit-card.js';
import { possessive } from '../../doc/possessive.js';

/** Orders and manoeuvres as cards to hand out, from the rule set's own tables. */
function commandCards(system: SystemRules, units: Units): CardNode[] {
  const cards: CardNode[] = [];
  for (const [tableId, kind] of [['orders', 'Order'], ['manoeuvres', 'Manoeuvre']] as const) {
    const table = system.table(tableId);
    for (const row of table.rows) {
      const name = String(row['order'] ?? row['manoeuvre']);
      // the officer's reach, 12 in (Officers' orders), in the deck's units at the data's 2.5 cm to the inch
      const who = kind === 'Order' ? `an officer, to units within ${formatLength(units === 'cm' ? 30 : 12, units)}` : `by ${String(row['who'])}`;
      cards.push({
        id: `${tableId}-${name.toLowerCase().replace(/[^a-z]+/g, '-')}`,
        front: {
          title: name,
          subtitle: `${kind}, ${who}`,
          accent: kind === 'Order' ? '#1f4e79' : '#46573a',
          source: { section: table.section },
          stats: [],
          lines: [{ label: 'Effect', text: renderProse(String(row['effect']), { units }, `${tableId} ${name}`) }],
          // a manoeuvre's row gives its test: vehicles, which have no MOR, take muster's own
          rules: [
            row['test']
              ? cardRule(`Initiative test to carry it out: ${unmarked(String(row['test']))}.`, row['who'] === 'vehicles' ? { reading: 'openfire/vehicle-initiative' } : { section: table.section })
              : cardRule('Pass an Initiative test (2D6 against MOR) to carry it out.', { section: table.section }),
          ],
          footer: { left: table.section, right: kind.toLowerCase() },
        },
        back: { title: system.info.name.toUpperCase(), subtitle: 'Orders and manoeuvres', accent: '#2c3a2a', icon: kind === 'Order' ? 'star' : 'arrow' },
      });
    }
  }
  return cards;
}

/** `muster cards openfire`: the sample lists' unit cards (or a nation's) with the orders and manoeuvres, or a force's roster and cards. */
async function cards(request: CardsRequest): Promise<CardsResult> {
  const lists = await loadLists(request.system.dirs);
  const info = request.system.info;
  if (request.forceFile) {
    if (request.nation !== undefined) throw new UsageError('--nation: with --force the cards are those of the force, whose file names its nation; leave --nation out, or --force to print a nation\'s cards');
    const file = request.forceFile;
    const roster = checkOpenFireForce(await readForceFile(file, forceFile, request.forceText), lists);
    refuseIfStrict(request.strict, file, roster.problems, 'army list');
    const { print, units, paper, toolVersion } = request;
    return { kind: 'document', doc: forceDocument(roster, lists, info, { print, units, paper, toolVersion }), warnings: forceWarnings(file, roster.problems) };
  }
  let units = [...lists.units.values()];
  if (request.nation) {
    const nation = findNation(lists, request.nation);
    units = units.filter((u) => u.nation === nation.id);
  }
  const print: CardPrint = request.print;
  const doc: DocumentNode = {
    meta: documentMeta(info, `${info.name} unit, order and manoeuvre cards`, request),
    sheets: [],
    decks: [
      { title: 'Units', print, cards: units.map((u) => buildOfUnitCard(u, lists, request.units, info.name)) },
      { title: 'Orders and manoeuvres', print, cards: commandCards(request.system, request.units) },
    ],
  };
  return { kind: 'document', doc, warnings: [] };
}

const SIDES = ['a', 'b'] as const;
type Side = (typeof SIDES)[number];
const sideName = (side: Side) => `side ${side.toUpperCase()}`;

/** The game a force is fitted to: the one scenario, at its points a side. */
const gameWords = (side?: Side) => (side ? `${OBJECTIVES.name}, ${sideName(side)}` : OBJECTIVES.name);

/**
 * A force against the game's points a side. Over them, the game it would fit is the same battle
 * at more points: the force's own limit where that covers it, else its cost.
 */
function forceFit(roster: OfRoster, points: number, side?: Side): BudgetFit {
  const enough = roster.force.points >= roster.points ? roster.force.points : roster.points;
  const range = openFireManifest.scenario!.points!;
  const elsewhere = enough <= range.max ? [`--points ${Math.max(enough, range.min)}`] : [];
  return fitOf(gameWords(side), side ?? 'a', roster.points, points, elsewhere);
}

/** A force given to a side, as the battle fields it. */
function givenForce(roster: OfRoster): GivenForce {
  return {
    name: roster.force.name,
    nation: roster.nation!.id,
    units: roster.lines.map((line) => ({ unit: line.unit.id, name: line.unit.name, ...(line.label !== line.unit.name ? { label: line.label } : {}), count: line.count, points: line.total })),
    problems: roster.problems,
  };
}

/**
 * The players' own forces (--force), side A's first: each read and checked against the lists;
 * problems said as warnings (and printed on the packet), or the force refused under --strict.
 * A force whose nation names none of the lists' cannot take a side.
 */
async function scenarioRosters(request: ScenarioRequest, lists: Lists): Promise<OfRoster[]> {
  const rosters: OfRoster[] = [];
  for (const [i, file] of request.forceFiles.entries()) {
    const side = sideName(SIDES[i]!);
    const roster = checkOpenFireForce(await readForceFile(file, forceFile), lists);
    refuseIfStrict(request.strict, file, roster.problems, 'army list');
    if (!roster.nation) {
      const problem = roster.problems.find((p) => p.rule === 'nation' && p.where === 'force')!;
      throw new UsageError(`${file}: ${possessive(side)} force takes its nation from its file, and ${problem.message}`);
    }
    for (const warning of forceWarnings(file, roster.problems)) request.onWarning?.(`${side}: ${warning}`);
    rosters.push(roster);
  }
  return rosters;
}

/**
 * `--nation A,B` (or `--nation A`): the sides' nations by id or name. A side with a force file
 * has its file's nation; --nation may name it again, but not another.
 */
function askedNations(text: string | undefined, lists: Lists, rosters: readonly OfRoster[], files: readonly string[]): { a?: string; b?: string } {
  if (text === undefined) return {};
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > 2 || parts.some((p) => p === '')) {
    throw new UsageError(`--nation "${text}": give side A's nation, or side A's and side B's with a comma between, such as --nation "Germany,Soviet Union" or de,su (muster list openfire nations)`);
  }
  const asked: { a?: string; b?: string } = {};
  parts.forEach((part, i) => {
    const side = SIDES[i]!;
    const nation = findNation(lists, part, '--nation');
    const roster = rosters[i];
    if (roster && roster.nation!.id !== nation.id) {
      throw new UsageError(
        `--nation "${text}": ${sideName(side)} brings its force file (${path.basename(files[i]!)}), a ${roster.nation!.name} force, so its nation is ${roster.nation!.name}, not ${nation.name}: give ${roster.nation!.id} for ${sideName(side)}, or leave --nation out`,
      );
    }
    asked[side] = nation.id;
  });
  return asked;
}

/** `muster scenario openfire`: a battle for the objectives, every die rolled, with its map. */
const scenario: ScenarioSteps = {
  names: async () => [OBJECTIVES],
  async prepare(request) {
    const lists = await loadLists(request.system.dirs);
    const info = request.system.info;
    const points = request.points ?? openFireManifest.scenario!.points!.default!;
    const rosters = await scenarioRosters(request, lists);
    const nations = askedNations(stringOption(request.options, 'nation'), lists, rosters, request.forceFiles);
    // a side the dice buy fields its officer team first: fewer points would buy a force over budget
    const least = minimumForce(lists);
    if (rosters.length < SIDES.length && least && points < least.points) {
      throw new UsageError(
        `--points ${points}${request.points === undefined ? ' (the default)' : ''}: too few for an Open Fire force; each side fields its officer team first, ` +
          `and the ${least.name} costs ${least.points} points: give --points ${least.points} or more`,
      );
    }
    const settings = settingsOf(request.system.table('scenario-settings'));
    const asked = numberOption(request.options, 'minefields');
    const mines = asked ?? settings.minefields.usual;
    if (!(Number.isInteger(mines) && mines >= settings.minefields.least && mines <= settings.minefields.most)) {
      throw new UsageError(`--minefields ${asked}: a whole number from ${settings.minefields.least} to ${settings.minefields.most} (muster's bounds: the text gives minefields no number)`);
    }
    const given = Object.fromEntries(rosters.map((roster, i) => [SIDES[i]!, givenForce(roster)]));
    const fits = rosters.map((roster, i) => forceFit(roster, points, SIDES[i]!));
    const terrain = { system: request.system, level: request.terrain ?? 'none', units: request.units } as const;
    const options = { table: request.table, points, settings, minefields: mines, nations, given, terrain };
    const roller: ScenarioRoller<OfScenarioResult> = {
      roll: (seed) => {
        const result = rollOpenFireScenario(lists, options, createRng(seed), seed);
        return fits.length > 0 ? { ...result, fits } : result;
      },
      packet: (result) => ofPacket(result, lists, request, info),
    };
    return roller;
  },
};

/** `muster check openfire --force FILE`: the entries and their points, what breaks the lists, and the fit to the game's points. */
async function checkForce(request: { system: SystemRules; forceFile: string }): Promise<ForceCheck> {
  const roster = checkOpenFireForce(await readForceFile(request.forceFile, forceFile), await loadLists(request.system.dirs));
  // the one scenario's points a side, as `muster scenario openfire` plays it without --points
  const points = openFireManifest.scenario!.points!.default!;
  return {
    name: roster.force.name,
    points: roster.points,
    limit: String(roster.force.points),
    entries: roster.lines.map((line) => ({ where: line.where, name: lineName(line), points: line.total })),
    problems: roster.problems,
    fits: [forceFit(roster, points)],
  };
}

async function validate(system: SystemRules): Promise<string> {
  const [lists, markers] = await Promise.all([loadLists(system.dirs), loadTokenFolder(system.dirs)]);
  return `${lists.nations.size} nations, ${lists.units.size} units, ${lists.weapons.size} weapons, ${markers.length} tokens`;
}

const VEHICLES: ReadonlySet<string> = new Set(['light-vehicle', 'tank', 'heavy-tank']);

/** A force's units for its tokens: a unit a model, its infantry, officers and vehicles apart. */
async function forceTally(request: { system: SystemRules; forceFile: string }): Promise<ForceTally> {
  const roster = checkOpenFireForce(await readForceFile(request.forceFile, forceFile), await loadLists(request.system.dirs));
  const count = (keep: (type: string) => boolean) => roster.lines.filter((line) => keep(line.unit.type)).reduce((n, line) => n + line.count, 0);
  return {
    name: roster.force.name,
    counts: { models: count(() => true), infantry: count((t) => !VEHICLES.has(t) && t !== 'gun'), officers: count((t) => t === 'officer'), vehicles: count((t) => VEHICLES.has(t)), afv: count((t) => t === 'tank' || t === 'heavy-tank'), 'support-weapons': count((t) => t === 'gun') },
    warnings: forceWarnings(request.forceFile, roster.problems),
  };
}

export const openFireModule: RuleSetModule = { checkForce, forceTally, cards, scenario, list: listOpenFire, validate };
