import type { IconName } from '../vocab/icons.js';
import type { Provenance, ReadingId } from '../vocab/provenance.js';

export { isReading, type Provenance, type ReadingId } from '../vocab/provenance.js';

/**
 * The document model: what a printed product says, as plain data, before anything is measured
 * or placed. Builders produce it; layout turns it into positioned primitives; the Markdown and
 * JSON outputs read it directly.
 */

/**
 * The papers muster prints on, as `--paper` names them: the one list the command line's
 * choices, the page's form, the docs' tables and the tests take theirs from. A paper's size
 * (in mm, upright), its name as a player reads it, and whether a quick-reference sheet is made
 * to fit one page of it (on A5, half an A4, a sheet runs on over two or three) go with it.
 */
export const PAPERS = ['a4', 'letter', 'a5'] as const;
export type Paper = (typeof PAPERS)[number];
export const PAPER_SPECS: Readonly<Record<Paper, { name: string; width: number; height: number; sheetOnOnePage: boolean }>> = {
  a4: { name: 'A4', width: 210, height: 297, sheetOnOnePage: true },
  letter: { name: 'US Letter', width: 215.9, height: 279.4, sheetOnOnePage: true },
  a5: { name: 'A5', width: 148, height: 210, sheetOnOnePage: false },
};
export type Units = 'cm' | 'in';

/**
 * A run of text in one style. `odds` is the small grey chance printed beside a number.
 * `boxes` prints each character as an empty square a player ticks off (a loss, a turn used);
 * Markdown shows the characters themselves, so write them as "□".
 */
export interface Run {
  text: string;
  style?: 'bold' | 'italic' | 'odds' | 'boxes';
}

/** A run of boxes to tick, in groups (a box a figure, grouped by stand; a point, in fives). */
export function tickBoxGroups(groups: readonly number[]): Run {
  return { text: groups.map((n) => '\u25a1'.repeat(n)).join(' '), style: 'boxes' };
}

/** `count` boxes in groups of `size`, the last group holding what is left. */
export function boxesInGroups(count: number, size: number): number[] {
  return Array.from({ length: Math.ceil(count / size) }, (_, i) => Math.min(size, count - i * size));
}

export interface TableColumn {
  label: string;
  align: 'left' | 'center' | 'right';
  /** the least width in mm: a column of a form that a player writes in, or one whose words should not wrap a word a line */
  minWidth?: number;
  /** its cells keep to one line where the table has the room: the column takes its longest line before the others share the rest (a list's names and sizes, its long places wrapping) */
  oneLine?: boolean;
}

export interface TableBlock {
  kind: 'table';
  /** the data id, for reference in JSON and tests */
  id: string;
  title: string;
  /** the section of the rules text the table summarises */
  section: string;
  /** how many columns of the sheet it spans */
  width: 'column' | 'full';
  columns: TableColumn[];
  /** a row is a list of cells, each a list of runs */
  rows: Run[][][];
  summary?: string;
  note?: string;
  /** a form a player writes in at the table (a turn record, a log): rows tall enough for a pen */
  form?: boolean;
  /** the house folder that gave or changed the table: its title carries the house mark */
  house?: string;
}

export interface TextBlock {
  kind: 'text';
  title: string;
  section: string;
  width: 'column' | 'full';
  paragraphs: string[];
}

/**
 * A link to muster's page with a force in it, as its roster prints it where a public address
 * is given (--public-url): the address in full, and its QR code to open it with a phone.
 */
export interface LinkBlock {
  kind: 'link';
  title: string;
  section: string;
  width: 'column' | 'full';
  /** what the link opens, in a line */
  caption: string;
  url: string;
  /** the QR code's modules row by row (true: dark), without its quiet zone; empty where the address is too long for one */
  qr: boolean[][];
}

export type Block = TableBlock | TextBlock | LinkBlock;

export interface SheetNode {
  title: string;
  blocks: Block[];
  /** 'rolls': the log of every die rolled; a booklet gathers these into one appendix */
  role?: 'rolls';
  /**
   * the part of the document the sheet belongs to, where its pages are handed to one player (a
   * side's papers): a sheet shares a page only with sheets of its own part, or none with none
   */
  part?: string;
}

