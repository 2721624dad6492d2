/**
 * House rules in the page (issue 17): a data folder the player adds (a folder chosen with the
 * file picker, or a .zip of one) goes into the page's files at /player/house/, is checked by
 * the command line's own `validate --data`, and once valid every product may take it.
 */
import { Inflate } from 'fflate';
import { MAX_FILE_BYTES, MAX_FOLDER_ENTRIES } from '../data/limit-values.js';
import { ROOT_FILES, SHARED_FOLDERS } from '../data/rule-set-folder.js';
import { PLAYER_FOLDER, type PageFiles } from './page-files.js';
import type { PageRun } from './page-io.js';
import { NO_LABELS, refusalWords } from './player-words.js';

/** The folder as the command line sees it (the page's folder is its working folder). */
export const HOUSE_DIR = 'house';
export const HOUSE_PATH = `${PLAYER_FOLDER}/${HOUSE_DIR}`;
/** Where a new upload is checked, so the house rules in use stay whole until it passes. */
const CHECK_DIR = 'house-check';
const CHECK_PATH = `${PLAYER_FOLDER}/${CHECK_DIR}`;

/**
 * A whole house-rules folder, unpacked: the page holds it in memory. The command line limits
 * each file (MAX_FILE_BYTES) and the entries of a folder (MAX_FOLDER_ENTRIES); this bounds
 * their product, far beyond any house rules (all of muster's own data is under 1 MB).
 */
export const MAX_HOUSE_BYTES = 32 * 1024 * 1024;
/**
 * How much larger than its packed size a file may unpack to. YAML and JSON pack some 4 to 10
 * times; a zip bomb packs a thousand times.
 */
export const MAX_ZIP_RATIO = 100;

const mb = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;

/** A folder or zip muster will not take, in the player's words (the file's name is put before them). */
export class HouseRefusal extends Error {}

export interface HouseFile {
  /** the path inside the data folder, e.g. bof/tables/combat.yaml */
  path: string;
  bytes: Uint8Array;
  /**
   * the file as the player has it: its entry in the zip (club/bof/tables/combat.yaml), or its
   * path inside the folder chosen; messages name it so (the path when absent)
   */
  entry?: string;
}

/** Files a system would put in a zip or folder that are no data (macOS's, Windows'). */
const JUNK = /(^|\/)(__MACOSX|\.DS_Store|Thumbs\.db|desktop\.ini)(\/|$)/;

/** A path of a rule set's own folder, relative to it: one of its root files, or a file of a folder every rule set may have. */
const ofRuleSet = (path: string) => ROOT_FILES.includes(path) || SHARED_FOLDERS.some((folder) => path.startsWith(`${folder}/`));

/**
 * The data folder's own paths: the folder the player chose (`myrules/bof/...`) is its root,
 * so a single top folder is taken off, unless it is a rule set's own: one named as a rule set
 * muster has, or one holding what a rule set's folder holds (`skirmish/system.yaml`, a new rule
 * set of data alone, is kept as it is).
 */
export function houseFiles(files: readonly HouseFile[], systems: readonly string[]): HouseFile[] {
  const kept = files
    .map((f) => ({ path: f.path.replace(/\\/g, '/').replace(/^\/+/, ''), bytes: f.bytes, entry: f.entry ?? f.path }))
    .filter((f) => f.path !== '' && !f.path.endsWith('/') && !JUNK.test(f.path) && !f.path.split('/').includes('..'));
  const tops = new Set(kept.map((f) => (f.path.includes('/') ? f.path.slice(0, f.path.indexOf('/')) : '')));
  const [top] = tops;
  const ruleSets = top !== undefined && (systems.includes(top) || kept.some((f) => ofRuleSet(f.path.slice(top.length + 1))));
  if (tops.size === 1 && top && !ruleSets) return kept.map((f) => ({ ...f, path: f.path.slice(top.length + 1) }));
  return kept;
}

/**
 * A file that stands at the top of the house-rules folder where a rule set's folder should be
 * (`system.yaml`, `tables/x.yaml`: the files of a rule set's folder zipped without it), as the
 * player has it; undefined when there is none.
 */
