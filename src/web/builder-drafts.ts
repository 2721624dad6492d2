/**
 * The force builder's memory (issue 52): what it shows first of each rule set, its draft kept
 * as the player types (force-draft.ts) and the address following the force (force-address.ts),
 * and the line that says when either needs the player. The address wins over the draft: it is
 * what the player opened (a link, a copied address, a reload of this very tab, which carries
 * what it showed). A draft it replaces is offered back, never dropped unsaid.
 */
import { AddressFollower } from './force-address.js';
import { DraftKeeper, draftWords, firstForce, type DraftState, type ForceDraft } from './force-draft.js';
import type { Shelf } from './browser-shelf.js';
import type { RuleSetBuilder } from './kit/force-ui.js';

/** The words of a builder opening a draft: after "Loaded". */
export const DRAFT_WORDS = 'the force you were building here, as you left it';

/** What the drafts ask of the bench. */
export interface DraftsHost {
  drafts: Shelf<ForceDraft>;
  /** resolves when the browser's store waits on another tab: the builder opens without its draft meanwhile */
  storeWaits?: Promise<void>;
  /** the page's address to be written again (its `force=` from addressValue) */
  rewriteAddress(): void;
  /** how the draft stands, for the tests */
  probe(state: DraftState): void;
}

/** A force the address's replaced, to go back to. */
interface Aside {
  system: string;
  yaml: string;
  title: string;
}

export class BuilderDrafts {
  private readonly keeper: DraftKeeper;
  private readonly address: AddressFollower;
  /** each rule set's new, empty force, as its builder first showed it */
  private readonly empties = new Map<string, string>();
  private readonly states = new Map<string, DraftState>();
  private aside: Aside | undefined;
  private active: RuleSetBuilder | undefined;

  constructor(
    private readonly root: HTMLElement,
    private readonly host: DraftsHost,
    /** a force loaded into the builder shown, with the words after "Loaded" */
    private readonly load: (yaml: string, words: string) => Promise<void>,
  ) {
    this.keeper = new DraftKeeper(host.drafts, (system, state) => {
      this.states.set(system, state);
      if (state.state === 'kept') remember(system, state.revision);
      host.probe(state);
      if (system === this.active?.system) this.say();
    });
    this.address = new AddressFollower(() => host.rewriteAddress());
    this.$('fb-draft-act').addEventListener('click', () => void this.act());
  }

  /** Whether the builder of this rule set has been shown in this tab. */
  shown(system: string): boolean {
    return this.empties.has(system);
  }

  /**
   * The builder of a rule set shown for the first time in this tab (firstForce): the force of
   * the address if it gives one that opens (`linked` loads it, and says nothing or why it did
   * not open); else the draft kept of it. A draft the address's force replaces is offered back.
   */
  async firstShown(builder: RuleSetBuilder, linked: (() => Promise<string[] | undefined>) | undefined): Promise<string[] | undefined> {
    const { system } = builder;
    const empty = builder.yaml();
    this.empties.set(system, empty);
    this.active = builder;
    const stored = await this.keeper.read(system, empty, this.host.storeWaits);
    const chosen = firstForce(linked !== undefined, stored, empty, this.ownRevision(system));
    const refused = chosen === 'address' ? await linked!() : undefined;
    if (chosen === 'address' && !refused) {
      if (stored && stored.yaml !== empty && stored.yaml !== builder.yaml()) this.aside = { system, yaml: stored.yaml, title: stored.title };
    } else if (stored && stored.yaml !== empty) {
      await this.load(stored.yaml, DRAFT_WORDS).catch(() => undefined);
    }
    this.say();
    return refused;
  }

  /** Another rule set's builder shown: its draft's words. */
  switched(builder: RuleSetBuilder): void {
    this.active = builder;
    this.say();
  }

  /** The force changed: kept as the draft now, and in the address shortly. */
  changed(builder: RuleSetBuilder, yaml: string): void {
    if (!this.empties.has(builder.system)) return;
    this.address.follow(builder.system, yaml, this.empties.get(builder.system));
    void this.keeper.save(builder.system, yaml, builder.forceName());
  }

  /** The address written now (a force opened, not typed). */
  addressNow(): void {
    this.address.now();
  }

  /** The `force=` the page's address carries for a rule set's builder. */
  addressValue(system: string): string | undefined {
    return this.address.value(system);
  }

  /** Every draft save asked for is done. */
  settled(): Promise<void> {
    return this.keeper.settled();
  }

  private say(): void {
    const system = this.active?.system;
    const aside = this.aside?.system === system ? this.aside : undefined;
    const words = system === undefined ? undefined : draftWords(this.states.get(system), aside);
    const act = this.$<HTMLButtonElement>('fb-draft-act');
    this.$('fb-draft').hidden = !words;
    this.$('fb-draft-said').textContent = words?.said ?? '';
    act.hidden = !words?.action;
    act.textContent = words?.action?.label ?? '';
    act.dataset['does'] = words?.action?.does ?? '';
  }

  private async act(): Promise<void> {
    const builder = this.active;
    if (!builder) return;
    const does = this.$('fb-draft-act').dataset['does'];
    if (does === 'take-over') {
      this.states.delete(builder.system);
      this.say();
      await this.keeper.takeOver(builder.system, builder.yaml(), builder.forceName());
    } else if (does === 'back' && this.aside?.system === builder.system) {
      const { yaml } = this.aside;
      this.aside = undefined;
      await this.load(yaml, DRAFT_WORDS);
      this.say();
    }
  }

  /** The draft's revision this tab kept last, where the page is this tab's own reloaded (or gone back to): none otherwise. */
  private ownRevision(system: string): number | undefined {
    const how = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
    if (how !== 'reload' && how !== 'back_forward') return undefined;
    const kept = tabMemory()?.getItem(`${REVISION_KEY}${system}`);
    return kept ? Number(kept) : undefined;
  }

  private $<T extends HTMLElement>(id: string): T {
    return this.root.querySelector<T>(`#${id}`)!;
  }
}

/**
 * The tab's own note of the draft revision it kept last (sessionStorage: per tab, kept over a
 * reload). A number, not the force: the draft itself is on the store's shelf alone.
 */
const REVISION_KEY = 'muster-draft-revision:';

function tabMemory(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    // a browser that refuses the page its storage: the address then wins on a reload too
    return undefined;
  }
}

function remember(system: string, revision: number): void {
  try {
    tabMemory()?.setItem(`${REVISION_KEY}${system}`, String(revision));
  } catch {
    // storage full or refused: the address wins on a reload, as in a new tab
  }
}
