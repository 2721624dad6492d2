// The command line runs in a worker beside the page (issue 28: long runs never hold up the
// page): the page's side of it in Node with a stand-in worker, the built scripts' contents,
// and in chromium a long batch that the page answers clicks through and stops at once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PageFiles, PLAYER_FOLDER } from '../../src/web/page-files.js';
import type { FromRunWorker, ToRunWorker } from '../../src/web/run-protocol.js';
import { WorkerRunner, type WorkerLike } from '../../src/web/worker-runner.js';
import { cliPdf, openPage, produce, repo, runBrowserTests, usePageServer, type PageServer } from '../helpers/page.js';
import { proves, provesAgain } from '../helpers/page-kinds.js';

const PLACES = { data: '/muster/data/', templates: '/muster/templates/', examples: '/muster/examples/', parsedStore: '/p.json', fontPairs: '/f.json', rasteriser: '/r.wasm', fontkitVersion: '2', fonts: {} };
const bytes = (text: string) => new TextEncoder().encode(text);

/** A worker that keeps what it is sent and answers as the test says. */
function standIn() {
  const sent: ToRunWorker[] = [];
  const worker: WorkerLike = {
    postMessage: (message) => sent.push(structuredClone(message)),
    onmessage: null,
    onerror: null,
  };
  const answer = (message: FromRunWorker) => worker.onmessage!({ data: message } as MessageEvent<FromRunWorker>);
  return { worker, sent, answer };
}

