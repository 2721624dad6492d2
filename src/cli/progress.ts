import cliProgress from 'cli-progress';

/** Reports how far a long job has got; silent unless stderr is a terminal. */
export interface Progress {
  start(total: number, label: string): void;
  tick(done: number): void;
  stop(): void;
}

export const SILENT: Progress = { start() {}, tick() {}, stop() {} };

/**
 * The progress a run shows on `stream`: a bar with the count and the time left on a terminal;
 * nothing when stderr is piped, on a terminal that draws no bars (TERM=dumb: Emacs' shell, some
 * editors' consoles), or in CI, whose logs keep every redraw as a line.
 */
export function progressFor(stream: NodeJS.WriteStream | { isTTY?: boolean }, env: Readonly<Record<string, string | undefined>>): Progress {
  if (!stream.isTTY) return SILENT;
  if (env['TERM'] === 'dumb') return SILENT;
  const ci = env['CI'];
  if (ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false') return SILENT;
  return terminalProgress(stream as NodeJS.WriteStream);
}

/** A bar on stderr, for terminals only: piped output and logs stay clean. */
export function terminalProgress(stream: NodeJS.WriteStream): Progress {
  let bar: cliProgress.SingleBar | undefined;
  return {
    start(total, label) {
      bar = new cliProgress.SingleBar(
        { stream, format: `${label} [{bar}] {value}/{total}, {eta_formatted} left`, hideCursor: true, clearOnComplete: true },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, 0);
    },
    tick(done) {
      bar?.update(done);
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}
