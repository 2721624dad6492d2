import { z } from 'zod';
import { DataError, type DataProblem } from '../errors.js';
import { parseFolderFiles } from './parse.js';
import { ICON_NAMES } from '../vocab/icons.js';
import { FolderIds } from './ids.js';
import type { HouseMark } from './house.js';
import { MAX_PIECES, MAX_TOKEN_COUNT, intIn, kebabId, label, listOf, numberIn } from './limits.js';

/** A size in millimetres that the rules give for a piece. */
const pieceSize = z.number().min(10).max(180);

/** A token or marker as data; any rule set's tokens use this shape. */
export const tokenSchema = z
  .object({
    id: kebabId('suppressed'),
    /** printed on the token: short */
    label: z.string().min(1).max(16),
    icon: z.enum(ICON_NAMES),
    /** round and square at the sheet's sizes; rect at its own true `size`, such as a wire strip */
    shape: z.enum(['round', 'square', 'rect']),
    /** a rect's true size in mm, which no option changes */
    size: z.object({ width: pieceSize, height: pieceSize }).strict().optional(),
    colour: z.string().regex(/^#[0-9a-f]{6}$/, 'a colour like "#7a3b2e"'),
    /** the section of the rules text that uses it */
    section: label,
    /** the token printed on its other side; absent: the same face on both sides */
    back: label.optional(),
    /** a number printed large instead of an icon, e.g. the turns left on a smoke marker */
    number: z.number().int().min(0).max(99).optional(),
    /** tokens on the standard sheet */
    count: intIn(0, MAX_TOKEN_COUNT),
    /** how many a force needs: ratio x the number of its models of a kind, rounded up */
    perForce: z
      .object({
        of: z.enum(['models', 'soldiers', 'infantry', 'vehicles', 'afv', 'support-weapons', 'planes', 'crewed', 'officers']),
        ratio: numberIn(0, 2).positive(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((t) => (t.shape === 'rect') === (t.size !== undefined), {
    message: 'a rect token gives its true size in mm, as size: { width, height }; a round or square one takes the sheet\'s size and gives none',
    path: ['size'],
  });

/** A token as loaded: a house folder's carries the folder's name, printed as its mark. */
export type Token = z.infer<typeof tokenSchema> & HouseMark;

/**
 * A file of tokens. With `sheet`, its tokens print on a sheet of their own at the sizes given
 * there, the true sizes the rules set (a 120 mm template, a 50 mm minefield square), which
 * --round-size and --square-size do not change. A rect token (a wire strip) always prints at
 * its own true size.
 */
const tokensFile = z
  .object({
    sheet: z
      .object({ title: label, round: pieceSize.optional(), square: pieceSize.optional() })
      .strict()
      .optional(),
    tokens: listOf(tokenSchema).min(1),
  })
  .strict()
  // a sheet of true sizes gives the size of each shape it prints; rect pieces carry their own
  .refine((f) => !f.sheet || f.tokens.every((t) => t.shape === 'rect' || (t.shape === 'round' ? f.sheet!.round : f.sheet!.square) !== undefined), {
    message: 'give the true size of its round or square pieces in mm',
    path: ['sheet'],
  });

/** Tokens that print together: the common sheet (no title), or a sheet of true-size pieces. */
export interface TokenGroup {
  title?: string;
  round?: number;
  square?: number;
  tokens: Token[];
}

/**
 * Every token in a rule set's tokens/ folders (built-in, then house rules, where a later id
 * replaces an earlier one; within one folder each id is used once), grouped by the sheet they
 * print on, checked that each token's other side exists (it may be in another file) and that
 * the sheets hold at most MAX_PIECES tokens in all.
 */
export async function loadTokenGroups(dirs: readonly string[]): Promise<TokenGroup[]> {
  const problems: DataProblem[] = [];
  const tokens = new Map<string, { token: Token; file: string; group: string }>();
  const groups = new Map<string, Omit<TokenGroup, 'tokens'>>();
  const ids = new FolderIds('token');
  for (const { file, dir, data, house } of await parseFolderFiles(dirs, 'tokens', tokensFile, problems, { tokens: { kind: 'token' } })) {
    const group = data.sheet?.title ?? '';
    groups.set(group, data.sheet ? { title: data.sheet.title, round: data.sheet.round, square: data.sheet.square } : {});
    data.tokens.forEach((token, i) => {
      const duplicate = ids.claim(dir, token.id, file, `tokens[${i}].id`);
      if (duplicate) return problems.push(duplicate);
      // a house token with a built-in id takes its place, on the house file's sheet
      tokens.delete(token.id);
      tokens.set(token.id, { token: house === undefined ? token : { ...token, house }, file, group });
    });
  }
  const byId = new Map([...tokens.values()].map(({ token }) => [token.id, token]));
  problems.push(...backProblems(byId, (id) => tokens.get(id)?.file ?? ''), ...greyProblems(byId, (id) => tokens.get(id)?.file ?? ''));
  const pieces = [...tokens.values()].reduce((n, t) => n + t.token.count, 0);
  if (pieces > MAX_PIECES) {
    const last = [...tokens.values()].at(-1)!;
    problems.push({ file: last.file, path: 'tokens', message: `the token sheets would hold ${pieces} tokens; at most ${MAX_PIECES} print in one run` });
  }
  if (problems.length > 0) throw new DataError(problems);
  return [...groups.entries()].map(([key, group]) => ({ ...group, tokens: [...tokens.values()].filter((t) => t.group === key).map((t) => t.token) }));
}

/**
 * The other side each token names: one that exists, and of its own shape and size, since a
 * two-sided token is one piece of card (a square Ruin backed by a round Crater printed a disc
 * behind a square, cut to neither). Every loader of tokens checks its tokens with this.
 */
export function backProblems(tokens: ReadonlyMap<string, Pick<Token, 'id' | 'shape' | 'size' | 'back'>>, fileOf: (id: string) => string): DataProblem[] {
  const problems: DataProblem[] = [];
  for (const token of tokens.values()) {
    if (!token.back) continue;
    const back = tokens.get(token.back);
    const path = `tokens[id=${token.id}].back`;
    if (!back) problems.push({ file: fileOf(token.id), path, message: `no token "${token.back}" for its other side` });
    else if (back.shape !== token.shape || JSON.stringify(back.size) !== JSON.stringify(token.size)) {
      const shape = (t: typeof back) => (t.size ? `${t.shape} ${t.size.width} x ${t.size.height} mm` : t.shape);
      problems.push({ file: fileOf(token.id), path, message: `"${token.back}" is ${shape(back)}, this token ${shape(token)}: a token's other side has its shape and size` });
    }
  }
  return problems;
}

/**
 * Tokens told apart by colour alone: the same words, symbol, shape and size in two colours
 * (one side's patrol marker and the other's) print as the same grey on a black-and-white
 * printer, so a player could not tell whose is whose. Each pair found is refused: a letter in
 * the label, another symbol or shape keeps them apart without colour.
 */
export function greyProblems(tokens: ReadonlyMap<string, Pick<Token, 'id' | 'label' | 'icon' | 'shape' | 'size' | 'number' | 'colour'>>, fileOf: (id: string) => string): DataProblem[] {
  const problems: DataProblem[] = [];
  const seen = new Map<string, string>();
  for (const token of tokens.values()) {
    const look = JSON.stringify([token.label.toLowerCase(), token.icon, token.shape, token.size ?? null, token.number ?? null]);
    const other = seen.get(look);
    if (other === undefined) {
      seen.set(look, token.id);
      continue;
    }
    if (tokens.get(other)!.colour === token.colour) continue;
    problems.push({
      file: fileOf(token.id),
      path: `tokens[id=${token.id}]`,
      message: `differs from "${other}" by colour alone (label "${token.label}", icon ${token.icon}, ${token.shape}): in grey they print alike; give one a letter in its label (e.g. "${token.label} B"), another icon or another shape`,
    });
  }
  return problems;
}

/** Every token of a rule set, whatever sheet it prints on. */
export async function loadTokenFolder(dirs: readonly string[]): Promise<Token[]> {
  return (await loadTokenGroups(dirs)).flatMap((g) => g.tokens);
}
