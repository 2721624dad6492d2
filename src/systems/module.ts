import type { ListKind, ListRequest } from '../data/listing.js';
import type { PartChoice } from '../data/product-parts.js';
import type { SystemRules } from '../data/load.js';
import type { ForceProblem } from '../data/force-file.js';
import type { BookletNode, CardPrint, DocumentNode, Paper, Units } from '../doc/model.js';

/**
 * What a rule set's own module offers beyond its tables. The shared layers call these through
 * the registry and never name a rule set.
 */
export interface CardsRequest {
  system: SystemRules;
  nation?: string;
  doctrine?: string;
  /** path of a force file, already resolved */
  forceFile?: string;
  /** refuse a force with problems instead of printing them on the roster */
  strict: boolean;
  /** print the cost breakdown of this unit instead of cards */
  explainCost?: string;
  /** one of several decks (--list): an army list's, a player colour's, as typed */
  list?: string;
  print: CardPrint;
  units: Units;
  paper: Paper;
  toolVersion: string;
}

export type CardsResult =
  /** `json`: what --format json prints where that is the engine's result rather than the document */
  | { kind: 'document'; doc: DocumentNode; warnings: string[]; json?: unknown }
  | { kind: 'explanation'; text: string; data: unknown };

export interface TokensRequest {
  system: SystemRules;
  forceFile?: string;
  /** the Random Event & Effect deck instead of tokens, tracks and templates */
  events: boolean;
  /** Combat Score track maximum; the rule set's default when absent */
  maxScore?: number;
  /** which parts to print (--only, --without), as typed; the rule set names its parts */
  parts?: PartChoice;
  /** ID=N overrides of how many of a token to print (--count), as typed */
  counts?: string[];
  /** token sizes in mm */
  round: number;
  square: number;
  print: CardPrint;
  units: Units;
  paper: Paper;
  toolVersion: string;
}

export interface ScenarioRequest {
  system: SystemRules;
  mode: 'versus' | 'solo';
  scenario?: string;
  players: 2 | 4 | 6;
  /** cm */
  table: { width: number; height: number };
  /** points where the rule set leaves them open; the module's own default when absent */
  points?: number;
  /** a battle kind, for rule sets whose scenarios declare `battle` (scenarioOptions) */
  battle?: string;
  /** the sides' army lists, for rule sets whose scenarios declare `lists` */
  lists?: string[];
  /** the sides' force files, already resolved, side A's first, for rule sets whose scenarios declare `forces` */
  forceFiles?: string[];
  /** refuse a force file with problems instead of printing them (--strict) */
  strict?: boolean;
  /** the players' names for the packet (--names), for rule sets whose scenarios declare `names`; solo: `a` is the player */
  names?: { a: string; b?: string };
  /** solo: how the enemy is set up (--enemy), for rule sets whose scenarios declare `enemySetup` */
  enemy?: 'bags' | 'buy';
  /** minefields to place (--minefields), for rule sets whose scenarios declare `minefields`; the module checks its bounds */
  minefields?: number;
  /** the scenario designer's allocations, as typed, for rule sets whose scenarios declare `allocations`; the module reads and bounds them */
  barrage?: string;
  suppressive?: string;
  divisional?: string;
  buildings?: string;
  fixedDefence?: boolean;
  /** a line for the user, such as a force file's problems (stderr; nothing under --quiet) */
  onWarning?: (message: string) => void;
  count: number;
  seed: string;
  /** build the printable packets too (not needed for JSON) */
  packets: boolean;
  /** called after each packet; throw from it to stop (Ctrl-C) */
  onProgress?: (done: number, total: number) => void;
  print: CardPrint;
  units: Units;
  paper: Paper;
  toolVersion: string;
}

