// The page's service worker (dist/web/sw.js): after the first visit muster opens and prints
// with no network. The build writes the list of files the page cannot start without and a
// stamp of their contents into this file, so a new build is a new worker with a new cache.
//
// - install: the page's own files (the shell) are fetched afresh into a cache named by the
//   worker's scope and the build's stamp; two builds, or two copies of muster at different
//   paths of one site, never share or delete each other's cache.
// - fetch: every request of the page's own site is answered from that cache first; what is
//   not there (the large fonts fetched only when a text needs one) is fetched once and kept,
//   so a Chinese name printed once prints again offline. An opened address of the page (any
//   query) is the cached page itself.
// - a new build waits until the page asks for it (its "Use it now" button), so one open page
//   never runs the old code against the new files.

/** Filled in by scripts/build-web.js. */
declare const MUSTER_SHELL: readonly string[];
declare const MUSTER_STAMP: string;

// only what this worker uses of the service-worker scope (the project's types are the page's)
interface Extendable extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchLike extends Extendable {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  registration: { scope: string };
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: Extendable) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const PREFIX = `muster ${worker.registration.scope} `;
const CACHE = `${PREFIX}${MUSTER_STAMP}`;
const PAGE = new URL('./', worker.registration.scope).href;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // 'no-cache': revalidated with the server, never an older copy the browser holds
      await cache.addAll(MUSTER_SHELL.map((file) => new Request(new URL(file, worker.registration.scope).href, { cache: 'no-cache' })));
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  if (event.data === 'use-new-build') void worker.skipWaiting();
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(worker.registration.scope)) return;
  event.respondWith(answer(request));
});

/** An address of the page itself, with any query: the links the page makes carry theirs in the fragment. */
function isPage(request: Request): boolean {
  const url = new URL(request.url);
  return request.mode === 'navigate' && (url.origin + url.pathname === PAGE || url.origin + url.pathname === `${PAGE}index.html`);
}

async function answer(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const key = isPage(request) ? PAGE : request.url;
  const kept = await cache.match(key);
  if (kept) return kept;
  const response = await fetch(request);
  // kept only when whole: a partial (206) or failed answer is passed on, not stored
  if (response.status === 200 && response.type === 'basic') await cache.put(key, response.clone());
  return response;
}
