import type { TerrainLevel } from '../../engine/terrain.js';
import { createRng } from '../../engine/dice.js';
import { markReading, type Block, type DocumentNode } from '../../doc/model.js';
import type { CardPrint, Paper, Units } from '../../doc/model.js';
import { budgetWords, isOver, type BudgetFit } from '../budget-fit.js';
import { UsageError } from '../../errors.js';
import { LADDER, MAX_GAMES, playersOf, type CampaignState, type PlayerView, type Side } from './campaign.js';
import { campaignRoster, type CampaignForce, type SoloPlayer } from './campaign-forces.js';
import { buildPacket, packetContext } from './packet.js';
import { rollSoloScenario, rollVersusScenario, type ScenarioContext, type ScenarioResult, type TeamPlayer } from './scenario.js';
import type { ScenarioTerrain } from '../scenario-terrain.js';
import type { Roster } from './force.js';
import type { Arsenal } from './arsenal.js';
import { possessive } from '../../doc/possessive.js';

/** What printing a campaign's packets needs from the request. */
export interface PacketSettings {
  units: Units;
  paper: Paper;
  toolVersion: string;
  print: CardPrint;
  /** refuse a kept force over its game's budget instead of warning (--strict) */
  strict?: boolean;
  /** --cards all: every unit card of a kept force in every game, not only those changed since the last */
  allCards?: boolean;
  /** terrain laid on each game's map (--terrain); none when absent */
  terrain?: TerrainLevel;
  onWarning?: (message: string) => void;
}

/** The part of a campaign a game's packet depends on. */
export type CampaignSides = Pick<CampaignState, 'solo' | 'morale' | 'names' | 'forces' | 'player' | 'points' | 'spent'> & Partial<Pick<CampaignState, 'forcesPlayed' | 'game' | 'players'>>;

/** A rolled game of the campaign: its result and its packet. */
export interface CampaignGame {
  result: ScenarioResult;
  doc: DocumentNode;
  /** the kept forces' rosters, by side, as the packet fields them (one player a side) */
  rosters: Partial<Record<Side, Roster>>;
  /** several players a side: each player's kept force's roster, in the players' order (undefined for one without) */
  playerRosters?: (Roster | undefined)[];
  /** the game whose cards this packet's stand beside: only the cards changed since are printed (the briefing says which) */
  cardsSince?: string;
}

/** The sides' kept forces as rosters: side A's and B's in versus, the player's alone in solo. */
export function keptRosters(state: Pick<CampaignState, 'forces'>, ctx: ScenarioContext): Partial<Record<Side, Roster>> {
  const rosters: Partial<Record<Side, Roster>> = {};
  for (const s of ['a', 'b'] as const) {
    const kept = state.forces?.[s];
    if (kept) rosters[s] = campaignRoster(kept, ctx.arsenal);
  }
  return rosters;
}

/** Which game of the campaign to roll: its rung, seed and attacker, and what it keeps of the games before. */
export interface GameToRoll {
  rung: string;
  seed: string;
  attacker: Side | null;
  /** the previously played map, where the game after a defender's win is played on it */
  mapAgain?: ScenarioTerrain;
  /**
   * the kept forces as an earlier packet printed their cards, and that packet in words ("game
   * 3"): only the cards changed since are printed. Left out, a played campaign's `forcesPlayed`
   * (the last game); none before the first game, or under --all-cards.
   */
  cardsBefore?: { game: string; forces: CampaignState['forces']; players?: CampaignState['players'] };
}

/** Each side's players with their kept forces as rosters, for a campaign of several players a side; `forceOf` picks which of his forces. */
function teamOf(state: CampaignSides, ctx: ScenarioContext, forceOf: (p: PlayerView) => CampaignForce | undefined = (p) => p.force): Record<Side, TeamPlayer[]> {
  const team: Record<Side, TeamPlayer[]> = { a: [], b: [] };
  for (const p of playersOf(state)) {
    const force = forceOf(p);
    team[p.side].push({ name: p.name, ...(force ? { roster: campaignRoster(force, ctx.arsenal) } : {}) });
  }
  return team;
}

