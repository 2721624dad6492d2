import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { budgetWords, fitOf, isOver, overBudgetMessage } from '../../src/systems/budget-fit.js';

const workdir = workdirs(afterEach);
const root = fileURLToPath(new URL('../../', import.meta.url));
const BOF_FORCE = path.join(root, 'examples/forces/kampfgruppe-weber.yaml');

describe("a force's fit to its game's budget: the shared words", () => {
  it('over, exactly spent and under each say the figures a player needs', () => {
    const over = fitOf('Surrounded, attacker', 'a', 149, 50, ['--scenario probing-the-enemy-lines']);
    expect(isOver(over)).toBe(true);
    expect(over.left).toBe(-99);
    expect(budgetWords(over)).toBe("149 of 50 points: 99 over the game's budget");
    expect(overBudgetMessage('army.yaml', over)).toBe(
      'army.yaml: the force costs 149 points, over the 50-point budget of Surrounded, attacker: drop 99 points, or play a game it fits (--scenario probing-the-enemy-lines)',
    );
    const spent = fitOf('Combat only', 'b', 150, 150, ['--scenario x']);
    expect(isOver(spent)).toBe(false);
    // games it fits are named only where it is over
    expect(spent.elsewhere).toBeUndefined();
    expect(budgetWords(spent)).toBe('150 of 150 points: the whole budget spent');
    expect(budgetWords(fitOf('Combat only', 'a', 120, 150))).toBe('120 of 150 points: 30 left to spend');
  });
});

describe('check against the game asked for', () => {
  it('over its budget: both figures, what to do and the games it fits, exit 2; the JSON has the same fit', async () => {
    const { code, stdout } = await muster(['check', 'bof', '--force', BOF_FORCE, '--scenario', 'surrounded'], workdir());
    expect(code).toBe(2);
    // Game modes, Surrounded: attacker 150, defender 50; the roles are rolled, so the smaller counts
    expect(stdout).toMatch(/Surrounded, the smaller role \(attacker 150, defender 50\): 81 of 50 points: 31 over the game's budget\n    drop 31 points, or play a game it fits: --scenario victory-zones, /);
    expect(stdout).not.toMatch(/No problems/);
    const json = JSON.parse((await muster(['check', 'bof', '--force', BOF_FORCE, '--scenario', 'surrounded', '--format', 'json'], workdir())).stdout) as { fits: { budget: number; left: number; elsewhere: string[] }[] };
    expect(json.fits).toHaveLength(1);
    expect(json.fits[0]).toMatchObject({ budget: 50, left: -31 });
    expect(json.fits[0]!.elsewhere).toContain('--scenario victory-zones');
  });
});

describe('the options that name a game or a force are refused where they mean nothing', () => {
  it('check: --mode or --players without --scenario says to name the game', async () => {
    for (const extra of [['--mode', 'solo'], ['--players', '4']]) {
      const { code, stderr } = await muster(['check', 'bof', '--force', BOF_FORCE, ...extra], workdir());
      expect(code).toBe(2);
      expect(stderr).toMatch(/--scenario ID \(muster list bof\)/);
    }
  });

  it('check: an unknown game is refused with the command that lists them', async () => {
    const { code, stderr } = await muster(['check', 'bof', '--force', BOF_FORCE, '--scenario', 'no-such-mode'], workdir());
    expect(code).toBe(2);
    expect(stderr).toMatch(/muster list bof modes/);
  });

  it('check: players a game cannot have, and a solo game given players, are refused', async () => {
    const many = await muster(['check', 'bof', '--force', BOF_FORCE, '--scenario', 'combat-only', '--players', '3'], workdir());
    expect(many.code).toBe(2);
    expect(many.stderr).toMatch(/--players 3: a Burst of Fire game is for 2, 4 or 6 players/);
    const solo = await muster(['check', 'bof', '--force', BOF_FORCE, '--scenario', 'probing-the-enemy-lines', '--mode', 'solo', '--players', '2'], workdir());
    expect(solo.code).toBe(2);
    expect(solo.stderr).toMatch(/a solo game has one player/);
  });

  it('campaign: --force is taken when a campaign starts, not by its later actions', async () => {
    const dir = workdir();
    const { code, stderr } = await muster(['campaign', 'bof', 'status', '--state', path.join(dir, 'c.json'), '--force', BOF_FORCE], dir);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--force: a campaign takes its forces when it starts \(campaign bof new --force FILE\)/);
  });
});
