/**
 * Forces in the page's own address: the builder's link (`force=`), and a product's forces
 * (`force=` for side A, `forceB=` for side B) packed after its options. The packing is the
 * shared one of src/data/force-link.ts, which a roster's printed link uses too.
 */
import { FORCE_PARAM } from '../data/force-link.js';

export { FORCE_PARAM, forceFromLinkValue, forceLink, forceLinkValue } from '../data/force-link.js';

/** Side B's force in a scenario's link, beside side A's `force=`. */
export const FORCE_B_PARAM = 'forceB';

/** The `force=` value of a page's fragment (#/bof/force?force=...), or another parameter's, if it has one. */
export function forceInHash(hash: string, param = FORCE_PARAM): string | undefined {
  const query = /^#\/[\w-]+(?:\/[\w-]+)?\?(.*)$/.exec(hash)?.[1];
  return query === undefined ? undefined : (new URLSearchParams(query).get(param) ?? undefined);
}

/** A page's fragment with the forces a product is given packed after its options (`force=`, `forceB=`). */
export function withForces(hash: string, packed: { a?: string; b?: string }): string {
  const params = [...(packed.a ? [`${FORCE_PARAM}=${packed.a}`] : []), ...(packed.b ? [`${FORCE_B_PARAM}=${packed.b}`] : [])];
  if (params.length === 0) return hash;
  return `${hash}${hash.includes('?') ? '&' : '?'}${params.join('&')}`;
}