export interface DocumentMeta {
  /** e.g. "Burst of Fire quick reference" */
  title: string;
  systemId: string;
  systemName: string;
  rulesVersion: string;
  toolVersion: string;
  /** present wherever dice were rolled */
  seed?: string;
  paper: Paper;
  units: Units;
  /** print choices given on the command line; absent, the defaults: backs printed, normal ink */
  print?: PrintSettings;
  /** the booklet this document is bound into: its footers number the booklet's pages under this title */
  bookTitle?: string;
  /** the house folders whose rules the document prints, by the names their pages give (withHouseRules) */
  house?: readonly string[];
  /** the words of its pages' footers, filled from templates/ by the builders: layout only places them */
  words: PageWords;
}

/**
 * The words every page of a document ends with: the footer line, the page number (with the
 * slots {title}, {page} and {pages}, known only once the pages are laid out) and the scale bar's.
 */
export interface PageWords {
  footer: string;
  pageNumber: string;
  scaleBar: string;
  /** the house mark's footnote, where the document prints house rules: layout adds it to each page showing the mark */
  houseNote?: string;
}



/** A page's number in its document's words. */
export function pageNumberText(words: PageWords, title: string, page: number, pages: number): string {
  // the numbers first: a title may hold braces of its own
  return words.pageNumber.replace('{page}', String(page)).replace('{pages}', String(pages)).replace('{title}', () => title);
}

/** `--no-backs` (backs: false) and `--ink low`; a field left out is the default. */
export interface PrintSettings {
  backs?: boolean;
  ink?: 'normal' | 'low';
  /** cmyk: every colour in DeviceCMYK, total ink limited, for a print shop's press (--shop) */
  colour?: 'cmyk';
}


export interface DocumentNode {
  meta: DocumentMeta;
  sheets: SheetNode[];
  /** true-scale drawings (templates, rulers, tracks, maps), after the sheets */
  drawings?: DrawingNode[];
  /** the heading of the drawing pages */
  drawingsTitle?: string;
  /** print the drawings after this many sheets (a packet's map follows its briefing); default all */
  drawingsAfterSheet?: number;
  /** the drawings go under the sheets before them, under their heading, where they fit whole there (a booklet's ladder chart under its contents) */
  drawingsShare?: boolean;
  /** token sheets, each as front and back pages */
  tokenSheets?: TokenSheetNode[];
  /** card decks, printed last, each as front and back pages */
  decks?: DeckNode[];
}

/**
 * Documents printed as one: a cover with the contents, then every part, its pages numbered
 * through the whole. Each part is the document as built on its own (a booklet's packet is the
 * packet `next` prints); the roll logs and cards of all parts are gathered at the back when
 * it is laid out.
 */
export interface BookletNode {
  kind: 'booklet';
  meta: DocumentMeta;
  cover: { title: string; paragraphs: string[] };
  parts: BookletPart[];
}

export interface BookletPart {
  /** the part's name in the contents, e.g. "Rung 3: The Supply Road" */
  label: string;
  /** a few words that mark the part's cards at the back, e.g. "Rung 3" */
  short: string;
  doc: DocumentNode;
}

/**
 * muster's one mark for its own readings (docs/design.md, Readings): a dagger after whatever muster
 * decided where the text is silent or contradicts itself, and on every page that shows one, the
 * footnote saying what it means. Builders mark a reading with `markReading`; layout adds the
 * footnote, so no product writes it by hand.
 */
export const READING_MARK = '\u2020';
export const READING_FOOTNOTE = `${READING_MARK} muster's reading: the text leaves this open`;
/** The footnote where a margin has room for no more (a card sheet with wide bleed on Letter). */
export const READING_FOOTNOTE_SHORT = `${READING_MARK} muster's reading`;

/**
 * A text marked as muster's reading, the entry of its register (data/<system>/readings.yaml)
 * named (marked once, however often it is asked). A test reads every mark in the source
 * against the registers, and every entry against the marks.
 */
