import { describe, expect, it } from 'vitest';
import { findByName } from '../../src/data/find-name.js';
import { closeMatches, editDistance, foldName, unknownNameMessage } from '../../src/data/suggest.js';

const NATIONS = [
  { id: 'de', name: 'Germany' },
  { id: 'su', name: 'Soviet Union' },
  { id: 'us', name: 'United States' },
  { id: 'uk', name: 'United Kingdom' },
  { id: 'pl', name: 'Poland' },
];

describe('edit distance', () => {
  it('counts inserts, deletes, changes and a swap of neighbours as one edit each', () => {
    expect(editDistance('germany', 'germany')).toBe(0);
    expect(editDistance('germnay', 'germany')).toBe(1);
    expect(editDistance('derifelman', 'derifleman')).toBe(1);
    expect(editDistance('tiger', 'tigers')).toBe(1);
    expect(editDistance('tiger', 'tigr')).toBe(1);
    expect(editDistance('tiger', 'tiler')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
  it('is symmetric and counts characters, not UTF-16 units', () => {
    expect(editDistance('stug', 'panzer')).toBe(editDistance('panzer', 'stug'));
    expect(editDistance('😀a', 'a')).toBe(1);
  });
});

describe('folding a name', () => {
  it('case, accents, spaces and punctuation do not count', () => {
    expect(foldName('United States')).toBe(foldName('united-states'));
    expect(foldName('Fallschirmjäger')).toBe('fallschirmjager');
    expect(foldName('MP 40')).toBe('mp40');
  });
});

describe('close matches', () => {
  it('a slip of the fingers, best first, ties by id', () => {
    expect(closeMatches('germnay', NATIONS)).toEqual(['de']);
    expect(closeMatches('Poalnd', NATIONS)).toEqual(['pl']);
    // both hold what was typed: the nearer in length first
    expect(closeMatches('united', NATIONS)).toEqual(['us', 'uk']);
    expect(closeMatches('atlantis', NATIONS)).toEqual([]);
  });
  it('a part of a longer name, after the near misses', () => {
    const units = [{ id: 'de-tiger-ii', name: 'Königstiger' }, { id: 'de-panther-a', name: 'Panther' }, { id: 'tigr' }];
    expect(closeMatches('tiger', units)).toEqual(['tigr', 'de-tiger-ii']);
  });
  it('at most four', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ id: `panzer-${i}` }));
    expect(closeMatches('panzer', many)).toHaveLength(4);
  });
});

describe('the message for a name that names nothing', () => {
  it('the close matches, the known ids when few, the command that lists them', () => {
    expect(unknownNameMessage('nation', 'germnay', NATIONS, { listCommand: 'muster list bof nations' })).toBe(
      'unknown nation "germnay": did you mean de (Germany)? Known: de, su, us, uk, pl; list them with muster list bof nations',
    );
    expect(unknownNameMessage('nation', 'atlantis', NATIONS)).toBe('unknown nation "atlantis"; known: de, su, us, uk, pl');
  });
  it('many known names are left to the listing', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ id: `unit-${i}` }));
    expect(unknownNameMessage('unit', 'zzz', many, { listCommand: 'muster list x units' })).toBe('unknown unit "zzz"; list them with muster list x units');
  });
});

describe('finding a name', () => {
  const weapons = [
    { id: 'de-mp40', name: 'MP 40', aliases: ['mp40'] },
    { id: 'thompson', name: 'Thompson' },
    { id: 'de-panzerfaust-30', name: 'Panzerfaust 30', aliases: ['panzerfaust-30'] },
    { id: 'de-panzerfaust-60', name: 'Panzerfaust 60', aliases: ['panzerfaust-60'] },
  ];
  it('by id, by name, by another spelling', () => {
    expect(findByName('de-mp40', weapons, { what: 'weapon' }).found?.id).toBe('de-mp40');
    expect(findByName('MP 40', weapons, { what: 'weapon' }).found?.id).toBe('de-mp40');
    expect(findByName(' mp40 ', weapons, { what: 'weapon' }).found?.id).toBe('de-mp40');
    expect(findByName('THOMPSON', weapons, { what: 'weapon' }).found?.id).toBe('thompson');
  });
  it('a name that names several is refused with each of them', () => {
    const both = [...weapons, { id: 'uk-thompson', name: 'Thompson' }];
    expect(findByName('Thompson', both, { what: 'weapon', listCommand: 'muster list bof weapons' }).problem).toBe(
      '"Thompson" names 2 weapons: thompson, uk-thompson (Thompson); give the id of the one you mean (list them with muster list bof weapons)',
    );
  });
  it('the wider set is searched after the entries that fit, and an id is found in either', () => {
    const own = weapons.slice(1, 2);
    expect(findByName('mp40', own, { what: 'weapon', wider: weapons }).found?.id).toBe('de-mp40');
    expect(findByName('de-panzerfaust-30', own, { what: 'weapon', wider: weapons }).found?.id).toBe('de-panzerfaust-30');
    expect(findByName('panzerfaust', own, { what: 'weapon', wider: weapons }).problem).toMatch(/^unknown weapon "panzerfaust": did you mean de-panzerfaust-30 \(Panzerfaust 30\) or de-panzerfaust-60 \(Panzerfaust 60\)\?/);
  });
});
