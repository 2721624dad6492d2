/**
 * What a rule set lends the page (issue 25): its force builder, its part of the campaign panel,
 * its table mode, and how the form offers its own options. Each rule set's parts live beside its module (src/systems/<id>/page/) and reach the
 * page through src/systems/page-registry.ts; a rule set without a part has no builder or panel,
 * and the page never names one.
 */
import type { Bench, Listed, RuleSetBuilder } from './force-ui.js';

export interface PageParts {
  /** the force builder's fields in `box`, where the rule set checks forces (`muster check`) */
  forceBuilder?: (bench: Bench, box: HTMLElement) => RuleSetBuilder;
  /** the rule set's fields of the campaign panel, where it has campaigns (`muster campaign`) */
  campaignPanel?: (host: CampaignPartHost) => CampaignPart;
  /** the words an option's empty field shows (its placeholder), by the option's name: the rule set's default */
  optionHelp?: Readonly<Record<string, string>>;
  /**
   * How the form offers some of the rule set's own options (of cards, tokens and scenarios), by
   * the option's name, beyond the field its declaration alone makes (own-fields.ts).
   */
  ownFields?: Readonly<Record<string, OwnFieldShape>>;
  /** what the page's table mode shows of a game of this rule set */
  tableMode?: TablePart;
  /**
   * Where a kept campaign stands, in a few words from its state file's JSON (which game or turn
   * comes next, and who attacks or what is to record): the first screen's list of kept
   * campaigns says it under each. Undefined for a state it cannot read.
   */
  campaignSummary?: (state: Readonly<Record<string, unknown>>) => string | undefined;
}

/** How the form offers one of a rule set's own options beyond what its declaration says. */
export interface OwnFieldShape {
  /**
   * Its values are the names `muster list <system> KIND` gives: a list of them, `none` the words
   * of its entry that leaves the option out. Where the rule set lists none, there is no field.
   */
  listed?: { kind: string; none: string };
  /** One value a side, given as A,B (side A's first, both or neither): a list a side, with these labels. */
  sides?: readonly [string, string];
  /** A flag that prints a deck of cards in place of the product's sheets: the sheets' fields give way to a deck's. */
  deckInstead?: true;
  /** Of the product's sheets alone: no field while a flag prints a deck in their place (deckInstead). */
  sheetsOnly?: true;
}

/** A marker a unit carries at the table: a token of the rule set's catalogue (`muster list <system> tokens`), by id. */
export interface TableMarker {
  token: string;
  /** a number that goes up and down (Fire Team's pins), not a box ticked once */
  counted?: boolean;
}

/**
 * A row at the table: a unit, or models alike that share one card ("Rifleman 1–8"), with a box
 * for each model (or stand) its losses are ticked in.
 */
export interface TableUnit {
  name: string;
  boxes: number;
  /** what tells the boxes apart, as the card captions them ("1", "Squad 2"); none: numbered */
  captions?: readonly string[];
  /** the score the other side gains for each box lost, as the card prints it (Burst of Fire's kill worth); none where the rule set scores no losses */
  worth?: number;
  /** the boxes are models of their own, each carrying its own markers: a marker counts the models that carry it */
  apart?: boolean;
}

/**
 * What a rolled packet sets at the table, read by the rule set's part from the JSON of
 * `muster scenario <system> --format json` (docs/design.md, Scenario JSON).
 */
export interface PacketAtTable {
  /** the scenario as the packet names it ("Breakthrough / hold the line (solo)") */
  title: string;
  /** the objectives and how the game is won, a short line each, in muster's words */
  objectives: readonly string[];
  /** the turns the packet sets; none: the part's */
  turns?: number;
  /** where the rule set keeps a score, its end as the packet sets it */
  scoreMax?: number;
  /** the two sides in the packet's order (solo: the player's first) */
  sides: readonly [PacketSide, PacketSide];
}

/** A side of a rolled packet. */
export interface PacketSide {
  /** what the packet calls it ("Side A", "You", "The enemy") */
  name: string;
  /** its force as the packet rolled or listed it, where the dice gave it one (a side given a force file takes its file) */
  rolled?: RolledForce;
}

/**
 * A rolled force: a force file the part writes from the packet (its rows then come from its
 * cards, as a force file's do), or rows read from the packet itself; `words` for the sheet.
 */
