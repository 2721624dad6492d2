import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { createRng } from '../../src/engine/dice.js';
import {
  addLedger,
  campaignState,
  campaignStatus,
  CampaignRuleError,
  LADDER,
  MAX_GAMES,
  newCampaign,
  recordGame,
  type CampaignState,
  type GameResult,
} from '../../src/systems/bof/campaign.js';
import { ladderChart } from '../../src/systems/bof/campaign-module.js';

const system = (await loadRulesDb({ dataDirs: [] })).system('bof');
const start = () => newCampaign(system, 'test', { a: 'Red', b: 'Blue' }, false);
const win = (winner: 'a' | 'b', victory: GameResult['victory'] = 'decisive', cs: [number, number] = [10, 5]): GameResult => ({ winner, victory, combatScore: { a: cs[0], b: cs[1] } });
const play = (state: CampaignState, ...results: GameResult[]) => results.reduce(recordGame, state);

describe('the campaign ladder (Campaigns; reading campaign-ladder)', () => {
  it('starts at Probing with no roles and morale rolled once per side on the force morale table', () => {
    const s = start();
    expect(LADDER[s.rungIndex]).toBe('probing');
    expect(s.attacker).toBeNull();
    expect([8, 9, 10]).toContain(s.morale.a);
    expect([8, 9, 10]).toContain(s.morale.b);
    expect(s.rolls.map((r) => r.purpose)).toEqual(['force morale: Red', 'force morale: Blue']);
  });
  it('scores 15 for a decisive win, 7 for a strategic one, 3 for a loss, plus each side’s Combat Score', () => {
    const s = play(start(), win('a', 'decisive', [20, 10]));
    expect(s.points).toEqual({ a: 35, b: 13 });
    const t = play(start(), win('b', 'strategic', [4, 50]));
    expect(t.points).toEqual({ a: 7, b: 57 });
  });
  it('sets the roles after the second game: the loser of Victory Zones defends', () => {
    const s = play(start(), win('a'), win('b'));
    expect(s.attacker).toBe('b');
    expect(LADDER[s.rungIndex]).toBe('supply-road');
  });
  it('an attacker who wins climbs a rung; a defender who wins resets to Probing and neutralises the roles', () => {
    const s = play(start(), win('a'), win('b'), win('b'));
    expect(LADDER[s.rungIndex]).toBe('delay');
    const reset = recordGame(s, win('a'));
    expect(reset.attacker).toBeNull();
    expect(LADDER[reset.rungIndex]).toBe('probing');
    expect(reset.history[reset.history.length - 1]!.event).toMatch(/back to Probing on the same map/);
  });
  it('three losses in a row cost a point of morale, five cost two', () => {
    let s = start();
    const before = s.morale.a;
    s = play(s, win('b'), win('b'));
    expect(s.morale.a).toBe(before);
    s = recordGame(s, win('b'));
    expect(s.morale.a).toBe(before - 1);
    s = recordGame(s, win('b'));
    expect(s.morale.a).toBe(before - 1);
    s = recordGame(s, win('b'));
    expect(s.morale.a).toBe(before - 2);
    expect(s.streak.a).toBe(5);
    s = recordGame(s, win('a'));
    expect(s.streak.a).toBe(0);
  });
  it('ends when the attacker wins the top rung', () => {
    // Victory Zones sets a attacking; seven more wins take a from The Supply Road to the top
    const s = play(start(), win('a'), win('a'), ...Array.from({ length: 7 }, () => win('a')));
    expect(s.finished).toBe(true);
    expect(s.winner).toBe('a');
    expect(s.game).toBe(9);
    expect(() => recordGame(s, win('a'))).toThrow(CampaignRuleError);
  });
  it('ends after ten games: more wins decides, equal wins is a draw', () => {
    const s = play(start(), ...Array.from({ length: 10 }, (_, i) => win(i % 3 === 0 ? 'a' : 'b')));
    expect(s.game).toBe(MAX_GAMES);
    expect(s.finished).toBe(true);
    expect(s.winner).toBe('b');
    const even = play(start(), ...Array.from({ length: 10 }, (_, i) => win(i % 2 === 0 ? 'a' : 'b')));
    expect(even.finished && even.winner).toBeNull();
  });
  it('upgrades are paid from points earned; salvage is free', () => {
    const s = play(start(), win('a', 'decisive', [0, 0]));
    expect(() => addLedger(s, { side: 'a', kind: 'upgrade', text: 'Tiger for the Panzer IV', cost: 16 })).toThrow(/has 15 points to spend/);
    const t = addLedger(addLedger(s, { side: 'a', kind: 'upgrade', text: 'two elite riflemen', cost: 6 }), { side: 'a', kind: 'salvage', text: 'captured Pak 40', cost: 0 });
    expect(campaignStatus(t).available.a).toBe(9);
    expect(t.ledger).toHaveLength(2);
  });
  it('property: over 500 random result sequences, never more than 10 games, points never negative, every state valid', () => {
    for (let seed = 0; seed < 500; seed++) {
      const rng = createRng(`campaign-${seed}`);
      let s = start();
      while (!s.finished) {
        const winner = rng.next() < 0.5 ? 'a' : 'b';
        const victory = (['decisive', 'strategic', 'turns'] as const)[Math.floor(rng.next() * 3)]!;
        s = recordGame(s, { winner, victory, combatScore: { a: Math.floor(rng.next() * 51), b: Math.floor(rng.next() * 51) } });
        expect(campaignState.safeParse(s).success).toBe(true);
        expect(s.points.a).toBeGreaterThanOrEqual(0);
        expect(s.points.b).toBeGreaterThanOrEqual(0);
        expect(s.morale.a).toBeGreaterThanOrEqual(2);
      }
      expect(s.game).toBeLessThanOrEqual(MAX_GAMES);
    }
  });
  it('the ladder chart snapshot (changes only on purpose)', () => {
    expect(ladderChart()).toMatchSnapshot();
  });
});

