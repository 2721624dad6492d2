/**
 * Two tabs' changes to one kept thing put together (issue 55): each made from the same copy
 * (`base`), `mine` this tab's, `theirs` the one another tab kept first. What only one side
 * changed is taken from it; where both changed the same value, this tab's (the last press)
 * wins. Lists only grow in what this merges (units added at the table): the items both had
 * are merged one by one, then the other tab's new ones, then this tab's. Pure, for plain data
 * (what IndexedDB keeps: objects, arrays, strings, numbers, booleans, null).
 */
type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

const isObject = (value: unknown): value is Record<string, Plain> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function mergeThreeWay<T>(base: T, mine: T, theirs: T): T {
  return merge(base as Plain, mine as Plain, theirs as Plain) as T;
}

function merge(base: Plain | undefined, mine: Plain | undefined, theirs: Plain | undefined): Plain | undefined {
  if (same(mine, base)) return theirs;
  if (same(theirs, base)) return mine;
  if (Array.isArray(base) && Array.isArray(mine) && Array.isArray(theirs)) {
    const shared = Math.min(base.length, mine.length, theirs.length);
    const both = Array.from({ length: shared }, (_, i) => merge(base[i], mine[i], theirs[i]) as Plain);
    return [...both, ...theirs.slice(shared), ...mine.slice(Math.max(shared, base.length))];
  }
  if (isObject(base) && isObject(mine) && isObject(theirs)) {
    const keys = [...new Set([...Object.keys(theirs), ...Object.keys(mine)])];
    const merged: Record<string, Plain> = {};
    for (const key of keys) {
      const value = merge(base[key], mine[key], theirs[key]);
      if (value !== undefined) merged[key] = value;
    }
    return merged;
  }
  // both changed one value: this tab's, the press made last
  return mine;
}

function same(a: Plain | undefined, b: Plain | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && same(a[k], b[k]));
  }
  return false;
}
