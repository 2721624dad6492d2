import path from 'node:path';
import type { Paper, Units } from '../doc/model.js';
import { UsageError } from '../errors.js';
import { BUILTIN_DATA_DIR } from './builtin-dir.js';
import { controlCharIn, controlCharMessage } from '../data/control-chars.js';
import type { CliIo, RunInput } from './io.js';
import type { FORMATS } from './command-table.js';

export { FORMATS, PAPERS, UNITS } from './command-table.js';
export type Format = (typeof FORMATS)[number];

/** What every product command is given (the options are in command-table.ts). */
export interface ProductArgs {
  system: string;
  seed?: string;
  out?: string;
  format: Format;
  paper: Paper;
  /** left out: the units the rule set's text measures in (unitsOf) */
  units?: Units;
  data: string[];
  quiet: boolean;
  /** --allow-missing-glyphs: a character no font can draw is a warning, not an error */
  allowMissingGlyphs: boolean;
}

/** --units as given, or else the units the rule set's text measures in (its system.yaml). */
export function unitsOf(args: { units?: Units }, info: { units: Units }): Units {
  return args.units ?? info.units;
}

export function resolveFrom(cwd: string, file: string): string {
  return path.resolve(cwd, file);
}

/** The data folders a run reads (built-in and --data), and its force file: -o may not land on one. */
export function dataInputs(dataDirs: readonly string[], cwd: string, forceFile?: string): RunInput[] {
  return [
    { path: BUILTIN_DATA_DIR, what: "a file of muster's own data folder" },
    ...dataDirs.map((d) => ({ path: resolveFrom(cwd, d), what: 'a file of a --data folder' })),
    ...(forceFile !== undefined ? [{ path: resolveFrom(cwd, forceFile), what: 'the --force file' }] : []),
  ];
}

/** A name typed in an option is one line of text a sheet can print: no control characters. */
export function refuseControlChars(option: string, text: string): void {
  const code = controlCharIn(text);
  if (code) throw new UsageError(`${option}: ${controlCharMessage(code)}`);
}

/** A warning for the user on stderr (a force's problems, a budget overspent); nothing under --quiet. */
export function warnOn(io: CliIo, quiet: boolean): (message: string) => void {
  return (message) => {
    if (!quiet) io.stderr.write(`warning: ${message}\n`);
  };
}
