/**
 * A side at the table from its force: a force file read as the command line reads it (`check`
 * for its name and points, `cards` for its rows, grouped as its cards are, each row with the
 * worth its card prints), or a force the packet rolled, which the rule set's part gives as a
 * force file or as rows.
 */
import type { PageRun } from './page-io.js';
import type { RolledForce, TablePart, TableUnit } from './kit/page-parts.js';
import { unitsOfDecks } from './kit/table-cards.js';
import { newSide, type SideAtTable } from './table-game.js';

/** What the table asks of the page: the command line, with a file put in its folder for one run. */
export interface SideRunner {
  run(argv: string[]): Promise<PageRun>;
  withFile<T>(name: string, bytes: Uint8Array, work: () => Promise<T>): Promise<T>;
}

/** A side's force: a force file (its text and the name it came by), a rolled one, or none. */
export type SideForce = { yaml: string; name: string } | { rolled: RolledForce } | undefined;

/** The file a force is put in for the runs that read it: one name of the table's own, never a file of the player's. */
const TABLE_FORCE = 'table-force.yaml';

/** The command line's words of a failed run, without its name. */
const failure = (run: PageRun) => run.stderr.trim().replace(/^muster: /, '');

/** A force file's rows as its cards group them (`cards --format json`). */
async function rowsOfFile(runner: SideRunner, system: string, part: TablePart, yaml: string, name: string): Promise<TableUnit[]> {
  const run = await runner.withFile(TABLE_FORCE, new TextEncoder().encode(yaml), () => runner.run(['cards', system, '--force', TABLE_FORCE, '--format', 'json']));
  if (run.code !== 0 || !run.stdout.trim().startsWith('{')) throw new Error(`${name} could not be read: ${failure(run)}`);
  const json = JSON.parse(run.stdout) as unknown;
  return part.unitsOfCards ? part.unitsOfCards(json) : unitsOfDecks(json);
}

/** A force file's name and points as its check gives them ("Kampfgruppe Weber, 81 points"). */
async function wordsOfFile(runner: SideRunner, system: string, yaml: string, name: string): Promise<string> {
  const run = await runner.withFile(TABLE_FORCE, new TextEncoder().encode(yaml), () => runner.run(['check', system, '--force', TABLE_FORCE, '--format', 'json']));
  if (!run.stdout.trim().startsWith('{')) throw new Error(`${name} could not be read: ${failure(run)}`);
  const report = JSON.parse(run.stdout) as { name?: string; points?: number | string | null };
  const points = report.points === null || report.points === undefined ? '' : `, ${report.points} points`;
  return `${report.name || name}${points}`;
}

/** A side set up for the table: its name and its force's rows (none: units added at the table by name). */
export async function sideAtTable(runner: SideRunner, system: string, part: TablePart, name: string, force: SideForce): Promise<SideAtTable> {
  if (!force) return newSide(name, 'no force: units added at the table', []);
  if ('yaml' in force) {
    const words = await wordsOfFile(runner, system, force.yaml, force.name);
    return newSide(name, words, await rowsOfFile(runner, system, part, force.yaml, force.name));
  }
  const rolled = force.rolled;
  const units = 'units' in rolled ? rolled.units : await rowsOfFile(runner, system, part, rolled.forceFile, rolled.words);
  return newSide(name, rolled.words, units);
}
