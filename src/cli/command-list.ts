/**
 * Every command, positional and option muster takes, as data (command-table.ts puts the rule
 * sets' own options in, and `config`). The page reads it too, with no rule set's part, to make
 * its form's fields: an option the page offers says how in its `page` field. Order matters: it
 * is the order of `--help`.
 */

import type { ProductWithOptions } from '../systems/manifest.js';
import type { CommandSpec, OptionSpec, PageField, PositionalSpec } from './option-spec.js';
import { TERRAIN_LEVELS } from '../vocab/terrain-levels.js';
import { PAPER_SPECS, PAPERS, SHOPS } from '../doc/model.js';

/**
 * A product's options of the rule sets: its shared options (`shared`), each with the rule sets'
 * words on it, then the rule sets' own.
 */
export type RuleSetPart = (product: ProductWithOptions, shared: readonly OptionSpec[]) => readonly OptionSpec[];

export const FORMATS = ['pdf', 'json', 'md'] as const;
export { PAPERS };
export const UNITS = ['cm', 'in'] as const;
export const INKS = ['normal', 'low'] as const;
const DUPLEX = ['long', 'short'] as const;
const DUPLEX_TEXT = "how your printer turns the sheet for the backs: long (over the long edge, most printers' default) or short";

/** The fields of the options several commands take (the page offers one field for all). */
const PAPER_FIELD: PageField = { label: 'Paper', group: 'printing', choices: PAPERS.map((paper) => [paper, PAPER_SPECS[paper].name]) };
const DUPLEX_FIELD: PageField = { label: 'Two-sided: flip on the', group: 'printing', choices: [['long', 'long edge'], ['short', 'short edge']] };
const BACK_OFFSET_FIELD: PageField = { label: 'Back offset, mm (X,Y)', group: 'printing', keyboard: 'decimal', placeholder: '0,0' };
const TERRAIN_FIELD: PageField = {
  label: 'Terrain on the map',
  group: 'product',
  choices: [['normal', 'Normal'], ['light', 'Light'], ['dense', 'Dense'], ['none', 'None: an empty table']],
};

const SYSTEM: PositionalSpec = { name: 'system', describe: 'rule set id (see `muster systems`)' };

/** The options every product command takes (docs/design.md, The command line). */
const PRODUCT: readonly OptionSpec[] = [
  {
    name: 'seed',
    type: 'string',
    describe: 'seed for the dice; a product that rolls nothing accepts it and ignores it',
    page: { label: 'Seed', group: 'dice', placeholder: 'rolled fresh each time' },
  },
  { name: 'out', alias: 'o', type: 'string', describe: 'output file (PDF default: a file under out/; JSON and Markdown default: stdout)' },
  { name: 'format', type: 'string', choices: FORMATS, default: 'pdf', describe: 'pdf, or the result as json or md' },
  { name: 'paper', type: 'string', choices: PAPERS, default: 'a4', describe: 'paper size', page: PAPER_FIELD },
  {
    name: 'units',
    type: 'string',
    choices: UNITS,
    describe: 'units for distances, rulers and the scale bar (default: the units of the rules text; `muster systems` names them)',
    page: { label: 'Units', group: 'printing', choices: [['cm', 'centimetres'], ['in', 'inches']] },
  },
  { name: 'data', type: 'string', array: true, default: [], describe: 'extra data folder (house rules), repeatable' },
  { name: 'quiet', type: 'boolean', default: false, describe: 'print nothing but errors' },
  {
    name: 'allow-missing-glyphs',
    type: 'boolean',
    default: false,
    describe: 'write the PDF even when a character has no glyph in any embedded font (it prints as a box); without it that is an error',
    page: { label: 'Print characters no font has as empty boxes', group: 'printing' },
  },
];

/** Of every product that prints a force's cards: one card for models that are the same, or one a model. */
const FORCE_CARDS: OptionSpec = {
  name: 'cards',
  type: 'string',
  choices: ['grouped', 'each'],
  default: 'grouped',
  describe: "a force's cards: grouped, one card for models that are the same (unit, quality, weapons) with a box to tick for each; each, one card a model",
  page: { label: "A force's cards", group: 'printing', choices: [['grouped', 'alike models share one'], ['each', 'a card a model']] },
};

