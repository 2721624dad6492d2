/**
 * Issue 51, point 4, for Fire Team: a campaign turn's packets reprint only the fire-team cards
 * new or changed since the last turn's packets (reinforcements arriving are new cards; a unit
 * whose card is the same is not printed again); the first turn, and --all-cards, print them all.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { CardNode, DocumentNode } from '../../src/doc/model.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUSSIANS = path.join(root, 'examples/forces/fireteam-russians.yaml');
const FALLSCHIRMJAGER = path.join(root, 'examples/forces/fireteam-fallschirmjager.yaml');
const STATE = ['--state', 'ft.json'];

async function run(cwd: string, ...args: string[]): Promise<string> {
  const result = await muster(['campaign', 'fireteam', ...args, ...STATE], cwd);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}
/** the turn's packets as JSON, one a battle */
async function packets(cwd: string, ...more: string[]): Promise<DocumentNode[]> {
  return JSON.parse(await run(cwd, 'next', '--format', 'json', '--quiet', ...more)) as DocumentNode[];
}
/** the turn's PDF: its pages, and those of them that hold cards (a sheet's page carries its battle's title at its head) */
async function pdfPages(cwd: string, titles: readonly string[], ...more: string[]): Promise<{ pages: number; cardPages: number }> {
  await run(cwd, 'next', '-o', 'turn.pdf', '--quiet', ...more);
  const file = path.join(cwd, 'turn.pdf');
  const pages = pdfPageCount(readFileSync(file));
  let cardPages = 0;
  for (let i = 1; i <= pages; i++) {
    const text = execFileSync('pdftotext', ['-f', String(i), '-l', String(i), file, '-'], { encoding: 'utf8' });
    if (!titles.some((t) => text.includes(t))) cardPages += 1;
  }
  return { pages, cardPages };
}
/** a side's cards in a battle's packet, by its deck's title ("Side A (Russians): fire-team cards") */
/** A new campaign of the two example platoons whose first turn side A won both battles of. */
async function firstTurnWon(cwd: string, seed: string): Promise<void> {
  await run(cwd, 'new', '--seed', seed, '--force', RUSSIANS, '--force', FALLSCHIRMJAGER);
  await packets(cwd, '--assault', 'a:C5', '--assault', 'b:C2');
  await run(cwd, 'record', '--battle', '1', '--winner', 'a');
  await run(cwd, 'record', '--battle', '2', '--winner', 'a');
}

const cardsOf = (doc: DocumentNode, side: string): CardNode[] => (doc.decks ?? []).filter((d) => d.title.startsWith(side)).flatMap((d) => d.cards);
/** a card as printed: the id is the layout's, never on the paper */
const printed = ({ id: _id, ...card }: CardNode) => JSON.stringify(card);
const words = (doc: DocumentNode) => JSON.stringify(doc.sheets[0]!.blocks);

