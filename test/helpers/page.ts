// What every test of the page in chromium needs: the built page served by `muster serve`,
// Debian's chromium driven headless through puppeteer-core, and the page's controls found by
// the words of their labels, as a player finds them.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Browser, BrowserContext, Page, ScreenshotOptions } from 'puppeteer-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { muster } from './cli.js';
import { fileUrl, pageFiles, unpack, type Manifest } from '../../src/web/page-files.js';
import type { CampaignProbe } from '../../src/web/campaign-page.js';

export const CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's chromium-headless-shell: the same chromium without the browser around the page (no
 * profile services, no PDF viewer), which the tests drive for a third less CPU than the full
 * browser (measured: a page opened, kept offline, a PDF made, reloaded and a second tab
 * opened, 3.8 core-seconds against 5.7). The full browser where a test looks at the PDF
 * viewer, or where the shell is not installed; the bench times the full browser, as players
 * have it.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const repo = fileURLToPath(new URL('../../', import.meta.url));
/** where screenshots go, to be looked at */
export const shots = path.join(repo, 'out');
/** on CI the browser tests must run (.ci/run installs chromium); elsewhere they need it installed */
export const runBrowserTests = existsSync(CHROMIUM) || Boolean(process.env['CI']);

export interface PageServer {
  base: string;
  browser: Browser;
  /** stops `muster serve` alone, the browser still open: the network cut */
  cut(): Promise<void>;
  /** closes the browser; the server stays for the worker's next file */
  stop(): Promise<void>;
}

export interface BrowserChoices {
  /**
   * Chromium's own PDF viewer in the page's preview. Off, the preview frame still gets the PDF
   * the page made (its bytes are what the tests compare) but chromium does not draw it: drawing
   * it cost about a second of CPU for every PDF a test made, a sixth of the suite's browser time.
   * On for the tests whose screenshots are looked at to see the preview itself.
   */
  pdfViewer?: boolean;
  /** a profile kept between launches (a browser restarted); a new one of its own otherwise */
  profile?: string;
}

/**
 * Debian's chromium, headless. Downloads the test does not ask for are refused, so that no run
 * of the suite leaves files in the home folder.
 */
export async function launchChromium(choices: BrowserChoices = {}): Promise<Browser> {
  const profile = choices.profile ?? mkdtempSync(path.join(tmpdir(), 'muster-chromium-'));
  if (!choices.pdfViewer) {
    mkdirSync(path.join(profile, 'Default'), { recursive: true });
    const preferences = path.join(profile, 'Default/Preferences');
    const kept = existsSync(preferences) ? (JSON.parse(readFileSync(preferences, 'utf8')) as Record<string, unknown>) : {};
    writeFileSync(preferences, JSON.stringify({ ...kept, plugins: { always_open_pdf_externally: true } }));
  }
  const { default: puppeteer } = await import('puppeteer-core');
  const shell = !choices.pdfViewer && existsSync(HEADLESS_SHELL);
  const browser = await puppeteer.launch({
    executablePath: shell ? HEADLESS_SHELL : CHROMIUM,
    headless: shell ? 'shell' : true,
    userDataDir: profile,
    // (--renderer-process-limit=1, every page in one renderer, costs a page load a sixth less
    // alone but the whole of test/web an eighth more: 254 -> 282 core-seconds, 230 -> 249 with
    // the worker's chromium kept; a renderer that lives through a file's pages does more work)
    args: ['--no-sandbox', '--disable-gpu'],
    downloadBehavior: { policy: 'deny' },
  });
  // a profile of its own goes with the browser
  if (!choices.profile) browser.process()?.once('exit', () => rmSync(profile, { recursive: true, force: true }));
  return browser;
}

/**
 * A folder of its own for the downloads of this page's browser (or its profile) from now on. Set through the
 * browser's own session: set through a page's, it lasts only while the page is open, and
 * chromium then saves into the home folder.
 */
export async function allowDownloads(page: Page): Promise<string> {
  const downloads = mkdtempSync(path.join(tmpdir(), 'muster-downloads-'));
  const cdp = await page.browser().target().createCDPSession();
  // a page in a profile of its own (createBrowserContext) downloads by that profile's setting
  const browserContextId = page.browserContext().id;
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads, ...(browserContextId ? { browserContextId } : {}) });
  return downloads;
}

