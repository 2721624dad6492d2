import type { PageParts } from '../../../web/kit/page-parts.js';
import { fireteamCampaignPanel } from './campaign-panel.js';
import { FireteamBuilder } from './force-builder.js';

/** Fire Team in the page: a force builder and the campaign map's fields. */
export const fireTeamPageParts: PageParts = {
  forceBuilder: (bench, box) => new FireteamBuilder(bench, box),
  campaignPanel: fireteamCampaignPanel,
};
