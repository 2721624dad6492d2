import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOver } from '../../src/systems/budget-fit.js';
import { buildRoster, type Force } from '../../src/systems/bof/force.js';
import { buildPacket } from '../../src/systems/bof/packet.js';
import { forceFits, PLAYER_SHARE } from '../../src/systems/bof/game-budget.js';
import { coreRoster, type ScenarioOptions, type ScenarioResult } from '../../src/systems/bof/scenario.js';
import { system, arsenal, aids, modes, versus, solo } from '../helpers/bof-scenarios.js';

/**
 * A force the players bring is held to the game's budget for its side (issue 26): the game
 * mode's points for its role, each player's share with 4 or 6 players, and in solo the core
 * force plus the rolled additional points. The numbers below are typed from the text.
 */
const print = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
const packetOf = (r: ScenarioResult, rosters: ScenarioOptions['rosters']) =>
  buildPacket(r, { arsenal, aids, modes, units: 'cm', paper: 'a4', toolVersion: '0', systemName: 'Burst of Fire', rulesVersion: 'test', print, rosters, register: system });
const textOf = (node: unknown): string => JSON.stringify(node);

/** Game modes, "Available points" of each mode: attacker (or team A) first; Combat only leaves them free. */
const TEXT_POINTS: Record<string, [number, number] | 'free'> = {
  probing: [75, 75],
  'victory-zones': [150, 150],
  'supply-road': [150, 120],
  delay: [150, 100],
  breakthrough: [150, 100],
  'avoid-the-pocket': [150, 50],
  surrounded: [150, 50],
  'capture-the-commander': [150, 50],
  'combat-only': 'free',
};
/** Special rules for multiplayer games: "4 players – 75 percent for each player 6 players – 50 percent". */
const TEXT_SHARE: Record<number, number> = { 2: 100, 4: 75, 6: 50 };
const shareOf = (points: number, players: number) => Math.floor((points * TEXT_SHARE[players]!) / 100);

/** A 149-point US rifle platoon, the club organiser's of issue 26. */
const platoon = (points = 150): Force => ({
  name: 'Baker Platoon',
  nation: 'us',
  doctrine: 'us-infantry',
  detachment: 'us-rifle-platoon',
  points,
  units: [
    { unit: 'us-officer', count: 1, weapons: [] },
    { unit: 'us-squad-leader', count: 1, weapons: [] },
    { unit: 'us-rifleman', count: 27, weapons: [] },
    { unit: 'us-rifleman', count: 5, weapons: ['hand-grenade'] },
    { unit: 'us-bar-gunner', count: 5, weapons: [] },
    { unit: 'us-bazooka-gunner', count: 2, weapons: [] },
    { unit: 'us-sniper', count: 1, weapons: [] },
    { unit: 'us-m1919-team', count: 2, weapons: [] },
    { unit: 'us-m2-hmg', count: 2, weapons: [] },
    { unit: 'us-mortar-81mm', count: 1, weapons: [] },
    { unit: 'us-gmc-truck', count: 1, weapons: [] },
    { unit: 'us-jeep', count: 1, weapons: [] },
  ],
});
/** A German grenadier platoon of its core units and `riflemen` more: forces of one nation and doctrine at any size. */
const grenadiers = (riflemen: number): Force => ({
  name: `Grenadiers ${riflemen}`,
  nation: 'de',
  doctrine: 'de-infantry',
  detachment: 'de-grenadier-platoon',
  points: 500,
  units: [
    ...arsenal.detachments.get('de-grenadier-platoon')!.detachment.core.map((c) => ({ unit: c.unit, count: c.count, weapons: [] })),
    ...(riflemen > 0 ? [{ unit: 'de-rifleman', count: riflemen, weapons: [] }] : []),
  ],
});
const PLATOON = buildRoster(platoon(), arsenal);