interface Serving {
  base: string;
  process: ChildProcess;
  ended: Promise<void>;
}

/** `muster serve` on a free port; one that fails to start leaves nothing running. */
async function serve(serveArgs: readonly string[]): Promise<Serving> {
  if (!existsSync(path.join(repo, 'dist/web/index.html'))) throw new Error('dist/web is not built: run npm run build first');
  const server: ChildProcess = spawn(process.execPath, ['bin/muster.js', 'serve', '--port', '0', ...serveArgs], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  const ended = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const base = await new Promise<string>((resolve, reject) => {
    let said = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      said += String(chunk);
      const found = /^muster is at (http:\/\/127\.0\.0\.1:\d+\/) — Ctrl-C stops it$/m.exec(said);
      if (found) resolve(found[1]!);
    });
    server.stderr!.on('data', (chunk: Buffer) => reject(new Error(`muster serve: ${String(chunk)}`)));
    server.once('exit', (code) => reject(new Error(`muster serve stopped (${code})`)));
  }).catch(async (error: unknown) => {
    server.kill('SIGTERM');
    await ended;
    throw error;
  });
  return { base, process: server, ended };
}

/**
 * This worker's `muster serve`, one for each set of its arguments, started when a file first
 * asks and kept for the worker's next files (kept on globalThis, so that a file whose modules
 * are loaded afresh finds it too). One a file took a second or so to start and a third of a
 * second of CPU. The worker's chromium is kept the same way (`workerChromium`), each file's
 * fresh storage a browser context of it.
 */
const SERVERS = Symbol.for('muster.test.page-servers');
interface Servers {
  /** by the server's arguments */
  pool: Map<string, Promise<Serving>>;
  running: Set<ChildProcess>;
}
function servers(): Servers {
  const holder = globalThis as { [SERVERS]?: Servers };
  if (!holder[SERVERS]) {
    holder[SERVERS] = { pool: new Map(), running: new Set() };
    endWithWorker(holder[SERVERS].running);
  }
  return holder[SERVERS];
}

/**
 * Stops the worker's servers with the worker. vitest ends a worker with SIGTERM once its files
 * are done (and kills it half a second later), which would leave a server running: each is
 * stopped at once, and the signal then taken as it would have been.
 */
function endWithWorker(running: Set<ChildProcess>): void {
  const end = () => {
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.once('exit', end);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.once(signal, () => {
      end();
      process.kill(process.pid, signal);
    });
  }
}

function sharedServer(serveArgs: readonly string[]): Promise<Serving> {
  const { pool, running } = servers();
  const key = JSON.stringify(serveArgs);
  const known = pool.get(key);
  if (known) return known;
  const started = serve(serveArgs);
  pool.set(key, started);
  // one stopped (a test cut the network), or that failed to start, is started again by the next file
  void started.then(
    ({ process: child, ended }) => {
      running.add(child);
      return ended.then(() => {
        running.delete(child);
        if (pool.get(key) === started) pool.delete(key);
      });
    },
    () => pool.get(key) === started && pool.delete(key),
  );
  return started;
}

/**
 * The built page served by this worker's `muster serve`, and chromium with a profile of the
 * caller's own; `stop` closes chromium, `cut` stops the server (the next file starts another).
 */
export async function startPageServer(serveArgs: readonly string[] = [], choices: BrowserChoices = {}): Promise<PageServer> {
  mkdirSync(shots, { recursive: true });
  const server = await sharedServer(serveArgs);
  const browser = choices.profile || choices.pdfViewer ? await launchChromium(choices) : await freshContext();
  return {
    base: server.base,
    browser,
    async cut() {
      server.process.kill('SIGTERM');
      await server.ended;
    },
    async stop() {
      await browser.close();
    },
  };
}

/**
 * This worker's chromium (the shell), launched when a file first asks and kept for the worker's
 * next files, as its servers are. A launch costs about 1.5 core-seconds; a browser context of
 * it gives a file the same fresh storage (its own store, service worker, caches and cookies).
 */
