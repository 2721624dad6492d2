// A force file the builder refuses whole before showing any of it (issue 23, items 7 and 9):
// past the command line's limits, or holding a key that names an object's insides.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { holdsTooManyValues, TOO_MANY_VALUES } from '../../src/data/file-values.js';
import { forceFromLinkValue, forceLinkValue } from '../../src/data/force-link.js';
import { MAX_ENTRIES, MAX_FILE_BYTES, MAX_FORCE_LINK_CHARS } from '../../src/data/limits.js';
import { aliasBombYaml } from '../helpers/alias-bomb.js';
import { muster } from '../helpers/cli.js';
import { forceFileRefusal, ordered } from '../../src/web/kit/force-model.js';
import { bofForceFromText } from '../../src/systems/bof/page/force-model.js';
import { baForceFromText } from '../../src/systems/blazeaway/page/force-model.js';
import { ftForceFromText } from '../../src/systems/fireteam/page/force-model.js';

describe('a force file the builder refuses', () => {
  it('has a list longer than the command line takes, in any rule set', () => {
    const units = (n: number) => `name: Big\nunits:\n${'  - unit: de-rifleman\n'.repeat(n)}`;
    expect(() => bofForceFromText(units(MAX_ENTRIES))).not.toThrow();
    expect(() => bofForceFromText(units(MAX_ENTRIES + 1))).toThrow(`units holds ${MAX_ENTRIES + 1} entries; muster takes at most ${MAX_ENTRIES} in one list, as the command line does. Split the force into smaller ones.`);
    expect(() => baForceFromText(`name: Big\nunits:\n${'  - { name: Zug, kind: infantry }\n'.repeat(MAX_ENTRIES + 1)}`)).toThrow(/^units holds 501 entries/);
    expect(() => ftForceFromText(`name: Big\nplatoons:\n${'  - { squads: 3 }\n'.repeat(MAX_ENTRIES + 1)}`)).toThrow(/^platoons holds 501 entries/);
    expect(() => bofForceFromText(`name: ${'x'.repeat(MAX_FILE_BYTES)}\n`)).toThrow(/^the file is 1\.0 MB; muster takes force files of up to 1 MB/);
  });

  it('names a __proto__, constructor or prototype key where it stands', () => {
    expect(() => bofForceFromText('__proto__: { polluted: 1 }\nname: x\n')).toThrow('the file holds a key named "__proto__": muster takes no key named "__proto__", "constructor" or "prototype" in any file. Rename or remove it, and load the file again.');
    expect(forceFileRefusal({ units: [{ unit: 'a' }, { unit: 'b', constructor: 1 }] })).toMatch(/^entry 2 of units holds a key named "constructor"/);
    expect(forceFileRefusal(JSON.parse('{"platoons": [{"picks": [{"prototype": 1}]}]}'))).toMatch(/^entry 1 of picks in entry 1 of platoons holds a key named "prototype"/);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('never reaches a prototype when the builder orders a mapping’s keys', () => {
    const odd = JSON.parse('{"name": "x", "__proto__": {"polluted": true}}') as Record<string, unknown>;
    const out = ordered(odd, ['name']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['name', '__proto__']);
    expect((out as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe('a force whose YAML aliases make it large (issue 55)', () => {
  it('is refused by the rule set’s own limits before a row is made: a 600-character link of 100 units of 500 stands', () => {
    const yaml = aliasBombYaml();
    const value = forceLinkValue(yaml);
    expect(value.length).toBeGreaterThan(500);
    expect(value.length).toBeLessThan(800);
    const opened = forceFromLinkValue(value);
    expect(opened).toEqual({ yaml });
    // the builder refuses it by the command line's 20 stands a unit, never reaching 50,000
    expect(() => baForceFromText(yaml)).toThrow('stands in entry 1 of units holds 500 entries; muster takes at most 20 there, as the command line does. Take some out, or split the force into smaller ones.');
    // 20 stands a unit, 100 units: what the command line takes, the builder takes
    expect(baForceFromText(aliasBombYaml(100, 20)).force.units).toHaveLength(100);
    expect(() => baForceFromText(`name: Big\nunits:\n${'  - { name: Zug, kind: infantry, stands: [{ type: rifle }] }\n'.repeat(101)}`)).toThrow(/^units holds 101 entries; muster takes at most 100 there/);
  });

  it('is refused by what its aliases make of it, in the page and on the command line alike', async () => {
    // within every list's limit and YAML's own count of aliases (100 to one anchor): 100
    // aliases to a mapping of 12 lists of 500 values, 600,000 values in an 18 kB file
    const lists = Array.from({ length: 12 }, (_, i) => `l${i}: [${Array.from({ length: 500 }, () => '1').join(', ')}]`).join(', ');
    const wide = `name: Wide\nunits:\n  - {unit: de-rifleman}\nnotes: &n {${lists}}\nmore: [${Array.from({ length: 99 }, () => '*n').join(', ')}]\n`;
    expect(new TextEncoder().encode(wide).length).toBeLessThan(20_000);
    expect(() => bofForceFromText(wide)).toThrow(`${TOO_MANY_VALUES}.`);
    expect(holdsTooManyValues(YAML.parse(aliasBombYaml()))).toBe(false);
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-aliases-'));
    writeFileSync(path.join(dir, 'wide.yaml'), wide);
    const checked = await muster(['check', 'bof', '--force', 'wide.yaml'], dir);
    expect(checked.code).toBe(2);
    expect(checked.stderr).toContain(TOO_MANY_VALUES);
  });

  it('is refused by its length before it is unpacked, when the link is longer than any real force needs', () => {
    expect(forceFromLinkValue('A'.repeat(MAX_FORCE_LINK_CHARS + 1))).toEqual({
      refused: `This link is longer than a link to muster carries (64 kB of force; the largest real forces take some 8 kB): it was not opened. Ask for the force file instead, and load it.`,
    });
    // a 1.4 MB link, as the issue's: refused as soon as it is read
    expect(forceFromLinkValue('A'.repeat(1_400_000))).toHaveProperty('refused');
  });
});
