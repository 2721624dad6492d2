// A force file the builder refuses whole before showing any of it (issue 23, items 7 and 9):
// past the command line's limits, or holding a key that names an object's insides.
import { describe, expect, it } from 'vitest';
import { MAX_ENTRIES, MAX_FILE_BYTES } from '../../src/data/limits.js';
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
