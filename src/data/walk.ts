import path from 'node:path';
import type { DataProblem } from '../errors.js';
import { files } from './files.js';
import { MAX_FOLDER_ENTRIES } from './limits.js';

/**
 * Checks a data folder before it is listed, so the walk always ends and reads only the
 * folder: a symbolic link is followed only to a file or folder inside the data folder, and
 * never back to a folder that holds it (a loop) or to a folder already reached some other
 * way. Each link that breaks these rules, each folder that cannot be read and anything that
 * is neither a file nor a folder is a problem, named by its path. Names that start with a dot
 * are skipped, as the listing skips them.
 *
 * Returns the problems; none means the listing, following links, will reach each folder once.
 */
export function checkDataFolder(root: string, maxEntries: number = MAX_FOLDER_ENTRIES): DataProblem[] {
  const problems: DataProblem[] = [];
  const problem = (file: string, message: string) => problems.push({ file, path: '', message });
  let realRoot: string;
  try {
    realRoot = files().realpath(root);
  } catch (error) {
    problem(root, unreadable(error));
    return problems;
  }
  const inside = (real: string) => real === realRoot || real.startsWith(realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep);
  // each folder read, by its real path: the path it was reached by, and the link if any
  const reached = new Map<string, { dir: string; link: boolean }>([[realRoot, { dir: root, link: false }]]);
  const stack: { dir: string; real: string }[] = [{ dir: root, real: realRoot }];
  const twice = (link: string, earlier: string) =>
    problem(link, `is a symbolic link to ${earlier}, which the data folder already holds; each folder is read once, so remove the link`);
  let entries = 0;
  while (stack.length > 0) {
    const { dir, real } = stack.pop()!;
    let list;
    try {
      list = files().list(dir);
    } catch (error) {
      problem(dir, unreadable(error));
      continue;
    }
    entries += list.length;
    if (entries > maxEntries) {
      // whatever else is wrong there, this is the message that helps
      return [{ file: root, path: '', message: `holds more than ${maxEntries} files and folders; a data folder holds one small folder per rule set (is this the right folder?)` }];
    }
    const links: string[] = [];
    for (const entry of list.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.kind === 'folder') {
        const realDir = path.join(real, entry.name);
        // reached before through a link: that link reads this folder a second time
        const earlier = reached.get(realDir);
        if (earlier?.link) twice(earlier.dir, full);
        reached.set(realDir, { dir: full, link: false });
        stack.push({ dir: full, real: realDir });
      } else if (entry.kind === 'link') links.push(full);
      else if (entry.kind !== 'file') problem(full, 'is neither a file nor a folder (a device, pipe or socket); a data folder holds YAML files and folders');
    }
    for (const link of links) {
      let target: string;
      try {
        target = files().realpath(link);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'ELOOP') problem(link, 'is a symbolic link in a loop of links; remove the loop');
        else if (code === 'ENOENT') problem(link, `is a symbolic link to ${linkText(link)}, which does not exist`);
        else problem(link, unreadable(error));
        continue;
      }
      if (!inside(target)) {
        problem(link, `is a symbolic link out of the data folder (to ${target}); muster follows links only within the folder: copy the file or folder in instead`);
        continue;
      }
      let isDir: boolean;
      try {
        const stats = files().stat(target);
        isDir = stats.kind === 'folder';
        if (!isDir && stats.kind !== 'file') {
          problem(link, 'is a link to something that is neither a file nor a folder (a device, pipe or socket)');
          continue;
        }
      } catch (error) {
        problem(link, unreadable(error));
        continue;
      }
      if (!isDir) continue;
      if (target === real || real.startsWith(target + path.sep) || target === realRoot) {
        problem(link, `is a symbolic link to ${reached.get(target)?.dir ?? target}, a folder that holds it: a loop; remove the link`);
        continue;
      }
      const earlier = reached.get(target);
      if (earlier !== undefined) {
        twice(link, earlier.dir);
        continue;
      }
      reached.set(target, { dir: link, link: true });
      stack.push({ dir: link, real: target });
    }
  }
  return problems;
}

function linkText(link: string): string {
  try {
    return files().readlink(link);
  } catch {
    return 'a missing file';
  }
}

function unreadable(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'EACCES' || code === 'EPERM') return "cannot be read: permission denied (check the folder's permissions)";
  if (code === 'ENOENT') return 'no such folder';
  if (code === 'ENOTDIR') return 'is a file, not a folder';
  if (code === 'ELOOP') return 'cannot be read: a loop of symbolic links';
  return `cannot be read (${code ?? String(error)})`;
}
