import { z } from 'zod';
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
