import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadRulesDb, type RulesDb } from '../../src/data/load.js';
import { MAP_TYPES } from '../../src/data/terrain-schema.js';
import { manifestFor, MODULE_IDS } from '../../src/systems/registry.js';
import { RULES_TEXTS } from '../helpers/rules-texts.js';
import { TERRAIN_LOOK_STYLES } from '../../src/vocab/terrain-looks.js';
import { muster } from '../helpers/cli.js';

/**
 * Each rule set's terrain.yaml against its rules text (the names and sections are the text's),
 * and a house folder's terrain.yaml: added, replaced, refused with the file and field named.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
/** the text as one line of lower-case words, so a name broken over two lines is still found */
const textOf = (id: string) =>
  RULES_TEXTS[id]!.map((f) => readFileSync(path.join(root, '..', 'shared', 'rules', f), 'utf8'))
    .join('\n')
    .toLowerCase()
    .replace(/\s+/g, ' ');
/** a name's words, singular or plural as the text has them */
const found = (text: string, name: string) => {
  const words = name.toLowerCase().replace(/\s+/g, ' ');
  return text.includes(words) || text.includes(words.replace(/s\b/g, '')) || text.includes(`${words}s`);
};

const db: RulesDb = await loadRulesDb({ dataDirs: [] });
/** The rule sets whose data has terrain types, and whose text the project keeps to hold them to. */
const WITH_TERRAIN = db.systems.filter((s) => s.terrain && Object.hasOwn(RULES_TEXTS, s.info.id)).map((s) => s.info.id);

describe('terrain types against the texts', () => {
  it('are held for every rule set whose scenarios lay terrain', () => {
    for (const id of MODULE_IDS) if (manifestFor(id)?.scenario && db.system(id).terrain) expect(WITH_TERRAIN, id).toContain(id);
  });

  for (const id of WITH_TERRAIN) {
    it(`${id}: every type's name and section are the text's, its effect a line of muster's words`, () => {
      const terrain = db.system(id).terrain!;
      const text = textOf(id);
      expect(terrain.types.length).toBeGreaterThan(3);
      for (const type of terrain.types) {
        expect(found(text, type.name), `${id} ${type.id}: "${type.name}" is not in the text`).toBe(true);
        for (const section of type.section.split(/;\s*/)) expect(found(text, section), `${id} ${type.id}: section "${section}" is not a heading of the text`).toBe(true);
        expect(type.effect.length, `${id} ${type.id}`).toBeLessThanOrEqual(110);
        // muster's own words: no run of eight words of the text copied
        const words = type.effect.toLowerCase().replace(/[^a-z0-9 ]+/g, ' ').split(/\s+/).filter(Boolean);
        for (let i = 0; i + 8 <= words.length; i++) expect(text.replace(/[^a-z0-9 ]+/g, ' ').replace(/\s+/g, ' ').includes(words.slice(i, i + 8).join(' ')), `${id} ${type.id}: copies "${words.slice(i, i + 8).join(' ')}"`).toBe(false);
      }
    });

    it(`${id}: every map type lays something, each count naming a type of the right form`, () => {
      const terrain = db.system(id).terrain!;
      for (const map of MAP_TYPES) {
        const density = terrain.maps[map];
        const most = [...Object.values(density.pieces), ...Object.values(density.lines)].reduce((sum, [, hi]) => sum + hi, 0);
        expect(most, `${id} ${map}`).toBeGreaterThan(0);
        for (const typeId of Object.keys(density.pieces)) expect(TERRAIN_LOOK_STYLES[terrain.types.find((t) => t.id === typeId)!.look].form).not.toBe('crossing');
        for (const typeId of Object.keys(density.lines)) expect(TERRAIN_LOOK_STYLES[terrain.types.find((t) => t.id === typeId)!.look].form).toBe('crossing');
      }
    });
  }
});

