import { readWholeFile, type Files } from '../data/files.js';
import { fingerprint } from '../data/hash.js';
import { FontStore } from '../layout/fonts.js';

const stores = new WeakMap<Files, FontStore>();

/**
 * The fonts of muster's own files as `files` reads them, for layout and the PDF writer. One
 * store per files: the page keeps one files for all its runs, and tests one for a process,
 * so each font is parsed and each width measured once, not once a run. The places are asked
 * for when a font is first needed: the page's files fetch fonts on demand.
 */
export function fontStoreOf(files: Files): FontStore {
  let store = stores.get(files);
  if (!store) {
    store = new FontStore({
      get fonts() {
        return files.places.fonts;
      },
      get pairStore() {
        return files.places.fontPairs;
      },
      get fontkitVersion() {
        return files.places.fontkitVersion;
      },
      read: (file) => readWholeFile(files, file),
      fingerprint,
    });
    stores.set(files, store);
  }
  return store;
}