describe('the page’s side of the worker', () => {
  it('sends each run with the player’s folder as it was when asked, and gives back what the worker answers', async () => {
    const files = new PageFiles(PLACES);
    files.replaceTree(PLAYER_FOLDER, []);
    files.add(`${PLAYER_FOLDER}/force.yaml`, bytes('name: A'));
    const { worker, sent, answer } = standIn();
    const runner = new WorkerRunner(worker, files);
    const progress: string[] = [];
    const first = runner.run(['cards', 'bof', '--force', 'force.yaml'], { progress: (label, done, total) => progress.push(`${label} ${done}/${total}`) });
    // a change after the asking is not in the run asked for
    files.add(`${PLAYER_FOLDER}/force.yaml`, bytes('name: B'));
    const second = runner.run(['check', 'bof', '--force', 'force.yaml']);
    expect(runner.pending).toBe(2);
    expect(sent.map((m) => m.type === 'run' && [m.id, m.argv[0], m.player.map(([at, b]) => `${at}=${new TextDecoder().decode(b)}`)])).toEqual([
      [1, 'cards', ['/player/force.yaml=name: A']],
      [2, 'check', ['/player/force.yaml=name: B']],
    ]);
    answer({ type: 'progress', id: 1, label: 'Drawing pages', done: 3, total: 8 });
    answer({ type: 'progress', id: 2, label: 'not this run’s', done: 1, total: 1 });
    answer({ type: 'done', id: 2, code: 0, stdout: 'ok', stderr: '', written: [] });
    answer({ type: 'done', id: 1, code: 0, stdout: '', stderr: 'Wrote /out/muster.pdf\n', written: [['/out/muster.pdf', bytes('%PDF')]] });
    expect(await second).toMatchObject({ code: 0, stdout: 'ok' });
    const made = await first;
    expect([made.code, made.stderr, new TextDecoder().decode(made.written.get('/out/muster.pdf'))]).toEqual([0, 'Wrote /out/muster.pdf\n', '%PDF']);
    expect(progress).toEqual(['Drawing pages 3/8']);
    expect(runner.pending).toBe(0);
  });

  it('asks the worker to stop a run when its signal fires, even before it was sent on', async () => {
    const files = new PageFiles(PLACES);
    const { worker, sent, answer } = standIn();
    const runner = new WorkerRunner(worker, files);
    const stopping = new AbortController();
    const run = runner.run(['scenario', 'bof', '--count', '900'], { signal: stopping.signal });
    stopping.abort();
    const stopped = new AbortController();
    stopped.abort();
    const never = runner.run(['tables', 'bof'], { signal: stopped.signal });
    expect(sent.map((m) => `${m.type} ${'id' in m ? m.id : ''}`)).toEqual(['run 1', 'stop 1', 'run 2', 'stop 2']);
    answer({ type: 'done', id: 1, code: 130, stdout: '', stderr: 'muster: interrupted; nothing was written\n', written: [] });
    answer({ type: 'failed', id: 2, message: 'interrupted' });
    expect((await run).code).toBe(130);
    await expect(never).rejects.toThrow('interrupted');
  });

  it('tells the worker when the page is ready and when idle, and the page when the worker has warmed itself; a broken worker is not asked', () => {
    const { worker, sent, answer } = standIn();
    const news: string[] = [];
    const runner = new WorkerRunner(worker, new PageFiles(PLACES), (n) => news.push(n.type));
    runner.prepare();
    runner.warm();
    expect(sent).toEqual([{ type: 'prepare' }, { type: 'warm' }]);
    answer({ type: 'warmed' });
    expect(news).toEqual(['warmed']);
    expect(runner.pending).toBe(0);
    answer({ type: 'broken', message: 'no files' });
    runner.prepare();
    runner.warm();
    expect(sent).toHaveLength(2);
  });

  it('fails every run, waiting or asked for later, once the worker cannot run any, saying to reload', async () => {
    const { worker, answer } = standIn();
    const news: string[] = [];
    const runner = new WorkerRunner(worker, new PageFiles(PLACES), (n) => news.push(n.type));
    const waiting = runner.run(['systems']);
    answer({ type: 'broken', message: 'files/with-page-x.bin: 1200 bytes, the list says 1300; reload the page' });
    await expect(waiting).rejects.toThrow('reload the page');
    await expect(runner.run(['systems'])).rejects.toThrow('reload the page');
    expect(news).toEqual(['broken']);

    const script = standIn();
    const noScript = new WorkerRunner(script.worker, new PageFiles(PLACES));
    const lost = noScript.run(['systems']);
    script.worker.onerror!({ message: '' } as ErrorEvent);
    await expect(lost).rejects.toThrow('muster could not start its worker (its script did not load): reload the page');
  });

  it('hands the worker muster’s list of files and its pack, the pack’s bytes moved rather than copied', () => {
    const { worker } = standIn();
    const moved: Transferable[][] = [];
    worker.postMessage = (_message, transfer) => moved.push(transfer ?? []);
    const pack = new Uint8Array([1, 2, 3]);
    new WorkerRunner(worker, new PageFiles(PLACES)).give({ version: '0', fontkitVersion: '2', places: PLACES, pack: { url: 'files/p.bin', size: 3 }, files: [] }, pack);
    expect(moved).toEqual([[pack.buffer]]);
  });

  it('keeps a folder to exactly the files given, and lists a folder’s files in path order', () => {
    const files = new PageFiles(PLACES);
    files.add('/muster/data/bof/system.yaml', bytes('id: bof'));
    files.replaceTree(PLAYER_FOLDER, [[`${PLAYER_FOLDER}/b.yaml`, bytes('b')], [`${PLAYER_FOLDER}/house/a.yaml`, bytes('a')]]);
    expect(files.filesUnder(PLAYER_FOLDER).map(([at]) => at)).toEqual(['/player/b.yaml', '/player/house/a.yaml']);
    files.replaceTree(PLAYER_FOLDER, []);
    expect(files.list(PLAYER_FOLDER)).toEqual([]);
    expect(files.filesUnder(PLAYER_FOLDER)).toEqual([]);
    expect(files.has('/muster/data/bof/system.yaml')).toBe(true);
    expect(() => files.replaceTree(PLAYER_FOLDER, [['/muster/x.yaml', bytes('x')]])).toThrow('not in /player');
  });
});

