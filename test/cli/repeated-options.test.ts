import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { repeatedLines, twiceLines } from '../helpers/repeated-options.js';

/**
 * An option that takes one value, given twice, ends the run with exit 2 and its name, on the
 * quick parser (an ordinary run) and on yargs (forced here by making the quick parser leave
 * every line to it, as it does for --help or an unusual form). Before, yargs' list of two
 * values reached the commands: "state.trim is not a function" and the like.
 */
const parser = vi.hoisted(() => ({ forceYargs: false }));
vi.mock('../../src/cli/fast-parse.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/cli/fast-parse.js')>();
  return { ...original, fastParse: (...args: Parameters<typeof original.fastParse>) => (parser.forceYargs ? undefined : original.fastParse(...args)) };
});

const workdir = workdirs(afterEach);
const root = path.resolve(import.meta.dirname, '../..');
/** A house folder adding one table to Burst of Fire. */
const house = (id: string) => `tables:
  - id: ${id}
    title: House ${id}
    section: House rules
    source: house.txt
    use: lookup
    dice: D6
    columns:
      - { key: roll, label: "D6" }
      - { key: effect, label: Effect }
    rows:
      - { roll: { from: 1, to: 6 }, effect: Nothing }
`;

describe.each([
  ['the quick parser', false],
  ['yargs', true],
])('on %s', (_, forceYargs) => {
  it.each(twiceLines())('$where: refused with exit 2, naming the option', async ({ argv, option }) => {
    parser.forceYargs = forceYargs;
    const dir = workdir();
    const result = await muster(argv, dir);
    expect(result.stderr).toMatch(new RegExp(`^muster: --${option} is given twice \\(.+ and .+\\); give it once\\n`));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('repeated --data and --force still work', async () => {
    parser.forceYargs = forceYargs;
    const weber = readFileSync(path.join(root, 'examples/forces/kampfgruppe-weber.yaml'), 'utf8');
    const dir = workdir({ 'a.yaml': weber, 'b.yaml': weber, 'h1/bof/tables/house.yaml': house('house-one'), 'h2/bof/tables/house.yaml': house('house-two') });
    const result = await muster(['scenario', 'bof', '--seed', 's', '--format', 'json', '--force', 'a.yaml', '--force', 'b.yaml', '--data', 'h1', '--data', 'h2', '--quiet'], dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { forces: { nation: string }[] }).forces.map((f) => f.nation)).toEqual(['de', 'de']);
  });

  it('every repeatable option given twice passes the parser', async () => {
    parser.forceYargs = forceYargs;
    for (const { argv, option } of repeatedLines()) {
      const result = await muster(argv, workdir());
      expect(result.stderr, argv.join(' ')).not.toContain(`--${option} is given`);
    }
  });
});
