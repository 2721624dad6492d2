import { z } from 'zod';
import { MAX_POINTS, MAX_SCORE, MAX_TURNS, intIn, kebabId, label, listOf, prose } from '../../data/limits.js';

/** The nine game modes as the scenario generator needs them (Game modes; docs/readings.md). */
export const gameMode = z
  .object({
    id: kebabId('victory-zones'),
    name: label,
    /** points for side A (or the attacker) and side B (or the defender); absent: chosen with --points */
    points: z.tuple([intIn(1, MAX_POINTS), intIn(1, MAX_POINTS)]).optional(),
    /** even: no attacker; roll: the higher D6 attacks */
    roles: z.enum(['even', 'roll']),
    /**
     * where the mode's section names an attacker and a defender but no roll for them: the entry
     * of the register of readings (readings.yaml) the roll stands for
     */
    rolesReadingId: kebabId('table-set-up').optional(),
    scoreLimit: intIn(1, MAX_SCORE),
    turns: intIn(1, MAX_TURNS),
    /** edges: facing edges; pocket: defender in the middle, attacker on three edges; surrounded: all four */
    deployment: z.enum(['edges', 'pocket', 'surrounded']),
    /** objective markers: none, in the middle, or structures to keep or destroy */
    objectives: z.enum(['none', 'middle', 'structures', 'officer']),
    feature: z.enum(['none', 'supply-road', 'escape-corridor']),
    /**
     * win conditions in our own words (Handlebars prose: {{dist 10 4}}); `draw`, where the two
     * conditions leave a result to neither side, is muster's reading and prints with its mark
     */
    win: z.object({ attacker: prose, defender: prose, draw: prose.optional() }).strict(),
    setup: prose.optional(),
    section: label,
  })
  .strict();

export const scenariosFile = z.object({ modes: listOf(gameMode, 100).min(1) }).strict();
export type GameMode = z.infer<typeof gameMode>;
