import type { ListKind, ListRequest } from '../data/listing.js';
import type { PartChoice } from '../data/product-parts.js';
import type { SystemRules } from '../data/load.js';
import type { ForceProblem } from '../data/force-file.js';
import type { Token } from '../data/tokens.js';
import type { BookletNode, CardPrint, DocumentNode, Paper, Units } from '../doc/model.js';
import type { OptionValues } from './manifest.js';
import type { BudgetFit } from './budget-fit.js';
import type { TerrainLevel } from '../engine/terrain.js';
import type { TerrainPieceJson } from './scenario-terrain.js';

/**
 * What a rule set's own module offers beyond its tables. The shared layers call these through
 * the registry and never name a rule set.
 */
export interface CardsRequest {
  system: SystemRules;
  nation?: string;
  /** path of a force file, already resolved */
  forceFile?: string;
  /**
   * that file's text as the command line read it, once: the cards and the link their roster
   * prints (--public-url) are made from the same bytes, whatever happens to the file meanwhile
   */
  forceText?: string;
  /** refuse a force with problems instead of printing them on the roster */
  strict: boolean;
  /** one of several decks (--list): an army list's, a player colour's, as typed */
  list?: string;
  /** the rule set's own cards options (its manifest's), as given */
  options: OptionValues;
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
  /** the rule set's own tokens options (its manifest's), as given */
  options: OptionValues;
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

/**
 * One scenario asked for, checked against the rule set's manifest by the command line: the
 * mode, players, points and scenario are ones it declares, each shared option one it takes.
 */
export interface ScenarioRequest {
  system: SystemRules;
  mode: 'versus' | 'solo';
  /** the id of one of the module's scenarios (`scenarioNames`), found from the id or name typed */
  scenario?: string;
  players: number;
  /** cm */
  table: { width: number; height: number };
  /** as given, within the manifest's range; the rule set's default when absent */
  points?: number;
  /** the sides' force files, already resolved, side A's first (solo: the player's alone) */
  forceFiles: string[];
  /** refuse a force file with problems instead of printing them (--strict) */
  strict: boolean;
  /** the players' names for the packet (--names); solo: `a` is the player */
  names?: { a: string; b?: string };
  /** the rule set's own scenario options (its manifest's), as given */
  options: OptionValues;
  /** how much terrain the map gets (--terrain; the command line's default is normal); none when left out */
  terrain?: TerrainLevel;
  /** a line for the user, such as a force file's problems (stderr; nothing under --quiet) */
  onWarning?: (message: string) => void;
  print: CardPrint;
  units: Units;
  paper: Paper;
  toolVersion: string;
}

/** What every rolled scenario's JSON holds (docs/design.md, Scenario JSON); each rule set adds its own. */
export interface ScenarioResultBase {
  system: string;
  seed: string;
  scenario: { id: string; name: string };
  /** a side's key, or null where neither attacks */
  attacker: string | null;
  defender: string | null;
  /** each side's edge or sector, by side */
  deployment: Readonly<Record<string, unknown>>;
  objectives: readonly unknown[];
  forces: readonly { side: string; points: number | null; budget: number | null; units: readonly unknown[] }[];
  /** cm */
  table: { width: number; height: number };
  /** the terrain laid on the table (docs/design.md, Scenario JSON), cm from its south-west corner; empty under --terrain none */
  terrain: readonly TerrainPieceJson[];
  /** every die rolled, in order, with what it decided */
  rolls: readonly unknown[];
  /**
   * each force the players brought (--force) against this game's budget for its side, in the
   * order the files were given; the command line warns of one over it, or refuses under --strict
   */
  fits?: readonly BudgetFit[];
}

/**
 * A scenario ready to roll: data, forces and options read once for a whole batch. The command
 * line rolls it once per seed (systems/scenario-batch.ts) and asks for a packet where one is printed.
 */
export interface ScenarioRoller<R extends ScenarioResultBase = ScenarioResultBase> {
  roll(seed: string): R;
  packet(result: R): DocumentNode;
}

export interface ScenarioSteps {
  /** the scenarios --scenario may name, by id and name (where the manifest takes --scenario) */
  names?(system: SystemRules): Promise<readonly { id: string; name: string }[]>;
  prepare(request: ScenarioRequest): Promise<ScenarioRoller>;
}

export type CampaignAction = 'new' | 'record' | 'next' | 'status' | 'booklet' | 'undo';
/**
 * The actions a module answers: `undo` is the command line's alone, the same for every rule set
 * (it restores the state kept before the last change, which the module never sees).
 */
export type ModuleCampaignAction = Exclude<CampaignAction, 'undo'>;

export interface CampaignRequest {
  system: SystemRules;
  action: ModuleCampaignAction;
  /**
   * the campaign state file as read by the caller (under its lock, for record): the module
   * parses and checks it with the shared state-file layer and its own schema
   */
  state?: { file: string; bytes: Uint8Array; backup?: string };
  seed: string;
  /** the sides' names when given (--names); each module has its own default */
  names?: { a: string; b: string };
  /**
   * more than one player a side (--names "Anna,Ben:Carl,Dora", within the manifest's `players`):
   * every player, side A's first; absent where each side is one player
   */
  players?: readonly { name: string; side: 'a' | 'b' }[];
  /** the force files for `new`, already resolved, side A's first (solo: the player's alone; several players a side: in the players' order); absent or empty when none is given */
  forceFiles?: string[];
  /** refuse a force file with problems instead of printing them (--strict) */
  strict?: boolean;
  /** the rule set's own campaign options (its manifest's), as given */
  options: OptionValues;
  /** how much terrain each game's map gets (--terrain; the command line's default is normal); none when left out */
  terrain?: TerrainLevel;
  /** --all-cards: every unit card again; else a game (a Fire Team turn) after the first prints only the cards new or changed since the last */
  allCards?: boolean;
  /** a line for the user, such as a force file's problems (stderr; nothing under --quiet) */
  onWarning?: (message: string) => void;
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
  /**
   * what the new state changed, in a player's words ("recorded game 3 (Red won)"): the command
   * line keeps it with the state before, for `status` to name and `undo` to take back; the
   * action's name where it is left out
   */
  change?: string;
  /** what --format json prints */
  json?: unknown;
  /** the seed the dice of this answer came from, where it is not the one given (a booklet of a saved campaign) */
  seed?: string;
  /** documents to print (next, a short booklet) */
  docs?: DocumentNode[];
  /** a booklet to print: a cover with contents, then its parts, pages numbered through */
  booklet?: BookletNode;
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
  /**
   * the force against games' budgets for its side: the game asked for (`check --scenario`),
   * else each game the rule set has, where its games have budgets; absent where none has
   */
  fits?: BudgetFit[];
}

/** The game a force is checked against (`muster check --scenario`), as the command line found it. */
export interface GameAsked {
  /** the id of one of the module's scenarios (`scenario.names`) */
  scenario: string;
  mode: 'versus' | 'solo';
  players: number;
}

/** The kinds of model a data folder's tokens are counted by for a force (`perForce.of` in tokens/*.yaml). */
export type ForceKind = NonNullable<Token['perForce']>['of'];

/** How many models of each kind a force fields: what `tokens --force` counts a data folder's tokens by. */
export interface ForceTally {
  name: string;
  /** a kind the rule set does not have is left out, and counts none */
  counts: Partial<Record<ForceKind, number>>;
  warnings: string[];
}

export interface RuleSetModule {
  /** a force file read and checked, as its roster would print it */
  checkForce?(request: { system: SystemRules; forceFile: string; game?: GameAsked }): Promise<ForceCheck>;
  /** a force file's models by kind, for the tokens of its data folder sized to it */
  forceTally?(request: { system: SystemRules; forceFile: string }): Promise<ForceTally>;
  campaign?(request: CampaignRequest): Promise<CampaignResponse>;
  /** its scenarios, where its manifest declares them */
  scenario?: ScenarioSteps;
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
