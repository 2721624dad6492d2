import type { Manifest } from './page-files.js';

/**
 * What the page and the worker that runs the command line for it say to each other. The page
 * asks for a run with its argv and a copy of the player's folder; the worker answers with the
 * run's progress, then its exit code, words and written files, as `runInPage` gives them.
 */

/** A run of the command line: the player's folder as the page holds it at the moment it asks. */
export interface RunRequest {
  type: 'run';
  id: number;
  argv: string[];
  player: [string, Uint8Array][];
}

/** Stop a run asked for (the Stop button, or a new print replacing it): it ends as an interrupted run does. */
export interface StopRequest {
  type: 'stop';
  id: number;
}

/**
 * muster's files, once: the page fetches the list and the pack as soon as it starts (the HTML
 * asks for both before any script runs) while the worker's own script is still on its way.
 */
export interface FilesGiven {
  type: 'files';
  manifest: Manifest;
  pack: Uint8Array;
}

/**
 * The page is ready, and the player has not asked for anything yet: a worker with nothing to
 * run prints a small sheet no one sees, so that the first print asked for finds its code
 * compiled and its fonts read (the first print in a fresh page took twice as long as the next).
 */
export interface WarmRequest {
  type: 'warm';
}

/**
 * The page is ready: a worker with nothing to run sets up the modules a PDF is made with (its
 * fonts' Unicode tables among them), which a first print asked for at once would otherwise set
 * up itself, after the player's click instead of before it. Sent at once, unlike the warm-up.
 */
export interface PrepareRequest {
  type: 'prepare';
}

export type ToRunWorker = FilesGiven | RunRequest | StopRequest | WarmRequest | PrepareRequest;

/** Worker messages about no run in particular: muster's files unusable; the warm-up done. */
export type WorkerNews = { type: 'broken'; message: string } | { type: 'warmed' };

export type FromRunWorker =
  | WorkerNews
  | { type: 'progress'; id: number; label: string; done: number; total: number }
  | { type: 'done'; id: number; code: number; stdout: string; stderr: string; written: [string, Uint8Array][] }
  | { type: 'failed'; id: number; message: string };

/** The worker's script beside the page. */
export const RUN_WORKER_URL = 'run-worker.js';
