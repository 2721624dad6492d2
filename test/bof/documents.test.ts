import { withPageWords } from '../../src/doc/document-meta.js';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/render/markdown.js';
import { loadArsenal } from '../../src/systems/bof/arsenal.js';
import { buildUnitCard, forceDeck, rosterSheet } from '../../src/systems/bof/cards.js';
import { buildRoster } from '../../src/systems/bof/force.js';
import { ARSENAL_FIXTURE } from '../helpers/fixtures.js';

const arsenal = await loadArsenal([ARSENAL_FIXTURE]);
const system = { id: 'bof', name: 'Burst of Fire', rulesVersion: 'test', scale: 's', blurb: 'b', provenance: 'p', products: [], units: 'cm' as const };
const print = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
const roster = buildRoster(
  {
    name: 'Snapshot force',
    nation: 'de',
    doctrine: 'de-infantry',
    detachment: 'de-grenadier-platoon',
    points: 30,
    units: [
      { unit: 'de-officer', count: 1, weapons: [] },
      { unit: 'de-rifleman', count: 4, quality: 'conscript', weapons: [] },
      { unit: 'de-rifleman', count: 1, weapons: ['mp40'], squadLeader: true, label: 'Unteroffizier Haas' },
      { unit: 'de-kubelwagen', count: 1, weapons: [] },
    ],
  },
  arsenal,
);

describe('Burst of Fire card and roster documents (snapshots change only on purpose)', () => {
  it('roster sheet', () => {
    expect(rosterSheet(roster, arsenal, 'cm')).toMatchSnapshot();
  });
  it('force deck: one card for the models alike, a box for each; with eachModel one card per model, numbered', () => {
    const grouped = forceDeck(roster, { arsenal, units: 'cm', system }, print);
    expect(grouped.cards.map((c) => [c.front.title, c.front.tally])).toEqual([
      ['Leutnant', undefined],
      ['Schütze 1–4', ['1', '2', '3', '4']],
      ['Unteroffizier Haas', undefined],
      ['Kübelwagen', undefined],
    ]);
    expect(grouped).toMatchSnapshot();
    const deck = forceDeck(roster, { arsenal, units: 'cm', system }, { ...print, eachModel: true });
    expect(deck.cards.map((c) => c.front.title)).toEqual([
      'Leutnant',
      'Schütze 1',
      'Schütze 2',
      'Schütze 3',
      'Schütze 4',
      'Unteroffizier Haas',
      'Kübelwagen',
    ]);
    expect(deck).toMatchSnapshot();
  });
  it('unit cards in inches', () => {
    const ctx = { arsenal, units: 'in' as const, system };
    expect([...arsenal.units.values()].map((u) => buildUnitCard(u, ctx))).toMatchSnapshot();
  });
  it('the squad leader card carries his +1 and his Combat Score value of 5', () => {
    const haas = forceDeck(roster, { arsenal, units: 'cm', system }, print).cards.find((c) => c.front.title === 'Unteroffizier Haas')!;
    expect(haas.front.subtitle).toBe('Germany · squad leader (rifleman)');
    expect(haas.front.stats.find((s) => s.icon === 'bayonet')?.value).toBe('18'); // regular 16 + MP 40 +1 + leader +1
    expect(haas.front.footer.left).toBe('Cost 3 · Combat Score 5');
  });
  it('Markdown carries the roster and every card', () => {
    const md = renderMarkdown({
      meta: withPageWords({ title: 'x', systemId: 'bof', systemName: 'Burst of Fire', rulesVersion: 'test', toolVersion: '0', paper: 'a4', units: 'cm' }),
      sheets: [rosterSheet(roster, arsenal, 'cm')],
      decks: [forceDeck(roster, { arsenal, units: 'cm', system }, print)],
    });
    expect(md).toMatch(/\| Unteroffizier Haas \(squad leader†\) \| 1 \| regular \| MP 40 \| 3 \| 3 \| 5 \| 2 \|/);
    expect(md).toMatch(/### Kübelwagen\n\nGermany · light car · conscript/);
  });
});
