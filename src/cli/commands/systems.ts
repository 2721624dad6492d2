import { loadRulesDb } from '../../data/load.js';
import { renderTemplate } from '../../doc/templates.js';
import type { CliIo } from '../io.js';
import { resolveFrom } from '../options.js';
import { DATA_ONLY, declarationOf, type ProductWithOptions, type ScenarioDeclaration } from '../../systems/manifest.js';
import { manifestFor } from '../../systems/registry.js';

/** The options a product takes beyond those every rule set's does, as typed: the page offers these. */
function takesOf(id: string, product: ProductWithOptions): string[] {
  const declared = declarationOf(manifestFor(id), product);
  const everyone = new Set<string>(product === 'cards' || product === 'tokens' ? (DATA_ONLY[product].takes ?? []) : []);
  return [...(declared?.takes ?? []).filter((o) => !everyone.has(o)), ...(declared?.options ?? []).map((o) => o.name)].map((o) => `--${o}`);
}

/** The products of a rule set that take options of its own choosing. */
function productsOf(products: readonly string[]): ProductWithOptions[] {
  return (['cards', 'tokens', 'scenario', 'campaign'] as const).filter((p) => products.includes(p));
}

/** `muster systems`: the rule sets muster knows and what it prints for each. */
export async function runSystems(args: { format: 'text' | 'json'; data: string[] }, io: CliIo): Promise<number> {
  const db = await loadRulesDb({ dataDirs: args.data.map((d) => resolveFrom(io.cwd, d)) });
  const systems = db.systems.map((s) => ({
    id: s.info.id,
    name: s.info.name,
    rulesVersion: s.info.rulesVersion,
    scale: s.info.scale,
    blurb: s.info.blurb,
    products: [...s.info.products],
    // the units its text measures in: every product's default, and the page's form starts at them
    units: s.info.units,
    // the options a product takes beyond the ones every rule set's does (the page offers them)
    takes: Object.fromEntries(productsOf(s.info.products).map((p) => [p, takesOf(s.info.id, p)])),
    // its own options, as its manifest declares them (name, type, choices, describe): the page makes its fields from these
    options: Object.fromEntries(productsOf(s.info.products).map((p) => [p, declarationOf(manifestFor(s.info.id), p)?.options ?? []])),
    // what a scenario may be: its modes, players a side and table, where the rule set rolls them
    ...(manifestFor(s.info.id)?.scenario ? { play: playOf(manifestFor(s.info.id)!.scenario!) } : {}),
    // a campaign of more than one player a side: the players it may have in all, and a side at most
    ...(manifestFor(s.info.id)?.campaign?.players ? { campaignPlayers: manifestFor(s.info.id)!.campaign!.players } : {}),
  }));
  if (args.format === 'json') io.stdout.write(`${JSON.stringify({ systems }, null, 2)}\n`);
  else io.stdout.write(`${renderTemplate('systems', { systems: systems.map((s) => ({ ...s, measures: s.units === 'in' ? 'inches' : 'centimetres' })) })}\n`);
  return 0;
}

function playOf(declared: ScenarioDeclaration): { modes: readonly string[]; players: readonly number[]; table: { width: number; height: number }; points?: { min: number; max: number; default?: number } } {
  return { modes: declared.modes, players: declared.players, table: declared.table, ...(declared.points ? { points: declared.points } : {}) };
}
