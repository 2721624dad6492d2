import path from 'node:path';
import { FileAccessError, type FileKind, type FileRead, type Files, type Places } from '../data/files.js';

/** dist/web/files/index.json: every file the page may read, written by scripts/build-web.js. */
export interface Manifest {
  version: string;
  fontkitVersion: string;
  places: Omit<Places, 'fontkitVersion'>;
  /** the files loaded with the page, end to end in one file (each entry's `at` and `size` place it) */
  pack: { url: string; size: number };
  files: ManifestEntry[];
  /** where others reach this page (muster serve --public-url, or MUSTER_PUBLIC_URL at build): rosters print links to it */
  publicUrl?: string;
  /** `muster systems --format json`'s rule sets, as the build printed them: the form's choices before the worker runs */
  systems?: unknown[];
  /** the rule set the form opens on where a link names none: the registry's first, as the build found it */
  opensOn?: string;
}

export interface ManifestEntry {
  /** the path under the page's virtual root, e.g. /muster/data/bof/tables.yaml */
  path: string;
  size: number;
  /** where its bytes start in the pack, for a file loaded with the page */
  at?: number;
  /** fetched only when a run reads it (the large fonts, the image renderer) */
  lazy?: boolean;
  /**
   * in muster-wargames-fonts-cjk, not in the page's own folder: a host without that package
   * answers 404, and the page then says what to install instead of printing
   */
  optional?: boolean;
  /** the SHA-256 of its bytes, in hex, for a file fetched apart: the page takes no other build's copy */
  sha256?: string;
}

/** Where a player's own files (a force file) go. */
export const PLAYER_FOLDER = '/player';

/** The URL below files/ that holds a file of the virtual root (/muster/x -> files/x). */
export function fileUrl(virtual: string): string {
  return `files/${virtual.replace(/^\/muster\//, '').split('/').map(encodeURIComponent).join('/')}`;
}

function clean(file: string): string {
  const normal = path.posix.resolve('/', file);
  return normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
}

/**
 * Files held in memory: muster's own (fetched by the page) and the player's. Folders are made
 * from the paths. A file listed but not fetched yet (a large font) has its size; a read of it
 * is noted (see `takeWanted`) and fails as an unreadable file does, so the page fetches it and
 * runs again.
 */
export class PageFiles implements Files {
  readonly places: Places;
  private readonly bytes = new Map<string, Uint8Array>();
  private readonly listed = new Map<string, number>();
  private readonly folders = new Map<string, Set<string>>([['/', new Set()]]);
  private readonly wanted = new Set<string>();
  /** listed files the host does not have (the CJK package's fonts, where it is not installed) */
  private readonly absent = new Set<string>();
  /** listed files of the CJK font package, which a host has all of or none */
  private readonly optional = new Set<string>();
  /** the fonts the host has, worked out again when one is found absent */
  private fontsThere: Readonly<Record<string, string | undefined>> | undefined;

  constructor(places: Places) {
    // a font the host does not have is no font of the page's: a run then asks for its package
    const fontsThere = () => (this.fontsThere ??= this.absent.size === 0 ? places.fonts : Object.fromEntries(Object.entries(places.fonts).filter(([, file]) => file === undefined || !this.absent.has(clean(file)))));
    this.places = {
      ...places,
      get fonts() {
        return fontsThere();
      },
    };
  }

  /**
   * A listed file the host does not have: gone from the files, and from the fonts if it is one.
   * A font of the CJK package takes the package's others with it: a host has the package whole
   * or not at all, and a run asks for them no more.
   */
  markAbsent(file: string): void {
    const at = clean(file);
    for (const gone of this.optional.has(at) ? [...this.optional] : [at]) {
      this.absent.add(gone);
      this.remove(gone);
    }
    this.fontsThere = undefined;
  }

  /** A file's bytes at a path (replacing what was there). */
  add(file: string, bytes: Uint8Array): void {
    const at = clean(file);
    this.addToFolders(at);
    this.bytes.set(at, bytes);
    this.listed.set(at, bytes.byteLength);
  }

  /** A file that is there but whose bytes come later; `optional`: a font of the CJK package, which the host may not have. */
  addListed(file: string, size: number, optional = false): void {
    const at = clean(file);
    if (optional) this.optional.add(at);
    if (this.bytes.has(at)) return;
    this.addToFolders(at);
    this.listed.set(at, size);
  }

  /** Removes a file (a force file the player replaced). */
  remove(file: string): void {
    const at = clean(file);
    this.bytes.delete(at);
    this.listed.delete(at);
    this.folders.get(path.posix.dirname(at))?.delete(path.posix.basename(at));
  }

  /** Removes a folder and everything in it (house rules the player replaced); none there is fine. */
  removeTree(dir: string): void {
    const at = clean(dir);
    if (at === '/') throw new FileAccessError('EINVAL', 'the root folder is not removed');
    const inside = (p: string) => p === at || p.startsWith(`${at}/`);
    for (const file of [...this.listed.keys()].filter(inside)) {
      this.bytes.delete(file);
      this.listed.delete(file);
    }
    for (const folder of [...this.folders.keys()].filter(inside)) this.folders.delete(folder);
    this.folders.get(path.posix.dirname(at))?.delete(path.posix.basename(at));
  }

  has(file: string): boolean {
    return this.bytes.has(clean(file));
  }

