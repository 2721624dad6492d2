/**
 * The limits on every number and text a data file, a force file or an option can give. Each
 * is far beyond what a real game needs (the built-in data's largest value is noted beside
 * it) but keeps a run fast and small: past a limit muster refuses the file, naming the file,
 * the field and the limit, instead of running out of memory or time.
 *
 * The numbers alone, for code that makes no schemas (the page's own script, which has no zod):
 * limits.ts makes the schemas that apply them, and gives these too.
 */

/** A data file or force file, in bytes (the largest built-in file is 15 kB). */
export const MAX_FILE_BYTES = 1024 * 1024;
/** Files and folders in one data folder, so a wrong --data (such as /) is refused quickly. */
export const MAX_FOLDER_ENTRIES = 10_000;

/** An id: a rule set, a table, a unit, a token (built-in: 30 characters). */
export const MAX_ID_LENGTH = 60;
/** A name, title, label or section (built-in: 66 characters). */
export const MAX_LABEL_LENGTH = 200;
/** A side's name in a campaign (--names, kept in the state). */
export const MAX_SIDE_NAME_LENGTH = 60;
/** A sentence or paragraph: a note, summary, rule or effect (built-in: 528 characters). */
export const MAX_TEXT_LENGTH = 2000;

/** Any number in a table: roll totals, needed rolls, modifiers, distances (built-in: 125). */
export const MAX_TABLE_NUMBER = 1000;
/** Rows of one table (built-in: 16). */
export const MAX_ROWS = 200;
/** Columns of one table (built-in: 16). */
export const MAX_COLUMNS = 24;
/** Entries of one kind in one file: tables, tokens, cards, units, weapons... (built-in: 48). */
export const MAX_ENTRIES = 500;

/** Copies of one token on the standard sheet (built-in: 18). */
export const MAX_TOKEN_COUNT = 100;
/** Tokens printed in one run, the standard sheets or a force's (built-in: 110). */
export const MAX_PIECES = 2000;
/** Cards printed from a rule set's decks in one run (built-in: 96). */
export const MAX_DECK_CARDS = 1000;

/** Points of a force or a game (built-in: 180; also the limit of --points). */
export const MAX_POINTS = 5000;
/** Turns of a game (built-in: 7). */
export const MAX_TURNS = 30;
/** A Combat Score limit or track (built-in: 60). */
export const MAX_SCORE = 200;
/** Actions a force takes a turn, the top of its Action Point Counter (a track of boxes). */
export const MAX_ACTIONS = 1000;
/** Models in one entry of a force file. */
export const MAX_FORCE_COUNT = 100;
/** Models in a whole force: a 5000-point force at some 10 points a soldier. */
export const MAX_FORCE_MODELS = 500;
/** A distance in cm on the table (built-in: 125 cm); in inches, the same over 2.5. */
export const MAX_DISTANCE_CM = 1000;
export const MAX_DISTANCE_IN = 400;

/**
 * Values in one file once its YAML aliases are written out, each alias counted as often as it
 * is used: as many as a file of MAX_FILE_BYTES could hold written out (two bytes a value at
 * the least, `1,`), so a few aliases never make a file larger than the largest muster takes.
 */
export const MAX_FILE_VALUES = MAX_FILE_BYTES / 2;

/**
 * Characters of a force carried in a link (the `force=` value), refused before it is unpacked.
 * The largest real forces we could make up take some 8 kB: 500 Burst of Fire soldiers each
 * named, 6.9 kB; 100 Blaze Away! platoons of 20 stands each with a note, 7.8 kB. A QR code
 * holds at most 4 kB. Eight times the largest leaves room for long notes and names; past it a
 * link is a file that should be sent as one.
 */
export const MAX_FORCE_LINK_CHARS = 64 * 1024;

/**
 * How deeply a campaign state file nests its objects and lists. The deepest a state muster
 * writes reaches is 10 (Fire Team: changes[i].state.pending[j].ground.rolls[k].faces, a kept
 * state's roll for an encounter's ground) and 9 for Burst of Fire (changes[i].state.forces.a
 * .units[j].salvagedWeapons), measured on campaigns of both rule sets played to their end with
 * forces, salvage, upgrades, encounters and undos. Three times that leaves room for a new field
 * or rule set, while a file nested thousands of levels deep (which took seconds to walk and
 * then overflowed the call stack when written back) is refused before it is parsed.
 */
export const MAX_STATE_DEPTH = 32;
