import { z } from 'zod';
import { DataError, type DataProblem } from '../errors.js';
import { parseFolderFiles } from './parse.js';
import { ICON_NAMES } from '../doc/model.js';

/** A token or marker as data; any rule set's tokens use this shape. */
export const tokenSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a kebab-case id such as "suppressed"'),
    /** printed on the token: short */
    label: z.string().min(1).max(16),
    icon: z.enum(ICON_NAMES),
    shape: z.enum(['round', 'square']),
    colour: z.string().regex(/^#[0-9a-f]{6}$/, 'a colour like "#7a3b2e"'),
    /** the section of the rules text that uses it */
    section: z.string().min(1),
    /** the token printed on its other side; absent: the same face on both sides */
    back: z.string().min(1).optional(),
    /** a number printed large instead of an icon, e.g. the turns left on a smoke marker */
    number: z.number().int().min(0).max(99).optional(),
    /** tokens on the standard sheet */
    count: z.number().int().min(0),
    /** how many a force needs: ratio x the number of its models of a kind, rounded up */
    perForce: z
      .object({
        of: z.enum(['models', 'soldiers', 'infantry', 'vehicles', 'afv', 'support-weapons', 'planes', 'crewed', 'officers']),
        ratio: z.number().positive(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type Token = z.infer<typeof tokenSchema>;

const tokensFile = z.object({ tokens: z.array(tokenSchema).min(1) }).strict();

/**
 * Every token in a rule set's tokens/ folders (built-in, then house rules, where a later id
 * replaces an earlier one), checked that each token's other side exists.
 */
export async function loadTokenFolder(dirs: readonly string[]): Promise<Token[]> {
  const problems: DataProblem[] = [];
  const tokens = new Map<string, Token>();
  const files = new Map<string, string>();
  for (const { file, data } of await parseFolderFiles(dirs, 'tokens', tokensFile, problems)) {
    for (const token of data.tokens) {
      tokens.set(token.id, token);
      files.set(token.id, file);
    }
  }
  for (const token of tokens.values()) {
    if (token.back && !tokens.has(token.back)) {
      problems.push({ file: files.get(token.id)!, path: `tokens[id=${token.id}].back`, message: `no token "${token.back}" for its other side` });
    }
  }
  if (problems.length > 0) throw new DataError(problems);
  return [...tokens.values()];
}
