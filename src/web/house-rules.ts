/**
 * House rules in the page (issue 17): a data folder the player adds (a folder chosen with the
 * file picker, or a .zip of one) goes into the page's files at /player/house/, is checked by
 * the command line's own `validate --data`, and once valid every product may take it.
 */
import { unzipSync } from 'fflate';
import { PLAYER_FOLDER, type PageFiles } from './page-files.js';
import type { PageRun } from './page-io.js';

/** The folder as the command line sees it (the page's folder is its working folder). */
export const HOUSE_DIR = 'house';
export const HOUSE_PATH = `${PLAYER_FOLDER}/${HOUSE_DIR}`;

export interface HouseFile {
  /** the path inside the data folder, e.g. bof/tables/combat.yaml */
  path: string;
  bytes: Uint8Array;
}

/** Files a system would put in a zip or folder that are no data (macOS's, Windows'). */
const JUNK = /(^|\/)(__MACOSX|\.DS_Store|Thumbs\.db|desktop\.ini)(\/|$)/;

/**
 * The data folder's own paths: the folder the player chose (`myrules/bof/...`) is its root,
 * so a single top folder that is not a rule set's is taken off.
 */
export function houseFiles(files: readonly HouseFile[], systems: readonly string[]): HouseFile[] {
  const kept = files
    .map((f) => ({ path: f.path.replace(/\\/g, '/').replace(/^\/+/, ''), bytes: f.bytes }))
    .filter((f) => f.path !== '' && !f.path.endsWith('/') && !JUNK.test(f.path) && !f.path.split('/').includes('..'));
  const tops = new Set(kept.map((f) => (f.path.includes('/') ? f.path.slice(0, f.path.indexOf('/')) : '')));
  const [top] = tops;
  if (tops.size === 1 && top && !systems.includes(top)) return kept.map((f) => ({ path: f.path.slice(top.length + 1), bytes: f.bytes }));
  return kept;
}

/** The files of a .zip (fflate); a damaged zip throws with fflate's words. */
export function unzipHouse(zip: Uint8Array): HouseFile[] {
  const entries = unzipSync(zip);
  return Object.entries(entries).map(([path, bytes]) => ({ path, bytes }));
}

/** Puts the house rules in the page's files, replacing any added before. */
export function addHouse(files: PageFiles, house: readonly HouseFile[]): void {
  files.removeTree(HOUSE_PATH);
  for (const f of house) files.add(`${HOUSE_PATH}/${f.path}`, f.bytes);
  // an empty folder is still a folder: validate says what is missing
  if (house.length === 0) {
    files.add(`${HOUSE_PATH}/.keep`, new Uint8Array());
    files.remove(`${HOUSE_PATH}/.keep`);
  }
}

export const validateArgv = (): string[] => ['validate', '--data', HOUSE_DIR];

/** A product's argv with the house rules, when they are in use. */
export function withHouse(argv: readonly string[], use: boolean): string[] {
  return use ? [...argv, '--data', HOUSE_DIR] : [...argv];
}

/** Adds the house rules and checks them as `muster validate --data` does. */
export async function checkHouse(files: PageFiles, house: readonly HouseFile[], run: (argv: string[]) => Promise<PageRun>): Promise<PageRun> {
  addHouse(files, house);
  return run(validateArgv());
}

// ---- the panel in the page ----------------------------------------------------------------

export interface HouseHost {
  run(argv: string[]): Promise<PageRun>;
  files(): PageFiles;
  /** the rule sets' ids: a chosen folder named like one is a rule set's folder, kept */
  systems(): string[];
  /** the house rules changed (added, checked, chosen): the command line shown follows */
  changed(report?: { code: number; stderr: string }): void;
}

const el = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export class HousePanel {
  /** the house rules passed `validate` */
  private valid = false;

  constructor(private readonly host: HouseHost) {}

  /** A product's argv with `--data house` when the player uses valid house rules. */
  argv(argv: readonly string[]): string[] {
    return withHouse(argv, this.valid && el<HTMLInputElement>('house-use')?.checked === true);
  }

  attach(): void {
    el('house-folder').addEventListener('change', () => void this.fromFolder());
    el('house-zip').addEventListener('change', () => void this.fromZip());
    el('house-use').addEventListener('change', () => this.host.changed());
  }

  private async fromFolder(): Promise<void> {
    const input = el<HTMLInputElement>('house-folder');
    const chosen = [...(input.files ?? [])];
    const read = await Promise.all(chosen.map(async (f) => ({ path: f.webkitRelativePath || f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
    el<HTMLInputElement>('house-zip').value = '';
    await this.check(read, chosen[0]?.webkitRelativePath.split('/')[0] ?? 'the folder');
  }

  private async fromZip(): Promise<void> {
    const input = el<HTMLInputElement>('house-zip');
    const file = input.files?.[0];
    if (!file) return;
    el<HTMLInputElement>('house-folder').value = '';
    let entries: HouseFile[];
    try {
      entries = unzipHouse(new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      this.report({ code: 2, stdout: '', stderr: `${file.name}: not a zip muster can read (${(error as Error).message})\n`, written: new Map() }, file.name);
      return;
    }
    await this.check(entries, file.name);
  }

  private async check(chosen: HouseFile[], name: string): Promise<void> {
    const files = houseFiles(chosen, this.host.systems());
    const run = await checkHouse(this.host.files(), files, (argv) => this.host.run(argv));
    this.report(run, name, files.length);
  }

  private report(run: PageRun, name: string, count = 0): void {
    this.valid = run.code === 0;
    const use = el<HTMLInputElement>('house-use');
    use.disabled = !this.valid;
    use.checked = this.valid;
    const box = el('house-report');
    const words = (run.stderr + run.stdout).trim();
    box.textContent = `${name}: ${count} file${count === 1 ? '' : 's'}${words ? `\n${words}` : ''}`;
    box.className = this.valid ? 'messages' : 'messages failed';
    box.hidden = false;
    box.scrollIntoView({ block: 'nearest' });
    this.host.changed({ code: run.code, stderr: run.stderr + run.stdout });
  }
}
