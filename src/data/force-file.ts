import type { z } from 'zod';
import { DataError, UsageError, type DataProblem } from '../errors.js';
import { parseFile } from './parse.js';

/**
 * A player's force file, read and checked the same way for every rule set: the file must parse
 * against the rule set's schema (else bad data, exit 2), and the rule set's own check lists the
 * rules the force breaks. Those are printed on the roster and as warnings, or, with --strict,
 * refuse the force.
 */
export interface ForceProblem {
  /** the entry it concerns ("units[3] de-panzer-iv-h"), or "force" */
  where: string;
  /** the rule broken, in a word or two: "points", "officer", "quality"... */
  rule: string;
  message: string;
}

/** Reads a force file (YAML or JSON) against its schema; a file that does not fit is a DataError. */
export async function readForceFile<T>(file: string, schema: z.ZodType<T>, text?: string): Promise<T> {
  const problems: DataProblem[] = [];
  const force = await parseFile(file, schema, problems, 'force file', text);
  if (force === undefined) throw new DataError(problems);
  return force;
}

/** One warning line per problem, naming the file, the entry and the rule. */
export function forceWarnings(file: string, problems: readonly ForceProblem[]): string[] {
  return problems.map((p) => `${file}: ${p.where} (${p.rule}): ${p.message}`);
}

/**
 * Under --strict a force with problems is refused (exit 2, nothing written); `against` names
 * what it is checked against, e.g. "doctrine" or "army list".
 */
export function refuseIfStrict(strict: boolean, file: string, problems: readonly ForceProblem[], against: string): void {
  if (!strict || problems.length === 0) return;
  throw new UsageError(
    `${file}: the force breaks ${problems.length} ${problems.length === 1 ? 'rule' : 'rules'} of its ${against}:\n  ` +
      problems.map((p) => `${p.where} (${p.rule}): ${p.message}`).join('\n  '),
  );
}
