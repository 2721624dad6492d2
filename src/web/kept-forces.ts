/**
 * Forces kept in the browser (issue 28): each under a name the player gives, with its rule set
 * and the very force file the command line reads, so opening one is loading that file. The
 * shelf is IndexedDB in the page; the rules of names and order are pure, for Node to test with
 * a shelf in memory.
 */

export interface KeptForce {
  /** the player's name for it, as typed (trimmed) */
  name: string;
  /** the rule set's id */
  system: string;
  /** the force file, as the builder writes it */
  yaml: string;
}

/** Where kept forces live: one per rule set and name; keeping a name again replaces it. */
export interface Shelf {
  all(): Promise<KeptForce[]>;
  put(force: KeptForce): Promise<void>;
  remove(system: string, name: string): Promise<void>;
}

export const KEPT_NAME_MAX = 80;

/** A name the player typed, made fit to keep under, or why it is not. */
export function keptName(typed: string): { name: string } | { refused: string } {
  const name = typed.replace(/\s+/g, ' ').trim();
  if (!name) return { refused: 'Give the force a name to keep it under.' };
  if (name.length > KEPT_NAME_MAX) return { refused: `A name of at most ${KEPT_NAME_MAX} characters, please: this one has ${name.length}.` };
  return { name };
}

/** The order the list shows: by name as a player reads it, then by rule set. */
export function sortKept(forces: readonly KeptForce[]): KeptForce[] {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return [...forces].sort((a, b) => collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.system < b.system ? -1 : a.system > b.system ? 1 : 0));
}

const keyOf = (system: string, name: string) => `${system}\u0000${name}`;

/** A shelf in memory: for tests, and for a browser that keeps nothing (IndexedDB refused). */
export function memoryShelf(): Shelf {
  const kept = new Map<string, KeptForce>();
  return {
    all: async () => [...kept.values()].map((f) => ({ ...f })),
    put: async (force) => void kept.set(keyOf(force.system, force.name), { ...force }),
    remove: async (system, name) => void kept.delete(keyOf(system, name)),
  };
}

const DB_NAME = 'muster';
const DB_VERSION = 1;
const FORCES = 'forces';

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('the browser refused to keep it'));
  });
}

/** The browser's IndexedDB as a shelf: the database "muster", its store "forces". */
export function indexedDbShelf(factory: IDBFactory): Shelf {
  let opened: Promise<IDBDatabase> | undefined;
  const database = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(FORCES)) request.result.createObjectStore(FORCES, { keyPath: 'key' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('the browser keeps nothing for this page'));
    }));
  /** A change, said done only once its transaction is on the disk: a reload or a restart right after keeps it. */
  const change = async (work: (store: IDBObjectStore) => void) => {
    const transaction = (await database()).transaction(FORCES, 'readwrite');
    work(transaction.objectStore(FORCES));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('the browser refused to keep it'));
    });
  };
  return {
    async all() {
      const rows = (await done((await database()).transaction(FORCES, 'readonly').objectStore(FORCES).getAll())) as (KeptForce & { key: string })[];
      return rows.map(({ name, system, yaml }) => ({ name, system, yaml }));
    },
    put: (force) => change((store) => store.put({ key: keyOf(force.system, force.name), name: force.name, system: force.system, yaml: force.yaml })),
    remove: (system, name) => change((store) => store.delete(keyOf(system, name))),
  };
}
