/**
 * The worker that runs the command line for the page (issue 28): muster's files, fonts and
 * run(argv, io) live here, so a long print never holds up the page's clicks, scrolling and
 * Stop button. Runs go one at a time, in the order asked, each on the player's folder as the
 * page held it when it asked; the same argv on the same files gives the command line's bytes.
 */
import { sha256Hex } from '../data/hash.js';
import { fileUrl, pageFiles, PLAYER_FOLDER, unpack, type PageFiles } from './page-files.js';
import { runInPage } from './page-io.js';
import type { FromRunWorker, PrepareRequest, RunRequest, ToRunWorker, WarmRequest } from './run-protocol.js';

interface WorkerScope {
  postMessage(message: FromRunWorker): void;
  onmessage: ((event: MessageEvent<ToRunWorker>) => void) | null;
}
const scope = globalThis as unknown as WorkerScope;

/** The hash the page's build gave each file fetched apart, by its path under the virtual root. */
const hashes = new Map<string, string>();
/** The files of muster-wargames-fonts-cjk, which a host may not have. */
const optional = new Set<string>();

/** What a file fetched apart is, in the player's words. */
const what = (file: string) => (/\.(ttf|otf)$/.test(file) ? 'A font this print needs' : 'The image renderer');

/**
 * A file fetched apart, checked against its build's hash: a page still open when a newer muster
 * is put on its host (or an older service worker still in control) would otherwise print with
 * the newer build's font, a PDF neither command line makes. A font of the CJK package the host
 * does not have (404) is undefined: the run is made again without it, and says what to install.
 */
async function fetchChecked(file: string): Promise<Uint8Array | undefined> {
  const url = fileUrl(file);
  const response = await fetch(url).catch(() => undefined);
  if (!response) throw new Error(`${what(file)} could not be fetched: connect to the network once and print again (it is kept for use offline from then on)`);
  if (response.status === 404 && optional.has(file)) return undefined;
  if (!response.ok) throw new Error(`${what(file)} is not on the host as this page was built with it (${response.status}): a newer muster may be there; reload the page`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const want = hashes.get(file);
  if (want !== undefined && sha256Hex(bytes) !== want) throw new Error(`${what(file)} came from another build of muster, not the one this page was built with: reload the page to use the newer one`);
  return bytes;
}

/** muster's files, from the pack the page hands over (see FilesGiven). */
let given: (files: PageFiles) => void;
let refused: (error: Error) => void;
const loaded = new Promise<PageFiles>((resolve, reject) => {
  given = resolve;
  refused = reject;
});
loaded.catch((error: unknown) => scope.postMessage({ type: 'broken', message: (error as Error).message }));

const queue: (RunRequest | WarmRequest | PrepareRequest)[] = [];
const stops = new Map<number, AbortController>();
let running = false;
/** a run the page asked for is running (not the warm-up, nor the modules' set-up) */
let runningRun = false;
/** the sheet printed to warm the worker: one page in muster's fonts, the player's folder not read */
const WARM_UP = ['calibrate', '-o', '/out/warm-up.pdf', '--quiet'];
let warmed = false;
let prepared = false;

/** The PDF modules set up (PrepareRequest); one that fails to load fails again, and says so, in the run that needs it. */
async function prepare(): Promise<void> {
  await import('../cli/emit.js').then(({ pdfModules }) => pdfModules()).catch(() => undefined);
}

/** The warm-up, its result thrown away: a run that fails here fails again, and says so, when asked. */
async function warmUp(files: PageFiles): Promise<void> {
  await runInPage(WARM_UP, files).catch(() => undefined);
  scope.postMessage({ type: 'warmed' });
}

async function runOne(request: RunRequest, files: PageFiles): Promise<void> {
  const { id } = request;
  files.replaceTree(PLAYER_FOLDER, request.player);
  try {
    const result = await runInPage(request.argv, files, {
      signal: stops.get(id)!.signal,
      progress: (label, done, total) => scope.postMessage({ type: 'progress', id, label, done, total }),
      fetchFile: (file) => {
        scope.postMessage({ type: 'progress', id, label: 'Fetching a font', done: 0, total: 1 });
        return fetchChecked(file);
      },
    });
    scope.postMessage({ type: 'done', id, code: result.code, stdout: result.stdout, stderr: result.stderr, written: [...result.written] });
  } catch (error) {
    scope.postMessage({ type: 'failed', id, message: (error as Error).message });
  } finally {
    stops.delete(id);
  }
}

async function drain(): Promise<void> {
  if (running) return;
  running = true;
  try {
    const files = await loaded;
    for (let next = queue.shift(); next; next = queue.shift()) {
      runningRun = next.type === 'run';
      await (next.type === 'warm' ? warmUp(files) : next.type === 'prepare' ? prepare() : runOne(next, files));
    }
  } catch (error) {
    // muster's files never came: every run waiting is told so
    for (const request of queue.splice(0)) if (request.type === 'run') scope.postMessage({ type: 'failed', id: request.id, message: (error as Error).message });
  } finally {
    running = false;
    runningRun = false;
  }
}

scope.onmessage = ({ data }) => {
  if (data.type === 'files') {
    for (const entry of data.manifest.files) {
      if (entry.sha256) hashes.set(entry.path, entry.sha256);
      if (entry.optional) optional.add(entry.path);
    }
    try {
      given(pageFiles(data.manifest, unpack(data.manifest, data.pack)));
    } catch (error) {
      refused(error as Error);
    }
  } else if (data.type === 'warm') {
    // once, and only with no run waiting (the modules' set-up may be): a run asked for meanwhile waits for it to end
    if (warmed || runningRun || queue.some((request) => request.type === 'run')) return;
    warmed = true;
    queue.push(data);
    void drain();
  } else if (data.type === 'prepare') {
    // once; behind a run already asked for, which sets them up itself
    if (prepared) return;
    prepared = true;
    queue.push(data);
    void drain();
  } else if (data.type === 'run') {
    stops.set(data.id, new AbortController());
    queue.push(data);
    void drain();
  } else {
    // a run not started yet starts stopped, and ends as a stopped run does
    stops.get(data.id)?.abort();
  }
};