/**
 * One game of the campaign rolled and printed: the ladder's rung, its attacker and the sides'
 * morale set by the campaign, the kept forces fielded with their rosters and cards (a side
 * without one rolled as in any game), and a solo player's army kept from the campaign's start.
 */
export function rollGame(settings: PacketSettings, ctx: ScenarioContext, state: CampaignSides, game: GameToRoll): CampaignGame {
  const { result, options } = rollGameScenario(settings, ctx, state, game);
  if (state.players) {
    // several players a side: each player's cards changed since the last game he played
    const played = state.game && state.players.some((p) => p.forcePlayed) ? { game: `game ${state.game}` } : undefined;
    const given = game.cardsBefore?.players;
    const before = given ? { game: game.cardsBefore!.game, team: teamOf({ ...state, players: given }, ctx) } : played ? { game: played.game, team: teamOf(state, ctx, (p) => p.forcePlayed) } : undefined;
    const since = settings.allCards || !before ? undefined : { game: before.game, rosters: [], team: before.team };
    const doc = buildPacket(result, { ...packetContext(ctx, settings), ladder: true, team: options.team!, ...(since ? { cardsSince: since } : {}) });
    const playerRosters = [...options.team!.a, ...options.team!.b].map((p) => p.roster);
    return { result, doc, rosters: {}, playerRosters, ...(since ? { cardsSince: since.game } : {}) };
  }
  const before = game.cardsBefore ?? (state.forcesPlayed && state.game ? { game: `game ${state.game}`, forces: state.forcesPlayed } : undefined);
  const since = settings.allCards || !before ? undefined : { game: before.game, rosters: fieldedRosters(state.solo, keptRosters({ forces: before.forces }, ctx)) };
  const doc = buildPacket(result, { ...packetContext(ctx, settings), ladder: true, ...(options.rosters ? { rosters: options.rosters } : {}), ...(since ? { cardsSince: since } : {}) });
  return { result, doc, rosters: keptRosters(state, ctx), ...(since ? { cardsSince: since.game } : {}) };
}

/** The kept rosters in the order a packet fields them: side A's and B's, or the solo player's alone. */
function fieldedRosters(solo: boolean, rosters: Partial<Record<Side, Roster>>): (Roster | undefined)[] {
  return solo ? [rosters.a] : [rosters.a, rosters.b];
}

/** The scenario a game of the campaign rolls, before it is printed. */
function rollGameScenario(settings: PacketSettings, ctx: ScenarioContext, state: CampaignSides, { rung, seed, attacker, mapAgain }: GameToRoll) {
  const solo = state.solo;
  const map = (s: Side) => (solo ? (s === 'a' ? 'player' : 'enemy') : s);
  const team = state.players ? teamOf(state, ctx) : undefined;
  const given = team ? [] : fieldedRosters(solo, keptRosters(state, ctx));
  const player: SoloPlayer | undefined = solo && !given[0] ? state.player : undefined;
  const options = {
    mode: solo ? ('solo' as const) : ('versus' as const),
    scenario: rung,
    players: state.players?.length ?? 2,
    ...(team ? { team } : {}),
    table: { width: 120, height: 120 },
    points: 150,
    fixed: {
      attacker: attacker ? map(attacker) : null,
      morale: { [map('a')]: state.morale.a, [map('b')]: state.morale.b },
      ...(player ? { player: { nation: player.nation, doctrine: player.doctrine, detachment: player.detachment } } : {}),
    },
    ...(given.some((r) => r !== undefined) ? { rosters: given } : {}),
    ...(settings.terrain ? { terrain: { level: settings.terrain, units: settings.units, ...(mapAgain ? { again: mapAgain } : {}) } } : {}),
  };
  return { result: (solo ? rollSoloScenario : rollVersusScenario)(ctx, options, createRng(seed), seed), options };
}

