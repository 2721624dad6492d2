import type { PageParts } from '../../../web/kit/page-parts.js';
import { fireteamCampaignPanel, fireteamCampaignSummary } from './campaign-panel.js';
import { FireteamBuilder } from './force-builder.js';
import { ftFromPacket } from './table.js';

/** Fire Team in the page: a force builder, the campaign map's fields, and its table mode (a battle has no set length). */
export const fireTeamPageParts: PageParts = {
  forceBuilder: (bench, box) => new FireteamBuilder(bench, box),
  campaignPanel: fireteamCampaignPanel,
  campaignSummary: fireteamCampaignSummary,
  tableMode: {
    odds: ['fire', 'fire-modifiers', 'at-fire', 'damage-results'],
    markers: [{ token: 'pin', counted: true }, { token: 'pinned' }, { token: 'over-watch' }],
    lossesOf: 'fire team',
    fromPacket: ftFromPacket,
  },
};