const CHROMIUM_KEPT = Symbol.for('muster.test.chromium');
function workerChromium(): Promise<Browser> {
  const holder = globalThis as { [CHROMIUM_KEPT]?: Promise<Browser> };
  const kept = holder[CHROMIUM_KEPT];
  if (kept) return kept;
  const launched = launchChromium();
  holder[CHROMIUM_KEPT] = launched;
  void launched.then(
    (browser) => {
      const child = browser.process();
      if (child) servers().running.add(child);
      browser.once('disconnected', () => holder[CHROMIUM_KEPT] === launched && delete holder[CHROMIUM_KEPT]);
    },
    () => holder[CHROMIUM_KEPT] === launched && delete holder[CHROMIUM_KEPT],
  );
  return launched;
}

/**
 * A browser of the caller's own, as a test sees it: a new context of the worker's chromium, whose
 * pages, and whose close, are the context's; the contexts it makes are the chromium's.
 */
async function freshContext(): Promise<Browser> {
  const chromium = await workerChromium();
  const context = await chromium.createBrowserContext();
  const own: Partial<Record<keyof Browser, unknown>> = {
    newPage: () => context.newPage(),
    pages: () => context.pages(),
    close: () => context.close(),
    defaultBrowserContext: () => context,
    browserContexts: () => [context],
  };
  return new Proxy(chromium, {
    get(target, key, receiver) {
      if (typeof key === 'string' && key in own) return own[key as keyof Browser];
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Waits until the page has had back every run it asked for. The command line runs in a worker
 * beside the page, one run at a time, so the lists a choice fills, a panel's set-up and the
 * words after a click come a moment after the choice or click, as a player sees them come.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !window.muster?.ready || window.muster.pending === 0, { timeout: 60_000 });
}

/**
 * The page, its choosing, clicking and typing each waiting for the page to answer before the
 * test goes on, as a player waits for a list to fill before picking from it.
 */
export function answering(page: Page): Page {
  // Waits look every 50 ms rather than at every frame (puppeteer's default): looking at every
  // frame keeps chromium drawing frames for as long as a wait lasts, the whole of a PDF's making.
  const waitForFunction = page.waitForFunction.bind(page);
  Object.defineProperty(page, 'waitForFunction', {
    value: (fn: Parameters<Page['waitForFunction']>[0], options: Parameters<Page['waitForFunction']>[1] = {}, ...args: unknown[]) =>
      waitForFunction(fn, { polling: 50, ...options }, ...args),
  });
  // Screenshots are there to be looked at: encoded for speed, a full page's takes half the CPU
  const screenshot = page.screenshot.bind(page) as (options?: ScreenshotOptions) => Promise<Uint8Array>;
  Object.defineProperty(page, 'screenshot', { value: (options: ScreenshotOptions = {}) => screenshot({ optimizeForSpeed: true, ...options }) });
  for (const name of ['select', 'click', 'type'] as const) {
    const act = (page[name] as (...args: unknown[]) => Promise<unknown>).bind(page);
    Object.defineProperty(page, name, {
      value: async (...args: unknown[]) => {
        const done = await act(...args);
        await settled(page);
        return done;
      },
    });
  }
  return page;
}

/** The control a <label> names, by the label's text. */
export async function control(page: Page, label: string): Promise<string> {
  const id = await page.evaluate((text) => [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)?.htmlFor ?? '', label);
  if (!id) throw new Error(`no control labelled "${label}"`);
  return `#${id}`;
}

/**
 * Clicks a control as the page's own code would see a click: on the element, not at a point of
 * the screen, so a row the page draws meanwhile (a check's problems coming in) cannot move it
 * from under the pointer. For the controls that build a force; a button that downloads or
 * opens something is clicked with the mouse (`button`, `page.click`).
 */
export async function press(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(selector, { timeout: 60_000 });
  await page.$eval(selector, (e) => (e as HTMLElement).click());
  await settled(page);
}

/** Clicks the enabled button with these words on it. */
export async function button(page: Page, text: string): Promise<void> {
  await settled(page);
  const handle = await page.waitForSelector(`::-p-xpath(//button[normalize-space(.)="${text}" and not(@disabled)])`, { timeout: 60_000 });
  await handle!.click();
}

/** What the page made last: its file's name and bytes, and the run's exit code, messages and argv. */
export interface MadeInPage {
  name: string;
  base64: string;
  code: number;
  stderr: string;
  argv: string[];
}

/**
 * Does something to the campaign panel (a click) and waits for the panel to finish the work it
 * set off: the campaign as it then stands (exit code, messages, status, state).
 */
export async function campaignAfter(page: Page, action: () => Promise<void>): Promise<CampaignProbe> {
  const before = await page.evaluate(() => window.muster.campaign?.acts ?? 0);
  await action();
  await page.waitForFunction((count) => (window.muster.campaign?.acts ?? 0) > count, { timeout: 60_000 }, before);
  return (await page.evaluate(() => window.muster.campaign)) as CampaignProbe;
}

/** Clicks a campaign button and waits for the page's campaign to answer. */
export function campaignStep(page: Page, name: string): Promise<CampaignProbe> {
  return campaignAfter(page, () => button(page, name));
}

/** Does what makes something (a click) and waits for what the page made. */
async function madeBy(page: Page, action: () => Promise<void>): Promise<MadeInPage> {
  await page.evaluate(() => {
    delete window.muster.last;
  });
  await action();
  await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 120_000 });
  return (await page.evaluate(() => window.muster.last))!;
}

