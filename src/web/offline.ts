// Keeping the page for use with no network (its service worker, src/web/service-worker.ts),
// and telling the player when a newer build is waiting.

/** How long after the page starts its files are kept for offline use. */
export const KEEP_AFTER_MS = 4000;

export interface OfflineShow {
  /** the page's files are kept, those fetched apart too: muster opens and prints anything with no network from now on */
  kept(): void;
  /** a newer build is ready; `use` switches to it and reloads the page */
  newBuild(use: () => void): void;
}

/**
 * Registers the worker once the page has started and is idle (its files are then in the
 * browser's cache, so the worker's first copy costs no second download). A page opened from a file, or in a
 * browser without service workers, works as before, online.
 */
export async function keepOffline(container: ServiceWorkerContainer | undefined, show: OfflineShow): Promise<void> {
  if (!container) return;
  // a few seconds in, once the page is idle: the worker's first copy (4 MB into the browser's
  // cache) slowed a print asked for at once by a third (npm run bench), so it waits for a pause
  await new Promise<void>((resolve) => setTimeout(resolve, KEEP_AFTER_MS));
  await idle();
  const registration = await container.register('sw.js');
  const offerWaiting = () => {
    const waiting = registration.waiting;
    // a worker waiting while another controls the page is a newer build
    if (!waiting || !container.controller) return;
    show.newBuild(() => {
      container.addEventListener('controllerchange', () => location.reload(), { once: true });
      waiting.postMessage('use-new-build');
    });
  };
  offerWaiting();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerWaiting();
    });
  });
  const ready = await container.ready;
  // the rest (the image renderer, the large fonts) once the shell is kept and the page idle
  // again: a print asked for meanwhile is not held up by a download of up to 35 MB
  await idle();
  if (await keepTheRest(ready.active)) show.kept();
}

function idle(): Promise<void> {
  return new Promise<void>((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 10_000 }) : resolve()));
}

/**
 * Asks the service worker to keep every file the page fetches apart; true once all are kept.
 * Said "kept" only then: before, a first MakePlayingCards print or a first Chinese name with
 * no network failed. A file that did not come is asked for again at the next visit.
 */
function keepTheRest(active: ServiceWorker | null): Promise<boolean> {
  if (!active) return Promise.resolve(false);
  const channel = new MessageChannel();
  const answered = new Promise<boolean>((resolve) => (channel.port1.onmessage = (event) => resolve(event.data === true)));
  active.postMessage('keep-the-rest', [channel.port2]);
  return answered;
}
