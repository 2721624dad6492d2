/**
 * The page's address follows the force being built (issue 52): `force=` packed as "Make a link"
 * packs it (force-link.ts), so a reload, a tab a phone brought back, or a copied address opens
 * the same force. The address is rewritten in place (history.replaceState, by the page), never
 * added to the history, and at most every GAP_MS while the player types: browsers refuse an
 * address rewritten too often (Safari: 100 times in 30 s).
 */
import { MAX_FORCE_LINK_CHARS } from '../data/limit-values.js';
import { forceLinkValue } from './force-link.js';

/** The least time between two rewrites of the address while a force is typed. */
export const GAP_MS = 400;

/** The `force=` value of a force for the address; none for a new, empty force or one too large for a link (the draft keeps that one). */
export function addressValue(yaml: string | undefined, empty: string | undefined): string | undefined {
  if (yaml === undefined || yaml === empty) return undefined;
  const value = forceLinkValue(yaml);
  return value.length <= MAX_FORCE_LINK_CHARS ? value : undefined;
}

/**
 * The force the address carries: set as the force changes, the page told to rewrite its
 * address GAP_MS after the first change it has not written (not pushed back by each key), and
 * at once when the tab is hidden or left (a phone may end a tab behind others).
 */
export class AddressFollower {
  /** the force as it is now, and as the address last took it */
  private latest: Followed | undefined;
  private written: Followed | undefined;
  private packed: { of: Followed; value: string | undefined } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly rewrite: () => void) {
    addEventListener('pagehide', () => this.now());
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && this.now());
  }

  /** The force of a rule set's builder as it is now, and that builder's new force (which the address leaves out). */
  follow(system: string, yaml: string, empty: string | undefined): void {
    this.latest = { system, yaml, empty };
    this.timer ??= setTimeout(() => this.now(), GAP_MS);
  }

  /** The address rewritten now, if a change waits. */
  now(): void {
    if (this.latest === this.written) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.written = this.latest;
    this.rewrite();
  }

  /** The `force=` value the address of a rule set's builder carries, as last rewritten (packed once per force). */
  value(system: string): string | undefined {
    const written = this.written;
    if (written?.system !== system) return undefined;
    if (this.packed?.of !== written) this.packed = { of: written, value: addressValue(written.yaml, written.empty) };
    return this.packed.value;
  }
}

interface Followed {
  system: string;
  yaml: string;
  empty: string | undefined;
}
