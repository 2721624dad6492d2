import cliProgress from 'cli-progress';

/** Reports how far a long job has got; silent unless stderr is a terminal. */
export interface Progress {
  start(total: number, label: string): void;
  tick(done: number): void;
  stop(): void;
}

export const SILENT: Progress = { start() {}, tick() {}, stop() {} };

/** A bar on stderr, for terminals only: piped output and logs stay clean. */
export function terminalProgress(stream: NodeJS.WriteStream): Progress {
  let bar: cliProgress.SingleBar | undefined;
  return {
    start(total, label) {
      bar = new cliProgress.SingleBar(
        { stream, format: `${label} [{bar}] {value}/{total}`, hideCursor: true, clearOnComplete: true },
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
