// A detachment's core entries as `list bof detachments` writes them, read back as the page's
// force builder reads them to fill a new force: every detachment of the data, both ways.
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { loadArsenal } from '../../src/systems/bof/arsenal.js';
import { coreLine, parseCoreLine } from '../../src/systems/bof/core-line.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';


const workdir = workdirs(afterEach);

describe("a detachment's core line", () => {
  it('is read back as written, for every detachment of the data, as the listing writes it', async () => {
    const db = await loadRulesDb({ dataDirs: [] });
    const arsenal = await loadArsenal(db.system('bof').dirs);
    const { code, stdout } = await muster(['list', 'bof', 'detachments', '--format', 'json'], workdir());
    expect(code).toBe(0);
    const listed = new Map((JSON.parse(stdout) as { id: string; details: { core: string[] } }[]).map((d) => [d.id, d.details.core]));
    let seen = 0;
    for (const doctrine of arsenal.doctrines.values()) {
      for (const detachment of doctrine.detachments) {
        const lines = listed.get(detachment.id)!;
        expect(lines, detachment.id).toEqual(detachment.core.map(coreLine));
        expect(lines.map(parseCoreLine), detachment.id).toEqual(detachment.core.map((c) => ({ unit: c.unit, count: c.count, ...(c.quality ? { quality: c.quality } : {}) })));
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(15);
  });

  it('reads an elite core, and nothing from a line in another form', () => {
    expect(parseCoreLine('4 x de-fallschirmjager (elite)')).toEqual({ unit: 'de-fallschirmjager', count: 4, quality: 'elite' });
    expect(parseCoreLine('1 x us-officer')).toEqual({ unit: 'us-officer', count: 1 });
    expect(parseCoreLine('four riflemen')).toBeUndefined();
    expect(parseCoreLine('2 x de-rifleman (very good)')).toBeUndefined();
  });
});
