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
}

export interface KeptForce extends Kept {
  /** the force file, as the builder writes it */
  yaml: string;
}

export interface Shelf<T extends Kept> {
  all(): Promise<T[]>;
  put(item: T): Promise<void>;
  remove(system: string, name: string): Promise<void>;
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

/** A shelf in memory: for tests, and for a browser that keeps nothing (IndexedDB refused). */
export function memoryShelf<T extends Kept>(): Shelf<T> {
  const kept = new Map<string, T>();
  const copy = (item: T) => structuredClone(item);
  return {
    all: async () => [...kept.values()].map(copy),
    put: async (item) => void kept.set(keyOf(item.system, item.name), copy(item)),
    remove: async (system, name) => void kept.delete(keyOf(system, name)),
  };
}

const DB_NAME = 'muster';
/** 1: forces; 2: campaigns beside them; 3: games at the table */
const DB_VERSION = 3;
export type StoreName = 'forces' | 'campaigns' | 'games';
const STORES: readonly StoreName[] = ['forces', 'campaigns', 'games'];

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('the browser refused to keep it'));
  });
}

/** The page's database, opened once per factory, its stores made or added on an older one. */
const opened = new WeakMap<IDBFactory, Promise<IDBDatabase>>();
function database(factory: IDBFactory): Promise<IDBDatabase> {
  let open = opened.get(factory);
  if (!open) {
    open = new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        for (const store of STORES) if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store, { keyPath: 'key' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('the browser keeps nothing for this page'));
    });
    opened.set(factory, open);
  }
  return open;
}

/** One store of the browser's IndexedDB (the database "muster") as a shelf. */
export function indexedDbShelf<T extends Kept>(factory: IDBFactory, store: StoreName): Shelf<T> {
  /** A change, said done only once its transaction is on the disk: a reload or a restart right after keeps it. */
  const change = async (work: (objects: IDBObjectStore) => void) => {
    const transaction = (await database(factory)).transaction(store, 'readwrite');
    work(transaction.objectStore(store));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('the browser refused to keep it'));
    });
  };
  return {
    async all() {
      const rows = (await done((await database(factory)).transaction(store, 'readonly').objectStore(store).getAll())) as (T & { key: string })[];
      return rows.map(({ key: _key, ...item }) => item as unknown as T);
    },
    put: (item) => change((objects) => objects.put({ ...item, key: keyOf(item.system, item.name) })),
    remove: (system, name) => change((objects) => objects.delete(keyOf(system, name))),
  };
}
