import path from 'node:path';
import { loadRulesDb } from '../../data/load.js';
import { UsageError } from '../../errors.js';
import { moduleFor } from '../../systems/registry.js';
import { emitDocument } from '../emit.js';
import { cardPrint, type CutArgs } from '../print-options.js';
import type { CliIo } from '../io.js';
import { resolveFrom, type ProductArgs } from '../options.js';
import { TOOL_VERSION } from '../version.js';

export interface CardsArgs extends ProductArgs, CutArgs {
  nation?: string;
  doctrine?: string;
  force?: string;
  strict: boolean;
  explainCost?: string;
}

/** `muster cards <system>`: the arsenal's unit cards, or a force's roster and cards. */
export async function runCards(args: CardsArgs, io: CliIo): Promise<number> {
  const print = cardPrint(args);
  const db = await loadRulesDb({ dataDirs: args.data.map((d) => resolveFrom(io.cwd, d)) });
  const system = db.system(args.system);
  const module = moduleFor(system.info.id);
  if (!module?.cards || !system.info.products.includes('cards')) {
    throw new UsageError(`rule set "${system.info.id}" has no unit cards yet`);
  }
  const result = await module.cards({
    system,
    nation: args.nation,
    doctrine: args.doctrine,
    forceFile: args.force ? path.resolve(io.cwd, args.force) : undefined,
    strict: args.strict,
    explainCost: args.explainCost,
    print,
    units: args.units,
    paper: args.paper,
    toolVersion: TOOL_VERSION,
  });
  if (result.kind === 'explanation') {
    io.stdout.write(args.format === 'json' ? `${JSON.stringify(result.data, null, 2)}\n` : result.text);
    return 0;
  }
  if (!args.quiet) for (const warning of result.warnings) io.stderr.write(`warning: ${warning}\n`);
  const name = args.force ? path.basename(args.force).replace(/\.[^.]+$/, '') : [args.nation, args.doctrine].filter(Boolean).join('-') || 'arsenal';
  await emitDocument(
    result.doc,
    { format: args.format, out: args.out, quiet: args.quiet, pageProgress: true, defaultName: `${system.info.id}-cards-${name}-${args.paper}` },
    io,
  );
  return 0;
}
