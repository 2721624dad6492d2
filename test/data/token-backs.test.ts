// A two-sided token is one piece of card: its other side has its shape and size (issue 53). Burst
// of Fire's Ruin, a 20 mm square, was backed by the round Crater disc; every loader of tokens now
// refuses such a pair, the built-in data among them.
import { describe, expect, it } from 'vitest';
import { backProblems } from '../../src/data/tokens.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { afterEach } from 'vitest';

const dir = workdirs(afterEach);
const token = (id: string, shape: 'round' | 'square' | 'rect', back?: string, size?: { width: number; height: number }) => ({ id, shape, ...(back ? { back } : {}), ...(size ? { size } : {}) });

describe('the other side of a token', () => {
  it('is a token of the same shape and size', () => {
    const tokens = new Map([
      ['on-fire', token('on-fire', 'square', 'ruin')],
      ['ruin', token('ruin', 'square', 'crater')],
      ['crater', token('crater', 'round')],
      ['wire', token('wire', 'rect', 'wire-cut', { width: 100, height: 15 })],
      ['wire-cut', token('wire-cut', 'rect', undefined, { width: 50, height: 15 })],
      ['lost', token('lost', 'round', 'nothing')],
    ]);
    expect(backProblems(tokens, (id) => `${id}.yaml`)).toEqual([
      { file: 'ruin.yaml', path: 'tokens[id=ruin].back', message: '"crater" is round, this token square: a token\'s other side has its shape and size' },
      { file: 'wire.yaml', path: 'tokens[id=wire].back', message: '"wire-cut" is rect 50 x 15 mm, this token rect 100 x 15 mm: a token\'s other side has its shape and size' },
      { file: 'lost.yaml', path: 'tokens[id=lost].back', message: 'no token "nothing" for its other side' },
    ]);
  });

  it.each(['bof', 'fireteam', 'blazeaway', 'openfire'])('%s: every built-in token sheet prints, its backs of their fronts’ shapes', async (id) => {
    const result = await muster(['tokens', id, '-o', 'tokens.pdf'], dir());
    expect(result.code, result.stderr).toBe(0);
  });

  it('refuses a house token backed by another shape, naming its file and field', async () => {
    const house = dir({ 'club/bof/aids/tokens.yaml': 'tokens:\n  - { id: smoke-3, label: Smoke, number: 3, icon: cloud, shape: square, colour: "#7d8084", section: Smoke grenades, back: smoke-2, count: 3 }\n' });
    const result = await muster(['tokens', 'bof', '--data', 'club', '-o', 'tokens.pdf'], house);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('tokens[id=smoke-3].back: "smoke-2" is round, this token square: a token\'s other side has its shape and size');
  });
});
