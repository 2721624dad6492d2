import { loadRulesDb } from '../../data/load.js';
import { renderTemplate } from '../../doc/templates.js';
import type { CliIo } from '../io.js';
import { resolveFrom } from '../options.js';
import { moduleFor } from '../../systems/registry.js';
import { tokenOptionsOf } from './tokens.js';

/** `muster systems`: the rule sets muster knows and what it prints for each. */
export async function runSystems(args: { format: 'text' | 'json'; data: string[] }, io: CliIo): Promise<number> {
  const db = await loadRulesDb({ dataDirs: args.data.map((d) => resolveFrom(io.cwd, d)) });
  const modules = await Promise.all(db.systems.map((s) => moduleFor(s.info.id)));
  const systems = db.systems.map((s, i) => ({
    id: s.info.id,
    name: s.info.name,
    rulesVersion: s.info.rulesVersion,
    scale: s.info.scale,
    blurb: s.info.blurb,
    products: [...s.info.products],
    // the options a product takes beyond the ones every rule set's does (the page offers them)
    takes: { tokens: tokenOptionsOf(modules[i]) },
  }));
  if (args.format === 'json') io.stdout.write(`${JSON.stringify({ systems }, null, 2)}\n`);
  else io.stdout.write(`${renderTemplate('systems', { systems })}\n`);
  return 0;
}