export function looseRuleSetFile(files: readonly HouseFile[]): string | undefined {
  // system.yaml first: the file that makes a folder a rule set's
  const loose = [...ROOT_FILES].map((name) => files.find((f) => f.path === name)).find((f) => f !== undefined) ?? files.find((f) => ofRuleSet(f.path));
  return loose && (loose.entry ?? loose.path);
}

/** An entry of a zip's central directory: what it says the entry holds, before anything is unpacked. */
interface ZipEntry {
  name: string;
  method: number;
  packed: number;
  size: number;
  /** where its local header starts */
  local: number;
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + b[at + 3]! * 0x1000000;
const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8');

const NOT_A_ZIP = 'not a zip muster can read';
const AGAIN = 'zip your house-rules folder again (only its data files) and add that zip';

/**
 * The central directory of a zip, read whole and checked against the limits before a byte is
 * unpacked: a zip bomb names its sizes there, and a zip that lies about them is caught while
 * unpacking (unpackEntry).
 */
function zipDirectory(zip: Uint8Array): ZipEntry[] {
  let end = -1;
  // the end record sits in the last 22 bytes, or before a comment of up to 65535
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (u32(zip, at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new HouseRefusal(`${NOT_A_ZIP} (it has no zip directory)`);
  const count = u16(zip, end + 10);
  const start = u32(zip, end + 16);
  // a zip of more than 65535 entries or 4 GB (zip64) holds no house rules
  if (count === 0xffff || start === 0xffffffff) throw new HouseRefusal(`it holds more than muster takes: at most ${MAX_FOLDER_ENTRIES} files of up to ${mb(MAX_FILE_BYTES)} each; ${AGAIN}`);
  if (count > MAX_FOLDER_ENTRIES) throw new HouseRefusal(`it holds ${count} files and folders, more than the ${MAX_FOLDER_ENTRIES} muster takes in a house-rules folder; ${AGAIN}`);
  const entries: ZipEntry[] = [];
  let total = 0;
  for (let i = 0, at = start; i < count; i++) {
    if (at + 46 > zip.length || u32(zip, at) !== 0x02014b50) throw new HouseRefusal(`${NOT_A_ZIP} (its directory is damaged)`);
    const flags = u16(zip, at + 8);
    const nameLength = u16(zip, at + 28);
    const entry: ZipEntry = {
      name: (flags & 0x800 ? utf8 : latin1).decode(zip.subarray(at + 46, at + 46 + nameLength)),
      method: u16(zip, at + 10),
      packed: u32(zip, at + 20),
      size: u32(zip, at + 24),
      local: u32(zip, at + 42),
    };
    at += 46 + nameLength + u16(zip, at + 30) + u16(zip, at + 32);
    if (entry.name.endsWith('/')) continue;
    if (flags & 1) throw new HouseRefusal(`${entry.name} in it is locked with a password; ${AGAIN}, without a password`);
    if (entry.method !== 0 && entry.method !== 8) throw new HouseRefusal(`${entry.name} in it is packed in a way muster cannot unpack; ${AGAIN} with your system's own zip`);
    if (entry.size > MAX_FILE_BYTES) throw new HouseRefusal(`${entry.name} in it would unpack to ${mb(entry.size)}, more than the ${mb(MAX_FILE_BYTES)} muster takes for one file; ${AGAIN}`);
    if (entry.size > 4096 && entry.size > MAX_ZIP_RATIO * entry.packed) throw new HouseRefusal(`${entry.name} in it would unpack to ${Math.floor(entry.size / Math.max(entry.packed, 1))} times its packed size, more than the ${MAX_ZIP_RATIO} times a data file packs; ${AGAIN}`);
    total += entry.size;
    if (total > MAX_HOUSE_BYTES) throw new HouseRefusal(`its files would unpack to more than the ${mb(MAX_HOUSE_BYTES)} muster takes for house rules; ${AGAIN}`);
    entries.push(entry);
  }
  return entries;
}

/** One entry's bytes, unpacked no further than its stated size: a zip that lies is refused. */
function unpackEntry(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const at = entry.local;
  if (at + 30 > zip.length || u32(zip, at) !== 0x04034b50) throw new HouseRefusal(`${NOT_A_ZIP} (${entry.name} in it is damaged)`);
  const from = at + 30 + u16(zip, at + 26) + u16(zip, at + 28);
  const packed = zip.subarray(from, from + entry.packed);
  if (packed.length !== entry.packed) throw new HouseRefusal(`${NOT_A_ZIP} (${entry.name} in it is cut short)`);
  const lies = () => new HouseRefusal(`${entry.name} in it unpacks to more than the zip says it holds; ${AGAIN}`);
  if (entry.method === 0) {
    if (entry.packed !== entry.size) throw lies();
    return packed.slice();
  }
  const out = new Uint8Array(entry.size);
  let filled = 0;
  let ended = false;
  const inflate = new Inflate((chunk, final) => {
    if (filled + chunk.length > entry.size) throw lies();
    out.set(chunk, filled);
    filled += chunk.length;
    if (final) ended = true;
  });
  // small pieces: one piece unpacks to at most some thousand times its size before the check above
  const PIECE = 1024;
  try {
    for (let i = 0; i < packed.length; i += PIECE) inflate.push(packed.subarray(i, i + PIECE), i + PIECE >= packed.length);
    if (packed.length === 0) inflate.push(packed, true);
  } catch (error) {
    if (error instanceof HouseRefusal) throw error;
    throw new HouseRefusal(`${NOT_A_ZIP} (${entry.name} in it is damaged)`);
  }
  if (!ended || filled !== entry.size) throw new HouseRefusal(`${NOT_A_ZIP} (${entry.name} in it is damaged)`);
  return out;
}

/**
 * The files of a .zip. Its directory is checked against the limits first and nothing past them
 * is unpacked; a damaged zip or one over a limit throws a HouseRefusal in the player's words.
 */
export function unzipHouse(zip: Uint8Array): HouseFile[] {
  return zipDirectory(zip).map((entry) => ({ path: entry.name, bytes: unpackEntry(zip, entry) }));
}

/**
 * A chosen folder's files checked against the limits by their sizes, before any is read:
 * undefined when they fit, else why not.
 */
export function folderRefusal(sizes: readonly number[]): string | undefined {
  if (sizes.length > MAX_FOLDER_ENTRIES) return `it holds ${sizes.length} files, more than the ${MAX_FOLDER_ENTRIES} muster takes in a house-rules folder; choose the folder of your house rules alone`;
  const largest = Math.max(0, ...sizes);
  if (largest > MAX_FILE_BYTES) return `a file in it is ${mb(largest)}, more than the ${mb(MAX_FILE_BYTES)} muster takes for one file; choose the folder of your house rules alone`;
  if (sizes.reduce((a, b) => a + b, 0) > MAX_HOUSE_BYTES) return `its files come to more than the ${mb(MAX_HOUSE_BYTES)} muster takes for house rules; choose the folder of your house rules alone`;
  return undefined;
}

/**
 * Two files of a folder where one's path is a folder of the other's (`bof` and `bof/tables/x.yaml`,
 * which a zip can hold and a disk cannot): the first such path, else undefined.
 */
export function fileAndFolder(files: readonly HouseFile[]): string | undefined {
  const paths = new Set(files.map((f) => f.path));
  for (const f of files) {
    for (let at = f.path.indexOf('/'); at > 0; at = f.path.indexOf('/', at + 1)) {
      if (paths.has(f.path.slice(0, at))) return f.path.slice(0, at);
    }
  }
  return undefined;
}

/** Puts files in a folder of the page's files, replacing what it held. */
function putFolder(files: PageFiles, dir: string, house: readonly HouseFile[]): void {
  files.removeTree(dir);
  for (const f of house) files.add(`${dir}/${f.path}`, f.bytes);
  // an empty folder is still a folder: validate says what is missing
  if (house.length === 0) {
    files.add(`${dir}/.keep`, new Uint8Array());
    files.remove(`${dir}/.keep`);
  }
}

export const validateArgv = (dir = HOUSE_DIR): string[] => ['validate', '--data', dir];

/** A product's argv with the house rules, when they are in use. */
export function withHouse(argv: readonly string[], use: boolean): string[] {
  return use ? [...argv, '--data', HOUSE_DIR] : [...argv];
}

const refused = (stderr: string): PageRun => ({ code: 2, stdout: '', stderr, written: new Map() });

/**
 * The command line's words about the house-rules folder, with its paths as the player has them:
 * each file as its entry in the zip or its path in the folder chosen, the folder itself (the
 * command line's `--data /player/house`) as the zip's or folder's name. No message names
 * /player/house, a path the player never had.
 */
export function asThePlayerHasIt(text: string, house: readonly HouseFile[], name: string): string {
  // longest first: a path is never taken for the start of a longer one
  const byLength = [...house].sort((a, b) => b.path.length - a.path.length);
  let words = text.replace(new RegExp(`--data (?:${HOUSE_PATH}|${HOUSE_DIR})(?![\\w/-])`, 'g'), name);
  for (const f of byLength) words = words.replaceAll(`${HOUSE_PATH}/${f.path}`, f.entry ?? f.path);
  // a path the folder does not hold (an example in a message): as inside the folder
  return words.replaceAll(`${HOUSE_PATH}/`, '').replaceAll(HOUSE_PATH, name);
}

/**
 * Checks new house rules as `muster validate --data` does, in a folder of their own, and only
 * once they pass puts them in place of the house rules in use: a folder that fails leaves the
 * ones in use as they were. The words name the files where they will stand (/player/house/...).
 */
export async function checkHouse(files: PageFiles, house: readonly HouseFile[], run: (argv: string[]) => Promise<PageRun>): Promise<PageRun> {
  const both = fileAndFolder(house);
  if (both !== undefined) return refused(`${both} is in it both as a file and as a folder, which muster cannot take; take out the file ${both} and try again\n`);
  const loose = looseRuleSetFile(house);
  if (loose !== undefined) {
    return refused(
      `${loose} stands at its top, where muster looks for a folder for each rule set, named by the rule set’s id (<id>/system.yaml, <id>/tables/...): ` +
        'put the rule set’s files in a folder named by its id, and add that folder, or a zip of it\n',
    );
  }
  let checked: PageRun;
  try {
    putFolder(files, CHECK_PATH, house);
    checked = await run(validateArgv(CHECK_DIR));
  } catch (error) {
    files.removeTree(CHECK_PATH);
    return refused(`muster could not take these files: ${(error as Error).message}\n`);
  }
  files.removeTree(CHECK_PATH);
  const named = (text: string) => text.replaceAll(CHECK_PATH, HOUSE_PATH).replaceAll(CHECK_DIR, HOUSE_DIR);
  const result = { ...checked, stdout: named(checked.stdout), stderr: named(checked.stderr) };
  if (result.code === 0) putFolder(files, HOUSE_PATH, house);
  return result;
}

// ---- the panel in the page ----------------------------------------------------------------

export interface HouseHost {
  run(argv: string[]): Promise<PageRun>;
  files(): PageFiles;
  /** the rule sets' ids: a chosen folder named like one is a rule set's folder, kept */
  systems(): string[];
  /** the house rules changed (added, checked, chosen): the command line shown follows */
  changed(report?: HouseProbe): void;
}

/** For the browser test: the last check, and the house rules in use. */
export interface HouseProbe {
  code: number;
  stderr: string;
  /** the folder or zip whose house rules are in place (checked), if any */
  inPlace?: string;
}

const el = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export class HousePanel {
  /** the folder or zip whose files passed `validate` and stand in /player/house */
  private inPlace: { name: string; count: number } | undefined;
  /** how many folders have passed: the house rules in place told apart from the ones before */
  private taken = 0;
  /** uploads are checked one after another: the check folder is one */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly host: HouseHost) {}

  /** A product's argv with `--data house` when the player uses valid house rules. */
  argv(argv: readonly string[]): string[] {
    return withHouse(argv, this.inUse() !== undefined);
  }

  /**
   * The house rules in use, told apart from any before them (a new rule set they give joins the
   * page's list while they are), or undefined when none are.
   */
  inUse(): string | undefined {
    return this.inPlace !== undefined && el<HTMLInputElement>('house-use')?.checked === true ? `${this.taken}` : undefined;
  }

  attach(): void {
    el('house-folder').addEventListener('change', () => void this.later(() => this.fromFolder()));
    el('house-zip').addEventListener('change', () => void this.later(() => this.fromZip()));
    el('house-use').addEventListener('change', () => this.host.changed());
  }

  private later(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(work, work).catch((error: Error) => this.report(refused(`muster could not take these files: ${error.message}\n`), 'the house rules'));
    return this.queue;
  }

  private async fromFolder(): Promise<void> {
    const input = el<HTMLInputElement>('house-folder');
    const chosen = [...(input.files ?? [])];
    el<HTMLInputElement>('house-zip').value = '';
    const name = chosen[0]?.webkitRelativePath.split('/')[0] ?? 'the folder';
    const over = folderRefusal(chosen.map((f) => f.size));
    if (over) {
      this.report(refused(`${over}\n`), name);
      return;
    }
    // a file is named as it lies in the folder chosen, whose own name heads the words
    const inChosen = (f: File) => (f.webkitRelativePath ? f.webkitRelativePath.slice(f.webkitRelativePath.indexOf('/') + 1) : f.name);
    const read = await Promise.all(chosen.map(async (f) => ({ path: f.webkitRelativePath || f.name, entry: inChosen(f), bytes: new Uint8Array(await f.arrayBuffer()) })));
    await this.check(read, name);
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
      const why = error instanceof HouseRefusal ? error.message : `${NOT_A_ZIP} (${(error as Error).message})`;
      this.report(refused(`${why}\n`), file.name);
      return;
    }
    await this.check(entries, file.name);
  }

  private async check(chosen: HouseFile[], name: string): Promise<void> {
    const files = houseFiles(chosen, this.host.systems());
    const run = await checkHouse(this.host.files(), files, (argv) => this.host.run(argv));
    this.report(run, name, files.length, files);
  }

  private report(run: PageRun, name: string, count?: number, house: readonly HouseFile[] = []): void {
    const use = el<HTMLInputElement>('house-use');
    // the command line's --data folder is, on the page, the house-rules folder the player added:
    // its files named as the player has them
    const words = refusalWords((run.stderr + run.stdout).trim(), NO_LABELS, (text) => asThePlayerHasIt(text, house, name), (option) => (option === 'data' ? 'house-rules' : undefined)).join('\n');
    let said: string;
    if (run.code === 0) {
      this.inPlace = { name, count: count ?? 0 };
      this.taken += 1;
      use.checked = true;
      said = `${name}: ${count} file${count === 1 ? '' : 's'}${words ? `\n${words}` : ''}`;
    } else {
      // the house rules checked before stay, and stay chosen or not as the player left them
      const kept = this.inPlace ? `Still in use when ticked: ${this.inPlace.name} (${this.inPlace.count} file${this.inPlace.count === 1 ? '' : 's'}), checked before.` : 'No house rules are in use.';
      said = `${name}: not taken${count === undefined ? '' : ` (${count} file${count === 1 ? '' : 's'})`}\n${words}\n${kept}`;
    }
    use.disabled = this.inPlace === undefined;
    if (!this.inPlace) use.checked = false;
    el('house-use-label').textContent = this.inPlace ? `Use my house rules (${this.inPlace.name})` : 'Use my house rules';
    const box = el('house-report');
    box.textContent = said;
    box.className = run.code === 0 ? 'messages' : 'messages failed';
    box.hidden = false;
    box.scrollIntoView({ block: 'nearest' });
    this.host.changed({ code: run.code, stderr: run.stderr + run.stdout, ...(this.inPlace ? { inPlace: this.inPlace.name } : {}) });
  }
}
