/**
 * The first script the page's HTML runs, before the page's own: it starts the worker that
 * runs the command line (run-worker.ts), so the worker's script comes while the page's does,
 * not after it. A classic script, run as soon as it is read; the page takes the worker from here.
 */
import { RUN_WORKER_URL } from './run-protocol.js';

(globalThis as { musterWorker?: Worker }).musterWorker = new Worker(RUN_WORKER_URL);
