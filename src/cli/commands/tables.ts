import { loadRulesDb } from '../../data/load.js';
import { buildQuickReference } from '../../doc/build-reference.js';
import { UsageError } from '../../errors.js';
import { emitDocument } from '../emit.js';
import type { CliIo } from '../io.js';
import { dataInputs, resolveFrom, unitsOf, type ProductArgs } from '../options.js';
import { printSettings, type InkArgs } from '../print-options.js';
import { TOOL_VERSION } from '../version.js';

/** `muster tables <system>`: the quick-reference sheets. Nothing is rolled, so --seed changes nothing. */
export async function runTables(args: ProductArgs & InkArgs, io: CliIo): Promise<number> {
  const db = await loadRulesDb({ dataDirs: args.data.map((d) => resolveFrom(io.cwd, d)), only: args.system });
  const system = db.system(args.system);
  if (!system.info.products.includes('tables') || system.sheets.length === 0) {
    throw new UsageError(`rule set "${system.info.id}" has no quick-reference sheets yet`);
  }
  const units = unitsOf(args, system.info);
  const doc = buildQuickReference(system, { units, paper: args.paper, toolVersion: TOOL_VERSION });
  await emitDocument(
    doc,
    { format: args.format, out: args.out, quiet: args.quiet, pageProgress: true, inputs: dataInputs(args.data, io.cwd), allowMissingGlyphs: args.allowMissingGlyphs, print: printSettings(args), defaultName: `${system.info.id}-tables-${args.paper}-${units}` },
    io,
  );
  return 0;
}
