import { z } from 'zod';
import type { HouseMark } from '../../data/house.js';
import { MAX_POINTS, intIn, kebabId, label, listOf, prose } from '../../data/limits.js';

/** Open Fire's sample army lists: muster's own (the rules text has none). */
const id = kebabId('de-rifle-team');
const stat = z.number().int().min(0).max(10);

export const weapon = z
  .object({
    id,
    name: label,
    /** range in inches, as the rules measure */
    rng: z.number().int().min(0).max(200),
    rof: z.number().int().min(1).max(10),
    pen: stat,
    /** added to each to-hit die */
    acc: z.number().int().min(-2).max(2),
    /** light, mobile, heavy or artillery (Weapon types) */
    kind: z.enum(['light', 'mobile', 'heavy', 'artillery']),
    /** infantry weapons hurt light vehicles at PEN -1; vehicle weapons hurt everything */
    against: z.enum(['infantry', 'vehicle']),
    explodes: z.boolean().optional(),
  })
  .strict();

export const unit = z
  .object({
    id,
    name: label,
    nation: id,
    type: z.enum(['infantry', 'officer', 'sniper', 'gun', 'light-vehicle', 'tank', 'heavy-tank']),
    men: z.number().int().min(1).max(6).optional(),
    wpn: stat,
    arm: stat,
    mor: stat.optional(),
    trn: stat,
    hp: z.number().int().min(1).max(10).optional(),
    rank: z.enum(['conscript', 'trained', 'veteran']),
    weapons: listOf(id, 10).min(1),
    /** the unit's real weapon for a row of its weapons, by weapon id: the row gives the numbers */
    weaponNames: z.record(id, label).optional(),
    points: intIn(1, MAX_POINTS),
    /** reminders printed on its card: a text of muster's lists, or one with the section of the text it restates */
    notes: z.array(z.union([prose, z.object({ text: prose, section: label }).strict()])).max(2).default([]),
    source: prose,
  })
  .strict();

export const nation = z.object({ id, name: label, colour: z.string().regex(/^#[0-9a-f]{6}$/, 'a colour like "#4f5b62"') }).strict();

export const listsFile = z
  .object({
    /**
     * muster's reading the file's units stand on, such as "the text gives no unit stats or points":
     * each card of a unit from such a file carries the reading mark once, at its foot (cost and score)
     */
    reading: prose.optional(),
    nations: listOf(nation).optional(),
    weapons: listOf(weapon).optional(),
    units: listOf(unit).optional(),
  })
  .strict();

export type OfWeapon = z.infer<typeof weapon>;
export type OfUnit = z.infer<typeof unit> & HouseMark;
export type OfNation = z.infer<typeof nation>;