/**
 * The map a game after a defender's win is played on: the previously played one (General
 * Campaign Ladder). Nothing but the map is kept in the state, so the last game is rolled again
 * as its packet was: every die before its terrain depends on its rung, attacker, seed and the
 * kinds of force the sides brought, none of which a record changes, so its map comes out as
 * printed (with the same --terrain). Undefined where the last game was no defender's win.
 */
export function previousMap(settings: PacketSettings, ctx: ScenarioContext, state: CampaignState): { game: number; map?: ScenarioTerrain } | undefined {
  const last = state.history[state.history.length - 1];
  if (state.finished || !last || last.attacker === null || last.winner === last.attacker) return undefined;
  // no terrain laid (--terrain none): the players' own table stays as it stood
  if (!settings.terrain || settings.terrain === 'none') return { game: last.game };
  const { result } = rollGameScenario(settings, ctx, state, { rung: last.rung, seed: `${state.seed}/game-${last.game}`, attacker: last.attacker });
  return { game: last.game, map: { terrain: result.terrain, ...(result.terrainMap ? { terrainMap: result.terrainMap } : {}) } };
}

/** The fits the scenario engine gave for the forces brought, where it gives them. */
function fitsOf(result: ScenarioResult): readonly BudgetFit[] {
  return (result as ScenarioResult & { fits?: readonly BudgetFit[] }).fits ?? [];
}

/** A kept force as the player knows it, for a warning: "Red's force, Kampfgruppe Weber". */
function forceWords(state: CampaignSides, side: Side, player?: string): string {
  if (player !== undefined) return `${possessive(player)} force, ${playersOf(state).find((p) => p.name === player)?.force?.name ?? ''}`;
  return `${possessive(state.names[side])} force, ${state.forces?.[side]?.name ?? ''}`;
}

/** The campaign side a fit's side is: a solo game's player is side A. */
function campaignSide(fitSide: string): Side | undefined {
  if (fitSide === 'a' || fitSide === 'player') return 'a';
  if (fitSide === 'b') return 'b';
  return undefined;
}

/**
 * A kept force over its game's budget: a warning naming both figures and what to do, or under
 * --strict a refusal (exit 2, nothing written), as the scenario command does for a force file.
 */
export function checkFits(settings: PacketSettings, state: CampaignSides, result: ScenarioResult): void {
  for (const fit of fitsOf(result)) {
    const side = campaignSide(fit.side);
    if (!side || !isOver(fit)) continue;
    // the ladder sets the game: the way out is to field less of the force, not another mode
    const message = `${forceWords(state, side, fit.player)}: ${fit.points} points, over the ${fit.budget}-point budget of ${fit.game}: leave ${-fit.left} points of it out of this game (the campaign keeps the whole force)`;
    if (settings.strict) throw new UsageError(`${message} (--strict: nothing was printed)`);
    settings.onWarning?.(message);
  }
}

/** The campaign's standing, printed at the top of the next game's packet. */
export function standing(state: CampaignState, arsenal: Arsenal, game?: CampaignGame, mapAgain?: { game: number; laid: boolean }): Block {
  if (state.players) return teamStanding(state, game, mapAgain);
  const n = state.names;
  const fits = game ? fitsOf(game.result) : [];
  const forces = (['a', 'b'] as const).flatMap((s) => {
    const roster = game?.rosters[s];
    if (!roster) return [];
    const fit = fits.find((f) => campaignSide(f.side) === s);
    return [`**${possessive(n[s])} force** ${roster.force.name}, kept by the campaign with its upgrades and salvage (${fit ? budgetWords(fit) : `${roster.points} points`})${fit && isOver(fit) ? `: leave ${-fit.left} points of it out of this game` : ''}. ${game?.cardsSince ? `Its roster is in this packet, with the cards changed since ${game.cardsSince} (the briefing says how many).` : 'Its roster and unit cards are in this packet.'}`];
  });
  const army = state.solo && state.player && !state.forces?.a ? [`**Your army** for the whole campaign: ${armyWords(state.player, arsenal)}, ${markReading('rolled once when the campaign began', 'bof/solo-campaign-army')}.`] : [];
  return standingBlock(
    state,
    `**Side A** is ${n.a}, **side B** ${n.b}.`,
    `**Points** ${n.a} ${state.points.a} (${state.points.a - state.spent.a} to spend), ${n.b} ${state.points.b} (${state.points.b - state.spent.b} to spend).`,
    [...forces, ...army],
    mapAgain,
  );
}

