/**
 * One small class per kind of failure. Each carries the exit code the CLI must end with, so the
 * CLI never has to guess from a message what went wrong.
 */
export class MusterError extends Error {
  readonly exitCode: number = 1;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The user asked for something that does not exist or is not allowed: exit 2. */
export class UsageError extends MusterError {
  override readonly exitCode = 2;
}

/** One problem found in a data file: where, and what was expected. */
export interface DataProblem {
  file: string;
  /** field path inside the file, e.g. "tables[3].rows[0].roll" */
  path: string;
  message: string;
}

/** A data or template file is malformed or inconsistent: exit 2. */
export class DataError extends MusterError {
  override readonly exitCode = 2;
  readonly problems: readonly DataProblem[];
  constructor(problems: readonly DataProblem[], options?: { cause?: unknown }) {
    super(DataError.describe(problems), options);
    this.problems = problems;
  }

  static describe(problems: readonly DataProblem[]): string {
    const lines = problems.map((p) => `${p.file}${p.path ? ` at ${p.path}` : ''}: ${p.message}`);
    const head = problems.length === 1 ? 'Bad data' : `${problems.length} problems in the data`;
    return `${head}:\n  ${lines.join('\n  ')}`;
  }
}

/** Something failed while a document was being generated or written: exit 1. */
export class GenerateError extends MusterError {
  override readonly exitCode = 1;
}

/**
 * The user pressed Ctrl-C (or the run got SIGTERM or SIGHUP): stop, leave nothing half
 * written, and exit as shells expect (130 for Ctrl-C, 128 + the signal's number otherwise).
 */
export class InterruptedError extends MusterError {
  override readonly exitCode: number;
  constructor(exitCode = 130, message = 'interrupted; nothing was written') {
    super(message);
    this.exitCode = exitCode;
  }

  /** the same stop, saying what had gone out already */
  withMessage(message: string): InterruptedError {
    return new InterruptedError(this.exitCode, message);
  }
}

/** Whoever read standard output stopped reading (`| head`): the run ends quietly, exit 0. */
export class OutputClosedError extends MusterError {
  override readonly exitCode = 0;
  constructor() {
    super('standard output was closed');
  }
}

/** Throws if the job was interrupted; long loops call it between steps. */
export function checkInterrupted(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return;
  const reason: unknown = signal.reason;
  throw reason instanceof MusterError ? reason : new InterruptedError();
}

/** Messages of an error and of every cause below it, outermost first. */
export function causeChain(error: unknown): string[] {
  const messages: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current)) {
    seen.add(current);
    if (current instanceof Error) {
      messages.push(current.message);
      current = (current as Error & { cause?: unknown }).cause;
    } else {
      messages.push(String(current));
      break;
    }
  }
  return messages;
}

export function exitCodeOf(error: unknown): number {
  return error instanceof MusterError ? error.exitCode : 1;
}

/**
 * An option that takes one value was given more than once: exit 2. Which one was meant is
 * the player's to say; taking the last (or a list) silently printed the wrong thing or failed
 * deep inside a command.
 */
export class RepeatedOptionError extends UsageError {
  readonly option: string;
  constructor(option: string, given: readonly string[]) {
    const times = given.length === 2 ? 'twice' : `${given.length} times`;
    const values = given.length === 2 ? `${given[0]} and ${given[1]}` : `${given.slice(0, -1).join(', ')} and ${given[given.length - 1]}`;
    super(`${option} is given ${times} (${values}); give it once`);
    this.option = option;
  }
}
