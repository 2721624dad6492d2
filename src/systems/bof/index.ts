import { checkForceMoraleTable } from './morale.js';
import { forceWarnings, readForceFile, refuseIfStrict } from '../../data/force-file.js';
import { MAX_ACTIONS, MAX_PIECES, MAX_SCORE } from '../../data/limits.js';
import { type DocumentNode } from '../../doc/model.js';
import { documentMeta } from '../../doc/document-meta.js';
import { UsageError } from '../../errors.js';
import type { CardsRequest, CardsResult, ForceCheck, GameAsked, RuleSetModule, ScenarioRequest, ScenarioRoller, ScenarioSteps, TokensRequest } from '../module.js';
import type { SystemRules } from '../../data/load.js';
import { createRng } from '../../engine/dice.js';
import { buildPacket, packetContext } from './packet.js';
import { loadModes, loadScenarioContext } from './scenario-data.js';
import { coreRoster, rollSoloScenario, rollVersusScenario, type ScenarioOptions, type ScenarioResult } from './scenario.js';
import { forceFits } from './game-budget.js';
import { bofManifest } from './manifest.js';
import { numberOption, stringOption } from '../manifest.js';
import { loadAids } from './aids.js';
import { campaign } from './campaign-module.js';
import { aidDrawingsByPart, BOF_TOKEN_PARTS, buildTokenSheet, eventDeck, forceNeeds, tokenCounts } from './aids-builders.js';
import { chooseParts, parseCountOverrides } from '../../data/product-parts.js';
import { loadArsenal, type Arsenal } from './arsenal.js';
import { findDoctrine, findNation, findUnit } from './arsenal-names.js';
import { listBof } from './listing.js';
import { findOrRefuse, foundOrRefuse } from '../../data/find-name.js';
import { arsenalDeck, forceDeck, rosterSheet, sortUnits, type CardContext } from './cards.js';
import { unitCost } from './cost.js';
import { buildRoster, forceFile, type Roster } from './force.js';

async function cards(request: CardsRequest): Promise<CardsResult> {
  // its cards are one arsenal, narrowed by nation and doctrine, not several decks
  if (request.list !== undefined) throw new UsageError(`--list "${request.list}": Burst of Fire cards are one deck; --nation narrows them (such as --nation Germany; muster list bof nations), and --doctrine further`);
  const arsenal = await loadArsenal(request.system.dirs);
  const costOf = stringOption(request.options, 'explain-cost');
  if (costOf !== undefined) return explainCost(arsenal, costOf);
  const ctx: CardContext = { arsenal, units: request.units, system: request.system.info };
  const meta = documentMeta(request.system.info, '', request);

  if (request.forceFile) {
    const force = await readForceFile(request.forceFile, forceFile, request.forceText);
    const roster = buildRoster(force, arsenal);
    refuseIfStrict(request.strict, request.forceFile, roster.problems, 'doctrine');
    const doc: DocumentNode = {
      meta: { ...meta, title: `${force.name}: roster and unit cards` },
      sheets: [rosterSheet(roster, arsenal, request.units)],
      decks: [forceDeck(roster, ctx, request.print)],
    };
    return { kind: 'document', doc, warnings: forceWarnings(request.forceFile, roster.problems) };
  }

  let units = [...arsenal.units.values()];
  const titleParts: string[] = [];
  const nation = request.nation !== undefined ? foundOrRefuse(findNation(arsenal, request.nation), '--nation') : undefined;
  if (nation) {
    units = units.filter((u) => u.nation === nation.id);
    titleParts.push(nation.name);
  }
  const doctrineAsked = stringOption(request.options, 'doctrine');
  if (doctrineAsked) {
    const doctrine = foundOrRefuse(findDoctrine(arsenal, doctrineAsked, nation?.id), '--doctrine');
    const ids = new Set(doctrine.detachments.flatMap((d) => [d.officer.unit, ...d.core.map((c) => c.unit), ...d.options]));
    units = units.filter((u) => ids.has(u.id));
    titleParts.push(doctrine.name);
  }
  if (units.length === 0) throw new UsageError('no units match --nation and --doctrine together');
  const sorted = sortUnits(units, [...arsenal.nations.keys()]);
  const title = `${request.system.info.name} unit cards${titleParts.length ? `: ${titleParts.join(', ')}` : ''}`;
  const doc: DocumentNode = {
    meta: { ...meta, title },
    sheets: [],
    decks: [arsenalDeck(sorted, ctx, request.print, titleParts.join(', ') || 'Arsenal')],
  };
  return { kind: 'document', doc, warnings: [] };
}