/**
 * Follows a link in a tab already open, as a player's back and forward buttons would (a link
 * restores the whole form), until the command the page shows is `command`.
 */
export async function followLink(page: Page, hash: string, command: string): Promise<void> {
  await page.evaluate((link) => {
    location.hash = link;
  }, hash);
  await page.waitForFunction((words) => document.querySelector('#command')?.textContent === words, { timeout: 10_000 }, command);
  await settled(page);
}

/** Clicks a button that makes something and waits for what the page made. */
export function produce(page: Page, text: string): Promise<MadeInPage> {
  return madeBy(page, () => button(page, text));
}

/** Clicks the control at `selector` (with the mouse) that makes something and waits for what the page made. */
export function produceAt(page: Page, selector: string): Promise<MadeInPage> {
  return madeBy(page, () => page.click(selector));
}

/**
 * The page served, and chromium opened, for the tests of one describe block (`startPageServer`),
 * chromium closed after them; `ready` hands the test block the address and the browser.
 */
export function usePageServer(ready: (served: PageServer) => void, serveArgs: readonly string[] = [], choices: BrowserChoices = {}): void {
  let served: PageServer | undefined;
  beforeAll(async () => {
    served = await startPageServer(serveArgs, choices);
    ready(served);
  });
  afterAll(async () => {
    await served?.stop();
  });
}

/**
 * One tab for a describe block's tests, opened before them and closed after, which the tests
 * lead from link to link (`followLink`) as a player's back and forward buttons would; `ready`
 * hands the tab to the block.
 */
export function useFileTab(open: () => Promise<Page>, ready: (page: Page) => void): void {
  let tab: Page | undefined;
  beforeAll(async () => {
    tab = await open();
    ready(tab);
  });
  afterAll(async () => {
    await tab?.close();
  });
}

/** Where the built page keeps muster's files, as `muster serve` serves them. */
export const BUILT_FILES = new URL('../../dist/web/files/', import.meta.url);

/** The fonts of muster-wargames-fonts-cjk as the build leaves them in the checkout (scripts/build-fonts-cjk.js). */
export const PACKAGE_FONTS_DIR = new URL('../../packages/fonts-cjk/fonts/', import.meta.url);

/**
 * One of the built page's files, by its path under the page's virtual root: a Chinese or Korean
 * font from the checkout's font package, as `muster serve` sends it.
 */
export function builtFile(file: string): Uint8Array {
  const inPage = new URL(fileUrl(file).slice('files/'.length), BUILT_FILES);
  if (!existsSync(inPage) && file.startsWith('/muster/fonts/')) return new Uint8Array(readFileSync(new URL(path.posix.basename(file), PACKAGE_FONTS_DIR)));
  return new Uint8Array(readFileSync(inPage));
}

/**
 * The built page's files as the page holds them once loaded (the large fonts it fetches only
 * when needed left out), and a run of the command line in Node over them, as the page runs it.
 */
export async function loadBuiltPage() {
  const { runInPage } = await import('../../src/web/page-io.js');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(new URL('index.json', BUILT_FILES), 'utf8')) as Manifest;
  } catch {
    throw new Error('dist/web/files/index.json is missing: run npm run build first');
  }
  // as the page has them: cut out of the pack it fetches
  const fetched = unpack(manifest, new Uint8Array(readFileSync(new URL(manifest.pack.url.slice('files/'.length), BUILT_FILES))));
  const files = pageFiles(manifest, fetched);
  return { files, runInPage, run: (argv: string[]) => runInPage(argv, files) };
}

