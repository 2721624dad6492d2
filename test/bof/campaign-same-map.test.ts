/**
 * Issue 51, point 3: after a defender's win the ladder goes back to Probing, and that battle
 * is played on the previously played map (General Campaign Ladder). The reset game's packet
 * lays the last game's terrain again, with no die rolled for it, and says so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentNode, TableBlock, TextBlock } from '../../src/doc/model.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
const STATE = ['--state', 'k.json'];

async function next(cwd: string, terrain = 'normal'): Promise<DocumentNode> {
  const run = await muster(['campaign', 'bof', 'next', ...STATE, '--format', 'json', '--terrain', terrain], cwd);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as DocumentNode;
}
async function record(cwd: string, winner: 'a' | 'b'): Promise<string> {
  const run = await muster(['campaign', 'bof', 'record', ...STATE, '--winner', winner, '--victory', 'decisive', '--combat-score', '10:5'], cwd);
  expect(run.code, run.stderr).toBe(0);
  return run.stderr;
}
const pieces = (doc: DocumentNode) => {
  const block = doc.sheets[0]!.blocks.find((b) => b.kind === 'table' && b.id === 'terrain-pieces') as TableBlock | undefined;
  return JSON.stringify(block?.rows ?? []);
};
const standingWords = (doc: DocumentNode) => (doc.sheets[0]!.blocks[0] as TextBlock).paragraphs.join('\n');
/** the roll log's rows for terrain ("terrain: light woods 2, its size") */
const terrainRolls = (doc: DocumentNode) => {
  const log = doc.sheets.find((s) => s.role === 'rolls')!.blocks[0] as TableBlock;
  return log.rows.filter((row) => row[1]!.some((run) => run.text.startsWith('terrain'))).length;
};

describe('the game after a defender’s win', () => {
  it('is played on the previously played map: its terrain again, no die rolled for it, and the packet says so', async () => {
    const cwd = workdir();
    expect((await muster(['campaign', 'bof', 'new', ...STATE, '--names', 'Red,Blue', '--seed', 's'], cwd)).code).toBe(0);
    const game1 = await next(cwd);
    await record(cwd, 'a');
    const game2 = await next(cwd);
    // an ordinary game rolls a map of its own
    expect(pieces(game2)).not.toBe(pieces(game1));
    await record(cwd, 'b'); // Blue wins Victory Zones and attacks
    const game3 = await next(cwd);
    expect(standingWords(game3)).not.toContain('**The map**');
    expect(await record(cwd, 'a')).toContain('the defender held');
    const game4 = await next(cwd);
    expect(game4.sheets[0]!.title).toBe('Scenario: Probing the enemy lines');
    expect(pieces(game4)).toBe(pieces(game3));
    expect(pieces(game4).length).toBeGreaterThan(100);
    expect(standingWords(game4)).toContain('**The map** of game 3 again: the defender held, so this game is played on the previously played map (General Campaign Ladder). Lay its terrain as the list in this packet gives it.');
    expect(terrainRolls(game3)).toBeGreaterThan(0);
    expect(terrainRolls(game4)).toBe(0);
    // the game after it rolls a map of its own again
    await record(cwd, 'b');
    const game5 = await next(cwd);
    expect(pieces(game5)).not.toBe(pieces(game4));
    expect(standingWords(game5)).not.toContain('**The map**');
  });

  it('with no terrain laid, says to leave the table as it stood', async () => {
    const cwd = workdir();
    await muster(['campaign', 'bof', 'new', ...STATE, '--names', 'Red,Blue', '--seed', 's'], cwd);
    for (const winner of ['a', 'b', 'a'] as const) await record(cwd, winner);
    const game4 = await next(cwd, 'none');
    expect(standingWords(game4)).toContain('**The map** of game 3 again: the defender held, so this game is played on the previously played map (General Campaign Ladder). Leave the table as it stood.');
  });
});
