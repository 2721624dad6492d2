/**
 * One card for models that are the same (issue 29): grouping, titles and box captions, shared
 * by every rule set whose force decks print a card a model, and the boxes as a card lays them out.
 */
import { describe, expect, it } from 'vitest';
import type { CardNode } from '../../src/doc/model.js';
import { cardForModels, groupSameModels, MODELS_A_CARD } from '../../src/doc/model-cards.js';
import { layoutCardFront } from '../../src/layout/card-faces.js';
import { MM } from '../../src/layout/style.js';
import { fonts } from '../helpers/fonts.js';

const card = (title: string): CardNode => ({
  id: 'x',
  front: { title, subtitle: 'Germany · rifleman', accent: '#4f5b62', source: { section: 'Unit stats' }, stats: [{ icon: 'tommy-gun', label: 'attack', value: '8' }], lines: [{ label: 'Kar98k', text: 'attack 8' }], rules: [{ text: 'Semi-automatic rifle.', source: { section: 'Firearms and handheld weapons' } }], footer: { left: 'Cost 3', right: 'Burst of Fire' } },
  back: { title: 'BURST OF FIRE', subtitle: 'Germany', accent: '#4f5b62', icon: 'helmet' },
});

describe('grouping models that are the same', () => {
  const models = ['a', 'b', 'a', 'c', 'a', 'b'].map((kind, i) => ({ kind, label: `M ${i + 1}` }));

  it('each group stands where its first model does, and holds its models in order', () => {
    const groups = groupSameModels(models, (m) => m.kind, (m) => m.label);
    expect(groups.map((g) => g.labels)).toEqual([['M 1', 'M 3', 'M 5'], ['M 2', 'M 6'], ['M 4']]);
  });

  it(`at most ${MODELS_A_CARD} to a card: the next of the kind starts another`, () => {
    const many = Array.from({ length: 2 * MODELS_A_CARD + 3 }, (_, i) => ({ kind: 'a', label: `Rifleman ${i + 1}` }));
    expect(groupSameModels(many, (m) => m.kind, (m) => m.label).map((g) => g.models.length)).toEqual([MODELS_A_CARD, MODELS_A_CARD, 3]);
  });

  it('models with long names of their own go a few to a card, so their boxes leave the rules room', () => {
    const named = ['Feldwebel Hans Müller', 'Gefreiter Fritz Weber', 'Schütze Karl Schmidt', 'Schütze Otto Braun', 'Schütze Paul Klein'].map((label) => ({ kind: 'a', label }));
    const groups = groupSameModels(named, (m) => m.kind, (m) => m.label);
    expect(groups.map((g) => g.models.length)).toEqual([2, 2, 1]);
  });

  it('each: a card a model, in the order given', () => {
    expect(groupSameModels(models, (m) => m.kind, (m) => m.label, true).map((g) => g.labels)).toEqual(models.map((m) => [m.label]));
  });
});

describe('the card of several models', () => {
  it('numbered models in a run: the name and the run, a box for each number', () => {
    const made = cardForModels(card('Grenadier 1'), ['Grenadier 1', 'Grenadier 2', 'Grenadier 3']);
    expect([made.front.title, made.front.tally]).toEqual(['Grenadier 1–3', ['1', '2', '3']]);
  });

  it('numbered models out of a run: the name and how many', () => {
    const made = cardForModels(card('Rifleman 3'), ['Rifleman 3', 'Rifleman 7']);
    expect([made.front.title, made.front.tally]).toEqual(['Rifleman ×2', ['3', '7']]);
  });

  it('models of one label: the label and how many, boxes numbered', () => {
    const made = cardForModels(card('Rifle team'), ['Rifle team', 'Rifle team', 'Rifle team']);
    expect([made.front.title, made.front.tally]).toEqual(['Rifle team ×3', ['1', '2', '3']]);
  });

  it('models of different labels: the card’s name and how many, each box with its label', () => {
    const made = cardForModels(card('Grenadier'), ['Hans', 'Fritz']);
    expect([made.front.title, made.front.tally]).toEqual(['Grenadier ×2', ['Hans', 'Fritz']]);
  });

  it('where the models belong: the card’s title and how many, each box with its place, a place twice numbered', () => {
    const made = cardForModels(card('FT1'), ['Squad 1', 'Squad 2', 'Artillery', 'Artillery'], 'places');
    expect([made.front.title, made.front.tally]).toEqual(['FT1 ×4', ['Squad 1', 'Squad 2', 'Artillery (1)', 'Artillery (2)']]);
  });

  it('one model: the card as it was, no box', () => {
    expect(cardForModels(card('Sniper'), ['Sniper'])).toEqual(card('Sniper'));
  });
});

describe('the boxes on a card', () => {
  // a box a pen ticks: 4 to 5 mm (issue 53, point 5)
  const isBox = (side: number) => side >= 4 * MM - 0.01 && side <= 5 * MM + 0.01;
  const w = 63 * MM;
  const h = 88 * MM;
  const none = { left: 0, right: 0, top: 0, bottom: 0 };

  it('a box and its caption for each model, inside the card above its footer, below its rules', () => {
    const captions = Array.from({ length: MODELS_A_CARD }, (_, i) => String(i + 11));
    const items = layoutCardFront(fonts, { ...card('Rifleman 11–20').front, tally: captions }, w, h, none);
    const boxes = items.filter((i) => i.kind === 'rect' && i.stroke !== undefined && isBox(i.w));
    expect(boxes).toHaveLength(MODELS_A_CARD);
    const texts = items.filter((i) => i.kind === 'text');
    for (const caption of captions) expect(texts.some((t) => t.kind === 'text' && t.text === caption)).toBe(true);
    const footer = texts.find((t) => t.kind === 'text' && t.text === 'Cost 3')!;
    const rule = texts.find((t) => t.kind === 'text' && t.text.includes('Semi-automatic'))!;
    for (const box of boxes) {
      if (box.kind !== 'rect') continue;
      expect(box.x).toBeGreaterThanOrEqual(3 * MM - 0.01);
      expect(box.x + box.w).toBeLessThanOrEqual(w - 3 * MM + 0.01);
      expect(box.y + box.h).toBeLessThan(footer.y);
      expect(box.y).toBeGreaterThan(rule.y + rule.size);
    }
  });

  it('long labels wrap to more rows and stay inside the card', () => {
    const captions = ['Unteroffizier Hans Müller', 'Gefreiter Fritz Weber', 'Schütze Karl Schmidt', 'Schütze Otto Braun'];
    const items = layoutCardFront(fonts, { ...card('Grenadier ×4').front, tally: captions }, w, h, none);
    for (const item of items) {
      if (item.kind !== 'text') continue;
      expect(item.x + fonts.textWidth(item.text, item.face, item.size)).toBeLessThanOrEqual(w - 3 * MM + 0.01);
    }
    const rows = new Set(items.filter((i) => i.kind === 'rect' && i.stroke !== undefined && isBox(i.w)).map((i) => (i.kind === 'rect' ? Math.round(i.y) : 0)));
    expect(rows.size).toBeGreaterThan(1);
  });
});
