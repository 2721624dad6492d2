/**
 * Issue 51, point 4: in a campaign the ladder sets the game mode (General Campaign Ladder), so
 * a kept force over its game's budget is told to leave units out, never to play another mode,
 * which a one-off packet suggests.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEBER = path.join(ROOT, 'examples/forces/kampfgruppe-weber.yaml');
const workdir = workdirs(afterEach);

describe('a kept force over its game’s budget', () => {
  it('is told to leave units out in a ladder game, and offered other modes in a one-off game', async () => {
    const cwd = workdir();
    expect((await muster(['campaign', 'bof', 'new', '--state', 'k.json', '--names', 'Red,Blue', '--seed', 's', '--force', WEBER], cwd)).code).toBe(0);
    // Probing is played at 75 points a side: Kampfgruppe Weber's 81 are 6 too many
    const ladder = await muster(['campaign', 'bof', 'next', '--state', 'k.json', '--format', 'md'], cwd);
    expect(ladder.code, ladder.stderr).toBe(0);
    expect(ladder.stdout).toContain('Leave out 6 points of units before the game: the campaign ladder sets this game, and the campaign keeps the whole force.');
    expect(ladder.stdout).not.toContain('or play a game mode');
    const oneOff = await muster(['scenario', 'bof', '--scenario', 'probing', '--seed', 's', '--force', WEBER, '--format', 'md'], cwd);
    expect(oneOff.code, oneOff.stderr).toBe(0);
    expect(oneOff.stdout).toContain('Leave out 6 points of units before the game, or play a game mode it fits whichever side attacks');
  });
});
