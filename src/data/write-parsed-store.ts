import { readFileSync, writeFileSync } from 'node:fs';
import YAML from 'yaml';
import { textKey, YAML_OPTIONS, type ParsedStore } from './parsed-cache.js';

/**
 * Parses every given YAML file into the store read by parseYamlText; run by `npm run build`
 * (a build tool on Node's file system, never loaded by a run).
 */
export function writeParsedStore(files: readonly string[], location: string): number {
  const values: Record<string, string> = {};
  for (const file of [...files].sort()) {
    const text = readFileSync(file, 'utf8');
    values[textKey(text)] = JSON.stringify(YAML.parse(text, YAML_OPTIONS));
  }
  writeFileSync(location, `${JSON.stringify({ format: 2, values } satisfies ParsedStore)}\n`);
  return Object.keys(values).length;
}