export function markReading(text: string, reading: ReadingId): string {
  if (!/^[a-z0-9-]+\/[a-z0-9-]+$/.test(reading)) throw new Error(`muster's defect: "${reading}" is no reading of a register (system/id)`);
  return text.endsWith(READING_MARK) ? text : `${text}${READING_MARK}`;
}

/**
 * A text as its provenance has it printed: with the dagger where it is muster's reading, as it
 * stands where it is the text's. The one place a card's rule line gets its mark.
 */
export function markedBy(text: string, source: Provenance): string {
  const { reading } = source;
  return reading === undefined ? text : markReading(text, reading);
}

/**
 * A text marked by a reading whose words live with its data (a card's, a terrain type's,
 * a table's `reading`): the words are required, so no dagger is printed without them.
 */
export function markDataReading(text: string, words: string): string {
  if (!words.trim()) throw new Error("muster's defect: a data reading without its words");
  return text.endsWith(READING_MARK) ? text : `${text}${READING_MARK}`;
}

/** A text as it reads without the mark a data text carries by hand (a table cell): for a builder that marks it by its provenance instead. */
export function unmarked(text: string): string {
  return text.split(READING_MARK).join('');
}

/**
 * The house mark: after the title of whatever a house folder gave or changed (a table, a unit's
 * card, a card, a token), as the dagger marks muster's readings; every page that shows one says
 * at its foot which house folder it is (PageWords.houseNote). Builders mark with `markHouse`.
 */
export const HOUSE_MARK = '\u2021';

/** A title marked as a house folder's, when `house` names one; the text as it is otherwise. */
export function markHouse(text: string, house: string | undefined): string {
  if (house === undefined) return text;
  return text.endsWith(HOUSE_MARK) ? text : `${text}${HOUSE_MARK}`;
}

/** Whether a text shows the house mark. */
export function carriesHouse(text: string): boolean {
  return text.includes(HOUSE_MARK);
}

/** Whether a text shows the reading mark. */
export function carriesReading(text: string): boolean {
  return text.includes(READING_MARK);
}

export function plain(text: string): Run[] {
  return [{ text }];
}

export function runsText(runs: readonly Run[]): string {
  return runs.map((r) => r.text).join('');
}


/** One stat on a card: the rules' symbol, a short label and the value. */
export interface CardStat {
  icon: IconName;
  label: string;
  value: string;
}

/**
 * A line of a card's body: a name and what it says. A weapon's line also gives its numbers in
 * columns (`columns`: a heading each, as "range" or "ROF", and the value), with what fits no
 * column in `note`; the card sets its weapons as a small table, `text` saying the same in words
 * for Markdown and JSON.
 */
export interface CardLine {
  label: string;
  text: string;
  columns?: readonly CardColumn[];
  note?: string;
}

/** One number of a weapon's row on a card, under its column's heading. */
export interface CardColumn {
  heading: string;
  value: string;
}

/** A rules reminder on a card and where it comes from. */
export interface CardRule {
  text: string;
  source: Provenance;
}

/** A card's rule line, marked with the dagger where its source is muster's reading. */
export function cardRule(text: string, source: Provenance): CardRule {
  return { text: markedBy(text, source), source };
}

export interface CardFront {
  title: string;
  subtitle: string;
  /** header colour, e.g. the nation's */
  accent: string;
  /** quality badge: 0 conscript, 1 regular, 2 elite; absent when quality does not apply */
  badge?: { label: string; level: 0 | 1 | 2 };
  stats: CardStat[];
  /** weapons carried: name and what it does */
  lines: CardLine[];
  /** where its stats and profile come from: the text's section, or muster's reading where the text gives none */
  source: Provenance;
  /** two or three short rules reminders in our own words, each with where it comes from (cardRule) */
  rules: CardRule[];
  /** a card for several models that are the same: a box for each, to tick when it is lost, with its caption (model-cards.ts) */
  tally?: readonly string[];
  /** bottom strip, left and right */
  footer: { left: string; right: string };
}

export interface CardBack {
  title: string;
  subtitle: string;
  accent: string;
  icon: IconName;
  /** hatched: the back of the second side's cards in a game, told from the first's without colour */
  pattern?: 'hatched';
}