describe('the game modes as the text gives them', () => {
  it('Game modes, Available points: the modes budget what the text lists; Special rules for multiplayer games: 75 and 50 percent', () => {
    expect(Object.fromEntries(modes.map((m) => [m.id, m.points ?? 'free']))).toEqual(TEXT_POINTS);
    expect(Object.fromEntries(Object.entries(PLAYER_SHARE).map(([n, share]) => [n, share * 100]))).toEqual(TEXT_SHARE);
    expect(PLATOON.points).toBe(149);
    expect(PLATOON.problems).toEqual([]);
  });
});

describe('a versus force against its side\'s budget', () => {
  it('the Surrounded example: 149 points as the defender is 99 over the 50 the text gives it, and fits Victory Zones or Combat only whichever side attacks', () => {
    const seed = Array.from({ length: 50 }, (_, i) => `surrounded-${i}`).find((s) => versus(s, { scenario: 'surrounded' }).defender === 'a')!;
    const r = versus(seed, { scenario: 'surrounded', rosters: [PLATOON] });
    expect(r.fits).toEqual([
      { game: 'Surrounded, defender', side: 'a', points: 149, budget: 50, left: -99, elsewhere: ['--scenario victory-zones', '--scenario combat-only'] },
    ]);
    expect(r.forces[0]!.budget).toBe(50);
    // the force changes no die
    expect(r.rolls).toEqual(versus(seed, { scenario: 'surrounded' }).rolls);
  });
  it('property over 600 seeds: each given force\'s fit is its side\'s budget, the mode\'s points for its role and the players\' share, in the order given', () => {
    const small = buildRoster(grenadiers(0), arsenal);
    for (let i = 0; i < 600; i++) {
      const players = ([2, 4, 6] as const)[i % 3]!;
      const rosters = i % 2 === 0 ? [PLATOON, small] : [small];
      const r = versus(`fit-${i}`, { players, rosters, points: 100 + (i % 7) * 10 });
      const text = TEXT_POINTS[r.scenario.id]!;
      expect(r.fits, r.seed).toHaveLength(rosters.length);
      r.fits!.forEach((fit, n) => {
        const side = ['a', 'b'][n]!;
        const points = text === 'free' ? 100 + (i % 7) * 10 : r.attacker ? text[side === r.attacker ? 0 : 1] : text[n];
        expect(fit.side, r.seed).toBe(side);
        expect(fit.budget, r.seed).toBe(shareOf(points!, players));
        expect(fit.budget, r.seed).toBe(r.forces[n]!.budget);
        expect(fit.points, r.seed).toBe(rosters[n]!.points);
        expect(fit.left, r.seed).toBe(fit.budget - fit.points);
        expect(fit.game, r.seed).toContain(r.scenario.name);
        if (isOver(fit)) expect(fit.elsewhere!.length, r.seed).toBeGreaterThan(0);
        else expect(fit.elsewhere, r.seed).toBeUndefined();
      });
    }
  });
  it('4 and 6 players: a share of each budget, rounded down (Surrounded\'s defender 37 and 25)', () => {
    const seed = Array.from({ length: 50 }, (_, i) => `share-${i}`).find((s) => versus(s, { scenario: 'surrounded' }).defender === 'a')!;
    expect(versus(seed, { scenario: 'surrounded', players: 4, rosters: [PLATOON] }).fits![0]).toMatchObject({ budget: 37, left: -112, game: 'Surrounded, defender, 4 players (75% each)' });
    expect(versus(seed, { scenario: 'surrounded', players: 6, rosters: [PLATOON] }).fits![0]).toMatchObject({ budget: 25, left: -124, game: 'Surrounded, defender, 6 players (50% each)' });
    // with 4 players a 149-point force fits no fixed mode: only Combat only, at points whose share holds it
    expect(versus(seed, { scenario: 'surrounded', players: 4, rosters: [PLATOON] }).fits![0]!.elsewhere).toEqual(['--scenario combat-only --points 199']);
  });
  it('no force, no fits: the result is as it was', () => {
    expect('fits' in versus('plain')).toBe(false);
    expect('fits' in solo('plain')).toBe(false);
  });
});