describe('a house folder\'s terrain.yaml', () => {
  const house = (yaml: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-terrain-'));
    mkdirSync(path.join(dir, 'bof'), { recursive: true });
    writeFileSync(path.join(dir, 'bof', 'terrain.yaml'), yaml);
    return dir;
  };

  it('adds a type and replaces a map type\'s counts, the rest kept', async () => {
    const dir = house(`units: cm
types:
  - id: farmhouse
    name: Farmhouse
    section: Taking cover in buildings
    effect: Medium cover inside
    look: building
    passable: difficult
    size: { width: [12, 20], depth: [10, 15] }
maps:
  rural: { pieces: { farmhouse: [2, 2] } }
`);
    const merged = (await loadRulesDb({ dataDirs: [dir], only: 'bof' })).system('bof').terrain!;
    expect(merged.types.map((t) => t.id)).toContain('farmhouse');
    expect(merged.types.length).toBe(db.system('bof').terrain!.types.length + 1);
    expect(merged.maps.rural).toEqual({ pieces: { farmhouse: [2, 2] }, lines: {} });
    expect(merged.maps.city).toEqual(db.system('bof').terrain!.maps.city);
    const listed = await muster(['list', 'bof', 'terrain', '--data', dir, '--format', 'json'], root);
    expect(listed.code).toBe(0);
    const farmhouse = (JSON.parse(listed.stdout) as { id: string; details: object }[]).find((e) => e.id === 'farmhouse')!;
    expect(farmhouse.details).toMatchObject({ look: 'building', passable: 'difficult', maps: ['rural'] });
    const json = await muster(['scenario', 'bof', '--data', dir, '--seed', 'farm', '--format', 'json', '--quiet'], root);
    expect(json.code).toBe(0);
  });

  it('is refused naming its file and field: a count of a type it lacks, a road counted as a piece, a size on a line, a missing map type', async () => {
    const cases: [string, RegExp][] = [
      [`units: cm\ntypes: []\nmaps:\n  rural: { pieces: { castle: [1, 2] } }\n`, /maps\.rural\.pieces\.castle.*no terrain type "castle"/],
      [`units: cm\ntypes: []\nmaps:\n  rural: { pieces: { cobblestone-and-paved-roads: [1, 1] } }\n`, /count it under lines|no terrain type/],
      [`units: cm\ntypes:\n  - { id: lane, name: Lane, section: Movement and terrain, effect: Quick going, look: road, passable: open, size: { width: [1, 2], depth: [1, 2] } }\nmaps: {}\n`, /types\[0\]\.size.*not for a road piece/],
      [`replace: true\nunits: cm\ntypes:\n  - { id: lane, name: Lane, section: Movement and terrain, effect: Quick going, look: road, passable: open, width: 5 }\nmaps:\n  open: { lines: { lane: [1, 1] } }\n`, /maps\.rural.*missing: every terrain file set gives counts/],
      [`units: cm\ntypes:\n  - { id: lane, name: Lane, section: Movement and terrain, effect: Quick going, look: motorway, passable: open, width: 5 }\nmaps: {}\n`, /types\[0\]\.look.*one of the looks/],
    ];
    for (const [yaml, message] of cases) {
      const dir = house(yaml);
      const result = await muster(['validate', '--data', dir], root);
      expect(result.code, yaml).toBe(2);
      expect(result.stderr, yaml).toMatch(/terrain\.yaml/);
      expect(result.stderr, yaml).toMatch(message);
    }
  });
});

describe('muster list <system> terrain', () => {
  it('lists every type with its look, passage, size, section, effect and map types', async () => {
    const result = await muster(['list', 'openfire', 'terrain'], root);
    expect(result.code).toBe(0);
    for (const type of db.system('openfire').terrain!.types) expect(result.stdout).toContain(type.name);
    expect(result.stdout).toMatch(/muster's own tables/);
    expect(result.stdout).toMatch(/across the table/);
  });
});
