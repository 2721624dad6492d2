import type { RuleSetModule } from './module.js';

/**
 * The one place that names rule sets: each id's own module, for what is more than tables.
 * Each is loaded when a run asks for it: a run about one rule set sets up only that one's
 * code and schemas.
 */
const RULE_SET_MODULES: Readonly<Record<string, () => Promise<RuleSetModule>>> = {
  blazeaway: async () => (await import('./blazeaway/index.js')).blazeAwayModule,
  bof: async () => (await import('./bof/index.js')).bofModule,
  fireteam: async () => (await import('./fireteam/index.js')).fireTeamModule,
  openfire: async () => (await import('./openfire/index.js')).openFireModule,
};

export async function moduleFor(systemId: string): Promise<RuleSetModule | undefined> {
  return Object.hasOwn(RULE_SET_MODULES, systemId) ? await RULE_SET_MODULES[systemId]!() : undefined;
}

/** Every rule set that has a module, in id order. */
export const MODULE_IDS: readonly string[] = Object.keys(RULE_SET_MODULES).sort();
