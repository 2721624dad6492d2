import type { PageParts } from '../../../web/kit/page-parts.js';
import { BlazeawayBuilder } from './force-builder.js';

/** Blaze Away! in the page: a force builder (no campaign). */
export const blazeAwayPageParts: PageParts = {
  forceBuilder: (bench, box) => new BlazeawayBuilder(bench, box),
};
