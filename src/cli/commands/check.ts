import { loadRulesDb } from '../../data/load.js';
import { UsageError } from '../../errors.js';
import { MODULE_IDS, manifestFor, moduleFor } from '../../systems/registry.js';
import type { ForceCheck, GameAsked } from '../../systems/module.js';
import { budgetWords, isOver } from '../../systems/budget-fit.js';
import type { SystemRules } from '../../data/load.js';
import { findOrRefuse } from '../../data/find-name.js';
import { orList } from '../../data/suggest.js';
import type { CliIo } from '../io.js';
import { resolveFrom } from '../options.js';

export interface CheckArgs {
  system: string;
  force: string;
  /** the game to check the force's fit to, by id or name */
  scenario?: string;
  mode?: 'versus' | 'solo';
  players?: number;
  format: 'text' | 'json';
  data: string[];
}

/**
 * `muster check <system> --force FILE`: the force as every product checks it, without
 * printing anything: what it costs against its limit, each entry's points, every rule it
 * breaks in the roster's words. Exit 0 when it breaks none, 2 when it breaks some (the same
 * force would be refused under --strict), so a script or the page can ask after each change.
 */
export async function runCheck(args: CheckArgs, io: CliIo): Promise<number> {
  const db = await loadRulesDb({ dataDirs: args.data.map((d) => resolveFrom(io.cwd, d)), only: args.system });
  const system = db.system(args.system);
  const module = await moduleFor(system.info.id);
  if (!module?.checkForce) throw new UsageError(`rule set "${system.info.id}" has no force files to check; muster check takes ${(await checkable()).join(', ')}`);
  const game = await gameAsked(args, system);
  const result = await module.checkForce({ system, forceFile: resolveFrom(io.cwd, args.force), ...(game ? { game } : {}) });
  if (args.format === 'json') io.stdout.write(`${JSON.stringify({ system: system.info.id, ...result }, null, 2)}\n`);
  else io.stdout.write(checkText(result, game !== undefined));
  const over = game !== undefined && (result.fits ?? []).some(isOver);
  return result.problems.length === 0 && !over ? 0 : 2;
}

/** --scenario (with --mode and --players): one of the rule set's games, found as `muster scenario` finds it. */
async function gameAsked(args: CheckArgs, system: SystemRules): Promise<GameAsked | undefined> {
  const mode = args.mode ?? 'versus';
  const players = args.players ?? (mode === 'solo' ? 1 : 2);
  if (args.scenario === undefined) {
    if (args.mode !== undefined || args.players !== undefined) throw new UsageError(`--${args.mode !== undefined ? 'mode' : 'players'}: says which game to check the force against; give the game too with --scenario ID (muster list ${system.info.id})`);
    return undefined;
  }
  const declared = manifestFor(system.info.id)?.scenario;
  const steps = (await moduleFor(system.info.id))?.scenario;
  if (!declared || !steps?.names || !declared.takes?.includes('scenario')) throw new UsageError(`--scenario: ${system.info.name} has no games to check a force against; leave --scenario out`);
  if (!declared.modes.includes(mode)) throw new UsageError(`--mode ${mode}: ${system.info.name} has no ${mode} rules; give --mode ${orList(declared.modes)}`);
  if (mode === 'solo' && args.players !== undefined) throw new UsageError('--players: a solo game has one player; leave --players out');
  if (mode === 'versus' && !declared.players.includes(players)) throw new UsageError(`--players ${players}: a ${system.info.name} game is for ${orList(declared.players.map(String))} players`);
  const what = declared.scenarios ?? { what: 'scenario', listCommand: `muster list ${system.info.id}` };
  const scenario = findOrRefuse(args.scenario, await steps.names(system), what, '--scenario').id;
  return { scenario, mode, players };
}

/** The rule sets whose modules check force files. */
async function checkable(): Promise<string[]> {
  const modules = await Promise.all(MODULE_IDS.map((id) => moduleFor(id)));
  return MODULE_IDS.filter((_, i) => modules[i]?.checkForce);
}

function checkText(check: ForceCheck, asked: boolean): string {
  const lines = [check.points === null ? `${check.name}` : `${check.name}: ${check.points} of ${check.limit} points`];
  const width = Math.max(0, ...check.entries.map((e) => e.name.length));
  for (const entry of check.entries) lines.push(entry.points === null ? `  ${entry.name}` : `  ${entry.name.padEnd(width)}  ${String(entry.points).padStart(4)}`);
  const fits = check.fits ?? [];
  if (fits.length > 0) {
    lines.push(asked ? 'In the game asked for:' : 'Against each game\'s budget for its side:');
    for (const fit of fits) {
      lines.push(`  ${fit.game}: ${budgetWords(fit)}`);
      // the game asked for, over: what to do, as the scenario's warning says it
      if (asked && isOver(fit)) lines.push(`    drop ${-fit.left} points${fit.elsewhere?.length ? `, or play a game it fits: ${fit.elsewhere.join(', ')}` : ''}`);
    }
  }
  const over = fits.filter(isOver).length;
  if (check.problems.length === 0) {
    if (over === 0) lines.push('No problems: the force keeps every rule muster checks.');
    else if (asked) lines.push('The force keeps every rule muster checks, but it is over the budget of the game asked for: drop points, or check it against another game.');
    else lines.push(`The force keeps every rule muster checks; it is over the budget of ${over} of the games above: play one it fits, or drop points.`);
  }
  else {
    lines.push(`${check.problems.length} ${check.problems.length === 1 ? 'problem' : 'problems'}:`);
    for (const p of check.problems) lines.push(`  ${p.where} (${p.rule}): ${p.message}`);
  }
  return `${lines.join('\n')}\n`;
}