export interface CampaignRequest {
  system: SystemRules;
  action: 'new' | 'record' | 'next' | 'status' | 'booklet';
  /**
   * the campaign state file as read by the caller (under its lock, for record): the module
   * parses and checks it with the shared state-file layer and its own schema
   */
  state?: { file: string; bytes: Uint8Array; backup?: string };
  seed: string;
  /** the sides' names when given (--names); each module has its own default */
  names?: { a: string; b: string };
  /** the sides' army lists, as typed (--lists) */
  lists?: string;
  solo: boolean;
  winner?: 'a' | 'b' | 'draw';
  /** which of a turn's battles a result is for */
  battle?: number;
  /** side:SQUARE, a turn's assaults */
  assault: string[];
  /** side:N, points a side puts into its attack */
  split: string[];
  victory?: 'decisive' | 'strategic' | 'turns';
  combatScore?: { a: number; b: number };
  salvage: string[];
  upgrade: string[];
  onProgress?: (done: number, total: number) => void;
  print: CardPrint;
  units: Units;
  paper: Paper;
  toolVersion: string;
}

export interface CampaignResponse {
  /**
   * the new state file's text, if the action changed it, already checked to read back
   * (formatState); the caller writes it whole
   */
  stateText?: string;
  /** a line for the user */
  message?: string;
  /** what --format json prints */
  json?: unknown;
  /** the seed the dice of this answer came from, where it is not the one given (a booklet of a saved campaign) */
  seed?: string;
  /** documents to print (next, a short booklet) */
  docs?: DocumentNode[];
  /** a booklet to print: a cover with contents, then its parts, pages numbered through */
  booklet?: BookletNode;
}

/** What a module's scenarios take beyond the options every rule set's do, and their defaults. */
export interface ScenarioOptions {
  /** takes --battle */
  battle?: boolean;
  /** takes --lists */
  lists?: boolean;
  /** takes --force, once for each side */
  forces?: boolean;
  /** takes --names, the players' names printed on the packet */
  names?: boolean;
  /** takes --enemy, how a solo game's enemy is set up */
  enemySetup?: boolean;
  /** takes --minefields, a number of minefields a scenario places */
  minefields?: boolean;
  /** takes the designer's allocations: --barrage, --suppressive, --divisional, --buildings, --fixed-defence */
  allocations?: boolean;
  /** the table when --table is left out, in cm (else 120 x 120) */
  table?: { width: number; height: number };
  /** the range of --points (else 10 to 5000) */
  points?: { min: number; max: number };
}

/**
 * A force file checked as every product checks it (`muster check`, and the page's force
 * builder on every change): what it costs against its limit, each entry with its points, and
 * every rule it breaks in the words the roster prints.
 */
export interface ForceCheck {
  name: string;
  /** points spent; null where the rules price nothing (Blaze Away!) */
  points: number | null;
  /** the limit as the rule set states it ("100", "6 core + 2 reinforcement"); null where there is none */
  limit: string | null;
  entries: { where: string; name: string; points: number | null }[];
  problems: ForceProblem[];
}

export interface RuleSetModule {
  /** a force file read and checked, as its roster would print it */
  checkForce?(request: { system: SystemRules; forceFile: string }): Promise<ForceCheck>;
  /** the scenario options it takes beyond the common ones; none when absent */
  scenarioOptions?: ScenarioOptions;
  campaign?(request: CampaignRequest): Promise<CampaignResponse>;
  /**
   * Rolls `count` scenarios (seeds derived from the request's) and hands each to `sink` as it
   * is made, with its packet when `packets` is asked for, so a long batch need not be held.
   */
  scenario?(request: ScenarioRequest, sink: (result: unknown, packet: DocumentNode | undefined) => void | Promise<void>): Promise<void>;
  cards?(request: CardsRequest): Promise<CardsResult>;
  tokens?(request: TokensRequest): Promise<{ doc: DocumentNode; warnings: string[] }>;
  /**
   * The names a player may use beyond what the data folder alone lists (its tables, tokens and
   * card decks, listed for every rule set): nations, doctrines, units, army lists, game modes.
   * Narrowed by the request's nation and doctrine where a kind says it takes them; a kind with
   * the id of a data-folder kind (tokens) replaces it. Throws a UsageError for a name it cannot
   * find.
   */
  list?(request: ListRequest): Promise<ListKind[]>;
  /** checks of the module's own data, for `muster validate`; throws DataError on problems */
  validate?(system: SystemRules): Promise<string>;
}
