import { z } from 'zod';

/** The nine game modes as the scenario generator needs them (Game modes; design.md section 6). */
export const gameMode = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    name: z.string().min(1),
    /** points for side A (or the attacker) and side B (or the defender); absent: chosen with --points */
    points: z.tuple([z.number().int().positive(), z.number().int().positive()]).optional(),
    /** even: no attacker; roll: the higher D6 attacks */
    roles: z.enum(['even', 'roll']),
    scoreLimit: z.number().int().positive(),
    turns: z.number().int().positive(),
    /** edges: facing edges; pocket: defender in the middle, attacker on three edges; surrounded: all four */
    deployment: z.enum(['edges', 'pocket', 'surrounded']),
    /** objective markers: none, in the middle, or structures to keep or destroy */
    objectives: z.enum(['none', 'middle', 'structures', 'officer']),
    feature: z.enum(['none', 'supply-road', 'escape-corridor']),
    /** win conditions in our own words (Handlebars prose: {{dist 10 4}}) */
    win: z.object({ attacker: z.string().min(1), defender: z.string().min(1) }).strict(),
    setup: z.string().min(1).optional(),
    section: z.string().min(1),
  })
  .strict();

export const scenariosFile = z.object({ modes: z.array(gameMode).min(1) }).strict();
export type GameMode = z.infer<typeof gameMode>;
