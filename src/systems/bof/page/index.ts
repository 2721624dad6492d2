import type { PageParts } from '../../../web/kit/page-parts.js';
import { bofCampaignPanel } from './campaign-panel.js';
import { BofBuilder } from './force-builder.js';

/** Burst of Fire in the page: a force builder, the campaign ladder's fields, and its tokens' track length. */
export const bofPageParts: PageParts = {
  forceBuilder: (bench, box) => new BofBuilder(bench, box),
  campaignPanel: bofCampaignPanel,
  optionHelp: { 'max-score': '50 (15 for Probing the enemy lines)' },
};
