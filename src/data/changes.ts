import type { DataProblem } from '../errors.js';
import { closeMatches, orList } from './suggest.js';

/**
 * Change entries: a house file changes an entry an earlier data folder gave without restating
 * it (docs/house-rules.md). In a list of entries keyed by id, an entry written `change: ID` in
 * place of `id: ID` starts from that entry as the earlier folders left it, and
 * - `FIELD: value` gives the field whole, in place of the earlier one;
 * - `FIELD+: [...]` adds to a list, `FIELD-: [...]` takes out of it, by id for entries with ids,
 *   by value for a list of names, and by the first column's cell for a table's rows;
 * - `FIELD: [{change: KEY, ...}]` changes entries of a list in place, by the same rules.
 * Anything a reader could take two ways is refused with the file and the field: adding what
 * is there, taking out what is not, giving a list whole and changing it in one entry, changing
 * an entry nothing earlier gave. The result is an ordinary entry, checked as any other is.
 */

/** A field of a data file that holds entries keyed by id: a list of them, or (`one`) a single entry (a file per entry). */
export interface KeyedField {
  /** the entry's kind in messages: "unit", "table" */
  kind: string;
  one?: boolean;
}

export type KeyedFields = Readonly<Record<string, KeyedField>>;

/** The entries of the earlier data folders, as they left them. */
export interface EarlierEntries {
  get(field: string, id: string): unknown;
  ids(field: string): readonly string[];
}

export interface AppliedChanges {
  /** the file's value with every change entry made whole */
  raw: unknown;
  /** the ids of the entries changed, by field */
  changed: { field: string; id: string }[];
}

/** The key that marks a change entry. */
export const CHANGE_KEY = 'change';

type Entry = Record<string, unknown>;

const isEntry = (value: unknown): value is Entry => typeof value === 'object' && value !== null && !Array.isArray(value);
const isChange = (value: unknown): value is Entry => isEntry(value) && Object.hasOwn(value, CHANGE_KEY);
/** A list operator's key: "options+" -> options, add. */
const OPERATOR = /^(.+)([+-])$/;

/**
 * The file's value with its change entries applied to the earlier entries they name; undefined
 * when any is refused (the problems are added, naming the file and the field as written).
 */
export function applyChangeEntries(raw: unknown, file: string, fields: KeyedFields, earlier: EarlierEntries, problems: DataProblem[]): AppliedChanges | undefined {
  if (!isEntry(raw)) return { raw, changed: [] };
  const before = problems.length;
  const problem = (at: string, message: string) => problems.push({ file, path: at, message });
  const out: Entry = { ...raw };
  const changed: { field: string; id: string }[] = [];
  for (const [field, spec] of Object.entries(fields)) {
    const value = raw[field];
    const one = (entry: unknown, at: string): unknown => {
      if (!isChange(entry)) {
        // a list operator in a whole entry: the entry is read whole, so say how a change is written
        if (isEntry(entry)) {
          for (const key of Object.keys(entry)) {
            if (OPERATOR.test(key)) problem(`${at}.${key}`, `adds to or takes from a list only in a change entry: write "change: ${typeof entry.id === 'string' ? entry.id : 'ID'}" in place of "id:" to change the ${spec.kind} an earlier data folder gave`);
          }
        }
        return entry;
      }
      const id = entry[CHANGE_KEY];
      if (typeof id !== 'string') {
        problem(`${at}.${CHANGE_KEY}`, `the id of the ${spec.kind} to change, which an earlier data folder gave`);
        return entry;
      }
      const base = earlier.get(field, id);
      if (!isEntry(base)) {
        const close = closeMatches(id, earlier.ids(field).map((known) => ({ id: known })));
        problem(
          `${at}.${CHANGE_KEY}`,
          `no ${spec.kind} "${id}" to change: a change entry changes one an earlier data folder gave (the built-in data, or a --data folder before this one)${close.length > 0 ? `; did you mean ${orList(close)}?` : ''}`,
        );
        return entry;
      }
      const merged = mergeEntry(base, entry, at, problem);
      if (!merged) return entry;
      changed.push({ field, id });
      return merged;
    };
    if (spec.one) {
      if (isEntry(value)) out[field] = one(value, field);
    } else if (Array.isArray(value)) out[field] = value.map((entry, i) => one(entry, `${field}[${i}]`));
  }
  return problems.length > before ? undefined : { raw: out, changed };
}

/** What a change entry does to one field: gives it whole (or changes its entries in place), adds, takes out. */
interface FieldOps {
  set?: { key: string; value: unknown };
  add?: { key: string; value: unknown };
  remove?: { key: string; value: unknown };
}

/** How the entries of a list are told apart: by value (names), by id, or by a row's first cell. */
type Identity = { by: 'value' } | { by: 'id' } | { by: 'cell'; column: string };

