/**
 * A game at the table (issue 28's table mode), as the browser keeps it: the turn, each side's
 * units with the boxes ticked for losses and the markers they carry, and a score both sides
 * keep. Pure: every change returns a new game, which the panel keeps on a shelf.
 */
import type { Kept } from './browser-shelf.js';
import type { TableUnit } from './kit/page-parts.js';

export interface UnitAtTable extends TableUnit {
  /** boxes ticked, from the first */
  lost: number;
  /** marker token id -> 1/0 for a box, a count for a counted marker */
  marks: Record<string, number>;
}

export interface SideAtTable {
  name: string;
  /** where its units came from ("Kampfgruppe Weber, 81 points"), for the sheet */
  force: string;
  units: UnitAtTable[];
  /**
   * the score set by hand (the − and + beside it), on top of what the other side's losses
   * give (their worth): a loss ticked back takes its worth back off, and a correction stays
   */
  score: number;
}

/** The packet a game was set up from: its scenario, objectives and seed, for the sheet. */
export interface PacketOfGame {
  title: string;
  objectives: string[];
  /** the command line that rolls it again */
  command: string;
}

export interface TableGame extends Kept {
  /** turns the game lasts; 0: no set end */
  turns: number;
  /** the turn being played, from 1 */
  turn: number;
  /** the score's end (0: no score kept) */
  scoreMax: number;
  sides: [SideAtTable, SideAtTable];
  packet?: PacketOfGame;
}

/** Counted markers stop here: more than any unit carries in play. */
export const MARK_MAX = 99;
/** Turns a game may be set to last. */
export const TURNS_MAX = 99;

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, Math.trunc(Number.isFinite(n) ? n : low)));

/** Scores stop here: more than any game's limit, with room for losses beyond it. */
export const SCORE_MAX = 9999;

export function newSide(name: string, force: string, units: readonly TableUnit[]): SideAtTable {
  return {
    name,
    force,
    units: units.map((u) => {
      const boxes = clamp(u.boxes, 1, 500);
      const captions = u.captions && u.captions.length === boxes ? { captions: [...u.captions] } : {};
      const worth = u.worth !== undefined && Number.isFinite(u.worth) ? { worth: clamp(u.worth, 0, SCORE_MAX) } : {};
      return { name: u.name, boxes, ...captions, ...worth, ...(u.apart && boxes > 1 ? { apart: true } : {}), lost: 0, marks: {} };
    }),
    score: 0,
  };
}

export function newTableGame(name: string, system: string, options: { turns: number; scoreMax: number; packet?: PacketOfGame }, sides: [SideAtTable, SideAtTable]): TableGame {
  return { name, system, turns: clamp(options.turns, 0, TURNS_MAX), turn: 1, scoreMax: clamp(options.scoreMax, 0, 999), sides, ...(options.packet ? { packet: options.packet } : {}) };
}

function withUnit(game: TableGame, side: 0 | 1, unit: number, change: (u: UnitAtTable) => UnitAtTable): TableGame {
  const target = game.sides[side].units[unit];
  if (!target) return game;
  const sides = [...game.sides] as [SideAtTable, SideAtTable];
  sides[side] = { ...sides[side], units: sides[side].units.map((u, i) => (i === unit ? change(u) : u)) };
  return { ...game, sides };
}

/**
 * A loss box pressed: boxes are ticked from the first, so pressing box n (from 1) ticks the
 * first n; pressing the last ticked one takes it back.
 */
export function pressLoss(game: TableGame, side: 0 | 1, unit: number, box: number): TableGame {
  return withUnit(game, side, unit, (u) => ({ ...u, lost: clamp(u.lost === box ? box - 1 : box, 0, u.boxes) }));
}

/** A marker set: a box to 0 or 1, a counted marker to its number. */
export function setMark(game: TableGame, side: 0 | 1, unit: number, token: string, value: number, counted: boolean): TableGame {
  return withUnit(game, side, unit, (u) => ({ ...u, marks: { ...u.marks, [token]: clamp(value, 0, counted ? MARK_MAX : 1) } }));
}

/**
 * Whether a marker of a row is a count: one the rule set counts (pins), or any marker of a row
 * of models apart (the riflemen of one card), where it counts the models carrying it.
 */
export function markCounted(unit: UnitAtTable, counted: boolean | undefined): boolean {
  return counted === true || unit.apart === true;
}

/** The turn being played: within the game's turns where it has an end. */
export function setTurn(game: TableGame, turn: number): TableGame {
  return { ...game, turn: clamp(turn, 1, game.turns > 0 ? game.turns : TURNS_MAX) };
}

/** What a side's losses give the other side: the worth of each box ticked. */
export function worthLost(side: SideAtTable): number {
  return side.units.reduce((n, u) => n + u.lost * (u.worth ?? 0), 0);
}

/** A side's score: the worth of the other side's losses, and what was set by hand. */
export function scoreOf(game: TableGame, side: 0 | 1): number {
  return Math.max(0, worthLost(game.sides[side === 0 ? 1 : 0]) + game.sides[side].score);
}

/**
 * A side's score set by hand (a correction): from 0 to the game's end, or as high as the other
 * side's losses alone have taken it; what the losses give stays theirs.
 */
export function setScore(game: TableGame, side: 0 | 1, score: number): TableGame {
  const byLosses = worthLost(game.sides[side === 0 ? 1 : 0]);
  const total = clamp(score, 0, Math.max(game.scoreMax, byLosses));
  const sides = [...game.sides] as [SideAtTable, SideAtTable];
  sides[side] = { ...sides[side], score: total - byLosses };
  return { ...game, sides };
}

/** What a side has left: units with a box unticked, and boxes unticked. */
export function standing(side: SideAtTable): { units: number; boxes: number } {
  let units = 0;
  let boxes = 0;
  for (const u of side.units) {
    if (u.lost < u.boxes) units++;
    boxes += u.boxes - u.lost;
  }
  return { units, boxes };
}
