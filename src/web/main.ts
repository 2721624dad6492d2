/**
 * The page (issue 17): a form over the command line. Every button builds the argv the command
 * line would take and calls the same run(argv, io) with the page's io, so the words, the checks
 * and the PDF bytes are the command line's. The form lives in the address
 * (#/bof/tables?paper=letter&units=in), so a link reproduces a product.
 *
 * Here the page starts: its worker, muster's files and the browser's store are asked for at
 * once, and the page is put together (muster-page.ts) when the files are listed.
 */
import { playerFiles, type Manifest } from './page-files.js';
import { RUN_WORKER_URL } from './run-protocol.js';
import { WorkerRunner, type WorkerLike } from './worker-runner.js';
import { keepOffline } from './offline.js';
import type { CampaignProbe } from './campaign-page.js';
import type { HouseProbe } from './house-rules.js';
import type { TableProbe } from './table-mode.js';
import type { SystemInfo } from './rule-sets.js';
import { fetchShowing, hideProgress, type LastMade } from './product-run.js';
import { pageStore, type StoreState } from './page-store.js';
import { MusterPage, runJson } from './muster-page.js';

/** For the browser test: what the page produced last. */
declare global {
  interface Window {
    muster: { ready: boolean; warmed?: boolean; pending?: number; last?: LastMade; campaign?: CampaignProbe; house?: HouseProbe; offline?: boolean; table?: TableProbe; store?: StoreState };
  }
}
window.muster = { ready: false };

/**
 * How long after the page is ready its worker warms itself (run-protocol.ts WarmRequest) if the
 * player has asked for nothing: a print asked for within that time is not held up by it, and
 * one asked for after it takes about half as long (bench/page.js: 145-149 ms against 312-316).
 */
const WARM_AFTER_MS = 250;

/**
 * The worker that runs the command line (run-worker.ts), started by the HTML's first script
 * (start-worker.ts) so that it comes while this script does. Its news waits until the runner
 * listens.
 */
const runWorker = (globalThis as { musterWorker?: Worker }).musterWorker ?? new Worker(RUN_WORKER_URL);
/** The list of muster's files, asked for at once (the HTML has already asked: see build-web.js). */
const manifestFetched = fetch('files/index.json').then(async (response) => {
  if (!response.ok) throw new Error(`files/index.json: ${response.status} ${response.statusText}`);
  return (await response.json()) as Manifest;
});
// an error here is boot's to tell
manifestFetched.catch(() => undefined);

/** What the page keeps in this browser, opened at once: forces, campaigns and games, shared with its other tabs. */
const { store, waiting: storeWaiting, notice } = pageStore((state) => (window.muster.store = state));

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

async function boot(): Promise<void> {
  const manifest = await manifestFetched;
  const files = playerFiles(manifest);
  // for the browser tests: the worker has warmed itself (WARM_AFTER_MS)
  const runner = new WorkerRunner(runWorker as unknown as WorkerLike, files, (news) => {
    if (news.type === 'warmed') window.muster.warmed = true;
  });
  // muster's own files, fetched here while the worker's script comes, then handed to it
  const pack = fetchShowing(manifest.pack.url, 'Loading muster', manifest.pack.size);
  // for the browser tests: the runs the page has asked for and not had back
  Object.defineProperty(window.muster, 'pending', { get: () => runner.pending, enumerable: true });
  $('version').textContent = `version ${manifest.version}`;
  // the build's listing, the same as the worker's: the rule sets show while the files still come
  if (!manifest.systems) runner.give(manifest, await pack);
  const built = manifest.systems ? (manifest.systems as SystemInfo[]) : (await runJson<{ systems: SystemInfo[] }>(runner, ['systems', '--format', 'json'])).systems;
  const page = new MusterPage(files, runner, built, manifest, store, storeWaiting);
  page.listen();
  if (manifest.systems) runner.give(manifest, await pack);
  await page.restoreLink(location.hash);
  // the kept lists wait for the browser's store; an older muster holding it in another tab
  // (storeWaiting) does not hold the page up: the lists fill when it lets go
  await Promise.race([page.panels.showKept(), storeWaiting]);
  const keeps = await Promise.race([store.keeps(), storeWaiting.then(() => undefined)]);
  if (keeps !== undefined) notice(keeps ? 'kept' : 'nothing');
  $('store-reload').addEventListener('click', () => location.reload());
  hideProgress();
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-format]')) button.disabled = false;
  window.muster.ready = true;
  // the PDF modules set up at once, a print asked for at once waiting only for what it would do itself
  runner.prepare();
  // a print asked for at once goes first; a player still choosing gets a warm first print
  setTimeout(() => runner.warm(), WARM_AFTER_MS);
  keepOffline('serviceWorker' in navigator ? navigator.serviceWorker : undefined, {
    kept: () => {
      $('offline').hidden = false;
      window.muster.offline = true;
    },
    newBuild: (use) => {
      $('new-build').hidden = false;
      $('use-new-build').onclick = use;
    },
  }).catch(() => {
    // kept or not, the page works online as before: nothing to tell the player
  });
}

document.addEventListener('DOMContentLoaded', () => {
  boot().catch((error: Error) => {
    $('messages').textContent = `muster could not start: ${error.message}`;
    $('messages').className = 'messages failed';
    $('status').hidden = false;
  });
});
