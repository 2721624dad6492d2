import path from 'node:path';
import { z } from 'zod';
import { label } from './limits.js';
import { parseYamlText } from './parsed-cache.js';
import { tryReadTextFile } from './read.js';

/**
 * House rules: a `--data` folder that changes or adds to a rule set an earlier folder gave. What
 * it gave is named on the printed page (its items marked, the footers naming the folder), so a
 * player tells a club's rules from the text's; `validate --data` lists it file by file.
 */

/** The small manifest a house folder may hold beside its rule-set folders: the name its pages print. */
export const HOUSE_FILE = 'house.yaml';

export const houseFile = z
  .object({
    /** printed in the footers and the mark's footnote: "with house rules: NAME" */
    name: label,
  })
  .strict();

/** What the loader sets on an entry that a house folder gave or changed: the folder's name. */
export interface HouseMark {
  readonly house?: string;
}

/**
 * The name a house folder's pages print: its house.yaml's `name`, else the folder's own name.
 * A manifest that does not read is reported by `checkHouseManifest`; here it is passed over.
 */
export async function houseName(root: string): Promise<string> {
  const read = tryReadTextFile(path.join(root, HOUSE_FILE), 'data file');
  if ('text' in read) {
    try {
      const parsed = houseFile.safeParse(await parseYamlText(read.text));
      if (parsed.success) return parsed.data.name;
    } catch {
      // reported by checkHouseManifest
    }
  }
  return folderName(root);
}

function folderName(root: string): string {
  return path.basename(path.resolve(root)) || root;
}

/** How a house file treated one entry: added it, replaced one of the same id whole, or changed one (change:). */
export type HouseHow = 'added' | 'replaced' | 'changed';

/** One entry a house file gave: what kind ("table", "unit"), its id, and how. */
export interface HouseChange {
  /** the house folder's name, as its pages print it */
  house: string;
  /** the --data folder */
  root: string;
  /** the rule set */
  system: string;
  file: string;
  kind: string;
  id: string;
  how: HouseHow;
}

/**
 * Told of every entry a house file gives, while set: how `validate` lists what a folder
 * replaces and adds, whichever loader reads the file.
 */
let recorder: ((change: HouseChange) => void) | undefined;

export function recordHouseChanges(record: ((change: HouseChange) => void) | undefined): void {
  recorder = record;
}

export function noteHouseChange(change: HouseChange): void {
  recorder?.(change);
}

/**
 * The house folder a rule set's folder belongs to: every folder of a rule set after the first
 * (the one its system.yaml comes from) is a house folder; undefined for the first.
 */
export async function houseOfDir(dirs: readonly string[], dir: string): Promise<{ name: string; root: string; system: string } | undefined> {
  if (dirs.indexOf(dir) <= 0) return undefined;
  const root = path.dirname(dir);
  return { name: await houseName(root), root, system: path.basename(dir) };
}
