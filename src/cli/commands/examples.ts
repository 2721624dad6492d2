import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../../errors.js';
import type { CliIo } from '../io.js';
import { INSTALL_ROOT } from '../install-root.js';

export interface ExamplesArgs {
  /** the folder to copy examples/ into (default: the current folder) */
  dir?: string;
  quiet: boolean;
}

/** What is at `file`, or undefined when nothing is (a part of its path being a file included). */
function entryAt(file: string) {
  try {
    return lstatSync(file, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** Every file under `folder`, as paths relative to it, in order. */
function filesBelow(folder: string, under = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(folder, under), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const relative = under ? path.join(under, entry.name) : entry.name;
    if (entry.isDirectory()) found.push(...filesBelow(folder, relative));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

/**
 * `muster examples [DIR]`: muster's example force files and house-rules folder, copied out of
 * its package into DIR/examples/, so the paths the README and the help give
 * (examples/openfire/us-rifle-platoon.yaml) work from DIR. Nothing is overwritten: when any of
 * the files is there already, the run names it and writes nothing.
 */
export async function runExamples(args: ExamplesArgs, io: CliIo): Promise<number> {
  const source = path.join(INSTALL_ROOT, 'examples');
  const target = path.join(path.resolve(io.cwd, args.dir ?? '.'), 'examples');
  const shown = (file: string) => path.relative(io.cwd, file) || file;
  const names = filesBelow(source);
  // a path on the way that is a file, not a folder, is refused before anything is written
  for (let dir = target; ; dir = path.dirname(dir)) {
    const there = entryAt(dir);
    if (there && !there.isDirectory()) throw new UsageError(`${shown(dir)} is a file, not a folder: give a folder to copy the examples into`);
    if (there || path.dirname(dir) === dir) break;
  }
  for (const name of names) {
    if (entryAt(path.join(target, name))) throw new UsageError(`${shown(path.join(target, name))} is there already: muster examples overwrites nothing; move it away, or give another folder (muster examples DIR)`);
  }
  for (const name of names) {
    const to = path.join(target, name);
    mkdirSync(path.dirname(to), { recursive: true });
    // 'wx': a file that came in the meantime is not overwritten either
    writeFileSync(to, readFileSync(path.join(source, name)), { flag: 'wx' });
  }
  if (!args.quiet) {
    io.stderr.write(`Copied ${names.length} example files into ${shown(target)}${path.sep}: force files for each rule set, a house rule set (examples/house-rule-set) and a house-rules folder (examples/house-rules).\n`);
    io.stderr.write(`Give one with --force to check, cards, scenario or campaign, by its path (${path.join(shown(target), 'forces', '...')}).\n`);
  }
  return 0;
}