/**
 * Of every product that prints a deck of cards: sheets of fronts and of backs to print
 * two-sided, each card apart or edge to edge, or fronts and backs to fold.
 */
export const DECK_LAYOUTS = ['sheets', 'guillotine', 'fold'] as const;
const DECK_LAYOUT: OptionSpec = {
  name: 'layout',
  type: 'string',
  choices: DECK_LAYOUTS,
  default: 'sheets',
  describe:
    'sheets: a sheet of fronts, then one of backs, printed two-sided, each card with its own bleed and a gap to the next, so a cut a little off shows no neighbour; guillotine: the same with the cards edge to edge, one cut between two (nine to a sheet), for a guillotine or trimmer; fold: fronts beside their backs on one side of the paper, folded down the middle and cut through both layers (no two-sided printing)',
  page: {
    label: 'Cards printed as',
    group: 'printing',
    choices: [
      ['sheets', 'sheets, two-sided'],
      ['guillotine', 'sheets, two-sided, cards edge to edge (for a guillotine)'],
      ['fold', 'sheets to fold, one-sided'],
    ],
  },
};

/** Options of every product that prints: leave out the backs, save ink. */
const INK: readonly OptionSpec[] = [
  {
    name: 'backs',
    type: 'boolean',
    default: true,
    describe: 'print the backs of cards and two-sided tokens; --no-backs leaves those pages out',
    page: { label: 'Print the backs', group: 'printing' },
  },
  {
    name: 'ink',
    type: 'string',
    choices: INKS,
    default: 'normal',
    describe: 'normal: solid colour; low: saves ink on a home printer (white card backs with an outline, light tints, outlined tokens and lighter map zones)',
    page: { label: 'Ink', group: 'printing', choices: [['normal', 'normal'], ['low', 'low (saves ink)']] },
  },
];

/** Options of every product that is cut out: cards, tokens. */
const CUT: readonly OptionSpec[] = [
  ...INK,
  { name: 'duplex', type: 'string', choices: DUPLEX, default: 'long', describe: DUPLEX_TEXT, page: DUPLEX_FIELD },
  { name: 'back-offset', type: 'string', default: '0,0', describe: 'shift the backs by X,Y mm to correct a printer', page: BACK_OFFSET_FIELD },
  {
    name: 'bleed',
    type: 'number',
    describe: 'bleed round each card in mm, 0 to 6 (default: 3, or 2 where that fits more cards a sheet: nine on A4, eight on Letter laid across); with --layout guillotine, round the grid of cards',
    page: { label: 'Bleed, mm', group: 'printing', keyboard: 'decimal', min: 0, max: 6, step: 0.5, placeholder: '3 (2 to fit more)' },
  },
  {
    name: 'marks',
    type: 'string',
    choices: ['crop', 'none'],
    default: 'crop',
    describe: 'crop: marks showing where to cut; none: no marks (for a cutter that needs none)',
    page: { label: 'Cut marks', group: 'printing', choices: [['crop', 'crop marks'], ['none', 'none']] },
  },
];

const HOUSE_DATA: OptionSpec = { name: 'data', type: 'string', array: true, default: [], describe: 'extra data folder (house rules), repeatable' };

/**
 * Every command but `config` (command-table.ts adds it: its options are a club's keys), the
 * rule sets' part of each product's options made by `forProduct`.
 */