describe('solo: the player\'s force against his core and rolled points', () => {
  it('the fit\'s budget is the core force plus the additional points rolled, at most the mode\'s points for his role', () => {
    const core = coreRoster(arsenal, arsenal.doctrines.get('us-infantry')!, arsenal.detachments.get('us-rifle-platoon')!.detachment, undefined).points;
    for (let i = 0; i < 200; i++) {
      const r = solo(`solo-fit-${i}`, { rosters: [PLATOON] });
      const player = r.forces.find((f) => f.side === 'player')!;
      const text = TEXT_POINTS[r.scenario.id] as [number, number];
      const cap = r.attacker ? text[r.attacker === 'player' ? 0 : 1] : text[0];
      expect(player.core, r.seed).toBe(core);
      expect(r.fits, r.seed).toEqual([expect.objectContaining({ side: 'player', points: 149, budget: Math.min(core + player.additional!, Math.max(cap, core)) })]);
      expect(r.fits![0]!.budget, r.seed).toBe(player.budget);
      // 8D6 at most 48 on a core of 20: a 149-point platoon never fits a solo game
      expect(isOver(r.fits![0]!), r.seed).toBe(true);
    }
  });
  it('the enemy is set up by its own dice whatever the player brings: the same enemy for a small and a big force of one doctrine', () => {
    const small = buildRoster(grenadiers(0), arsenal);
    const big = buildRoster(grenadiers(60), arsenal);
    expect(big.points - small.points).toBe(120);
    for (let i = 0; i < 100; i++) {
      const a = solo(`enemy-${i}`, { rosters: [small] });
      const b = solo(`enemy-${i}`, { rosters: [big] });
      expect(b.forces.find((f) => f.side === 'enemy'), a.seed).toEqual(a.forces.find((f) => f.side === 'enemy'));
      expect(b.rolls, a.seed).toEqual(a.rolls);
      expect(b.fits![0]!.budget, a.seed).toBe(a.fits![0]!.budget);
    }
  });
});

describe('the packet says the fit in a player\'s words', () => {
  const surrounded = Array.from({ length: 50 }, (_, i) => `packet-${i}`).find((s) => versus(s, { scenario: 'surrounded' }).defender === 'a')!;
  it('over budget: page 1 and the roster say so with what to do, and the check lists it as a problem, never "no problems"', () => {
    const r = versus(surrounded, { scenario: 'surrounded', rosters: [PLATOON] });
    const doc = packetOf(r, [PLATOON]);
    const first = textOf(doc.sheets[0]);
    expect(first).toContain("Side A brings Baker Platoon: 149 of 50 points: 99 over the game's budget. **Over budget.** Leave out 99 points of units before the game, or play a game mode it fits whichever side attacks: Victory Zones, Combat only.");
    expect(first).toContain("Side A 149 of 50 points: 99 over the game's budget; Side B 150");
    const roster = doc.sheets.find((s) => s.title === 'Roster, Side A: Baker Platoon')!;
    expect(textOf(roster)).toContain("Baker Platoon — 149 of 50 points: 99 over the game's budget");
    const check = roster.blocks.find((b) => b.kind === 'text' && b.title.startsWith('Check'))!;
    expect(check.kind === 'text' && check.title).toBe('Check: 1 problem');
    expect(textOf(check)).toContain("**Points — the game's budget.** 149 of 50 points: 99 over the game's budget (Surrounded, defender). Leave out 99 points");
    expect(textOf(doc)).not.toMatch(/no problems/i);
  });
  it('under budget: the packet says the points left to spend', () => {
    const small = buildRoster(grenadiers(0), arsenal);
    const r = versus(surrounded, { scenario: 'surrounded', rosters: [small] });
    const doc = packetOf(r, [small]);
    const left = `${small.points} of 50 points: ${50 - small.points} left to spend`;
    expect(textOf(doc.sheets[0])).toContain(`Side A brings Grenadiers 0: ${left}.`);
    const roster = doc.sheets.find((s) => s.title.startsWith('Roster'))!;
    expect(textOf(roster)).toContain(left);
    expect(textOf(roster)).toContain(`The force is within this game's budget (${left}) and its own limit`);
  });
  it('solo: page 1, the force sheet and the roster give the fit against the rolled budget', () => {
    const r = solo('packet-solo', { rosters: [PLATOON] });
    const fit = r.fits![0]!;
    const doc = packetOf(r, [PLATOON]);
    const words = `149 of ${fit.budget} points: ${149 - fit.budget} over the game's budget`;
    expect(textOf(doc.sheets[0])).toContain(`your force, Baker Platoon, is ${words}. **Over budget.** Leave out ${149 - fit.budget} points of units before the game: the enemy is set up by its own dice, whatever you bring.`);
    expect(textOf(doc.sheets[1])).toContain(`Your force: Baker Platoon, ${words}`);
    expect(textOf(doc)).not.toMatch(/no problems/i);
  });
  it('a 4-player packet marks a share the text\'s percentage left with a fraction as muster\'s reading', () => {
    const r = versus('quarters', { scenario: 'probing', players: 4 });
    expect(textOf(packetOf(r, undefined).sheets[0])).toContain('Side A 56\u2020 each (2 players)');
    expect(textOf(packetOf(versus('halves', { scenario: 'victory-zones', players: 6 }), undefined).sheets[0])).toContain('Side A 75 each (3 players)');
  });
});

