/**
 * The rule sets' own options on the command line: gathered from their manifests into the
 * option table (and so into `--help` and both parsers), and, for one run, checked against the
 * rule set asked for: an option it does not take is refused by name, with the rule sets that do.
 */
import { UsageError } from '../errors.js';
import { declarationOf, type OptionValues, type ProductWithOptions, type RuleSetManifest, type SharedOption } from '../systems/manifest.js';
import { MANIFESTS } from '../systems/registry.js';
import { orList } from '../data/suggest.js';
import { camelCase, type OptionSpec } from './option-spec.js';

/**
 * Every rule set's own options of one product, one entry per name, each rule set's word on it
 * after its name. Rule sets that share a name must agree on its type (a test holds them to it);
 * its choices are all theirs, each run checked against its own rule set's.
 */
export function ruleSetOptionSpecs(product: ProductWithOptions, manifests: readonly RuleSetManifest[] = MANIFESTS): OptionSpec[] {
  const byName = new Map<string, { type: OptionSpec['type']; array: boolean; choices: string[]; words: string[] }>();
  for (const manifest of manifests) {
    for (const option of manifest[product]?.options ?? []) {
      const seen = byName.get(option.name) ?? { type: option.type, array: option.array === true, choices: [], words: [] };
      if (seen.type !== option.type || seen.array !== (option.array === true)) {
        throw new Error(`--${option.name}: ${manifest.name} declares it a ${option.type}${option.array ? ' list' : ''}, another rule set a ${seen.type}${seen.array ? ' list' : ''}`);
      }
      for (const choice of option.choices ?? []) if (!seen.choices.includes(choice)) seen.choices.push(choice);
      seen.words.push(`${manifest.name}: ${option.describe}`);
      byName.set(option.name, seen);
    }
  }
  return [...byName].map(([name, o]) => ({
    name,
    type: o.type,
    describe: o.words.join('; '),
    ...(o.array ? { array: true } : {}),
    ...(o.choices.length > 0 ? { choices: o.choices } : {}),
  }));
}

/** A shared option's help with each rule set's word on it. */
export function withNotes(option: OptionSpec, product: ProductWithOptions, manifests: readonly RuleSetManifest[] = MANIFESTS): OptionSpec {
  const notes = manifests.flatMap((m) => {
    const note = (m[product]?.notes as Record<string, string | undefined> | undefined)?.[option.name];
    return note ? [`${m.name}: ${note}`] : [];
  });
  return notes.length === 0 ? option : { ...option, describe: `${option.describe}. ${notes.map((n) => `${n}.`).join(' ')}` };
}

/** A value the parsers leave for an option not given: never a choice made by the user. */
const given = (value: unknown) => value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0);

export interface GivenOptions {
  /** the parsed command line, keys in camelCase */
  readonly args: Readonly<Record<string, unknown>>;
  /** the shared options of this product given on it */
  readonly shared: readonly SharedOption[];
}

/**
 * The rule set's own options given for this product, by name, after refusing every option it
 * does not take: a shared one it leaves out, and another rule set's own.
 */
export function takeOptions(
  manifest: RuleSetManifest | undefined,
  ruleSetName: string,
  product: ProductWithOptions,
  { args, shared }: GivenOptions,
  manifests: readonly RuleSetManifest[] = MANIFESTS,
): OptionValues {
  const declared = declarationOf(manifest, product);
  const takes = new Set(declared?.takes ?? []);
  const own = new Map((declared?.options ?? []).map((o) => [o.name, o]));
  const refused: string[] = [];
  for (const name of shared) if (!takes.has(name)) refused.push(name);
  const values: Record<string, string | number | boolean | readonly string[]> = {};
  const others = new Set(manifests.flatMap((m) => (m[product]?.options ?? []).map((o) => o.name)));
  for (const name of [...others].sort()) {
    const value = args[camelCase(name)];
    if (!given(value)) continue;
    const option = own.get(name);
    if (!option) {
      refused.push(name);
      continue;
    }
    if (option.choices && !option.choices.includes(String(value))) {
      throw new UsageError(`--${name} ${String(value)}: ${ruleSetName} ${PRODUCT_WORDS[product]} take ${orList(option.choices)} (${option.describe})`);
    }
    values[name] = value as string | number | boolean | readonly string[];
  }
  if (refused.length > 0) throw refusal(refused, ruleSetName, product, declared?.instead ?? {}, manifests);
  return values;
}

const PRODUCT_WORDS: Readonly<Record<ProductWithOptions, string>> = { cards: 'cards', tokens: 'tokens', scenario: 'scenarios', campaign: 'campaigns' };

/** An option a rule set does not take, said with what to do instead, or the rule sets that take it. */
function refusal(names: readonly string[], ruleSetName: string, product: ProductWithOptions, instead: Readonly<Record<string, string | undefined>>, manifests: readonly RuleSetManifest[]): UsageError {
  const typed = names.map((n) => `--${n}`).join(', ');
  const many = names.length > 1;
  const said = names.map((n) => instead[n]).filter((s): s is string => s !== undefined);
  const takers = manifests
    .filter((m) => names.every((n) => (declarationOf(m, product)?.takes as readonly string[] | undefined)?.includes(n) || declarationOf(m, product)?.options?.some((o) => o.name === n)))
    .map((m) => m.name)
    .filter((n) => n !== ruleSetName);
  const things = PRODUCT_WORDS[product];
  const next = said.length > 0 ? said.join('; ') : `leave ${many ? 'them' : 'it'} out${takers.length > 0 ? ` (only ${takers.join(', ')} ${things} take ${many ? 'them' : 'it'})` : ''}`;
  return new UsageError(`${typed}: ${ruleSetName} ${things} take no ${many ? 'such options' : 'such option'}; ${next}`);
}
