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
  score: number;
}

export interface TableGame extends Kept {
  /** turns the game lasts; 0: no set end */
  turns: number;
  /** the turn being played, from 1 */
  turn: number;
  /** the score's end (0: no score kept) */
  scoreMax: number;
  sides: [SideAtTable, SideAtTable];
}

/** Counted markers stop here: more than any unit carries in play. */
export const MARK_MAX = 99;
/** Turns a game may be set to last. */
export const TURNS_MAX = 99;

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, Math.trunc(Number.isFinite(n) ? n : low)));

export function newSide(name: string, force: string, units: readonly TableUnit[]): SideAtTable {
  return { name, force, units: units.map((u) => ({ name: u.name, boxes: clamp(u.boxes, 1, 500), lost: 0, marks: {} })), score: 0 };
}

export function newTableGame(name: string, system: string, options: { turns: number; scoreMax: number }, sides: [SideAtTable, SideAtTable]): TableGame {
  return { name, system, turns: clamp(options.turns, 0, TURNS_MAX), turn: 1, scoreMax: clamp(options.scoreMax, 0, 999), sides };
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

/** The turn being played: within the game's turns where it has an end. */
export function setTurn(game: TableGame, turn: number): TableGame {
  return { ...game, turn: clamp(turn, 1, game.turns > 0 ? game.turns : TURNS_MAX) };
}

export function setScore(game: TableGame, side: 0 | 1, score: number): TableGame {
  const sides = [...game.sides] as [SideAtTable, SideAtTable];
  sides[side] = { ...sides[side], score: clamp(score, 0, game.scoreMax) };
  return { ...game, sides };
}

/**
 * The units of a force as the check named them (the default of a table part): an entry of
 * "N × name" is N units, each with one box, as each carries its own markers; units of one name
 * are numbered through the force, so two entries of riflemen are 1 to 6 and 7 to 12.
 */
export function unitsFromEntries(entries: readonly { name: string }[]): TableUnit[] {
  const numbered = new Map<string, number>();
  return entries.flatMap((entry) => {
    const many = /^(\d+) × (.+)$/.exec(entry.name);
    if (!many) return [{ name: entry.name, boxes: 1 }];
    const name = many[2]!;
    const from = numbered.get(name) ?? 0;
    const count = Math.min(Number(many[1]), 500);
    numbered.set(name, from + count);
    return Array.from({ length: count }, (_, i) => ({ name: `${name} ${from + i + 1}`, boxes: 1 }));
  });
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