export type RolledForce = { words: string } & ({ forceFile: string } | { units: readonly TableUnit[] });

/**
 * A rule set's table mode: the markers its units carry, the tables the rolls it makes most
 * need (`muster list <system> tables` ids), a score both sides keep, the turns a game lasts.
 * Which tables and markers are shown is muster's reading, said so on the page.
 */
export interface TablePart {
  odds: readonly string[];
  markers: readonly TableMarker[];
  /** what a box of losses stands for ("model", "stand") */
  lossesOf: string;
  /** a score each side gains by the other's losses (Burst of Fire's Combat Score), from 0 to `max`; none where the rule set scores none */
  track?: { label: string; max: number; /** the rules' section that scores it */ section: string };
  /** turns a game lasts, where the rule set or muster's scenarios set them; none: a count with no end */
  turns?: number;
  /**
   * A force's rows at the table from the JSON of `muster cards <system> --force FILE --format
   * json`, grouped as its cards are, each with its worth where the rule set scores losses; by
   * default each card of its decks a row, a box for each model the card stands for (kit/table-cards.ts).
   */
  unitsOfCards?(json: unknown): TableUnit[];
  /** what a rolled packet sets at the table; none: the rule set rolls no packets */
  fromPacket?(json: unknown): PacketAtTable;
}

export type Side = 'a' | 'b';
export const SIDES: readonly Side[] = ['a', 'b'];

export interface Named {
  id: string;
  name: string;
}

/**
 * Options of a command as the panel's fields give them: a name and its value as typed, or a
 * name alone for a flag. The panel writes them as the command line takes them.
 */
export type CommandOptions = readonly (readonly [name: string, value?: string])[];

/** What the campaign panel lends a rule set's part. */
export interface CampaignPartHost {
  /** `muster list <system> lists`: the rule set's army lists, [] where it has none */
  lists(): Promise<Named[]>;
  /** `muster list <system> ...args --format json`: [] where the command line lists nothing */
  list(args: readonly string[]): Promise<Listed[]>;
  /** a field changed without an input event (a row added or removed): the command line shown follows */
  changed(): void;
}

/** The campaign as the panel shows it. */
export interface CampaignView {
  /** what `campaign <system> status --format json` prints; {} while there is no campaign */
  json: Record<string, unknown>;
  /** the sides' names as the campaign has them */
  names: Record<Side, string>;
  finished: boolean;
}

/** How the shared parts of the panel stand for the campaign as it is. */
export interface CampaignShape {
  /** a game may be recorded now */
  recordable: boolean;
  /** the words of the print choice that runs `next` */
  printNext: string;
}

/**
 * One rule set's fields of the campaign panel: the panel owns the state file, the status
 * words, the messages, recording, printing and downloading; the part the fields that only its
 * rule set's `campaign` takes.
 */
export interface CampaignPart {
  /** fields of the start form, between the sides' names and the seed */
  readonly startFields: readonly HTMLElement[];
  /** the fields of a game's record */
  readonly recordFields: readonly HTMLElement[];
  /** fields the print of the next game takes (shown or hidden by `shape`) */
  readonly nextFields: readonly HTMLElement[];
  /** the rule set is shown in the panel: its lists fetched afresh */
  opened(): Promise<void>;
  /** `new`'s options beyond the names, the forces and the seed */
  newOptions(): CommandOptions;
  /**
   * The start form asks for a solo campaign (the rule set's own option ticked): one player, so
   * one name and one force; absent where the rule set has no solo campaign.
   */
  solo?(): boolean;
  /**
   * The start form's forces changed: each side's force file as text, undefined for a side the
   * dice field. A part follows what its own start fields take from a force (an army list).
   */
  forcesGiven?(forces: Readonly<Record<Side, string | undefined>>): void;
  /** `record`'s options, as the fields stand; an empty field is left out, for the command line to name */
  recordOptions(): CommandOptions;
  /** the record fields emptied after a game is recorded */
  clearRecord(): void;
  /** `next`'s options, as the fields stand */
  nextOptions(): CommandOptions;
  /** The campaign's own figures under the status words; the sides' names put in the fields. */
  status(view: CampaignView): HTMLElement;
  /** The fields shaped for the campaign as it stands (also while there is none). */
  shape(view: CampaignView): CampaignShape;
}
