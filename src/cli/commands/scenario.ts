import { MAX_POINTS } from '../../data/limits.js';
import { loadRulesDb } from '../../data/load.js';
import { checkInterrupted, InterruptedError, UsageError } from '../../errors.js';
import { findOrRefuse } from '../../data/find-name.js';
import { orList } from '../../data/suggest.js';
import type { SharedOption } from '../../systems/manifest.js';
import { manifestFor, moduleFor } from '../../systems/registry.js';
import { rollBatch } from '../../systems/scenario-batch.js';
import { isOver, overBudgetMessage } from '../../systems/budget-fit.js';
import type { ScenarioResultBase } from '../../systems/module.js';
import type { TerrainLevel } from '../../engine/terrain.js';
import { takeOptions } from '../rule-set-options.js';
import { withOutput } from '../emit.js';
import type { CliIo } from '../io.js';
import { dataInputs, refuseControlChars, resolveFrom, unitsOf, warnOn, type ProductArgs } from '../options.js';
import { cardPrint, printSettings, type CutArgs } from '../print-options.js';
import { TOOL_VERSION } from '../version.js';
import { shellOption } from '../shell-word.js';

export interface ScenarioArgs extends ProductArgs, CutArgs {
  mode: 'versus' | 'solo';
  scenario?: string;
  players: number;
  table?: string;
  points?: number;
  count: number;
  /** repeatable: a string once, a list when given again */
  force?: string | string[];
  strict: boolean;
  names?: string;
  /** left out: normal, where the rule set has terrain */
  terrain?: TerrainLevel;
  /** the rule sets' own options (their manifests'), by camelCase key */
  [own: string]: unknown;
}

/** "120x120" in the chosen units -> cm; inches are converted at 2.54. */
export function parseTable(text: string, units: 'cm' | 'in'): { width: number; height: number } {
  const match = /^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*$/i.exec(text);
  if (!match) throw new UsageError(`--table "${text}": give width x height in ${units}, like ${units === 'cm' ? '120x120' : '48x48'}`);
  const factor = units === 'in' ? 2.54 : 1;
  const width = Math.round(Number(match[1]) * factor);
  const height = Math.round(Number(match[2]) * factor);
  if (width < 60 || height < 60 || width > 400 || height > 400) {
    throw new UsageError(`--table "${text}": each side from 60 to 400 cm (24 to 160 in)`);
  }
  return { width, height };
}