function explainCost(arsenal: Arsenal, unitId: string): CardsResult {
  const unit = foundOrRefuse(findUnit(arsenal, unitId), '--explain-cost');
  const breakdown = unitCost(unit, arsenal.weapons);
  const lines = [`${unit.name} (${unit.id}), ${unit.role}:`];
  for (const part of breakdown.parts) lines.push(`  ${part.label.padEnd(22)} ${part.working.padEnd(34)} = ${part.value}`);
  lines.push(`  ${'formula'.padEnd(22)} ${'sum, rounded half up, at least 1'.padEnd(34)} = ${breakdown.formula}`);
  if (breakdown.override) lines.push(`  set by hand: ${breakdown.override.cost} (${breakdown.override.reason})`);
  lines.push(`  cost ${breakdown.cost}`);
  return { kind: 'explanation', text: `${lines.join('\n')}\n`, data: breakdown };
}

async function tokens(request: TokensRequest): Promise<{ doc: DocumentNode; warnings: string[] }> {
  const [arsenal, aids] = await Promise.all([loadArsenal(request.system.dirs), loadAids(request.system.dirs)]);
  const info = request.system.info;
  const meta = documentMeta(info, '', request);
  const listCommand = 'muster list bof tokens';
  if (request.options['events'] === true) {
    // the event deck is one deck: parts and token counts mean nothing for it
    const refused = [request.parts?.only !== undefined && '--only', request.parts?.without !== undefined && '--without', (request.counts ?? []).length > 0 && '--count'].filter((o): o is string => typeof o === 'string');
    if (refused.length > 0) throw new UsageError(`${refused.join(', ')}: --events prints the whole Random Event & Effect deck; leave ${refused.join(' and ')} out, or --events to print tokens`);
    return {
      doc: { meta: { ...meta, title: `${info.name} Random Event & Effect cards` }, sheets: [], decks: [eventDeck(aids, request.units, request.print, info.name)] },
      warnings: [],
    };
  }
  let roster: Roster | undefined;
  const warnings: string[] = [];
  if (request.forceFile) {
    roster = buildRoster(await readForceFile(request.forceFile, forceFile), arsenal);
    warnings.push(...forceWarnings(request.forceFile, roster.problems));
  }
  if (roster && roster.actionsPerTurn > MAX_ACTIONS) {
    throw new UsageError(`${request.forceFile}: the force has ${roster.actionsPerTurn} actions a turn; the Action Point Counter prints at most ${MAX_ACTIONS}`);
  }
  const parts = chooseParts(BOF_TOKEN_PARTS, request.parts ?? {}, listCommand);
  const overrides = parseCountOverrides(request.counts ?? [], aids.tokens.map((t) => ({ id: t.id, name: t.number === undefined ? t.label : `${t.label} ${t.number}` })), listCommand);
  if (overrides.size > 0 && !parts.has('markers')) throw new UsageError('--count: the token sheet (markers) is left out by --only or --without; keep markers to print tokens');
  const counts = tokenCounts(aids, roster);
  for (const [id, n] of overrides) counts.set(id, n);
  const pieces = [...counts.values()].reduce((n, c) => n + c, 0);
  if (pieces > MAX_PIECES) {
    throw new UsageError(`${request.forceFile}: the force needs ${pieces} tokens; at most ${MAX_PIECES} print in one run`);
  }
  const maxScore = numberOption(request.options, 'max-score');
  if (maxScore !== undefined && !(Number.isInteger(maxScore) && maxScore >= 5 && maxScore <= MAX_SCORE)) {
    throw new UsageError(`--max-score ${maxScore}: a whole number from 5 to ${MAX_SCORE}`);
  }
  const tracks = { score: maxScore ?? aids.tracks.combatScore, actions: roster ? roster.actionsPerTurn : aids.tracks.actionPoints };
  const title = roster ? `${info.name} tokens for ${roster.force.name}` : `${info.name} tokens, tracks and templates`;
  const print = { round: request.round, square: request.square, marks: request.print.marks, duplex: request.print.duplex, backOffset: request.print.backOffset };
  const byPart = aidDrawingsByPart(request.system, aids, arsenal, request.units, tracks, roster ? forceNeeds(roster, arsenal) : undefined, request.paper);
  const doc: DocumentNode = {
    meta: { ...meta, title },
    sheets: [],
    drawings: (['tracks', 'rulers', 'templates'] as const).flatMap((part) => (parts.has(part) ? byPart[part] : [])),
    tokenSheets: parts.has('markers') ? [buildTokenSheet(aids, counts, print, roster ? `Tokens for ${roster.force.name}` : 'Tokens and markers')] : [],
  };
  return { doc, warnings };
}

