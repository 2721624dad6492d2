import type { PageParts } from '../../../web/kit/page-parts.js';
import { bofCampaignPanel, bofCampaignSummary } from './campaign-panel.js';
import { BofBuilder } from './force-builder.js';
import { bofFromPacket, bofUnitsOfCards } from './table.js';

/** Burst of Fire in the page: a force builder, the campaign ladder's fields, its doctrines to narrow cards to, the event cards in place of its token sheets and their track length, and its table mode. */
export const bofPageParts: PageParts = {
  forceBuilder: (bench, box) => new BofBuilder(bench, box),
  campaignPanel: bofCampaignPanel,
  campaignSummary: bofCampaignSummary,
  optionHelp: { 'max-score': '50 (15 for Probing the enemy lines)' },
  ownFields: {
    doctrine: { listed: { kind: 'doctrines', none: 'every doctrine' } },
    events: { deckInstead: true },
    'max-score': { sheetsOnly: true },
  },
  tableMode: {
    odds: ['odds-4d6-lower', 'range-bands', 'infantry-hit-effects', 'ap-vs-afv'],
    markers: [{ token: 'suppressed' }, { token: 'injured', counted: true }, { token: 'shocked' }, { token: 'spent' }],
    lossesOf: 'model',
    track: { label: 'Combat Score', max: 50, section: 'Combat Score' },
    // muster's versus packets: 5 turns (the scenario packet prints each game's own)
    turns: 5,
    unitsOfCards: bofUnitsOfCards,
    fromPacket: bofFromPacket,
  },
};
