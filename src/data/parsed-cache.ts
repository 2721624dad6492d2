import { files, readOwnFile } from './files.js';
import { fingerprint } from './hash.js';

/**
 * Parsing YAML is most of the cost of loading the rules (about 60 ms warm, 170 ms in a fresh
 * process, against 1 ms for the same data as JSON). The build parses the built-in data once
 * and stores each file's value under the hash of its text; at run time a file whose text
 * hashes to a stored key is taken from the store, and any other file (edited data, a house
 * rule) is parsed as usual. A stale store can therefore never give a wrong value.
 */
/** Options every YAML file is parsed with, here and in the build. */
export const YAML_OPTIONS = { prettyErrors: true, uniqueKeys: true } as const;

export interface ParsedStore {
  format: 2;
  /** each file's value as JSON text: parsed on use, so every caller gets its own copy */
  values: Record<string, string>;
}

let loaded: Map<string, string> | undefined;
let loadedFrom: string | undefined;

/** The store's key for a text. */
export function textKey(text: string): string {
  return fingerprint(text);
}

function store(location: string): Map<string, string> {
  if (loaded && loadedFrom === location) return loaded;
  loaded = new Map();
  loadedFrom = location;
  try {
    const bytes = readOwnFile(location);
    if (!bytes) return loaded;
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as ParsedStore;
    // an unreadable or foreign store is ignored: every file is then parsed from YAML
    if (parsed.format === 2 && parsed.values && typeof parsed.values === 'object') {
      for (const key of Object.keys(parsed.values)) {
        const value = parsed.values[key];
        if (typeof value === 'string') loaded.set(key, value);
      }
    }
  } catch {
    // no store (running from source, or before the first build)
  }
  return loaded;
}

/**
 * The value of a YAML text: from the build's store when the text is one it parsed, otherwise
 * parsed now. YAML errors are thrown as the yaml package throws them.
 */
export async function parseYamlText(text: string, location?: string): Promise<unknown> {
  const known = store(location ?? files().places.parsedStore).get(textKey(text));
  if (known !== undefined) return JSON.parse(known) as unknown;
  // loaded only when needed: with the store, a plain run never loads the YAML parser
  const { default: YAML } = await import('yaml');
  return YAML.parse(text, YAML_OPTIONS);
}
