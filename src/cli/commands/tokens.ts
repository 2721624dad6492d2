import path from 'node:path';
import { MAX_SCORE } from '../../data/limits.js';
import { loadRulesDb } from '../../data/load.js';
import { tokenGroupPart } from '../../data/listing.js';
import { chooseParts, parseCountOverrides } from '../../data/product-parts.js';
import { loadTokenGroups } from '../../data/tokens.js';
import { buildDataTokenDocument } from '../../doc/build-tokens.js';
import type { DocumentNode } from '../../doc/model.js';
import type { TokensRequest } from '../../systems/module.js';
import { UsageError } from '../../errors.js';
import { moduleFor } from '../../systems/registry.js';
import { emitDocument } from '../emit.js';
import type { CliIo } from '../io.js';
import { dataInputs, refuseOptions, resolveFrom, type ProductArgs } from '../options.js';
import { cardPrint, printSettings, type CutArgs } from '../print-options.js';
import { TOOL_VERSION } from '../version.js';

export interface TokensArgs extends ProductArgs, CutArgs {
  force?: string;
  events: boolean;
  only?: string;
  without?: string;
  count: string[];
  maxScore?: number;
  roundSize: number;
  squareSize: number;
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
  if (args.maxScore !== undefined && !(Number.isInteger(args.maxScore) && args.maxScore >= 5 && args.maxScore <= MAX_SCORE)) {
    throw new UsageError(`--max-score ${args.maxScore}: a whole number from 5 to ${MAX_SCORE}`);
  }
  const db = await loadRulesDb({ dataDirs: args.data.map((d) => resolveFrom(io.cwd, d)), only: args.system });
  const system = db.system(args.system);
  const module = await moduleFor(system.info.id);
  if (!system.info.products.includes('tokens')) throw new UsageError(`rule set "${system.info.id}" has no tokens yet`);
  const request = {
    system,
    forceFile: args.force ? path.resolve(io.cwd, args.force) : undefined,
    events: args.events,
    parts: { only: args.only, without: args.without },
    counts: args.count.map(String),
    maxScore: args.maxScore,
    round,
    square,
    print,
    units: args.units,
    paper: args.paper,
    toolVersion: TOOL_VERSION,
  };
  const result = module?.tokens ? await module.tokens(request) : await tokensFromData(request);
  if (!args.quiet) for (const warning of result.warnings) io.stderr.write(`warning: ${warning}\n`);
  const what = args.events ? 'events' : args.force ? path.basename(args.force).replace(/\.[^.]+$/, '') : 'tokens';
  await emitDocument(
    result.doc,
    { format: args.format, out: args.out, quiet: args.quiet, pageProgress: true, inputs: dataInputs(args.data, io.cwd, args.force), allowMissingGlyphs: args.allowMissingGlyphs, print: printSettings(args), defaultName: `${system.info.id}-${what}-${args.paper}-${args.units}` },
    io,
  );
  return 0;
}

/**
 * The options only a rule set's own tokens take (a force's sizes, the event cards, a Combat
 * Score track's length): tokens printed from a data folder alone refuse them.
 */
export const MODULE_TOKEN_OPTIONS = ['--force', '--events', '--max-score'] as const;

/** The tokens options a rule set takes beyond the common ones, for `muster systems`. */
export function tokenOptionsOf(module: { tokens?: unknown } | undefined): string[] {
  return module?.tokens ? [...MODULE_TOKEN_OPTIONS] : [];
}

/** Tokens of a rule set without a module of its own for them: its tokens/ folder, a sheet per group. */
async function tokensFromData(request: TokensRequest): Promise<{ doc: DocumentNode; warnings: string[] }> {
  refuseOptions(
    [request.forceFile && MODULE_TOKEN_OPTIONS[0], request.events && MODULE_TOKEN_OPTIONS[1], request.maxScore !== undefined && MODULE_TOKEN_OPTIONS[2]],
    `${request.system.info.name} tokens`,
    "they print the rule set's markers as its data lists them",
  );
  const loaded = await loadTokenGroups(request.system.dirs);
  if (loaded.length === 0) throw new UsageError(`rule set "${request.system.info.id}" lists tokens among its products but has no tokens/ folder`);
  const listCommand = `muster list ${request.system.info.id} tokens`;
  const chosen = chooseParts(loaded.map((g) => tokenGroupPart(g.title)), request.parts ?? {}, listCommand);
  const overrides = parseCountOverrides(request.counts ?? [], loaded.flatMap((g) => g.tokens.map((t) => ({ id: t.id, name: t.label }))), listCommand);
  // a part left out prints none of its tokens, but they stay known as the other side of a token kept
  const groups = loaded.map((g) => {
    const kept = chosen.has(tokenGroupPart(g.title).id);
    return { ...g, tokens: g.tokens.map((t) => ({ ...t, count: kept ? (overrides.get(t.id) ?? t.count) : 0 })) };
  });
  if (groups.every((g) => g.tokens.every((t) => t.count === 0))) throw new UsageError('--only, --without and --count leave no token to print; ask for at least one');
  const { print } = request;
  return {
    doc: buildDataTokenDocument(request.system.info, groups, {
      print: { round: request.round, square: request.square, marks: print.marks, duplex: print.duplex, backOffset: print.backOffset },
      units: request.units,
      paper: request.paper,
      toolVersion: request.toolVersion,
    }),
    warnings: [],
  };
}
