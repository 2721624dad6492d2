import { z } from 'zod';

/** Open Fire's sample army lists: muster's own (the rules text has none). */
const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a kebab-case id');
const stat = z.number().int().min(0).max(10);

export const weapon = z
  .object({
    id,
    name: z.string().min(1),
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
    name: z.string().min(1),
    nation: id,
    type: z.enum(['infantry', 'officer', 'sniper', 'gun', 'light-vehicle', 'tank', 'heavy-tank']),
    men: z.number().int().min(1).max(6).optional(),
    wpn: stat,
    arm: stat,
    mor: stat.optional(),
    trn: stat,
    hp: z.number().int().min(1).max(10).optional(),
    rank: z.enum(['conscript', 'trained', 'veteran']),
    weapons: z.array(id).min(1),
    points: z.number().int().min(1),
    notes: z.array(z.string().min(1)).max(2).default([]),
    source: z.string().min(1),
  })
  .strict();

export const nation = z.object({ id, name: z.string().min(1), colour: z.string().regex(/^#[0-9a-f]{6}$/) }).strict();

export const listsFile = z
  .object({ nations: z.array(nation).optional(), weapons: z.array(weapon).optional(), units: z.array(unit).optional() })
  .strict();

export type OfWeapon = z.infer<typeof weapon>;
export type OfUnit = z.infer<typeof unit>;
export type OfNation = z.infer<typeof nation>;
