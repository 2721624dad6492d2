/**
 * The page's side of the worker that runs the command line (run-worker.ts): `run` takes what
 * `runInPage` takes and gives what it gives, so the page's panels neither know nor care where
 * the command line runs. Each run carries a copy of the player's folder as it is when asked.
 */
import { PLAYER_FOLDER, type Manifest, type PageFiles } from './page-files.js';
import type { PageRun, PageRunOptions } from './page-io.js';
import type { FromRunWorker, ToRunWorker, WorkerNews } from './run-protocol.js';

/** What the page needs of a Worker: a test gives a stand-in. */
export interface WorkerLike {
  postMessage(message: ToRunWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<FromRunWorker>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

interface Waiting {
  resolve(run: PageRun): void;
  reject(error: Error): void;
  progress: PageRunOptions['progress'];
}

export class WorkerRunner {
  private next = 1;
  private readonly waiting = new Map<number, Waiting>();
  /** why no run can be made: the worker's script or muster's files could not be loaded */
  private broken: string | undefined;

  constructor(
    private readonly worker: WorkerLike,
    private readonly files: PageFiles,
    onNews: (news: WorkerNews) => void = () => undefined,
  ) {
    worker.onmessage = ({ data }) => {
      if (data.type === 'broken' || data.type === 'warmed') {
        if (data.type === 'broken') this.fail(data.message);
        onNews(data);
        return;
      }
      const waiting = this.waiting.get(data.id);
      if (!waiting) return;
      if (data.type === 'progress') {
        waiting.progress?.(data.label, data.done, data.total);
        return;
      }
      this.waiting.delete(data.id);
      if (data.type === 'failed') waiting.reject(new Error(data.message));
      else waiting.resolve({ code: data.code, stdout: data.stdout, stderr: data.stderr, written: new Map(data.written) });
    };
    worker.onerror = (event) => {
      const message = `muster could not start its worker (${event.message || 'its script did not load'}): reload the page`;
      this.fail(message);
      onNews({ type: 'broken', message });
    };
  }

  /** Runs asked for and not answered yet: none when the page has finished what it set off. */
  get pending(): number {
    return this.waiting.size;
  }

  private fail(message: string): void {
    this.broken = message;
    for (const waiting of this.waiting.values()) waiting.reject(new Error(message));
    this.waiting.clear();
  }

  /** Hands the worker muster's files: the list and the pack the page fetched (the pack's bytes move, not copied). */
  give(manifest: Manifest, pack: Uint8Array): void {
    this.worker.postMessage({ type: 'files', manifest, pack }, [pack.buffer]);
  }

  /** Tells the worker the page is ready (PrepareRequest). */
  prepare(): void {
    if (!this.broken) this.worker.postMessage({ type: 'prepare' });
  }

  /** Tells the worker the page is ready and idle (WarmRequest). */
  warm(): void {
    if (!this.broken) this.worker.postMessage({ type: 'warm' });
  }

  /** Runs the command line in the worker: resolves with the run, rejects if the worker cannot run it. */
  run(argv: readonly string[], options: Omit<PageRunOptions, 'fetchFile'> = {}): Promise<PageRun> {
    if (this.broken) return Promise.reject(new Error(this.broken));
    const id = this.next++;
    const done = new Promise<PageRun>((resolve, reject) => this.waiting.set(id, { resolve, reject, progress: options.progress }));
    this.worker.postMessage({ type: 'run', id, argv: [...argv], player: this.files.filesUnder(PLAYER_FOLDER) });
    const { signal } = options;
    if (signal) {
      const stop = () => this.worker.postMessage({ type: 'stop', id });
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
      void done.finally(() => signal.removeEventListener('abort', stop)).catch(() => undefined);
    }
    return done;
  }
}