/** The standing's frame, either way it is kept: who is who and who attacks, the points, morale and losses in a row, the forces, the map again. */
function standingBlock(state: CampaignState, sides: string, points: string, forces: readonly string[], mapAgain?: { game: number; laid: boolean }): Block {
  const n = state.names;
  return {
    kind: 'text',
    title: `Campaign: game ${state.game + 1} of at most ${MAX_GAMES}`,
    section: 'Campaigns',
    width: 'column',
    paragraphs: [
      `${sides} ${state.attacker ? `${n[state.attacker]} attacks.` : 'Nobody attacks yet.'}`,
      `${points} **Morale** ${state.morale.a} / ${state.morale.b}. **Losses in a row** ${state.streak.a} / ${state.streak.b}.`,
      ...forces,
      ...(mapAgain ? [mapAgainWords(mapAgain)] : []),
    ],
  };
}

/** The paragraph of the map a game after a defender's win is played on. */
function mapAgainWords(mapAgain: { game: number; laid: boolean }): string {
  return `**The map** of game ${mapAgain.game} again: the defender held, so this game is played on the previously played map (General Campaign Ladder). ${mapAgain.laid ? 'Lay its terrain as the list in this packet gives it.' : 'Leave the table as it stood.'}`;
}

/** The standing of a campaign of several players a side: each side's players, and each player's points to spend. */
function teamStanding(state: CampaignState, game?: CampaignGame, mapAgain?: { game: number; laid: boolean }): Block {
  const n = state.names;
  const players = playersOf(state);
  const sidePlayers = (s: Side) => players.filter((p) => p.side === s).map((p) => p.name).join(', ');
  const cards = game?.cardsSince ? `with the cards changed since ${game.cardsSince} (the briefing says how many)` : 'with its unit cards';
  const each = players.map((p) => `${p.name} ${p.points} (${p.points - p.spent} to spend)`);
  return standingBlock(
    state,
    `**${n.a}** is ${sidePlayers('a')}; **${n.b}** ${sidePlayers('b')}.`,
    `**Points** ${n.a} ${state.points.a}, ${n.b} ${state.points.b}, ${markReading('each shared out among its players', 'bof/multiplayer-campaign-points')}: ${each.join(', ')}.`,
    players.some((p) => p.force) ? [`**Each player's force** is kept by the campaign with his upgrades and salvage; its roster is in this packet, ${cards}.`] : [],
    mapAgain,
  );
}

/** "Germany, Infantry (Grenadier platoon)": an army as a player reads it. */
export function armyWords(army: Pick<SoloPlayer, 'nation' | 'doctrine' | 'detachment'>, arsenal: Arsenal): string {
  const detachment = arsenal.detachments.get(army.detachment);
  return `${arsenal.nations.get(army.nation)?.name ?? army.nation}, ${detachment?.doctrine.name ?? army.doctrine} (${detachment?.detachment.name ?? army.detachment})`;
}

/** The next game's packet, with the campaign's standing at its head: `next` and a booklet print the same. */
export function nextGame(settings: PacketSettings, ctx: ScenarioContext, state: CampaignState): CampaignGame {
  const again = previousMap(settings, ctx, state);
  const game = rollGame(settings, ctx, state, { rung: LADDER[state.rungIndex]!, seed: `${state.seed}/game-${state.game + 1}`, attacker: state.attacker, ...(again?.map ? { mapAgain: again.map } : {}) });
  checkFits(settings, state, game.result);
  game.doc.sheets[0]!.blocks.unshift(standing(state, ctx.arsenal, game, again && { game: again.game, laid: again.map !== undefined }));
  return game;
}
