/**
 * Layout's own failures, so it depends on nothing above it; the command line maps each to its
 * exit code (cli/run.ts).
 */

/** Layout's failures: each names its class, as muster's own errors do. */
abstract class LayoutError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Print choices that cannot be laid out (cards too large for the paper): the asker's input is at fault. */
export class PrintChoiceError extends LayoutError {}

/** A font muster prints with that it cannot find or read: its own installation is at fault. */
export class FontFileError extends LayoutError {}

/**
 * A text of a page (a title, a footer, a reference) that cannot be set in its place even as
 * the print conventions let it wrap or give way: printing it would cut it or print it over
 * another, so nothing is written. The message names the product and the text.
 */
export class TextFitError extends LayoutError {}

/**
 * A card's text that the card cannot hold at the smallest readable size, even set as tight as
 * a card is set: the card faces raise it with the text, and the sheet laying out the card
 * turns it into the TextFitError that names the product, the card and what to do.
 */
export class CardTextFitError extends TextFitError {
  constructor(readonly text: string) {
    super(`"${text}" does not fit the card at the smallest readable size`);
  }
}
