import { blazeAwayModule } from './blazeaway/index.js';
import { bofModule } from './bof/index.js';
import { fireTeamModule } from './fireteam/index.js';
import { openFireModule } from './openfire/index.js';
import type { RuleSetModule } from './module.js';

/** The one place that names rule sets: each id's own module, for what is more than tables. */
export const RULE_SET_MODULES: Readonly<Record<string, RuleSetModule>> = {
  blazeaway: blazeAwayModule,
  bof: bofModule,
  fireteam: fireTeamModule,
  openfire: openFireModule,
};

export function moduleFor(systemId: string): RuleSetModule | undefined {
  return Object.hasOwn(RULE_SET_MODULES, systemId) ? RULE_SET_MODULES[systemId] : undefined;
}
