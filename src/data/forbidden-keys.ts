import type { DataProblem } from '../errors.js';
import { formatPath } from './field-path.js';

/**
 * Keys JavaScript gives a meaning of their own. The YAML and JSON parsers keep them as plain
 * keys, but a value copied key by key (a schema's record, a spread, a merge) can then set an
 * object's prototype or shadow what every object inherits; a schema that strips unknown keys
 * dropped them without a word. No muster file uses them, so a file that does is refused.
 */
export const FORBIDDEN_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/**
 * The first forbidden key in a parsed value, as a problem naming the file and the field path
 * (`units[2].__proto__`); undefined when there is none. Walks with a stack of its own, so a
 * deeply nested file cannot exhaust the call stack.
 */
export function forbiddenKeyProblem(value: unknown, file: string, what: string): DataProblem | undefined {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
      continue;
    }
    const keys = Object.keys(current);
    const forbidden = keys.find((key) => FORBIDDEN_KEYS.includes(key));
    if (forbidden !== undefined) {
      return {
        file,
        path: formatPath([...path, forbidden]),
        message: `the key "${forbidden}" is not allowed: ${FORBIDDEN_KEYS.join(', ')} have a meaning of their own in JavaScript, so no ${what} may use them as a field's name; remove it or rename it`,
      };
    }
    for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: (current as Record<string, unknown>)[keys[i]!], path: [...path, keys[i]!] });
  }
  return undefined;
}
