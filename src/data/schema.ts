import { z } from 'zod';

/**
 * Schemas for the rules-as-data files under data/<system>/. The shapes are shared by every
 * rule set; nothing here knows a rule set by name.
 */

const kebabId = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a kebab-case id such as "infantry-hit-effects"');

/** Dice as written in the rules: "2D6", "4D6", "1D3", "D6", "1D20" (Blaze Away's armour combat). */
export const diceSpec = z
  .string()
  .regex(/^[1-9]?\d*D(3|6|10|20)$/, 'dice written like "2D6", "4D6", "1D3", "D10" or "1D20"');

const int = z.number().int();

/** Which totals of the table's dice select a row: a list as the text writes it, or a span. */
export const rollSpec = z.union([
  z.array(int).min(1),
  z.object({ from: int, to: int }).strict(),
]);

/** A distance as the text gives it, in both units. A pair is a band "5 to 10 cm / 2 to 4 in". */
const length = z.union([z.number().nonnegative(), z.tuple([z.number().nonnegative(), z.number().nonnegative()])]);
export const distanceCell = z
  .object({
    cm: length,
    in: length,
    /** how the text bounds it: "less than 50 cm", "more than 100 cm", "up to 25 cm" */
    qualifier: z.enum(['less-than', 'more-than', 'up-to', 'exactly']).optional(),
  })
  .strict();

/** A number a player must roll: "18 or lower", "4 or higher". Ties succeed (design.md section 6). */
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
    per: z.string().min(1).optional(),
  })
  .strict();

/**
 * A change to a movement roll of nD6: abandon (drop) or add again the highest or lowest dice,
 * or a fixed alternative ("1D6 per turn"), or a plain restriction.
 */
export const moveCell = z.union([
  z.object({ move: z.literal('normal') }).strict(),
  z.object({ move: z.enum(['drop', 'add']), which: z.enum(['highest', 'lowest']), count: int.min(1) }).strict(),
  z.object({ move: z.literal('fixed'), dice: diceSpec, per: z.literal('turn') }).strict(),
  z.object({ move: z.literal('limit'), cm: z.number().positive(), in: z.number().positive() }).strict(),
  z.object({ move: z.literal('no-double') }).strict(),
  z.object({ move: z.literal('impassable') }).strict(),
]);

export const cell = z.union(
  [z.string(), z.number(), rollSpec, distanceCell, needCell, autoCell, modifierCell, moveCell],
  {
    error:
      'expected a cell: text, a number, a roll ([2, 5, 8] or {from, to}), a distance {cm, in}, ' +
      'a needed roll {need, or: lower|higher}, {auto: true}, a modifier {mod}, or a movement change {move}',
  },
);

export const column = z
  .object({
    key: z.string().regex(/^[a-z][a-zA-Z0-9]*$/, 'a camelCase column key'),
    label: z.string().min(1),
  })
  .strict();

export const row = z.record(z.string(), cell);

export const ruleTable = z
  .object({
    id: kebabId,
    title: z.string().min(1),
    /** heading of the section of the rules text the table comes from */
    section: z.string().min(1),
    /** the rules file it stands in */
    source: z.string().min(1),
    /**
     * lookup: roll `dice` and read the row whose `roll` holds the total;
     * need: each row says what must be rolled on `dice`;
     * reference: nothing is rolled.
     */
    use: z.enum(['lookup', 'need', 'reference']),
    dice: diceSpec.optional(),
    columns: z.array(column).min(1),
    rows: z.array(row).min(1),
    /** print needed rolls the short way, "4+" and "≤ 12", for dense grids such as a to-hit chart */
    compact: z.boolean().optional(),
    /** a short reminder in our own words, printed under the table */
    summary: z.string().min(1).optional(),
    /** which reading was chosen where the text is unclear or contradicts itself */
    note: z.string().min(1).optional(),
    /**
     * Totals the dice can show that the text gives no row for, each read as stated in the
     * note. Any other total without a row is an error.
     */
    unlisted: z.array(int).optional(),
  })
  .strict();

export const tableFile = z
  .object({
    tables: z.array(ruleTable).min(1),
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
  z.object({ text: z.string().min(1), section: z.string().min(1), title: z.string().min(1) }).strict(),
  /** a ladder of the chance to roll at or under (or over) every total of these dice */
  z.object({ odds: diceSpec, or: z.enum(['lower', 'higher']), title: z.string().min(1) }).strict(),
]);

export const sheet = z
  .object({
    id: kebabId,
    title: z.string().min(1),
    blocks: z.array(sheetBlock).min(1),
  })
  .strict();

export const productName = z.enum(['tables', 'cards', 'tokens', 'scenario', 'campaign']);

export const systemFile = z
  .object({
    id: kebabId,
    name: z.string().min(1),
    /** the edition or version of the rules text the data follows */
    rulesVersion: z.string().min(1),
    scale: z.string().min(1),
    /** one line for `muster systems` */
    blurb: z.string().min(1),
    /** a statement of where the data's facts come from */
    provenance: z.string().min(1),
    products: z.array(productName),
  })
  .strict();

export const sheetsFile = z
  .object({
    sheets: z.array(sheet).min(1),
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
export type ProductName = z.infer<typeof productName>;