/**
 * Where a test opens its tabs: the address, and a browser or one of its contexts
 * (`browser.createBrowserContext()`: storage of its own, no process of its own).
 */
export interface PageOpener {
  base: string;
  browser: Browser | BrowserContext;
}

export interface OpenChoices {
  /**
   * The worker's warm-up (a sheet printed and thrown away 250 ms after an idle page is ready, so
   * that a player's first print comes quicker): on only where a test looks at it. Off, the page
   * asks for it and the worker never hears: a quarter of a core-second saved on each page a test
   * opens, and prints made cold are the same bytes.
   */
  warmUp?: boolean;
}

/** The worker's warm-up kept from it (OpenChoices.warmUp), in this page and every reload of it. */
async function withoutWarmUp(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const send = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
      if ((message as { type?: string } | null)?.type === 'warm') return;
      return (send as (...args: unknown[]) => void).call(this, message, ...rest);
    } as typeof send;
  });
}

/** The page opened at a link (1280 by 900) in this browser, once it is ready; an error in the page fails the test. */
export async function openPage(served: PageOpener, hash = '', { warmUp = false }: OpenChoices = {}): Promise<Page> {
  const page = answering(await served.browser.newPage());
  await page.setViewport({ width: 1280, height: 900 });
  if (!warmUp) await withoutWarmUp(page);
  page.on('pageerror', (error) => {
    throw error;
  });
  // the page is ready when muster says so, not at the load event (which a loaded machine may hold back)
  await page.goto(`${served.base}${hash}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
  await settled(page);
  return page;
}

/**
 * The PDFs the command line made in this worker, by their arguments: run in an empty folder on
 * muster's own data, the same arguments make the same bytes, and several files hold their pages
 * against the same ones (tables bof, the MakePlayingCards images). Kept on globalThis as the
 * worker's servers are.
 */
const CLI_PDFS = Symbol.for('muster.test.cli-pdfs');
function cliPdfs(): Map<string, Buffer> {
  const holder = globalThis as { [CLI_PDFS]?: Map<string, Buffer> };
  return (holder[CLI_PDFS] ??= new Map());
}

/** The PDF the command line writes for these arguments, to hold the page's against (made once a worker). */
export async function cliPdf(args: string[]): Promise<Buffer> {
  const key = JSON.stringify(args);
  const made = cliPdfs().get(key);
  if (made) return made;
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-cli-'));
  const result = await muster([...args, '-o', 'cli.pdf'], dir);
  expect(result.code, result.stderr).toBe(0);
  const file = path.join(dir, 'cli.pdf');
  const bytes = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
  cliPdfs().set(key, bytes);
  return bytes;
}

/** A tab opened with no server: if it does not come up, what it asked for and how that went (the network or the service worker). */
export async function openOffline(served: PageOpener, hash: string): Promise<Page> {
  const page = answering(await served.browser.newPage());
  await page.setViewport({ width: 1280, height: 900 });
  await withoutWarmUp(page);
  const asked: string[] = [];
  page.on('requestfinished', (r) => asked.push(`${r.url()} ${r.response()?.status()} ${r.response()?.fromServiceWorker() ? 'worker' : 'network'}`));
  page.on('requestfailed', (r) => asked.push(`${r.url()} failed: ${r.failure()?.errorText}`));
  try {
    await page.goto(`${served.base}${hash}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await page.waitForFunction(() => window.muster?.ready, { timeout: 60_000 });
    await settled(page);
  } catch (error) {
    throw new Error(`${(error as Error).message}; the tab asked for:\n${asked.join('\n')}`);
  }
  return page;
}

/** The table mode's state as the page shows it to tests (window.muster.table). */
export const tableOf = (page: Page) => page.evaluate(() => window.muster.table);

/** Presses a control of the table mode's game and waits until the browser has kept the change. */
export async function tickTable(page: Page, label: string): Promise<void> {
  const saves = (await tableOf(page))?.saves ?? 0;
  await press(page, `#tb-game button[aria-label="${label}"]`);
  await page.waitForFunction((n) => (window.muster.table?.saves ?? 0) > n, { timeout: 60_000 }, saves);
}
