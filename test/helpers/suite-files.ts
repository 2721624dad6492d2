// The files every test reads muster's own through (test/setup-files.ts installs them, and the
// in-process command line of test/helpers/cli.ts runs on them): Node's file system, as the
// command line's. With MUSTER_EXTRA_RULE_SET=<folder> (a data folder as --data takes one: a
// folder for each rule set, named by its id), muster's built-in data holds those rule sets
// beside its own for the whole suite, as if a contributor had added them to data/: every test
// that goes over the rule sets of muster's data meets them (docs/development.md).
// `npm run test:fifth` (scripts/test-fifth.js) writes a fifth rule set of data alone and runs
// the suite so.
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Files } from '../../src/data/files.js';
import { nodeFiles } from '../../src/cli/node-files.js';

export const EXTRA_RULE_SET_VARIABLE = 'MUSTER_EXTRA_RULE_SET';

/** The rule-set folders of an extra data folder, by id: each folder in it that holds a system.yaml. */
export function extraRuleSets(folder: string): Map<string, string> {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new Error(`${EXTRA_RULE_SET_VARIABLE}=${folder}: no such folder; give a data folder holding a folder for each rule set (<id>/system.yaml)`);
  const found = new Map<string, string>();
  for (const id of readdirSync(folder).sort()) {
    if (existsSync(path.join(folder, id, 'system.yaml'))) found.set(id, path.resolve(folder, id));
  }
  if (found.size === 0) throw new Error(`${EXTRA_RULE_SET_VARIABLE}=${folder}: no rule set in it; it holds a folder for each rule set, named by its id, with its system.yaml`);
  return found;
}

/**
 * `base` with the rule-set folders of `extra` (by id) inside its built-in data folder: a path
 * under data/<id>/ is read from the extra folder, and a listing of data/ names them too. Every
 * other path, muster's own rule sets' included, is read as it is.
 */
export function withExtraRuleSets(base: Files, extra: ReadonlyMap<string, string>): Files {
  const data = path.resolve(base.places.data);
  for (const id of extra.keys()) {
    if (existsSync(path.join(data, id))) throw new Error(`${EXTRA_RULE_SET_VARIABLE}: muster's data already has a rule set "${id}"; name the extra one otherwise`);
  }
  /** where a path of the data folder really is, for a path inside an extra rule set's folder */
  const real = (file: string): string => {
    const at = path.resolve(file);
    const relative = path.relative(data, at);
    const id = relative.split(path.sep)[0]!;
    const folder = !relative.startsWith('..') && !path.isAbsolute(relative) ? extra.get(id) : undefined;
    return folder === undefined ? file : path.join(folder, relative.slice(id.length));
  };
  /** a real path inside an extra folder, as the data folder's path it stands for */
  const shown = (file: string): string => {
    for (const [id, folder] of extra) {
      const inside = path.relative(base.realpath(folder), file);
      if (inside === '' || (!inside.startsWith('..') && !path.isAbsolute(inside))) return path.join(data, id, inside);
    }
    return file;
  };
  return {
    ...base,
    stat: (file) => base.stat(real(file)),
    list(dir) {
      const entries = base.list(real(dir));
      if (path.resolve(dir) !== data) return entries;
      return [...entries, ...[...extra.keys()].map((name) => ({ name, kind: 'folder' as const }))].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    realpath: (file) => (real(file) === file ? base.realpath(file) : shown(base.realpath(real(file)))),
    readlink: (file) => base.readlink(real(file)),
    read: (file, limit) => base.read(real(file), limit),
  };
}

const extraFolder = process.env[EXTRA_RULE_SET_VARIABLE];

/** A path a run looked at through the suite's files, and whether something was there. */
export interface Look {
  file: string;
  found: boolean;
}

/**
 * Where the paths looked at go, for the run whose work is under way: a pure run
 * (helpers/pure-run.ts) gives a list of its own, which runs made at the same time keep apart;
 * every other run and test looks unwatched.
 */
export const suiteLooks = new AsyncLocalStorage<Look[]>();

/** `files` that note each path looked at through them, in the list `suiteLooks` holds at the time. */
function watched(files: Files): Files {
  const noting =
    <A extends unknown[], R>(look: (file: string, ...rest: A) => R) =>
    (file: string, ...rest: A): R => {
      try {
        const answer = look(file, ...rest);
        suiteLooks.getStore()?.push({ file, found: true });
        return answer;
      } catch (error) {
        suiteLooks.getStore()?.push({ file, found: false });
        throw error;
      }
    };
  return {
    ...files,
    stat: noting((file) => files.stat(file)),
    list: noting((dir) => files.list(dir)),
    realpath: noting((file) => files.realpath(file)),
    readlink: noting((file) => files.readlink(file)),
    read: noting((file: string, limit: number) => files.read(file, limit)),
  };
}

/**
 * Node's files, with the extra rule sets of MUSTER_EXTRA_RULE_SET in muster's data where it is
 * set. One object for every in-process run and every test of a worker, pure runs included: the
 * command line keeps its parsed fonts, measured widths, PDF writer and the pages validate laid
 * out by the files it is given, so a run made on files of its own parsed, measured and laid
 * out all of them afresh.
 */
export const suiteFiles: Files = watched(extraFolder ? withExtraRuleSets(nodeFiles, extraRuleSets(extraFolder)) : nodeFiles);
