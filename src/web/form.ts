/**
 * The page's form as data: what a link holds (#/bof/scenario?mode=solo&seed=club) and the
 * command line it stands for. Options are named as on the command line, without the dashes.
 */
import { shellWord } from '../cli/shell-word.js';
import { CALIBRATE_OPTIONS, DEFAULTS, FIELD_OPTIONS } from './page-options.js';

/**
 * 'force' is the page's force builder: its command line prints the force's roster and cards.
 * 'calibrate' is the two-sided printing check, the same for every rule set (`muster calibrate`).
 */
export type Product = 'tables' | 'cards' | 'tokens' | 'scenario' | 'force' | 'campaign' | 'table' | 'calibrate';

export interface Form {
  system: string;
  product: Product;
  /** option name -> value, only those that differ from the command line's defaults */
  options: Record<string, string>;
}

/**
 * One of a rule set's own options as `muster systems --format json` lists it under `options`:
 * the manifest's declaration (src/systems/manifest.ts), read as data.
 */
export interface DeclaredOption {
  name: string;
  type: 'string' | 'number' | 'boolean';
  /** the field's name */
  label: string;
  /** the words under the field */
  describe: string;
  choices?: readonly string[];
  array?: boolean;
  /** only in a game of this mode */
  mode?: string;
  range?: { min: number; max: number };
  /** what an empty field shows */
  example?: string;
}

/** Each rule set's own options by product, as `muster systems --format json` lists them: rule set id -> product -> options. */
export type Declarations = Readonly<Record<string, Readonly<Partial<Record<string, readonly DeclaredOption[]>>>>>;

/**
 * The order a link and the command line shown give the shared options in, a rule set's own
 * after `terrain`: links made before keep working and read the same. An option the form offers
 * that is not named here (one added to the command table since) comes last.
 */
const SHARED_BEFORE = ['nation', 'list', 'mode', 'scenario', 'players', 'only', 'without', 'count', 'terrain'];
const SHARED_AFTER = ['round-size', 'square-size', 'shop', 'layout', 'cards', 'paper', 'units', 'duplex', 'back-offset', 'bleed', 'marks', 'backs', 'ink', 'allow-missing-glyphs', 'seed'];
const SHARED_NEW = FIELD_OPTIONS.map((o) => o.name).filter((name) => !SHARED_BEFORE.includes(name) && !SHARED_AFTER.includes(name));
export const OPTION_ORDER: readonly string[] = [...SHARED_BEFORE, ...SHARED_AFTER, ...SHARED_NEW];

/** The products whose rule-set options are fields of the form (a campaign's are its panel's). */
const OWN_FIELDS: readonly Product[] = ['cards', 'tokens', 'scenario'];

/** The rule set's own options its product takes on the form, in declaration order. */
export function ownOptions(declared: Declarations, system: string, product: Product): readonly DeclaredOption[] {
  return OWN_FIELDS.includes(product) ? (declared[system]?.[product] ?? []) : [];
}

/** The options a link of this rule set's product may carry, in the order the command line gets them. */
export function optionOrder(declared: Declarations, system: string, product: Product): string[] {
  const own = ownOptions(declared, system, product).map((o) => o.name);
  return [...SHARED_BEFORE, ...own.filter((name) => !OPTION_ORDER.includes(name)), ...SHARED_AFTER, ...SHARED_NEW];
}

/** Each rule set's text units by its id, as `muster systems` lists them: its --units default. */
export type TextUnits = Readonly<Record<string, string>>;

/** The command line's default of a shared option: --units is the rule set's text units (unknown: none). */
export function defaultOf(name: string, textUnits: string | undefined): string | undefined {
  return name === 'units' ? textUnits : DEFAULTS[name];
}

/** The value an option's field holds when the option is left out: the command line's default; "no" for a flag of the rule set's own; else empty. */
export function leftOut(name: string, own: readonly DeclaredOption[], textUnits?: string): string {
  return defaultOf(name, textUnits) ?? (own.find((o) => o.name === name)?.type === 'boolean' ? 'no' : '');
}

const PRODUCTS: readonly Product[] = ['tables', 'cards', 'tokens', 'scenario', 'force', 'campaign', 'table', 'calibrate'];

/**
 * The form a link holds; what it does not name is left at the defaults, and an option neither
 * shared nor declared by the rule set for the product is ignored. A link that names no rule set
 * opens on `opening`, the registry's first (the page has it from its build: Manifest.opensOn).
 */
export function formFromHash(hash: string, declared: Declarations, textUnits: TextUnits = {}, opening = ''): Form {
  const match = /^#\/([\w-]+)(?:\/([\w-]+))?(?:\?(.*))?$/.exec(hash);
  if (!match) return { system: opening, product: 'tables', options: {} };
  const system = match[1]!;
  const product = PRODUCTS.includes(match[2] as Product) ? (match[2] as Product) : 'tables';
  const known = optionOrder(declared, system, product);
  const own = ownOptions(declared, system, product);
  const options: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(match[3] ?? '')) {
    if (known.includes(key) && value !== '' && value !== leftOut(key, own, textUnits[system])) options[key] = value;
  }
  return { system, product, options };
}

/** The link of a form. */
export function hashFor(form: Form, declared: Declarations): string {
  const query = optionOrder(declared, form.system, form.product)
    .filter((key) => form.options[key] !== undefined)
    .map((key) => `${key}=${encodeURIComponent(form.options[key]!).replace(/%2C/g, ',').replace(/%3D/g, '=')}`)
    .join('&');
  return `#/${form.system}/${form.product}${query ? `?${query}` : ''}`;
}