describe('the built page', () => {
  /** The source files each built script was made from, by esbuild's account of the build. */
  const inputs = (meta: string) => {
    const built = JSON.parse(readFileSync(path.join(repo, 'dist', meta), 'utf8')) as { outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown> }> };
    return Object.keys(Object.values(built.outputs).find((o) => o.entryPoint)!.inputs);
  };

  it('runs the command line in its worker alone: the page’s own script holds no command, schema, layout or PDF writer', () => {
    const page = inputs('web-meta.json');
    const worker = inputs('web-worker-meta.json');
    for (const part of ['src/cli/run.ts', 'src/layout/', 'src/render/', 'node_modules/pdfkit/', 'node_modules/fontkit/', 'node_modules/yargs', 'node_modules/zod/']) {
      expect(page.some((file) => file.includes(part)), part).toBe(false);
      expect(worker.some((file) => file.includes(part)), part).toBe(true);
    }
  });

  it('leaves out what the command’s bundle leaves out: the WOFF2 decoder, encryption, zod’s languages but English', () => {
    const worker = inputs('web-worker-meta.json');
    for (const stub of ['muster-left-out:brotli/decompress.js', 'muster-left-out:@noble/ciphers/aes', 'node_modules/zod/v4/locales/en.js']) expect(worker, stub).toContain(stub);
    expect(worker.filter((file) => /node_modules\/(brotli\/|@noble\/ciphers\/esm\/aes)|zod\/v4\/locales\/(?!en\.js)/.test(file))).toEqual([]);
    const script = readFileSync(path.join(repo, 'dist/web/run-worker.js'), 'utf8');
    expect(script).toContain('muster reads no WOFF2 fonts');
    expect(script).toContain('muster writes no encrypted PDF');
  });

  it('keeps its scripts ASCII alone, their sources one byte a character in the browser’s heap', () => {
    for (const script of ['muster.js', 'run-worker.js', 'start-worker.js']) {
      expect(readFileSync(path.join(repo, 'dist/web', script), 'utf8').match(/[^\x00-\x7f]/g) ?? [], script).toEqual([]);
    }
  });

  it('reads an ordinary command line with the quick parser, as the command line does, yargs kept for help and messages', () => {
    const worker = inputs('web-worker-meta.json');
    expect(worker).toContain('src/cli/fast-parse.ts');
    expect(worker).toContain('node_modules/@pkgjs/parseargs/index.js');
    expect(worker.some((file) => file.includes('node_modules/yargs'))).toBe(true);
  });
});

describe.skipIf(!runBrowserTests)('a long run in chromium', () => {
  let served: PageServer;
  usePageServer((s) => (served = s));

  provesAgain('the worker')('answers the page’s controls while a batch of packets is made, and stops it at once', async () => {
    const page = await openPage(served, '#/bof/scenario?count=2000&seed=busy');
    expect(page.workers().map((w) => path.basename(new URL(w.url()).pathname))).toEqual(['run-worker.js']);
    await page.evaluate(() => {
      delete window.muster.last;
    });
    // the page's frame itself: the test's page waits for every run to end after a click (answering)
    const frame = page.mainFrame();
    await frame.click('button[data-format="pdf"]');
    // the run is under way: its progress is shown and the Stop button offered
    await page.waitForFunction(() => /Rolling|Drawing|packet/i.test(document.getElementById('progress-label')?.textContent ?? ''), { timeout: 60_000 });
    expect(await page.$eval('#stop', (e) => (e as HTMLElement).hidden)).toBe(false);
    // the form answers a choice at once, the run going on
    await frame.select('#paper', 'letter');
    expect(await page.$eval('#command', (e) => e.textContent)).toContain('--paper letter');
    expect(await page.evaluate(() => window.muster.last)).toBeUndefined();
    await frame.click('#stop');
    await page.waitForFunction(() => window.muster.last !== undefined, { timeout: 60_000 });
    const stopped = (await page.evaluate(() => window.muster.last))!;
    expect([stopped.code, stopped.base64]).toEqual([130, '']);
    expect(await page.$eval('#messages', (e) => e.textContent)).toMatch(/interrupted|stopped/i);
    // and the worker goes on to the next run
    await page.$eval('#count', (e) => ((e as HTMLInputElement).value = '1'));
    await page.$eval('#count', (e) => e.dispatchEvent(new Event('input', { bubbles: true })));
    await page.click('button[data-format="pdf"]');
    await page.waitForFunction(() => window.muster.last?.code === 0, { timeout: 60_000 });
    await page.close();
  });

  proves('the worker')('warms itself once the page is idle, and nothing of it shows: no words, no preview, no download; the first print is the command line’s', async () => {
    const page = await openPage(served, '#/fireteam/tables', { warmUp: true });
    await page.waitForFunction(() => window.muster.warmed === true, { timeout: 60_000 });
    expect(await page.$eval('#messages', (e) => e.textContent)).toBe('');
    expect(await page.$eval('#preview', (e) => (e as HTMLIFrameElement).hidden)).toBe(true);
    expect(await page.evaluate(() => window.muster.last)).toBeUndefined();
    const made = await produce(page, 'Download PDF');
    expect(made.code, made.stderr).toBe(0);
    expect(Buffer.compare(Buffer.from(made.base64, 'base64'), await cliPdf(['tables', 'fireteam']))).toBe(0);
    await page.close();
  });
});
