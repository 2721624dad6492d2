/**
 * The engine's own failures, so it depends on nothing above it; the command line maps each to
 * its exit code (cli/run.ts).
 */

/** The engine's failures: each names its class, as muster's own errors do. */
abstract class EngineError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Dice the engine is asked to roll or count that it cannot: the asker's input is at fault. */
export class DiceError extends EngineError {}

/** A roll the engine cannot finish (no row for a total, an empty bag): a fault in what it was handed. */
export class RollError extends EngineError {}
