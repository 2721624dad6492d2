import path from 'node:path';
import { loadRulesDb } from '../../data/load.js';
import { tokenGroupPart } from '../../data/listing.js';
import { chooseParts, parseCountOverrides } from '../../data/product-parts.js';
import { loadTokenGroups, type Token } from '../../data/tokens.js';
import { buildDataTokenDocument } from '../../doc/build-tokens.js';
import type { DocumentNode } from '../../doc/model.js';
import type { ForceTally, RuleSetModule, TokensRequest } from '../../systems/module.js';
import { UsageError } from '../../errors.js';
import type { SharedOption } from '../../systems/manifest.js';
import { manifestFor, moduleFor } from '../../systems/registry.js';
import { takeOptions } from '../rule-set-options.js';
import { emitDocument } from '../emit.js';
import type { CliIo } from '../io.js';
import { dataInputs, resolveFrom, unitsOf, type ProductArgs } from '../options.js';
import { cardPrint, printSettings, type CutArgs } from '../print-options.js';
import { TOOL_VERSION } from '../version.js';

export interface TokensArgs extends ProductArgs, CutArgs {
  force?: string;
  only?: string;
  without?: string;
  count: string[];
  roundSize: number;
  squareSize: number;
  /** the rule sets' own options (their manifests'), by camelCase key */
  [own: string]: unknown;
}

function checkSize(option: string, value: number): number {
  if (!(value >= 15 && value <= 40)) throw new UsageError(`--${option} ${value}: allowed 15 to 40 mm`);
  return value;
}

/** `muster tokens <system>`: tokens, tracks and templates, or with --events the event deck. */
export async function runTokens(args: TokensArgs, io: CliIo): Promise<number> {
  const print = cardPrint(args);
  const round = checkSize('round-size', args.roundSize);
  const square = checkSize('square-size', args.squareSize);
  const db = await loadRulesDb({ dataDirs: args.data.map((d) => resolveFrom(io.cwd, d)), only: args.system });
  const system = db.system(args.system);
  if (!system.info.products.includes('tokens')) throw new UsageError(`rule set "${system.info.id}" has no tokens yet`);
  const shared: SharedOption[] = [];
  if (args.force !== undefined) shared.push('force');
  if (args.only !== undefined) shared.push('only');
  if (args.without !== undefined) shared.push('without');
  if (args.count.length > 0) shared.push('count');
  const options = takeOptions(manifestFor(system.info.id), system.info.name, 'tokens', { args, shared });
  const module = await moduleFor(system.info.id);
  const request = {
    system,
    forceFile: args.force ? path.resolve(io.cwd, args.force) : undefined,
    options,
    parts: { only: args.only, without: args.without },
    counts: args.count.map(String),
    round,
    square,
    print,
    units: unitsOf(args, system.info),
    paper: args.paper,
    toolVersion: TOOL_VERSION,
  };
  const result = module?.tokens ? await module.tokens(request) : await tokensFromData(request, module);
  if (print.fold && (result.doc.decks ?? []).length === 0) {
    throw new UsageError('--layout fold: these tokens hold no deck of cards to fold; leave --layout out (two-sided tokens print as a sheet of fronts and one of backs)');
  }
  if (!args.quiet) for (const warning of result.warnings) io.stderr.write(`warning: ${warning}\n`);
  const what = options['events'] === true ? 'events' : args.force ? path.basename(args.force).replace(/\.[^.]+$/, '') : 'tokens';
  await emitDocument(
    result.doc,
    { format: args.format, out: args.out, quiet: args.quiet, pageProgress: true, inputs: dataInputs(args.data, io.cwd, args.force), allowMissingGlyphs: args.allowMissingGlyphs, print: printSettings(args), defaultName: `${system.info.id}-${what}-${args.paper}-${request.units}` },
    io,
  );
  return 0;
}

/**
 * Tokens of a rule set without a module of its own for them: its tokens/ folder, a sheet per
 * group. For a force (--force), each token its file counts by a kind of model (`perForce`) in
 * the numbers that force needs, as the rule set's module tallies its models.
 */
async function tokensFromData(request: TokensRequest, module: RuleSetModule | undefined): Promise<{ doc: DocumentNode; warnings: string[] }> {
  const loaded = await loadTokenGroups(request.system.dirs);
  const tally = request.forceFile !== undefined ? await tallyOf(request, module) : undefined;
  if (loaded.length === 0) throw new UsageError(`rule set "${request.system.info.id}" lists tokens among its products but has no tokens/ folder`);
  const listCommand = `muster list ${request.system.info.id} tokens`;
  const chosen = chooseParts(loaded.map((g) => tokenGroupPart(g.title)), request.parts ?? {}, listCommand);
  const overrides = parseCountOverrides(request.counts ?? [], loaded.flatMap((g) => g.tokens.map((t) => ({ id: t.id, name: t.label }))), listCommand);
  // a part left out prints none of its tokens, but they stay known as the other side of a token kept
  const groups = loaded.map((g) => {
    const kept = chosen.has(tokenGroupPart(g.title).id);
    const needed = (t: Token) => (tally && t.perForce ? Math.ceil((tally.counts[t.perForce.of] ?? 0) * t.perForce.ratio) : t.count);
    return { ...g, tokens: g.tokens.map((t) => ({ ...t, count: kept ? (overrides.get(t.id) ?? needed(t)) : 0 })) };
  });
  if (groups.every((g) => g.tokens.every((t) => t.count === 0))) throw new UsageError('--only, --without and --count leave no token to print; ask for at least one');
  const { print } = request;
  return {
    doc: buildDataTokenDocument(request.system.info, groups, {
      print: { round: request.round, square: request.square, marks: print.marks, duplex: print.duplex, backOffset: print.backOffset },
      units: request.units,
      paper: request.paper,
      toolVersion: request.toolVersion,
      ...(tally ? { forceName: tally.name } : {}),
    }),
    warnings: tally?.warnings ?? [],
  };
}

/** The force's models by kind, as its rule set's module counts them. */
async function tallyOf(request: TokensRequest, module: RuleSetModule | undefined): Promise<ForceTally> {
  if (!module?.forceTally) throw new UsageError(`--force: ${request.system.info.name} tokens are not sized to a force; leave --force out`);
  return await module.forceTally({ system: request.system, forceFile: request.forceFile! });
}
