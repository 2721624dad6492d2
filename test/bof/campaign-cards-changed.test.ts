/**
 * Issue 51, point 4: a campaign's weekly packet reprints only the unit cards an upgrade or
 * salvage changed since the last game; the first game, and --all-cards, print every card.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { CardNode, DocumentNode } from '../../src/doc/model.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEBER = path.join(root, 'examples/forces/kampfgruppe-weber.yaml');
const PLATOON = path.join(root, 'test/fixtures/forces/us-rifle-platoon.yaml');
const STATE = ['--state', 'k.json'];

async function next(cwd: string, ...more: string[]): Promise<DocumentNode> {
  const run = await muster(['campaign', 'bof', 'next', ...STATE, '--format', 'json', ...more], cwd);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as DocumentNode;
}
async function pages(cwd: string, ...more: string[]): Promise<number> {
  const run = await muster(['campaign', 'bof', 'next', ...STATE, '-o', 'next.pdf', '--quiet', ...more], cwd);
  expect(run.code, run.stderr).toBe(0);
  return pdfPageCount(readFileSync(path.join(cwd, 'next.pdf')));
}
/** a side's unit cards in a packet, by the words of its deck's title ("Side A", "Side B") */
const cardsOf = (doc: DocumentNode, side: string): CardNode[] => (doc.decks ?? []).filter((d) => d.title.includes(side) && d.title.includes('unit cards')).flatMap((d) => d.cards);
const key = (card: CardNode) => JSON.stringify(card);
const words = (doc: DocumentNode) => JSON.stringify(doc.sheets[0]!.blocks);

describe('a campaign packet after the first game', () => {
  it('prints only the cards an upgrade changed, says how many, and --all-cards prints them all again', async () => {
    const cwd = workdir();
    const made = await muster(['campaign', 'bof', 'new', ...STATE, '--names', 'Red,Blue', '--seed', 'week', '--force', WEBER, '--force', PLATOON], cwd);
    expect(made.code, made.stderr).toBe(0);
    const game1 = await next(cwd);
    const a1 = cardsOf(game1, 'Side A');
    const b1 = cardsOf(game1, 'Side B');
    // the first game: every card of both forces
    expect(a1.length).toBeGreaterThan(5);
    expect(b1.length).toBeGreaterThan(5);
    const pagesBefore = await pages(cwd);

    const recorded = await muster(['campaign', 'bof', 'record', ...STATE, '--winner', 'a', '--victory', 'decisive', '--combat-score', '30:10', '--upgrade', 'a:Grenadier>elite'], cwd);
    expect(recorded.code, recorded.stderr).toBe(0);
    const game2 = await next(cwd);
    const all2 = await next(cwd, '--all-cards');
    const everyA = cardsOf(all2, 'Side A');
    const a2 = cardsOf(game2, 'Side A');
    // printed: exactly the cards game 1 did not print alike
    const printedBefore = new Set(a1.map(key));
    expect(a2.map(key)).toEqual(everyA.filter((card) => !printedBefore.has(key(card))).map(key));
    expect(a2.length).toBeGreaterThan(0);
    expect(a2.length).toBeLessThan(everyA.length);
    // the upgraded soldier's card is among them
    expect(a2.some((card) => /elite/i.test(JSON.stringify(card.front)))).toBe(true);
    // side B changed nothing: no card of it, and the briefing says to keep game 1's
    expect(cardsOf(game2, 'Side B')).toEqual([]);
    expect(cardsOf(all2, 'Side B').map(key)).toEqual(b1.map(key));
    expect(words(game2)).toContain(`with the ${a2.length} cards that changed since game 1; the other ${everyA.length - a2.length} are as printed then.`);
    expect(words(game2)).toContain('no card changed since game 1: play with the cards printed then.');
    expect(words(all2)).not.toContain('changed since');
    // player's words on the page: no option of the command line
    expect(words(game2)).not.toMatch(/--[a-z]/);
    // the week's packet is shorter by the cards it leaves out; --all-cards as long as game 1's sort
    const pagesAfter = await pages(cwd);
    expect(pagesAfter).toBeLessThan(pagesBefore);
    expect(await pages(cwd, '--all-cards')).toBeGreaterThan(pagesAfter);
  });

});
