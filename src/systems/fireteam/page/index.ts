import type { PageParts } from '../../../web/kit/page-parts.js';
import { fireteamCampaignPanel, fireteamCampaignSummary } from './campaign-panel.js';
import { FireteamBuilder } from './force-builder.js';
import { ftFromPacket } from './table.js';

/** Fire Team in the page: a force builder, its battles and each side's army list on the scenario form, the campaign map's fields, and its table mode (a battle has no set length). */
export const fireTeamPageParts: PageParts = {
  forceBuilder: (bench, box) => new FireteamBuilder(bench, box),
  campaignPanel: fireteamCampaignPanel,
  ownFields: {
    battle: { listed: { kind: 'battles', none: 'rolled' } },
    lists: { listed: { kind: 'lists', none: 'drawn' }, sides: ['Side A army list', 'Side B army list'] },
  },
  campaignSummary: fireteamCampaignSummary,
  tableMode: {
    odds: ['fire', 'fire-modifiers', 'at-fire', 'damage-results'],
    markers: [{ token: 'pin', counted: true }, { token: 'pinned' }, { token: 'over-watch' }],
    lossesOf: 'fire team',
    fromPacket: ftFromPacket,
  },
};
