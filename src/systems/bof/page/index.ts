import type { PageParts } from '../../../web/kit/page-parts.js';
import { bofCampaignPanel } from './campaign-panel.js';
import { BofBuilder } from './force-builder.js';

/** Burst of Fire in the page: a force builder and the campaign ladder's fields. */
export const bofPageParts: PageParts = {
  forceBuilder: (bench, box) => new BofBuilder(bench, box),
  campaignPanel: bofCampaignPanel,
};
