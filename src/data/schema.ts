import { z } from 'zod';
import { MAX_COLUMNS, MAX_DICE, MAX_DISTANCE_CM, MAX_ID_LENGTH, MAX_ROWS, MAX_TABLE_NUMBER, MAX_TEXT_LENGTH, intIn, kebabId as boundedId, label, listOf, numberIn, prose } from './limits.js';

/**
 * Schemas for the rules-as-data files under data/<system>/. The shapes are shared by every
 * rule set; nothing here knows a rule set by name.
 */

const kebabId = boundedId('infantry-hit-effects');

/**
 * Dice as written in the rules: "2D6", "4D6", "1D3", "D6", "1D20" (Blaze Away's armour
 * combat); at most MAX_DICE dice.
 */
export const diceSpec = z
  .string()
  .regex(/^(\d{1,6})?D(3|6|10|20)$/, { message: 'dice written like "2D6", "4D6", "1D3", "D10" or "1D20"', abort: true })
  .refine((spec) => {
    const count = spec.startsWith('D') ? 1 : Number.parseInt(spec, 10);
    return count >= 1 && count <= MAX_DICE;
  }, `from 1 to ${MAX_DICE} dice`);

/** Any whole number in a table: a roll total, a needed roll, a modifier. */
const int = intIn(-MAX_TABLE_NUMBER, MAX_TABLE_NUMBER);
/** Any number in a table. */
const tableNumber = numberIn(-MAX_TABLE_NUMBER, MAX_TABLE_NUMBER);

/** Which totals of the table's dice select a row: a list as the text writes it, or a span. */
export const rollSpec = z.union([
  z.array(int).min(1).max(MAX_ROWS, `at most ${MAX_ROWS} totals`),
  z
    .object({ from: int, to: int })
    .strict()
    .refine((span) => span.from <= span.to, { message: 'a span runs from the lower total to the higher', path: ['to'] }),
]);

/** A distance as the text gives it, in both units. A pair is a band "5 to 10 cm / 2 to 4 in". */
const distance = numberIn(0, MAX_DISTANCE_CM);
const length = z.union([distance, z.tuple([distance, distance])]);
export const distanceCell = z
  .object({
    cm: length,
    in: length,
    /** how the text bounds it: "less than 50 cm", "more than 100 cm", "up to 25 cm" */
    qualifier: z.enum(['less-than', 'more-than', 'up-to', 'exactly']).optional(),
  })
  .strict();

/** A number a player must roll: "18 or lower", "4 or higher". Ties succeed (reading attack-roll-equal-value, docs/readings.md). */
export const needCell = z
  .object({
    need: int,
    or: z.enum(['lower', 'higher']),
    /** dice when they differ from the table's own */
    dice: diceSpec.optional(),
  })
  .strict();

/** No roll needed: an automatic success. */
export const autoCell = z.object({ auto: z.literal(true) }).strict();

/** A bonus or penalty on a needed number: +1, -2. */
export const modifierCell = z
  .object({
    mod: int,
    /** a short qualifier printed after the number, e.g. "each" */
    per: label.optional(),
  })
  .strict();

/**
 * A change to a movement roll of nD6: abandon (drop) or add again the highest or lowest dice,
 * or a fixed alternative ("1D6 per turn"), or a plain restriction.
 */
export const moveCell = z.union([
  z.object({ move: z.literal('normal') }).strict(),
  z.object({ move: z.enum(['drop', 'add']), which: z.enum(['highest', 'lowest']), count: intIn(1, MAX_DICE) }).strict(),
  z.object({ move: z.literal('fixed'), dice: diceSpec, per: z.literal('turn') }).strict(),
  z.object({ move: z.literal('limit'), cm: distance.positive(), in: distance.positive() }).strict(),
  z.object({ move: z.literal('no-double') }).strict(),
  z.object({ move: z.literal('impassable') }).strict(),
]);

export const cell = z.union(
  [z.string().max(MAX_TEXT_LENGTH, `at most ${MAX_TEXT_LENGTH} characters`), tableNumber, rollSpec, distanceCell, needCell, autoCell, modifierCell, moveCell],
  {
    error:
      'expected a cell: text, a number, a roll ([2, 5, 8] or {from, to}), a distance {cm, in}, ' +
      'a needed roll {need, or: lower|higher}, {auto: true}, a modifier {mod}, or a movement change {move}',
  },
);

export const column = z
  .object({
    key: z.string().max(MAX_ID_LENGTH, `at most ${MAX_ID_LENGTH} characters`).regex(/^[a-z][a-zA-Z0-9]*$/, 'a camelCase column key'),
    label,
  })
  .strict();

/** A row: a cell for each column it fills, and the marks "reroll" and "ref" (see check.ts). */
export const row = z
  .record(z.string().max(MAX_ID_LENGTH, `a column key of at most ${MAX_ID_LENGTH} characters`), cell)
  .refine((r) => Object.keys(r).length <= MAX_COLUMNS + 2, `at most ${MAX_COLUMNS} cells and the marks "reroll" and "ref"`);

