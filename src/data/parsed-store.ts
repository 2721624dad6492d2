import YAML from 'yaml';
import { textKey, unfaithful, YAML_OPTIONS, type ParsedStore } from './parsed-cache.js';

/** A checked value as the build recorded it: the file's path below data/, its text's hash, the value. */
export interface CheckedEntry {
  file: string;
  key: string;
  value: unknown;
}

/**
 * The store read by storedCheckedValue, parseYamlText and storedTemplateSpec: the checked
 * value of every built-in file the build's check recorded, the parsed YAML of any other
 * (`files`, each with its path below data/ and its text), and the templates precompiled. The
 * build (scripts/build-stores.js) writes it to disk.
 */
export function parsedStoreOf(
  files: readonly { relative: string; text: string }[],
  checked: readonly CheckedEntry[] = [],
  templates?: { handlebars: string; specs: ReadonlyMap<string, string> },
): ParsedStore {
  const store: ParsedStore = { format: 3, values: {}, checked: {} };
  if (templates) {
    const specs: Record<string, string> = {};
    for (const key of [...templates.specs.keys()].sort()) specs[key] = templates.specs.get(key)!;
    store.templates = { handlebars: templates.handlebars, specs };
  }
  for (const entry of [...checked].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    const problem = unfaithful(entry.value, '');
    if (problem !== undefined) throw new Error(`${entry.file}: its checked value does not survive JSON (${problem}); it cannot be stored`);
    store.checked[entry.file] = { key: entry.key, value: JSON.stringify(entry.value) };
  }
  for (const file of [...files].sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0))) {
    if (store.checked[file.relative]) continue;
    store.values[textKey(file.text)] = JSON.stringify(YAML.parse(file.text, YAML_OPTIONS));
  }
  return store;
}
