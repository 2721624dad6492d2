import path from 'node:path';
import type { Argv } from 'yargs';
import type { Paper, Units } from '../doc/model.js';
import { UsageError } from '../errors.js';
import { BUILTIN_DATA_DIR } from '../data/builtin-dir.js';
import type { RunInput } from './io.js';

export const FORMATS = ['pdf', 'json', 'md'] as const;
export const PAPERS = ['a4', 'letter'] as const;
export const UNITS = ['cm', 'in'] as const;
export type Format = (typeof FORMATS)[number];

/** The options every product command takes (design.md section 2). */
export function productOptions<T>(y: Argv<T>) {
  return y
    .option('seed', { type: 'string', describe: 'seed for the dice; a product that rolls nothing accepts it and ignores it' })
    .option('out', { alias: 'o', type: 'string', describe: 'output file (PDF default: a file under out/; JSON and Markdown default: stdout)' })
    .option('format', { choices: FORMATS, default: 'pdf' as Format, describe: 'pdf, or the result as json or md' })
    .option('paper', { choices: PAPERS, default: 'a4' as Paper, describe: 'paper size' })
    .option('units', { choices: UNITS, default: 'cm' as Units, describe: 'units for distances, rulers and the scale bar' })
    .option('data', { type: 'string', array: true, default: [] as string[], describe: 'extra data folder (house rules), repeatable' })
    .option('quiet', { type: 'boolean', default: false, describe: 'print nothing but errors' })
    .option('allow-missing-glyphs', {
      type: 'boolean',
      default: false,
      describe: 'write the PDF even when a character has no glyph in any embedded font (it prints as a box); without it that is an error',
    });
}

export interface ProductArgs {
  system: string;
  seed?: string;
  out?: string;
  format: Format;
  paper: Paper;
  units: Units;
  data: string[];
  quiet: boolean;
  /** --allow-missing-glyphs: a character no font can draw is a warning, not an error */
  allowMissingGlyphs: boolean;
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

/**
 * Refuses options a product of data alone has no use for, naming each one given:
 * `refuseOptions([forceFile && '--force'], 'Fire Team tokens', 'they print ...')`.
 */
export function refuseOptions(given: readonly (string | false | undefined)[], product: string, instead: string): void {
  const named = given.filter((o): o is string => typeof o === 'string' && o.length > 0);
  if (named.length > 0) throw new UsageError(`${named.join(', ')}: ${product} take no ${named.length > 1 ? 'such options' : 'such option'}; ${instead}`);
}