export const ruleTable = z
  .object({
    id: kebabId,
    title: label,
    /** heading of the section of the rules text the table comes from */
    section: label,
    /** the rules file it stands in */
    source: label,
    /**
     * lookup: roll `dice` and read the row whose `roll` holds the total;
     * need: each row says what must be rolled on `dice`;
     * reference: nothing is rolled.
     */
    use: z.enum(['lookup', 'need', 'reference']),
    dice: diceSpec.optional(),
    columns: z.array(column).min(1).max(MAX_COLUMNS, `at most ${MAX_COLUMNS} columns`),
    rows: z.array(row).min(1).max(MAX_ROWS, `at most ${MAX_ROWS} rows`),
    /** print needed rolls the short way, "4+" and "≤ 12", for dense grids such as a to-hit chart */
    compact: z.boolean().optional(),
    /** a short reminder in our own words, printed under the table */
    summary: prose.optional(),
    /** which reading was chosen where the text is unclear or contradicts itself */
    note: prose.optional(),
    /** the entry of the rule set's register of readings (readings.yaml) the note stands for */
    readingId: kebabId.optional(),
    /**
     * the reading of a conversion from the text's units (its system.yaml `units`): printed as
     * the note is, only on a sheet in the other units
     */
    conversionNote: prose.optional(),
    /**
     * Totals the dice can show that the text gives no row for, each read as stated in the
     * note. Any other total without a row is an error.
     */
    unlisted: z.array(int).max(MAX_ROWS, `at most ${MAX_ROWS} totals`).optional(),
  })
  .strict();

export const tableFile = z
  .object({
    tables: listOf(ruleTable).min(1),
  })
  .strict();

export const sheetBlock = z.union([
  z
    .object({
      table: kebabId,
      width: z.enum(['column', 'full']).optional(),
      /** print rows as columns: short tables with many rows (a D6 table) read better across */
      transpose: z.boolean().optional(),
    })
    .strict(),
  z.object({ text: prose, section: label, title: label }).strict(),
  /**
   * a ladder of the chance to roll at or under (or over) every total of these dice; `section`:
   * the section of the text whose roll they are (left out, the strip says "dice odds")
   */
  z.object({ odds: diceSpec, or: z.enum(['lower', 'higher']), title: label, section: label.optional() }).strict(),
]);

export const sheet = z
  .object({
    id: kebabId,
    title: label,
    blocks: listOf(sheetBlock, 100).min(1),
  })
  .strict();

export const productName = z.enum(['tables', 'cards', 'tokens', 'scenario', 'campaign']);

export const systemFile = z
  .object({
    id: kebabId,
    name: label,
    /** the edition or version of the rules text the data follows */
    rulesVersion: label,
    scale: label,
    /** one line for `muster systems` */
    blurb: prose,
    /** a statement of where the data's facts come from */
    provenance: prose,
    products: z.array(productName).max(10),
    /** the units its text measures in: every distance muster prints is in these unless --units says otherwise */
    units: z.enum(['cm', 'in']),
  })
  .strict();

export const sheetsFile = z
  .object({
    sheets: listOf(sheet, 100).min(1),
  })
  .strict();

/**
 * One of muster's readings (data/<system>/readings.yaml): a choice muster made where the text is
 * silent or says two things. Everything printed or rolled by a reading names its id; docs/readings.md
 * is made from these entries.
 */
export const reading = z
  .object({
    id: boundedId('escape-corridor-dice'),
    /** a few words naming the question, as a list of readings heads its entry */
    title: label,
    /** what muster does, in muster's own words, as a player reads it */
    words: prose,
    /** the text's section headings the reading stands between: where the question comes up, or the places that disagree */
    between: listOf(label, 6).min(1, 'at least one section of the text: where the question comes up'),
  })
  .strict();

export const readingsFile = z
  .object({
    readings: listOf(reading, 200),
  })
  .strict();

export type DiceSpec = z.infer<typeof diceSpec>;
export type RollSpec = z.infer<typeof rollSpec>;
export type DistanceCell = z.infer<typeof distanceCell>;
export type NeedCell = z.infer<typeof needCell>;
export type ModifierCell = z.infer<typeof modifierCell>;
export type MoveCell = z.infer<typeof moveCell>;
export type Cell = z.infer<typeof cell>;
export type Column = z.infer<typeof column>;
export type Row = z.infer<typeof row>;
export type RuleTable = z.infer<typeof ruleTable>;
export type Sheet = z.infer<typeof sheet>;
export type SheetBlock = z.infer<typeof sheetBlock>;
export type SystemInfo = z.infer<typeof systemFile>;
export type Reading = z.infer<typeof reading>;
export type ProductName = z.infer<typeof productName>;
