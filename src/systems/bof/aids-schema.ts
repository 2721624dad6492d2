import { z } from 'zod';
import { tokenSchema } from '../../data/tokens.js';

/**
 * Play aids as data: the tokens and markers the rules use, and the Random Event & Effect
 * cards (muster's own: the rules promise 25 but print none).
 */
const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a kebab-case id such as "suppressed"');

export const token = tokenSchema;

export const eventCard = z
  .object({
    id,
    title: z.string().min(1).max(40),
    kind: z.enum(['weather', 'fieldworks', 'support', 'mishap', 'fortune', 'command']),
    /** the effect, in Burst of Fire's own terms; a Handlebars template ({{dist 10 4}}, {{mod -1}}) */
    effect: z.string().min(1).max(260),
    duration: z.string().min(1).max(60),
    affects: z.string().min(1).max(60),
  })
  .strict();

export const aidsFile = z
  .object({
    tokens: z.array(token).optional(),
    events: z.array(eventCard).optional(),
    tracks: z
      .object({
        combatScore: z.number().int().min(5).max(200),
        actionPoints: z.number().int().min(5).max(200),
      })
      .strict()
      .optional(),
    templates: z
      .object({
        smoke: z.object({ cm: z.number().positive(), in: z.number().positive() }).strict(),
        squadLeaderRadius: z.object({ cm: z.number().positive(), in: z.number().positive() }).strict(),
        grenadeRuler: z.object({ cm: z.number().positive(), in: z.number().positive() }).strict(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type { Token } from '../../data/tokens.js';
export type EventCard = z.infer<typeof eventCard>;
export type AidsFile = z.infer<typeof aidsFile>;
