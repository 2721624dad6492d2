import type { Cell, DistanceCell, MoveCell, NeedCell } from '../data/schema.js';
import { chanceAtLeast, chanceAtMost, formatChance, sumDistribution } from '../engine/odds.js';
import { formatLength, formatModifier } from './helpers.js';
import type { Run, Units } from './model.js';
import { renderProse } from './templates.js';

export interface CellContext {
  units: Units;
  /** the table's dice, used when a need cell names none */
  dice?: string;
  /** file and field, for template errors */
  origin: string;
  /** "4+" rather than "4 or higher" */
  compact?: boolean;
}

/** One data cell as the runs a player reads, odds included where a roll is asked for. */
export function formatCell(cell: Cell | undefined, ctx: CellContext): Run[] {
  if (cell === undefined) return [{ text: '' }];
  if (typeof cell === 'string') return [{ text: renderProse(cell, { units: ctx.units }, ctx.origin) }];
  if (typeof cell === 'number') return [{ text: String(cell) }];
  if (Array.isArray(cell)) return [{ text: formatTotals(cell) }];
  if ('from' in cell) return [{ text: cell.from === cell.to ? String(cell.from) : `${cell.from}–${cell.to}` }];
  if ('need' in cell) return formatNeed(cell, ctx);
  if ('auto' in cell) return [{ text: ctx.compact ? 'auto' : 'automatic', style: 'bold' }];
  if ('mod' in cell) return [{ text: formatModifier(cell.mod) + (cell.per ? ` ${cell.per}` : '') }];
  if ('move' in cell) return [{ text: formatMove(cell, ctx.units) }];
  return [{ text: formatDistance(cell, ctx.units) }];
}

/** [2,3,4,5,6] -> "2–6"; [2,5,8,11] -> "2, 5, 8, 11". */
export function formatTotals(totals: readonly number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < totals.length) {
    let j = i;
    while (j + 1 < totals.length && totals[j + 1] === totals[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${totals[i]}–${totals[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(totals[k]));
    i = j + 1;
  }
  return parts.join(', ');
}

function formatNeed(cell: NeedCell, ctx: CellContext): Run[] {
  const dice = cell.dice ?? ctx.dice;
  if (!dice) throw new Error(`${ctx.origin}: a needed roll without dice`);
  const dist = sumDistribution(dice);
  const chance = cell.or === 'lower' ? chanceAtMost(dist, cell.need) : chanceAtLeast(dist, cell.need);
  // no-break spaces: the number, its condition and its chance read as one unit
  const text = ctx.compact
    ? cell.or === 'lower' ? `≤${cell.need}` : `${cell.need}+`
    : cell.or === 'lower' ? `${cell.need}\u00a0or\u00a0lower` : `${cell.need}\u00a0or\u00a0higher`;
  const prefix = cell.dice && cell.dice !== ctx.dice ? `${cell.dice}:\u00a0` : '';
  return [{ text: prefix + text }, { text: `\u00a0${formatChance(chance)}`, style: 'odds' }];
}

export function formatDistance(cell: DistanceCell, units: Units): string {
  const value = units === 'cm' ? cell.cm : cell.in;
  const text = Array.isArray(value) ? `${value[0]}–${formatLength(value[1], units)}` : formatLength(value, units);
  switch (cell.qualifier) {
    case 'less-than':
      return `under ${text}`;
    case 'more-than':
      return `over ${text}`;
    case 'up-to':
      return `up to ${text}`;
    default:
      return text;
  }
}

function formatMove(cell: MoveCell, units: Units): string {
  switch (cell.move) {
    case 'normal':
      return '—';
    case 'drop':
      return cell.count === 1 ? `drop ${cell.which} die` : `drop ${cell.count} ${cell.which} dice`;
    case 'add':
      return cell.count === 1 ? `add ${cell.which} die again` : `add ${cell.count} ${cell.which} dice again`;
    case 'fixed':
      return `${cell.dice} per ${cell.per}`;
    case 'limit':
      return `max ${formatLength(units === 'cm' ? cell.cm : cell.in, units)}`;
    case 'no-double':
      return 'no double move';
    case 'impassable':
      return 'may not enter';
  }
}