describe("a Fire Team campaign's turn after the first", () => {
  it('prints only the cards new or changed since the last turn, says so, and --all-cards prints them all', async () => {
    const cwd = workdir();
    await run(cwd, 'new', '--seed', 'week', '--force', RUSSIANS, '--force', FALLSCHIRMJAGER);
    const turn1 = await packets(cwd, '--assault', 'a:C5', '--assault', 'b:C2');
    const titles = turn1.map((d) => d.meta.title);
    const first = await pdfPages(cwd, titles);
    // the first turn: every card of both sides in both battles
    for (const doc of turn1) for (const side of ['Side A', 'Side B']) expect(cardsOf(doc, side).length).toBeGreaterThan(3);
    await run(cwd, 'record', '--battle', '1', '--winner', 'a');
    await run(cwd, 'record', '--battle', '2', '--winner', 'b');
    const kept = JSON.parse(readFileSync(path.join(cwd, 'ft.json'), 'utf8')) as { version: number; fielded: { turn: number; a: unknown[]; b: unknown[] } };
    expect(kept.version).toBe(5);
    expect(kept.fielded.turn).toBe(1);
    expect([kept.fielded.a.length, kept.fielded.b.length]).toEqual([2, 2]);

    // side A puts more into its attack: its attack's reinforcements differ from any it fielded on turn 1
    const turn2 = await packets(cwd, '--assault', 'a:C4', '--assault', 'b:B2', '--split', 'a:6');
    const all2 = await packets(cwd, '--all-cards');
    expect(turn2.map((d) => d.meta.title)).toEqual(all2.map((d) => d.meta.title));
    let changed = 0;
    let every = 0;
    for (const [i, doc] of turn2.entries()) {
      for (const side of ['Side A', 'Side B']) {
        const before = new Set(turn1.flatMap((d) => cardsOf(d, side)).map(printed));
        const all = cardsOf(all2[i]!, side);
        const now = cardsOf(doc, side);
        // exactly the cards turn 1 did not print alike, in the deck's order
        expect(now.map(printed)).toEqual(all.filter((card) => !before.has(printed(card))).map(printed));
        changed += now.length;
        every += all.length;
        // the briefing says how many, and that the rest are turn 1's, in a player's words
        const told = words(doc);
        expect(told).toContain('Cards since turn 1.');
        if (now.length === 0) expect(told).toContain(`${side}: none changed; play with the cards printed then.`);
        else expect(told).toContain(`${side}: ${now.length} new or changed, in this packet${all.length > now.length ? `; ${all.length - now.length} as printed then` : ''}.`);
        expect(words(all2[i]!)).not.toContain('since turn');
      }
      expect(words(doc)).not.toMatch(/--[a-z]/);
    }
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThan(every);

    const second = await pdfPages(cwd, titles);
    const again = await pdfPages(cwd, titles, '--all-cards');
    expect(second.cardPages).toBeGreaterThan(0);
    expect(second.cardPages).toBeLessThan(first.cardPages);
    expect(second.pages).toBeLessThan(first.pages);
    expect(again.cardPages).toBeGreaterThan(second.cardPages);
  });

  it('a turn both sides held keeps the last packet to compare with; a state without fielded (written before) prints every card', async () => {
    const cwd = workdir();
    await firstTurnWon(cwd, 'held');
    await run(cwd, 'next', '--assault', 'a:hold', '--assault', 'b:hold', '--quiet');
    const turn3 = await packets(cwd, '--assault', 'a:C4', '--assault', 'b:B2');
    expect(words(turn3[0]!)).toContain('since turn 1');
    // the same state as an older muster wrote it: no fielded, and version 3 (it had a hold)
    const file = path.join(cwd, 'ft.json');
    const state = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    delete state['fielded'];
    state['version'] = 3;
    writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`);
    const older = await packets(cwd);
    expect(words(older[0]!)).not.toContain('since turn');
    expect(cardsOf(older[0]!, 'Side A').length).toBeGreaterThan(3);
  });

  it('a hand-edited fielded is checked when read: its army list, its turn, and the version that keeps it', async () => {
    const cwd = workdir();
    await firstTurnWon(cwd, 'edited');
    const file = path.join(cwd, 'ft.json');
    const text = readFileSync(file, 'utf8');
    const edits: [(s: { version: number; turn: number; fielded: { turn: number; a: { list: string }[] } }) => void, RegExp][] = [
      [(s) => (s.fielded.a[0]!.list = 'martians'), /at fielded\.a\[0\]\.list: .*martians/],
      [(s) => (s.fielded.turn = s.turn), /at fielded\.turn: is 2, but the turn being played is 2/],
      [(s) => (s.version = 4), /at version: a state with fielded is version 5/],
    ];
    for (const [edit, message] of edits) {
      const state = JSON.parse(text) as Parameters<(typeof edits)[0][0]>[0];
      edit(state);
      const edited = `${JSON.stringify(state, null, 2)}\n`;
      writeFileSync(file, edited);
      const result = await muster(['campaign', 'fireteam', 'next', ...STATE, '--assault', 'a:C4', '--assault', 'b:B2', '-o', 'n.pdf'], cwd);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(readFileSync(file, 'utf8')).toBe(edited);
    }
  });
});
