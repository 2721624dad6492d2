import { z } from 'zod';
import type { HouseMark } from '../../data/house.js';
import { MAX_DISTANCE_CM, MAX_DISTANCE_IN, MAX_SCORE, intIn, kebabId, listOf, numberIn } from '../../data/limits.js';
import { tokenSchema } from '../../data/tokens.js';

/**
 * Play aids as data: the tokens and markers the rules use, and the Random Event & Effect
 * cards (muster's own: the rules promise 25 but print none).
 */
const id = kebabId('suppressed');
/** A template printed whole at true size: it must fit a sheet of paper. */
const templateSize = z.object({ cm: numberIn(0, 18).positive(), in: numberIn(0, 7).positive() }).strict();
/** A length printed as a ruler, in pieces that fit a sheet. */
const rulerLength = z.object({ cm: numberIn(0, MAX_DISTANCE_CM).positive(), in: numberIn(0, MAX_DISTANCE_IN).positive() }).strict();

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
    tokens: listOf(token).optional(),
    events: listOf(eventCard).optional(),
    tracks: z
      .object({
        combatScore: intIn(5, MAX_SCORE),
        actionPoints: intIn(5, MAX_SCORE),
      })
      .strict()
      .optional(),
    templates: z
      .object({
        smoke: templateSize,
        squadLeaderRadius: rulerLength,
        grenadeRuler: rulerLength,
      })
      .strict()
      .optional(),
  })
  .strict();

export type { Token } from '../../data/tokens.js';
export type EventCard = z.infer<typeof eventCard> & HouseMark;
export type AidsFile = z.infer<typeof aidsFile>;