describe('check: a force against every game, or the one asked for', () => {
  const core = 20;
  const force = { points: 149, core, doctrine: arsenal.doctrines.get('us-infantry') };
  it('without a game: each mode and role as the text gives them, and solo at the most the dice give', () => {
    const fits = forceFits(modes, force, undefined, 150);
    const expected = Object.entries(TEXT_POINTS).flatMap(([id, points]) => {
      const mode = modes.find((m) => m.id === id)!;
      if (points === 'free') return [[`${mode.name}, either side (the points chosen)`, 150]];
      if (points[0] === points[1]) return [[`${mode.name}, either side`, points[0]]];
      return [[`${mode.name}, attacker`, points[0]], [`${mode.name}, defender`, points[1]]];
    });
    expect(fits.map((f) => [f.game, f.budget])).toEqual([...expected, ['solo, your core 20 + at most 48 rolled (8D6)', 68]]);
    expect(fits.every((f) => f.points === 149 && f.left === f.budget - 149)).toBe(true);
  });
  it('with a game: the smaller role where it is rolled, said in the game\'s words, with each player\'s share', () => {
    const surrounded = modes.find((m) => m.id === 'surrounded')!;
    expect(forceFits(modes, force, { mode: surrounded, solo: false, players: 2 }, 150)).toEqual([
      { game: 'Surrounded, the smaller role (attacker 150, defender 50)', side: 'a', points: 149, budget: 50, left: -99, elsewhere: ['--scenario victory-zones', '--scenario combat-only'] },
    ]);
    expect(forceFits(modes, force, { mode: surrounded, solo: false, players: 4 }, 150)[0]).toMatchObject({ game: 'Surrounded, 4 players (75% each), the smaller role (attacker 112, defender 37 a player)', budget: 37 });
    expect(forceFits(modes, force, { mode: surrounded, solo: false, players: 6 }, 150)[0]).toMatchObject({ budget: 25 });
    expect(forceFits(modes, force, { mode: surrounded, solo: true, players: 1 }, 150)).toEqual([
      { game: 'Surrounded (solo), the smaller role (attacker 150, defender 50), with your core 20 + at most 48 rolled (8D6)', side: 'player', points: 149, budget: 50, left: -99 },
    ]);
    const zones = modes.find((m) => m.id === 'victory-zones')!;
    expect(forceFits(modes, { ...force, points: 81 }, { mode: zones, solo: false, players: 2 }, 150)).toEqual([{ game: 'Victory Zones, 150 a side', side: 'a', points: 81, budget: 150, left: 69 }]);
  });
});
