/**
 * What the page keeps in the browser (issue 28): forces, campaigns and games at the table, each under a name the
 * player gives and its rule set, holding the very files the command line reads. The shelf is
 * IndexedDB in the page; the rules of names and order are pure, for Node to test with a shelf
 * in memory.
 */

/** Anything kept: one per rule set and name; keeping a name again replaces it. */
export interface Kept {
  /** the player's name for it, as typed (trimmed) */
  name: string;
  /** the rule set's id */
  system: string;
  /**
   * How many times the browser has kept this item (absent: never). A save carries the revision
   * it was made from, so a save made from an older copy than the one kept (another tab saved
   * first) is refused instead of silently replacing that tab's work.
   */
  revision?: number;
}

export interface KeptForce extends Kept {
  /** the force file, as the builder writes it */
  yaml: string;
}

/** What went wrong keeping something: the page words it, never as success. */
export type ShelfTrouble = 'full' | 'moved-on' | 'closed' | 'refused';

/** A save or removal the browser did not carry out; its message is never empty. */
export class ShelfError extends Error {
  constructor(
    readonly trouble: ShelfTrouble,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ShelfError';
  }
}

/** A save refused because another tab kept the item after this copy was read: the copy kept now. */
export class MovedOnError<T extends Kept> extends ShelfError {
  constructor(readonly stored: T) {
    super('moved-on', `another tab kept a newer “${stored.name}” first`);
  }
}

/** How a save treats what is kept: only over the copy it was made from, or over whatever is there. */
export type SaveMode = 'if-unchanged' | 'replace';

/** An item kept or removed by another tab (or another shelf of this tab). */
export interface ShelfChange {
  system: string;
  name: string;
}

export interface Shelf<T extends Kept> {
  /** false where the browser keeps nothing (no IndexedDB, or it refused to open): gone on reload */
  readonly keeps: boolean;
  all(): Promise<T[]>;
  get(system: string, name: string): Promise<T | undefined>;
  /**
   * Keeps `item`, resolving with it as kept (its new revision) once the browser has it on disk;
   * rejects with a ShelfError (MovedOnError where another tab saved first) and keeps nothing.
   */
  put(item: T, mode?: SaveMode): Promise<T>;
  remove(system: string, name: string): Promise<void>;
  /** Listens for changes made elsewhere; returns the call that stops listening. */
  onChange(listener: (change: ShelfChange) => void): () => void;
}

export const KEPT_NAME_MAX = 80;

/** A name the player typed, made fit to keep under, or why it is not. */
export function keptName(typed: string, what = 'force'): { name: string } | { refused: string } {
  const name = typed.replace(/\s+/g, ' ').trim();
  if (!name) return { refused: `Give the ${what} a name to keep it under.` };
  if (name.length > KEPT_NAME_MAX) return { refused: `A name of at most ${KEPT_NAME_MAX} characters, please: this one has ${name.length}.` };
  return { name };
}

