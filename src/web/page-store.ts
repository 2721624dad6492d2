/**
 * What the page keeps in this browser (forces, campaigns, games, drafts), shared with its other
 * tabs, and the notice at the top of the page when the browser keeps nothing, or another tab's
 * muster holds the store.
 */
import { BrowserStore } from './browser-shelf.js';

/** What the store notice says, by what is wrong with what this browser keeps. */
const STORE_NOTICES = {
  nothing:
    'This browser keeps nothing for this page (a private window, or storage for sites turned off): forces, campaigns and games made here are gone when the tab closes or reloads. Download each one to keep it; the page asks before you leave with something not downloaded.',
  waiting:
    'Waiting for muster open in another tab: it holds what this browser keeps, and this newer muster cannot use it until that tab lets go. Reload or close the other muster tab.',
  superseded:
    'A newer muster was opened in another tab. What this browser keeps is safe, but this tab can keep nothing more: download anything you changed here, then reload this page.',
} as const;

export type StoreState = 'kept' | keyof typeof STORE_NOTICES;

const $ = (id: string) => document.getElementById(id)!;

/**
 * The page's store, and a promise that resolves when it waits on another tab: the page goes on
 * without it meanwhile. `said` hears each state the notice shows (for the browser tests).
 */
export function pageStore(said: (state: StoreState) => void): { store: BrowserStore; waiting: Promise<void>; notice: (kind: StoreState) => void } {
  const notice = (kind: StoreState) => {
    $('store-notice').hidden = kind === 'kept';
    $('store-notice-words').textContent = kind === 'kept' ? '' : STORE_NOTICES[kind];
    $('store-reload').hidden = kind !== 'superseded';
    said(kind);
  };
  let waits: () => void = () => undefined;
  const waiting = new Promise<void>((resolve) => (waits = resolve));
  const store = new BrowserStore(browserIndexedDb(), {
    blocked() {
      notice('waiting');
      waits();
    },
    unblocked: () => notice('kept'),
    superseded: () => notice('superseded'),
  });
  return { store, waiting, notice };
}

/** The browser's IndexedDB, if it has one it lets this page use (some throw on the very asking). */
function browserIndexedDb(): IDBFactory | undefined {
  try {
    return window.indexedDB ?? undefined;
  } catch {
    return undefined;
  }
}
