import path from 'node:path';
import { loadRulesDb } from '../../data/load.js';
import { dataDecks } from '../../systems/force-or-decks.js';
import type { SharedOption } from '../../systems/manifest.js';
import { DataError, UsageError } from '../../errors.js';
import { manifestFor, moduleFor } from '../../systems/registry.js';
import { takeOptions } from '../rule-set-options.js';
import { emitDocument } from '../emit.js';
import { cardPrint, MPC_DPI, printSettings, type CutArgs } from '../print-options.js';
import { mpcReadMe } from '../shop-read-me.js';
import type { CliIo } from '../io.js';
import { dataInputs, resolveFrom, unitsOf, type ProductArgs } from '../options.js';
import { TOOL_VERSION } from '../version.js';
import { publicAddress } from '../public-url.js';
import type { DocumentNode } from '../../doc/model.js';
import { tryReadTextFile } from '../../data/read.js';

export interface CardsArgs extends ProductArgs, CutArgs {
  nation?: string;
  force?: string;
  strict: boolean;
  list?: string;
  publicUrl?: string;
  /** the rule sets' own options (their manifests'), by camelCase key */
  [own: string]: unknown;
}

/** `muster cards <system>`: the arsenal's unit cards, or a force's roster and cards. */
export async function runCards(args: CardsArgs, io: CliIo): Promise<number> {
  const print = cardPrint(args);
  const db = await loadRulesDb({ dataDirs: args.data.map((d) => resolveFrom(io.cwd, d)), only: args.system });
  const system = db.system(args.system);
  if (!system.info.products.includes('cards')) throw new UsageError(`rule set "${system.info.id}" has no cards yet`);
  const shared: SharedOption[] = [];
  if (args.nation !== undefined) shared.push('nation');
  if (args.force !== undefined) shared.push('force');
  if (args.strict) shared.push('strict');
  if (args.list !== undefined) shared.push('list');
  const options = takeOptions(manifestFor(system.info.id), system.info.name, 'cards', { args, shared });
  if (args.strict && args.force === undefined) throw new UsageError('--strict: it refuses a --force file that breaks its rules; give --force FILE, or leave --strict out');
  if (args.shop && args.format !== 'pdf') throw new UsageError(`--shop ${args.shop}: a print shop takes ${args.shop === 'mpc' ? 'images' : 'a PDF'}, not ${args.format}; leave --format ${args.format} out`);
  if (args.shop && args.publicUrl !== undefined) throw new UsageError("--public-url: the link is printed on the roster, which a print shop's file leaves out; leave one of them out");
  if (args.publicUrl !== undefined && args.force === undefined) throw new UsageError("--public-url: a force's roster prints the link to it; give --force FILE, or leave --public-url out");
  const publicUrl = args.publicUrl === undefined ? undefined : publicAddress(args.publicUrl);
  const module = await moduleFor(system.info.id);
  const forceFile = args.force ? path.resolve(io.cwd, args.force) : undefined;
  // a roster that prints its force's link reads the file once: the link is the force printed
  const forceText = publicUrl && forceFile ? forceTextOf(forceFile) : undefined;
  const request = {
    system,
    nation: args.nation,
    forceFile,
    forceText,
    strict: args.strict,
    list: args.list,
    options,
    print,
    units: unitsOf(args, system.info),
    paper: args.paper,
    toolVersion: TOOL_VERSION,
  };
  const result = module?.cards ? await module.cards(request) : await dataDecks(request);
  if (result.kind === 'explanation') {
    if (args.out !== undefined) throw new UsageError('-o/--out: --explain-cost prints its answer to standard output and writes no file; leave -o out');
    io.stdout.write(args.format === 'json' ? `${JSON.stringify(result.data, null, 2)}\n` : result.text);
    return 0;
  }
  if (!args.quiet) for (const warning of result.warnings) io.stderr.write(`warning: ${warning}\n`);
  const linked = publicUrl && forceText !== undefined ? await withForceLink(result.doc, publicUrl, system.info.id, forceText) : result.doc;
  // a print shop's file holds the cards alone: the roster is printed at home
  if (args.shop && linked.sheets.length > 0 && !args.quiet) io.stderr.write(`warning: --shop: the roster is not in a print shop's file; print it with the same command without --shop\n`);
  const doc = args.shop ? { ...linked, sheets: [], drawings: [], tokenSheets: [] } : linked;
  const name = args.force ? path.basename(args.force).replace(/\.[^.]+$/, '') : [args.nation, options['doctrine'], args.list].filter(Boolean).join('-') || (module?.cards ? 'arsenal' : 'decks');
  await emitDocument(
    doc,
    {
      format: args.format,
      ...(result.json !== undefined ? { json: `${JSON.stringify(result.json, null, 2)}\n` } : {}),
      out: args.out,
      quiet: args.quiet,
      pageProgress: true,
      inputs: dataInputs(args.data, io.cwd, args.force),
      allowMissingGlyphs: args.allowMissingGlyphs,
      print: printSettings(args),
      ...(args.shop === 'mpc' ? { images: { dpi: MPC_DPI, texts: { 'read-me.txt': mpcReadMe(doc) } } } : {}),
      defaultName: args.shop ? `${system.info.id}-cards-${name}-${args.shop}` : `${system.info.id}-cards-${name}-${args.paper}`,
    },
    io,
  );
  return 0;
}

/** A force file's text, or the problem reading it, as the rule set's own reading would give it. */
function forceTextOf(file: string): string {
  const read = tryReadTextFile(file, 'force file');
  if ('problem' in read) throw new DataError([read.problem]);
  return read.text;
}

/**
 * The roster with the link to its force at its end: the first sheet (every rule set's force
 * document opens with its roster), or a sheet of its own where a document has none.
 */
async function withForceLink(doc: DocumentNode, publicUrl: string, systemId: string, forceText: string): Promise<DocumentNode> {
  // the QR encoder is loaded only for a roster that prints a link
  const { forceLinkBlock } = await import('../../doc/force-link-block.js');
  const block = forceLinkBlock(publicUrl, systemId, forceText);
  const [first, ...rest] = doc.sheets;
  const sheets = first ? [{ ...first, blocks: [...first.blocks, block] }, ...rest] : [{ title: 'This force as a link', blocks: [block] }];
  return { ...doc, sheets };
}