/** `muster scenario <system>`: one rolled scenario packet, or --count of them. */
export async function runScenario(args: ScenarioArgs, io: CliIo): Promise<number> {
  // JSON Lines and PDFs stream, so a big batch costs no memory; Markdown is held whole
  // a PDF of 5000 packets is some 45,000 pages: more is a mistake, not a tournament
  const maxCount = { json: 100_000, pdf: 5000, md: 1000 }[args.format];
  if (!(Number.isInteger(args.count) && args.count >= 1 && args.count <= maxCount)) {
    throw new UsageError(`--count ${args.count}: a whole number from 1 to ${maxCount} for ${args.format === 'pdf' ? 'a PDF' : args.format === 'md' ? 'Markdown' : 'JSON'} (JSON Lines go up to 100000)`);
  }
  const print = cardPrint(args);
  const seed = args.seed !== undefined && args.seed.trim() !== '' ? args.seed : io.freshSeed();
  if (seed.length > 200) throw new UsageError('--seed: at most 200 characters');
  const db = await loadRulesDb({ dataDirs: args.data.map((d) => resolveFrom(io.cwd, d)), only: args.system });
  const system = db.system(args.system);
  const name = system.info.name;
  const units = unitsOf(args, system.info);
  const givenTable = args.table === undefined ? undefined : parseTable(args.table, units);
  const manifest = manifestFor(system.info.id);
  const declared = manifest?.scenario;
  if (!declared || !system.info.products.includes('scenario')) throw new UsageError(`rule set "${system.info.id}" has no scenarios yet`);
  const forces = args.force === undefined ? [] : [args.force].flat().map(String);
  const shared: SharedOption[] = [];
  if (args.scenario !== undefined) shared.push('scenario');
  if (args.points !== undefined) shared.push('points');
  if (forces.length > 0) shared.push('force');
  if (args.strict) shared.push('strict');
  if (args.names !== undefined) shared.push('names');
  const options = takeOptions(manifest, name, 'scenario', { args, shared });
  if (!declared.modes.includes(args.mode)) {
    throw new UsageError(`--mode ${args.mode}: ${name} has no ${args.mode} rules; ${declared.modes.length === 1 ? 'leave --mode out' : `give --mode ${orList(declared.modes)}`}`);
  }
  for (const option of declared.options ?? []) {
    if (option.mode !== undefined && option.mode !== args.mode && options[option.name] !== undefined) {
      throw new UsageError(`--${option.name}: only a ${option.mode} game takes it; add --mode ${option.mode}, or leave --${option.name} out`);
    }
  }
  if (args.mode === 'solo' && args.players !== 2) throw new UsageError('--players: a solo game has one player; leave --players out');
  if (args.mode === 'versus' && !declared.players.includes(args.players)) {
    throw new UsageError(`--players ${args.players}: a ${name} game is for ${orList(declared.players.map(String))} players${declared.players.length === 1 ? '; leave --players out' : ''}`);
  }
  const pointsRange = declared.points ?? { min: 10, max: MAX_POINTS };
  if (args.points !== undefined && !(Number.isInteger(args.points) && args.points >= pointsRange.min && args.points <= pointsRange.max)) {
    throw new UsageError(`--points ${args.points}: a whole number from ${pointsRange.min} to ${pointsRange.max}`);
  }
  const sides = args.mode === 'solo' ? 1 : 2;
  if (forces.some((f) => f.trim() === '')) throw new UsageError('--force: give the path of a force file, such as --force my-company.yaml');
  if (forces.length > sides) {
    throw new UsageError(`--force given ${forces.length} times: ${sides === 1 ? 'in solo give your own force once; the enemy is rolled by the solo dice' : 'give one force file for side A, and another for side B'}`);
  }
  const forceFiles = forces.map((f) => resolveFrom(io.cwd, f));
  const names = args.names === undefined ? undefined : parseNames(String(args.names), args.mode);
  const module = await moduleFor(system.info.id);
  const steps = module?.scenario;
  if (!steps) throw new UsageError(`rule set "${system.info.id}" has no scenarios yet`);
  let scenario: string | undefined;
  if (args.scenario !== undefined) {
    const what = declared.scenarios ?? { what: 'scenario', listCommand: `muster list ${system.info.id}` };
    scenario = findOrRefuse(args.scenario, (await steps.names?.(system)) ?? [], what, '--scenario').id;
  }
  // a rule set with no terrain of muster's (no terrain.yaml) lays none: asked for some, it says so
  if (args.terrain !== undefined && args.terrain !== 'none' && !system.terrain) {
    throw new UsageError(`--terrain ${args.terrain}: ${system.info.name} has no terrain types for muster to lay (its data has no terrain.yaml); leave --terrain out, or give --terrain none`);
  }
  const table = givenTable ?? declared.table;
  // the module reads its data, forces and options first: a refusal comes before the seed line
  const roller = await steps.prepare({
    system,
    mode: args.mode,
    ...(scenario !== undefined ? { scenario } : {}),
    players: args.players,
    table,
    ...(args.points !== undefined ? { points: args.points } : {}),
    forceFiles,
    strict: args.strict,
    ...(names ? { names } : {}),
    options,
    terrain: args.terrain ?? 'normal',
    onWarning: warnOn(io, args.quiet),
    print,
    units,
    paper: args.paper,
    toolVersion: TOOL_VERSION,
  });
  if (!args.quiet) io.stderr.write(`Seed: ${seed} (run again with ${shellOption('seed', seed)} for the same ${args.count > 1 ? 'packets' : 'packet'})\n`);
  const progress = args.quiet || args.count < 5 ? undefined : io.progress;
  progress?.start(args.count, 'Rolling packets');
  // JSON to stdout streams one line per packet, and a PDF is written packet by packet, so a
  // big batch stays flat in memory
  const streaming = args.format === 'json' && args.out === undefined && args.count > 1;
  const lines: string[] = [];
  let firstId = '';
  let rolled = 0;
  const emit = {
    format: args.format,
    out: args.out,
    quiet: args.quiet,
    inputs: [...dataInputs(args.data, io.cwd), ...forceFiles.map((file) => ({ path: file, what: 'a --force file' }))],
    allowMissingGlyphs: args.allowMissingGlyphs,
    print: printSettings(args),
    defaultName: () => `${system.info.id}-${args.mode}-${args.count > 1 ? `${args.count}-packets` : firstId}-${safe(seed)}`,
    house: system.houses.map((h) => h.name),
  };
  try {
    await withOutput(emit, io, async (output) => {
      const batch = {
        count: args.count,
        seed,
        packets: args.format !== 'json',
        onProgress: (done: number) => {
          checkInterrupted(io.signal);
          progress?.tick(done);
        },
      };
      await rollBatch(roller, batch, async (result, packet) => {
        firstId ||= result.scenario.id;
        keepBudgets(result, forces, args.strict, args.count > 1, warnOn(io, args.quiet));
        rolled += 1;
        if (streaming) io.stdout.write(`${JSON.stringify(result)}\n`);
        else if (args.format === 'json') lines.push(args.count === 1 ? `${JSON.stringify(result, null, 2)}\n` : `${JSON.stringify(result)}\n`);
        if (packet) await output.add(packet);
        // results come in a tight loop: now and then a turn of the event loop lets Ctrl-C in
        else if (rolled % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      });
      progress?.stop();
      if (args.format === 'json') output.setJson(streaming ? '' : lines.join(''));
    });
  } catch (error) {
    // lines already streamed are out there, whole: say how many rather than "nothing"
    if (error instanceof InterruptedError && streaming && rolled > 0) {
      throw error.withMessage(`interrupted; ${rolled} whole ${rolled === 1 ? 'line' : 'lines'} (one packet each) had been written to standard output`);
    }
    throw error;
  }
  return 0;
}

/**
 * A force the players brought that is over its game's budget for its side: a warning naming
 * both figures and what to do, or under --strict a refusal (exit 2, nothing written). In a
 * batch, each packet's warning names its seed.
 */
function keepBudgets(result: ScenarioResultBase, forces: readonly string[], strict: boolean, batch: boolean, warn: (message: string) => void): void {
  (result.fits ?? []).forEach((fit, i) => {
    if (!isOver(fit)) return;
    const message = `${batch ? `packet ${result.seed}: ` : ''}${overBudgetMessage(forces[i] ?? `side ${fit.side}`, fit)}`;
    if (strict) throw new UsageError(`${message}; --strict refuses a force over its game's budget`);
    warn(message);
  });
}

/** "Anna,Ben": the two players of a versus game, side A first; a solo game has one player. */
function parseNames(text: string, mode: 'versus' | 'solo'): { a: string; b?: string } {
  refuseControlChars('--names', text);
  const names = text.split(',').map((n) => n.trim());
  const wanted = mode === 'solo' ? 1 : 2;
  if (names.length !== wanted || names.some((n) => n === '' || n.length > 40)) {
    throw new UsageError(
      mode === 'solo'
        ? `--names "${text}": a solo game has one player; give your name alone, such as --names Anna (at most 40 characters)`
        : `--names "${text}": give the two players' names, side A first, separated by a comma, such as --names "Anna,Ben" (each at most 40 characters)`,
    );
  }
  return mode === 'solo' ? { a: names[0]! } : { a: names[0]!, b: names[1]! };
}

function safe(seed: string): string {
  return seed.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 40) || 'seed';
}
