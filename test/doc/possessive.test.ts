/**
 * Issue 51, point 4: names read as names. A player's side called "Allies" owns "the Allies'
 * force", never "Allies's force"; every name muster makes a possessive of goes through one rule.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { afterEach, describe, expect, it } from 'vitest';
import { possessive } from '../../src/doc/possessive.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const workdir = workdirs(afterEach);

describe('a name that owns something', () => {
  it('takes an apostrophe alone after an s', () => {
    expect(possessive('Anna')).toBe("Anna's");
    expect(possessive('Allies')).toBe("Allies'");
    expect(possessive('United States')).toBe("United States'");
    expect(possessive('Zug Hoffmann')).toBe("Zug Hoffmann's");
  });

  it('no source above the data makes a possessive by hand, but of a number or a side letter', async () => {
    // "turn 3's battles", "aircraft 2's type", "Side B's points": no name among them
    const NO_NAMES = /^(k \+ 1|state\.turn|'AB'\[i\])$/;
    const files = await fg(['src/{doc,systems,web,cli}/**/*.ts'], { cwd: ROOT });
    const byHand = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => [...line.matchAll(/\$\{((?:[^{}]|\{[^{}]*\})*)\}'s\b/g)].filter((m) => !NO_NAMES.test(m[1]!)).map((m) => `${file}:${i + 1}: ${m[0]}`)),
    );
    expect(byHand).toEqual([]);
  });

  it('a campaign packet names the Allies’ force', async () => {
    const cwd = workdir();
    const made = await muster(['campaign', 'bof', 'new', '--state', 'k.json', '--names', 'Allies,Axis Powers', '--seed', 's', '--force', path.join(ROOT, 'examples/forces/kampfgruppe-weber.yaml')], cwd);
    expect(made.code, made.stderr).toBe(0);
    const next = await muster(['campaign', 'bof', 'next', '--state', 'k.json', '--format', 'md'], cwd);
    expect(next.stdout).toContain("**Allies' force** Kampfgruppe Weber");
    expect(next.stdout).not.toMatch(/s's\b/);
  });
});
