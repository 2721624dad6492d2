import type { PageParts } from '../web/kit/page-parts.js';

/**
 * The one place that names the rule sets' page parts (src/systems/<id>/page/), as registry.ts
 * names their modules. Each is loaded when the page first shows its rule set; a rule set not
 * here has no part of its own in the page (no force builder, no campaign panel).
 */
const RULE_SET_PAGE_PARTS: Readonly<Record<string, () => Promise<PageParts>>> = {
  blazeaway: async () => (await import('./blazeaway/page/index.js')).blazeAwayPageParts,
  bof: async () => (await import('./bof/page/index.js')).bofPageParts,
  fireteam: async () => (await import('./fireteam/page/index.js')).fireTeamPageParts,
  openfire: async () => (await import('./openfire/page/index.js')).openFirePageParts,
};

const NO_PARTS: PageParts = {};

export async function pagePartsFor(systemId: string): Promise<PageParts> {
  return Object.hasOwn(RULE_SET_PAGE_PARTS, systemId) ? await RULE_SET_PAGE_PARTS[systemId]!() : NO_PARTS;
}
