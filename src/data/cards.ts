import { z } from 'zod';
import { ICON_NAMES } from '../vocab/icons.js';
import { DataError, type DataProblem } from '../errors.js';
import { FolderIds } from './ids.js';
import { noteHouseChange, houseOfDir, type HouseMark } from './house.js';
import { MAX_DECK_CARDS, intIn, kebabId, label, listOf, prose } from './limits.js';
import { parseFolderFiles } from './parse.js';
import type { SystemRules } from './load.js';

const colour = z.string().regex(/^#[0-9a-f]{6}$/, 'a colour like "#7a3b2e"');

/** A card as data: any rule set whose cards are fixed texts (orders, events) lists them so. */
export const dataCardSchema = z
  .object({
    id: kebabId('aimed-fire'),
    title: z.string().min(1).max(28),
    subtitle: label,
    /** the section of the rules text the card stands for */
    section: label,
    /** numbers shown large under the title, each with its icon */
    stats: z.array(z.object({ icon: z.enum(ICON_NAMES), label: z.string().min(1).max(12), value: z.string().min(1).max(8) }).strict()).max(4).default([]),
    /** what the card does, in our own words: a label and a short text each; `reading` where the text is muster's */
    lines: z.array(z.object({ label, text: prose, reading: prose.optional() }).strict()).max(4),
    /**
     * short reminders printed under the lines, each a text (from the card's section), or a text
     * with the entry of the register of readings (readings.yaml) it is muster's reading by
     */
    rules: z.array(z.union([prose, z.object({ text: prose, readingId: kebabId('bt7-counts-light') }).strict()])).max(3).default([]),
    /** copies in each deck */
    count: intIn(0, 30),
    /**
     * why the card as a whole is muster's and not the text's (docs/design.md, Readings): its
     * subtitle carries the reading mark
     */
    reading: prose.optional(),
  })
  .strict();

/**
 * A deck: its cards share one back, so a card cannot be told from another face down (a dummy
 * order among real ones). With `copies`, one deck per copy, each in its own colour, such as one
 * for each player.
 */
const cardsFile = z
  .object({
    deck: z
      .object({
        title: label,
        back: z.object({ title: label, subtitle: label, icon: z.enum(ICON_NAMES) }).strict(),
        copies: z
          // aliases: other words a player may type for the copy with --list ("Soviet" for the Russians)
          // pattern: how this copy's backs are told from another's without colour (greyProblems)
          .array(z.object({ name: label, colour, aliases: z.array(label).max(8).optional(), pattern: z.enum(['hatched']).optional() }).strict())
          .min(1)
          // one plain and one hatched: the only two looks muster tells apart without colour (copyProblems)
          .max(2),
        /** which reading was chosen where the text is silent, such as how many of each card */
        note: prose.optional(),
      })
      .strict(),
    cards: listOf(dataCardSchema, 200).min(1),
  })
  .strict();

/** A card as loaded: a house folder's carries the folder's name, printed as its mark. */
export type DataCard = z.infer<typeof dataCardSchema> & HouseMark;

/**
 * The copies of one deck are the players' own, told apart on the table by their backs: two
 * copies that differ by colour alone print as the same grey on a black-and-white printer, so
 * every copy but one carries a pattern, each its own (one plain, one hatched).
 */
function copyProblems(data: DataDeck, file: string): DataProblem[] {
  const seen = new Map<string, string>();
  const problems: DataProblem[] = [];
  data.deck.copies.forEach((copy, i) => {
    const look = copy.pattern ?? 'plain';
    const other = seen.get(look);
    if (other === undefined) seen.set(look, copy.name);
    else problems.push({ file, path: `deck.copies[${i}]`, message: `"${copy.name}" has the same ${look} backs as "${other}": in grey the two decks print alike; give one "pattern: hatched"` });
  });
  return problems;
}
export type DataDeck = Omit<z.infer<typeof cardsFile>, 'cards'> & { cards: DataCard[] };

/**
 * Every deck in a rule set's cards/ folders, a house file's deck after the built-in ones. A
 * card id is used once within one data folder; the decks print at most MAX_DECK_CARDS cards.
 */
export async function loadCardDecks(system: Pick<SystemRules, 'dirs' | 'readings'>): Promise<DataDeck[]> {
  const problems: DataProblem[] = [];
  const files = await parseFolderFiles(system.dirs, 'cards', cardsFile, problems);
  const ids = new FolderIds('card');
  for (const { file, dir, data } of files) {
    data.cards.forEach((card, i) => {
      const duplicate = ids.claim(dir, card.id, file, `cards[${i}].id`);
      if (duplicate) problems.push(duplicate);
      card.rules.forEach((rule, r) => {
        if (typeof rule !== 'string' && !system.readings.has(rule.readingId)) {
          problems.push({ file, path: `cards[${i}].rules[${r}].readingId`, message: `no reading "${rule.readingId}" in this rule set's readings.yaml; known: ${[...system.readings.keys()].join(', ') || 'none'}` });
        }
      });
    });
    // a house deck is a deck of its own, printed after the built-in ones: each of its cards is added
    const house = await houseOfDir(system.dirs, dir);
    if (house) for (const card of data.cards) noteHouseChange({ house: house.name, root: house.root, system: house.system, file, kind: 'card', id: card.id, how: 'added' });
  }
  for (const { file, data } of files) problems.push(...copyProblems(data, file));
  const cards = files.reduce((n, { data }) => n + data.deck.copies.length * data.cards.reduce((c, card) => c + card.count, 0), 0);
  if (cards > MAX_DECK_CARDS) {
    problems.push({ file: files.at(-1)!.file, path: 'cards', message: `the decks would hold ${cards} cards; at most ${MAX_DECK_CARDS} print in one run` });
  }
  if (problems.length > 0) throw new DataError(problems);
  return files.map((f) => (f.house === undefined ? f.data : { ...f.data, cards: f.data.cards.map((card) => ({ ...card, house: f.house })) }));
}
