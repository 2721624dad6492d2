import type { PageParts } from '../../../web/kit/page-parts.js';
import { OpenFireBuilder } from './force-builder.js';
import { ofFromPacket } from './table.js';

/** Open Fire in the page: a force builder (no campaign), and its table mode. */
export const openFirePageParts: PageParts = {
  forceBuilder: (bench, box) => new OpenFireBuilder(bench, box),
  tableMode: {
    odds: ['to-hit', 'cover', 'odds-2d6-lower'],
    markers: [{ token: 'pinned' }, { token: 'hit-the-dirt' }, { token: 'fall-back' }],
    lossesOf: 'unit',
    // muster's scenario settings: 10 turns unless chosen (data/openfire/tables, scenario-settings)
    turns: 10,
    fromPacket: ofFromPacket,
  },
};