describe('the campaign booklet', () => {
  it('front pages: cover, scoring, a log for ten games, ledgers per side, the ladder (snapshot)', async () => {
    const { booklet } = await import('../../src/systems/bof/campaign-module.js');
    const bound = await booklet({
      system,
      action: 'booklet',
      seed: 'booklet',
      names: { a: 'Red', b: 'Blue' },
      options: {},
      solo: false,
      salvage: [],
      upgrade: [],
      print: { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long', backOffset: { x: 0, y: 0 } },
      units: 'cm',
      paper: 'a4',
      toolVersion: '0.0.0-test',
    });
    const docs = bound.parts.map((p) => p.doc);
    expect(bound.parts.map((p) => p.short)).toEqual(['Campaign', ...LADDER.map((_, i) => `Rung ${i + 1}`)]);
    expect(docs).toHaveLength(1 + LADDER.length);
    const front = docs[0]!;
    const log = front.sheets[0]!.blocks.find((b) => b.kind === 'table' && b.id === 'campaign-log');
    expect(log && log.kind === 'table' && log.rows.length).toBe(MAX_GAMES);
    expect(docs.slice(1).map((d) => d.meta.title)).toEqual([
      'Probing the enemy lines (two-player)',
      'Victory Zones (two-player)',
      'The Supply Road (two-player)',
      'Delay the enemy advance (two-player)',
      'Breakthrough / hold the line (two-player)',
      'Avoid the pocket (two-player)',
      'Surrounded (two-player)',
      'Capture the enemy commander (two-player)',
      'Combat only (two-player)',
    ]);
    expect(front).toMatchSnapshot();
  });
});

describe('How to upgrade core units: the boundaries, unit class by unit class', () => {
  it('transports to transports; armoured cars to tanks; light tanks to medium and heavy; support weapons to support weapons; infantry stays infantry', async () => {
    const { loadArsenal } = await import('../../src/systems/bof/arsenal.js');
    const { BUILTIN_DATA_DIR } = await import('../../src/cli/builtin-dir.js');
    const { upgradeClass, upgradeProblem } = await import('../../src/systems/bof/upgrades.js');
    const arsenal = await loadArsenal([(await import('node:path')).join(BUILTIN_DATA_DIR, 'bof')]);
    const u = (id: string) => arsenal.units.get(id)!;
    expect(['de-opel-blitz', 'pl-wz34', 'de-panzer-38t', 'de-panzer-iii-j', 'de-tiger-i', 'us-m10', 'de-pak-40', 'de-bf-109-g'].map((id) => upgradeClass(u(id)))).toEqual([
      'transport', 'armoured car', 'light tank', 'medium tank', 'heavy tank', 'assault gun', 'support weapon', 'plane',
    ]);
    const ok = (from: string, to: string) => upgradeProblem(u(from), u(to)) === undefined;
    // the text's lines, one by one
    expect(ok('de-opel-blitz', 'de-panzer-iii-j')).toBe(false); // transports only to transports
    const transports = [...arsenal.units.values()].filter((x) => x.type === 'transport');
    expect(transports.every((t) => ok('de-opel-blitz', t.id))).toBe(true);
    expect(['de-panzer-38t', 'de-panzer-iii-j', 'de-tiger-i'].every((t) => ok('pl-wz34', t))).toBe(true); // armoured cars to tanks
    expect(ok('de-panzer-38t', 'de-panzer-iii-j') && ok('de-panzer-38t', 'de-tiger-i')).toBe(true); // light to medium and heavy
    expect(ok('de-panzer-iii-j', 'de-panzer-38t')).toBe(false);
    expect(ok('de-pak-40', 'de-opel-blitz')).toBe(false); // support weapons stay support weapons
    expect(ok('de-bf-109-g', 'de-bf-109-g')).toBe(false); // muster upgrades no planes
    expect(upgradeProblem(u('de-opel-blitz'), u('de-tiger-i'))).toBe('Opel Blitz is a transport and may become only a transport; Tiger I is a heavy tank (How to upgrade core units)');
  });
});

describe('a campaign\'s games field its forces and keep the solo player\'s army', async () => {
  const { loadScenarioContext } = await import('../../src/systems/bof/scenario-data.js');
  const { checkFits, nextGame, rollGame, standing } = await import('../../src/systems/bof/campaign-packets.js');
  const { rollSoloPlayer } = await import('../../src/systems/bof/campaign-forces.js');
  const { fitOf } = await import('../../src/systems/budget-fit.js');
  const { UsageError } = await import('../../src/errors.js');
  const ctx = await loadScenarioContext(system);
  const settings = { units: 'cm' as const, paper: 'a4' as const, toolVersion: '0.0.0-test', print: { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } } };

  it('a solo player\'s army rolled once from the seed is the one every game of the ladder fields', () => {
    const { player, rolls } = rollSoloPlayer(system, ctx.arsenal, 'army');
    expect(rollSoloPlayer(system, ctx.arsenal, 'army').player).toEqual(player);
    expect(rolls.map((r) => r.purpose)[0]).toBe('campaign: the enemy side');
    const state = newCampaign(system, 'army', { a: 'Anna', b: 'Enemy' }, true, { player, playerRolls: rolls });
    for (const [i, rung] of LADDER.slice(0, 5).entries()) {
      const { result } = rollGame(settings, ctx, state, { rung, seed: `army/game-${i + 1}`, attacker: null });
      const you = result.forces.find((f) => f.side === 'player')!;
      expect({ side: result.solo!.playerSide, nation: result.solo!.playerNation, doctrine: you.doctrine, detachment: you.detachment }).toEqual({
        side: player.side,
        nation: player.nation,
        doctrine: player.doctrine,
        detachment: player.detachment,
      });
      // no die decides the player's side, nation or doctrine any more
      expect(result.rolls.some((r) => /^(enemy side|player nation|player doctrine)$/.test(r.purpose))).toBe(false);
    }
  });
  it('a kept force over its game\'s budget: a warning naming both figures, or refused under --strict', () => {
    const state = { ...newCampaign(system, 'fit', { a: 'Red', b: 'Blue' }, false), forces: { a: { name: 'Big Force', nation: 'de', doctrine: 'de-infantry', detachment: 'de-grenadier-platoon', points: 200, units: [{ unit: 'de-officer', count: 1, weapons: [] }] } } };
    const { result } = rollGame(settings, ctx, state, { rung: 'probing', seed: 'fit/game-1', attacker: null });
    const over = fitOf('Probing the enemy lines', 'a', 149, 75, ['--scenario combat-only']);
    const under = fitOf('Probing the enemy lines', 'b', 50, 75);
    const warnings: string[] = [];
    checkFits({ ...settings, onWarning: (m) => warnings.push(m) }, state, { ...result, fits: [over, under] } as typeof result);
    // the ladder sets the game: the warning says to field less, never to play another mode
    expect(warnings).toEqual(["Red's force, Big Force: 149 points, over the 75-point budget of Probing the enemy lines: leave 74 points of it out of this game (the campaign keeps the whole force)"]);
    expect(() => checkFits({ ...settings, strict: true }, state, { ...result, fits: [over] } as typeof result)).toThrow(UsageError);
    expect(() => checkFits({ ...settings, strict: true }, state, { ...result, fits: [under] } as typeof result)).not.toThrow();
    // the packet's standing says the fit in the player's words where the engine gives it
    const block = standing(state, ctx.arsenal, { ...rollGame(settings, ctx, state, { rung: 'probing', seed: 'fit/game-1', attacker: null }), result: { ...result, fits: [over] } as typeof result });
    expect(block.kind === 'text' && block.paragraphs).toContain("**Red's force** Big Force, kept by the campaign with its upgrades and salvage (149 of 75 points: 74 over the game's budget): leave 74 points of it out of this game. Its roster and unit cards are in this packet.");
    expect(nextGame(settings, ctx, state).rosters.a?.force.name).toBe('Big Force');
  });
  it('the ladder chart marks the rung of the next game, and only it', async () => {
    const chart = ladderChart({ rungNumber: 4, game: 6 });
    const marks = chart.shapes.filter((s) => s.kind === 'text' && s.text.startsWith('you are here'));
    expect(marks).toHaveLength(1);
    const rung = chart.shapes.find((s) => s.kind === 'text' && s.text === '4. Delay the enemy advance');
    expect(marks[0]!.kind === 'text' && rung?.kind === 'text' && marks[0]!.y === rung.y).toBe(true);
    expect(ladderChart().shapes.some((s) => s.kind === 'text' && s.text.startsWith('you are here'))).toBe(false);
  });
});
