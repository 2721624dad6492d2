/**
 * The engine's own failures, so it depends on nothing above it; the command line maps each to
 * its exit code (cli/run.ts).
 */

/** Dice the engine is asked to roll or count that it cannot: the asker's input is at fault. */
export class DiceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A roll the engine cannot finish (no row for a total, an empty bag): a fault in what it was handed. */
export class RollError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}
