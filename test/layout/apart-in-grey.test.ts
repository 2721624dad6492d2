/**
 * Issue 53, point 3: sides that read apart in grey. Two things a player must tell apart (one
 * side's patrol marker and the other's, the Red and the Blue order deck) printed as the same
 * grey on a black-and-white printer. Every loader now refuses tokens and deck copies told apart
 * by colour alone, and the backs of two players' decks, rendered in grey, differ.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { loadCardDecks } from '../../src/data/cards.js';
import { greyProblems } from '../../src/data/tokens.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const db = await loadRulesDb({ dataDirs: [] });
const dir = workdirs(afterEach);
const ROOT = path.resolve(import.meta.dirname, '../..');
// the decks whose copies are the players' own: one deck file, several copies
const withCopies = (
  await Promise.all(db.systems.map(async (s) => ({ id: s.info.id, decks: (await loadCardDecks({ dirs: [path.join(ROOT, 'data', s.info.id)], readings: s.readings })).filter((d) => d.deck.copies.length > 1) })))
).filter((s) => s.decks.length > 0);

const token = (id: string, label: string, colour: string, shape: 'round' | 'square' = 'round') => ({ id, label, icon: 'flag' as const, shape, colour });

/** A page rendered in grey at a low resolution, as its pixels' values. */
function greyPixels(pdf: string, page: number, out: string): Uint8Array {
  execFileSync('pdftoppm', ['-gray', '-r', '20', '-f', String(page), '-l', String(page), pdf, out]);
  const file = execFileSync('sh', ['-c', `ls ${out}-*.pgm`], { encoding: 'utf8' }).trim().split('\n')[0]!;
  const bytes = readFileSync(file);
  // P5, width, height, maximum, then one byte a pixel
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'))!;
  return bytes.subarray(header[0].length);
}

describe('told apart without colour', () => {
  it('refuses two tokens that differ by colour alone, naming the file, the token and what to change', () => {
    const tokens = new Map([
      ['patrol-a', token('patrol-a', 'Patrol', '#9b2c2c')],
      ['patrol-b', token('patrol-b', 'Patrol', '#1f4e79')],
      ['jop-a', token('jop-a', 'JOP A', '#9b2c2c', 'square')],
      ['jop-b', token('jop-b', 'JOP B', '#1f4e79', 'square')],
      ['smoke', token('smoke', 'Smoke', '#9a9da1')],
      ['smoke-spare', token('smoke-spare', 'Smoke', '#9a9da1')],
    ]);
    expect(greyProblems(tokens, (id) => `${id}.yaml`)).toEqual([
      {
        file: 'patrol-b.yaml',
        path: 'tokens[id=patrol-b]',
        message: 'differs from "patrol-a" by colour alone (label "Patrol", icon flag, round): in grey they print alike; give one a letter in its label (e.g. "Patrol B"), another icon or another shape',
      },
    ]);
  });

  it('refuses a house deck whose two copies differ by colour alone', async () => {
    const deck = [
      'deck:',
      '  title: Orders',
      '  back: { title: ORDERS, subtitle: Order card, icon: star }',
      '  copies:',
      '    - { name: Green, colour: "#2f5d3a" }',
      '    - { name: Grey, colour: "#4f5b62" }',
      'cards:',
      '  - { id: house-move, title: Move, subtitle: Order card, section: 4.4.6 Move, lines: [], rules: [], count: 2 }',
      '',
    ].join('\n');
    const cwd = dir({ 'club/blazeaway/cards/house.yaml': deck });
    const result = await muster(['cards', 'blazeaway', '--data', 'club', '-o', 'cards.pdf'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('deck.copies[1]: "Grey" has the same plain backs as "Green": in grey the two decks print alike; give one "pattern: hatched"');
  });

  it('finds the decks of players’ copies (Blaze Away!’s Red and Blue)', () => {
    expect(withCopies.length).toBeGreaterThan(0);
  });
  it.each(withCopies.map((s) => [s.id, s.decks] as const))('%s: the backs of each two copies of a deck differ in grey', async (id, decks) => {
    const cwd = dir();
    const pdf = path.join(cwd, 'cards.pdf');
    const result = await muster(['cards', id, '-o', pdf], cwd);
    expect(result.code, result.stderr).toBe(0);
    const pages = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).split('\f');
    for (const deck of decks) {
      // each copy's first sheet of backs, by the name its page gives ("Order cards, Red, backs, sheet 1 of 4")
      const backs = new Map<string, number>();
      for (const copy of deck.deck.copies) {
        const page = pages.findIndex((text) => text.includes(`${deck.deck.title}, ${copy.name}, backs, sheet 1 of`));
        expect(page, `${deck.deck.title}, ${copy.name}`).toBeGreaterThanOrEqual(0);
        backs.set(copy.name, page + 1);
      }
      const copies = [...backs.entries()];
      for (let a = 0; a < copies.length; a++) {
      for (let b = a + 1; b < copies.length; b++) {
        const one = greyPixels(pdf, copies[a]![1], path.join(cwd, `a${a}`));
        const other = greyPixels(pdf, copies[b]![1], path.join(cwd, `b${b}`));
        expect(one.length).toBe(other.length);
        let differ = 0;
        for (let i = 0; i < one.length; i++) if (Math.abs(one[i]! - other[i]!) > 40) differ++;
        // more than a name in small type: a pattern over the card
        expect(differ / one.length, `${copies[a]![0]} and ${copies[b]![0]}`).toBeGreaterThan(0.05);
        }
      }
    }
  });
});
