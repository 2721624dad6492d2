import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extended } from '../../src/vocab/extended.js';

describe('a copy of an object with fields set', () => {
  it('has what a spread gives, keys in the same order, and leaves the base as it was', () => {
    const base = { kind: 'text', x: 1, y: 2, text: 'Rifleman', face: 'regular' };
    const copy = extended(base, { y: 5, rotate: -90 });
    expect(copy).toEqual({ ...base, y: 5, rotate: -90 });
    // an overridden key keeps its place; a new one comes last, as in a spread
    expect(Object.keys(copy)).toEqual(['kind', 'x', 'y', 'text', 'face', 'rotate']);
    expect(JSON.stringify(copy)).toBe(JSON.stringify({ ...base, y: 5, rotate: -90 }));
    expect(base).toEqual({ kind: 'text', x: 1, y: 2, text: 'Rifleman', face: 'regular' });
    expect(copy).not.toBe(base);
  });

  it('sets a field given as undefined, as a spread does', () => {
    const copy = extended({ a: 1 }, { b: undefined });
    expect(Object.keys(copy)).toEqual(['a', 'b']);
    expect('b' in copy).toBe(true);
  });

  it('gives copies of one shape one hidden class, where a spread adding a key gave each its own', () => {
    // V8's own view, in a process of its own (%HaveSameMap needs the flag), of the built module
    // the command runs (npm run build makes dist/)
    const module = pathToFileURL(fileURLToPath(new URL('../../dist/vocab/extended.js', import.meta.url))).href;
    const script = `
      import { extended } from ${JSON.stringify(module)};
      const copies = Array.from({ length: 200 }, (_, i) => extended({ kind: 'text', x: i, y: i, text: 't' + i }, { x: i + 1, rotate: -90 }));
      console.log(copies.every((copy) => %HaveSameMap(copy, copies[0])));`;
    const out = execFileSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(out.trim()).toBe('true');
  });
});
