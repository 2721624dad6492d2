import { MAX_POINTS } from '../../data/limits.js';
import { loadRulesDb } from '../../data/load.js';
import { checkInterrupted, InterruptedError, UsageError } from '../../errors.js';
import { MODULE_IDS, moduleFor } from '../../systems/registry.js';
import type { ScenarioOptions } from '../../systems/module.js';
import { withOutput } from '../emit.js';
import type { CliIo } from '../io.js';
import { dataInputs, refuseControlChars, resolveFrom, type ProductArgs } from '../options.js';
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
  battle?: string;
  lists?: string;
  /** repeatable: a string once, a list when given again */
  force?: string | string[];
  strict: boolean;
  names?: string;
  enemy?: 'bags' | 'buy';
  minefields?: number;
  barrage?: string;
  suppressive?: string;
  divisional?: string;
  buildings?: string;
  fixedDefence: boolean;
}

/** "120x120" in the chosen units -> cm; inches are converted at 2.54. */
export function parseTable(text: string | undefined, units: 'cm' | 'in'): { width: number; height: number } {
  if (text === undefined) return { width: 120, height: 120 };
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
  if (![2, 4, 6].includes(args.players)) throw new UsageError(`--players ${args.players}: allowed 2, 4 or 6`);
  if (args.mode === 'solo' && args.players !== 2) throw new UsageError('--players: a solo game has one player; leave --players out');
  // JSON Lines and PDFs stream, so a big batch costs no memory; Markdown is held whole
  // a PDF of 5000 packets is some 45,000 pages: more is a mistake, not a tournament
  const maxCount = { json: 100_000, pdf: 5000, md: 1000 }[args.format];
  if (!(Number.isInteger(args.count) && args.count >= 1 && args.count <= maxCount)) {
    throw new UsageError(`--count ${args.count}: a whole number from 1 to ${maxCount} for ${args.format === 'pdf' ? 'a PDF' : args.format === 'md' ? 'Markdown' : 'JSON'} (JSON Lines go up to 100000)`);
  }
  const givenTable = args.table === undefined ? undefined : parseTable(args.table, args.units);
  const print = cardPrint(args);
  const seed = args.seed !== undefined && args.seed.trim() !== '' ? args.seed : io.freshSeed();
  if (seed.length > 200) throw new UsageError('--seed: at most 200 characters');
  const db = await loadRulesDb({ dataDirs: args.data.map((d) => resolveFrom(io.cwd, d)), only: args.system });
  const system = db.system(args.system);
  const module = await moduleFor(system.info.id);
  if (!module?.scenario || !system.info.products.includes('scenario')) throw new UsageError(`rule set "${system.info.id}" has no scenarios yet`);
  // options only some rule sets' scenarios use, each refused by name where it means nothing
  const takes = module.scenarioOptions ?? {};
  const given: [string, boolean, keyof typeof takes][] = [
    ['--battle', args.battle !== undefined, 'battle'],
    ['--lists', args.lists !== undefined, 'lists'],
    ['--force', args.force !== undefined, 'forces'],
    ['--names', args.names !== undefined, 'names'],
    ['--enemy', args.enemy !== undefined, 'enemySetup'],
    ['--strict', args.strict, 'forces'],
    ['--minefields', args.minefields !== undefined, 'minefields'],
    ['--barrage', args.barrage !== undefined, 'allocations'],
    ['--suppressive', args.suppressive !== undefined, 'allocations'],
    ['--divisional', args.divisional !== undefined, 'allocations'],
    ['--buildings', args.buildings !== undefined, 'allocations'],
    ['--fixed-defence', args.fixedDefence, 'allocations'],
  ];
  const refused = given.filter(([, on, key]) => on && !takes[key]);
  if (refused.length > 0) {
    // name the rule sets whose scenarios do take them, so the user knows where they belong
    const others = await takersOf(refused.map(([, , key]) => key));
    const where = others.length > 0 ? `; leave ${refused.length > 1 ? 'them' : 'it'} out (only ${others.join(', ')} scenarios take ${refused.length > 1 ? 'them' : 'it'})` : '';
    throw new UsageError(`${refused.map(([name]) => name).join(', ')}: ${system.info.name} scenarios take no ${refused.length > 1 ? 'such options' : 'such option'}${where}`);
  }
  if (args.enemy !== undefined && args.mode !== 'solo') {
    throw new UsageError(`--enemy ${args.enemy}: only a solo game has an enemy to set up; add --mode solo, or leave --enemy out`);
  }
  const forces = args.force === undefined ? undefined : [args.force].flat().map(String);
  if (forces?.some((f) => f.trim() === '')) throw new UsageError('--force: give the path of a force file, such as --force my-company.yaml');
  const forceFiles = forces?.map((f) => resolveFrom(io.cwd, f));
  const names = args.names === undefined ? undefined : parseNames(String(args.names), args.mode);
  const lists = args.lists?.split(',').map((l) => l.trim());
  if (lists?.some((l) => l === '')) throw new UsageError(`--lists "${args.lists}": name the army lists, separated by a comma`);
  const pointsRange = takes.points ?? { min: 10, max: MAX_POINTS };
  if (args.points !== undefined && !(Number.isInteger(args.points) && args.points >= pointsRange.min && args.points <= pointsRange.max)) {
    throw new UsageError(`--points ${args.points}: a whole number from ${pointsRange.min} to ${pointsRange.max}`);
  }
  const table = givenTable ?? takes.table ?? parseTable(undefined, args.units);
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
    inputs: [...dataInputs(args.data, io.cwd), ...(forceFiles ?? []).map((file) => ({ path: file, what: 'a --force file' }))],
    allowMissingGlyphs: args.allowMissingGlyphs,
    print: printSettings(args),
    defaultName: () => `${system.info.id}-${args.mode}-${args.count > 1 ? `${args.count}-packets` : firstId}-${safe(seed)}`,
  };
  try {
    await withOutput(emit, io, async (output) => {
      await module.scenario!(
        {
          onProgress: (done) => {
            checkInterrupted(io.signal);
            progress?.tick(done);
          },
          packets: args.format !== 'json',
          system,
          mode: args.mode,
          scenario: args.scenario,
          players: args.players as 2 | 4 | 6,
          table,
          points: args.points,
          ...(args.battle !== undefined ? { battle: args.battle } : {}),
          ...(lists ? { lists } : {}),
          ...(forceFiles ? { forceFiles } : {}),
          strict: args.strict,
          ...(names ? { names } : {}),
          ...(args.enemy !== undefined ? { enemy: args.enemy } : {}),
          ...(args.minefields !== undefined ? { minefields: args.minefields } : {}),
          ...(args.barrage !== undefined ? { barrage: args.barrage } : {}),
          ...(args.suppressive !== undefined ? { suppressive: String(args.suppressive) } : {}),
          ...(args.divisional !== undefined ? { divisional: String(args.divisional) } : {}),
          ...(args.buildings !== undefined ? { buildings: String(args.buildings) } : {}),
          ...(args.fixedDefence ? { fixedDefence: true } : {}),
          onWarning: (message) => {
            if (!args.quiet) io.stderr.write(`warning: ${message}\n`);
          },
          count: args.count,
          seed,
          print,
          units: args.units,
          paper: args.paper,
          toolVersion: TOOL_VERSION,
        },
        async (result, packet) => {
          firstId ||= (result as { scenario: { id: string } }).scenario.id;
          rolled += 1;
          if (streaming) io.stdout.write(`${JSON.stringify(result)}\n`);
          else if (args.format === 'json') lines.push(args.count === 1 ? `${JSON.stringify(result, null, 2)}\n` : `${JSON.stringify(result)}\n`);
          if (packet) await output.add(packet);
          // results come in a tight loop: now and then a turn of the event loop lets Ctrl-C in
          else if (rolled % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
        },
      );
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

/** The names of the rule sets whose scenarios take every one of these options (read on the error path only). */
async function takersOf(keys: readonly (keyof ScenarioOptions)[]): Promise<string[]> {
  const all = await loadRulesDb({ dataDirs: [] });
  const names: string[] = [];
  for (const id of MODULE_IDS) {
    const takes = (await moduleFor(id))?.scenarioOptions ?? {};
    if (keys.every((k) => takes[k])) names.push(all.systems.find((s) => s.info.id === id)?.info.name ?? id);
  }
  return names;
}
