import path from 'node:path';
import type { RulesDb } from '../data/load.js';
import type { HouseChange, HouseHow } from '../data/house.js';

/**
 * What each --data folder gives, as `validate` lists it: the rule sets it brings whole, and file
 * by file the entries it replaces, adds and changes (house.ts records them as the loaders read).
 */
export interface HouseFolderReport {
  /** the name its pages print (house.yaml's, or the folder's) */
  name: string;
  folder: string;
  /** rule sets the folder gives whole (their system.yaml is its): nothing of theirs is a house rule */
  ruleSets: string[];
  files: HouseFileReport[];
}

export interface HouseFileReport {
  /** the file's path inside the folder, with "/" */
  file: string;
  system: string;
  /** ids by kind ("table", "unit"), in the order read */
  replaced: Record<string, string[]>;
  added: Record<string, string[]>;
  changed: Record<string, string[]>;
}

const HOWS: readonly HouseHow[] = ['replaced', 'added', 'changed'];

export function houseReport(roots: readonly string[], db: RulesDb, changes: readonly HouseChange[]): HouseFolderReport[] {
  return roots.map((root) => {
    const inside = (file: string) => file.startsWith(root + path.sep) || file.startsWith(`${root}/`);
    const own = changes.filter((c) => c.root === root);
    const files: HouseFileReport[] = [];
    // a loader read twice (the cards of a rule set whose module reads them too) tells of an entry twice
    const seen = new Set<string>();
    for (const change of own) {
      const key = `${change.file}\u0000${change.kind}\u0000${change.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const file = path.relative(root, change.file).split(path.sep).join('/');
      let entry = files.find((f) => f.file === file);
      if (!entry) {
        entry = { file, system: change.system, replaced: {}, added: {}, changed: {} };
        files.push(entry);
      }
      (entry[change.how][change.kind] ??= []).push(change.id);
    }
    files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    const ruleSets = db.systems.filter((s) => s.dirs[0] !== undefined && inside(s.dirs[0])).map((s) => s.info.id);
    const name = own[0]?.house ?? db.systems.flatMap((s) => s.houses).find((h) => inside(h.dir))?.name ?? path.basename(root);
    return { name, folder: root, ruleSets, files };
  });
}

/** The report as `validate` prints it: a paragraph a folder, a line a file. */
export function houseReportText(report: readonly HouseFolderReport[], cwd: string): string {
  const lines: string[] = [];
  for (const folder of report) {
    const shown = path.relative(cwd, folder.folder) || '.';
    lines.push(`--data ${shown.startsWith('..') ? folder.folder : shown}, printed as house rules "${folder.name}":`);
    if (folder.ruleSets.length > 0) lines.push(`  gives the rule ${folder.ruleSets.length === 1 ? 'set' : 'sets'} ${folder.ruleSets.join(', ')} whole`);
    for (const file of folder.files) {
      const parts = HOWS.flatMap((how) => Object.entries(file[how]).map(([kind, ids]) => `${verb(how)} ${ids.length === 1 ? kind : plural(kind)} ${ids.join(', ')}`));
      lines.push(`  ${file.file}: ${parts.join('; ')}`);
    }
    if (folder.ruleSets.length === 0 && folder.files.length === 0) lines.push('  changes nothing muster prints');
  }
  return lines.map((line) => `${line}\n`).join('');
}

function verb(how: HouseHow): string {
  return { replaced: 'replaces', added: 'adds', changed: 'changes' }[how];
}

function plural(kind: string): string {
  return kind.endsWith('s') ? kind : `${kind}s`;
}
