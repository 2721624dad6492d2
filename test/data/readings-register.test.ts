// The registers of readings (data/<id>/readings.yaml, issue 49): every rule set has one, each
// entry names sections its text really has, and docs/readings.md is made from them, never
// edited apart; a builder marks only a reading its register holds.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { dataReadings, readingsMarkdown } from '../../src/data/readings-doc.js';
import { GenerateError } from '../../src/errors.js';
import { scratchDir } from '../helpers/fixtures.js';
import { isHeading, knownRulesText } from '../helpers/rules-texts.js';
import { manifestFor } from '../../src/systems/registry.js';

const db = await loadRulesDb({ dataDirs: [] });
describe('the registers of readings', () => {
  it('docs/readings.md is made from them (npm run readings)', () => {
    const made = readingsMarkdown(db.systems.map((s) => ({ name: s.info.name, readings: [...s.readings.values()], withData: dataReadings(s) })));
    expect(readFileSync(new URL('../../docs/readings.md', import.meta.url), 'utf8'), 'docs/readings.md is out of date: run npm run readings').toBe(made);
  });

  it.each(db.systems.map((s) => s.info.id))('%s: each entry of its register stands between sections its text has; with scenarios, it has one', (id) => {
    const system = db.system(id);
    // a scenario's rolls follow muster's procedures where the text gives none (its terrain, its
    // set-up): its register says so. A rule set of data alone may decide nothing, and have none.
    if (manifestFor(id)?.scenario) expect(system.readings.size).toBeGreaterThan(0);
    const text = knownRulesText(id);
    // a club's own rule set, whose text the project does not keep: nothing to hold its sections to
    if (text === undefined) return;
    for (const reading of system.readings.values()) {
      for (const section of reading.between) {
        expect(isHeading(text, section), `${id} reading ${reading.id}: section "${section}" is not a heading of the text`).toBe(true);
      }
    }
  });

  it('hands a builder a reading its register holds, and refuses any other', () => {
    const bof = db.system('bof');
    const first = [...bof.readings.values()][0]!;
    expect(bof.reading(first.id)).toEqual({ system: 'bof', id: first.id, title: first.title });
    expect(() => bof.reading('made-up')).toThrow(GenerateError);
    expect(() => bof.reading('made-up')).toThrow('rule set "bof" has no reading "made-up" in its readings.yaml');
  });

  it('takes a house folder’s readings: one of the same id replaces muster’s, a new one is added; a repeated id is refused', async () => {
    const { dir, cleanup } = scratchDir({
      'bof/readings.yaml': 'readings:\n  - id: escape-corridor-dice\n    title: Escape corridor, the club’s way\n    words: We roll 3D6 on the deployment table.\n    between: [Deployment]\n  - id: club-night\n    title: Club night\n    words: Games end at ten.\n    between: [Game setup]\n',
    });
    try {
      const house = (await loadRulesDb({ dataDirs: [dir], only: 'bof' })).system('bof');
      expect(house.readings.get('escape-corridor-dice')?.title).toBe('Escape corridor, the club’s way');
      expect(house.readings.get('club-night')?.words).toBe('Games end at ten.');
      expect(house.readings.size).toBe(db.system('bof').readings.size + 1);
    } finally {
      cleanup();
    }
    const twice = scratchDir({ 'bof/readings.yaml': 'readings:\n  - { id: a-b, title: A, words: B., between: [Deployment] }\n  - { id: a-b, title: C, words: D., between: [Deployment] }\n' });
    try {
      await expect(loadRulesDb({ dataDirs: [twice.dir], only: 'bof' })).rejects.toThrow(/readings\[1\]\.id.*"a-b" is given twice/s);
    } finally {
      twice.cleanup();
    }
  });
});
