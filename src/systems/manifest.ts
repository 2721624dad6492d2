/**
 * What a rule set declares about itself before any of its code is loaded: the options each of
 * its products takes, the games its scenarios can be, and a word on each shared option where
 * its meaning is its own. The command line builds its option table, `--help`, `muster systems`
 * and its refusals from these; the page builds its form from them. A rule set with a data
 * folder and no manifest takes the shared options of its data-only products and nothing else.
 */

export type OptionType = 'string' | 'number' | 'boolean';

/** An option only some rule sets take, declared by each that takes it. */
export interface RuleSetOption {
  /** as typed after --, kebab-case */
  readonly name: string;
  readonly type: OptionType;
  /** its name on the page's form, a few words a player reads: "Minefields on the table" */
  readonly label: string;
  /** what it does for this rule set, in a player's words; `--help` shows it after the rule set's name, the page under its field */
  readonly describe: string;
  /** only in a game of this mode (the command line refuses it in another; the page shows it there alone) */
  readonly mode?: 'solo';
  /** a number's bounds, for the page's field (the module still checks what it is given) */
  readonly range?: { readonly min: number; readonly max: number };
  /** what an empty field of the page shows: the default, or an example to follow */
  readonly example?: string;
  readonly choices?: readonly string[];
  /** a value the command line fills in when the option is left out (never for a rule set's own option: left out means absent) */
  readonly default?: string | number | boolean;
  /** may be given more than once; the values are a list */
  readonly array?: boolean;
}

/**
 * The shared options a product may take. Each is parsed and checked once by the command line
 * (a path resolved, a list split); a rule set says which it takes and may add a word on what
 * it means for it.
 */
export type SharedOption =
  | 'nation' // cards: narrow to a nation
  | 'force' // cards, tokens, scenario: a force file
  | 'strict' // with force: refuse a force that breaks its rules
  | 'list' // cards: one of several decks
  | 'only' // tokens: parts to print
  | 'without'
  | 'count' // tokens: ID=N overrides
  | 'names' // scenario, campaign: the players' names
  | 'scenario' // scenario: one of the rule set's scenarios by id or name
  | 'points'; // scenario: points where the rule set leaves them open

export interface ProductDeclaration {
  /** the shared options it takes beyond those every product takes */
  readonly takes?: readonly SharedOption[];
  /** its own options */
  readonly options?: readonly RuleSetOption[];
  /** a word on a shared option's meaning for this rule set, shown by `--help` after its name */
  readonly notes?: Readonly<Partial<Record<SharedOption | 'players' | 'table' | 'mode', string>>>;
  /** what to do instead, where a shared option is refused (said after the refusal) */
  readonly instead?: Readonly<Partial<Record<SharedOption | 'mode', string>>>;
}

export interface ScenarioDeclaration extends ProductDeclaration {
  /** versus always; solo where the rule set has solo rules */
  readonly modes: readonly ('versus' | 'solo')[];
  /** players in a versus game */
  readonly players: readonly number[];
  /** the table when --table is left out, in cm */
  readonly table: { readonly width: number; readonly height: number };
  /** --points: the range a side's points may take, and the default; only with `takes: ['points']` */
  readonly points?: { readonly min: number; readonly max: number; readonly default?: number };
  /** --scenario: what one is called and the command that lists them (the names come from the module); only with `takes: ['scenario']` */
  readonly scenarios?: { readonly what: string; readonly listCommand: string };
}

export interface CampaignDeclaration extends ProductDeclaration {
  /** `undo` is the command line's own (it takes back the last change of any rule set's state): list it where the campaign changes its state */
  readonly actions: readonly ('new' | 'record' | 'next' | 'status' | 'booklet' | 'undo')[];
  /** `next` changes the state (so takes its lock) only when this option of its own is given; else it only reads */
  readonly nextChangesWith?: string;
  /**
   * its own boolean option that makes a campaign solo: `--names` then takes the player's name
   * alone, and side B is called `enemy`
   */
  readonly solo?: { readonly option: string; readonly enemy: string };
  /**
   * more than one player a side: the players a campaign may have in all, and a side at most.
   * Absent, a campaign is one player a side (or solo).
   */
  readonly players?: { readonly most: number; readonly perSide: number };
}

export interface RuleSetManifest {
  /** the data folder's id */
  readonly id: string;
  /** the rule set's name as its system.yaml gives it (a test holds them equal): `--help` names it */
  readonly name: string;
  readonly cards?: ProductDeclaration;
  readonly tokens?: ProductDeclaration;
  readonly scenario?: ScenarioDeclaration;
  readonly campaign?: CampaignDeclaration;
}

export type ProductWithOptions = 'cards' | 'tokens' | 'scenario' | 'campaign';

/** A product of a rule set with a data folder alone: the shared options its data serves. */
export const DATA_ONLY: Readonly<Record<'cards' | 'tokens', ProductDeclaration>> = {
  cards: { takes: ['list'] },
  tokens: { takes: ['only', 'without', 'count'] },
};

/** What a rule set's product takes: its manifest's word, or for a data-only product what its data serves. */
export function declarationOf(manifest: RuleSetManifest | undefined, product: ProductWithOptions): ProductDeclaration | undefined {
  const declared = manifest?.[product];
  if (declared) return declared;
  return product === 'cards' || product === 'tokens' ? DATA_ONLY[product] : undefined;
}

/** The values of a rule set's own options as given, by name; an option left out is absent. */
export type OptionValues = Readonly<Record<string, string | number | boolean | readonly string[]>>;

/** One of a rule set's own string options, as given. */
export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return value === undefined ? undefined : String(value);
}

/** One of a rule set's own number options, as given. */
export function numberOption(values: OptionValues, name: string): number | undefined {
  const value = values[name];
  return value === undefined ? undefined : Number(value);
}

/** One of a rule set's own repeatable options: every value given, none when left out. */
export function listOption(values: OptionValues, name: string): string[] {
  const value = values[name];
  return value === undefined ? [] : [value].flat().map(String);
}
