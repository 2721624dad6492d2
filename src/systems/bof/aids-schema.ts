import { z } from 'zod';
import { ICON_NAMES } from '../../doc/model.js';

/**
 * Play aids as data: the tokens and markers the rules use, and the Random Event & Effect
 * cards (muster's own: the rules promise 25 but print none).
 */
const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a kebab-case id such as "suppressed"');
const colour = z.string().regex(/^#[0-9a-f]{6}$/, 'a colour like "#7a3b2e"');

export const token = z
  .object({
    id,
    /** printed on the token: short */
    label: z.string().min(1).max(16),
    icon: z.enum(ICON_NAMES),
    shape: z.enum(['round', 'square']),
    colour,
    /** the section of the rules text that uses it */
    section: z.string().min(1),
    /** the token printed on its other side; absent: the same face on both sides */
    back: id.optional(),
    /** a number printed large instead of a label, e.g. the turns left on a smoke marker */
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

export type Token = z.infer<typeof token>;
export type EventCard = z.infer<typeof eventCard>;
export type AidsFile = z.infer<typeof aidsFile>;
