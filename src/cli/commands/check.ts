import { loadRulesDb } from '../../data/load.js';
import { UsageError } from '../../errors.js';
import { MODULE_IDS, moduleFor } from '../../systems/registry.js';
import type { ForceCheck } from '../../systems/module.js';
import type { CliIo } from '../io.js';
import { resolveFrom } from '../options.js';

export interface CheckArgs {
  system: string;
  force: string;
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
  const result = await module.checkForce({ system, forceFile: resolveFrom(io.cwd, args.force) });
  if (args.format === 'json') io.stdout.write(`${JSON.stringify({ system: system.info.id, ...result }, null, 2)}\n`);
  else io.stdout.write(checkText(result));
  return result.problems.length === 0 ? 0 : 2;
}

/** The rule sets whose modules check force files. */
async function checkable(): Promise<string[]> {
  const modules = await Promise.all(MODULE_IDS.map((id) => moduleFor(id)));
  return MODULE_IDS.filter((_, i) => modules[i]?.checkForce);
}

function checkText(check: ForceCheck): string {
  const lines = [check.points === null ? `${check.name}` : `${check.name}: ${check.points} of ${check.limit} points`];
  const width = Math.max(0, ...check.entries.map((e) => e.name.length));
  for (const entry of check.entries) lines.push(entry.points === null ? `  ${entry.name}` : `  ${entry.name.padEnd(width)}  ${String(entry.points).padStart(4)}`);
  if (check.problems.length === 0) lines.push('No problems: the force keeps every rule muster checks.');
  else {
    lines.push(`${check.problems.length} ${check.problems.length === 1 ? 'problem' : 'problems'}:`);
    for (const p of check.problems) lines.push(`  ${p.where} (${p.rule}): ${p.message}`);
  }
  return `${lines.join('\n')}\n`;
}
