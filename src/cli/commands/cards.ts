import path from 'node:path';
import { loadCardDecks } from '../../data/cards.js';
import { loadRulesDb } from '../../data/load.js';
import { pickDecks } from '../../data/product-parts.js';
import { buildDataCardDocument } from '../../doc/build-data-cards.js';
import type { CardsRequest, CardsResult } from '../../systems/module.js';
import { UsageError } from '../../errors.js';
import { moduleFor } from '../../systems/registry.js';
import { emitDocument } from '../emit.js';
import { cardPrint, printSettings, type CutArgs } from '../print-options.js';
import type { CliIo } from '../io.js';
import { dataInputs, refuseOptions, resolveFrom, type ProductArgs } from '../options.js';
import { TOOL_VERSION } from '../version.js';

export interface CardsArgs extends ProductArgs, CutArgs {
  nation?: string;
  doctrine?: string;
  force?: string;
  strict: boolean;
  explainCost?: string;
  list?: string;
}

/** `muster cards <system>`: the arsenal's unit cards, or a force's roster and cards. */
export async function runCards(args: CardsArgs, io: CliIo): Promise<number> {
  const print = cardPrint(args);
  const db = await loadRulesDb({ dataDirs: args.data.map((d) => resolveFrom(io.cwd, d)), only: args.system });
  const system = db.system(args.system);
  const module = await moduleFor(system.info.id);
  if (!system.info.products.includes('cards')) throw new UsageError(`rule set "${system.info.id}" has no cards yet`);
  const request = {
    system,
    nation: args.nation,
    doctrine: args.doctrine,
    forceFile: args.force ? path.resolve(io.cwd, args.force) : undefined,
    strict: args.strict,
    explainCost: args.explainCost,
    list: args.list,
    print,
    units: args.units,
    paper: args.paper,
    toolVersion: TOOL_VERSION,
  };
  const result = module?.cards ? await module.cards(request) : await cardsFromData(request);
  if (result.kind === 'explanation') {
    if (args.out !== undefined) throw new UsageError('-o/--out: --explain-cost prints its answer to standard output and writes no file; leave -o out');
    io.stdout.write(args.format === 'json' ? `${JSON.stringify(result.data, null, 2)}\n` : result.text);
    return 0;
  }
  if (!args.quiet) for (const warning of result.warnings) io.stderr.write(`warning: ${warning}\n`);
  const name = args.force ? path.basename(args.force).replace(/\.[^.]+$/, '') : [args.nation, args.doctrine].filter(Boolean).join('-') || (module?.cards ? 'arsenal' : 'decks');
  await emitDocument(
    result.doc,
    {
      format: args.format,
      ...(result.json !== undefined ? { json: `${JSON.stringify(result.json, null, 2)}\n` } : {}),
      out: args.out,
      quiet: args.quiet,
      pageProgress: true,
      inputs: dataInputs(args.data, io.cwd, args.force),
      allowMissingGlyphs: args.allowMissingGlyphs,
      print: printSettings(args),
      defaultName: `${system.info.id}-cards-${name}-${args.paper}`,
    },
    io,
  );
  return 0;
}

/** Cards of a rule set without a module of its own for them: the decks its cards/ folder lists. */
async function cardsFromData(request: CardsRequest): Promise<CardsResult> {
  refuseOptions(
    [request.nation && '--nation', request.doctrine && '--doctrine', request.forceFile && '--force', request.strict && '--strict', request.explainCost && '--explain-cost'],
    `${request.system.info.name} cards`,
    'they print the decks its data lists',
  );
  const { decks, copy } = pickDecks(await loadCardDecks(request.system.dirs), request.list, `muster list ${request.system.info.id} decks`);
  if (decks.length === 0) throw new UsageError(`rule set "${request.system.info.id}" lists cards among its products but has no cards/ folder`);
  const { print, units, paper, toolVersion } = request;
  return { kind: 'document', doc: buildDataCardDocument(request.system.info, decks, { print, units, paper, toolVersion, ...(copy !== undefined ? { copy } : {}) }), warnings: [] };
}