  /** Every file under a folder with its bytes, in path order (a file listed but not fetched has none and is left out). */
  filesUnder(dir: string): [string, Uint8Array][] {
    const at = clean(dir);
    return [...this.bytes]
      .filter(([file]) => file.startsWith(`${at}/`))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** A folder made to hold these files and nothing else; it is there even when they are none. */
  replaceTree(dir: string, entries: readonly (readonly [string, Uint8Array])[]): void {
    const at = clean(dir);
    this.removeTree(at);
    this.add(`${at}/.keep`, new Uint8Array());
    this.remove(`${at}/.keep`);
    for (const [file, bytes] of entries) {
      if (!clean(file).startsWith(`${at}/`)) throw new FileAccessError('EINVAL', `${file}: not in ${at}`);
      this.add(file, bytes);
    }
  }

  /** The listed files a run tried to read before their bytes were there; cleared by the call. */
  takeWanted(): string[] {
    const wanted = [...this.wanted].sort();
    this.wanted.clear();
    return wanted;
  }

  private addToFolders(file: string): void {
    if (this.folders.has(file)) throw new FileAccessError('EISDIR', `${file}: is a folder`);
    let child = file;
    for (let dir = path.posix.dirname(file); ; dir = path.posix.dirname(dir)) {
      if (this.listed.has(dir)) throw new FileAccessError('ENOTDIR', `${dir}: is a file, not a folder`);
      let entries = this.folders.get(dir);
      if (!entries) this.folders.set(dir, (entries = new Set()));
      entries.add(path.posix.basename(child));
      if (dir === '/') break;
      child = dir;
    }
  }

  private kindOf(at: string): FileKind | undefined {
    if (this.folders.has(at)) return 'folder';
    if (this.listed.has(at)) return 'file';
    return undefined;
  }

  private missing(file: string, at: string): FileAccessError {
    // a path through a file is no folder, as on a disk
    for (let dir = path.posix.dirname(at); dir !== '/'; dir = path.posix.dirname(dir)) {
      if (this.listed.has(dir)) return new FileAccessError('ENOTDIR', `ENOTDIR: not a directory, '${file}'`);
    }
    return new FileAccessError('ENOENT', `ENOENT: no such file or directory, '${file}'`);
  }

  stat(file: string): { kind: FileKind; size: number } {
    const at = clean(file);
    const kind = this.kindOf(at);
    if (!kind) throw this.missing(file, at);
    return { kind, size: kind === 'file' ? this.listed.get(at)! : 0 };
  }

  list(dir: string): { name: string; kind: FileKind | 'link' }[] {
    const at = clean(dir);
    const entries = this.folders.get(at);
    if (!entries) {
      if (this.listed.has(at)) throw new FileAccessError('ENOTDIR', `ENOTDIR: not a directory, scandir '${dir}'`);
      throw this.missing(dir, at);
    }
    return [...entries]
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((name) => ({ name, kind: this.kindOf(at === '/' ? `/${name}` : `${at}/${name}`)! }));
  }

  realpath(file: string): string {
    const at = clean(file);
    if (!this.kindOf(at)) throw this.missing(file, at);
    return at;
  }

  readlink(file: string): string {
    const at = clean(file);
    if (!this.kindOf(at)) throw this.missing(file, at);
    throw new FileAccessError('EINVAL', `EINVAL: invalid argument, readlink '${file}'`);
  }

  read(file: string, limit: number): FileRead {
    const at = clean(file);
    const kind = this.kindOf(at);
    if (!kind) throw this.missing(file, at);
    if (kind === 'folder') return { kind, size: 0 };
    const size = this.listed.get(at)!;
    if (size > limit) return { kind, size };
    const bytes = this.bytes.get(at);
    if (!bytes) {
      this.wanted.add(at);
      throw new FileAccessError('EAGAIN', `${file}: not fetched yet`);
    }
    return { kind, size, bytes };
  }
}

/** The page's files as the manifest lists them, `fetched` holding the bytes of those fetched. */
/** The files loaded with the page, cut out of the pack by where the manifest places them. */
export function unpack(manifest: Manifest, pack: Uint8Array): Map<string, Uint8Array> {
  if (pack.byteLength !== manifest.pack.size) throw new Error(`${manifest.pack.url}: ${pack.byteLength} bytes, the list says ${manifest.pack.size}; reload the page`);
  const files = new Map<string, Uint8Array>();
  for (const entry of manifest.files) {
    if (entry.lazy || entry.at === undefined) continue;
    if (entry.at + entry.size > pack.byteLength) throw new Error(`${manifest.pack.url}: ${entry.path} lies past its end; reload the page`);
    files.set(entry.path, pack.subarray(entry.at, entry.at + entry.size));
  }
  return files;
}

export function pageFiles(manifest: Manifest, fetched: ReadonlyMap<string, Uint8Array>): PageFiles {
  const files = playerFiles(manifest);
  for (const entry of manifest.files) {
    const bytes = fetched.get(entry.path);
    if (bytes) files.add(entry.path, bytes);
    else files.addListed(entry.path, entry.size, entry.optional === true);
  }
  return files;
}

/**
 * The page's own files: the player's folder alone (there before anything is added to it).
 * muster's files are in the worker that runs the command line (run-worker.ts), which takes a
 * copy of this folder with every run.
 */
export function playerFiles(manifest: Manifest): PageFiles {
  const files = new PageFiles({ ...manifest.places, fontkitVersion: manifest.fontkitVersion });
  files.replaceTree(PLAYER_FOLDER, []);
  return files;
}
