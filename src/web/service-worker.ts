// The page's service worker (dist/web/sw.js): after the first visit muster opens and prints
// with no network. The build writes the list of files the page cannot start without and a
// stamp of their contents into this file, so a new build is a new worker with a new cache.
//
// - install: the page's own files (the shell) are fetched afresh into a cache named by the
//   worker's scope and the build's stamp; two builds, or two copies of muster at different
//   paths of one site, never share or delete each other's cache. What an older build kept of
//   the files fetched apart is taken over where its bytes are this build's (same hash).
// - the rest (the image renderer and the large fonts: 6 MB, and 29 MB more where the host has
//   the CJK font package's, which the page fetches only when a print needs one) is kept when
//   the page asks, once it is kept and idle (src/web/offline.ts): not at install, where it would
//   hold up "kept" and the first print's files behind it all, and not only when first used,
//   where a Chinese name or MakePlayingCards images first asked for with no network failed. One
//   file at a time, each checked against the hash its build gave it before it is kept; a host
//   without the CJK package answers 404 for its fonts, which leaves the page kept whole.
// - fetch: every request of the page's own site is answered from that cache first, by its
//   path (a query string adds no copy); what is not there is fetched and kept. An opened
//   address of the page (any query) is the cached page itself.
// - a new build waits until the page asks for it (its "Use it now" button), so one open page
//   never runs the old code against the new files.

/** Filled in by scripts/build-web.js. */
declare const MUSTER_SHELL: readonly string[];
declare const MUSTER_STAMP: string;
/**
 * The files fetched apart, each with the sha256 of its bytes in this build; `optional` for the
 * fonts of muster-wargames-fonts-cjk, which a host may not have
 */
declare const MUSTER_LATER: readonly { url: string; sha256: string; optional?: boolean }[];

// only what this worker uses of the service-worker scope (the project's types are the page's)
interface Extendable extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchLike extends Extendable {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageLike extends Extendable {
  data: unknown;
  ports: readonly MessagePort[];
}
interface WorkerScope {
  registration: { scope: string };
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: Extendable) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageLike) => void): void;
}

const worker = self as unknown as WorkerScope;
const PREFIX = `muster ${worker.registration.scope} `;
const CACHE = `${PREFIX}${MUSTER_STAMP}`;
const PAGE = new URL('./', worker.registration.scope).href;
/** The hash each file fetched apart must have, by its address. */
const LATER = new Map(MUSTER_LATER.map((file) => [new URL(file.url, worker.registration.scope).href, file.sha256]));
/** Those a host may not have (the CJK package's fonts): its 404 leaves the page kept whole all the same. */
const OPTIONAL = new Set(MUSTER_LATER.filter((file) => file.optional).map((file) => new URL(file.url, worker.registration.scope).href));

async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether an answer holds the bytes this build lists for its address (any other file: yes). */
async function isThisBuilds(key: string, response: Response): Promise<boolean> {
  const want = LATER.get(key);
  return want === undefined || (await sha256Hex(await response.clone().arrayBuffer())) === want;
}

/** The files fetched apart that an older build of this scope kept, taken over where they are this build's bytes. */
async function adoptKept(cache: Cache): Promise<void> {
  const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  for (const key of LATER.keys()) {
    for (const name of older) {
      const kept = await (await caches.open(name)).match(key);
      if (kept && (await isThisBuilds(key, kept))) {
        await cache.put(key, kept);
        break;
      }
    }
  }
}

/** Keeps every file fetched apart that is not kept yet, one at a time; a file with the wrong bytes is not kept. */
async function keepTheRest(): Promise<boolean> {
  const cache = await caches.open(CACHE);
  let whole = true;
  for (const key of LATER.keys()) {
    if (await cache.match(key)) continue;
    const response = await fetch(key, { cache: 'no-cache' }).catch(() => undefined);
    if (response?.status === 200 && (await isThisBuilds(key, response))) await cache.put(key, response);
    else if (!(response?.status === 404 && OPTIONAL.has(key))) whole = false;
  }
  return whole;
}

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // 'no-cache': revalidated with the server, never an older copy the browser holds
      await cache.addAll(MUSTER_SHELL.map((file) => new Request(new URL(file, worker.registration.scope).href, { cache: 'no-cache' })));
      await adoptKept(cache);
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
  // answered on the port the page gives: true once every file is kept
  else if (event.data === 'keep-the-rest') event.waitUntil(keepTheRest().then((whole) => event.ports[0]?.postMessage(whole), () => event.ports[0]?.postMessage(false)));
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(worker.registration.scope)) return;
  event.respondWith(answer(request));
});

/** An address of the page itself, with any query: the links the page makes carry theirs in the fragment. */
function isPage(request: Request, url: URL): boolean {
  return request.mode === 'navigate' && (url.origin + url.pathname === PAGE || url.origin + url.pathname === `${PAGE}index.html`);
}

async function answer(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  // by path: muster's files answer no query, and each query kept apart was a copy more (10 visits, 23 MB)
  const url = new URL(request.url);
  const key = isPage(request, url) ? PAGE : url.origin + url.pathname;
  const kept = await cache.match(key);
  if (kept) return kept;
  const response = await fetch(request);
  // kept only when whole and this build's: a partial (206) or failed answer, or a font of
  // another build, is passed on, not stored (the page's worker refuses the last)
  if (response.status === 200 && response.type === 'basic' && (await isThisBuilds(key, response))) await cache.put(key, response.clone());
  return response;
}
