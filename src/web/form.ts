/**
 * The page's form as data: what a link holds (#/bof/scenario?mode=solo&seed=club) and the
 * command line it stands for. Options are named as on the command line, without the dashes.
 */
/** 'force' is the page's force builder: its command line prints the force's roster and cards. */
export type Product = 'tables' | 'cards' | 'tokens' | 'scenario' | 'force' | 'campaign';

export interface Form {
  system: string;
  product: Product;
  /** option name -> value, only those that differ from the command line's defaults */
  options: Record<string, string>;
}

/** The options a link may carry, in the order the command line gets them. */
export const OPTION_ORDER = ['nation', 'doctrine', 'mode', 'scenario', 'battle', 'lists', 'players', 'count', 'paper', 'units', 'duplex', 'back-offset', 'bleed', 'marks', 'backs', 'ink', 'seed'] as const;

/** The command line's defaults: a value equal to one is left out of the link and the argv. */
export const DEFAULTS: Readonly<Record<string, string>> = {
  paper: 'a4',
  units: 'cm',
  duplex: 'long',
  'back-offset': '0,0',
  bleed: '3',
  marks: 'crop',
  backs: 'yes',
  ink: 'normal',
  mode: 'versus',
  players: '2',
  count: '1',
};

const PRODUCTS: readonly Product[] = ['tables', 'cards', 'tokens', 'scenario', 'force', 'campaign'];

export const DEFAULT_FORM: Form = { system: 'bof', product: 'tables', options: {} };

/** The form a link holds; what it does not name is left at the defaults. */
export function formFromHash(hash: string): Form {
  const match = /^#\/([\w-]+)(?:\/([\w-]+))?(?:\?(.*))?$/.exec(hash);
  if (!match) return DEFAULT_FORM;
  const product = PRODUCTS.includes(match[2] as Product) ? (match[2] as Product) : 'tables';
  const options: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(match[3] ?? '')) {
    if ((OPTION_ORDER as readonly string[]).includes(key) && value !== '' && value !== DEFAULTS[key]) options[key] = value;
  }
  return { system: match[1]!, product, options };
}

/** The link of a form. */
export function hashFor(form: Form): string {
  const query = OPTION_ORDER.filter((key) => form.options[key] !== undefined)
    .map((key) => `${key}=${encodeURIComponent(form.options[key]!).replace(/%2C/g, ',')}`)
    .join('&');
  return `#/${form.system}/${form.product}${query ? `?${query}` : ''}`;
}

/**
 * The command line of a form: `tables bof --paper letter`, force files by their names under
 * /player. The force builder's is the roster and cards of the force it builds.
 */
export function argvFor(form: Form, forces: readonly string[] = []): string[] {
  const argv = [form.product === 'force' ? 'cards' : form.product, form.system];
  for (const key of OPTION_ORDER) {
    const value = form.options[key];
    if (value === undefined) continue;
    if (key === 'backs') {
      if (value === 'no') argv.push('--no-backs');
    } else argv.push(`--${key}`, value);
  }
  for (const force of forces) argv.push('--force', force);
  return argv;
}
