import { z } from 'zod';
import { ICON_NAMES } from '../doc/model.js';
import { DataError, type DataProblem } from '../errors.js';
import { parseFolderFiles } from './parse.js';

const colour = z.string().regex(/^#[0-9a-f]{6}$/, 'a colour like "#7a3b2e"');

/** A card as data: any rule set whose cards are fixed texts (orders, events) lists them so. */
export const dataCardSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a kebab-case id such as "aimed-fire"'),
    title: z.string().min(1).max(28),
    subtitle: z.string().min(1),
    /** the section of the rules text the card stands for */
    section: z.string().min(1),
    /** numbers shown large under the title, each with its icon */
    stats: z.array(z.object({ icon: z.enum(ICON_NAMES), label: z.string().min(1).max(12), value: z.string().min(1).max(8) }).strict()).max(4).default([]),
    /** what the card does, in our own words: a label and a short text each */
    lines: z.array(z.object({ label: z.string().min(1), text: z.string().min(1) }).strict()).max(4),
    /** short reminders printed under the lines */
    rules: z.array(z.string().min(1)).max(3).default([]),
    /** copies in each deck */
    count: z.number().int().min(0).max(30),
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
        title: z.string().min(1),
        back: z.object({ title: z.string().min(1), subtitle: z.string().min(1), icon: z.enum(ICON_NAMES) }).strict(),
        copies: z
          .array(z.object({ name: z.string().min(1), colour }).strict())
          .min(1)
          .max(6),
        /** which reading was chosen where the text is silent, such as how many of each card */
        note: z.string().min(1).optional(),
      })
      .strict(),
    cards: z.array(dataCardSchema).min(1),
  })
  .strict();

export type DataCard = z.infer<typeof dataCardSchema>;
export type DataDeck = z.infer<typeof cardsFile>;

/** Every deck in a rule set's cards/ folders, a house file's deck after the built-in ones. */
export async function loadCardDecks(dirs: readonly string[]): Promise<DataDeck[]> {
  const problems: DataProblem[] = [];
  const decks = (await parseFolderFiles(dirs, 'cards', cardsFile, problems)).map((f) => f.data);
  if (problems.length > 0) throw new DataError(problems);
  return decks;
}
