import type { PageParts } from '../../../web/kit/page-parts.js';
import { BlazeawayBuilder } from './force-builder.js';
import { baFromPacket, baUnitsOfCards } from './table.js';

/** Blaze Away! in the page: a force builder (no campaign), and its units at the table by their stands and models. */
export const blazeAwayPageParts: PageParts = {
  forceBuilder: (bench, box) => new BlazeawayBuilder(bench, box),
  tableMode: {
    odds: ['to-hit', 'cover-modifiers', 'odds-1d10-higher'],
    markers: [{ token: 'disordered' }, { token: 'hit', counted: true }, { token: 'disabled' }],
    lossesOf: 'stand or model',
    // muster's scenarios: 13 turns unless a scenario sets other (a reading, data/blazeaway/scenarios)
    turns: 13,
    unitsOfCards: baUnitsOfCards,
    fromPacket: baFromPacket,
  },
};
