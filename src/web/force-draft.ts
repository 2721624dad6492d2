/**
 * The force being built, kept as it is typed (issue 52): each rule set's builder has one draft,
 * its working copy, on the store's "drafts" shelf (browser-shelf.ts: revisions, MovedOnError,
 * memory where the browser keeps nothing). A draft is not a kept force: it has no name of the
 * player's and is not listed; "Keep it" still keeps a named force. No DOM here: Node tests it
 * over a shelf in memory.
 */
import { MovedOnError, type Kept, type Shelf } from './browser-shelf.js';

/** A builder's working copy: one per rule set, under one fixed name. */
export interface ForceDraft extends Kept {
  /** the force file, as the builder writes it */
  yaml: string;
  /** the force's own name when it was kept, for the words that offer it back */
  title: string;
}

/** The one name every draft is kept under: a draft is its rule set's, never the player's to name. */
export const DRAFT_NAME = 'draft';

/**
 * How the draft of a rule set stands after a save. `kept`: on disk; `tab`: in this tab only (the
 * browser keeps nothing); `moved-on`: another tab kept its own draft since this tab read or
 * kept it, so this tab keeps nothing more over it until told to (takeOver); `not-kept`: the
 * browser refused (full, or a newer muster took the store over), `message` says why.
 */
export type DraftState = { state: 'kept' | 'tab'; yaml: string; revision: number } | { state: 'moved-on'; theirs: ForceDraft } | { state: 'not-kept'; message: string };

interface Known {
  /** the revision this tab saves over: the draft's as read or last kept here; undefined: none seen */
  revision: number | undefined;
  /** the force as last read or kept: a save of the same force writes nothing */
  yaml: string;
  /** another tab's newer draft refused this tab's: nothing more is saved over it until takeOver */
  refused: boolean;
}

/** What a builder's tab knows of its rule sets' drafts, and the saves it makes of them, one at a time. */
export class DraftKeeper {
  private readonly known = new Map<string, Known>();
  /** the save under way, and the force waiting for it per rule set (only the newest is written) */
  private saving: Promise<void> = Promise.resolve();
  private readonly waiting = new Map<string, { yaml: string; title: string; mode: 'if-unchanged' | 'replace' }>();

  constructor(
    private readonly shelf: Shelf<ForceDraft>,
    /** told how a rule set's draft stands after each save */
    private readonly told: (system: string, state: DraftState) => void = () => undefined,
  ) {}

  /**
   * The draft kept for a rule set, read when its builder is first shown in this tab: this tab's
   * saves go over that copy. `shown`: the builder's force as it opens (a new one), which needs no
   * saving. `giveUp` resolves when the store cannot answer now (held by another tab): the builder
   * then opens without the draft, and a save over one kept meanwhile is refused, never laid over it.
   */
  async read(system: string, shown: string, giveUp: Promise<void> = new Promise(() => undefined)): Promise<ForceDraft | undefined> {
    const stored = await Promise.race([this.shelf.get(system, DRAFT_NAME).catch(() => undefined), giveUp.then(() => undefined)]);
    this.known.set(system, { revision: stored?.revision, yaml: stored?.yaml ?? shown, refused: false });
    return stored;
  }

  /** The force changed: kept at once, or after the save under way (then only the newest). */
  save(system: string, yaml: string, title: string): Promise<void> {
    return this.queue(system, { yaml, title, mode: 'if-unchanged' });
  }

  /** This tab's force kept as the draft over another tab's (the player chose it): saving goes on. */
  takeOver(system: string, yaml: string, title: string): Promise<void> {
    return this.queue(system, { yaml, title, mode: 'replace' });
  }

  /** Whether another tab's draft stopped this tab saving its own. */
  stopped(system: string): boolean {
    return this.known.get(system)?.refused === true;
  }

  /** Every save asked for is done (or refused). */
  settled(): Promise<void> {
    return this.saving;
  }

  private queue(system: string, wanted: { yaml: string; title: string; mode: 'if-unchanged' | 'replace' }): Promise<void> {
    const before = this.waiting.get(system);
    // a take-over asked for and not yet written stays one
    this.waiting.set(system, before?.mode === 'replace' ? { ...wanted, mode: 'replace' } : wanted);
    if (before) return this.saving;
    this.saving = this.saving.then(() => this.write(system));
    return this.saving;
  }

  private async write(system: string): Promise<void> {
    const wanted = this.waiting.get(system);
    this.waiting.delete(system);
    if (!wanted) return;
    const known = this.known.get(system) ?? { revision: undefined, yaml: '', refused: false };
    if (wanted.mode === 'if-unchanged' && (known.refused || wanted.yaml === known.yaml)) return;
    try {
      const kept = await this.shelf.put({ system, name: DRAFT_NAME, yaml: wanted.yaml, title: wanted.title, revision: known.revision }, wanted.mode);
      this.known.set(system, { revision: kept.revision, yaml: kept.yaml, refused: false });
      this.told(system, { state: this.shelf.keeps ? 'kept' : 'tab', yaml: kept.yaml, revision: kept.revision ?? 0 });
    } catch (error) {
      if (error instanceof MovedOnError) {
        this.known.set(system, { ...known, refused: true });
        this.told(system, { state: 'moved-on', theirs: error.stored as ForceDraft });
        return;
      }
      this.told(system, { state: 'not-kept', message: (error as Error).message });
    }
  }
}

/**
 * Which force a builder shows when first shown in a tab: the address's, where it gives one (it
 * is what the player opened: a link, a copied address); else the draft, where one is kept;
 * else a new force. One exception: this very tab reloaded (or gone back to) while the draft is
 * the one it kept last (`ownRevision`): its address may lag the last keys typed by a moment
 * (force-address.ts), and the draft holds them.
 */
export function firstForce(address: boolean, stored: ForceDraft | undefined, empty: string, ownRevision: number | undefined): 'address' | 'draft' | 'new' {
  const draft = stored !== undefined && stored.yaml !== empty;
  if (address && !(draft && ownRevision !== undefined && stored.revision === ownRevision)) return 'address';
  return draft ? 'draft' : 'new';
}

/** What the builder says of its draft, and the button it offers: none where all is well. */
export interface DraftWords {
  said: string;
  /** the button's words and what it does */
  action?: { label: string; does: 'take-over' | 'back' };
}

/** The words for a draft's state; `aside`: the force the address's replaced, offered back. */
export function draftWords(state: DraftState | undefined, aside?: { title: string }): DraftWords | undefined {
  if (state?.state === 'moved-on') {
    return {
      said: 'This force is being built in another tab too, and that tab kept its own since this one: this tab no longer keeps over it, so neither is lost. What you build here stays in this tab’s address (a reload of this tab brings it back).',
      action: { label: 'Keep this tab’s force instead', does: 'take-over' },
    };
  }
  if (state?.state === 'not-kept') return { said: `This browser did not keep the force as you typed it: ${state.message}. The page’s address still holds it; download the force file to be sure of it.` };
  if (aside) {
    const named = aside.title.trim() ? ` (“${aside.title.trim()}”)` : '';
    return {
      said: `The force in the address replaced the force you were building here${named}.`,
      action: { label: `Back to the force you were building`, does: 'back' },
    };
  }
  return undefined;
}