export function commandList(forProduct: RuleSetPart): readonly CommandSpec[] {
  return [
  {
    name: 'systems',
    describe: 'list rule sets and their products',
    positionals: [],
    options: [
      { name: 'format', type: 'string', choices: ['text', 'json'], default: 'text', describe: 'text, or json' },
      { name: 'data', type: 'string', array: true, default: [], describe: 'extra data folder, repeatable' },
    ],
    examples: [
      ['$0 systems', 'the rule sets, what muster prints for each and the units their rules measure in'],
      ['$0 systems --format json', 'the same for a script'],
    ],
  },
  {
    name: 'tables',
    describe: 'quick-reference sheets with the odds of every roll',
    positionals: [SYSTEM],
    options: [...PRODUCT, ...INK],
    examples: [
      ['$0 tables bof', 'Burst of Fire reference sheets, A4, under out/'],
      ['$0 tables fireteam --paper letter -o fireteam.pdf', "Fire Team's, in inches (its rules' units) on US Letter"],
      ['$0 tables bof --format md', 'the tables as Markdown, on standard output'],
    ],
  },
  {
    name: 'cards',
    describe: 'unit cards for the arsenal, a nation, a doctrine or a force, or the card decks a rule set lists; with backs',
    positionals: [SYSTEM],
    options: [
      ...PRODUCT,
      ...forProduct('cards', [
        {
          name: 'nation',
          type: 'string',
          describe: 'only this nation (id or name; `muster list <system> nations` lists them)',
          page: { label: 'Nation', group: 'product', listed: true, none: 'every nation' },
        },
        { name: 'force', type: 'string', describe: 'a force file (YAML or JSON): roster and one card per model' },
        { name: 'strict', type: 'boolean', default: false, describe: 'refuse a force that breaks its rules instead of printing the problems' },
        {
          name: 'list',
          type: 'string',
          describe: 'one deck where the cards come in several; `muster list <system> decks` names them',
          page: { label: 'Deck', group: 'product', listed: true, none: 'every deck' },
        },
      ]),
      {
        name: 'shop',
        type: 'string',
        choices: SHOPS,
        describe:
          "a print shop's file instead of sheets to print at home, the deck alone, no roster: dtc, DriveThruCards poker cards (a PDF, a card a page with 1/8 in bleed, each back before its front, CMYK); mpc, MakePlayingCards poker cards (a zip of PNG images at 300 dpi, 822 x 1122 px with bleed, fronts and backs in folders of their own)",
        page: {
          label: 'For a print shop',
          group: 'printing',
          none: 'no: to print at home',
          choices: [
            ['dtc', 'DriveThruCards poker: a PDF'],
            ['mpc', 'MakePlayingCards poker: PNGs'],
          ],
        },
      },
      {
        name: 'public-url',
        type: 'string',
        describe: "with --force: the address others reach muster's page at (e.g. https://club.example/muster/); the roster prints a link and QR code that open the force there",
      },
      FORCE_CARDS,
      DECK_LAYOUT,
      ...CUT,
    ],
    examples: [
      ['$0 cards bof --nation us', 'the United States arsenal: a card for every unit, with backs'],
      ['$0 cards bof --force examples/forces/kampfgruppe-weber.yaml', "a force's roster and a card for models alike, a box each"],
      ['$0 cards bof --nation us --back-offset -2,1 --ink low', 'backs moved as calibrate said, saving ink'],
    ],
  },
  {
    name: 'tokens',
    describe: 'tokens and markers, Combat Score and action tracks, true-scale templates; or the event cards',
    positionals: [SYSTEM],
    options: [
      ...PRODUCT,
      ...forProduct('tokens', [{ name: 'force', type: 'string', describe: 'a force file the sheets are made for' }]),
      { name: 'only', type: 'string', describe: 'print only these parts, comma-separated, e.g. markers,tracks (`muster list <system> tokens` names them)' },
      { name: 'without', type: 'string', describe: 'leave these parts out, comma-separated, e.g. templates' },
      {
        name: 'count',
        type: 'string',
        array: true,
        default: [],
        describe: "ID=N: print N (0 to 100) of one token instead of the sheet's count, repeatable, e.g. --count suppressed=12",
      },
      {
        name: 'round-size',
        type: 'number',
        default: 25,
        describe: 'round token diameter in mm (15 to 40)',
        page: { label: 'Round tokens, mm', group: 'product', keyboard: 'decimal', min: 15, max: 40, step: 1, placeholder: '25' },
      },
      {
        name: 'square-size',
        type: 'number',
        default: 20,
        describe: 'square token side in mm (15 to 40)',
        page: { label: 'Square tokens, mm', group: 'product', keyboard: 'decimal', min: 15, max: 40, step: 1, placeholder: '20' },
      },
      DECK_LAYOUT,
      ...CUT,
    ],
    examples: [
      ['$0 tokens bof', 'token sheets, tracks and templates with their backs'],
      ['$0 tokens bof --only markers --round-size 30', 'only the markers, 30 mm across'],
      ['$0 tokens blazeaway --ink low', "Blaze Away!'s chits, templates and squares, saving ink"],
    ],
  },
  {
    name: 'scenario',
    describe: 'a rolled scenario packet: two-player or solo, every die rolled',
    positionals: [SYSTEM],
    options: [
      ...PRODUCT,
      ...forProduct('scenario', [
        {
          name: 'mode',
          type: 'string',
          choices: ['versus', 'solo'],
          default: 'versus',
          describe: 'two or more players, or solo against a rolled enemy where the rule set has solo rules',
          page: {
            label: 'Players',
            group: 'product',
            choices: [
              ['versus', 'Two or more players'],
              ['solo', 'Solo, against a rolled enemy'],
            ],
          },
        },
        {
          name: 'scenario',
          type: 'string',
          describe: 'a scenario or game mode by id or name (e.g. victory-zones; `muster list <system>` names the kind that lists them); rolled when left out',
          page: { label: 'Scenario', group: 'product', listed: true, none: 'rolled' },
        },
        { name: 'force', type: 'string', repeatable: true, describe: "a side's force file (YAML or JSON), repeatable: the first is side A's (solo: yours), a second side B's" },
        { name: 'strict', type: 'boolean', default: false, describe: 'refuse a --force file that breaks its rules instead of printing the problems on the roster' },
        { name: 'names', type: 'string', describe: "the players' names printed on the packet" },
        { name: 'players', type: 'number', default: 2, describe: 'players in a versus game', page: { label: 'Players in a versus game', group: 'product', listed: true } },
        { name: 'table', type: 'string', describe: 'table size, width x height in --units (default 120x120 cm)' },
        { name: 'points', type: 'number', describe: 'points per side where the rule set leaves them open' },
      ]),
      // no default here: a rule set with no terrain refuses the option given, and rolls as before left out
      {
        name: 'terrain',
        type: 'string',
        choices: TERRAIN_LEVELS,
        describe: "terrain laid on the map by muster's own tables: none, light, normal (when left out) or dense (`muster list <system> terrain` names the pieces)",
        page: TERRAIN_FIELD,
      },
      {
        name: 'count',
        type: 'number',
        default: 1,
        describe: 'packets to roll, seeds derived from --seed: up to 5000 in one PDF, 100000 as JSON Lines',
        page: { label: 'Packets to roll', group: 'product', keyboard: 'numeric', min: 1, step: 1, placeholder: '1' },
      },
      FORCE_CARDS,
      DECK_LAYOUT,
      ...CUT,
    ],
    examples: [
      ['$0 scenario bof', 'a two-player packet; the seed it prints rolls it again'],
      ['$0 scenario bof --mode solo --seed club', 'a solo packet, the same every time with this seed'],
      ['$0 scenario bof --force examples/forces/kampfgruppe-weber.yaml --names "Anna,Ben"', 'your force as side A, the names on the packet'],
    ],
  },
  {
    name: 'campaign',
    describe: 'a campaign, for a rule set that has one (a ladder of games, a map to take): new, record, next, status, booklet, undo, history',
    positionals: [
      SYSTEM,
      { name: 'action', choices: ['new', 'record', 'next', 'status', 'booklet', 'undo', 'history'], describe: 'what to do (undo takes back the last change; undo again puts it back; history lists the changes kept)' },
    ],
    options: [
      ...PRODUCT,
      { name: 'state', type: 'string', describe: 'the campaign state file (JSON)' },
      { name: 'to', type: 'number', describe: 'undo: go back to just after change N that campaign history lists (0: before the first); itself a change, so undo takes it back' },
      ...forProduct('campaign', [
        { name: 'names', type: 'string', describe: 'the two sides, e.g. "Red,Blue" (new, booklet)' },
        { name: 'force', type: 'string', repeatable: true, describe: "new: a side's force file (YAML or JSON), kept in the state; the first is side A's (solo: yours), a second side B's; with several players a side, one for each player in the order of --names" },
        { name: 'strict', type: 'boolean', default: false, describe: 'new: refuse a --force file that breaks its rules instead of printing the problems' },
      ]),
      { name: 'terrain', type: 'string', choices: TERRAIN_LEVELS, default: 'normal', describe: "next, booklet: terrain laid on each game's map: none, light, normal or dense", page: TERRAIN_FIELD },
      {
        name: 'all-cards',
        type: 'boolean',
        default: false,
        describe: "next, booklet: every unit card again; without it a packet after the campaign's first prints only the cards new or changed since the last packet (an upgrade, salvage, other reinforcements)",
        page: { label: 'Every unit card again, not only those changed since the last packet', group: 'product' },
      },
      FORCE_CARDS,
      DECK_LAYOUT,
      ...CUT,
    ],
    examples: [
      ['$0 campaign bof new --state kursk.json --names "Red,Blue"', 'a ladder campaign, kept in kursk.json'],
      ['$0 campaign bof next --state kursk.json', "the next game's packet"],
      ['$0 campaign bof status --state kursk.json --format json', 'where it stands, for a script'],
      ['$0 campaign bof history --state kursk.json', 'every change kept, numbered; undo --to N goes back to just after the Nth'],
    ],
  },
  {
    name: 'list',
    describe:
      'the names a player may use, printed to standard output: nations, doctrines, detachments, units and weapons with their points, army lists and picks, game modes and battles, tokens, card decks, tables',
    positionals: [SYSTEM, { name: 'what', optional: true, describe: 'which kind to list, e.g. units; left out: the kinds there are, how many of each, and the command for each' }],
    options: [
      { name: 'nation', type: 'string', describe: 'only what this nation (or army list) fields or may carry, by id or name' },
      { name: 'doctrine', type: 'string', describe: 'only what this doctrine fields or buys, where the rule set has doctrines (id, or its name with --nation)' },
      {
        name: 'format',
        type: 'string',
        choices: ['text', 'md', 'json'],
        default: 'text',
        describe: 'text: aligned for a terminal; md: Markdown tables; json: entries with id, name, points where there is a price, and details',
      },
      { name: 'data', type: 'string', array: true, default: [], describe: 'extra data folder (house rules), repeatable: its units and lists are listed too' },
      // listed only to refuse it with a reason: the listing goes to standard output
      { name: 'out', alias: 'o', type: 'string', hidden: true },
    ],
    examples: [
      ['$0 list bof', 'the kinds of names Burst of Fire has, how many of each'],
      ['$0 list bof units --nation "United States"', 'US units with their points'],
      ['$0 list bof detachments --doctrine de-armor', 'what a German armoured detachment fields and buys'],
      ['$0 list fireteam picks --nation russians --format json', 'the Russian reinforcement picks for a script'],
    ],
  },
  {
    name: 'check',
    describe: 'a force file checked as every product checks it: its points against its limit and every rule it breaks, printed; exit 2 when it breaks one',
    positionals: [{ name: 'system', describe: 'rule set id (`muster systems`; a rule set with force files)' }],
    options: [
      { name: 'force', type: 'string', demandOption: true, describe: 'the force file (YAML or JSON)' },
      { name: 'scenario', type: 'string', describe: "a game (scenario or game mode, by id or name) to check the force's fit to; exit 2 when it is over that game's budget" },
      { name: 'mode', type: 'string', choices: ['versus', 'solo'], describe: 'with --scenario: a versus game (the default) or a solo one' },
      { name: 'players', type: 'number', describe: 'with --scenario: players in a versus game (2 by default), where the rule set shares points among more' },
      { name: 'format', type: 'string', choices: ['text', 'json'], default: 'text', describe: 'text for reading; json: name, points, limit, entries, problems and fits, for a script' },
      HOUSE_DATA,
    ],
    examples: [
      ['$0 check bof --force examples/forces/kampfgruppe-weber.yaml', 'its points and whether it keeps its doctrine'],
      ['$0 check fireteam --force examples/forces/fireteam-finns.yaml --format json', 'the same for a script'],
    ],
  },
  {
    name: 'calibrate',
    describe: 'a sheet to print two-sided that shows how far the backs land from the fronts, and the --back-offset that corrects it',
    positionals: [],
    options: [
      { name: 'paper', type: 'string', choices: PAPERS, default: 'a4', describe: 'paper size', page: PAPER_FIELD },
      { name: 'duplex', type: 'string', choices: DUPLEX, default: 'long', describe: DUPLEX_TEXT, page: DUPLEX_FIELD },
      {
        name: 'back-offset',
        type: 'string',
        default: '0,0',
        describe: 'print the backs moved by X,Y mm (X right, Y down, as seen on the front), to check a setting',
        page: BACK_OFFSET_FIELD,
      },
      { name: 'out', alias: 'o', type: 'string', describe: 'output file (default: a file under out/)' },
      { name: 'quiet', type: 'boolean', default: false, describe: 'print nothing but errors' },
    ],
    examples: [
      ['$0 calibrate --duplex short', 'print it two-sided, hold it to the light and read the offset'],
      ['$0 calibrate --paper letter --back-offset -2,1', 'US Letter, with a setting to check: the crosses should meet'],
    ],
  },
  {
    name: 'serve',
    describe: 'the page: every product printed from a browser, served on this machine (127.0.0.1) until Ctrl-C',
    positionals: [],
    options: [
      { name: 'port', type: 'number', default: 8080, describe: 'the port to listen on; 0 picks a free one' },
      { name: 'host', type: 'string', describe: "also serve the page at this machine's address on your network (a club's LAN): anyone there who can reach it can use the page" },
      {
        name: 'public-url',
        type: 'string',
        describe: "the address others reach this page at (e.g. https://club.example/muster/): a roster printed in the page carries a link and QR code to its force there",
      },
    ],
    examples: [
      ['$0 serve', 'the page at http://127.0.0.1:8080/ until Ctrl-C'],
      ['$0 serve --port 0', 'on a free port, the address printed'],
    ],
  },
  {
    name: 'examples',
    describe: "copy muster's example force files and house rule set into DIR/examples/ (DIR: the current folder unless given), so the paths the README and the help give work there; nothing is overwritten",
    positionals: [{ name: 'dir', optional: true, describe: 'the folder to copy examples/ into (made if missing; default: the current folder)' }],
    options: [{ name: 'quiet', type: 'boolean', default: false, describe: 'print nothing but errors' }],
    examples: [
      ['$0 examples', 'examples/ in this folder: force files for each rule set, and a house rule set'],
      ['$0 examples club', 'the same under club/examples/'],
      ['$0 scenario openfire --force examples/openfire/us-rifle-platoon.yaml', 'then roll a battle with one of them'],
    ],
  },
  {
    name: 'validate',
    describe: 'load and check all data and templates, report problems; list what each house folder replaces, adds and changes',
    positionals: [],
    options: [
      HOUSE_DATA,
      { name: 'format', type: 'string', choices: ['text', 'json'], default: 'text', describe: 'text, or json: the same report for a script' },
    ],
    examples: [
      ['$0 validate', "muster's own data and templates checked"],
      ['$0 validate --data examples/house-rule-set', 'a house rule set checked before you print from it'],
      ['$0 validate --data examples/house-rules --format json', 'what a house folder replaces, adds and changes, for a script'],
    ],
  },
];
}