/** `muster scenario bof`: a game mode rolled or chosen, versus or solo, with the players' own forces where given. */
const scenario: ScenarioSteps = {
  names: async (system) => await loadModes(system.dirs),
  async prepare(request) {
    const ctx = await loadScenarioContext(request.system);
    if (request.mode === 'solo' && request.scenario === 'combat-only') {
      throw new UsageError('--scenario combat-only: Combat only is not on the solo scenario table; pick another mode or play versus');
    }
    const rosters = await scenarioRosters(request, ctx.arsenal);
    const sides = request.mode === 'solo' ? ['player', 'enemy'] : ['a', 'b'];
    const names = request.names ? Object.fromEntries(Object.values(request.names).map((name, i) => [sides[i]!, name])) : undefined;
    const packetCtx = { ...packetContext(ctx, request), rosters };
    const enemy = stringOption(request.options, 'enemy') as ScenarioOptions['enemy'];
    const options: ScenarioOptions = {
      mode: request.mode,
      ...(request.scenario !== undefined ? { scenario: request.scenario } : {}),
      players: request.players as ScenarioOptions['players'],
      table: request.table,
      points: request.points ?? bofManifest.scenario!.points!.default!,
      rosters,
      ...(names ? { names } : {}),
      ...(enemy !== undefined ? { enemy } : {}),
      ...(request.terrain ? { terrain: { level: request.terrain, units: request.units } } : {}),
    };
    const roll = request.mode === 'solo' ? rollSoloScenario : rollVersusScenario;
    const roller: ScenarioRoller<ScenarioResult> = {
      roll: (seed) => roll(ctx, options, createRng(seed), seed),
      packet: (result) => buildPacket(result, packetCtx),
    };
    return roller;
  },
};

/**
 * The players' own forces (--force): side A's and side B's in versus, the player's alone in
 * solo. Problems are printed as warnings (and on the roster), or refuse the force under --strict.
 */
async function scenarioRosters(request: ScenarioRequest, arsenal: Arsenal): Promise<(Roster | undefined)[]> {
  const files = request.forceFiles;
  const who = request.mode === 'solo' ? ['your force'] : ['side A', 'side B'];
  const rosters: Roster[] = [];
  for (const [i, file] of files.entries()) {
    const roster = buildRoster(await readForceFile(file, forceFile), arsenal);
    refuseIfStrict(request.strict ?? false, file, roster.problems, 'doctrine');
    for (const warning of forceWarnings(file, roster.problems)) request.onWarning?.(`${who[i]}: ${warning}`);
    rosters.push(roster);
  }
  return rosters;
}

async function validate(system: CardsRequest['system']): Promise<string> {
  checkForceMoraleTable(system);
  const [arsenal, aids, modes] = await Promise.all([loadArsenal(system.dirs), loadAids(system.dirs), loadModes(system.dirs)]);
  return (
    `${modes.length} game modes, ` +
    `${arsenal.nations.size} nations, ${arsenal.doctrines.size} doctrines, ${arsenal.units.size} units, ${arsenal.weapons.size} weapons, ` +
    `${aids.tokens.length} tokens, ${aids.events.length} event cards`
  );
}

/**
 * `muster check bof --force FILE [--scenario ID]`: the roster's points, every rule of the doctrine
 * it breaks, and its fit to the games' budgets: every mode and role (and solo), or the game asked for.
 */
async function checkForce(request: { system: SystemRules; forceFile: string; game?: GameAsked }): Promise<ForceCheck> {
  const [arsenal, modes] = await Promise.all([loadArsenal(request.system.dirs), loadModes(request.system.dirs)]);
  const roster = buildRoster(await readForceFile(request.forceFile, forceFile), arsenal);
  const { game } = request;
  const mode = game ? modes.find((m) => m.id === game.scenario) : undefined;
  if (game && !mode) throw new UsageError(`--scenario ${game.scenario}: not a game mode; muster list bof modes names them`);
  if (mode && game?.mode === 'solo' && !mode.points) throw new UsageError(`--scenario ${mode.id}: ${mode.name} is not on the solo scenario table; pick another mode or check without --mode solo`);
  // a solo side fields its detachment's core first (Setting up your forces in solo play)
  const found = arsenal.detachments.get(roster.force.detachment);
  const core = found ? coreRoster(arsenal, found.doctrine, found.detachment, undefined).points : 0;
  const fits = forceFits(
    modes,
    { points: roster.points, core, doctrine: found?.doctrine },
    mode && game ? { mode, solo: game.mode === 'solo', players: game.players } : undefined,
    bofManifest.scenario!.points!.default!,
  );
  return {
    name: roster.force.name,
    points: roster.points,
    limit: String(roster.force.points),
    entries: roster.lines.map((line) => ({ where: `units[${line.index}] ${line.unit.id}`, name: line.count > 1 ? `${line.count} × ${line.label}` : line.label, points: line.total })),
    problems: roster.problems,
    fits,
  };
}

export const bofModule: RuleSetModule = { checkForce, cards, tokens, scenario, campaign, list: listBof, validate };