function mergeEntry(base: Entry, change: Entry, at: string, problem: (at: string, message: string) => void): Entry | undefined {
  let refused = false;
  const refuse = (where: string, message: string) => {
    refused = true;
    problem(where, message);
  };
  const out: Entry = structuredClone(base);
  const ops = new Map<string, FieldOps>();
  for (const [key, value] of Object.entries(change)) {
    if (key === CHANGE_KEY) continue;
    if (key === 'id') {
      refuse(`${at}.id`, `a change entry names what it changes with "${CHANGE_KEY}:" alone; an entry with "id:" is given whole`);
      continue;
    }
    const operator = OPERATOR.exec(key);
    const field = operator ? operator[1]! : key;
    const ops_ = ops.get(field) ?? {};
    ops_[!operator ? 'set' : operator[2] === '+' ? 'add' : 'remove'] = { key, value };
    ops.set(field, ops_);
  }
  for (const [field, op] of ops) {
    const where = (key: string) => `${at}.${key}`;
    const nested = Array.isArray(op.set?.value) && op.set.value.some(isChange);
    if (op.set && !nested) {
      if (op.add || op.remove) {
        const also = [op.add?.key, op.remove?.key].filter((k) => k !== undefined).join(' and ');
        refuse(where(op.set.key), `gives ${field} whole and ${also} changes it in the same entry: give the whole list (${field}:), or only what to add and take out (${field}+:, ${field}-:)`);
        continue;
      }
      out[field] = op.set.value;
      continue;
    }
    const current = out[field];
    const firstKey = op.set?.key ?? op.remove?.key ?? op.add?.key ?? field;
    if (current !== undefined && !Array.isArray(current)) {
      refuse(where(firstKey), `${field} is not a list, so nothing is added to it or taken from it: give it whole (${field}:)`);
      continue;
    }
    const list: unknown[] = Array.isArray(current) ? [...current] : [];
    const listed = (value: unknown, key: string): unknown[] | undefined => {
      if (Array.isArray(value)) return value;
      refuse(where(key), `a list of what to ${key.endsWith('+') ? 'add' : 'take out'}, such as ${key}: [${field === 'rows' ? '...' : 'an-id'}]`);
      return undefined;
    };
    const adding = op.add ? listed(op.add.value, op.add.key) : [];
    const removing = op.remove ? listed(op.remove.value, op.remove.key) : [];
    if (adding === undefined || removing === undefined) continue;
    const identity = identityOf(out, field, list, adding);
    if (!identity) {
      refuse(where(firstKey), `the entries of ${field} have no ids to tell them apart: give the list whole (${field}: [...])`);
      continue;
    }
    const holds = () => describeKeys(list.map((entry) => keyOfEntry(identity, entry)));
    // taken out first, so that an entry taken out and added again is replaced
    removing.forEach((value, i) => {
      const key = keyOfValue(identity, value);
      const index = key === undefined ? -1 : list.findIndex((entry) => keyOfEntry(identity, entry) === key);
      if (key === undefined) refuse(`${where(op.remove!.key)}[${i}]`, identity.by === 'id' ? `the id of an entry of ${field} to take out, such as "an-id"` : `an entry of ${field} to take out, as the list gives it`);
      else if (index < 0) refuse(`${where(op.remove!.key)}[${i}]`, `takes out ${shown(value)}, which ${field} does not hold (it holds ${holds()})`);
      else list.splice(index, 1);
    });
    if (nested) {
      const entries = op.set!.value as unknown[];
      if (!entries.every(isChange)) {
        refuse(where(op.set!.key), `mixes whole entries with change entries: give ${field} whole (no "${CHANGE_KEY}:" in it), or change its entries (each with "${CHANGE_KEY}:") and add new ones with ${field}+:`);
        continue;
      }
      entries.forEach((entry, i) => {
        const key = keyOfValue(identity, (entry as Entry)[CHANGE_KEY]);
        const index = key === undefined ? -1 : list.findIndex((item) => keyOfEntry(identity, item) === key);
        const at_ = `${where(op.set!.key)}[${i}]`;
        if (index < 0) refuse(`${at_}.${CHANGE_KEY}`, `no entry ${shown((entry as Entry)[CHANGE_KEY])} in ${field} to change (it holds ${holds()})`);
        else if (!isEntry(list[index])) refuse(`${at_}.${CHANGE_KEY}`, `${shown((entry as Entry)[CHANGE_KEY])} is a name, not an entry with fields: take it out and add another (${field}-:, ${field}+:)`);
        else {
          const merged = mergeEntry(list[index] as Entry, entry as Entry, at_, problem);
          if (merged) list[index] = merged;
          else refused = true;
        }
      });
    }
    adding.forEach((value, i) => {
      const key = keyOfEntry(identity, value);
      if (key === undefined) {
        refuse(`${where(op.add!.key)}[${i}]`, identity.by === 'id' ? `an entry with its id, as the other entries of ${field} are given` : identity.by === 'cell' ? `a row with its ${identity.column}` : `a name, as the other entries of ${field} are`);
      } else if (list.some((entry) => keyOfEntry(identity, entry) === key)) {
        refuse(`${where(op.add!.key)}[${i}]`, `adds ${shown(identity.by === 'id' ? (value as Entry).id : identity.by === 'cell' ? (value as Entry)[identity.column] : value)}, which ${field} holds already: to put another in its place, take it out too (${field}-:) or change it (${field}: [{${CHANGE_KEY}: ...}])`);
      } else insert(list, value, identity);
    });
    out[field] = list;
  }
  return refused ? undefined : out;
}