/** `wanted`, or "wanted (2)", "(3)"... where one of that name is kept already. */
export function freeName(wanted: string, taken: readonly string[]): string {
  const whole = wanted.slice(0, KEPT_NAME_MAX).trimEnd();
  if (!taken.includes(whole)) return whole;
  for (let n = 2; ; n++) {
    // the number goes on the end, the name cut short only as far as it needs to fit
    const suffix = ` (${n})`;
    const numbered = `${whole.slice(0, KEPT_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!taken.includes(numbered)) return numbered;
  }
}

/** The order a list shows: by name as a player reads it, then by rule set. */
export function sortKept<T extends Kept>(items: readonly T[]): T[] {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return [...items].sort((a, b) => collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.system < b.system ? -1 : a.system > b.system ? 1 : 0));
}

const keyOf = (system: string, name: string) => `${system}\u0000${name}`;

/**
 * Whether a save may go over what is kept, and the item as it is then kept. Pure, the one rule
 * for every shelf: a save made from the copy kept now (same revision) goes on, as does one over
 * nothing (an item removed meanwhile is kept again: nothing the player made is lost); a save
 * made from an older copy is refused with the copy kept now.
 */
export function decideSave<T extends Kept>(stored: T | undefined, item: T, mode: SaveMode): { keep: T } | { movedOn: T } {
  if (stored && mode === 'if-unchanged' && stored.revision !== item.revision) return { movedOn: stored };
  const revision = Math.max(stored?.revision ?? 0, item.revision ?? 0) + 1;
  return { keep: { ...item, revision } };
}

/** A shelf in memory: for tests, and for a browser that keeps nothing (IndexedDB absent or refused). */
export function memoryShelf<T extends Kept>(): Shelf<T> {
  const kept = new Map<string, T>();
  const copy = (item: T) => structuredClone(item);
  return {
    keeps: false,
    all: async () => [...kept.values()].map(copy),
    get: async (system, name) => {
      const item = kept.get(keyOf(system, name));
      return item && copy(item);
    },
    async put(item, mode = 'if-unchanged') {
      const decided = decideSave(kept.get(keyOf(item.system, item.name)), item, mode);
      if ('movedOn' in decided) throw new MovedOnError(copy(decided.movedOn));
      kept.set(keyOf(item.system, item.name), copy(decided.keep));
      return copy(decided.keep);
    },
    remove: async (system, name) => void kept.delete(keyOf(system, name)),
    onChange: () => () => undefined,
  };
}

const DB_NAME = 'muster';
/** 1: forces; 2: campaigns beside them; 3: games at the table; 4: the builders' drafts (force-draft.ts) */
export const DB_VERSION = 4;
export type StoreName = 'forces' | 'campaigns' | 'games' | 'drafts';
const STORES: readonly StoreName[] = ['forces', 'campaigns', 'games', 'drafts'];

/** The words for a full store: what the player can do about it. */
export const FULL_WORDS = "this browser's storage for the page is full: remove kept forces, campaigns or games you no longer need, or free space on the device";
const CLOSED_WORDS = 'a newer muster opened in another tab has taken over what this browser keeps: reload this page';

/** A browser's failure as the page words it: a DOMException's message is often empty, its name never. */
function troubleOf(error: unknown, closed: boolean): ShelfError {
  if (error instanceof ShelfError) return error;
  // a DOMException is an Error in every browser muster runs in; its name says what went wrong
  const { name = '', message = '' } = error instanceof Error ? error : {};
  if (name === 'QuotaExceededError') return new ShelfError('full', FULL_WORDS, { cause: error });
  if (closed || name === 'InvalidStateError') return new ShelfError('closed', CLOSED_WORDS, { cause: error });
  const detail = [name, message.trim()].filter(Boolean).join(': ');
  return new ShelfError('refused', `the browser refused to keep it${detail ? ` (${detail})` : ''}`, { cause: error });
}

/** What the page is told of the database it shares with its other tabs. */
export interface StoreEvents {
  /** an older muster in another tab holds the database open and has not let go: the page says what it waits for */
  blocked(): void;
  /** the wait is over */
  unblocked(): void;
  /** a newer muster in another tab needs the database: this tab has let go, and must be reloaded to keep anything more */
  superseded(): void;
}

const quiet: StoreEvents = { blocked: () => undefined, unblocked: () => undefined, superseded: () => undefined };

/**
 * The page's store: IndexedDB's database "muster" with a shelf per kind, or shelves in memory
 * where the browser has no IndexedDB or refuses to open it (a private window, storage turned
 * off); `keeps` then says false, and the page says nothing is kept.
 */
export class BrowserStore {
  private opening: Promise<IDBDatabase | undefined> | undefined;
  private closed = false;
  private failed = false;
  private readonly memory = new Map<StoreName, Shelf<Kept>>();

  constructor(
    private readonly factory: IDBFactory | undefined,
    private readonly events: StoreEvents = quiet,
    /** the name changes are told under to other tabs (BroadcastChannel); tests give their own */
    private readonly channelName = 'muster-kept',
  ) {}

  /** Opens the database once: undefined where the browser keeps nothing. */
  database(): Promise<IDBDatabase | undefined> {
    this.opening ??= new Promise<IDBDatabase | undefined>((resolve) => {
      const nothing = () => {
        this.failed = true;
        resolve(undefined);
      };
      if (!this.factory) return nothing();
      let request: IDBOpenDBRequest;
      try {
        request = this.factory.open(DB_NAME, DB_VERSION);
      } catch {
        return nothing();
      }
      let waited = false;
      request.onupgradeneeded = () => {
        for (const store of STORES) if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store, { keyPath: 'key' });
      };
      request.onblocked = () => {
        waited = true;
        this.events.blocked();
      };
      request.onsuccess = () => {
        const db = request.result;
        // a newer build in another tab asks for the database: let go at once, so it loads, and say this tab must be reloaded
        db.onversionchange = () => {
          db.close();
          this.closed = true;
          this.events.superseded();
        };
        if (waited) this.events.unblocked();
        resolve(db);
      };
      request.onerror = () => nothing();
    });
    return this.opening;
  }

  /** Whether what goes on the shelves now outlasts the tab: not where opening failed, nor once a newer tab took over. */
  get keepsNow(): boolean {
    return this.factory !== undefined && !this.failed && !this.closed;
  }

  /** Whether this browser keeps what the page puts on its shelves. */
  async keeps(): Promise<boolean> {
    return (await this.database()) !== undefined;
  }

  /** One kind of thing kept: in IndexedDB where it opens, in memory (for this tab's life) where not. */
  shelf<T extends Kept>(store: StoreName): Shelf<T> {
    const memory = (): Shelf<T> => {
      if (!this.memory.has(store)) this.memory.set(store, memoryShelf<Kept>());
      return this.memory.get(store) as unknown as Shelf<T>;
    };
    const listeners = new Set<(change: ShelfChange) => void>();
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`${this.channelName}:${store}`) : undefined;
    if (channel) channel.onmessage = (event: MessageEvent<ShelfChange>) => listeners.forEach((listener) => listener(event.data));
    const told = (change: ShelfChange) => channel?.postMessage(change);
    const strip = (row: unknown): T | undefined => {
      if (!row) return undefined;
      const { key: _key, ...item } = row as T & { key: string };
      return item as unknown as T;
    };
    const owner = this;
    return {
      get keeps() {
        return owner.keepsNow;
      },
      all: async () => {
        const db = await this.database();
        if (!db) return memory().all();
        return this.transact(db, store, 'readonly', (objects) => {
          const request = objects.getAll();
          return () => (request.result as unknown[]).map((row) => strip(row)!);
        });
      },
      get: async (system, name) => {
        const db = await this.database();
        if (!db) return memory().get(system, name);
        return this.transact(db, store, 'readonly', (objects) => {
          const request = objects.get(keyOf(system, name));
          return () => strip(request.result);
        });
      },
      put: async (item, mode = 'if-unchanged') => {
        const db = await this.database();
        if (!db) return memory().put(item, mode);
        let outcome: { keep: T } | { movedOn: T } | undefined;
        /** a write the browser refused at once (a full disk, a value it cannot copy) */
        let refused: unknown;
        try {
          // read and write in one transaction: no other tab's save can come between the check and the write
          await this.transact(db, store, 'readwrite', (objects, transaction) => {
            const read = objects.get(keyOf(item.system, item.name));
            read.onsuccess = () => {
              outcome = decideSave(strip(read.result), item, mode);
              try {
                if ('keep' in outcome) objects.put({ ...outcome.keep, key: keyOf(item.system, item.name) });
                else transaction.abort();
              } catch (error) {
                refused = error;
                transaction.abort();
              }
            };
            return () => undefined;
          });
        } catch (error) {
          if (refused !== undefined) throw troubleOf(refused, this.closed);
          if (outcome && 'movedOn' in outcome) throw new MovedOnError(outcome.movedOn);
          throw error;
        }
        if (!outcome || !('keep' in outcome)) throw new ShelfError('refused', 'the browser refused to keep it');
        told({ system: item.system, name: item.name });
        return outcome.keep;
      },
      remove: async (system, name) => {
        const db = await this.database();
        if (!db) return memory().remove(system, name);
        await this.transact(db, store, 'readwrite', (objects) => {
          objects.delete(keyOf(system, name));
          return () => undefined;
        });
        told({ system, name });
      },
      onChange: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    } satisfies Shelf<T>;
  }

  /**
   * Work on one store in one transaction, said done only once the transaction completes (on the
   * disk: a reload or a restart right after keeps it); any failure comes as a ShelfError.
   */
  private async transact<R>(db: IDBDatabase, store: StoreName, mode: IDBTransactionMode, work: (objects: IDBObjectStore, transaction: IDBTransaction) => () => R): Promise<R> {
    let transaction: IDBTransaction;
    try {
      transaction = db.transaction(store, mode);
    } catch (error) {
      throw troubleOf(error, this.closed);
    }
    let failure: unknown;
    let result: (() => R) | undefined;
    try {
      result = work(transaction.objectStore(store), transaction);
    } catch (error) {
      failure = error;
      transaction.abort();
    }
    try {
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onabort = () => reject(failure ?? transaction.error ?? new ShelfError('refused', 'the browser refused to keep it'));
      });
    } catch (error) {
      throw troubleOf(error, this.closed);
    }
    return result!();
  }
}