/**
 * The command line of a form: `tables bof --paper letter`, force files by their names under
 * /player. The force builder's is the roster and cards of the force it builds; the two-sided
 * check's is `calibrate` with its paper and printer settings alone. On tokens, `count` holds the
 * per-token counts (suppressed=12,pin=20), one `--count ID=N` each.
 */
export function argvFor(form: Form, declared: Declarations, forces: readonly string[] = []): string[] {
  if (form.product === 'calibrate') {
    return ['calibrate', ...CALIBRATE_OPTIONS.filter((key) => form.options[key] !== undefined).flatMap((key) => optionArgv(key, form.options[key]!))];
  }
  const argv = [form.product === 'force' ? 'cards' : form.product, form.system];
  // a flag the form ticks is the option alone (--all-cards); --backs is written --no-backs where unticked, below
  const flags = new Set([...FIELD_OPTIONS, ...ownOptions(declared, form.system, form.product)].filter((o) => o.type === 'boolean' && o.name !== 'backs').map((o) => o.name));
  for (const key of optionOrder(declared, form.system, form.product)) {
    const value = form.options[key];
    if (value === undefined) continue;
    if (key === 'backs') {
      if (value === 'no') argv.push('--no-backs');
    } else if (flags.has(key)) {
      if (value === 'yes') argv.push(`--${key}`);
    } else if (key === 'count' && form.product === 'tokens') {
      for (const one of value.split(',')) if (one !== '') argv.push(...optionArgv('count', one));
    } else argv.push(...optionArgv(key, value));
  }
  for (const force of forces) argv.push(...optionArgv('force', force));
  return argv;
}

/**
 * An option and its value as two words, or as one (`--seed=-x`) when the value begins with a
 * dash: a link's seed `--out=notes.txt` given as its own word would be read as an option.
 */
export function optionArgv(name: string, value: string): string[] {
  return value.startsWith('-') ? [`--${name}=${value}`] : [`--${name}`, value];
}

/** The command line shown for an argv: `muster tables bof --seed 'a b'`. */
export function shellLine(argv: readonly string[]): string {
  // a bare word starting with a dash is only ever an option of ours: values never are (optionArgv)
  return ['muster', ...argv].map(shellWord).join(' ');
}

/** A part of a product as `tokens --only` names it: id "tracks", name "Combat Score tracks and the Action Point Counter". */
export interface Part {
  id: string;
  name: string;
}

/**
 * The parts `tokens --only` and `--without` take, from the words of `muster list <system> tokens`:
 * "Parts for --only and --without: markers (tokens and markers), tracks (...)." (a name may hold
 * brackets and commas of its own: "Area fire templates (120 mm)").
 */
export function partsFromListing(text: string): Part[] {
  const flat = text.replace(/\s+/g, ' ');
  const start = flat.indexOf('Parts for --only and --without: ');
  if (start < 0) return [];
  const parts: Part[] = [];
  let i = start + 'Parts for --only and --without: '.length;
  for (;;) {
    const id = /^([\w-]+) \(/.exec(flat.slice(i));
    if (!id) break;
    i += id[0].length;
    let depth = 1;
    let name = '';
    for (; i < flat.length && depth > 0; i++) {
      const ch = flat[i]!;
      if (ch === '(') depth++;
      if (ch === ')') depth--;
      if (depth > 0) name += ch;
    }
    parts.push({ id: id[1]!, name });
    if (flat.startsWith(', ', i)) i += 2;
    else break;
  }
  return parts;
}

/**
 * The options the parts ticked make: all ticked is neither option; otherwise the shorter of
 * `--only` the ticked and `--without` the others (`--only` when as short). None ticked is
 * `--only` nothing, which the command line refuses in its own words.
 */
export function partsOptions(all: readonly string[], ticked: readonly string[]): { only?: string; without?: string } {
  const on = all.filter((id) => ticked.includes(id));
  const off = all.filter((id) => !ticked.includes(id));
  if (off.length === 0) return {};
  if (on.length === 0) return { without: all.join(',') };
  return on.length <= off.length ? { only: on.join(',') } : { without: off.join(',') };
}

/** The parts a form's `only` and `without` leave ticked. */
export function tickedParts(all: readonly string[], options: Readonly<Record<string, string>>): string[] {
  const only = options['only']?.split(',');
  const without = options['without']?.split(',') ?? [];
  return all.filter((id) => (!only || only.includes(id)) && !without.includes(id));
}

/** The `count` option of per-token counts, in the order the tokens are listed: "suppressed=12,pin=20". */
export function countsOption(counts: ReadonlyMap<string, string>, order: readonly string[]): string | undefined {
  const given = order.filter((id) => (counts.get(id) ?? '').trim() !== '').map((id) => `${id}=${counts.get(id)!.trim()}`);
  return given.length > 0 ? given.join(',') : undefined;
}

/** The per-token counts a form's `count` holds (tokens only). */
export function countsFrom(option: string | undefined): Map<string, string> {
  const counts = new Map<string, string>();
  for (const one of (option ?? '').split(',')) {
    const at = one.indexOf('=');
    if (at > 0) counts.set(one.slice(0, at), one.slice(at + 1));
  }
  return counts;
}

/** How `cards --list` names a deck's copy: "Fallschirmjäger" -> "fallschirmjager", "Red" -> "red". */
export function deckName(copy: string): string {
  return copy
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}


