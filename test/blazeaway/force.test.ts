/**
 * Blaze Away! force files checked against the rules data (3.2 basing, 3.6 partisans, 4.1.1
 * command ratings, 6.4 transport, 7.2 armour classes, gun groups and crew ratings, 7.4
 * aircraft), one rule a test; breaking points against section 8; orders and decks against the
 * command rating chart.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadRulesDb } from '../../src/data/load.js';
import { loadBlazeAway } from '../../src/systems/blazeaway/data.js';
import { checkForce, forceResult } from '../../src/systems/blazeaway/force.js';
import { loadSampleForces } from '../../src/systems/blazeaway/samples.js';
import { forceFile, type BaForceInput } from '../../src/systems/blazeaway/schema.js';

const data = await loadBlazeAway((await loadRulesDb({ dataDirs: [], only: 'blazeaway' })).system('blazeaway'));
type UnitInput = BaForceInput['units'][number];

const BASE: BaForceInput = { name: 'Test company', side: 'axis', nation: 'Germany', rating: 'Confident', units: [] };
const force = (units: UnitInput[], over: Partial<BaForceInput> = {}) => checkForce(forceFile.parse({ ...BASE, ...over, units }), data);
const rules = (units: UnitInput[], over: Partial<BaForceInput> = {}) => force(units, over).problems.map((p) => p.rule);
const platoon = (over: Partial<Extract<UnitInput, { kind: 'infantry' }>> = {}): UnitInput => ({ name: '1. Zug', kind: 'infantry', stands: [{ type: 'rifle', count: 3 }, { type: 'lmg' }], ...over });
const tanks = (over: Partial<Extract<UnitInput, { kind: 'armour' }>> = {}): UnitInput => ({ name: 'Panzerzug', kind: 'armour', vehicle: 'Panzer IV', models: 3, armourClass: 'B', gunGroup: 2, ...over });

describe('a good force', () => {
  it('has no problems; every kind of unit is read', () => {
    const roster = force([
      platoon(),
      tanks(),
      { name: 'Trucks', kind: 'motorised', vehicle: 'Opel Blitz', models: 2, armourClass: 'E', carrier: 'truck', carries: 2 },
      { name: 'PaK', kind: 'gun', gun: 'PaK 40', models: 2, gunGroup: 2, crew: 'Average' },
      { name: 'Stukas', kind: 'aircraft', aircraft: 'Ju 87', type: 'Bomber attack' },
    ]);
    expect(roster.problems).toEqual([]);
    expect(roster.units.map((u) => [u.kind, u.stands, u.figures, u.orders])).toEqual([
      ['infantry', 4, 11, 4],
      ['armour', 3, 3, 3],
      ['motorised', 2, 2, 0],
      ['gun', 2, 6, 2],
      ['aircraft', 1, 1, 1],
    ]);
  });
  it('names are found by id or name, in any case', () => {
    expect(rules([platoon({ stands: [{ type: 'Rifle Section', count: 3 }, { type: 'LMG' }] }), tanks({ armourClass: 'b', crew: 'confident' })], { rating: 'confident' })).toEqual([]);
  });
});

describe('each rule of the check, good and bad', () => {
  it('rating: the force and each unit rated Poor, Average, Confident or Excellent (4.1.1)', () => {
    expect(rules([platoon()], { rating: 'Excellent' })).toEqual([]);
    const roster = force([platoon({ rating: 'Heroic' })], { rating: 'Veteran' });
    expect(roster.problems).toEqual([
      { where: 'force', rule: 'rating', message: 'no command rating "Veteran"; the ratings are Poor, Average, Confident, Excellent' },
      { where: 'units[0] 1. Zug', rule: 'rating', message: 'no command rating "Heroic"; the ratings are Poor, Average, Confident, Excellent' },
    ]);
    // an unknown rating gives no orders and no breaking point rather than a guess
    expect(roster.units[0]!.orders).toBe(0);
    expect(roster.units[0]!.breakingPoint).toBeUndefined();
  });
  it('partisans: never better than Confident (3.6), for the force and each unit', () => {
    expect(rules([platoon({ rating: 'Confident' })], { partisans: true, rating: 'Average' })).toEqual([]);
    expect(force([platoon()], { partisans: true, rating: 'Excellent' }).problems).toEqual([
      { where: 'force', rule: 'partisans', message: 'partisans are never rated better than Confident (3.6), not Excellent' },
    ]);
    expect(rules([platoon({ rating: 'Excellent' })], { partisans: true, rating: 'Poor' })).toEqual(['partisans']);
  });
  it('colour: the deck comes in Red or Blue', () => {
    expect(rules([platoon()], { colour: 'blue' })).toEqual([]);
    expect(force([platoon()], { colour: 'Green' }).problems[0]).toEqual({ where: 'force', rule: 'colour', message: 'no order deck in "Green"; the decks come in Red, Blue' });
  });
  it('name: each unit named once', () => {
    const roster = force([platoon(), platoon()]);
    expect(roster.problems.map((p) => [p.where, p.rule])).toEqual([['units[1] 1. Zug', 'name']]);
  });
  it('stand type: one of the listed types, all named in the message', () => {
    const problem = force([platoon({ stands: [{ type: 'grenadier', count: 3 }] })]).problems[0]!;
    expect(problem.rule).toBe('stand type');
    expect(problem.message).toMatch(/^stands\[0\]: no stand type "grenadier"; the types are rifle, smg, cavalry, lmg, anti-tank, flamethrower, engineers, hmg, light-mortar, medium-mortar, heavy-mortar, hq, sniper$/);
  });
  it('basing: figures within the basing table (3.2): sections 3-4, specials 2, HMG 2-3, HQ 3-4, guns 3-4 crew', () => {
    expect(rules([platoon({ stands: [{ type: 'rifle', count: 3, figures: 4 }, { type: 'lmg', figures: 2 }] })])).toEqual([]);
    expect(force([platoon({ stands: [{ type: 'rifle', figures: 5 }] })]).problems[0]!.message).toBe(
      'stands[0]: 5 figures a stand; a Rifle section stand has 3 to 4 (basing table, 3.2: infantry section or squad)',
    );
    expect(rules([platoon({ stands: [{ type: 'lmg', figures: 3 }] })])).toEqual(['basing']);
    expect(rules([platoon({ stands: [{ type: 'hmg', figures: 1 }] })])).toEqual(['basing']);
    expect(rules([platoon({ stands: [{ type: 'hq', figures: 2 }] })])).toEqual(['basing']);
    expect(rules([platoon({ stands: [{ type: 'sniper', figures: 2 }] })])).toEqual(['basing']);
    expect(rules([{ name: 'PaK', kind: 'gun', gun: 'PaK 40', gunGroup: 2, figures: 5 }])).toEqual(['basing']);
    expect(rules([{ name: 'PaK', kind: 'gun', gun: 'PaK 40', gunGroup: 2, figures: 4 }])).toEqual([]);
  });
  it('armour class: A to E (7.2.4)', () => {
    expect(rules([tanks({ armourClass: 'E' })])).toEqual([]);
    expect(force([tanks({ armourClass: 'F' })]).problems[0]!.message).toBe('no armour class "F"; the classes are A, B, C, D, E (7.2.4)');
  });
  it('gun group: 1 to 5 (7.2.6)', () => {
    expect(rules([tanks({ gunGroup: 5 })])).toEqual([]);
    expect(force([tanks({ gunGroup: 6 })]).problems[0]!.message).toBe('no gun group 6; the groups are 1, 2, 3, 4, 5 (7.2.6)');
    expect(rules([{ name: 'Guns', kind: 'gun', gun: 'Big', gunGroup: 9 }])).toEqual(['gun group']);
  });
  it('crew rating: one of the crew ratings (7.2.2)', () => {
    expect(rules([tanks({ crew: 'Poor' })])).toEqual([]);
    expect(force([tanks({ crew: 'Elite' })]).problems[0]!.message).toBe('no crew rating "Elite"; the crew ratings are Poor, Average, Confident, Excellent');
  });
  it('weapon: a vehicle weapon is one listed', () => {
    expect(rules([tanks({ weapons: ['afv-mg', 'Vehicle flamethrower'] })])).toEqual([]);
    expect(force([tanks({ weapons: ['death ray'] })]).problems[0]!.message).toMatch(/^weapons\[0\]: no weapon "death ray"; the weapons are rifles, smgs, lmg, /);
  });
  it('carrier: one listed, and named wherever stands are carried', () => {
    expect(rules([tanks({ carrier: 'hovercraft', carries: 1 })])).toEqual(['carrier']);
    expect(rules([tanks({ carries: 1 })])).toEqual(['carrier']);
  });
  it('transport: trucks and half-tracks 2-3 stands, jeeps, carriers and tanks 1 (6.4)', () => {
    expect(rules([tanks({ carrier: 'tank', carries: 1 })])).toEqual([]);
    expect(force([tanks({ carrier: 'tank', carries: 2 })]).problems[0]!.message).toBe('a tank with riders carrying 2 stands; the transport table (6.4) gives 1');
    const truck = (carries: number): UnitInput => ({ name: 'Trucks', kind: 'motorised', vehicle: 'Truck', armourClass: 'E', carrier: 'Truck', carries });
    expect(rules([truck(1)])).toEqual(['transport']);
    expect(rules([truck(2)])).toEqual([]);
    expect(rules([truck(3)])).toEqual([]);
    expect(rules([truck(4)])).toEqual(['transport']);
  });
  it('orders: a vehicle on its passengers’ cards carries stands', () => {
    expect(rules([tanks({ orders: 'passengers' })])).toEqual(['orders']);
    expect(rules([tanks({ orders: 'passengers', carrier: 'tank', carries: 1 })])).toEqual([]);
  });
  it('aircraft type: one of the roles of 7.4, Circling being an order, not a type', () => {
    for (const type of ['Reconnaissance', 'Air Cover', 'Fighter attack', 'Bomber attack', 'tankbuster']) {
      expect(rules([{ name: 'Air', kind: 'aircraft', aircraft: 'Plane', type }]), type).toEqual([]);
    }
    expect(force([{ name: 'Air', kind: 'aircraft', aircraft: 'Plane', type: 'Circling' }]).problems[0]!.message).toBe(
      'no aircraft type "Circling"; the types are Reconnaissance, Air Cover, Fighter attack, Bomber attack, Tankbuster',
    );
  });
  it('7.4.8 Anti-Aircraft Fire: a gun, vehicle or assigned infantry may be an AA unit, machine guns or cannon, 1 D20 or 2; anything else refused naming the field', () => {
    const roster = force([
      { name: 'Flak', kind: 'gun', gun: '2 cm Flakvierling 38', gunGroup: 4, gunModifier: -2, aa: { weapon: 'cannon', dice: 2 } },
      { name: 'Wirbelwind', kind: 'armour', vehicle: 'Wirbelwind', armourClass: 'C', gunGroup: 4, aa: { weapon: 'cannon', dice: 2 } },
      { name: 'MG-Trupp', kind: 'infantry', stands: [{ type: 'hmg' }], aa: { weapon: 'mg' } },
    ]);
    expect(roster.problems).toEqual([]);
    expect(roster.units.map((u) => [u.aa?.weapon.id, u.aa?.dice, u.aa?.weapon.range.cm])).toEqual([['cannon', 2, 80], ['cannon', 2, 80], ['mg', 1, 40]]);
    expect(forceResult(roster).units.map((u) => u.aa)).toEqual([{ weapon: 'cannon', dice: 2 }, { weapon: 'cannon', dice: 2 }, { weapon: 'mg', dice: 1 }]);
    const issues = (aa: unknown) => forceFile.safeParse({ ...BASE, units: [{ name: 'Flak', kind: 'gun', gun: 'Flak 38', gunGroup: 4, aa }] }).error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ weapon: 'rockets' })).toEqual(['units.0.aa.weapon: mg or cannon: anti-aircraft machine guns reach 40 cm, cannon 80 cm (7.4.8)']);
    expect(issues({ weapon: 'mg', dice: 3 })).toEqual(['units.0.aa.dice: 1 or 2: the D20 it rolls, 2 for a multi-barrelled weapon or one over 37 mm firing explosive shells (7.4.8)']);
    // aircraft do not shoot at aircraft on the ground's AA rules
    expect(forceFile.safeParse({ ...BASE, units: [{ name: 'Air', kind: 'aircraft', aircraft: 'Fw 190', type: 'Air Cover', aa: { weapon: 'mg' } }] }).success).toBe(false);
  });
  it('every problem is reported at once, each naming its unit and rule', () => {
    const roster = force([platoon({ rating: 'Bad', stands: [{ type: 'rifle', figures: 9 }, { type: 'nope' }] }), tanks({ armourClass: 'Z', gunGroup: 0 + 7, crew: 'x' })], { colour: 'Pink' });
    expect(roster.problems.map((p) => `${p.where} ${p.rule}`)).toEqual([
      'force colour',
      'units[0] 1. Zug rating',
      'units[0] 1. Zug basing',
      'units[0] 1. Zug stand type',
      'units[1] Panzerzug crew rating',
      'units[1] Panzerzug gun group',
      'units[1] Panzerzug armour class',
    ]);
  });
  it('a file that does not fit the format is refused by the schema, naming the field', () => {
    const bad = forceFile.safeParse({ ...BASE, side: 'neutral', units: [{ name: 'X', kind: 'navy' }] });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(paths.some((p) => p.startsWith('side:'))).toBe(true);
    expect(paths).toContain('units.0.kind: one of infantry, armour, motorised, gun, aircraft');
    // softskin (3.3) is true or false, and the message says which means what
    const soft = forceFile.safeParse({ ...BASE, units: [{ name: 'Lorries', kind: 'motorised', vehicle: 'Opel Blitz', armourClass: 'E', softskin: 'sometimes' }] });
    expect(soft.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['units.0.softskin: true or false: true for an unarmoured vehicle, which moves on the cards of the unit it serves (3.3)']);
    // a box for every figure: a force past 500 stands and models would not print
    const huge = forceFile.safeParse({ ...BASE, units: Array.from({ length: 6 }, (_, i) => ({ name: `Zug ${i}`, kind: 'infantry', stands: [{ type: 'rifle', count: 100 }] })) });
    expect(huge.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['units: at most 500 stands and models in a force']);
  });
});

describe('8 Breaking Point', () => {
  const rifles = (stands: number, figures = 3): UnitInput => ({ name: 'Zug', kind: 'infantry', stands: [{ type: 'rifle', count: stands, figures }] });
  const bp = (rating: string, unit: UnitInput) => force([unit], { rating }).units[0]!.breakingPoint;
  // 8.1, typed from the text: figures lost by a unit of 3, 4, 5 and 6 stands of 3 figures
  const TEXT = {
    Poor: [[5, 6, 8, 9], 50],
    Average: [[5, 6, 8, 9], 50],
    Confident: [[6, 7, 10, 12], 66],
    Excellent: [[8, 10, 13, 15], 85],
  } as const;
  for (const [rating, [losses, percent]] of Object.entries(TEXT)) {
    it(`8.1 ${rating}: ${losses.join(', ')} figures for 3 to 6 stands, ${percent}%`, () => {
      for (const [i, stands] of [3, 4, 5, 6].entries()) {
        expect(bp(rating, rifles(stands)), `${stands} stands`).toEqual({ losses: losses[i], percent, table: true });
      }
      // a platoon with its 2-figure LMG (5 stands, 14 figures) reads the table by stands
      expect(bp(rating, { name: 'Zug', kind: 'infantry', stands: [{ type: 'rifle', count: 4 }, { type: 'lmg' }] })!.losses).toBe(losses[2]);
    });
  }
  it('8: 4-figure stands break at the rating’s share of their figures, rounded half up', () => {
    // 4 stands of 4: 16 figures; 50% 8, 66% 10.56 -> 11, 85% 13.6 -> 14
    expect([bp('Poor', rifles(4, 4)), bp('Confident', rifles(4, 4)), bp('Excellent', rifles(4, 4))]).toEqual([
      { losses: 8, percent: 50, table: false },
      { losses: 11, percent: 66, table: false },
      { losses: 14, percent: 85, table: false },
    ]);
  });
  it('units the table leaves out (1, 2 or 7 stands, 2-figure heavy weapons) break at the share', () => {
    expect(bp('Poor', rifles(1))).toEqual({ losses: 2, percent: 50, table: false });
    expect(bp('Excellent', rifles(2))).toEqual({ losses: 5, percent: 85, table: false });
    expect(bp('Confident', rifles(7))).toEqual({ losses: 14, percent: 66, table: false });
    expect(bp('Confident', { name: 'MG', kind: 'infantry', stands: [{ type: 'hmg', count: 4 }] })).toEqual({ losses: 5, percent: 66, table: false });
  });
  it('a sniper has none; a gun crew breaks at its share', () => {
    expect(bp('Poor', { name: 'S', kind: 'infantry', stands: [{ type: 'sniper' }] })).toBeUndefined();
    expect(force([{ name: 'PaK', kind: 'gun', gun: 'PaK', models: 2, figures: 4, gunGroup: 2 }], { rating: 'Average' }).units[0]!.breakingPoint).toEqual({ losses: 4, percent: 50, table: false });
  });
  it('7.2.2 Crew Ratings, 8: a gun crew breaks by its crew rating, not the unit\'s', () => {
    // a Confident company's PaK 40s with an Average crew: 4 of their 8 crew, 50%, not 66%
    const pak = force([{ name: 'PaK 40', kind: 'gun', gun: '7.5 cm PaK 40', models: 2, figures: 4, gunGroup: 2, crew: 'Average' }], { rating: 'Confident' }).units[0]!;
    expect(pak.breakingPoint).toEqual({ losses: 4, percent: 50, table: false });
    // a crew left out is the unit's rating (7.2.2 points to the command ratings)
    expect(force([{ name: 'PaK 40', kind: 'gun', gun: '7.5 cm PaK 40', models: 2, figures: 4, gunGroup: 2 }], { rating: 'Excellent' }).units[0]!.breakingPoint).toEqual({ losses: 7, percent: 85, table: false });
  });
  it('7.2.2 Crew Ratings, 8.2: vehicles pull out at their crew rating\'s share, not the unit\'s', () => {
    expect(force([tanks({ models: 3, crew: 'Excellent' })], { rating: 'Poor' }).units[0]!.withdraw).toEqual({ losses: 3, percent: 85 });
    expect(force([tanks({ models: 3, crew: 'Poor' })], { rating: 'Excellent' }).units[0]!.withdraw).toEqual({ losses: 2, percent: 50 });
  });
  it('8.2 vehicles pull out at 50%, 66% and 85% of their models, at least one', () => {
    const withdraw = (rating: string, models: number) => force([tanks({ models })], { rating }).units[0]!.withdraw;
    expect([withdraw('Poor', 3), withdraw('Average', 4), withdraw('Confident', 3), withdraw('Excellent', 3), withdraw('Excellent', 1)]).toEqual([
      { losses: 2, percent: 50 },
      { losses: 2, percent: 50 },
      { losses: 2, percent: 66 },
      { losses: 3, percent: 85 },
      { losses: 1, percent: 85 },
    ]);
  });
});

describe('4.1.1 Command Rating Chart: orders a turn and the deck', () => {
  const sections = (n: number): UnitInput => ({ name: 'Zug', kind: 'infantry', stands: [{ type: 'rifle', count: n }] });
  it('a platoon gets 1, 2, 3 or 4 cards by its rating, no more than its sections', () => {
    const orders = (rating: string, n: number) => force([sections(n)], { rating }).units[0]!.orders;
    expect(['Poor', 'Average', 'Confident', 'Excellent'].map((r) => orders(r, 4))).toEqual([1, 2, 3, 4]);
    expect(orders('Excellent', 3)).toBe(3);
    expect(orders('Confident', 6)).toBe(3);
  });
  it('specials, heavy weapons and HQs take a card each, whatever the rating; snipers none', () => {
    const unit: UnitInput = { name: 'Zug', kind: 'infantry', stands: [{ type: 'rifle', count: 3 }, { type: 'lmg' }, { type: 'flamethrower' }, { type: 'sniper' }] };
    expect(force([unit], { rating: 'Poor' }).units[0]!.orders).toBe(1 + 2);
    expect(force([{ name: 'HQ', kind: 'infantry', stands: [{ type: 'hq' }] }], { rating: 'Excellent' }).units[0]!.orders).toBe(1);
  });
  it('vehicles a card each, a squadron by its rating, carriers on their passengers’ cards; guns and aircraft a card each', () => {
    const roster = force(
      [
        tanks({ models: 3 }),
        tanks({ name: 'Squadron', models: 3, orders: 'squadron', rating: 'Average' }),
        { name: 'Trucks', kind: 'motorised', vehicle: 'Truck', models: 3, armourClass: 'E', carrier: 'truck', carries: 3 },
        { name: 'Jeeps', kind: 'motorised', vehicle: 'Jeep', models: 2, armourClass: 'E' },
        { name: 'Guns', kind: 'gun', gun: 'Pak', models: 2, gunGroup: 2 },
        { name: 'Air', kind: 'aircraft', aircraft: 'Plane', models: 2, type: 'Air Cover' },
      ],
      { rating: 'Confident' },
    );
    // the jeeps are softskins (class E, no plus): no card of their own (3.3)
    expect(roster.units.map((u) => u.orders)).toEqual([3, 2, 0, 0, 2, 2]);
    expect(roster.ordersPerTurn).toBe(9);
  });
  it('3.3 Organisation, Softskins: trucks and jeeps take no order card of their own, carrying or towing; the deck is sized without them', () => {
    const trucks: UnitInput[] = [
      { name: 'Lorries', kind: 'motorised', vehicle: 'Opel Blitz', models: 3, armourClass: 'E', carrier: 'truck', carries: 2 },
      { name: 'Tows', kind: 'motorised', vehicle: 'Opel Blitz', models: 2, armourClass: 'E' },
      { name: 'Kübelwagen', kind: 'motorised', vehicle: 'Kübelwagen', models: 1, armourClass: 'e', carrier: 'jeep', carries: 1 },
    ];
    const withTrucks = force([platoon(), ...trucks]);
    expect(withTrucks.problems).toEqual([]);
    expect(withTrucks.units.map((u) => u.orders)).toEqual([4, 0, 0, 0]);
    expect(Object.fromEntries(withTrucks.deck)).toEqual(Object.fromEntries(force([platoon()]).deck));
    // armoured carriers (E +1), half-tracks (D) and a softskin the file says acts alone keep their cards
    const armoured = force([
      { name: 'Carriers', kind: 'motorised', vehicle: 'Universal Carrier', models: 3, armourClass: 'E', armourModifier: 1, orders: 'individual' },
      { name: 'Half-tracks', kind: 'motorised', vehicle: 'Sd.Kfz. 251', models: 2, armourClass: 'D', armourModifier: -1 },
      { name: 'Kradschützen', kind: 'motorised', vehicle: 'BMW R75', models: 2, armourClass: 'E', softskin: false },
    ]);
    expect(armoured.problems).toEqual([]);
    expect(armoured.units.map((u) => u.orders)).toEqual([3, 2, 2]);
  });
  it('3.3 Organisation, Softskins: a file that gives its trucks orders of their own is told so; they get none all the same', () => {
    for (const orders of ['individual', 'squadron'] as const) {
      const roster = force([platoon(), { name: 'Lorries', kind: 'motorised', vehicle: 'Opel Blitz', models: 2, armourClass: 'E', orders }]);
      expect(roster.problems, orders).toEqual([
        {
          where: 'units[1] Lorries',
          rule: 'orders',
          message: `orders: ${orders}, but a softskin takes no order card of its own: it moves with the infantry or guns it belongs to (3.3); leave orders out, or give passengers when it carries stands`,
        },
      ]);
      expect(roster.units[1]!.orders).toBe(0);
    }
    expect(rules([{ name: 'Lorries', kind: 'motorised', vehicle: 'Opel Blitz', armourClass: 'D', softskin: true, orders: 'individual' }])).toEqual(['orders']);
  });
  it('a force of 16 orders a turn, all infantry, gets the full deck of cards/orders.yaml', () => {
    const roster = force([1, 2, 3, 4].map((i) => ({ ...sections(4), name: `Zug ${i}` })), { rating: 'Excellent' });
    expect(roster.ordersPerTurn).toBe(16);
    expect(Object.fromEntries(roster.deck)).toEqual(Object.fromEntries(data.deck.cards.map((c) => [c.id, c.count])));
  });
  it('a smaller force gets each card in proportion, rounded up, at least one; a dummy always', () => {
    const roster = force([sections(4)], { rating: 'Poor' });
    expect(roster.ordersPerTurn).toBe(1);
    expect(Object.fromEntries(roster.deck)).toEqual({ move: 1, 'move-and-fire': 1, 'aimed-fire': 1, 'opportunity-fire': 1, charge: 1, prone: 1, 'fall-back': 1, action: 1, dummy: 1 });
    const eight = force([1, 2].map((i) => ({ ...sections(4), name: `Zug ${i}` })), { rating: 'Excellent' });
    expect(Object.fromEntries(eight.deck)).toEqual({ move: 3, 'move-and-fire': 2, 'aimed-fire': 2, 'opportunity-fire': 2, charge: 2, prone: 2, 'fall-back': 1, action: 1, dummy: 2 });
  });
  it('an armoured force gets no Charge and no Prone cards (4.4.3, 4.4.4); aircraft circle on Prone', () => {
    const armour = force([tanks({ models: 8 })]);
    expect(armour.deck.get('charge')).toBe(0);
    expect(armour.deck.get('prone')).toBe(0);
    expect(armour.deck.get('move')).toBe(3);
    const air = force([tanks(), { name: 'Air', kind: 'aircraft', aircraft: 'Plane', type: 'Air Cover' }]);
    expect(air.deck.get('prone')).toBe(1);
    expect(air.deck.get('charge')).toBe(0);
  });
});

describe('the documented example and muster’s sample forces', () => {
  it('the examples in docs/blazeaway-force-file.md keep to every rule: every kind, then anti-aircraft units (7.4.8)', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../docs/blazeaway-force-file.md', import.meta.url)), 'utf8');
    const blocks = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks).toHaveLength(2);
    const [full, aa] = blocks.map((text) => checkForce(forceFile.parse(parse(text)), data));
    for (const roster of [full!, aa!]) expect(roster.problems).toEqual([]);
    // every kind the format has is shown
    expect(new Set(full!.units.map((u) => u.kind))).toEqual(new Set(['infantry', 'armour', 'motorised', 'gun', 'aircraft']));
    expect(aa!.units.map((u) => [u.aa?.weapon.id, u.aa?.dice])).toEqual([['cannon', 2], ['mg', 1]]);
  });
  it('the samples keep to every rule, a German company and Allied ones, each marked as muster’s own', async () => {
    const samples = await loadSampleForces();
    expect(samples.length).toBeGreaterThanOrEqual(2);
    expect(new Set(samples.map((s) => s.force.side))).toEqual(new Set(['axis', 'allies']));
    for (const sample of samples) {
      expect(checkForce(sample.force, data).problems, sample.file).toEqual([]);
      expect(sample.force.notes, sample.file).toMatch(/^Muster's own sample force/);
      expect(readFileSync(sample.file, 'utf8'), sample.file).toMatch(/A sample force of muster's own: Blaze Away! has no army lists or points/);
    }
  });
  it('the JSON units carry kind, stands, rating and, for infantry, the breaking point', async () => {
    const [sample] = await loadSampleForces();
    const result = forceResult(checkForce(sample!.force, data));
    expect(result.points).toBeNull();
    for (const unit of result.units) {
      expect(['infantry', 'armour', 'motorised', 'gun', 'aircraft']).toContain(unit.kind);
      expect(typeof unit.stands).toBe('number');
      expect(unit.rating).not.toBeNull();
      if (unit.kind === 'infantry') expect(Object.keys(unit.breakingPoint!)).toEqual(['losses', 'percent']);
    }
  });
});
