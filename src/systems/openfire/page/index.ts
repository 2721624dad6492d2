import type { PageParts } from '../../../web/kit/page-parts.js';
import { OpenFireBuilder } from './force-builder.js';

/** Open Fire in the page: a force builder (no campaign). */
export const openFirePageParts: PageParts = {
  forceBuilder: (bench, box) => new OpenFireBuilder(bench, box),
};
