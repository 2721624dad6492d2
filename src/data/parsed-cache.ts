import { files, readOwnFile } from './files.js';
import { holdsTooManyValues, TooManyValuesError } from './file-values.js';
import { fingerprint, sha256Hex } from './hash.js';
import { PackedTexts } from './packed-texts.js';

/**
 * The build's store of muster's own data, so that a run with built-in data parses JSON and
 * checks nothing it has checked before:
 * - `checked`: each built-in data file (by its path below data/) with the hash of its text and
 *   the value its schema gave it at build (defaults filled): taken as is when the file's text
 *   still has that hash.
 * - `values`: YAML parsed at build, by the hash of the text, for any file the build did not
 *   check (taken as the parser's output, then checked as usual).
 * Parsing YAML was most of the cost of loading the rules (170 ms in a fresh process, against
 * 1 ms for the same data as JSON), and checking it with zod another 40 ms. Any other text (an
 * edited file, a house rule) is parsed and checked as usual, so a stale store can never give
 * a wrong value.
 */
/** Options every YAML file is parsed with, here and in the build. */
export const YAML_OPTIONS = { prettyErrors: true, uniqueKeys: true } as const;

export interface ParsedStore {
  format: 3;
  /** YAML values as JSON text, by the hash of the YAML text: parsed on use, so every caller gets its own copy */
  values: Record<string, string>;
  /** checked values as JSON text, by the file's path below the data folder ("bof/system.yaml") */
  checked: Record<string, { key: string; value: string }>;
  /** Handlebars templates precompiled by the build (the templates and the data's texts), by the hash of their text */
  templates?: { handlebars: string; specs: Record<string, string> };
}

/** The store as a run keeps it: its texts packed outside the heap, decoded when asked for. */
interface LoadedStore {
  values: PackedTexts;
  /** the hash of each checked file's text, by its path below the data folder */
  checkedKeys: Map<string, string>;
  /** the checked value of each file, by its path below the data folder */
  checked: PackedTexts;
  templates: { handlebars: string; specs: PackedTexts };
}

const NOTHING_STORED: LoadedStore = { values: new PackedTexts([]), checkedKeys: new Map(), checked: new PackedTexts([]), templates: { handlebars: '', specs: new PackedTexts([]) } };

let loaded: LoadedStore | undefined;
let loadedFrom: string | undefined;

/** The store's key for a text. */
export function textKey(text: string): string {
  return fingerprint(text);
}

