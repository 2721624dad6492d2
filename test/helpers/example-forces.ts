// The example force files a player copies with `muster examples` (examples/, but for the house
// rule set and the house rules, which are data folders), and the rule set each is for: the one
// whose own check reads it and finds it legal. Tests that want a rule set's force take it from
// here, so a rule set added with an example force is met with no test naming it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { parse } from 'yaml';
import { loadRulesDb } from '../../src/data/load.js';
import { MODULE_IDS, moduleFor } from '../../src/systems/registry.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every example force file, by its path in the checkout. */
export const EXAMPLE_FORCE_FILES: readonly string[] = fg.sync('examples/**/*.{yaml,yml,json}', { cwd: ROOT, ignore: ['examples/house-*/**'] }).sort();

let found: Promise<ReadonlyMap<string, readonly string[]>> | undefined;

/**
 * Each rule set with a force check, and its example forces (paths in the checkout, in order):
 * the files its module reads and checks with no problem. A rule set that checks no forces is
 * not listed.
 */
export function exampleForces(): Promise<ReadonlyMap<string, readonly string[]>> {
  found ??= (async () => {
    const db = await loadRulesDb({ dataDirs: [] });
    const byRuleSet = new Map<string, string[]>();
    for (const id of MODULE_IDS) {
      const module = await moduleFor(id);
      if (!module?.checkForce) continue;
      const files: string[] = [];
      for (const file of EXAMPLE_FORCE_FILES) {
        try {
          const checked = await module.checkForce({ system: db.system(id), forceFile: path.join(ROOT, file) });
          if (checked.problems.length === 0) files.push(file);
        } catch {
          // another rule set's force: its fields are not this one's
        }
      }
      byRuleSet.set(id, files);
    }
    return byRuleSet;
  })();
  return found;
}

/** Every example force's own "muster cards ... --force ..." line, as its comment gives it, as arguments. */
export function exampleCardCommands(): string[][] {
  return EXAMPLE_FORCE_FILES.flatMap((file) => {
    const match = /muster (cards \S+ --force \S+)/.exec(readFileSync(path.join(ROOT, file), 'utf8'));
    return match ? [match[1]!.split(' ')] : [];
  });
}

/**
 * A force file for each rule set's builder to show filled, its units' rows and notes among it
 * (one of its examples): what a test that looks at a builder filled loads, and what the kinds of
 * a builder are read from (forceFieldKinds) without checking every example as exampleForces does.
 */
export const EXAMPLE_FORCES: Readonly<Record<string, string>> = {
  bof: 'examples/forces/kampfgruppe-weber.yaml',
  fireteam: 'examples/forces/fireteam-finns.yaml',
  blazeaway: 'examples/blazeaway/german-grenadier-company.yaml',
  openfire: 'examples/openfire/us-rifle-platoon.yaml',
};

/**
 * The kinds of a rule set's force builder, for a sample drawn over builders: the fields of a force
 * file it writes (an example's top-level fields, as "force field=doctrine"). A builder draws a
 * control of its own for each, so one whose fields are all another's draws no kind of control
 * that other does not.
 */
export function forceFieldKinds(file: string): string[] {
  const force = parse(readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;
  return Object.keys(force).map((field) => `force field=${field}`);
}
