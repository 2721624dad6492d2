import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadRulesDb } from '../../data/load.js';
import { checkInterrupted, UsageError } from '../../errors.js';
import { moduleFor } from '../../systems/registry.js';
import { emitDocument } from '../emit.js';
import { prepareOutput, type CliIo } from '../io.js';
import { resolveFrom, type ProductArgs } from '../options.js';
import { cardPrint, type CutArgs } from '../print-options.js';
import { TOOL_VERSION } from '../version.js';

export interface CampaignArgs extends ProductArgs, CutArgs {
  action: 'new' | 'record' | 'next' | 'status' | 'booklet';
  state?: string;
  names?: string;
  solo: boolean;
  winner?: 'a' | 'b';
  victory?: 'decisive' | 'strategic' | 'turns';
  combatScore?: string;
  salvage: string[];
  upgrade: string[];
}

function parseNames(text: string | undefined): { a: string; b: string } {
  if (text === undefined) return { a: 'Side A', b: 'Side B' };
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw new UsageError(`--names "${text}": give two names separated by a comma, like "Red,Blue"`);
  return { a: parts[0], b: parts[1] };
}

function parseScore(text: string | undefined): { a: number; b: number } | undefined {
  if (text === undefined) return undefined;
  const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(text);
  if (!match) throw new UsageError(`--combat-score "${text}": give both sides' Combat Scores as A:B, like 32:18`);
  return { a: Number(match[1]), b: Number(match[2]) };
}

/**
 * `muster campaign <system> new|record|next|status|booklet`. The state file is read and
 * checked before anything is done, and written whole (temporary file, then rename), with the
 * state before it kept as FILE.bak.
 */
export async function runCampaign(args: CampaignArgs, io: CliIo): Promise<number> {
  const needsState = args.action !== 'booklet';
  if (needsState && !args.state) throw new UsageError(`campaign ${args.action} needs --state FILE (the campaign's JSON file)`);
  const stateFile = args.state ? path.resolve(io.cwd, args.state) : undefined;
  if (args.action === 'new' && stateFile && existsSync(stateFile)) {
    throw new UsageError(`--state ${args.state}: a campaign file is already there; choose another name or remove it first (nothing was changed)`);
  }
  if (args.action === 'new' && stateFile) await prepareOutput(stateFile, '--state', false);
  const names = parseNames(args.names);
  const combatScore = parseScore(args.combatScore);
  const print = cardPrint(args);
  const seed = args.seed !== undefined && args.seed.trim() !== '' ? args.seed : io.freshSeed();

  const db = await loadRulesDb({ dataDirs: args.data.map((d) => resolveFrom(io.cwd, d)), only: args.system });
  const system = db.system(args.system);
  const module = moduleFor(system.info.id);
  if (!module?.campaign || !system.info.products.includes('campaign')) throw new UsageError(`rule set "${system.info.id}" has no campaigns yet`);
  if ((args.action === 'new' || args.action === 'booklet') && !args.quiet) io.stderr.write(`Seed: ${seed}\n`);
  const progress = args.quiet || args.action !== 'booklet' ? undefined : io.progress;
  progress?.start(9, 'Rolling the rungs');
  const response = await module.campaign({
    onProgress: (done) => {
      checkInterrupted(io.signal);
      progress?.tick(done);
    },
    system,
    action: args.action,
    stateFile,
    seed,
    names,
    solo: args.solo,
    winner: args.winner,
    victory: args.victory,
    combatScore,
    salvage: args.salvage,
    upgrade: args.upgrade,
    print,
    units: args.units,
    paper: args.paper,
    toolVersion: TOOL_VERSION,
  });

  progress?.stop();
  checkInterrupted(io.signal);
  if (response.stateText !== undefined && stateFile) {
    const previous = existsSync(stateFile) ? await readFile(stateFile, 'utf8') : undefined;
    if (previous !== undefined) await io.writeFile(`${stateFile}.bak`, previous);
    await io.writeFile(stateFile, response.stateText);
  }
  if (response.docs) {
    await emitDocument(
      response.docs,
      { format: args.format, out: args.out, quiet: args.quiet, pageProgress: true, defaultName: `${system.info.id}-campaign-${args.action}-${seed.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 40)}` },
      io,
    );
    return 0;
  }
  if (args.format === 'json' && response.json !== undefined) io.stdout.write(`${JSON.stringify(response.json, null, 2)}\n`);
  else if (response.message && !args.quiet) io.stderr.write(`${response.message}\n`);
  return 0;
}