function store(location: string): LoadedStore {
  if (loaded && loadedFrom === location) return loaded;
  loaded = NOTHING_STORED;
  loadedFrom = location;
  try {
    const bytes = readOwnFile(location);
    if (!bytes) return loaded;
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as ParsedStore;
    // an unreadable or foreign store is ignored: every file is then parsed and checked
    if (parsed.format !== 3) return loaded;
    const texts = (record: Record<string, unknown> | undefined) => Object.entries(record ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    const checked = Object.entries(parsed.checked ?? {}).filter(([, entry]) => typeof entry?.key === 'string' && typeof entry.value === 'string');
    const handlebars = typeof parsed.templates?.handlebars === 'string' ? parsed.templates.handlebars : '';
    loaded = {
      values: new PackedTexts(texts(parsed.values)),
      checkedKeys: new Map(checked.map(([file, entry]) => [file, entry.key])),
      checked: new PackedTexts(checked.map(([file, entry]) => [file, entry.value])),
      templates: { handlebars, specs: new PackedTexts(handlebars ? texts(parsed.templates?.specs) : []) },
    };
  } catch {
    // no store (running from source, or before the first build)
  }
  return loaded;
}

/** "bof/arsenal/germany.yaml" for a file of the built-in data folder; undefined for any other. */
function builtinPath(file: string): string | undefined {
  const data = files().places.data;
  if (!file.startsWith(data)) return undefined;
  return file.slice(data.length).replaceAll('\\', '/').replace(/^\/+/, '');
}

/**
 * The value the build's check gave a built-in data file with exactly this text, as a fresh
 * copy; undefined for any other file or text.
 */
export function storedCheckedValue(file: string, text: string, location?: string): unknown {
  const relative = builtinPath(file);
  if (relative === undefined) return undefined;
  const stored = store(location ?? files().places.parsedStore);
  if (stored.checkedKeys.get(relative) !== textKey(text)) return undefined;
  return JSON.parse(stored.checked.get(relative)!) as unknown;
}

/**
 * A template's precompiled form (Handlebars' JavaScript for it) when the build made one from
 * exactly this text with this version of Handlebars; undefined otherwise.
 */
export function storedTemplateSpec(source: string, handlebarsVersion: string, location?: string): string | undefined {
  const templates = store(location ?? files().places.parsedStore).templates;
  return templates.handlebars === handlebarsVersion ? templates.specs.get(textKey(source)) : undefined;
}

/** Called with every value a schema accepted, while set: how the build learns what to store. */
let checkedRecorder: ((file: string, text: string, value: unknown) => void) | undefined;

export function recordCheckedValues(recorder: ((file: string, text: string, value: unknown) => void) | undefined): void {
  checkedRecorder = recorder;
}

export function noteCheckedValue(file: string, text: string, value: unknown): void {
  checkedRecorder?.(file, text, value);
}

/**
 * A text this long is worth keeping parsed in the player's cache folder: YAML parses at about
 * 1.5 MB a second, JSON fifty times faster; a short file is quicker to parse than to look up.
 */
export const CACHED_TEXT_LENGTH = 16 * 1024;

/**
 * The player's cache folder is a folder on disk that anything may have written to: an entry
 * is named by the SHA-256 of its text and starts with a line recording that hash and the
 * SHA-256 of the value's JSON after it, both checked before the value is used. A value
 * kept for another text (a forged or colliding name) or edited since (a damaged disk, a
 * hand) is parsed afresh instead, and written again.
 */
const ENTRY = /^yaml 2 source=([0-9a-f]{64}) value=([0-9a-f]{64})\n/;

function entryName(sourceHash: string): string {
  return `muster-yaml-2-${sourceHash}.json`;
}

/** The name a text's parsed value is kept under in the player's cache (the format's number first). */
export function cacheName(text: string): string {
  return entryName(sha256Hex(text));
}

/**
 * The value of a YAML text: from the build's store when the text is one it parsed, from the
 * player's cache when a long text was parsed before, otherwise parsed now (and a long one kept
 * in the cache). YAML errors are thrown as the yaml package throws them, and never cached.
 */
export async function parseYamlText(text: string, location?: string): Promise<unknown> {
  const key = textKey(text);
  const known = store(location ?? files().places.parsedStore).values.get(key);
  if (known !== undefined) return JSON.parse(known) as unknown;
  const cache = text.length >= CACHED_TEXT_LENGTH ? files().cache : undefined;
  // hashed once, and only where there is a cache to look in
  const sourceHash = cache ? sha256Hex(text) : '';
  const cached = cache ? readCached(cache.read(entryName(sourceHash)), sourceHash) : undefined;
  if (cached !== undefined) return cached;
  // loaded only when needed: with the store, a plain run never loads the YAML parser
  const { default: YAML } = await import('yaml');
  const value: unknown = YAML.parse(text, YAML_OPTIONS);
  if (holdsTooManyValues(value)) throw new TooManyValuesError();
  // only what JSON gives back as it was: a value with .inf or NaN is parsed each time
  if (cache && jsonFaithful(value)) {
    const json = JSON.stringify(value);
    cache.write(entryName(sourceHash), new TextEncoder().encode(`yaml 2 source=${sourceHash} value=${sha256Hex(json)}\n${json}`));
  }
  return value;
}

function readCached(bytes: Uint8Array | undefined, sourceHash: string): unknown {
  if (!bytes) return undefined;
  try {
    const entry = new TextDecoder().decode(bytes);
    const head = ENTRY.exec(entry);
    if (!head || head[1] !== sourceHash) return undefined;
    const json = entry.slice(head[0].length);
    if (sha256Hex(json) !== head[2]) return undefined;
    return JSON.parse(json) as unknown;
  } catch {
    // a damaged entry: parsed afresh, and written again
    return undefined;
  }
}

/** Whether JSON gives the value back unchanged: finite numbers, strings, booleans, null, lists, plain objects. */
export function jsonFaithful(value: unknown): boolean {
  return unfaithful(value, '') === undefined;
}

/** Where a value would come back from JSON different (undefined, a Map, Infinity, ...). */
export function unfaithful(value: unknown, at: string): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? undefined : `${at || 'the value'} is ${value}`;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const problem = unfaithful(item, `${at}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const problem = unfaithful(item, at ? `${at}.${key}` : key);
      if (problem) return problem;
    }
    return undefined;
  }
  return `${at || 'the value'} is ${typeof value === 'object' ? (value as object).constructor?.name ?? 'an object' : typeof value}`;
}
