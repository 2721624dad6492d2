import { withPageWords } from '../../src/doc/document-meta.js';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAPERS } from '../../src/cli/command-table.js';
import { loadRulesDb } from '../../src/data/load.js';
import { BUILTIN_DATA_DIR } from '../../src/cli/builtin-dir.js';
import type { DocumentMeta, DrawingNode, Paper, TokenSheetNode } from '../../src/doc/model.js';
import { layoutDrawings, OVERLAP } from '../../src/layout/drawings.js';
import { MM } from '../../src/layout/style.js';
import { drawToken, layoutTokenSheet, tokenCentre, tokenGrid } from '../../src/layout/tokens.js';
import { loadAids } from '../../src/systems/bof/aids.js';
import { aidDrawings, blastTemplates, buildTokenSheet, eventDeck, grenadeRuler, rangeRuler, smokeTemplate, tokenCounts } from '../../src/systems/bof/aids-builders.js';
import { loadArsenal } from '../../src/systems/bof/arsenal.js';
import { buildRoster } from '../../src/systems/bof/force.js';
import { fonts } from '../helpers/fonts.js';

const dirs = [path.join(BUILTIN_DATA_DIR, 'bof')];
const [aids, arsenal] = await Promise.all([loadAids(dirs), loadArsenal(dirs)]);
const bof = (await loadRulesDb({ dataDirs: [] })).system('bof');
const meta = (paper: Paper = 'a4', units: 'cm' | 'in' = 'cm'): DocumentMeta => withPageWords({
  title: 't', systemId: 'bof', systemName: 'Burst of Fire', rulesVersion: 'test', toolVersion: '0', paper, units,
});
const print = { round: 25, square: 20, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
const circleOf = (d: DrawingNode) => d.shapes.find((s) => s.kind === 'circle')!;

describe('tokens and markers', () => {
  it('cover every state the issue lists, each tied to a section of the rules', () => {
    const labels = aids.tokens.map((t) => t.id);
    for (const id of ['suppressed', 'injured', 'shocked', 'frightened', 'tactical-retreat', 'surrender', 'spent', 'hide', 'ambush', 'stuck', 'overwatch', 'covering-fire', 'intercept', 'cool-down', 'immobilized', 'turret-jam', 'gun-damage', 'back-up', 'crew-bails', 'reposition', 'defensive-spiral', 'driver-panics', 'breaks-down', 'on-fire', 'smoke-3', 'smoke-2', 'smoke-1', 'objective', 'mine', 'ruin', 'crater', 'squad-leader', 'conscript', 'regular', 'elite']) {
      expect(labels, id).toContain(id);
    }
    for (const token of aids.tokens) expect(token.section.length).toBeGreaterThan(3);
  });
  it('a 25 mm round token is 25 mm across and a 20 mm square one 20 mm a side, cut lines included', () => {
    const round = drawToken(fonts, { label: 'Spent', icon: 'clock', colour: '#3f4a3c', shape: 'round' }, 25 * MM, true);
    const cut = round.find((i) => i.kind === 'circle' && i.stroke === '#000000');
    expect(cut && cut.kind === 'circle' && (2 * cut.r) / MM).toBeCloseTo(25, 2);
    const square = drawToken(fonts, { label: 'Stuck', icon: 'wrench', colour: '#6b4b2a', shape: 'square' }, 20 * MM, true);
    const edge = square.find((i) => i.kind === 'rect' && i.stroke === '#000000');
    expect(edge && edge.kind === 'rect' && edge.w / MM).toBeCloseTo(20, 2);
  });
  it('smoke counts down on its two sides: 3 turns on the front, 2 on the back', () => {
    const sheet = buildTokenSheet(aids, tokenCounts(aids), print, 'Tokens');
    const smoke = sheet.tokens.find((t) => t.front.number === 3)!;
    expect([smoke.front.label, smoke.front.number, smoke.back.number]).toEqual(['Smoke', 3, 2]);
    const badge = sheet.tokens.find((t) => t.front.label === 'Conscript')!;
    expect(badge.back.label).toBe('Regular');
  });
  it('a sheet for a force has one Spent per model and Suppressed for half its infantry', () => {
    const roster = buildRoster(
      {
        name: 'f', nation: 'de', doctrine: 'de-infantry', detachment: 'de-grenadier-platoon', points: 200,
        units: [
          { unit: 'de-officer', count: 1, weapons: [] },
          { unit: 'de-squad-leader', count: 1, weapons: [] },
          { unit: 'de-rifleman', count: 6, weapons: [] },
          { unit: 'de-mg-gunner', count: 1, weapons: [] },
          { unit: 'de-pak-36', count: 1, weapons: [] },
        ],
      },
      arsenal,
    );
    const counts = tokenCounts(aids, roster);
    expect(counts.get('spent')).toBe(10); // every model
    expect(counts.get('suppressed')).toBe(4); // half of 8 infantry, rounded up
    expect(counts.get('ambush')).toBe(1); // one per support weapon
    expect(counts.get('intercept')).toBe(0); // no planes
    expect(counts.get('smoke-3')).toBe(3); // not tied to the force: the standard count
  });
  it('backs mirror the fronts for both flips', () => {
    const sheet: TokenSheetNode = buildTokenSheet(aids, tokenCounts(aids), print, 'Tokens');
    const grid = tokenGrid(fonts, sheet, meta());
    const pageWidth = 210 * MM;
    for (let i = 0; i < 12; i++) {
      const front = tokenCentre(grid, i, 'front', sheet, grid.rows);
      const back = tokenCentre(grid, i, 'back', sheet, grid.rows);
      expect(back.x).toBeCloseTo(pageWidth - front.x, 6);
      expect(back.y).toBeCloseTo(front.y, 6);
    }
    const short = { ...sheet, print: { ...sheet.print, duplex: 'short' as const } };
    const top = tokenCentre(grid, 0, 'front', short, grid.rows);
    const bottom = tokenCentre(grid, 0, 'back', short, grid.rows);
    expect(bottom.x).toBeCloseTo(top.x, 6);
    expect(bottom.y).toBeGreaterThan(top.y);
    // two sheets of fronts, each with its backs: the page is filled edge to edge of the safe area
    expect(layoutTokenSheet(fonts, sheet, meta(), 1, 4)).toHaveLength(4);
  });
});

describe('templates at true scale', () => {
  it('blast discs have the radii of the rules table: 5, 10, 20, 25 cm, or 2, 4, 8, 10 in', () => {
    expect(blastTemplates(bof, 'cm').map((d) => circleOf(d).kind === 'circle' && (circleOf(d) as { r: number }).r)).toEqual([50, 100, 200, 250]);
    expect(blastTemplates(bof, 'in').map((d) => (circleOf(d) as { r: number }).r)).toEqual([2, 4, 8, 10].map((n) => n * 25.4));
  });
  it('smoke is 15 cm square, or 6 in', () => {
    expect(smokeTemplate(aids, 'cm')).toMatchObject({ width: 150, height: 150 });
    expect(smokeTemplate(aids, 'in').width).toBeCloseTo(6 * 25.4, 6);
  });
  it('the grenade ruler is 25 cm in bands of 5 cm with the 4D6 needed and its chance', () => {
    const pieces = grenadeRuler(bof, aids, 'cm');
    expect(pieces.reduce((sum, p) => sum + p.width, 0)).toBeCloseTo(250, 6);
    const labels = pieces.flatMap((p) => p.shapes.filter((s) => s.kind === 'text' && /\(/.test(s.text)).map((s) => (s as { text: string }).text));
    expect(labels).toEqual(expect.arrayContaining(['18- (90%)', '16- (76%)', '14- (56%)', '12- (34%)']));
  });
  it('the range ruler runs to 100 cm with close and medium bands', () => {
    const pieces = rangeRuler(bof, 'cm');
    expect(pieces.reduce((sum, p) => sum + p.width, 0)).toBeCloseTo(1000, 6);
    const text = JSON.stringify(pieces);
    expect(text).toContain('close +8');
    expect(text).toContain('medium +4');
  });
  it('a template larger than the paper is split into overlapping pieces; a blast disc prints as its quarter where that takes fewer', () => {
    const [, , twenty, twentyFive] = blastTemplates(bof, 'cm');
    // whole, the 40 and 50 cm discs take six pieces each
    const whole = layoutDrawings(fonts, [{ ...twenty!, standIn: undefined }, { ...twentyFive!, standIn: undefined }], meta(), 'T', 1, 12);
    expect(whole).toHaveLength(12);
    expect(OVERLAP).toBeCloseTo(10 * MM, 6);
    expect(whole.flatMap((p) => p.items).filter((i) => i.kind === 'text' && /piece \d of 6/.test(i.text))).toHaveLength(12);
    // their quarters two each, turned round the marked corner to cover the circle
    const quarters = layoutDrawings(fonts, [twenty!, twentyFive!], meta(), 'T', 1, 4);
    expect(quarters).toHaveLength(4);
    // each piece's title, as it wraps: what the quarter is and how to turn it, then which piece
    for (const page of quarters) {
      const words = page.items.flatMap((i) => (i.kind === 'text' ? [i.text] : [])).join(' ');
      expect(words).toMatch(/a quarter: lay the marked corner on the centre, then turn it edge to edge three times to cover the whole circle: piece \d of 2/);
    }
  });
  it('everything fits one document, on every paper', () => {
    // each paper in both units, by turns
    for (const [i, paper] of PAPERS.entries()) {
      const drawings = aidDrawings(bof, aids, arsenal, i % 2 === 0 ? 'cm' : 'in', { score: 50, actions: 60 });
      const pages = layoutDrawings(fonts, drawings, meta(paper), 'T', 1, 1);
      expect(pages.length).toBeGreaterThan(3);
    }
  });
  it('document snapshots (change only on purpose)', () => {
    expect(aidDrawings(bof, aids, arsenal, 'cm', { score: 15, actions: 20 })).toMatchSnapshot();
    expect(buildTokenSheet(aids, tokenCounts(aids), print, 'Tokens')).toMatchSnapshot();
  });
});

describe('Random Event & Effect cards', () => {
  it('are 25, each with a title, an effect, how long it lasts and whom it hits', () => {
    expect(aids.events).toHaveLength(25);
    expect(aids.events.filter((e) => e.kind === 'weather').length).toBeGreaterThanOrEqual(4);
    const deck = eventDeck(aids, 'in', { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long', backOffset: { x: 0, y: 0 } }, 'Burst of Fire');
    expect(deck.cards).toHaveLength(25);
    expect(deck.cards.every((c) => c.front.lines.map((l) => l.label).join() === 'Effect,Lasts,Affects')).toBe(true);
    const mortar = deck.cards.find((c) => c.id === 'mortar-support')!;
    expect(mortar.front.lines[0]!.text).toContain('40 in');
    expect(deck).toMatchSnapshot();
  });
});
