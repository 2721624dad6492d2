/**
 * How much terrain muster's own tables lay on a map (`--terrain`): a word of the command line
 * the page offers too, so it lives where the page reaches it without the engine's terrain code.
 */
export const TERRAIN_LEVELS = ['none', 'light', 'normal', 'dense'] as const;
export type TerrainLevel = (typeof TERRAIN_LEVELS)[number];