export interface CardNode {
  id: string;
  front: CardFront;
  back: CardBack;
  /** the house folder that gave or changed what the card shows (a unit, a card): its title carries the house mark */
  house?: string;
}

/** How a deck is printed: card size and the cut and duplex settings, all in mm. */
export interface CardPrint {
  width: number;
  height: number;
  /** mm of bleed round each card (round the grid's outside alone with `guillotine`) */
  bleed: number;
  /**
   * true where the bleed was asked for (--bleed, a club's default): the sheets keep it however
   * few cards they then hold. Without it a sheet takes 2 mm instead where that holds more cards.
   */
  keepBleed?: boolean;
  /**
   * true (--layout guillotine): the cards edge to edge, one cut between two, the bleed round the
   * grid alone; without it each card has its own bleed and a gutter parts it from the next
   */
  guillotine?: boolean;
  marks: boolean;
  duplex: 'long' | 'short';
  backOffset: { x: number; y: number };
  /** false: the back pages are left out; the document's print settings come first */
  backs?: boolean;
  ink?: 'normal' | 'low';
  /** true (--cards each): a force's deck gives every model a card, even where models are the same */
  eachModel?: boolean;
  /** true (--layout fold): fronts and their backs on one side of the sheet, to fold; no two-sided printing */
  fold?: boolean;
  /**
   * --shop: a card a page with its bleed, each back before its front: dtc, a PDF for
   * DriveThruCards; mpc, each page a PNG image for MakePlayingCards
   */
  shop?: Shop;
}

/** The print shops muster writes files for (docs/print-shops.md). */
export const SHOPS = ['dtc', 'mpc'] as const;
export type Shop = (typeof SHOPS)[number];

export interface DeckNode {
  title: string;
  cards: CardNode[];
  print: CardPrint;
}

/**
 * One face of a token: round or square (at the sheet's sizes) or a rect of its own true size
 * in mm, a colour, an icon and a short label or a number.
 */
export interface TokenFace {
  label: string;
  icon: IconName;
  colour: string;
  shape: 'round' | 'square' | 'rect';
  number?: number;
  /** a rect's true size in mm */
  size?: { width: number; height: number };
  /** the house folder that gave or changed the token: its label carries the house mark */
  house?: string;
}

export interface TokenSheetNode {
  title: string;
  /** each token's face and the face printed on its back */
  tokens: { front: TokenFace; back: TokenFace }[];
  print: { round: number; square: number; marks: boolean; duplex: 'long' | 'short'; backOffset: { x: number; y: number }; backs?: boolean; ink?: 'normal' | 'low' };
}

/** A shape of a drawing, in millimetres from the drawing's top-left corner. */
export type Shape =
  | { kind: 'circle'; cx: number; cy: number; r: number; fill?: string; stroke?: string; width?: number; dash?: number }
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill?: string; stroke?: string; width?: number }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; color?: string; width?: number }
  /** a closed outline, its corners in order; `dash` in mm dashes the outline */
  | { kind: 'polygon'; points: readonly (readonly [number, number])[]; fill?: string; stroke?: string; width?: number; dash?: number }
  /** an open line through its points, joined and ended round; `dash` in mm */
  | { kind: 'polyline'; points: readonly (readonly [number, number])[]; color?: string; width?: number; dash?: number }
  | { kind: 'text'; x: number; y: number; text: string; size: number; bold?: boolean; align?: 'left' | 'center' | 'right'; color?: string }
  | { kind: 'icon'; x: number; y: number; size: number; name: IconName; color?: string };

/**
 * A drawing printed at true scale: a template, a ruler, a track. Layout packs small ones
 * onto pages and splits one larger than the paper into pieces with alignment marks.
 */
export interface DrawingNode {
  title: string;
  /** millimetres */
  width: number;
  height: number;
  shapes: Shape[];
  /**
   * A smaller drawing that serves as well (a quarter of a disc, turned round its centre): layout
   * prints it instead where it takes fewer pieces to cut and join than this one
   */
  standIn?: DrawingNode;
}
