/**
 * Checks whose work is a sample (seeds, lock trials, racing processes, places in a file) try
 * all of it under MUSTER_DEEP=1, as CI does (.ci/run), and about a tenth of it otherwise, so
 * that `npm test` stays quick on a contributor's machine. A smaller sample is never a thinner
 * one: it still holds a case of every kind the whole sample holds (every rule set, mode, paper,
 * step...), and it is the whole sample's first cases, so a failure seen by default is seen
 * again under MUSTER_DEEP=1 with the same seed.
 */

import { EXTRA_RULE_SET_VARIABLE, extraRuleSets } from './suite-files.js';

/** MUSTER_DEEP=1: every sample at its full size. */
export const DEEP = process.env['MUSTER_DEEP'] === '1';

/** The share of a sample a run without MUSTER_DEEP tries. */
const SHARE = 10;

/** How many of `full` cases a check tries: all under MUSTER_DEEP=1, else a tenth (never fewer than `least`). */
export function sampleSize(full: number, least = 1, deep = DEEP): number {
  return deep ? full : Math.min(full, Math.max(least, Math.ceil(full / SHARE)));
}

/**
 * The cases a check tries out of all of `cases`: every one under MUSTER_DEEP=1. Otherwise the
 * first tenth, then, for each kind a case of the whole sample has (`kinds` names them, as
 * "mode=solo", "paper=letter") and none of that tenth has, the first case of that kind; the
 * cases keep their order. So each kind is tried at least once, the way a stratified sample
 * draws from every stratum.
 */
export function sampled<T>(cases: readonly T[], kinds: (item: T, index: number) => readonly string[] = () => [], { deep = DEEP, least = 1 } = {}): T[] {
  if (deep) return [...cases];
  const take = new Set<number>();
  const first = sampleSize(cases.length, least, false);
  for (let i = 0; i < first; i++) take.add(i);
  const seen = new Set<string>();
  for (const i of take) for (const kind of kinds(cases[i]!, i)) seen.add(kind);
  cases.forEach((item, i) => {
    const missing = kinds(item, i).filter((kind) => !seen.has(kind));
    if (missing.length === 0) return;
    take.add(i);
    for (const kind of missing) seen.add(kind);
  });
  return cases.filter((_, i) => take.has(i));
}

/** The numbers 0 to full - 1 (seeds, trials) a check tries, drawn as `sampled` draws them. */
export function sampledSeeds(full: number, kinds: (seed: number) => readonly string[] = () => [], options: { deep?: boolean; least?: number } = {}): number[] {
  return sampled(
    Array.from({ length: full }, (_, i) => i),
    (seed) => kinds(seed),
    options,
  );
}

/**
 * A sample whose kinds show only once a case is made (a rolled packet's mode, night or day, a
 * die's face): the cases made for seeds 0, 1, 2... in turn. All `full` of them under
 * MUSTER_DEEP=1; otherwise the first tenth, and on from there until every kind in `wanted` has
 * come (never past `full`: a kind the whole sample lacks is the check's to find).
 */
export function madeSample<T>(full: number, make: (seed: number) => T, kinds: (made: T) => readonly string[], wanted: readonly string[], { deep = DEEP, least = 1 } = {}): T[] {
  const made: T[] = [];
  const missing = new Set(wanted);
  const first = sampleSize(full, least, deep);
  for (let seed = 0; seed < full && (seed < first || missing.size > 0); seed++) {
    const item = make(seed);
    made.push(item);
    for (const kind of kinds(item)) missing.delete(kind);
  }
  return made;
}

/** `madeSample` for cases made by awaiting (a run of the command line): made one after another, in seed order. */
export async function madeSampleAsync<T>(full: number, make: (seed: number) => Promise<T>, kinds: (made: T) => readonly string[], wanted: readonly string[], { deep = DEEP, least = 1 } = {}): Promise<T[]> {
  const made: T[] = [];
  const missing = new Set(wanted);
  const first = sampleSize(full, least, deep);
  for (let seed = 0; seed < full && (seed < first || missing.size > 0); seed++) {
    const item = await make(seed);
    made.push(item);
    for (const kind of kinds(item)) missing.delete(kind);
  }
  return made;
}

/** "once", "twice" or "N times", for a test's name. */
export function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

/**
 * The kinds a command line of a print is, for drawing prints with `sampled`: its paper and
 * units, its product (the command), its rule set, and each option it is given beyond those (a
 * force, a nation, a bleed, a duplex...), as "cards --force".
 */
export function printKinds(args: readonly string[]): string[] {
  const [command, id] = args;
  const valueOf = (name: string) => (args.includes(name) ? [`${name.slice(2)}=${args[args.indexOf(name) + 1]}`] : []);
  const options = args.filter((word) => word.startsWith('--') && !['--paper', '--units', '--seed'].includes(word)).map((option) => `${command} ${option}`);
  return [...valueOf('--paper'), ...valueOf('--units'), `product=${command}`, ...(id && !id.startsWith('-') ? [`rule set=${id}`] : []), ...options];
}

const ADDED = process.env[EXTRA_RULE_SET_VARIABLE] ? new Set(extraRuleSets(process.env[EXTRA_RULE_SET_VARIABLE]!).keys()) : new Set<string>();

/**
 * The kind of a case of a sample drawn over rule sets that one built-in rule set stands for by
 * default: none for muster's own, a kind of its own for each rule set `npm run test:fifth` adds
 * (MUSTER_EXTRA_RULE_SET), so that such a run tries every added rule set, which it is there to see.
 */
export function addedRuleSetKind(id: string): string[] {
  return ADDED.has(id) ? [`added rule set=${id}`] : [];
}
