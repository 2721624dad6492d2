import { blazeAwayManifest } from './blazeaway/manifest.js';
import { bofManifest } from './bof/manifest.js';
import { fireTeamManifest } from './fireteam/manifest.js';
import type { RuleSetManifest } from './manifest.js';
import type { RuleSetModule } from './module.js';
import { openFireManifest } from './openfire/manifest.js';

interface RegisteredRuleSet {
  readonly manifest: RuleSetManifest;
  /** its module, loaded when a run asks for it: a run about one rule set sets up only that one's code and schemas */
  readonly load: () => Promise<RuleSetModule>;
}

/**
 * The one place that names rule sets with code of their own: each id's manifest (what it
 * takes, read before any of its code loads) and its module. A rule set with a data folder
 * alone is not here: it prints what its data serves. docs/adding-a-rule-set.md says more.
 * The first is the rule set the page opens on (FIRST_RULE_SET); the rest are listed in id order.
 */
const RULE_SETS: readonly RegisteredRuleSet[] = [
  { manifest: bofManifest, load: async () => (await import('./bof/index.js')).bofModule },
  { manifest: blazeAwayManifest, load: async () => (await import('./blazeaway/index.js')).blazeAwayModule },
  { manifest: fireTeamManifest, load: async () => (await import('./fireteam/index.js')).fireTeamModule },
  { manifest: openFireManifest, load: async () => (await import('./openfire/index.js')).openFireModule },
];

const byId = new Map(RULE_SETS.map((r) => [r.manifest.id, r]));

export async function moduleFor(systemId: string): Promise<RuleSetModule | undefined> {
  return await byId.get(systemId)?.load();
}

export function manifestFor(systemId: string): RuleSetManifest | undefined {
  return byId.get(systemId)?.manifest;
}

/**
 * The rule set the page opens on, where a link names none: the registry's first. The page's
 * build writes it into the page's list of files (scripts/build-web.js), so the page's own
 * script names no rule set and loads no module to know it.
 */
export const FIRST_RULE_SET: string = RULE_SETS[0]!.manifest.id;

/** Every rule set that has a module, in id order. */
export const MODULE_IDS: readonly string[] = RULE_SETS.map((r) => r.manifest.id).sort();

/** Every rule set's manifest, in id order. */
export const MANIFESTS: readonly RuleSetManifest[] = MODULE_IDS.map((id) => byId.get(id)!.manifest);