/**
 * How the entries of `field` are told apart: a table's rows (an entry with columns) by the
 * first column's cell, a list of names by value, a list of entries by id; undefined when none
 * holds (a list of entries without ids).
 */
function identityOf(owner: Entry, field: string, list: readonly unknown[], adding: readonly unknown[]): Identity | undefined {
  const columns = owner.columns;
  if (field === 'rows' && Array.isArray(columns) && isEntry(columns[0]) && typeof columns[0].key === 'string') return { by: 'cell', column: columns[0].key };
  const sample = list.length > 0 ? list : adding;
  if (sample.length === 0) return { by: 'value' };
  if (sample.every((entry) => typeof entry === 'string' || typeof entry === 'number')) return { by: 'value' };
  if (sample.every((entry) => isEntry(entry) && typeof entry.id === 'string')) return { by: 'id' };
  return undefined;
}

function keyOfEntry(identity: Identity, entry: unknown): string | undefined {
  if (identity.by === 'value') return typeof entry === 'string' || typeof entry === 'number' ? canonical(entry) : undefined;
  if (!isEntry(entry)) return undefined;
  const key = identity.by === 'id' ? entry.id : entry[identity.column];
  if (identity.by === 'id' && typeof key !== 'string') return undefined;
  return key === undefined ? undefined : identity.by === 'cell' ? cellKey(key) : canonical(key);
}

/** What `FIELD-:` and a nested `change:` name: a name, an id, or a row's first cell. */
function keyOfValue(identity: Identity, value: unknown): string | undefined {
  if (identity.by === 'id' && typeof value !== 'string') return undefined;
  if (identity.by === 'value' && typeof value !== 'string' && typeof value !== 'number') return undefined;
  return identity.by === 'cell' ? cellKey(value) : canonical(value);
}

/**
 * A row's first cell as rows are told apart: a roll by the totals it holds, however written
 * (6, [6] and {from: 6, to: 6} are one roll), anything else as it is.
 */
function cellKey(cell: unknown): string {
  const totals = rollTotals(cell);
  return totals ? `totals ${totals.join(',')}` : canonical(cell);
}

function rollTotals(cell: unknown): number[] | undefined {
  if (typeof cell === 'number' && Number.isInteger(cell)) return [cell];
  if (Array.isArray(cell) && cell.length > 0 && cell.every((n) => typeof n === 'number' && Number.isInteger(n))) return [...new Set(cell as number[])].sort((a, b) => a - b);
  if (isEntry(cell) && Object.keys(cell).length === 2 && Number.isInteger(cell.from) && Number.isInteger(cell.to) && (cell.to as number) - (cell.from as number) <= 1000) {
    return Array.from({ length: Math.max(0, (cell.to as number) - (cell.from as number) + 1) }, (_, i) => (cell.from as number) + i);
  }
  return undefined;
}

/** A row goes where its least total puts it among rows that count up; anything else at the end. */
function insert(list: unknown[], value: unknown, identity: Identity): void {
  if (identity.by === 'cell') {
    const least = leastNumber((value as Entry)[identity.column]);
    if (least !== undefined) {
      const at = list.findIndex((entry) => {
        const other = leastNumber((entry as Entry)[identity.column]);
        return other !== undefined && other > least;
      });
      if (at >= 0) {
        list.splice(at, 0, value);
        return;
      }
    }
  }
  list.push(value);
}

/** A roll cell's least total: 6, [5, 6], {from: 2, to: 4}; undefined for anything else. */
function leastNumber(cell: unknown): number | undefined {
  if (typeof cell === 'number') return cell;
  if (Array.isArray(cell) && cell.length > 0 && cell.every((n) => typeof n === 'number')) return Math.min(...(cell as number[]));
  if (isEntry(cell) && typeof cell.from === 'number') return cell.from;
  return undefined;
}

/** One text for a value however its fields are ordered: what entries are compared by. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isEntry(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function shown(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : canonical(value);
}

function describeKeys(keys: readonly (string | undefined)[]): string {
  const named = keys.filter((k): k is string => k !== undefined);
  if (named.length === 0) return 'nothing';
  const most = 12;
  return named.length > most ? `${named.slice(0, most).join(', ')} and ${named.length - most} more` : named.join(', ');
}
