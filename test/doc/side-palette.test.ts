/**
 * Sides that read without their colours (issue 29): printed in black and white, or seen by a
 * red-green colour-blind player. The sides' colours differ in lightness under a simulation of
 * protanopia and deuteranopia (Viénot, Brettel and Mollon 1999, on linear sRGB) as well as in
 * ordinary sight; and on a map the second side's zone is hatched and its markers square.
 */
import { describe, expect, it } from 'vitest';
import { drawMap, MAP_SIDE_COLOURS, MAP_SIDE_LOOKS, type MapInput } from '../../src/doc/map-diagram.js';
import type { Shape } from '../../src/doc/model.js';
import { SIDE_TINTS } from '../../src/systems/fireteam/campaign-documents.js';
import { deckOfSide } from '../../src/doc/model-cards.js';
import { layoutCardBack } from '../../src/layout/card-faces.js';
import { MM } from '../../src/layout/style.js';
import { fonts } from '../helpers/fonts.js';
import { muster } from '../helpers/cli.js';

const linear = (hex: string) => [1, 3, 5].map((i) => {
  const c = parseInt(hex.slice(i, i + 2), 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});
const SIGHT: Record<string, readonly (readonly number[])[]> = {
  ordinary: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  protanopia: [[0.10889, 0.89111, 0], [0.10889, 0.89111, 0], [0.00447, -0.00447, 1]],
  deuteranopia: [[0.29031, 0.70969, 0], [0.29031, 0.70969, 0], [-0.02197, 0.02197, 1]],
};
/** CIE L*, 0 black to 100 white, of a colour as the given sight sees it. */
function lightness(hex: string, sight: string): number {
  const seen = SIGHT[sight]!.map((row) => row.reduce((sum, v, i) => sum + v * linear(hex)[i]!, 0));
  const y = 0.2126 * seen[0]! + 0.7152 * seen[1]! + 0.0722 * seen[2]!;
  return y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y;
}

/** Apart by at least this much of the lightness scale: a grey a player tells from another at a glance. */
const APART = 15;

describe('the sides’ colours', () => {
  it.each(Object.keys(SIGHT))('differ in lightness by %s sight', (sight) => {
    for (const [a, b] of [
      [MAP_SIDE_COLOURS.a, MAP_SIDE_COLOURS.b],
      [MAP_SIDE_COLOURS.enemy, MAP_SIDE_COLOURS.player],
      [SIDE_TINTS.a.ink, SIDE_TINTS.b.ink],
    ] as const) {
      expect(Math.abs(lightness(a, sight) - lightness(b, sight)), `${a} and ${b}`).toBeGreaterThanOrEqual(APART);
    }
  });

  it('the old brick red and blue would not have: the test tells', () => {
    expect(Math.abs(lightness('#a23b2a', 'ordinary') - lightness('#1f5a91', 'ordinary'))).toBeLessThan(APART);
  });
});

describe('a map’s sides differ by pattern and shape too', () => {
  const map: MapInput = {
    table: { width: 120, height: 120 },
    zones: [
      { side: 'a', x: 0, y: 0, w: 120, h: 30 },
      { side: 'b', x: 0, y: 90, w: 120, h: 30 },
    ],
    objectives: [],
    sides: { a: { name: 'Side A' }, b: { name: 'Side B' } },
    markers: [
      { side: 'a', x: 20, y: 15, label: '1' },
      { side: 'b', x: 20, y: 105, label: '1' },
    ],
    units: 'cm',
    paper: 'a4',
  };
  const shapes = drawMap(map).flatMap((d) => d.shapes);
  const inked = (colour: string) => shapes.filter((s): s is Extract<Shape, { kind: 'line' }> => s.kind === 'line' && s.color === colour);

  it('side B’s zone is hatched across, side A’s is not', () => {
    expect(MAP_SIDE_LOOKS.a).toBe('plain');
    expect(MAP_SIDE_LOOKS.b).toBe('hatched');
    const diagonal = (colour: string) => inked(colour).filter((l) => l.x1 !== l.x2 && l.y1 !== l.y2);
    // the zone's hatching and the legend's sample of it
    expect(diagonal(MAP_SIDE_COLOURS.b).length).toBeGreaterThan(20);
    expect(diagonal(MAP_SIDE_COLOURS.a)).toHaveLength(0);
  });

  it('side A’s markers are discs, side B’s squares, on the map and in the legend', () => {
    const discs = shapes.filter((s) => s.kind === 'circle' && s.fill === MAP_SIDE_COLOURS.a);
    const squares = shapes.filter((s) => s.kind === 'rect' && s.fill === MAP_SIDE_COLOURS.b);
    expect(discs).toHaveLength(2);
    expect(squares).toHaveLength(2);
    expect(shapes.filter((s) => s.kind === 'circle' && s.fill === MAP_SIDE_COLOURS.b)).toHaveLength(0);
  });

  it('a side of a rule set’s own name takes the look of its place among the sides', () => {
    const own = drawMap({ ...map, zones: map.zones.map((z) => ({ ...z, side: z.side === 'a' ? 'red' : 'blue' })), markers: [], sides: { red: { name: 'Red', colour: '#c8582f' }, blue: { name: 'Blue', colour: '#173a5e' } } }).flatMap((d) => d.shapes);
    const hatched = (colour: string) => own.filter((s) => s.kind === 'line' && s.color === colour && s.x1 !== s.x2 && s.y1 !== s.y2).length;
    expect(hatched('#173a5e')).toBeGreaterThan(20);
    expect(hatched('#c8582f')).toBe(0);
  });
});

describe('a side’s deck in a game', () => {
  const deck = {
    title: 'cards',
    print: { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } },
    cards: [
      {
        id: 'x',
        front: { title: 'Rifle team', subtitle: 'United States', accent: '#4b5d3a', source: { section: 'Characteristics' }, stats: [], lines: [], rules: [], footer: { left: '40 points', right: 'Open Fire' } },
        back: { title: 'OPEN FIRE', subtitle: 'United States · infantry team', accent: '#4b5d3a', icon: 'helmet' as const },
      },
    ],
  };
  const none = { left: 0, right: 0, top: 0, bottom: 0 };
  const diagonals = (items: ReturnType<typeof layoutCardBack>) => items.filter((i) => i.kind === 'line' && i.x1 !== i.x2 && i.y1 !== i.y2);

  it('names the side on every card’s foot and back; the second side’s backs are hatched, in both inks', () => {
    const a = deckOfSide(deck, { name: 'Side A', look: 'plain' }).cards[0]!;
    const b = deckOfSide(deck, { name: 'Side B', look: 'hatched' }).cards[0]!;
    expect([a.front.footer.right, a.back.subtitle, a.back.pattern]).toEqual(['Side A', 'Side A · United States · infantry team', undefined]);
    expect([b.front.footer.right, b.back.subtitle, b.back.pattern]).toEqual(['Side B', 'Side B · United States · infantry team', 'hatched']);
    for (const ink of ['normal', 'low'] as const) {
      expect(diagonals(layoutCardBack(fonts, a.back, 63 * MM, 88 * MM, none, ink)), ink).toHaveLength(0);
      const hatched = diagonals(layoutCardBack(fonts, b.back, 63 * MM, 88 * MM, none, ink));
      expect(hatched.length, ink).toBeGreaterThan(20);
      // inside the frame, clear of the cut
      for (const l of hatched) if (l.kind === 'line') expect(Math.min(l.x1, l.x2, l.y1, l.y2)).toBeGreaterThanOrEqual(3 * MM);
    }
  });

  it('Open Fire’s packet: side A’s cards say Side A at their foot, side B’s Side B', async () => {
    const md = (await muster(['scenario', 'openfire', '--seed', 'sides', '--format', 'md'], process.cwd())).stdout;
    const [a, b] = md.split(/^## Cards: /m).slice(1);
    expect(a).toMatch(/`Side A`/);
    expect(a).not.toMatch(/`Side B`/);
    expect(b).toMatch(/`Side B`/);
  });
});
